"""SQLite and Chroma failures reach the user as typed errors that say what to do."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from sqlalchemy import event

from core.errors import LibraryError, SearchIndexError
from core.index.vector import ChromaIndex
from core.library.repository import Repository, library_error
from core.types import Chunk
from tests.fakes import make_paper


def _real_readonly_error(tmp_path: Path) -> sqlite3.OperationalError:
    db = tmp_path / "ro.sqlite3"
    sqlite3.connect(db).execute("CREATE TABLE t (x)").connection.commit()
    ro = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    with pytest.raises(sqlite3.OperationalError) as caught:
        ro.execute("INSERT INTO t VALUES (1)")
    return caught.value


def test_read_only_data_folder_is_named_with_advice(tmp_path: Path) -> None:
    error = library_error(tmp_path / "library.sqlite3", _real_readonly_error(tmp_path), "Oops")
    assert isinstance(error, LibraryError)
    assert f"data folder {tmp_path} is read-only" in str(error)
    assert "library.sqlite3" in str(error)


def test_full_disk_while_ingesting_is_a_library_error(tmp_path: Path) -> None:
    repo = Repository(tmp_path / "library.sqlite3")
    # NOTE: a page budget is how SQLite itself reports a full disk ("database or disk is full").
    event.listen(
        repo._engine, "connect", lambda conn, _r: conn.execute("PRAGMA max_page_count = 40")
    )
    repo._engine.dispose()
    paper = make_paper(["Accuracy is 87.3% on SQuAD. " * 2000], title="Big")
    repo.begin_ingest(paper.sha256, paper.title, "big.pdf", 1)
    with pytest.raises(LibraryError, match="disk holding .* is full"):
        repo.finish_ingest(paper, [])


class _BrokenCollection:
    def __getattr__(self, name: str) -> Any:
        def fail(*_a: object, **_k: object) -> None:
            raise RuntimeError(
                "error returned from database: (code: 8) attempt to write a readonly database"
            )

        return fail


@pytest.mark.parametrize(
    "call",
    [
        lambda ix: ix.delete_paper("ab" * 32),
        lambda ix: ix.count("ab" * 32),
        lambda ix: ix.known_embeddings(["h"], "embedder"),
        lambda ix: ix.upsert(
            [Chunk("ab" * 32, 0, "text", 1, 1, (), "h")], np.zeros((1, 3)), "embedder"
        ),
    ],
    ids=["delete", "count", "known", "upsert"],
)
def test_chroma_failures_are_search_index_errors(tmp_path: Path, call: Any) -> None:
    index = ChromaIndex(tmp_path / "chroma")
    index._collection = _BrokenCollection()  # type: ignore[assignment]
    with pytest.raises(SearchIndexError, match="read-only"):
        call(index)


def test_embedding_cache_is_keyed_by_embedder(tmp_path: Path) -> None:
    index = ChromaIndex(tmp_path / "chroma")
    chunk = Chunk("ab" * 32, 0, "text", 1, 1, (), "hash-1")
    index.upsert([chunk], np.ones((1, 3), dtype=np.float32) / np.sqrt(3), "embedder-a")
    assert set(index.known_embeddings(["hash-1"], "embedder-a")) == {"hash-1"}
    assert index.known_embeddings(["hash-1"], "embedder-b") == {}
