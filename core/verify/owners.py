"""Whose value it is: values given to the wrong owner, or exchanged for another.

"TriageLM reaches 78.4% accuracy against 71.9% for logistic regression": a claim that TriageLM
reaches 71.9% holds a value the sentence states, next to the claim's own name, so neither the
binding of numbers to context nor the name check sees it. Here each value of the sentence gets
the owner the sentence gives it, and the claim's value must belong to the claim's owner.
A claim read through a translation is also checked for one value exchanged for another of the
sentence that states its other values, and every claim for a value the evidence states only of
another name.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from core.text.normalize import NumberMention
from core.types import Evidence
from core.verify.binding import (
    NAME,
    RESPECTIVELY,
    Mismatch,
    is_year,
    number_context,
    stated_numbers,
    states_value,
    value_forms,
    written_whole,
)
from core.verify.gates.common import name_key
from core.verify.name_binding import NameMismatch, holds_name

#: "71.9% for logistic regression", "18.7 points by BM25": the words after the preposition,
#: up to a list's "and", a clause's end or the next number.
_OWNER_AFTER = re.compile(
    r"\s?%?\s*(?:[a-z]+\s+)?(?:for|by)\s+(?:the\s+)?"
    r"(?P<owner>[A-Za-z][\w\-]*(?:\s+(?!and\b|or\b|with\b|on\b|in\b|at\b)[A-Za-z][\w\-]*){0,2})"
)
_CLAUSE_END = re.compile(r"[;；。:!?()（）]")
#: "TriageLM (78.4%)", "applied-reasoning questions (0.67)": a value in brackets right after
#: its owner, with the words that make it one of several ("factual-recall questions").
_BRACKETED = re.compile(
    r"(?<![\w\-])(?P<owner>(?:(?!(?:the|a|an|of|for|in|on|at|to|by|than|and|or|was|were|is|are|with|"
    r"against|versus|vs|over|from)\b)[A-Za-z][\w\-]*\s+){0,2}[A-Za-z][A-Za-z0-9\-]*)\s*[(（]\s*$",
    re.I,
)
_LATIN = re.compile(r"[A-Za-z][A-Za-z0-9\-]*")
_LEADING = re.compile(r"(?:(?<![A-Za-z0-9-])[A-Z][A-Za-z0-9\-]*\s+)+$")
_MEASURE_OF = re.compile(r"(?:@\d+)?(?:\s+scores?)?\s*(?:of\b|=|@)")
#: Words that put a value with another owner than the subject before it.
_TURN = re.compile(
    r"\b(?:against|than|over|versus|vs|compared|whereas|while|but|and|or|with|from|to)\b"
    r"|相比|而|但|和|与|及",
    re.I,
)
#: Units written in capitals ("10 TB", "3 GHz") are not names a value belongs to.
_UNIT = re.compile(r"[kmgtp]i?b(?:ytes?)?|[kmgt]?hz|[kmgtp]?flops?|[kmgt]?bps", re.I)
_WORD = re.compile(r"[\u3400-\u9fff]|[^\W\d_]+", re.I)
#: Words (a Chinese character counts half) an owner may stand before its value.
_REACH = 8.0


@dataclass(frozen=True)
class _Owned:
    mention: NumberMention
    owner: str


def owner_of(text: str, mention: NumberMention, numbers: Sequence[NumberMention]) -> str | None:
    """The name or phrase ``text`` gives ``mention`` to, or None when it does not say.

    The words after "for" or "by" right behind the value own it; else the nearest name before
    it owns it, when only a verb and its object stand between them ("BERT reaches", "DPCNN的准确率
    为") and no comparison word, other value or other name does.
    """
    after = _OWNER_AFTER.match(text, mention.end)
    if after:
        return after.group("owner")
    start = max((m.end for m in numbers if m.end <= mention.start), default=0)
    before = text[start : mention.start]
    bracket = _BRACKETED.search(before)
    if bracket:
        # A name owns its value alone: "LexiRank (36.8) outperforms BM25 (18.7)".
        last = bracket.group("owner").split()[-1]
        return last if NAME.match(last) else bracket.group("owner")
    tail = _CLAUSE_END.split(before)[-1]
    for name in reversed([m for m in _LATIN.finditer(tail) if NAME.match(m.group())]):
        between = tail[name.end() :]
        if _MEASURE_OF.match(between):
            continue  # "MRR@10 of 36.8": the measure, not whose it is
        if _TURN.search(between) or _cost(between) > _REACH:
            return None
        return " ".join([*leading_words(tail, name.start()), name.group()])
    return None


def leading_words(text: str, end: int) -> list[str]:
    """The capitalised words right before ``end`` that a name there takes: "Text" of "Text CNN"."""
    lead = _LEADING.search(text[:end])
    return lead.group().split() if lead else []


def _cost(text: str) -> float:
    return sum(0.5 if "\u3400" <= w.group() <= "\u9fff" else 1.0 for w in _WORD.finditer(text))


def _owned(text: str) -> list[_Owned]:
    numbers = stated_numbers(text)
    out = []
    for mention in numbers:
        owner = owner_of(text, mention, numbers)
        if owner is not None:
            out.append(_Owned(mention, owner))
    return out


def _same_owner(a: str, b: str) -> bool:
    """The same owner, written whole or in part: "Text CNN" and "TextCNN", "CNN"; not "DPCNN"."""
    if name_key(a) == name_key(b):
        return True
    wa, wb = ({name_key(w) for w in x.split()} - {""} for x in (a, b))
    return bool(wa and wb) and (wa <= wb or wb <= wa)


def _same_kind(a: NumberMention, a_text: str, b: NumberMention, b_text: str) -> bool:
    """Both percentages, or both written with as many decimal places; years only with years."""
    if a.percent != b.percent or is_year(a, a_text) != is_year(b, b_text):
        return False
    return a.percent or a.value.as_tuple().exponent == b.value.as_tuple().exponent


def value_of_other_owner(
    mentions: Sequence[NumberMention], claim: str, evidence: Sequence[Evidence]
) -> Mismatch | None:
    """The claim's value, which an evidence sentence gives to another owner than the claim's.

    The sentence must also give the claim's owner a value of the same kind: that value is the
    one the explanation names. Small whole numbers (a count of 3, a rank) recur for unrelated
    things and are not read, nor are sentences that pair values with owners "respectively".
    """
    claim_numbers = stated_numbers(claim)
    sentences = [(ev, _owned(ev.text)) for ev in evidence if not RESPECTIVELY.search(ev.text)]
    for mention in mentions:
        if written_whole(mention.value) and mention.value < 10:
            continue
        owner = owner_of(claim, mention, claim_numbers)
        if owner is None:
            continue
        forms = value_forms(mention)
        for ev, owned in sentences:
            given = [o for o in owned if states_value(forms, o.mention)]
            if not given or any(_same_owner(owner, o.owner) for o in given):
                continue
            # A value of the owner's that the claim states too is the claim's as well ("could
            # not deliver at 30 °C and was run at 60 °C" against "was cycled at 60 °C").
            own = [
                o
                for o in owned
                if _same_owner(owner, o.owner)
                and _same_kind(mention, claim, o.mention, ev.text)
                and not states_value(forms, o.mention)
                and not any(states_value(value_forms(c), o.mention) for c in claim_numbers)
            ]
            if own:
                return Mismatch(mention.raw, own[0].mention.raw, ev.page, ev.sentence_index)
    return None


def exchanged_value(
    mentions: Sequence[NumberMention], claim: str, evidence: Sequence[Evidence]
) -> Mismatch | None:
    """One of the claim's values exchanged for another in the sentence stating the rest.

    For a claim in another language than its evidence, whose words cannot be compared: the
    first evidence sentence that states all of the claim's other values (at least one), lacks
    this one, and holds exactly one value of the same kind that the claim lacks ("6个大类和23个
    细类" for "6 large classes and 222 fine classes"). A value any evidence sentence states is
    not read as exchanged.
    """
    values = [(m, value_forms(m)) for m in mentions if not (written_whole(m.value) and m.value < 2)]
    if len(values) < 2:
        return None
    found = [(ev, stated_numbers(ev.text)) for ev in evidence]

    def stated(forms: set[Decimal], numbers: Sequence[NumberMention]) -> bool:
        return any(states_value(forms, n) for n in numbers)

    absent = [m for m, forms in values if not any(stated(forms, ns) for _, ns in found)]
    if len(absent) != 1:
        return None
    missing = absent[0]
    others = [forms for m, forms in values if m is not missing]
    for ev, numbers in found:
        if not all(stated(forms, numbers) for forms in others):
            continue
        extra = [
            n
            for n in numbers
            if _same_kind(missing, claim, n, ev.text)
            and not any(states_value(forms, n) for _, forms in values)
        ]
        if len(extra) == 1:
            return Mismatch(missing.raw, extra[0].raw, ev.page, ev.sentence_index)
        return None
    return None


def value_said_of_other_name(
    mentions: Sequence[NumberMention], claim: str, evidence: Sequence[Evidence]
) -> NameMismatch | None:
    """The claim's value, which the evidence states of another name only.

    "CNNIC has the lowest accuracy, 82.8%" against "DPCNN性能最低，准确率仅为82.8%": the value
    is the paper's, the name it is said of is not, and the claim's name is nowhere in that
    sentence. Small whole numbers (a count of 3, a rank) recur for unrelated things, so only
    percentages, decimals and whole numbers from 10 up are read.
    """
    for mention in mentions:
        wanted = number_context(claim, mention.start, mention.end)
        if (
            not wanted.names
            or any(_UNIT.fullmatch(n) for n in wanted.names)
            or (written_whole(mention.value) and mention.value < 10)
        ):
            continue
        forms = value_forms(mention)
        owners: list[tuple[Evidence, str]] = []
        for ev in evidence:
            for other in stated_numbers(ev.text):
                if not states_value(forms, other):
                    continue
                names = number_context(ev.text, other.start, other.end).names
                if names & wanted.names or any(holds_name(ev.text, n) for n in wanted.names):
                    return None
                owners += [(ev, n) for n in names]
        if owners:
            ev, name = owners[0]
            said = re.search(re.escape(name), ev.text, re.I)
            claimed = re.search(re.escape(next(iter(wanted.names))), claim, re.I)
            if said and claimed:
                return NameMismatch(claimed.group(0), said.group(0), ev.page)
    return None
