"""Numbers bound to their context: a number is supported by evidence that states the same thing.

The number gate asks whether a number occurs anywhere in the paper; that lets a real value
attached to the wrong quantity pass. Binding asks the sentence's own evidence: each number of
the claim must occur in an evidence sentence or table row (in any format), or follow from two of
its values (a difference, a ratio or a relative change, as "improves by 2.3 points" does). When
it does not, and an evidence sentence states a value of the same kind (percent with percent, a
count of the same noun) about the same words, the claim contradicts the paper: ``mismatch``
names the paper's value and page.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from core.text.normalize import NumberMention, canonical_number, extract_numbers
from core.text.words import content_words
from core.types import Evidence

#: Words either side of a number that say what it is about.
CONTEXT_WORDS = 5
_TOKEN = re.compile(r"[^\W_]+(?:[.\-=][^\W_]+)*|[;:]", re.UNICODE)
_GENERIC = frozenset({"table", "score", "scores", "result", "value", "point", "points", "row"})


@dataclass(frozen=True)
class Mismatch:
    """The paper states the claim's quantity with another value."""

    claim_value: str
    paper_value: str
    page: int
    sentence_index: int


@dataclass(frozen=True)
class Binding:
    """How the claim's numbers relate to its evidence."""

    numbers: int = 0  # numbers checked
    bound: int = 0  # found in the evidence, or derived from two of its values
    mismatch: Mismatch | None = None

    @property
    def share(self) -> float:
        """Share of the claim's numbers its evidence carries (1.0 with no numbers)."""
        return self.bound / self.numbers if self.numbers else 1.0


def _forms(m: NumberMention) -> set[Decimal]:
    """Values a mention may appear as: 85.3% is also 85.3 and 0.853."""
    out = {m.value}
    if m.percent:
        out.add(m.value / 100)
    elif m.value < 1:
        out.add(m.value * 100)
    return out


def _same(a: Decimal, b: Decimal) -> bool:
    """Equal up to the precision of ``a`` as written (0.9 matches 0.90, 36.8 matches 36.80)."""
    if a == b:
        return True
    exponent = a.as_tuple().exponent
    places = -exponent if isinstance(exponent, int) and exponent < 0 else 0
    return places > 0 and abs(a - b) <= Decimal(5) * Decimal(10) ** (-(places + 1))


def _context(text: str, start: int, end: int) -> set[str]:
    """Content words near a number, stopping at ``;`` (a table row's column boundary)."""
    before = _TOKEN.findall(text[:start])
    after = _TOKEN.findall(text[end:])
    left: list[str] = []
    for token in reversed(before):
        if token in ";:" or len(left) >= CONTEXT_WORDS:
            break
        left.append(token)
    right: list[str] = []
    for token in after:
        if token in ";" or len(right) >= CONTEXT_WORDS:
            break
        right.append(token)
    # "n=7", "k=10": a column named by a setting is part of what the value is about.
    words = content_words(" ".join(left + right)) | {t.casefold() for t in left + right if "=" in t}
    if ":" in text[:start] and ";" in text:
        # A table row: the row label (before the first colon after the caption) names it too.
        label = text[:start].split(";")[0]
        words |= content_words(label.split(":")[-2] if label.count(":") >= 2 else label)
    return {w for w in words if not re.fullmatch(r"[\d.%]+", w)} - _GENERIC


def derived(value: Decimal, numbers: Sequence[Decimal]) -> bool:
    """Whether ``value`` is a difference, relative change (%) or ratio of two ``numbers``.

    Matched at the precision the claim writes (4.2 matches 4.15-4.25), so a coincidence
    needs a rounding-exact hit.
    """
    if value == 0:
        return False
    pool = sorted(set(numbers))[:30]
    for i, a in enumerate(pool):
        for b in pool[i + 1 :]:
            candidates = [b - a]
            if a > 0:
                candidates += [(b - a) / a * 100, b / a]
            if any(_same(value, c) for c in candidates):
                return True
    return False


