"""The answer loop: relevance filter, one rewrite, decline, bounded repair, candidates."""

from __future__ import annotations

from collections.abc import Generator

import pytest

from core.ask.loop import answer_question, answerable
from core.ask.passages import Passage
from core.ask.prompts import DECLINE, REWRITE_INSTRUCTION
from core.ask.relevance import LexicalRelevance, ModelRelevance
from core.ask.result import AnswerResult
from core.ask.selection import score_candidate
from core.config import AskSettings, CheckerSettings, Settings
from core.errors import Cancelled
from core.progress import CancelToken, Progress
from core.types import Claim, Evidence, Status, Verdict
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeLLM, FakeRetriever, make_paper

PAPER = make_paper(
    [
        "We introduce SpanCheck, a verifier built on BERT-base. SpanCheck reaches 85.3% accuracy "
        "on SQuAD with 12,500 training pairs. The verifier scores each answer span.",
        "All experiments ran on a single workstation with four cores.",
    ]
)
QUESTION = "Which accuracy does SpanCheck reach on SQuAD?"
GOOD = "SpanCheck reaches 85.3% accuracy on SQuAD (p. 1)."
BAD = "SpanCheck reaches 99.9% accuracy on ImageNet-22K (p. 1)."


def run(
    writer: FakeLLM,
    question: str = QUESTION,
    *,
    relevance: object = None,
    cancel: CancelToken | None = None,
    retriever: FakeRetriever | None = None,
    max_retries: int = 2,
    **ask_knobs: object,
) -> tuple[list[Progress], AnswerResult]:
    settings = Settings(
        checker=CheckerSettings(max_retries=max_retries),
        ask=AskSettings(**ask_knobs),  # type: ignore[arg-type]
    )
    checker = Checker(PAPER, FakeRetriever(PAPER), FakeEmbedder(), None, settings.checker)
    gen = answer_question(
        PAPER,
        retriever or FakeRetriever(PAPER),
        writer,
        checker,
        settings,
        question,
        relevance=relevance,  # type: ignore[arg-type]
        cancel=cancel,
    )
    return drain(gen)


def drain(gen: Generator[Progress, None, AnswerResult]) -> tuple[list[Progress], AnswerResult]:
    events: list[Progress] = []
    while True:
        try:
            events.append(next(gen))
        except StopIteration as stop:
            return events, stop.value


def chats(writer: FakeLLM) -> list[str]:
    """Contents of the writer's answer calls (not the query rewrite)."""
    return [c.content for c in writer.history if c.instruction != REWRITE_INSTRUCTION]


def test_answers_from_relevant_passages_citing_pages() -> None:
    writer = FakeLLM([GOOD])
    events, result = run(writer)
    assert not result.declined
    assert result.text == GOOD
    (verdict,) = result.verdicts
    assert verdict.claim.is_claim and not verdict.status.flagged
    assert result.verdicts[0].evidence[0].page == 1
    assert len(result.attempts) == 1 and result.flagged_ratio == 0.0
    prompt = chats(writer)[0]
    assert "[1] [p. 1]" in prompt and "85.3%" in prompt
    assert f"Question: {QUESTION}" in prompt
    assert "".join(e.text for e in events if e.stage == "generate") == GOOD
    assert any(e.stage == "verdict" and isinstance(e.payload, Verdict) for e in events)
    assert result.passages and all(p.page == 1 for p in result.passages)


def test_relevance_filter_points_the_answer_at_the_passages_that_bear_on_the_question() -> None:
    def p_yes(_instruction: str, content: str) -> float:
        asked = content.rsplit("Does passage [", 1)[1].split("]")[0]
        passage = content.split(f"[{asked}] ", 1)[1].split("\n\n", 1)[0]
        return 0.9 if "85.3%" in passage else 0.1

    judge = FakeLLM(probabilities=p_yes)
    writer = FakeLLM([GOOD])
    _, result = run(writer, relevance=ModelRelevance(judge), passages=4)
    prompt = chats(writer)[0]
    shown = prompt.count("[p. 1]")
    assert shown > 1 and len(judge.probability_calls) == shown  # every passage was scored
    good = next(n for n in range(1, shown + 1) if f"[{n}] [p. 1] SpanCheck reaches 85.3%" in prompt)
    assert prompt.endswith(
        f"Answer from [{good}] only; the other passages do not bear on the question."
    )
    assert {e.text for e in result.passages} <= {s.text for s in PAPER.sentences[:3]}


