"""What the paper reports of related work is not its authors' own result."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.config import CheckerSettings
from core.types import Evidence, Paper
from core.verify.name_role import RelatedWork
from core.verify.own_work import OwnWork
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
