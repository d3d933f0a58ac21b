"""How long something lasted or how long after it came: a claim's duration against the paper's.

Reports of studies write durations in words ("followed for a month", "tested a week after
studying") where the paper gives them in digits ("followed for 7 days", "tested on recognition
90 minutes later"), so the number gates read nothing. A duration is bound to the verb it
qualifies ("followed", "tested", "wore"); where the paper gives durations of that verb and none
is the claim's (within a seventh), the claim misstates it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from core.text.normalize import count_word
from core.text.words import stem
from core.types import PaperSentence
from core.verify.misstated import Misstated

#: Hours in each unit of time.
HOURS = {"minute": 1 / 60, "hour": 1.0, "day": 24.0, "week": 168.0, "month": 730.0, "year": 8766.0}
_DURATION = re.compile(
    r"\b(?P<n>\d+(?:\.\d+)?|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
    r"(?P<half_before>\s+and\s+a\s+half)?"
    # "a full year", "an entire week": the word between says how whole, not how long
    r"[- ](?:(?:full|whole|entire)\s+)?(?:(?:school|academic|calendar)\s+)?"
    r"(?P<unit>minute|hour|day|week|month|year)s?\b"
    # "a year and a half", "two and a half years"
    r"(?P<half_after>\s+and\s+a\s+half\b)?",
    re.I,
)
#: The verb a duration qualifies: the last past form before it in its clause ("followed for",
#: "tested on recognition … later"); ages ("aged 10 weeks") are no durations of anything done.
_VERB = re.compile(
    r"\b(?!aged\b|based\b|used\b)([a-z]{3,}ed|wore|worn|ran|took|lasted|covers|spans|lasts)\b"
)
#: Verbs of how long the study went on: a claim that it "followed" its participants for five
#: years is read against the paper's "ran for", "tracked … for", "covers five years".
_SPAN_VERBS = frozenset({"follow", "track", "monitor", "observ", "ran", "last", "span", "cover"})
#: The study's own span after "over": "We compared … fluxes over three years".
_STUDY_OVER = re.compile(r"\b(?:over|across)\s+(?:the\s+)?$", re.I)
_STUDY = re.compile(r"\b(?:we|our|study|trial|experiment|cohort)\b", re.I)
_LONG_UNITS = frozenset({"week", "month", "year"})
_PRESENT = frozenset({"covers", "spans", "lasts"})
_SHORT_UNITS = frozenset({"minute", "hour"})
#: "half an hour", "half a day": half of the unit.
_HALF_OF = re.compile(r"\bhalf\s+$", re.I)
_FOLLOWED_BY = re.compile(r"\bfollowed\s+by\b", re.I)
#: A bound ("less than 7 hours") or a difference ("24 minutes less") is no duration of its own.
_BOUND_BEFORE = re.compile(
    r"\b(?:less|more|fewer|longer|shorter|under|over|at least|at most|up to|than)\s*$", re.I
)
_DIFFERENCE_AFTER = re.compile(
    r"\s+(?:(?:a|per|each)\s+(?:day|night|week)\s+)?"
    r"(?:less|more|longer|shorter|earlier|later than)\b",
    re.I,
)
#: "29 fewer minutes a week", "three sessions a day": "a week" is what a rate is counted per.
_RATE_OF = re.compile(
    r"\b(?!(?:was|has|is|its|this|as|lasts|takes|spans|covers|runs)\s)[a-z]{2,}s\s+$", re.I
)
_BREAKS = r"[;,:()]|\b(?:but|while|which|whereas)\b"
_PUNCTUATION = re.compile(_BREAKS, re.I)
_CLAUSE = re.compile(rf"{_BREAKS}|\band\b", re.I)
#: How near two durations must be to be the same: "two months" and "8 weeks".
TOLERANCE = 1 / 7


@dataclass(frozen=True)
class Duration:
    """A duration as written, in hours, with the stem of the verb it qualifies."""

    written: str
    hours: float
    verb: str


def durations(text: str) -> list[Duration]:
    """The durations of a text with the verbs they qualify."""
    found = []
    for match in _DURATION.finditer(text):
        n = match.group("n").casefold()
        value = float(n) if n[0].isdigit() else 1.0 if n in ("a", "an", "one") else count_word(n)
        if not value:
            continue
        if match.group("half_before") or match.group("half_after"):
            value += 0.5
        half = _HALF_OF.search(text, 0, match.start())
        if half is not None and not (match.group("half_before") or match.group("half_after")):
            value = 0.5
        before = text[: match.start()]
        unit = match.group("unit").casefold()
        hours = value * HOURS[unit]
        if _STUDY_OVER.search(before) and unit in _LONG_UNITS and _STUDY.search(text):
            found.append(Duration(_written(text, match, half), hours, "span"))
            continue
        if _BOUND_BEFORE.search(before) or _DIFFERENCE_AFTER.match(text, match.end()):
            continue
        if n in ("a", "an") and _RATE_OF.search(before):
            continue
        clause = before[max((m.end() for m in _CLAUSE.finditer(before)), default=0) :]
        verbs = [_stem(v) for v in _VERB.findall(clause.casefold())]
        # "followed the rewetted and drained plots for five years": an "and" between nouns,
        # and a participle after the span's verb
        wider = before[max((m.end() for m in _PUNCTUATION.finditer(before)), default=0) :]
        spans = {_stem(v) for v in _VERB.findall(wider.casefold())} & _SPAN_VERBS
        # a span of the study lasts days at least; "was followed by" is what came after
        spanned = unit not in _SHORT_UNITS and not _FOLLOWED_BY.search(wider)
        if spanned and (spans or (verbs and verbs[-1] in _SPAN_VERBS)):
            verb = "span"
        elif verbs:
            verb = verbs[-1]
        else:
            continue
        found.append(Duration(_written(text, match, half), hours, verb))
    return found


def _written(text: str, match: re.Match[str], half: re.Match[str] | None) -> str:
    """The duration as written, "half" of "half an hour" with it."""
    return text[half.start() if half else match.start() : match.end()]


def _stem(verb: str) -> str:
    return stem(verb.removesuffix("s") if verb in _PRESENT else verb)


def paper_durations(sentences: Sequence[PaperSentence]) -> list[tuple[Duration, PaperSentence]]:
    """Every duration of the paper with its sentence, read once per paper."""
    return [(d, s) for s in sentences if s.section != "table" for d in durations(s.text)]


def check_durations(
    claim: str, paper: Sequence[tuple[Duration, PaperSentence]]
) -> Misstated | None:
    """The claim's first duration of a verb whose durations in the paper are all others."""
    for mine in durations(claim):
        theirs = [(d, s) for d, s in paper if d.verb == mine.verb]
        if not theirs or any(abs(d.hours - mine.hours) <= TOLERANCE * d.hours for d, _ in theirs):
            continue
        other, sentence = theirs[0]
        return Misstated("duration", mine.written, other.written, sentence.text, sentence.page)
    return None
