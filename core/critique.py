"""Section-by-section critique generation from retrieved passages, streamed token by token.

The first draft is one conversation: the system turn holds the reviewer's standing rules, and
each section is a user turn bringing that section's own passages (results for the evidence
section, the discussion for the limitations) followed by the model's answer. Every turn extends
the previous prompt, so llama.cpp reuses its KV cache and only the new passages are processed.

A repair round regenerates only the sections that hold flagged sentences, each with its previous
draft and the checker's reasons; the other sections are kept word for word.
"""

from __future__ import annotations

import logging
import queue
import re
import threading
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass

from core.llm.base import LLM, Completion, Message
from core.llm.prompts import (
    MORE_PASSAGES_HEADER,
    PAGE_REMINDER,
    PASSAGE_LINE,
    PASSAGES_HEADER,
    PREVIOUS_DRAFT,
    REPAIR_HEADER_EN,
    REPAIR_HEADER_ZH,
    REPAIR_ITEM,
    SECTION_QUERIES,
    SECTION_QUERIES_ZH,
    SECTION_REQUESTS,
    SECTIONS,
    STYLE_EXAMPLE,
    TITLE_LINE,
    WRITER_SYSTEM,
)
from core.text.sentences import cjk_ratio, split_sentences
from core.types import Paper, PaperSentence, Verdict
from core.verify.evidence import Retriever

log = logging.getLogger(__name__)

#: At most this many flagged sentences are fed back, so feedback never crowds out evidence.
MAX_FEEDBACK_ITEMS = 8
#: Passage tokens per section, before the context size caps them.
PASSAGE_TOKENS = 700
#: The first section's passages are fewer, so its first token streams within seconds.
FIRST_PASSAGE_TOKENS = 450
#: Tokens kept free per section for the request and the chat template's markup.
TURN_OVERHEAD = 120
#: Sentences sharing this share of their words restate each other; the later one is dropped.
NEAR_DUPLICATE = 0.85
_LIST_MARKER = re.compile(r"^\s*(?:[-*\u2022]|\(?[0-9a-zA-Z]{1,2}[.)])?\s*")
#: A page label opening a sentence ("(p. 4) The model…", "（第4页）本文…") copies the passages'
#: layout; it moves to the end of its sentence, where a citation belongs and the splitter
#: does not glue it to the previous sentence.
_LEADING_PAGE = re.compile(
    r"(?P<lead>^[ \t]*|(?<=[.!?。！？])[ \t]*)"
    r"[\[(（]\s*(?:p\.\s*(?P<en>\d+)|第\s*(?P<zh>\d+)\s*页)\s*[\])）][ \t]*"
    r"(?P<body>.*?)(?P<end>[.!?](?=\s|$)|[。！？]|$)",
    re.M,
)
#: The passage label "[p. 4]" copied into a sentence becomes the citation form "(p. 4)".
_BRACKET_PAGE = re.compile(r"\[(pp?\.\s*\d+(?:\s*[-–]\s*\d+)?)\]")
#: A sentence without a single word ("[1] [2] [3]", "a)") says nothing.
_WORD = re.compile(r"[^\W\d_]{3,}|[\u3400-\u9fff]")
#: Words and numbers compared to find restatements (sentences differing in a number differ).
_TOKEN = re.compile(r"[^\W_\u3400-\u9fff]+|[\u3400-\u9fff]")
#: Lines that echo the prompt (its labels, the repair-feedback items).
_SCAFFOLD = re.compile(
    r'^\s*(?:Title:|Paper title:|Passages:|Passages from the paper:|论文标题：|[-*]\s*"[^"]*":\s)'
)
#: A heading the model adds although it was told not to ("## Method", "**Method:**").
_HEADING_LINE = re.compile(r"^\s*(?:#{1,6}\s.*|\*\*[^*]{1,60}\*\*:?|[^.。!?！？]{1,40}[:：])\s*$")
_BOLD = re.compile(r"\*\*(.+?)\*\*|__(.+?)__")
_SENTENCE_END = re.compile(r"[.!?。！？][\"'”’)）\]]*$")
_STOP = ("\n## ", "\n# ")
#: A placeholder of the style example left standing ("trains OpenQuestion on Y").
_PLACEHOLDER = re.compile(r"(?<![\w-])[XYN](?![\w-])")
_STYLE_WORDS = frozenset(_TOKEN.findall(STYLE_EXAMPLE.casefold()))
#: Share of the style example's words a sentence keeping a placeholder holds when it copies it.
STYLE_ECHO = 0.6


@dataclass(frozen=True)
class Repair:
    """The previous round's draft and verdicts, to be repaired section by section."""

    previous: str
    verdicts: Sequence[Verdict]


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


def split_sections(text: str) -> dict[str, tuple[int, int, str]]:
    """Section key -> (start, end, body) of a critique written with ``## Heading`` lines."""
    keys = {h.casefold(): key for key, en, zh in SECTIONS for h in (en, zh)}
    marks = [
        (m.start(), m.end(), keys.get(m.group(1).strip().casefold()))
        for m in re.finditer(r"^## (.+)$", text, re.M)
    ]
    out: dict[str, tuple[int, int, str]] = {}
    for i, (start, body_start, key) in enumerate(marks):
        end = marks[i + 1][0] if i + 1 < len(marks) else len(text)
        if key is not None:
            out[key] = (start, end, text[body_start:end].strip())
    return out


