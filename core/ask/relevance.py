"""The relevance filter: does a retrieved passage bear on the question?

With a model that exposes its logits the answer is P(YES) to "does passage [n] answer the
question?", asked after the very prompt the answer is written from (the answer's instruction,
the numbered passages, the question). The passages are therefore read once: each judgement is a
short suffix of the cached prompt, and the answer reuses the same prefix. Without such a model
(the judge is off, or it gives no probabilities) the share of the question's content words found
in the passage stands in: cruder, but deterministic and free.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol

from core.ask.passages import Passage, passage_block, word_overlap
from core.ask.prompts import ANSWER_SYSTEM, ANSWER_TURN, RELEVANCE_ITEM
from core.llm.base import LLM


class Relevance(Protocol):
    """Scores passages for a question, each in [0, 1]."""

    def score(self, question: str, passages: Sequence[Passage]) -> list[Passage]:
        """The passages with ``relevance`` set, in the given order (numbered from 1)."""
        ...


class LexicalRelevance:
    """Share of the question's content words found in the passage."""

    def score(self, question: str, passages: Sequence[Passage]) -> list[Passage]:
        """The passages with ``relevance`` set to the word overlap."""
        return [replace(p, relevance=word_overlap(question, p.text)) for p in passages]


def answer_turn(question: str, passages: Sequence[Passage]) -> str:
    """The user turn the answer is written from: the passages numbered from 1, then the question."""
    block = passage_block(list(enumerate(passages, 1)))
    return ANSWER_TURN.format(passages=block, question=question)


class ModelRelevance:
    """P(YES) from the model's logits; falls back to word overlap when it has none."""

    def __init__(self, llm: LLM) -> None:
        self.llm = llm
        self._fallback = LexicalRelevance()

    def score(self, question: str, passages: Sequence[Passage]) -> list[Passage]:
        """The passages with ``relevance`` set to P(YES)."""
        turn = answer_turn(question, passages)
        out: list[Passage] = []
        for number, passage in enumerate(passages, 1):
            content = turn + RELEVANCE_ITEM.format(number=number)
            p = self.llm.yes_probability(ANSWER_SYSTEM, content)
            if p is None:
                return self._fallback.score(question, passages)
            out.append(replace(passage, relevance=float(p), judged=True))
        return out
