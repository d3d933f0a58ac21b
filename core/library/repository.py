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

from core.ask.result import AnswerResult, StoredAnswer
from core.errors import LibraryError, NotInLibraryError, describe_storage_failure
from core.ingest.version import READING_VERSION
from core.library.migrations import apply_migrations
from core.library.models import (
    AnswerReviewRow,
    AttemptRow,
    AuditRow,
    ChunkRow,
    CritiqueRow,
    PaperContentRow,
    PaperRow,
    QuestionRow,
    ReviewRow,
    VerdictRow,
)
from core.records import (
    AuditEntry,
    CritiqueState,
    PaperInfo,
    PaperStatus,
    Review,
    ReviewAction,
    StoredCritique,
)
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


def library_error(path: Path, exc: BaseException, what: str) -> LibraryError:
    """A LibraryError naming the file and, for the usual causes, what to do about it."""
    cause = exc.__cause__ or getattr(exc, "orig", None) or exc
    return LibraryError(f"{what} {path}: {describe_storage_failure(str(cause), path.parent)}.")


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
            raise library_error(path, exc, "Cannot open the library") from exc

    @contextmanager
    def _session(self) -> Iterator[Session]:
        try:
            with Session(self._engine, expire_on_commit=False) as session:
                yield session
        except SQLAlchemyError as exc:
            raise library_error(self.path, exc, "Library error") from exc

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
            self._add_chunks(session, row.id, chunks)
            self._describe(row, paper, chunks)
            row.status = PaperStatus.READY
            session.add(row)
            session.commit()
            return self._info(session, row)

    def replace_reading(self, paper: Paper, chunks: Sequence[Chunk], path: str) -> PaperInfo:
        """Swap a ready paper's content and chunks for a new reading, in one transaction.

        Its critiques, answers and reviews stay: they hold their own text and evidence.
        """
        with self._session() as session:
            row = self._paper_row(session, paper.sha256)
            assert row.id is not None
            content = session.get(PaperContentRow, row.id)
            if content is None:
                content = PaperContentRow(paper_id=row.id, content="")
            content.content = json.dumps(paper.to_dict())
            session.add(content)
            for old in session.exec(select(ChunkRow).where(ChunkRow.paper_id == row.id)).all():
                session.delete(old)
            session.flush()
            self._add_chunks(session, row.id, chunks)
            self._describe(row, paper, chunks)
            row.path = path
            session.add(row)
            session.commit()
            return self._info(session, row)

    @staticmethod
    def _add_chunks(session: Session, paper_id: int, chunks: Sequence[Chunk]) -> None:
        for c in chunks:
            session.add(
                ChunkRow(
                    paper_id=paper_id,
                    position=c.index,
                    text=c.text,
                    page_start=c.page_start,
                    page_end=c.page_end,
                    sentence_ids=json.dumps(list(c.sentence_ids)),
                    content_hash=c.content_hash,
                )
            )

    @staticmethod
    def _describe(row: PaperRow, paper: Paper, chunks: Sequence[Chunk]) -> None:
        """What the library row says of a reading, made by this version's reading."""
        row.title = paper.title
        row.authors = json.dumps(list(paper.authors))
        row.pages = paper.page_count
        row.chunk_count = len(chunks)
        row.reading_version = READING_VERSION

    def mark_deleting(self, sha256: str) -> None:
        """Hide the paper from the library before its vectors go; its rows stay until then."""
        with self._session() as session:
            row = session.exec(select(PaperRow).where(PaperRow.sha256 == sha256)).first()
            if row is not None:
                row.status = PaperStatus.DELETING
                session.add(row)
                session.commit()

    def unfinished_papers(self) -> list[tuple[str, PaperStatus]]:
        """Papers still ingesting or being deleted: live work, or work a crash cut short."""
        with self._session() as session:
            rows = session.exec(
                select(PaperRow).where(
                    col(PaperRow.status).in_([PaperStatus.INGESTING, PaperStatus.DELETING])
                )
            ).all()
            return [(r.sha256, PaperStatus(r.status)) for r in rows]

    def delete_paper(self, sha256: str) -> None:
        """Delete the paper and everything hanging from it."""
        with self._session() as session:
            row = session.exec(select(PaperRow).where(PaperRow.sha256 == sha256)).first()
            if row is None:
                return
            critique_ids = list(
                session.exec(select(CritiqueRow.id).where(CritiqueRow.paper_id == row.id))
            )
            question_ids = list(
                session.exec(select(QuestionRow.id).where(QuestionRow.paper_id == row.id))
            )
            session.exec(delete(AuditRow).where(col(AuditRow.critique_id).in_(critique_ids)))
            session.exec(delete(AuditRow).where(col(AuditRow.question_id).in_(question_ids)))
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
            rows = session.exec(
                select(PaperRow)
                .where(PaperRow.status != PaperStatus.DELETING)
                .order_by(col(PaperRow.added_at).desc())
            ).all()
            return [self._info(session, r) for r in rows]

    def _info(self, session: Session, row: PaperRow) -> PaperInfo:
        flagged: int | None = None
        critique = self._latest(session, row, CritiqueState.DONE)
        interrupted = self._latest(session, row, CritiqueState.INTERRUPTED)
        if critique is not None:
            statuses = session.exec(
                select(VerdictRow.status).where(VerdictRow.critique_id == critique.id)
            ).all()
            flagged = sum(1 for s in statuses if Status(s).flagged)
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
            interrupted_critique=interrupted is not None
            and (critique is None or (interrupted.id or 0) > (critique.id or 0)),
            reading_version=row.reading_version,
        )

    def _latest(
        self, session: Session, paper: PaperRow, state: CritiqueState
    ) -> CritiqueRow | None:
        return session.exec(
            select(CritiqueRow)
            .where(CritiqueRow.paper_id == paper.id, CritiqueRow.state == state)
            .order_by(col(CritiqueRow.id).desc())
        ).first()

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
        """Store a finished run with its attempts and verdicts in one go."""
        critique_id = self.begin_critique(sha256, result.model, result.language)
        for attempt in result.attempts:
            self.add_attempt(critique_id, attempt, ())
        return self.finish_critique(critique_id, result)

    def begin_critique(self, sha256: str, model: str, language: str) -> int:
        """Record a run as running; its attempts are added as they finish."""
        with self._session() as session:
            paper = self._paper_row(session, sha256)
            assert paper.id is not None
            row = CritiqueRow(
                paper_id=paper.id,
                created_at=datetime.now(UTC),
                model=model,
                language=language,
                text="",
                flagged_ratio=0.0,
                state=CritiqueState.RUNNING,
            )
            session.add(row)
            session.commit()
            assert row.id is not None
            return row.id

    def add_attempt(self, critique_id: int, attempt: Attempt, verdicts: Sequence[Verdict]) -> None:
        """Store one finished attempt with its verdicts, in its own transaction."""
        with self._session() as session:
            session.add(
                AttemptRow(
                    critique_id=critique_id,
                    **asdict(attempt),
                    verdicts=json.dumps([_verdict_dict(v) for v in verdicts], ensure_ascii=False),
                )
            )
            session.commit()

    def attempt_rounds(self, critique_id: int) -> list[tuple[Attempt, list[Verdict]]]:
        """The stored attempts of a run with their own verdicts, in order (for resuming)."""
        with self._session() as session:
            rows = session.exec(
                select(AttemptRow)
                .where(AttemptRow.critique_id == critique_id)
                .order_by(col(AttemptRow.iteration))
            ).all()
            return [(_attempt(r), [_verdict_from(d) for d in json.loads(r.verdicts)]) for r in rows]

    def finish_critique(self, critique_id: int, result: CritiqueResult) -> StoredCritique:
        """Store the final text and verdicts; the run is done and the paper critiqued."""
        with self._session() as session:
            row = session.get(CritiqueRow, critique_id)
            if row is None:
                raise NotInLibraryError(f"Critique {critique_id} is not in the library.")
            paper = session.get(PaperRow, row.paper_id)
            assert paper is not None
            row.model = result.model
            row.language = result.language
            row.text = result.text
            row.flagged_ratio = result.flagged_ratio
            row.settings = json.dumps(result.settings)
            row.state = CritiqueState.DONE
            session.add(row)
            session.exec(delete(VerdictRow).where(col(VerdictRow.critique_id) == critique_id))
            for v in result.verdicts:
                session.add(_verdict_row(critique_id, v))
            session.add(
                AuditRow(
                    critique_id=critique_id,
                    at=datetime.now(UTC),
                    action="created",
                    detail=json.dumps({"model": result.model, "attempts": len(result.attempts)}),
                )
            )
            paper.status = PaperStatus.CRITIQUED
            session.add(paper)
            session.commit()
            return self._stored(session, row)

    def stop_critique(self, critique_id: int) -> bool:
        """Mark a run that did not finish as interrupted, or forget it if it has no attempt.

        Returns:
            True when the run was kept as interrupted.
        """
        with self._session() as session:
            row = session.get(CritiqueRow, critique_id)
            if row is None or row.state != CritiqueState.RUNNING:
                return False
            attempts = session.exec(
                select(AttemptRow.id).where(AttemptRow.critique_id == critique_id)
            ).first()
            if attempts is None:
                session.delete(row)
            else:
                row.state = CritiqueState.INTERRUPTED
                session.add(row)
            session.commit()
            return attempts is not None

    def running_critiques(self) -> list[tuple[int, str]]:
        """(critique id, paper sha256) of runs recorded as running: live, or cut short."""
        with self._session() as session:
            rows = session.exec(
                select(CritiqueRow.id, PaperRow.sha256)
                .join(PaperRow, col(PaperRow.id) == CritiqueRow.paper_id)
                .where(CritiqueRow.state == CritiqueState.RUNNING)
            ).all()
            return [(i, sha) for i, sha in rows if i is not None]

    def resume_critique(self, critique_id: int) -> None:
        """Mark an interrupted run as running again."""
        with self._session() as session:
            row = session.get(CritiqueRow, critique_id)
            if row is None or row.state != CritiqueState.INTERRUPTED:
                raise NotInLibraryError(f"Critique {critique_id} is not an interrupted run.")
            row.state = CritiqueState.RUNNING
            session.add(row)
            session.commit()

    def discard_critique(self, critique_id: int) -> None:
        """Delete an unfinished run and its attempts."""
        with self._session() as session:
            row = session.get(CritiqueRow, critique_id)
            if row is None or row.state == CritiqueState.DONE:
                raise NotInLibraryError(f"Critique {critique_id} is not an unfinished run.")
            session.delete(row)
            session.commit()

    def latest_critique(self, sha256: str) -> StoredCritique | None:
        """The newest finished critique of the paper, with reviews."""
        with self._session() as session:
            paper = self._paper_row(session, sha256)
            row = self._latest(session, paper, CritiqueState.DONE)
            return None if row is None else self._stored(session, row)

    def interrupted_critique(self, sha256: str) -> StoredCritique | None:
        """The paper's interrupted run when it is newer than its last finished critique."""
        with self._session() as session:
            paper = self._paper_row(session, sha256)
            row = self._latest(session, paper, CritiqueState.INTERRUPTED)
            done = self._latest(session, paper, CritiqueState.DONE)
            if row is None or (done is not None and (done.id or 0) > (row.id or 0)):
                return None
            return self._stored(session, row)

    def critique_history(self, sha256: str) -> list[StoredCritique]:
        """Every finished critique of the paper with its reviews, newest first."""
        with self._session() as session:
            paper = self._paper_row(session, sha256)
            rows = session.exec(
                select(CritiqueRow)
                .where(CritiqueRow.paper_id == paper.id, CritiqueRow.state == CritiqueState.DONE)
                .order_by(col(CritiqueRow.id).desc())
            ).all()
            return [self._stored(session, r) for r in rows]

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
        reviews = _latest_reviews(
            session.exec(
                select(ReviewRow).where(ReviewRow.critique_id == row.id).order_by(col(ReviewRow.id))
            ).all()
        )
        result = CritiqueResult(
            text=row.text,
            verdicts=tuple(_verdict(v) for v in verdicts),
            attempts=tuple(_attempt(a) for a in attempts),
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
            state=CritiqueState(row.state),
        )

    def add_review(
        self, critique_id: int, review: Review, new_verdict: Verdict | None = None, by: str = ""
    ) -> StoredCritique:
        """Record a review (and, for an edit, the new verdict) plus an audit entry by ``by``."""
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
                    detail=_review_detail(review, new_verdict, by),
                )
            )
            session.commit()
            return self._stored(session, row)

    def audit_log(self, critique_id: int) -> list[AuditEntry]:
        """Every recorded change to the critique, oldest first."""
        with self._session() as session:
            rows = session.exec(
                select(AuditRow)
                .where(AuditRow.critique_id == critique_id)
                .order_by(col(AuditRow.id))
            ).all()
            return [AuditEntry(r.at, r.action, json.loads(r.detail)) for r in rows]

    def answers_audit_log(self, sha256: str) -> list[AuditEntry]:
        """Every recorded review of the answers to the paper's questions, oldest first."""
        with self._session() as session:
            paper = self._paper_row(session, sha256)
            rows = session.exec(
                select(AuditRow)
                .join(QuestionRow, col(QuestionRow.id) == AuditRow.question_id)
                .where(QuestionRow.paper_id == paper.id)
                .order_by(col(AuditRow.id))
            ).all()
            return [AuditEntry(r.at, r.action, json.loads(r.detail)) for r in rows]

    # questions and answers
    def add_answer(self, sha256: str, result: AnswerResult) -> StoredAnswer:
        """Keep a checked answer to a question about the paper."""
        with self._session() as session:
            paper = self._paper_row(session, sha256)
            assert paper.id is not None
            row = QuestionRow(
                paper_id=paper.id,
                created_at=datetime.now(UTC),
                question=result.question,
                answer=result.text,
                model=result.model,
                declined=result.declined,
                flagged_ratio=result.flagged_ratio,
                query=result.query,
                verdicts=json.dumps(
                    [_verdict_dict(v) for v in result.verdicts], ensure_ascii=False
                ),
                passages=json.dumps(
                    [_evidence_dict(e) for e in result.passages], ensure_ascii=False
                ),
                attempts=json.dumps([asdict(a) for a in result.attempts], ensure_ascii=False),
                settings=json.dumps(result.settings, ensure_ascii=False),
            )
            session.add(row)
            session.commit()
            session.refresh(row)
            return _stored_answer(row, sha256, {})

    def answers(self, sha256: str) -> list[StoredAnswer]:
        """The paper's questions and answers with their reviews, newest first."""
        with self._session() as session:
            paper = self._paper_row(session, sha256)
            rows = session.exec(
                select(QuestionRow)
                .where(QuestionRow.paper_id == paper.id)
                .order_by(col(QuestionRow.id).desc())
            ).all()
            return [self._answer(session, r, sha256) for r in rows]

    def answer(self, answer_id: int) -> StoredAnswer:
        """One stored answer by id, with its reviews."""
        with self._session() as session:
            row = session.get(QuestionRow, answer_id)
            if row is None:
                raise NotInLibraryError(f"Answer {answer_id} is not in the library.")
            paper = session.get(PaperRow, row.paper_id)
            assert paper is not None
            return self._answer(session, row, paper.sha256)

    def _answer(self, session: Session, row: QuestionRow, sha256: str) -> StoredAnswer:
        reviews = _latest_reviews(
            session.exec(
                select(AnswerReviewRow)
                .where(AnswerReviewRow.question_id == row.id)
                .order_by(col(AnswerReviewRow.id))
            ).all()
        )
        return _stored_answer(row, sha256, reviews)

    def add_answer_review(
        self, answer_id: int, review: Review, new_verdict: Verdict | None = None, by: str = ""
    ) -> StoredAnswer:
        """Record a review of an answer sentence, as ``add_review`` does for a critique's."""
        with self._session() as session:
            row = session.get(QuestionRow, answer_id)
            if row is None:
                raise NotInLibraryError(f"Answer {answer_id} is not in the library.")
            paper = session.get(PaperRow, row.paper_id)
            assert paper is not None
            session.add(
                AnswerReviewRow(
                    question_id=answer_id,
                    sentence_index=review.sentence_index,
                    action=review.action,
                    note=review.note,
                    previous_text=review.previous_text,
                    new_text=review.new_text,
                    at=review.at,
                )
            )
            if new_verdict is not None:
                index = review.sentence_index
                verdicts = [
                    _verdict_dict(new_verdict) if d["sentence_index"] == index else d
                    for d in json.loads(row.verdicts)
                ]
                row.verdicts = json.dumps(verdicts, ensure_ascii=False)
                session.add(row)
            session.add(
                AuditRow(
                    question_id=answer_id,
                    at=review.at,
                    action=f"review:{review.action}",
                    detail=_review_detail(
                        review, new_verdict, by, {"answer": answer_id, "question": row.question}
                    ),
                )
            )
            session.commit()
            return self._answer(session, row, paper.sha256)


