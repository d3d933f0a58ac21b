"""How a measure was obtained: a claim's source against the paper's.

Reports of studies misstate where data came from: "grades were self-reported by students" of a
paper whose grades "were obtained from school records", "sleep was measured objectively with
wrist-worn devices" of one where "sleep duration was self-reported and was not measured with
actigraphy". Sources fall in a few kinds (the participants' own report, records or registries,
devices, clinical examination). A claim that gives a measure one kind, where the paper's
sentences about that measure give it only others (or deny the claim's), misstates it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from core.text.quotes import excerpt
from core.text.words import fact_words
from core.types import PaperSentence

#: Kinds of source, each with the words that name it.
_SOURCES = {
    "self-report": (
        r"self-?report\w*|questionnaires?|surveys?|diar(?:y|ies)|interview\w*|own reports?|"
        r"(?:reported|rated|recalled)\s+by\s+(?:the\s+)?(?:participants|students|pupils|patients|"
        r"parents|respondents|mothers|themselves|adolescents|children|workers)"
    ),
    "records": r"records?|registr(?:y|ies)|administrative|databases?|claims data|linkage",
    "devices": (
        r"devices?|accelerometers?|actigraph\w*|wrist-worn|sensors?|wearables?|objectively|"
        r"polysomnograph\w*"
    ),
    "examination": (
        r"examin\w+|clinicians?|neurologists?|physicians?|doctors?|nurses?|blood tests?|"
        r"laboratory tests?"
    ),
}
_SOURCE = re.compile("|".join(f"(?P<{k.replace('-', '_')}>{p})" for k, p in _SOURCES.items()), re.I)
#: A claim that says how a measure was obtained: "Grades were self-reported by students".
_OBTAINED = re.compile(
    r"^(?P<subject>[A-Za-z][\w\s'’-]{1,60}?)\s+(?:was|were|is|are|had been|have been)\s+"
    r"(?:\w+\s+)?(?:self-?reported|reported|measured|assessed|obtained|recorded|collected|"
    r"diagnosed|identified|ascertained|determined|extracted|verified|confirmed|taken)\b"
    r"|^(?P<came>[A-Za-z][\w\s'’-]{1,60}?)\s+(?:came|come|comes)\s+from\b",
    re.I,
)
_NEGATED = re.compile(
    r"\b(?:not|cannot|no|never|without|rather than|instead of)\b(?:\W+\w+){0,4}\W*$", re.I
)
#: Subjects that name no measure in particular.
_GENERIC = frozenset(
    "data outcome outcomes measure measures variable variables information".split()
)
_CLAUSE = re.compile(r"[;,]|\b(?:and|but|whereas|while)\b", re.I)


@dataclass(frozen=True)
class SourceContradicted:
    """A claim that gives a measure a source the paper's sentences about it do not."""

    claimed: str
    stated: str
    text: str
    page: int

    @property
    def reason(self) -> str:
        """``source_contradicted:self-report->records``."""
        return f"source_contradicted:{self.claimed}->{self.stated}"

    def explain(self) -> str:
        """``The paper gives this from records, not self-report (p. 2): “…”``."""
        return (
            f"The paper gives this from {self.stated}, not {self.claimed} (p. {self.page}): "
            f"“{excerpt(self.text)}”"
        )


def _kinds(text: str) -> tuple[set[str], set[str]]:
    """The kinds of source a text names, and those it denies ("not measured with actigraphy")."""
    named: set[str] = set()
    denied: set[str] = set()
    for match in _SOURCE.finditer(text):
        kind = next(k for k, v in match.groupdict().items() if v).replace("_", "-")
        (denied if _NEGATED.search(text[: match.start()]) else named).add(kind)
    return named, denied - named


@dataclass(frozen=True)
class Sourced:
    """A paper sentence that names or denies a kind of source, with its words."""

    sentence: PaperSentence
    words: frozenset[str]
    named: frozenset[str]
    denied: frozenset[str]


def paper_sources(sentences: Sequence[PaperSentence]) -> list[Sourced]:
    """The paper's sentences that name or deny a kind of source, read once per paper."""
    found = []
    for sentence in sentences:
        named, denied = _kinds(sentence.text)
        if named or denied:
            words = frozenset(fact_words(sentence.text))
            found.append(Sourced(sentence, words, frozenset(named), frozenset(denied)))
    return found


def check_source(claim: str, paper: Sequence[Sourced]) -> SourceContradicted | None:
    """The paper's source of the measure the claim says was obtained another way, if any."""
    found = _OBTAINED.search(claim)
    if found is None:
        return None
    subject = fact_words(found.group("subject") or found.group("came")) - _GENERIC
    mine, _ = _kinds(claim[found.start() :])
    if not subject or not mine:
        return None
    about = [s for s in paper if subject <= s.words]
    if not about:
        return None
    stated = set().union(*(s.named for s in about))
    denied = set().union(*(s.denied for s in about))
    if mine & stated or (not stated and not mine & denied):
        return None
    theirs = sorted(stated) or [f"anything but {k}" for k in sorted(mine & denied)]
    where = about[0].sentence
    return SourceContradicted(sorted(mine)[0], theirs[0], where.text, where.page)