def test_relevance_questions_extend_the_answer_prompt_so_the_passages_are_read_once() -> None:
    judge = FakeLLM(probabilities=lambda _i, _c: 0.9)
    writer = judge  # one model, as by default: its cache holds the shared prefix
    judge.enqueue([GOOD])
    run(writer, relevance=ModelRelevance(judge), passages=4)
    answer = chats(writer)[0]
    assert len(judge.probability_calls) == answer.count("[p. 1]") > 1
    for asked in judge.probability_calls:
        assert asked.startswith(answer)  # every passage shown, nothing after the question


def test_long_passages_keep_the_sentences_closest_to_the_question() -> None:
    from dataclasses import replace

    from core.ask.passages import passages_from_hits, trim_to_tokens

    writer = FakeLLM()
    (passage,) = passages_from_hits(PAPER, FakeRetriever(PAPER).search(QUESTION, 1))[:1]
    cut = trim_to_tokens(writer, passage, QUESTION, 14)
    assert [s.text for s in cut.sentences] == [
        "SpanCheck reaches 85.3% accuracy on SQuAD with 12,500 training pairs."
    ]
    assert trim_to_tokens(writer, passage, QUESTION, 1000) == passage
    (tiny,) = trim_to_tokens(writer, passage, QUESTION, 3).sentences
    assert tiny.text.endswith(" …") and len(tiny.text.split()) <= 4
    chinese = replace(passage, sentences=(replace(passage.sentences[0], text="糖尿病" * 40),))
    (piece,) = trim_to_tokens(writer, chinese, "糖尿病", 30).sentences
    assert piece.text.startswith("糖尿病") and len(piece.text) <= 32


def test_nothing_relevant_rewrites_once_then_declines_with_closest_passages() -> None:
    writer = FakeLLM(["workstation cores hardware"])
    retriever = FakeRetriever(PAPER)
    judge = FakeLLM(probabilities=lambda _i, _c: 0.05)
    events, result = run(
        writer, "Which optimiser do they use?", relevance=ModelRelevance(judge), retriever=retriever
    )
    assert result.declined and result.text == DECLINE
    assert [c.instruction for c in writer.history] == [REWRITE_INSTRUCTION]  # nothing generated
    assert retriever.queries == ["Which optimiser do they use?", "workstation cores hardware"]
    assert result.query == "workstation cores hardware"
    assert 0 < len(result.passages) <= 3
    (verdict,) = result.verdicts
    assert verdict.status is Status.NOT_A_CLAIM and verdict.reasons == ("declined",)
    assert verdict.evidence == result.passages
    assert [e.stage for e in events][:2] == ["retrieve", "rewrite"]


@pytest.mark.parametrize(("p_yes", "declined"), [(0.55, True), (0.65, False)])
def test_a_loose_yes_is_relevant_but_not_enough_to_answer(p_yes: float, declined: bool) -> None:
    writer = FakeLLM(["accuracy SQuAD", GOOD] if declined else [GOOD])
    judge = FakeLLM(probabilities=lambda _i, _c: p_yes)
    _, result = run(writer, relevance=ModelRelevance(judge))
    assert result.declined is declined
    assert result.text == (DECLINE if declined else GOOD)


@pytest.mark.parametrize(
    ("relevance", "judged", "expected"),
    [(0.55, False, True), (0.55, True, False), (0.61, True, True), (0.45, False, False)],
)
def test_word_overlap_needs_only_the_relevance_floor(
    relevance: float, judged: bool, expected: bool
) -> None:
    passage = Passage(0, (), 1.0, relevance=relevance, judged=judged)
    assert answerable([passage], AskSettings()) is expected


def test_rewrite_finds_what_the_question_missed() -> None:
    def p_yes(_instruction: str, content: str) -> float:
        return 0.9 if "workstation" in content else 0.1

    writer = FakeLLM(
        ["workstation hardware", "All experiments ran on a single workstation (p. 1)."]
    )
    judge = FakeLLM(probabilities=p_yes)
    _, result = run(writer, "What machine was used?", relevance=ModelRelevance(judge), passages=1)
    assert not result.declined
    assert "workstation" in chats(writer)[0]


def test_flagged_sentences_regenerated_with_feedback_then_marked() -> None:
    other = "SpanCheck reaches 97.1% accuracy on ImageNet-22K (p. 1)."
    writer = FakeLLM([BAD, other, f"{GOOD} {BAD}"])
    _, result = run(writer, max_retries=2)
    assert len(result.attempts) == 3
    assert [a.temperature for a in result.attempts] == [0.0, 0.3, 0.7]
    repair = chats(writer)[1]
    assert BAD in repair and "Answer the question again" in repair
    assert result.text.count("[unverified] ") == 1
    assert [v.status.flagged for v in result.verdicts] == [False, True]
    start, end = result.verdicts[1].claim.start, result.verdicts[1].claim.end
    assert result.text[start:end] == BAD


