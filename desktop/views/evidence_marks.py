"""The critique's evidence as marks on the PDF: line boxes, role colour, hover text."""

from __future__ import annotations

import html

from core.colours import EVIDENCE_LABELS, evidence_role
from core.evidence_lines import line_boxes, ranked
from core.records import Review, ReviewAction, StoredCritique
from core.types import Paper, Verdict
from desktop.views.critique_view import STYLES, snippet
from desktop.views.pdf_view import PdfMark

#: Passages marked per critique sentence (the annotated PDF marks as many).
EVIDENCE_PER_SENTENCE = 2


def evidence_marks(critique: StoredCritique, paper: Paper) -> list[PdfMark]:
    """The marks of every claim the reader has not rejected, in sentence order, best first."""
    marks: list[PdfMark] = []
    for verdict in sorted(critique.result.verdicts, key=lambda v: v.claim.index):
        marks += verdict_marks(verdict, critique.reviews.get(verdict.claim.index), paper)
    return marks


def verdict_marks(verdict: Verdict, review: Review | None, paper: Paper) -> list[PdfMark]:
    """One mark per evidence passage of one critique sentence, best first."""
    if not verdict.claim.is_claim or (review is not None and review.action is ReviewAction.REJECT):
        return []
    role = evidence_role(verdict.status)
    tip = mark_tooltip(verdict, review.new_text if review is not None else "")
    return [
        PdfMark(evidence.page, line_boxes(paper, evidence), verdict.claim.index, role, tip)
        for evidence in ranked(verdict.evidence, EVIDENCE_PER_SENTENCE)
    ]


def mark_tooltip(verdict: Verdict, text: str = "") -> str:
    """What hovering a mark says: which critique sentence it belongs to, and how."""
    style = STYLES[verdict.status]
    sentence = html.escape(snippet(text or verdict.claim.text, 260), quote=False)
    role = EVIDENCE_LABELS[evidence_role(verdict.status)]
    return (
        f"<p style='white-space:pre-wrap'><i>{html.escape(role)}</i> for this critique "
        f"sentence (<b style='color:{style.colour.name()}'>"
        f"{html.escape(style.label.lower())}</b>):<br>“{sentence}”<br>"
        "<small>Click to go to the sentence.</small></p>"
    )
