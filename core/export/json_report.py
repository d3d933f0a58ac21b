"""The JSON of ``deepread verify --json``, ``deepread critique --json`` and the JSON export.

The three documents nest: a verify report; a critique report adds ``attempts``; an export adds
the model, language, date, settings, critique text, the reader's reviews and the paper's
questions with their checked answers. ``SCHEMAS`` holds a
JSON Schema (draft 2020-12) for each, documented in docs/json-schema.md. Fields are only ever
added, never renamed or removed, so scripts reading an older report keep working.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from core.ask.result import StoredAnswer
from core.counts import attempt_number, critique_counts
from core.records import PaperInfo, Review, StoredCritique
from core.types import Attempt, CritiqueResult, Evidence, Paper, Status, Verdict


def verify_report(
    paper: Paper, verdicts: Sequence[Verdict], flagged_ratio: float
) -> dict[str, Any]:
    """The ``deepread verify --json`` document.

    Args:
        paper: The paper the text was checked against.
        verdicts: One verdict per sentence of the checked text, in text order.
        flagged_ratio: (unsupported + rejected) / claims.

    Returns:
        A JSON-ready dict matching ``SCHEMAS["verify"]``.
    """
    return {
        "paper": {"title": paper.title, "pages": paper.page_count, "sha256": paper.sha256},
        "flagged_ratio": _number(flagged_ratio),
        "sentences": [_sentence(v) for v in verdicts],
    }


def critique_report(paper: Paper, result: CritiqueResult) -> dict[str, Any]:
    """The ``deepread critique --json`` document: a verify report plus every attempt.

    Args:
        paper: The critiqued paper.
        result: The final critique with its verdicts and attempts.

    Returns:
        A JSON-ready dict matching ``SCHEMAS["critique"]``.
    """
    report = verify_report(paper, result.verdicts, result.flagged_ratio)
    report["attempts"] = [_attempt(a) for a in result.attempts]
    return report


def export_json(
    paper: Paper,
    info: PaperInfo | None,
    critique: StoredCritique | None,
    answers: Sequence[StoredAnswer] = (),
) -> dict[str, Any]:
    """The JSON export of a stored critique: a critique report plus its context and reviews.

    Args:
        paper: The critiqued paper.
        info: Its library row, for the authors when the parse found none; may be None.
        critique: The stored critique with the reader's reviews; None for a paper that was
            only asked questions: the critique's fields are then empty (no sentences, no
            attempts, empty text, model and date) and ``questions`` holds the content.
        answers: The paper's stored questions and answers, in any order; the export lists
            them oldest first.

    Returns:
        A JSON-ready dict matching ``SCHEMAS["export"]``.
    """
    if critique is None:
        result = CritiqueResult("", (), (), "", "", 0.0)
        created_at, reviews = "", {}
    else:
        result, created_at, reviews = (
            critique.result,
            critique.created_at.isoformat(),
            critique.reviews,
        )
    report = critique_report(paper, result)
    authors = paper.authors or (info.authors if info else ())
    report["paper"]["authors"] = list(authors)
    report.update(
        {
            "model": result.model,
            "language": result.language,
            "created_at": created_at,
            "settings": _jsonable(result.settings),
            "text": result.text,
            "reviews": [_review(reviews[i]) for i in sorted(reviews)],
            "counts": critique_counts(result.verdicts, reviews).as_dict(),
            "questions": [_question(a) for a in sorted(answers, key=lambda a: a.id)],
        }
    )
    return report


def _question(answer: StoredAnswer) -> dict[str, Any]:
    """One question with its answer, in the layout of ``deepread ask --json`` plus reviews."""
    result = answer.result
    return {
        "id": answer.id,
        "question": result.question,
        "answer": result.text,
        "declined": result.declined,
        "query": result.query,
        "model": result.model,
        "created_at": answer.created_at.isoformat(),
        "settings": _jsonable(result.settings),
        "flagged_ratio": _number(result.flagged_ratio),
        "sentences": [_sentence(v) for v in result.verdicts],
        "passages": [_passage(e) for e in result.passages],
        "attempts": [_attempt(a) for a in result.attempts],
        "reviews": [_review(answer.reviews[i]) for i in sorted(answer.reviews)],
        "counts": critique_counts(result.verdicts, answer.reviews).as_dict(),
    }


def _sentence(verdict: Verdict) -> dict[str, Any]:
    claim = verdict.claim
    return {
        "index": claim.index,
        "text": claim.text,
        "start": claim.start,
        "end": claim.end,
        "status": str(verdict.status),
        "reasons": [str(r) for r in verdict.reasons],
        "explanation": verdict.explanation,
        "confidence": _number(verdict.confidence),
        "evidence": [_evidence(e) for e in verdict.evidence],
    }


def _evidence(evidence: Evidence) -> dict[str, Any]:
    return {
        "page": evidence.page,
        "text": evidence.text,
        "bbox": [_number(c) for c in evidence.bbox],
        "score": _number(evidence.score),
    }


def _passage(evidence: Evidence) -> dict[str, Any]:
    """A passage an answer was written from, with its relevance as ``deepread ask --json``."""
    return {
        "page": evidence.page,
        "text": evidence.text,
        "bbox": [_number(c) for c in evidence.bbox],
        "relevance": _number(evidence.score),
    }


def _attempt(attempt: Attempt) -> dict[str, Any]:
    return {
        "iteration": attempt.iteration,
        "number": attempt_number(attempt),
        "temperature": _number(attempt.temperature),
        "flagged_ratio": _number(attempt.flagged_ratio),
        "tokens_in": attempt.tokens_in,
        "tokens_out": attempt.tokens_out,
        "seconds": _number(attempt.seconds),
    }


def _review(review: Review) -> dict[str, Any]:
    return {
        "sentence_index": review.sentence_index,
        "action": str(review.action),
        "note": review.note,
        "previous_text": review.previous_text,
        "new_text": review.new_text,
        "at": review.at.isoformat(),
    }


def _number(value: float) -> float:
    """A float JSON can carry: NaN and infinities (never valid JSON) become 0.0."""
    value = float(value)
    return value if math.isfinite(value) else 0.0


def _jsonable(value: Any) -> Any:
    """Settings as plain JSON values; anything unusual (a Path, an enum) becomes its str."""
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, bool) or value is None or isinstance(value, int | str):
        return value
    if isinstance(value, float):
        return _number(value)
    return str(value)


_NUMBER = {"type": "number"}
_STRING = {"type": "string"}
_INDEX = {"type": "integer", "minimum": 0}

_EVIDENCE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["page", "text", "bbox", "score"],
    "properties": {
        "page": {"type": "integer", "minimum": 1, "description": "1-based page number"},
        "text": _STRING,
        "bbox": {
            "type": "array",
            "items": _NUMBER,
            "minItems": 4,
            "maxItems": 4,
            "description": "[x0, y0, x1, y1] in PDF points, origin at the top left of the page",
        },
        "score": _NUMBER,
    },
}

_SENTENCE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": [
        "index",
        "text",
        "start",
        "end",
        "status",
        "reasons",
        "explanation",
        "confidence",
        "evidence",
    ],
    "properties": {
        "index": _INDEX,
        "text": _STRING,
        "start": {**_INDEX, "description": "character offset of the sentence in the text"},
        "end": {**_INDEX, "description": "offset just past the sentence"},
        "status": {"enum": [str(s) for s in Status]},
        "reasons": {"type": "array", "items": _STRING},
        "explanation": _STRING,
        "confidence": {"type": "number", "minimum": 0, "maximum": 1},
        "evidence": {"type": "array", "items": _EVIDENCE_SCHEMA},
    },
}

_ATTEMPT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["iteration", "temperature", "flagged_ratio", "tokens_in", "tokens_out", "seconds"],
    "properties": {
        "iteration": _INDEX,
        "number": {"type": "integer", "minimum": 1, "description": "iteration + 1, as shown"},
        "temperature": _NUMBER,
        "flagged_ratio": {"type": "number", "minimum": 0, "maximum": 1},
        "tokens_in": _INDEX,
        "tokens_out": _INDEX,
        "seconds": {"type": "number", "minimum": 0},
    },
}

_REVIEW_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["sentence_index", "action", "note", "previous_text", "new_text", "at"],
    "properties": {
        "sentence_index": _INDEX,
        "action": {"enum": ["accept", "reject", "edit"]},
        "note": _STRING,
        "previous_text": _STRING,
        "new_text": _STRING,
        "at": {**_STRING, "description": "ISO 8601 date and time"},
    },
}

_COUNTS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "claims by status, flagged, need_review and reviewed (core.counts)",
    "additionalProperties": {"type": "integer", "minimum": 0},
}

_QUESTION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": [
        "id",
        "question",
        "answer",
        "declined",
        "query",
        "model",
        "created_at",
        "settings",
        "flagged_ratio",
        "sentences",
        "passages",
        "attempts",
        "reviews",
        "counts",
    ],
    "properties": {
        "id": {"type": "integer", "minimum": 1, "description": "the answer's id in the library"},
        "question": _STRING,
        "answer": {**_STRING, "description": "the answer text that start/end point into"},
        "declined": {"type": "boolean", "description": "the paper does not say"},
        "query": {**_STRING, "description": "the retrieval query used (question or rewrite)"},
        "model": _STRING,
        "created_at": {**_STRING, "description": "ISO 8601 date and time"},
        "settings": {"type": "object"},
        "flagged_ratio": {"type": "number", "minimum": 0, "maximum": 1},
        "sentences": {"type": "array", "items": _SENTENCE_SCHEMA},
        "passages": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["page", "text", "bbox", "relevance"],
                "properties": {
                    "page": _EVIDENCE_SCHEMA["properties"]["page"],
                    "text": _STRING,
                    "bbox": _EVIDENCE_SCHEMA["properties"]["bbox"],
                    "relevance": _NUMBER,
                },
            },
        },
        "attempts": {"type": "array", "items": _ATTEMPT_SCHEMA},
        "reviews": {"type": "array", "items": _REVIEW_SCHEMA},
        "counts": _COUNTS_SCHEMA,
    },
}

_VERIFY_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "DeepRead verify report",
    "type": "object",
    "required": ["paper", "flagged_ratio", "sentences"],
    "properties": {
        "paper": {
            "type": "object",
            "required": ["title", "pages", "sha256"],
            "properties": {
                "title": _STRING,
                "pages": {"type": "integer", "minimum": 0},
                "sha256": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
            },
        },
        "flagged_ratio": {"type": "number", "minimum": 0, "maximum": 1},
        "sentences": {"type": "array", "items": _SENTENCE_SCHEMA},
    },
}

_CRITIQUE_SCHEMA: dict[str, Any] = {
    **_VERIFY_SCHEMA,
    "title": "DeepRead critique report",
    "required": [*_VERIFY_SCHEMA["required"], "attempts"],
    "properties": {
        **_VERIFY_SCHEMA["properties"],
        "attempts": {"type": "array", "items": _ATTEMPT_SCHEMA},
    },
}

_EXPORT_SCHEMA: dict[str, Any] = {
    **_CRITIQUE_SCHEMA,
    "title": "DeepRead critique export",
    "required": [
        *_CRITIQUE_SCHEMA["required"],
        "model",
        "language",
        "created_at",
        "settings",
        "text",
        "reviews",
    ],
    "properties": {
        **_CRITIQUE_SCHEMA["properties"],
        "model": _STRING,
        "language": _STRING,
        "created_at": {
            **_STRING,
            "description": "ISO 8601 date and time; empty when the paper has no critique",
        },
        "settings": {"type": "object"},
        "text": {**_STRING, "description": "the critique text that start/end point into"},
        "reviews": {"type": "array", "items": _REVIEW_SCHEMA},
        "counts": _COUNTS_SCHEMA,
        "questions": {
            "type": "array",
            "description": "the paper's questions with their checked answers, oldest first",
            "items": _QUESTION_SCHEMA,
        },
    },
}

SCHEMAS: dict[str, dict[str, Any]] = {
    "verify": _VERIFY_SCHEMA,
    "critique": _CRITIQUE_SCHEMA,
    "export": _EXPORT_SCHEMA,
}
