"""Ordinals bound to what they count: "the second layer" must not be the paper's first.

An ordinal is a number written as a word ("second", "3rd", 第二), so the number gates do not
see it, and a claim that moves a fact to another layer, stage or rank keeps every other word
of the sentence it misstates. When the evidence sentence stating the claim's fact (most of its
other words) gives the same noun another ordinal, and never the claim's, the claim misstates it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from core.text.quotes import excerpt
from core.text.words import content_words, fact_words, states_same_fact, stem
from core.types import Evidence

_EN = (
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
)
_ZH = "一二三四五六七八九十"
_EN_ORDINAL = re.compile(
    rf"\b(?P<ord>{'|'.join(_EN)}|(?:[1-9]|10)(?:st|nd|rd|th))[\s-]+(?P<noun>[a-z]{{3,}})\b", re.I
)
_ZH_ORDINAL = re.compile(rf"第(?P<ord>[{_ZH}]|10|[1-9])(?P<noun>[\u4e00-\u9fff])")
#: Words after an ordinal that are not what it counts: "the first of", "first, we".
_NOT_NOUNS = frozenset("and but or the that this these those time we our they it its".split())


@dataclass(frozen=True)
class OrdinalMismatch:
    """The sentence stating the claim's fact gives its noun another ordinal."""

    claim: str
    paper: str
    text: str
    page: int

    @property
    def reason(self) -> str:
        """``ordinal_mismatch:second layer->first layer``."""
        return f"ordinal_mismatch:{self.claim}->{self.paper}"

    def explain(self) -> str:
        """``The claim says second layer, but the paper says first layer (p. 4): “…”``."""
        quoted = excerpt(self.text)
        return (
            f"The claim says {self.claim}, but the paper says {self.paper} "
            f"(p. {self.page}): “{quoted}”"
        )


def _rank(word: str) -> int:
    """1 for first, 1st and 一."""
    word = word.casefold()
    if word in _EN:
        return _EN.index(word) + 1
    if word in _ZH:
        return _ZH.index(word) + 1
    return int(word.rstrip("stndrh"))


def _ordinals(text: str) -> list[tuple[int, str, str]]:
    """(rank, noun key, as written) of each ordinal and the noun it counts."""
    out = []
    for m in _EN_ORDINAL.finditer(text):
        noun = m.group("noun").casefold()
        if noun not in _NOT_NOUNS:
            out.append((_rank(m.group("ord")), stem(noun), m.group(0)))
    for m in _ZH_ORDINAL.finditer(text):
        out.append((_rank(m.group("ord")), m.group("noun"), m.group(0)))
    return out


def check_ordinals(claim: str, evidence: Sequence[Evidence]) -> OrdinalMismatch | None:
    """The claim's ordinal, when the sentence stating its fact counts the same noun otherwise."""
    mine = _ordinals(claim)
    if not mine:
        return None
    ordinal_words = {w for _, _, written in mine for w in content_words(written)}
    words = fact_words(claim) - ordinal_words
    stating = next((e for e in evidence if states_same_fact(words, fact_words(e.text))), None)
    if stating is None:
        return None
    theirs = _ordinals(stating.text)
    for rank, noun, written in mine:
        same_noun = [(r, w) for r, n, w in theirs if n == noun]
        if same_noun and all(r != rank for r, _ in same_noun):
            return OrdinalMismatch(written, same_noun[0][1], stating.text, stating.page)
    return None
