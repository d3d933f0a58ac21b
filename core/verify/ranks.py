"""Ranks read against the table: "X achieves the second-best F1", "Y ranks third on BLEU".

A claim that puts a row at a place other than first in one column of its table names the row
and the column (the only value column, when the row has one). Its place is one more than the
rows of the same table ahead of it there (ties do not push it down); another place contradicts
the claim. Lower is ahead for errors, losses and times, and for "lowest"; a denied rank is not
read.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from core.verify.comparison import (
    SCORE_VERBS,
    Row,
    beats,
    in_named_table,
    is_denied,
    lower_best,
    names_column,
    subject_row,
)

_PLACES = {"second": 2, "2nd": 2, "third": 3, "3rd": 3}
_RANKED = re.compile(
    rf"(?P<a>.+?)\s+(?:{SCORE_VERBS}|ranks?|ranked|comes?|came|places?|placed|finish(?:es|ed)?)"
    r"\s+(?:the\s+)?(?P<ord>second|third|2nd|3rd)"
    r"(?:[\s-]+(?P<sup>best|highest|lowest|worst))?\b(?P<rest>.*)",
    re.I,
)


@dataclass(frozen=True)
class RankWrong:
    """A row at another place in its table's column than the claim says."""

    row: str
    column: str
    said: int
    actual: int
    value: Decimal
    page: int

    @property
    def reason(self) -> str:
        """``rank_wrong:2->1``."""
        return f"rank_wrong:{self.said}->{self.actual}"

    def explain(self) -> str:
        """``The paper's table ranks LSTM 1st in F1, with 74.5 (p. 8)``."""
        place = _ordinal(self.actual)
        return (
            f"The paper's table ranks {self.row} {place} in {self.column}, "
            f"with {self.value} (p. {self.page})"
        )


def check_rank(claim: str, rows: Sequence[Row]) -> RankWrong | None:
    """The row the claim ranks second or third, when the table ranks it otherwise."""
    match = _RANKED.search(claim)
    if match is None or is_denied(match.group("a")):
        return None
    rows = in_named_table(rows, claim)
    # The column tells the tables apart: a row named in two is ranked in the one that has it.
    tables = {r.table for r in rows if any(names_column(c, match.group("rest")) for c in r.values)}
    a = subject_row(match.group("a"), [r for r in rows if r.table in tables] or rows)
    if a is None:
        return None
    named = [c for c in a.values if names_column(c, match.group("rest"))]
    columns = named or (list(a.values) if len(a.values) == 1 else [])
    if len(columns) != 1:
        return None
    column = columns[0]
    word = (match.group("sup") or "best").casefold()
    lower = lower_best(column, claim, word, word in ("highest", "lowest"))
    if word == "worst":
        lower = not lower
    rivals = [r for r in rows if r.table == a.table and r.label != a.label and column in r.values]
    if not rivals:
        return None
    actual = 1 + sum(beats(r, a, column, lower) for r in rivals)
    said = _PLACES[match.group("ord").casefold()]
    if actual == said:
        return None
    return RankWrong(a.label, column, said, actual, a.values[column], a.sentence.page)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
