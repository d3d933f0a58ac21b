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
from collections.abc import Callable, Sequence
from decimal import Decimal, InvalidOperation

from core.text.normalize import NumberMention, approximate_tolerance
from core.text.words import content_words
from core.verify.binding import (
    Mismatch,
    comparable,
    derived,
    number_context,
    states_change,
    value_forms,
    written_whole,
)
from core.verify.comparison import Row, column_spans, in_named_table
from core.verify.gates.names import name_candidates
from core.verify.name_binding import strict_names

#: Words of a row label that name no row: "Ours" of "HTML (Ours)".
_NOT_NAMING = frozenset({"our", "ours"})


def row_mismatch(
    mentions: Sequence[NumberMention], claim: str, rows: Sequence[Row]
) -> Mismatch | None:
    """The claim's value, stated only in rows the claim names otherwise, or None.

    Each row stating the value (in a column the claim names, when it names one, and in the
    table whose caption the claim names, when it names one) must have, in
    its table and column, exactly one other row whose own label words the claim holds while it
    holds none of the first row's own words. Whole numbers below 10 recur too often to read,
    and a hedged value ("around 5%") is no cell's value as written.
    """
    words = content_words(claim)
    held = _label_names(claim)
    table = in_named_table(rows, claim) if mentions else []
    for mention in mentions:
        if (written_whole(mention.value) and mention.value < 10) or mention.approximate:
            continue
        forms = value_forms(mention)
        # A cell restated keeps its decimals: "38%" is not the cell "38.0".
        stating = [
            (r, c)
            for r in table
            for c, v in r.values.items()
            if v in forms and (v != mention.value or _exponent(v) == _exponent(mention.value))
        ]
        cells = [(r, c) for r, c in stating if column_spans(c, claim)] or stating
        rivals = [_named_instead(row, column, rows, words) for row, column in cells]
        if not cells or any(r is None for r in rivals):
            owner = number_context(claim, mention.start, mention.end).names
            rivals = [_owners_row(row, column, rows, owner, held) for row, column in cells]
        if cells and all(r is not None for r in rivals):
            rival, column = rivals[0], cells[0][1]
            if rival is not None:
                value = f"{rival.values[column]:f}"
                return Mismatch(mention.raw, value, rival.sentence.page, rival.sentence.index)
    return None


def _owners_row(
    row: Row, column: str, rows: Sequence[Row], owner: frozenset[str], held: frozenset[str]
) -> Row | None:
    """A row of the name the claim says the value is of, when ``row`` is another name's.

    "… better than MDRM's 0.231" where 0.231 is the row "LSTM+ATT"'s and the three rows of
    MDRM ("Text Only", "Audio Only", "Text+Audio") hold 0.219, 0.224 and 0.217: whichever MDRM
    row the claim means, the value is not its own. The nearest of them in value is given. A
    row of any name the claim holds decides nothing: the words around a number may give it the
    wrong one of two names ("BERT achieved 91.20%, now comparable to ULMFiT's"). ``owner`` is
    the value's name as binding reads it, ``held`` every name of the claim, case-folded.
    """
    if not owner or _label_names(row.label) & (owner | held):
        return None
    theirs = [
        r
        for r in rows
        if r.table == row.table
        and column in r.values
        and owner & _label_names(r.label)
        and r.values[column] != row.values[column]
    ]
    if not theirs:
        return None
    return min(theirs, key=lambda r: abs(r.values[column] - row.values[column]))


@functools.lru_cache(maxsize=4096)
def _label_names(text: str) -> frozenset[str]:
    """The names a row label (or a claim) holds, case-folded ("MDRM [46] Text+Audio": "mdrm")."""
    return frozenset(n.casefold() for n in strict_names(text).values())


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


def cell_mismatch(
    mentions: Sequence[NumberMention], claim: str, rows: Sequence[Row]
) -> Mismatch | None:
    """The claim's value for a cell it names, where the table holds another, or None.

    "LSTM has an MSE of 0.181 at n=30", where Table 2 has "LSTM: … n=30 0.235": the claim names
    one row by its whole label and the column nearest the value. The value stands when that row
    states it in a column the claim names, or anywhere when the claim names no column beside
    it, or derives it (a gain, a ratio), or when it is a change ("by 0.05"); the claim must
    name no other row of that table, even in part, since the value may be that row's. Of rows
    in several tables, the table whose caption the claim names is read. Whole numbers below 10
    recur too often to read.
    """
    named = in_named_table(named_rows(rows, claim), claim) if mentions else []
    for mention in mentions:
        if (written_whole(mention.value) and mention.value < 10) or states_change(claim, mention):
            continue
        forms = value_forms(mention)
        stating = [row for row in named if _states(row, forms)]
        if stating:
            other = _other_column(claim, mention, mentions, stating, forms)
            if other is not None:
                return other
            continue
        for row in named:
            column = _nearest_column(claim, mention, row, mentions)
            if column is None or not _same_precision(mention.value, row.values[column]):
                continue
            # A share is no count: "38% of RankSeg cases" is not the "#Cases" cell.
            if mention.percent and _COUNT_COLUMN.match(column):
                continue
            if _approximates(mention, row.values[column]):
                continue
            value = f"{row.values[column]:f}"
            return Mismatch(mention.raw, value, row.sentence.page, row.sentence.index)
    return None