def section_feedback(repair: Repair, language: str) -> dict[str, str]:
    """Repair instructions per section key, for the sections holding flagged sentences."""
    sections = split_sections(repair.previous)
    out: dict[str, str] = {}
    for key, (start, end, _) in sections.items():
        inside = [v for v in repair.verdicts if start <= v.claim.start < end]
        text = repair_feedback(inside, language)
        if text:
            out[key] = text
    return out


def section_passages(
    paper: Paper, retriever: Retriever | None, key: str, k: int = 4
) -> list[PaperSentence]:
    """Paper sentences retrieved for a section; the paper's leading sentences as the fallback."""
    if retriever is not None:
        sample = " ".join(s.text for s in paper.sentences[:40])
        queries = SECTION_QUERIES_ZH if cjk_ratio(sample) > 0.3 else SECTION_QUERIES
        try:
            hits = retriever.search(queries[key], k)
        except Exception as exc:  # noqa: BLE001 - generation goes on with the leading text
            log.warning("retrieval failed for section %s: %s", key, exc)
        else:
            ids = list(dict.fromkeys(i for h in hits for i in h.chunk.sentence_ids))
            sentences = [paper.sentences[i] for i in ids if 0 <= i < len(paper.sentences)]
            if sentences:
                return sentences
    return list(paper.sentences[:20])


def fit_passages(llm: LLM, passages: Sequence[PaperSentence], budget: int) -> list[PaperSentence]:
    """The passages, best first, that fit ``budget`` tokens, returned in reading order."""
    kept: list[PaperSentence] = []
    used = 0
    for sentence in passages:
        cost = llm.count_tokens(_line(sentence)) + 1
        if used + cost <= budget:
            kept.append(sentence)
            used += cost
    return sorted(kept, key=lambda s: s.index)


def _line(sentence: PaperSentence) -> str:
    return PASSAGE_LINE.format(page=sentence.page, text=sentence.text)


def stream_completion(
    llm: LLM,
    messages: Sequence[Message],
    *,
    max_tokens: int,
    temperature: float,
    stop: Sequence[str] = (),
) -> Generator[str, None, Completion]:
    """Run ``llm.chat`` in a helper thread and yield its tokens as they arrive.

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
            result = llm.chat(
                messages,
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


def clean_section(
    text: str, *, truncated: bool = False, earlier: list[frozenset[str]] | None = None
) -> str:
    """Trim a generated section: no headings or bold, no empty list items, no repeats.

    Small models loop ("1. X? 2. X? 3. X?") and restate an earlier section in a later one; a
    repeated sentence adds nothing to a review and would swamp the checker, so only its first
    occurrence is kept (``earlier`` carries the word sets of the sentences already written and
    is extended in place). A sentence that copies the prompt's style example, a placeholder
    still in it, is about no paper. A section cut off by the token budget ends at its last
    complete sentence.
    """
    earlier = [] if earlier is None else earlier
    for marker in _STOP:
        if marker in text:
            text = text[: text.index(marker)]
    text = _LEADING_PAGE.sub(_cite_at_end, text)
    text = _BRACKET_PAGE.sub(r"(\1)", text)
    text = _BOLD.sub(lambda m: m.group(1) or m.group(2), text)
    lines: list[str] = []
    for line in text.splitlines():
        if _SCAFFOLD.match(line) or (not lines and _HEADING_LINE.match(line)):
            continue
        kept: list[str] = []
        for start, end in split_sentences(line):
            sentence = line[start:end]
            key = _LIST_MARKER.sub("", sentence).strip().casefold()
            words = frozenset(_TOKEN.findall(key))
            restated = any(_overlap(words, other) >= NEAR_DUPLICATE for other in earlier)
            if not _WORD.search(key) or restated or _copies_style(sentence, words):
                continue
            earlier.append(words)
            kept.append(sentence)
        if kept:
            lines.append(line[: len(line) - len(line.lstrip())] + _join(kept).strip())
        elif not line.strip() and lines and lines[-1]:
            lines.append("")
    cleaned = "\n".join(lines).strip()
    return _cut_to_last_sentence(cleaned) if truncated else cleaned


def _join(sentences: Sequence[str]) -> str:
    """Sentences of one line joined as written: no space after Chinese punctuation."""
    out = ""
    for sentence in sentences:
        glue = "" if not out or out.rstrip().endswith(("。", "！", "？", "；")) else " "
        out = out.rstrip() + glue + sentence.strip() if out else sentence
    return out


def _cite_at_end(match: re.Match[str]) -> str:
    """The sentence with its leading page label moved to its end (nothing if it has no words)."""
    starts_line = match.start() == 0 or match.string[match.start() - 1] == "\n"
    lead = match.group("lead") or ("" if starts_line else " ")
    body = match.group("body").rstrip()
    cite = f" (p. {match.group('en')})" if match.group("en") else f"（第{match.group('zh')}页）"
    return f"{lead}{body}{cite}{match.group('end')}" if body else lead


def _copies_style(sentence: str, words: frozenset[str]) -> bool:
    """The sentence is the prompt's style example with a placeholder still in it."""
    share = len(words & _STYLE_WORDS) / len(_STYLE_WORDS)
    return share >= STYLE_ECHO and _PLACEHOLDER.search(sentence) is not None


