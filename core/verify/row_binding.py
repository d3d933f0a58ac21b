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

from core.text.normalize import NumberMention
from core.text.words import content_words
from core.verify.binding import Mismatch, value_forms, written_whole
from core.verify.comparison import Row

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
        cells = [(r, c) for r, c in stating if _names_column(claim, c)] or stating
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


def _names_column(claim: str, column: str) -> bool:
    """Whether the claim names the column ("n=3", not inside "n=30")."""
    return re.search(rf"(?<![\w=]){re.escape(column)}(?![\w.])", claim, re.I) is not None
