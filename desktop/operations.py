"""Small operation builders: the only way widgets reach core.

Each builder returns an ``Operation`` with ``.success(cb)``, ``.failure(cb)``,
``.with_progress(label)``, ``.on_progress(cb)`` and ``.run_in_background()``. Without a
failure callback an error dialog is shown; a Stop is never an error.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Generator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from PySide6.QtWidgets import QWidget

from core import pdf_access
from core.config import Settings
from core.errors import Cancelled
from core.progress import CancelToken, Progress
from core.records import AuditEntry, PaperInfo, ReviewAction, StoredCritique
from core.types import Paper
from core.workspace import Workspace
from desktop import errors
from desktop.tasks import Task, TaskRunner

T = TypeVar("T")
WorkspaceFactory = Callable[[Settings], Workspace]


class CoreLane:
    """The worker lane together with the Workspace that lives on it.

    The Workspace is built lazily on the lane, so the window appears before the library,
    the model or Chroma are touched.
    """

    def __init__(self, runner: TaskRunner, settings: Settings, factory: WorkspaceFactory) -> None:
        self.runner = runner
        self.settings = settings
        self._factory = factory
        self._workspace: Workspace | None = None

    def workspace(self) -> Workspace:
        """The Workspace; call only from work running on the lane."""
        if self._workspace is None:
            self._workspace = self._factory(self.settings)
        return self._workspace

    def reconfigure(self, settings: Settings) -> None:
        """Use new settings: the current Workspace is closed on the lane and rebuilt on demand."""
        self.settings = settings

        def reset(_token: CancelToken) -> None:
            if self._workspace is not None:
                self._workspace.close()
                self._workspace = None

        self.runner.submit(reset, "")

    def close(self, timeout: float = 5.0) -> None:
        """Stop running work, close the Workspace on the lane and stop the lane."""
        self.runner.cancel_all()

        def close_ws() -> None:
            if self._workspace is not None:
                self._workspace.close()
                self._workspace = None

        try:
            self.runner.call_blocking(close_ws, timeout)
        except Exception:  # noqa: BLE001 - closing must never block quitting
            pass
        self.runner.shutdown(timeout)


class Operation(Generic[T]):
    """A piece of core work with callbacks that run on the main thread."""

    def __init__(
        self,
        parent: QWidget | None,
        lane: CoreLane,
        work: Callable[[Workspace, CancelToken], T | Generator[Progress, None, T]],
    ) -> None:
        self._parent = parent
        self._lane = lane
        self._work = work
        self._success: Callable[[T], None] | None = None
        self._failure: Callable[[BaseException], None] | None = None
        self._cancelled: Callable[[], None] | None = None
        self._progress: Callable[[Progress], None] | None = None
        self._label = ""

    def success(self, cb: Callable[[T], None]) -> Operation[T]:
        """Call ``cb(result)`` on the main thread when the work returns."""
        self._success = cb
        return self

    def failure(self, cb: Callable[[BaseException], None]) -> Operation[T]:
        """Call ``cb(exc)`` instead of showing the error dialog."""
        self._failure = cb
        return self

    def on_cancel(self, cb: Callable[[], None]) -> Operation[T]:
        """Call ``cb()`` when the work was stopped."""
        self._cancelled = cb
        return self

    def on_progress(self, cb: Callable[[Progress], None]) -> Operation[T]:
        """Call ``cb(progress)`` for each Progress the work yields."""
        self._progress = cb
        return self

    def with_progress(self, label: str) -> Operation[T]:
        """Show the work in the status bar under ``label`` (with the Stop button)."""
        self._label = label
        return self

    def run_in_background(self) -> Task:
        """Queue the work on the lane and return its Task."""
        lane = self._lane
        work = self._work

        def run(token: CancelToken) -> Any:
            return work(lane.workspace(), token)

        task = lane.runner.submit(run, self._label)
        if self._progress is not None:
            task.progress.connect(self._progress)
        task.succeeded.connect(self._on_success)
        task.failed.connect(self._on_failure)
        task.cancelled.connect(self._on_cancelled)
        # NOTE: the Task holds the only reference once the caller drops the builder.
        task._operation = self  # type: ignore[attr-defined]
        return task

    def _on_success(self, value: T) -> None:
        if self._success is not None:
            self._success(value)

    def _on_failure(self, exc: BaseException) -> None:
        if isinstance(exc, Cancelled):
            self._on_cancelled()
        elif self._failure is not None:
            self._failure(exc)
        else:
            errors.show_exception(self._parent, exc)

    def _on_cancelled(self) -> None:
        if self._cancelled is not None:
            self._cancelled()


@dataclass(frozen=True)
class OpenedPaper:
    """What the window needs to show a paper."""

    info: PaperInfo
    paper: Paper
    critique: StoredCritique | None
    #: A critique run that stopped part-way (newer than ``critique``), with its attempts.
    interrupted: StoredCritique | None = None


def list_papers(parent: QWidget | None, lane: CoreLane) -> Operation[list[PaperInfo]]:
    """Every paper in the library, newest first."""
    return Operation(parent, lane, lambda ws, _t: ws.list_papers())


def warm_up(parent: QWidget | None, lane: CoreLane) -> Operation[None]:
    """Open the library and the vector store and import the PDF and checking code.

    Run once the window is up, so these one-off costs (seconds, some of them holding the GIL)
    are paid while the reader looks at the window, not in the middle of the first ingest.
    """
    return Operation(parent, lane, lambda ws, _t: prepare_lane(ws))


def prepare_lane(ws: Workspace) -> None:
    """Pay the lane's one-off costs now: imports, PyMuPDF, the library and the vector store.

    Then freeze the garbage collector's view of everything alive (modules, classes, Chroma,
    SQLAlchemy): it lives as long as the app, and a full collection walking it held the GIL
    for about 100 ms, long enough to stall the window while a paper was being ingested.
    """
    import core.deep_read  # noqa: F401
    import core.ingest.chunking  # noqa: F401
    import core.ingest.pdf  # noqa: F401

    with pdf_access.hold():  # imports PyMuPDF
        pass
    ws.list_papers()
    _ = ws.vectors
    gc.freeze()


def ingest_paper(parent: QWidget | None, lane: CoreLane, path: Path) -> Operation[PaperInfo]:
    """Parse, chunk and index a PDF (a no-op when it is already in the library)."""
    return Operation(parent, lane, lambda ws, token: ws.ingest(path, cancel=token))


def open_paper(parent: QWidget | None, lane: CoreLane, sha256: str) -> Operation[OpenedPaper]:
    """Load a paper with its newest stored critique, read again if an older version read it."""

    def work(ws: Workspace, token: CancelToken) -> Generator[Progress, None, OpenedPaper]:
        try:
            info = yield from ws.refresh(sha256, cancel=token)
        except Cancelled:
            # Stopping the new reading opens the paper as it was read before.
            before = ws.paper_info(sha256)
            if before is None:
                raise
            info = before
        return OpenedPaper(
            info,
            ws.load_paper(sha256),
            ws.latest_critique(sha256),
            ws.interrupted_critique(sha256),
        )

    return Operation(parent, lane, work)


def remove_paper(parent: QWidget | None, lane: CoreLane, sha256: str) -> Operation[None]:
    """Delete the paper's rows, critiques and vectors."""
    return Operation(parent, lane, lambda ws, _t: ws.remove_paper(sha256))