def _overlap(a: frozenset[str], b: frozenset[str]) -> float:
    """Jaccard similarity of two word sets."""
    return len(a & b) / len(a | b)


def _cut_to_last_sentence(text: str) -> str:
    """``text`` up to its last sentence that ends with sentence punctuation."""
    ends = [end for start, end in split_sentences(text) if _SENTENCE_END.search(text[start:end])]
    return text[: ends[-1]].rstrip() if ends else ""


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
    max_tokens_per_section: int = 200,
    token_budget: int | None = None,
    repair: Repair | None = None,
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
        repair: The previous round to repair; None writes a first draft.
        should_stop: Checked before each section (time budget, cancellation).

    Returns:
        The full text (headings included) and token counts.
    """
    lang = "zh" if language == "zh" else "en"
    previous = split_sections(repair.previous) if repair is not None else {}
    feedback = section_feedback(repair, lang) if repair is not None else {}
    passage_budget = min(
        PASSAGE_TOKENS,
        (llm.context_size - llm.count_tokens(WRITER_SYSTEM[lang])) // len(SECTIONS)
        - max_tokens_per_section
        - TURN_OVERHEAD,
    )
    history = [Message("system", WRITER_SYSTEM[lang])]
    shown: set[int] = set()
    earlier: list[frozenset[str]] = []
    parts: list[str] = []
    tokens_in = tokens_out = 0
    for key, en, zh in SECTIONS:
        left = (
            max_tokens_per_section
            if token_budget is None
            else min(max_tokens_per_section, token_budget - tokens_out)
        )
        if left <= 0 or should_stop():
            break
        if repair is not None and key not in previous and key not in feedback:
            continue  # empty in the draft under repair, and nothing in it was flagged
        heading = f"## {zh if lang == 'zh' else en}\n"
        parts.append(heading)
        yield heading
        if key in previous and key not in feedback:
            body = previous[key][2]
            parts.append(body + "\n\n")
            yield body + "\n\n"
            continue
        found = section_passages(paper, retriever, key)
        if repair is None:
            first = len(history) == 1
            budget = min(passage_budget, FIRST_PASSAGE_TOKENS) if first else passage_budget
            chosen = fit_passages(llm, [s for s in found if s.index not in shown], budget)
            shown.update(s.index for s in chosen)
            lines = [_line(s) for s in chosen]
            user = _turn(paper, lang, key, lines, first=first)
            messages = [*history, Message("user", user)]
        else:
            lines = [_line(s) for s in fit_passages(llm, found, passage_budget)]
            draft = previous[key][2] if key in previous else ""
            user = _turn(paper, lang, key, lines, first=True, draft=draft, fix=feedback.get(key))
            messages = [history[0], Message("user", user)]
        raw: list[str] = []
        completion = yield from _collect(
            stream_completion(llm, messages, max_tokens=left, temperature=temperature, stop=_STOP),
            raw,
        )
        tokens_in += completion.tokens_in
        tokens_out += completion.tokens_out
        body = clean_section(
            completion.text or "".join(raw),
            truncated=completion.tokens_out >= left,
            earlier=earlier,
        )
        if body.strip():
            parts.append(body + "\n\n")
            if repair is None:
                history += [Message("user", user), Message("assistant", body)]
        else:
            # Nothing left once tidied (only repeats, headings or a copied example): no heading
            # over an empty section, and no empty answer in the history, which teaches the model
            # to answer the next request with nothing too; its passages are offered again.
            parts.pop()
            if repair is None:
                shown.difference_update(s.index for s in chosen)
        yield "\n\n"
    return Draft("".join(parts).rstrip() + ("\n" if parts else ""), tokens_in, tokens_out)


def _turn(
    paper: Paper,
    lang: str,
    key: str,
    lines: Sequence[str],
    *,
    first: bool,
    draft: str = "",
    fix: str | None = None,
) -> str:
    """One user turn: (title,) passages, (previous draft and repair instructions,) request."""
    blocks: list[str] = []
    if first:
        blocks.append(TITLE_LINE[lang].format(title=paper.title))
    if lines:
        header = PASSAGES_HEADER[lang] if first else MORE_PASSAGES_HEADER[lang]
        blocks.append(header + "\n" + "\n".join(lines))
    if draft:
        blocks.append(PREVIOUS_DRAFT[lang].format(draft=draft))
    if fix:
        blocks.append(fix)
    request = SECTION_REQUESTS[lang][key]
    blocks.append(request if key == "questions" else f"{request} {PAGE_REMINDER[lang]}")
    return "\n\n".join(blocks)


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
