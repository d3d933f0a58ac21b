"""Claims in another language than the paper's are translated once, then retrieved and judged."""

from __future__ import annotations

import pytest

from core.config import CheckerSettings
from core.verify.translate import (
    TRANSLATE_INSTRUCTION,
    ClaimTranslator,
    kept_terms,
    language_of,
)
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeLLM, FakeRetriever, make_paper


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("The model reaches 85.3% accuracy.", "The model reaches 85.3% accuracy."),
        ("Translation: The model reaches 85.3% accuracy.", "The model reaches 85.3% accuracy."),
        ("", None),
        ("模型的准确率为85.3%。", None),  # still Chinese: not a translation
        ("word " * 400, None),  # runaway output
        (RuntimeError("model crashed"), None),
    ],
)
def test_translation_is_used_only_when_usable(
    reply: str | BaseException, expected: str | None
) -> None:
    llm = FakeLLM([reply])
    assert ClaimTranslator(llm).translate("模型的准确率为85.3%。", "en") == expected


def test_each_claim_is_translated_once() -> None:
    llm = FakeLLM(["The model reaches 85.3% accuracy."])
    translator = ClaimTranslator(llm)
    for _ in range(3):
        translator.translate("模型的准确率为85.3%。", "en")
    assert len(llm.history) == 1
    assert llm.history[0].instruction == TRANSLATE_INSTRUCTION["en"]


def test_chinese_claim_is_retrieved_in_english_and_judged_as_written() -> None:
    paper = make_paper(
        ["SpanCheck reaches 85.3% accuracy on SQuAD. Training uses three epochs on one GPU."]
    )
    judged: list[str] = []

    def probability(instruction: str, content: str) -> float:
        judged.append(content)
        return 0.9

    llm = FakeLLM(
        ["SpanCheck reaches 85.3% accuracy on SQuAD."],
        follows_instructions=True,
        probabilities=probability,
    )
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), llm, CheckerSettings())
    verdict = checker.verify("SpanCheck在SQuAD上的准确率为85.3%。")[0]
    assert "SpanCheck reaches 85.3% accuracy on SQuAD." in judged[0]
    assert "Statement: SpanCheck在SQuAD上的准确率为85.3%。" in judged[0]
    assert "cross_lingual" in verdict.reasons
    assert verdict.status.value == "supported"
    assert "85.3%" in verdict.evidence[0].text


CLAIM = "LSTM在n=30时的MSE为0.181。"


@pytest.mark.parametrize(
    ("replies", "expected", "calls"),
    [
        # the first translation keeps every name and number: asked once
        (["The MSE of LSTM at n=30 is 0.181."], "The MSE of LSTM at n=30 is 0.181.", 1),
        # it lost the name that owns the value: asked again, naming what to keep
        (
            ["The MSE at n=30 is 0.181.", "The MSE of LSTM at n=30 is 0.181."],
            "The MSE of LSTM at n=30 is 0.181.",
            2,
        ),
        # the second loses more: the first stands
        (["The MSE at n=30 is 0.181.", "The error is small."], "The MSE at n=30 is 0.181.", 2),
        # the second is unusable: the first stands
        (["The MSE at n=30 is 0.181.", ""], "The MSE at n=30 is 0.181.", 2),
    ],
)
def test_a_translation_that_lost_a_name_is_asked_again(
    replies: list[str], expected: str, calls: int
) -> None:
    llm = FakeLLM(replies)
    assert ClaimTranslator(llm).translate(CLAIM, "en") == expected
    assert len(llm.history) == calls
    if calls == 2:
        assert llm.history[1].instruction.endswith(
            "Keep these exactly as written: LSTM, n=30, MSE, 0.181."
        )


def test_kept_terms_leave_out_numbers_written_in_chinese() -> None:
    assert kept_terms("共有20万次会议，GPT-4的准确率为88.2%。") == ["GPT-4", "88.2%"]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("本文提出了一种方法。", "zh"),
        # English names in a Chinese sentence count as words, not as their letters
        ("TriageLM的准确率为78.4%，ClinicalBERT为6.5%。", "zh"),
        ("作者使用了S&P 500 Earning Conference Calls数据集。", "zh"),
        ("The method uses 8 mainstream classification models.", "en"),
        # a Chinese term inside an English sentence
        ("The paper uses the Jieba8 分词工具 for segmentation.", "en"),
    ],
)
def test_language_of(text: str, language: str) -> None:
    assert language_of(text) == language


def test_a_number_in_another_scale_is_not_lost() -> None:
    llm = FakeLLM(["根据IDF报告，2021年全球有近5.37亿成年人（20-79岁）患有糖尿病。"])
    claim = "By the IDF report, nearly 537 million adults aged 20-79 had diabetes in 2021."
    assert ClaimTranslator(llm).translate(claim, "zh") is not None
    assert len(llm.history) == 1
