"""Choosing among N candidate answers by a weighted score.

score = 0.5 * support + 0.3 * relevance + 0.2 * completeness, each in [0, 1]:

* support: per claim 1 for supported, 0.5 for partial, 0 for unsupported or rejected, averaged
  (an answer without claims scores 0, so a bare decline never beats a sourced answer);
* relevance: share of the question's content words the answer uses;
* completeness: share of the relevant passages' pages the answer draws on, through its cited
  pages "(p. N)" or its evidence.

Support dominates because an unsupported answer is the failure the product exists to avoid;
relevance and completeness break ties between equally supported answers.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from core.ask.passages import word_overlap
from core.types import Status, Verdict

WEIGHTS = {"support": 0.5, "relevance": 0.3, "completeness": 0.2}
_CITED_PAGE = re.compile(r"\bpp?\.\s*(\d+)")


@dataclass(frozen=True)
class CandidateScore:
    """The three parts of a candidate's score and their weighted sum."""

    support: float
    relevance: float
    completeness: float

    @property
    def total(self) -> float:
        """The weighted score."""
        return (
            WEIGHTS["support"] * self.support
            + WEIGHTS["relevance"] * self.relevance
            + WEIGHTS["completeness"] * self.completeness
        )


def score_candidate(
    question: str, text: str, verdicts: Sequence[Verdict], relevant_pages: Sequence[int]
) -> CandidateScore:
    """Score one checked candidate answer."""
    claims = [v for v in verdicts if v.status is not Status.NOT_A_CLAIM]
    points = {Status.SUPPORTED: 1.0, Status.PARTIAL: 0.5}
    support = sum(points.get(v.status, 0.0) for v in claims) / len(claims) if claims else 0.0
    pages = set(relevant_pages)
    used = {int(m) for m in _CITED_PAGE.findall(text)}
    used |= {e.page for v in claims for e in v.evidence[:1]}
    completeness = len(pages & used) / len(pages) if pages else 0.0
    return CandidateScore(round(support, 4), round(word_overlap(question, text), 4), completeness)
