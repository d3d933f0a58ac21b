"""llama-cpp-python adapter for any GGUF file; the import happens only here."""

from __future__ import annotations

import ctypes
import logging
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from core.errors import ModelError
from core.llm.base import ChatModel, Completion, Message

log = logging.getLogger(__name__)

GGUF_MAGIC = b"GGUF"
#: ggml's log levels: 0 none, 1 debug, 2 info, 3 warn, 4 error, 5 continuation.
GGML_LOG_LEVEL_ERROR = 4
#: Tokens kept free for the answer when a prompt is trimmed to fit.
MIN_ANSWER_TOKENS = 16
#: Base models loop without a repeat penalty; instruction-tuned ones need only a light one, so
#: that copying the paper's numbers and names is not penalised.
BASE_REPEAT_PENALTY = 1.15
CHAT_REPEAT_PENALTY = 1.05
#: Tokens kept from the end of an over-long message (the answer's opening lives there).
KEPT_TAIL_TOKENS = 64
#: First answer tokens read as YES or NO by yes_probability().
YES_WORDS = ("YES", "Yes", "yes")
NO_WORDS = ("NO", "No", "no")


_native_log_callback: Any = None


def _route_native_log() -> None:
    """Send llama.cpp's own log lines to Python logging instead of the terminal."""
    global _native_log_callback
    if _native_log_callback is not None:
        return
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


def physical_cores() -> int:
    """Physical CPU cores (hyper-threads share a core's arithmetic units); all CPUs if unknown."""
    try:
        text = Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return os.cpu_count() or 1
    cores: set[tuple[str, str]] = set()
    package = core = ""
    for line in text.splitlines():
        key, _, value = line.partition(":")
        key = key.strip()
        if key == "physical id":
            package = value.strip()
        elif key == "core id":
            core = value.strip()
            cores.add((package, core))
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None
    found = len(cores) or os.cpu_count() or 1
    return max(1, min(found, usable or found))


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


