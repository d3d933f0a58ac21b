"""What keeps the window from stalling while the lane ingests and exports.

Short PyMuPDF holds, a frozen start-up heap, and the stress benchmark's trace that names a
stall's cause.
"""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from types import TracebackType

import pytest

from core import pdf_access
from core.export import export_annotated_pdf
from desktop.operations import prepare_lane
from tests import export_fixtures as fx


class _CountingLock:
    """The PyMuPDF lock, counting how often it is taken from free (not re-entered)."""

    def __init__(self) -> None:
        self._lock = threading.RLock()
        self._depth = 0
        self.holds = 0

    def acquire(self, blocking: bool = True, timeout: float = -1) -> bool:
        taken = self._lock.acquire(blocking, timeout)
        if taken:
            self._depth += 1
            self.holds += self._depth == 1
        return taken

    def release(self) -> None:
        self._depth -= 1
        self._lock.release()

    def __enter__(self) -> _CountingLock:
        self.acquire()
        return self

    def __exit__(
        self, _t: type[BaseException] | None, _e: BaseException | None, _tb: TracebackType | None
    ) -> None:
        self.release()


def test_annotated_pdf_export_gives_the_lock_back_between_its_steps(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = fx.build_run(tmp_path)
    lock = _CountingLock()
    monkeypatch.setattr(pdf_access, "_LOCK", lock)

    export_annotated_pdf(run.paper, run.pdf, run.critique, tmp_path / "annotated.pdf")

    # The fixture critique has five highlighted passages: each search and each highlight is
    # its own hold, besides the open, the page count, the save and the close.
    assert lock.holds >= 2 * 5 + 4
    assert (tmp_path / "annotated.pdf").stat().st_size > 0


class _Workspace:
    """What prepare_lane touches of a Workspace."""

    def __init__(self) -> None:
        self.listed = False
        self.vectors = object()

    def list_papers(self) -> list[object]:
        self.listed = True
        return []


@pytest.fixture
def unfrozen() -> Iterator[None]:
    gc.unfreeze()
    yield
    gc.unfreeze()


@pytest.mark.usefixtures("unfrozen")
def test_prepare_lane_freezes_what_start_up_left_alive() -> None:
    ws = _Workspace()
    prepare_lane(ws)  # type: ignore[arg-type]
    assert ws.listed
    # NOTE: a full collection no longer walks the start-up heap (modules, Chroma, SQLAlchemy).
    assert gc.get_freeze_count() > 1000


def test_stall_trace_names_the_collection_and_the_code_behind_a_stall(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from bench.stress import StallTrace

    heap = [{"n": n} for n in range(300_000)]  # enough for a collection to take > 5 ms
    trace = StallTrace()
    trace.start()
    start = time.perf_counter()
    gc.collect()
    _busy_for(0.06)
    end = time.perf_counter()
    trace.stop()

    trace.report([(start, end)], start)

    out = capsys.readouterr().out
    assert f"stall {(end - start) * 1000:.0f} ms at 0.00 s" in out
    assert "gc generation 2 on MainThread" in out
    assert "_busy_for" in out
    assert len(heap) == 300_000


def _busy_for(seconds: float) -> None:
    """Keep the GIL busy with Python code, as a long GUI slot does."""
    until = time.perf_counter() + seconds
    while time.perf_counter() < until:
        sum(range(100))
