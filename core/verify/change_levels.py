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

from core.text.normalize import NumberMention
from core.types import Evidence
from core.verify.binding import (
    Mismatch,
    covers_hedged,
    measure_of,
    said_as_change,
    stated_numbers,
    states_value,
    value_forms,
    written_and_read,
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
    said = [m for m in mentions if not _exponent(claim, m) and said_as_change(claim, m)]
    if not said:
        return None
    # each evidence value, and whether its sentence states it as a change
    read = [(ev, [(m, named_change(ev.text, m)) for m in _values(ev.text)]) for ev in evidence]
    for mention in said:
        # the value as written: a hedged one settled on a paper value is no level's
        forms = value_forms(replace(mention, value=written_and_read(mention)[-1]))
        unit = measure_of(claim, mention)
        # a change the paper states, as written or within its hedge ("nearly 9" of 8.8)
        if any(
            named and (states_value(forms, m) or covers_hedged(mention, m))
            for _, numbers in read
            for m, named in numbers
        ):
            continue
        for ev, numbers in read:
            level = next((m for m, named in numbers if not named and states_value(forms, m)), None)
            if level is None:
                continue
            rival = next(
                (
                    m
                    for m, named in numbers
                    if named
                    and m.percent == level.percent
                    # percentage points are a change of a percentage only
                    and (level.percent or _POINTS.match(ev.text, m.end) is None)
                    and measure_of(ev.text, m) == measure_of(ev.text, level)
                    and (unit is None or measure_of(ev.text, m) == unit)
                ),
                None,
            )
            if rival is not None:
                return Mismatch(mention.raw, rival.raw, ev.page, ev.sentence_index)
    return None


def named_change(text: str, mention: NumberMention) -> bool:
    """A change by its name ("difference 17"), its words ("roughly 10% higher") or its sign.

    A signed value opening a statistic's bracket is a difference: "ISI scores (-1.6, 95% CI
    -2.9 to -0.3)". Percentage points are a difference by their unit: "… and −7.6 pp for
    enhanced reminders"; so is a value its change's name follows: "a 0.04 reduction".
    """
    signed = (
        _SIGNED_LEAD.search(text, 0, mention.start) is not None
        and _RANGE_ON.match(text, mention.end) is None
    )
    return (
        _NAMED_CHANGE.search(text, 0, mention.start) is not None
        or signed
        or _POINTS.match(text, mention.end) is not None
        or _CHANGE_AFTER.match(text, mention.end) is not None
        or said_as_change(text, mention)
    )


_SIGNED_LEAD = re.compile(r"\(\s*[-−+]\s*$")
#: A change named after its value: "a 0.04 reduction in BMI z-score".
_CHANGE_AFTER = re.compile(
    r"[-\s]*(?:unit\s+|point\s+)?(?:reductions?|decreases?|increases?|rises?|drops?|falls?|"
    r"gains?|declines?|improvements?|differences?|changes?)\b",
    re.I,
)
_POINTS = re.compile(r"\s*(?:pp|p\.p\.|percentage[- ]points?)\b", re.I)
#: The rest of an interval a bracket opens with: "(-7.9 to -6.5)" is no difference.
_RANGE_ON = re.compile(r"\s*(?:to|-|–)\s*[-−+]?\d")


def _exponent(text: str, mention: NumberMention) -> bool:
    """Whether the number is a unit's exponent: the 1 of "mAh g−1"."""
    return (
        mention.start >= 2
        and text[mention.start - 1] in "−-⁻"
        and text[mention.start - 2].isalpha()
    )


def _values(text: str) -> list[NumberMention]:
    """The text's values, units' exponents left out."""
    return [m for m in stated_numbers(text) if not _exponent(text, m)]
