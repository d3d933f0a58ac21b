"""Page layout: text lines from PyMuPDF, debris removal, blocks in reading order.

The steps, all on plain data so they can be reasoned about page by page:

1. every horizontal text line with its dominant font size and boldness (rotated text, such as
   arXiv side stamps and diagonal watermarks, is dropped here);
2. debris removal: running headers and footers (text repeating at the same height on several
   pages, digits ignored), page numbers, margin line numbers;
3. lines regrouped into blocks that never mix columns or styles;
4. blocks put in reading order: on a two-column page, full-width blocks cut the page into bands
   and each band is read left column first, then right column.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from core.text.sentences import is_cjk_char
from core.types import BBox

# Ligatures and invisible characters that PDF text layers carry.
_CLEAN = str.maketrans(
    {
        "\ufb00": "ff",
        "\ufb01": "fi",
        "\ufb02": "fl",
        "\ufb03": "ffi",
        "\ufb04": "ffl",
        "\ufb05": "st",
        "\ufb06": "st",
        "\u00a0": " ",
        "\u2002": " ",
        "\u2003": " ",
        "\u2009": " ",
        "\u200a": " ",
        "\u202f": " ",
        "\u200b": "",
        "\u200c": "",
        "\u200d": "",
        "\ufeff": "",
        "\u00ad": "-",
        "\u2010": "-",
        "\u2011": "-",
    }
)
_SPACES = re.compile(r"[ \t]+")
_PAGE_NUMBER = re.compile(
    r"(?:page\s*)?[\divxlc]{1,5}(?:\s*(?:/|of)\s*\d{1,4})?|[-–—]\s*\d{1,4}\s*[-–—]|第\s*\d+\s*页",
    re.IGNORECASE,
)
_DIGITS = re.compile(r"\d+")
_BULLET = re.compile(r"^[•◦▪‣·∙●○■□-]\s")

HEADER_ZONE = 0.09  # share of the page height where running headers and footers live
SMALL_RATIO = 0.92  # below this share of the body font size text is not body text


@dataclass
class Line:
    """One visual line of text."""

    page: int  # 1-based
    x0: float
    y0: float
    x1: float
    y1: float
    text: str
    size: float
    bold: bool
    block_id: int
    #: Left and right edge of each character of ``text``; empty when the page gave none.
    edges: tuple[tuple[float, float], ...] = ()

    @property
    def bbox(self) -> BBox:
        """The line's box."""
        return (self.x0, self.y0, self.x1, self.y1)

    def span_x(self, start: int, end: int) -> tuple[float, float]:
        """Left and right edge of ``text[start:end]``.

        From the characters' own boxes when the page gave them; otherwise by the characters'
        share of the line, which a proportional font puts a letter or two off.
        """
        if len(self.edges) == len(self.text) and 0 <= start < end <= len(self.text):
            return self.edges[start][0], self.edges[end - 1][1]
        width = self.x1 - self.x0
        span = max(len(self.text), 1)
        return self.x0 + width * start / span, self.x0 + width * end / span

    @property
    def height(self) -> float:
        """Height of the line box."""
        return self.y1 - self.y0


@dataclass
class TextBlock:
    """Consecutive lines of one column and one style; ``kind`` is set by the caller."""

    page: int
    lines: list[Line]
    kind: str = "body"
    side: str = "F"  # "L", "R" or "F" (full width) on a two-column page
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def bbox(self) -> BBox:
        """Union of the line boxes."""
        return (
            min(ln.x0 for ln in self.lines),
            min(ln.y0 for ln in self.lines),
            max(ln.x1 for ln in self.lines),
            max(ln.y1 for ln in self.lines),
        )

    @property
    def size(self) -> float:
        """Font size of the block (that of its longest line)."""
        return max(self.lines, key=lambda ln: len(ln.text)).size

    @property
    def bold(self) -> bool:
        """Whether every line is bold."""
        return all(ln.bold for ln in self.lines)

    @property
    def text(self) -> str:
        """The lines joined, hyphenation repaired."""
        return join_lines([ln.text for ln in self.lines])


