"""Section-by-section critique generation from retrieved passages, streamed token by token."""

from __future__ import annotations

import logging
import queue
import re
import threading
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass

from core.llm.base import LLM, Completion
from core.llm.prompts import (
    CRITIQUE_INSTRUCTION_EN,
    CRITIQUE_INSTRUCTION_ZH,
    CRITIQUE_PRIMER_EN,
    CRITIQUE_PRIMER_ZH,
    PASSAGE_LINE,
    REPAIR_HEADER_EN,
    REPAIR_HEADER_ZH,
    REPAIR_ITEM,
    SECTION_QUERIES,
    SECTIONS,
)
from core.text.sentences import split_sentences
from core.types import Paper, PaperSentence, Verdict
from core.verify.evidence import Retriever

log = logging.getLogger(__name__)

#: Tokens kept free for the chat template's markup.
_TEMPLATE_MARGIN = 48
#: At most this many flagged sentences are fed back, so feedback never crowds out evidence.
MAX_FEEDBACK_ITEMS = 8
_LIST_MARKER = re.compile(r"^\s*(?:[-*\u2022]|\(?[0-9a-zA-Z]{1,2}[.)])?\s*")
_PAGE_LABEL = re.compile(r"\(p\.\s*\d+\)\s*")
#: A sentence without a single word ("[1] [2] [3]", "a)") says nothing.
_WORD = re.compile(r"[^\W\d_]{3,}|[\u3400-\u9fff]")
#: Lines that echo the prompt (its "Title:"/"Passages:" labels, the repair-feedback items).
_SCAFFOLD = re.compile(r'^\s*(?:Title:|Passages:|[-*]\s*"[^"]*":\s)')
_STOP = ("\n## ", "\n# ", "Review of", "评审\n")


@dataclass(frozen=True)
class SectionPrompt:
    """Everything needed to generate one section."""

    key: str
    heading: str
    instruction: str
    content: str


def repair_feedback(verdicts: Sequence[Verdict], language: str = "en") -> str:
    """Concrete repair instructions from the flagged verdicts of one round ("" if none)."""
    unique: dict[str, Verdict] = {}
    for verdict in verdicts:
        if verdict.status.flagged:
            unique.setdefault(verdict.claim.text.strip(), verdict)
    flagged = list(unique.values())
    if not flagged:
        return ""
    header = REPAIR_HEADER_ZH if language == "zh" else REPAIR_HEADER_EN
    items = [
        REPAIR_ITEM.format(
            sentence=v.claim.text.strip(), explanation=v.explanation or ", ".join(v.reasons)
        )
        for v in flagged[:MAX_FEEDBACK_ITEMS]
    ]
    return header + "\n" + "\n".join(items)


def section_passages(
    paper: Paper, retriever: Retriever | None, key: str, k: int = 4
) -> list[PaperSentence]:
    """Paper sentences retrieved for a section; the paper's leading sentences as the fallback."""
    if retriever is not None:
        try:
            hits = retriever.search(SECTION_QUERIES[key], k)
        except Exception as exc:  # noqa: BLE001 - generation goes on with the leading text
            log.warning("retrieval failed for section %s: %s", key, exc)
        else:
            ids = list(dict.fromkeys(i for h in hits for i in h.chunk.sentence_ids))
            sentences = [paper.sentences[i] for i in ids if 0 <= i < len(paper.sentences)]
            if sentences:
                return sentences
    return list(paper.sentences[:20])


def build_section_prompt(
    paper: Paper,
    llm: LLM,
    key: str,
    passages: Sequence[PaperSentence],
    *,
    language: str,
    max_tokens: int,
    feedback: str = "",
) -> SectionPrompt:
    """The prompt for one section, with passages dropped from the end until it fits the context."""
    heading = next((zh if language == "zh" else en) for k, en, zh in SECTIONS if k == key)
    instruction = (CRITIQUE_INSTRUCTION_ZH if language == "zh" else CRITIQUE_INSTRUCTION_EN)[key]
    primer = (CRITIQUE_PRIMER_ZH if language == "zh" else CRITIQUE_PRIMER_EN).format(
        title=paper.title, heading=heading
    )
    budget = llm.context_size - max_tokens - _TEMPLATE_MARGIN - llm.count_tokens(instruction)
    # NOTE: the feedback goes before the passages: right before the primer, a base model would
    # continue the feedback list instead of writing the section.
    head = feedback + "\n\n" if feedback else ""
    lines = [PASSAGE_LINE.format(page=s.page, text=s.text) for s in passages]
    while True:
        content = (
            f"{head}Title: {paper.title}\nPassages:\n" + "\n".join(lines) + "\n\n" + primer
        )
        if llm.count_tokens(content) <= budget or not lines:
            break
        lines.pop()
    return SectionPrompt(key, heading, instruction, content)


