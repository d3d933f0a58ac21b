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
from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal

from core.text.normalize import NumberMention, extract_numbers, rounding_tolerance

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


def stated_change(claim: str, mention: NumberMention) -> bool | None:
    """For "a 29% lower risk": True for a lower risk, False for a higher one, else None."""
    if not mention.percent:
        return None
    found = _CHANGE.match(claim[mention.end :])
    if found is None:
        return None
    return found.group("down") is not None


def ratio_for(claim: str, mention: NumberMention, evidence: str) -> NumberMention | None:
    """The evidence ratio the claim's percentage converts, if there is one."""
    lower = stated_change(claim, mention)
    if lower is None or not _RATIO_WORDS.search(evidence):
        return None
    for ratio in _ratios(evidence):
        if (ratio.value < 1) != lower:
            continue
        change = abs(Decimal(1) - ratio.value) * 100
        if _at_precision(mention, change):
            return ratio
    return None


def converted(claim: str, mention: NumberMention, texts: Sequence[str]) -> NumberMention | None:
    """The claim's percentage read as the ratio of the first text that it converts."""
    for text in texts:
        ratio = ratio_for(claim, mention, text)
        if ratio is not None:
            return replace(mention, value=ratio.value, percent=False)
    return None


def ratio_values(claim: str) -> list[Decimal]:
    """The ratios the claim's changes of risk convert: 0.64 for "a 36% lower risk"."""
    out = []
    for mention in extract_numbers(claim):
        lower = stated_change(claim, mention)
        if lower is not None:
            out.append(1 - mention.value / 100 if lower else 1 + mention.value / 100)
    return out


def glossed(claim: str, evidence: str) -> str:
    """``evidence`` with the claim's conversion beside its ratio: "0.71 (29% lower risk)".

    Only a sentence of one ratio is glossed: of "0.64 in men and 0.82 in women", the judge
    would read the conversion and not whose ratio it is.
    """
    if len(_ratios(evidence)) != 1:
        return evidence
    notes: dict[int, str] = {}
    for mention in extract_numbers(claim):
        ratio = ratio_for(claim, mention, evidence)
        if ratio is not None:
            way = "lower" if ratio.value < 1 else "higher"
            notes.setdefault(ratio.end, f" ({mention.raw} {way} risk)")
    for end in sorted(notes, reverse=True):
        evidence = evidence[:end] + notes[end] + evidence[end:]
    return evidence


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


def _at_precision(mention: NumberMention, value: Decimal) -> bool:
    """Whether ``value`` rounds to the percentage as the claim writes it (29 for 28.6-29.4)."""
    return abs(value - mention.value) <= rounding_tolerance(mention.value)
