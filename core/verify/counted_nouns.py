"""Counts bound to what they count: "two annotators" where the paper always says three.

A critique writes small counts as words ("three tasks"), which the number gates do not read,
and a wrong count keeps every other word of the sentence it misstates. The paper's
counts of each noun are collected once, in digits or words; where the paper counts a noun with
one value only, a claim counting it with another misstates it, even where the paper counts it
only after a preposition ("fine-tuned on 48,000 notes"). A claim's count after a preposition or
a selecting word ("on two datasets", "the first two layers", "the other three") or before a
relative clause ("the 14 earthquakes that residents felt") may count a part of the whole and is
not read, nor is a hedged one ("at least two"), nor a noun the paper counts
with several values. Chinese counts ("两名标注员") are not read: without word boundaries, the
characters after a measure word are as often an adjective as the noun counted.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from core.text.normalize import COUNT_WORDS, count_word
from core.text.words import stem
from core.types import PaperSentence
from core.verify.binding import PER_GROUP, PER_GROUP_REACH, SAMPLE_SIZE, Mismatch
from core.verify.gates.common import NARRATIVE_CITE, NUMERIC_CITE, PAREN_CITE

#: Words that may stand between a count and its noun ("three human annotators").
_MODIFIER = r"(?:(?!(?:of|the|and|or|to|in|on|for|with|by|than|are|were|is|was)\b)[a-z][\w\-]*\s+)"
_EN = re.compile(
    rf"(?<![\w.,\-])(?P<n>\d{{1,3}}(?:,\d{{3}})+|\d{{1,6}}|{'|'.join(COUNT_WORDS)})(?![.,]\d)\s+"
    # "two more cases", "eight fewer patients": a difference, not a total
    r"(?!(?:more|fewer|less|extra|additional)\b)"
    rf"{_MODIFIER}{{0,2}}?"
    r"(?P<noun>[a-z]{3,}s)\b",
    re.I,
)
#: Before a count, words that make it a part, an order or a bound rather than the total.
_PARTIAL = re.compile(
    r"\b(?:on|in|for|across|at|from|to|of|between|among|over|under|within|per|every|each|first|"
    r"last|top|other|these|those|remaining|additional|extra|another|some|or|and|next|previous|"
    # a reference, not a count: "Table 2 shows"
    r"table|tab\.|figure|fig\.|section|sec\.|eq\.|appendix|step|stage|version)\s*$",
    re.I,
)
#: Before a count, words that make it a bound or an estimate: "at least six sessions".
_BOUND = re.compile(
    r"\b(?:more|fewer|less|least|most|than|about|around|nearly|almost|approximately|roughly|up|"
    r"above|below)\s*$",
    re.I,
)
#: A capitalised word before the number makes it a label: "Box 3 provides", "Task 2 asks".
_LABEL = re.compile(r"\b[A-Z][\w.\-]*\s*$")
#: Plural nouns that count no thing: "two times", "three ways", "the other ones", "3 points"
#: (a measure: 9 points of one outcome and 8 of another are no rivals), "six years" (a span or
#: an age: "aged 65 years" and "six years of records" measure other things).
_NOT_THINGS = frozenset(
    {"times", "ways", "ones", "others", "thirds", "halves", "folds", "orders", "points"}
    | {"seconds", "minutes", "hours", "days", "weeks", "months", "years", "decades"}
)


#: The whole of a share ("three in five reported cases") is no count of its own.
_SHARE_OF = re.compile(rf"\b(?:\d+|{'|'.join(COUNT_WORDS)})\s+(?:in|out\s+of)\s+$", re.I)
#: A unit after the number makes it a measure: "10 × 10 m plots", "6–9 m plots".
_UNIT_AFTER = re.compile(
    r"\s*(?:[×x]\s*\d+\s*)?(?:nm|µm|mm|cm|m|km|mg|g|kg|ml|mL|L|h|min|ha|°C)(?![\w-])"
)
#: A relative clause after the noun picks some of them: "the 14 earthquakes that residents felt".
_RESTRICTED = re.compile(r"\s+(?:that|which|who|whom|whose)\b", re.I)


@dataclass(frozen=True)
class Count:
    """A count the text states: its value, the noun it counts (stemmed), as written."""

    value: int
    noun: str
    written: str


def counts_in(text: str) -> list[Count]:
    """The whole counts of things the text states ("three annotators", "2 datasets")."""
    return [count for count, kind in _counts(text) if kind == _WHOLE]


_WHOLE, _PART, _GROUP, _BOUNDED = "whole", "part", "group", "bound"


def _counts(text: str) -> list[tuple[Count, str]]:
    """Each count of things: of the whole, maybe of a part, of one group, or a bound.

    A count of each group ("42 schools were assigned to each arm") is no count of the whole,
    nor is a bound ("at least six sessions") a count at all.
    """
    found = []
    for match in _EN.finditer(text):
        noun = match.group("noun").casefold()
        before = text[: match.start()]
        if noun in _NOT_THINGS or _LABEL.search(before):
            continue
        n = match.group("n").casefold()
        value = int(n.replace(",", "")) if n[0].isdigit() else count_word(n) or 0
        if value < 2 or _SHARE_OF.search(before) or _UNIT_AFTER.match(text, match.end("n")):
            continue
        count = Count(value, stem(noun.removesuffix("s")), match.group(0))
        if PER_GROUP.search(text[match.end() : match.end() + PER_GROUP_REACH]):
            found.append((count, _GROUP))
        elif _BOUND.search(before):
            found.append((count, _BOUNDED))
        elif _PARTIAL.search(before) or _RESTRICTED.match(text, match.end()):
            found.append((count, _PART))
        else:
            found.append((count, _WHOLE))
    return found


@dataclass(frozen=True)
class PaperCounts:
    """Each noun the paper counts, with the values it gives and where it first gives each.

    ``stated`` holds every value the paper gives a noun, counts of a part and bounds included.
    """

    counts: dict[str, dict[int, tuple[str, PaperSentence]]]
    stated: dict[str, set[int]]
    #: Every count of a noun with its sentence, counts of a part included, bounds not.
    each: dict[str, list[tuple[Count, PaperSentence]]]


def paper_counts(sentences: Sequence[PaperSentence]) -> PaperCounts:
    """Collect the counts of the paper's sentences, table rows and sample sizes aside."""
    counts: dict[str, dict[int, tuple[str, PaperSentence]]] = {}
    stated: dict[str, set[int]] = {}
    each: dict[str, list[tuple[Count, PaperSentence]]] = {}
    for sentence in sentences:
        # A table's rows and a sample-size calculation's assumed counts ("80 schools would give
        # 80% power") count nothing the study had.
        if sentence.section == "table" or SAMPLE_SIZE.search(sentence.text):
            continue
        for count, kind in _counts(sentence.text):
            stated.setdefault(count.noun, set()).add(count.value)
            if kind in (_WHOLE, _PART):
                each.setdefault(count.noun, []).append((count, sentence))
            if kind == _WHOLE:
                counts.setdefault(count.noun, {}).setdefault(count.value, (count.written, sentence))
    return PaperCounts(counts, stated, each)


