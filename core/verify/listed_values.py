"""Values a sentence lists for several items, and a claim that gives one item another's value.

"2.9 ± 0.8 °C in Lyon, 2.1 ± 0.6 °C in Kraków and 1.4 ± 0.5 °C in Porto": a claim that
Porto's heat island was 2.1 °C holds a value the sentence states and a word it holds, so
binding reads it as the paper's. The sentence is cut into its list's parts (at commas,
semicolons, "and", "versus", "than", "whereas" outside brackets; a bracket that lists is read
as a sentence of its own), and each part's item is read where its list puts it: after the
value's preposition when the parts open with their values ("31.2 M for nnU-Net"), before the
value when they open with their items ("specificity 0.88"). The words of one item only are
its label. A claim whose value one part states, that holds another part's label and none of
the first's, gives that other item the value; the paper's value is the other part's value of
the same kind (percent, scale, decimals and the unit after it), in the same place among them.
A change the claim states that a ratio of the evidence gives ("cut by about 42%", "RR 0.58") is
no share a list states, unless the list's values are changes too.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal

from core.text.normalize import NumberMention
from core.text.words import content_words
from core.types import Evidence
from core.verify.binding import (
    Mismatch,
    covers_hedged,
    distance_of_levels,
    gap_of,
    is_table_row,
    is_year,
    measure_of,
    said_as_change,
    stated_numbers,
    states_value,
    value_forms,
    written_and_read,
)
from core.verify.change_levels import named_change
from core.verify.risk_ratios import is_risk_change, ratio_gives

#: Where a list's parts meet, outside brackets.
_JOINT = re.compile(
    r"\s*[;,]\s+(?:and\s+|or\s+|but\s+|whereas\s+|while\s+)?(?:compared (?:with|to)\s+)?"
    # "aged 60 and over" is one item
    r"|\s+(?:and(?!\s+(?:over|above|older|under|below|younger)\b)|versus|vs\.?|than|whereas|"
    r"while|compared (?:with|to))\s+",
    re.I,
)
#: Where what leads into a list ends: "Cameras recorded 38,412 crossings: mule deer …".
_LEAD = re.compile(r":\s+")
#: A bracket holding figures ("(86%)"), which names no item.
_ASIDE_FIGURES = re.compile(r"\([^()]*\d[^()]*\)")
_OPEN, _CLOSE = "([", ")]"
#: Words that bring a value's item after it: "2.1 °C in Kraków", "20.2% receiving 2 mg".
_ITEM_AFTER = re.compile(
    r"\b(?:in|for|with|among|at|on|under|from|by|during|after|receiving|given|taking|using)\b",
    re.I,
)
#: The unit or noun right after a value, past a spread ("± 0.6").
_UNIT_AFTER = re.compile(r"\s*(?:±\s*\d+(?:\.\d+)?\s*)?(?P<unit>[^\s\d(),;.]*)")
#: A number that defines a group ("aged 65 to 74", "BMI under 25") is the item, not its value.
_DEFINES = re.compile(
    r"\b(?:aged|ages?|age of|older than|younger than|over|under|above|below|at least|"
    r"more than|less than|BMI|(?:\d+(?:\.\d+)?\s*(?:to|-|–)))\s*$",
    re.I,
)
_P_VALUE = re.compile(r"\bp\s*[<=>≤]\s*$", re.I)
#: A bracket that gives a value's spread ("(SD 21 min)", "(IQR 8-21)"): no value of an item.
_SPREAD_BRACKET = re.compile(r"\(\s*(?:SD|SE|SEM|IQR|95\s*%\s*CI|CI|range)\b[^()]*\)", re.I)


@dataclass(frozen=True)
class _Part:
    numbers: tuple[NumberMention, ...]
    label: frozenset[str]
    #: What leads into the list (its total), not one of its items.
    total: bool = False


def listed_mismatch(
    mentions: Sequence[NumberMention], claim: str, evidence: Sequence[Evidence]
) -> Mismatch | None:
    """The first claim value that an evidence sentence lists for another item than the claim's."""
    claim_words = content_words(claim)
    # A table row's cells are read by their columns (row_binding), not as a list.
    every = [(ev, _lists(ev.text)) for ev in evidence]
    read = [(ev, lists) for ev, lists in every if lists and not is_table_row(ev.text)]
    texts = [ev.text for ev in evidence]
    for mention in mentions:
        # a change between two listed levels is neither level's value
        if (
            _minor(mention, claim)
            or is_risk_change(claim, mention)
            or distance_of_levels(claim, mention, texts)
        ):
            continue
        # a change a ratio gives ("RR 0.58": "cut by about 42%") is no listed share
        change = said_as_change(claim, mention) and any(
            ratio_gives(replace(mention, value=v), texts) for v in written_and_read(mention)
        )
        forms = value_forms(mention)
        wanted = claim_words - {mention.canonical.casefold()}
        found: Mismatch | None = None
        for ev, lists in read:
            for parts, text in lists:
                stating = [p for p in parts if any(states_value(forms, n) for n in p.numbers)]
                if len(stating) != 1:
                    continue
                own = stating[0]
                if _holds(_own_words(own, parts), wanted):
                    return None  # the sentence gives the value to the claim's own item
                other = _other_item(own, parts, wanted)
                paper = None if other is None else _counterpart(forms, own, other, text)
                if other is None or paper is None or found is not None:
                    continue
                # a value in a unit ("15 mg/kg") is given to another item only in that unit
                unit = measure_of(claim, mention)
                if unit is not None and measure_of(text, paper) != unit:
                    continue
                if any(states_value(value_forms(m), paper) for m in mentions):
                    continue  # the claim states the other value too: it names both items
                if covers_hedged(mention, paper):
                    continue  # "about 1,500 in each arm" is 1,498 too
                if is_year(paper, text) != is_year(mention, claim):
                    continue  # "Sixty plots …; … in November 2021": a year is no count
                if gap_of(paper, [m.value for m in mentions]):
                    continue  # the gap between two of the claim's values is theirs
                if change and not _lists_changes(own, paper, text):
                    continue
                if not _stated_elsewhere(forms, _own_words(other, parts), ev, every):
                    found = Mismatch(mention.raw, paper.raw, ev.page, ev.sentence_index)
        if found is not None:
            return found
    return None


