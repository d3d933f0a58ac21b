"""An abbreviation a claim gives in brackets must be the one its evidence gives there.

"爱尔兰科学基金会（ARCH）的资助，资助编号为SFI/12/RC/2289_2" against the paper's "supported by
Science Foundation Ireland (SFI) under Grant Number SFI/12/RC/2289_2": ARCH is a name the paper
uses elsewhere, so the name gate passes it, and SFI is in the claim too (in the grant number),
so no name of the sentence is missing from the claim. But the sentence that states the claim's
fact (it shares the claim's names and numbers, or its words) writes SFI in brackets where the
claim writes ARCH, which that sentence lacks: the claim put a wrong name in the brackets.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.text.words import fact_words, states_same_fact
from core.types import Evidence
from core.verify.name_binding import Anchors, NameMismatch, holds_name
from core.verify.translate import language_of

#: An abbreviation in brackets: two capitals at least ("(SFI)", "（MDRM）", "(TextCNN)").
_BRACKETED = re.compile(r"[(（]\s*([A-Za-z][A-Za-z0-9&+\-]*)\s*[)）]")


def bracketed(text: str) -> list[str]:
    """The abbreviations ``text`` writes in brackets, in order."""
    return [
        m.group(1) for m in _BRACKETED.finditer(text) if sum(ch.isupper() for ch in m.group(1)) >= 2
    ]


def _anchored(anchors: Anchors, claim: str, sentence: str) -> bool:
    """Whether the sentence states the claim's fact: two of its names and numbers, or its words.

    Names and numbers are written alike in any language; words are compared only within one.
    """
    if sum(anchors.shared(sentence)) >= 2:
        return True
    return language_of(claim) == language_of(sentence) and states_same_fact(
        fact_words(claim), fact_words(sentence)
    )


def check_bracketed(claim: str, evidence: Sequence[Evidence]) -> NameMismatch | None:
    """The claim's bracketed abbreviation, where the sentence stating its fact brackets another."""
    # A name some evidence sentence also brackets is the paper's own there.
    written = bracketed(claim)
    shown = {t for e in evidence for t in bracketed(e.text)}
    mine = [m for m in written if m not in shown]
    if not mine:
        return None
    anchors = Anchors.of(claim)
    for ev in evidence:
        theirs = [t for t in bracketed(ev.text) if t not in written]
        if not theirs or not _anchored(anchors, claim, ev.text):
            continue
        lacking = [m for m in mine if not holds_name(ev.text, m)]
        if len(lacking) == 1 and len(theirs) == 1:
            return NameMismatch(lacking[0], theirs[0], ev.page)
        return None
    return None
