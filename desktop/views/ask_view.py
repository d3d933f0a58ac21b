"""The Ask box: a question line, the answer streaming with status colours, previous Q&A.

The answer is shown in a CritiqueView, so it gets the same inline flags, tooltips and click
handling as the critique; a finished answer is wrapped as a one-off StoredCritique for it.
"""

from __future__ import annotations

from datetime import UTC

from PySide6.QtCore import Qt, Signal
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
from core.records import StoredCritique
from core.types import CritiqueResult, Verdict
from desktop.views.critique_view import CritiqueView, snippet

ANSWER_ROLE = Qt.ItemDataRole.UserRole + 1


def answer_summary(answer: StoredAnswer) -> str:
    """One line about a stored answer: declined, or how many sentences are flagged."""
    result = answer.result
    if result.declined:
        return "the paper does not say"
    claims = [v for v in result.verdicts if v.claim.is_claim]
    flagged = sum(1 for v in claims if v.status.needs_review)
    return f"{len(claims)} claims, {flagged} to review" if flagged else f"{len(claims)} claims"


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
    )


class AskView(QWidget):
    """Ask a question, watch the checked answer, pick an earlier one."""

    ask_requested = Signal(str)  # the question
    stop_requested = Signal()
    sentence_activated = Signal(object)  # Verdict of the clicked answer sentence

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
        self.history = QListWidget()
        self.history.setWordWrap(True)
        self.history.setToolTip("Earlier questions about this paper; click one to show it")
        self._answers: dict[int, StoredAnswer] = {}

        row = QHBoxLayout()
        row.addWidget(self.question, 1)
        row.addWidget(self.ask_button)
        row.addWidget(self.stop_button)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.answer_view)
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

    def show_answer(self, answer: StoredAnswer) -> None:
        """Show a finished (or stored) answer with its colours and tooltips."""
        self._answers[answer.id] = answer
        self.answer_view.show_critique(as_critique(answer))
        self.status.setText(f"Q: {answer.result.question} — {answer_summary(answer)}")

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

    def clear(self) -> None:
        """No paper open."""
        self.set_history([])
        self.answer_view.show_placeholder("Ask a question about the open paper.")
        self.status.setText("Answers come from the paper only; every sentence is checked.")

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

    def _history_chosen(self, item: QListWidgetItem | None, _previous: object = None) -> None:
        if item is None:
            return
        answer = self._answers.get(int(item.data(ANSWER_ROLE)))
        if answer is not None:
            self.show_answer(answer)
