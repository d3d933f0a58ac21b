"""A change a claim states against the start and end values the paper gives for it.

"The mean ISI score fell from 16.4 to 9.1 in the CBT-I group and from 16.1 to 13.2 in the
control group (adjusted difference -4.1 points)": a claim that "scores fell by 4.1 points in
the control group" holds a value of the sentence, near its words, so binding passes it. The
paper gives the control group's change as a start and an end: the claim's change must be their
difference, in points, or, for a percentage, the relative change.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from core.text.normalize import approximate_tolerance, rounding_tolerance
from core.text.words import fact_words, held
from core.types import Evidence
from core.verify.binding import Mismatch, is_table_row
from core.verify.direction import Reversed

_SIZE = r"\d+(?:\.\d+)?"
#: A hedge before a size: "fell by about 5%", "from roughly 17% to 21%".
_HEDGE = r"(?:about|around|roughly|nearly|almost|some)\s+"
_NUMBER = rf"-?{_SIZE}"
#: A change stated as a verb or a noun before its size: "fell by 4.1", "rose 5 points",
#: "a reduction of about 30%".
_CHANGE = re.compile(
    r"\b(?:(?:fell|fallen|falls?|dropped|drops?|decreased|decreases?|declined|declines?|"
    r"reduced|reduces?|went down|goes down|rose|risen|rises?|increased|increases?|grew|grows?|"
    r"improved|improves?|went up|goes up|climbed|climbs?|gained|gains?)(?:\s+by)?"
    r"|(?:reduction|drop|fall|decline|decrease|increase|rise|improvement|gain)\s+of)"
    rf"\s+(?P<hedge>{_HEDGE})?"
    rf"(?P<size>{_SIZE})(?P<percent>\s?%)?",
    re.I,
)
_DOWN = re.compile(r"fell|fallen|falls?|drop|decline|decrease|reduc|went down|goes down", re.I)
_UP = re.compile(r"rose|risen|rises?|grew|grows?|increase|went up|goes up|climb|gain", re.I)
#: A start and an end: "from 16.4 to 9.1", "from 27% to 19%".
_FROM_TO = re.compile(rf"\bfrom\s+(?P<a>{_NUMBER})\s?%?\s+to\s+(?P<b>{_NUMBER})\s?%?")
#: What follows an end value up to the next one: "in the CBT-I group and …".
_GROUP_END = re.compile(r"[,;(]|\s+(?:and|while|whereas|but)\s+", re.I)
#: A unit right after a start and end: "from 5.8 to 3.1 per 100 student-days".
_UNIT = re.compile(r"^\s*(?:per|/)\s*(?:\d[\d,.]*\s*)?[\w-]+")
#: Words of a change's measure, not of whose change it is.
_MEASURE = frozenset({"point", "points", "percentage", "percent"})


@dataclass(frozen=True)
class _Span:
    start: Decimal
    end: Decimal
    group: frozenset[str]
    written: str
    at: int


def change_mismatch(claim: str, evidence: Sequence[Evidence]) -> Mismatch | None:
    """A change the claim states that the paper's start and end for its group contradict.

    The group is the start and end whose following words ("in the control group") the claim
    holds more of than any other start and end of the sentence, and what changed must be the
    same (``_same_subject``). English only; table rows are not read.
    """
    words = fact_words(claim)
    exchanged = _span_of_other_group(claim, words, evidence)
    if exchanged is not None:
        return exchanged
    for change in _CHANGE.finditer(claim):
        for ev in evidence:
            if is_table_row(ev.text):
                continue
            spans = _spans(ev.text)
            span = _group_span(spans, words)
            if span is None:
                continue
            if not _same_subject(claim[: change.start()], ev.text[: span.at], spans):
                continue
            if not _fits(change, span):
                written = change.group("size") + (change.group("percent") or "")
                return Mismatch(written.replace(" ", ""), span.written, ev.page, ev.sentence_index)
    return None


def _span_of_other_group(
    claim: str, words: set[str], evidence: Sequence[Evidence]
) -> Mismatch | None:
    """A start and end the paper gives one group, said of another group it gives others.

    "In the comparison schools, late arrivals fell from 5.8 to 3.1" of "fell from 5.8 to 3.1 …
    in delayed-start schools and from 5.5 to 5.2 in comparison schools".
    """
    for mine in _FROM_TO.finditer(claim):
        start, end = Decimal(mine["a"]), Decimal(mine["b"])
        for ev in evidence:
            if is_table_row(ev.text):
                continue
            spans = _spans(ev.text)
            same = [s for s in spans if (s.start, s.end) == (start, end)]
            if len(same) != 1:
                continue
            # the words that tell each group from the others: "delayed-start", "comparison"
            own = {
                id(s): s.group - {w for o in spans if o is not s for w in o.group} for s in spans
            }
            if own[id(same[0])] & words:
                continue
            named = [s for s in spans if s is not same[0] and own[id(s)] & words]
            if len(named) == 1 and (named[0].start, named[0].end) != (start, end):
                ours = mine.group(0).strip()
                return Mismatch(ours, named[0].written, ev.page, ev.sentence_index)
    return None


def _same_subject(claim: str, sentence: str, spans: Sequence[_Span]) -> bool:
    """Whether the claim's change ("insomnia scores") is of what the sentence starts and ends.

    Whoever it changed for ("the mean ISI score … in the control group"): the claim's last word
    before its change (its head noun) and half of its other words must be in the sentence
    before the start and end; the words of the groups do not count.
    """
    groups = {w for s in spans for w in s.group}
    heads = [w for w in _words_in_order(claim) if w not in groups]
    if not heads:
        return False
    have = fact_words(sentence)
    return held({heads[-1]}, have) == 1 and held(set(heads), have) * 2 >= len(set(heads))


def _words_in_order(text: str) -> list[str]:
    return [w for token in text.split() for w in fact_words(token)]


def _spans(text: str) -> list[_Span]:
    out = []
    for match in _FROM_TO.finditer(text):
        # "… per 100 student-days in delayed-start schools": the unit names no group
        rest = _UNIT.sub("", text[match.end() :], count=1)
        stop = _GROUP_END.search(rest)
        group = fact_words(rest[: stop.start() if stop else len(rest)], _MEASURE)
        a, b = Decimal(match["a"]), Decimal(match["b"])
        out.append(_Span(a, b, frozenset(group), match.group(0).strip(), match.start()))
    return out


def _group_span(spans: Sequence[_Span], words: set[str]) -> _Span | None:
    """The one span whose group the claim's words hold most of, if it holds any."""
    scored = sorted(((len(s.group & words), i) for i, s in enumerate(spans)), reverse=True)
    if not scored or scored[0][0] == 0 or (len(scored) > 1 and scored[1][0] == scored[0][0]):
        return None
    return spans[scored[0][1]]


