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
PILOT = make_paper(
    [
        "This was an individually randomised, open-label, parallel-group trial in three towns.",
        "Employment did not differ between groups.",
    ],
    title="Cash transfers and employment in three towns",
)
ACORN = make_paper(
    [
        "ACORN was a parallel-group, double-blind, placebo-controlled trial at eleven units.",
        "Corvane supplied the tablets.",
    ],
    title="Low-dose aspirin and adenoma recurrence: the ACORN randomised trial",
)
CLUSTER = make_paper(
    ["We conducted a cluster-randomised trial in 84 schools.", "Schools were the unit."],
    title="Free glasses and reading",
)
COACHING = make_paper(
    [
        "We conducted a cluster-randomised trial of coaching in 84 primary schools.",
        "Teachers and coaches could not be blinded.",
    ],
    title="Instructional coaching and pupil attainment",
)
BEFORE_AFTER = make_paper(
    [
        "We conducted a controlled before-and-after study in 41 schools.",
        "We used a controlled interrupted time-series design with monthly data.",
    ],
    title="Sugar-free school meals and children's teeth",
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
        (
            PILOT,
            ("trial", "This was an individually randomised, open-label, parallel-group trial"),
        ),
        (ACORN, ("trial", "ACORN was a parallel-group, double-blind, placebo-controlled trial")),
        (BEFORE_AFTER, ("observational", "We conducted a controlled before-and-after study")),
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
        ("Women were randomised to walking more or to usual activity.", COHORT, True),
        ("The researchers experimentally added steps to some women's days.", COHORT, True),
        ("Patients were randomly assigned to the app or to sleep hygiene advice.", TRIAL, False),
        # whatever was assigned, and an experiment said of an observational study
        ("Sewersheds were randomly assigned to wastewater-guided surveillance.", COHORT, True),
        ("In this controlled experiment, some women were asked to walk more.", COHORT, True),
        ("In this controlled experiment, the drug was added to infected cells.", CELLS, False),
        ("In this natural experiment, some women walked more.", COHORT, False),
        ("The researchers ran an experiment in which some adults used the app.", TRIAL, False),
        # a paper that does not say what its study is
        ("A randomised trial found that the retriever works.", PLAIN, False),
        # designs that assign nothing; assignment said in other words; "or not" denies nothing
        ("Schools were randomly allocated either to sugar-free menus or not.", BEFORE_AFTER, True),
        ("Children aged five were randomly allocated to sugar-free menus.", BEFORE_AFTER, True),
        ("The team randomly assigned districts to be charged or not charged.", BEFORE_AFTER, True),
        ("The team did not randomly assign districts to the policy.", BEFORE_AFTER, False),
        ("In this controlled experiment, schools served sugar-free menus.", BEFORE_AFTER, True),
    ],
)
def test_a_trial_the_paper_did_not_run(claim: str, paper: object, flagged: bool) -> None:
    found = [f.reason for f in check_design(claim, PaperFacts(paper))]  # type: ignore[arg-type]
    assert found == (["overclaim_design:trial"] if flagged else [])


@pytest.mark.parametrize(
    ("claim", "paper", "flagged"),
    [
        ("In this observational study, app users were compared with non-users.", TRIAL, True),
        ("The cohort study found that the app reduced insomnia.", TRIAL, True),
        ("The study was observational.", PILOT, True),
        # the paper's own design, one it is not, a cohort inside a trial
        ("In this observational study, more steps went with lower mortality.", COHORT, False),
        ("The study was not observational.", TRIAL, False),
        ("The trial's cohort was 61% women.", TRIAL, False),
    ],
)
def test_a_trial_called_observational(claim: str, paper: object, flagged: bool) -> None:
    found = [f.reason for f in check_design(claim, PaperFacts(paper))]  # type: ignore[arg-type]
    assert found == (["design_misstated:observational"] if flagged else [])


@pytest.mark.parametrize(
    ("claim", "paper", "flagged"),
    [
        ("Because the trial was open-label, patients knew their arm.", ACORN, True),
        ("In this double-blind trial, patients did not know their arm.", PILOT, True),
        # the paper's own blinding, a blinding it does not describe, one denied
        ("In this double-blind trial, patients did not know their arm.", ACORN, False),
        ("The trial was open-label.", PILOT, False),
        ("The trial was open-label.", COHORT, False),
        ("The trial was not open-label.", ACORN, False),
        # a paper saying who could not be blinded
        ("The trial was double-blind, with teachers unaware of their arm.", COACHING, True),
        ("Teachers were not blinded to their school's arm.", COACHING, False),
        # who was randomised: towns where the paper randomised people, or the other way round
        ("Randomisation was done at the town level, whole towns being assigned.", PILOT, True),
        ("Pupils were individually randomised to the app.", CLUSTER, True),
        ("The trial was cluster-randomised by school.", CLUSTER, False),
        ("Participants were randomised at the individual level.", PILOT, False),
    ],
)
def test_a_blinding_or_unit_the_paper_does_not_describe(
    claim: str, paper: object, flagged: bool
) -> None:
    found = [f.reason for f in check_design(claim, PaperFacts(paper))]  # type: ignore[arg-type]
    assert bool(found) == flagged
    assert all(r.startswith("design_misstated:") for r in found)


