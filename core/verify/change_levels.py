"""A change the claim states, given the value of one of the levels it lies between.

"The reefs cut marsh-edge retreat by 39 cm per year" where the paper has "retreat was 39.0
cm/yr behind reefs versus 71.0 cm/yr at controls (difference -32.0 cm/yr …)": the claim's 39
occurs near its words, so binding finds it, but it is a level; the change the sentence states
is 32. A claim value said as a change that an evidence sentence states only as a level, beside
a difference it names in the same kind of number, is that difference misstated, unless an
evidence sentence states the claim's value as a change itself.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from core.text.normalize import NumberMention, extract_numbers
from core.types import Evidence
from core.verify.binding import (
    Mismatch,
    measure_of,
    said_as_change,
    stated_numbers,
    states_value,
    value_forms,
)

#: Before a number, the name of a change: "difference -32.0", "an adjusted difference of -0.9",
#: "a reduction of 12", "change: 4.1".
_NAMED_CHANGE = re.compile(
    r"\b(?:differences?|changes?|reductions?|decreases?|increases?|gains?|drops?|falls?|rises?)"
    r"(?:\s+(?:of|was|were|in\s+[\w-]+))?\s*[:=,]?\s*(?:about\s+)?[-−+]?\s*[€$£]?\s*$",
    re.I,
)


def change_as_level(
    mentions: Sequence[NumberMention], claim: str, evidence: Sequence[Evidence]
) -> Mismatch | None:
    """The difference an evidence sentence names, for a claim change that is its level."""
    for mention in mentions:
        if _exponent(claim, mention) or not said_as_change(claim, mention):
            continue
        # the value as written: a hedged one settled on a paper value is no level's
        written = extract_numbers(mention.raw)
        forms = value_forms(replace(mention, value=written[0].value) if written else mention)
        unit = measure_of(claim, mention)
        named = [
            (ev, m) for ev in evidence for m in stated_numbers(ev.text) if _named_change(ev.text, m)
        ]
        if any(states_value(forms, m) for _, m in named):
            continue
        for ev in evidence:
            numbers = [m for m in stated_numbers(ev.text) if not _exponent(ev.text, m)]
            levels = [
                m for m in numbers if states_value(forms, m) and not _named_change(ev.text, m)
            ]
            if not levels:
                continue
            level = levels[0]
            rivals = [
                m
                for m in numbers
                if _named_change(ev.text, m)
                and m.percent == level.percent
                and measure_of(ev.text, m) == measure_of(ev.text, level)
                and (unit is None or measure_of(ev.text, m) == unit)
            ]
            if rivals:
                return Mismatch(mention.raw, rivals[0].raw, ev.page, ev.sentence_index)
    return None


def _named_change(text: str, mention: NumberMention) -> bool:
    """A change by its name ("difference 17") or its words ("roughly 10% higher")."""
    return _NAMED_CHANGE.search(text, 0, mention.start) is not None or said_as_change(text, mention)


def _exponent(text: str, mention: NumberMention) -> bool:
    """Whether the number is a unit's exponent: the 1 of "mAh g−1"."""
    return (
        mention.start >= 2
        and text[mention.start - 1] in "−-⁻"
        and text[mention.start - 2].isalpha()
    )
