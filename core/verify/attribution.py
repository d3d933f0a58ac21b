"""Sources bound to what they are cited for: a claim must credit a finding to its own source.

The citation gate asks whether a cited work is in the reference list; that lets a real
reference attached to the wrong finding pass ("first proposed by [21]" where the paper says
"[64]"). Here the evidence sentences that state the claim's fact (most of its words, citations
aside) are read for their own citations: a source the claim credits that none of them cites
("[2,5]" where the paper says "[2,3]") credits the paper's finding to the wrong work.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from core.text.words import fact_words, states_same_fact
from core.types import Evidence
from core.verify.gates.citations import not_a_citation
from core.verify.gates.common import (
    AUTHOR_YEAR,
    NARRATIVE_CITE,
    NUMERIC_CITE,
    PAREN_CITE,
    expand,
    name_key,
)


@dataclass(frozen=True)
class Misattribution:
    """The paper credits the claim's fact to other sources than the claim does."""

    claimed: tuple[str, ...]
    paper: tuple[str, ...]
    page: int

    def explain(self) -> str:
        """``The paper credits this to [64] (p. 3), not [21]``."""
        return (
            f"The paper credits this to {', '.join(self.paper)} (p. {self.page}), "
            f"not {', '.join(self.claimed)}"
        )


@dataclass(frozen=True)
class _Cite:
    key: str  # "21" or "luo 2020": how sources are compared
    label: str  # as written: "[21]", "Luo et al. (2020)"
    span: tuple[int, int]


def citations(text: str) -> list[_Cite]:
    """Numbered and author-year citations in ``text``, in order."""
    found: list[_Cite] = []
    for match in NUMERIC_CITE.finditer(text):
        if not not_a_citation(match.group(1)):
            for label in expand(match.group(1)):
                found.append(_Cite(label, f"[{label}]", match.span()))
    for match in PAREN_CITE.finditer(text):
        for part in match.group(1).split(";"):
            cite = AUTHOR_YEAR.match(part)
            if cite and not cite.group(1).isupper():
                key = f"{name_key(cite.group(1))} {cite.group(2)}"
                found.append(_Cite(key, part.strip(), match.span()))
    taken = [c.span for c in found]
    for match in NARRATIVE_CITE.finditer(text):
        if any(a <= match.start() < b for a, b in taken) or not match.group(2):
            continue
        key = f"{name_key(match.group(1))} {match.group(3)}"
        found.append(_Cite(key, match.group(0), match.span()))
    return sorted(found, key=lambda c: c.span)


def check_attribution(
    claim: str, evidence: Sequence[Evidence], original: str = ""
) -> Misattribution | None:
    """The wrong source, when the evidence sentence stating the claim's fact cites others.

    Args:
        claim: The claim (or its translation into the paper's language).
        evidence: The claim's evidence, best first.
        original: The claim as written, when ``claim`` is its translation: a translation
            may spell a citation in its own words ("Luo et al. (2020)" as "卢和等人（2020）"),
            so the sources are read from the original when the translation shows none.

    Returns:
        The claimed sources none of those sentences cites, the first one's sources and its page;
        None when the claim cites nothing, no evidence sentence that cites sources states its
        fact, or those sentences cite every source the claim credits.
    """
    own = citations(claim)
    cited = own or citations(original)
    if not cited:
        return None
    stating = _stating(_words(claim, own), evidence)
    if not stating and own and (clause := _cited_clause(claim, own)) is not None:
        # "X used the S&P 500 dataset provided by [45], and included audio": the source is
        # the first fact's, which the paper may state in a sentence of its own
        stating = _stating(_words(clause, citations(clause)), evidence)
    if not stating:
        return None
    credited = {c.key for _, theirs in stating for c in theirs}
    extra = [c.label for c in cited if c.key not in credited]
    if not extra:
        return None
    ev, theirs = stating[0]
    return Misattribution(
        tuple(dict.fromkeys(extra)), tuple(dict.fromkeys(c.label for c in theirs)), ev.page
    )


def _stating(words: set[str], evidence: Sequence[Evidence]) -> list[tuple[Evidence, list[_Cite]]]:
    """The evidence sentences that cite sources and state the fact of ``words``."""
    return [
        (ev, theirs)
        for ev in evidence
        if (theirs := citations(ev.text)) and states_same_fact(words, _words(ev.text, theirs))
    ]


#: Where a sentence that joins facts passes to the next: "…, and included …", "…; …".
_JOINED = re.compile(r";\s*|,\s+(?:and|but|while|whereas)\s+", re.I)


def _cited_clause(claim: str, cites: Sequence[_Cite]) -> str | None:
    """The one clause of a claim joining facts that holds all its citations, if it has words."""
    start = 0
    for cut in [*_JOINED.finditer(claim), None]:
        end = cut.start() if cut is not None else len(claim)
        if all(start <= c.span[0] and c.span[1] <= end for c in cites):
            clause = claim[start:end]
            if clause == claim or len(fact_words(clause)) < 3:
                return None
            return clause
        if cut is not None:
            start = cut.end()
    return None


def _words(text: str, cites: Sequence[_Cite]) -> set[str]:
    """Content words of ``text`` without its citations, names and years of sources."""
    kept = text
    for cite in sorted(cites, key=lambda c: c.span, reverse=True):
        kept = kept[: cite.span[0]] + " " + kept[cite.span[1] :]
    return fact_words(kept)
