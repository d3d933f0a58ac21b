"""Lexical tokens, BM25, rank fusion and the in-memory hybrid retriever."""

from __future__ import annotations

import pytest

from core.index.hybrid import MemoryRetriever, rrf_fuse
from core.index.lexical import Bm25Index
from core.index.tokenize import lexical_tokens
from core.types import Chunk
from tests.fakes import FakeEmbedder


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The accuracy of BERT-base is 87.3%.", ["accuracy", "bert", "base", "87.3"]),
        ("12,500 examples", ["12,500", "examples"]),
        ("糖尿病问答", ["糖尿", "尿病", "病问", "问答"]),
        ("模型 X", ["模型", "x"]),
        ("", []),
    ],
)
def test_lexical_tokens(text: str, expected: list[str]) -> None:
    assert lexical_tokens(text) == expected


def test_rrf_rewards_agreement() -> None:
    fused = rrf_fuse([[1, 2, 3], [3, 1, 4]])
    assert max(fused, key=fused.__getitem__) == 1
    assert fused[3] > fused[2]
    assert 4 in fused


def _chunks(texts: list[str]) -> list[Chunk]:
    return [Chunk("p" * 64, i, t, i + 1, i + 1, (i,), f"h{i}") for i, t in enumerate(texts)]


TEXTS = [
    "We train the model on 12,500 examples from SQuAD.",
    "The weather in spring is mild and pleasant.",
    "糖尿病患者的问答质量控制需要句子级证据。",
    "Latency grows linearly with passage length.",
]


def test_bm25_finds_english_and_chinese() -> None:
    index = Bm25Index(TEXTS)
    assert index.search("how many SQuAD examples", 2)[0][0] == 0
    assert index.search("问答质量", 2)[0][0] == 2
    assert index.search("zzzz", 2) == []


def test_bm25_empty_corpus() -> None:
    assert Bm25Index([]).search("anything", 3) == []


def test_memory_retriever_fuses_both_rankers() -> None:
    retriever = MemoryRetriever(_chunks(TEXTS), FakeEmbedder())
    hits = retriever.search("passage length latency", 2)
    assert hits[0].chunk.index == 3
    assert hits[0].lexical_rank == 1 and hits[0].vector_rank is not None
    assert hits[0].score > hits[1].score


def test_memory_retriever_without_embedder_is_lexical() -> None:
    hits = MemoryRetriever(_chunks(TEXTS), None).search("spring weather", 3)
    assert [h.chunk.index for h in hits] == [1]
    assert hits[0].vector_rank is None
