"""Semantic support: embedding cosine and content-word coverage between a claim and its evidence."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from core.text.words import content_words


def coverage(claim: str, evidence: Sequence[str]) -> float:
    """Share of the claim's content words found in the evidence (0 when it has none)."""
    wanted = content_words(claim)
    if not wanted:
        return 0.0
    have: set[str] = set()
    for text in evidence:
        have |= content_words(text)
    return len(wanted & have) / len(wanted)


@dataclass(frozen=True)
class SemanticScore:
    """How well the evidence covers a claim."""

    cosine: float  # best embedding cosine between the claim and one evidence sentence
    coverage: float  # share of the claim's content words present in the evidence
    below_floor: bool  # coverage under the configured floor

    @property
    def support(self) -> float:
        """One number in [0, 1]: the mean of cosine (clipped at 0) and coverage."""
        return (max(self.cosine, 0.0) + self.coverage) / 2


def score_claim(
    claim: str,
    evidence: Sequence[str],
    *,
    claim_vector: np.ndarray | None,
    evidence_vectors: np.ndarray | None,
    coverage_floor: float,
) -> SemanticScore:
    """Combine cosine and coverage for one claim.

    Args:
        claim: The critique sentence.
        evidence: Its best evidence sentences, best first.
        claim_vector: The claim's unit embedding, or None without an embedder.
        evidence_vectors: One unit row per evidence sentence, or None.
        coverage_floor: Coverage under this counts as "not covered" (settings.coverage_floor).

    Returns:
        The scores; cosine is 0 without embeddings.
    """
    cos = 0.0
    if claim_vector is not None and evidence_vectors is not None and len(evidence_vectors):
        cos = float(np.max(evidence_vectors @ claim_vector))
    cov = coverage(claim, evidence)
    return SemanticScore(cos, cov, cov < coverage_floor)
