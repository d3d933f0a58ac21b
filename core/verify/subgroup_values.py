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
    r"across the (?:cohort|sample|trial|study population))",
    re.I,
)
#: A clause that gives its value for part of the study only.
_SUBGROUP = re.compile(
    r"\b(?:subgroups?|sub-groups?|terciles?|quartiles?|quintiles?|aged\s+\d|"
    r"(?:among|in)\s+(?:those|participants|patients|people|children|women|men|pupils|nurses|"
    r"households)\s+(?:with|who|aged)|only\s+(?:in|for|among))",
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
        giving = [
            (clause, s)
            for s in sentences
            for clause in _CLAUSE.split(s.text)
            if any(_same(mention, n) for n in extract_numbers(clause))
        ]
        if giving and all(_SUBGROUP.search(clause) for clause, _ in giving):
            s = giving[0][1]
            return SubgroupValue(mention.raw, s.text, s.page)
    return None


def _same(mention: NumberMention, other: NumberMention) -> bool:
    return mention.value == other.value and mention.percent == other.percent
