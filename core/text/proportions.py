"""Proportions written in words: "more than half of", "a third of", "one in five", "三分之一".

A report of a study often gives a percentage as a fraction. Each stands for a range of
percentages: a fraction as such, or hedged, for the values within five points of it ("about a
third of" covers 28.3–38.3%), "nearly" and "almost" for the five points below it, and a bound
for every value past it ("more than half of": above 50%; "fewer than one in ten": below 10%).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal

from core.text.normalize import (
    BOUND_ABOVE,
    BOUND_ABOVE_AFTER,
    BOUND_BELOW,
    BOUND_BELOW_AFTER,
    COUNT_WORDS,
    NumberMention,
    count_word,
)

#: How far a fraction as such may lie from the value it stands for, in percentage points.
SPREAD = Decimal(5)

_PARTS = {"half": 2, "third": 3, "quarter": 4, "fourth": 4, "fifth": 5, "tenth": 10}
_NUMERATOR = "|".join(("a", "an", "one", *COUNT_WORDS))
#: "a third of", "two-thirds of", "half of"; an ordinal half is a part of a span, not a share
#: ("the first half of the year").
_FRACTION = re.compile(
    rf"(?<!\bfirst )(?<!\bsecond )(?<!\blast )(?<!\bother )(?<!\btop )(?<!\bbottom )"
    rf"\b(?:(?P<num>{_NUMERATOR})[\s-]+)?(?P<den>{'|'.join(_PARTS)})s?(?=\s+of\b)",
    re.I,
)
#: "the most deprived fifth of areas", "the poorest quarter of households": a group ranked by
#: something, not a share of anything.
_RANKED = re.compile(r"\bthe\s+(?:(?:most|least)\s+[a-z-]+|[a-z]+est)\s+$", re.I)
#: "one in five", "nine out of ten", "one in every four".
_ONE_IN = re.compile(
    rf"\b(?P<num>one|{'|'.join(COUNT_WORDS)})\s+(?:in|out of)\s+(?:every\s+)?"
    rf"(?P<den>{'|'.join(COUNT_WORDS)}|a hundred|hundred)\b",
    re.I,
)
#: "one correct fix in ten", "one patient in seven": what is counted stands between; "one study
#: in five countries" counts places, not a share.
_ONE_NOUN_IN = re.compile(
    rf"\b(?P<num>one|{'|'.join(COUNT_WORDS)})\s+(?:[a-z][a-z-]*\s+){{1,2}}?in\s+(?:every\s+)?"
    rf"(?P<den>{'|'.join(COUNT_WORDS)})\b(?!\s+[a-z]+s\b)",
    re.I,
)
#: 三分之一, 一半; 百分之 and 千分之 write a percentage or per mille, not a fraction.
_ZH_DIGITS = "一二三四五六七八九十"
_ZH = re.compile(
    r"(?<![百千万])(?P<den>[二三四五六七八九十])分之(?P<num>[一二三四五六七八九])|一半"
)
_NEARLY = re.compile(r"\b(?:nearly|almost|just under|近|将近|接近)\s*$", re.I)


@dataclass(frozen=True)
class Proportion:
    """A proportion in words: as a percentage, with the range of values it stands for."""

    mention: NumberMention
    low: Decimal
    high: Decimal
    bound: bool = False  # "more than half": 50% itself is not covered

    def covers(self, value: Decimal) -> bool:
        """Whether a percentage lies within what the words say."""
        inside = self.low <= value <= self.high
        return inside and not (self.bound and value == self.mention.value)


def proportions(text: str) -> list[Proportion]:
    """The proportions ``text`` writes in words, in order."""
    found = [
        _proportion(text, match, numerator, denominator)
        for match, numerator, denominator in _fractions(text)
        if 0 < numerator < denominator
    ]
    return sorted(found, key=lambda p: p.mention.start)


def _fractions(text: str) -> Iterator[tuple[re.Match[str], int, int]]:
    """Each fraction in words with its numerator and denominator."""
    for match in _FRACTION.finditer(text):
        if match.group("num") is None and _RANKED.search(text, 0, match.start()):
            continue
        yield match, _numerator(match.group("num")), _PARTS[match.group("den").casefold()]
    for match in _ONE_IN.finditer(text):
        den = match.group("den").casefold()
        yield match, _numerator(match.group("num")), 100 if "hundred" in den else _numerator(den)
    for match in _ONE_NOUN_IN.finditer(text):
        yield match, _numerator(match.group("num")), _numerator(match.group("den").casefold())
    for match in _ZH.finditer(text):
        if match.group(0) == "一半":
            yield match, 1, 2
        else:
            yield match, _ZH_DIGITS.index(match["num"]) + 1, _ZH_DIGITS.index(match["den"]) + 1


def _numerator(word: str | None) -> int:
    """The count a word gives: none, "a", "an" and "one" give 1; 0 when it is no count."""
    if word is None or word.casefold() in ("a", "an", "one"):
        return 1
    return count_word(word) or 0


_INCLUSIVE = re.compile(r"at least|at most|up to|至少|不少于|不低于|至多|不超过", re.I)


def _proportion(text: str, match: re.Match[str], numerator: int, denominator: int) -> Proportion:
    value = (Decimal(100) * numerator / denominator).quantize(Decimal("0.1"))
    if value == value.to_integral_value():
        value = value.quantize(Decimal(1))
    before, end = text[: match.start()], match.end()
    above, below = BOUND_ABOVE.search(before), BOUND_BELOW.search(before)
    nearly = _NEARLY.search(before)
    # As written with its bound or hedge ("more than half"), for the reader of a mismatch.
    said = above or below or nearly
    written = text[said.start() if said else match.start() : end].strip()
    mention = NumberMention(written, match.start(), end, value, percent=True, approximate=True)
    # "at least three-quarters" holds 75% itself; "more than half" does not hold 50%
    strict = not (said and _INCLUSIVE.search(said.group()))
    if above or BOUND_ABOVE_AFTER.match(text, end):
        return Proportion(mention, value, Decimal(100), bound=strict)
    if below or BOUND_BELOW_AFTER.match(text, end):
        return Proportion(mention, Decimal(0), value, bound=strict)
    if nearly:
        return Proportion(mention, value - SPREAD, value)
    return Proportion(mention, value - SPREAD, value + SPREAD)


#: A count of a whole: "Seven of 10 devices", "557 of 642 participants", "3 out of 12 sites".
_COUNT_OF = re.compile(
    rf"(?<![\d,.])\b(?P<num>\d{{1,3}}(?:,\d{{3}})+|\d+|one|{'|'.join(COUNT_WORDS)})"
    r"\s+(?:out\s+)?of\s+(?:the\s+|all\s+)?"
    rf"(?P<den>\d{{1,3}}(?:,\d{{3}})+|\d+|{'|'.join(COUNT_WORDS)})\b(?![.,]\d)"
    r"(?P<rest>(?:\s+[A-Za-z][\w-]*){0,3})",
    re.I,
)


@dataclass(frozen=True)
class CountShare:
    """A share written as a count of a whole: its percentage and the words after the whole."""

    percent: Decimal
    words: str


def count_shares(text: str) -> list[CountShare]:
    """The shares ``text`` states as counts of a whole ("Seven of 10 devices": 70%)."""
    found = []
    for match in _COUNT_OF.finditer(text):
        numerator, denominator = (_count(match.group(g)) for g in ("num", "den"))
        if 0 < numerator < denominator:
            percent = Decimal(100) * numerator / denominator
            found.append(CountShare(percent, match.group("rest").strip()))
    return found


def _count(written: str) -> int:
    if written[0].isdigit():
        return int(written.replace(",", ""))
    return _numerator(written)
