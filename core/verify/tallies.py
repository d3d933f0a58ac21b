"""Tallies: in how many of a table's columns a claim says one row is ahead.

"GPT-4 outperforms Claude-2 on 5 of the 6 settings", "A beats B in all four language pairs",
"X achieves the best score on 3 out of 4 datasets". The reader counts over the columns of the
row's table, so the paper never prints the count: it is read against the values. The columns
counted are those the two rows share (for "the best", the row's own), less the average column
when that makes the claim's total; a claim whose total is neither is about columns this cannot
tell, and is not read. A hedged count ("at least 3 of 4") is read as a bound.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from core.text.normalize import COUNT_WORDS, count_word
from core.verify.comparison import Row, beats, best_claimed, compared_rows, in_named_table

_COUNT = r"\d{1,2}|one|" + "|".join(COUNT_WORDS)
_BOUND = r"at least|at most|over|more than|fewer than|less than"
_TALLY = re.compile(
    rf"\b(?:(?P<bound>{_BOUND})\s+)?(?P<n>{_COUNT})\s+(?:out\s+of|of)\s+(?:the\s+|its\s+)?"
    rf"(?P<m>{_COUNT})\b"
    rf"|(?<![\d./])(?P<n2>\d{{1,2}})\s?/\s?(?P<m2>\d{{1,2}})\s+(?!of\b)(?=[A-Za-z])"
    rf"|\b(?:on|in|across|under|for|among|of)\s+(?:all|each of the|every one of the)\s+"
    rf"(?P<all>{_COUNT})\b",
    re.I,
)
#: Columns that sum up the others: a count of "tasks" leaves them out.
_AGGREGATE = re.compile(r"\b(?:avg|average|mean|overall|total|all)\b", re.I)


@dataclass(frozen=True)
class Tally:
    """A count a claim states: ``said`` of ``total`` columns, within ``span`` of its text."""

    said: int
    total: int
    bound: str
    span: tuple[int, int]

    def holds(self, actual: int) -> bool:
        """Whether ``actual`` columns make the claim's count true."""
        bound = self.bound.casefold()
        if bound == "at least":
            return actual >= self.said
        if bound in ("over", "more than"):
            return actual > self.said
        if bound == "at most":
            return actual <= self.said
        if bound in ("fewer than", "less than"):
            return actual < self.said
        return actual == self.said


@dataclass(frozen=True)
class TallyWrong:
    """A row ahead in another number of columns than the claim counts."""

    row: str
    other: str  # the row it is compared with; "" for the best of its table
    tally: Tally
    actual: int
    page: int

    @property
    def reason(self) -> str:
        """``tally_wrong:5->3``."""
        return f"tally_wrong:{self.tally.said}->{self.actual}"

    def explain(self) -> str:
        """``The paper's table has GPT-4 ahead of Claude-2 in 3 of its 6 columns (p. 4)``."""
        where = f"ahead of {self.other}" if self.other else "the best"
        total = self.tally.total
        count = f"all {total} of its" if self.actual == total else f"{self.actual} of its {total}"
        return f"The paper's table has {self.row} {where} in {count} columns (p. {self.page})"


def tallies(text: str) -> list[Tally]:
    """The counts of a total the text states ("5 of the 6", "3/4 datasets", "in all four")."""
    found = []
    for match in _TALLY.finditer(text):
        if match.group("all"):
            said = total = _number(match.group("all"))
        elif match.group("n2"):
            said, total = int(match.group("n2")), int(match.group("m2"))
        else:
            said, total = _number(match.group("n")), _number(match.group("m"))
        if 0 < said <= total:
            found.append(Tally(said, total, match.group("bound") or "", match.span()))
    return found


def check_tally(claim: str, rows: Sequence[Row]) -> TallyWrong | None:
    """A row the claim counts ahead (of another, or the best) in a wrong number of columns."""
    counts = tallies(claim)
    if len(counts) != 1:
        return None
    tally = counts[0]
    # The total tells the tables apart: a row named in two tables is counted in the one whose
    # columns make it.
    rows = [r for r in in_named_table(rows, claim) if _counted(list(r.values), tally.total)]
    pair = compared_rows(claim, rows)
    if pair is not None:
        a, b, lower = pair
        columns = _counted([c for c in a.values if c in b.values], tally.total)
        actual = sum(beats(a, b, c, lower(c)) for c in columns)
        other = b.label
    else:
        best = best_claimed(claim, rows)
        if best is None:
            return None
        a, lower = best
        columns = _counted(list(a.values), tally.total)
        rivals = [r for r in rows if r.table == a.table and r.label != a.label]
        actual = sum(
            not any(c in r.values and beats(r, a, c, lower(c)) for r in rivals) for c in columns
        )
        other = ""
    if not columns or tally.holds(actual):
        return None
    return TallyWrong(a.label, other, tally, actual, a.sentence.page)


def table_totals(rows: Sequence[Row]) -> set[int]:
    """The totals a count over the paper's tables can have: columns of a row, rows of a table."""
    totals: set[int] = set()
    per_table: dict[str, int] = {}
    for row in rows:
        totals.add(len(row.values))
        totals.add(sum(not _AGGREGATE.search(c) for c in row.values))
        per_table[row.table] = per_table.get(row.table, 0) + 1
    return totals | set(per_table.values())


def _counted(columns: list[str], total: int) -> list[str]:
    """The columns a count of ``total`` is over: all of them, or those that sum up none."""
    if len(columns) == total:
        return columns
    own = [c for c in columns if not _AGGREGATE.search(c)]
    return own if len(own) == total else []


def _number(word: str) -> int:
    if word.isdigit():
        return int(word)
    return count_word(word) or 1  # "one", the only word of the pattern that is no count word
