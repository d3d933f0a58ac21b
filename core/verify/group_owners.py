"""A value the paper gives one group, said of another group of the same sentence.

"Mean visitation was 4.1 visits per watch on conventional farms, 7.9 on organic farms and 9.3
on mixed farms": a claim that organic farms averaged 9.3 visits keeps the paper's value and its
words, and gives the value to the wrong group. Each value of such a sentence gets the group the
sentence gives it ("9.3 on mixed farms", "25% fly ash", "organic 7.9 (6.9-9.0)"); a group is
told from the others of its sentence by the words only it has. A claim's value belongs to the
group the claim names nearest it, with no other of the claim's values between them; when that is
another group than the paper's, and the claim does not name the paper's group at all, the claim
contradicts the paper, whose value for the claim's group is named.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from core.text.normalize import NumberMention, approximate_tolerance
from core.text.words import content_words, fact_words
from core.types import Evidence, PaperSentence
from core.verify.binding import (
    Mismatch,
    measure_of,
    same_at_precision,
    stated_numbers,
)
from core.verify.group_values import GENERIC

_NUMBER = r"(?<![\w.])\d+(?:\.\d+)?"
#: A group named by its dose or level: "15 mg/kg", "3 wt%".
_DOSE = r"\d+(?:\.\d+)?\s?(?:[a-zµμ%]+(?:/[a-z]+)?)(?:\s+(?:dose|group|arm))?"
_STOP = r"(?=\s+(?:and|to|than|vs\.?|versus|whereas|while|but|or)\s|\s*\d|\s*[,;:()]|\.\s|\.$|$)"
#: "7.9 on organic farms", "2.05 after partial restriction", "262 ± 5 mV for NiFeCe", "43 of
#: 601 (7.2%) given placebo", "48.8 cm/yr at controls".
_AFTER = re.compile(
    # a share in brackets closes with it ("(7.2%) given placebo"); an interval's bound does not
    rf"(?P<value>{_NUMBER})(?:\s?%\)?)?(?:\s*±\s*\d+(?:\.\d+)?)?(?:\s*\([^()]*\))?"
    # a unit, then its spread: "29.6 cm/yr (SD 14.2) at reef segments"
    r"(?:(?:\s+[a-z/]+){0,3}?|\s+[A-Za-z]+/[A-Za-z]+\s*\([^()]*\))\s+"
    r"(?:(?:with|in|among|for|on|under|after|during|of|given|receiving|behind|without|"
    r"at(?!\s+(?:\d|weeks?|months?|days?|years?|baseline|follow-up|least|most|the\s+end)))"
    rf"\s+(?:the\s+)?(?P<group>[^,;:()\d]+?|{_DOSE})|at\s+(?P<dose>{_DOSE})){_STOP}",
    re.I,
)
#: Who or what a group is made of, ending its name: "usual-care patients", "control schools".
_MEMBERS = (
    r"(?:patients|participants|infants|babies|children|adults|women|men|people|households|"
    r"homes|schools|pupils|students|users|workers|employees|residents|tenants|mice|rats|sites|"
    r"plots|farms|firms|segments|cells|villages|clusters|practices|arms?|groups?|controls)"
)
#: "38 of 156 (24.4%) hospital-at-home patients": a share in brackets, then whose it is.
_BRACKETED = re.compile(
    rf"\((?P<value>{_NUMBER})\s?%\)\s+(?:(?:given|receiving|in|with|among|on)\s+(?:the\s+)?"
    rf"(?P<group>[^,;:()\d]+?)|(?P<members>(?:[A-Za-z][\w\-]*\s+){{0,3}}?{_MEMBERS})){_STOP}",
    re.I,
)
#: "In Carrowmore, containers fell from 8.0 to 3.2; in Lisvane they fell from 7.5 to 6.9":
#: every value of a clause opened by its group is that group's.
_CLAUSE = re.compile(
    r"(?:^|;\s*)(?:in|among|for|at)\s+(?:the\s+)?(?P<group>[A-Z][\w\-]*(?:\s+[A-Z][\w\-]*)?)"
    r",?\s+(?P<body>[^;]*)",
    re.I,
)
#: "25% Class F fly ash (FA)": a share and what it is of, one item of a list.
_SHARE_OF = re.compile(
    rf"(?P<value>{_NUMBER})\s?%\s+(?P<group>(?:[A-Za-z][\w\-]*\s+){{0,4}}?[A-Za-z][\w\-]*)"
    r"(?:\s*\([^()]*\))?(?=\s*(?:,|\band\b|;|\.\s|\.$|$))"
)
#: "organic 7.9 (6.9-9.0)": a table written as text, one group and its value per part.
_LABELLED = re.compile(rf"^\s*(?P<group>[A-Za-z][\w\- ]{{0,40}}?)\s+(?P<value>{_NUMBER})\b")
_PARTS = re.compile(r"[^;]+")
#: A number that is part of a name: "3-back", "5-point".
_NAMING = re.compile(r"-[A-Za-z]")
#: "Overall asthma incidence was 13.9 …: 17.8 in Turin, …": the first value is everyone's.
_OVERALL = re.compile(
    rf"^\s*(?:overall|in total|in all|across all \w+)\b[^\d;]*?(?P<value>{_NUMBER})", re.I
)
#: "Training the transformer took 6.4 GPU-hours, compared with 11 minutes on a CPU for
#: XGBoost": the first value is the subject's, the second the group named after it.
_VERSUS = re.compile(
    rf"(?P<head>[^;,()]*?)\s+(?:was|were|took|reached|had|gave|scored|achieved|required|needed|"
    rf"averaged|used|spent|recorded|retained)\s+(?:about\s+|around\s+|a\s+mean\s+of\s+)?"
    rf"(?P<first>{_NUMBER})[^;,]*?,?\s*(?:compared\s+with|"
    rf"compared\s+to|against|versus|vs\.?)\s+(?P<second>{_NUMBER})[^;,]*?\s(?:for|in|among|"
    rf"with|on|by)\s+(?:the\s+)?(?!an?\s)(?P<group>[^,;:()\d]+?){_STOP}",
    re.I,
)
#: A list of shares is read only when it is a list.
_LIST = 3


@dataclass(frozen=True)
class _Given:
    value: NumberMention
    words: frozenset[str]
    unit: str | None  # what the unit after the value measures ("memory" of "142 GB")


@dataclass(frozen=True)
class Grouped:
    """A paper sentence that gives two or more groups a value each."""

    evidence: Evidence
    given: tuple[_Given, ...]


def _given(text: str) -> list[_Given]:
    numbers = stated_numbers(text)
    found: list[tuple[int, str]] = [
        (m.start("value"), m["group"] or m["dose"]) for m in _AFTER.finditer(text)
    ]
    found += [(m.start("value"), m["group"] or m["members"]) for m in _BRACKETED.finditer(text)]
    after = len(found)
    clauses = [m for m in _CLAUSE.finditer(text) if m["group"][:1].isupper()]
    if len(clauses) >= 2:
        found += [
            (n.start, m["group"])
            for m in clauses
            for n in numbers
            if m.start("body") <= n.start < m.end("body")
        ]
    shares = [(m.start("value"), m["group"]) for m in _SHARE_OF.finditer(text)]
    if len(shares) >= _LIST:
        found += shares
    for m in _VERSUS.finditer(text):
        found += [(m.start("first"), m["head"]), (m.start("second"), m["group"])]
    if ":" in text:
        for part in _PARTS.finditer(text, text.index(":") + 1):
            labelled = _LABELLED.match(part.group())
            if labelled:
                found.append((part.start() + labelled.start("value"), labelled["group"]))
    # "Developers rated MendLM's correct patches 3.9 … against 4.1 for the developer patches":
    # words the sentence says before its first value, of every value, tell no group named after
    # its value from the others.
    named_after = {start for start, _ in found[:after]}
    lead = fact_words(text[: numbers[0].start], GENERIC) if numbers else set()
    out: list[_Given] = []
    for start, group in found:
        mention = next((n for n in numbers if n.start == start), None)
        # numbers name groups too: "15 mg/kg" against "45 mg/kg"
        levels = {w for w in content_words(group) if w[:1].isdigit()}
        words = frozenset(fact_words(group, GENERIC) | levels)
        if start in named_after:
            words -= lead
        if mention is not None and words and all(g.value.start != start for g in out):
            out.append(_Given(mention, words, measure_of(text, mention)))
    overall = _OVERALL.match(text)
    whole = next((n for n in numbers if overall and n.start == overall.start("value")), None)
    if whole is not None and len(out) >= 2 and all(g.value.start != whole.start for g in out):
        out.append(_Given(whole, frozenset({"overall"}), measure_of(text, whole)))
    return out


def grouped_values(sentences: Sequence[PaperSentence]) -> list[Grouped]:
    """The paper's sentences that give two or more groups a value each, read once per paper."""
    out = []
    for s in sentences:
        if s.section == "table":
            continue  # a table's rows are read by ``row_binding``
        given = _given(s.text)
        if len({g.words for g in given}) >= 2:
            out.append(Grouped(Evidence(s.page, s.text, s.bbox, 1.0, s.index), tuple(given)))
    return out


