"""The bounded deep-read loop."""

from __future__ import annotations

from collections.abc import Generator

import pytest

from core.config import CheckerSettings, Settings
from core.deep_read import deep_read
from core.errors import Cancelled
from core.progress import CancelToken, Progress
from core.types import CritiqueResult, Reference, Status
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeLLM, FakeRetriever, make_paper

PAPER = make_paper(
    [
        "We introduce SpanCheck, a verifier built on BERT-base. SpanCheck reaches 85.3% accuracy "
        "on SQuAD with 12,500 training pairs [1]. The verifier scores each answer span.",
    ],
    references=[Reference("1", "J. Smith. Span verification. 2021.", ("Smith",), "2021")],
)
BAD = "SpanCheck reaches 99.9% accuracy. It beats GPT-7 by 40 points."
GOOD = "SpanCheck reaches 85.3% accuracy on SQuAD."
SECTIONS = 5


def run(writer: FakeLLM, **checker_knobs: object) -> tuple[list[Progress], CritiqueResult]:
    settings = Settings(checker=CheckerSettings(**checker_knobs))  # type: ignore[arg-type]
    checker = Checker(PAPER, FakeRetriever(PAPER), FakeEmbedder(), None, settings.checker)
    gen = deep_read(PAPER, FakeRetriever(PAPER), writer, checker, settings, language="en")
    return drain(gen)


def drain(gen: Generator[Progress, None, CritiqueResult]) -> tuple[list[Progress], CritiqueResult]:
    events: list[Progress] = []
    while True:
        try:
            events.append(next(gen))
        except StopIteration as stop:
            return events, stop.value


def test_passes_first_time_without_retry() -> None:
    writer = FakeLLM([GOOD] * SECTIONS)
    events, result = run(writer)
    assert len(result.attempts) == 1
    assert result.flagged_ratio == 0.0
    assert "[unverified]" not in result.text
    assert "".join(e.text for e in events if e.stage == "generate").count("SpanCheck") == SECTIONS


@pytest.mark.parametrize("max_retries", [0, 1, 2, 3])
def test_never_more_than_max_retries_and_temperature_ladder(max_retries: int) -> None:
    writer = FakeLLM(default=lambda i, c: BAD)
    _, result = run(writer, max_retries=max_retries)
    assert len(result.attempts) == max_retries + 1
    assert [a.temperature for a in result.attempts] == [0.0, 0.3, 0.7, 0.7][: max_retries + 1]
    assert [a.iteration for a in result.attempts] == list(range(max_retries + 1))
    assert {c.temperature for c in writer.history} == {a.temperature for a in result.attempts}
    # Let through after the last retry, with every flagged sentence marked once.
    assert result.text.count("[unverified] SpanCheck reaches 99.9% accuracy.") == 1
    assert all(a.tokens_out > 0 and a.seconds >= 0 and a.text for a in result.attempts)


def test_feedback_only_from_latest_round() -> None:
    writer = FakeLLM(
        ["Round one invents 11.1% gains."]
        + [""] * (SECTIONS - 1)
        + ["Round two invents 22.2% gains."]
    )
    writer.default = lambda i, c: "Round three invents 33.3% gains."
    run(writer, max_retries=2)
    second = writer.history[SECTIONS].content
    third = writer.history[SECTIONS + 1].content
    assert "11.1%" in second and "22.2%" not in second
    assert "22.2%" in third and "11.1%" not in third
    assert "remove numbers that are not in the passages" in third
    assert "11.1%" not in writer.history[0].content


def test_sentences_repeated_across_sections_are_written_once() -> None:
    writer = FakeLLM([GOOD, GOOD, "SpanCheck reaches 85.3% accuracy on SQuAD!", "New.", ""])
    _, result = run(writer, max_retries=0)
    assert result.text.count("85.3%") == 1
    assert "New." in result.text


def test_empty_output_gives_ratio_zero() -> None:
    _, result = run(FakeLLM())
    assert result.flagged_ratio == 0.0
    assert len(result.attempts) == 1
    assert all(v.status == Status.NOT_A_CLAIM for v in result.verdicts)


def test_final_verdict_offsets_match_marked_text() -> None:
    writer = FakeLLM(default=lambda i, c: f"{GOOD} {BAD}")
    _, result = run(writer, max_retries=1)
    for verdict in result.verdicts:
        assert result.text[verdict.claim.start : verdict.claim.end] == verdict.claim.text
    flagged = [v for v in result.verdicts if v.status.flagged]
    assert flagged
    first = flagged[0].claim
    assert result.text[first.start - len("[unverified] ") : first.start] == "[unverified] "


def test_passing_run_still_marks_flagged_sentences() -> None:
    writer = FakeLLM(
        default=lambda i, c: f"{GOOD} {GOOD.replace('SQuAD', 'SQuAD again')} {GOOD} It uses 7 GPUs."
    )
    _, result = run(writer, threshold=0.5)
    assert len(result.attempts) == 1 and result.flagged_ratio <= 0.5
    assert "[unverified] It uses 7 GPUs." in result.text


