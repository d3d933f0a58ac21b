"""Hybrid retrieval: reciprocal-rank fusion of embedding cosine and BM25, one paper at a time."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from core.index.lexical import Bm25Index
from core.llm.base import Embedder
from core.types import Chunk, SearchHit

RRF_K = 60
#: Each ranker contributes this many candidates before fusion.
CANDIDATES = 20

VectorSearch = Callable[[np.ndarray, int], list[tuple[int, float]]]


def rrf_fuse(rankings: Sequence[Sequence[int]], k: int = RRF_K) -> dict[int, float]:
    """Reciprocal-rank fusion: sum of 1 / (k + rank) over the rankings an item appears in."""
    fused: dict[int, float] = {}
    for ranking in rankings:
        for rank, item in enumerate(ranking, start=1):
            fused[item] = fused.get(item, 0.0) + 1.0 / (k + rank)
    return fused


class HybridRetriever:
    """Searches one paper's chunks; ``vector_search`` returns (chunk position, cosine) pairs."""

    def __init__(
        self,
        chunks: Sequence[Chunk],
        embedder: Embedder | None,
        vector_search: VectorSearch | None,
    ) -> None:
        self.chunks = list(chunks)
        self._embedder = embedder
        self._vector_search = vector_search
        self._lexical = Bm25Index([c.text for c in self.chunks])

    def search(self, query: str, k: int = 5) -> list[SearchHit]:
        """Top ``k`` chunks for ``query``, best first."""
        lexical = self._lexical.search(query, CANDIDATES)
        vector: list[tuple[int, float]] = []
        if self._embedder is not None and self._vector_search is not None:
            vector = self._vector_search(self._embedder.embed([query])[0], CANDIDATES)
        fused = rrf_fuse([[i for i, _ in vector], [i for i, _ in lexical]])
        vector_rank = {i: r for r, (i, _) in enumerate(vector, start=1)}
        lexical_rank = {i: r for r, (i, _) in enumerate(lexical, start=1)}
        best = sorted(fused, key=lambda i: fused[i], reverse=True)[:k]
        return [
            SearchHit(
                chunk=self.chunks[i],
                score=fused[i],
                vector_rank=vector_rank.get(i),
                lexical_rank=lexical_rank.get(i),
            )
            for i in best
        ]


class MemoryRetriever(HybridRetriever):
    """Hybrid retriever with embeddings held in memory (benchmarks, tests, one-off checks)."""

    def __init__(self, chunks: Sequence[Chunk], embedder: Embedder | None) -> None:
        matrix = (
            embedder.embed([c.text for c in chunks])
            if embedder is not None and chunks
            else np.zeros((0, 1), dtype=np.float32)
        )

        def vector_search(query: np.ndarray, n: int) -> list[tuple[int, float]]:
            if not len(matrix):
                return []
            scores = matrix @ query
            order = np.argsort(-scores)[:n]
            return [(int(i), float(scores[i])) for i in order]

        super().__init__(chunks, embedder, vector_search)
