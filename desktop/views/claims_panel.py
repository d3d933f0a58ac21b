"""The unsourced-claims panel: every flagged sentence, its reason and the reader's decision.

Flagged sentences of answers to questions are listed after the critique's, tagged with their
question, and reviewed with the same buttons.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from core.ask.result import StoredAnswer
from core.counts import critique_counts
from core.records import Review, ReviewAction, StoredCritique
from core.types import Status, Verdict
from desktop.views.critique_view import STYLES, one_line_explanation, review_label, snippet

FLAGGED_ORDER = (Status.UNSUPPORTED, Status.REJECTED, Status.PARTIAL)
INDEX_ROLE = Qt.ItemDataRole.UserRole + 1


class ClaimsPanel(QWidget):
    """Lists the sentences that need review, filterable by status, with review buttons."""

    claim_selected = Signal(int)  # claim index
    review_requested = Signal(int, object)  # claim index, ReviewAction
    answer_flag_selected = Signal(object)  # Verdict of a flagged answer sentence
    answer_review_requested = Signal(int, int, object)  # answer id, sentence index, action

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._critique: StoredCritique | None = None
        self._flagged: list[Verdict] = []
        #: Flagged sentences of answers to questions, listed after the critique's.
        self._answer_flags: list[tuple[StoredAnswer, Verdict]] = []

        self.summary = QLabel("No critique yet.")
        self.summary.setWordWrap(True)
        self.filter = QComboBox()
        self.filter.currentIndexChanged.connect(self._refill)

        self.tree = QListWidget()
        self.tree.setWordWrap(True)
        self.tree.setUniformItemSizes(False)
        self.tree.setAlternatingRowColors(True)
        self.tree.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.tree.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.tree.setSpacing(2)
        self.tree.setIconSize(QSize(12, 12))
        self.tree.currentItemChanged.connect(self._on_current)
        self.tree.itemClicked.connect(self._on_current)

        self.accept_button = QPushButton("Accept")
        self.accept_button.setToolTip("Confirm the sentence by hand (with an optional note)")
        self.reject_button = QPushButton("Reject")
        self.reject_button.setToolTip("Leave the sentence out of the exported notes")
        self.edit_button = QPushButton("Edit…")
        self.edit_button.setToolTip("Rewrite the sentence; the new text is checked again")
        for button, action in (
            (self.accept_button, ReviewAction.ACCEPT),
            (self.reject_button, ReviewAction.REJECT),
            (self.edit_button, ReviewAction.EDIT),
        ):
            button.clicked.connect(lambda _c=False, a=action: self._request(a))

        top = QHBoxLayout()
        top.addWidget(QLabel("Show:"))
        top.addWidget(self.filter, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.accept_button)
        buttons.addWidget(self.reject_button)
        buttons.addWidget(self.edit_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.summary)
        layout.addLayout(top)
        layout.addWidget(self.tree, 1)
        layout.addLayout(buttons)
        self._fill_filter()
        self._update_buttons()

    # content -----------------------------------------------------------------------------

    def set_critique(self, critique: StoredCritique | None) -> None:
        """Show the flagged sentences of ``critique`` (None empties the panel)."""
        current = self.current_index()
        self._critique = critique
        self._flagged = (
            [v for v in critique.result.verdicts if v.status.needs_review]
            if critique is not None
            else []
        )
        self._fill_filter()
        self._refill()
        if current is not None:
            self.select(current)

    def set_answers(self, answers: list[StoredAnswer]) -> None:
        """List the answers' flagged sentences, tagged with their question, after the critique's.

        The selected answer sentence stays selected when it is still listed.
        """
        chosen = self.current_answer_sentence()
        self._answer_flags = [
            (a, v) for a in answers for v in a.result.verdicts if v.status.needs_review
        ]
        self._fill_filter()
        self._refill()
        if chosen is not None:
            self.select_answer_sentence(*chosen)

    def current_answer_sentence(self) -> tuple[int, int] | None:
        """(answer id, sentence index) of the selected row when it is an answer's, else None."""
        index = self.current_index()
        if index is None or index >= 0:
            return None
        answer, verdict = self._answer_flags[-1 - index]
        return answer.id, verdict.claim.index

    def select_answer_sentence(self, answer_id: int, sentence_index: int) -> bool:
        """Select the row of an answer's sentence; False when it is not listed."""
        for position, (answer, verdict) in enumerate(self._answer_flags):
            if answer.id == answer_id and verdict.claim.index == sentence_index:
                return self.select(-1 - position)
        return False

    def flagged_indices(self) -> list[int]:
        """Claim indexes listed under the current filter, top to bottom."""
        rows = (int(self.tree.item(i).data(INDEX_ROLE)) for i in range(self.tree.count()))
        return [index for index in rows if index >= 0]

    def counts(self) -> dict[Status, int]:
        """Flagged sentences of the critique per status."""
        return {s: sum(1 for v in self._flagged if v.status is s) for s in FLAGGED_ORDER}

    def answer_counts(self) -> dict[Status, int]:
        """Flagged sentences of the answers per status."""
        return {s: sum(1 for _a, v in self._answer_flags if v.status is s) for s in FLAGGED_ORDER}

    def current_index(self) -> int | None:
        """Claim index of the selected row, or None."""
        item = self.tree.currentItem()
        return int(item.data(INDEX_ROLE)) if item is not None else None

    def select(self, index: int) -> bool:
        """Select the row of a claim; False when it is not listed."""
        for i in range(self.tree.count()):
            item = self.tree.item(i)
            if int(item.data(INDEX_ROLE)) == index:
                self.tree.setCurrentItem(item)
                self.tree.scrollToItem(item)
                return True
        return False

    def set_filter(self, status: Status | None) -> None:
        """Show one status only, or every flagged sentence (None)."""
        pos = self.filter.findData(status.value if status is not None else "")
        self.filter.setCurrentIndex(max(0, pos))

    # internals ---------------------------------------------------------------------------

    def _fill_filter(self) -> None:
        chosen = self.filter.currentData() or ""
        counts, of_answers = self.counts(), self.answer_counts()
        total = len(self._flagged) + len(self._answer_flags)
        self.filter.blockSignals(True)
        self.filter.clear()
        self.filter.addItem(f"All flagged ({total})", "")
        for status in FLAGGED_ORDER:
            shown = counts[status] + of_answers[status]
            self.filter.addItem(f"{STYLES[status].label} ({shown})", status.value)
        self.filter.setCurrentIndex(max(0, self.filter.findData(chosen)))
        self.filter.blockSignals(False)
        waiting = len(self._answer_flags)
        answers_line = (
            f" Answers to questions: {waiting} sentence{'' if waiting == 1 else 's'} "
            f"need{'s' if waiting == 1 else ''} review."
            if waiting
            else ""
        )
        if self._critique is None:
            self.summary.setText("No critique yet." + answers_line)
            return
        shared = critique_counts(self._critique.result.verdicts, self._critique.reviews)
        if not shared.need_review:
            self.summary.setText(
                f"All {shared.claims} claims are supported by the paper." + answers_line
            )
        else:
            self.summary.setText(
                f"{shared.need_review} of {shared.claims} claims need review: "
                f"{shared.flagged} flagged ({shared.unsupported} unsupported, "
                f"{shared.rejected} rejected) and {shared.partial} partly supported. "
                f"Reviewed: {shared.reviewed} of {shared.need_review}." + answers_line
            )

    def _refill(self) -> None:
        wanted = self.filter.currentData() or ""
        reviews = self._critique.reviews if self._critique is not None else {}
        self.tree.blockSignals(True)
        self.tree.clear()
        for verdict in self._flagged:
            if wanted and verdict.status.value != wanted:
                continue
            item = _row(verdict, reviews.get(verdict.claim.index))
            item.setData(INDEX_ROLE, verdict.claim.index)
            self.tree.addItem(item)
        # NOTE: answer rows carry negative indexes so they never collide with critique sentences.
        for position, (answer, verdict) in enumerate(self._answer_flags):
            if wanted and verdict.status.value != wanted:
                continue
            question = answer.result.question
            item = _row(verdict, answer.reviews.get(verdict.claim.index), question)
            item.setData(INDEX_ROLE, -1 - position)
            self.tree.addItem(item)
        self.tree.blockSignals(False)
        self._update_buttons()

    def _on_current(self, *_args: object) -> None:
        self._update_buttons()
        index = self.current_index()
        if index is not None and index < 0:
            self.answer_flag_selected.emit(self._answer_flags[-1 - index][1])
        elif index is not None:
            self.claim_selected.emit(index)

    def _update_buttons(self) -> None:
        index = self.current_index()
        enabled = index is not None and (index < 0 or self._critique is not None)
        for button in (self.accept_button, self.reject_button, self.edit_button):
            button.setEnabled(enabled)

    def _request(self, action: ReviewAction) -> None:
        index = self.current_index()
        if index is None:
            return
        if index < 0:
            answer, verdict = self._answer_flags[-1 - index]
            self.answer_review_requested.emit(answer.id, verdict.claim.index, action)
        else:
            self.review_requested.emit(index, action)


