"""A value read in its clause, when a sentence contrasts two conditions.

"Using text-only data the optimal value for alpha varies in the range 0.5 to 0.8 for different
values of n, while for multi-modal data it is in the range 0.4 to 0.6": a claim that "the
optimal α for text-only data stays in the range 0.4 to 0.6" shares words with the sentence
around 0.4 ("data", "range"), so binding by context passes it. The two clauses set their
conditions in parallel ("text-only data" / "multi-modal data"); the claim holds the first
clause's condition and not the second's, so its value is the first clause's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from core.text.normalize import NumberMention
from core.text.words import content_words, stem
from core.types import Evidence
from core.verify.binding import (
    Mismatch,
    arm_named,
    gap_of_levels,
    is_table_row,
    same_kind,
    stated_numbers,
    states_value,
    value_forms,
    written_whole,
)

#: Where a sentence turns to its contrasting condition.
_TURN = re.compile(r",?\s+(?:while|whereas)\s+|;\s+|,\s+but\s+", re.I)
_WORD = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")


def clause_mismatch(
    mentions: Sequence[NumberMention], claim: str, evidence: Sequence[Evidence]
) -> Mismatch | None:
    """The claim's value, stated in a clause whose condition the claim does not hold, or None.

    The sentence must have two clauses whose conditions are parallel (two words before, or
    after, the same word: "text-only data" / "multi-modal data"); the claim must hold the other
    clause's condition and not the value's clause's; the other clause must state a value of
    the same kind, which is named (the same-placed one of a range).
    Whole numbers below 10 are not read. A claim that itself turns to a contrasting clause
    ("In people with obesity …, but in those with a BMI under 25 …") holds, for each value,
    only the condition of the value's own clause. A claim that goes from one clause's value to
    the other's ("cut from 0.112 to 0.041") states both.
    """
    own_clauses = _clauses(claim)
    texts = [e.text for e in evidence]
    for mention in mentions:
        if (
            (written_whole(mention.value) and mention.value < 10)
            or arm_named(claim, mention, texts)
            or gap_of_levels(claim, mention, texts)
        ):
            continue
        start, end = next(((a, b) for a, b in own_clauses if a <= mention.start < b), (0, 0))
        words = content_words(claim[start:end] if end else claim)
        forms = value_forms(mention)
        # A table row's semicolons part its cells, not clauses.
        for ev in (e for e in evidence if not is_table_row(e.text)):
            found = _in_other_clause(mention, forms, claim, words, ev, mentions)
            if found is not None:
                return found
    return None


def _in_other_clause(
    mention: NumberMention,
    forms: set[Decimal],
    claim: str,
    words: set[str],
    ev: Evidence,
    claimed: Sequence[NumberMention],
) -> Mismatch | None:
    bounds = _clauses(ev.text)
    if len(bounds) < 2:
        return None
    numbers = stated_numbers(ev.text)

    def inside(m: NumberMention, span: tuple[int, int]) -> bool:
        return span[0] <= m.start < span[1]

    holding = [b for b in bounds if any(states_value(forms, m) and inside(m, b) for m in numbers)]
    if len(holding) != 1:
        return None
    own = holding[0]
    own_tokens = _tokens(ev.text[own[0] : own[1]])
    for other in bounds:
        if other == own:
            continue
        pairs = _conditions(_tokens(ev.text[other[0] : other[1]]), own_tokens)
        if any(_held(mine, words) for _, mine in pairs):
            continue
        if not any(_held(theirs, words) for theirs, _ in pairs):
            continue
        kind = [
            m
            for m in numbers
            if inside(m, own) and (states_value(forms, m) or same_kind(mention, m, claim, ev.text))
        ]
        rivals = [
            m
            for m in numbers
            if inside(m, other)
            and same_kind(mention, m, claim, ev.text)
            and not states_value(forms, m)
        ]
        place = next((i for i, m in enumerate(kind) if states_value(forms, m)), 0)
        if rivals:
            rival = rivals[min(place, len(rivals) - 1)]
            if any(states_value(value_forms(m), rival) for m in _from_to(claim, mention, claimed)):
                continue
            return Mismatch(mention.raw, rival.raw, ev.page, ev.sentence_index)
    return None


def _from_to(
    claim: str, mention: NumberMention, claimed: Sequence[NumberMention]
) -> list[NumberMention]:
    """The claim's value the mention's change starts or ends at: 0.112 of "from 0.112 to 0.041"."""
    out = []
    for other in claimed:
        if other is mention:
            continue
        first, second = sorted((other, mention), key=lambda m: m.start)
        if _FROM.search(claim, 0, first.start) and _TO.fullmatch(claim, first.end, second.start):
            out.append(other)
    return out


_FROM = re.compile(r"\bfrom\s+(?:about\s+|around\s+|roughly\s+|under\s+|over\s+)?$", re.I)
_TO = re.compile(r"[^\d,;]{0,20}?\bto\s+(?:about\s+|around\s+|roughly\s+|under\s+|over\s+)?", re.I)


def _clauses(text: str) -> list[tuple[int, int]]:
    """Spans of the sentence's contrasting clauses."""
    cuts = [0]
    for match in _TURN.finditer(text):
        cuts.append(match.end())
    cuts.append(len(text))
    return [(a, b) for a, b in zip(cuts, cuts[1:], strict=False) if b > a]


def _tokens(text: str) -> list[str]:
    """Content words of a clause in order, stemmed."""
    out = []
    for word in _WORD.findall(text.casefold()):
        if content_words(word):
            out.append(stem(word))
    return out


def _conditions(theirs: list[str], own: list[str]) -> list[tuple[str, str]]:
    """Pairs of words the two clauses set in parallel: one before (or after) the same word.

    "text-only data" against "multi-modal data" gives ("text-only", "multi-modal").
    """
    only_theirs = set(theirs) - set(own)
    only_own = set(own) - set(theirs)
    pairs = []
    for i, word in enumerate(theirs):
        if word not in only_theirs:
            continue
        after = theirs[i + 1] if i + 1 < len(theirs) else None
        before = theirs[i - 1] if i > 0 else None
        for j, rival in enumerate(own):
            if rival not in only_own:
                continue
            if (after is not None and j + 1 < len(own) and own[j + 1] == after) or (
                before is not None and j > 0 and own[j - 1] == before
            ):
                pairs.append((word, rival))
    return pairs


def _held(word: str, claim_words: set[str]) -> bool:
    """The claim holds ``word``, hyphenated or not ("multi-modal", "multimodal")."""
    return word in claim_words or word.replace("-", "") in claim_words
