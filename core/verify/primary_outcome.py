"""Which outcome was primary: a claim that names a secondary outcome as the study's main one.

"The primary outcome was change in combined weekly minutes of walking and cycling. …
Secondary outcomes were car ownership, boundary-road traffic and road injuries": a claim that
"the study's main outcome was road injuries" keeps the paper's words and its design, and puts a
secondary outcome in the primary one's place. The paper's primary and secondary outcomes are
read once from the sentences that define them; a claim that says what its primary (main,
principal) outcome, endpoint or aim was, or that calls something "the trial's primary outcome",
names the secondary one when its words are more the secondary outcomes' than the primary's.
English only.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from core.text.long_forms import with_long_forms
from core.text.words import content_words, held
from core.types import PaperSentence
from core.verify.misstated import Misstated

_KIND = r"(?:outcome|endpoint|end[- ]point)s?"
_PRIMARY = rf"(?:(?:pre-?specified|pre-?registered|registered|co-?)\s*)?primary\s+{_KIND}"
#: "The primary outcome was …", "Primary outcomes were …", "The primary outcome, X, was …".
_DEFINED = re.compile(rf"\b{_PRIMARY}(?:,\s*(?P<apposed>[^,]+),)?\s+(?:was|were|is|are)\s+", re.I)
#: "Reverse-scan PCE was the primary outcome."
_DEFINED_AFTER = re.compile(rf"^(?P<what>.+?)\s+(?:was|were)\s+the\s+{_PRIMARY}\b", re.I)
#: "Secondary outcomes were …", "…; macro-averaged F1 was secondary", "X was a secondary
#: outcome": definitions, not results ("no secondary outcome differed").
_SECONDARY = re.compile(
    rf"\bsecondary\s+{_KIND}\s+(?:were|was|included|include|are|comprised)\b"
    rf"|\b(?:was|were|is|are)\s+(?:a\s+|the\s+)?secondary\b",
    re.I,
)
#: What says how an outcome came out, not which it was ("… on the main outcome was small").
_VERDICT = re.compile(
    r"^(?:not|no|small|large|similar|significant|higher|lower|better|worse|greater|smaller|"
    r"reduced|improved|unchanged|the same|most|more|less|larger)\b",
    re.I,
)
#: Where what a definition names ends: its clause, a secondary list after it, a phrase on how
#: it was measured ("…, with a non-inferiority margin of …", "…, measured from smart meters").
_END = re.compile(
    r"[;:]|\.\s|\.$|\s\((?:primary|secondary)\b|,\s*(?:and\s+)?(?:secondary|with|using|"
    r"compared|measured|defined|estimated|assessed|adjusted|calculated|taken|recorded|from)\b",
    re.I,
)
_MAIN = r"(?:primary|main|principal|chief|key)"
_CLAIMED_KIND = r"(?:outcome|endpoint|end[- ]point|yardstick|measure|aim|goal|question)"
#: "The study's main outcome was road injuries, which …"
_CLAIMED = re.compile(
    rf"\b{_MAIN}\s+{_CLAIMED_KIND}s?\s+(?:was|were|is|are)\s+(?P<what>[^,;]+)", re.I
)
#: "The trial's primary endpoint, the Tinnitus Handicap Inventory, improved …"
_CLAIMED_APPOSED = re.compile(rf"\b{_MAIN}\s+{_CLAIMED_KIND},\s*(?P<what>[^,;]+),", re.I)
#: "Perceived stress, the trial's primary outcome, was …"; "X was the study's main outcome".
_CLAIMED_BEFORE = re.compile(
    rf"(?:^|[,;:]\s*)(?P<what>[^,;:]+?)(?:,\s*|\s+(?:was|were)\s+)the\s+(?:\w+['’]s\s+)?"
    rf"{_MAIN}\s+{_CLAIMED_KIND}\b",
    re.I,
)
#: Words that say a measure is measured, not which one.
_GENERIC = frozenset(
    content_words(
        "primary secondary main outcome outcomes endpoint measure measured aim goal study trial "
        "change changes rate score level number mean average compare compared how often whether "
        "effect effects affect affects researchers authors participants patients group groups "
        "was were the yardstick question"
    )
)


@dataclass(frozen=True)
class Outcomes:
    """The paper's primary outcome as defined, and the words of its secondary outcomes."""

    primary: str
    sentence: PaperSentence
    primary_words: frozenset[str]
    secondary_words: frozenset[str]
    #: Every word of the primary outcome's definition, shared with a secondary one or not.
    defined_words: frozenset[str] = frozenset()


