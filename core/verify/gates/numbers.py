"""Numbers must occur in the paper; a number tied to a unit must occur with that unit."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from core.text.normalize import NumberMention, extract_numbers, settle_approximate
from core.verify.gates.common import LIST_MARKER, GateFinding, PaperFacts, inside

#: A number said to be approximate: "about 38%", "around 89,000", "roughly 16-17%", "约8000个",
#: "8000个左右".
_HEDGE = (
    r"(?:\b(?:about|around|approximately|approx\.|roughly|nearly|almost|circa|some)"
    r"|~|≈|约|大约|将近)"
)
_HEDGED_BEFORE = re.compile(rf"{_HEDGE}\s*(?:[\d.,]+\s*%?\s*(?:-|–|to)\s*)?$", re.I)
_PERCENT_RANGE = re.compile(r"\s*(?:-|–|to)\s*[\d.]+\s*%")
_HEDGED_AFTER = re.compile(r"\s*%?\s*(?:左右|上下)")


def check_numbers(
    text: str, facts: PaperFacts, masked: Sequence[tuple[int, int]]
) -> tuple[list[GateFinding], list[str], list[NumberMention]]:
    """Every number outside citations, cross-references and names must occur in the paper.

    An approximate number ("around 89,000") stands for the paper's nearest value within its
    rounding (see ``approximate_tolerance``), which the checks then read in its place.
    """
    failures: list[GateFinding] = []
    anchors: list[str] = []
    checked = [_settled(m, text, facts) for m in quantities(text, masked)]
    for mention in checked:
        # A Chinese paper counts in its own words ("6000个问题", "共收集196915条"): an English
        # unit cannot be looked up there.
        unit = None if facts.is_cjk else unit_after(text, mention.end)
        found = facts.has_number(mention)
        if found and (unit is None or facts.has_number_with_unit(mention, unit)):
            anchors.append(f"number:{mention.canonical}")
        elif found:
            failures.append(
                GateFinding(
                    "number",
                    f"number_unit_not_in_paper:{mention.raw} {unit}",
                    f"{mention.raw} occurs in the paper, but never as {mention.raw} {unit}",
                )
            )
        else:
            failures.append(
                GateFinding(
                    "number",
                    f"number_not_in_paper:{mention.raw}",
                    f"{mention.raw} does not occur in the paper",
                )
            )
    return failures, anchors, checked


def quantities(text: str, masked: Sequence[tuple[int, int]] = ()) -> list[NumberMention]:
    """The numbers of ``text`` that state a quantity, each value once.

    Left out: numbers inside ``masked`` spans (citations, cross-references, names), a list
    marker ("1. …") and a model name's digits (GPT-4).
    """
    marker = LIST_MARKER.match(text)
    skip = list(masked) + ([marker.span()] if marker else [])
    seen: set[str] = set()
    out: list[NumberMention] = []
    for mention in extract_numbers(text):
        if inside(mention.start, mention.end, skip) or glued_to_name(text, mention.start):
            continue
        if mention.canonical not in seen:
            seen.add(mention.canonical)
            out.append(mention)
    return out


#: Units of count and time that tie a number to what it measures ("a 60-day horizon").
UNIT = re.compile(
    r"[-\s]?(days?|weeks?|months?|years?|hours?|minutes?|seconds?|epochs?|layers?|heads?|"
    r"GPUs?|examples?|samples?|questions?|sentences?|documents?|participants?|users?|"
    r"annotators?|languages?|datasets?|tokens?|words?|steps?|runs?|seeds?|folds?)\b",
    re.I,
)


def unit_after(text: str, end: int) -> str | None:
    """The unit word right after a number, as written, if any."""
    match = UNIT.match(text, end)
    return match.group(1) if match else None


def glued_to_name(text: str, start: int) -> bool:
    """The 4 of GPT-4, the 50 of ResNet-50."""
    return start >= 2 and text[start - 1] in "-_" and text[start - 2].isalpha()


def _settled(mention: NumberMention, text: str, facts: PaperFacts) -> NumberMention:
    """A hedged mention marked approximate; absent from the paper, its nearest paper value."""
    before = _HEDGED_BEFORE.search(text[: mention.start])
    if mention.scale or not (before or _HEDGED_AFTER.match(text, mention.end)):
        return mention
    # The first number of a range shares its end's percent sign: "about 16-17%".
    percent = mention.percent or bool(_PERCENT_RANGE.match(text, mention.end))
    mention = replace(mention, approximate=True, percent=percent)
    if facts.has_number(mention):
        return mention
    return settle_approximate(mention, facts.values)
