"""Carry the reader's reviews from one critique of a paper to the next.

A review belongs to a sentence, not to a run: when the new critique holds the same sentence
(same words, ignoring case, spacing and the ``[unverified]`` marker), the reader's decision
applies to it again. Reviews of sentences the new critique no longer has stay with the earlier
critique, which the history keeps.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from core.records import Review, ReviewAction, StoredCritique
from core.types import CritiqueResult, Verdict

_MARKER = re.compile(r"\[unverified\]\s*", re.IGNORECASE)


@dataclass(frozen=True)
class CarriedReview:
    """A review re-addressed to a sentence of the new critique (with its verdict for an edit)."""

    review: Review
    verdict: Verdict | None = None


def sentence_key(text: str) -> str:
    """What makes two critique sentences the same sentence."""
    return " ".join(_MARKER.sub("", text).casefold().split())


def carry_reviews(previous: StoredCritique, new: CritiqueResult) -> list[CarriedReview]:
    """The reviews of ``previous`` whose sentence ``new`` still has, addressed to it there.

    Args:
        previous: The earlier critique with the reader's reviews.
        new: The new critique's result.

    Returns:
        One entry per carried review, in the new critique's sentence order.
    """
    old_verdicts = {v.claim.index: v for v in previous.result.verdicts}
    free: dict[str, list[Verdict]] = {}
    for verdict in sorted(new.verdicts, key=lambda v: v.claim.index):
        if verdict.claim.is_claim:
            free.setdefault(sentence_key(verdict.claim.text), []).append(verdict)
    carried: list[CarriedReview] = []
    for index in sorted(previous.reviews):
        review = previous.reviews[index]
        old = old_verdicts.get(index)
        original = review.previous_text or (old.claim.text if old is not None else "")
        matches = free.get(sentence_key(original))
        if not matches:
            continue
        target = matches.pop(0)
        moved = replace(review, sentence_index=target.claim.index, previous_text=target.claim.text)
        checked = None
        if review.action is ReviewAction.EDIT and old is not None:
            # The earlier re-check of the reader's wording still holds: same paper, same words.
            checked = replace(old, claim=replace(target.claim, text=review.new_text))
        carried.append(CarriedReview(moved, checked))
    return sorted(carried, key=lambda c: c.review.sentence_index)
