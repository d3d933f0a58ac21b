"""Who said or made it: a claim must credit words and work to the person the paper credits.

Papers quote people ("For example, Stephen Turner wrote:" above an indented passage) and credit
tools to their makers ("Docassemble (Pyle, 2017)"). A claim that swaps the person ("Arjun Raj
wrote that the barrier is too high", "Docassemble由Luff和Davies开发") still finds the quoted
words or the tool in the paper, so topical support passes it. Here the claim's person is read
against the paper's: the speaker introducing the passage that states the claim's words, and the
citations of the sentences naming the tool the claim says the person made.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from core.text.words import fact_words, states_same_fact
from core.types import Evidence, Paper, PaperSentence
from core.verify.gates.common import NARRATIVE_CITE, PAREN_CITE

_PERSON = r"(?<![A-Za-z])[A-Z][a-z]+(?:[ -](?:(?:van|von|de|der|da|di|le|la) )?[A-Z][a-z]+){0,2}"
#: People listed: "Luff and Davies", "Luff, Davies & Pyle", "Luff和Davies" (eight at most, so a
#: long run of capitalised words costs no backtracking); a comma alone ends the list
#: ("According to Stephen Turner, Google Docs excels ...").
_PEOPLE = (
    rf"{_PERSON}(?:(?:\s*[,、]\s*{_PERSON}){{0,6}}\s*(?:,\s*)?(?:and|&|和|与|、)\s*{_PERSON})?"
)
_SPEECH_VERB = (
    r"(?:wrote|writes|said|says|argued|argues|noted|notes|remarked|remarks|observed|observes|"
    r"stated|states|put it|commented|comments|explained|explains|complained|complains)"
)
_MAKE_VERB = (
    r"(?:developed|created|built|designed|proposed|introduced|invented|implemented|written|"
    r"authored|released|maintained)"
)
_ZH_MAKE = r"(?:开发|提出|设计|编写|创建|研制|发明|实现|撰写|构建)"
#: The claim's person and what it credits them with: ("speech", people) or ("make", people).
_CLAIMED = (
    (
        "speech",
        re.compile(
            rf"(?P<who>{_PEOPLE})(?:\s*\[[\d,\s–-]+\])?(?:,\s*who)?\s+(?:also\s+|has\s+|had\s+)?"
            rf"{_SPEECH_VERB}\b"
        ),
    ),
    (
        "speech",
        re.compile(
            rf"\b(?i:quotes?|quoting|quoted|according to|in the words of)\s+(?P<who>{_PEOPLE})"
        ),
    ),
    ("speech", re.compile(rf"(?P<who>{_PEOPLE})\s*(?:在[^，。；]{{0,10}})?(?:说|写道|指出|表示)")),
    ("make", re.compile(rf"\b{_MAKE_VERB}\s+by\s+(?P<who>{_PEOPLE})")),
    ("make", re.compile(rf"由\s*(?P<who>{_PEOPLE})\s*(?:等人?)?\s*{_ZH_MAKE}")),
    ("make", re.compile(rf"(?P<who>{_PEOPLE})\s*(?:等人?)?\s*{_ZH_MAKE}了")),
)
#: Capitalised words that are no person: the claim's subject words and labels.
_NOT_PEOPLE = frozenset(
    "The This That These Those They Their He She It We Our Its Authors Author Paper Study Work "
    "Table Figure Section Appendix Both Each Many Some Most Several".split()
)
#: A paper sentence introducing a quoted passage: "For example, Stephen Turner wrote:".
_INTRODUCER = re.compile(
    rf"(?P<who>{_PERSON})(?:\s*\[[\d,\s–-]+\])?\s+(?:also\s+)?{_SPEECH_VERB}\b[^:]*:\s*$"
)
#: How far back a quoted passage's introducer may be: quotes run to a dozen sentences.
QUOTE_REACH = 15


@dataclass(frozen=True)
class OtherPerson:
    """The paper credits the claim's words or work to someone other than the claim does."""

    claimed: tuple[str, ...]
    paper: str
    what: str
    page: int
    sentence_index: int  # the paper sentence naming the other person or source

    def explain(self) -> str:
        """``The paper quotes Stephen Turner here (p. 15), not Arjun Raj``."""
        claimed = ", ".join(self.claimed)
        if self.what == "speech":
            return f"The paper quotes {self.paper} here (p. {self.page}), not {claimed}"
        return f"The paper credits {self.what} to {self.paper} (p. {self.page}), not {claimed}"


