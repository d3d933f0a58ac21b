"""A library paper read by an older version of the reading is read again when it is opened."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from core.config import CheckerSettings, Settings
from core.errors import Cancelled
from core.ingest.version import READING_VERSION
from core.library import migrations
from core.library.repository import Repository
from core.progress import CancelToken, Progress, drive
from core.workspace import Workspace
from tests import pdf_factory
from tests.fakes import FakeEmbedder, FakeLLM


def _workspace() -> Workspace:
    settings = Settings(checker=CheckerSettings(use_judge=False))
    return Workspace(settings, llm=FakeLLM(), embedder=FakeEmbedder())


def _read_by_an_older_version(ws: Workspace, sha: str, sentences: int = 2) -> None:
    """What an older reading left: an older version number and fewer sentences."""
    with sqlite3.connect(ws.home / "library.sqlite3") as db:
        paper_id, content = db.execute(
            "SELECT paper.id, content FROM paper JOIN paper_content ON paper.id = paper_id "
            "WHERE sha256 = ?",
            (sha,),
        ).fetchone()
        old = json.loads(content)
        old["sentences"] = old["sentences"][:sentences]
        db.execute(
            "UPDATE paper_content SET content = ? WHERE paper_id = ?", (json.dumps(old), paper_id)
        )
        db.execute("UPDATE paper SET reading_version = 0 WHERE id = ?", (paper_id,))


@pytest.fixture
def stale(tmp_path: Path) -> tuple[Workspace, str, Path, int]:
    """A critiqued library paper whose stored reading is older than this version's."""
    ws = _workspace()
    path = pdf_factory.two_column_paper(tmp_path)
    info = drive(ws.ingest(path))
    drive(ws.critique(info.sha256))
    sentences = len(ws.load_paper(info.sha256).sentences)
    _read_by_an_older_version(ws, info.sha256)
    ws._retrievers.clear()  # noqa: SLF001 - a new session
    return ws, info.sha256, path, sentences


def test_opening_reads_the_paper_again_and_keeps_its_critiques(
    stale: tuple[Workspace, str, Path, int],
) -> None:
    ws, sha, _path, sentences = stale
    assert ws.paper_info(sha).reading_version == 0  # type: ignore[union-attr]
    stages: list[str] = []
    info = drive(ws.refresh(sha), lambda p: stages.append(p.stage))
    assert "parse" in stages and stages[-1] == "ready"
    assert info.reading_version == READING_VERSION
    assert len(ws.load_paper(sha).sentences) == sentences
    assert ws.vectors.count(sha) == info.chunks == len(ws.repo.load_chunks(sha))
    assert len(ws.critique_history(sha)) == 1
    # read once: the next open does not read it again
    events: list[Progress] = []
    drive(ws.refresh(sha), events.append)
    assert events == []


def test_opening_the_file_again_reads_a_stale_paper(
    stale: tuple[Workspace, str, Path, int],
) -> None:
    ws, sha, path, sentences = stale
    info = drive(ws.ingest(path))
    assert info.reading_version == READING_VERSION
    assert len(ws.load_paper(sha).sentences) == sentences


def test_a_paper_whose_file_is_gone_keeps_its_reading(
    stale: tuple[Workspace, str, Path, int], tmp_path: Path
) -> None:
    ws, sha, path, _sentences = stale
    shutil.move(path, tmp_path / "moved.pdf")
    info = drive(ws.refresh(sha))
    assert info.reading_version == 0
    assert len(ws.load_paper(sha).sentences) == 2


def test_stopping_the_new_reading_keeps_the_old_one(
    stale: tuple[Workspace, str, Path, int],
) -> None:
    ws, sha, _path, _sentences = stale
    vectors = ws.vectors.count(sha)
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        drive(ws.refresh(sha, cancel=token))
    assert ws.paper_info(sha).reading_version == 0  # type: ignore[union-attr]
    assert len(ws.load_paper(sha).sentences) == 2
    assert ws.vectors.count(sha) == vectors


def test_papers_stored_before_versions_are_version_zero(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "library.sqlite3"
    with monkeypatch.context() as before:
        before.setattr(migrations, "MIGRATIONS", migrations.MIGRATIONS[:4])
        Repository(db).close()
    with sqlite3.connect(db) as conn:
        conn.execute(
            "INSERT INTO paper (sha256, title, path, pages, status, added_at) "
            "VALUES ('abc', 'Old', '/x.pdf', 1, 'ready', '2026-01-01 00:00:00')"
        )
    info = Repository(db).info("abc")
    assert info is not None and info.reading_version == 0
