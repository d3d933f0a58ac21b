"""A claim that is one of the paper's sentences, word for word, is supported without the judge."""

from __future__ import annotations

import pytest

from core.config import CheckerSettings
from core.verify.restated import RestatedSentences
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeLLM, FakeRetriever, make_paper

PAPER = make_paper(
    [
        "There are 2,243 earnings conference calls in 2017 in the raw dataset.",
        "However, most of the raw calls lack an audio track that matches the text.",
        "Unlike prior work, the model reads audio and text at once.",
        "We hypothesised that longer calls carry more signal about volatility.",
        "The encoder uses “pre-trained” Glove vectors for every word.",
        "Results improve.",
        "本文构建了一个包含8000个问题的糖尿病问题标注数据集。",
        "结果更好。",
    ]
)


@pytest.mark.parametrize(
    ("claim", "restated"),
    [
        ("There are 2,243 earnings conference calls in 2017 in the raw dataset.", 0),
        ("there are 2,243 earnings conference  calls in 2017 in the raw dataset", 0),
        ('The encoder uses "pre-trained" Glove vectors for every word.', 4),
        # a plain opening left out
        ("Most of the raw calls lack an audio track that matches the text.", 1),
        # an opening that frames the rest, or a copied part of a sentence
        ("The model reads audio and text at once.", None),
        ("Longer calls carry more signal about volatility.", None),
        ("There are 2,243 earnings conference calls in 2017.", None),
        # one word changed, or too short to be a finding
        ("There are 2,244 earnings conference calls in 2017 in the raw dataset.", None),
        ("There are 2,243 earnings conference calls in 2017 in the cleaned dataset.", None),
        ("Results improve.", None),
        # Chinese: a character counts half a word
        ("本文构建了一个包含8000个问题的糖尿病问题标注数据集", 6),
        ("本文构建了一个包含8000个问题的糖尿病问题数据集。", None),
        ("结果更好。", None),
    ],
)
def test_restated_sentences(claim: str, restated: int | None) -> None:
    found = RestatedSentences(PAPER).find(claim)
    assert (found.index if found else None) == restated


def test_a_restated_claim_is_supported_without_asking_the_judge() -> None:
    judge = FakeLLM(follows_instructions=True, probabilities=lambda i, c: 0.01)
    checker = Checker(
        PAPER, FakeRetriever(PAPER), FakeEmbedder(), judge, CheckerSettings(use_judge=True)
    )
    copied, changed = checker.verify(
        "Most of the raw calls lack an audio track that matches the text (p. 1). "
        "Most of the raw calls lack a video track that matches the text."
    )
    assert copied.status.value == "supported"
    assert copied.reasons[0] == "restated_sentence"
    assert copied.explanation == "The paper says this word for word (p. 1)"
    assert copied.evidence[0].text == PAPER.sentences[1].text
    assert changed.status.value == "unsupported"
    assert len(judge.probability_calls) == 1
    assert "video track" in judge.probability_calls[0]


def test_a_restated_sentence_is_not_read_against_itself() -> None:
    # Two fractions of one total side by side: binding once read 788 against 514.
    paper = make_paper(
        [
            "从第二层细类的角度看，与治疗相关的问题，主要是寻求治疗（B6；788/2026）和药物选择"
            "（B2；514/2026）。",
            "治疗类问题共有2026个，其中药物选择问题514个。",
        ]
    )
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify(paper.sentences[0].text)[0]
    assert verdict.status.value == "supported"
    assert verdict.reasons[0] == "restated_sentence"
