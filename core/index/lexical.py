"""BM25 over one paper's chunks (built in memory: a paper has at most a few hundred chunks)."""

from __future__ import annotations

from collections.abc import Sequence

from core.index.tokenize import lexical_tokens


class Bm25Index:
    """Okapi BM25 ranking of chunk texts."""

    def __init__(self, texts: Sequence[str]) -> None:
        import bm25s

        self._size = len(texts)
        self._retriever = bm25s.BM25()
        # NOTE: bm25s rejects an empty vocabulary; a placeholder token keeps empty papers valid.
        corpus = [lexical_tokens(t) or ["\x00"] for t in texts]
        if corpus:
            self._retriever.index(corpus, show_progress=False)

    def search(self, query: str, k: int) -> list[tuple[int, float]]:
        """(chunk position, score) pairs, best first, positive scores only."""
        tokens = lexical_tokens(query)
        if not tokens or not self._size:
            return []
        k = min(k, self._size)
        docs, scores = self._retriever.retrieve([tokens], k=k, show_progress=False)
        return [(int(d), float(s)) for d, s in zip(docs[0], scores[0], strict=True) if s > 0]
