"""The only code that opens database sessions; saves and loads typed objects."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session, col, create_engine, delete, select

from core.errors import LibraryError, NotInLibraryError
from core.library.migrations import apply_migrations
from core.library.models import (
    AttemptRow,
    AuditRow,
    ChunkRow,
    CritiqueRow,
    PaperContentRow,
    PaperRow,
    ReviewRow,
    VerdictRow,
)
from core.records import PaperInfo, PaperStatus, Review, ReviewAction, StoredCritique
from core.types import (
    Attempt,
    Chunk,
    Claim,
    CritiqueResult,
    Evidence,
    Paper,
    Status,
    Verdict,
)


def _on_connect(dbapi_connection: sqlite3.Connection, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


class Repository:
    """SQLite library (WAL) with a versioned schema."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            self._engine = create_engine(
                f"sqlite:///{path}", connect_args={"check_same_thread": False}
            )
            event.listen(self._engine, "connect", _on_connect)
            with self._engine.begin() as conn:
                apply_migrations(conn)
        except SQLAlchemyError as exc:
            raise LibraryError(f"Cannot open the library {path}: {exc.__cause__ or exc}") from exc

    @contextmanager
    def _session(self) -> Iterator[Session]:
        try:
            with Session(self._engine, expire_on_commit=False) as session:
                yield session
        except SQLAlchemyError as exc:
            raise LibraryError(f"Library error in {self.path}: {exc.__cause__ or exc}") from exc

    def close(self) -> None:
        """Release the connections."""
        self._engine.dispose()

    # papers
    def _paper_row(self, session: Session, sha256: str) -> PaperRow:
        row = session.exec(select(PaperRow).where(PaperRow.sha256 == sha256)).first()
        if row is None:
            raise NotInLibraryError(f"Paper {sha256[:12]} is not in the library.")
        return row

    def begin_ingest(self, sha256: str, title: str, path: str, pages: int) -> None:
        """Record a paper as ingesting (replacing any leftover of an interrupted ingest)."""
        with self._session() as session:
            old = session.exec(select(PaperRow).where(PaperRow.sha256 == sha256)).first()
            if old is not None:
                session.delete(old)
                session.flush()
            session.add(
                PaperRow(
                    sha256=sha256,
                    title=title,
                    path=path,
                    pages=pages,
                    status=PaperStatus.INGESTING,
                    added_at=datetime.now(UTC),
                )
            )
            session.commit()

    def finish_ingest(self, paper: Paper, chunks: Sequence[Chunk]) -> PaperInfo:
        """Store content and chunks and mark the paper ready, in one transaction."""
        with self._session() as session:
            row = self._paper_row(session, paper.sha256)
            assert row.id is not None
            session.add(PaperContentRow(paper_id=row.id, content=json.dumps(paper.to_dict())))
            for c in chunks:
                session.add(
                    ChunkRow(
                        paper_id=row.id,
                        position=c.index,
                        text=c.text,
                        page_start=c.page_start,
                        page_end=c.page_end,
                        sentence_ids=json.dumps(list(c.sentence_ids)),
                        content_hash=c.content_hash,
                    )
                )
            row.title = paper.title
            row.authors = json.dumps(list(paper.authors))
            row.pages = paper.page_count
            row.chunk_count = len(chunks)
            row.status = PaperStatus.READY
            session.add(row)
            session.commit()
            return self._info(session, row)

    def delete_paper(self, sha256: str) -> None:
        """Delete the paper and everything hanging from it."""
        with self._session() as session:
            row = session.exec(select(PaperRow).where(PaperRow.sha256 == sha256)).first()
            if row is None:
                return
            critique_ids = list(
                session.exec(select(CritiqueRow.id).where(CritiqueRow.paper_id == row.id))
            )
            session.exec(delete(AuditRow).where(col(AuditRow.critique_id).in_(critique_ids)))
            session.delete(row)
            session.commit()

    def info(self, sha256: str) -> PaperInfo | None:
        """One paper's library row."""
        with self._session() as session:
            row = session.exec(select(PaperRow).where(PaperRow.sha256 == sha256)).first()
            return None if row is None else self._info(session, row)

    def list_infos(self) -> list[PaperInfo]:
        """Every paper, newest first."""
        with self._session() as session:
            rows = session.exec(select(PaperRow).order_by(col(PaperRow.added_at).desc())).all()
            return [self._info(session, r) for r in rows]

    def _info(self, session: Session, row: PaperRow) -> PaperInfo:
        flagged: int | None = None
        critique = session.exec(
            select(CritiqueRow)
            .where(CritiqueRow.paper_id == row.id)
            .order_by(col(CritiqueRow.id).desc())
        ).first()
        if critique is not None:
            statuses = session.exec(
                select(VerdictRow.status).where(VerdictRow.critique_id == critique.id)
            ).all()
            flagged = sum(1 for s in statuses if Status(s).needs_review)
        return PaperInfo(
            sha256=row.sha256,
            title=row.title,
            path=row.path,
            pages=row.pages,
            status=PaperStatus(row.status),
            added_at=row.added_at,
            authors=tuple(json.loads(row.authors)),
            chunks=row.chunk_count,
            flagged_count=flagged,
        )

    def load_paper(self, sha256: str) -> Paper:
        """The stored parsed paper."""
        with self._session() as session:
            row = self._paper_row(session, sha256)
            content = session.get(PaperContentRow, row.id)
            if content is None:
                raise NotInLibraryError(f"Paper {row.title!r} was not fully ingested.")
            return Paper.from_dict(json.loads(content.content))

    def load_chunks(self, sha256: str) -> list[Chunk]:
        """The paper's chunks in order."""
        with self._session() as session:
            row = self._paper_row(session, sha256)
            rows = session.exec(
                select(ChunkRow).where(ChunkRow.paper_id == row.id).order_by(col(ChunkRow.position))
            ).all()
            return [
                Chunk(
                    paper_sha256=sha256,
                    index=r.position,
                    text=r.text,
                    page_start=r.page_start,
                    page_end=r.page_end,
                    sentence_ids=tuple(json.loads(r.sentence_ids)),
                    content_hash=r.content_hash,
                )
                for r in rows
            ]

    # critiques
    def save_critique(self, sha256: str, result: CritiqueResult) -> StoredCritique:
        """Store a finished run with its attempts and verdicts; the paper becomes critiqued."""
        with self._session() as session:
            paper = self._paper_row(session, sha256)
            assert paper.id is not None
            row = CritiqueRow(
                paper_id=paper.id,
                created_at=datetime.now(UTC),
                model=result.model,
                language=result.language,
                text=result.text,
                flagged_ratio=result.flagged_ratio,
                settings=json.dumps(result.settings),
            )
            session.add(row)
            session.flush()
            assert row.id is not None
            for a in result.attempts:
                session.add(AttemptRow(critique_id=row.id, **asdict(a)))
            for v in result.verdicts:
                session.add(_verdict_row(row.id, v))
            session.add(
                AuditRow(
                    critique_id=row.id,
                    at=row.created_at,
                    action="created",
                    detail=json.dumps({"model": result.model, "attempts": len(result.attempts)}),
                )
            )
            paper.status = PaperStatus.CRITIQUED
            session.add(paper)
            session.commit()
            return self._stored(session, row)

    def latest_critique(self, sha256: str) -> StoredCritique | None:
        """The newest critique of the paper, with reviews."""
        with self._session() as session:
            paper = self._paper_row(session, sha256)
            row = session.exec(
                select(CritiqueRow)
                .where(CritiqueRow.paper_id == paper.id)
                .order_by(col(CritiqueRow.id).desc())
            ).first()
            return None if row is None else self._stored(session, row)

    def critique(self, critique_id: int) -> StoredCritique:
        """One stored critique by id."""
        with self._session() as session:
            row = session.get(CritiqueRow, critique_id)
            if row is None:
                raise NotInLibraryError(f"Critique {critique_id} is not in the library.")
            return self._stored(session, row)

    def _stored(self, session: Session, row: CritiqueRow) -> StoredCritique:
        paper = session.get(PaperRow, row.paper_id)
        assert paper is not None and row.id is not None
        attempts = session.exec(
            select(AttemptRow)
            .where(AttemptRow.critique_id == row.id)
            .order_by(col(AttemptRow.iteration))
        ).all()
        verdicts = session.exec(
            select(VerdictRow)
            .where(VerdictRow.critique_id == row.id)
            .order_by(col(VerdictRow.sentence_index))
        ).all()
        reviews: dict[int, Review] = {}
        for r in session.exec(
            select(ReviewRow).where(ReviewRow.critique_id == row.id).order_by(col(ReviewRow.id))
        ).all():
            reviews[r.sentence_index] = Review(
                sentence_index=r.sentence_index,
                action=ReviewAction(r.action),
                note=r.note,
                previous_text=r.previous_text,
                new_text=r.new_text,
                at=r.at,
            )
        result = CritiqueResult(
            text=row.text,
            verdicts=tuple(_verdict(v) for v in verdicts),
            attempts=tuple(
                Attempt(**a.model_dump(exclude={"id", "critique_id"})) for a in attempts
            ),
            model=row.model,
            language=row.language,
            flagged_ratio=row.flagged_ratio,
            settings=json.loads(row.settings),
        )
        return StoredCritique(
            id=row.id,
            paper_sha256=paper.sha256,
            created_at=row.created_at,
            result=result,
            reviews=reviews,
        )

    def add_review(
        self, critique_id: int, review: Review, new_verdict: Verdict | None = None
    ) -> StoredCritique:
        """Record a review (and, for an edit, the new verdict) plus an audit entry."""
        with self._session() as session:
            row = session.get(CritiqueRow, critique_id)
            if row is None:
                raise NotInLibraryError(f"Critique {critique_id} is not in the library.")
            session.add(
                ReviewRow(
                    critique_id=critique_id,
                    sentence_index=review.sentence_index,
                    action=review.action,
                    note=review.note,
                    previous_text=review.previous_text,
                    new_text=review.new_text,
                    at=review.at,
                )
            )
            if new_verdict is not None:
                old = session.exec(
                    select(VerdictRow).where(
                        VerdictRow.critique_id == critique_id,
                        VerdictRow.sentence_index == review.sentence_index,
                    )
                ).first()
                if old is not None:
                    session.delete(old)
                session.add(_verdict_row(critique_id, new_verdict))
            session.add(
                AuditRow(
                    critique_id=critique_id,
                    at=review.at,
                    action=f"review:{review.action}",
                    detail=json.dumps(
                        {
                            "sentence": review.sentence_index,
                            "previous_text": review.previous_text,
                            "new_text": review.new_text,
                            "note": review.note,
                            "new_status": new_verdict.status if new_verdict else None,
                        },
                        ensure_ascii=False,
                    ),
                )
            )
            session.commit()
            return self._stored(session, row)

    def audit_log(self, critique_id: int) -> list[tuple[datetime, str, dict[str, Any]]]:
        """Every recorded change to the critique, oldest first."""
        with self._session() as session:
            rows = session.exec(
                select(AuditRow)
                .where(AuditRow.critique_id == critique_id)
                .order_by(col(AuditRow.id))
            ).all()
            return [(r.at, r.action, json.loads(r.detail)) for r in rows]