@pytest.mark.parametrize(
    ("claim", "evidence", "paper", "flagged"),
    [
        # a cause stated of an observational study's finding
        ("Screens before bed cause teenagers to lose sleep.", 0, SURVEY, True),
        ("Screens before bed lead to 24 minutes less sleep.", 0, SURVEY, True),
        ("Students slept less because of screens before bed.", 0, SURVEY, True),
        # why the study did something to its participants is no finding of a cause
        ("Students referred because of short sleep used screens before bed.", 0, SURVEY, False),
        ("Students excluded due to missing diaries used screens less.", 0, SURVEY, False),
        # an association, a denied cause, a cause the evidence states, an experiment
        ("Screens before bed are linked to less sleep.", 0, SURVEY, False),
        ("The survey cannot show that screens cause less sleep.", 0, SURVEY, False),
        ("Screens before bed were common, and none caused harm.", 0, SURVEY, False),
        ("Evening light causes later sleep.", 1, SURVEY, False),
        ("The drug causes a fall in viral RNA.", 0, CELLS, False),
        # nor of one that compares what happened without assigning it
        ("The sugar-free menus caused the fall in caries.", 0, BEFORE_AFTER, True),
        # a kind of thing named by what it causes, of which no change is claimed
        (
            "Crashes causing only damage showed no meaningful change after the menus.",
            0,
            BEFORE_AFTER,
            False,
        ),
        # or of which a change is claimed: "causing" right after the noun names which ones
        ("Crashes causing injury fell by about a third after the menus.", 0, BEFORE_AFTER, False),
        ("Crashes fell by about a third, the menus causing the change.", 0, BEFORE_AFTER, True),
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


REVIEWS = make_paper(
    [
        "We conducted a randomised crossover experiment in which 64 developers reviewed code.",
        "Participants could not be blinded to condition.",
        "Two adjudicators, blinded to condition, classified every comment.",
        "Because of the intervention, neither prescribers nor investigators were blinded.",
    ]
)
STEPS = make_paper(["In this prospective cohort study, 2,874 office workers wore accelerometers."])
DID = make_paper(
    [
        "We assessed its effects using administrative records and a difference-in-differences "
        "design comparing firms above and below the threshold."
    ]
)
NOT_RANDOM = make_paper(
    ["The water board blocked ditches in six of twelve blocks, and allocation was not randomised."]
)
RETROSPECTIVE = make_paper(
    ["In a retrospective offline evaluation of 600 admissions, we compared two systems."]
)
LOTTERY = make_paper(["We conducted a controlled before-and-after study across two school years."])
CLUSTERED = make_paper(
    ["Methods: In an open-label cluster-randomised trial, 48 practices were allocated."]
)


@pytest.mark.parametrize(
    ("claim", "paper", "reason"),
    [
        # those the paper says could not be blinded, said to have been
        ("Participants were blinded to their condition.", REVIEWS, "design_misstated"),
        ("Prescribers were blinded to the ward's allocation.", REVIEWS, "design_misstated"),
        ("Adjudicators were blinded to condition.", REVIEWS, None),
        ("Participants were not blinded to condition.", REVIEWS, None),
        # a comparison of those who chose their arm is no trial's
        (
            "The researchers compared developers who chose to use the tool with those who did not.",
            REVIEWS,
            "design_misstated",
        ),
        ("Developers who chose to comment more found more defects.", REVIEWS, None),
        # a trial's assignment in a reduced clause
        (
            "Workers randomly assigned to higher step targets developed less diabetes.",
            STEPS,
            "overclaim_design",
        ),
        ("Workers who walked more developed less diabetes.", STEPS, None),
        # a design the paper gives its own work in passing, or says it did not randomise
        ("Firms were randomly assigned to publish their pay gaps or not.", DID, "overclaim_design"),
        ("Blocks were randomly assigned to rewetting or drainage.", NOT_RANDOM, "overclaim_design"),
        (
            "Physicians were randomly assigned to one of the two systems.",
            RETROSPECTIVE,
            "overclaim_design",
        ),
        ("Firms above the threshold were compared with firms below it.", DID, None),
        # "In this randomised trial" claims one; individuals randomised where practices were
        (
            "In this randomised trial, the schools were assigned by lottery.",
            LOTTERY,
            "overclaim_design",
        ),
        (
            "Individual patients were randomly assigned to an invitation.",
            CLUSTERED,
            "design_misstated",
        ),
        ("Whole practices were randomly assigned to an invitation.", CLUSTERED, None),
    ],
)
def test_who_was_blinded_who_chose_and_how_the_paper_calls_its_design(
    claim: str, paper: object, reason: str | None
) -> None:
    found = [f.reason.split(":")[0] for f in check_design(claim, PaperFacts(paper))]  # type: ignore[arg-type]
    assert found == ([reason] if reason else [])
