"""A subgroup's value given for everyone.

"Overall, sick leave fell by 31% in firms that moved to a four-day week", where the paper gives
31% (IRR 0.69) only for service firms, "in the pre-specified subgroup analysis", and 24% for all
firms. The claim keeps the paper's number and drops the group it was found in. A claim that
says it speaks of everyone (overall, across the whole cohort, the main finding) and states a
value that every clause of the paper giving it qualifies by a subgroup (a subgroup analysis, a
tercile, "among participants with …", "aged 85 or older") the claim does not name is read as
that subgroup's value. English only.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from core.text.normalize import NumberMention, extract_numbers
from core.text.quotes import excerpt
from core.types import PaperSentence

#: A claim that says it speaks of everyone the study covered.
_OVERALL = re.compile(
    r"\b(?:overall|as a whole|across (?:the )?(?:whole|entire|all)\b|"
    r"(?:whole|entire) (?:trial|sample|cohort|population|study)|"
    r"(?:main|primary|headline) (?:finding|result)|"
    r"in all (?:participants|patients|children|pupils|households)|"
    r"across the (?:cohort|sample|trial|study population)|"
    # "regardless of how densely they were monitored", "across the range's soils"
    r"regardless of|irrespective of|across\s+(?:the\s+)?[\w'’-]+\s+[a-z]+s\b)",
    re.I,
)
#: A clause that gives its value for part of the study only.
_SUBGROUP = re.compile(
    r"\b(?:subgroups?|sub-groups?|terciles?|quartiles?|quintiles?|aged\s+\d|"
    r"(?:among|in)\s+(?:those|participants|patients|people|children|women|men|pupils|nurses|"
    r"households)\s+(?:with|who|aged)|only\s+(?:in|for|among)|"
    # a breakdown ("By soil texture, …") and a test of whether the effect differs by it
    r"^\s*by\s+[\w-]+(?:\s+[\w-]+)?,|interaction)",
    re.I,
)
_CLAUSE = re.compile(r";\s+")


@dataclass(frozen=True)
class SubgroupValue:
    """A claim value for everyone that the paper gives for a subgroup only."""

    value: str
    text: str
    page: int

    @property
    def reason(self) -> str:
        """``subgroup_as_overall:31%``."""
        return f"subgroup_as_overall:{self.value}"

    def explain(self) -> str:
        """``The claim gives 31% for everyone, but the paper gives it for a subgroup (p. 2): …``."""
        return (
            f"The claim gives {self.value} for everyone, but the paper gives it for a subgroup "
            f"(p. {self.page}): “{excerpt(self.text)}”"
        )


def check_subgroup_value(claim: str, sentences: Sequence[PaperSentence]) -> SubgroupValue | None:
    """The first value of an overall claim that the paper gives only within a subgroup."""
    if not _OVERALL.search(claim) or _SUBGROUP.search(claim):
        return None
    for mention in extract_numbers(claim):
        if not mention.value:
            continue
        # a value in a unit is given only where the paper writes it in that unit ("3 Mg C")
        unit = _unit(claim, mention)
        giving = [
            (clause, s)
            for s in sentences
            for clause in _CLAUSE.split(s.text)
            if any(
                _same(mention, n) and unit in ("", _unit(clause, n))
                for n in extract_numbers(clause)
            )
        ]
        if giving and all(_SUBGROUP.search(clause) for clause, _ in giving):
            s = giving[0][1]
            return SubgroupValue(mention.raw, s.text, s.page)
    return None


def _unit(text: str, mention: NumberMention) -> str:
    """The unit written right after a value ("mg" of "3 Mg C"), or "" (none, or a percentage)."""
    after = _UNIT.match(text, mention.end)
    if mention.percent or after is None or after.group(1).casefold() in _NOT_UNITS:
        return ""
    return after.group(1).casefold()


_UNIT = re.compile(r"\s?([A-Za-zµμ°]+)\b")
_NOT_UNITS = frozenset(
    "of to and or in for at on with by from than the a an per versus vs among under over".split()
)


def _same(mention: NumberMention, other: NumberMention) -> bool:
    return mention.value == other.value and mention.percent == other.percent
