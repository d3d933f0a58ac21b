"""A subgroup's value given for everyone."""

from __future__ import annotations

import pytest

from core.config import CheckerSettings
from core.verify.subgroup_values import check_subgroup_value
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeRetriever, make_paper

PAPER = make_paper(
    [
        "Across all firms, sick leave fell by 24% (IRR 0.76, 95% CI 0.66 to 0.88).",
        "In the pre-specified subgroup analysis, sick leave fell by 31% in service firms (IRR "
        "0.69) and by 9% in manufacturing firms; the interaction was significant (p = 0.03).",
        "Among nurses with baseline BMI of 30 or more, the HR was 1.87; among the others it was "
        "1.21.",
        "Burnout fell from 33% to 19% in adopting firms.",
        "By soil texture, the SOC difference was 3.0 Mg C ha-1 on loam and 1.2 Mg C ha-1 on sandy "
        "loam (interaction p = 0.24).",
        "The trial ran for 3 years in four blocks.",
    ]
)


@pytest.mark.parametrize(
    ("claim", "value"),
    [
        ("Overall, sick leave fell by 31% in firms that moved to a four-day week.", "31%"),
        ("Across the whole cohort, the HR of diabetes was 1.87 for long night work.", "1.87"),
        ("The main finding was that sick leave fell by 9%.", "9%"),
        # the value the paper gives for everyone
        ("Overall, sick leave fell by 24%.", None),
        # the claim names the subgroup, or does not say it speaks of everyone
        ("Overall, sick leave fell by 31% in the service-firm subgroup.", None),
        ("Sick leave fell by 31% in service firms.", None),
        # a value the paper also gives outside any subgroup
        ("Overall, burnout fell to 19% after the move.", None),
        # a breakdown and its interaction test are subgroups; "regardless of", "across the
        # range's soils" speak of everyone; a value in a unit is given only in that unit
        ("Grazing raised soil carbon by about 3 Mg C per hectare across the range's soils.", "3"),
        ("Regardless of soil texture, grazing raised soil carbon by 1.2 Mg C per hectare.", "1.2"),
        ("Grazing raised soil carbon by 3 Mg C per hectare on loam.", None),
    ],
)
def test_a_subgroups_value_given_for_everyone(claim: str, value: str | None) -> None:
    found = check_subgroup_value(claim, PAPER.sentences)
    assert (found.value if found else None) == value


def test_the_verdict_quotes_the_subgroup() -> None:
    checker = Checker(PAPER, FakeRetriever(PAPER), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify("Overall, sick leave fell by 31% in firms on a four-day week.")[0]
    assert verdict.status.value == "unsupported"
    assert verdict.reasons[0] == "subgroup_as_overall:31%"
    assert verdict.explanation.startswith(
        "The claim gives 31% for everyone, but the paper gives it for a subgroup (p. 1): "
        "“In the pre-specified subgroup analysis"
    )
