"""Relative and absolute change told apart where no number in points is given.

"Uptake rose from 20.7% to 75.6%, an increase of about 55 percent": 55 is the difference in
points, the relative increase is 265%; and "the 5 mg dose lowered the absolute risk of
delirium by about a third" where a third is one minus the paper's risk ratio (0.66), a relative
change. The claim keeps the paper's figures and changes what kind of change it is. A change in
percent is read against the two percentages the claim itself gives (which the paper gives
together); an absolute change in percent or in words against a ratio the paper states in a
sentence on the claim's outcome, unless the paper gives that difference in points. A value
written in percentage points is number binding's (``points``). English only.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from core.text.words import content_words, fact_words
from core.types import PaperSentence
from core.verify.misstated import Misstated
from core.verify.risk_ratios import RATIO_WORDS

#: A ratio and its value: "RR 0.27", "hazard ratio [HR] 0.82", "the RR of delirium was 0.66".
_RATIO = re.compile(rf"(?:{RATIO_WORDS.pattern})[^\d;]{{0,30}}?(?<![\d.])(?P<value>[0-4]?\.\d+)")
#: Any difference the paper gives in points: a claim restating it is no confusion.
_PAPER_POINTS = re.compile(r"(?P<value>\d+(?:\.\d+)?)[- ]?(?:percentage[- ]points?|points?|pp\b)")
#: "the absolute risk … by about a third", "absolute risk … by 18%".
_ABSOLUTE = re.compile(
    r"\babsolute\b[^.;]*?\bby\s+(?P<amount>(?:about\s+|roughly\s+|around\s+|nearly\s+|almost\s+|"
    r"some\s+)?(?:(?P<value>\d+(?:\.\d+)?)\s*(?:%|percent\b|per\s+cent\b)|(?P<share>a\s+third|"
    r"one\s+third|half|a\s+half|a\s+quarter|one\s+quarter|two\s+thirds|three\s+quarters)))",
    re.I,
)
_SHARES = {"third": 33.3, "half": 50.0, "quarter": 25.0, "two thirds": 66.7, "three quarters": 75.0}
_PERCENT = r"(?P<{}>\d+(?:\.\d+)?)\s*(?:%|percent\b|per\s+cent\b)"
#: "from 20.7% to 75.6%", "41% against 27%", "38% vs 61%".
_PAIR = re.compile(
    _PERCENT.format("a")
    + r"[^.;%]{0,60}?\b(?:to|vs\.?|versus|against|compared\s+with|and)\s+"
    + r"(?:about\s+|roughly\s+|around\s+)?"
    + _PERCENT.format("b"),
    re.I,
)
_HEDGE = r"(?:about\s+|roughly\s+|around\s+|nearly\s+|almost\s+|some\s+|just\s+(?:over|under)\s+)?"
_CHANGE = r"(?:increase|rise|gain|jump|growth|reduction|drop|fall|decline|cut|decrease|improvement)"
#: "an increase of about 55 percent", "rose by 55%", "55% more"; not "55 percentage points".
_PERCENT_CHANGE = re.compile(
    rf"\b{_CHANGE}\s+of\s+{_HEDGE}{_PERCENT.format('x')}"
    rf"|\bby\s+{_HEDGE}{_PERCENT.format('y')}"
    rf"|{_PERCENT.format('z')}\s+(?:more|less|fewer|higher|lower|{_CHANGE})\b",
    re.I,
)
#: Content words a ratio's sentence must share with the claim to be about its outcome.
_SHARED = 2


@dataclass(frozen=True)
class Ratio:
    """A ratio statistic the paper states, with its sentence."""

    value: Decimal
    sentence: PaperSentence


@dataclass(frozen=True)
class PaperChanges:
    """The paper's ratios, the differences it gives in points, and its sentences."""

    ratios: tuple[Ratio, ...]
    points: frozenset[Decimal]
    sentences: tuple[PaperSentence, ...]


def paper_changes(sentences: Sequence[PaperSentence]) -> PaperChanges:
    """Every ratio statistic and every difference in points the paper states."""
    ratios: list[Ratio] = []
    points: set[Decimal] = set()
    for sentence in sentences:
        ratios += [Ratio(Decimal(m["value"]), sentence) for m in _RATIO.finditer(sentence.text)]
        points |= {Decimal(m["value"]) for m in _PAPER_POINTS.finditer(sentence.text)}
    return PaperChanges(tuple(ratios), frozenset(points), tuple(sentences))


