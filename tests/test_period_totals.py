"""A total over the periods a claim names is a rate per period times their number."""

from __future__ import annotations

import pytest

from core.config import CheckerSettings
from core.text.normalize import extract_numbers
from core.verify.period_totals import period_rates, total_over_periods
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeRetriever, make_paper

LEACHING = "Nitrate-N leaching under bare fallow was 58 kg N ha-1 yr-1 (95% CI 49-67)."
SAVINGS = "Heating use fell by 1,460 kWh a year in retrofitted homes."
DAILY = "Each still collected 3.15 litres per day."


@pytest.mark.parametrize(
    ("claim", "value", "total"),
    [
        # a yearly rate times the winters, years or seasons the claim names, within its hedge
        (
            "Over the four winters bare fallow lost roughly 230 kg of nitrate per hectare.",
            "230",
            True,
        ),
        ("In three years the retrofitted homes saved about 4,400 kWh of heating.", "4,400", True),
        ("Over 30 days each still collected about 95 litres.", "95", True),
        # another product, an unnamed number of periods, or a rate per another period
        (
            "Over the four winters bare fallow lost roughly 300 kg of nitrate per hectare.",
            "300",
            False,
        ),
        ("Bare fallow lost roughly 230 kg of nitrate per hectare in total.", "230", False),
        ("Over four weeks each still collected about 12.6 litres.", "12.6", False),
    ],
)
def test_total_over_periods(claim: str, value: str, total: bool) -> None:
    mention = next(m for m in extract_numbers(claim) if m.raw == value)
    texts = [LEACHING, SAVINGS, DAILY]
    assert total_over_periods(claim, mention, period_rates(texts)) is total


def test_the_checker_reads_a_total_over_periods_as_the_papers() -> None:
    paper = make_paper(
        [
            "Averaged across sites and years, nitrate-N leaching under bare fallow was 58 kg N "
            "ha-1 yr-1 (95% CI 49-67).",
            "On the humic sand, where bare-fallow losses reached 81 kg N ha-1 yr-1, all catch "
            "crops cut leaching by more than half.",
        ]
    )
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())

    def number_flags(claim: str) -> list[str]:
        return [r for r in checker.verify(claim)[0].reasons if r.startswith("number_")]

    total = "Across the four winters, bare-fallow plots lost a cumulative total of roughly {} kg "
    total += "of nitrate nitrogen per hectare through leaching."
    assert number_flags(total.format(230)) == []
    assert number_flags(total.format(300)) == ["number_not_in_paper:300"]
