"""What the paper says it did not assess, or says is unknown, is no finding of it."""

from __future__ import annotations

import pytest

from core.config import CheckerSettings
from core.types import Evidence
from core.verify.unassessed import check_left_open, left_open
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeRetriever, make_paper

PAPER = make_paper(
    [
        "The volume of taxed beverages sold fell by 38% relative to Baltimore.",
        "We could not assess whether consumption or health outcomes changed.",
        "Our findings agree with studies showing that light exposure delays melatonin release, "
        "but we did not measure light exposure.",
        "Sleep duration was self-reported and was not measured with actigraphy.",
        "Whether the findings apply to older people or to chronic sleep restriction is unknown.",
        "We did not assess performance after recovery sleep.",
    ]
)
OPEN = left_open(PAPER.sentences)
EVIDENCE = [Evidence(s.page, s.text, s.bbox, 1.0, s.index) for s in PAPER.sentences]


@pytest.mark.parametrize(
    ("claim", "flagged"),
    [
        # a finding of what the paper did not assess, or says is unknown
        ("The soda tax cut drink consumption by 38%, improving residents' health.", True),
        ("The study measured light exposure and found it delayed melatonin release.", True),
        ("The findings apply to older adults with chronic sleep problems.", True),
        # the paper's own words, the open question restated, a method not used, another fact
        ("Light exposure delays melatonin release, the authors note.", False),
        ("The authors did not measure light exposure.", False),
        ("The study cannot show that light exposure delayed melatonin release.", False),
        ("It is unknown whether the findings apply to older people.", False),
        ("Sleep was self-reported rather than measured with actigraphy.", False),
        ("Sleep duration was similar in urban and rural schools.", False),
        ("The volume of taxed beverages sold fell by 38%.", False),
        # what relates the open question to something is not what it is about
        ("Deficits persisted after a night of recovery sleep.", True),
        ("Recall was worse after a night of recovery sleep.", True),
        ("Accuracy was lower after partial restriction than after normal sleep.", False),
    ],
)
def test_a_finding_of_what_the_paper_leaves_open(claim: str, flagged: bool) -> None:
    assert (check_left_open(claim, OPEN, EVIDENCE) is not None) == flagged


def test_the_verdict_quotes_what_the_paper_leaves_open() -> None:
    checker = Checker(PAPER, FakeRetriever(PAPER), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify("The findings apply to older adults with chronic sleep problems.")[0]
    assert verdict.status.value == "unsupported"
    assert verdict.reasons[0] == "not_assessed"
    assert verdict.explanation.startswith("The paper leaves this open (p. 1): “Whether the")


AIDS = make_paper(
    [
        "Background: Hearing loss is associated with faster cognitive decline, but whether "
        "hearing aid use modifies this association is uncertain.",
        "Estimates were similar in women (0.25) and men (0.22).",
        "Because the study is observational, it could not assess whether hearing aids caused "
        "the slower decline.",
        "Whether the benefit extends to people without hearing loss remains unknown.",
    ]
)
AIDS_OPEN = left_open(AIDS.sentences)
AIDS_EVIDENCE = [Evidence(s.page, s.text, s.bbox, 1.0, s.index) for s in AIDS.sentences]


@pytest.mark.parametrize(
    ("claim", "flagged"),
    [
        # the question the study sets out to answer is not left open by it
        ("Hearing aid users showed slower cognitive decline than non-users.", False),
        # a cause left open is asserted only by a clause stating a cause
        ("The link between hearing aids and slower decline was about the same in men.", False),
        ("Hearing aids caused the slower decline seen among users.", True),
        # what the paper leaves unknown beyond its background still is
        ("The benefit holds for people with mild hearing loss, the study found.", True),
    ],
)
def test_a_background_question_and_a_cause_left_open(claim: str, flagged: bool) -> None:
    assert (check_left_open(claim, AIDS_OPEN, AIDS_EVIDENCE) is not None) == flagged


UNDONE = make_paper(
    [
        "Readmissions fell by a fifth with telemonitoring.",
        "We did not collect cost data and cannot comment on cost-effectiveness.",
        "No GNSS receivers were deployed, so land motion was not measured.",
        "We did not directly identify the binding sites.",
    ]
)


@pytest.mark.parametrize(
    ("claim", "flagged"),
    [
        # one word of what was not collected, a thing not deployed, a verb with its adverb
        ("Telemonitoring also lowered overall healthcare costs.", True),
        ("Sea-level rise was measured with GNSS receivers at each marsh.", True),
        ("Diffraction identified the binding sites at the magnesium centres.", True),
        # said as not done, or another fact
        ("The authors did not collect cost data.", False),
        ("Readmissions fell by about a fifth with telemonitoring.", False),
        ("Telemonitoring lowered readmissions.", False),
    ],
)
def test_what_the_paper_did_not_collect_deploy_or_identify(claim: str, flagged: bool) -> None:
    evidence = [Evidence(s.page, s.text, s.bbox, 1.0, s.index) for s in UNDONE.sentences]
    assert (check_left_open(claim, left_open(UNDONE.sentences), evidence) is not None) == flagged


GARDENS = make_paper(
    [
        "We did not record pesticide use or nesting substrate, and we did not assess whether "
        "bees nest on roofs.",
        "Gardens held more bee species than roofs.",
    ]
)


@pytest.mark.parametrize(
    ("claim", "flagged"),
    [
        # each thing a list of what was not recorded names is left open on its own
        ("Pesticide use in gardens was linked to lower bee abundance.", True),
        ("Nesting substrate was scarcer on roofs, which reduced bee numbers.", True),
        ("Gardens held more bee species than roofs.", False),
    ],
)
def test_each_thing_a_list_left_open_names(claim: str, flagged: bool) -> None:
    evidence = [Evidence(s.page, s.text, s.bbox, 1.0, s.index) for s in GARDENS.sentences]
    assert (check_left_open(claim, left_open(GARDENS.sentences), evidence) is not None) == flagged


REVIEWS = make_paper(
    [
        "We did not measure downstream outcomes such as defects escaping to production or the "
        "effort authors spend responding to false alarms.",
        "With the assistant, reviewers found more seeded defects.",
    ]
)


@pytest.mark.parametrize(
    ("claim", "flagged"),
    [
        # each example of what was not measured is left open; "fewer" states a finding
        ("Code reviewed with the assistant had fewer defects reaching production.", True),
        ("The assistant reduced the effort authors spend responding to false alarms.", True),
        ("With the assistant, reviewers found more seeded defects.", False),
    ],
)
def test_each_example_of_what_was_not_measured(claim: str, flagged: bool) -> None:
    evidence = [Evidence(s.page, s.text, s.bbox, 1.0, s.index) for s in REVIEWS.sentences]
    assert (check_left_open(claim, left_open(REVIEWS.sentences), evidence) is not None) == flagged


def test_a_pronoun_left_open_is_no_topic() -> None:
    paper = make_paper(
        [
            "The code-writing variant raised arithmetic accuracy to 60.2%; it was not evaluated on "
            "other question types.",
        ]
    )
    open_ = left_open(paper.sentences)
    evidence = [Evidence(s.page, s.text, s.bbox, 1.0, s.index) for s in paper.sentences]
    assert all(q.what for q in open_)
    claim = "Temperature scaling cut the model's calibration error from 0.112 to 0.041."
    assert check_left_open(claim, open_, evidence) is None