def stream_completion(
    llm: LLM,
    instruction: str,
    content: str,
    *,
    max_tokens: int,
    temperature: float,
    stop: Sequence[str] = (),
) -> Generator[str, None, Completion]:
    """Run ``llm.complete`` in a helper thread and yield its tokens as they arrive.

    Python callbacks cannot yield from a generator, so tokens travel through a queue; the
    model's own errors are re-raised here.
    """
    channel: queue.Queue[tuple[str, object]] = queue.Queue()
    abandoned = threading.Event()

    def on_token(token: str) -> None:
        # NOTE: raising inside the model's token callback is the only way to stop llama.cpp
        # mid-section, so a Stop frees the model at the next token instead of the section's end.
        if abandoned.is_set():
            raise _Abandoned
        channel.put(("token", token))

    def work() -> None:
        try:
            result = llm.complete(
                instruction,
                content,
                max_tokens=max_tokens,
                temperature=temperature,
                stop=stop,
                on_token=on_token,
            )
        except BaseException as exc:  # noqa: BLE001 - handed to the consumer thread
            channel.put(("error", exc))
        else:
            channel.put(("done", result))

    thread = threading.Thread(target=work, name="deepread-generate", daemon=True)
    thread.start()
    try:
        while True:
            kind, value = channel.get()
            if kind == "token":
                yield str(value)
            elif kind == "error":
                raise value  # type: ignore[misc]
            else:
                return value  # type: ignore[return-value]
    finally:
        abandoned.set()
        thread.join()


class _Abandoned(Exception):
    """The consumer stopped reading; generation ends at the next token."""


def clean_section(text: str) -> str:
    """Trim a generated section: no runaway next heading, no empty list items, no repeats.

    Small base models loop ("1. X? 2. X? 3. X?"); a repeated sentence adds nothing to a review
    and would swamp the checker, so only its first occurrence is kept.
    """
    for marker in _STOP:
        if marker in text:
            text = text[: text.index(marker)]
    # Base models copy the passages' "(p. N)" labels; they glue sentences together for the
    # splitter and say nothing the evidence will not show anyway.
    text = _PAGE_LABEL.sub("", text)
    seen: set[str] = set()
    lines: list[str] = []
    for line in text.splitlines():
        if _SCAFFOLD.match(line):
            continue
        kept: list[str] = []
        for start, end in split_sentences(line):
            sentence = line[start:end]
            key = _LIST_MARKER.sub("", sentence).strip().casefold()
            if not _WORD.search(key) or key in seen:
                continue
            seen.add(key)
            kept.append(sentence)
        if kept:
            lines.append(line[: len(line) - len(line.lstrip())] + " ".join(kept).strip())
        elif not line.strip() and lines and lines[-1]:
            lines.append("")
    return "\n".join(lines).strip()


@dataclass(frozen=True)
class Draft:
    """A generated critique with its token counts."""

    text: str
    tokens_in: int
    tokens_out: int


def write_critique(
    paper: Paper,
    retriever: Retriever | None,
    llm: LLM,
    *,
    language: str = "en",
    temperature: float = 0.0,
    max_tokens_per_section: int = 160,
    token_budget: int | None = None,
    feedback: str = "",
    should_stop: Callable[[], bool] = lambda: False,
) -> Generator[str, None, Draft]:
    """Generate the critique section by section, yielding every piece of text as it appears.

    Args:
        paper: The paper.
        retriever: Finds passages per section; None uses the paper's leading sentences.
        llm: The writer.
        language: "en" or "zh".
        temperature: Sampling temperature.
        max_tokens_per_section: Generation cap per section.
        token_budget: Generated tokens allowed for the whole critique; None for no cap.
        feedback: Repair instructions from the previous round ("" for none).
        should_stop: Checked before each section (time budget, cancellation).

    Returns:
        The full text (headings included) and token counts.
    """
    parts: list[str] = []
    tokens_in = tokens_out = 0
    for key, _, _ in SECTIONS:
        left = (
            max_tokens_per_section
            if token_budget is None
            else min(max_tokens_per_section, token_budget - tokens_out)
        )
        if left <= 0 or should_stop():
            break
        passages = section_passages(paper, retriever, key)
        prompt = build_section_prompt(
            paper, llm, key, passages, language=language, max_tokens=left, feedback=feedback
        )
        heading = f"## {prompt.heading}\n"
        parts.append(heading)
        yield heading
        raw: list[str] = []
        completion = yield from _collect(
            stream_completion(
                llm,
                prompt.instruction,
                prompt.content,
                max_tokens=left,
                temperature=temperature,
                stop=_STOP,
            ),
            raw,
        )
        tokens_in += completion.tokens_in
        tokens_out += completion.tokens_out
        body = clean_section(completion.text or "".join(raw))
        parts.append(body + "\n\n")
        yield "\n\n"
    return Draft("".join(parts).rstrip() + ("\n" if parts else ""), tokens_in, tokens_out)


def _collect(
    stream: Generator[str, None, Completion], into: list[str]
) -> Generator[str, None, Completion]:
    """Re-yield tokens while keeping a copy (the streamed text may differ from the final one)."""
    while True:
        try:
            token = next(stream)
        except StopIteration as stop:
            return stop.value  # type: ignore[no-any-return]
        into.append(token)
        yield token