def bind_numbers(
    mentions: Sequence[NumberMention], claim: str, evidence: Sequence[Evidence]
) -> Binding:
    """Bind each claim number to the evidence; the first contradicted quantity is reported.

    A value found in the evidence binds only as well as its context matches the claim's: when
    another evidence value of the same kind is about the claim's words more closely ("500 large
    public companies" against the claim's "576 large public companies", while 576 occurs
    elsewhere about "training instances"), the claim contradicts the paper.

    Args:
        mentions: The claim's numbers to check (citations, names and page marks removed).
        claim: The claim text the mentions' offsets refer to (NFKC form).
        evidence: The claim's evidence, best first.

    Returns:
        How many numbers the evidence carries and the first mismatch, if any.
    """
    if not mentions:
        return Binding()
    found = [(e, extract_numbers(e.text)) for e in evidence]
    values = [v for _, ms in found for m in ms for v in _forms(m)]
    bound = 0
    mismatch: Mismatch | None = None
    contexts = [(m, _context(claim, m.start, m.end)) for m in mentions]
    for mention, wanted in contexts:
        others = [(_forms(m), c) for m, c in contexts if m is not mention]
        same = _same_value_overlap(mention, wanted, found)
        rival = _contradicting(mention, wanted, found, others)
        if same is not None and (rival is None or same >= rival[0]):
            bound += 1
            continue
        if same is None and _states_change(claim, mention) and derived(mention.value, values):
            bound += 1
            continue
        if mismatch is None and rival is not None:
            mismatch = rival[1]
    return Binding(len(mentions), bound, mismatch)


def _same_value_overlap(
    mention: NumberMention,
    wanted: set[str],
    found: Sequence[tuple[Evidence, list[NumberMention]]],
) -> int | None:
    """Context words shared with the closest evidence occurrence of the claim's value, or None."""
    forms = _forms(mention)
    best: int | None = None
    for ev, numbers in found:
        for other in numbers:
            if any(_same(f, v) or _same(v, f) for f in forms for v in _forms(other)):
                overlap = len(wanted & _context(ev.text, other.start, other.end))
                best = overlap if best is None else max(best, overlap)
    return best


#: Words that say a number is a change or a ratio ("by 2.3 points", "3x faster", "a gain of 4").
_CHANGE = re.compile(
    r"\b(?:by|points?|pp|gains?|improv\w*|increas\w*|decreas\w*|drops?|dropped|higher|lower|"
    r"more|less|better|worse|fold|times|margin|difference|reduc\w*|boost\w*|outperform\w*|"
    r"faster|slower|提高|降低|提升|下降|高出|低于)\b|[x\u00d7](?!\w)|倍",
    re.I,
)


def _states_change(claim: str, mention: NumberMention) -> bool:
    """Whether the words around a number present it as a change or ratio."""
    window = claim[max(0, mention.start - 30) : mention.end + 25]
    return _CHANGE.search(window) is not None


def _contradicting(
    mention: NumberMention,
    wanted: set[str],
    found: Sequence[tuple[Evidence, list[NumberMention]]],
    others: Sequence[tuple[set[Decimal], set[str]]] = (),
) -> tuple[int, Mismatch] | None:
    """The evidence value of the same kind most closely about the claim's words, or None.

    A value the claim itself states elsewhere is no rival when that other mention is at least
    as much about it ("S&P 500 companies from 2017": the paper's "500 companies" is the claim's
    500, not a rival of 2017). ``others`` holds the claim's other numbers with their contexts.
    """
    if not wanted:
        return None
    best: tuple[int, Mismatch] | None = None
    for ev, numbers in found:
        for other in numbers:
            if other.percent != mention.percent or bool(other.scale) != bool(mention.scale):
                continue
            if not _comparable(mention.value, other.value):
                continue
            have = _context(ev.text, other.start, other.end)
            overlap = len(wanted & have)
            if any(f & _forms(other) and len(c & have) >= overlap for f, c in others):
                continue
            if overlap >= min(2, len(wanted)) and (best is None or overlap > best[0]):
                best = (overlap, Mismatch(mention.raw, other.raw, ev.page, ev.sentence_index))
    return best


def _comparable(a: Decimal, b: Decimal) -> bool:
    """Same kind of magnitude: a score against a score, a count against a count."""
    if a == b or a <= 0 or b <= 0:
        return False
    if _year(a) != _year(b):
        return False
    small = min(a, b)
    return max(a, b) / small < 10 and (a == a.to_integral()) == (b == b.to_integral())


def _year(value: Decimal) -> bool:
    """A calendar year (1900-2099) is compared only with years."""
    return value == value.to_integral() and 1900 <= value <= 2099


def paper_value_text(mismatch: Mismatch) -> str:
    """``the paper says 0.7 (p. 4)``."""
    value = mismatch.paper_value
    try:
        value = canonical_number(Decimal(value.replace(",", ""))) if value[-1].isdigit() else value
    except ArithmeticError:
        pass
    return f"the paper says {value} (p. {mismatch.page})"
