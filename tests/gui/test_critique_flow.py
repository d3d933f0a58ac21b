"""Open a paper, critique it with a scripted model, and inspect flags, tooltips, panel, PDF."""

from __future__ import annotations

import time
from pathlib import Path

from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QHelpEvent, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QApplication, QToolTip
from pytestqt.qtbot import QtBot

from core.errors import BadPdfError
from core.records import PaperStatus, StoredCritique
from core.types import Status, Verdict
from desktop.views.critique_view import CritiqueView, one_line_explanation
from tests.fakes import FakeLLM
from tests.gui.conftest import FABRICATED, SUPPORTED, ErrorDialogs, WindowFactory
from tests.gui.helpers import TIMEOUT_MS, critique, open_paper
from tests.pdf_factory import corrupt_pdf


def sentence_point(view: CritiqueView, index: int) -> QPoint:
    """A viewport point over the middle of a sentence (scrolled into view first)."""
    view.focus_sentence(index)
    span = view.sentence_range(index)
    assert span is not None
    cursor = QTextCursor(view.document())
    cursor.setPosition((span[0] + span[1]) // 2)
    return view.cursorRect(cursor).center()


def flagged(stored: StoredCritique) -> list[Verdict]:
    return [v for v in stored.result.verdicts if v.status.needs_review]


def test_flags_tooltips_panel_and_jump_to_evidence(
    qtbot: QtBot, make_window: WindowFactory, paper_pdf: Path
) -> None:
    window = make_window()
    open_paper(qtbot, window, paper_pdf)
    assert window.pdf_view.page_count == 4
    stored = critique(qtbot, window)
    view = window.critique_view

    flags = flagged(stored)
    supported = [v for v in stored.result.verdicts if v.status is Status.SUPPORTED]
    assert flags and supported
    assert {v.claim.text for v in flags} <= set(FABRICATED)
    assert {v.claim.text for v in supported} <= set(SUPPORTED)

    # Flagged sentences are styled (tint + underline); supported ones stay plain.
    for verdict in flags:
        fmt = view.sentence_format(verdict.claim.index)
        assert fmt is not None
        assert fmt.underlineStyle() != QTextCharFormat.UnderlineStyle.NoUnderline
        assert fmt.background().color().alpha() > 0
    for verdict in supported:
        fmt = view.sentence_format(verdict.claim.index)
        assert fmt is not None
        assert fmt.underlineStyle() == QTextCharFormat.UnderlineStyle.NoUnderline
        assert fmt.background().style() == Qt.BrushStyle.NoBrush

    # The marker is a badge, not raw brackets.
    plain = view.toPlainText()
    assert "[unverified]" not in plain
    assert "unverified" in plain
    assert "## " not in plain

    # Tooltip: status, explanation, best evidence with its page (or "no passage ...").
    for verdict in flags:
        tip = view.tooltip_for(verdict.claim.index)
        assert one_line_explanation(verdict) in tip
        if verdict.evidence:
            best = max(verdict.evidence, key=lambda e: e.score)
            assert f"p. {best.page}" in tip
        else:
            assert "no passage in the paper supports this" in tip.lower()
    wrong_number = next(v for v in flags if "99.9%" in v.claim.text)
    assert "99.9%" in one_line_explanation(wrong_number)

    # Hovering really shows it.
    point = sentence_point(view, wrong_number.claim.index)
    assert view.sentence_at(point) == wrong_number.claim.index
    event = QHelpEvent(QEvent.Type.ToolTip, point, view.viewport().mapToGlobal(point))
    QApplication.sendEvent(view.viewport(), event)
    assert "99.9%" in QToolTip.text()
    QToolTip.hideText()

    # The panel lists exactly the flagged sentences.
    panel = window.claims_panel
    assert sorted(panel.flagged_indices()) == sorted(v.claim.index for v in flags)
    assert panel.counts()[Status.UNSUPPORTED] == sum(
        1 for v in flags if v.status is Status.UNSUPPORTED
    )

    # Clicking a sentence moves the PDF view to its evidence page and highlights it.
    target = next(v for v in stored.result.verdicts if v.evidence and v.claim.is_claim)
    best = max(target.evidence, key=lambda e: e.score)
    window.pdf_view.go_to_page(4 if best.page != 4 else 1)
    assert window.pdf_view.current_page() != best.page
    point = sentence_point(view, target.claim.index)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert window.pdf_view.current_page() == best.page
    highlight = window.pdf_view.highlight
    assert highlight is not None and highlight[0] == best.page
    # Line by line: exactly the line boxes of the evidence sentence, not their union.
    assert window.current is not None
    lines = window.current.paper.sentences[best.sentence_index].bboxes
    assert set(lines) <= set(highlight[1]) and best.bbox not in highlight[1]

    # Selecting a flagged sentence in the panel focuses it and shows its evidence.
    with_evidence = [v for v in flags if v.evidence]
    if with_evidence:
        chosen = with_evidence[-1]
        page = max(chosen.evidence, key=lambda e: e.score).page
        window.pdf_view.go_to_page(4 if page != 4 else 1)
        assert panel.select(chosen.claim.index)
        assert window.pdf_view.current_page() == page
        assert view.extraSelections()


def test_library_shows_status_with_flagged_count(
    qtbot: QtBot, make_window: WindowFactory, paper_pdf: Path
) -> None:
    window = make_window()
    sha = open_paper(qtbot, window, paper_pdf)
    with qtbot.waitSignal(window.library_refreshed, timeout=TIMEOUT_MS):
        stored = critique(qtbot, window)
    row = window.library_model.row_of(sha)
    info = window.library_model.info_at(row)
    assert info is not None and info.status is PaperStatus.CRITIQUED
    text = window.library_model.index(row, 2).data()
    assert f"{len([v for v in flagged(stored) if v.status.flagged])} flagged" in text


class SlowLLM(FakeLLM):
    """Streams a long reply a word every 20 ms, like a small local model."""

    def complete(self, instruction: str, content: str, **kwargs: object):  # type: ignore[override]  # noqa: D102
        on_token = kwargs.get("on_token")

        def slow(token: str) -> None:
            time.sleep(0.02)
            if callable(on_token):
                on_token(token)

        kwargs["on_token"] = slow
        return super().complete(instruction, content, **kwargs)  # type: ignore[arg-type]


def test_stop_cancels_a_running_critique_quickly(
    qtbot: QtBot, make_window: WindowFactory, paper_pdf: Path
) -> None:
    long_reply = " ".join([SUPPORTED[0]] * 200)
    window = make_window(SlowLLM(default=lambda _i, _c: long_reply))
    sha = open_paper(qtbot, window, paper_pdf)
    task = window.request_critique("en")
    assert task is not None
    with qtbot.waitSignal(task.progress, timeout=TIMEOUT_MS, check_params_cb=_is_text):
        pass
    assert window.stop_button.isVisible()
    # The 2 s timeout is the product's promise for Stop, not a speed measurement.
    with qtbot.waitSignal(window.critique_stopped, timeout=2000):
        qtbot.mouseClick(window.stop_button, Qt.MouseButton.LeftButton)
    with qtbot.waitSignal(window.library_refreshed, timeout=TIMEOUT_MS):
        pass
    info = window.library_model.info_at(window.library_model.row_of(sha))
    assert info is not None and info.status is PaperStatus.READY
    assert window.critique_view.critique is None
    assert window.critique_action.isEnabled()
    # The lane is free again: a new critique can run to the end.
    window.lane.workspace().set_models(FakeLLM(default=lambda _i, _c: SUPPORTED[0]))
    stored = critique(qtbot, window)
    assert stored.paper_sha256 == sha


def _is_text(event: object) -> bool:
    return bool(getattr(event, "text", ""))


def test_corrupt_pdf_shows_a_readable_error(
    qtbot: QtBot, make_window: WindowFactory, tmp_path: Path, error_dialogs: ErrorDialogs
) -> None:
    window = make_window()
    with qtbot.waitSignal(window.library_refreshed, timeout=TIMEOUT_MS):
        pass
    (tmp_path / "bad").mkdir()
    bad = corrupt_pdf(tmp_path / "bad")
    with qtbot.waitSignal(window.library_refreshed, timeout=TIMEOUT_MS):
        window.open_files([bad])
    assert len(error_dialogs) == 1
    exc = error_dialogs[0]
    assert isinstance(exc, BadPdfError)
    from desktop.errors import describe

    text, _advice = describe(exc)
    assert bad.name in text
    assert "Traceback" not in text
    assert window.library_model.rowCount() == 0
    assert window.current is None


def test_reopening_shows_the_stored_critique(
    qtbot: QtBot, make_window: WindowFactory, paper_pdf: Path
) -> None:
    first = make_window()
    sha = open_paper(qtbot, first, paper_pdf)
    stored = critique(qtbot, first)
    styled = first.critique_view.styled_sentences()
    first.close()

    second = make_window()
    with qtbot.waitSignal(second.library_refreshed, timeout=TIMEOUT_MS):
        pass
    row = second.library_model.row_of(sha)
    assert row >= 0
    with qtbot.waitSignal(second.paper_opened, timeout=TIMEOUT_MS):
        second.library_view.selectRow(row)
    shown = second.critique_view.critique
    assert shown is not None and shown.id == stored.id
    assert second.critique_view.styled_sentences() == styled
    assert sorted(second.claims_panel.flagged_indices()) == sorted(
        v.claim.index for v in flagged(stored)
    )
    assert second.attempts_view.table.rowCount() == len(stored.result.attempts)
