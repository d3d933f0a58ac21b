"""Review actions from the panel and the context menu, and File ▸ Export with overwrite checks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from core.records import ReviewAction, StoredCritique
from core.types import Status
from desktop.dialogs import prompts
from tests.gui.conftest import FABRICATED, SUPPORTED, WindowFactory
from tests.gui.helpers import TIMEOUT_MS, critique, open_paper


def stored_on_lane(window: object, sha: str) -> StoredCritique:
    """The latest critique as the library holds it, read on the worker lane."""
    lane = window.lane  # type: ignore[attr-defined]
    result = lane.runner.call_blocking(lambda: lane.workspace().latest_critique(sha))
    assert isinstance(result, StoredCritique)
    return result


def test_accept_reject_edit_are_stored(
    qtbot: QtBot, make_window: WindowFactory, paper_pdf: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window()
    sha = open_paper(qtbot, window, paper_pdf)
    stored = critique(qtbot, window)
    panel = window.claims_panel
    flagged = panel.flagged_indices()
    assert len(flagged) >= 3
    accept_i, reject_i, edit_i = flagged[:3]

    # Accept from the panel, with a note.
    monkeypatch.setattr(prompts, "ask_text", lambda *a, **k: "checked in Table 1")
    assert panel.select(accept_i)
    with qtbot.waitSignal(window.review_stored, timeout=TIMEOUT_MS):
        qtbot.mouseClick(panel.accept_button, Qt.MouseButton.LeftButton)

    # Reject from the sentence's context menu.
    menu = window.critique_view.build_context_menu(reject_i)
    reject = next(a for a in menu.actions() if a.data() == ReviewAction.REJECT.value)
    with qtbot.waitSignal(window.review_stored, timeout=TIMEOUT_MS):
        reject.trigger()

    # Edit from the panel: the new text is checked again and gets its own verdict.
    monkeypatch.setattr(prompts, "ask_text", lambda *a, **k: SUPPORTED[0])
    assert panel.select(edit_i)
    with qtbot.waitSignal(window.review_stored, timeout=TIMEOUT_MS) as blocker:
        qtbot.mouseClick(panel.edit_button, Qt.MouseButton.LeftButton)
    shown = blocker.args[0]
    assert isinstance(shown, StoredCritique)

    saved = stored_on_lane(window, sha)
    assert saved.id == stored.id
    assert saved.reviews[accept_i].action is ReviewAction.ACCEPT
    assert saved.reviews[accept_i].note == "checked in Table 1"
    assert saved.reviews[reject_i].action is ReviewAction.REJECT
    assert saved.reviews[edit_i].action is ReviewAction.EDIT
    assert saved.reviews[edit_i].new_text == SUPPORTED[0]
    assert saved.reviews[edit_i].previous_text in FABRICATED
    edited = next(v for v in saved.result.verdicts if v.claim.index == edit_i)
    assert edited.claim.text == SUPPORTED[0]
    assert edited.status is Status.SUPPORTED

    # The window shows the decisions.
    view = window.critique_view
    assert "accepted by you" in view.toPlainText()
    assert "rejected by you" in view.toPlainText()
    assert "edited by you" in view.toPlainText()
    fmt = view.sentence_format(reject_i)
    assert fmt is not None and fmt.fontStrikeOut()
    assert "Review: accepted by you: checked in Table 1" in view.tooltip_for(accept_i)


def test_cancelled_review_prompt_stores_nothing(
    qtbot: QtBot, make_window: WindowFactory, paper_pdf: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window()
    sha = open_paper(qtbot, window, paper_pdf)
    critique(qtbot, window)
    monkeypatch.setattr(prompts, "ask_text", lambda *a, **k: None)
    index = window.claims_panel.flagged_indices()[0]
    assert window.request_review(index, ReviewAction.ACCEPT) is None
    assert window.request_review(index, ReviewAction.EDIT) is None
    assert stored_on_lane(window, sha).reviews == {}


@pytest.mark.parametrize("fmt", ["md", "json", "pdf"])
def test_export_asks_before_overwriting(
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
    original = paper_pdf.read_bytes()
    out = tmp_path / "exports" / f"notes.{fmt}"
    out.parent.mkdir()
    suggested: list[Path] = []

    def ask_save(_parent: object, _caption: str, suggestion: Path, _filter: str) -> Path:
        suggested.append(suggestion)
        return out

    monkeypatch.setattr(prompts, "ask_save_path", ask_save)
    asked: list[str] = []

    with qtbot.waitSignal(window.export_finished, timeout=TIMEOUT_MS):
        assert window.export(fmt) is not None
    assert out.exists()
    assert suggested[0].suffix == f".{fmt}"
    assert "SpanCheck" in suggested[0].name
    first = out.read_bytes()
    if fmt == "md":
        assert "Unsourced claims" in first.decode("utf-8")
    elif fmt == "json":
        json.loads(first)
    else:
        assert first.startswith(b"%PDF")
    assert paper_pdf.read_bytes() == original

    # Existing file: declining leaves it alone, confirming replaces it.
    out.write_bytes(b"keep me")
    monkeypatch.setattr(prompts, "confirm", lambda _p, _t, text, _y="": asked.append(text) or False)
    assert window.export(fmt) is None
    assert out.read_bytes() == b"keep me"
    assert asked and out.name in asked[0]

    monkeypatch.setattr(prompts, "confirm", lambda *_a, **_k: True)
    with qtbot.waitSignal(window.export_finished, timeout=TIMEOUT_MS):
        assert window.export(fmt) is not None
    assert out.read_bytes() != b"keep me"
