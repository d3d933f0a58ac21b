"""Risk ratios read as the change a report states: "HR 0.71" is "a 29% lower risk".

A study reports a hazard, odds, risk or rate ratio; a report of it states the ratio's distance
from 1 as a percentage ("those who drank three or more cups had a 29% lower risk"). The paper
never prints that percentage and the judge's small model does not subtract, so a claim that
converts the ratio rightly reads as unsupported. A claim's percentage that says a lower (or
higher) risk, odds, hazard or rate and equals 1 minus a ratio below 1 (or the ratio minus 1)
of an evidence sentence that names such ratios, at the claim's precision, is that ratio's:
binding counts it as the paper's, and the judge is shown the conversion beside the ratio.
Bounds of a confidence interval ("95% CI 0.60-0.84") are not the ratio.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import replace
from decimal import Decimal

from core.text.normalize import (
    NumberMention,
    canonical_number,
    extract_numbers,
    rounding_tolerance,
)

#: A sentence that reports ratios of risk.
_RATIO_WORDS = re.compile(
    r"\b(?:a?HRs?|a?ORs?|RRs?|IRRs?|hazard ratios?|odds ratios?|relative risks?|risk ratios?|"
    r"rate ratios?)\b|风险比|比值比|相对风险"
)
#: A confidence interval's bounds, which are not the estimate.
_INTERVAL = re.compile(
    r"\bCI\s*[:=,]?\s*\d+(?:\.\d+)?\s*(?:-|–|to|,)\s*\d+(?:\.\d+)?|置信区间[^，,;；)）]*"
)
#: After the claim's percentage: the change it states, and of what.
_CHANGE = re.compile(
    r"^\s*(?:(?P<down>lower|reduced|reduction in|decrease in|decreased|smaller|drop in|less)|"
    r"(?P<up>higher|increased|increase in|greater|more|rise in|excess))\s+"
    r"(?:\w+\s+){0,2}?(?:risk|odds|hazard|likelihood|chance|incidence|rate|mortality)\b",
    re.I,
)


def ratio_values(claim: str) -> list[Decimal]:
    """The ratios the claim's changes of risk convert: 0.64 for "a 36% lower risk"."""
    return [r for m in extract_numbers(claim) if (r := _converts(claim, m)) is not None]


def converted(claim: str, mention: NumberMention, texts: Iterable[str]) -> NumberMention | None:
    """The claim's percentage read as the ratio of the first text that it converts."""
    wanted = _converts(claim, mention)
    if wanted is None:
        return None
    for text in texts:
        ratio = _ratio_in(text, wanted, mention)
        if ratio is not None:
            return replace(mention, value=ratio.value, percent=False)
    return None


def nearest_ratio(
    claim: str, mention: NumberMention, texts: Sequence[str]
) -> tuple[int, str] | None:
    """For a change of risk no ratio converts, the nearest ratio of the texts, as a change.

    "a 39% lower risk" against "HR 0.71": (the text's position, "0.71, a 29% lower risk").
    """
    wanted = _converts(claim, mention)
    if wanted is None:
        return None
    found = [
        (abs(r.value - wanted), i, r)
        for i, text in enumerate(texts)
        if _RATIO_WORDS.search(text)
        for r in _ratios(text)
    ]
    if not found:
        return None
    _, index, ratio = min(found, key=lambda f: (f[0], f[1]))
    change = canonical_number(abs(1 - ratio.value) * 100)
    way = "lower" if ratio.value < 1 else "higher"
    # "an 18%", "an 80%", "an 11%": the article as the number is spoken
    article = "an" if change.startswith("8") or change.split(".")[0] in ("11", "18") else "a"
    return index, f"{ratio.raw}, {article} {change}% {way} risk"


def glossed(claim: str, evidence: str) -> str:
    """``evidence`` with the claim's conversion beside its ratio: "0.71 (29% lower risk)".

    Only a sentence of one ratio is glossed: of "0.64 in men and 0.82 in women", the judge
    would read the conversion and not whose ratio it is.
    """
    changes = [(m, r) for m in extract_numbers(claim) if (r := _converts(claim, m)) is not None]
    if not changes or len(_ratios(evidence)) != 1:
        return evidence
    for mention, wanted in changes:
        ratio = _ratio_in(evidence, wanted, mention)
        if ratio is not None:
            way = "lower" if ratio.value < 1 else "higher"
            return f"{evidence[: ratio.end]} ({mention.raw} {way} risk){evidence[ratio.end :]}"
    return evidence


def _converts(claim: str, mention: NumberMention) -> Decimal | None:
    """The ratio a percentage stated as a change of risk converts, or None if it is not one."""
    if not mention.percent:
        return None
    found = _CHANGE.match(claim[mention.end :])
    if found is None:
        return None
    change = mention.value / 100
    return 1 - change if found.group("down") is not None else 1 + change


def _ratio_in(evidence: str, wanted: Decimal, mention: NumberMention) -> NumberMention | None:
    """The evidence's ratio equal to ``wanted`` at the precision of the claim's percentage."""
    if not _RATIO_WORDS.search(evidence):
        return None
    tolerance = rounding_tolerance(mention.value) / 100
    return next((r for r in _ratios(evidence) if abs(r.value - wanted) <= tolerance), None)


def _ratios(evidence: str) -> list[NumberMention]:
    """The evidence's values that may be ratios: decimals below 10, intervals left out."""
    intervals = [m.span() for m in _INTERVAL.finditer(evidence)]
    return [
        m
        for m in extract_numbers(evidence)
        if not (m.percent or m.scale or any(a <= m.start < b for a, b in intervals))
        and "." in m.raw
        and Decimal(0) < m.value < Decimal(10)
    ]
