"""A value read in its clause when a sentence contrasts two conditions."""

from __future__ import annotations

import pytest

from core.text.normalize import extract_numbers
from core.types import Evidence
from core.verify.clause_binding import clause_mismatch

ALPHA = Evidence(
    8,
    "Using text-only data the optimal value for alpha (minimum MSE on the main task) varies in "
    "the range 0.5 to 0.8 for different values of n, while for multi-modal data it is in the "
    "range 0.4 to 0.6.",
    (0, 0, 1, 1),
    1.0,
    3,
)
SUBGROUPS = Evidence(
    2,
    "Among participants with obesity (BMI 30 or higher) the HR was 0.79 (0.66-0.95), whereas "
    "among those with BMI below 25 it was 0.91 (0.71-1.17).",
    (0.0, 0.0, 1.0, 1.0),
    0.9,
    4,
)
SPLIT = Evidence(
    2,
    "On the English test set the tagger reaches 91.2% accuracy; on the Chinese test set it "
    "reaches 84.7%.",
    (0, 0, 1, 1),
    1.0,
    5,
)

SCALING = Evidence(
    2,
    "Before temperature scaling TabSci's ECE was 0.112; after scaling it was 0.041, compared "
    "with 0.063 for Halden-7B.",
    (0, 0, 1, 1),
    1.0,
    7,
)

#: A table row: its semicolons part cells, not clauses.
ROW = Evidence(
    1,
    "Trades Unions: Size 19; OD-w2v ARI 0.44; OD-d2v ARI 0.29; OD-w2v Sil 0.48",
    (0, 0, 1, 1),
    1.0,
    16,
)


@pytest.mark.parametrize(
    ("claim", "evidence", "expected"),
    [
        # the other clause's condition, this clause's values: the same-placed value is named
        (
            "Why does the optimal α for text-only data stay in the range 0.4 to 0.6?",
            ALPHA,
            ("0.4", "0.5"),
        ),
        ("For text-only data the optimal alpha lies between 0.5 and 0.6.", ALPHA, ("0.6", "0.8")),
        ("On the Chinese test set the tagger reaches 91.2%.", SPLIT, ("91.2%", "84.7%")),
        # the clause's own condition
        ("For text-only data the optimal alpha lies between 0.5 and 0.8.", ALPHA, None),
        ("For multi-modal data the optimal alpha is 0.4 to 0.6.", ALPHA, None),
        ("The tagger reaches 84.7% on the Chinese test set.", SPLIT, None),
        # a condition in other words is no parallel: not read
        ("The optimal alpha ranges from 0.4 to 0.6 for multimodal input.", ALPHA, None),
        # words of both clauses: not read
        ("The tagger reaches 84.7% on Chinese, against English's 91.2%.", SPLIT, None),
        ("The ARI of OD-d2v on Trades Unions is 0.48.", ROW, None),
        # a claim's own contrast: each value holds the condition of its own clause only
        (
            "In people with obesity, higher intake was tied to a lower risk, but in those with a "
            "BMI under 25 the estimate was not significant.",
            SUBGROUPS,
            None,
        ),
        (
            "On the Chinese test set the tagger reaches 91.2%, but it does worse elsewhere.",
            SPLIT,
            ("91.2%", "84.7%"),
        ),
        # a claim going from one clause's value to the other's states both
        (
            "Temperature scaling cut TabSci's expected calibration error from 0.112 to 0.041.",
            SCALING,
            None,
        ),
        ("Before temperature scaling TabSci's ECE was 0.041.", SCALING, ("0.041", "0.112")),
    ],
)
def test_clause_mismatch(claim: str, evidence: Evidence, expected: tuple[str, str] | None) -> None:
    found = clause_mismatch(extract_numbers(claim), claim, [evidence])
    assert (found and (found.claim_value, found.paper_value)) == expected


def test_a_dose_that_names_an_arm_is_no_clause_value() -> None:
    arms = Evidence(
        2,
        "In this 12-week phase 2 trial, once-daily velopirant 75 mg reduced monthly migraine "
        "days and lowered acute medication use, whereas the 25 mg dose did not separate "
        "significantly from placebo on the primary endpoint.",
        (0.0, 0.0, 1.0, 1.0),
        1.0,
        0,
    )
    claim = "On the 75 mg dose, patients needed acute medication on fewer days than on placebo."
    assert clause_mismatch(extract_numbers(claim), claim, [arms]) is None
