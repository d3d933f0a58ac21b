"""What the answer loop returns and what the library keeps of it."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from core.records import Review
from core.types import Attempt, Evidence, Verdict


@dataclass(frozen=True)
class AnswerResult:
    """A checked answer to one question about one paper.

    ``passages`` are the passages the answer was written from, or, when ``declined``, the
    closest passages found (so the reader can look for themselves).
    """

    question: str
    text: str
    verdicts: tuple[Verdict, ...]
    attempts: tuple[Attempt, ...]
    passages: tuple[Evidence, ...]
    declined: bool
    model: str
    flagged_ratio: float
    #: The retrieval query actually used: the question, or its one rewrite.
    query: str = ""
    settings: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class StoredAnswer:
    """An answer as kept in the library, with the reader's latest review per sentence."""

    id: int
    paper_sha256: str
    created_at: datetime
    result: AnswerResult
    reviews: dict[int, Review] = field(default_factory=dict)
