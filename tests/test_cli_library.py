"""``deepread review --log``, ``critique --discard`` and ``list`` on a real library."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.cli.main import main
from core.config import CheckerSettings, Settings
from core.progress import drive
from core.records import ReviewAction
from core.workspace import Workspace
from tests import pdf_factory
from tests.fakes import FakeEmbedder, FakeLLM

REPLY = "SpanCheck reaches an accuracy of 99.9% on SQuAD. It was trained on ImageNet-22K."


@pytest.fixture
def critiqued(tmp_path: Path) -> tuple[Path, Workspace, int]:
    pdf = pdf_factory.two_column_paper(tmp_path)
    settings = Settings(checker=CheckerSettings(use_judge=False, max_retries=0))
    ws = Workspace(settings, llm=FakeLLM(default=lambda _i, _c: REPLY), embedder=FakeEmbedder())
    info = drive(ws.ingest(pdf))
    stored = drive(ws.critique(info.sha256))
    return pdf, ws, stored.id


def test_review_log_prints_who_when_what(
    critiqued: tuple[Path, Workspace, int], capsys: pytest.CaptureFixture[str]
) -> None:
    pdf, ws, critique_id = critiqued
    flagged = [
        v.claim.index for v in ws.repo.critique(critique_id).result.verdicts if v.status.flagged
    ]
    ws.review(critique_id, flagged[0], ReviewAction.REJECT, note="made up")
    assert main(["review", str(pdf), "--sentence", str(flagged[-1]), "--accept"]) == 0
    capsys.readouterr()
    assert main(["review", str(pdf), "--log"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "critique written by fake-llm" in out[0]
    rejected = next(i for i, line in enumerate(out) if f"sentence {flagged[0]} rejected" in line)
    assert out[rejected + 2] == "    note: made up"
    assert any(f"sentence {flagged[-1]} accepted" in line for line in out)


def test_review_log_refuses_an_action(critiqued: tuple[Path, Workspace, int]) -> None:
    pdf, _ws, _id = critiqued
    assert main(["review", str(pdf), "--log", "--accept", "--sentence", "0"]) == 2


def test_interrupted_critique_is_listed_and_discarded(
    critiqued: tuple[Path, Workspace, int], capsys: pytest.CaptureFixture[str]
) -> None:
    pdf, ws, _id = critiqued
    sha = ws.find(pdf).sha256  # type: ignore[union-attr]
    running = ws.repo.begin_critique(sha, "fake-llm", "en")
    ws.repo.add_attempt(running, ws.repo.critique(_id).result.attempts[0], [])
    ws.repo.stop_critique(running)
    assert main(["list"]) == 0
    assert "critique interrupted" in capsys.readouterr().out
    assert main(["critique", str(pdf), "--discard"]) == 0
    assert "Discarded" in capsys.readouterr().out
    assert ws.interrupted_critique(sha) is None
