"""Who paid for the work: a claim's funder against the funders the paper names.

Reports of studies name the wrong funder ("funded by the US National Institutes of Health" of a
study the Japan Society for the Promotion of Science funded), or take another acknowledged party
for it ("funded by an olive oil producers' association" where the association only donated the
oil). The paper's funding clauses ("The trial was funded by the Spanish Ministry of Health; …")
are read once; a claim whose funder shares less than half its words with every funder the paper
names, and matches none of their acronyms, misstates it. A paper that names no funder is not
read: what it does not say, the other checks judge.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from core.text.quotes import excerpt
from core.text.words import content_words
from core.types import PaperSentence

#: "funded by X", "financed by X", "with funding from X", "X funded the study".
_BY = re.compile(
    r"\b(?:funded|financed|sponsored|paid for|commissioned)\s+(?:\w+ly\s+|in part\s+)?by\s+"
    r"(?P<who>[^;,.:]+(?:\([^)]*\))?)",
    re.I,
)
_FROM = re.compile(
    r"\b(?:funding|grants?|financial support|financing)\s+(?:was\s+)?(?:from|by)\s+"
    r"(?P<who>[^;,.:]+(?:\([^)]*\))?)",
    re.I,
)
_SUBJECT = re.compile(
    r"(?P<who>(?:[A-Z][\w'’&-]*\s+)*(?:[A-Z][\w'’&-]*|[a-z]+\s+(?:association|foundation|"
    r"company|industry|group)))\s+(?:funded|financed|sponsored|paid for)\s+(?:the|this)\s+"
    r"(?:study|trial|work|research|project|analysis|experiment)",
)
#: A paper's "supported by X" names a funder only in a sentence about money.
_SUPPORTED = re.compile(r"\bsupported\s+(?:\w+ly\s+|in part\s+)?by\s+(?P<who>[^;,.:]+)", re.I)
_MONEY = re.compile(r"\b(?:fund\w*|grants?|financ\w*|sponsor\w*)\b", re.I)
#: A funder named after a clause ends: "…, which had no role", "… and by X".
_TAIL = re.compile(
    r"\s+(?:which|who|that|with|under|through|to|and\s+(?:received|got|took|had|has|was|"
    r"were|is|are|did)\b)\b.*$",
    re.I,
)
#: "received no money from X", "did not receive any funding from X": X paid for nothing.
_DENIED = re.compile(r"\b(?:no|not|any|without)\s+(?:\w+\s+)?$", re.I)
#: "supported by grant R01-123 from the National Institutes of Health": the funder follows.
_GRANT = re.compile(r"^.*\bfrom\s+", re.I)
_ACRONYM = re.compile(r"\b[A-Z]{2,8}\b")
#: "sponsored by the drug's developer, Halvard Therapeutics,": the name after a description.
_APPOSITIVE = re.compile(
    r"\s*,\s*(?P<name>(?:the\s+)?[A-Z][\w'’&-]*(?:\s+(?:[A-Z][\w'’&-]*|of|for|and))*)"
    r"(?=\s*[,.;)]|$)"
)
_JOINERS = frozenset({"of", "for", "the", "and", "de", "du", "der", "für"})


@dataclass(frozen=True)
class Funder:
    """A funder as written, with its content words and the acronyms it may go by."""

    written: str
    words: frozenset[str]
    acronyms: frozenset[str]


@dataclass(frozen=True)
class FunderWrong:
    """A claim's funder that is none of those the paper names."""

    claimed: str
    stated: str
    text: str
    page: int
    sentence_index: int

    @property
    def reason(self) -> str:
        """``funder_not_in_paper:US National Institutes of Health``."""
        return f"funder_not_in_paper:{self.claimed[:60]}"

    def explain(self) -> str:
        """``The claim says X funded the work, but the paper names Y (p. 3): “…”``."""
        return (
            f"The claim says {self.claimed} funded the work, but the paper names "
            f"{self.stated} (p. {self.page}): “{excerpt(self.text)}”"
        )


def funders(text: str, *, paper: bool = False) -> list[Funder]:
    """The funders a text names; a paper's "supported by" counts in a sentence about money."""
    patterns = [_BY, _FROM, _SUBJECT]
    if paper and _MONEY.search(text):
        patterns.append(_SUPPORTED)
    found = []
    for pattern in patterns:
        for match in pattern.finditer(text):
            if _DENIED.search(text[: match.start()]):
                continue
            who = _GRANT.sub("", _TAIL.sub("", match.group("who"))).strip()
            named = _APPOSITIVE.match(text, match.end())
            if named and who.islower():
                who = named.group("name").strip()
            words = frozenset(content_words(who))
            if words:
                found.append(Funder(who, words, _acronyms(who)))
    return found


def _acronyms(who: str) -> frozenset[str]:
    """Acronyms in brackets or written out, and the initials of the capitalised words."""
    stated = set(_ACRONYM.findall(who))
    words = [
        w
        for w in re.findall(r"[A-Za-z][\w'’-]*", who.split("(")[0])
        if w.casefold() not in _JOINERS
    ]
    initials = "".join(w[0] for w in words if w[0].isupper())
    if len(initials) >= 2:
        stated.add(initials)
    return frozenset(a.casefold() for a in stated)


def paper_funders(sentences: Sequence[PaperSentence]) -> list[tuple[Funder, PaperSentence]]:
    """Every funder the paper names, with its sentence, read once per paper."""
    return [(f, s) for s in sentences if s.section != "table" for f in funders(s.text, paper=True)]


def check_funder(claim: str, paper: Sequence[tuple[Funder, PaperSentence]]) -> FunderWrong | None:
    """The claim's first funder that matches none of the paper's, when the paper names any."""
    if not paper:
        return None
    for mine in funders(claim):
        if any(_same(mine, theirs) for theirs, _ in paper):
            continue
        theirs, sentence = paper[0]
        return FunderWrong(
            mine.written, theirs.written, sentence.text, sentence.page, sentence.index
        )
    return None


def _same(mine: Funder, theirs: Funder) -> bool:
    """At least half the claim's funder words, or an acronym either gives the other."""
    if len(mine.words & theirs.words) * 2 >= len(mine.words):
        return True
    return bool((mine.acronyms | mine.words) & theirs.acronyms) or bool(
        mine.acronyms & theirs.words
    )
