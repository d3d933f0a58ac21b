"""Reviews of answer sentences: stored like a critique's, audited, listed and made on the CLI."""

from __future__ import annotations

import dataclasses
import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import create_engine

from core.ask.result import AnswerResult, StoredAnswer
from core.cli.main import main
from core.errors import NotInLibraryError
from core.library.migrations import MIGRATIONS
from core.library.repository import Repository
from core.records import AuditEntry, Review, ReviewAction, StoredCritique
from core.review_log import describe_audit_entry
from core.types import Chunk, Claim, Evidence, Status, Verdict
from tests import answer_fixtures as ax
from tests import export_fixtures as fx
from tests.fakes import make_paper
from tests.test_export_cli import StubWorkspace, _install

PAPER = make_paper(["Accuracy is 87.3% on SQuAD. We use 12,500 examples."], title="Fixture")
QUESTION = "What accuracy is reached?"


def _answer() -> AnswerResult:
    text = "Accuracy is 87.3% (p. 1). It uses GPT-9."
    good = Verdict(
        Claim(0, "Accuracy is 87.3% (p. 1).", 0, 25),
        Status.SUPPORTED,
        confidence=0.9,
        evidence=(Evidence(1, "Accuracy is 87.3% on SQuAD.", (50, 100, 550, 114), 0.8, 0),),
    )
    bad = Verdict(
        Claim(1, "It uses GPT-9.", 26, 40),
        Status.UNSUPPORTED,
        reasons=("name_not_in_paper:GPT-9",),
        explanation="GPT-9 does not occur in the paper",
        confidence=0.7,
    )
    return AnswerResult(QUESTION, text, (good, bad), (), (), False, "fake", 0.5, QUESTION)


@pytest.fixture
def repo(tmp_path: Path) -> Repository:
    repo = Repository(tmp_path / "lib.sqlite3")
    repo.begin_ingest(PAPER.sha256, PAPER.title, "/x.pdf", 1)
    repo.finish_ingest(PAPER, [Chunk(PAPER.sha256, 0, "t", 1, 1, (0,), "h")])
    return repo


def test_answer_review_is_stored_with_the_answer_and_audited(repo: Repository) -> None:
    stored = repo.add_answer(PAPER.sha256, _answer())
    assert stored.reviews == {}
    accepted = repo.add_answer_review(
        stored.id, Review(1, ReviewAction.ACCEPT, "in Table 2", "It uses GPT-9."), by="ada"
    )
    assert accepted.reviews[1].action is ReviewAction.ACCEPT
    new = Verdict(Claim(1, "It uses 12,500 examples.", 26, 40), Status.SUPPORTED, confidence=0.8)
    edit = Review(1, ReviewAction.EDIT, previous_text="It uses GPT-9.", new_text=new.claim.text)
    edited = repo.add_answer_review(stored.id, edit, new, by="ada")
    # The latest review applies; the edit's verdict replaces the old one, the text stays.
    assert edited.reviews[1].action is ReviewAction.EDIT
    assert edited.result.verdicts[1].status is Status.SUPPORTED
    assert edited.result.verdicts[1].claim.text == "It uses 12,500 examples."
    assert edited.result.text == _answer().text
    assert repo.answers(PAPER.sha256)[0] == edited == repo.answer(stored.id)

    log = repo.answers_audit_log(PAPER.sha256)
    assert [e.action for e in log] == ["review:accept", "review:edit"]
    assert log[0].detail["answer"] == stored.id and log[0].detail["question"] == QUESTION
    assert log[1].detail["new_status"] == "supported" and log[1].by == "ada"
    lines = describe_audit_entry(log[1])
    assert f"answer {stored.id} ({QUESTION}): sentence 1 edited; checked again: supported" in lines
    assert "after:  It uses 12,500 examples." in lines


def test_answer_reviews_stay_apart_from_the_critique_log(repo: Repository) -> None:
    from tests.test_library import _result

    critique = repo.save_critique(PAPER.sha256, _result())
    answer = repo.add_answer(PAPER.sha256, _answer())
    repo.add_answer_review(answer.id, Review(1, ReviewAction.REJECT))
    assert [e.action for e in repo.audit_log(critique.id)] == ["created"]
    assert [e.action for e in repo.answers_audit_log(PAPER.sha256)] == ["review:reject"]
    assert repo.latest_critique(PAPER.sha256).reviews == {}  # type: ignore[union-attr]