def check_relative_change(claim: str, changes: PaperChanges) -> Misstated | None:
    """A relative change stated as absolute, or a difference in points stated as a percent."""
    return (
        _relative_as_absolute(claim, changes)
        or _points_as_percent(claim, changes)
        or _stated_points_as_percent(claim, changes)
    )


def _relative_as_absolute(claim: str, changes: PaperChanges) -> Misstated | None:
    wanted = fact_words(claim)
    for written, amount, slack in _absolute_changes(claim):
        if any(abs(p - amount) < Decimal("0.5") for p in changes.points):
            continue
        for ratio in changes.ratios:
            relative = abs(1 - ratio.value) * 100
            if abs(relative - amount) > slack:
                continue
            if len(wanted & content_words(ratio.sentence.text)) < _SHARED:
                continue
            s = ratio.sentence
            stated = f"a ratio of {ratio.value}, a relative change of {relative.normalize():f}%"
            return Misstated("relative_change", written, stated, s.text, s.page)
    return None


def _absolute_changes(claim: str) -> list[tuple[str, Decimal, Decimal]]:
    """The absolute changes a claim states: its words, the amount in points, the slack."""
    found = []
    for m in _ABSOLUTE.finditer(claim):
        written = f"an absolute change of {m['amount']}"
        if m["value"]:
            found.append((written, Decimal(m["value"]), Decimal(1)))
        else:
            share = re.sub(r"^(?:a|one)\s+", "", m["share"].casefold())
            found.append((written, Decimal(str(_SHARES[share])), Decimal(4)))
    return found


def _points_as_percent(claim: str, changes: PaperChanges) -> Misstated | None:
    pairs = list(_PAIR.finditer(claim))
    for change in _PERCENT_CHANGE.finditer(claim):
        amount = Decimal(change["x"] or change["y"] or change["z"])
        for pair in pairs:
            if pair.start() <= change.start() < pair.end():
                continue
            a, b = Decimal(pair["a"]), Decimal(pair["b"])
            difference = abs(b - a)
            if not a or not b or abs(difference - amount) > Decimal("0.6"):
                continue
            relatives = (difference / a * 100, difference / b * 100)
            if any(abs(r - amount) <= 2 for r in relatives):
                continue
            stating = _stating(changes.sentences, pair["a"], pair["b"])
            if stating is None:
                continue
            stated = (
                f"{pair['a']}% and {pair['b']}%, {difference.normalize():f} percentage points "
                f"apart, a relative change of {relatives[0]:.0f}%"
            )
            claimed = f"a change of {amount.normalize():f}%"
            return Misstated("relative_change", claimed, stated, stating.text, stating.page)
    return None


def _stating(sentences: Sequence[PaperSentence], a: str, b: str) -> PaperSentence | None:
    """The paper's sentence giving both percentages."""
    forms = [re.compile(rf"(?<![\d.]){re.escape(v)}\s*%") for v in (a, b)]
    return next((s for s in sentences if all(f.search(s.text) for f in forms)), None)


def _stated_points_as_percent(claim: str, changes: PaperChanges) -> Misstated | None:
    """A percent change that a sentence on the claim's outcome gives in points, beside a ratio.

    "raised the rate of improvement by about 27 percent" against "47.7% and 20.4%, a risk
    ratio of 2.34 … and an absolute difference of 27.3 percentage points": the relative change
    is 134%.
    """
    wanted = fact_words(claim)
    for change in _PERCENT_CHANGE.finditer(claim):
        amount = Decimal(change["x"] or change["y"] or change["z"])
        for s in changes.sentences:
            if len(wanted & content_words(s.text)) < _SHARED:
                continue
            points = next(
                (
                    m["value"]
                    for m in _PAPER_POINTS.finditer(s.text)
                    if abs(Decimal(m["value"]) - amount) <= Decimal("0.6")
                ),
                None,
            )
            if points is None:
                continue
            ratio = _RATIO.search(s.text)
            if ratio is None:
                continue
            relative = abs(1 - Decimal(ratio["value"])) * 100
            if abs(relative - amount) <= 2:
                continue
            said = (
                f"{points} percentage points, a ratio of {ratio['value']}, a "
                f"relative change of {relative.normalize():f}%"
            )
            return Misstated(
                "relative_change", f"a change of {amount.normalize():f}%", said, s.text, s.page
            )
    return None
