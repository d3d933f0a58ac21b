"""A claim that one group had the highest (lowest …) value, read against the values of all groups.

"Undiagnosed hypertension was 71.4% in Hà Giang, 66.2% in Đắk Lắk, 53.3% in Cần Thơ and 49.2%
in Thái Bình": a claim that "Cần Thơ had the highest share of undiagnosed cases" keeps the
sentence's words and ranks the wrong group first. A claim "A had the highest (largest, lowest,
fewest …) Y", "Y was highest in A" or "the lowest Y was in A" is read against a paper sentence
that states Y and gives three or more groups a value of one kind each ("71.4% in Hà Giang"), or
that gives its range from one group to another ("ranged from 22.1% in Hà Giang to 31.8% in Thái
Bình": the first is the lowest, the second the highest). The claim's group must be one of the
sentence's groups in the sentence's own words. English only.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from core.text.quotes import excerpt
from core.text.words import fact_words, held
from core.types import Evidence, PaperSentence
from core.verify.group_values import GENERIC, Given, given_values

_UP = r"highest|largest|greatest|biggest|most common|most frequent|most prevalent|most"
_DOWN = r"lowest|smallest|fewest|least common|least frequent|least prevalent|least"
_SUPERLATIVE = rf"(?:(?P<up>{_UP})|(?P<down>{_DOWN}))"
_HAS = (
    r"had|has|have|showed|shows|saw|sees|recorded|reported|achieved|produced|gave|delivered|"
    r"reached|posted|obtained|experienced|displayed"
)
_IN = r"in|among|for|with|at|on|from"
_CLAIM = (
    # "Hà Giang had the highest prevalence", "Men saw the largest gains"
    re.compile(
        rf"^(?P<a>[^,;]+?)\s+(?:{_HAS})\s+the\s+{_SUPERLATIVE}\s+(?P<subject>[^,;.]+)", re.I
    ),
    # "Prevalence was highest in Thái Bình", "Delirium was least common among …"
    re.compile(
        rf"^(?P<subject>[^,;]+?)\s+(?:was|were|is|are)\s+(?:the\s+)?{_SUPERLATIVE}\s+"
        rf"(?:(?:{_IN})\s+)(?P<a>[^,;.]+)",
        re.I,
    ),
    # "The highest prevalence was (found) in Thái Bình"
    re.compile(
        rf"^the\s+{_SUPERLATIVE}\s+(?P<subject>[^,;]+?)\s+(?:was|were)\s+"
        rf"(?:(?:seen|found|recorded|observed|reported)\s+)?(?:{_IN})\s+(?P<a>[^,;.]+)",
        re.I,
    ),
)
#: "most durable", "least stable": a quality, not an amount the values rank.
_QUALITY = re.compile(r"^(?:most|least)\s+\w+(?:ble|ive|ful|ous|ant|ent)\b", re.I)
_NEGATED = re.compile(r"\b(?:not|n't|never|no longer)\b", re.I)
#: "ranged from 22.1% in Hà Giang … to 31.8% in Thái Bình": the lowest and the highest.
_RANGE = re.compile(r"\b(?:rang(?:e|es|ed|ing)|var(?:y|ies|ied|ying))\s+from\s+", re.I)


@dataclass(frozen=True)
class GroupRankWrong:
    """The sentence gives another group a value beyond the one the claim ranks first."""

    claimed: str
    beyond: str
    values: tuple[str, str]
    highest: bool
    text: str
    page: int

    @property
    def reason(self) -> str:
        """``group_rank_wrong:Cần Thơ<Hà Giang``."""
        sign = "<" if self.highest else ">"
        return f"group_rank_wrong:{self.claimed}{sign}{self.beyond}"

    def explain(self) -> str:
        """``The paper gives 71.4% for Hà Giang, above 53.3% for Cần Thơ (p. 2): “…”``."""
        side = "above" if self.highest else "below"
        return (
            f"The paper gives {self.values[1]} for {self.beyond}, {side} {self.values[0]} for "
            f"{self.claimed} (p. {self.page}): “{excerpt(self.text)}”"
        )


def ranked_sentences(sentences: Sequence[PaperSentence]) -> list[Evidence]:
    """The paper's sentences that rank groups by value, read once per paper."""
    return [
        Evidence(s.page, s.text, s.bbox, 1.0, s.index)
        for s in sentences
        if s.section != "table" and _ranking(s.text) is not None
    ]


def check_group_rank(claim: str, evidence: Sequence[Evidence]) -> GroupRankWrong | None:
    """The first sentence stating the claim's measure that ranks another group first."""
    found = next((m for p in _CLAIM if (m := p.search(claim.strip())) is not None), None)
    if found is None or _NEGATED.search(claim):
        return None
    word = found.group("up") or found.group("down")
    if _QUALITY.match(f"{word} {found.group('subject')}"):
        return None
    subject = fact_words(found.group("subject"), GENERIC)
    group = fact_words(found.group("a"), GENERIC)
    if not subject or not group:
        return None
    highest = found.group("up") is not None
    for ev in evidence:
        ranking = _ranking(ev.text)
        if ranking is None:
            continue
        given, lowest, top = ranking
        if not held(subject, fact_words(ev.text[: given[0].start], GENERIC)):
            continue
        mine = [g for g in given if group & g.words]
        if len(mine) != 1:
            continue
        own = mine[0]
        if top is not None and lowest is not None:
            first = top if highest else lowest
        else:
            first = (
                max(given, key=lambda g: g.value) if highest else min(given, key=lambda g: g.value)
            )
            if first.value == own.value:
                continue
        if first is not own:
            return GroupRankWrong(
                own.group, first.group, (own.written, first.written), highest, ev.text, ev.page
            )
    return None


def _ranking(text: str) -> tuple[list[Given], Given | None, Given | None] | None:
    """The sentence's groups with values of one kind, and its lowest and highest when ranged.

    Three groups or more, or two that bound a range ("from … to …").
    """
    given = given_values(text)
    if len(given) < 2 or len({g.percent for g in given}) > 1:
        return None
    if len({g.words for g in given}) < len(given) or any(not g.words for g in given):
        return None
    ranged = _RANGE.search(text, 0, given[0].start + 1)
    if ranged is not None and text[ranged.end() : given[0].start].strip() == "":
        between = text[given[0].end : given[1].start]
        if re.fullmatch(r"\s*(?:\([^()]*\)\s*)?to\s+", between):
            return given, given[0], given[1]
    if len(given) < 3:
        return None
    return given, None, None
