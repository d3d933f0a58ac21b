"""A finding carried past the limit the paper sets on it.

"Results may not apply to cities with different road networks", "hip arthroplasty, revision
and bilateral procedures were not studied", "findings … have not been tested in larger or
lowland rivers": a report of the study that says the schemes "would deliver similar gains in
cities with very different road networks" or that tablets "can replace intravenous tranexamic
acid in hip replacements" keeps the paper's words and asserts what the paper says it cannot.
Each such limit is read once with what it names; a claim that asserts something (no negation
or hedge) of a word only that limit gives the study, a word the rest of the paper does not use,
states a finding past it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from core.text.quotes import excerpt
from core.text.words import content_words, hyphen_parts
from core.types import PaperSentence

_BEYOND = (
    r"(?:apply|applies|generali[sz]e|transfer|extend|hold|translate|carry over|be generali[sz]ed|"
    r"be extrapolated|be extended|be applied|be assumed to apply|be transferred)"
)
#: What a limit names: after "may not apply to", "not tested in", "caution against … to".
_LIMITS = (
    re.compile(
        rf"\b(?:may|might|will|would|do|does|did|could|can|cannot|should)\s*(?:not|n't)?\s+"
        rf"(?:necessarily\s+|directly\s+|readily\s+)?{_BEYOND}\s+(?:to|in|for|where|across)\s+"
        r"(?P<what>[^.;]+)",
        re.I,
    ),
    re.compile(
        r"\b(?:has|have|had|was|were)\s+not\s+been\s+(?:tested|studied|examined|evaluated)\s+"
        r"(?:in|on|for|with)\s+(?P<what>[^.;]+)",
        re.I,
    ),
    re.compile(
        r"(?:^|[;:]\s*)(?P<what>[^;:]{3,120}?)\s+(?:was|were)\s+(?:\w+ly\s+)?"
        r"not\s+(?:studied|tested|examined|included)\b",
        re.I,
    ),
    re.compile(
        r"\bcaution\w*\s+against\s+(?:\w+ing)\s+(?:\w+\s+){0,4}?(?:to|in)\s+(?P<what>[^.;]+)",
        re.I,
    ),
)
#: What makes a claim itself a limit or a doubt rather than a finding.
_HEDGED = re.compile(
    r"\b(?:not|no|never|cannot|unknown|unclear|uncertain|whether|may|might|only|exclud\w*|"
    r"untested|caution\w*|limit\w*|except|without|rather than|remains? to be|left out|dropped|"
    r"omitted|too)\b|n't",
    re.I,
)
#: Words of a limit that say how it limits, not what it names.
_GENERIC = frozenset(
    content_words(
        "other different similar settings setting populations population results findings "
        "study studies trial effects effect those these such as including regions areas types "
        "more less larger smaller small large people persons individuals adults participants "
        "patients"
    )
)


@dataclass(frozen=True)
class ScopeLimit:
    """A paper sentence limiting where its findings hold, and the words only it names."""

    text: str
    page: int
    words: frozenset[str]


@dataclass(frozen=True)
class BeyondLimit:
    """A claim asserting a finding of what the paper says lies past its limits."""

    text: str
    page: int
    word: str

    @property
    def reason(self) -> str:
        """``beyond_scope:hip``."""
        return f"beyond_scope:{self.word}"

    def explain(self) -> str:
        """``The paper limits its findings (p. 3): “…”``."""
        return f"The paper limits its findings (p. {self.page}): “{excerpt(self.text)}”"


def scope_limits(
    sentences: Sequence[PaperSentence], sentence_words: Sequence[set[str]]
) -> list[ScopeLimit]:
    """Every limit the paper sets, with the words it names that the rest of the paper lacks.

    ``sentence_words`` holds ``content_words`` of every sentence, by index.
    """
    body = [s for s in sentences if s.section != "table"]
    found: list[tuple[PaperSentence, set[str]]] = []
    for s in body:
        named = {w for p in _LIMITS for m in p.finditer(s.text) for w in _words(m.group("what"))}
        named -= _GENERIC
        if named:
            found.append((s, named))
    # a word any other sentence uses belongs to the study itself
    limiting = {s.index for s, _ in found}
    used = {w for s in body if s.index not in limiting for w in _own(sentence_words[s.index])}
    return [
        ScopeLimit(s.text, s.page, frozenset(named - used)) for s, named in found if named - used
    ]


def _words(text: str) -> set[str]:
    return _own(content_words(text))


def _own(words: set[str]) -> set[str]:
    """Words with the parts of hyphened ones, numbers left out."""
    return {w for w in hyphen_parts(words) if not any(c.isdigit() for c in w)}


def check_scope(claim: str, limits: Sequence[ScopeLimit], sentence: str = "") -> BeyondLimit | None:
    """The first limit one of whose own words an unhedged claim asserts something of.

    ``claim`` may be one part of ``sentence``, whose hedge holds for every part.
    """
    if not limits or _HEDGED.search(claim) or _HEDGED.search(sentence):
        return None
    words = _words(claim)
    for limit in limits:
        shared = sorted(words & limit.words)
        if shared:
            return BeyondLimit(limit.text, limit.page, shared[0])
    return None
