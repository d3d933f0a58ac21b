"""Which outcome was primary: a claim naming a secondary outcome as the study's main one."""

from __future__ import annotations

import pytest

from core.config import CheckerSettings
from core.text.long_forms import long_forms
from core.types import Paper
from core.verify.primary_outcome import check_primary_outcome, paper_outcomes
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeRetriever, make_paper

PAPER = make_paper(
    [
        "We followed 38 neighbourhoods for two years.",
        "The primary outcome was change in combined weekly minutes of walking and cycling, "
        "measured by travel diaries.",
        "Secondary outcomes were car ownership, boundary-road traffic and road injuries.",
        "Walking and cycling rose by 41 minutes a week.",
    ]
)
OUTCOMES = paper_outcomes(PAPER.sentences)


def test_the_papers_outcomes_are_read_from_their_definitions() -> None:
    assert OUTCOMES is not None
    # how it was measured is not what it is
    assert OUTCOMES.primary == "change in combined weekly minutes of walking and cycling"
    assert {"injur", "ownership"} <= OUTCOMES.secondary_words
    # a paper without secondary outcomes still defines its primary one
    alone = paper_outcomes(make_paper(["The primary outcome was BMI."]).sentences)
    assert alone is not None and alone.primary == "BMI" and not alone.secondary_words


@pytest.mark.parametrize(
    ("claim", "claimed"),
    [
        (
            "The study's main outcome was road injuries, which it used to judge success.",
            "road injuries",
        ),
        ("Road injuries, the study's primary outcome, fell by a fifth.", "Road injuries"),
        ("Car ownership was the trial’s main outcome.", "Car ownership"),
        ("The trial's primary endpoint was car ownership.", "car ownership"),
        (
            "The researchers' main aim was to measure boundary-road traffic.",
            "boundary-road traffic",
        ),
        # the primary outcome in the claim's own words
        ("The main outcome was weekly minutes spent walking or cycling.", None),
        ("Walking and cycling time, the primary outcome, rose.", None),
        # how the main outcome came out says nothing of which it was
        ("The difference on the main outcome was small and not significant.", None),
        # a secondary outcome named as one
        ("Road injuries were a secondary outcome.", None),
        # an outcome sharing no word with the primary one, named or not among the secondary
        ("The study's primary outcome was bus patronage, which rose.", "bus patronage"),
        ("The primary endpoint, car ownership, fell by 3%.", "car ownership"),
        ("The main outcome, weekly cycling minutes, rose by 41 minutes.", None),
    ],
)
def test_a_secondary_outcome_named_as_the_primary(claim: str, claimed: str | None) -> None:
    found = check_primary_outcome(claim, OUTCOMES)
    assert (found.claimed if found else None) == claimed


@pytest.mark.parametrize(
    ("claim", "claimed"),
    [
        ("The study's primary outcome was forage yield, which rose by 13%.", "forage yield"),
        ("The trial's primary endpoint, the forage yield, improved by 13%.", "the forage yield"),
        ("The study's primary outcome was soil carbon, which rose.", None),
        ("The primary outcome, the SOC stock, rose by 2.1 Mg C per hectare.", None),
    ],
)
def test_an_outcome_the_primary_does_not_name_in_a_paper_without_secondary_ones(
    claim: str, claimed: str | None
) -> None:
    paper = make_paper(
        [
            "The primary outcome was the change in soil organic carbon (SOC) stock at 0-30 cm.",
            "Forage production was 13% higher under rotational grazing (p = 0.013).",
        ]
    )
    outcomes = paper_outcomes(paper.sentences, long_forms(paper_text(paper)))
    found = check_primary_outcome(claim, outcomes)
    assert (found.claimed if found else None) == claimed


def test_the_verdict_names_the_papers_primary_outcome() -> None:
    checker = Checker(PAPER, FakeRetriever(PAPER), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify("The study's main outcome was road injuries.")[0]
    assert verdict.status.value == "unsupported"
    assert verdict.reasons[0].startswith("primary_outcome_mismatch:road injuries->change in")
    assert "The primary outcome was change in combined weekly minutes" in verdict.explanation


def test_a_list_after_a_colon_and_an_abbreviation_the_paper_defines() -> None:
    paper = make_paper(
        [
            "The primary outcome was child language at age 3 on the Harland scale.",
            "Secondary outcomes were: developmental risk at age 3; emergency department (ED) "
            "visits for injury to age 3; and maternal depression.",
        ]
    )
    outcomes = paper_outcomes(paper.sentences, long_forms(paper_text(paper)))
    assert outcomes is not None
    # words both definitions use tell neither apart
    assert "age" not in outcomes.primary_words
    assert {"emergency", "injury", "depression"} <= outcomes.secondary_words
    found = check_primary_outcome(
        "The trial's primary endpoint was whether children needed emergency care for injuries "
        "before age 3.",
        outcomes,
    )
    assert found is not None
    assert found.stated == "child language at age 3 on the Harland scale"
    assert check_primary_outcome("The main outcome was children's language at 3.", outcomes) is None


def paper_text(paper: Paper) -> str:
    return " ".join(s.text for s in paper.sentences)
