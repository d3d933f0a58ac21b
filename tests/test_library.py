"""The SQLite library: migrations, atomic ingest records, critiques, reviews, audit."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.errors import NotInLibraryError
from core.library.migrations import MIGRATIONS
from core.library.repository import Repository
from core.records import PaperStatus, Review, ReviewAction
from core.types import (
    Attempt,
    Chunk,
    Claim,
    CritiqueResult,
    Evidence,
    Status,
    Verdict,
)
from tests.fakes import make_paper

PAPER = make_paper(["Accuracy is 87.3% on SQuAD. We use 12,500 examples."], title="Fixture")


def _result() -> CritiqueResult:
    text = "Accuracy is 87.3%. [unverified] It uses GPT-9."
    good = Verdict(
        Claim(0, "Accuracy is 87.3%.", 0, 18),
        Status.SUPPORTED,
        explanation="supported",
        confidence=0.9,
        evidence=(Evidence(1, "Accuracy is 87.3% on SQuAD.", (50, 100, 550, 114), 0.8, 0),),
    )
    bad = Verdict(
        Claim(1, "It uses GPT-9.", 33, 47),
        Status.UNSUPPORTED,
        reasons=("name_not_in_paper:GPT-9",),
        explanation="GPT-9 does not occur in the paper",
        confidence=0.7,
    )
    return CritiqueResult(
        text=text,
        verdicts=(good, bad),
        attempts=(
            Attempt(0, 0.0, 0.5, 900, 120, 4.2, "draft"),
            Attempt(1, 0.3, 0.5, 950, 110, 4.0),
        ),
        model="fake",
        language="en",
        flagged_ratio=0.5,
        settings={"threshold": 0.3},
    )


@pytest.fixture
def repo(tmp_path: Path) -> Repository:
    return Repository(tmp_path / "lib.sqlite3")


def _ingest(repo: Repository) -> None:
    repo.begin_ingest(PAPER.sha256, PAPER.title, "/x.pdf", 1)
    chunk = Chunk(PAPER.sha256, 0, "Accuracy is 87.3% on SQuAD.", 1, 1, (0,), "h0")
    repo.finish_ingest(PAPER, [chunk])


def test_migrations_run_once(tmp_path: Path) -> None:
    Repository(tmp_path / "a.sqlite3").close()
    again = Repository(tmp_path / "a.sqlite3")
    with again._engine.connect() as conn:  # noqa: SLF001
        names = [r[0] for r in conn.exec_driver_sql("SELECT name FROM _migrations")]
    assert names == [name for name, _ in MIGRATIONS]


def test_ingest_becomes_ready_only_when_finished(repo: Repository) -> None:
    repo.begin_ingest(PAPER.sha256, PAPER.title, "/x.pdf", 1)
    assert repo.info(PAPER.sha256).status == PaperStatus.INGESTING  # type: ignore[union-attr]
    with pytest.raises(NotInLibraryError):
        repo.load_paper(PAPER.sha256)
    repo.finish_ingest(PAPER, [Chunk(PAPER.sha256, 0, "t", 1, 1, (0,), "h")])
    info = repo.info(PAPER.sha256)
    assert info is not None and info.status == PaperStatus.READY and info.chunks == 1
    assert repo.load_paper(PAPER.sha256) == PAPER
    assert repo.load_chunks(PAPER.sha256)[0].sentence_ids == (0,)


def test_begin_ingest_replaces_leftovers(repo: Repository) -> None:
    repo.begin_ingest(PAPER.sha256, "old", "/x.pdf", 1)
    repo.begin_ingest(PAPER.sha256, "new", "/x.pdf", 1)
    assert [p.title for p in repo.list_infos()] == ["new"]


def test_critique_round_trip_and_flag_count(repo: Repository) -> None:
    _ingest(repo)
    stored = repo.save_critique(PAPER.sha256, _result())
    again = repo.latest_critique(PAPER.sha256)
    assert again is not None and again.result == stored.result == _result()
    info = repo.info(PAPER.sha256)
    assert info is not None and info.status == PaperStatus.CRITIQUED and info.flagged_count == 1


def test_review_edit_replaces_verdict_and_is_audited(repo: Repository) -> None:
    _ingest(repo)
    stored = repo.save_critique(PAPER.sha256, _result())
    new = Verdict(Claim(1, "It uses 12,500 examples.", 33, 47), Status.SUPPORTED, confidence=0.8)
    review = Review(1, ReviewAction.EDIT, previous_text="It uses GPT-9.", new_text=new.claim.text)
    updated = repo.add_review(stored.id, review, new)
    assert updated.reviews[1].action == ReviewAction.EDIT
    assert updated.result.verdicts[1].status == Status.SUPPORTED
    assert updated.result.verdicts[1].claim.text == "It uses 12,500 examples."
    actions = [e.action for e in repo.audit_log(stored.id)]
    assert actions == ["created", "review:edit"]


def test_delete_paper_removes_everything(repo: Repository) -> None:
    _ingest(repo)
    stored = repo.save_critique(PAPER.sha256, _result())
    repo.delete_paper(PAPER.sha256)
    assert repo.list_infos() == []
    assert repo.audit_log(stored.id) == []
    with repo._engine.connect() as conn:  # noqa: SLF001
        for table in ("chunk", "critique", "verdict", "attempt", "paper_content"):
            assert conn.exec_driver_sql(f"SELECT COUNT(*) FROM {table}").scalar() == 0
