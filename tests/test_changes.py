"""A change the claim states is the difference of the start and end the paper gives its group."""

from __future__ import annotations

import pytest

from core.config import CheckerSettings
from core.types import Evidence
from core.verify.binding import is_table_row
from core.verify.changes import change_mismatch, opposite_change
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeRetriever, make_paper

RESULTS = (
    "Results: At 12 weeks, the mean ISI score fell from 16.4 to 9.1 in the CBT-I group and from "
    "16.1 to 13.2 in the control group (adjusted difference -4.1 points, 95% CI -5.2 to -3.0; "
    "p<0.001)."
)
MEDICATION = (
    "Use of sleep medication decreased from 27% to 19% in the CBT-I group and did not change in "
    "the control group."
)


def _evidence(*texts: str) -> list[Evidence]:
    return [Evidence(1, t, (0.0, 0.0, 1.0, 1.0), 0.9, i) for i, t in enumerate(texts)]


@pytest.mark.parametrize(
    ("claim", "mismatch"),
    [
        # the difference, in points, for the group the claim names
        ("Insomnia scores fell by 7.3 points in the CBT-I group.", None),
        ("Insomnia scores fell by 2.9 points in the control group.", None),
        ("Insomnia scores fell by 4.1 points in the control group.", ("4.1", "from 16.1 to 13.2")),
        ("Insomnia scores fell by 5 points in the CBT-I group.", ("5", "from 16.4 to 9.1")),
        # a percentage may be the relative change; a hedged one within its rounding
        ("Insomnia scores fell by about 45% in the CBT-I group.", None),
        ("Use of sleep medication fell by 8 percentage points in the CBT-I group.", None),
        ("Use of sleep medication fell by 30% in the CBT-I group.", None),
        (
            "Use of sleep medication fell by 12 percentage points in the CBT-I group.",
            ("12", "from 27% to 19%"),
        ),
        # what changed is not what the sentence gives a start and end for
        ("Sleep efficiency improved by 12 points in the CBT-I group.", None),
        # no group the claim names more of than another
        ("Scores fell by 4.1 points.", None),
    ],
)
def test_a_change_against_its_start_and_end(claim: str, mismatch: tuple[str, str] | None) -> None:
    found = change_mismatch(claim, _evidence(RESULTS, MEDICATION))
    assert (found and (found.claim_value, found.paper_value)) == mismatch


def test_a_bracketed_semicolon_makes_no_table_row() -> None:
    assert not is_table_row(RESULTS)
    assert is_table_row("Table 2: HTML: n=3 0.401; n=7 0.302")
    assert is_table_row("Table 6: BERT-large: Overall 70.5 (± 2.5); Easy 72.6 (± 2.3)")


def test_the_verdict_names_the_start_and_end() -> None:
    paper = make_paper([RESULTS])
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify("Insomnia scores fell by 5 points in the CBT-I group.")[0]
    assert verdict.status.value == "unsupported"
    assert verdict.reasons[0] == "number_mismatch:5->from 16.4 to 9.1"
    assert verdict.explanation.startswith("The claim says 5, but the paper says from 16.4 to 9.1")


EARNINGS = "Average weekly earnings in treated restaurants rose by 6.8% (SE 1.4, p < 0.001)."
PRICES = "Menu prices went up by 2.9% and errors were reduced by 3 points."


@pytest.mark.parametrize(
    ("claim", "reversed_"),
    [
        # a change of the evidence's size, the other way
        ("Restaurant employment fell by 6.8% in the treated suburbs.", ("fell", "rose")),
        ("Menu prices went down by 2.9%.", ("went down", "went up")),
        ("Errors increased by 3 points.", ("increased", "reduced")),
        # a hedged size reaches as far as its hedge does
        ("Menu prices fell by almost 3%.", ("fell", "went up")),
        ("Menu prices fell by 3%.", None),
        # the same way, another size, a percentage against a count, a change either way
        ("Earnings increased by 6.8%.", None),
        ("Employment fell by 1.1%.", None),
        ("Errors fell by 3%.", None),
        ("Accuracy improved by 3 points.", None),
    ],
)
def test_a_change_the_evidence_gives_the_other_way(
    claim: str, reversed_: tuple[str, str] | None
) -> None:
    found = opposite_change(claim, _evidence(EARNINGS, PRICES))
    assert (found and (found.claim_word, found.paper_word)) == reversed_


@pytest.mark.parametrize(
    ("claim", "reversed_"),
    [
        # the paper's end as the claim's start, words between them or not
        (
            "The share at intersections fell from 53% to 44%.",
            ("from 53% to 44%", "from 44% to 53%"),
        ),
        ("Median latency dropped from 212 ms to 148 ms.", ("from 212 to 148", "from 148 to 212")),
        ("The share at intersections fell from 53 to 44%.", ("from 53 to 44%", "from 44% to 53%")),
        # each value as rounded, or as far as its hedge reaches
        (
            "Turnover climbed from about 17% to 21%.",
            ("from 17% to 21%", "from 21.4% to 16.9%"),
        ),
        ("Turnover rose from 17% to 21%.", ("from 17% to 21%", "from 21.4% to 16.9%")),
        # the paper's order, or other values
        ("The share at intersections rose from 44% to 53%.", None),
        ("The share at intersections fell from 53% to 41%.", None),
        ("Turnover fell from about 21% to 17%.", None),
        ("Turnover rose from 16% to 21%.", None),
        ("Turnover rose from about 12% to 21%.", None),
    ],
)
def test_a_change_from_the_papers_end_to_its_start(
    claim: str, reversed_: tuple[str, str] | None
) -> None:
    evidence = _evidence(
        "Among injuries, the share at intersections rose from 44% before opening to 53% after.",
        "Median latency rose from 148 ms to 212 ms with retrieval.",
        "Annual turnover fell from 21.4% to 16.9% in stabilised buildings.",
    )
    found = opposite_change(claim, evidence)
    assert (found and (found.claim_word, found.paper_word)) == reversed_


@pytest.mark.parametrize(
    ("claim", "said"),
    [
        # one group's start and end said of the other group the sentence gives its own
        (
            "In the comparison schools, late arrivals fell from 5.8 to 3.1 per 100 days.",
            "from 5.5 to 5.2",
        ),
        ("In the delayed-start schools, late arrivals fell from 5.8 to 3.1 per 100 days.", None),
        ("Late arrivals fell from 5.8 to 3.1 per 100 student-days.", None),
    ],
)
def test_a_start_and_end_of_another_group(claim: str, said: str | None) -> None:
    evidence = _evidence(
        "Late arrivals fell from 5.8 to 3.1 per 100 student-days in delayed-start schools and "
        "from 5.5 to 5.2 in comparison schools (rate ratio 0.56, 95% CI 0.47 to 0.67)."
    )
    found = change_mismatch(claim, evidence)
    assert (found.paper_value if found else None) == said
