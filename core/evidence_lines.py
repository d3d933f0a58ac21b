"""Where a piece of evidence stands on its page, line by line."""

from __future__ import annotations

from core.types import BBox, Evidence, Paper


def line_boxes(paper: Paper, evidence: Evidence) -> tuple[BBox, ...]:
    """The line boxes of the paper sentence behind ``evidence`` (its bbox when unknown).

    A sentence that wraps, or crosses from one column to the next, gets one box per line, so
    a highlight covers its words and nothing between them.
    """
    if 0 <= evidence.sentence_index < len(paper.sentences):
        sentence = paper.sentences[evidence.sentence_index]
        if sentence.page == evidence.page and sentence.bboxes:
            return tuple(sentence.bboxes)
    return (evidence.bbox,)


def ranked(evidence: tuple[Evidence, ...], limit: int) -> list[Evidence]:
    """The ``limit`` best pieces of evidence, best first."""
    return sorted(evidence, key=lambda e: -e.score)[:limit]
