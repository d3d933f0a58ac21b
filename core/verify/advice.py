"""Advice turned round: a claim that the authors discourage what the paper tells readers to do.

Guidance papers give their advice as imperatives ("2. Decompose programs into functions …",
"Avoid …"). A claim that the authors "discourage decomposing programs into functions …" keeps
every word of that line, so it finds close support in words and meaning, and the line holds no
direction word for the direction reading to compare. Here the claim's stance (recommends or
discourages) is read against the imperative that states its advice.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from core.text.quotes import excerpt
from core.text.words import fact_words, states_same_fact
from core.types import Evidence
from core.verify.own_work import LIST_MARK, advised

#: The claim says the authors advise against something: "discourage X", "do not recommend X".
_DISCOURAGE = re.compile(
    r"\b(?:discourag(?:e|es|ed|ing)|(?:advis|warn|caution|recommend|argu)(?:e|es|ed|s|ing)?\s+"
    r"against|(?:do|does|did)\s+not\s+(?:recommend|advise|suggest|encourage|advocate)|"
    r"(?:don't|doesn't|didn't)\s+(?:recommend|advise|suggest|encourage|advocate))\s+(?P<advice>.+)",
    re.I,
)
#: The claim says the authors advise something: "recommend X", "suggest X".
_RECOMMEND = re.compile(
    r"(?<!not )\b(?:recommend|advise|suggest|encourage|advocate|urge)(?:s|d|ed)?\s+(?P<advice>.+)",
    re.I,
)
#: Advice against: "Do not …", "Never …", "Avoid …".
_PROHIBITION = re.compile(LIST_MARK + r"(?:do not|don't|never|avoid)\b", re.I)
#: The advice itself ends where the claim turns to a reason or an aside.
_ADVICE_END = re.compile(r",|;|\s(?:because|since|as|noting|arguing|while|whereas)\s", re.I)


@dataclass(frozen=True)
class AdviceReversed:
    """The paper advises the opposite of what the claim says the authors advise."""

    claimed: str  # "discourage" or "recommend"
    text: str
    page: int

    @property
    def reason(self) -> str:
        """``advice_reversed:discourage``."""
        return f"advice_reversed:{self.claimed}"

    def explain(self) -> str:
        """``The paper recommends it (p. 4): “…”``."""
        said = "recommends it" if self.claimed == "discourage" else "advises against it"
        return f"The paper {said} (p. {self.page}): “{excerpt(self.text)}”"


def check_advice(claim: str, evidence: Sequence[Evidence]) -> AdviceReversed | None:
    """The imperative restating the claim's advice, when it advises the other way."""
    discouraged = _DISCOURAGE.search(claim)
    if discouraged and re.search(r"(?:\bnot|n't)\s+$", claim[: discouraged.start()]):
        return None  # "do not discourage" advises neither way
    recommended = None if discouraged else _RECOMMEND.search(claim)
    found = discouraged or recommended
    if found is None:
        return None
    advice = _ADVICE_END.split(found.group("advice"), maxsplit=1)[0]
    words = fact_words(advice)
    if len(words) < 3:
        return None
    for ev in evidence:
        prohibits = _PROHIBITION.match(ev.text) is not None
        if discouraged and not prohibits and _advises(words, ev.text):
            return AdviceReversed("discourage", ev.text, ev.page)
        if recommended and prohibits and _advises(words, ev.text):
            return AdviceReversed("recommend", ev.text, ev.page)
    return None


def _advises(words: set[str], sentence: str) -> bool:
    """Whether ``sentence`` tells its reader to do what the claim's advice (``words``) says."""
    verb = advised(sentence)
    if verb is None:
        return False
    return states_same_fact(words - fact_words(verb), fact_words(sentence))
