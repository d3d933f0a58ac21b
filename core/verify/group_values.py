"""A comparison of two groups read against the values a sentence gives each.

"Dropout at 12 weeks was 11% with CBT-I and 8% with education": a claim that "dropout was
higher with education than with the app" keeps the sentence's words and compares the two
groups the wrong way round. A claim "X was higher (lower, more common …) in A than in B" is
read against an evidence sentence that gives two values of one kind, each followed by its
group ("11% with CBT-I", "8% with education"), when the sentence states what the claim
compares. A group the claim names in the words of one of the two is that one; a claim that
names one of them so (education) may call the other as it likes (the app for CBT-I). English
only.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from core.text.quotes import excerpt
from core.text.words import fact_words, held
from core.types import Evidence, PaperSentence

_HIGHER = r"higher|greater|larger|stronger|more common|more frequent|more likely|more prevalent"
_LOWER = r"lower|smaller|weaker|less common|less frequent|less likely|less prevalent|rarer"
_PREPOSITION = r"with|in|among|for|on|under"
_DEGREE = r"(?:(?:slightly|much|far|significantly|substantially|somewhat|considerably)\s+)?"
_CLAIM = (
    re.compile(
        rf"(?P<subject>[^,;]+?)\s+(?:was|were|is|are|remained|stayed)\s+{_DEGREE}"
        rf"(?:(?P<higher>{_HIGHER})|(?P<lower>{_LOWER}))\s+"
        rf"(?:{_PREPOSITION})\s+(?P<a>[^,;]+?)\s+than\s+(?:{_PREPOSITION})\s+(?P<b>[^,;.]+)",
        re.I,
    ),
    # "Boys showed a stronger association with depression than girls did"; "On Scottish
    # English, Ardent made fewer errors than Kestrel"
    re.compile(
        r"(?:^|[,;]\s*)(?P<a>[^,;]+?)\s+(?:showed|show|had|have|has|reported|experienced|saw|"
        r"displayed|made|makes|recorded|produced|caught|gained|lost|suffered)\s+"
        rf"(?:an?\s+)?{_DEGREE}(?:(?P<higher>{_HIGHER}|more)|(?P<lower>{_LOWER}|fewer|less))\s+"
        r"(?P<subject>[^,;]+?)\s+than\s+(?:did\s+|do\s+)?(?P<b>[^,;.]+?)"
        r"(?:\s+(?:did|do|had|have|were|was))?\s*(?:[,;.]|$)",
        re.I,
    ),
)
#: A value and the group after it: "11% with CBT-I", "0.82 in women", "38% of controls",
#: "0.46 (95% CI 0.20 to 0.72) among girls", "281 ± 6 mV for NiFeMn", "3.9 points (1.5 to
#: 6.3) for workers with lower-secondary schooling".
VALUE = re.compile(
    rf"(?<![\w.])(?P<value>\d+(?:\.\d+)?)\s?(?P<percent>%)?(?:\s*±\s*\d+(?:\.\d+)?)?"
    rf"(?:\s*\([^()]*\))?(?P<unit>(?:\s+[a-zµμ°/³²⁻¹]+){{0,3}}?)(?:\s*\([^()]*\))?\s+"
    rf"(?:{_PREPOSITION}|of)\s+(?P<group>[^,;()]+?)"
    r"(?=\s+and\s|\s+vs\.?\s|\s+versus\s|\s+to\s+\d|[,;()]|\.\s|\.$|$)",
    re.I,
)
GENERIC = frozenset({"group", "groups", "arm", "arms", "the", "participants", "patients"})


@dataclass(frozen=True)
class GroupsReversed:
    """The sentence gives the claim's higher group the lower value, or the other way round."""

    ahead: str
    behind: str
    values: tuple[str, str]
    text: str
    page: int

    @property
    def reason(self) -> str:
        """``groups_reversed:education<CBT-I``."""
        return f"groups_reversed:{self.ahead}<{self.behind}"

    def explain(self) -> str:
        """``The paper gives 8% for education and 11% for CBT-I (p. 1): “…”``."""
        return (
            f"The paper gives {self.values[0]} for {self.ahead} and {self.values[1]} for "
            f"{self.behind} (p. {self.page}): “{excerpt(self.text)}”"
        )


@dataclass(frozen=True)
class Given:
    """A value a sentence gives a group: "11% with CBT-I", "251 mV for NiFeV"."""

    value: Decimal
    written: str
    percent: bool
    group: str
    words: frozenset[str]
    start: int
    end: int


def given_values(text: str) -> list[Given]:
    """Every value of the sentence followed by its group, in order."""
    return [
        Given(
            Decimal(m["value"]),
            m["value"] + (m["percent"] or "") + _unit(m["unit"]),
            m["percent"] is not None,
            m["group"].strip(),
            frozenset(fact_words(m["group"], GENERIC)),
            m.start(),
            m.end(),
        )
        for m in VALUE.finditer(text)
    ]


def _unit(words: str) -> str:
    """A short word between a value and its group is its unit ("251 mV for NiFeV")."""
    words = words.strip()
    return f" {words}" if words and " " not in words and len(words) <= 5 else ""


def grouped_sentences(sentences: Sequence[PaperSentence]) -> list[Evidence]:
    """The paper's sentences that give two groups a value each, read once per paper.

    Retrieval ranks "The adjusted association was 0.46 … among girls and 0.12 … among boys"
    below sentences about the claim's topic in general.
    """
    return [
        Evidence(s.page, s.text, s.bbox, 1.0, s.index)
        for s in sentences
        if s.section != "table" and _two_groups(s.text) is not None
    ]


def check_group_values(claim: str, evidence: Sequence[Evidence]) -> GroupsReversed | None:
    """The first evidence sentence whose two groups' values reverse the claim's comparison."""
    found = next((m for p in _CLAIM if (m := p.search(claim)) is not None), None)
    if found is None:
        return None
    subject = fact_words(found.group("subject"), GENERIC)
    a, b = fact_words(found.group("a"), GENERIC), fact_words(found.group("b"), GENERIC)
    if not subject or not (a or b):
        return None
    for ev in evidence:
        given = _two_groups(ev.text)
        if given is None or not held(subject, fact_words(ev.text[: given[0].start], GENERIC)):
            continue
        pair = _matched(a, b, given)
        if pair is None:
            continue
        first, second = pair
        higher = found.group("higher") is not None
        if first.value != second.value and (first.value > second.value) != higher:
            return GroupsReversed(
                first.group, second.group, (first.written, second.written), ev.text, ev.page
            )
    return None


def _two_groups(text: str) -> tuple[Given, Given] | None:
    """The sentence's two values of one kind with their groups, when it gives exactly two."""
    given = given_values(text)
    if len(given) != 2 or given[0].percent != given[1].percent or given[0].words == given[1].words:
        return None
    return given[0], given[1]


def _matched(a: set[str], b: set[str], given: tuple[Given, Given]) -> tuple[Given, Given] | None:
    """The claim's two groups as the sentence's (first, second), or None when it cannot tell."""
    one, two = given
    hits = [(bool(a & g.words), bool(b & g.words)) for g in given]
    if hits[0][0] and not hits[0][1] and not hits[1][0]:
        return one, two
    if hits[1][0] and not hits[1][1] and not hits[0][0]:
        return two, one
    if hits[0][1] and not hits[0][0] and not hits[1][1]:
        return two, one
    if hits[1][1] and not hits[1][0] and not hits[0][1]:
        return one, two
    return None
