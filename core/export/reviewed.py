"""A stored critique or answer as the exports show it: the verdicts with the reviews applied.

The library keeps one verdict per sentence; after an edit that verdict is the re-check of the new
text. The reader's latest review per sentence decides what an export shows: a rejected sentence
is left out, an edited one shows its new text, an accepted one is marked as confirmed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from core.ask.result import StoredAnswer
from core.records import Review, ReviewAction, StoredCritique
from core.types import Status, Verdict

UNVERIFIED = "[unverified]"


@dataclass(frozen=True)
class ReviewedSentence:
    """One critique sentence with the review that applies to it.

    ``span`` locates the sentence as it stands in the critique text (None when it cannot be
    found there). ``rewritten`` is true when the verdict is about other words than the text
    holds there: the library keeps the critique text and the offsets of an edited sentence and
    replaces only its verdict, whose claim then carries the reader's wording.
    """

    verdict: Verdict
    review: Review | None
    span: tuple[int, int] | None
    rewritten: bool = False

    @property
    def index(self) -> int:
        """The sentence index, as in the JSON reports and ``deepread review --sentence``."""
        return self.verdict.claim.index

    @property
    def status(self) -> Status:
        """The checker's current status (of the new text after an edit)."""
        return self.verdict.status

    @property
    def text(self) -> str:
        """The sentence to show: the reader's new text after an edit, without a leading marker."""
        if self.review is not None and self.review.action == ReviewAction.EDIT:
            return self.review.new_text
        text = self.verdict.claim.text
        if text.startswith(UNVERIFIED):
            text = text[len(UNVERIFIED) :].lstrip()
        return text

    @property
    def omitted(self) -> bool:
        """Rejected by the reader: left out of the notes and the annotations."""
        return self.review is not None and self.review.action == ReviewAction.REJECT

    @property
    def accepted(self) -> bool:
        """Confirmed by the reader."""
        return self.review is not None and self.review.action == ReviewAction.ACCEPT

    @property
    def edited(self) -> bool:
        """Rewritten by the reader and checked again (a later review may have followed)."""
        return self.rewritten or (
            self.review is not None and self.review.action == ReviewAction.EDIT
        )

    @property
    def listed(self) -> bool:
        """Belongs in the unsourced-claims list: flagged by the checker, or reviewed."""
        return self.status.needs_review or self.review is not None

    def review_state(self) -> str:
        """The review decision in words, for the notes and the PDF."""
        review = self.review
        if review is None:
            return "pending"
        if review.action == ReviewAction.ACCEPT:
            return (
                f"accepted by the reader — {review.note}"
                if review.note
                else ("accepted by the reader")
            )
        if review.action == ReviewAction.REJECT:
            state = "rejected by the reader (left out of the notes)"
            return f"{state} — {review.note}" if review.note else state
        previous = f" (was: “{review.previous_text}”)" if review.previous_text else ""
        state = f"edited by the reader, now {self.status.value}{previous}"
        return f"{state} — {review.note}" if review.note else state


def reviewed_sentences(critique: StoredCritique) -> list[ReviewedSentence]:
    """Every verdict of the critique in text order, located in its text, with its review.

    Args:
        critique: The stored critique with the reader's latest review per sentence.

    Returns:
        One entry per verdict, sorted by position in the critique text.
    """
    return reviewed_text(critique.result.text, critique.result.verdicts, critique.reviews)


def reviewed_answer(answer: StoredAnswer) -> list[ReviewedSentence]:
    """Every verdict of a stored answer in text order, with its review, as for a critique."""
    return reviewed_text(answer.result.text, answer.result.verdicts, answer.reviews)


def reviewed_text(
    text: str, verdicts: Sequence[Verdict], reviews: Mapping[int, Review]
) -> list[ReviewedSentence]:
    """Every verdict of a checked text in text order, located in the text, with its review.

    Args:
        text: The checked text (a critique or an answer) the verdicts' offsets point into.
        verdicts: One verdict per sentence.
        reviews: The reader's latest review per sentence index.

    Returns:
        One entry per verdict, sorted by position in the text.
    """
    ordered = sorted(verdicts, key=lambda v: (v.claim.start, v.claim.index))
    sentences: list[ReviewedSentence] = []
    cursor = 0
    for verdict in ordered:
        review = reviews.get(verdict.claim.index)
        span = _locate(text, verdict, review, cursor)
        rewritten = False
        if span is not None:
            cursor = span[1]
            rewritten = text[span[0] : span[1]] != verdict.claim.text
        sentences.append(ReviewedSentence(verdict, review, span, rewritten))
    return sentences


def _locate(
    text: str, verdict: Verdict, review: Review | None, cursor: int
) -> tuple[int, int] | None:
    """Where the sentence stands in the text: its offsets when they still hold, else a search.

    An edit may have replaced the verdict's claim text while the critique text kept the old
    sentence (or the other way round), so both the old and the new wording are tried.
    """
    claim = verdict.claim
    candidates = [claim.text]
    if review is not None:
        candidates += [review.previous_text, review.new_text]
    candidates = [c for c in candidates if c]
    in_range = 0 <= claim.start < claim.end <= len(text)
    if in_range and (review is not None or text[claim.start : claim.end] in candidates):
        # A reviewed sentence keeps its offsets, even after several edits.
        return claim.start, claim.end
    for origin in (cursor, 0):
        hits = [(text.find(c, origin), c) for c in candidates]
        found = [(pos, c) for pos, c in hits if pos >= 0]
        if found:
            pos, c = min(found)
            return pos, pos + len(c)
    return None


def format_time(moment: datetime) -> str:
    """A date and time for people, in local time when the stored time carries a zone."""
    return (moment.astimezone() if moment.tzinfo else moment).strftime("%Y-%m-%d %H:%M")


def status_counts(sentences: list[ReviewedSentence]) -> Counter[Status]:
    """How many shown sentences have each status (rejected-by-reader ones are not shown)."""
    return Counter(s.status for s in sentences if not s.omitted)
