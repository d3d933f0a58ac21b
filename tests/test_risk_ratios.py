"""Risk ratios read as the change a report states: "HR 0.71" is "a 29% lower risk"."""

from __future__ import annotations

from decimal import Decimal

import pytest

from core.config import CheckerSettings
from core.text.normalize import extract_numbers
from core.verify.risk_ratios import converted, glossed, multiples, nearest_ratio, ratio_values
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeRetriever, make_paper

OVERALL = (
    "Those who drank three or more cups per day had a lower risk of type 2 diabetes "
    "(HR 0.71, 95% CI 0.62-0.81)."
)
BY_SEX = "In men the HR for three or more cups was 0.64, and in women it was 0.82."
ODDS = "Smokers had higher odds of relapse (OR 1.45, 95% CI 1.10-1.91)."
QUARTERS = (
    "Compared with the least active quarter of women (a median of 2,718 steps per day), women "
    "in the second quarter (4,363 steps per day) had a hazard ratio of 0.59 (95% CI "
    "0.47-0.75), those in the third quarter (5,905 steps per day) 0.54 (95% CI 0.41-0.72), and "
    "those in the highest quarter (8,442 steps per day) 0.42 (95% CI 0.30-0.60)."
)


@pytest.mark.parametrize(
    ("claim", "evidence", "ratio"),
    [
        ("Drinkers had a 29% lower risk of type 2 diabetes.", OVERALL, "0.71"),
        ("Men who drank three cups had a 36% lower risk.", BY_SEX, "0.64"),
        ("Smokers had 45% higher odds of relapse.", ODDS, "1.45"),
        # the change told by a verb before the percentage, or as a likelihood
        ("Drinking three cups cut the risk of type 2 diabetes by 29%.", OVERALL, "0.71"),
        ("Drinking three cups reduced the risk by about 29%.", OVERALL, "0.71"),
        ("Smokers were 45% more likely to relapse.", ODDS, "1.45"),
        # of several ratios, the one of the group the claim names
        ("Women in the third quarter had a 46% lower risk.", QUARTERS, "0.54"),
        ("Women at about 4,400 steps a day had a 41% lower risk.", QUARTERS, "0.59"),
        ("Women in the third quarter had a 41% lower risk.", QUARTERS, None),
        ("Women in the highest quarter had a 46% lower risk.", QUARTERS, None),
        # the other way, another value, a bound of the interval, no change of risk stated
        ("Drinkers had a 29% higher risk of type 2 diabetes.", OVERALL, None),
        ("Drinkers had a 39% lower risk of type 2 diabetes.", OVERALL, None),
        ("Drinkers had a 38% lower risk of type 2 diabetes.", OVERALL, None),
        ("29% of drinkers developed type 2 diabetes.", OVERALL, None),
        # no ratio named in the sentence
        ("Drinkers had a 29% lower risk.", "The score fell from 1.00 to 0.71.", None),
    ],
)
def test_a_change_of_risk_converts_a_ratio(claim: str, evidence: str, ratio: str | None) -> None:
    mention = next(m for m in extract_numbers(claim) if m.percent)
    found = converted(claim, mention, [evidence])
    assert (found.value if found else None) == (Decimal(ratio) if ratio else None)


def test_the_ratio_is_an_anchor_of_the_claim() -> None:
    assert ratio_values("a 36% lower risk and 45% higher odds") == [
        Decimal("0.64"),
        Decimal("1.45"),
    ]


def test_the_judge_is_shown_the_conversion_of_a_lone_ratio() -> None:
    claim = "Drinkers had a 29% lower risk of type 2 diabetes."
    assert "(HR 0.71 (29% lower risk), 95% CI" in glossed(claim, OVERALL)
    # two ratios in one sentence: only the ratio of the group the claim names is glossed
    assert "men the HR for three or more cups was 0.64 (36% lower risk)," in glossed(
        "Men had a 36% lower risk.", BY_SEX
    )
    assert glossed("Drinkers of three cups had a 36% lower risk.", BY_SEX) == BY_SEX
    assert "0.54 (46% lower risk) (95% CI" in glossed(
        "Women in the third quarter had a 46% lower risk.", QUARTERS
    )
    assert glossed("Drinkers had a 39% lower risk.", OVERALL) == OVERALL
    # in the claim's own words
    assert "(OR 1.45 (45% higher odds), 95% CI" in glossed("Smokers had 45% higher odds.", ODDS)
    assert "(OR 1.45 (45% more likely), 95% CI" in glossed("Smokers were 45% more likely.", ODDS)


