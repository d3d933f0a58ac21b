"""Critique ▸ Review History, and the window's exports byte for byte as the command line's."""

from __future__ import annotations

import itertools
import threading
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from core.cli.main import main
from core.llm.prompts import SECTIONS
from core.records import ReviewAction
from desktop.dialogs import prompts
from desktop.dialogs.review_history import ReviewHistoryDialog
from tests.fakes import FakeLLM
from tests.gui.conftest import REPLY, WindowFactory
from tests.gui.helpers import TIMEOUT_MS, critique, open_paper


def test_review_history_lists_who_when_what(
    qtbot: QtBot, make_window: WindowFactory, paper_pdf: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window()
    open_paper(qtbot, window, paper_pdf)
    critique(qtbot, window)
    index = window.claims_panel.flagged_indices()[0]
    monkeypatch.setattr(prompts, "ask_text", lambda *a, **k: "fixed text with 87.3%")
    with qtbot.waitSignal(window.review_stored, timeout=TIMEOUT_MS):
        window.request_review(index, ReviewAction.EDIT)
    shown: list[ReviewHistoryDialog] = []
    monkeypatch.setattr(
        ReviewHistoryDialog, "exec", lambda self: shown.append(self) or QDialog.DialogCode.Accepted
    )
    task = window.show_review_history()
    assert task is not None
    with qtbot.waitSignal(task.finished, timeout=TIMEOUT_MS):
        pass
    table = shown[0].table
    cells = [[table.item(r, c).text() for c in range(table.columnCount())] for r in range(2)]
    assert "critique written" in cells[0][2]
    when, _who, what, before, after, _note = cells[1]
    assert when and f"sentence {index} edited" in what
    assert before and after == "fixed text with 87.3%"


@pytest.mark.parametrize("fmt", ["md", "json"])
def test_window_and_command_line_export_the_same_bytes(
    qtbot: QtBot,
    make_window: WindowFactory,
    paper_pdf: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    fmt: str,
) -> None:
    window = make_window()
    open_paper(qtbot, window, paper_pdf)
    critique(qtbot, window)
    from_window = tmp_path / f"window.{fmt}"
    monkeypatch.setattr(prompts, "ask_save_path", lambda *_a: from_window)
    with qtbot.waitSignal(window.export_finished, timeout=TIMEOUT_MS):
        window.export(fmt)
    from_cli = tmp_path / f"cli.{fmt}"
    assert main(["export", str(paper_pdf), "--format", fmt, "--out", str(from_cli)]) == 0
    assert from_cli.read_bytes() == from_window.read_bytes()


def test_stopped_critique_is_shown_as_interrupted_and_resumes(
    qtbot: QtBot, make_window: WindowFactory, paper_pdf: Path
) -> None:
    gate = threading.Event()
    calls = itertools.count()

    def reply(_i: str, _c: str) -> str:
        # The second attempt waits until the test has pressed Stop.
        if next(calls) >= len(SECTIONS):
            gate.wait(TIMEOUT_MS / 1000)
        return REPLY

    # The scripted reply is always flagged, so a full run makes three attempts.
    window = make_window(FakeLLM(default=reply), max_retries=2)
    sha = open_paper(qtbot, window, paper_pdf)
    task = window.request_critique("en")
    assert task is not None
    with qtbot.waitSignal(task.progress, timeout=TIMEOUT_MS, check_params_cb=_first_attempt):
        pass
    with qtbot.waitSignal(window.paper_opened, timeout=TIMEOUT_MS):
        window.stop()
        gate.set()
    current = window.current
    assert current is not None and current.critique is None
    assert current.interrupted is not None and len(current.interrupted.result.attempts) >= 1
    assert window.banner.text() == "Critique interrupted"
    assert window.resume_action.isEnabled() and window.discard_action.isEnabled()

    window.lane.workspace().set_models(FakeLLM(default=lambda _i, _c: REPLY))
    with qtbot.waitSignal(window.critique_finished, timeout=TIMEOUT_MS) as blocker:
        assert window.request_critique(resume=True) is not None
    stored = blocker.args[0]
    assert stored.id == current.interrupted.id and len(stored.result.attempts) == 3
    assert stored.paper_sha256 == sha
    assert not window.resume_action.isEnabled()


def _first_attempt(event: object) -> bool:
    return getattr(event, "stage", "") == "attempt"