def group_mismatch(
    mentions: Sequence[NumberMention], claim: str, grouped: Sequence[Grouped]
) -> Mismatch | None:
    """The first claim value a paper sentence gives another group than the one the claim names."""
    claim_words = _positions(claim)
    for mention in mentions:
        for sentence in grouped:
            found = _swapped(claim, mention, claim_words, mentions, sentence)
            if found is not None and not _given_elsewhere(mention, found.words, grouped):
                ev = sentence.evidence
                return Mismatch(mention.raw, found.value.raw, ev.page, ev.sentence_index)
    return None


def _swapped(
    claim: str,
    mention: NumberMention,
    claim_words: dict[str, list[int]],
    numbers: Sequence[NumberMention],
    sentence: Grouped,
) -> _Given | None:
    """The claim's group with the paper's value for it, when the sentence gives ours to another."""
    # "412 ms for the teacher and … 142 GB": a time is no rival of the claim's memory
    unit = measure_of(claim, mention)
    alike = [
        g
        for g in sentence.given
        if g.value.percent == mention.percent and unit in (None, g.unit or unit)
    ]
    owners = [g for g in alike if _same(mention, g.value)]
    named = {g: _named_at(_own(g, alike), claim_words) for g in alike}
    if len(owners) != 1:
        # a hedged value ("about 30 cm") is read only as one of two values exchanged
        hedged = [g for g in alike if _covers(mention, g.value)]
        if len(hedged) != 1 or not named[hedged[0]]:
            return None
        return _exchanged(claim, mention, numbers, hedged[0], named)
    owner = owners[0]
    if named[owner]:
        return _exchanged(claim, mention, numbers, owner, named)
    # a group the claim gives its own value ("46% with vehicle") is not this value's; one whose
    # value the claim gives another ("80.9% in the schools that dewormed") may be
    paired = {
        g
        for g in alike
        for n in numbers
        if n is not mention and _same(n, g.value) and not _said_of_other(claim, n, _own(g, alike))
    }
    group = _nearest(claim, numbers, mention, {g: p for g, p in named.items() if g not in paired})
    if group is None or group is owner or _same(mention, group.value):
        return None
    return group


