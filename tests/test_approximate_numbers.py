"""Approximate numbers ("around 89,000") and bounds ("more than 2,000") stand for the paper's value.

A value within the approximate number's rounding, or just inside the bound.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from core.config import CheckerSettings
from core.text.normalize import approximate_tolerance, digit_unit, settled_mentions
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeRetriever, make_paper

PAPER = make_paper(
    [
        "There are 2,243 earnings calls in 2017 in the raw dataset. These 576 earnings calls "
        "correspond to 88,829 aligned sentences.",
        "The error falls by horizon: 3-days (+38.4%), 7-days (+16.9%), 15-days (+49.0%). "
        "The encoder uses 16 attention heads.",
        "本文标注了8000个糖尿病问题。",
        "We followed the participants for a median of 9.2 years. During follow-up, 1,093 "
        "participants developed diabetes. The cohort was 58% female.",
        "Delivery cost £139.50 per pupil, mostly staff time.",
        "Dementia developed in 7.0% of users and 10.2% of non-users.",
        "SDT-12 out-yielded the local variety in 29 of 34 farm-seasons.",
    ]
)


@pytest.mark.parametrize(
    ("value", "tolerance"),
    [
        ("16", "1"),
        ("38.4", "0.1"),
        ("89000", "500"),
        ("8100", "50"),
        ("90", "1"),
        ("2000", "500"),
        ("140", "10"),
        ("142", "1"),
        ("100", "10"),
    ],
)
def test_tolerance_is_the_rounding_of_the_value(value: str, tolerance: str) -> None:
    assert approximate_tolerance(Decimal(value)) == Decimal(tolerance)


def test_a_round_percentage_stays_within_one() -> None:
    assert approximate_tolerance(Decimal(140), percent=True) == 1
    assert approximate_tolerance(Decimal(85), percent=True) == 1
    # a round tens below a hundred is said of what lies within two: "close to 90%" of 88.4%
    assert approximate_tolerance(Decimal(90), percent=True) == 2


@pytest.mark.parametrize(
    ("claim", "number_flagged"),
    [
        # within the rounding of the paper's value
        ("The dataset holds around 89,000 aligned sentences.", False),
        ("The error falls by roughly 16% for 7-day predictions.", False),
        ("The error falls by about 38% for 3-day predictions.", False),
        ("The error falls by about 16-17% for 7-day predictions.", False),
        ("本文标注了约8000个糖尿病问题。", False),
        ("Participants were followed for a median of close to 9 years.", False),
        # a currency sign between the hedge and its number
        ("The programme cost roughly £140 per pupil to deliver.", False),
        # the hedge holds for the value set against the first
        ("Dementia developed less often in users (about 7% versus 10%).", False),
        ("Dementia developed less often in users (about 7% versus 13%).", True),
        # and for every value of a list it opens
        ("Dementia developed in about 7% and 10% of users and non-users.", False),
        ("Dementia developed in about 7% and 13% of users and non-users.", True),
        # the same numbers stated exactly must be the paper's
        ("The dataset holds 89,000 aligned sentences.", True),
        ("The error falls by 16% for 7-day predictions.", True),
        # beyond the rounding
        ("The dataset holds around 95,000 aligned sentences.", True),
        ("There are about 3,000 earnings calls in the raw dataset.", True),
        ("The error falls by roughly 19% for 7-day predictions.", True),
        ("Participants were followed for a median of close to 11 years.", True),
        ("本文标注了约8100个糖尿病问题。", True),
        ("The programme cost £140 per pupil to deliver.", True),
    ],
)
def test_approximate_numbers(claim: str, number_flagged: bool) -> None:
    flagged, reasons = _number_flagged(claim)
    assert flagged == number_flagged, reasons


@pytest.mark.parametrize(
    ("value", "step"),
    [("12000", "1000"), ("80", "10"), ("82", "1"), ("2.5", "0.1"), ("400", "100"), ("3", "1")],
)
def test_a_bound_reaches_to_its_next_round_number(value: str, step: str) -> None:
    assert digit_unit(Decimal(value)) == Decimal(step)


@pytest.mark.parametrize(
    ("claim", "number_flagged"),
    [
        # the paper's value lies just inside the bound
        ("There are more than 2,000 earnings calls in the raw dataset.", False),
        ("Over 2,000 earnings calls make up the raw dataset.", False),
        # the year inside the bound is not the count it bounds
        ("The raw dataset holds more than 2,000 earnings calls from 2017.", False),
        ("Fewer than 1,100 participants developed diabetes.", False),
        ("The cohort was more than 50% female.", False),
        ("The cohort was more than 55% female.", False),
        ("本文标注了超过7000个糖尿病问题。", False),
        ("The participants were followed for about nine years.", False),
        # outside the bound, or too far inside it to be the bound one would write
        ("There are more than 3,000 earnings calls in the raw dataset.", True),
        ("Fewer than 1,000 participants developed diabetes.", True),
        ("The cohort was more than 60% female.", True),
        ("The cohort was more than 52% female.", True),
        ("There are more than 1,000 earnings calls in the raw dataset.", True),
    ],
)
def test_bounds(claim: str, number_flagged: bool) -> None:
    flagged, reasons = _number_flagged(claim)
    assert flagged == number_flagged, reasons


@pytest.mark.parametrize(
    ("claim", "number_flagged"),
    [
        # a percentage worked out from a count of a whole the paper gives (29 of 34 is 85.3%)
        ("SDT-12 out-yielded the local variety in about 85% of farm-seasons.", False),
        ("SDT-12 out-yielded the local variety in 85% of farm-seasons.", False),
        ("SDT-12 out-yielded the local variety in 85.3% of farm-seasons.", False),
        ("SDT-12 out-yielded the local variety in 86% of farm-seasons.", True),
        ("SDT-12 out-yielded the local variety in about 88% of farm-seasons.", True),
    ],
)
def test_a_percentage_of_a_counted_whole(claim: str, number_flagged: bool) -> None:
    flagged, reasons = _number_flagged(claim)
    assert flagged == number_flagged, reasons


def _number_flagged(claim: str) -> tuple[bool, tuple[str, ...]]:
    checker = Checker(PAPER, FakeRetriever(PAPER), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify(claim)[0]
    return any(r.startswith("number_") for r in verdict.reasons), verdict.reasons


QUARTERS = make_paper(
    [
        "Women in the second quarter took 4,363 steps per day and those in the third quarter "
        "5,905 steps per day.",
        "As few as about 4,400 steps per day was associated with lower mortality.",
    ]
)


@pytest.mark.parametrize(
    ("claim", "mismatch"),
    [
        # a hedged value covers the paper's within its rounding, and so does the paper's own
        # hedged statement of the claim's value
        ("Women in the second quarter took about 4,400 steps per day.", None),
        ("Women in the second quarter took 4,400 steps per day.", None),
        ("Women in the second quarter took about 5,900 steps per day.", "5,900->4,363"),
        ("Women in the third quarter took about 4,400 steps per day.", "4,400->5,905"),
    ],
)
def test_a_hedged_value_covers_its_rounding(claim: str, mismatch: str | None) -> None:
    checker = Checker(QUARTERS, FakeRetriever(QUARTERS), FakeEmbedder(), None, CheckerSettings())
    reasons = checker.verify(claim)[0].reasons
    found = [r.split(":", 1)[1] for r in reasons if r.startswith("number_mismatch")]
    assert found == ([mismatch] if mismatch else []), reasons


STEPS = make_paper(
    [
        "The women had completed a trial that ended in 2004.",
        "The least active quarter of women took a median of 2,718 steps per day.",
        "Each additional 1,000 steps per day was associated with lower mortality.",
    ]
)


@pytest.mark.parametrize(
    ("claim", "flagged"),
    [
        # a bound settles on a value with its unit, not on a year
        ("The least active quarter took more than 2,000 steps per day.", False),
        ("The least active quarter took about 2,700 steps per day.", False),
        ("The least active quarter took fewer than 3,000 steps per day.", False),
        # a bound whose number the paper states of something else is read against the value
        ("The least active quarter took fewer than 1,000 steps per day.", True),
        ("The least active quarter took more than 3,000 steps per day.", True),
    ],
)
def test_a_bound_is_read_against_the_value_it_bounds(claim: str, flagged: bool) -> None:
    checker = Checker(STEPS, FakeRetriever(STEPS), FakeEmbedder(), None, CheckerSettings())
    reasons = checker.verify(claim)[0].reasons
    assert any(r.startswith("number_") for r in reasons) == flagged, reasons


@pytest.mark.parametrize(
    ("claim", "mismatch"),
    [
        # a bound on a five covers the paper's value up to the next five, even where the paper
        # states the bound's own number of something else
        ("More than 85% of eligible adults took part.", None),
        ("More than 90% of eligible adults took part.", "90%->86.3%"),
        ("Fewer than 80% of eligible adults took part.", "80%->86.3%"),
    ],
)
def test_a_bound_covers_a_rival_inside_it(claim: str, mismatch: str | None) -> None:
    paper = make_paper(
        [
            "Of 5,576 eligible adults approached, 4,812 took part (response rate 86.3%).",
            "Participants were aged 35 to 85 years, and 85% lived in rural communes.",
        ]
    )
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())
    reasons = checker.verify(claim)[0].reasons
    found = [r.split(":", 1)[1] for r in reasons if r.startswith("number_mismatch")]
    assert found == ([mismatch] if mismatch else []), reasons


@pytest.mark.parametrize(
    ("claim", "flagged"),
    [
        # the base of a rate is its unit: no count of patients to bind to "232 patients"
        (
            "With 5 mg, about eight fewer patients per 100 developed delirium than with placebo.",
            False,
        ),
        (
            "With 5 mg, about eight fewer patients in 100 developed delirium than with placebo.",
            True,
        ),
    ],
)
def test_a_rates_base_is_no_value(claim: str, flagged: bool) -> None:
    paper = make_paper(
        [
            "Delirium occurred in 38 of 232 (16.4%) patients receiving 5 mg and 57 of 231 (24.7%) "
            "receiving placebo."
        ]
    )
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify(claim)[0]
    assert any(r.startswith("number_") for r in verdict.reasons) == flagged


def test_hedged_and_bounded_values_settle_on_the_values_they_stand_for() -> None:
    text = "About 34% of more than 9,000 people, 12 sites and nearly 50% of the rest."
    values = {True: {Decimal("33.9")}, False: {Decimal(9201), Decimal(12)}}
    assert [m.canonical for m in settled_mentions(text, values)] == ["33.9%", "9201"]


def test_a_hedged_value_in_its_unit_is_the_papers_nearest_in_that_unit() -> None:
    paper = make_paper(
        [
            "Median GPU latency was 0.21 s per question.",
            "Dropout was set to 0.2 in every layer.",
        ]
    )
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())

    def reasons(claim: str) -> tuple[str, ...]:
        return checker.verify(claim)[0].reasons

    # 0.2 occurs, but not in seconds: the hedge reaches the paper's 0.21 s
    assert not any(r.startswith("number_") for r in reasons("Latency was roughly 0.2 seconds."))
    assert "number_unit_not_in_paper:0.2 seconds" in reasons("Latency was 0.2 seconds.")
    assert "number_not_in_paper:0.5" in reasons("Latency was about 0.5 seconds.")


@pytest.mark.parametrize(
    ("claim", "flagged"),
    [
        # a percent change that is a named ratio's distance from 1
        ("Each extra 100,000 m3 injected went with roughly an 80% rise in the event count.", False),
        ("Spontaneous speech produced about 70% more word errors than read speech.", False),
        ("Eviction filings dropped by close to 30% in regulated buildings.", False),
        # not that distance, or no change said
        ("Each extra 100,000 m3 injected went with roughly a 60% rise in the event count.", True),
        # the ratio on the other side of 1 than the change goes
        ("Each extra 100,000 m3 injected went with roughly an 80% fall in the event count.", True),
        ("Eviction filings rose by close to 30% in regulated buildings.", True),
        ("Eviction filings in regulated buildings were 30% of the total.", True),
        # a ratio of another outcome, whose words the claim does not share
        ("Rents for new tenants dropped by close to 30%.", True),
    ],
)
def test_a_change_that_is_a_named_ratios_distance_from_one(claim: str, flagged: bool) -> None:
    paper = make_paper(
        [
            "Each additional 100,000 m3 injected per month was associated with a higher monthly "
            "event count (incidence rate ratio [IRR] 1.80, 95% CI 1.42 to 2.28).",
            "The ratio of spontaneous to read word error rate was 1.71 (95% CI 1.58 to 1.85).",
            "Eviction filings fell in regulated buildings (hazard ratio 0.71; 95% CI 0.58 to "
            "0.87).",
        ]
    )
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())
    reasons = checker.verify(claim)[0].reasons
    assert any(r.startswith("number_") for r in reasons) == flagged, reasons
