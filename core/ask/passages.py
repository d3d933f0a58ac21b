"""Passages for a question: retrieved chunks, their paper sentences, pages and relevance."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from core.llm.base import LLM
from core.types import Evidence, Paper, PaperSentence, SearchHit

#: Function words left out when matching a question's words against a passage.
_STOPWORDS = frozenset(
    "a an and are as at be by can do does for from has have how in is it its of on or the this "
    "that their they to was were what when where which who why with paper authors author use "
    "used using".split()
)
_WORD = re.compile(r"[^\W_]{2,}|[\u3400-\u9fff]")


def question_words(text: str) -> set[str]:
    """Content words of ``text``, lower-cased, with a plural "s" dropped (crude but stable)."""
    words = {w.casefold() for w in _WORD.findall(text)}
    return {w[:-1] if len(w) > 3 and w.endswith("s") else w for w in words} - _STOPWORDS


def word_overlap(question: str, text: str) -> float:
    """Share of the question's content words that occur in ``text`` (0 for an empty question)."""
    wanted = question_words(question)
    if not wanted:
        return 0.0
    return len(wanted & question_words(text)) / len(wanted)


@dataclass(frozen=True)
class Passage:
    """A retrieved chunk as paper sentences, with its relevance to the question."""

    chunk_index: int
    sentences: tuple[PaperSentence, ...]
    retrieval_score: float
    relevance: float = 0.0
    judged: bool = False  # relevance is the model's P(YES), not word overlap

    @property
    def text(self) -> str:
        """The passage's sentences joined."""
        return " ".join(s.text for s in self.sentences)

    @property
    def pages(self) -> tuple[int, ...]:
        """Pages the passage spans, in order."""
        return tuple(dict.fromkeys(s.page for s in self.sentences))

    def lines(self, number: int = 0) -> str:
        """The passage for a prompt: one ``[p. N]`` line per page it spans, ``[number]`` first."""
        out: list[str] = []
        for page in self.pages:
            text = " ".join(s.text for s in self.sentences if s.page == page)
            out.append(f"[p. {page}] {text}")
        label = f"[{number}] " if number else ""
        return label + "\n".join(out)

    def closest(self, question: str) -> Evidence:
        """The passage's sentence that best matches ``question``, as evidence to show."""
        best = max(self.sentences, key=lambda s: (word_overlap(question, s.text), -s.index))
        return Evidence(best.page, best.text, best.bbox, round(self.relevance, 4), best.index)


def passages_from_hits(paper: Paper, hits: Sequence[SearchHit]) -> list[Passage]:
    """One Passage per hit, best first; hits without usable sentences are dropped."""
    out: list[Passage] = []
    for hit in hits:
        sentences = tuple(
            paper.sentences[i] for i in hit.chunk.sentence_ids if 0 <= i < len(paper.sentences)
        )
        if sentences:
            out.append(Passage(hit.chunk.index, sentences, hit.score))
    return out


def fit_to_budget(llm: LLM, passages: Sequence[Passage], budget: int) -> list[Passage]:
    """The best passages whose prompt lines fit ``budget`` tokens (at least the best one)."""
    kept: list[Passage] = []
    used = 0
    for passage in passages:
        cost = llm.count_tokens(passage.lines()) + 1
        if kept and used + cost > budget:
            continue
        kept.append(passage)
        used += cost
    return kept


def passage_block(numbered: Sequence[tuple[int, Passage]]) -> str:
    """Numbered passages for a prompt, in the given order."""
    return "\n\n".join(p.lines(n) for n, p in numbered)


def trim_to_tokens(llm: LLM, passage: Passage, question: str, cap: int) -> Passage:
    """The passage cut to about ``cap`` tokens.

    Kept are the sentences sharing most words with the question, shown in reading order; a
    table chunk (numbers cost a token per digit) keeps the rows that name what was asked. A
    single sentence longer than the cap keeps its first words (characters, in Chinese).
    """
    costs = [llm.count_tokens(s.text) + 1 for s in passage.sentences]
    if sum(costs) <= cap:
        return passage
    ranked = sorted(
        range(len(costs)), key=lambda i: (-word_overlap(question, passage.sentences[i].text), i)
    )
    kept: set[int] = set()
    used = 0
    for i in ranked:
        if used + costs[i] <= cap:
            kept.add(i)
            used += costs[i]
    if not kept:
        best = passage.sentences[ranked[0]]
        words = best.text.split()
        if len(words) > 1:
            cut = " ".join(words[: max(1, len(words) * cap // costs[ranked[0]])])
        else:  # Chinese: no spaces to cut at
            cut = best.text[: max(1, len(best.text) * cap // costs[ranked[0]])]
        return replace(passage, sentences=(replace(best, text=cut + " …"),))
    return replace(
        passage, sentences=tuple(s for i, s in enumerate(passage.sentences) if i in kept)
    )
