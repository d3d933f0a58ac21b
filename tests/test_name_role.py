"""A name the paper gives only as related work is not part of its own method."""

from __future__ import annotations

import pytest

from core.config import CheckerSettings
from core.types import Paper
from core.verify.name_role import RelatedWork
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeRetriever, make_sectioned_paper

HEADINGS = ("1 Introduction", "2 Related Work", "2.1 Multimodal models", "3 Method", "4 Results")
SENTENCES = [
    ("1 Introduction", "We predict volatility from earnings calls."),
    ("2.1 Multimodal models", "For instance, ViLBERT [38] learns joint image and text features."),
    ("2.1 Multimodal models", "LXMERT [41] pre-trains a cross-modality encoder."),
    ("2.1 Multimodal models", "Our encoder follows HiBERT [50] in its sentence layer."),
    ("footnote", "ViLBERT code: https://github.com/example/vilbert"),
    ("3 Method", "Tokens are encoded with WWM-BERT and sentences with a transformer."),
    ("4 Results", "The model beats GARCH on every horizon."),
    ("2 Related Work", "GARCH [19] models volatility from prices."),
]


def _paper(headings: tuple[str, ...] = HEADINGS) -> Paper:
    return make_sectioned_paper(SENTENCES, headings)


@pytest.mark.parametrize(
    ("claim", "name"),
    [
        # put in the paper's method, named only in related work (and a footnote)
        ("The method encodes text with an encoder initialised from ViLBERT.", "ViLBERT"),
        ("The proposed model is built on LXMERT.", "LXMERT"),
        ("本文的模型基于LXMERT构建。", "LXMERT"),
        # named in the method or the results too
        ("The method uses WWM-BERT to encode tokens.", None),
        ("The authors use GARCH as a baseline.", None),
        # related work that speaks of the paper's own work
        ("The proposed encoder is based on HiBERT.", None),
        # not put in the paper's method
        ("The related work discusses ViLBERT.", None),
        ("ViLBERT learns joint image and text features.", None),
    ],
)
def test_names_only_in_related_work(claim: str, name: str | None) -> None:
    found = RelatedWork(_paper()).check(claim)
    assert (found.name if found else None) == name


@pytest.mark.parametrize(
    ("part", "sentence", "name"),
    [
        # a pronoun takes the paper's method from the rest of the sentence
        (
            "it is built on LXMERT",
            "How does the proposed model differ from others, given that it is built on LXMERT?",
            "LXMERT",
        ),
        ("其基于LXMERT构建", "本文的模型有何不同，既然其基于LXMERT构建？", "LXMERT"),
        # a part with its own subject is read alone
        (
            "ViLBERT is built on LXMERT",
            "How does the proposed model differ, given that ViLBERT is built on LXMERT?",
            None,
        ),
        # the sentence does not speak of the paper's method
        ("it is built on LXMERT", "Why is ViLBERT slow, given that it is built on LXMERT?", None),
    ],
)
def test_a_part_opening_with_a_pronoun_reads_the_whole_sentence(
    part: str, sentence: str, name: str | None
) -> None:
    found = RelatedWork(_paper()).check(part, sentence)
    assert (found.name if found else None) == name


def test_a_paper_without_a_related_work_section_decides_nothing() -> None:
    paper = _paper(("1 Introduction", "2 Models", "2.1 Multimodal models", "3 Method"))
    assert RelatedWork(paper).check("The proposed model is built on LXMERT.") is None


def test_the_verdict_names_the_related_work_page() -> None:
    paper = _paper()
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify("The proposed model is built on LXMERT.")[0]
    assert verdict.status.value == "unsupported"
    assert verdict.reasons[0] == "name_only_related_work:LXMERT"
    assert verdict.explanation.startswith("The paper names LXMERT only as related work (p. 1)")