def _fits(change: re.Match[str], span: _Span) -> bool:
    """Whether the change is the span's difference, or its relative change for a percentage."""
    value = Decimal(change.group("size"))
    hedged = change.group("hedge") is not None
    slack = approximate_tolerance(value) if hedged else rounding_tolerance(value)
    difference = abs(span.start - span.end)
    if abs(value - difference) <= slack + rounding_tolerance(span.start) * 2:
        return True
    if change.group("percent") is None or span.start == 0:
        return False
    relative = difference / abs(span.start) * 100
    return abs(value - relative) <= max(slack, Decimal(1))


def opposite_change(claim: str, evidence: Sequence[Evidence]) -> Reversed | None:
    """A change of a size that the evidence gives only as a change the other way.

    "Restaurant employment fell by 6.8%" against "average weekly earnings rose by 6.8%": the
    claim turned the change round, or gave it to another measure. "Improved" is left out, as
    an improvement may be a fall (of an error) or a rise. So does a claim whose start and end
    are the paper's end and start.
    """
    for change in _CHANGE.finditer(claim):
        mine = _way(change)
        if mine is None:
            continue
        size = Decimal(change.group("size"))
        percent = change.group("percent") is not None
        # "fell by almost 5%" is a change of 4.7% too
        reach = approximate_tolerance(size, percent=percent) if change.group("hedge") else 0
        theirs = [
            (ev, found, way)
            for ev in evidence
            if not is_table_row(ev.text)
            for found in _CHANGE.finditer(ev.text)
            if abs(Decimal(found.group("size")) - size) <= reach
            and bool(found.group("percent")) == bool(change.group("percent"))
            and (way := _way(found)) is not None
        ]
        if theirs and all(way != mine for _, _, way in theirs):
            ev, found, _ = theirs[0]
            return Reversed(_verb(change), _verb(found), ev.text, ev.page)
    return _swapped_ends(claim, evidence)


#: A start and an end with words between them: "from 44% before opening to 53% afterwards",
#: "from about 17% to 21%".
_FROM_TO_APART = re.compile(
    rf"\bfrom\s+(?P<hedge>{_HEDGE})?(?P<a>{_NUMBER}\s?%?)"
    rf"(?:\s+(?!to\b)[^\s\d,;]+){{0,3}}?\s+to\s+(?:{_HEDGE})?"
    rf"(?P<b>{_NUMBER}\s?%?)"
)


def _swapped_ends(claim: str, evidence: Sequence[Evidence]) -> Reversed | None:
    """A change from the paper's end to its start.

    "fell from 53% to 44%" of "rose from 44% to 53%"; "climbed from about 17% to 21%" of "fell
    from 21.4% to 16.9%", each value as rounded, or as far as its hedge reaches.
    """
    for mine in _FROM_TO_APART.finditer(claim):
        start, end, percent = _ends(mine)
        hedged = mine["hedge"] is not None
        reach = max(_reach(start, percent, hedged), _reach(end, percent, hedged))
        if abs(start - end) <= 2 * reach:
            continue
        for ev in evidence:
            for theirs in _FROM_TO_APART.finditer(ev.text):
                first, last, in_percent = _ends(theirs)
                if (
                    in_percent == percent
                    and abs(first - end) <= reach
                    and abs(last - start) <= reach
                ):
                    ours = f"from {mine['a'].strip()} to {mine['b'].strip()}"
                    paper = f"from {theirs['a'].strip()} to {theirs['b'].strip()}"
                    return Reversed(ours, paper, ev.text, ev.page)
    return None


def _ends(span: re.Match[str]) -> tuple[Decimal, Decimal, bool]:
    """A start's and an end's values, and whether they are percentages ("from 44 to 53%")."""
    a, b = span["a"], span["b"]
    percent = a.endswith("%") or b.endswith("%")
    return Decimal(a.rstrip(" %")), Decimal(b.rstrip(" %")), percent


def _reach(value: Decimal, percent: bool, hedged: bool) -> Decimal:
    """How far the paper's value may lie from a start or end the claim gives."""
    return approximate_tolerance(value, percent=percent) if hedged else rounding_tolerance(value)


def _way(change: re.Match[str]) -> str | None:
    """Which way a change goes ("up", "down"); None for a verb that may go either way."""
    verb = _verb(change)
    if _DOWN.match(verb):
        return "down"
    return "up" if _UP.match(verb) else None


def _verb(change: re.Match[str]) -> str:
    """The change's verb or noun as written: "fell", "rose", "reduction"."""
    return re.match(r"\w+(?: down| up)?", change.group(0).casefold()).group(0)  # type: ignore[union-attr]
