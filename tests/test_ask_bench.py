"""The ask benchmark's question set and scoring, without the model."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import ask as bench


def record(**changes: object) -> bench.Record:
    base: dict[str, object] = {
        "id": "q",
        "paper": "p",
        "question": "Which dataset?",
        "answerable": True,
        "key": ["S&P 500"],
        "pages": [5],
    }
    base.update(changes)
    return bench.Record(**base)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("answer", "keys", "found"),
    [
        ("They use the S&P 500 earnings calls (p. 5).", ["S&P 500"], True),
        ("There are 2,243 calls.", ["2,243"], True),
        ("There are 2243 calls.", ["2,243"], True),
        ("The split is 7 : 1 : 2.", ["7:1:2"], True),
        ("Only for n = 3 (p. 7).", ["n=3"], True),
        ("Only for n=30.", ["n=3"], False),
        ("The learning rate is 2e-5.", ["2e-5"], True),
        ("It reaches 0.8451.", ["0.845"], False),
        ("It reaches 0.845.", ["0.845"], True),
        ("It uses WWM BERT.", ["WWM-BERT"], True),
        ("The number is 576", ["57"], False),
        ("包括6个大类和23 个细类。", ["23个"], True),
        ("数据来自“39健康”4与“有问必答”。", ["39健康"], True),
        ("ERNIE的准确率为88.7%。", ["88.7"], True),
        ("They aren’t compelling for solo work.", ["aren't compelling"], True),
        ("A drive costs about $50.", ["$50"], True),
    ],
)
def test_key_matching_is_normalised_and_bounded(answer: str, keys: list[str], found: bool) -> None:
    assert bench.contains_key(answer, keys) is found


def test_cited_pages_read_single_lists_and_ranges() -> None:
    text = "A (p. 5). B (pp. 3, 7). C (pp. 8-10) and again (p.5)."
    assert bench.cited_pages(text) == [5, 3, 7, 8, 9, 10]
    assert bench.cited_pages("No pages here, 5 p.m.") == []


def test_summary_counts_keys_declines_flags_and_pages() -> None:
    records = [
        record(answer="S&P 500 calls (p. 5).", claims=1, flagged=0, cited=[5], evidence_pages=[5]),
        record(
            id="b",
            answer="Some other set (p. 2).",
            claims=2,
            flagged=1,
            cited=[2],
            evidence_pages=[5, 2],
        ),
        record(id="c", answer="The paper does not say.", declined=True),
        record(
            id="d",
            answerable=False,
            key=[],
            pages=[],
            answer="The paper does not say.",
            declined=True,
            seconds=4.0,
        ),
        record(
            id="e",
            answerable=False,
            key=[],
            pages=[],
            answer="Made up (p. 3).",
            claims=1,
            flagged=1,
            cited=[3],
            seconds=8.0,
        ),
        record(id="f", error="model failed"),
    ]
    s = bench.summarise(records)
    assert (s.answerable, s.key_found, s.wrongly_declined) == (3, 1, 1)
    assert (s.unanswerable, s.declined) == (2, 1)
    # flags count over every answer that was not declined, answerable or not
    assert (s.claims, s.flagged) == (4, 2)
    # pages only of answerable questions: one of two cited pages holds the fact
    assert (s.cited, s.cited_right) == (2, 1)
    assert (s.evidence, s.evidence_right) == (3, 2)
    assert len(s.seconds) == 5
    text = bench.report(records, {"judge": True, "model": "fake"})
    assert "key fact in answer (answerable):       33% (1/3)" in text
    assert "correctly declined (unanswerable):     50% (1/2)" in text
    assert "failed: f" in text


def test_a_declined_answer_never_holds_the_key() -> None:
    assert not record(answer="The paper does not say. S&P 500", declined=True).key_found


def test_raw_results_round_trip(tmp_path: Path) -> None:
    records = [
        record(answer="S&P 500 (p. 5).", cited=[5], passages=[(5, 0.9)], stages={"generate": 1.5})
    ]
    path = tmp_path / "results.json"
    bench.save(path, records, {"judge": False, "model": "fake"})
    again, settings = bench.load(path)
    assert again == records
    assert settings["judge"] is False
    assert bench.main(["--from", str(path)]) == 0


def test_question_set_is_large_enough_and_well_formed() -> None:
    papers, questions = bench.load_questions()
    assert len(questions) >= 40
    assert sum(not q["answerable"] for q in questions) >= 8
    assert len({q["id"] for q in questions}) == len(questions)
    for q in questions:
        assert q["paper"] in papers
        if q["answerable"]:
            assert q["key"] and q["pages"] and all(isinstance(p, int) for p in q["pages"])
        else:
            assert not q["key"] and not q["pages"]
    assert any(any("\u4e00" <= ch <= "\u9fff" for ch in q["question"]) for q in questions), (
        "Chinese questions for the Chinese paper"
    )


def test_halves_split_the_set_and_both_hold_unanswerable_questions() -> None:
    _, questions = bench.load_questions()
    fit = bench.fit_half(questions)
    by_id = {q["id"]: q for q in questions}
    report_half = set(by_id) - fit
    assert abs(len(fit) - len(report_half)) <= 1
    for half in (fit, report_half):
        assert any(not by_id[i]["answerable"] for i in half)
        assert len({by_id[i]["paper"] for i in half}) == 4


def test_report_gives_each_half_its_own_figures() -> None:
    records = [
        record(id="a", answer="S&P 500 (p. 5).", cited=[5]),
        record(id="b", answer="Nothing useful."),
    ]
    text = bench.report(records, {"judge": True}, frozenset({"a"}))
    fit_block = text.split("fit half: 1 questions")[1].split("report half")[0]
    held_out = text.split("report half (held out): 1 questions")[1]
    assert "key fact in answer (answerable):       100% (1/1)" in fit_block
    assert "key fact in answer (answerable):       0% (0/1)" in held_out


def test_limited_runs_mix_papers_and_unanswerable_questions() -> None:
    _, questions = bench.load_questions()
    chosen = bench.select(questions, None, 8)
    assert len(chosen) == 8
    assert len({q["paper"] for q in chosen}) == 4
    assert any(not q["answerable"] for q in chosen)
    assert all(q["paper"] == "zh" for q in bench.select(questions, "zh", None))


@pytest.mark.real_papers
@pytest.mark.skipif(
    not bench.PAPERS.is_dir(), reason=f"the sample papers are not in {bench.PAPERS}"
)
def test_every_key_fact_is_on_its_pages() -> None:
    import pymupdf

    papers, questions = bench.load_questions()
    docs = {name: pymupdf.open(bench.PAPERS / file) for name, file in papers.items()}
    for q in questions:
        doc = docs[q["paper"]]
        for page in q["pages"]:
            assert 1 <= page <= len(doc), q["id"]
            assert bench.contains_key(doc[page - 1].get_text(), q["key"]), (q["id"], page)


def test_question_file_is_valid_json_with_the_documented_fields() -> None:
    doc = json.loads(bench.QUESTIONS.read_text(encoding="utf-8"))
    assert set(doc) >= {"description", "papers", "questions"}


def test_one_question_through_the_workspace_with_fake_models(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import core.llm.embedder
    from core.config import Settings
    from core.progress import drive
    from core.workspace import Workspace
    from tests import pdf_factory
    from tests.fakes import FakeEmbedder, FakeLLM

    answer = "SpanCheck reaches 87.3% accuracy on SQuAD (p. 1)."
    writer = FakeLLM(default=lambda _i, _c: answer, probabilities=lambda _i, _c: 0.9)
    monkeypatch.setattr(core.llm.embedder, "OnnxMiniLM", lambda threads=0: FakeEmbedder())
    monkeypatch.setattr(Workspace, "_load_model", lambda self, path: writer)
    ws = Workspace(Settings.load())
    sha = drive(ws.ingest(pdf_factory.two_column_paper(tmp_path))).sha256
    question = {
        "id": "t-01",
        "paper": "t",
        "question": "What accuracy does SpanCheck reach on SQuAD?",
        "answerable": True,
        "key": ["87.3%"],
        "pages": [1],
    }
    done = bench.answer_one(ws, sha, question, judge=True)
    ws.close()
    assert not done.error and not done.declined
    assert done.key_found and done.cited == [1]
    assert done.claims == 1 and done.passages and done.seconds >= 0
    assert set(done.stages) >= {"relevance", "generate", "check"}