def _exchanged(
    claim: str,
    mention: NumberMention,
    numbers: Sequence[NumberMention],
    owner: _Given,
    named: dict[_Given, list[int]],
) -> _Given | None:
    """The group the claim gives its value, when the claim exchanged two groups' values.

    "27.8% of cash recipients …, compared with 19.6% of controls" against "19.6% of the cash
    group and 27.8% of controls": each value is named with the other's group.
    """
    mine = _nearest(claim, numbers, mention, named)
    if mine is None or mine is owner:
        return None
    other = next((n for n in numbers if n is not mention and _covers(n, mine.value)), None)
    if other is None or _nearest(claim, numbers, other, named) is not owner:
        return None
    return mine


def _nearest(
    claim: str,
    numbers: Sequence[NumberMention],
    mention: NumberMention,
    named: dict[_Given, list[int]],
) -> _Given | None:
    """The group the claim names nearest a value, with no other value between them."""
    near = [
        (abs(at - mention.start), g)
        for g, places in named.items()
        for at in places
        if not _between(claim, numbers, mention, at)
    ]
    return min(near, key=lambda pair: pair[0])[1] if near else None


def _said_of_other(claim: str, value: NumberMention, group: frozenset[str]) -> bool:
    """Whether the claim names a group right after ``value`` that is not ``group``."""
    after = _GROUP_AFTER.match(claim, value.end)
    return after is not None and not group & fact_words(after["group"])


#: A group named right after a value: "80.9% in the schools that dewormed their pupils".
_GROUP_AFTER = re.compile(
    r"\s?%?\s+(?:in|among|for|with|on|under)\s+(?:the\s+)?(?P<group>[^,;()]+)", re.I
)


def _same(a: NumberMention, b: NumberMention) -> bool:
    """One value at the precision of either: "9.3" and "9.30", not 10% and 8% (0.1 and 0.08)."""
    return same_at_precision(a.value, b.value) or same_at_precision(b.value, a.value)


def _own(given: _Given, alike: Sequence[_Given]) -> frozenset[str]:
    """The words of a group that no other group of its sentence has."""
    others = set().union(*(g.words for g in alike if g is not given))
    return given.words - others


def _named_at(own: frozenset[str], claim_words: dict[str, list[int]]) -> list[int]:
    """Where the claim names a group: two thirds of its own words, at their first place."""
    places = [claim_words[w][0] for w in own if w in claim_words]
    if not own or 3 * len(places) < 2 * len(own):
        return []
    return places


def _positions(claim: str) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for m in re.finditer(r"[^\W_][\w\-/.]*", claim):
        for w in content_words(m.group()):
            out.setdefault(w, []).append(m.start())
    return out


def _between(claim: str, numbers: Sequence[NumberMention], mention: NumberMention, at: int) -> bool:
    """Whether another value stands between a value and a place; "3-back" names, not values."""
    low, high = sorted((mention.start, at))
    return any(
        low < n.start < high and n.start != mention.start and not _NAMING.match(claim, n.end)
        for n in numbers
    )


def _given_elsewhere(
    mention: NumberMention, words: frozenset[str], grouped: Sequence[Grouped]
) -> bool:
    """Whether another sentence gives the claim's value to the claim's group."""
    return any(
        g.words >= words and g.value.percent == mention.percent and _covers(mention, g.value)
        for s in grouped
        for g in s.given
    )


def _covers(claim: NumberMention, paper: NumberMention) -> bool:
    """The paper's value, or one an approximate claim value stands for ("about 14": 14.2)."""
    if _same(claim, paper):
        return True
    tolerance = approximate_tolerance(claim.value, percent=claim.percent)
    return claim.approximate and abs(claim.value - paper.value) <= tolerance
