"""A study's design stated more strongly than the paper's own: a trial where it ran a cohort."""

from __future__ import annotations

import pytest

from core.config import CheckerSettings
from core.verify.gates.common import PaperFacts
from core.verify.gates.design import check_design, own_design
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeRetriever, make_paper

COHORT = make_paper(
    [
        "This prospective cohort study included 16,741 women who wore an accelerometer.",
        "Participants were women who had completed a randomised trial of aspirin.",
        "More steps per day were associated with lower mortality.",
    ],
    title="Daily step count and mortality in older women",
)
TRIAL = make_paper(
    [
        "In this two-arm, parallel-group trial, 412 adults were randomly assigned to the app.",
        "The cohort was 61% women.",
    ],
    title="Digital therapy for insomnia: a randomised controlled trial",
)
CELLS = make_paper(
    ["A single addition of the drug to infected cells reduced viral RNA 5000-fold."],
    title="The drug inhibits the replication of the virus in vitro",
)
PLAIN = make_paper(["We train a retriever on MS MARCO."], title="Dense retrieval")
PANEL = make_paper(
    [
        "We used a three-wave school-based panel to examine social media use and depression.",
        "Because the study is observational, it cannot establish a cause.",
    ],
    title="Social media use and depressive symptoms in adolescents",
)
SURVEY = make_paper(
    [
        "Students who used screens before bed slept on average 24 minutes less.",
        "Evening light delays melatonin release and so causes later sleep.",
    ],
    title="Evening screen use and sleep: a cross-sectional survey",
)


@pytest.mark.parametrize(
    ("paper", "design"),
    [
        (COHORT, ("observational", "This prospective cohort study")),
        (TRIAL, ("trial", "this two-arm, parallel-group trial")),
        (CELLS, ("laboratory", "in vitro")),
        (PLAIN, None),
        (PANEL, ("observational", "We used a three-wave school-based panel")),
    ],
)
def test_the_papers_own_design(paper: object, design: tuple[str, str] | None) -> None:
    assert own_design(PaperFacts(paper)) == design  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("claim", "paper", "flagged"),
    [
        ("The study was a randomised trial of walking in older women.", COHORT, True),
        ("In a randomised trial, walking lowered mortality.", COHORT, True),
        ("A clinical trial found that the drug stops the virus.", CELLS, True),
        # the paper's own design, a trial it mentions in another role, one wished for
        ("The study was a randomised trial.", TRIAL, False),
        ("The trial found that the app reduced insomnia severity.", TRIAL, False),
        ("Participants had completed a randomised trial of aspirin.", COHORT, False),
        ("A randomised trial would be needed to show that walking helps.", COHORT, False),
        ("The study was not a randomised trial.", COHORT, False),
        # an experiment the researchers are said to have run, or an assignment at random
        ("The researchers ran an experiment in which some pupils cut down.", PANEL, True),
        ("The team randomly assigned pupils to use less social media.", PANEL, True),
        ("The researchers ran an experiment in which some adults used the app.", TRIAL, False),
        # a paper that does not say what its study is
        ("A randomised trial found that the retriever works.", PLAIN, False),
    ],
)
def test_a_trial_the_paper_did_not_run(claim: str, paper: object, flagged: bool) -> None:
    found = [f.reason for f in check_design(claim, PaperFacts(paper))]  # type: ignore[arg-type]
    assert found == (["overclaim_design:trial"] if flagged else [])


@pytest.mark.parametrize(
    ("claim", "evidence", "paper", "flagged"),
    [
        # a cause stated of an observational study's finding
        ("Screens before bed cause teenagers to lose sleep.", 0, SURVEY, True),
        ("Screens before bed lead to 24 minutes less sleep.", 0, SURVEY, True),
        # an association, a denied cause, a cause the evidence states, an experiment
        ("Screens before bed are linked to less sleep.", 0, SURVEY, False),
        ("The survey cannot show that screens cause less sleep.", 0, SURVEY, False),
        ("Evening light causes later sleep.", 1, SURVEY, False),
        ("The drug causes a fall in viral RNA.", 0, CELLS, False),
    ],
)
def test_a_cause_an_observational_study_cannot_show(
    claim: str, evidence: int, paper: object, flagged: bool
) -> None:
    shown = [paper.sentences[evidence].text]  # type: ignore[attr-defined]
    found = [f.reason for f in check_design(claim, PaperFacts(paper), shown)]  # type: ignore[arg-type]
    assert found == (["overclaim_causal"] if flagged else [])


def test_the_verdict_quotes_the_papers_own_words() -> None:
    checker = Checker(COHORT, FakeRetriever(COHORT), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify("The study was a randomised trial of walking in older women.")[0]
    assert verdict.status.value == "unsupported"
    assert "overclaim_design:trial" in verdict.reasons
    assert "“This prospective cohort study”, not a trial" in verdict.explanation