def _latest_reviews(rows: Sequence[ReviewRow | AnswerReviewRow]) -> dict[int, Review]:
    """The latest review per sentence, from rows in the order they were stored."""
    reviews: dict[int, Review] = {}
    for r in rows:
        reviews[r.sentence_index] = Review(
            sentence_index=r.sentence_index,
            action=ReviewAction(r.action),
            note=r.note,
            previous_text=r.previous_text,
            new_text=r.new_text,
            at=r.at,
        )
    return reviews


def _review_detail(
    review: Review, new_verdict: Verdict | None, by: str, extra: dict[str, Any] | None = None
) -> str:
    """The audit entry of a review as JSON (``core.review_log`` puts it into words)."""
    detail: dict[str, Any] = {
        "sentence": review.sentence_index,
        "previous_text": review.previous_text,
        "new_text": review.new_text,
        "note": review.note,
        "new_status": new_verdict.status if new_verdict else None,
        "by": by,
        **(extra or {}),
    }
    return json.dumps(detail, ensure_ascii=False)


def _attempt(row: AttemptRow) -> Attempt:
    return Attempt(**row.model_dump(exclude={"id", "critique_id", "verdicts"}))


def _evidence_list(v: Verdict) -> list[dict[str, Any]]:
    return [
        {
            "page": e.page,
            "text": e.text,
            "bbox": list(e.bbox),
            "score": e.score,
            "sentence_index": e.sentence_index,
        }
        for e in v.evidence
    ]