def paper_outcomes(
    sentences: Sequence[PaperSentence], abbreviations: Mapping[str, str] | None = None
) -> Outcomes | None:
    """The first primary-outcome definition, with every secondary-outcome sentence's words.

    Words both definitions use ("at age 3") tell neither apart and count for neither; an
    abbreviation the paper defines counts with its long form ("ED" as "emergency department").
    """
    forms = abbreviations or {}
    defined: tuple[str, PaperSentence] | None = None
    secondary: set[str] = set()
    for sentence in sentences:
        if sentence.section == "table":
            continue
        text = sentence.text
        if defined is None:
            what = _defined(text)
            if what:
                defined = what, sentence
        for match in _SECONDARY.finditer(text):
            secondary |= with_long_forms(content_words(_secondary_part(text, match)), forms)
    if defined is None:
        return None
    primary_words = with_long_forms(content_words(defined[0]), forms) - _GENERIC
    return Outcomes(
        defined[0],
        defined[1],
        frozenset(primary_words - secondary),
        frozenset(secondary - primary_words - _GENERIC),
        frozenset(primary_words),
    )


def _defined(text: str) -> str:
    """What a sentence defines as the primary outcome, or ""."""
    match = _DEFINED.search(text)
    if match is not None:
        if match.group("apposed"):
            return match.group("apposed").strip()
        rest = text[match.end() :]
        end = _END.search(rest)
        return rest[: end.start() if end else len(rest)].strip()
    after = _DEFINED_AFTER.search(text)
    return after.group("what").strip() if after is not None else ""


def _secondary_part(text: str, match: re.Match[str]) -> str:
    """The clause of a sentence that names secondary outcomes, around its word "secondary".

    A list after a colon ("Secondary outcomes were: A; B; and C") runs to the sentence's end.
    """
    start = max((m.end() for m in re.finditer(r"[;:]", text[: match.start()])), default=0)
    if re.match(r"\s*:", text[match.end() :]):
        return text[start:]
    end = re.search(r"[;:]", text[match.end() :])
    return text[start : match.end() + end.start() if end else len(text)]


def check_primary_outcome(claim: str, outcomes: Outcomes | None) -> Misstated | None:
    """A claim naming as primary what the paper names among its secondary outcomes.

    Or anything that shares no word with the paper's primary outcome: "The study's primary
    outcome was chloride resistance" of "The primary outcome was 28-day compressive strength".
    """
    if outcomes is None:
        return None
    for what in _claimed(claim):
        words = content_words(what) - _GENERIC
        primary = held(words, outcomes.primary_words)
        secondary = held(words, outcomes.secondary_words)
        elsewhere = bool(words) and not held(words, outcomes.defined_words)
        if (secondary and secondary >= primary) or elsewhere:
            s = outcomes.sentence
            return Misstated("primary_outcome", what, outcomes.primary, s.text, s.page)
    return None


def _claimed(claim: str) -> list[str]:
    """What the claim says the primary (main) outcome was."""
    found = [m.group("what").strip() for m in _CLAIMED.finditer(claim)]
    found += [m.group("what").strip() for m in _CLAIMED_BEFORE.finditer(claim)]
    found += [m.group("what").strip() for m in _CLAIMED_APPOSED.finditer(claim)]
    found = [re.sub(r"^(?:to\s+\w+\s+)", "", w).rstrip(" .") for w in found]
    return [w for w in found if w and not _VERDICT.match(w)]
