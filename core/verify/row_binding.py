"""A claim's value read in its table: the row the claim names, not only the row holding the value.

"The Text+Audio version of MDRM has an MSE of 1.431 at n=3", where Table 2 has "MDRM [46] Text
Only: n=3 1.431" and "MDRM [46] Text+Audio: n=3 1.371": the claim holds the word that sets the
second row apart ("Audio") and none of the first row's ("Only"), so 1.431 is another row's value.
The five words around a number, which bind it in prose, do not reach a row's naming words in
such a claim, so a claim is matched to rows by all its words.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from decimal import Decimal

from core.text.normalize import NumberMention
from core.text.words import content_words
from core.verify.binding import (
    Mismatch,
    comparable,
    derived,
    states_change,
    value_forms,
    written_whole,
)
from core.verify.comparison import Row
from core.verify.gates.names import name_candidates

#: Words of a row label that name no row: "Ours" of "HTML (Ours)".
_NOT_NAMING = frozenset({"our", "ours"})


def row_mismatch(
    mentions: Sequence[NumberMention], claim: str, rows: Sequence[Row]
) -> Mismatch | None:
    """The claim's value, stated only in rows the claim names otherwise, or None.

    Each row stating the value (in a column the claim names, when it names one) must have, in
    its table and column, exactly one other row whose own label words the claim holds while it
    holds none of the first row's own words. Whole numbers below 10 recur too often to read.
    """
    words = content_words(claim)
    for mention in mentions:
        if written_whole(mention.value) and mention.value < 10:
            continue
        forms = value_forms(mention)
        stating = [(r, c) for r in rows for c, v in r.values.items() if v in forms]
        cells = [(r, c) for r, c in stating if _column(c).search(claim)] or stating
        rivals = [_named_instead(row, column, rows, words) for row, column in cells]
        if cells and all(r is not None for r in rivals):
            rival, column = rivals[0], cells[0][1]
            if rival is not None:
                value = f"{rival.values[column]:f}"
                return Mismatch(mention.raw, value, rival.sentence.page, rival.sentence.index)
    return None


def _named_instead(row: Row, column: str, rows: Sequence[Row], words: set[str]) -> Row | None:
    """The one other row of ``row``'s table and column that the claim's words name instead."""
    own = _label_words(row.label)
    found = []
    for other in rows:
        if other is row or other.table != row.table or column not in other.values:
            continue
        if other.values[column] == row.values[column]:
            continue
        theirs = _label_words(other.label)
        if theirs - own and theirs - own <= words and not (own - theirs) & words:
            found.append(other)
    return found[0] if len(found) == 1 else None


@functools.lru_cache(maxsize=4096)
def _label_words(label: str) -> frozenset[str]:
    words = (w for w in content_words(label) if not re.fullmatch(r"[\d.%]+", w))
    return frozenset(words) - _NOT_NAMING


@functools.lru_cache(maxsize=1024)
def _column(column: str) -> re.Pattern[str]:
    """A column name as the claim writes it: "n=3" is not inside "n=30", nor "3" inside "n=3"."""
    return re.compile(rf"(?<![A-Za-z0-9_=]){re.escape(column)}(?![A-Za-z0-9_]|\.\d)", re.I)


def cell_mismatch(
    mentions: Sequence[NumberMention], claim: str, rows: Sequence[Row]
) -> Mismatch | None:
    """The claim's value for a cell it names, where the table holds another, or None.

    "LSTM has an MSE of 0.181 at n=30", where Table 2 has "LSTM: … n=30 0.235": the claim names
    one row by its whole label and the column nearest the value. The value stands when that row
    states it anywhere or derives it (a gain, a ratio), or when it is a change ("by 0.05"); the
    claim must name no other row of that table, even in part, since the value may be that
    row's. Whole numbers below 10 recur too often to read.
    """
    named = _named_rows(rows, claim) if mentions else []
    for mention in mentions:
        if (written_whole(mention.value) and mention.value < 10) or states_change(claim, mention):
            continue
        forms = value_forms(mention)
        if any(_states(row, forms) for row in named):
            continue
        for row in named:
            column = _nearest_column(claim, mention, row, mentions)
            if column is None or not _same_precision(mention.value, row.values[column]):
                continue
            value = f"{row.values[column]:f}"
            return Mismatch(mention.raw, value, row.sentence.page, row.sentence.index)
    return None


def _named_rows(rows: Sequence[Row], claim: str) -> list[Row]:
    """Rows the claim names by their whole label, one name among it, alone in their table."""
    words = content_words(claim)
    whole = [r for r in rows if (own := _label_words(r.label)) and own <= words]
    if not whole:
        return []
    names = {w for n in name_candidates(claim) for w in content_words(n)}
    whole = [r for r in whole if _label_words(r.label) & names]
    # "LSTM+ATT" names the LSTM+ATT row, not also the LSTM row.
    whole = [
        r
        for r in whole
        if not any(
            _label_words(r.label) < _label_words(o.label) for o in whole if o.table == r.table
        )
    ]
    out = []
    for row in whole:
        own = _label_words(row.label)
        rivals = {
            w
            for other in rows
            if other.table == row.table and other is not row
            for w in _label_words(other.label) - own
        }
        if not rivals & words:
            out.append(row)
    return out


def _states(row: Row, forms: set[Decimal]) -> bool:
    """Whether the row states one of the value's forms in any cell, or derives it from two."""
    values = list(row.values.values())
    return any(v in forms for v in values) or any(derived(f, values) for f in forms)


def _nearest_column(
    claim: str, mention: NumberMention, row: Row, mentions: Sequence[NumberMention]
) -> str | None:
    """The column of ``row`` the claim names nearest to the mention; a lone column.

    A column with another value between it and the mention is not the mention's, and one that
    is as near another value on its far side comes after one that is not: in "1.970 at n=3 and
    0.181 at n=30", n=3 is 1.970's and n=30 is 0.181's.
    """
    spans = [(m.start(), m.end(), c) for c in row.values for m in _column(c).finditer(claim)]
    values = [
        (v.start, v.end)
        for v in mentions
        if v is not mention and not any(a <= v.start < b for a, b, _ in spans)
    ]
    spots = []
    for start, end, column in spans:
        if end <= mention.start:
            gap, far = mention.start - end, [start - b for a, b in values if b <= start]
        else:
            gap, far = start - mention.end, [a - end for a, b in values if a >= end]
        inside = (min(start, mention.start), max(end, mention.end))
        if any(inside[0] <= a < inside[1] for a, _ in values):
            continue
        spots.append((bool(far) and min(far) <= gap, gap, column))
    if spots:
        return min(spots)[2]
    return next(iter(row.values)) if len(row.values) == 1 else None


def _same_precision(claimed: Decimal, cell: Decimal) -> bool:
    """Both written to the same decimals and of a size: a cell's value, not a sum or a count."""
    return claimed.as_tuple().exponent == cell.as_tuple().exponent and comparable(claimed, cell)
