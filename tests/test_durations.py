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
        # how long the study followed, tracked or ran is one span
        ("7 days", 168.0, "span"),
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
        # what a rate is counted per is no duration of anything done
        ("Participants were tested for 20 more minutes a week.", None),
        ("Participants were tested for a week.", "a week->90 minutes"),
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


FLUXES = (
    "We compared greenhouse gas fluxes from rewetted and drained plots over three years (March "
    "2019 to February 2022)."
)
SCHOOLS = "We conducted a controlled before-and-after study across two school years."


@pytest.mark.parametrize(
    ("claim", "sentence", "reason"),
    [
        # how long the study went on, however the paper words it
        ("The researchers followed the plots for five years.", FLUXES, "five years->three years"),
        ("The team tracked rewetted and drained plots for three years.", FLUXES, None),
        (
            "Students were followed for three school years.",
            SCHOOLS,
            "three school years->two school years",
        ),
        ("Students were followed for two school years.", SCHOOLS, None),
        # "was followed by" says what came after, half an hour is no span
        ("The later start was followed by half an hour more sleep.", SCHOOLS, None),
    ],
)
def test_how_long_the_study_went_on(claim: str, sentence: str, reason: str | None) -> None:
    found = check_durations(claim, paper_durations(make_paper([sentence]).sentences))
    assert (found.reason if found else None) == (reason and f"duration_mismatch:{reason}")


def test_a_period_the_paper_says_it_covers() -> None:
    paper = paper_durations(
        make_paper(
            ["The post-law period covers five years, so longer-run effects are unknown."]
        ).sentences
    )
    found = check_durations("The researchers followed firms for ten years after the law.", paper)
    assert found is not None and found.reason == "duration_mismatch:ten years->five years"
    assert durations("Sleep rose by half an hour.") == []


def test_half_an_hour_and_a_daily_difference() -> None:
    assert [
        (d.written, d.hours) for d in durations("Workers reduced sitting by half an hour.")
    ] == [("half an hour", 0.5)]
    # "half an hour a day more than younger workers" is a difference, no duration of its own
    assert durations("Older workers reduced sitting by half an hour a day more than others.") == []
