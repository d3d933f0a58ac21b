"""Typed views of what the library stores, handed to the GUI and the exporters."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from core.types import CritiqueResult


class PaperStatus(StrEnum):
    """Life cycle of a paper in the library."""

    INGESTING = "ingesting"
    READY = "ready"
    CRITIQUED = "critiqued"
    #: Rows stay until the vectors are gone, so a crash never leaves rows without vectors.
    DELETING = "deleting"


class CritiqueState(StrEnum):
    """Life cycle of a critique run; attempts are stored as they finish."""

    RUNNING = "running"
    INTERRUPTED = "interrupted"
    DONE = "done"


@dataclass(frozen=True)
class PaperInfo:
    """A library row: what the library pane shows."""

    sha256: str
    title: str
    path: str
    pages: int
    status: PaperStatus
    added_at: datetime
    authors: tuple[str, ...] = ()
    chunks: int = 0
    flagged_count: int | None = None  # None until critiqued
    #: A critique newer than the last finished one stopped part-way; it can resume.
    interrupted_critique: bool = False
    reading_version: int = 0


class ReviewAction(StrEnum):
    """What the reader decided about a flagged sentence."""

    ACCEPT = "accept"
    REJECT = "reject"
    EDIT = "edit"


@dataclass(frozen=True)
class Review:
    """One review decision on one sentence of a stored critique."""

    sentence_index: int
    action: ReviewAction
    note: str = ""
    previous_text: str = ""
    new_text: str = ""
    at: datetime = field(default_factory=lambda: datetime.now(UTC))


@dataclass(frozen=True)
class StoredCritique:
    """A critique as kept in the library, with the reader's latest review per sentence."""

    id: int
    paper_sha256: str
    created_at: datetime
    result: CritiqueResult
    reviews: dict[int, Review] = field(default_factory=dict)
    state: CritiqueState = CritiqueState.DONE


@dataclass(frozen=True)
class AuditEntry:
    """One recorded change to a critique: who, when, what (with before and after for edits)."""

    at: datetime
    action: str
    detail: dict[str, Any]

    @property
    def by(self) -> str:
        """Who made the change (the user account), or "" for older entries."""
        return str(self.detail.get("by", ""))
