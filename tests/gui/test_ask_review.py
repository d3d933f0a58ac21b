"""Reviewing answer sentences in the window, and exporting them the way the command line does."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QTableWidget
from pytestqt.qtbot import QtBot

from core.ask.result import StoredAnswer
from core.cli.main import main
from core.records import AuditEntry, ReviewAction
from core.review_log import describe_audit_entry
from core.types import Status
from desktop.dialogs import prompts
from desktop.dialogs.review_history import ReviewHistoryDialog
from desktop.main_window import MainWindow
from tests.fakes import FakeLLM
from tests.gui.conftest import REPLY, SUPPORTED, WindowFactory
from tests.gui.helpers import TIMEOUT_MS, critique, open_paper

QUESTION = "What accuracy does SpanCheck reach on SQuAD?"
ANSWER = (
    "SpanCheck reaches an accuracy of 87.3% on SQuAD (p. 1). "
    "The verifier was trained on ImageNet-22K with 64 GPUs."
)


def _writer(instruction: str, content: str) -> str:
    """The critique reply for critique prompts, the answer for questions."""
    return ANSWER if QUESTION in instruction + content else REPLY


def _ask(qtbot: QtBot, window: MainWindow) -> StoredAnswer:
    view = window.ask_view
    window.reading_tabs.setCurrentWidget(view)
    qtbot.waitUntil(view.ask_button.isEnabled, timeout=TIMEOUT_MS)
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
    return answer


def _on_lane(window: MainWindow, sha: str) -> tuple[list[StoredAnswer], list[AuditEntry]]:
    lane = window.lane
    ws = lane.workspace
    answers = lane.runner.call_blocking(lambda: ws().answers(sha))
    log = lane.runner.call_blocking(lambda: ws().answers_audit_log(sha))
    assert isinstance(answers, list) and isinstance(log, list)
    return answers, log


def _cell(table: QTableWidget, row: int, column: int) -> str:
    item = table.item(row, column)
    assert item is not None
    return item.text()


def _review(qtbot: QtBot, window: MainWindow, trigger: object) -> StoredAnswer:
    """Run ``trigger`` and wait for the stored review and the refreshed answer list."""
    with (
        qtbot.waitSignal(window.ask.review_stored, timeout=TIMEOUT_MS) as stored,
        qtbot.waitSignal(window.ask.answers_loaded, timeout=TIMEOUT_MS),
    ):
        trigger()  # type: ignore[operator]
    answer = stored.args[0]
    assert isinstance(answer, StoredAnswer)
    return answer


def test_answer_sentences_are_accepted_rejected_and_edited_like_critique_sentences(
    qtbot: QtBot, make_window: WindowFactory, paper_pdf: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window(FakeLLM(default=_writer))
    sha = open_paper(qtbot, window, paper_pdf)
    answer = _ask(qtbot, window)
    wrong = next(v for v in answer.result.verdicts if "ImageNet" in v.claim.text)
    assert wrong.status.flagged
    index = wrong.claim.index
    panel = window.claims_panel

    # A supported answer sentence is marked too (green underline), so it reads as checked.
    supported = [v for v in answer.result.verdicts if v.status is Status.SUPPORTED]
    assert supported
    for verdict in supported:
        fmt = window.ask_view.answer_view.sentence_format(verdict.claim.index)
        assert fmt is not None and fmt.underlineStyle() is fmt.UnderlineStyle.SingleUnderline
        assert fmt.underlineColor().green() > fmt.underlineColor().red()

    # Listed in the unsourced-claims panel, tagged with its question, and counted there.
    assert panel.select_answer_sentence(answer.id, index)
    row = panel.tree.currentItem().text()
    assert row.startswith(f"Q: {QUESTION}\n") and "ImageNet-22K" in row
    assert panel.filter.itemText(0) == f"All flagged ({panel.tree.count()})"
    assert "1 sentence needs review" in panel.summary.text()
    # No critique yet, and still the review buttons work for an answer's sentence.
    assert window.critique_view.critique is None
    assert panel.accept_button.isEnabled() and panel.edit_button.isEnabled()

    # Accept from the panel with a note: stored, shown in the row and on the sentence.
    monkeypatch.setattr(prompts, "ask_text", lambda *a, **k: "checked in Table 1")
    reviewed = _review(
        qtbot, window, lambda: qtbot.mouseClick(panel.accept_button, Qt.MouseButton.LeftButton)
    )
    assert reviewed.reviews[index].action is ReviewAction.ACCEPT
    assert reviewed.reviews[index].note == "checked in Table 1"
    assert panel.current_answer_sentence() == (answer.id, index)
    assert "accepted by you" in panel.tree.currentItem().text()
    assert "accepted by you" in window.ask_view.answer_view.toPlainText()
    assert "1 reviewed" in window.ask_view.status.text()

    # Reject from the answer's own context menu, as for a critique sentence.
    menu = window.ask_view.answer_view.build_context_menu(index)
    reject = next(a for a in menu.actions() if a.data() == ReviewAction.REJECT.value)
    reviewed = _review(qtbot, window, reject.trigger)
    assert reviewed.reviews[index].action is ReviewAction.REJECT

    # Edit from the panel: the new text is checked against the paper again.
    monkeypatch.setattr(prompts, "ask_text", lambda *a, **k: SUPPORTED[0])
    assert panel.select_answer_sentence(answer.id, index)
    reviewed = _review(
        qtbot, window, lambda: qtbot.mouseClick(panel.edit_button, Qt.MouseButton.LeftButton)
    )
    edited = next(v for v in reviewed.result.verdicts if v.claim.index == index)
    assert edited.claim.text == SUPPORTED[0]
    assert edited.status is Status.SUPPORTED

    # All three are kept in the library and in the audit log, naming the question.
    answers, log = _on_lane(window, sha)
    assert answers[0].reviews[index].action is ReviewAction.EDIT
    assert [e.action for e in log] == ["review:accept", "review:reject", "review:edit"]
    assert all(e.detail["answer"] == answer.id for e in log)
    assert QUESTION in describe_audit_entry(log[0])


def test_a_cancelled_prompt_stores_no_answer_review(
    qtbot: QtBot, make_window: WindowFactory, paper_pdf: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window(FakeLLM(default=_writer))
    sha = open_paper(qtbot, window, paper_pdf)
    answer = _ask(qtbot, window)
    wrong = next(v for v in answer.result.verdicts if v.status.flagged)
    monkeypatch.setattr(prompts, "ask_text", lambda *a, **k: None)
    assert window.ask.request_review(answer.id, wrong.claim.index, ReviewAction.ACCEPT) is None
    assert window.ask.request_review(answer.id, wrong.claim.index, ReviewAction.EDIT) is None
    answers, log = _on_lane(window, sha)
    assert answers[0].reviews == {} and log == []


@pytest.mark.parametrize("fmt", ["md", "json"])
def test_window_and_command_line_export_the_same_bytes(
    qtbot: QtBot,
    make_window: WindowFactory,
    paper_pdf: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    fmt: str,
) -> None:
    window = make_window(FakeLLM(default=_writer))
    open_paper(qtbot, window, paper_pdf)
    critique(qtbot, window)
    answer = _ask(qtbot, window)
    wrong = next(v for v in answer.result.verdicts if v.status.flagged)
    monkeypatch.setattr(prompts, "ask_text", lambda *a, **k: "seen")
    _review(
        qtbot,
        window,
        lambda: window.ask.request_review(answer.id, wrong.claim.index, ReviewAction.ACCEPT),
    )

    from_window = tmp_path / f"window.{fmt}"
    monkeypatch.setattr(prompts, "ask_save_path", lambda *_a: from_window)
    with qtbot.waitSignal(window.export_finished, timeout=TIMEOUT_MS):
        assert window.export(fmt) is not None
    from_cli = tmp_path / f"cli.{fmt}"
    assert main(["export", str(paper_pdf), "--format", fmt, "--out", str(from_cli)]) == 0

    written = from_window.read_bytes()
    assert written == from_cli.read_bytes()
    text = written.decode("utf-8")
    assert QUESTION in text and "seen" in text


def test_review_history_in_the_window_shows_answer_reviews(
    qtbot: QtBot, make_window: WindowFactory, paper_pdf: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window(FakeLLM(default=_writer))
    open_paper(qtbot, window, paper_pdf)
    critique(qtbot, window)
    answer = _ask(qtbot, window)
    wrong = next(v for v in answer.result.verdicts if v.status.flagged)
    monkeypatch.setattr(prompts, "ask_text", lambda *a, **k: "seen")
    _review(
        qtbot,
        window,
        lambda: window.ask.request_review(answer.id, wrong.claim.index, ReviewAction.ACCEPT),
    )
    shown: list[ReviewHistoryDialog] = []

    def opened(dialog: ReviewHistoryDialog) -> QDialog.DialogCode:
        shown.append(dialog)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(ReviewHistoryDialog, "exec", opened)
    task = window.show_review_history()
    assert task is not None
    with qtbot.waitSignal(task.finished, timeout=TIMEOUT_MS):
        pass
    table = shown[0].table
    rows = [[_cell(table, r, c) for c in range(table.columnCount())] for r in range(2)]
    assert "critique written" in rows[0][2]
    expected = f"answer {answer.id} ({QUESTION}): sentence {wrong.claim.index} accepted"
    assert rows[1][2] == expected and rows[1][5] == "seen"


def test_a_paper_with_only_an_answer_exports_from_the_window(
    qtbot: QtBot,
    make_window: WindowFactory,
    paper_pdf: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    window = make_window(FakeLLM(default=_writer))
    open_paper(qtbot, window, paper_pdf)
    assert not window.export_actions["md"].isEnabled()
    _ask(qtbot, window)
    qtbot.waitUntil(window.export_actions["md"].isEnabled, timeout=TIMEOUT_MS)
    from_window = tmp_path / "window.md"
    monkeypatch.setattr(prompts, "ask_save_path", lambda *_a: from_window)
    with qtbot.waitSignal(window.export_finished, timeout=TIMEOUT_MS):
        assert window.export("md") is not None
    from_cli = tmp_path / "cli.md"
    assert main(["export", str(paper_pdf), "--format", "md", "--out", str(from_cli)]) == 0
    notes = from_window.read_text(encoding="utf-8")
    assert from_window.read_bytes() == from_cli.read_bytes()
    assert f"### Q1. {QUESTION}" in notes and "## Critique" not in notes


def test_removing_the_open_paper_clears_its_answers(
    qtbot: QtBot, make_window: WindowFactory, paper_pdf: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window(FakeLLM(default=_writer))
    open_paper(qtbot, window, paper_pdf)
    answer = _ask(qtbot, window)
    flagged = next(v for v in answer.result.verdicts if v.status.flagged)
    assert window.claims_panel.select_answer_sentence(answer.id, flagged.claim.index)

    monkeypatch.setattr(prompts, "confirm", lambda *a, **k: True)
    window.library_view.setCurrentIndex(window.library_model.index(0, 0))
    window.remove_selected()
    qtbot.waitUntil(lambda: window.current is None, timeout=TIMEOUT_MS)

    assert not window.ask_view.has_answers()
    assert not window.ask_view.ask_button.isEnabled()
    assert not window.claims_panel.select_answer_sentence(answer.id, flagged.claim.index)
    assert window.claims_panel.tree.count() == 0
