"""Tables from a page's text spans: rows of cells bound to their column headers.

A results table prints as rows whose cells are separated by gaps much wider than a word space,
most of them short and several numeric. Consecutive rows like that form a table; the short-celled
row just above is its header, or its first row when that alone is set in bold (a header of
numbers: "Recall 0.1 0.2 0.3"). One row under a header that matches it cell for cell is a table
too, and so are three label-value rows or more under a header of their own (a two-column table).
Each data row becomes one evidence text that names what every value is ("Table 2: HTML: n=3
0.401; n=7 0.302"), so a number in a claim can be checked against the value in the same row
and column, and table cells no longer leak into body sentences.

A label printed once for a group of rows (a merged cell: "MDRM [46]" beside its "Text Only",
"Audio Only" and "Text+Audio" rows, or "HTML (Ours)" alone on a line between its two) is the
label of each row of its group, which it is centred on; a lone label flush with the rows under
it ("symmetric", "asymmetric") heads them up to the next one.

A header may take several lines: a group header centred over its columns ("2-class" over "Acc"
and "Macro-F1"), or column names wrapped over lines ("Avg." over "reasoning" over "steps"). Each
column is named by all of them ("2-class Acc"), so values of the same metric in two settings are
told apart. The last line of a caption above the table is not a header line. Column names set
rising at an angle (narrow columns print them so) stand at the foot of their columns.

On a page set in two columns, a table one column wide is read from its column alone: the other
column's lines fall between its rows and onto them (a short line there would read as a cell),
and its header may sit a line of the other column away. A table whose labels and values reach
over the middle spans both columns and is read from the whole page. A caption goes to the table
it is printed nearest to, above it or below it, and on a two-column page a caption set in one
column only to a table of that column.

Cheap by design (no PyMuPDF table finder, which costs about 0.3 s a page): it only reads the
spans PyMuPDF has already extracted.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from core.text.normalize import size_value
from core.types import BBox, union_bbox

#: A gap wider than this many font sizes separates two cells.
CELL_GAP = 0.9
#: A cell with more words than this is prose, not a table cell.
MAX_CELL_WORDS = 6
#: Label-value rows in a run that make a two-column table (fewer are a list or an equation).
PAIR_ROWS = 3
#: A numeric cell: "0.401", "-1.2", "(3.4)", "12.5%", ".311" (a leading dot), "2.87M" (a count
#: in thousands, millions or billions), a mean and its spread ("22.55 ± 0.17", "76.5 (± 2.7)"),
#: or a dash for none.
_NUMERIC = re.compile(
    r"^[-+\u2212±(]?(?:\d[\d.,]*|\.\d+)\s*(?:%|[KMBkm](?![A-Za-z]))?"
    r"(?:\s*\(?\s*±\s*(?:\d[\d.,]*|\.\d+)\s*%?\)?)?[)*†‡]*$|^[-\u2013\u2014]$"
)
_CAPTION = re.compile(r"^\s*(Table|Tab\.|表)\s*(\d+)", re.I)
_VALUES = re.compile(r"\d+(?:\.\d+)?")
_MARKUP = re.compile(r"</?(?:bold|italic|b|i)>|\[(?:ITALIC|BOLD|EMPTY)\]", re.I)


@dataclass(frozen=True)
class Cell:
    """One cell: its text and box."""

    text: str
    bbox: BBox
    bold: bool = False


@dataclass(frozen=True)
class TableRow:
    """One data row bound to its header: the evidence text and where it is printed."""

    page: int
    text: str
    bbox: BBox
    cells: tuple[str, ...]


@dataclass(frozen=True)
class Table:
    """A detected table: its region (to keep its cells out of body text) and its rows."""

    page: int
    bbox: BBox
    rows: tuple[TableRow, ...]
    header: tuple[Cell, ...] = ()
    caption: str = ""
    #: Per row, the left edge of its label and the right edge of its last value.
    spread: tuple[tuple[float, float], ...] = ()


_Span = tuple[BBox, str, float, bool]  # box, text, font size, bold


def _spans(page_dict: dict[str, Any]) -> list[_Span]:
    out: list[_Span] = []
    for block in page_dict.get("blocks", []):
        for line in block.get("lines", []):
            dx, dy = line.get("dir", (1.0, 0.0))
            if dy < -0.5 and (rotated := _rotated(line)) is not None:
                out.append(rotated)
            if abs(dy) > 0.02 or dx <= 0:
                continue
            for span in line["spans"]:
                text = _MARKUP.sub(" ", span["text"]).strip()
                if text:
                    out.append((tuple(span["bbox"]), text, float(span["size"]), _bold(span)))  # type: ignore[arg-type]
    return out


def _rotated(line: dict[str, Any]) -> _Span | None:
    """A column name set rising at an angle, as a cell on the line where it starts.

    Narrow columns print their names rotated; each rises from the foot of its column, so the
    cell stands at its first letter, one letter wide, where a header row would be.
    """
    spans = line.get("spans") or []
    text = " ".join("".join(_MARKUP.sub(" ", s["text"]) for s in spans).split())
    if not text or len(text.split()) > MAX_CELL_WORDS:
        return None
    x, y = spans[0]["origin"]
    size = float(spans[0]["size"])
    return ((x, y - size, x + size, y), text, size, all(_bold(s) for s in spans))


def _bold(span: dict[str, Any]) -> bool:
    return bool(span.get("flags", 0) & 16) or "bold" in span.get("font", "").lower()


def _rows(spans: list[_Span]) -> list[list[Cell]]:
    """Spans grouped into visual rows (by vertical centre) and merged into cells."""
    rows: list[list[_Span]] = []
    for span in sorted(spans, key=lambda s: ((s[0][1] + s[0][3]) / 2, s[0][0])):
        centre = (span[0][1] + span[0][3]) / 2
        if rows:
            last = rows[-1][0][0]
            if abs(centre - (last[1] + last[3]) / 2) <= 0.4 * span[2]:
                rows[-1].append(span)
                continue
        rows.append([span])
    out: list[list[Cell]] = []
    for row in rows:
        row.sort(key=lambda s: s[0][0])
        cells: list[list[_Span]] = []
        for span in row:
            if cells and span[0][0] - cells[-1][-1][0][2] < CELL_GAP * span[2]:
                cells[-1].append(span)
            else:
                cells.append([span])
        out.append(
            [
                Cell(
                    " ".join(" ".join(s[1] for s in c).split()),
                    union_bbox([s[0] for s in c]),
                    all(s[3] for s in c),
                )
                for c in cells
            ]
        )
    return out


def _is_data_row(cells: list[Cell]) -> bool:
    if any(_prose(c.text) for c in cells):
        return False
    short = [c for c in cells if len(c.text.split()) <= MAX_CELL_WORDS]
    numeric = sum(1 for c in short if _NUMERIC.match(c.text))
    return len(short) >= 3 and numeric >= 2 and numeric >= (len(short) - 1) / 2


def _prose(text: str) -> bool:
    """A fragment of running text (several words ending a clause), never a cell."""
    return len(text.split()) >= 4 and text.rstrip()[-1:] in ".,;:!?"


def _off_margins(cells: list[Cell], width: float) -> list[Cell]:
    """Without line numbers printed in the page margins."""
    return [
        c
        for c in cells
        if not (c.text.isdigit() and (c.bbox[2] < 0.12 * width or c.bbox[0] > 0.88 * width))
    ]


def _is_header_row(cells: list[Cell]) -> bool:
    return len(cells) >= 2 and all(len(c.text.split()) <= MAX_CELL_WORDS for c in cells)


def _column(cell: Cell, header: list[Cell]) -> str:
    """The header cell over ``cell``: largest horizontal overlap, else the nearest centre."""
    best, best_overlap = "", 0.0
    for h in header:
        overlap = min(cell.bbox[2], h.bbox[2]) - max(cell.bbox[0], h.bbox[0])
        if overlap > best_overlap:
            best, best_overlap = h.text, overlap
    if best:
        return best
    centre = (cell.bbox[0] + cell.bbox[2]) / 2
    return min(header, key=lambda h: abs((h.bbox[0] + h.bbox[2]) / 2 - centre)).text


def row_text(label: str, cells: list[Cell], header: list[Cell]) -> str:
    """``"HTML: n=3 0.401; n=7 0.302"``: each value named by its column (caption added later)."""
    parts = []
    for cell in cells:
        name = _column(cell, header) if header else ""
        parts.append(f"{name} {cell.text}".strip() if name != label else cell.text)
    body = "; ".join(parts)
    return f"{label}: {body}" if label else body


def find_tables(page_dict: dict[str, Any], page_number: int) -> list[Table]:
    """Tables of one page from its ``get_text("dict")`` output.

    Args:
        page_dict: PyMuPDF's text dictionary of the page.
        page_number: 1-based page number, recorded on every row.

    Returns:
        The page's tables, top to bottom; empty when none is found.
    """
    spans = _spans(page_dict)
    if len(spans) < 6:
        return []
    width = float(page_dict.get("width") or max(s[0][2] for s in spans))
    lines = [row for row in (_off_margins(row, width) for row in _rows(spans)) if row]
    rows = [r for r in (_without_other_column(row, width) for row in lines) if r]
    whole = _scan(rows, page_number)
    captions = _captions(lines)
    # A table one text column wide shares its lines with the other column's prose, whose
    # lines fall between its rows and onto them; read alone, each column keeps its rows whole.
    middle = width / 2 if _two_columns(lines, width) else None
    kept = whole
    if middle is not None:
        halves = [
            t for left in (True, False) for t in _scan(_half(lines, middle, left), page_number)
        ]
        wide = [t for t in whole if _across(t, middle) and not _side_by_side(t, captions, middle)]
        kept = [t for t in whole if t in wide or not any(_overlap(t.bbox, h.bbox) for h in halves)]
        kept += [h for h in halves if not any(_overlap(h.bbox, t.bbox) for t in wide)]
    kept.sort(key=lambda t: (t.bbox[1], t.bbox[0]))
    return _captioned(kept, captions, middle)


def _side_by_side(table: Table, captions: list[tuple[BBox, str]], middle: float) -> bool:
    """Whether a table read across the page is two tables, one in each column.

    Each column then prints a caption of its own right by the table's rows; a table spanning
    both columns has one caption, set across the middle.
    """
    line = min((r.bbox[3] - r.bbox[1] for r in table.rows), default=0.0)

    def near(left: bool) -> bool:
        return any(
            (box[2] <= middle if left else box[0] >= middle) and _gap(box, table.bbox) < 4 * line
            for box, _ in captions
        )

    return near(True) and near(False)


def _scan(rows: list[list[Cell]], page_number: int) -> list[Table]:
    """The tables of a run of lines, top to bottom, without captions."""
    tables: list[Table] = []
    i = 0
    while i < len(rows):
        pairs = _pair_run(rows, i)
        if pairs >= PAIR_ROWS and _pairs_headed(rows, i, i + pairs - 1):
            previous = tables[-1] if tables else None
            tables.append(_table(rows, i, i + pairs - 1, page_number, previous))
            i += pairs
            continue
        if not _is_data_row(rows[i]):
            i += 1
            continue
        j = i
        while j + 1 < len(rows):
            if _is_data_row(rows[j + 1]) and _close(rows[j], rows[j + 1]):
                j += 1
            elif (
                j + 2 < len(rows)
                and _is_group_label(rows[j + 1])
                and _is_data_row(rows[j + 2])
                and _close(rows[j], rows[j + 1])
                and _close(rows[j + 1], rows[j + 2])
            ):
                j += 2
            else:
                break
        if j > i or _headed_row(rows, i):
            previous = tables[-1] if tables else None
            tables.append(_table(rows, i, j, page_number, previous))
        i = j + 1
    return tables


def _half(lines: list[list[Cell]], middle: float, left: bool) -> list[list[Cell]]:
    """The lines' cells centred left (or right) of the page's ``middle``, empty lines left out.

    By their centres: a table may run a little into the space between the columns.
    """
    out = []
    for row in lines:
        cells = [c for c in row if ((c.bbox[0] + c.bbox[2]) / 2 < middle) == left]
        if cells:
            out.append(cells)
    return out


def _two_columns(lines: list[list[Cell]], width: float) -> bool:
    """Whether the page's running text is set in columns: most of its lines keep to one half.

    A column may hold nothing but a table and its caption.
    """
    middle = width / 2
    prose = [c for row in lines for c in row if len(c.text.split()) > MAX_CELL_WORDS]
    halves = sum(1 for c in prose if c.bbox[2] <= middle or c.bbox[0] >= middle)
    return halves >= PAIR_ROWS and halves > 2 * (len(prose) - halves)


def _across(table: Table, middle: float) -> bool:
    """Whether most of the table's rows reach over the page's middle with a label or value.

    Labels and values, not cells: a line of the other column's prose on a row reaches over it.
    """
    wide = sum(1 for left, right in table.spread if left < middle < right)
    return wide * 2 > len(table.spread)


def _overlap(a: BBox, b: BBox) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


def _captions(lines: list[list[Cell]]) -> list[tuple[BBox, str]]:
    """Caption lines ("Table 2: …") with their boxes, read before any column is set apart."""
    return [
        (cell.bbox, f"{m.group(1).rstrip('.').title()} {m.group(2)}")
        for row in lines
        for cell in row
        if (m := _CAPTION.match(cell.text))
    ]


def _captioned(
    tables: list[Table], captions: list[tuple[BBox, str]], middle: float | None
) -> list[Table]:
    """Each caption named on the rows of the table it is printed nearest to, above or below.

    Papers print captions above tables or below them; each caption goes to the table of its
    column nearest to it, so neither convention takes the caption of the table next to it. On
    a two-column page (``middle`` given) a caption set in one column belongs to a table of
    that column, never to one spanning both. A table left without a caption takes the caption
    of a table it adjoins (a block of the same table), or else the nearest caption above it,
    then the nearest at all.
    """
    names: dict[int, tuple[float, str]] = {}
    for box, name in captions:
        near = [(_gap(box, t.bbox), k) for k, t in enumerate(tables) if _beside(box, t, middle)]
        if near:
            gap, k = min(near)
            if k not in names or gap < names[k][0]:
                names[k] = (gap, name)
    chosen = {k: name for k, (_, name) in names.items()}
    for order in (range(len(tables)), range(len(tables) - 1, -1, -1)):
        for k in order:
            if k in chosen:
                continue
            for j in (k - 1, k + 1):
                if j in chosen and 0 <= j < len(tables) and _adjoin(tables[k], tables[j]):
                    chosen[k] = chosen[j]
                    break
    out: list[Table] = []
    for k, table in enumerate(tables):
        caption = chosen.get(k) or _caption(captions, table.bbox[1])
        lead = f"{caption}: " if caption else ""
        rows = tuple(replace(r, text=lead + r.text) for r in table.rows)
        out.append(replace(table, rows=rows, caption=caption))
    return out


def _beside(caption: BBox, table: Table, middle: float | None) -> bool:
    """Whether a caption can belong to a table: they share columns of the page."""
    if min(caption[2], table.bbox[2]) <= max(caption[0], table.bbox[0]):
        return False
    if middle is None:
        return True
    one_column = caption[2] <= middle or caption[0] >= middle
    return not one_column or not (table.bbox[0] < middle < table.bbox[2])


def _adjoin(a: Table, b: Table) -> bool:
    """Whether two tables are blocks of one: one right under the other, in the same columns."""
    upper, lower = (a, b) if a.bbox[1] <= b.bbox[1] else (b, a)
    line = min((r.bbox[3] - r.bbox[1] for r in (*upper.rows, *lower.rows)), default=0.0)
    gap = lower.bbox[1] - upper.bbox[3]
    return -line < gap < 3 * line and min(a.bbox[2], b.bbox[2]) > max(a.bbox[0], b.bbox[0])


def _gap(caption: BBox, table: BBox) -> float:
    """Vertical distance between a caption and a table, whichever is above."""
    return max(caption[1] - table[3], table[1] - caption[3], 0.0)


def _is_pair_row(cells: list[Cell]) -> bool:
    """A label and one value: "True negation cues 2674" (an equation's "(3)" is no value)."""
    return (
        len(cells) == 2
        and _is_label(cells[0])
        and _NUMERIC.match(cells[1].text) is not None
        and not cells[1].text.startswith("(")
    )


def _pair_run(rows: list[list[Cell]], first: int) -> int:
    """How many rows from ``first`` on are label-value pairs, their values in one column."""
    k = first
    while (
        k < len(rows)
        and _is_pair_row(rows[k])
        and (
            k == first
            or (
                _close(rows[k - 1], rows[k])
                and _aligned(rows[k][1], rows[first][1])
                and abs(rows[k][0].bbox[0] - rows[first][0].bbox[0]) < 3
            )
        )
    ):
        k += 1
    return k - first


def _aligned(a: Cell, b: Cell) -> bool:
    """Whether two values stand in one column: set flush left, or flush right ("8.3", "41.7")."""
    return abs(a.bbox[0] - b.bbox[0]) < 3 or abs(a.bbox[2] - b.bbox[2]) < 3


def _header_above(rows: list[list[Cell]], i: int) -> list[Cell]:
    """The short-celled row just above row ``i`` when it is close enough to head it, else []."""
    if i > 0 and _is_header_row(rows[i - 1]) and _close(rows[i - 1], rows[i]):
        return rows[i - 1]
    return []


#: Header lines over the lowest one a table may stack ("2-class" over "Acc  F1").
HEADER_LINES = 3
#: Rows of words a table may set under its header, over its numbers ("Annotator  AMT  Experts").
WORDED_ROWS = 6


def _upper_header(rows: list[list[Cell]], k: int, limit: int = HEADER_LINES) -> list[list[Cell]]:
    """Header lines stacked over the header line ``rows[k]``, top first.

    Lines of short cells right above it: a group header spanning columns ("2-class",
    "3-class"), the first words of wrapped column names ("Avg." over "reasoning" over
    "steps"), or a label set between two lines ("Model"). Not data, a caption, or the end of
    running text ("the pretraining step contributes."), and no cell as wide as half the header
    (a caption's last line).
    """
    header = rows[k]
    span = max(c.bbox[2] for c in header) - min(c.bbox[0] for c in header)
    upper: list[list[Cell]] = []
    j = k - 1
    while j >= 0 and len(upper) < limit - 1:
        line = rows[j]
        if (
            not _close(line, rows[j + 1])
            or not all(_heads(c, span) for c in line)
            or _in_caption(rows, j)
        ):
            break
        upper.insert(0, line)
        j -= 1
    return upper


def _in_caption(rows: list[list[Cell]], j: int) -> bool:
    """Whether line ``j`` ends a caption or a paragraph above it.

    That is, lines set flush with it, one under the other, lead up to a caption's first line.
    """
    x = rows[j][0].bbox[0]
    i = j
    while i > 0 and abs(rows[i - 1][0].bbox[0] - x) < 2 and _close(rows[i - 1], rows[i]):
        i -= 1
        if _CAPTION.match(rows[i][0].text) or len(rows[i][0].text.split()) > MAX_CELL_WORDS:
            return True
    return False


def _heads(cell: Cell, span: float) -> bool:
    """Whether a cell can be part of a header ``span`` points wide."""
    words = cell.text.split()
    return (
        len(words) <= MAX_CELL_WORDS
        and not _prose(cell.text)
        and not (len(words) > 1 and cell.text[-1] in ".,;:")
        and not _NUMERIC.match(cell.text)
        and len(_VALUES.findall(cell.text)) < 2
        and not _CAPTION.match(cell.text)
        and cell.bbox[2] - cell.bbox[0] <= span / 2
    )


def _worded_rows(
    lines: list[list[Cell]], data: list[Cell]
) -> tuple[list[Cell], list[list[Cell]], list[list[Cell]]]:
    """The header line, the lines stacked over it, and rows of words under it.

    Of the lines over a table's first data row, those with a cell in the label column under a
    first such line are rows whose values are words ("Annotator  AMT  AMT  Experts"), not
    parts of the header.
    """
    values = [c for c in data if _NUMERIC.match(c.text)]
    if not values:
        return lines[-1], lines[:-1], []
    edge = min(c.bbox[0] for c in values)
    labelled = [k for k, line in enumerate(lines) if len(line) > 1 and line[0].bbox[2] < edge]
    if len(labelled) < 2:
        return lines[-1], lines[:-1], []
    top = labelled[0]
    names = {c.text for c in lines[top]}
    # A header may print its names twice over ("Language" over "Language").
    if any(2 * sum(c.text in names for c in line) >= len(line) for line in lines[top + 1 :]):
        return lines[-1], lines[:-1], []
    return lines[top], lines[:top], lines[top + 1 :]


def _stacked(header: list[Cell], upper: list[list[Cell]]) -> list[Cell]:
    """The header's cells named by the cells stacked over them, top first ("2-class Acc")."""
    names = [[c.text] for c in header]
    for line in reversed(upper):
        for k, cell in enumerate(header):
            over = _over(cell, line)
            # A header whose cells repeat on two lines ("P@1" over "P@1") names a column once.
            if over is not None and over.text != names[k][0]:
                names[k].insert(0, over.text)
    return [replace(c, text=" ".join(n)) for c, n in zip(header, names, strict=True)]


def _over(cell: Cell, line: list[Cell]) -> Cell | None:
    """The cell of an upper header line that heads ``cell``.

    One over it, else one spanning it: a spanning cell is centred on its columns, which reach
    halfway to its neighbours on its line (as far on its other side when it has one neighbour
    only, and its own width either side when it has none).
    """
    for upper in line:
        if min(cell.bbox[2], upper.bbox[2]) > max(cell.bbox[0], upper.bbox[0]):
            return upper
    centre = (cell.bbox[0] + cell.bbox[2]) / 2
    ordered = sorted(line, key=lambda c: c.bbox[0])
    for i, upper in enumerate(ordered):
        middle = (upper.bbox[0] + upper.bbox[2]) / 2
        left = (ordered[i - 1].bbox[2] + upper.bbox[0]) / 2 if i > 0 else None
        right = (upper.bbox[2] + ordered[i + 1].bbox[0]) / 2 if i + 1 < len(ordered) else None
        if left is not None and right is not None:
            reach = (left, right)
        elif left is not None:
            reach = (left, 2 * middle - left)
        elif right is not None:
            reach = (2 * middle - right, right)
        else:
            width = upper.bbox[2] - upper.bbox[0]
            reach = (upper.bbox[0] - width, upper.bbox[2] + width)
        if reach[0] <= centre <= reach[1]:
            return upper
    return None


def _headed_row(rows: list[list[Cell]], i: int) -> bool:
    """Whether a lone data row sits under a header of its own, one header cell over each cell."""
    header, cells = _header_above(rows, i), rows[i]
    return len(header) == len(cells) and all(
        min(c.bbox[2], h.bbox[2]) > max(c.bbox[0], h.bbox[0])
        for c, h in zip(cells, header, strict=True)
    )


def _pairs_headed(rows: list[list[Cell]], first: int, last: int) -> bool:
    """Whether label-value rows have a header of their own ("Model | Joint Acc.", or in bold).

    Rows cut out of a wider table (its group labels on some of their lines) have none.
    """
    above = rows[first - 1] if first > 0 else []
    named = (
        len(above) == 2
        and not any(_NUMERIC.match(c.text) for c in above)
        and _close(above, rows[first])
    )
    return named or _bold_header(rows, first, last)


def _close(a: list[Cell], b: list[Cell]) -> bool:
    size = max(c.bbox[3] - c.bbox[1] for c in a)
    return min(c.bbox[1] for c in b) - max(c.bbox[3] for c in a) < 2.5 * size


def _table(
    rows: list[list[Cell]],
    first: int,
    last: int,
    page_number: int,
    previous: Table | None,
) -> Table:
    header: list[Cell] = []
    extra: list[BBox] = []
    worded: list[list[Cell]] = []
    if _bold_header(rows, first, last) or _sized_header(rows, first, last):
        # A header of numbers ("Recall 0.1 0.2 0.3 AUC", "1k 2k 4k") reads as data but for its
        # bold type or the sizes it names.
        header, first = rows[first], first + 1
    else:
        if first > 0 and _is_group_label(rows[first - 1]) and _close(rows[first - 1], rows[first]):
            # The label of the first group of rows ("symmetric") sits under the header.
            first -= 1
        header = _header_above(rows, first)
        if header:
            upper = _upper_header(rows, first - 1)
            if _worded_rows([*upper, header], rows[first])[2]:
                upper = _upper_header(rows, first - 1, WORDED_ROWS + 1)
            header, upper, worded = _worded_rows([*upper, header], rows[first])
            header = _stacked(header, upper)
            extra = [c.bbox for line in [*upper, *worded] for c in line]
        if (
            not header
            and previous is not None
            and previous.header
            and _below(previous, rows[first])
        ):
            # A block of rows set apart by a rule or a gap continues the table above it.
            header = list(previous.header)
    out: list[TableRow] = []
    spread: list[tuple[float, float]] = []
    if header:
        for cells in worded:
            text = row_text(cells[0].text, cells[1:], header)
            box = union_bbox([c.bbox for c in cells])
            out.append(TableRow(page_number, text, box, tuple(c.text for c in cells)))
    body = [
        [c for c in row if len(c.text.split()) <= MAX_CELL_WORDS] for row in rows[first : last + 1]
    ]
    for cells, label in zip(body, _labels(body), strict=True):
        if not cells or _is_group_label(cells):
            continue
        labels, values = _label_cells(cells)
        box = union_bbox([c.bbox for c in cells])
        text = row_text(label, values, header)
        out.append(TableRow(page_number, text, box, tuple(c.text for c in cells)))
        kept = [c.bbox for c in labels] + [c.bbox for c in values if _NUMERIC.match(c.text)]
        spread.append((min(b[0] for b in kept or [box]), max(b[2] for b in kept or [box])))
    boxes = [c.bbox for row in rows[first : last + 1] for c in row] + [c.bbox for c in header]
    boxes += extra
    return Table(page_number, union_bbox(boxes), tuple(out), tuple(header), spread=tuple(spread))


def _bold_header(rows: list[list[Cell]], first: int, last: int) -> bool:
    """Whether the run's first row is set in bold over rows that are not, with two rows left.

    Under a header of its own, a row in bold is a result set off ("Ours"), not a header.
    """
    return (
        not _header_above(rows, first)
        and last - first >= 2
        and all(c.bold for c in rows[first])
        and not all(c.bold for c in rows[first + 1])
    )


def _sized_header(rows: list[list[Cell]], first: int, last: int) -> bool:
    """Whether the run's first row names sizes ("1k 2k 4k 8k") over rows of plain numbers.

    A size carries a magnitude suffix, rises from cell to cell, and heads values that carry
    none.
    """
    if last <= first:
        return False
    named = [c.text for c in rows[first] if _NUMERIC.match(c.text)]
    sizes = [v for v in map(size_value, named) if v is not None]
    if len(sizes) < 2 or len(sizes) < len(named):
        return False
    rising = all(a < b for a, b in zip(sizes, sizes[1:], strict=False))
    plain = all(size_value(c.text) is None for row in rows[first + 1 : last + 1] for c in row)
    return rising and plain


def _caption(captions: list[tuple[BBox, str]], top: float) -> str:
    """The nearest caption above ``top``, else the nearest."""
    above = [(box[1], name) for box, name in captions if box[1] <= top]
    if above:
        return max(above)[1]
    return min(captions, key=lambda c: abs(c[0][1] - top))[1] if captions else ""


def _below(table: Table, row: list[Cell]) -> bool:
    """Whether ``row`` starts within a few lines under ``table`` and spans its columns."""
    size = max(c.bbox[3] - c.bbox[1] for c in row)
    gap = min(c.bbox[1] for c in row) - table.bbox[3]
    return 0 <= gap < 6 * size and row[-1].bbox[2] > table.header[-1].bbox[0]


def _without_other_column(cells: list[Cell], width: float) -> list[Cell]:
    """Without prose of the other text column that shares the line with a table row."""

    def prose(cell: Cell) -> bool:
        return len(cell.text.split()) > MAX_CELL_WORDS or _prose(cell.text)

    short = [c for c in cells if not prose(c)]
    if len(short) < 2:
        return cells
    middle = width / 2
    right = all(c.bbox[0] >= middle for c in short)
    left = all(c.bbox[2] <= middle for c in short)
    return [
        c
        for c in cells
        if not (prose(c) and ((right and c.bbox[2] <= middle) or (left and c.bbox[0] >= middle)))
    ]


def _is_group_label(cells: list[Cell]) -> bool:
    """A line holding one short label and nothing else: a merged cell's label."""
    return len(cells) == 1 and _is_label(cells[0])


def _is_label(cell: Cell) -> bool:
    """A short cell that is neither a number nor running text."""
    return (
        not _NUMERIC.match(cell.text)
        and len(cell.text.split()) <= MAX_CELL_WORDS
        and not _prose(cell.text)
    )


def _label_cells(cells: list[Cell]) -> tuple[list[Cell], list[Cell]]:
    """The row's leading text cells (its label, possibly in parts) and its values."""
    if _is_group_label(cells):
        return cells, []
    k = 0
    while k < len(cells) - 1 and not _NUMERIC.match(cells[k].text):
        k += 1
    return cells[:k], cells[k:]


def _labels(body: list[list[Cell]]) -> list[str]:
    """Each row's label, with the label of the group of rows it belongs to.

    A label printed once for a group stands alone on its line or before a row's own label
    ("MDRM [46]" before "Audio Only"). A row whose label starts right of where such a label
    ends ("Text Only") belongs to one: the group label centred on as many such rows above as
    below it.
    """
    parts = [_label_cells(cells)[0] for cells in body]
    unlabelled = [not p and bool(cells) for p, cells in zip(parts, body, strict=True)]
    capable = [
        bool(p)
        and (
            _is_group_label(cells)
            or len(p) > 1
            or (k > 0 and unlabelled[k - 1])
            or (k + 1 < len(body) and unlabelled[k + 1])
        )
        for k, (cells, p) in enumerate(zip(body, parts, strict=True))
    ]
    ends = [p[0].bbox[2] for p, c in zip(parts, capable, strict=True) if c]
    group: list[str | None] = [None] * len(body)
    centred: set[int] = set()
    if ends:
        edge = min(ends)
        own = [bool(p) and p[0].bbox[0] < edge for p in parts]
        for k in range(len(body)):
            if not (own[k] and capable[k]):
                continue
            above = _free_run(range(k - 1, -1, -1), own, group)
            below = _free_run(range(k + 1, len(body)), own, group)
            reach = min(len(above), len(below))
            for i in above[:reach] + below[:reach]:
                group[i] = parts[k][0].text
            if reach:
                centred.add(k)
    _sections(body, parts, group, centred)
    labels = []
    for k, p in enumerate(parts):
        text = " ".join(c.text for c in p)
        labels.append(f"{group[k]} {text}".strip() if group[k] else text)
    return labels


def _sections(
    body: list[list[Cell]], parts: list[list[Cell]], group: list[str | None], centred: set[int]
) -> None:
    """A lone label flush with the rows under it ("symmetric") heads them until the next one.

    Not one ``centred`` on its rows: that labels only them.
    """
    section: Cell | None = None
    for k, cells in enumerate(body):
        if _is_group_label(cells):
            section = cells[0] if group[k] is None and k not in centred else None
        elif section is not None and parts[k] and group[k] is None:
            if abs(parts[k][0].bbox[0] - section.bbox[0]) > 2:
                section = None
            else:
                group[k] = section.text


def _free_run(indices: range, own: list[bool], group: list[str | None]) -> list[int]:
    """Consecutive rows without a label of their own or a group yet."""
    run = []
    for i in indices:
        if own[i] or group[i] is not None:
            break
        run.append(i)
    return run
