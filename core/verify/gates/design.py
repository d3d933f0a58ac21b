"""A study's design stated more strongly than the paper's own: a trial where it ran a cohort.

Reports of a study upgrade its design: an observational cohort becomes "a randomised trial", an
experiment on cells "a clinical trial". A paper says what it is ("This prospective cohort study
included …", "In this two-arm, parallel-group trial …", "… in vitro" in its title), and the
trials it mentions in other roles ("women who had completed a randomised trial of aspirin",
"clinical trials are needed") are not its own. A claim that gives the study a trial's design,
when the paper describes itself only as something else, overclaims the evidence
(`overclaim_design`). So does a cause the claim states of an observational study's finding,
when its evidence states no such cause (`overclaim_causal`): an observational design shows an
association at most.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.verify.gates.common import GateFinding, PaperFacts
from core.verify.gates.strength import ASSOCIATION, CAUSAL, states_cause

_TRIAL = (
    r"(?:randomi[sz]ed(?:\s+controlled|\s+clinical)?\s+trials?|clinical\s+trials?|"
    r"controlled\s+trials?|RCTs?|trials?)"
)
#: The designs a paper may give itself, weakest evidence of a cause last.
_DESIGNS = {
    "trial": re.compile(rf"\b{_TRIAL}\b", re.I),
    "observational": re.compile(
        r"\b(?:cohort|longitudinal|observational|cross-sectional|case-control|test-negative|"
        r"prospective|retrospective|panel)\b",
        re.I,
    ),
    "laboratory": re.compile(
        r"\b(?:in vitro|cell lines?|cell cultures?|mice|mouse|murine|rats?|animal models?)\b",
        re.I,
    ),
}
#: The paper speaking of its own study: "This prospective cohort study", "In this two-arm,
#: parallel-group trial", "We conducted a cross-sectional survey".
_SELF = re.compile(
    r"\b(?:(?:this|our|the present|the current)\s+|we\s+(?:conducted|performed|carried out|"
    r"ran|report|used)\s+(?:an?\s+)?)(?:[\w,-]+\s+){0,4}?"
    r"(?:study|studies|trial|analysis|survey|experiments?|(?:cohort|panel)(?:\s+stud(?:y|ies))?)\b"
    # "Because the study is observational"
    r"|\b(?:the|this|our)\s+(?:study|design)\s+(?:is|was)\s+(?:an?\s+)?(?:[\w-]+\s+){0,2}?"
    r"(?:observational|longitudinal|cross-sectional|prospective|retrospective)\b",
    re.I,
)
#: The claim giving the study a trial's design: "The study was a randomised trial", "A
#: clinical trial found that …", "In a randomised trial, …".
_CLAIMED = re.compile(
    rf"^(?:(?:the|this)\s+(?:study|research|paper|work)\s+(?:was|is)\s+an?\s+(?:[\w-]+\s+){{0,3}}?"
    rf"{_TRIAL}|(?:an?|the|this)\s+(?:[\w-]+\s+){{0,3}}?{_TRIAL}\s+(?:found|finds|showed|shows|"
    rf"demonstrated|demonstrates|proved|proves|reported|reports|concluded|confirmed|suggests)|"
    rf"in\s+an?\s+(?:[\w-]+\s+){{0,3}}?{_TRIAL}\b)"
    # "The researchers ran an experiment in which …", "The team randomly assigned pupils"
    r"|\b(?:researchers|authors|investigators|team|scientists|they)\s+(?:ran|conducted|"
    r"carried out|performed|did)\s+an?\s+(?:[\w-]+\s+){0,3}?(?:experiments?|trials?)\b"
    r"|\b(?:randomly\s+(?:assigned|allocated)|randomi[sz]ed)\s+(?:\w+\s+){0,2}?(?:participants|"
    r"pupils|students|patients|people|adults|children|teens|teenagers|towns|schools|workers)\b",
    re.I,
)
#: A trial wished for, needed or denied, not claimed.
_UNCLAIMED = re.compile(
    r"\b(?:would|should|could|needed|needs?|future|further|not|no|without|lack|unless)\b", re.I
)


def check_design(text: str, facts: PaperFacts, evidence: Sequence[str] = ()) -> list[GateFinding]:
    """A trial the claim says the study was, where the paper calls itself something else.

    Or a cause it states of an observational study's finding that its evidence does not state.
    """
    claimed = _CLAIMED.search(text.strip())
    if claimed is None or _UNCLAIMED.search(text):
        return _observed_cause(text, facts, evidence)
    own = own_design(facts)
    if own is None or own[0] == "trial":
        return []
    return [
        GateFinding(
            "overclaim",
            "overclaim_design:trial",
            f"The paper describes its own study as “{own[1]}”, not a trial",
        )
    ]


def own_design(facts: PaperFacts) -> tuple[str, str] | None:
    """(design, the paper's words) of how the paper describes its own study, or None.

    A trial wins over any other design the paper also gives itself (a trial's cohort).
    """
    found: dict[str, str] = {}
    for phrase in (m.group(0).strip() for m in _SELF.finditer(facts.paper.full_text)):
        for design, pattern in _DESIGNS.items():
            if pattern.search(phrase):
                found.setdefault(design, phrase)
    for design, pattern in _DESIGNS.items():
        match = pattern.search(facts.paper.title)
        if match is not None:
            found.setdefault(design, match.group(0))
    return next(((d, found[d]) for d in _DESIGNS if d in found), None)


def _observed_cause(text: str, facts: PaperFacts, evidence: Sequence[str]) -> list[GateFinding]:
    """A cause the claim states where the paper's own study is observational."""
    if not evidence or not states_cause(text) or ASSOCIATION.search(text):
        return []
    shown = " ".join(evidence)
    # an association or a denied cause in the evidence is the strength gate's to read
    if states_cause(shown) or ASSOCIATION.search(shown) or CAUSAL.search(shown):
        return []
    own = own_design(facts)
    if own is None or own[0] != "observational":
        return []
    return [
        GateFinding(
            "overclaim",
            "overclaim_causal",
            f"The paper describes its own study as “{own[1]}”: it can show an association, "
            "not a cause",
        )
    ]
