"""A source cited for one name must not be credited with another.

"PubMed (Alsentzer et al., 2019) is one of the baselines" cites a real reference and names a
word the paper uses, so the citation and name gates pass it; but wherever the paper cites
Alsentzer et al. (2019) right after a name, that name is ClinicalBERT. A citation right after
a name ties the two: when the paper ties the claim's citation to other names only, the claim
put the wrong name to it.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass

from core.types import Paper
from core.verify.attribution import citations
from core.verify.gates.common import name_key
from core.verify.name_binding import NameMismatch
from core.verify.owners import leading_words

#: The word right before a citation: "ClinicalBERT (", "BM25 [", "Docassemble (".
_NAME_BEFORE = re.compile(r"(?<![\w\-])([A-Za-z][A-Za-z0-9\-+]*[A-Za-z0-9+])\s*$")
#: A capitalised word must be more than a sentence's first word or a common function word.
_NOT_NAMES = frozenset({"The", "This", "These", "That", "In", "See", "As", "By", "And", "Or"})


@dataclass(frozen=True)
class _Tie:
    name: str
    key: str  # the citation's key ("21", "alsentzer 2019")


def _is_name(word: str, text: str, start: int) -> bool:
    if word in _NOT_NAMES or not re.search(r"[A-Z]", word):
        return False
    inner = re.search(r"[A-Z0-9]", word[1:]) is not None
    return inner or bool(text[:start].strip())


def ties(text: str) -> list[_Tie]:
    """Names with the one source cited right after them."""
    by_span: dict[tuple[int, int], list[str]] = defaultdict(list)
    for cite in citations(text):
        by_span[cite.span].append(cite.key)
    out = []
    for (start, _), keys in by_span.items():
        if len(keys) != 1:
            continue
        found = _NAME_BEFORE.search(text[:start])
        if found and _is_name(found.group(1), text, found.start(1)):
            words = [w for w in leading_words(text, found.start(1)) if w not in _NOT_NAMES]
            out.append(_Tie(" ".join([*words, found.group(1)]), keys[0]))
    return out


def _same(a: str, b: str) -> bool:
    """The same name, or one the other's start or end ("BM25-based", "Text CNN" and "CNN")."""
    return a.startswith(b) or b.startswith(a) or a.endswith(b) or b.endswith(a)


class CitedNames:
    """Which names the paper cites each source for."""

    def __init__(self, paper: Paper) -> None:
        """Index the paper's sentences, and the authors of its references."""
        self._names: dict[str, list[tuple[str, int]]] = defaultdict(list)
        #: The sentences citing each source, as name keys: "a runtime engine for writing
        #: web applications in Python (Luff, 2020)" cites Luff for the Anvil App Server it names.
        self._citing: dict[str, list[str]] = defaultdict(list)
        for sentence in paper.sentences:
            for tie in ties(sentence.text):
                self._names[tie.key].append((tie.name, sentence.page))
                self._citing[tie.key].append(name_key(sentence.text))
        # "as Robertson [1] showed": an author before the citation is no swapped name
        self._authors = {name_key(a) for r in paper.references for a in r.authors}

    def check(self, claim: str) -> NameMismatch | None:
        """The claim's name, when the paper cites the claim's source only for other names."""
        for tie in ties(claim):
            theirs = self._names.get(tie.key)
            mine = name_key(tie.name)
            if (
                not theirs
                or name_key(tie.name.split()[-1]) in self._authors
                or any(mine in text for text in self._citing[tie.key])
                or any(_same(mine, name_key(n)) for n, _ in theirs)
            ):
                continue
            name, page = theirs[0]
            return NameMismatch(tie.name, name, page)
        return None
