"""The Ask box: a question line, the answer streaming with status colours, previous Q&A.

The answer is shown in a CritiqueView, so it gets the same inline flags, tooltips, click
handling and review menu as the critique; a finished answer is wrapped as a one-off
StoredCritique for it. A line under the answer names the pages its evidence is on.
"""

from __future__ import annotations

from datetime import UTC

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from core.ask.result import StoredAnswer
from core.counts import critique_counts
from core.records import ReviewAction, StoredCritique
from core.types import CritiqueResult, Status, Verdict
from desktop.views.critique_view import STYLES, CritiqueView, snippet

ANSWER_ROLE = Qt.ItemDataRole.UserRole + 1


def answer_summary(answer: StoredAnswer) -> str:
    """One line about a stored answer: declined, or its claims by status and review."""
    result = answer.result
    if result.declined:
        return "the paper does not say"
    counts = critique_counts(result.verdicts, answer.reviews)
    claims = f"{counts.claims} claim{'' if counts.claims == 1 else 's'}"
    if not counts.need_review:
        every = "it is" if counts.claims == 1 else "all"
        return f"{claims}, {every} supported by the paper" if counts.claims else "no claim"
    parts = [f"{counts.supported} supported"] if counts.supported else []
    parts.append(f"{counts.need_review} to review")
    if counts.reviewed:
        parts.append(f"{counts.reviewed} reviewed")
    return f"{claims}: {', '.join(parts)}"


def evidence_pages(answer: StoredAnswer) -> str:
    """Where the answer's evidence is, in words: the pages of its sourced sentences.

    A declined answer names the pages of the closest passages instead.
    """
    result = answer.result
    if result.declined:
        pages = sorted({e.page for e in result.passages})
        lead = "Closest passages"
    else:
        sourced = (Status.SUPPORTED, Status.PARTIAL)
        pages = sorted({e.page for v in result.verdicts if v.status in sourced for e in v.evidence})
        lead = "Evidence"
    if not pages:
        return "No passage of the paper supports this answer."
    where = ", ".join(str(p) for p in pages)
    label = "page" if len(pages) == 1 else "pages"
    return f"{lead} on {label} {where}. Click a sentence to see its evidence in the PDF."


def as_critique(answer: StoredAnswer) -> StoredCritique:
    """The answer in the shape CritiqueView shows."""
    result = answer.result
    return StoredCritique(
        id=-answer.id,
        paper_sha256=answer.paper_sha256,
        created_at=answer.created_at,
        result=CritiqueResult(
            text=result.text,
            verdicts=result.verdicts,
            attempts=result.attempts,
            model=result.model,
            language="en",
            flagged_ratio=result.flagged_ratio,
        ),
        reviews=dict(answer.reviews),
    )


