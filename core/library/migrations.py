"""Ordered, named schema migrations recorded in the ``_migrations`` table."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from sqlalchemy import Connection, text

Migration = Callable[[Connection], None]
MIGRATIONS: list[tuple[str, Migration]] = []


def migration(fn: Migration) -> Migration:
    """Register ``fn``; migrations run in definition order, each once."""
    MIGRATIONS.append((fn.__name__, fn))
    return fn


@migration
def m001_initial(db: Connection) -> None:
    """Papers, their content and chunks, critiques, attempts, verdicts, reviews, audit."""
    for statement in (
        """CREATE TABLE paper (
            id INTEGER PRIMARY KEY, sha256 VARCHAR NOT NULL UNIQUE, title VARCHAR NOT NULL,
            authors VARCHAR NOT NULL DEFAULT '[]', path VARCHAR NOT NULL, pages INTEGER NOT NULL,
            status VARCHAR NOT NULL, added_at DATETIME NOT NULL,
            chunk_count INTEGER NOT NULL DEFAULT 0)""",
        "CREATE INDEX ix_paper_sha256 ON paper (sha256)",
        """CREATE TABLE paper_content (
            paper_id INTEGER PRIMARY KEY REFERENCES paper (id) ON DELETE CASCADE,
            content VARCHAR NOT NULL)""",
        """CREATE TABLE chunk (
            id INTEGER PRIMARY KEY, paper_id INTEGER NOT NULL REFERENCES paper (id)
            ON DELETE CASCADE, position INTEGER NOT NULL, text VARCHAR NOT NULL,
            page_start INTEGER NOT NULL, page_end INTEGER NOT NULL, sentence_ids VARCHAR NOT NULL,
            content_hash VARCHAR NOT NULL)""",
        "CREATE INDEX ix_chunk_paper_id ON chunk (paper_id)",
        "CREATE INDEX ix_chunk_content_hash ON chunk (content_hash)",
        """CREATE TABLE critique (
            id INTEGER PRIMARY KEY, paper_id INTEGER NOT NULL REFERENCES paper (id)
            ON DELETE CASCADE, created_at DATETIME NOT NULL, model VARCHAR NOT NULL,
            language VARCHAR NOT NULL, text VARCHAR NOT NULL, flagged_ratio FLOAT NOT NULL,
            settings VARCHAR NOT NULL DEFAULT '{}')""",
        "CREATE INDEX ix_critique_paper_id ON critique (paper_id)",
        """CREATE TABLE attempt (
            id INTEGER PRIMARY KEY, critique_id INTEGER NOT NULL REFERENCES critique (id)
            ON DELETE CASCADE, iteration INTEGER NOT NULL, temperature FLOAT NOT NULL,
            flagged_ratio FLOAT NOT NULL, tokens_in INTEGER NOT NULL, tokens_out INTEGER NOT NULL,
            seconds FLOAT NOT NULL, text VARCHAR NOT NULL DEFAULT '')""",
        "CREATE INDEX ix_attempt_critique_id ON attempt (critique_id)",
        """CREATE TABLE verdict (
            id INTEGER PRIMARY KEY, critique_id INTEGER NOT NULL REFERENCES critique (id)
            ON DELETE CASCADE, sentence_index INTEGER NOT NULL, text VARCHAR NOT NULL,
            start INTEGER NOT NULL, "end" INTEGER NOT NULL, is_claim BOOLEAN NOT NULL,
            status VARCHAR NOT NULL, reasons VARCHAR NOT NULL, explanation VARCHAR NOT NULL,
            confidence FLOAT NOT NULL, evidence VARCHAR NOT NULL)""",
        "CREATE INDEX ix_verdict_critique_id ON verdict (critique_id)",
        """CREATE TABLE review (
            id INTEGER PRIMARY KEY, critique_id INTEGER NOT NULL REFERENCES critique (id)
            ON DELETE CASCADE, sentence_index INTEGER NOT NULL, action VARCHAR NOT NULL,
            note VARCHAR NOT NULL DEFAULT '', previous_text VARCHAR NOT NULL DEFAULT '',
            new_text VARCHAR NOT NULL DEFAULT '', at DATETIME NOT NULL)""",
        "CREATE INDEX ix_review_critique_id ON review (critique_id)",
        """CREATE TABLE audit (
            id INTEGER PRIMARY KEY, critique_id INTEGER NOT NULL, at DATETIME NOT NULL,
            action VARCHAR NOT NULL, detail VARCHAR NOT NULL DEFAULT '{}')""",
        "CREATE INDEX ix_audit_critique_id ON audit (critique_id)",
    ):
        db.execute(text(statement))


@migration
def m002_resumable_critiques(db: Connection) -> None:
    """A critique's state (running, interrupted, done) and each attempt's own verdicts.

    Attempts are stored as they finish, so a killed or stopped run keeps them and can resume.
    """
    for statement in (
        "ALTER TABLE critique ADD COLUMN state VARCHAR NOT NULL DEFAULT 'done'",
        "ALTER TABLE attempt ADD COLUMN verdicts VARCHAR NOT NULL DEFAULT '[]'",
    ):
        db.execute(text(statement))


@migration
def m003_questions(db: Connection) -> None:
    """Questions asked of a paper with their checked answers (verdicts, passages as JSON)."""
    for statement in (
        """CREATE TABLE question (
            id INTEGER PRIMARY KEY, paper_id INTEGER NOT NULL REFERENCES paper (id)
            ON DELETE CASCADE, created_at DATETIME NOT NULL, question VARCHAR NOT NULL,
            answer VARCHAR NOT NULL, model VARCHAR NOT NULL, declined BOOLEAN NOT NULL,
            flagged_ratio FLOAT NOT NULL, query VARCHAR NOT NULL DEFAULT '',
            verdicts VARCHAR NOT NULL DEFAULT '[]', passages VARCHAR NOT NULL DEFAULT '[]',
            attempts VARCHAR NOT NULL DEFAULT '[]', settings VARCHAR NOT NULL DEFAULT '{}')""",
        "CREATE INDEX ix_question_paper_id ON question (paper_id)",
    ):
        db.execute(text(statement))


@migration
def m004_answer_reviews(db: Connection) -> None:
    """The reader's reviews of answer sentences; the audit log covers answers as well.

    The audit table is rebuilt so that an entry names either a critique or an answer
    (``question_id``); SQLite cannot drop a NOT NULL constraint in place.
    """
    for statement in (
        """CREATE TABLE answer_review (
            id INTEGER PRIMARY KEY, question_id INTEGER NOT NULL REFERENCES question (id)
            ON DELETE CASCADE, sentence_index INTEGER NOT NULL, action VARCHAR NOT NULL,
            note VARCHAR NOT NULL DEFAULT '', previous_text VARCHAR NOT NULL DEFAULT '',
            new_text VARCHAR NOT NULL DEFAULT '', at DATETIME NOT NULL)""",
        "CREATE INDEX ix_answer_review_question_id ON answer_review (question_id)",
        """CREATE TABLE audit_new (
            id INTEGER PRIMARY KEY, critique_id INTEGER, question_id INTEGER,
            at DATETIME NOT NULL, action VARCHAR NOT NULL, detail VARCHAR NOT NULL DEFAULT '{}')""",
        """INSERT INTO audit_new (id, critique_id, at, action, detail)
            SELECT id, critique_id, at, action, detail FROM audit""",
        "DROP TABLE audit",
        "ALTER TABLE audit_new RENAME TO audit",
        "CREATE INDEX ix_audit_critique_id ON audit (critique_id)",
        "CREATE INDEX ix_audit_question_id ON audit (question_id)",
    ):
        db.execute(text(statement))


@migration
def m005_reading_version(db: Connection) -> None:
    """Which version of the PDF reading produced a paper's content (0: before versions)."""
    db.execute(text("ALTER TABLE paper ADD COLUMN reading_version INTEGER NOT NULL DEFAULT 0"))


def apply_migrations(db: Connection) -> list[str]:
    """Run the migrations not yet recorded; returns the names applied now."""
    db.execute(
        text(
            "CREATE TABLE IF NOT EXISTS _migrations "
            "(name VARCHAR PRIMARY KEY, applied_at DATETIME NOT NULL)"
        )
    )
    done = {row[0] for row in db.execute(text("SELECT name FROM _migrations"))}
    applied: list[str] = []
    for name, fn in MIGRATIONS:
        if name in done:
            continue
        fn(db)
        db.execute(
            text("INSERT INTO _migrations (name, applied_at) VALUES (:n, :t)"),
            {"n": name, "t": datetime.now(UTC)},
        )
        applied.append(name)
    return applied