def clean(text: str) -> str:
    """Expand ligatures, drop invisible characters, collapse runs of spaces."""
    return _SPACES.sub(" ", text.translate(_CLEAN))


def join_pair(left: str, right: str) -> str:
    """Join two consecutive lines: repair hyphenation, no space between CJK characters."""
    if not left:
        return right
    if not right:
        return left
    if left.endswith("-") and len(left) >= 2 and left[-2].isalpha() and right[0].islower():
        fragment = left.rsplit(" ", 1)[-1]
        # NOTE: "state-of-the-" + "art" keeps its hyphen; "exam-" + "ple" is typesetting.
        if "-" not in fragment[:-1]:
            return left[:-1] + right
        return left + right
    if is_cjk_char(left[-1]) or is_cjk_char(right[0]):
        return left + right
    return left + " " + right


def join_lines(lines: list[str]) -> str:
    """Join lines of one paragraph."""
    text = ""
    for line in lines:
        text = join_pair(text, line.strip())
    return text


def _span_is_bold(span: dict[str, Any]) -> bool:
    font = span["font"].lower()
    return bool(span["flags"] & 16) or any(m in font for m in ("bold", "black", "heavy", "-bd"))


def extract_lines(page_dict: dict[str, Any], page_number: int, first_block_id: int) -> list[Line]:
    """Horizontal text lines of one page, with lines on the same baseline of a block merged."""
    lines: list[Line] = []
    block_id = first_block_id
    for block in page_dict["blocks"]:
        if block.get("type", 0) != 0:
            continue
        block_id += 1
        raw: list[Line] = []
        for line in block["lines"]:
            dx, dy = line["dir"]
            if abs(dy) > 0.02 or dx <= 0:
                continue  # rotated text: side stamps, diagonal watermarks
            spans = [s for s in line["spans"] if s["text"].strip()]
            if not spans:
                continue
            text = clean("".join(s["text"] for s in line["spans"])).strip()
            if not text:
                continue
            main = max(spans, key=lambda s: len(s["text"].strip()))
            bold = all(_span_is_bold(s) for s in spans if any(c.isalnum() for c in s["text"]))
            x0, y0, x1, y1 = line["bbox"]
            edges = _char_edges(line["spans"])
            raw.append(
                Line(
                    page_number,
                    x0,
                    y0,
                    x1,
                    y1,
                    text,
                    round(main["size"], 1),
                    bold,
                    block_id,
                    edges if len(edges) == len(text) else (),
                )
            )
        lines.extend(raw)
    return lines


def _char_edges(spans: list[dict[str, Any]]) -> tuple[tuple[float, float], ...]:
    """Each character's left and right edge, for the line's text as ``clean`` and strip give it.

    ``spans`` come from PyMuPDF's "rawdict", whose spans carry their characters' boxes; a
    ligature's box is shared by its letters, and a space dropped by ``clean`` takes no box.
    """
    out: list[tuple[str, float, float]] = []
    for span in spans:
        for char in span.get("chars", ()):
            left, _, right, _ = char["bbox"]
            cleaned = char["c"].translate(_CLEAN)
            step = (right - left) / max(len(cleaned), 1)
            for i, ch in enumerate(cleaned):
                if ch in " \t":
                    if out and out[-1][0] == " ":
                        continue
                    ch = " "
                out.append((ch, left + i * step, left + (i + 1) * step))
    while out and out[0][0] == " ":
        out.pop(0)
    while out and out[-1][0] == " ":
        out.pop()
    return tuple((left, right) for _, left, right in out)