@pytest.mark.parametrize(
    ("claim", "number_flagged"),
    [
        ("Those who drank three or more cups had a 29% lower risk of type 2 diabetes.", False),
        ("Those who drank three or more cups had a 39% lower risk of type 2 diabetes.", True),
    ],
)
def test_a_converted_ratio_is_the_papers_number(claim: str, number_flagged: bool) -> None:
    paper = make_paper(["We followed 12,450 adults for a median of 9.2 years.", OVERALL])
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify(claim)[0]
    flagged = any(r.startswith("number_") for r in verdict.reasons)
    assert flagged == number_flagged, verdict.reasons


def test_a_wrong_change_of_risk_is_told_the_ratio() -> None:
    paper = make_paper(
        [
            "Each additional daily cup was associated with a 7% lower risk of type 2 diabetes.",
            OVERALL,
        ]
    )
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())
    claim = "Those who drank three or more cups had a 39% lower risk of type 2 diabetes."
    verdict = checker.verify(claim)[0]
    assert "number_mismatch:39%->0.71, a 29% lower risk" in verdict.reasons
    assert verdict.explanation.startswith(
        "The claim says 39%, but the paper says 0.71, a 29% lower risk (p. 1)"
    )


@pytest.mark.parametrize(
    ("claim", "nearest"),
    [
        ("Women had a 20% lower risk.", (0, "0.82, an 18% lower risk")),
        ("Men had a 30% lower risk.", (0, "0.64, a 36% lower risk")),
        ("20% of women were smokers.", None),
        # the group the claim names, then the ratio read as the percentage itself
        ("Women in the third quarter had a 41% lower risk.", (1, "0.54, a 46% lower risk")),
        ("Walking cuts the risk of death by 59%.", (1, "0.59, a 41% lower risk")),
        ("Women in the second quarter had a 54% lower risk.", (1, "0.59, a 41% lower risk")),
    ],
)
def test_the_nearest_ratio_of_several(claim: str, nearest: tuple[int, str] | None) -> None:
    mention = next(m for m in extract_numbers(claim) if m.percent)
    assert nearest_ratio(claim, mention, [BY_SEX, QUARTERS]) == nearest


@pytest.mark.parametrize(
    ("claim", "reason"),
    [
        # a ratio read as the percentage of the change: HR 0.59 is a 41% lower risk
        ("Walking 4,400 steps a day cuts the risk of death by 59%.", "0.59, a 41% lower risk"),
        ("Women in the second quarter were 59% less likely to die.", "0.59, a 41% lower risk"),
        # nor is the change a gap between two bounds of an interval (0.47 to 0.75 is +59.6%)
        ("Women in the highest quarter had a 46% lower risk.", "0.42, a 58% lower risk"),
        ("Women in the second quarter were 41% less likely to die.", None),
        ("Women at about 4,400 steps a day had a 41% lower risk of death.", None),
    ],
)
def test_a_ratio_is_not_its_percentage(claim: str, reason: str | None) -> None:
    paper = make_paper(
        [
            "As few as about 4,400 steps per day was associated with lower mortality.",
            QUARTERS,
        ]
    )
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify(claim)[0]
    mismatches = [r.split("->", 1)[1] for r in verdict.reasons if r.startswith("number_mismatch")]
    assert mismatches == ([reason] if reason else []), verdict.reasons


@pytest.mark.parametrize(
    ("claim", "reason"),
    [
        ("Men who drank three or more cups had a 36% lower risk.", None),
        ("Women who drank three or more cups had an 18% lower risk.", None),
        # a group's ratio given to another group, or to everyone
        ("Women who drank three or more cups had a 36% lower risk.", "0.82, an 18% lower risk"),
        ("Those who drank three or more cups had a 36% lower risk.", "0.71, a 29% lower risk"),
    ],
)
def test_a_groups_ratio_is_that_groups(claim: str, reason: str | None) -> None:
    paper = make_paper([OVERALL, BY_SEX])
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify(claim)[0]
    mismatches = [r.split("->", 1)[1] for r in verdict.reasons if r.startswith("number_mismatch")]
    assert mismatches == ([reason] if reason else []), verdict.reasons


@pytest.mark.parametrize(
    ("claim", "values"),
    [
        ("Girls were twice as likely to report symptoms.", ["2"]),
        ("Smokers had three times the risk of relapse.", ["3"]),
        ("Smoking doubled the odds of relapse.", ["2"]),
        ("Smokers were 2.5 times more likely to relapse.", ["2.5"]),
        ("Quitting halved the risk of relapse.", ["0.5"]),
        # a multiple of something else than a risk or likelihood
        ("Tweets were classified 1.1 times as frequently as sexist.", []),
        ("The model is twice as fast.", []),
    ],
)
def test_multiples_of_a_risk(claim: str, values: list[str]) -> None:
    assert [str(m.value) for m in multiples(claim)] == values


