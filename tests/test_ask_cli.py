"""``deepread ask`` and Workspace.ask: stored answers, the JSON schema, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.cli import main
from core.progress import drive
from core.workspace import Workspace
from tests import pdf_factory
from tests.fakes import FakeEmbedder, FakeLLM

ANSWER = "SpanCheck reaches an accuracy of 87.3% on SQuAD (p. 1). It was trained on ImageNet-22K."
SENTENCE_KEYS = {
    "index",
    "text",
    "start",
    "end",
    "status",
    "reasons",
    "explanation",
    "confidence",
    "evidence",
}


@pytest.fixture
def fake_models(monkeypatch: pytest.MonkeyPatch) -> FakeLLM:
    import core.llm.embedder

    writer = FakeLLM(default=lambda _i, _c: ANSWER)
    monkeypatch.setattr(core.llm.embedder, "OnnxMiniLM", lambda threads=0: FakeEmbedder())
    monkeypatch.setattr(Workspace, "_load_model", lambda self, path: writer)
    return writer


def test_ask_streams_prints_statuses_and_writes_verify_schema(
    tmp_path: Path, fake_models: FakeLLM, capsys: pytest.CaptureFixture[str]
) -> None:
    pdf = pdf_factory.two_column_paper(tmp_path)
    out_json = tmp_path / "answer.json"
    question = "What accuracy does SpanCheck reach on SQuAD?"
    code = main(["ask", str(pdf), question, "--no-judge", "--json", str(out_json)])
    assert code == 0
    out = capsys.readouterr().out
    assert out.startswith("SpanCheck reaches")  # streamed before the summary
    assert f"Q: {question}" in out
    assert "[unverified] It was trained on ImageNet-22K." in out
    assert "[0] " in out and "p. 1" in out
    report = json.loads(out_json.read_text(encoding="utf-8"))
    assert report["question"] == question and report["declined"] is False
    assert {"paper", "flagged_ratio", "sentences", "passages", "attempts"} <= set(report)
    assert all(set(s) == SENTENCE_KEYS for s in report["sentences"])
    statuses = [s["status"] for s in report["sentences"]]
    assert statuses[1] in ("unsupported", "rejected")


def test_unanswerable_question_is_declined(
    tmp_path: Path, fake_models: FakeLLM, capsys: pytest.CaptureFixture[str]
) -> None:
    pdf = pdf_factory.two_column_paper(tmp_path)
    fake_models.default = lambda _i, _c: "volcano eruption frequency"
    code = main(["ask", str(pdf), "How often do volcanoes erupt in Iceland?", "--no-judge"])
    assert code == 0
    out = capsys.readouterr().out
    assert "The paper does not say." in out and "Closest passages:" in out


def test_empty_question_exits_2(
    tmp_path: Path, fake_models: FakeLLM, capsys: pytest.CaptureFixture[str]
) -> None:
    pdf = pdf_factory.two_column_paper(tmp_path)
    assert main(["ask", str(pdf), "   "]) == 2
    assert "question is empty" in capsys.readouterr().err


def test_answers_are_kept_in_the_library_newest_first(tmp_path: Path) -> None:
    pdf = pdf_factory.two_column_paper(tmp_path)
    ws = Workspace(llm=FakeLLM(default=lambda _i, _c: ANSWER), embedder=FakeEmbedder())
    ws.settings.checker.use_judge = False
    info = drive(ws.ingest(pdf))
    first = drive(ws.ask(info.sha256, "What accuracy does SpanCheck reach on SQuAD?"))
    second = drive(ws.ask(info.sha256, "How many examples are released?"))
    listed = ws.answers(info.sha256)
    assert [a.id for a in listed] == [second.id, first.id]
    again = listed[1].result
    assert again.question == first.result.question and again.text == first.result.text
    assert again.verdicts == first.result.verdicts and again.passages == first.result.passages
    assert again.attempts == first.result.attempts
    ws.remove_paper(info.sha256)
    assert drive(ws.ingest(pdf)) and ws.answers(info.sha256) == []
    ws.close()