def merge_same_baseline(lines: list[Line]) -> list[Line]:
    """Merge pieces of one visual line that PyMuPDF returned separately (same block, close)."""
    out: list[Line] = []
    for line in lines:
        prev = out[-1] if out else None
        if (
            prev is not None
            and prev.block_id == line.block_id
            and prev.page == line.page
            and _same_row(prev, line)
            and 0 <= line.x0 - prev.x1 < 2.5 * max(prev.size, line.size)
            and not _is_margin_number(prev, line)
            and not _is_margin_number(line, prev)
        ):
            joiner = "" if is_cjk_char(prev.text[-1]) and is_cjk_char(line.text[0]) else " "
            gap = ((prev.x1, line.x0),) if joiner else ()
            out[-1] = Line(
                prev.page,
                prev.x0,
                min(prev.y0, line.y0),
                line.x1,
                max(prev.y1, line.y1),
                prev.text + joiner + line.text,
                prev.size if len(prev.text) >= len(line.text) else line.size,
                prev.bold and line.bold,
                prev.block_id,
                prev.edges + gap + line.edges if prev.edges and line.edges else (),
            )
        else:
            out.append(line)
    return out


def _is_margin_number(number: Line, other: Line) -> bool:
    """A small number beside a text line: a margin line number, never part of the text."""
    return number.text.isdigit() and number.size < 0.85 * other.size


def _same_row(a: Line, b: Line) -> bool:
    overlap = min(a.y1, b.y1) - max(a.y0, b.y0)
    return overlap > 0.5 * min(a.height, b.height)


def body_font_size(lines: list[Line]) -> float:
    """The most common font size, weighted by characters."""
    counts: Counter[float] = Counter()
    for line in lines:
        counts[round(line.size * 2) / 2] += len(line.text)
    return counts.most_common(1)[0][0] if counts else 10.0


def remove_debris(pages: list[list[Line]], heights: list[float], body: float) -> list[list[Line]]:
    """Drop running headers/footers, page numbers and margin line numbers."""
    keys: Counter[tuple[str, str]] = Counter()
    for lines, height in zip(pages, heights, strict=True):
        seen: set[tuple[str, str]] = set()
        for line in lines:
            zone = _zone(line, height)
            if zone:
                seen.add((zone, _DIGITS.sub("#", line.text.lower())))
        keys.update(seen)
    repeat = max(2, round(0.4 * len(pages)))
    out: list[list[Line]] = []
    for lines, height in zip(pages, heights, strict=True):
        body_lines = [ln for ln in lines if abs(ln.size - body) < 0.15 * body]
        left = min((ln.x0 for ln in body_lines), default=0.0)
        right = max((ln.x1 for ln in body_lines), default=1e9)
        kept = []
        for line in lines:
            zone = _zone(line, height)
            text = line.text
            if zone and (
                keys[(zone, _DIGITS.sub("#", text.lower()))] >= repeat
                or _PAGE_NUMBER.fullmatch(text)
                or line.size < SMALL_RATIO * body
                and zone == "top"
            ):
                continue
            if (
                text.isdigit()
                and len(text) <= 4
                and (line.size < 0.85 * body or line.x1 < left + 1 or line.x0 > right - 1)
            ):
                continue  # margin line numbers
            kept.append(line)
        out.append(kept)
    return out


def _zone(line: Line, height: float) -> str:
    if line.y1 < HEADER_ZONE * height:
        return "top"
    if line.y0 > (1 - HEADER_ZONE) * height:
        return "bottom"
    return ""


def _style(line: Line, body: float) -> str:
    ratio = line.size / body
    if ratio < SMALL_RATIO:
        return "small"
    if ratio >= 1.08:
        return "large"
    return "bold" if line.bold else "body"


