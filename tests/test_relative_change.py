"""Relative and absolute change told apart: a ratio's change as absolute, points as percent."""

from __future__ import annotations

import pytest

from core.config import CheckerSettings
from core.verify.relative_change import check_relative_change, paper_changes
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeRetriever, make_paper

PAPER = make_paper(
    [
        "We randomised 900 adults with a hip fracture to hospital-at-home or ward care.",
        "Delirium was less common in the hospital-at-home group than in the ward group "
        "(relative risk [RR] 0.27, 95% CI 0.12 to 0.61).",
        "The risk ratio of readmission within 30 days was 0.85 (0.66 to 1.09).",
        "Carers' strain scores differed by 4 points between groups.",
        "Uptake of the first home visit rose from 20.7% to 75.6% after the change.",
        "Satisfaction was 80% in the first month and 88% at six months.",
        "A clinically meaningful improvement was achieved by 47.7% of app users and 20.4% of "
        "controls, a risk ratio of 2.34 (95% CI 1.55 to 3.53) and an absolute difference of "
        "27.3 percentage points.",
    ]
)
CHANGES = paper_changes(PAPER.sentences)


@pytest.mark.parametrize(
    ("claim", "claimed"),
    [
        # a relative reduction written as an absolute one
        (
            "Hospital-at-home lowered the absolute risk of delirium by 73%.",
            "an absolute change of 73%",
        ),
        (
            "Care at home cut the absolute risk of delirium by about three quarters.",
            "an absolute change of about three quarters",
        ),
        # the difference in points written as a percent change
        (
            "Uptake of the first home visit rose from 20.7% to 75.6%, an increase of about 55 "
            "percent.",
            "a change of 55%",
        ),
        # what the paper says
        ("Care at home lowered the risk of delirium by 73%.", None),
        ("Delirium risk was 73% lower in the hospital-at-home group.", None),
        ("Uptake of the first home visit rose by 55 percentage points, from 20.7% to 75.6%.", None),
        ("Satisfaction rose from 80% to 88%, 10 percent more.", None),
        # a difference in points the paper itself gives
        ("The absolute difference in carers' strain was reduced by 4%.", None),
        # a ratio of another outcome, whose words the claim does not share
        ("Fruit intake: its absolute level rose by 15%.", None),
        # percentages the paper does not give together are not its figures
        ("Attendance went from 20% to 30%, an increase of 10 percent.", None),
        # a difference the paper gives in points, beside a ratio, said as a percent
        (
            "The app raised the rate of clinically meaningful improvement by about 27 percent.",
            "a change of 27%",
        ),
        (
            "The app raised the rate of clinically meaningful improvement by about 27 "
            "percentage points.",
            None,
        ),
        ("The app raised the rate of clinically meaningful improvement by 134%.", None),
    ],
)
def test_relative_and_absolute_changes(claim: str, claimed: str | None) -> None:
    found = check_relative_change(claim, CHANGES)
    assert (found.claimed if found else None) == claimed


def test_the_verdict_names_the_ratio_and_its_relative_change() -> None:
    checker = Checker(PAPER, FakeRetriever(PAPER), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify(
        "Hospital-at-home lowered the absolute risk of delirium by about three quarters."
    )[0]
    assert verdict.status.value == "unsupported"
    assert verdict.reasons[0] == (
        "relative_change_mismatch:an absolute change of about three quarters->"
        "a ratio of 0.27, a relative change of 73%"
    )
    assert verdict.explanation.startswith(
        "The claim says an absolute change of about three quarters, but the paper says a ratio "
        "of 0.27, a relative change of 73% (p. 1): “Delirium was less common"
    )
