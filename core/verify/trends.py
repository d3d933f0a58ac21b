"""Trends over a table's sizes: "GPT-4's accuracy drops as the input grows longer".

Benchmark papers print results by input length or model size ("1k 2k 4k 8k 16k"). A claim that
a row's values fall (or rise) as that size grows is checked against the row's values at the
smallest and the largest size, or at the two sizes the claim names ("from 2k to 8k"). The rows
are those the claim names by their labels; "all models" or "every model" means each row of the
table. One row whose values go the other way contradicts the claim. A denied trend ("does not
drop"), a hedged one ("mostly", "in general"), or a claim that names no row and no such
quantifier is not read: the values cannot settle it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from core.text.normalize import size_value
from core.verify.comparison import Row, in_named_table
from core.verify.row_binding import named_rows

#: Values said to fall, or to rise, as the size grows.
_DOWN = re.compile(
    r"\b(?:drop(?:s|ped|ping)?|decreas(?:es?|ed|ing)|declin(?:es?|ed|ing)|fall(?:s|ing)?|fell|"
    r"degrad(?:es?|ed|ing)|deteriorat(?:es?|ed|ing)|shrink(?:s|ing)?|diminish(?:es|ed|ing)?|"
    r"goes down|went down|collapses?|collapsed)\b",
    re.I,
)
_UP = re.compile(
    r"\b(?:ris(?:es?|ing)|rose|increas(?:es?|ed|ing)|grows?|grew|growing|improv(?:es?|ed|ing)|"
    r"climbs?|climbed|goes up|went up)\b",
    re.I,
)
#: The size growing: "as the input grows", "with longer contexts", "at larger lengths".
_GROWING = re.compile(
    r"\b(?:longer|larger|bigger|more tokens|length(?:s)? (?:increases?|grows?)|as (?:the )?"
    r"(?:\w+ ){0,3}(?:increases?|grows?|gets longer|rises?))\b",
    re.I,
)
_EVERY = re.compile(
    r"\b(?:all|every|each)(?: of the)?(?: \w+)? (?:models?|systems?|methods?)\b", re.I
)
_HEDGE = re.compile(
    r"\b(?:not|n't|never|no longer|mostly|most|generally|in general|largely|almost|nearly|"
    r"tends? to|slightly)\b",
    re.I,
)
_SIZE_WORD = re.compile(r"(?<![\w.])\d+(?:\.\d+)?\s?[kKmMbB]\b|\b\d{1,3}(?:,\d{3})+\b")


@dataclass(frozen=True)
class TrendReversed:
    """A row whose values go the other way over the sizes the claim speaks of."""

    row: str
    first: tuple[str, Decimal]
    last: tuple[str, Decimal]
    page: int

    @property
    def reason(self) -> str:
        """``trend_reversed:GPT-4``."""
        return f"trend_reversed:{self.row}"

    def explain(self) -> str:
        """``The paper's table has 42.5 at 1k and 51.0 at 16k for GPT-4 (p. 2)``."""
        (a, x), (b, y) = self.first, self.last
        return f"The paper's table has {x} at {a} and {y} at {b} for {self.row} (p. {self.page})"


def check_trend(claim: str, rows: Sequence[Row]) -> TrendReversed | None:
    """The first row the claim speaks of whose values go against the trend it states, or None."""
    growing = _GROWING.search(claim)
    if growing is None or _HEDGE.search(claim):
        return None
    # The size's own growth ("as the length increases") is not the values' direction.
    said = claim[: growing.start()] + claim[growing.end() :]
    down, up = _DOWN.search(said), _UP.search(said)
    if bool(down) == bool(up):
        return None
    sized = [r for r in in_named_table(rows, claim) if len(_sizes(r)) >= 3]
    if not sized:
        return None
    chosen = named_rows(sized, claim) or (sized if _EVERY.search(claim) else [])
    for row in chosen:
        sizes = _sizes(row)
        ends = _named_ends(claim, sizes) or (sizes[0], sizes[-1])
        (a, x), (b, y) = ((c, row.values[c]) for c in (ends[0][1], ends[1][1]))
        if (y > x) if down else (y < x):
            return TrendReversed(row.label, (a, x), (b, y), row.sentence.page)
    return None


def _sizes(row: Row) -> list[tuple[Decimal, str]]:
    """The row's columns that are sizes ("1k", "16k"), smallest first."""
    found = [(size_value(c), c) for c in row.values]
    return sorted((s, c) for s, c in found if s is not None)


def _named_ends(
    claim: str, sizes: Sequence[tuple[Decimal, str]]
) -> tuple[tuple[Decimal, str], tuple[Decimal, str]] | None:
    """The smallest and largest of the row's sizes the claim names, when it names two."""
    wanted = {size_value(m.group(0).replace(",", "")) for m in _SIZE_WORD.finditer(claim)}
    named = [s for s in sizes if s[0] in wanted]
    return (named[0], named[-1]) if len(named) >= 2 else None