def claimed_people(claim: str) -> list[tuple[str, tuple[str, ...]]]:
    """(kind, people) the claim credits: kind is "speech" or "make"."""
    out: list[tuple[str, tuple[str, ...]]] = []
    for kind, pattern in _CLAIMED:
        for match in pattern.finditer(claim):
            people = tuple(
                p
                for p in re.split(r"\s*(?:,|\band\b|&|和|与|、)\s*", match.group("who"))
                if p and p.split()[0] not in _NOT_PEOPLE
            )
            if people:
                out.append((kind, people))
    return out


def _words(people: Sequence[str]) -> set[str]:
    return {w for p in people for w in re.findall(r"[A-Z][a-z]+", p) if w not in _NOT_PEOPLE}


class Agents:
    """Checks the people a claim credits against the speakers and sources of the paper."""

    def __init__(self, paper: Paper) -> None:
        """Read ``paper``'s sentences: speakers introduce passages, sources follow tools."""
        self.sentences = paper.sentences

    def check(self, claim: str, evidence: Sequence[Evidence], *, cross: bool) -> OtherPerson | None:
        """Another person credited by the paper for the claim's words or work, if any.

        Args:
            claim: The claim as written.
            evidence: Its evidence, best first.
            cross: The claim is in another language than the paper: its words cannot be matched.
        """
        for kind, people in claimed_people(claim):
            mine = _words(people)
            if not mine or not any(self._names(w) for w in mine):
                continue
            found = (
                self._speaker(claim, mine, people, evidence, cross=cross)
                if kind == "speech"
                else self._maker(claim, mine, people)
            )
            if found is not None:
                return found
        return None

    def _names(self, word: str) -> bool:
        return any(_naming(word).search(s.text) for s in self.sentences)

    def _speaker(
        self,
        claim: str,
        mine: set[str],
        people: tuple[str, ...],
        evidence: Sequence[Evidence],
        *,
        cross: bool,
    ) -> OtherPerson | None:
        words = fact_words(claim, {w.casefold() for w in mine})
        stating = next(
            (e for e in evidence if states_same_fact(words, fact_words(e.text))),
            evidence[0] if cross and evidence else None,
        )
        if stating is None or not 0 <= stating.sentence_index < len(self.sentences):
            return None
        index = stating.sentence_index
        here = self.sentences[index]
        for back in range(index, max(-1, index - QUOTE_REACH - 1), -1):
            sentence = self.sentences[back]
            if sentence.section != here.section:
                return None
            if mine & set(re.findall(r"[A-Z][a-z]+", sentence.text)):
                return None
            match = _INTRODUCER.search(sentence.text)
            if match is not None and _words([match.group("who")]):
                return OtherPerson(
                    people, match.group("who"), "speech", sentence.page, sentence.index
                )
        return None

    def _maker(self, claim: str, mine: set[str], people: tuple[str, ...]) -> OtherPerson | None:
        things = {
            w
            for w in re.findall(r"(?<![A-Za-z0-9])[A-Z][A-Za-z0-9]+(?![A-Za-z0-9])", claim)
            if w not in mine and w not in _NOT_PEOPLE and len(w) > 2
        }
        naming: list[PaperSentence] = []
        for thing in things:
            naming.extend(s for s in self.sentences if _naming(thing).search(s.text))
        if not naming:
            return None
        if any(mine & set(re.findall(r"[A-Z][a-z]+", s.text)) for s in naming):
            return None
        for sentence in naming:
            source = _cited_source(sentence.text)
            if source is not None:
                thing = next(t for t in things if _naming(t).search(sentence.text))
                return OtherPerson(people, source, thing, sentence.page, sentence.index)
        return None


def _naming(word: str) -> re.Pattern[str]:
    """``word`` as a whole Latin word, also between Chinese characters ("Docassemble由")."""
    return re.compile(rf"(?<![A-Za-z0-9]){re.escape(word)}(?![A-Za-z0-9])")


def _cited_source(text: str) -> str | None:
    """The first author–year source a sentence cites ("Pyle, 2017"), if any."""
    narrative = NARRATIVE_CITE.search(text)
    if narrative is not None:
        return narrative.group(0)
    paren = PAREN_CITE.search(text)
    return paren.group(1) if paren is not None else None
