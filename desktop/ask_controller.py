"""Wires the Ask box to core: runs questions on the lane, streams, lists, jumps, reviews."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from core.ask.result import StoredAnswer
from core.progress import Progress
from core.records import ReviewAction
from core.types import BBox, Verdict
from desktop import errors
from desktop.dialogs import prompts
from desktop.operations import CoreLane, OpenedPaper, Operation
from desktop.tasks import Task
from desktop.views.ask_view import AskView
from desktop.views.claims_panel import ClaimsPanel
from desktop.views.pdf_view import PdfView


class AskController(QObject):
    """One question at a time; answers of the open paper come from the library."""

    answered = Signal(object)  # StoredAnswer
    answers_loaded = Signal(object)  # list[StoredAnswer], newest first
    stopped = Signal()
    review_stored = Signal(object)  # StoredAnswer with the new review

    def __init__(
        self,
        parent: QWidget,
        lane: CoreLane,
        view: AskView,
        pdf_view: PdfView,
        claims: ClaimsPanel,
        current: Callable[[], OpenedPaper | None],
        notify: Callable[[str], None],
    ) -> None:
        super().__init__(parent)
        self._parent = parent
        self._lane = lane
        self.view = view
        self._pdf = pdf_view
        self._claims = claims
        self._current = current
        self._notify = notify
        self.task: Task | None = None
        self._attempt = 0
        view.ask_requested.connect(self.ask)
        view.stop_requested.connect(self.stop)
        view.sentence_activated.connect(self.show_evidence)
        view.review_requested.connect(self.request_review)
        claims.answer_flag_selected.connect(self.show_evidence)
        claims.answer_review_requested.connect(self.request_review)

    def paper_opened(self, sha256: str) -> None:
        """Enable asking and list the paper's earlier questions."""
        self.view.set_enabled(True)
        self.view.clear()
        # The previous paper's answer sentences leave the panel before this paper's arrive.
        self._claims.set_answers([])
        self.load(sha256)

    def paper_closed(self) -> None:
        """No paper open: no questions, and no answer sentences in the panel."""
        self.view.clear()
        self.view.set_enabled(False)
        self._claims.set_answers([])

    def load(self, sha256: str) -> Task:
        """Fetch the paper's stored answers."""

        def loaded(answers: list[StoredAnswer]) -> None:
            opened = self._current()
            if opened is None or opened.info.sha256 != sha256:
                return
            self.view.set_history(answers)
            self._claims.set_answers(answers)
            self.answers_loaded.emit(answers)

        return stored_answers(self._parent, self._lane, sha256).success(loaded).run_in_background()

    def ask(self, question: str) -> Task | None:
        """Answer ``question`` about the open paper (ignored while an answer is running)."""
        opened = self._current()
        if opened is None or self.task is not None:
            return None
        sha = opened.info.sha256
        self._attempt = 0
        self.view.begin(question)
        task = (
            ask_question(self._parent, self._lane, sha, question)
            .with_progress("Ask")
            .on_progress(self._progress)
            .success(self._done)
            .failure(self._failed)
            .on_cancel(self._stopped)
            .run_in_background()
        )
        task.finished.connect(self._ended)
        self.task = task
        return task

    def stop(self) -> None:
        """Stop the running answer."""
        if self.task is not None:
            self.task.cancel()

    def request_review(self, answer_id: int, index: int, action: ReviewAction) -> Task | None:
        """Ask for the details of a review of an answer sentence and store it.

        The same decisions as for a critique sentence (accept with a note, reject, edit and
        check again), stored through the same workspace path and audit log.
        """
        answer = self.view.answer(answer_id)
        verdict = (
            next((v for v in answer.result.verdicts if v.claim.index == index), None)
            if answer is not None
            else None
        )
        if answer is None or verdict is None:
            return None
        note, new_text = "", ""
        if action is ReviewAction.ACCEPT:
            reply = prompts.ask_text(
                self._parent, "Accept sentence", "Optional note for the export:"
            )
            if reply is None:
                return None
            note = reply.strip()
        elif action is ReviewAction.EDIT:
            previous = answer.reviews.get(index)
            current = previous.new_text if previous and previous.new_text else verdict.claim.text
            reply = prompts.ask_text(
                self._parent,
                "Edit sentence",
                "New text (it is checked against the paper again):",
                current,
                multiline=True,
            )
            if reply is None or not reply.strip() or reply.strip() == current.strip():
                return None
            new_text = " ".join(reply.split())
        return (
            review_answer_sentence(
                self._parent, self._lane, answer_id, index, action, note=note, new_text=new_text
            )
            .with_progress("Saving review")
            .success(self._reviewed)
            .run_in_background()
        )

    def show_evidence(self, verdict: Verdict) -> None:
        """Jump the PDF view to the sentence's best evidence and highlight its lines."""
        if not verdict.evidence:
            self._notify("No passage in the paper supports this sentence.")
            return
        best = max(verdict.evidence, key=lambda e: e.score)
        boxes: tuple[BBox, ...] = (best.bbox,)
        opened = self._current()
        if opened is not None and 0 <= best.sentence_index < len(opened.paper.sentences):
            boxes = opened.paper.sentences[best.sentence_index].bboxes
        self._pdf.show_evidence(best.page, boxes)
        self._notify(f"Evidence: page {best.page}")

    # task callbacks ----------------------------------------------------------------------

    def _progress(self, event: Progress) -> None:
        if event.stage == "generate":
            if event.done != self._attempt:
                self._attempt = event.done
                self.view.restart()
            self.view.append(event.text)
        elif event.stage == "verdict" and isinstance(event.payload, Verdict):
            self.view.mark(event.payload)
        elif event.message:
            self.view.status.setText(event.message)

    def _done(self, answer: StoredAnswer) -> None:
        self.view.show_answer(answer)
        self.load(answer.paper_sha256)
        self.answered.emit(answer)

    def _reviewed(self, answer: StoredAnswer) -> None:
        self.view.update_answer(answer)
        self.load(answer.paper_sha256)
        self.review_stored.emit(answer)

    def _failed(self, exc: BaseException) -> None:
        errors.show_exception(self._parent, exc)
        self.view.status.setText("The answer failed.")

    def _stopped(self) -> None:
        self.view.status.setText("Stopped. Nothing was stored.")
        self.stopped.emit()

    def _ended(self) -> None:
        self.task = None
        self.view.set_busy(False)


def ask_question(
    parent: QWidget | None, lane: CoreLane, sha256: str, question: str
) -> Operation[StoredAnswer]:
    """Answer a question about a paper, checked and stored; streams progress."""
    return Operation(parent, lane, lambda ws, token: ws.ask(sha256, question, cancel=token))


def stored_answers(
    parent: QWidget | None, lane: CoreLane, sha256: str
) -> Operation[list[StoredAnswer]]:
    """The paper's stored questions and answers, newest first."""
    return Operation(parent, lane, lambda ws, _t: ws.answers(sha256))


def review_answer_sentence(
    parent: QWidget | None,
    lane: CoreLane,
    answer_id: int,
    sentence_index: int,
    action: ReviewAction,
    *,
    note: str = "",
    new_text: str = "",
) -> Operation[StoredAnswer]:
    """Store a review of an answer sentence; an edit is checked again at once."""
    return Operation(
        parent,
        lane,
        lambda ws, _t: ws.review_answer(
            answer_id, sentence_index, action, note=note, new_text=new_text
        ),
    )
