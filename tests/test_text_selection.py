"""Text selection in the PDF view: which words a drag selects, and the text copied."""

from __future__ import annotations

from desktop.views.text_selection import (
    PagePoint,
    PageWords,
    TextSelection,
    Word,
    join_words,
    line_boxes,
)

# Two columns: block 0 on the left (two lines), block 1 on the right (one line).
PAGE = PageWords(
    [
        (50, 100, 80, 110, "Our", 0, 0, 0),
        (85, 100, 150, 110, "repre-", 0, 0, 1),
        (50, 112, 120, 122, "sentations", 0, 1, 0),
        (125, 112, 150, 122, "work.", 0, 1, 1),
        (320, 100, 360, 110, "Right", 1, 0, 0),
        (365, 100, 420, 110, "column.", 1, 0, 1),
    ]
)
NEXT = PageWords([(50, 60, 90, 70, "Next", 0, 0, 0), (95, 60, 130, 70, "page.", 0, 0, 1)])


def _words_of(page: int) -> PageWords | None:
    return {0: PAGE, 1: NEXT}.get(page)


def test_nearest_word_keeps_to_the_column_under_the_pointer() -> None:
    assert PAGE.nearest(100, 105) == 1  # on a word
    assert PAGE.nearest(130, 111) == 1  # between two lines of the left column
    assert PAGE.nearest(200, 105) == 1  # in the gutter, nearer the left column
    assert PAGE.nearest(300, 105) == 4  # in the gutter, nearer the right column
    assert PageWords([]).nearest(0, 0) is None


def test_a_drag_selects_in_reading_order_whichever_way_it_goes() -> None:
    forward = TextSelection(PagePoint(0, 60, 105), PagePoint(0, 130, 117))
    backward = TextSelection(PagePoint(0, 130, 117), PagePoint(0, 60, 105))
    assert forward.spans(_words_of) == backward.spans(_words_of) == {0: (0, 3)}
    assert forward.text(_words_of) == "Our representations work."
    both = TextSelection(PagePoint(0, 100, 105), PagePoint(0, 340, 105))
    assert both.text(_words_of) == "representations work.\nRight"


def test_a_selection_runs_across_pages() -> None:
    across = TextSelection(PagePoint(0, 400, 105), PagePoint(1, 60, 65))
    assert across.spans(_words_of) == {0: (5, 5), 1: (0, 0)}
    assert across.text(_words_of) == "column.\nNext"
    assert TextSelection(PagePoint(0, 0, 0), PagePoint(2, 0, 0)).text(_words_of) == ""


def test_joining_keeps_real_hyphens_and_lines_are_boxed_once() -> None:
    words = [Word(0, 0, 10, 10, "state-of-", 0, 0), Word(0, 12, 10, 22, "The", 0, 1)]
    assert join_words(words) == "state-of- The"
    assert line_boxes(PAGE.words[:4]) == [(50, 100, 150, 110), (50, 112, 150, 122)]