def _verdict_row(critique_id: int, v: Verdict) -> VerdictRow:
    return VerdictRow(
        critique_id=critique_id,
        sentence_index=v.claim.index,
        text=v.claim.text,
        start=v.claim.start,
        end=v.claim.end,
        is_claim=v.claim.is_claim,
        status=v.status,
        reasons=json.dumps(list(v.reasons), ensure_ascii=False),
        explanation=v.explanation,
        confidence=v.confidence,
        evidence=json.dumps(
            [
                {
                    "page": e.page,
                    "text": e.text,
                    "bbox": list(e.bbox),
                    "score": e.score,
                    "sentence_index": e.sentence_index,
                }
                for e in v.evidence
            ],
            ensure_ascii=False,
        ),
    )


def _verdict(row: VerdictRow) -> Verdict:
    return Verdict(
        claim=Claim(
            index=row.sentence_index,
            text=row.text,
            start=row.start,
            end=row.end,
            is_claim=row.is_claim,
        ),
        status=Status(row.status),
        reasons=tuple(json.loads(row.reasons)),
        explanation=row.explanation,
        confidence=row.confidence,
        evidence=tuple(
            Evidence(
                page=e["page"],
                text=e["text"],
                bbox=tuple(e["bbox"]),  # type: ignore[arg-type]
                score=e["score"],
                sentence_index=e.get("sentence_index", -1),
            )
            for e in json.loads(row.evidence)
        ),
    )
