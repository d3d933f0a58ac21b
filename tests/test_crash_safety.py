"""Crash-safe library: interrupted ingests and deletions cleaned up, critiques kept per attempt."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from core.config import CheckerSettings, Settings
from core.errors import Cancelled, LibraryError, NotInLibraryError
from core.library.leases import Leases
from core.progress import CancelToken, Progress, drive
from core.records import CritiqueState, PaperStatus
from core.workspace import Workspace, _critique_lease, _paper_lease
from tests import pdf_factory
from tests.fakes import FakeEmbedder, FakeLLM

BAD = "The method reaches 99.9% accuracy. It beats GPT-7 by 40 points."


def _workspace(writer: FakeLLM | None = None, **knobs: object) -> Workspace:
    settings = Settings(checker=CheckerSettings(use_judge=False, **knobs))  # type: ignore[arg-type]
    return Workspace(settings, llm=writer or FakeLLM(), embedder=FakeEmbedder())


def _ingested(tmp_path: Path) -> tuple[Workspace, str]:
    ws = _workspace()
    info = drive(ws.ingest(pdf_factory.two_column_paper(tmp_path)))
    return ws, info.sha256


def test_killed_ingest_is_cleaned_up_at_start(tmp_path: Path) -> None:
    ws, sha = _ingested(tmp_path)
    # What a process killed while embedding leaves: an ingesting row and some vectors.
    ws.repo.begin_ingest(sha, "half", "x.pdf", 1)
    assert ws.repo.info(sha).status == PaperStatus.INGESTING  # type: ignore[union-attr]
    ws.close()
    again = _workspace()
    assert again.list_papers() == []
    assert again.vectors.count(sha) == 0


def test_live_ingest_of_another_process_is_left_alone(tmp_path: Path) -> None:
    ws, sha = _ingested(tmp_path)
    ws.repo.begin_ingest(sha, "half", "x.pdf", 1)
    ws.close()
    with Leases(ws.home / "locks").hold(_paper_lease(sha)):
        again = _workspace()
        assert [p.status for p in again.list_papers()] == [PaperStatus.INGESTING]


def test_lease_is_taken_by_one_holder_only(tmp_path: Path) -> None:
    leases = Leases(tmp_path / "locks")
    with leases.hold("x"):
        assert not leases.is_free("x")
        with pytest.raises(BlockingIOError), leases.hold("x"):
            pass
    assert leases.is_free("x")


def test_half_deleted_paper_is_hidden_then_finished(tmp_path: Path) -> None:
    ws, sha = _ingested(tmp_path)
    ws.repo.mark_deleting(sha)  # killed right after the first step of remove_paper
    assert ws.list_papers() == []
    assert ws.find(pdf_factory.two_column_paper(tmp_path)) is None
    assert ws.vectors.count(sha) > 0
    ws.close()
    again = _workspace()
    assert again.repo.info(sha) is None
    assert again.vectors.count(sha) == 0


def test_delete_removes_rows_only_after_vectors(tmp_path: Path) -> None:
    ws, sha = _ingested(tmp_path)
    seen: list[PaperStatus | None] = []
    real_delete = ws.vectors.delete_paper

    def spy(sha256: str) -> None:
        info = ws.repo.info(sha256)
        seen.append(None if info is None else info.status)
        real_delete(sha256)

    ws.vectors.delete_paper = spy  # type: ignore[method-assign]
    ws.remove_paper(sha)
    assert seen == [PaperStatus.DELETING]
    assert ws.repo.info(sha) is None


def test_stopped_critique_keeps_its_attempts_and_resumes(tmp_path: Path) -> None:
    ws, sha = _ingested(tmp_path)
    ws.set_models(FakeLLM(default=lambda i, c: BAD))
    token = CancelToken()
    attempts_seen = 0

    def stop_after_first_attempt(event: Progress) -> None:
        nonlocal attempts_seen
        if event.stage == "attempt":
            attempts_seen += 1
            token.cancel()

    with pytest.raises(Cancelled):
        drive(ws.critique(sha, cancel=token), stop_after_first_attempt)
    assert attempts_seen == 1
    interrupted = ws.interrupted_critique(sha)
    assert interrupted is not None and interrupted.state == CritiqueState.INTERRUPTED
    assert [a.iteration for a in interrupted.result.attempts] == [0]
    assert ws.latest_critique(sha) is None
    assert ws.paper_info(sha).interrupted_critique  # type: ignore[union-attr]

    writer = FakeLLM(default=lambda i, c: BAD)
    ws.set_models(writer)
    done = drive(ws.critique(sha, resume=True))
    assert done.id == interrupted.id and done.state == CritiqueState.DONE
    assert [a.iteration for a in done.result.attempts] == [0, 1, 2]
    # The resumed run went on with the repair feedback of the stored attempt.
    assert "99.9%" in writer.history[0].content
    assert ws.interrupted_critique(sha) is None
    assert ws.paper_info(sha).status == PaperStatus.CRITIQUED  # type: ignore[union-attr]


def test_killed_critique_becomes_interrupted_at_start(tmp_path: Path) -> None:
    ws, sha = _ingested(tmp_path)
    running = ws.repo.begin_critique(sha, "fake", "en")
    ws.repo.add_attempt(running, _attempt(), [])
    empty = ws.repo.begin_critique(sha, "fake", "en")
    ws.close()
    again = _workspace()
    stored = again.interrupted_critique(sha)
    assert stored is not None and stored.id == running
    with pytest.raises(NotInLibraryError):
        again.repo.critique(empty)  # nothing worth keeping: no attempt had finished
    assert again.discard_interrupted(sha)
    assert again.interrupted_critique(sha) is None
    assert not again.discard_interrupted(sha)


def test_resume_without_interrupted_run_is_an_error(tmp_path: Path) -> None:
    ws, sha = _ingested(tmp_path)
    with pytest.raises(NotInLibraryError):
        drive(ws.critique(sha, resume=True))


def test_second_critique_of_the_same_paper_waits(tmp_path: Path) -> None:
    ws, sha = _ingested(tmp_path)
    with Leases(ws.home / "locks").hold(_critique_lease(sha)), pytest.raises(LibraryError):
        drive(ws.critique(sha))


def test_recovery_does_not_touch_work_running_in_this_process(tmp_path: Path) -> None:
    ws, sha = _ingested(tmp_path)
    started, release = threading.Event(), threading.Event()

    def slow(_i: str, _c: str) -> str:
        started.set()
        release.wait(10)
        return BAD

    ws.set_models(FakeLLM(default=slow))
    worker = threading.Thread(target=lambda: drive(ws.critique(sha)), daemon=True)
    worker.start()
    assert started.wait(10)
    other = _workspace()
    assert other.repo.running_critiques()  # still running, not marked interrupted
    release.set()
    worker.join(30)
    assert ws.latest_critique(sha) is not None


def _attempt():  # type: ignore[no-untyped-def]
    from core.types import Attempt

    return Attempt(0, 0.0, 0.5, 10, 5, 1.0, "draft")
