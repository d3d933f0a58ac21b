"""The JSON of ``deepread ask --json``: a verify report plus the question and its passages."""

from __future__ import annotations

from typing import Any

from core.ask.result import AnswerResult
from core.export.json_report import verify_report
from core.types import Evidence, Paper


def answer_report(paper: Paper, result: AnswerResult) -> dict[str, Any]:
    """The ``deepread ask --json`` document.

    ``sentences`` has the schema of ``deepread verify --json``; added are the question, the
    (marked) answer, whether it was declined, the retrieval query used, the passages it was
    written from (or the closest ones, for a decline) and every attempt.
    """
    report = verify_report(paper, result.verdicts, result.flagged_ratio)
    report.update(
        {
            "question": result.question,
            "answer": result.text,
            "declined": result.declined,
            "query": result.query,
            "passages": [_passage(e) for e in result.passages],
            "attempts": [
                {
                    "iteration": a.iteration,
                    "temperature": a.temperature,
                    "flagged_ratio": round(a.flagged_ratio, 4),
                    "tokens_in": a.tokens_in,
                    "tokens_out": a.tokens_out,
                    "seconds": round(a.seconds, 3),
                }
                for a in result.attempts
            ],
        }
    )
    return report


def _passage(evidence: Evidence) -> dict[str, Any]:
    return {
        "page": evidence.page,
        "text": evidence.text,
        "bbox": [round(c, 2) for c in evidence.bbox],
        "relevance": round(evidence.score, 4),
    }
