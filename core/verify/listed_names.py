"""Names a claim lists together must stand together somewhere in the paper.

"a DOI-issuing repository such as Figshare or Bitbucket": both names occur in the paper, so the
name gate passes them, but the paper lists Figshare with Zenodo ("DOIs for software are provided
by Figshare and Zenodo") and names Bitbucket only as a code host, never in a sentence with
Figshare. When the claim joins names by "and", "or" or commas and an evidence sentence lists one
of them with a name the claim lacks, a name of the claim's list that no evidence sentence holds,
and no sentence of the paper holds together with the shared one, was put in the other's place.
(A claim joining names the paper gives in two places finds both places as evidence.)
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.types import Evidence, Paper
from core.verify.gates.common import name_key
from core.verify.name_binding import NameMismatch, holds_name, names

#: What joins two names of one list: a comma, "and", "or", a slash, 、, 和, 与, 及, 或; the next
#: name may share a word with the others ("Text CNN, Text RNN").
_JOINER = re.compile(
    r"\s*(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+|/\s*|[、，和与及或]\s*)(?-i:[A-Z][a-z]+\s+)?", re.I
)


def listed(text: str) -> list[list[str]]:
    """The lists of names in ``text``: names joined by nothing but a list's joiners."""
    lists: list[list[str]] = []
    current: list[str] = []
    end = 0
    for name in names(text):
        start = text.find(name, end)
        if start < 0:
            continue
        if current and _JOINER.fullmatch(text[end:start]):
            current.append(name)
        else:
            if len(current) > 1:
                lists.append(current)
            current = [name]
        end = start + len(name)
    if len(current) > 1:
        lists.append(current)
    return lists


class ListedNames:
    """Which names the paper's sentences hold together."""

    def __init__(self, paper: Paper) -> None:
        """Index each sentence's names."""
        self._sentences = [frozenset(map(name_key, names(s.text))) for s in paper.sentences]

    def together(self, a: str, b: str) -> bool:
        """Whether some sentence of the paper names both."""
        pair = {name_key(a), name_key(b)}
        return any(pair <= held for held in self._sentences)

    def check(self, claim: str, evidence: Sequence[Evidence]) -> NameMismatch | None:
        """The claim's listed name that an evidence sentence's list has in another's place."""
        mine_lists = listed(claim)
        if not mine_lists:
            return None
        theirs_lists = [(ev, theirs) for ev in evidence for theirs in listed(ev.text)]
        for mine in mine_lists:
            for ev, theirs in theirs_lists:
                keys = {name_key(t) for t in theirs}
                shared = [n for n in mine if name_key(n) in keys]
                if not shared:
                    continue
                lacking = [n for n in mine if not holds_name(ev.text, n)]
                other = [t for t in theirs if not holds_name(claim, t)]
                if (
                    len(lacking) == 1
                    and other
                    and not any(holds_name(e.text, lacking[0]) for e in evidence)
                    and not any(self.together(lacking[0], n) for n in shared)
                ):
                    return NameMismatch(lacking[0], other[0], ev.page)
        return None