SURVEY = make_paper(
    [
        "Girls used social media more than boys: 43.1% of girls and 21.9% of boys reported "
        "three or more hours a day.",
        "Five or more hours a day was associated with higher odds of depressive symptoms in girls "
        "(odds ratio 1.52, 95% CI 1.26-1.84) and in boys (odds ratio 1.35, 95% CI 1.01-1.80).",
    ]
)


@pytest.mark.parametrize(
    ("claim", "reason"),
    [
        (
            "Heavy users among girls were twice as likely to have depressive symptoms.",
            "1.52, 52% higher odds",
        ),
        ("Heavy users among girls had about 1.5 times the odds of depressive symptoms.", None),
        # two percentages of one sentence whose quotient the multiple states
        (
            "Girls were about twice as likely as boys to use social media three or more hours "
            "a day.",
            None,
        ),
    ],
)
def test_a_multiple_is_read_against_the_ratios(claim: str, reason: str | None) -> None:
    checker = Checker(SURVEY, FakeRetriever(SURVEY), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify(claim)[0]
    mismatches = [r.split("->", 1)[1] for r in verdict.reasons if r.startswith("number_mismatch")]
    assert mismatches == ([reason] if reason else []), verdict.reasons


TRIAL = make_paper(
    [
        "Delirium occurred in 16.4% of patients receiving melatonin and 24.7% receiving placebo "
        "(relative risk [RR] 0.66, 95% CI 0.46-0.95).",
        "Falls were rarer with melatonin (RR 0.52, 95% CI 0.30-0.90).",
    ]
)


@pytest.mark.parametrize(
    ("claim", "reason"),
    [
        # a third lower is no half; the interval's bound is not the estimate
        ("Melatonin halved the risk of delirium.", "0.66, a 34% lower risk"),
        ("Melatonin roughly halved the risk of falls.", None),
    ],
)
def test_a_halved_risk_is_read_against_the_ratios(claim: str, reason: str | None) -> None:
    checker = Checker(TRIAL, FakeRetriever(TRIAL), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify(claim)[0]
    mismatches = [r.split("->", 1)[1] for r in verdict.reasons if r.startswith("number_mismatch")]
    assert mismatches == ([reason] if reason else []), verdict.reasons


SHARES = make_paper(
    [
        "The proportion of students sleeping less than 7 hours was 38% among heavy evening screen "
        "users and 21% among non-users.",
        "Students reported their usual sleep duration.",
    ]
)


@pytest.mark.parametrize(
    ("claim", "reason"),
    [
        # no ratio in the paper: the two percentages of the sentence about the claim
        (
            "Heavy screen users were three times as likely to sleep less than 7 hours.",
            "38% against 21%, 1.8 times",
        ),
        ("Heavy screen users were nearly twice as likely to sleep less than 7 hours.", None),
    ],
)
def test_a_multiple_is_read_against_two_percentages(claim: str, reason: str | None) -> None:
    checker = Checker(SHARES, FakeRetriever(SHARES), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify(claim)[0]
    mismatches = [r.split("->", 1)[1] for r in verdict.reasons if r.startswith("number_mismatch")]
    assert mismatches == ([reason] if reason else []), verdict.reasons


EXPOSURES = make_paper(
    [
        "Ever handling any pesticide at work was associated with PD (adjusted odds ratio 1.62, "
        "95% CI 1.24-2.11), as was handling paraquat (OR 2.08, 1.41-3.07).",
    ]
)
CONVERSIONS = make_paper(
    [
        "By 2023, 148 of 2,388 treated buildings (6.2%) had converted, compared with 175 of 4,524 "
        "comparison buildings (3.9%) (adjusted odds ratio 1.58; 95% CI 1.24 to 2.01).",
    ]
)


@pytest.mark.parametrize(
    ("claim", "reason"),
    [
        # "as was handling paraquat" shares the first ratio's predicate
        ("Workers who handled paraquat had roughly twice the odds of PD.", None),
        (
            "Workers who handled any pesticide at work had twice the odds of PD.",
            "1.62, 62% higher odds",
        ),
        # the arms a ratio compares are the comparison's own, no other group
        ("Newly covered buildings had about 1.6-fold higher odds of conversion.", None),
        (
            "Newly covered buildings had about 2.5-fold higher odds of conversion.",
            "1.58, 58% higher odds",
        ),
    ],
)
def test_a_ratio_of_an_ellipsis_or_of_the_arms(claim: str, reason: str | None) -> None:
    paper = CONVERSIONS if "buildings" in claim else EXPOSURES
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify(claim)[0]
    mismatches = [r.split("->", 1)[1] for r in verdict.reasons if r.startswith("number_mismatch")]
    assert mismatches == ([reason] if reason else []), verdict.reasons
