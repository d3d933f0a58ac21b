"""llama-cpp-python adapter for any GGUF file; the import happens only here."""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from core.errors import ModelError
from core.llm.base import Completion

log = logging.getLogger(__name__)

GGUF_MAGIC = b"GGUF"
#: ggml's log levels: 0 none, 1 debug, 2 info, 3 warn, 4 error, 5 continuation.
GGML_LOG_LEVEL_ERROR = 4
#: Tokens kept free for the answer when a prompt is trimmed to fit.
MIN_ANSWER_TOKENS = 16
#: Small models loop without it; mild enough not to stop them copying numbers and names.
REPEAT_PENALTY = 1.15
#: Tokens kept from the end of over-long content (the answer's opening lives there).
KEPT_TAIL_TOKENS = 64
#: Tokens the chat template's role markup adds around the user message.
CHAT_MARKUP_TOKENS = 32


_native_log_callback: Any = None


def _route_native_log() -> None:
    """Send llama.cpp's own log lines to Python logging instead of the terminal."""
    global _native_log_callback
    if _native_log_callback is not None:
        return
    import ctypes

    import llama_cpp

    @llama_cpp.llama_log_callback  # type: ignore[misc]
    def forward(level: int, text: bytes, _user_data: ctypes.c_void_p) -> None:
        message = text.decode("utf-8", errors="replace").rstrip()
        if level == GGML_LOG_LEVEL_ERROR:
            log.error("llama.cpp: %s", message)
        else:
            log.debug("llama.cpp: %s", message)

    # NOTE: the callback object must outlive every native call that may log.
    _native_log_callback = forward
    llama_cpp.llama_log_set(forward, ctypes.c_void_p(0))


def check_gguf(path: Path) -> None:
    """Raise ModelError unless ``path`` looks like a complete GGUF file."""
    if not path.exists():
        raise ModelError(f"Model file not found: {path}")
    if not path.is_file():
        raise ModelError(f"Model path is not a file: {path}")
    try:
        with path.open("rb") as fh:
            magic = fh.read(4)
    except OSError as exc:
        raise ModelError(f"Cannot read model file {path}: {exc.strerror}") from exc
    if magic != GGUF_MAGIC:
        raise ModelError(f"Not a GGUF model file: {path}")
    if path.stat().st_size < 1024 * 1024:
        raise ModelError(f"Model file is truncated: {path}")


class LlamaModel:
    """A loaded GGUF model implementing the LLM protocol; one call at a time."""

    def __init__(self, llama: Any, path: Path, label: str | None = None) -> None:
        self._llama = llama
        self._lock = threading.Lock()
        self.path = path
        self.name = label or path.name
        self.context_size = int(llama.n_ctx())
        metadata: dict[str, str] = dict(getattr(llama, "metadata", {}) or {})
        self._chat_template = metadata.get("tokenizer.chat_template", "")
        self.follows_instructions = bool(self._chat_template)

    @classmethod
    def load(
        cls, path: Path, *, threads: int = 0, context_size: int = 4096, label: str | None = None
    ) -> LlamaModel:
        """Load ``path``; ModelError names the file when it is missing, truncated or invalid."""
        check_gguf(path)
        try:
            from llama_cpp import Llama
        except ImportError as exc:
            raise ModelError("llama-cpp-python is not installed; rerun the set-up.") from exc
        _route_native_log()
        try:
            llama = Llama(
                model_path=str(path),
                n_ctx=context_size,
                n_threads=threads or (os.cpu_count() or 1),
                verbose=False,
            )
        except (ValueError, RuntimeError, OSError) as exc:
            raise ModelError(f"Could not load model {path}: {exc}") from exc
        return cls(llama, path, label)

    def count_tokens(self, text: str) -> int:
        """Tokens the model sees for ``text``."""
        return len(self._llama.tokenize(text.encode("utf-8"), add_bos=False, special=False))

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
        """Answer ``instruction`` about ``content``, streaming tokens to ``on_token``."""
        budget = self.context_size - max(max_tokens, MIN_ANSWER_TOKENS) - 8
        with self._lock:
            prompt_tokens, chunks = self._stream(
                instruction, content, budget, max_tokens, temperature, stop
            )
            parts: list[str] = []
            for piece in chunks:
                if not piece:
                    continue
                parts.append(piece)
                if on_token is not None:
                    on_token(piece)
        # NOTE: llama.cpp streams one chunk per generated token (the closing chunk is empty).
        return Completion(text="".join(parts), tokens_in=prompt_tokens, tokens_out=len(parts))

    def _fit(self, instruction: str, content: str, budget: int, frame: str) -> str:
        """Trim the middle of ``content`` (never the instruction) so the prompt fits ``budget``.

        The end of the content is kept: callers put the answer's opening there.
        """
        fixed = self.count_tokens(frame.format(instruction=instruction, content=""))
        room = budget - fixed
        if room <= 0:
            return ""
        tokens = self._llama.tokenize(content.encode("utf-8"), add_bos=False, special=False)
        if len(tokens) <= room:
            return content
        tail = min(KEPT_TAIL_TOKENS, room // 4)
        head = self._llama.detokenize(tokens[: room - tail - 2]).decode("utf-8", errors="ignore")
        end = self._llama.detokenize(tokens[len(tokens) - tail :]).decode("utf-8", errors="ignore")
        return f"{head}\n…\n{end}"

    def _stream(
        self,
        instruction: str,
        content: str,
        budget: int,
        max_tokens: int,
        temperature: float,
        stop: Sequence[str],
    ) -> tuple[int, Iterator[str]]:
        """Start generation; returns the prompt's token count and the token stream."""
        # NOTE: base models continue text, so the instruction comes first and the content, which
        # ends with the opening of the answer ("Answers:", a section heading), comes last.
        frame = "{instruction}\n\n{content}"
        margin = CHAT_MARKUP_TOKENS if self._chat_template else 0
        prompt = frame.format(
            instruction=instruction,
            content=self._fit(instruction, content, budget - margin, frame),
        )
        options: dict[str, Any] = {
            "max_tokens": max_tokens,
            "temperature": temperature,
            "stop": list(stop) or None,
            "repeat_penalty": REPEAT_PENALTY,
            "stream": True,
        }
        tokens_in = self.count_tokens(prompt) + margin
        if self._chat_template:
            chat = self._llama.create_chat_completion(
                messages=[{"role": "user", "content": prompt}], **options
            )
            return tokens_in, (c["choices"][0]["delta"].get("content", "") or "" for c in chat)
        plain = self._llama.create_completion(prompt, **options)
        return tokens_in, (c["choices"][0]["text"] for c in plain)
