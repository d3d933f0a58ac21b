"""Pairs crossed: a claim joining one half of the paper's contrast with the other half's term."""

from __future__ import annotations

import pytest

from core.config import CheckerSettings
from core.types import Evidence
from core.verify.pairing import check_pairing
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeRetriever, make_paper

# html_www2020_2col_acm_ccby.pdf, p. 7
HORIZONS = (
    "HTML delivers its most accurate short-term predictions using text+audio, but its most "
    "accurate long-term predictions come from the text-only version."
)
BENCHMARKS = "BERT performs best on SST-2, while RoBERTa performs best on MNLI."
# a SciTab table's sentence: its halves say different things, no two cases of one statement
THROUGHPUT = (
    "The balanced dataset exhibits highest throughput thanks to the high degree of "
    "parallelization, but at the same time does not improve as well as the linear dataset when "
    "the batch size increases from 1 to 25."
)
# good-enough-practices_1col_plos-preprint.pdf, p. 11
CITATION = (
    "The example below shows the CITATION file for the Ecodata Retriever; for an example of a "
    "more detailed CITATION file, see the one for the khmer project."
)


def _evidence(text: str) -> list[Evidence]:
    return [Evidence(page=7, text=text, bbox=None, score=1.0, sentence_index=0)]


@pytest.mark.parametrize(
    ("claim", "sentence", "crossed"),
    [
        ("The text-only version was the most accurate for short-term forecasts.", HORIZONS, True),
        ("Text+audio gives HTML's most accurate long-term predictions.", HORIZONS, True),
        ("RoBERTa performs best on SST-2.", BENCHMARKS, True),
        ("On MNLI, BERT performs best.", BENCHMARKS, True),
        # each half as the paper pairs it
        ("For long-term forecasts the text-only version is the most accurate.", HORIZONS, False),
        ("HTML's most accurate short-term predictions use text and audio.", HORIZONS, False),
        ("RoBERTa performs best on MNLI.", BENCHMARKS, False),
        # both halves in one claim, each clause as the paper pairs it
        (
            "HTML is most accurate short-term with text+audio, but long-term with text-only.",
            HORIZONS,
            False,
        ),
        # halves that are not one statement of two cases
        (
            "The throughput on the balanced dataset is the highest, while the throughput on the "
            "linear dataset is the lowest.",
            THROUGHPUT,
            False,
        ),
        # the paper's example below is the Ecodata Retriever's file, the khmer one is elsewhere
        ("The CITATION file of the khmer project is shown below.", CITATION, True),
        ("The CITATION file shown below is the Ecodata Retriever's.", CITATION, False),
        # another language
        ("纯文本版本的短期预测最准确。", HORIZONS, False),
    ],
)
def test_crossed_pairs(claim: str, sentence: str, crossed: bool) -> None:
    assert (check_pairing(claim, _evidence(sentence)) is not None) == crossed


def test_the_explanation_names_the_partner() -> None:
    found = check_pairing("RoBERTa performs best on SST-2.", _evidence(BENCHMARKS))
    assert found is not None
    assert found.reason == "pairing_crossed:SST-2+RoBERTa"
    assert found.explain().startswith("The paper pairs SST-2 with BERT, not with RoBERTa (p. 7)")


def test_a_crossed_claim_is_unsupported() -> None:
    paper = make_paper(["We compare the text-only and text+audio versions of HTML.", HORIZONS])
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify(
        "HTML's most accurate short-term predictions come from the text-only version."
    )[0]
    assert verdict.status.value == "unsupported", verdict.reasons
    assert verdict.reasons[0].startswith("pairing_crossed:")
    assert "The paper pairs short-term with text+audio" in verdict.explanation
