"""A total a claim gives over the periods it names, of a rate per period the paper states.

"Across the four winters, bare-fallow plots lost a cumulative total of roughly 230 kg of
nitrate nitrogen per hectare" against "58 kg N ha-1 yr-1 under bare fallow": a reader
multiplies a yearly rate by the years the claim names. The rate must be stated per period in
the period's own unit (a year, a season, a winter) and the product must lie within the claim
value's rounding or hedge.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import replace
from decimal import Decimal

from core.text.normalize import (
    HEDGED_BEFORE,
    NumberMention,
    count_word,
    extract_numbers,
    gap_tolerance,
)

#: Periods the claim counts, by the unit a rate is given per: "four winters", "3 years".
_PERIODS = re.compile(
    r"\b(?P<n>\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|twelve)\s+(?:[\w-]+\s+)?"
    r"(?P<unit>years|seasons|winters|summers|months|weeks|days)\b",
    re.I,
)
_UNIT = {
    "years": "year",
    "seasons": "year",
    "winters": "year",
    "summers": "year",
    "months": "month",
    "weeks": "week",
    "days": "day",
}
#: A rate per period after its value: "kg N ha-1 yr-1", "per year", "a season", "annually".
_PER_PERIOD = re.compile(
    r"\s*(?:[^\s,;()]+\s+){0,4}?(?:per\s+(?P<per>year|annum|season|winter|month|week|day)|"
    r"a\s+(?P<a>year|season|winter|month|week|day)|(?P<yearly>annually|yearly|yr-1|yr⁻¹|/yr|"
    r"/year|y-1|a-1))\b",
    re.I,
)
_PER_UNIT = {"annum": "year", "season": "year", "winter": "year"}


def _periods(claim: str) -> list[tuple[Decimal, str]]:
    found = []
    for m in _PERIODS.finditer(claim):
        raw = m.group("n")
        n = Decimal(raw) if raw.isdigit() else Decimal(count_word(raw) or 0)
        if n > 1:
            found.append((n, _UNIT[m.group("unit").casefold()]))
    return found


def _rate_unit(text: str, mention: NumberMention) -> str | None:
    per = _PER_PERIOD.match(text, mention.end)
    if per is None:
        return None
    if per.group("yearly"):
        return "year"
    unit = (per.group("per") or per.group("a")).casefold()
    return _PER_UNIT.get(unit, unit)


def period_rates(texts: Iterable[str]) -> list[tuple[Decimal, str]]:
    """The values ``texts`` state per period, with the period's unit: 58 per "year"."""
    rates = []
    for text in texts:
        for rate in extract_numbers(text):
            unit = _rate_unit(text, rate)
            if unit is not None and not rate.percent:
                rates.append((rate.value, unit))
    return rates


def total_over_periods(
    claim: str, mention: NumberMention, rates: Sequence[tuple[Decimal, str]]
) -> bool:
    """Whether the claim's value is one of ``rates`` (see ``period_rates``) times its periods."""
    if mention.percent or not rates:
        return False
    periods = _periods(claim)
    if not periods:
        return False
    hedged = mention.approximate or HEDGED_BEFORE.search(claim[: mention.start]) is not None
    tolerance = gap_tolerance(replace(mention, approximate=hedged))
    return any(
        unit == period and abs(rate * n - mention.value) <= tolerance
        for rate, unit in rates
        for n, period in periods
    )
