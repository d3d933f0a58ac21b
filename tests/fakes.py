"""Deterministic stand-ins for the model seams, so unit tests are fast and can assert on prompts."""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from core.llm.base import Completion

_WORD = re.compile(r"[^\W_]+", re.UNICODE)


@dataclass(frozen=True)
class Call:
    """One recorded call to FakeLLM.complete."""

    instruction: str
    content: str
    temperature: float
    max_tokens: int


class FakeLLM:
    """Scripted LLM: replies come from a queue, every call is recorded in ``history``.

    A reply may be a string or an exception instance, which is raised instead of returned
    (to test per-item failure handling). When the queue is empty the reply is ``""``, or the
    result of ``default`` if one was given (a callable of (instruction, content)).
    """

    def __init__(
        self,
        replies: Iterable[str | BaseException] = (),
        *,
        name: str = "fake-llm",
        context_size: int = 4096,
        follows_instructions: bool = False,
        default: Callable[[str, str], str] | None = None,
    ) -> None:
        self.name = name
        self.context_size = context_size
        self.follows_instructions = follows_instructions
        self.default = default
        self._queue: list[str | BaseException] = list(replies)
        self.history: list[Call] = []

    def enqueue(self, replies: Iterable[str | BaseException]) -> None:
        """Append scripted replies, consumed one per call in order."""
        self._queue.extend(replies)

    @property
    def pending(self) -> int:
        """Scripted replies not yet consumed."""
        return len(self._queue)

    def count_tokens(self, text: str) -> int:
        """Whitespace tokens; CJK characters count one each so Chinese prompts have a size too."""
        cjk = sum(1 for ch in text if unicodedata.east_asian_width(ch) in ("W", "F"))
        return len(text.split()) + cjk

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
        """Pop the next scripted reply, stream it word by word, and record the call."""
        self.history.append(Call(instruction, content, temperature, max_tokens))
        if self._queue:
            reply = self._queue.pop(0)
        elif self.default is not None:
            reply = self.default(instruction, content)
        else:
            reply = ""
        if isinstance(reply, BaseException):
            raise reply
        for stop_seq in stop:
            if stop_seq and stop_seq in reply:
                reply = reply[: reply.index(stop_seq)]
        pieces = re.findall(r"\S+\s*|\s+", reply)
        if on_token is not None:
            for piece in pieces:
                on_token(piece)
        return Completion(
            text=reply,
            tokens_in=self.count_tokens(instruction) + self.count_tokens(content),
            tokens_out=len(pieces),
        )


class FakeEmbedder:
    """Hashed bag of words and character trigrams -> unit vectors; shared words raise cosine."""

    def __init__(self, dimension: int = 384, name: str = "fake-embedder") -> None:
        self.name = name
        self.dimension = dimension
        self.calls = 0

    def _features(self, text: str) -> list[str]:
        text = unicodedata.normalize("NFKC", text).lower()
        feats: list[str] = []
        for word in _WORD.findall(text):
            feats.append("w:" + word)
            padded = f"#{word}#"
            feats.extend("t:" + padded[i : i + 3] for i in range(len(padded) - 2))
        return feats

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """One L2-normalised float32 row per text; empty text gives a fixed unit vector."""
        self.calls += 1
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        for row, text in enumerate(texts):
            for feat in self._features(text):
                digest = hashlib.blake2b(feat.encode("utf-8"), digest_size=8).digest()
                bucket = int.from_bytes(digest[:4], "little") % self.dimension
                sign = 1.0 if digest[4] & 1 else -1.0
                out[row, bucket] += sign * (2.0 if feat.startswith("w:") else 1.0)
            norm = float(np.linalg.norm(out[row]))
            if norm == 0.0:
                out[row, 0] = 1.0
            else:
                out[row] /= norm
        return out
