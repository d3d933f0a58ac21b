"""The verdict thresholds bench/fit.py picks from scored, labelled claims."""

from __future__ import annotations

import numpy as np

from bench.fit import MAX_FALSE_FLAGS, SUPPORT_FLOOR, thresholds


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
