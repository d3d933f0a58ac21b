"""The one object the command line and the GUI use to reach core.

Long operations are generators yielding Progress and returning their result
(``result = yield from ws.ingest(path)``); they check the CancelToken between units
of work. Not thread-safe: use it from one worker lane.
"""

from __future__ import annotations

from collections.abc import Generator
from pathlib import Path

from core.config import Settings
from core.llm.base import LLM, Embedder
from core.progress import CancelToken, Progress
from core.records import PaperInfo, ReviewAction, StoredCritique
from core.types import CritiqueResult, Paper, SearchHit, Verdict


class Workspace:
    """Library + indexes + models for one data folder; heavy parts load lazily."""

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        llm: LLM | None = None,
        judge: LLM | None = None,
        embedder: Embedder | None = None,
    ) -> None:
        """Models given here replace the defaults (tests pass fakes); None loads lazily."""
        raise NotImplementedError

    # library
    def list_papers(self) -> list[PaperInfo]:
        """Every paper, newest first."""
        raise NotImplementedError

    def paper_info(self, sha256: str) -> PaperInfo | None:
        """One library row, or None."""
        raise NotImplementedError

    def load_paper(self, sha256: str) -> Paper:
        """The parsed paper (from the library, no re-parse)."""
        raise NotImplementedError

    def find(self, path: Path) -> PaperInfo | None:
        """The ready library entry for this file's bytes, if any."""
        raise NotImplementedError

    def remove_paper(self, sha256: str) -> None:
        """Delete the paper's rows, critiques and vectors."""
        raise NotImplementedError

    # long operations
    def ingest(
        self, path: Path, cancel: CancelToken | None = None
    ) -> Generator[Progress, None, PaperInfo]:
        """Parse, chunk and index a PDF; a no-op returning the entry when already ready."""
        raise NotImplementedError

    def critique(
        self,
        sha256: str,
        *,
        language: str | None = None,
        use_judge: bool | None = None,
        cancel: CancelToken | None = None,
    ) -> Generator[Progress, None, StoredCritique]:
        """Generate, verify and loop; yields stage "generate" with streamed text and "verdict"."""
        raise NotImplementedError

    def verify_text(
        self,
        sha256: str,
        text: str,
        *,
        use_judge: bool | None = None,
        cancel: CancelToken | None = None,
    ) -> Generator[Progress, None, list[Verdict]]:
        """Check any text against the paper without generating."""
        raise NotImplementedError

    def search(self, sha256: str, query: str, k: int = 5) -> list[SearchHit]:
        """Hybrid search restricted to one paper."""
        raise NotImplementedError

    # critiques and reviews
    def latest_critique(self, sha256: str) -> StoredCritique | None:
        """The newest stored critique of the paper with its reviews."""
        raise NotImplementedError

    def review(
        self,
        critique_id: int,
        sentence_index: int,
        action: ReviewAction,
        *,
        note: str = "",
        new_text: str = "",
    ) -> StoredCritique:
        """Record a review; an edit is re-verified at once and gets its own verdict."""
        raise NotImplementedError

    def close(self) -> None:
        """Release the model, the store and the database."""
        raise NotImplementedError


__all__ = ["CritiqueResult", "Workspace"]
