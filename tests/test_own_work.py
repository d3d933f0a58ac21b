"""What the paper reports of related work, or advises, is not its authors' own result."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.config import CheckerSettings
from core.types import Evidence, Paper
from core.verify.name_role import RelatedWork
from core.verify.own_work import OwnWork, advised
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeRetriever, make_sectioned_paper

HEADINGS = ("1 Introduction", "2 Related Work", "2.2 Multi-task learning", "3 Method")
SENTENCES = [
    ("1 Introduction", "We predict stock volatility from earnings calls."),
    ("2.2 Multi-task learning", "Multi-task learning has shown promise in NLP [51, 58]."),
    ("2.2 Multi-task learning", "In this paper we propose a hierarchical multi-task approach."),
    ("2 Related Work", "相关研究表明多任务学习在语音识别中效果显著[13]。"),
    ("3 Method", "The auxiliary task predicts single-day volatility."),
]


def _paper(headings: tuple[str, ...] = HEADINGS) -> Paper:
    return make_sectioned_paper(SENTENCES, headings)


def _best(paper: Paper, index: int) -> list[Evidence]:
    s = paper.sentences[index]
    return [Evidence(s.page, s.text, s.bbox, 0.9, s.index)]


@pytest.mark.parametrize(
    ("claim", "best", "flagged"),
    [
        # the authors credited with what related work showed
        ("The authors show that multi-task learning works well in NLP.", 1, True),
        ("They also demonstrate that multi-task learning helps NLP tasks.", 1, True),
        ("作者还表明，多任务学习在语音识别中效果显著。", 3, True),
        # the related-work sentence speaks of the paper's own work
        ("The authors propose a hierarchical multi-task approach.", 2, False),
        # the best evidence is the paper's own method
        ("The authors show that the auxiliary task predicts single-day volatility.", 4, False),
        # the claim says the authors only report or cite it
        ("The authors note that multi-task learning has shown promise in NLP.", 1, False),
        ("The authors review prior work showing that multi-task learning helps NLP.", 1, False),
        # the claim does not credit the authors
        ("Multi-task learning has shown promise in NLP.", 1, False),
    ],
)
def test_authors_credited_with_related_work(claim: str, best: int, flagged: bool) -> None:
    paper = _paper()
    found = OwnWork(paper, RelatedWork(paper)).check(claim, _best(paper, best))
    assert (found is not None) == flagged


def test_a_paper_without_a_related_work_section_decides_nothing() -> None:
    paper = _paper(("1 Introduction", "2 Models", "3 Method"))
    paper = replace(paper, sentences=tuple(replace(s, section="2 Models") for s in paper.sentences))
    claim = "The authors show that multi-task learning works well in NLP."
    assert OwnWork(paper, RelatedWork(paper)).check(claim, _best(paper, 1)) is None


def test_the_verdict_quotes_the_related_work_sentence() -> None:
    paper = _paper()
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify("The authors show that multi-task learning has shown promise in NLP.")[
        0
    ]
    assert verdict.status.value == "unsupported"
    assert verdict.reasons[0] == "credited_authors_related_work"
    assert verdict.explanation.startswith("The paper states this of related work (p. 1)")
    assert "Multi-task learning has shown promise in NLP" in verdict.explanation


GUIDE = [
    ("1 Data management", "Provide a simple example or test data set that users can run."),
    ("1 Data management", "Put compiled programs in the bin directory."),
    ("1 Data management", "We followed these rules in our own lab for two years."),
    ("1 Data management", "Test results show that most projects lack a README."),
]


@pytest.mark.parametrize(
    ("sentence", "imperative"),
    [
        ("7. Provide a simple example or test data set that users can run.", True),
        ("Put compiled programs in the bin directory (4e).", True),
        ("Always back up data files to a second location.", True),
        ("b) Keep a changelog.", True),
        ("Do not use spreadsheets for raw data.", True),
        # a noun phrase opening a statement
        ("Test results show that most projects lack a README.", False),
        ("Use cases are described below.", False),
        ("Track changes are common in shared documents.", False),
        # a statement of the authors' own work
        ("We provide a simple example.", False),
    ],
)
def test_advice_is_told_by_its_imperative(sentence: str, imperative: bool) -> None:
    assert (advised(sentence) is not None) is imperative


@pytest.mark.parametrize(
    ("claim", "best", "flagged"),
    [
        # the authors credited with doing what the guide tells its readers to do
        ("The authors claim to contribute a simple example or test data set.", 0, True),
        ("作者声称的主要贡献是提供一个简单的测试数据集。", 0, True),
        ("作者非常详细地提供了一个简单的测试数据集。", 0, True),
        ("作者不断改进并提供了一个简单的测试数据集。", 0, True),
        ("The authors implemented a bin directory for compiled programs.", 1, True),
        # ... in the advice's own verb, even inside a question's premise
        ("Why does it scale, given that the authors put compiled programs in src?", 1, True),
        ("The authors put the bin directory first in the list.", 3, False),
        # the claim says the paper advises it
        ("The authors recommend providing a simple example or test data set.", 0, False),
        ("The paper provides guidelines such as supplying a test data set.", 0, False),
        ("作者建议提供一个简单的测试数据集。", 0, False),
        # a claim that the authors did not do it credits them with nothing
        ("作者没有提供一个简单的测试数据集。", 0, False),
        ("作者并未提供简单的测试数据集。", 0, False),
        ("The authors do not provide a simple example or test data set.", 0, False),
        # the best evidence states what the authors did, or is not advice
        ("The authors followed these rules in their lab for two years.", 2, False),
        ("The authors show that most projects lack a README.", 3, False),
    ],
)
def test_authors_credited_with_their_advice(claim: str, best: int, flagged: bool) -> None:
    paper = make_sectioned_paper(GUIDE, ("1 Data management",))
    found = OwnWork(paper, RelatedWork(paper)).check(claim, _best(paper, best))
    assert (found is not None) == flagged
    assert found is None or found.reason == "credited_authors_advice"


def test_the_verdict_quotes_the_advice() -> None:
    paper = make_sectioned_paper(GUIDE, ("1 Data management",))
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())
    claim = "The authors provide a simple example or test data set that users can run."
    verdict = checker.verify(claim)[0]
    assert verdict.status.value == "unsupported"
    assert verdict.reasons[0] == "credited_authors_advice"
    assert verdict.explanation.startswith("The paper advises its readers to do this (p. 1)")
    assert "Provide a simple example" in verdict.explanation
