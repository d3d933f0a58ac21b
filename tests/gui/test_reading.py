"""The window as a reading tool: counts, reviews across re-runs, evidence both ways, navigation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF, Qt
from pytestqt.qtbot import QtBot

from core.counts import critique_counts
from core.export import export_json, export_markdown
from core.records import ReviewAction, StoredCritique
from desktop.dialogs import prompts
from desktop.main_window import MainWindow
from tests.fakes import FakeLLM
from tests.gui.conftest import SUPPORTED, WindowFactory
from tests.gui.helpers import TIMEOUT_MS, critique, open_paper

#: Two sentences the paper supports and three it does not (names and numbers it never has).
REPLY = " ".join(
    (
        *SUPPORTED,
        "The verifier was trained on ImageNet-22K with 64 GPUs.",
        "A user study with 312 annotators rated the answers on Mechanical Turk.",
        "The authors compare against GPT-4 on the TriviaQA benchmark.",
    )
)


def _writer() -> FakeLLM:
    return FakeLLM(default=lambda _i, _c: REPLY)


def _review(qtbot: QtBot, window: MainWindow, index: int, action: ReviewAction) -> StoredCritique:
    with qtbot.waitSignal(window.review_stored, timeout=TIMEOUT_MS) as blocker:
        assert window.request_review(index, action) is not None
    stored = blocker.args[0]
    assert isinstance(stored, StoredCritique)
    return stored


@pytest.fixture
def reviewed(
    qtbot: QtBot, make_window: WindowFactory, paper_pdf: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[MainWindow, StoredCritique]:
    """A window with a critique whose first two flagged sentences are accepted and rejected."""
    monkeypatch.setattr(prompts, "ask_text", lambda *_a, **_k: "checked by hand")
    window = make_window(_writer())
    open_paper(qtbot, window, paper_pdf)
    critique(qtbot, window)
    first, second = window.claims_panel.flagged_indices()[:2]
    _review(qtbot, window, first, ReviewAction.ACCEPT)
    return window, _review(qtbot, window, second, ReviewAction.REJECT)


def test_counts_agree_between_header_panel_markdown_and_json(
    reviewed: tuple[MainWindow, StoredCritique],
) -> None:
    window, stored = reviewed
    assert window.current is not None
    counts = critique_counts(stored.result.verdicts, stored.reviews)
    assert counts.reviewed == 2 and counts.flagged >= 2

    banner = window.banner.text()
    assert f"{counts.claims} claims" in banner
    assert f"{counts.flagged} flagged ({counts.flagged_ratio:.0%})" in banner
    assert f"{counts.reviewed} of {counts.need_review} reviewed" in banner
    panel = window.claims_panel.summary.text()
    assert f"{counts.need_review} of {counts.claims} claims need review" in panel
    assert f"{counts.flagged} flagged" in panel
    assert f"Reviewed: {counts.reviewed} of {counts.need_review}" in panel

    paper, info = window.current.paper, window.current.info
    md = export_markdown(paper, info, stored)
    assert f"**Flagged:** {counts.flagged} of {counts.claims} claims" in md
    assert f"**Need review:** {counts.need_review} " in md
    assert f"{counts.reviewed} reviewed by the reader" in md
    assert "Attempt 1:" in md and "Attempt 0" not in md

    report = json.loads(json.dumps(export_json(paper, info, stored)))
    assert report["counts"] == counts.as_dict()
    statuses = [s["status"] for s in report["sentences"]]
    flagged = sum(s in ("unsupported", "rejected") for s in statuses)
    assert report["counts"]["flagged"] == flagged
    assert report["flagged_ratio"] == pytest.approx(counts.flagged_ratio)
    assert [a["number"] for a in report["attempts"]] == [1]
    first_row = window.attempts_view.table.item(0, 0)
    assert first_row is not None and first_row.text() == "1"


def test_reviews_survive_a_rerun_and_history_keeps_both(
    qtbot: QtBot, reviewed: tuple[MainWindow, StoredCritique]
) -> None:
    window, first = reviewed
    with qtbot.waitSignal(
        window.history_loaded, timeout=TIMEOUT_MS, check_params_cb=lambda h: len(h) == 2
    ):
        rerun = critique(qtbot, window)
    assert rerun.id != first.id
    # Same writer, same sentences: both decisions apply to the new critique.
    assert {i: r.action for i, r in rerun.reviews.items()} == {
        i: r.action for i, r in first.reviews.items()
    }
    assert "Your 2 reviews carried over" in window.banner.text()
    assert window.claims_panel.summary.text().endswith(
        "Reviewed: 2 of "
        + str(critique_counts(rerun.result.verdicts, rerun.reviews).need_review)
        + "."
    )
    assert window.history_view.ids() == [rerun.id, first.id]

    # The earlier critique is still there, with its own reviews.
    with qtbot.waitSignal(window.critique_shown, timeout=TIMEOUT_MS) as blocker:
        window.show_stored_critique(first.id)
    shown = blocker.args[0]
    assert shown.id == first.id and set(shown.reviews) == set(first.reviews)
    assert window.critique_view.critique is not None
    assert window.critique_view.critique.id == first.id


def test_evidence_highlight_is_the_sentence_line_boxes_and_leads_back(
    qtbot: QtBot, make_window: WindowFactory, paper_pdf: Path
) -> None:
    window = make_window(_writer())
    open_paper(qtbot, window, paper_pdf)
    stored = critique(qtbot, window)
    assert window.current is not None
    paper = window.current.paper
    pdf = window.pdf_view
    with_evidence = [v for v in stored.result.verdicts if v.claim.is_claim and v.evidence]
    target = with_evidence[-1]

    window.critique_view.focus_sentence(target.claim.index)
    window.show_sentence_evidence(target.claim.index)
    own = [m for m in pdf.marks if m.sentence == target.claim.index]
    assert own
    for mark in own:
        evidence = next(e for e in target.evidence if e.page == mark.page)
        assert mark.boxes in {paper.sentences[e.sentence_index].bboxes for e in target.evidence}, (
            evidence
        )
    highlight = pdf.highlight
    assert highlight is not None
    page, boxes = highlight
    assert boxes == tuple(b for m in own if m.page == page for b in m.boxes)

    # Hover and click a mark in the PDF: it names its sentence and goes there.
    other = next(v for v in with_evidence if v.claim.index != target.claim.index)
    window.critique_view.focus_sentence(other.claim.index)
    x0, y0, x1, y1 = own[0].boxes[0]
    point = pdf.page_rect_to_viewport(page, QRectF(x0, y0, x1 - x0, y1 - y0)).center().toPoint()
    hits = pdf.marks_at(point)
    assert target.claim.index in {m.sentence for m in hits}
    tip = next(m.tip for m in hits if m.sentence == target.claim.index)
    assert target.claim.text[:30] in tip
    with qtbot.waitSignal(pdf.mark_activated, timeout=TIMEOUT_MS) as blocker:
        qtbot.mouseClick(pdf.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert blocker.args[0] in {m.sentence for m in hits}
    assert window.critique_view.focused == blocker.args[0]


def test_next_and_previous_sentence_to_review(
    qtbot: QtBot, make_window: WindowFactory, paper_pdf: Path
) -> None:
    window = make_window(_writer())
    open_paper(qtbot, window, paper_pdf)
    critique(qtbot, window)
    order = window.critique_view.review_order()
    assert len(order) >= 3
    assert "F8" in [s.toString() for s in window.next_flagged_action.shortcuts()]
    assert "Shift+F8" in [s.toString() for s in window.prev_flagged_action.shortcuts()]
    window.next_flagged_action.trigger()
    assert window.critique_view.focused == order[0]
    assert window.claims_panel.current_index() == order[0]
    window.next_flagged_action.trigger()
    assert window.critique_view.focused == order[1]
    window.prev_flagged_action.trigger()
    window.prev_flagged_action.trigger()
    assert window.critique_view.focused == order[-1]  # wraps around