def _lists_changes(own: _Part, paper: NumberMention, text: str) -> bool:
    """Whether the part stating the value, or its counterpart, states a change."""
    return any(named_change(text, n) for n in own.numbers) or named_change(text, paper)


def _stated_elsewhere(
    forms: set[Decimal],
    item: frozenset[str],
    listing: Evidence,
    every: Sequence[tuple[Evidence, list[tuple[list[_Part], str]]]],
) -> bool:
    """Whether another evidence sentence (with its lists) gives the value to the item.

    A sentence that lists it does so in the part stating it; any other, anywhere in it.
    """
    for ev, lists in every:
        if ev is listing or not any(states_value(forms, n) for n in stated_numbers(ev.text)):
            continue
        if not lists and _holds(item, content_words(ev.text)):
            return True
        for parts, _ in lists:
            stating = [p for p in parts if any(states_value(forms, n) for n in p.numbers)]
            if any(_holds(item, p.label) for p in stating):
                return True
    return False


def _minor(mention: NumberMention, claim: str) -> bool:
    """Small whole numbers, years and numbers that define a group are not read."""
    whole = mention.value == mention.value.to_integral_value() and "." not in mention.raw
    return (
        (whole and not mention.percent and mention.value < 10)
        or is_year(mention, claim)
        or _DEFINES.search(claim, 0, mention.start) is not None
    )


def _lists(text: str) -> list[tuple[list[_Part], str]]:
    """The sentence's lists of two or more valued parts, its brackets' lists too."""
    out = []
    # a bracket that lists is read as a sentence of its own
    inner = [p[1:-1] for p in _outside(text) if _is_bracket(p) and p[-1:] in _CLOSE]
    for piece in [text, *inner]:
        parts = _parts(piece)
        if len(parts) >= 2:
            out.append((parts, piece))
    return out


def _outside(text: str) -> list[str]:
    """The text in pieces: the runs outside brackets and each outermost bracket whole."""
    pieces, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in _OPEN:
            if depth == 0:
                pieces.append(text[start:i])
                start = i
            depth += 1
        elif ch in _CLOSE and depth:
            depth -= 1
            if depth == 0:
                pieces.append(text[start : i + 1])
                start = i + 1
    pieces.append(text[start:])
    return pieces


def _masked(text: str) -> str:
    """The text with its brackets blanked, so that joints inside them are not seen."""
    return "".join("_" * len(p) if _is_bracket(p) else p for p in _outside(text))


def _is_bracket(piece: str) -> bool:
    return piece[:1] in _OPEN


