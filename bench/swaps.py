"""Counterfactual swaps: true critique sentences with one number or one name exchanged.

Every supported sentence of the real critiques (bench/real_critiques.py) yields, for each number
it holds, a copy whose number is replaced by another value the same paper states in the same form
(a percent by a percent, a decimal by a decimal with as many places, a year by a year, a count by
a count), and for each model or tool name (an acronym, a CamelCase or a letter-digit name) a
copy with another such name of the paper. These are wrong numbers and wrong names
whose value occurs elsewhere in the paper, made by a rule rather than by hand, so no checker rule
was written alongside them; the source sentence stays in the set as the true case. The replacement
is chosen by a hash of the sentence, so the set is the same on every run, and a case keeps its
source sentence's split. The development set's true sentences (English and Chinese critiques of
its two papers) are swapped the same way, as more material to fit on.

``swaps-cross`` is fitting material for claims in another language than their paper: true
statements of the sample papers' numbers and names written by hand in the other language
(bench/devset/cross_claims.json: Chinese sentences about the English papers, English sentences
about the Chinese one, each with the page that states it), and their swaps.

A swap can, rarely, make another true statement (two names the paper uses interchangeably, a
number the paper states twice for different things in the same words); the set is for finding
what the checker does not bind, and its recall is a floor.
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from bench import real_critiques
from core.text.normalize import NumberMention, extract_numbers
from core.types import Paper
from core.verify.gates.names import name_candidates

#: A number that points into the paper (a table, a figure, a page) or numbers a list item.
_REFERENCE_BEFORE = re.compile(
    r"(?:\b(?:Table|Tab\.|Figure|Fig\.|Section|Sec\.|Eq\.|Equation|Appendix|page|p\.|pp\.|"
    r"step|stage|layer|version|v)|第|[#\[(]|\[\d+,)\s*$",
    re.I,
)
_REFERENCE_AFTER = re.compile(r"^\s*(?:[页章节条层]|[\]])")
#: A list item's number, and a footnote mark after a citation ("[46]1").
_LIST_OR_FOOTNOTE = re.compile(r"(?:^\s*[-*]?\s*|\])$")


@dataclass(frozen=True)
class Swap:
    """A source sentence and its swapped copy."""

    paper: str  # the benchmark's paper key ("paper:<file>", "devset:<name>")
    original: str
    swapped: str
    kind: str  # "wrong_number" or "wrong_name"
    replaced: str
    replacement: str


def _form(mention: NumberMention) -> tuple[bool, str, int, str]:
    """What a replacement must share: percent, scale, decimal places and size class."""
    text = mention.raw.replace(",", "")
    places = len(text.split(".", 1)[1].rstrip("%‰ ")) if "." in text else 0
    value = mention.value
    if mention.scientific:
        size = "power"  # 2e-5 stands in for a learning rate, not for a count
    elif places == 0 and 1900 <= value <= 2100:
        size = "year"
    elif places == 0:
        size = "small" if value < 10 else "count"
    else:
        size = "fraction" if value < 1 else "decimal"
    return mention.percent, mention.scale, places, size


def _swappable_numbers(sentence: str) -> list[NumberMention]:
    """Numbers that state a quantity (not a table, figure, page or citation number)."""
    keep = []
    for mention in extract_numbers(sentence):
        before, after = sentence[: mention.start], sentence[mention.end :]
        if (
            _REFERENCE_BEFORE.search(before)
            or _REFERENCE_AFTER.match(after)
            or _LIST_OR_FOOTNOTE.search(before)
        ):
            continue
        keep.append(mention)
    return keep


def _pick(options: Iterable[str], key: str) -> str | None:
    """One option, the same on every run."""
    ordered = sorted(set(options))
    if not ordered:
        return None
    digest = int(hashlib.sha1(key.encode("utf-8")).hexdigest(), 16)
    return ordered[digest % len(ordered)]


@dataclass(frozen=True)
class Pool:
    """What a paper offers as replacements: its quantities and its shaped names."""

    numbers: tuple[NumberMention, ...]
    names: frozenset[str]

    @classmethod
    def of(cls, paper: Paper) -> Pool:
        """The pool of one paper, read once."""
        return cls(
            tuple(m for s in paper.sentences for m in _swappable_numbers(s.text)),
            frozenset(n for s in paper.sentences for n in name_candidates(s.text) if _shape(n)),
        )


def number_swaps(sentence: str, pool: Pool) -> list[tuple[str, str, str]]:
    """(swapped sentence, number replaced, replacement) for each number a value can replace."""
    folded = unicodedata.normalize("NFKC", sentence)
    # NOTE: the offsets are into the NFKC form; the original is kept when the two align.
    sentence = sentence if len(folded) == len(sentence) else folded
    stated = {m.value for m in extract_numbers(folded)}
    out = []
    for target in _swappable_numbers(folded):
        form = _form(target)
        options = [m.raw for m in pool.numbers if _form(m) == form and m.value not in stated]
        choice = _pick(options, sentence + target.raw)
        if choice is not None:
            swapped = sentence[: target.start] + choice + sentence[target.end :]
            out.append((swapped, target.raw, choice))
    return out


def _shape(name: str) -> str | None:
    """The kind of name a replacement must share; None for plain capitalised words."""
    if not re.fullmatch(r"[A-Za-z0-9\-]+", name):
        return None
    if re.search(r"[A-Za-z]", name) and re.search(r"\d", name):
        return "letter-digit"
    if re.fullmatch(r"[A-Z][A-Z\-]+s?", name):
        return "acronym"
    if re.search(r"[a-z][A-Z]", name):
        return "camel"
    return None


def name_swaps(sentence: str, pool: Pool) -> list[tuple[str, str, str]]:
    """(swapped sentence, name replaced, replacement) for each name another can replace."""
    names = [n for n in dict.fromkeys(name_candidates(sentence)) if _shape(n)]
    folded = sentence.casefold()
    out = []
    for target in names:
        pattern = rf"(?<![\w-]){re.escape(target)}(?![\w-])"
        if not re.search(pattern, sentence):
            continue
        options = {
            n
            for n in pool.names
            if _shape(n) == _shape(target)
            and n.casefold() not in folded
            and target.casefold() not in n.casefold()
            and n.casefold() not in target.casefold()
        }
        choice = _pick(options, sentence + target)
        if choice is not None:
            out.append((re.sub(pattern, choice, sentence), target, choice))
    return out


def swaps(sources: Iterable[tuple[str, str]], paper_of: Callable[[str], Paper]) -> list[Swap]:
    """The swaps of true ``(paper key, sentence)`` pairs; ``paper_of`` parses a paper key."""
    out: list[Swap] = []
    pools: dict[str, Pool] = {}
    for key, sentence in sources:
        if key not in pools:
            pools[key] = Pool.of(paper_of(key))
        for kind, make in (("wrong_number", number_swaps), ("wrong_name", name_swaps)):
            for swapped, replaced, replacement in make(sentence, pools[key]):
                out.append(Swap(key, sentence, swapped, kind, replaced, replacement))
    return out


def real_sources(split: str) -> list[tuple[str, str]]:
    """The supported sentences of one split of the real critiques."""
    return [
        (f"paper:{i.paper}", i.sentence)
        for i in real_critiques.load(split)
        if i.label == "supported"
    ]


CROSS_CLAIMS = Path(__file__).resolve().parent / "devset" / "cross_claims.json"


def cross_sources(path: Path = CROSS_CLAIMS) -> list[tuple[str, str]]:
    """The hand-written true sentences in another language than their paper."""
    return [
        (f"paper:{row['paper']}", row["sentence"]) for row in json.loads(path.read_text("utf-8"))
    ]


def bench_rows(
    sources: Iterable[tuple[str, str]], paper_of: Callable[[str], Paper]
) -> list[tuple[str, str, str, str]]:
    """The swaps and their source sentences as ``(paper key, sentence, label, kind)`` rows."""
    rows: list[tuple[str, str, str, str]] = []
    originals: dict[str, str] = {}
    for swap in swaps(sources, paper_of):
        originals[swap.original] = swap.paper
        rows.append((swap.paper, swap.swapped, "fabricated", swap.kind))
    rows.extend((key, s, "supported", "") for s, key in originals.items())
    return rows