def critique_paper(
    parent: QWidget | None,
    lane: CoreLane,
    sha256: str,
    language: str | None = None,
    resume: bool = False,
) -> Operation[StoredCritique]:
    """Generate, verify and store a critique (or resume an interrupted one); streams progress."""
    return Operation(
        parent,
        lane,
        lambda ws, token: ws.critique(sha256, language=language, cancel=token, resume=resume),
    )


def discard_interrupted(parent: QWidget | None, lane: CoreLane, sha256: str) -> Operation[bool]:
    """Delete the paper's interrupted critique run and its attempts."""
    return Operation(parent, lane, lambda ws, _t: ws.discard_interrupted(sha256))


def review_history(
    parent: QWidget | None, lane: CoreLane, critique_id: int
) -> Operation[list[AuditEntry]]:
    """Every recorded change to a stored critique (who, when, what), oldest first."""
    return Operation(parent, lane, lambda ws, _t: ws.audit_log(critique_id))


def latest_critique(
    parent: QWidget | None, lane: CoreLane, sha256: str
) -> Operation[StoredCritique | None]:
    """The newest stored critique of a paper, or None."""
    return Operation(parent, lane, lambda ws, _t: ws.latest_critique(sha256))


def critique_history(
    parent: QWidget | None, lane: CoreLane, sha256: str
) -> Operation[list[StoredCritique]]:
    """Every finished critique of a paper with its reviews, newest first."""
    return Operation(parent, lane, lambda ws, _t: ws.critique_history(sha256))


def stored_critique(
    parent: QWidget | None, lane: CoreLane, critique_id: int
) -> Operation[StoredCritique]:
    """One stored critique by id."""
    return Operation(parent, lane, lambda ws, _t: ws.stored_critique(critique_id))


def review_sentence(
    parent: QWidget | None,
    lane: CoreLane,
    critique_id: int,
    sentence_index: int,
    action: ReviewAction,
    *,
    note: str = "",
    new_text: str = "",
) -> Operation[StoredCritique]:
    """Store a review decision; an edit is checked again at once."""
    return Operation(
        parent,
        lane,
        lambda ws, _t: ws.review(critique_id, sentence_index, action, note=note, new_text=new_text),
    )


EXPORT_FORMATS: dict[str, tuple[str, str]] = {
    "md": ("Markdown notes", "Markdown (*.md)"),
    "pdf": ("Annotated PDF", "PDF (*.pdf)"),
    "json": ("JSON report", "JSON (*.json)"),
}


def export_paper(
    parent: QWidget | None,
    lane: CoreLane,
    sha256: str,
    fmt: str,
    out: Path,
    critique_id: int | None = None,
) -> Operation[Path]:
    """Write a critique of a paper and its questions and answers as Markdown, PDF or JSON.

    ``critique_id`` names the run to write (the one the window shows); None writes the newest,
    or the questions and answers alone when the paper has no critique.
    The caller has already asked before overwriting, so existing files are replaced.
    """

    def work(ws: Workspace, _token: CancelToken) -> Path:
        from core.errors import ExportError
        from core.export import export_critique

        info = ws.paper_info(sha256)
        if critique_id is None:
            critique = ws.latest_critique(sha256)
        else:
            # NOTE: loaded afresh, so reviews stored since it was shown are written too.
            critique = ws.stored_critique(critique_id)
            if critique.paper_sha256 != sha256:
                raise ExportError("The critique shown does not belong to this paper.")
        answers = ws.answers(sha256)
        if info is None or (critique is None and not answers):
            raise ExportError("This paper has no critique or answer to export yet.")
        paper = ws.load_paper(sha256)
        return export_critique(
            paper,
            info,
            critique,
            fmt,
            out,
            source_pdf=Path(info.path),
            answers=answers,
            force=True,
        )

    return Operation(parent, lane, work)
