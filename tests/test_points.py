"""A difference in percentage points, against the relative change the paper states."""

from __future__ import annotations

import pytest

from core.config import CheckerSettings
from core.types import Evidence
from core.verify.points import points_mismatch
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeRetriever, make_paper

NEC = (
    "A two-strain probiotic reduced NEC of stage 2 or higher by about 44% in relative terms "
    "and by 3.2 percentage points in absolute terms."
)
DELIRIUM = (
    "Delirium was recorded in 4 of 156 (2.6%) hospital-at-home patients and 15 of 156 (9.6%) "
    "inpatients (risk ratio 0.27, 95% CI 0.09 to 0.79; p=0.02)."
)
ERRORS = (
    "A critical error survived in 38 of 412 segments (9.2%) in the flagged arm and in 71 of "
    "398 (17.8%) in the unflagged arm, an absolute difference of 8.6 percentage points (risk "
    "ratio 0.52, 95% CI 0.36-0.75; p<0.001)."
)
LEGUMES = "Higher legume intake was associated with an 18% lower relative risk of diabetes."
READMISSION = (
    "Readmission occurred in 24.4% versus 33.3% of patients (risk ratio 0.73, 95% CI 0.51 to "
    "1.04; p=0.09)."
)
ADHERENCE = (
    "Mean adherence was 62.4% with reminders and 47.9% with usual care, a relative increase of 30%."
)


def evidence(*texts: str) -> list[Evidence]:
    return [Evidence(2, t, (0.0, 0.0, 1.0, 1.0), 0.9, i) for i, t in enumerate(texts)]


@pytest.mark.parametrize(
    ("claim", "texts", "said"),
    [
        # a relative change stated as points: the paper's absolute difference is named
        (
            "The probiotic lowered the rate of NEC by 44 percentage points.",
            [NEC],
            "3.2 percentage points",
        ),
        # a ratio's distance from 1 stated as points: the two levels give the difference
        (
            "Home care cut the absolute risk of delirium by 73 percentage points.",
            [DELIRIUM],
            "7.0 percentage points (2.6% against 9.6%)",
        ),
        (
            "Flags lowered surviving critical errors by 48 percentage points.",
            [ERRORS],
            "8.6 percentage points",
        ),
        (
            "Eating legumes lowered the absolute risk of diabetes by 18 percentage points.",
            [LEGUMES],
            "18% as a relative change",
        ),
        # the paper's own points, or two levels the claim's points lie between
        ("The probiotic lowered NEC by 3.2 percentage points.", [NEC], None),
        ("Flags cut surviving critical errors by about 8.6 pp.", [ERRORS], None),
        ("Reminders raised adherence by about 14.5 percentage points.", [ADHERENCE], None),
        # the ratio's own value is no relative change of 73
        ("Home care cut readmission by 73 percentage points.", [READMISSION], None),
        # a relative change claimed as a percentage is binding's, not this check's
        ("The probiotic lowered the rate of NEC by 44%.", [NEC], None),
        # points said of no relative change
        ("Reminders raised adherence by 30 percentage points.", [DELIRIUM], None),
        # a percentage more of a score is its quotient, not points
        (
            "GridSentinel improved F1 by 72 percentage points over the rule-based checks.",
            ["Relative to the rule-based system, GridSentinel's F1 was about 72% higher."],
            "72% as a relative change",
        ),
        (
            "Uptake rose by 14 percentage points.",
            ["Uptake was 14% higher, 61% against 47%."],
            None,
        ),
    ],
)
def test_points_against_a_relative_change(claim: str, texts: list[str], said: str | None) -> None:
    found = points_mismatch(claim, evidence(*texts))
    assert (found.paper_value if found else None) == said


def test_the_verdict_names_the_absolute_difference() -> None:
    paper = make_paper([NEC, READMISSION])
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify("The probiotic lowered the rate of NEC by 44 percentage points.")[0]
    assert verdict.status.value == "unsupported"
    assert verdict.reasons[0] == "number_mismatch:44 percentage points->3.2 percentage points"
    assert "3.2 percentage points (p. " in verdict.explanation
