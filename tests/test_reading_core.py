"""Shared counts, reviews carried to a new critique, Markdown list numbering, writing progress."""

from __future__ import annotations

from datetime import UTC, datetime

from core.counts import attempt_number, count_verdicts
from core.export.markdown import _renumber
from core.records import Review, ReviewAction, StoredCritique
from core.review_carry import carry_reviews
from core.types import Attempt, Claim, CritiqueResult, Status, Verdict
from desktop.writing_progress import WritingProgress


def _verdict(index: int, text: str, status: Status) -> Verdict:
    return Verdict(Claim(index, text, 0, len(text), status is not Status.NOT_A_CLAIM), status)


def _result(*verdicts: Verdict) -> CritiqueResult:
    return CritiqueResult("", verdicts, (), "m", "en", 0.0)


def test_one_definition_of_each_count() -> None:
    verdicts = [
        _verdict(0, "## Method", Status.NOT_A_CLAIM),
        _verdict(1, "a", Status.SUPPORTED),
        _verdict(2, "b", Status.PARTIAL),
        _verdict(3, "c", Status.UNSUPPORTED),
        _verdict(4, "d", Status.REJECTED),
    ]
    counts = count_verdicts(verdicts, reviewed=[1, 3])
    assert (counts.claims, counts.flagged, counts.need_review) == (4, 2, 3)
    assert counts.reviewed == 1  # a review of a supported sentence is not a review of a flag
    assert counts.awaiting_review == 2
    assert counts.flagged_ratio == 0.5
    assert attempt_number(Attempt(0, 0.0, 0.5, 1, 1, 1.0)) == 1


def test_reviews_follow_unchanged_sentences_to_the_new_critique() -> None:
    old = StoredCritique(
        1,
        "sha",
        datetime.now(UTC),
        _result(
            _verdict(0, "[unverified] Uses 64 GPUs.", Status.UNSUPPORTED),
            _verdict(1, "Gone in the new run.", Status.UNSUPPORTED),
        ),
        {
            0: Review(0, ReviewAction.ACCEPT, note="ok", previous_text="Uses 64 GPUs."),
            1: Review(1, ReviewAction.REJECT, previous_text="Gone in the new run."),
        },
    )
    new = _result(
        _verdict(0, "## Method", Status.NOT_A_CLAIM),
        _verdict(1, "Something else.", Status.UNSUPPORTED),
        _verdict(2, "[unverified] uses 64  GPUs.", Status.UNSUPPORTED),
    )
    (carried,) = carry_reviews(old, new)
    assert carried.review.sentence_index == 2
    assert carried.review.action is ReviewAction.ACCEPT and carried.review.note == "ok"
    assert carried.verdict is None


def test_markdown_lists_are_numbered_again_after_a_left_out_item() -> None:
    assert _renumber("1. a\n3. c\n\nText\n\n2. x") == "1. a\n2. c\n\nText\n\n1. x"


def test_writing_progress_names_section_speed_and_time_left() -> None:
    progress = WritingProgress(started=0.0)
    progress.feed("## Contributions\n", now=1.0)
    for i in range(20):
        progress.feed("tok", now=2.0 + i * 0.5)
    progress.feed("\n\n", now=12.0)
    progress.feed("## Method\n", now=13.0)
    line = progress.describe(now=13.0)
    assert line.startswith("Writing section 2 of 5 (Method)")
    assert "0:13 elapsed" in line
    assert "tokens/s" in line and "left" in line