def _verdict_dict(v: Verdict) -> dict[str, Any]:
    """A verdict as the plain fields of a VerdictRow (evidence as a list)."""
    return {
        "sentence_index": v.claim.index,
        "text": v.claim.text,
        "start": v.claim.start,
        "end": v.claim.end,
        "is_claim": v.claim.is_claim,
        "status": str(v.status),
        "reasons": list(v.reasons),
        "explanation": v.explanation,
        "confidence": v.confidence,
        "evidence": _evidence_list(v),
    }


def _verdict_row(critique_id: int, v: Verdict) -> VerdictRow:
    d = _verdict_dict(v)
    d["reasons"] = json.dumps(d["reasons"], ensure_ascii=False)
    d["evidence"] = json.dumps(d["evidence"], ensure_ascii=False)
    return VerdictRow(critique_id=critique_id, **d)


def _verdict(row: VerdictRow) -> Verdict:
    d = row.model_dump(exclude={"id", "critique_id"})
    d["reasons"] = json.loads(row.reasons)
    d["evidence"] = json.loads(row.evidence)
    return _verdict_from(d)


def _verdict_from(d: dict[str, Any]) -> Verdict:
    return Verdict(
        claim=Claim(
            index=d["sentence_index"],
            text=d["text"],
            start=d["start"],
            end=d["end"],
            is_claim=d["is_claim"],
        ),
        status=Status(d["status"]),
        reasons=tuple(d["reasons"]),
        explanation=d["explanation"],
        confidence=d["confidence"],
        evidence=tuple(
            Evidence(
                page=e["page"],
                text=e["text"],
                bbox=tuple(e["bbox"]),  # type: ignore[arg-type]
                score=e["score"],
                sentence_index=e.get("sentence_index", -1),
            )
            for e in d["evidence"]
        ),
    )


def _evidence_dict(e: Evidence) -> dict[str, Any]:
    return {
        "page": e.page,
        "text": e.text,
        "bbox": list(e.bbox),
        "score": e.score,
        "sentence_index": e.sentence_index,
    }


def _stored_answer(row: QuestionRow, sha256: str, reviews: dict[int, Review]) -> StoredAnswer:
    assert row.id is not None
    passages = tuple(
        Evidence(
            page=e["page"],
            text=e["text"],
            bbox=tuple(e["bbox"]),  # type: ignore[arg-type]
            score=e["score"],
            sentence_index=e.get("sentence_index", -1),
        )
        for e in json.loads(row.passages)
    )
    result = AnswerResult(
        question=row.question,
        text=row.answer,
        verdicts=tuple(_verdict_from(d) for d in json.loads(row.verdicts)),
        attempts=tuple(Attempt(**a) for a in json.loads(row.attempts)),
        passages=passages,
        declined=row.declined,
        model=row.model,
        flagged_ratio=row.flagged_ratio,
        query=row.query,
        settings=json.loads(row.settings),
    )
    created = row.created_at if row.created_at.tzinfo else row.created_at.replace(tzinfo=UTC)
    return StoredAnswer(row.id, sha256, created, result, reviews)