class AskView(QWidget):
    """Ask a question, watch the checked answer, pick an earlier one."""

    ask_requested = Signal(str)  # the question
    stop_requested = Signal()
    sentence_activated = Signal(object)  # Verdict of the clicked answer sentence
    review_requested = Signal(int, int, object)  # answer id, sentence index, ReviewAction

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.question = QLineEdit()
        self.question.setPlaceholderText("Ask the paper a question, e.g. Which datasets are used?")
        self.question.setClearButtonEnabled(True)
        self.ask_button = QPushButton("Ask")
        self.ask_button.setDefault(True)
        self.stop_button = QPushButton("Stop")
        self.stop_button.setToolTip("Stop answering")
        self.status = QLabel("Answers come from the paper only; every sentence is checked.")
        self.status.setWordWrap(True)
        self.answer_view = CritiqueView()
        self.answer_view.show_placeholder("Ask a question about the open paper.")
        self.sources = QLabel()
        self.sources.setWordWrap(True)
        self.sources.hide()
        self.history = QListWidget()
        self.history.setWordWrap(True)
        self.history.setToolTip("Earlier questions about this paper; click one to show it")
        self._answers: dict[int, StoredAnswer] = {}

        row = QHBoxLayout()
        row.addWidget(self.question, 1)
        row.addWidget(self.ask_button)
        row.addWidget(self.stop_button)
        answer_box = QWidget()
        answer_layout = QVBoxLayout(answer_box)
        answer_layout.setContentsMargins(0, 0, 0, 0)
        answer_layout.addWidget(self.answer_view, 1)
        answer_layout.addWidget(self.sources)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(answer_box)
        split.addWidget(self.history)
        split.setSizes([300, 120])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(row)
        layout.addWidget(self.status)
        layout.addWidget(split, 1)

        self.question.returnPressed.connect(self._ask)
        self.ask_button.clicked.connect(self._ask)
        self.stop_button.clicked.connect(self.stop_requested)
        self.answer_view.sentence_activated.connect(self._activated)
        self.answer_view.review_requested.connect(self._review)
        self.history.currentItemChanged.connect(self._history_chosen)
        self.set_busy(False)
        self.set_enabled(False)

    # state -------------------------------------------------------------------------------

    def set_enabled(self, enabled: bool) -> None:
        """Allow asking (a paper is open) or not."""
        self.question.setEnabled(enabled)
        self.ask_button.setEnabled(enabled and self.stop_button.isHidden())

    def set_busy(self, busy: bool) -> None:
        """While answering: Stop instead of Ask."""
        self.stop_button.setVisible(busy)
        self.ask_button.setEnabled(not busy and self.question.isEnabled())

    def begin(self, question: str) -> None:
        """A new answer starts streaming."""
        self.answer_view.begin_stream()
        self.status.setText(f"Q: {question}")
        self.sources.hide()
        self.set_busy(True)

    def restart(self) -> None:
        """A repair attempt rewrites the answer from scratch."""
        self.answer_view.begin_stream()

    def append(self, text: str) -> None:
        """Streamed answer text."""
        self.answer_view.append_stream(text)

    def mark(self, verdict: Verdict) -> None:
        """Colour a sentence as soon as it is checked."""
        self.answer_view.mark_verdict(verdict)
        self._underline_supported()

    def show_answer(self, answer: StoredAnswer) -> None:
        """Show a finished (or stored) answer with its colours and tooltips."""
        self._answers[answer.id] = answer
        self.answer_view.show_critique(as_critique(answer))
        self._underline_supported()
        self.status.setText(f"Q: {answer.result.question} — {answer_summary(answer)}")
        self.sources.setText(evidence_pages(answer))
        self.sources.show()

    def update_answer(self, answer: StoredAnswer) -> None:
        """A stored answer changed (a review): keep it, and show it again if it is on display."""
        on_display = self.shown is not None and self.shown.id == answer.id
        self._answers[answer.id] = answer
        if on_display:
            self.show_answer(answer)

    def set_history(self, answers: list[StoredAnswer]) -> None:
        """List the paper's earlier questions, newest first."""
        self._answers = {a.id: a for a in answers}
        self.history.blockSignals(True)
        self.history.clear()
        for answer in answers:
            when = answer.created_at.astimezone(UTC).strftime("%Y-%m-%d %H:%M")
            item = QListWidgetItem(
                f"{snippet(answer.result.question, 140)}\n{when} · {answer_summary(answer)}"
            )
            item.setData(ANSWER_ROLE, answer.id)
            item.setToolTip(answer.result.text)
            self.history.addItem(item)
        self.history.blockSignals(False)
        shown = self.shown
        if shown is not None and shown.id in self._answers:
            # Reviews stored since it was shown are drawn now.
            self.update_answer(self._answers[shown.id])

    def clear(self) -> None:
        """No paper open."""
        self.set_history([])
        self.answer_view.show_placeholder("Ask a question about the open paper.")
        self.status.setText("Answers come from the paper only; every sentence is checked.")
        self.sources.hide()

    def has_answers(self) -> bool:
        """Whether the open paper has stored answers (they can be exported)."""
        return bool(self._answers)

    def answer(self, answer_id: int) -> StoredAnswer | None:
        """A listed or shown answer by id."""
        return self._answers.get(answer_id)

    @property
    def shown(self) -> StoredAnswer | None:
        """The finished answer on display, or None."""
        critique = self.answer_view.critique
        return self._answers.get(-critique.id) if critique is not None else None

    # internals ---------------------------------------------------------------------------

    def _ask(self) -> None:
        text = " ".join(self.question.text().split())
        if text and self.ask_button.isEnabled():
            self.ask_requested.emit(text)

    def _activated(self, index: int) -> None:
        verdict = self.answer_view.verdict_for(index)
        if verdict is not None:
            self.sentence_activated.emit(verdict)

    def _underline_supported(self) -> None:
        """A thin green underline under each supported sentence the reader has not reviewed.

        NOTE: the critique leaves supported sentences plain so that a long text stays calm; an
        answer is one to three sentences, and without a mark a fully supported answer looks as
        if it had not been checked. Reviewed sentences keep the review's own mark.
        """
        view = self.answer_view
        shown = view.critique
        reviewed = shown.reviews if shown is not None else {}
        fmt = QTextCharFormat()
        fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.SingleUnderline)
        fmt.setUnderlineColor(STYLES[Status.SUPPORTED].colour)
        for index in view.styled_sentences():
            verdict = view.verdict_for(index)
            span = view.sentence_range(index)
            if verdict is None or span is None or index in reviewed:
                continue
            if verdict.status is Status.SUPPORTED:
                cursor = QTextCursor(view.document())
                cursor.setPosition(span[0])
                cursor.setPosition(span[1], QTextCursor.MoveMode.KeepAnchor)
                cursor.mergeCharFormat(fmt)

    def _review(self, index: int, action: ReviewAction) -> None:
        shown = self.shown
        if shown is not None:
            self.review_requested.emit(shown.id, index, action)

    def _history_chosen(self, item: QListWidgetItem | None, _previous: object = None) -> None:
        if item is None:
            return
        answer = self._answers.get(int(item.data(ANSWER_ROLE)))
        if answer is not None:
            self.show_answer(answer)
