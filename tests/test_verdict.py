"""The verdict table: exact rows first, then the fitted score."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from core.types import Status
from core.verify import verdict_params
from core.verify.verdict import FEATURES, Signals, asks_judge, decide, score

PARAMS: dict[str, Any] = {
    "bias": -2.0,
    "weights": {
        "coverage": 4.0,
        "cosine": 2.0,
        "number_unbound": -1.0,
        "judge_logit": 1.0,
    },
    "flag_below": 0.3,
    "support_at": 0.6,
}


@pytest.fixture(autouse=True)
def fixed_params(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(verdict_params, "NO_JUDGE", PARAMS)
    monkeypatch.setattr(verdict_params, "WITH_JUDGE", PARAMS)


GOOD = {"coverage": 0.8, "cosine": 0.7}


def _fitted() -> tuple[dict[str, Any], dict[str, Any]]:
    """The parameters bench/fit.py wrote (tests otherwise run with fixed ones)."""
    import importlib

    fresh = importlib.reload(verdict_params)
    return fresh.NO_JUDGE, fresh.WITH_JUDGE


@pytest.mark.parametrize(
    ("signals", "status", "rule"),
    [
        (Signals(hard_gate=True, **GOOD, judge_p=0.99), Status.REJECTED, "hard_gate"),
        (Signals(has_evidence=False), Status.UNSUPPORTED, "no_evidence"),
        (
            Signals(number_mismatch=True, **GOOD, judge_p=0.99),
            Status.UNSUPPORTED,
            "number_mismatch",
        ),
        (Signals(name_missing=True, **GOOD, judge_p=0.99), Status.UNSUPPORTED, "soft_gate"),
        (Signals(overclaim=True, **GOOD), Status.UNSUPPORTED, "soft_gate"),
        (Signals(absence_unseen=True, judge_p=0.01), Status.PARTIAL, "absence_unseen"),
        # a denied effect the paper finds none of, whatever the judge says
        (Signals(null_confirmed=True, judge_p=0.01), Status.SUPPORTED, "null_confirmed"),
        (Signals(null_confirmed=True, overclaim=True), Status.UNSUPPORTED, "soft_gate"),
        # the paper's own sentence cannot contradict the paper
        (Signals(restated=True, number_mismatch=True), Status.SUPPORTED, "restated"),
        (Signals(cross_lingual=True, **GOOD), Status.PARTIAL, "cross_lingual"),
        (Signals(cross_lingual=True, judge_p=0.9), Status.SUPPORTED, "cross_lingual_judge"),
        (Signals(cross_lingual=True, judge_p=0.1), Status.UNSUPPORTED, "cross_lingual_judge"),
        (Signals(**GOOD), Status.SUPPORTED, "score"),
        (Signals(coverage=0.1, cosine=0.1), Status.UNSUPPORTED, "score"),
        (Signals(coverage=0.4, cosine=0.1), Status.PARTIAL, "score"),
        (Signals(**GOOD, judge_p=0.01), Status.UNSUPPORTED, "score"),
        (Signals(coverage=0.3, cosine=0.3, judge_p=0.99), Status.SUPPORTED, "score"),
    ],
)
def test_verdict_table(signals: Signals, status: Status, rule: str) -> None:
    decision = decide(signals)
    assert (decision.status, decision.rule) == (status, rule)


@pytest.mark.parametrize(
    ("signals", "asked"),
    [
        (Signals(coverage=0.4, cosine=0.4), True),  # score 0.60, below skip_at
        (Signals(**GOOD), False),  # score 0.93 without the judge: it cannot change the verdict
        (Signals(**GOOD, cross_lingual=True), True),  # row 5 reads the judge alone
        (Signals(number_mismatch=True, coverage=0.4), False),  # settled by row 3
        (Signals(comparison_contradicted=True, coverage=0.4), False),  # settled by row 3b
        (Signals(has_evidence=False), False),
    ],
)
def test_judge_is_asked_only_where_it_can_change_the_verdict(
    monkeypatch: pytest.MonkeyPatch, signals: Signals, asked: bool
) -> None:
    monkeypatch.setattr(verdict_params, "WITH_JUDGE", {**PARAMS, "skip_at": 0.9})
    assert asks_judge(signals) == asked


def test_without_a_skip_score_every_unsettled_claim_is_judged() -> None:
    assert asks_judge(Signals(**GOOD))


def test_judge_probability_is_monotone() -> None:
    low, high = (score(Signals(coverage=0.4, cosine=0.4, judge_p=p)) for p in (0.2, 0.8))
    assert low < high


def test_numbers_the_evidence_lacks_lower_the_score() -> None:
    base = Signals(coverage=0.4, cosine=0.4)
    assert score(replace(base, number_unbound=1.0)) < score(base)


def test_fitted_parameters_are_complete() -> None:
    for params, names in zip(_fitted(), (FEATURES[:-1], FEATURES), strict=True):
        assert set(params["weights"]) == set(names)
        assert 0.0 <= params["flag_below"] <= params["support_at"] <= 1.0
    no_judge, with_judge = _fitted()
    # a claim the judge is not asked about is supported without it
    assert no_judge["support_at"] <= with_judge["skip_at"] <= 1.0
