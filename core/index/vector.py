"""Chroma vector store behind a small protocol; chromadb is imported only here."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from core.errors import SearchIndexError, describe_storage_failure
from core.types import Chunk

COLLECTION = "chunks"


class VectorIndex(Protocol):
    """Where chunk embeddings live."""

    def upsert(self, chunks: Sequence[Chunk], embeddings: np.ndarray, embedder: str) -> None:
        """Store (or replace) the chunks' vectors, made by the embedder named ``embedder``."""
        ...

    def known_embeddings(self, hashes: Sequence[str], embedder: str) -> dict[str, np.ndarray]:
        """Vectors the same embedder already made for these content hashes (no re-embedding)."""
        ...

    def search(self, paper_sha256: str, query: np.ndarray, n: int) -> list[tuple[str, float]]:
        """(chunk id, cosine similarity) pairs within one paper, best first."""
        ...

    def delete_paper(self, paper_sha256: str) -> None:
        """Remove every vector of the paper."""
        ...

    def count(self, paper_sha256: str) -> int:
        """Number of vectors stored for the paper."""
        ...


class ChromaCollection:
    """A Chroma collection with cosine distance and no embedding function (any client)."""

    def __init__(self, collection: Any) -> None:
        self._collection = collection

    def _error(self, what: str, exc: BaseException) -> SearchIndexError:
        return SearchIndexError(f"{what}: {exc}.")

    def upsert(self, chunks: Sequence[Chunk], embeddings: np.ndarray, embedder: str) -> None:
        """Store (or replace) the chunks' vectors, made by the embedder named ``embedder``."""
        if not chunks:
            return
        metadatas: list[Any] = [
            {
                "paper": c.paper_sha256,
                "content_hash": c.content_hash,
                "position": c.index,
                "embedder": embedder,
            }
            for c in chunks
        ]
        try:
            self._collection.upsert(
                ids=[c.chunk_id for c in chunks],
                embeddings=[row.tolist() for row in embeddings],
                metadatas=metadatas,
            )
        except Exception as exc:
            raise self._error("Cannot write to the vector store", exc) from exc

    def known_embeddings(self, hashes: Sequence[str], embedder: str) -> dict[str, np.ndarray]:
        """Vectors the same embedder already made for these content hashes.

        NOTE: keyed by embedder and text: another embedder's vectors live in another space.
        """
        if not hashes:
            return {}
        where: Any = {
            "$and": [
                {"content_hash": {"$in": list(dict.fromkeys(hashes))}},
                {"embedder": embedder},
            ]
        }
        try:
            found = self._collection.get(where=where, include=["embeddings", "metadatas"])
        except Exception as exc:
            raise self._error("Cannot read the vector store", exc) from exc
        out: dict[str, np.ndarray] = {}
        embeddings = found["embeddings"] if found["embeddings"] is not None else []
        for meta, vec in zip(found["metadatas"] or [], embeddings, strict=False):
            out[str(meta["content_hash"])] = np.asarray(vec, dtype=np.float32)
        return out

    def search(self, paper_sha256: str, query: np.ndarray, n: int) -> list[tuple[str, float]]:
        """(chunk id, cosine similarity) pairs within one paper, best first."""
        available = self.count(paper_sha256)
        if not available:
            return []
        try:
            result = self._collection.query(
                query_embeddings=[query.tolist()],
                n_results=min(n, available),
                where={"paper": paper_sha256},
                include=["distances"],
            )
        except Exception as exc:
            raise self._error("Vector search failed", exc) from exc
        ids = result["ids"][0]
        distances = (result["distances"] or [[]])[0]
        return [(i, 1.0 - float(d)) for i, d in zip(ids, distances, strict=True)]

    def delete_paper(self, paper_sha256: str) -> None:
        """Remove every vector of the paper."""
        try:
            self._collection.delete(where={"paper": paper_sha256})
        except Exception as exc:
            raise self._error(
                f"Cannot remove paper {paper_sha256[:12]} from the vector store", exc
            ) from exc

    def count(self, paper_sha256: str) -> int:
        """Number of vectors stored for the paper."""
        try:
            return len(self._collection.get(where={"paper": paper_sha256}, include=[])["ids"])
        except Exception as exc:
            raise self._error("Cannot read the vector store", exc) from exc


class ChromaIndex(ChromaCollection):
    """The embedded store: a Chroma PersistentClient in the data folder."""

    def __init__(self, path: Path) -> None:
        self.path = path
        os.environ["ANONYMIZED_TELEMETRY"] = "False"
        try:
            import chromadb
            from chromadb.config import Settings as ChromaSettings

            client = chromadb.PersistentClient(
                path=str(path),
                settings=ChromaSettings(anonymized_telemetry=False, allow_reset=False),
            )
            super().__init__(open_collection(client, COLLECTION))
        except Exception as exc:
            raise self._error(f"Cannot open the vector store in {path}", exc) from exc

    def _error(self, what: str, exc: BaseException) -> SearchIndexError:
        return SearchIndexError(f"{what}: {describe_storage_failure(str(exc), self.path.parent)}.")


def open_collection(client: Any, name: str) -> Any:
    """The chunk collection ``name`` on ``client``, created with cosine distance if new."""
    # NOTE: vectors are always supplied by our own embedder; no embedding function means
    # Chroma never tries to fetch its default model.
    return client.get_or_create_collection(
        name, embedding_function=None, metadata={"hnsw:space": "cosine"}
    )
