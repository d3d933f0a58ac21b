"""A multiple a claim states in words, read against the values of the sentences it is about.

"Ten times faster than nnU-Net" where the paper gives 0.9 s against 2.4 s; "the coating
doubled retention" where it rose from 74.6% to 85.3%. A claim's multiple (twice, doubled,
tripled, halved, N times, N-fold) that exceeds, beyond its rounding, the largest quotient of
two values of one kind in every evidence sentence about the claim (half its words or more)
that holds two such values, is a magnitude the paper's values never reach, unless one of them
states the multiple itself ("roughly three times larger on surgical wards"). Spreads and
intervals ("± 1.5", "95% CI 2.6 to 5.6", "SE 0.09"), conditions ("at 45 °C", "after 300
cycles") and group sizes ("n = 42") are no values; a speed ("faster", "slower") is read on
times only. A multiple of a risk is read against the ratios (``risk_ratios``); a bound ("more
than doubled") is not read.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from core.text.normalize import HEDGED_BEFORE, NumberMention
from core.text.words import fact_words
from core.types import Evidence
from core.verify.binding import Mismatch, is_year, stated_numbers
from core.verify.risk_ratios import multiples

_COUNTS = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "twenty": 20, "hundred": 100,
}  # fmt: skip
_VERBS: dict[str, Decimal] = {
    "doubl": Decimal(2),
    "tripl": Decimal(3),
    "quadrupl": Decimal(4),
    "halv": Decimal("0.5"),
}
_COMPARATIVE = (
    r"(?:faster|slower|quicker|higher|lower|larger|smaller|greater|bigger|more|fewer|less|"
    r"longer|shorter|stronger|weaker|wider|heavier|lighter|cheaper|costlier)"
)
_MULTIPLE = re.compile(
    rf"\b(?:(?P<count>\d+(?:\.\d+)?|{'|'.join(_COUNTS)})\s*(?:-\s*)?(?:times|fold|×)"
    rf"(?=\s+(?:as\s+\w+\s+as|{_COMPARATIVE}|the|its|their|that)\b)"
    rf"|(?P<twice>twice)(?=\s+(?:as|the|its|their|that)\b)"
    rf"|(?P<verb>{'|'.join(_VERBS)})(?:e|es|ed|ing)\b)",
    re.I,
)
_STATING = re.compile(
    rf"\bas\s+\w+\s+as\b"
    rf"|\b(?:{_COMPARATIVE}|as|fast|slow|roughly|about|around|approximately|nearly|almost)\b",
    re.I,
)
_SPEED = re.compile(r"\b(?:faster|slower|quicker|speed-?up)\b", re.I)
_BOUND = re.compile(r"\b(?:more than|over|at least|almost|nearly|up to|less than|under)\s*$", re.I)
#: Values that measure no result: a spread, an interval's bounds, a condition.
_NOT_VALUES = re.compile(
    r"(?:±|\+/-|\b(?:SE|SD|SEM|IQR|CI|CrI)\b)[\s:=]*[-−]?\d[\d.,]*"
    r"(?:\s*(?:-|–|to|,)\s*[-−]?\d[\d.,]*)?"
    r"|\b(?:at|after|per|every|within|aged|over)\s+[-−]?\d[\d.,]*"
    r"|\b[nNkK]\s*=\s*\d[\d,]*",
    re.I,
)
_UNIT = re.compile(r"\s*(?:±\s*\d+(?:\.\d+)?\s*)?(?P<unit>%|[^\s\d(),;.]+)?")
_TIME_UNITS = frozenset({"s", "ms", "sec", "seconds", "min", "minutes", "h", "hours", "days"})


@dataclass(frozen=True)
class _Multiple:
    raw: str
    start: int
    end: int
    value: Decimal
    hedged: bool
    speed: bool


def magnitude_mismatch(claim: str, evidence: Sequence[Evidence]) -> Mismatch | None:
    """The claim's multiple, when no evidence sentence about it has values that far apart."""
    risks = [(m.start, m.end) for m in multiples(claim)]
    for multiple in _multiples(claim):
        if any(a <= multiple.start < b for a, b in risks):
            continue
        # The claim's words about what it compares, not those that state the multiple.
        rest = _STATING.sub(" ", claim[: multiple.start] + " " + claim[multiple.end :])
        wanted = fact_words(rest)
        widest: tuple[Evidence, NumberMention, NumberMention] | None = None
        for ev in evidence:
            if not wanted or 2 * len(wanted & fact_words(ev.text)) < len(wanted):
                continue
            if any(_restates(multiple, theirs) for theirs in _multiples(ev.text)):
                return None
            pair = _widest(ev.text, multiple.speed)
            if pair is None:
                continue
            high, low = pair
            if not _beyond(multiple, high.value / low.value):
                return None
            if widest is None:
                widest = (ev, high, low)
        if widest is not None:
            ev, high, low = widest
            quotient = high.value / low.value
            said = f"{_shown(ev.text, high)} against {_shown(ev.text, low)}, {quotient:.1f} times"
            return Mismatch(multiple.raw, said, ev.page, ev.sentence_index)
    return None


