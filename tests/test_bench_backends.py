"""The backend benchmark's own bookkeeping: judge mode, call timing, server counters (no model)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.backends import Metered, ModelWork, server_work
from core.verify.judge import Judge, JudgeItem
from tests.fakes import FakeLLM

LOG = """\
Llama.generate: 4 prefix-match hit, remaining 717 prompt tokens to eval
llama_perf_context_print:        load time =       0.19 ms
llama_perf_context_print: prompt eval time =    6320.37 ms /   717 tokens (    8.82 ms per token)
llama_perf_context_print:        eval time =   11501.10 ms /    15 runs   (  766.74 ms per token)
llama_perf_context_print:       total time =   36258.06 ms /   732 tokens
INFO:     127.0.0.1:59164 - "POST /v1/chat/completions HTTP/1.1" 200 OK
llama_perf_context_print: prompt eval time =     100.00 ms /    10 tokens (   10.00 ms per token)
llama_perf_context_print:        eval time =     200.00 ms /     2 runs   (  100.00 ms per token)
"""


def test_text_mode_hides_probabilities_so_the_judge_parses_answers() -> None:
    inner = FakeLLM(["1: NO"], follows_instructions=True, probabilities=lambda i, c: 0.9)
    judge = Judge(Metered(inner, probabilities=False))
    answers = judge.judge([JudgeItem("The sky is green.", ("The sky is blue.",))])
    assert answers[0] is not None and answers[0].probability is None
    assert inner.probability_calls == []


def test_probability_mode_passes_probabilities_through_and_times_the_calls() -> None:
    inner = FakeLLM(follows_instructions=True, probabilities=lambda i, c: 0.9)
    meter = Metered(inner, probabilities=True)
    answers = Judge(meter).judge([JudgeItem("The sky is blue.", ("The sky is blue.",))])
    assert answers[0] is not None and answers[0].probability == 0.9
    assert len(meter.calls["yes_probability"]) == 1
    assert meter.calls["count_tokens"]


def test_server_counters_are_summed_over_its_requests(tmp_path: Path) -> None:
    log = tmp_path / "model-server.log"
    log.write_text(LOG)
    work = server_work(log)
    assert (work.prompt_tokens, work.decoded) == (727, 17)
    assert (work.prompt_s, work.decode_s) == pytest.approx((6.42037, 11.7011))
    assert work - work == ModelWork()
