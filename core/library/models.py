"""SQLModel tables of the library; the schema itself is created by library.migrations."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Field, SQLModel


class PaperRow(SQLModel, table=True):
    """A paper; ``status`` is ingesting until its chunks are in both indexes."""

    __tablename__ = "paper"

    id: int | None = Field(default=None, primary_key=True)
    sha256: str = Field(index=True, unique=True)
    title: str
    authors: str = "[]"  # JSON list
    path: str
    pages: int
    status: str
    added_at: datetime
    chunk_count: int = 0
    reading_version: int = 0  # core.ingest.version.READING_VERSION of its content


class PaperContentRow(SQLModel, table=True):
    """The parsed paper as JSON, so reopening never parses the PDF again."""

    __tablename__ = "paper_content"

    paper_id: int = Field(primary_key=True, foreign_key="paper.id")
    content: str


class ChunkRow(SQLModel, table=True):
    """One retrieval chunk (its vector lives in Chroma under the same id)."""

    __tablename__ = "chunk"

    id: int | None = Field(default=None, primary_key=True)
    paper_id: int = Field(index=True, foreign_key="paper.id")
    position: int
    text: str
    page_start: int
    page_end: int
    sentence_ids: str  # JSON list
    content_hash: str = Field(index=True)


class CritiqueRow(SQLModel, table=True):
    """A deep-read run: ``state`` is running, interrupted (attempts kept) or done."""

    __tablename__ = "critique"

    id: int | None = Field(default=None, primary_key=True)
    paper_id: int = Field(index=True, foreign_key="paper.id")
    created_at: datetime
    model: str
    language: str
    text: str
    flagged_ratio: float
    settings: str = "{}"  # JSON
    state: str = "done"


class AttemptRow(SQLModel, table=True):
    """One generate + verify round of a run."""

    __tablename__ = "attempt"

    id: int | None = Field(default=None, primary_key=True)
    critique_id: int = Field(index=True, foreign_key="critique.id")
    iteration: int
    temperature: float
    flagged_ratio: float
    tokens_in: int
    tokens_out: int
    seconds: float
    text: str = ""
    verdicts: str = "[]"  # JSON: the attempt's own verdicts, for resuming


class VerdictRow(SQLModel, table=True):
    """The current verdict of one sentence of a critique."""

    __tablename__ = "verdict"

    id: int | None = Field(default=None, primary_key=True)
    critique_id: int = Field(index=True, foreign_key="critique.id")
    sentence_index: int
    text: str
    start: int
    end: int
    is_claim: bool
    status: str
    reasons: str  # JSON list
    explanation: str
    confidence: float
    evidence: str  # JSON list


class ReviewRow(SQLModel, table=True):
    """A reader's decision on a sentence; the latest per sentence applies."""

    __tablename__ = "review"

    id: int | None = Field(default=None, primary_key=True)
    critique_id: int = Field(index=True, foreign_key="critique.id")
    sentence_index: int
    action: str
    note: str = ""
    previous_text: str = ""
    new_text: str = ""
    at: datetime


class AuditRow(SQLModel, table=True):
    """Every change to a critique or to an answer, in order; one of the two ids is set."""

    __tablename__ = "audit"

    id: int | None = Field(default=None, primary_key=True)
    critique_id: int | None = Field(default=None, index=True)
    question_id: int | None = Field(default=None, index=True)
    at: datetime
    action: str
    detail: str = "{}"  # JSON


class QuestionRow(SQLModel, table=True):
    """A question asked of a paper and its checked answer."""

    __tablename__ = "question"

    id: int | None = Field(default=None, primary_key=True)
    paper_id: int = Field(index=True, foreign_key="paper.id")
    created_at: datetime
    question: str
    answer: str
    model: str
    declined: bool
    flagged_ratio: float
    query: str = ""
    verdicts: str = "[]"  # JSON: one verdict per answer sentence
    passages: str = "[]"  # JSON: evidence the answer was written from, or the closest
    attempts: str = "[]"  # JSON
    settings: str = "{}"  # JSON


class AnswerReviewRow(SQLModel, table=True):
    """A reader's decision on a sentence of an answer; the latest per sentence applies."""

    __tablename__ = "answer_review"

    id: int | None = Field(default=None, primary_key=True)
    question_id: int = Field(index=True, foreign_key="question.id")
    sentence_index: int
    action: str
    note: str = ""
    previous_text: str = ""
    new_text: str = ""
    at: datetime
