"""The model seams: the only model types the rest of core depends on."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

import numpy as np


@dataclass(frozen=True)
class Completion:
    """What a model returned, with its token counts."""

    text: str
    tokens_in: int
    tokens_out: int


@runtime_checkable
class LLM(Protocol):
    """A local text generator."""

    name: str
    context_size: int
    #: True for instruction-tuned models whose YES/NO judgments deserve weight.
    follows_instructions: bool

    def count_tokens(self, text: str) -> int:
        """Tokens the model would see for ``text``."""
        ...

    def complete(
        self,
        instruction: str,
        content: str,
        *,
        max_tokens: int,
        temperature: float = 0.0,
        stop: Sequence[str] = (),
        on_token: Callable[[str], None] | None = None,
    ) -> Completion:
        """Answer ``instruction`` about ``content``; the adapter applies the chat template.

        ``content`` may end with the opening of the answer; the model continues from there.
        """
        ...


@runtime_checkable
class Embedder(Protocol):
    """Text to unit-length vectors."""

    name: str
    dimension: int

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """One L2-normalised row per text, float32."""
        ...
