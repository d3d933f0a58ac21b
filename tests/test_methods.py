"""An evaluation a claim says the paper ran must be one the paper mentions."""

from __future__ import annotations

import pytest

from core.config import CheckerSettings
from core.verify.gates import PaperFacts, run_gates
from core.verify.gates.methods import confirmed_absences
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeRetriever, make_paper

PAPER = make_paper(
    [
        "OpenQuestion exports reports to HTML files. A school board used it for a student census.",
        "A detailed ablation study clarifies the contribution of each component.",
        "The gains are statistically significant for n=3 only (p < 0.01).",
    ]
)
FACTS = PaperFacts(PAPER)


@pytest.mark.parametrize(
    ("sentence", "reasons"),
    [
        # a method the paper never mentions
        (
            "The authors report that it was evaluated in a user study with school boards.",
            ["method_not_in_paper:user study"],
        ),
        (
            "The tool was validated with 5-fold cross-validation.",
            ["method_not_in_paper:cross-validation"],
        ),
        ("作者通过用户研究验证了该平台。", ["method_not_in_paper:user study"]),
        ("The reports were rated in a human evaluation.", ["method_not_in_paper:human evaluation"]),
        (
            "The authors show in controlled studies that the reports save time.",
            ["method_not_in_paper:controlled experiment"],
        ),
        ("一项随机对照试验表明该平台更好用。", ["method_not_in_paper:controlled experiment"]),
        # methods the paper mentions
        ("An ablation study clarifies each component's contribution.", []),
        ("A significance test shows the gains at n=3.", []),
        # denied: contradicted when the paper mentions the method
        ("The paper lacks a user study.", []),
        ("The authors did not run an ablation.", ["method_in_paper:ablation"]),
        (
            "The main weakness is the lack of a significance test.",
            ["method_in_paper:significance test"],
        ),
        # asked, wished or planned: nothing is stated of the paper
        ("Was the tool evaluated in a user study?", []),
        ("Did the authors run an ablation?", []),
        ("A user study would strengthen the paper.", []),
        ("Future work should include a user study.", []),
        ("论文没有进行用户研究。", []),
    ],
)
def test_methods_must_be_in_the_paper(sentence: str, reasons: list[str]) -> None:
    found = [r for r in run_gates(sentence, FACTS).reasons if r.startswith("method_")]
    assert found == reasons


@pytest.mark.parametrize(
    ("sentence", "reasons"),
    [
        # what participants do with an instrument claims and denies no method of the paper
        ("One in eight children never completed a follow-up questionnaire.", []),
        ("The authors did not use questionnaires.", ["method_in_paper:interviews"]),
    ],
)
def test_what_participants_do_with_an_instrument(sentence: str, reasons: list[str]) -> None:
    facts = PaperFacts(make_paper(["Of the children, 87% completed a follow-up questionnaire."]))
    found = [r for r in run_gates(sentence, facts).reasons if r.startswith("method_")]
    assert found == reasons


@pytest.mark.parametrize(
    ("sentence", "absent"),
    [
        ("The paper lacks a user study.", ["user study"]),
        ("The main weakness is that no human evaluation was run.", ["human evaluation"]),
        ("论文没有进行用户研究。", ["user study"]),
        # the paper mentions these
        ("The authors did not run an ablation.", []),
        # stated, asked or wished: no absence
        ("The tool was evaluated in a user study.", []),
        ("A user study would strengthen the paper.", []),
    ],
)
def test_absences_the_paper_bears_out(sentence: str, absent: list[str]) -> None:
    assert confirmed_absences(sentence, FACTS) == absent


def test_a_confirmed_absence_is_supported_and_a_denied_method_is_not() -> None:
    checker = Checker(PAPER, FakeRetriever(PAPER), FakeEmbedder(), None, CheckerSettings())
    lacking, denied = checker.verify(
        "The main weakness is the lack of a user study. The authors did not run an ablation."
    )
    assert lacking.status.value == "supported"
    assert lacking.reasons[0] == "method_absent:user study"
    assert lacking.explanation == "The paper mentions no user study"
    assert denied.status.value == "unsupported"
    assert "method_in_paper:ablation" in denied.reasons
    assert denied.explanation == "The paper does report an ablation"


@pytest.mark.parametrize(
    ("sentence", "paper", "reasons"),
    [
        # how a study collected its data, or kept its arms apart, when the paper never says so
        (
            "Visits were recorded by walking 100 m transects along each margin.",
            "Observers watched five fixed plots for ten minutes each.",
            ["method_not_in_paper:transects"],
        ),
        (
            "The trial was double-blind.",
            "Participants knew which programme they received.",
            ["method_not_in_paper:double-blind"],
        ),
        (
            "Vaccination status was self-reported by patients.",
            "Vaccination status came from the national immunisation registry.",
            ["method_not_in_paper:self-report"],
        ),
        # ... or the paper's own words for it
        ("The trial was double-blind.", "Patients took identical placebo tablets.", []),
        ("Diet was self-reported.", "Diet was assessed with a food-frequency questionnaire.", []),
        ("The meta-analysis pooled 27 studies.", "We pooled 27 studies (3,864 children).", []),
    ],
)
def test_data_collection_methods(sentence: str, paper: str, reasons: list[str]) -> None:
    facts = PaperFacts(make_paper([paper]))
    found = [r for r in run_gates(sentence, facts).reasons if r.startswith("method_")]
    assert found == reasons


@pytest.mark.parametrize(
    ("sentence", "reasons"),
    [
        # a multi-item scale is a questionnaire
        ("Worry was measured with a questionnaire two weeks after invitation.", []),
        ("Worry was measured in interviews two weeks after invitation.", []),
    ],
)
def test_a_scale_of_items_is_a_questionnaire(sentence: str, reasons: list[str]) -> None:
    facts = PaperFacts(
        make_paper(["Distress was measured with the six-item Screening Concern Scale (SCS-6)."])
    )
    found = [r for r in run_gates(sentence, facts).reasons if r.startswith("method_")]
    assert found == reasons
    bare = PaperFacts(make_paper(["Distress was measured with the Screening Concern Scale."]))
    assert [r for r in run_gates(sentence, bare).reasons if r.startswith("method_")]
