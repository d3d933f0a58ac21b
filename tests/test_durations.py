"""How long something lasted or how long after it came: a claim's duration against the paper's."""

from __future__ import annotations

import pytest

from core.config import CheckerSettings
from core.verify.durations import check_durations, durations, paper_durations
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeRetriever, make_paper

PAPER = make_paper(
    [
        "Cohort B (96 mice) was followed for 7 days for survival.",
        "The next morning, participants were tested on recognition 90 minutes later.",
        "Participants wore actigraphs for one week before the study.",
        "Mice aged 10 weeks were randomized by body weight.",
        "Students who used screens slept on average 24 minutes less.",
    ]
)
DURATIONS = paper_durations(PAPER.sentences)


def test_durations_are_read_with_the_verb_they_qualify() -> None:
    assert [(d.written, round(d.hours, 2), d.verb) for d, _ in DURATIONS] == [
        ("7 days", 168.0, "follow"),
        ("90 minutes", 1.5, "test"),
        ("one week", 168.0, "wore"),
    ]
    # a bound is no duration of its own
    assert durations("Heavy users slept for less than 7 hours.") == []


@pytest.mark.parametrize(
    ("claim", "reason"),
    [
        ("The mice were followed for a month to track survival.", "a month->7 days"),
        ("Participants were tested a week after studying.", "a week->90 minutes"),
        # the paper's own duration in words, another verb, a verb without durations
        ("The mice were followed for a week.", None),
        # how whole a span is says nothing of how long
        ("The mice were followed for a full month.", "a full month->7 days"),
        ("The mice were followed for a full week.", None),
        ("Participants wore trackers for seven days beforehand.", None),
        ("Participants were tested two hours later.", "two hours->90 minutes"),
        ("Caffeine was banned for 48 hours.", None),
    ],
)
def test_a_duration_the_paper_gives_otherwise(claim: str, reason: str | None) -> None:
    found = check_durations(claim, DURATIONS)
    assert (found.reason if found else None) == (reason and f"duration_mismatch:{reason}")


@pytest.mark.parametrize(
    ("claim", "reason"),
    [
        ("The trial ran for a year and a half.", None),
        ("The trial ran for one and a half years.", None),
        ("The trial ran for a year.", "a year->18 months"),
        ("The trial ran for two and a half years.", "two and a half years->18 months"),
    ],
)
def test_a_half_is_part_of_a_duration(claim: str, reason: str | None) -> None:
    paper = paper_durations(
        make_paper(["The trial ran for 18 months (March 2021 to 2022)."]).sentences
    )
    found = check_durations(claim, paper)
    assert (found.reason if found else None) == (reason and f"duration_mismatch:{reason}")


def test_the_verdict_names_the_papers_duration() -> None:
    checker = Checker(PAPER, FakeRetriever(PAPER), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify("The mice were followed for a month to track survival.")[0]
    assert verdict.status.value == "unsupported"
    assert verdict.reasons[0] == "duration_mismatch:a month->7 days"
    assert verdict.explanation.startswith(
        "The claim says a month, but the paper says 7 days (p. 1)"
    )