def _row(verdict: Verdict, review: Review | None, question: str = "") -> QListWidgetItem:
    """A list row for a flagged sentence: its text, status, review and reason.

    A sentence of an answer is tagged with its question on a line of its own.
    """
    style = STYLES[verdict.status]
    sentence = verdict.claim.text
    if review is not None and review.action is ReviewAction.EDIT and review.new_text:
        sentence = review.new_text
    reason = one_line_explanation(verdict)
    if verdict.evidence and verdict.status is not Status.UNSUPPORTED:
        best = max(verdict.evidence, key=lambda e: e.score)
        if f"p. {best.page}" not in reason:
            reason += f" (see p. {best.page})"
    state = f" · {review_label(review)}" if review is not None else ""
    tag = f"Q: {snippet(question, 120)}\n" if question else ""
    item = QListWidgetItem(
        _status_icon(style.colour), f"{tag}{snippet(sentence, 300)}\n{style.label}{state}: {reason}"
    )
    asked = f"Answer to: {question}\n" if question else ""
    item.setToolTip(f"{asked}{style.label}{state}\n{verdict.claim.text}\n\n{reason}")
    return item


def _status_icon(colour: QColor) -> QIcon:
    """A small filled circle in the status colour."""
    pixmap = QPixmap(24, 24)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setBrush(colour)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.drawEllipse(2, 2, 20, 20)
    painter.end()
    return QIcon(pixmap)
