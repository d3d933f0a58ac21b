"""One definition of a critique's counts, named the same in the window, the notes and the JSON.

* **claims**: sentences the checker judged (everything but ``not_a_claim``);
* **flagged**: unsupported + rejected claims, the numerator of the flagged ratio that decides
  a regeneration;
* **need review**: flagged + partly supported claims, the ones the Unsourced claims panel lists;
* **reviewed**: claims that need review and carry a decision of the reader;
* **attempt numbers** start at 1 ("Attempt 1" is the first generation).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from core.types import Attempt, Status, Verdict


@dataclass(frozen=True)
class Counts:
    """How many claims of a critique have each status, and how many the reader reviewed."""

    claims: int = 0
    supported: int = 0
    partial: int = 0
    unsupported: int = 0
    rejected: int = 0
    reviewed: int = 0

    @property
    def flagged(self) -> int:
        """Unsupported + rejected claims."""
        return self.unsupported + self.rejected

    @property
    def need_review(self) -> int:
        """Flagged + partly supported claims."""
        return self.flagged + self.partial

    @property
    def awaiting_review(self) -> int:
        """Claims that need review and have no decision yet."""
        return self.need_review - self.reviewed

    @property
    def flagged_ratio(self) -> float:
        """Share of the claims that are flagged; 0.0 without claims."""
        return self.flagged / self.claims if self.claims else 0.0

    def as_dict(self) -> dict[str, int]:
        """The counts under their shared names, for the JSON export."""
        return {
            "claims": self.claims,
            "supported": self.supported,
            "partial": self.partial,
            "unsupported": self.unsupported,
            "rejected": self.rejected,
            "flagged": self.flagged,
            "need_review": self.need_review,
            "reviewed": self.reviewed,
        }


def count_verdicts(verdicts: Iterable[Verdict], reviewed: Iterable[int] = ()) -> Counts:
    """Count ``verdicts``; ``reviewed`` holds the sentence indexes the reader decided on."""
    decided = set(reviewed)
    tally = dict.fromkeys(Status, 0)
    done = 0
    for verdict in verdicts:
        tally[verdict.status] += 1
        if verdict.status.needs_review and verdict.claim.index in decided:
            done += 1
    return Counts(
        claims=sum(n for s, n in tally.items() if s is not Status.NOT_A_CLAIM),
        supported=tally[Status.SUPPORTED],
        partial=tally[Status.PARTIAL],
        unsupported=tally[Status.UNSUPPORTED],
        rejected=tally[Status.REJECTED],
        reviewed=done,
    )


def critique_counts(verdicts: Iterable[Verdict], reviews: Mapping[int, object]) -> Counts:
    """Counts of a stored critique: its verdicts with the reader's reviews by sentence index."""
    return count_verdicts(verdicts, reviews.keys())


def attempt_number(attempt: Attempt) -> int:
    """The 1-based number people see for an attempt (its ``iteration`` is 0-based)."""
    return attempt.iteration + 1
