"""The model seams: the only model types the rest of core depends on."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

import numpy as np


@dataclass(frozen=True)
class Message:
    """One turn of a conversation with an instruction-following model."""

    role: str  # "system", "user" or "assistant"
    content: str


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

    def chat(
        self,
        messages: Sequence[Message],
        *,
        max_tokens: int,
        temperature: float = 0.0,
        stop: Sequence[str] = (),
        on_token: Callable[[str], None] | None = None,
    ) -> Completion:
        """Continue a conversation; a conversation that extends the previous one reuses its work.

        The first message is the system instruction; the last is the user turn to answer.
        """
        ...

    def yes_probability(self, instruction: str, content: str) -> float | None:
        """P(YES) against P(NO) for the first token of the answer, or None if unavailable."""
        ...


class ChatModel:
    """Base of the chat adapters: ``complete`` is a two-turn conversation handed to ``chat``."""

    def chat(
        self,
        messages: Sequence[Message],
        *,
        max_tokens: int,
        temperature: float = 0.0,
        stop: Sequence[str] = (),
        on_token: Callable[[str], None] | None = None,
    ) -> Completion:
        """Answer the conversation's last turn; each adapter implements it."""
        raise NotImplementedError

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
        """Answer ``instruction`` (the system turn) about ``content`` (the user turn)."""
        return self.chat(
            [Message("system", instruction), Message("user", content)],
            max_tokens=max_tokens,
            temperature=temperature,
            stop=stop,
            on_token=on_token,
        )


@runtime_checkable
class Embedder(Protocol):
    """Text to unit-length vectors."""

    name: str
    dimension: int

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """One L2-normalised row per text, float32."""
        ...


@runtime_checkable
class QueryEmbedder(Embedder, Protocol):
    """An embedder that encodes search queries apart from the passages they should find."""

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        """One L2-normalised row per query, float32, comparable with ``embed`` rows."""
        ...
