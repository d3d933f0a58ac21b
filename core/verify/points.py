"""A difference in percentage points, against the relative change the paper states.

"The probiotic lowered the rate of NEC by 44 percentage points" where the paper reports NEC in
4.0% against 7.2% of infants, "about 44% in relative terms and 3.2 percentage points in
absolute terms"; "cut delirium by 73 percentage points" where the risk ratio is 0.27. The
claim's 44 occurs in the paper, and a ratio converts to it, so binding finds it; but points
are the distance between two levels and a relative change is their quotient. A claim value in
percentage points is misstated when an evidence sentence gives it as a relative change (a
percentage marked relative, or a ratio of risk, odds, hazard or rate whose distance from 1 it
is) and no evidence sentence states it in points or as the distance between two of its
percentages.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal
from itertools import combinations

from core.text.normalize import NumberMention, approximate_tolerance, rounding_tolerance
from core.types import Evidence
from core.verify.binding import PERCENTAGE_POINTS, STATISTICS, Mismatch, stated_numbers
from core.verify.risk_ratios import stated_ratios

#: After a number: a difference in points ("8.6 percentage points", "3 pp", "2.1 points").
_POINTS = re.compile(PERCENTAGE_POINTS, re.I)
_BARE_POINTS = re.compile(r"\s?-?\s?points?\b", re.I)
#: Within a percentage's clause, the word that makes it relative.
_RELATIVE = re.compile(r"\brelative(?:ly)?\b", re.I)
_CLAUSE_END = re.compile(r"[,;(]|\band\b|\bwhile\b|\bwhereas\b")
#: How far before a percentage "relative" may stand: "a relative reduction of 3.8%".
_BEFORE = 30


def points_mismatch(claim: str, evidence: Sequence[Evidence]) -> Mismatch | None:
    """The relative change the evidence gives for a claim's value in points, or None."""
    claimed = [m for m in stated_numbers(claim) if _POINTS.match(claim, m.end) and m.value > 0]
    if not claimed:
        return None
    read = [(ev, stated_numbers(ev.text)) for ev in evidence]
    for mention in claimed:
        if any(_in_points(ev.text, numbers, mention) for ev, numbers in read):
            continue
        for ev, numbers in read:
            relative = _relative(ev.text, numbers, mention)
            if relative is not None:
                said = _absolute(ev.text, numbers, mention) or relative
                return Mismatch(
                    f"{mention.raw} percentage points", said, ev.page, ev.sentence_index
                )
    return None


def _equal(mention: NumberMention, value: Decimal) -> bool:
    """Whether ``value`` is the claim's value at its precision, or within its hedge."""
    slack = (
        approximate_tolerance(mention.value, percent=True)
        if mention.approximate
        else rounding_tolerance(mention.value)
    )
    return abs(abs(value) - mention.value) <= slack


def _in_points(text: str, numbers: Sequence[NumberMention], mention: NumberMention) -> bool:
    """Whether the text states the value in points or as the distance of two of its levels."""
    if any(
        _equal(mention, m.value) and (_POINTS.match(text, m.end) or _BARE_POINTS.match(text, m.end))
        for m in numbers
    ):
        return True
    levels = _levels(text, numbers)
    return any(_equal(mention, a.value - b.value) for a, b in combinations(levels, 2))


def _levels(text: str, numbers: Sequence[NumberMention]) -> list[NumberMention]:
    """The text's percentages that are levels: no interval bound or spread, no relative change."""
    spans = [found.span() for found in STATISTICS.finditer(text)]
    return [
        m
        for m in numbers
        if m.percent
        and not any(a <= m.start < b for a, b in spans)
        and not _marked_relative(text, m)
    ]


def _marked_relative(text: str, mention: NumberMention) -> bool:
    before = text[max(0, mention.start - _BEFORE) : mention.start]
    before = before[max((m.end() for m in _CLAUSE_END.finditer(before)), default=0) :]
    after = text[mention.end : mention.end + 40]
    end = _CLAUSE_END.search(after)
    after = after[: end.start()] if end else after
    # "F1 was about 72% higher": a percentage more (or less) of something is its quotient
    return bool(_RELATIVE.search(before) or _RELATIVE.search(after) or _COMPARED_AFTER.match(after))


_COMPARED_AFTER = re.compile(
    r"\s*(?:higher|lower|greater|smaller|larger|more|less|fewer|better|worse)\b", re.I
)


def _relative(text: str, numbers: Sequence[NumberMention], mention: NumberMention) -> str | None:
    """How the text gives the claim's value as a relative change, or None."""
    for m in numbers:
        if m.percent and _equal(mention, m.value) and _marked_relative(text, m):
            return f"{m.raw} as a relative change"
    for ratio in stated_ratios(text):
        if ratio.value > 0 and _equal(mention, abs(1 - ratio.value) * 100):
            return f"a ratio of {ratio.raw}, a relative change of {mention.raw}%"
    return None


def _absolute(text: str, numbers: Sequence[NumberMention], mention: NumberMention) -> str | None:
    """The difference in points the text states or its two levels give."""
    stated = [m for m in numbers if _POINTS.match(text, m.end) and not _equal(mention, m.value)]
    if stated:
        return f"{stated[0].raw.lstrip('-−')} percentage points"
    levels = _levels(text, numbers)
    if len(levels) == 2:
        a, b = levels
        gap = abs(a.value - b.value)
        return f"{gap} percentage points ({a.raw} against {b.raw})"
    return None
