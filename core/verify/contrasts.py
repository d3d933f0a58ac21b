"""Whether two groups differed: the paper's tests of one group against another.

"GGBS did not differ from the control (p = 0.86)", "The mixed versus organic contrast was not
significant (p = 0.09)", "1.6 (−1.6 to 4.8; p=0.33) for strengthening versus neuromuscular",
"organic and mixed farms did not differ from each other": a claim that one of the two was
significantly ahead of the other states what the paper did not find. Each such test is read
once per paper, significant or not, with its two groups and the words of its sentence; a claim
that calls a difference between two groups significant is read against the test of those two
groups most about its words. English only.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from core.text.long_forms import with_long_forms
from core.text.words import content_words, fact_words
from core.types import PaperSentence
from core.verify.significance import NotSignificant

_P = re.compile(r"\bp\s*(?P<op>[=<>≤≥])\s*(?P<value>0?\.\d+|1(?:\.0+)?)\b", re.I)
_GROUP = (
    r"(?!each\s+other|one\s+another)[A-Za-z][\w\-]*"
    r"(?:\s+(?!and\b|or\b|vs\b|versus\b|from\b|did\b|was\b|were\b|p\b)[\w\-]+)?"
)
#: "mixed versus organic", "partial vs normal p = 0.29".
_VERSUS = re.compile(rf"(?P<a>[A-Za-z][\w\-]*)\s+(?:vs\.?|versus)\s+(?P<b>{_GROUP})", re.I)
#: "GGBS did not differ from the control", "Total deprivation differed from normal sleep".
_DIFFERED = re.compile(
    r"(?P<a>[A-Za-z][\w\-]*(?:\s+[A-Za-z][\w\-]*)?)\s+(?P<not>did\s+not\s+|didn't\s+)?"
    r"differ(?:ed|s)?\s+(?:significantly\s+)?from\s+(?:the\s+)?"
    rf"(?P<b>{_GROUP})",
    re.I,
)
#: "organic and " before a group: the first of two that share its noun.
_ALSO = re.compile(r"(?P<a>[A-Za-z][\w\-]*)\s+and\s+$")
#: "… and from partial restriction (p = 0.011)": the same group against another.
_AND_FROM = re.compile(rf"\s+and\s+from\s+(?:the\s+)?(?P<b>{_GROUP})", re.I)
#: "organic and mixed farms did not differ", "no significant difference between A and B".
_ALIKE = re.compile(
    rf"^\s*(?:(?:but|and|while|whereas)\s+)?(?:(?:both|the)\s+)?(?P<a>[A-Za-z][\w\-]*)\s+and\s+(?P<b>{_GROUP})\s+did\s+not\s+differ"
    rf"|\bno\s+(?:significant\s+)?difference\s+between\s+(?:the\s+)?(?P<a2>[A-Za-z][\w\-]*)\s+"
    rf"and\s+(?:the\s+)?(?P<b2>{_GROUP})",
    re.I,
)
_NOT_SIGNIFICANT = re.compile(r"\bnot\s+(?:statistically\s+)?significant|\bnon-?significant", re.I)
#: Where one test's words end: a semicolon or a comma outside brackets.
_PART = re.compile(r"[;,]\s+|\s+and\s+(?=\d)|\s+whereas\s+|\s+while\s+|\s+but\s+", re.I)
_ASIDE = re.compile(r"\([^()]*\)")
_LEAD = frozenset("and or but only the both all each".split())
#: Words that claim a difference as found.
_CLAIMED = re.compile(r"\bsignificant(?:ly)?\b", re.I)
_DENIED = re.compile(r"\b(?:no|not|n't|neither|nor|never|without|similar)\b", re.I)
_COMPARED = re.compile(
    r"\b(?:than|compared|relative|versus|vs|over|beyond|outperform\w*|exceed\w*)\b", re.I
)


@dataclass(frozen=True)
class Contrast:
    """A test of one group against another, whether it was significant, and its sentence."""

    a: frozenset[str]
    b: frozenset[str]
    significant: bool
    words: frozenset[str]
    text: str
    page: int


def paper_contrasts(sentences: Sequence[PaperSentence]) -> list[Contrast]:
    """Every test of one group against another the paper reports, read once per paper."""
    out = []
    for s in sentences:
        if s.section == "table":
            continue
        words = frozenset(fact_words(s.text))
        for a, b, significant in reported_contrasts(s.text):
            # "organic and mixed farms", "mixed versus organic contrast": one noun for both
            if len(a.split()) == 1 and len(b.split()) == 2:
                a = f"{a} {b.split()[-1]}"
            pair = frozenset(_words(a)), frozenset(_words(b))
            if all(pair) and pair[0] != pair[1]:
                out.append(Contrast(pair[0], pair[1], significant, words, s.text, s.page))
    return out


def reported_contrasts(text: str) -> list[tuple[str, str, bool]]:
    """(group, group, significant) for each test the sentence reports."""
    found = []
    for part, masked in _parts(text):
        for m in _ALIKE.finditer(masked):
            found.append((m["a"] or m["a2"], m["b"] or m["b2"], False))
        for m in _DIFFERED.finditer(masked):
            said = _said(part, m.end(), denied=m["not"] is not None)
            if said is not None:
                found.append((m["a"], m["b"], said))
                # "Both organic and mixed farms differed from conventional farms": each did
                also = _ALSO.search(masked, 0, m.start())
                if also is not None:
                    found.append((f"{also['a']} {m['a'].split()[-1]}", m["b"], said))
            for more in _AND_FROM.finditer(masked, m.end()):
                later = _said(part, more.end())
                if later is not None:
                    found.append((m["a"], more["b"], later))
        for m in _VERSUS.finditer(masked):
            said = _said(part, m.end())
            if said is not None:
                found.append((m["a"], m["b"], said))
    return found


def _parts(text: str) -> list[tuple[str, str]]:
    """The sentence's parts, split outside brackets, then each bracket's own parts.

    Each part comes with its brackets blanked out, where its groups are read.
    """
    masked = _ASIDE.sub(lambda m: " " * len(m.group(0)), text)
    parts, start = [], 0
    for joint in _PART.finditer(masked):
        parts.append((text[start : joint.start()], masked[start : joint.start()]))
        start = joint.end()
    parts.append((text[start:], masked[start:]))
    for aside in _ASIDE.finditer(text):
        parts += [(p, p) for p in re.split(r";\s*", aside.group(0)[1:-1]) if _VERSUS.search(p)]
    return parts


def _said(part: str, end: int, *, denied: bool = False) -> bool | None:
    """What a test says: its p-value after it, else the part's, else its words; None if nothing."""
    p = _P.search(part, end) or _P.search(part)
    if p is not None:
        value = float(p["value"])
        return value <= 0.05 if p["op"] in "<≤=" else False
    return False if denied or _NOT_SIGNIFICANT.search(part) else None


def _words(group: str) -> set[str]:
    return fact_words(" ".join(w for w in group.split() if w.casefold() not in _LEAD))


def check_contrast(
    claim: str, contrasts: Sequence[Contrast], abbreviations: Mapping[str, str]
) -> NotSignificant | None:
    """A difference the claim calls significant between two groups the paper's test did not part.

    The claim names both groups (one word of each will do) and compares them; of the paper's
    tests of those two groups, the ones sharing most of the claim's other words decide, and
    all of them must be not significant.
    """
    if not _CLAIMED.search(claim) or _DENIED.search(claim) or not _COMPARED.search(claim):
        return None
    words = with_long_forms(content_words(claim), abbreviations)
    scored = []
    for c in contrasts:
        # each group by the words only it has: "organic" of "organic" against "mixed farms"
        a, b = (with_long_forms(set(g), abbreviations) for g in (c.a - c.b, c.b - c.a))
        if not (a & words and b & words):
            continue
        scored.append((len((c.words - a - b) & words), c))
    if not scored:
        return None
    best = max(n for n, _ in scored)
    top = [c for n, c in scored if n == best]
    if any(c.significant for c in top):
        return None
    return NotSignificant(top[0].text, top[0].page)
