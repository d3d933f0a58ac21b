"""Marking still-flagged sentences in a final text, without deleting anything."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from core.types import Claim, Verdict

MARKER = "[unverified] "


def mark_unverified(text: str, verdicts: Sequence[Verdict]) -> str:
    """Insert ``[unverified] `` before each flagged sentence of ``text``.

    A sentence repeated in the text is marked at its first occurrence only; a verdict whose
    sentence cannot be found is skipped; an already marked sentence is not marked twice.
    """
    return mark_with_verdicts(text, verdicts)[0]


def mark_with_verdicts(text: str, verdicts: Sequence[Verdict]) -> tuple[str, list[Verdict]]:
    """Mark flagged sentences and return verdicts whose offsets point into the marked text.

    Args:
        text: The text the verdicts were computed on.
        verdicts: Verdicts in sentence order, offsets into ``text``.

    Returns:
        The marked text and the same verdicts with claim offsets shifted to it.
    """
    inserts: list[int] = []
    marked_sentences: set[str] = set()
    for verdict in verdicts:
        if not verdict.status.flagged:
            continue
        sentence = verdict.claim.text.strip()
        if not sentence or sentence in marked_sentences:
            continue
        position = _locate(text, verdict.claim)
        if position is None:
            continue
        marked_sentences.add(sentence)
        if text[max(position - len(MARKER), 0) : position] == MARKER:
            continue
        inserts.append(position)
    inserts.sort()
    out: list[str] = []
    last = 0
    for position in inserts:
        out.append(text[last:position])
        out.append(MARKER)
        last = position
    out.append(text[last:])
    shifted = [replace(v, claim=_shift(v.claim, inserts)) for v in verdicts]
    return "".join(out), shifted


def _locate(text: str, claim: Claim) -> int | None:
    """The first occurrence of the claim's sentence (the offsets may be stale)."""
    sentence = claim.text.strip()
    first = text.find(sentence)
    if first >= 0:
        return first
    if (
        0 <= claim.start < claim.end <= len(text)
        and text[claim.start : claim.end].strip() == sentence
    ):
        return claim.start
    return None


def _shift(claim: Claim, inserts: Sequence[int]) -> Claim:
    before_start = sum(1 for p in inserts if p <= claim.start)
    before_end = sum(1 for p in inserts if p < claim.end)
    delta = len(MARKER)
    return replace(
        claim, start=claim.start + before_start * delta, end=claim.end + before_end * delta
    )