def _multiples(claim: str) -> list[_Multiple]:
    out = []
    for found in _MULTIPLE.finditer(claim):
        before = claim[: found.start()]
        if _BOUND.search(before) and not HEDGED_BEFORE.search(before):
            continue
        if found.group("verb"):
            value = _VERBS[found.group("verb").casefold()]
        elif found.group("twice"):
            value = Decimal(2)
        else:
            count = found.group("count").casefold()
            value = Decimal(_COUNTS[count]) if count in _COUNTS else Decimal(count)
        if value <= 0 or value == 1:
            continue
        hedged = HEDGED_BEFORE.search(before) is not None or _BOUND.search(before) is not None
        speed = _SPEED.search(claim, found.end(), found.end() + 30) is not None
        out.append(_Multiple(found.group(), found.start(), found.end(), value, hedged, speed))
    return out


def _restates(multiple: _Multiple, theirs: _Multiple) -> bool:
    """Whether a multiple the paper states in words is the claim's ("roughly three times")."""
    return not _beyond(multiple, theirs.value) and not _beyond(theirs, multiple.value)


def _beyond(multiple: _Multiple, widest: Decimal) -> bool:
    """Whether the multiple (a fraction read as its inverse) exceeds the widest quotient."""
    value = multiple.value if multiple.value > 1 else 1 / multiple.value
    slack = Decimal("0.175") if multiple.hedged else Decimal("0.125")
    return widest < value * (1 - slack)


def _widest(text: str, speed: bool) -> tuple[NumberMention, NumberMention] | None:
    """The two values of one kind (and a time, for a speed) the farthest apart, high first."""
    skipped = [m.span() for m in _NOT_VALUES.finditer(text)]
    kinds: dict[tuple[str, str], list[NumberMention]] = {}
    for m in stated_numbers(text):
        if m.value <= 0 or is_year(m, text) or any(a <= m.start < b for a, b in skipped):
            continue
        unit = _unit(text, m)
        if speed and unit not in _TIME_UNITS:
            continue
        kinds.setdefault((unit, m.scale), []).append(m)
    pairs = [
        (max(ms, key=lambda m: m.value), min(ms, key=lambda m: m.value))
        for ms in kinds.values()
        if len(ms) >= 2
    ]
    return max(pairs, key=lambda p: p[0].value / p[1].value, default=None)


def _unit(text: str, mention: NumberMention) -> str:
    if mention.percent:
        return "%"
    found = _UNIT.match(text, mention.end)
    unit = (found.group("unit") or "") if found else ""
    return "%" if unit.startswith("%") else unit.casefold()


def _shown(text: str, mention: NumberMention) -> str:
    """The value with its unit: "2.4 s"."""
    unit = _unit(text, mention)
    if mention.percent or not unit:
        return mention.raw
    return f"{mention.raw}%" if unit == "%" else f"{mention.raw} {unit}"
