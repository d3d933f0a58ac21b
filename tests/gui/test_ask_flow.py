"""Ask the paper in the window: streaming, colours, tooltips, jump, claims panel, history, Stop."""

from __future__ import annotations

import threading
from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from core.ask.result import StoredAnswer
from tests.fakes import FakeLLM
from tests.gui.conftest import WindowFactory
from tests.gui.helpers import TIMEOUT_MS, open_paper

QUESTION = "What accuracy does SpanCheck reach on SQuAD?"
ANSWER = (
    "SpanCheck reaches an accuracy of 87.3% on SQuAD (p. 1). "
    "The verifier was trained on ImageNet-22K with 64 GPUs."
)


def test_ask_streams_colours_lists_and_jumps(
    qtbot: QtBot, make_window: WindowFactory, paper_pdf: Path
) -> None:
    window = make_window(FakeLLM(default=lambda _i, _c: ANSWER))
    open_paper(qtbot, window, paper_pdf)
    view = window.ask_view
    window.reading_tabs.setCurrentWidget(view)
    qtbot.waitUntil(view.ask_button.isEnabled, timeout=TIMEOUT_MS)
    streamed: list[str] = []
    view.answer_view.textChanged.connect(lambda: streamed.append(view.answer_view.toPlainText()))
    view.question.setText(QUESTION)
    with (
        qtbot.waitSignal(window.ask.answered, timeout=TIMEOUT_MS) as done,
        qtbot.waitSignal(
            window.ask.answers_loaded, timeout=TIMEOUT_MS, check_params_cb=lambda a: len(a) == 1
        ),
    ):
        qtbot.mouseClick(view.ask_button, Qt.MouseButton.LeftButton)
    answer = done.args[0]
    assert isinstance(answer, StoredAnswer)
    assert any("SpanCheck" in text for text in streamed)  # text appeared before the end

    verdicts = answer.result.verdicts
    sourced = next(v for v in verdicts if v.evidence)
    wrong = next(v for v in verdicts if "ImageNet" in v.claim.text)
    assert wrong.status.flagged
    shown = view.answer_view
    assert shown.styled_sentences() == [v.claim.index for v in verdicts]
    fmt = shown.sentence_format(wrong.claim.index)
    assert fmt is not None and fmt.underlineStyle() != fmt.UnderlineStyle.NoUnderline
    tip = shown.tooltip_for(wrong.claim.index)
    assert "Unsupported" in tip or "Rejected" in tip
    assert "unverified" in shown.toPlainText()  # the marker shows as a badge

    # Click a sentence: the PDF view highlights its evidence on its page.
    shown.sentence_activated.emit(sourced.claim.index)
    best = max(sourced.evidence, key=lambda e: e.score)
    highlight = window.pdf_view.highlight
    assert highlight is not None and highlight[0] == best.page

    # The flagged sentence is in the unsourced-claims panel, tagged with its question.
    rows = [
        window.claims_panel.tree.item(i).text() for i in range(window.claims_panel.tree.count())
    ]
    assert any(row.startswith(f"Q: {QUESTION}") and "ImageNet-22K" in row for row in rows)

    # Earlier questions are listed from the library, and picking one shows it again.
    assert view.history.count() == 1 and QUESTION in view.history.item(0).text()
    view.answer_view.show_placeholder("")
    view.history.setCurrentRow(-1)
    view.history.setCurrentRow(0)
    assert view.shown is not None and view.shown.id == answer.id


def test_stop_ends_the_answer_and_stores_nothing(
    qtbot: QtBot, make_window: WindowFactory, paper_pdf: Path
) -> None:
    release = threading.Event()

    def slow(_instruction: str, _content: str) -> str:
        release.wait(30)
        return ANSWER

    window = make_window(FakeLLM(default=slow))
    sha = open_paper(qtbot, window, paper_pdf)
    view = window.ask_view
    qtbot.waitUntil(view.ask_button.isEnabled, timeout=TIMEOUT_MS)
    assert window.ask.ask(QUESTION) is not None
    qtbot.waitUntil(lambda: not view.stop_button.isHidden(), timeout=TIMEOUT_MS)
    with qtbot.waitSignal(window.ask.stopped, timeout=TIMEOUT_MS):
        qtbot.mouseClick(view.stop_button, Qt.MouseButton.LeftButton)
        release.set()
    qtbot.waitUntil(lambda: window.ask.task is None, timeout=TIMEOUT_MS)
    assert view.ask_button.isEnabled() and view.stop_button.isHidden()
    with qtbot.waitSignal(window.ask.answers_loaded, timeout=TIMEOUT_MS) as loaded:
        window.ask.load(sha)
    assert loaded.args[0] == []