def test_an_answer_with_nothing_sourced_stays_marked() -> None:
    other = "SpanCheck reaches 97.1% accuracy on ImageNet-22K (p. 1)."
    writer = FakeLLM([BAD, other, BAD])
    _, result = run(writer, max_retries=2)
    assert not result.declined and result.text == "[unverified] " + BAD
    assert [a.text for a in result.attempts] == [BAD, other, BAD]


def test_a_repair_that_repeats_the_answer_ends_the_loop() -> None:
    answer = f"{GOOD} {BAD}"
    writer = FakeLLM(default=lambda _i, _c: answer)
    _, result = run(writer, max_retries=2)
    assert len(result.attempts) == 2
    assert result.text == f"{GOOD} [unverified] {BAD}"


def test_a_decline_inside_an_answer_is_not_checked() -> None:
    writer = FakeLLM([f"{GOOD} {DECLINE}"])
    _, result = run(writer)
    assert not result.declined
    assert [v.status for v in result.verdicts] == [Status.SUPPORTED, Status.NOT_A_CLAIM]
    assert result.verdicts[1].reasons == ("declined",)


def test_repair_that_succeeds_is_kept_without_marker() -> None:
    writer = FakeLLM([BAD, GOOD])
    _, result = run(writer)
    assert len(result.attempts) == 2
    assert result.text == GOOD and result.flagged_ratio == 0.0


def test_sentences_a_repair_keeps_are_not_checked_again() -> None:
    from core.ask.loop import verify_reusing

    checked: list[str] = []

    class Spy(Checker):
        def iter_verify(self, text: str, *, cancel: CancelToken | None = None):  # type: ignore[override]
            checked.append(text)
            yield from super().iter_verify(text, cancel=cancel)

    checker = Spy(PAPER, FakeRetriever(PAPER), FakeEmbedder(), None, CheckerSettings())
    known: dict[str, Verdict] = {}
    first = list(verify_reusing(checker, f"{BAD} {GOOD}", known, None))
    repaired = f"{GOOD} The verifier scores each answer span (p. 1)."
    second = list(verify_reusing(checker, repaired, known, None))
    assert checked == [f"{BAD} {GOOD}", "The verifier scores each answer span (p. 1)."]
    assert [v.claim.text for v in second] == [GOOD, "The verifier scores each answer span (p. 1)."]
    assert second[0].status is first[1].status
    for v in second:
        assert repaired[v.claim.start : v.claim.end] == v.claim.text
    assert list(verify_reusing(checker, repaired, known, None)) == second
    assert len(checked) == 2  # nothing new: no checking at all


def test_empty_repair_keeps_the_earlier_answer() -> None:
    writer = FakeLLM([f"{GOOD} {BAD}", ""])
    _, result = run(writer)
    assert not result.declined and result.text == f"{GOOD} [unverified] {BAD}"


def test_writer_declining_is_a_decline_not_a_retry() -> None:
    writer = FakeLLM([DECLINE])
    _, result = run(writer)
    assert result.declined and len(result.attempts) == 1
    assert result.passages  # the passages it was given are listed as the closest
    assert result.verdicts[0].status is Status.NOT_A_CLAIM


def test_candidates_keep_the_best_scored_answer() -> None:
    writer = FakeLLM([BAD, GOOD, BAD])
    _, result = run(writer, candidates=3, max_retries=0)
    assert result.text == GOOD
    assert [a.temperature for a in result.attempts] == [0.0, 0.7, 0.7]
    scores = result.settings["candidate_scores"]
    assert len(scores) == 3 and scores[1]["total"] > scores[0]["total"]


def test_candidate_score_weights_support_relevance_completeness() -> None:
    claim = Claim(0, GOOD, 0, len(GOOD))
    evidence = (Evidence(1, "x", (0, 0, 1, 1), 1.0),)
    supported = Verdict(claim, Status.SUPPORTED, evidence=evidence)
    score = score_candidate(QUESTION, GOOD, [supported], [1, 2])
    assert score.support == 1.0 and score.completeness == 0.5
    assert score.total == pytest.approx(0.5 + 0.3 * score.relevance + 0.2 * 0.5)
    assert score_candidate(QUESTION, DECLINE, [], [1]).total < score.total


def test_lexical_relevance_without_a_model() -> None:
    writer = FakeLLM([GOOD])
    _, result = run(writer, relevance=LexicalRelevance())
    assert not result.declined


def test_stop_raises_cancelled() -> None:
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        run(FakeLLM([GOOD]), cancel=token)