#: A column of counts: "#Cases", "No. of layers", "Number of tokens".
_COUNT_COLUMN = re.compile(r"\s*(?:#|no\.|number of\b|num\b)", re.I)


def _other_column(
    claim: str,
    mention: NumberMention,
    mentions: Sequence[NumberMention],
    rows: Sequence[Row],
    forms: set[Decimal],
) -> Mismatch | None:
    """The value of the column the claim names for the mention, where its rows hold it elsewhere.

    "GPT-3.5 scores 26.5 at 8k", where the row has "6k 26.5; 8k 20.0": the claim names a
    column of the row beside the value, and the row holds the value only under columns the
    claim does not name.
    """
    found = None
    for row in rows:
        held = [c for c, v in row.values.items() if v in forms]
        if not held or any(column_spans(c, claim) for c in held):
            return None
        column = _nearest_column(claim, mention, row, mentions)
        if column is None or len(row.values) == 1 or _approximates(mention, row.values[column]):
            return None
        if found is None and _same_precision(mention.value, row.values[column]):
            value = f"{row.values[column]:f}"
            found = Mismatch(mention.raw, value, row.sentence.page, row.sentence.index)
    return found


def named_rows(rows: Sequence[Row], claim: str) -> list[Row]:
    """Rows the claim names by their whole label, one name among it, alone in their table.

    When it names none so, rows it names by their label past their group's ("GPT-4" of "Closed
    LLMs GPT-4").
    """
    found = _named_by(rows, claim, lambda r: r.label)
    if found is None:
        found = _named_by(rows, claim, lambda r: r.own or r.label)
    return found or []


def _named_by(rows: Sequence[Row], claim: str, label: Callable[[Row], str]) -> list[Row] | None:
    """Rows named by ``label``; None when the claim holds no row's label words at all."""
    words = content_words(claim)
    whole = [r for r in rows if (own := _label_words(label(r))) and own <= words]
    if not whole:
        return None
    names = {w for n in name_candidates(claim) for w in content_words(n)}
    whole = [r for r in whole if _label_words(label(r)) & names]
    # "LSTM+ATT" names the LSTM+ATT row, not also the LSTM row.
    whole = [
        r
        for r in whole
        if not any(
            _label_words(label(r)) < _label_words(label(o)) for o in whole if o.table == r.table
        )
    ]
    out = []
    for row in whole:
        own = _label_words(label(row))
        rivals = {
            w
            for other in rows
            if other.table == row.table and other is not row
            for w in _label_words(label(other)) - own
        }
        # "at 16k" names a column, not the row "Vicuna-v1.5-16k".
        columns = {w for other in rows if other.table == row.table for w in _columns(other)}
        if not (rivals - columns) & words:
            out.append(row)
    return out


def _columns(row: Row) -> frozenset[str]:
    return frozenset(w for c in row.values for w in content_words(c))


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
    spans = [(a, b, c) for c in row.values for a, b in column_spans(c, claim)]
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


def _approximates(mention: NumberMention, cell: Decimal) -> bool:
    """Whether a hedged value ("around 89.9") covers the cell.

    As written: the checks read it as the paper's value nearest it, which may be another cell's.
    """
    if not mention.approximate:
        return False
    try:
        written = Decimal(re.sub(r"[^\d.]", "", mention.raw))
    except InvalidOperation:
        return False
    return abs(cell - written) <= approximate_tolerance(written)


def _exponent(value: Decimal) -> int:
    return int(value.as_tuple().exponent)


def _same_precision(claimed: Decimal, cell: Decimal) -> bool:
    """Both written to the same decimals and of a size: a cell's value, not a sum or a count."""
    return claimed.as_tuple().exponent == cell.as_tuple().exponent and comparable(claimed, cell)
