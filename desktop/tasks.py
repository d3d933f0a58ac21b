"""One background lane for core work; results come back to the main thread by signal."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Generator
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal, Slot

from core.errors import Cancelled
from core.progress import CancelToken, Progress

Work = Callable[[CancelToken], Any]

#: How long a thread may keep the GIL while another waits for it (Python's default: 5 ms).
GIL_SWITCH_S = 0.001


class Task(QObject):
    """A unit of work on the lane; its signals always fire on the main thread.

    ``progress`` carries each Progress the work yields; exactly one of ``succeeded``,
    ``failed`` or ``cancelled`` fires, then ``finished``.
    """

    started = Signal()
    progress = Signal(object)
    succeeded = Signal(object)
    failed = Signal(object)
    cancelled = Signal()
    finished = Signal()

    def __init__(self, label: str = "", parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.label = label
        self.token = CancelToken()
        self.done = False

    def cancel(self) -> None:
        """Ask the work to stop at its next check or yield."""
        self.token.cancel()


class TaskRunner(QObject):
    """Runs work one item at a time on a single worker thread.

    The model, the vector store and SQLite are not safe to use from two threads, so every
    core call goes through this one lane. Work may return a value or be a generator yielding
    Progress and returning a value; each yield becomes a ``Task.progress`` signal.
    """

    task_started = Signal(object)
    task_progress = Signal(object, object)
    task_finished = Signal(object)

    _invoke = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        # NOTE: the lane's Python work shares the GIL with the GUI thread, and every slot the
        # event loop calls waits for it, up to the switch interval each, several per frame.
        sys.setswitchinterval(GIL_SWITCH_S)
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="deepread-lane")
        self._invoke.connect(self._on_invoke, Qt.ConnectionType.QueuedConnection)
        self._active: list[Task] = []
        self._lock = threading.Lock()
        self._closed = False

    @property
    def busy(self) -> bool:
        """True while any task is queued or running."""
        return bool(self._active)

    @property
    def active_tasks(self) -> list[Task]:
        """Tasks queued or running, oldest first."""
        return list(self._active)

    def run_on_main(self, fn: Callable[[], None]) -> None:
        """Call ``fn`` on the main thread soon; safe from any thread."""
        self._invoke.emit(fn)

    @Slot(object)
    def _on_invoke(self, fn: Callable[[], None]) -> None:
        fn()

    def submit(self, work: Work, label: str = "") -> Task:
        """Queue ``work(token)`` on the lane and return its Task (signals not yet fired)."""
        task = Task(label, self)
        self._active.append(task)
        if self._closed:
            self._finish(task, "cancelled", None)
            return task
        self._executor.submit(self._run, task, work)
        return task

    def cancel_all(self) -> None:
        """Cancel every queued or running task."""
        for task in self._active:
            task.cancel()

    def shutdown(self, timeout: float = 5.0) -> None:
        """Cancel everything and wait (bounded) for the lane to drain."""
        self._closed = True
        self.cancel_all()
        done = threading.Event()
        self._executor.submit(done.set)
        done.wait(timeout)
        self._executor.shutdown(wait=False, cancel_futures=True)

    def call_blocking(self, fn: Callable[[], Any], timeout: float = 10.0) -> Any:
        """Run ``fn`` on the lane and wait for it; only for shutdown paths and tests."""
        future: Future[Any] = self._executor.submit(fn)
        return future.result(timeout)

    # worker side -------------------------------------------------------------------------

    def _run(self, task: Task, work: Work) -> None:
        if task.token.cancelled:
            self.run_on_main(lambda: self._finish(task, "cancelled", None))
            return
        self.run_on_main(lambda: self._start(task))
        try:
            result = work(task.token)
            if isinstance(result, Generator):
                result = self._drive(task, result)
        except Cancelled:
            self.run_on_main(lambda: self._finish(task, "cancelled", None))
        except BaseException as exc:  # noqa: BLE001 - every failure must reach the GUI
            err = exc
            self.run_on_main(lambda: self._finish(task, "failed", err))
        else:
            value = result
            self.run_on_main(lambda: self._finish(task, "succeeded", value))

    def _drive(self, task: Task, gen: Generator[Progress, None, Any]) -> Any:
        """Step the generator, forwarding each yield; a Stop is thrown in at the next yield."""
        try:
            event = next(gen)
            while True:
                self._post_progress(task, event)
                if task.token.cancelled:
                    # NOTE: thrown rather than close()d so the core sees the same Cancelled its
                    # own token checks raise, and its cleanup paths run.
                    event = gen.throw(Cancelled("Stopped by the user."))
                else:
                    event = next(gen)
        except StopIteration as stop:
            return stop.value

    def _post_progress(self, task: Task, event: Progress) -> None:
        self.run_on_main(lambda: self._progress(task, event))

    # main-thread side --------------------------------------------------------------------

    def _start(self, task: Task) -> None:
        task.started.emit()
        self.task_started.emit(task)

    def _progress(self, task: Task, event: Progress) -> None:
        if task.done:
            return
        task.progress.emit(event)
        self.task_progress.emit(task, event)

    def _finish(self, task: Task, outcome: str, value: Any) -> None:
        if task.done:
            return
        task.done = True
        if task in self._active:
            self._active.remove(task)
        if outcome == "succeeded":
            task.succeeded.emit(value)
        elif outcome == "failed":
            task.failed.emit(value)
        else:
            task.cancelled.emit()
        task.finished.emit()
        self.task_finished.emit(task)