def count_mismatch(claim: str, paper: PaperCounts) -> Mismatch | None:
    """A count the claim gives a noun the paper counts with one other value only.

    Not in a claim about cited work: another work's count of the noun is its own. Nor a value
    the paper gives the noun elsewhere, even of a part: "9 percentage points with the app and
    3 points with education" counts points twice.
    """
    cites = (NUMERIC_CITE, PAREN_CITE, NARRATIVE_CITE)
    if "et al" in claim or any(p.search(claim) for p in cites):
        return None
    for count in counts_in(claim):
        stated = paper.stated.get(count.noun)
        if not stated or count.value in stated:
            continue
        # a noun the paper counts only after a preposition ("on 48,000 notes") is counted there
        wholes = paper.counts.get(count.noun) or {
            theirs.value: (theirs.written, sentence)
            for theirs, sentence in paper.each.get(count.noun, [])
        }
        if len(wholes) != 1:
            continue
        value, (written, sentence) = next(iter(wholes.items()))
        if count.value - value in _elided(sentence.text):
            continue  # "498 participants returned a kit and 37 attended …" counts 535
        if count.value > value and _some_of(written, count.written):
            continue  # "two earlier repair tools" are some of the claim's "four tools"
        return Mismatch(count.written, written, sentence.page, sentence.index)
    return _exchanged_count(claim, paper)


#: A count whose noun is left out after "and": "498 participants returned a kit and 37 attended".
_ELIDED = re.compile(r"\band\s+(?P<n>\d{1,3}(?:,\d{3})+|\d+)\s+(?![a-z]+s\b)[a-z]+\b")


#: Words that make a count one of some of the noun's: "two earlier repair tools", "three other
#: models".
_SOME = re.compile(
    r"\b(?:earlier|other|additional|existing|further|previous|prior|competing|baseline|"
    r"remaining|extra)\b",
    re.I,
)


def _some_of(paper: str, claim: str) -> bool:
    """Whether the paper's count is of some of the noun's, as the claim's count is not."""
    return _SOME.search(paper) is not None and _SOME.search(claim) is None


def _elided(text: str) -> set[int]:
    """The counts a sentence gives with their noun left out."""
    return {int(m.group("n").replace(",", "")) for m in _ELIDED.finditer(text)}


def _exchanged_count(claim: str, paper: PaperCounts) -> Mismatch | None:
    """A count the claim gives a noun that the paper's sentence counting it gives another.

    "rivers in 12 countries" against "12 rivers in 7 European countries": the two counts of
    one sentence were exchanged, so counts of a part are read here too.
    """
    for count, kind in _counts(claim):
        values = paper.stated.get(count.noun)
        if kind == _GROUP or not values or len(values) != 1 or count.value in values:
            continue
        for theirs, sentence in paper.each.get(count.noun, []):
            if any(
                other.value == count.value and other.noun != count.noun
                for other, _ in _counts(sentence.text)
            ):
                return Mismatch(count.written, theirs.written, sentence.page, sentence.index)
    return None
