"""Text selection on PDF pages: words under a drag, in reading order, and their text.

A selection is two points on pages (where the drag started and where it is now); the words
between them, in the PDF's reading order, are selected, as in a text editor. Points, not word
numbers, are kept, so a selection can start before a page's words are loaded.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from core.types import BBox


class Word(NamedTuple):
    """One word of a page as PyMuPDF reports it (PDF points)."""

    x0: float
    y0: float
    x1: float
    y1: float
    text: str
    block: int
    line: int


class PagePoint(NamedTuple):
    """A point on a page: 0-based page index and PDF points."""

    page: int
    x: float
    y: float


class PageWords:
    """The words of one page in reading order."""

    def __init__(self, raw: Iterable[Sequence[Any]]) -> None:
        """Take PyMuPDF's ``get_text("words")`` tuples (x0, y0, x1, y1, text, block, line, n)."""
        self.words = tuple(Word(*(w[:7])) for w in raw)

    def nearest(self, x: float, y: float) -> int | None:
        """The word under (x, y), else the closest one, lines counting before columns.

        Vertical distance counts double, so a point in the gutter or past a line's end picks
        that line, and a point between lines of one column never jumps to the other column.
        """
        if not self.words:
            return None

        def distance(i: int) -> float:
            w = self.words[i]
            dx = max(w.x0 - x, 0.0, x - w.x1)
            dy = max(w.y0 - y, 0.0, y - w.y1)
            return dx * dx + 4 * dy * dy

        return min(range(len(self.words)), key=distance)


WordsOf = Callable[[int], PageWords | None]


@dataclass(frozen=True)
class TextSelection:
    """The words from ``anchor`` (where the drag began) to ``head`` (where it is now)."""

    anchor: PagePoint
    head: PagePoint

    def spans(self, words_of: WordsOf) -> dict[int, tuple[int, int]] | None:
        """Per page index, the first and last selected word; None while a page is not loaded."""
        ends: list[tuple[int, int]] = []
        for point in (self.anchor, self.head):
            words = words_of(point.page)
            if words is None:
                return None
            at = words.nearest(point.x, point.y)
            ends.append((point.page, -1 if at is None else at))
        (first_page, first), (last_page, last) = sorted(ends)
        spans: dict[int, tuple[int, int]] = {}
        for page in range(first_page, last_page + 1):
            words = words_of(page)
            if words is None:
                return None
            start = first if page == first_page else 0
            end = last if page == last_page else len(words.words) - 1
            if start >= 0 and end >= start:
                spans[page] = (start, end)
        return spans

    def text(self, words_of: WordsOf) -> str:
        """The selected words as plain text; empty while a page is not loaded."""
        spans = self.spans(words_of)
        if not spans:
            return ""
        picked: list[Word] = []
        for page, (start, end) in sorted(spans.items()):
            words = words_of(page)
            assert words is not None  # spans() returned, so every page is loaded
            picked += words.words[start : end + 1]
        return join_words(picked)


def join_words(words: Sequence[Word]) -> str:
    """Words of one line joined by spaces, lines by spaces, blocks (paragraphs) by newlines.

    A line ending in a hyphen before a lower-case word is joined without it, so a word the
    PDF broke across lines ("repre-" / "sentations") is copied whole.
    """
    out = ""
    previous: Word | None = None
    for word in words:
        if previous is None:
            out = word.text
        elif (previous.block, previous.line) == (word.block, word.line):
            out += " " + word.text
        elif previous.block != word.block:
            out += "\n" + word.text
        elif _broken(previous.text, word.text):
            out = out[:-1] + word.text
        else:
            out += " " + word.text
        previous = word
    return out


def _broken(end: str, start: str) -> bool:
    return len(end) > 2 and end.endswith("-") and end[-2].isalpha() and start[:1].islower()


def line_boxes(words: Sequence[Word]) -> list[BBox]:
    """One box per line of consecutive ``words``, to paint a selection as a reader expects."""
    boxes: list[BBox] = []
    key: tuple[int, int] | None = None
    for word in words:
        if key == (word.block, word.line) and boxes:
            x0, y0, x1, y1 = boxes[-1]
            boxes[-1] = (min(x0, word.x0), min(y0, word.y0), max(x1, word.x1), max(y1, word.y1))
        else:
            boxes.append((word.x0, word.y0, word.x1, word.y1))
        key = (word.block, word.line)
    return boxes
