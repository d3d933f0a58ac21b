"""How often something was done: a claim's frequency against the paper's.

"Wells were sampled monthly" against "samples … collected twice yearly", "reminders were sent
every day" against "weekly SMS reminders": a frequency is a quantity that reports of studies
write in words, so the number gates read nothing. A frequency belongs to the words of its clause
(what was sampled, sent or measured); where the paper gives frequencies of what the claim's
clause speaks of and none is the claim's, the claim misstates it.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from core.text.normalize import count_word
from core.text.words import fact_words
from core.types import PaperSentence
from core.verify.misstated import Misstated

#: Times a year.
_PER_YEAR = {"hour": 8766.0, "day": 365.0, "night": 365.0, "week": 52.0, "month": 12.0, "year": 1.0}
_ADVERBS = {
    "hourly": 8766.0,
    "daily": 365.0,
    "nightly": 365.0,
    "weekly": 52.0,
    "fortnightly": 26.0,
    "monthly": 12.0,
    "quarterly": 4.0,
    "alternate-day": 182.5,
    "alternate days": 182.5,
    "biannually": 2.0,
    "semi-annually": 2.0,
    "annually": 1.0,
    "yearly": 1.0,
}
_TIMES = {"once": 1.0, "twice": 2.0, "thrice": 3.0}
_UNITS = "|".join(_PER_YEAR)
_TIMES_WRITTEN = r"once|twice|thrice|(?:\d+|two|three|four|five|six|seven|eight|nine|ten)\s+times"
_FREQUENCY = re.compile(
    rf"\b(?:(?P<times>{_TIMES_WRITTEN})\s+(?:a|an|per|each|every)\s+(?P<unit>{_UNITS})|"
    rf"(?:(?P<n>{_TIMES_WRITTEN})\s+)?(?P<adverb>" + "|".join(_ADVERBS) + r")|"
    r"(?:every|each)\s+(?P<every>\d+|two|three|four|five|six|other|second)?\s*"
    rf"(?P<unit2>{_UNITS})s?)\b",
    re.I,
)
_CLAUSE = re.compile(r"[;:()]|,\s+(?:and|but|while|whereas|which)\b|\b(?:whereas|while)\b", re.I)
#: An amount just before "each" or "every", with no deed between: "0.25 mg per litre each year"
#: is a rate, not how often ("312 wells collected every year" is).
_AMOUNT = re.compile(r"(?:\d|\b(?:half|third|quarter|fifth|tenth)s?\b)[^.;:\d]{0,40}$", re.I)
_DEED = re.compile(r"\b(?:\w{3,}ed|sent|took|ran|wore|met|held|given)\b", re.I)


def _rate(before: str) -> bool:
    amount = _AMOUNT.search(before)
    return amount is not None and _DEED.search(amount.group(0)) is None


#: Frequencies within a fifth of each other are one ("every 7 days" and weekly).
TOLERANCE = 0.2


@dataclass(frozen=True)
class Frequency:
    """A frequency as written, in times a year, with the words of its clause."""

    written: str
    per_year: float
    words: frozenset[str]


def frequencies(text: str) -> list[Frequency]:
    """The frequencies of a text with the words of the clause each is said in."""
    found = []
    for match in _FREQUENCY.finditer(text):
        per_year = _per_year(match)
        each = match.group("unit2") is not None
        if not per_year or (each and _rate(text[: match.start()])):
            continue
        start = max((m.end() for m in _CLAUSE.finditer(text, 0, match.start())), default=0)
        end = next((m.start() for m in _CLAUSE.finditer(text, match.end())), len(text))
        clause = text[start : match.start()] + " " + text[match.end() : end]
        found.append(Frequency(match.group(0).strip(), per_year, frozenset(fact_words(clause))))
    return found


def _per_year(match: re.Match[str]) -> float:
    if match.group("adverb"):
        times = _count((match.group("n") or "once").casefold().split()[0])
        return times * _ADVERBS[match.group("adverb").casefold()]
    if match.group("times"):
        written = match.group("times").casefold()
        return _count(written.split()[0]) * _PER_YEAR[match.group("unit").casefold()]
    every = (match.group("every") or "1").casefold()
    gap = 2.0 if every in ("other", "second") else _count(every)
    return _PER_YEAR[match.group("unit2").casefold()] / gap if gap else 0.0


def _count(word: str) -> float:
    """A count in a word or digits: twice is 2, "three" 3; 0 for a word that is no count."""
    if word in _TIMES:
        return _TIMES[word]
    return float(word) if word.isdigit() else float(count_word(word) or 0)


def paper_frequencies(
    sentences: Sequence[PaperSentence],
) -> list[tuple[Frequency, PaperSentence]]:
    """Every frequency of the paper with its sentence, read once per paper."""
    return [(f, s) for s in sentences if s.section != "table" for f in frequencies(s.text)]


def check_frequency(
    claim: str,
    paper: Sequence[tuple[Frequency, PaperSentence]],
    evidence: Collection[int] = frozenset(),
) -> Misstated | None:
    """The claim's first frequency of what the paper gives only other frequencies of.

    The paper's frequencies of the claim's thing are those whose clause shares two of the
    claim clause's words, or one in a sentence of the claim's evidence (``evidence``: sentence
    indices). When none of them is the claim's, nor any the paper says of a word of the
    claim's clause (it may name a group: "daily colchicine" and "alternate-day colchicine"),
    the claim misstates it.
    """
    for mine in frequencies(claim):
        shared = [
            (n, f, s)
            for f, s in paper
            if (n := len(mine.words & f.words)) >= 2 or (n == 1 and s.index in evidence)
        ]
        # the claim's frequency said anywhere of its thing may name a group
        if not shared or any(
            mine.words & f.words and abs(f.per_year - mine.per_year) <= TOLERANCE * f.per_year
            for f, _ in paper
        ):
            continue
        _, other, sentence = max(shared, key=lambda found: found[0])
        return Misstated("frequency", mine.written, other.written, sentence.text, sentence.page)
    return None
