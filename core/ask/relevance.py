"""The relevance filter: does a retrieved passage bear on the question?

With a model that exposes its logits the answer is P(YES) to "does the passage help answer the
question?", one fixed instruction first so consecutive passages share the cached prefix. Without
one (the judge is off, or the model gives no probabilities) the share of the question's content
words found in the passage stands in: cruder, but deterministic and free.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol

from core.ask.passages import Passage, word_overlap
from core.ask.prompts import RELEVANCE_INSTRUCTION, RELEVANCE_ITEM
from core.llm.base import LLM

#: Words of a passage shown to the model; a chunk is about 150-250 words.
MAX_PASSAGE_WORDS = 220


class Relevance(Protocol):
    """Scores passages for a question, each in [0, 1]."""

    def score(self, question: str, passages: Sequence[Passage]) -> list[Passage]:
        """The passages with ``relevance`` set, in the given order."""
        ...


class LexicalRelevance:
    """Share of the question's content words found in the passage."""

    def score(self, question: str, passages: Sequence[Passage]) -> list[Passage]:
        """The passages with ``relevance`` set to the word overlap."""
        return [replace(p, relevance=word_overlap(question, p.text)) for p in passages]


class ModelRelevance:
    """P(YES) from the model's logits; falls back to word overlap when it has none."""

    def __init__(self, llm: LLM) -> None:
        self.llm = llm
        self._fallback = LexicalRelevance()

    def score(self, question: str, passages: Sequence[Passage]) -> list[Passage]:
        """The passages with ``relevance`` set to P(YES)."""
        out: list[Passage] = []
        for passage in passages:
            words = passage.text.split()
            text = " ".join(words[:MAX_PASSAGE_WORDS]) + (
                " …" if len(words) > MAX_PASSAGE_WORDS else ""
            )
            content = RELEVANCE_ITEM.format(passage=text, question=question)
            p = self.llm.yes_probability(RELEVANCE_INSTRUCTION, content)
            if p is None:
                return self._fallback.score(question, passages)
            out.append(replace(passage, relevance=float(p)))
        return out
