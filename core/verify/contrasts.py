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
from core.text.normalize import extract_numbers, written_whole
from core.text.quotes import excerpt
from core.text.words import (
    compared_dimensions,
    content_words,
    fact_words,
    held,
    hyphen_parts,
    names_group,
)
from core.types import Evidence, PaperSentence
from core.verify.significance import (
    Estimate,
    NotSignificant,
    bracket_significance,
    p_value_says,
)

_GROUP = (
    r"(?!each\s+other|one\s+another)(?:\d+(?:\.\d+)?\s?[a-zµ%/]+\b|[A-Za-z][\w\-]*"
    r"(?:\s+(?!and\b|or\b|vs\b|versus\b|from\b|did\b|was\b|were\b|p\b)[\w\-]+)?)"
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
#: "By 90 days FA had reached the control's strength (p = 0.79)": a test of the two.
_REACHED = re.compile(
    r"(?P<a>[A-Za-z][\w\-]*)\s+(?:had\s+|has\s+)?(?:reached|matched|caught\s+up\s+with)\s+"
    r"(?:the\s+)?(?P<b>[A-Za-z][\w\-]*?)(?:'s|’s)?\b",
    re.I,
)
#: "Relative to no break, …": the reference every group of the sentence is tested against.
_REFERENCE = re.compile(
    rf"^\s*(?:relative to|compared (?:with|to)|versus|against)\s+(?:the\s+)?(?P<b>{_GROUP}),",
    re.I,
)
_AGAINST_REFERENCE = re.compile(
    r"\b(?:after|with|in|for|among|on)\s+(?:the\s+)?(?P<a>[A-Za-z][\w\-]*(?:\s+[A-Za-z][\w\-]*)?)"
    r"\s*\((?P<body>[^()]*(?:\([^()]*\)[^()]*)*)\)",
    re.I,
)
#: "… and from partial restriction (p = 0.011)": the same group against another.
_AND_FROM = re.compile(rf"\s+and\s+from\s+(?:the\s+)?(?P<b>{_GROUP})", re.I)
#: "organic and mixed farms did not differ", "no significant difference between A and B".
_ALIKE = re.compile(
    rf"^\s*(?:(?:but|and|while|whereas)\s+)?(?:(?:both|the)\s+)?(?P<a>[A-Za-z][\w\-]*)\s+and\s+(?P<b>{_GROUP})\s+did\s+not\s+differ"
    rf"|\b(?:no\s+(?:significant\s+)?difference|did\s+not\s+differ(?:\s+significantly)?)\s+"
    rf"between\s+(?:the\s+)?(?P<a2>{_GROUP})(?:\s+and\s+|\x01and\x01)(?:the\s+)?(?P<b2>{_GROUP})",
    re.I,
)
#: The "and" of "between A and B", kept from splitting parts (as long as " and ").
_JOINED = "\x01and\x01"
_BETWEEN = re.compile(r"\bbetween\s+\S+(?:\s+\S+)?(?P<joint>\s+and\s+)(?=\d)", re.I)
_NOT_SIGNIFICANT = re.compile(r"\bnot\s+(?:statistically\s+)?significant|\bnon-?significant", re.I)
#: Where one test's words end: a semicolon or a comma outside brackets.
_PART = re.compile(r"[;,]\s+|\s+and\s+(?=\d)|\s+whereas\s+|\s+while\s+|\s+but\s+", re.I)
_ASIDE = re.compile(r"\([^()]*\)")
#: Sentences before a test whose words say what it measured.
_CONTEXT = 2
_LEAD = frozenset("and or but only the both all each".split())
#: Words that claim a difference as found.
#: "clinically significant error" names how grave an error is, not a test's verdict
_CLAIMED = re.compile(r"(?<!clinically )(?<!practically )\bsignificant(?:ly)?\b", re.I)
_DENIED = re.compile(r"\b(?:no(?!-\w)|not|n't|neither|nor|never|without|similar)\b", re.I)
#: A claim that sets one group against another: it claims the difference of one pair only.
_SET_AGAINST = re.compile(r"\b(?:unlike|rather than|but not|instead of|whereas|while|only)\b", re.I)
#: A claim that two groups were alike: "unchanged relative to", "no different from".
_ALIKE_CLAIMED = re.compile(
    r"\b(?:unchanged|unaffected|similar|same|comparable|no different|did not differ|"
    r"didn't differ|no (?:significant )?difference)\b",
    re.I,
)
_COMPARED = re.compile(
    r"\b(?:than|compared|relative|versus|vs|over|beyond|from|between|outperform\w*|exceed\w*)\b",
    re.I,
)


@dataclass(frozen=True)
class Contrast:
    """A test of one group against another, whether it was significant, and its sentence."""

    a: frozenset[str]
    b: frozenset[str]
    significant: bool
    words: frozenset[str]
    context: frozenset[str]  # words of the sentences before it
    text: str
    page: int
    named: tuple[str, str] = ("", "")  # the two groups as the paper writes them


def paper_contrasts(sentences: Sequence[PaperSentence]) -> list[Contrast]:
    """Every test of one group against another the paper reports, read once per paper."""
    out = []
    before: list[str] = []
    for s in sentences:
        if s.section == "table":
            continue
        # what was measured is often named a sentence or two earlier: "Accuracy on the 3-back
        # task fell …. The condition effect was significant …. Partial restriction differed
        # from normal sleep (p = 0.046)."
        words = frozenset(fact_words(s.text))
        context = frozenset(fact_words(" ".join(before[-_CONTEXT:])))
        before.append(s.text)
        for a, b, significant in reported_contrasts(s.text):
            pair = frozenset(_words(a)), frozenset(_words(b))
            if all(pair) and pair[0] != pair[1]:
                out.append(
                    Contrast(pair[0], pair[1], significant, words, context, s.text, s.page, (a, b))
                )
    return out


def reported_contrasts(text: str) -> list[tuple[str, str, bool]]:
    """(group, group, significant) for each test the sentence reports."""
    found = []
    for part, masked in _parts(text):
        for m in _ALIKE.finditer(masked):
            found.append((*_shared_noun(m["a"] or m["a2"], m["b"] or m["b2"]), False))
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
        for m in _REACHED.finditer(masked):
            said = _said(part, m.end())
            if said is not None:
                found.append((m["a"], m["b"], said))
        for m in _VERSUS.finditer(masked):
            said = _said(part, m.end())
            if said is not None:
                found.append((*_shared_noun(m["a"], m["b"]), said))
    # "Relative to no break, 2-back d′ was higher after exercise (…, p=0.006) but not after
    # mindfulness (0.14, 95% CI −0.08 to 0.36, p=0.21)": each group against the reference
    reference = _REFERENCE.match(text)
    if reference is not None:
        for m in _AGAINST_REFERENCE.finditer(text, reference.end()):
            said = bracket_significance(m["body"])
            if said is not None:
                found.append((m["a"], reference["b"], said))
    return found


def _shared_noun(a: str, b: str) -> tuple[str, str]:
    """One noun for both of "organic and mixed farms" or "mixed versus organic contrast"."""
    if len(a.split()) == 1 and len(b.split()) == 2:
        return f"{a} {b.split()[-1]}", b
    return a, b


def _parts(text: str) -> list[tuple[str, str]]:
    """The sentence's parts, split outside brackets, then each bracket's own parts.

    Each part comes with its brackets blanked out, where its groups are read.
    """
    masked = _ASIDE.sub(lambda m: " " * len(m.group(0)), text)
    # "between 3 m and 8 m" is one test, not two parts
    masked = _BETWEEN.sub(lambda m: m.group(0)[: -len(m["joint"])] + _JOINED, masked)
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
    said = p_value_says(part, end)
    if said is None:
        said = p_value_says(part)
    if said is not None:
        return said
    return False if denied or _NOT_SIGNIFICANT.search(part) else None


def _words(group: str) -> set[str]:
    """A group's words, its numbers too: "3 m" against "8 m"."""
    kept = " ".join(w for w in group.split() if w.casefold() not in _LEAD)
    return fact_words(kept) | {w for w in content_words(kept) if w[:1].isdigit()}


def check_contrast(
    claim: str, contrasts: Sequence[Contrast], abbreviations: Mapping[str, str]
) -> NotSignificant | DifferenceFound | None:
    """A difference the claim calls significant, or denies, against the paper's test of it.

    The claim names both groups (one word of each will do) and compares them; of the paper's
    tests of those two groups, the ones sharing most of the claim's other words (in their
    sentence, or the two before it) decide. A difference called significant needs one of them to
    be; a difference denied ("left 3-back accuracy unchanged relative to a normal night") needs
    all of them not to be.
    """
    # a group named with a negation is no denial: "compared with no break"
    said = claim
    for name in {n for c in contrasts for n in c.named if _DENIED.match(n)}:
        said = re.sub(rf"\b{re.escape(name)}\b", " ", said, flags=re.I)
    denied = _DENIED.search(said) is not None or _ALIKE_CLAIMED.search(said) is not None
    if not (_CLAIMED.search(claim) or denied) or not _COMPARED.search(claim):
        return None
    words = with_long_forms(content_words(claim), abbreviations)
    # each group by the words only it has: "organic" of "organic" against "mixed farms"
    tested = [
        c
        for c in contrasts
        if all(with_long_forms(set(g), abbreviations) & words for g in (c.a - c.b, c.b - c.a))
    ]
    if not tested:
        return None
    # what was measured, not which groups: words of any group tested count for none; the
    # test's own sentence counts twice its context
    measure = words - set().union(*(c.a | c.b for c in contrasts))
    scored = [(2 * len(c.words & measure) + len(c.context & measure), c) for c in tested]
    best = max(n for n, _ in scored)
    top = [c for n, c in scored if n == best]
    # values the claim states that the test's sentence lacks (two of them, when it states two)
    # are another comparison's: "8.6% in the reminder arms versus 9.1% among controls" is
    # re-arrest, not the tested no-shows
    sizes = _sizes(claim)
    if sizes and not any(len(sizes & _sizes(c.text)) >= min(2, len(sizes)) for c in top):
        return None
    if denied:
        if best == 0 or not all(c.significant for c in top):
            return None
        return DifferenceFound(top[0].text, top[0].page)
    # each pair the claim names is claimed ("Both exercise and mindfulness … compared with no
    # break"), unless the claim sets one against another ("unlike mindfulness")
    pairs: dict[frozenset[frozenset[str]], list[Contrast]] = {}
    for c in top:
        pairs.setdefault(frozenset({c.a, c.b}), []).append(c)
    if len(pairs) > 1 and _SET_AGAINST.search(claim):
        return None
    for tests in pairs.values():
        if not any(c.significant for c in tests):
            return NotSignificant(tests[0].text, tests[0].page)
    return None


def _sizes(text: str) -> set[str]:
    """The percentages and decimals of a text: values of a measure, not counts or times."""
    return {m.canonical for m in extract_numbers(text) if m.percent or not written_whole(m.value)}


@dataclass(frozen=True)
class DifferenceFound:
    """A claim that two groups did not differ, where the paper's test of them is significant."""

    text: str
    page: int

    @property
    def reason(self) -> str:
        """``difference_found``."""
        return "difference_found"

    def explain(self) -> str:
        """``The paper finds a significant difference (p. 2): “…”``."""
        return f"The paper finds a significant difference (p. {self.page}): “{excerpt(self.text)}”"


#: Words of a claim's subject a paper sentence finding it alike must share.
_SAME_SUBJECT = 2
#: A claim that an effect held alike across groups: "worked equally well in male and female mice".
_SAME_ACROSS = re.compile(
    r"\b(?:equally|alike|similar(?:ly)?|the same|regardless of|irrespective of|"
    r"consistent(?:ly)?)\b",
    re.I,
)


def check_alike_across(
    claim: str, interactions: Sequence[Estimate], alike: Sequence[Evidence] = ()
) -> DifferenceFound | None:
    """An effect the claim says held alike in two groups of one kind, which the paper's test parts.

    "Worked equally well in male and female mice" against "the dose-by-sex interaction was
    significant (p = 0.01)". A paper sentence that finds the claim's own subject alike in both
    ("target-gene induction was similar in both sexes", among ``alike``) bears it out instead.
    """
    words = fact_words(claim)
    by = compared_dimensions(words)
    if not by or not _SAME_ACROSS.search(claim) or re.search(r"\bnot\b|n't", claim):
        return None
    subject = {w for w in words if not names_group([w]) and w not in by}
    if any(held(subject, fact_words(ev.text)) >= _SAME_SUBJECT for ev in alike):
        return None
    tests = [e for e in interactions if by & hyphen_parts(e.words)]
    if not tests or not all(e.significant for e in tests):
        return None
    return DifferenceFound(tests[0].text, tests[0].page)
