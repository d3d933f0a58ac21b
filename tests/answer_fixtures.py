"""A stored answer about the two-column fixture paper, built by hand, for the export tests.

One question with a two-sentence answer: the first sentence is supported by a passage on the
paper's first page, the second names a number the paper never uses and is flagged, with the
closest passage it found.
"""

from __future__ import annotations

from datetime import datetime

from core.ask.result import AnswerResult, StoredAnswer
from core.records import Review, ReviewAction
from core.types import Attempt, Claim, Evidence, Paper, Status, Verdict

QUESTION = "How accurate is SpanCheck on SQuAD?"
ANSWER_SUPPORTED = "SpanCheck reaches an accuracy of 87.3% on SQuAD (p. 1)."
ANSWER_FLAGGED = "It was trained on 2 million questions."
ANSWER_TEXT = f"{ANSWER_SUPPORTED} {ANSWER_FLAGGED}"
FLAG_REASON = "2 million does not occur in the paper"
ASKED_AT = datetime(2025, 3, 15, 8, 30)
REVIEW_NOTE = "The training set size is in the appendix."


def _evidence(paper: Paper, index: int, score: float) -> Evidence:
    s = paper.sentences[index]
    return Evidence(page=s.page, text=s.text, bbox=s.bbox, score=score, sentence_index=index)


def build_answer(paper: Paper, *, reviewed: bool = False, answer_id: int = 3) -> StoredAnswer:
    """The fixture answer; ``reviewed`` adds the reader's acceptance of the flagged sentence.

    Args:
        paper: The paper of ``tests.export_fixtures.build_run`` (its sentence 2 holds 87.3%,
            its sentence 1 the dataset size).
        reviewed: Whether the flagged sentence carries an acceptance with a note.
        answer_id: The answer's library id.

    Returns:
        The stored answer.
    """
    second = len(ANSWER_SUPPORTED) + 1
    verdicts = (
        Verdict(
            Claim(0, ANSWER_SUPPORTED, 0, len(ANSWER_SUPPORTED)),
            Status.SUPPORTED,
            (),
            "",
            0.9,
            (_evidence(paper, 2, 0.82),),
        ),
        Verdict(
            Claim(1, ANSWER_FLAGGED, second, second + len(ANSWER_FLAGGED)),
            Status.UNSUPPORTED,
            ("number_not_found",),
            FLAG_REASON,
            0.8,
            (_evidence(paper, 1, 0.41),),
        ),
    )
    result = AnswerResult(
        question=QUESTION,
        text=ANSWER_TEXT,
        verdicts=verdicts,
        attempts=(Attempt(0, 0.0, 0.5, 900, 40, 6.5, ANSWER_TEXT),),
        passages=(_evidence(paper, 2, 0.82), _evidence(paper, 1, 0.41)),
        declined=False,
        model="qwen2.5-coder-1.5b-instruct-q4_k_m",
        flagged_ratio=0.5,
        query=QUESTION,
        settings={"candidates": 1},
    )
    reviews = (
        {1: Review(1, ReviewAction.ACCEPT, REVIEW_NOTE, ANSWER_FLAGGED, "", ASKED_AT)}
        if reviewed
        else {}
    )
    return StoredAnswer(answer_id, paper.sha256, ASKED_AT, result, reviews)