def test_deleting_the_paper_removes_answer_reviews_and_their_log(repo: Repository) -> None:
    answer = repo.add_answer(PAPER.sha256, _answer())
    repo.add_answer_review(answer.id, Review(1, ReviewAction.REJECT))
    repo.delete_paper(PAPER.sha256)
    with repo._engine.connect() as conn:  # noqa: SLF001
        for table in ("question", "answer_review", "audit"):
            assert conn.exec_driver_sql(f"SELECT COUNT(*) FROM {table}").scalar() == 0
    with pytest.raises(NotInLibraryError):
        repo.answer(answer.id)


def test_upgrade_keeps_the_critique_audit_log(tmp_path: Path) -> None:
    """A library made before answer reviews keeps its audit entries through m004."""
    path = tmp_path / "old.sqlite3"
    engine = create_engine(f"sqlite:///{path}")
    with engine.begin() as conn:
        conn.exec_driver_sql(
            "CREATE TABLE _migrations (name VARCHAR PRIMARY KEY, applied_at DATETIME NOT NULL)"
        )
        for name, fn in MIGRATIONS[:3]:
            fn(conn)
            conn.exec_driver_sql(
                "INSERT INTO _migrations VALUES (?, ?)", (name, datetime.now(UTC).isoformat())
            )
        conn.exec_driver_sql(
            "INSERT INTO audit (critique_id, at, action, detail) VALUES (7, ?, 'review:accept', ?)",
            (datetime(2025, 1, 2, tzinfo=UTC).isoformat(), json.dumps({"sentence": 2})),
        )
    engine.dispose()
    repo = Repository(path)
    (entry,) = repo.audit_log(7)
    assert entry.action == "review:accept" and entry.detail == {"sentence": 2}
    with sqlite3.connect(path) as raw:
        names = [r[0] for r in raw.execute("SELECT name FROM _migrations")]
    assert names == [name for name, _ in MIGRATIONS]
    repo.close()


# --------------------------------------------------------------------------- command line


class AnswerStub(StubWorkspace):
    """The stand-in workspace of the export CLI tests, with stored answers."""

    def __init__(self, run: fx.ExportRun, critique: StoredCritique | None) -> None:
        super().__init__(run, critique)
        self.stored_answers = [ax.build_answer(run.paper)]
        self.answer_reviews: list[tuple[int, int, ReviewAction, str, str]] = []
        self.log: list[AuditEntry] = []

    def answers(self, sha256: str) -> list[StoredAnswer]:
        return self.stored_answers

    def review_answer(
        self,
        answer_id: int,
        sentence_index: int,
        action: ReviewAction,
        *,
        note: str = "",
        new_text: str = "",
    ) -> StoredAnswer:
        self.answer_reviews.append((answer_id, sentence_index, action, note, new_text))
        (answer,) = self.stored_answers
        review = Review(sentence_index, action, note, "", new_text)
        answer = dataclasses.replace(answer, reviews={sentence_index: review})
        self.stored_answers = [answer]
        return answer

    def audit_log(self, critique_id: int) -> list[AuditEntry]:
        return self.log  # the workspace merges the answers' reviews into it

    def answers_audit_log(self, sha256: str) -> list[AuditEntry]:
        return self.log


@pytest.fixture
def run(tmp_path: Path) -> fx.ExportRun:
    return fx.build_run(tmp_path)


