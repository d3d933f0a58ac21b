"""Differences a claim computes from the paper's values: "1 BLEU point higher", "a gain of 2.4".

A reader states the gap between two results that the paper prints side by side ("LexiRank
improves on BM25 by 18.1 points" for 36.8 against 18.7), so such a number is not in the paper
word for word. It counts as the paper's when two values the paper prints together (in one
sentence, one table row, or one table column) differ by it, to the claim's own precision, or,
for a percentage, differ by it relative to either value. Whether the gap is the one the claim
means is left to the judge and the comparison check; this only keeps a computed number from
being called absent.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from decimal import Decimal
from itertools import combinations

from core.text.normalize import (
    NumberMention,
    extract_numbers,
    gap_tolerance,
    rounding_tolerance,
)
from core.types import Paper
from core.verify.comparison import Row

#: Words after the number that make it a gap: "1 BLEU point higher", "3.4% better", "4 points gain".
_AFTER = re.compile(
    r"\s*(?:%|percent)?(?:\s*(?:percentage\s+)?points?|\s*pp\b)?(?:\s+[\w\-]+){0,2}?\s*"
    r"(?:higher|lower|better|worse|more|less|fewer|gain|improvement|increase|decrease|drop|"
    r"reduction|ahead|behind|above|below|difference|gap|margin|shorter|longer|faster|slower|"
    r"cheaper|smaller|larger)\b",
    re.I,
)
#: Words before it: "by 10.5", "a gain of 2.4", "+0.9", "高出2.1", "提升了3.4".
_BEFORE = re.compile(
    r"(?:\bby|\b(?:gain|improvement|increase|decrease|drop|reduction|difference|gap|margin|boost|"
    r"fall|rise|decline|cut|saving|loss)s?"
    r"\s+of|\+|高出|提高了?|提升了?|增加了?|降低了?|下降了?|领先)"
    r"\s*(?:about|around|approximately|roughly|some|just|close to|only|nearly|almost|over|"
    r"more than|up to|约)?\s*$",
    re.I,
)


#: Values given for several settings at once: "a 0.9 / 3.4 BLEU gain", "drops by 1.7/2.4".
_SLASHED = re.compile(r"\d[\d.,]*%?(?:\s?/\s?\d[\d.,]*%?)+")


def is_difference(text: str, mention: NumberMention) -> bool:
    """Whether ``text`` states the mention as a gap between two results.

    Values joined by slashes share the words around them: each of "a 0.9 / 3.4 BLEU gain" is one.
    """
    start, end = mention.start, mention.end
    for match in _SLASHED.finditer(text):
        if match.start() <= start and end <= match.end():
            start, end = match.start(), match.end()
    return bool(_BEFORE.search(text[:start]) or _AFTER.match(text, end))


class Gaps:
    """The gaps between values a paper prints together, sorted for lookup."""

    def __init__(self, paper: Paper, rows: Sequence[Row]) -> None:
        """Collect the values of each body sentence, each table row (``rows``) and column."""
        read = {r.sentence.index for r in rows}
        groups = [
            [m.value for m in extract_numbers(s.text)]
            for s in paper.sentences
            if s.index not in read
        ]
        columns: dict[tuple[str, str], list[Decimal]] = {}
        for row in rows:
            groups.append(list(row.values.values()))
            for column, value in row.values.items():
                columns.setdefault((row.table, column), []).append(value)
        groups += columns.values()
        self.absolute = sorted(set(_absolute(groups)))
        self.relative = sorted(set(_relative(groups)))

    def derives(self, mention: NumberMention) -> bool:
        """Whether two values printed together differ by the mention (relatively, for a %)."""
        value = abs(mention.value)
        # Paper-wide, some relative change of two values lies near any hedged percentage.
        tolerance = rounding_tolerance(value) if mention.percent else gap_tolerance(mention)
        if self._near(self.absolute, value, tolerance):
            return True
        return mention.percent and self._near(self.relative, value, tolerance)

    @staticmethod
    def _near(gaps: Sequence[Decimal], value: Decimal, tolerance: Decimal) -> bool:
        i = bisect_left(gaps, value - tolerance)
        return i < len(gaps) and gaps[i] <= value + tolerance


def _absolute(groups: Iterable[list[Decimal]]) -> Iterable[Decimal]:
    for values in groups:
        for a, b in combinations(values, 2):
            gap = abs(a - b)
            if gap:
                yield gap
                # Fractions (0.853) are read as percentages by a claim in points.
                if a <= 1 and b <= 1:
                    yield gap * 100


def _relative(groups: Iterable[list[Decimal]]) -> Iterable[Decimal]:
    for values in groups:
        for a, b in combinations(values, 2):
            gap = abs(a - b)
            for base in (a, b):
                if gap and base > 0:
                    yield gap * 100 / base
