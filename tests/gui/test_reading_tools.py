"""Reading tools of the PDF pane: text selection and copy, thumbnails, find, outline, export."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtGui import QGuiApplication, QKeySequence
from pytestqt.qtbot import QtBot

from core import pdf_access
from desktop.dialogs import prompts
from desktop.main_window import MainWindow
from desktop.views.pdf_view import PdfView
from desktop.views.text_selection import Word
from tests.fakes import FakeLLM
from tests.gui.conftest import REPLY, WindowFactory
from tests.gui.helpers import TIMEOUT_MS, critique, open_paper
from tests.pdf_factory import TWO_COLUMN_SECTIONS

#: A second critique that shares no sentence with the first.
OTHER_REPLY = (
    "SpanCheck adds less than 4 ms of latency per question. "
    "The verifier transfers from SQuAD to NewsQA without retraining."
)


def _page_words(pdf: Path, page: int) -> list[Word]:
    with pdf_access.hold() as pymupdf:
        doc = pymupdf.open(str(pdf))
        try:
            return [Word(*w[:7]) for w in doc[page - 1].get_text("words")]
        finally:
            doc.close()


def _centre(view: PdfView, page: int, word: Word) -> QPoint:
    rect = QRectF(word.x0, word.y0, word.x1 - word.x0, word.y1 - word.y0)
    return view.page_rect_to_viewport(page, rect).center().toPoint()


def _line_of(words: list[Word], first: str) -> list[Word]:
    """The words of the line that starts with ``first``."""
    start = next(w for w in words if w.text == first)
    return [w for w in words if (w.block, w.line) == (start.block, start.line)]


def test_dragging_selects_the_words_and_copy_puts_them_on_the_clipboard(
    qtbot: QtBot, make_window: WindowFactory, paper_pdf: Path
) -> None:
    window = make_window()
    open_paper(qtbot, window, paper_pdf)
    pdf = window.pdf_view
    words = _page_words(paper_pdf, 1)
    line = _line_of(words, "Question")
    first, last = line[0], line[min(4, len(line) - 1)]
    pdf.show_position(1, first.y0)
    start, end = _centre(pdf, 1, first), _centre(pdf, 1, last)
    expected = " ".join(w.text for w in line[: line.index(last) + 1])

    clipboard = QGuiApplication.clipboard()
    clipboard.clear()
    qtbot.mousePress(pdf.viewport(), Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(pdf.viewport(), pos=(start + end) / 2)
    qtbot.mouseMove(pdf.viewport(), pos=end)
    qtbot.mouseRelease(pdf.viewport(), Qt.MouseButton.LeftButton, pos=end)
    assert pdf.selected_text() == expected

    pdf.setFocus()
    qtbot.keyClick(pdf, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert clipboard.text() == expected

    # The context menu's Copy does the same.
    clipboard.clear()
    copy = next(a for a in pdf.context_menu().actions() if a.text() == "Copy")
    assert copy.isEnabled()
    copy.trigger()
    assert clipboard.text() == expected

    # A drag over two lines copies both, the line break as a space.
    following = [w for w in words if (w.block, w.line) == (first.block, first.line + 1)]
    if following:
        qtbot.mousePress(pdf.viewport(), Qt.MouseButton.LeftButton, pos=start)
        qtbot.mouseMove(pdf.viewport(), pos=_centre(pdf, 1, following[1]))
        qtbot.mouseRelease(
            pdf.viewport(), Qt.MouseButton.LeftButton, pos=_centre(pdf, 1, following[1])
        )
        two_lines = " ".join(w.text for w in line + following[:2])
        assert pdf.selected_text() == two_lines

    # A double-click selects one word; a plain click clears the selection.
    word = line[2]
    qtbot.mouseDClick(pdf.viewport(), Qt.MouseButton.LeftButton, pos=_centre(pdf, 1, word))
    assert pdf.selected_text() == word.text
    qtbot.mouseClick(pdf.viewport(), Qt.MouseButton.LeftButton, pos=_centre(pdf, 1, word))
    assert pdf.selection is None and pdf.selected_text() == ""
    assert not next(a for a in pdf.context_menu().actions() if a.text() == "Copy").isEnabled()


def test_clicking_a_thumbnail_goes_to_its_page(
    qtbot: QtBot, make_window: WindowFactory, paper_pdf: Path
) -> None:
    window = make_window()
    open_paper(qtbot, window, paper_pdf)
    thumbs = window.thumbnails_view
    assert thumbs.pages.rowCount() == window.pdf_view.page_count >= 2
    with qtbot.waitSignal(thumbs.thumbnail_ready, timeout=TIMEOUT_MS):
        window.side_tabs.setCurrentWidget(thumbs)
    assert thumbs.pages.has_image(0)

    rect = thumbs.visualRect(thumbs.pages.index(1))
    with qtbot.waitSignal(window.pdf_view.page_changed, timeout=TIMEOUT_MS) as blocker:
        qtbot.mouseClick(thumbs.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert blocker.args == [2]
    assert window.pdf_view.current_page() == 2
    assert window.page_box.value() == 2

    # Scrolling the PDF moves the current thumbnail with it.
    window.pdf_view.go_to_page(1)
    assert thumbs.currentIndex().row() == 0


def test_ctrl_f_finds_text_and_steps_through_the_hits(
    qtbot: QtBot, make_window: WindowFactory, paper_pdf: Path
) -> None:
    window = make_window()
    open_paper(qtbot, window, paper_pdf)
    bar, pdf = window.find_bar, window.pdf_view
    assert window.find_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Find)
    assert bar.isHidden()
    window.find_action.trigger()
    assert bar.isVisible() and bar.edit.hasFocus()

    with qtbot.waitSignal(bar.found, timeout=TIMEOUT_MS):
        qtbot.keyClicks(bar.edit, "12,500 examples")
    hits = bar.hits
    assert len(hits) >= 2
    assert bar.count.text() == f"1 of {len(hits)}"
    assert pdf.found == hits[0]
    with qtbot.waitSignal(bar.found, timeout=TIMEOUT_MS) as blocker:
        qtbot.keyClick(bar.edit, Qt.Key.Key_Return)
    assert blocker.args == [hits[1][0], hits[1][1]]
    assert bar.count.text() == f"2 of {len(hits)}"
    assert pdf.found == hits[1] and pdf.current_page() == hits[1][0]

    with qtbot.waitSignal(bar.found, timeout=TIMEOUT_MS):
        qtbot.keyClicks(bar.edit, " nowhere in the paper")
    assert bar.count.text() == "no match" and pdf.found is None
    qtbot.keyClick(bar, Qt.Key.Key_Escape)
    assert bar.isHidden()


def test_clicking_an_outline_heading_goes_to_its_page(
    qtbot: QtBot, make_window: WindowFactory, paper_pdf: Path
) -> None:
    window = make_window()
    open_paper(qtbot, window, paper_pdf)
    window.side_tabs.setCurrentWidget(window.outline_view)
    listing = window.outline_view.list
    items = [listing.item(i) for i in range(listing.count())]
    texts = [item.text() for item in items]
    for heading in TWO_COLUMN_SECTIONS:
        assert any(t.startswith(heading) for t in texts), texts
    # The last heading is past page 1, so going there moves the view.
    item = next(i for i in reversed(items) if i.text().startswith(TWO_COLUMN_SECTIONS[-1]))
    page = int(item.text().rsplit("p. ", 1)[1])
    assert page > 1
    listing.scrollToItem(item)
    with qtbot.waitSignal(window.pdf_view.page_changed, timeout=TIMEOUT_MS):
        qtbot.mouseClick(
            listing.viewport(), Qt.MouseButton.LeftButton, pos=listing.visualItemRect(item).center()
        )
    assert window.pdf_view.current_page() == page


def test_export_writes_the_critique_shown_not_the_newest(
    qtbot: QtBot,
    make_window: WindowFactory,
    paper_pdf: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    writer = FakeLLM(default=lambda _i, _c: REPLY)
    window: MainWindow = make_window(writer)
    open_paper(qtbot, window, paper_pdf)
    first = critique(qtbot, window)
    writer.default = lambda _i, _c: OTHER_REPLY
    newest = critique(qtbot, window)
    assert newest.result.text != first.result.text

    with qtbot.waitSignal(window.critique_shown, timeout=TIMEOUT_MS):
        window.show_stored_critique(first.id)
    out = tmp_path / "shown.json"
    monkeypatch.setattr(prompts, "ask_save_path", lambda *_a: out)
    with qtbot.waitSignal(window.export_finished, timeout=TIMEOUT_MS):
        assert window.export("json") is not None
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["text"] == first.result.text

    # Back on the newest run, Export writes that one.
    with qtbot.waitSignal(window.critique_shown, timeout=TIMEOUT_MS):
        window.show_stored_critique(newest.id)
    out.unlink()
    with qtbot.waitSignal(window.export_finished, timeout=TIMEOUT_MS):
        assert window.export("json") is not None
    assert json.loads(out.read_text(encoding="utf-8"))["text"] == newest.result.text
