"""Numbers must occur in the paper; a number tied to a unit must occur with that unit."""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.text.normalize import NumberMention, extract_numbers
from core.verify.gates.common import LIST_MARKER, GateFinding, PaperFacts, inside


def check_numbers(
    text: str, facts: PaperFacts, masked: Sequence[tuple[int, int]]
) -> tuple[list[GateFinding], list[str], list[NumberMention]]:
    """Every number outside citations, cross-references and names must occur in the paper."""
    failures: list[GateFinding] = []
    anchors: list[str] = []
    checked = quantities(text, masked)
    for mention in checked:
        unit = unit_after(text, mention.end)
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
