"""Pairs crossed: a claim that joins one half of a contrast with the other half's partner.

A sentence that contrasts two cases in parallel words ("its most accurate short-term
predictions [come from] text+audio, but its most accurate long-term predictions come from the
text-only version") pairs each case with its own result. A claim that keeps the shared words
and takes one slot's word from the first half and another slot's word from the second ("the
text-only version was the most accurate for short-term forecasts") pairs them the other way
round: the two halves are aligned word by word, the words that differ between them make
the slots, and the claim must not hold a slot's first-half word with another slot's
second-half word while lacking the partners of both.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher

from core.text.quotes import excerpt
from core.text.sentences import cjk_ratio
from core.text.words import content_words
from core.types import Evidence

#: Where a sentence turns from one case to its contrast.
_TURN = re.compile(r";|,?\s\b(?:but|whereas|while|whilst)\b\s|,\s(?:however|in contrast),?\s", re.I)
#: A word of a half, as aligned: hyphenated and "+"-joined terms stay whole.
_TOKEN = re.compile(r"[A-Za-z0-9]+(?:[-+/][A-Za-z0-9]+)*")
#: Content words both halves share, around the slots, for the halves to be parallel: at least
#: two, and a quarter of each half's.
_FRAME = 2
_FRAME_SHARE = 1 / 4
#: A slot is a term, not a clause: at most this many content words on either side.
_SLOT_WORDS = 3


@dataclass(frozen=True)
class CrossedPair:
    """The claim pairs a word of one half of the paper's contrast with the other half's."""

    mine: str
    theirs: str
    partner: str
    text: str
    page: int

    @property
    def reason(self) -> str:
        """``pairing_crossed:short-term+text-only``."""
        return f"pairing_crossed:{self.mine}+{self.theirs}"

    def explain(self) -> str:
        """``The paper pairs short-term with text+audio, not with text-only (p. 7): “…”``."""
        quoted = excerpt(self.text)
        return (
            f"The paper pairs {self.mine} with {self.partner}, not with {self.theirs} "
            f"(p. {self.page}): “{quoted}”"
        )


@dataclass(frozen=True)
class _Slot:
    """Where the halves differ: each half's content words and its term as written."""

    words: tuple[frozenset[str], frozenset[str]]
    terms: tuple[str, str]


def check_pairing(claim: str, evidence: Sequence[Evidence]) -> CrossedPair | None:
    """The first evidence contrast whose slots the claim crosses, read per claim clause."""
    if cjk_ratio(claim) > 0:
        return None
    parts = [p for p in _TURN.split(claim) if p.strip()]
    for ev in evidence:
        halves = [h for h in _TURN.split(ev.text) if h.strip()]
        if len(halves) != 2 or cjk_ratio(ev.text) > 0:
            continue
        slots, frame = _slots(*halves)
        if len(slots) < 2 or not _parallel(halves, frame):
            continue
        for part in parts:
            crossed = _crossed(content_words(part), slots, frame)
            if crossed is not None:
                return CrossedPair(*crossed, ev.text, ev.page)
    return None


def _slots(first: str, second: str) -> tuple[list[_Slot], frozenset[str]]:
    """The words the two halves differ in, position by position, and the words they share."""
    a = _TOKEN.findall(first)
    b = _TOKEN.findall(second)
    matcher = SequenceMatcher(None, [t.casefold() for t in a], [t.casefold() for t in b])
    slots = []
    shared: set[str] = set()
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            shared |= content_words(" ".join(a[i1:i2]))
        elif op == "replace":
            mine, theirs = content_words(" ".join(a[i1:i2])), content_words(" ".join(b[j1:j2]))
            if mine and theirs and not mine & theirs and max(len(mine), len(theirs)) <= _SLOT_WORDS:
                words = (frozenset(mine), frozenset(theirs))
                slots.append(_Slot(words, (_terms(a[i1:i2]), _terms(b[j1:j2]))))
    return slots, frozenset(shared)


def _parallel(halves: Sequence[str], frame: frozenset[str]) -> bool:
    """Whether the halves share enough of their words to be one statement of two cases."""
    if len(frame) < _FRAME:
        return False
    return all(len(frame) >= _FRAME_SHARE * len(content_words(h)) for h in halves)


def _terms(tokens: Sequence[str]) -> str:
    """A slot's term as the paper writes it: its last run of content words.

    "come from the text-only version" is the term "text-only version".
    """
    run: list[str] = []
    for token in reversed(tokens):
        if not content_words(token):
            if run:
                break
            continue
        run.insert(0, token)
    return " ".join(run)


def _crossed(
    words: set[str], slots: Sequence[_Slot], frame: frozenset[str]
) -> tuple[str, str, str] | None:
    """(claim's term of one half, its term of the other, the first term's partner), if crossed."""
    if not words & frame:
        return None
    for mine, theirs in ((0, 1), (1, 0)):
        for one in slots:
            if not words & one.words[mine] or words & one.words[theirs]:
                continue
            for other in slots:
                if other is one or not words & other.words[theirs] or words & other.words[mine]:
                    continue
                return one.terms[mine], other.terms[theirs], other.terms[mine]
    return None