class LlamaModel(ChatModel):
    """A loaded GGUF model implementing the LLM protocol; one call at a time.

    Every prompt is rendered to text (through the GGUF's chat template when it has one) and
    handed to llama.cpp as tokens, so a prompt that extends the previous one - the next section of
    a critique, the next claim under the same judge instruction - reuses the KV cache of the
    shared prefix instead of processing it again. The prefix that prompts under one instruction
    share (the judge's, the translator's) is also kept aside as a KV snapshot, so that judging
    and translating in turn do not each pay for their instruction again.
    """

    def __init__(
        self,
        llama: Any,
        path: Path,
        label: str | None = None,
        *,
        follows_instructions: bool | None = None,
    ) -> None:
        self._llama = llama
        self._lock = threading.Lock()
        #: Tokens of the last prompt under each instruction, and KV snapshots of the prefixes
        #: such prompts share (tokens -> sequence state), least recently used first.
        self._last_prompt: OrderedDict[str, list[int]] = OrderedDict()
        self._snapshots: OrderedDict[tuple[int, ...], bytes] = OrderedDict()
        self.path = path
        self.name = label or path.name
        self.context_size = int(llama.n_ctx())
        metadata: dict[str, str] = dict(getattr(llama, "metadata", {}) or {})
        template = metadata.get("tokenizer.chat_template", "")
        self.follows_instructions = (
            bool(template) if follows_instructions is None else follows_instructions
        )
        self._formatter: Any = None
        self._bos_text = ""
        if template and self.follows_instructions:
            from llama_cpp.llama_chat_format import Jinja2ChatFormatter

            eos, bos = llama.token_eos(), llama.token_bos()
            self._bos_text = llama._model.token_get_text(bos) if bos != -1 else ""
            self._formatter = Jinja2ChatFormatter(
                template=template,
                eos_token=llama._model.token_get_text(eos) if eos != -1 else "",
                bos_token=self._bos_text,
            )
        self._yes_ids = self._first_tokens(YES_WORDS)
        self._no_ids = self._first_tokens(NO_WORDS) - self._yes_ids

    @classmethod
    def load(
        cls,
        path: Path,
        *,
        threads: int = 0,
        context_size: int = 8192,
        label: str | None = None,
        follows_instructions: bool | None = None,
    ) -> LlamaModel:
        """Load ``path``; ModelError names the file when it is missing, truncated or invalid.

        Args:
            path: The GGUF file.
            threads: CPU threads; 0 means the physical cores.
            context_size: Tokens of context.
            label: A display name (the file name otherwise).
            follows_instructions: Override what the GGUF's chat template says.
        """
        check_gguf(path)
        try:
            from llama_cpp import Llama
        except ImportError as exc:
            raise ModelError("llama-cpp-python is not installed; rerun the set-up.") from exc
        _route_native_log()
        n_threads = threads or physical_cores()
        try:
            llama = Llama(
                model_path=str(path),
                n_ctx=context_size,
                n_threads=n_threads,
                n_threads_batch=n_threads,
                verbose=False,
            )
        except (ValueError, RuntimeError, OSError) as exc:
            raise ModelError(f"Could not load model {path}: {exc}") from exc
        return cls(llama, path, label, follows_instructions=follows_instructions)

    def count_tokens(self, text: str) -> int:
        """Tokens the model sees for ``text``."""
        return len(self._llama.tokenize(text.encode("utf-8"), add_bos=False, special=False))

    def chat(
        self,
        messages: Sequence[Message],
        *,
        max_tokens: int,
        temperature: float = 0.0,
        stop: Sequence[str] = (),
        on_token: Callable[[str], None] | None = None,
    ) -> Completion:
        """Answer the conversation's last turn, streaming tokens to ``on_token``."""
        budget = self.context_size - max(max_tokens, MIN_ANSWER_TOKENS) - 8
        tokens = self._prompt_tokens(messages, budget)
        options: dict[str, Any] = {
            "max_tokens": max_tokens,
            "temperature": temperature,
            "stop": list(stop) or None,
            "repeat_penalty": CHAT_REPEAT_PENALTY if self._formatter else BASE_REPEAT_PENALTY,
            "stream": True,
        }
        parts: list[str] = []
        with self._lock:
            # create_completion() reuses what of the prompt the KV cache already holds.
            self._reuse_prefix(tokens, self._shared_prefix(messages, tokens))
            for chunk in self._llama.create_completion(tokens, **options):
                piece = chunk["choices"][0]["text"]
                if not piece:
                    continue
                parts.append(piece)
                if on_token is not None:
                    on_token(piece)
        # NOTE: llama.cpp streams one chunk per generated token (the closing chunk is empty).
        return Completion(text="".join(parts), tokens_in=len(tokens), tokens_out=len(parts))

    def yes_probability(self, instruction: str, content: str) -> float | None:
        """P(YES) / (P(YES) + P(NO)) at the first answer position, from the model's logits."""
        if not self._yes_ids or not self._no_ids:
            return None
        messages = [Message("system", instruction), Message("user", content)]
        tokens = self._prompt_tokens(messages, self.context_size - 8)
        with self._lock:
            logits = self._next_token_logits(tokens, keep=self._shared_prefix(messages, tokens))
        yes = _logsumexp(logits[sorted(self._yes_ids)])
        no = _logsumexp(logits[sorted(self._no_ids)])
        return float(1.0 / (1.0 + np.exp(no - yes)))

    def _first_tokens(self, words: Sequence[str]) -> set[int]:
        ids: set[int] = set()
        for word in words:
            tokens = self._llama.tokenize(word.encode("utf-8"), add_bos=False, special=False)
            if tokens:
                ids.add(int(tokens[0]))
        return ids

    def _render(self, messages: Sequence[Message]) -> str:
        """The prompt text; message text can never open or close a turn of the template."""
        clean = [Message(m.role, m.content.replace("<|", "< |")) for m in messages]
        if self._formatter is None:
            # NOTE: base models continue text, so the instruction comes first and the content,
            # which ends with the opening of the answer, comes last.
            return "\n\n".join(m.content for m in clean)
        rendered = self._formatter(messages=[{"role": m.role, "content": m.content} for m in clean])
        return str(rendered.prompt)

    def _prompt_tokens(self, messages: Sequence[Message], budget: int) -> list[int]:
        """Tokens of the rendered prompt, the longest message trimmed in its middle to fit."""
        messages = list(messages)
        for _ in range(4):
            tokens = self._tokenize_prompt(self._render(messages))
            excess = len(tokens) - budget
            if excess <= 0:
                return tokens
            longest = max(range(len(messages)), key=lambda i: len(messages[i].content))
            trimmed = self._trim_middle(messages[longest].content, excess + 16)
            if trimmed == messages[longest].content:
                break
            messages[longest] = Message(messages[longest].role, trimmed)
        raise ModelError(
            f"The prompt does not fit the model's context of {self.context_size} tokens; "
            "raise the context size in Settings."
        )

    def _tokenize_prompt(self, prompt: str) -> list[int]:
        add_bos = bool(self._llama._model.add_bos_token()) and not (
            self._bos_text and prompt.startswith(self._bos_text)
        )
        return list(self._llama.tokenize(prompt.encode("utf-8"), add_bos=add_bos, special=True))

    def _trim_middle(self, text: str, remove: int) -> str:
        """Drop about ``remove`` tokens from the middle of ``text``, keeping its head and end."""
        tokens = self._llama.tokenize(text.encode("utf-8"), add_bos=False, special=False)
        keep = len(tokens) - remove
        if keep <= 8:
            return text
        tail = min(KEPT_TAIL_TOKENS, keep // 4)
        head = self._llama.detokenize(tokens[: keep - tail]).decode("utf-8", errors="ignore")
        end = self._llama.detokenize(tokens[len(tokens) - tail :]).decode("utf-8", errors="ignore")
        return f"{head}\n…\n{end}"

    def _shared_prefix(self, messages: Sequence[Message], tokens: list[int]) -> int:
        """Tokens shared with the last prompt under the same instruction, if worth a snapshot.

        Only a short prefix (an instruction and the template's markup) is kept as a snapshot: a
        long one, such as a paper shared by the sections of a critique, stays in the live cache.
        """
        key = messages[0].content if len(messages) > 1 else ""
        shared = _common_prefix(self._last_prompt.pop(key, []), tokens)
        self._last_prompt[key] = tokens
        while len(self._last_prompt) > _SNAPSHOTS:
            self._last_prompt.popitem(last=False)
        return shared if _SNAPSHOT_MIN <= shared <= _SNAPSHOT_MAX else 0

    def _reuse_prefix(self, tokens: list[int], keep: int = 0) -> int:
        """Put the longest known prefix of ``tokens`` in the KV cache; the tokens now held there.

        ``keep``: the first ``keep`` tokens are a prefix later prompts share; a snapshot of their
        KV cache is taken, and restored whenever the cache has moved on to another prompt.
        """
        llama = self._llama
        common = _common_prefix(llama.input_ids[: llama.n_tokens], tokens[:-1])
        known = [
            prefix
            for prefix in self._snapshots
            if common < len(prefix) < len(tokens) and tuple(tokens[: len(prefix)]) == prefix
        ]
        if known:
            # A refused restore leaves the cache unknown: everything is evaluated again.
            best = max(known, key=len)
            common = len(best) if self._restore(best) else 0
        # NOTE: eval() drops the cache past n_tokens, so rewinding n_tokens keeps the prefix.
        llama.n_tokens = common
        prefix = tuple(tokens[:keep])
        if 0 < keep < len(tokens) and prefix not in self._snapshots:
            if common > keep:
                llama.n_tokens = keep  # eval() then drops the cache past the prefix
            llama.eval(tokens[min(common, keep) : keep])
            common = keep
            self._snapshots[prefix] = self._save()
            while len(self._snapshots) > _SNAPSHOTS:
                self._snapshots.popitem(last=False)
        elif prefix in self._snapshots:
            self._snapshots.move_to_end(prefix)
        return common

    def _next_token_logits(self, tokens: list[int], keep: int = 0) -> np.ndarray:
        """Logits after ``tokens``, evaluating only what is not already in the KV cache."""
        import llama_cpp

        llama = self._llama
        llama.eval(tokens[self._reuse_prefix(tokens, keep) :])
        pointer = llama_cpp.llama_get_logits_ith(llama.ctx, -1)
        return np.ctypeslib.as_array(pointer, shape=(llama.n_vocab(),)).copy()

    def _save(self) -> bytes:
        """The KV cache of sequence 0 (the only one used)."""
        import llama_cpp

        ctx = self._llama.ctx
        size = llama_cpp.llama_state_seq_get_size(ctx, 0)
        buffer = (ctypes.c_uint8 * size)()
        written = llama_cpp.llama_state_seq_get_data(ctx, buffer, size, 0)
        return bytes(buffer[:written])

    def _restore(self, tokens: tuple[int, ...]) -> bool:
        """Put a snapshot back as the cache; False (the snapshot dropped) when llama.cpp refuses."""
        import llama_cpp

        llama = self._llama
        state = self._snapshots[tokens]
        buffer = (ctypes.c_uint8 * len(state)).from_buffer_copy(state)
        if llama_cpp.llama_state_seq_set_data(llama.ctx, buffer, len(state), 0) == 0:
            del self._snapshots[tokens]
            llama.n_tokens = 0
            return False
        self._snapshots.move_to_end(tokens)
        llama.input_ids[: len(tokens)] = tokens
        llama.n_tokens = len(tokens)
        return True


#: Shortest shared prefix worth a snapshot (about the chat template's own markup).
_SNAPSHOT_MIN = 32
#: Longest: an instruction's, not a paper's (a token's KV cache is about 28 KB here).
_SNAPSHOT_MAX = 512
#: Snapshots kept: one per instruction in use (judge, translator, and one to spare).
_SNAPSHOTS = 3


def _common_prefix(a: Sequence[int] | np.ndarray, b: Sequence[int]) -> int:
    """Length of the longest common prefix of two token lists."""
    limit = min(len(a), len(b))
    if limit == 0:
        return 0
    same = np.asarray(a[:limit]) == np.asarray(b[:limit])
    return int(limit if same.all() else np.argmin(same))


def _logsumexp(values: np.ndarray) -> float:
    top = float(np.max(values))
    return top + float(np.log(np.sum(np.exp(values - top))))