def test_review_queue_lists_answer_sentences_with_their_question(
    run: fx.ExportRun, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stub = AnswerStub(run, run.critique)
    _install(stub, monkeypatch)
    assert main(["review", str(run.pdf)]) == 0
    out = capsys.readouterr().out
    assert f"[3] unsupported — pending\n    {fx.UNSUPPORTED}" in out  # the critique's, first
    head = f"Answer 3 to “{ax.QUESTION}” (review with --answer 3):"
    assert f"{head}\n[1] unsupported — pending\n    {ax.ANSWER_FLAGGED}" in out
    assert f"reason: {ax.FLAG_REASON}" in out


def test_review_of_an_answer_sentence_from_the_command_line(
    run: fx.ExportRun, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stub = AnswerStub(run, None)  # answers alone are enough to review them
    _install(stub, monkeypatch)
    args = ["review", str(run.pdf), "--answer", "3", "--sentence", "1", "--accept"]
    assert main([*args, "--note", "seen"]) == 0
    assert stub.answer_reviews == [(3, 1, ReviewAction.ACCEPT, "seen", "")]
    assert stub.reviews == []  # the critique was not touched
    assert "Answer 3, sentence 1: accepted with note: seen" in capsys.readouterr().out
    assert main(["review", str(run.pdf), "--answer", "9", "--sentence", "1", "--reject"]) == 2
    assert "has no answer 9" in capsys.readouterr().err
    assert main(["review", str(run.pdf), "--sentence", "1", "--reject"]) == 2
    assert "--answer ID" in capsys.readouterr().err


def test_review_log_includes_answer_reviews(
    run: fx.ExportRun, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stub = AnswerStub(run, run.critique)
    stub.log = [
        AuditEntry(
            datetime(2025, 3, 15, 9, 0, tzinfo=UTC),
            "review:reject",
            {"sentence": 1, "answer": 3, "question": ax.QUESTION, "by": "ada"},
        )
    ]
    _install(stub, monkeypatch)
    assert main(["review", str(run.pdf), "--log"]) == 0
    out = capsys.readouterr().out
    assert f"by ada: answer 3 ({ax.QUESTION}): sentence 1 rejected" in out


def test_review_log_of_a_paper_with_answers_only(
    run: fx.ExportRun, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stub = AnswerStub(run, None)
    stub.log = [
        AuditEntry(
            datetime(2025, 3, 15, 9, 0, tzinfo=UTC),
            "review:accept",
            {"sentence": 1, "answer": 3, "question": ax.QUESTION, "note": "ok"},
        )
    ]
    _install(stub, monkeypatch)
    assert main(["review", str(run.pdf), "--log"]) == 0
    out = capsys.readouterr().out
    assert f"answer 3 ({ax.QUESTION}): sentence 1 accepted\n    note: ok" in out


def test_workspace_audit_log_merges_critique_and_answer_reviews(tmp_path: Path) -> None:
    from core.config import Settings
    from core.workspace import Workspace
    from tests.fakes import FakeEmbedder, FakeLLM
    from tests.test_library import _result

    ws = Workspace(Settings(), llm=FakeLLM(), judge=FakeLLM(), embedder=FakeEmbedder())
    repo = ws.repo
    repo.begin_ingest(PAPER.sha256, PAPER.title, "/x.pdf", 1)
    repo.finish_ingest(PAPER, [Chunk(PAPER.sha256, 0, "t", 1, 1, (0,), "h")])
    critique = repo.save_critique(PAPER.sha256, _result())
    answer = repo.add_answer(PAPER.sha256, _answer())
    ws.review_answer(answer.id, 1, ReviewAction.REJECT, note="wrong")
    ws.review(critique.id, 1, ReviewAction.ACCEPT)
    log = ws.audit_log(critique.id)
    assert [(e.action, "answer" in e.detail) for e in log] == [
        ("created", False),
        ("review:reject", True),
        ("review:accept", False),
    ]
    assert ws.answers(PAPER.sha256)[0].reviews[1].note == "wrong"
    ws.close()


def test_export_from_the_command_line_includes_the_answers(
    run: fx.ExportRun, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    stub = AnswerStub(run, run.critique)
    _install(stub, monkeypatch)
    out = tmp_path / "notes.json"
    assert main(["export", str(run.pdf), "--out", str(out)]) == 0
    report = json.loads(out.read_text(encoding="utf-8"))
    assert [q["question"] for q in report["questions"]] == [ax.QUESTION]


def test_export_of_a_paper_with_answers_only(
    run: fx.ExportRun, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    stub = AnswerStub(run, None)
    _install(stub, monkeypatch)
    out = tmp_path / "notes.md"
    assert main(["export", str(run.pdf), "--out", str(out)]) == 0
    notes = out.read_text(encoding="utf-8")
    assert "## Questions and answers" in notes and "## Critique" not in notes
