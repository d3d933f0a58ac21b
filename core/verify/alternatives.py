"""A setting or group the claim gives where the paper only ever gives another of its kind.

"More than 2,000 diabetic patients at urban hospital eye clinics" of a study that recruited at
"nine rural government primary care clinics": the paper never says "urban", and the claim's own
evidence says "rural". Of a set of alternatives (urban or rural, inpatients or outpatients,
adults or children: `lexicon.ALTERNATIVES`), a claim's word that the paper never uses, while
its evidence uses another of the set, misstates who or where was studied. A word the paper
uses anywhere is left to the other checks: the paper may compare both.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.types import Evidence
from core.verify.gates.lexicon import ALTERNATIVES
from core.verify.misstated import Misstated

_WORD = re.compile(r"[a-z]+(?:-[a-z]+)*")


#: Plurals without an "s", read as their singular: "children" is "child".
_SINGULAR = {"children": "child", "men": "man", "women": "woman"}


def words_of(text: str) -> frozenset[str]:
    """The text's words, lower case, each also in its singular."""
    found = _WORD.findall(text.casefold())
    singular = {_SINGULAR.get(w, w[:-1] if w.endswith("s") and len(w) > 3 else w) for w in found}
    return frozenset(found) | singular


def check_alternatives(
    claim: str, evidence: Sequence[Evidence], paper: frozenset[str]
) -> Misstated | None:
    """The claim's setting word the paper never uses, where its evidence uses an alternative."""
    mine = words_of(claim)
    passages: list[tuple[Evidence, frozenset[str]]] | None = None
    for group in ALTERNATIVES:
        claimed = [w for w in group if w in mine and w not in paper]
        if not claimed:
            continue
        passages = passages or [(ev, words_of(ev.text)) for ev in evidence]
        for ev, theirs in passages:
            stated = next((w for w in group if w in theirs and w not in mine), None)
            if stated is not None:
                return Misstated("setting", claimed[0], stated, ev.text, ev.page)
    return None
