"""The verdict thresholds bench/fit.py picks from scored, labelled claims."""

from __future__ import annotations

import numpy as np

from bench.fit import MAX_FALSE_FLAGS, SUPPORT_FLOOR, skip_at, thresholds
from core.verify.verdict import Signals


def test_flag_below_keeps_false_flags_within_bounds() -> None:
    # supported claims (1) score high, unsupported (0) low, with some overlap
    scores = np.array([0.1, 0.2, 0.3, 0.35, 0.4, 0.6, 0.7, 0.8, 0.9, 0.95, 0.3, 0.85])
    labels = np.array([0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1])
    flag_below, support_at = thresholds(scores, labels, np.ones(len(scores)))
    supported = scores[labels == 1]
    assert np.mean(supported < flag_below) <= MAX_FALSE_FLAGS
    # 0.35 would flag the supported 0.3 too: 1 of 7 supported claims, over the bound
    assert flag_below == 0.3
    assert support_at >= flag_below


def test_a_claim_whose_odds_lean_against_support_is_never_supported() -> None:
    # nearly every claim is supported, so even low scores have precise company above them
    scores = np.array([0.05, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.6, 0.7, 0.8, 0.9, 0.95])
    labels = np.array([0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1])
    flag_below, support_at = thresholds(scores, labels, np.ones(len(scores)))
    assert flag_below < SUPPORT_FLOOR
    assert support_at == SUPPORT_FLOOR


NO_JUDGE = {"bias": -2.0, "weights": {"coverage": 4.0}, "flag_below": 0.3, "support_at": 0.6}
WITH_JUDGE = {
    "bias": -2.0,
    "weights": {"coverage": 4.0, "judge_logit": 1.0},
    "flag_below": 0.3,
    "support_at": 0.6,
}


def test_skip_at_is_the_lowest_score_above_which_the_judge_changed_nothing() -> None:
    # no-judge scores: coverage 1.0 -> 0.881, 0.9 -> 0.832, 0.8 -> 0.769, 0.7 -> 0.690
    signals = [
        Signals(coverage=1.0, judge_p=0.9),
        Signals(coverage=0.9, judge_p=0.5),
        Signals(coverage=0.8, judge_p=0.01),  # the judge flags it: the skip must stay above
        Signals(coverage=0.7, judge_p=0.9),
    ]
    at = skip_at(signals, NO_JUDGE, WITH_JUDGE)
    assert 0.769 < at < 0.832


def test_skip_at_never_skips_when_the_judge_changes_the_best_scored_claim() -> None:
    signals = [Signals(coverage=1.0, judge_p=0.001), Signals(coverage=0.9, judge_p=0.9)]
    assert skip_at(signals, NO_JUDGE, WITH_JUDGE) == 1.0


def test_skip_at_is_never_below_support() -> None:
    # the judge agrees everywhere, even on a partial claim: skipped claims must be supported
    signals = [Signals(coverage=0.6, judge_p=0.5)]
    assert skip_at(signals, NO_JUDGE, WITH_JUDGE) == NO_JUDGE["support_at"]