def test_token_budget_stops_retries() -> None:
    writer = FakeLLM(default=lambda i, c: " ".join([BAD] * 3))
    _, result = run(writer, token_budget=100, max_retries=5)
    assert sum(a.tokens_out for a in result.attempts) <= 100 + 40
    assert len(result.attempts) < 6


def test_time_budget_stops_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = iter(range(0, 10_000, 100))
    monkeypatch.setattr("core.deep_read.time.monotonic", lambda: float(next(clock)))
    writer = FakeLLM(default=lambda i, c: BAD)
    _, result = run(writer, time_budget_s=10.0, max_retries=2)
    assert len(result.attempts) == 1


def test_progress_events() -> None:
    events, result = run(FakeLLM(default=lambda i, c: BAD), max_retries=0)
    stages = {e.stage for e in events}
    assert {"generate", "verify", "verdict", "attempt"} <= stages
    verdicts = [e.payload for e in events if e.stage == "verdict"]
    assert len(verdicts) == len(result.verdicts)


def test_cancel_stops_the_loop() -> None:
    token = CancelToken()
    settings = Settings()
    checker = Checker(PAPER, None, FakeEmbedder(), None, settings.checker)
    gen = deep_read(PAPER, None, FakeLLM(default=lambda i, c: BAD), checker, settings, cancel=token)
    next(gen)
    token.cancel()
    with pytest.raises(Cancelled):
        drain(gen)


def test_writer_error_propagates_as_is() -> None:
    with pytest.raises(RuntimeError, match="boom"):
        run(FakeLLM([RuntimeError("boom")]))


def test_feedback_items_and_languages() -> None:
    from core.critique import repair_feedback

    checker = Checker(PAPER, FakeRetriever(PAPER), FakeEmbedder(), None, CheckerSettings())
    verdicts = checker.verify(BAD + " " + BAD)
    text = repair_feedback(verdicts, "zh")
    assert text.startswith("检查器") and text.count('- "SpanCheck reaches 99.9% accuracy."') == 1
    assert repair_feedback(checker.verify(GOOD)) == ""


def test_clean_section_drops_repeats_and_empty_items() -> None:
    from core.critique import clean_section

    looped = (
        "1. What data were used?\n2. What data were used?\n3. Why 0.42?\n  a) \n    a) \n"
        "It is sound. It is sound. It is sound.\n## Method\nnext section"
    )
    assert clean_section(looped) == "1. What data were used?\n3. Why 0.42?\nIt is sound."
    copied = "[1] [2] [3] [4]\n(p. 8) Results are good. (p. 8) Moreover, it works.\n(p. 11) 8."
    assert clean_section(copied) == "Results are good (p. 8). Moreover, it works (p. 8)."
    echoed = 'Title: A\nPassages:\n- "It was cited 3,500 times.": 3,500 is not in it\nIt works.'
    assert clean_section(echoed) == "It works."


def test_closing_the_stream_stops_generation_at_the_next_token() -> None:
    import threading

    from core.critique import stream_completion
    from core.llm.base import Completion, Message

    produced: list[str] = []
    release = threading.Event()

    class SlowLLM(FakeLLM):
        def complete(  # type: ignore[no-untyped-def,override]
            self, instruction, content, *, max_tokens, temperature=0.0, stop=(), on_token=None
        ):
            for i in range(1000):
                produced.append(str(i))
                assert on_token is not None
                on_token(f"t{i} ")
                release.wait(0.001)
            return Completion("never", 1, 1000)

    messages = [Message("system", "i"), Message("user", "c")]
    stream = stream_completion(SlowLLM(), messages, max_tokens=1000, temperature=0.0)
    assert next(stream) == "t0 "
    stream.close()
    assert len(produced) < 1000


def test_a_repair_round_checks_only_the_rewritten_section() -> None:
    from core.deep_read import verify_draft

    checker = Checker(PAPER, FakeRetriever(PAPER), FakeEmbedder(), None, CheckerSettings())
    first = f"## Contributions\n{GOOD}\n\n## Method\n{BAD}\n"
    before = checker.verify(first)
    second = f"## Contributions\n{GOOD}\n\n## Method\nThe verifier scores each answer span.\n"
    checked: list[str] = []
    real = checker.iter_verify

    def spy(text: str, **kwargs: object):  # type: ignore[no-untyped-def]
        checked.append(text)
        return real(text, **kwargs)  # type: ignore[arg-type]

    checker.iter_verify = spy  # type: ignore[method-assign]
    after = list(verify_draft(checker, second, (first, before), None))
    assert checked == ["## Method\nThe verifier scores each answer span.\n"]
    assert [v.claim.index for v in after] == list(range(len(after)))
    for verdict in after:
        assert second[verdict.claim.start : verdict.claim.end] == verdict.claim.text
    assert after[1].status == before[1].status and after[1].claim.text == GOOD