def build_blocks(lines: list[Line], body: float) -> list[TextBlock]:
    """Group one page's lines into blocks in reading order."""
    if not lines:
        return []
    page = lines[0].page
    # NOTE: substantial lines of any size decide the columns, so a page holding only a
    # small-print reference list is still recognised as two-column.
    text_lines = [ln for ln in lines if len(ln.text) >= 15] or lines
    left = min(ln.x0 for ln in text_lines)
    right = max(ln.x1 for ln in text_lines)
    mid = (left + right) / 2

    def side(line: Line) -> str:
        if line.x1 <= mid + 4:
            return "L"
        if line.x0 >= mid - 4:
            return "R"
        return "F"

    sides = Counter(side(ln) for ln in text_lines)
    # A last page may fill its right column with a line or two.
    two_column = (sides["L"] >= 4 and sides["R"] >= 4 and sides["F"] < sides["L"] + sides["R"]) or (
        sides["L"] >= 8 and sides["R"] >= 1 and 4 * sides["F"] < sides["L"]
    )

    blocks: list[TextBlock] = []
    for line in lines:
        line_side = side(line) if two_column else "F"
        prev = blocks[-1] if blocks else None
        last = prev.lines[-1] if prev else None
        if (
            prev is not None
            and last is not None
            and prev.side == line_side
            and _style(last, body) == _style(line, body)
            # A title at 15 pt over its authors at 11 pt: both large, not one block.
            and abs(last.size - line.size) <= 0.15 * max(last.size, line.size)
            and line.y0 >= last.y0
            and (
                last.block_id == line.block_id
                and line.y0 - last.y1 < 1.2 * max(last.height, line.height)
                or line.y0 - last.y1 < 0.5 * max(last.height, line.height)
                and min(last.x1, line.x1) > max(last.x0, line.x0)
            )
        ):
            prev.lines.append(line)
        else:
            blocks.append(TextBlock(page, [line], side=line_side))
    # Column edges from body-size text (as ``_style`` reads it), so a sidebar in small print
    # (JOSE's 9 pt beside 10 pt body) does not shift them and indent every heading.
    edges: dict[str, float] = {}
    for block in blocks:
        if _style(block.lines[0], body) in ("body", "bold"):
            edges[block.side] = min(edges.get(block.side, block.bbox[0]), block.bbox[0])
    for block in blocks:
        block.extra["indent"] = block.bbox[0] - edges.get(block.side, block.bbox[0])
    if two_column:
        blocks = _merge_column_neighbours(blocks, body)
        return _two_column_order(blocks)
    return sorted(blocks, key=lambda b: (round(b.bbox[1]), b.bbox[0]))


def _merge_column_neighbours(blocks: list[TextBlock], body: float) -> list[TextBlock]:
    """Undo PyMuPDF splitting one paragraph into several blocks inside a column."""
    out: list[TextBlock] = []
    for block in blocks:
        prev = out[-1] if out else None
        if (
            prev is not None
            and prev.side == block.side
            and _style(prev.lines[-1], body) == _style(block.lines[0], body) == "body"
            and 0 <= block.bbox[1] - prev.bbox[3] < 0.6 * prev.lines[-1].height
            and abs(block.bbox[0] - prev.bbox[0]) < 20
        ):
            prev.lines.extend(block.lines)
        else:
            out.append(block)
    return out


def _two_column_order(blocks: list[TextBlock]) -> list[TextBlock]:
    """Full-width blocks cut the page into bands; each band is read left, then right."""
    ordered: list[TextBlock] = []
    band: list[TextBlock] = []
    for block in sorted(blocks, key=lambda b: (b.bbox[1], b.bbox[0])):
        if block.side == "F":
            ordered.extend(_band(band))
            band = []
            ordered.append(block)
        else:
            band.append(block)
    ordered.extend(_band(band))
    return ordered


def _band(blocks: list[TextBlock]) -> list[TextBlock]:
    left = [b for b in blocks if b.side == "L"]
    right = [b for b in blocks if b.side == "R"]
    return sorted(left, key=lambda b: b.bbox[1]) + sorted(right, key=lambda b: b.bbox[1])


def starts_with_bullet(text: str) -> bool:
    """Whether a line begins a list item."""
    return bool(_BULLET.match(text))