def _parts(text: str) -> list[_Part]:
    """The valued parts of one list, each with the words of its item."""
    masked = _masked(text)
    # "Cameras recorded 38,412 crossings: mule deer 24,118 (62.8%), elk …": what leads into a
    # list before its colon is its total, an item named by all of its words
    lead = _LEAD.search(masked)
    start = lead.end() if lead else 0
    bounds = []
    for joint in _JOINT.finditer(masked, start):
        bounds.append((start, joint.start()))
        start = joint.end()
    bounds.append((start, len(text)))
    spreads = [(m.start(), m.end()) for m in _SPREAD_BRACKET.finditer(text)]
    numbers = [
        n
        for n in stated_numbers(text)
        if not _P_VALUE.search(text[max(0, n.start - 4) : n.start])
        and not _DEFINES.search(text, 0, n.start)
        and not any(a <= n.start < b for a, b in spreads)
    ]
    spans = [(a, b, [n for n in numbers if a <= n.start < b]) for a, b in bounds]
    spans = [(a, b, ns) for a, b, ns in spans if ns]
    if len(spans) < 2:
        return []
    # A part that opens with its value has its item after it; the first part opens with the
    # sentence's subject and is read as most of the others are.
    first = [not text[a : ns[0].start].strip() for a, _, ns in spans[1:]]
    value_first = [2 * sum(first) >= len(first), *first]
    parts = [
        _Part(tuple(ns), _label(text, a, b, ns, after))
        for (a, b, ns), after in zip(spans, value_first, strict=True)
    ]
    total = [n for n in numbers if lead and n.start < lead.start()]
    if total and lead:
        words = content_words(_ASIDE_FIGURES.sub(" ", text[: lead.start()]))
        label = frozenset(w for w in words if not w[0].isdigit())
        parts.insert(0, _Part(tuple(total), label, total=True))
    return parts


def _label(
    text: str, start: int, end: int, numbers: list[NumberMention], after: bool
) -> frozenset[str]:
    """The words of a part's item; brackets holding figures are values, not item words."""
    if after:
        found = _ITEM_AFTER.search(text, numbers[0].end, end)
        item = text[found.start() : end] if found else ""
    else:
        # the words since a colon: "Results: sensitivity 0.93" is the sensitivity's
        item = text[start : numbers[0].start].rsplit(":", 1)[-1]
    item = "".join(
        piece
        for piece in _outside(item)
        if not (_is_bracket(piece) and any(ch.isdigit() for ch in piece))
    )
    return frozenset(w for w in content_words(item) if len(w) >= 3 or w[0].isdigit())


def _own_words(part: _Part, parts: Sequence[_Part]) -> frozenset[str]:
    """The words of a part's label that no other part's label holds."""
    shared = {w for p in parts if p is not part for w in p.label}
    return part.label - shared


def _other_item(own: _Part, parts: Sequence[_Part], wanted: set[str]) -> _Part | None:
    """The one other part whose own words the claim holds; an item before the list's total."""
    named = [p for p in parts if p is not own and _holds(_own_words(p, parts), wanted)]
    items = [p for p in named if not p.total]
    return named[0] if len(named) == 1 else items[0] if len(items) == 1 else None


def _holds(words: frozenset[str], wanted: Collection[str]) -> bool:
    """Whether the claim holds one of the words: numbers as written, words by their stems."""
    for w in words:
        if w[0].isdigit():
            if w in wanted:
                return True
        elif any(o.startswith(w) or w.startswith(o) for o in wanted if len(o) >= 3):
            return True
    return False


def _counterpart(forms: set[Decimal], own: _Part, other: _Part, text: str) -> NumberMention | None:
    """The other part's value in the place the claim's value has among its own part's."""
    stated = next(n for n in own.numbers if states_value(forms, n))
    kind = _kind(stated, text)
    mine = [n for n in own.numbers if _kind(n, text) == kind]
    theirs = [n for n in other.numbers if _kind(n, text) == kind]
    place = mine.index(stated)
    if place >= len(theirs) or states_value(forms, theirs[place]):
        return None
    return theirs[place]


def _kind(mention: NumberMention, text: str) -> tuple[bool, str, int, str]:
    exponent = mention.value.as_tuple().exponent
    places = -exponent if isinstance(exponent, int) and exponent < 0 else 0
    found = _UNIT_AFTER.match(text, mention.end)
    unit = found.group("unit").casefold() if found else ""
    # A word of the sentence's grammar ("and", "for") is no unit.
    return (
        mention.percent,
        mention.scale,
        places,
        unit if content_words(unit) or not unit.isalpha() else "",
    )
