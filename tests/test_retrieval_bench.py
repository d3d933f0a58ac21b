"""The evidence-retrieval benchmark: labelled sentences found among the parsed ones, recall, fit."""

from __future__ import annotations

import numpy as np

from bench.retrieval import Query, _holding, _labelled, fit, recall
from core.verify.evidence import Alignment


def test_a_labelled_sentence_is_found_however_parsing_spaced_or_cut_it() -> None:
    parsed = [
        "Methods",
        "Falls occurred in 14 of 60 patients with hourly rounds",
        "and 23 of 60 with-out them.",
        "We enrolled 120 patients.",
    ]
    wanted = ["Falls occurred in 14 of 60 patients with hourly rounds and 23 of 60 without them."]
    assert _labelled(parsed, wanted) == {1}
    assert _labelled(parsed, ["We enrolled 450 patients."]) == set()


def test_a_snippet_marks_every_sentence_holding_it() -> None:
    parsed = ["The split is 7:1:2 by date.", "Results follow.", "We split 7:1:2 again."]
    assert _holding(parsed, "split is 7:1:2") == {0}


def _query(rows: list[tuple[float, float, float]], gold: int, split: str = "fit") -> Query:
    return Query("studies", split, np.asarray(rows), frozenset({gold}), True)


def test_recall_counts_a_labelled_sentence_among_the_first_k() -> None:
    # The labelled sentence (row 2) has the claim's words but a lower cosine.
    q = _query([(0.9, 0.1, 0.0), (0.8, 0.2, 0.0), (0.5, 0.9, 0.0)], gold=2)
    by_cosine = Alignment(1.0, 0.0, 0.0)
    assert recall([q], by_cosine, 1) == 0.0
    assert recall([q], by_cosine, 3) == 1.0
    assert recall([q], Alignment(0.5, 0.5, 0.0), 1) == 1.0


def test_fit_weighs_what_ranks_the_labelled_sentences_first() -> None:
    queries = [
        _query([(0.9, 0.1, 0.0), (0.8, 0.2, 0.0), (0.7, 0.3, 0.0), (0.5, 0.9, 0.0)], gold=3),
        _query([(0.6, 0.0, 0.0), (0.9, 0.2, 0.0), (0.3, 0.1, 0.0), (0.2, 0.8, 0.0)], gold=3),
    ]
    weights = fit(queries)
    assert recall(queries, weights, 1) == 1.0
    assert weights.coverage > 0
