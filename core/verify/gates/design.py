"""A study's design stated otherwise than the paper's own: a trial where it ran a cohort.

Reports of a study upgrade its design: an observational cohort becomes "a randomised trial", an
experiment on cells "a clinical trial". A paper says what it is ("This prospective cohort study
included …", "In this two-arm, parallel-group trial …", "… in vitro" in its title), and the
trials it mentions in other roles ("women who had completed a randomised trial of aspirin",
"clinical trials are needed") are not its own. A claim that gives the study a trial's design,
when the paper describes itself only as something else, overclaims the evidence
(`overclaim_design`). So does a cause the claim states of an observational study's finding,
when its evidence states no such cause (`overclaim_causal`): an observational design shows an
association at most. Reports also misstate a design the other way or in its details: a trial
called observational, an open-label trial double-blind (or the reverse), towns randomised
where the paper randomised people (`design_misstated`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.text.words import content_words
from core.verify.gates.common import GateFinding, PaperFacts
from core.verify.gates.strength import ASSOCIATION, CAUSAL, states_cause

_TRIAL = (
    r"(?:randomi[sz]ed(?:\s+controlled|\s+clinical)?\s+trials?|clinical\s+trials?|"
    r"controlled\s+trials?|RCTs?|trials?)"
)
#: The designs a paper may give itself, weakest evidence of a cause last.
_DESIGNS = {
    # "a randomized plot-level field experiment" assigns as a trial does
    "trial": re.compile(
        rf"\b{_TRIAL}\b|\brandomi[sz]ed\s+(?:[\w-]+\s+){{0,2}}?experiments?\b", re.I
    ),
    # designs that compare what happened without assigning it: "a controlled before-and-after
    # study", "a controlled interrupted time-series design", "a natural experiment"
    "observational": re.compile(
        r"\b(?:cohort|longitudinal|observational|cross-sectional|case-control|test-negative|"
        r"prospective|retrospective|panel|before-and-after|before-after|"
        r"difference-in-differences|interrupted\s+time[- ]series|natural\s+experiments?|"
        r"quasi-experimental|synthetic\s+control|regression\s+discontinuity|"
        # "allocation was not randomised", "Allocation was therefore not random"
        r"not\s+random(?:i[sz]ed|ly)?)\b",
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
    r"(?:study|studies|trial|analysis|survey|design|experiments?|"
    r"(?:cohort|panel)(?:\s+stud(?:y|ies))?)\b"
    # "This was an individually randomised, open-label, parallel-group trial"
    r"|\bthis\s+(?:was|is)\s+an?\s+(?:[\w,-]+\s+){0,5}?(?:study|trial|survey|experiment)\b"
    # "Methods: Prospective, cross-sectional diagnostic accuracy study in six clinics"
    r"|\bMethods?:\s+(?:[\w,-]+\s+){0,5}?(?:study|trial|survey|experiment)\b"
    # "In a retrospective offline evaluation of 600 admissions", "a difference-in-differences
    # design comparing firms …": a design the paper gives its own work in passing
    r"|\bIn\s+an?\s+(?:[\w,-]+\s+){0,4}?(?:study|trial|evaluation|experiment)\b"
    r"|\ban?\s+(?:[\w-]+\s+){0,2}?(?:difference-in-differences|regression[- ]discontinuity|"
    r"interrupted\s+time[- ]series|controlled\s+before-and-after)\s+(?:design|study|analysis)\b"
    # "allocation was not randomised": the paper says it assigned nothing
    r"|\b(?:allocation|assignment|selection)\s+was\s+(?:\w+\s+)?not\s+random(?:i[sz]ed)?\b"
    # "Because the study is observational"
    r"|\b(?:the|this|our)\s+(?:study|design)\s+(?:is|was)\s+(?:an?\s+)?(?:[\w-]+\s+){0,2}?"
    r"(?:observational|longitudinal|cross-sectional|prospective|retrospective)\b",
    re.I,
)
#: Who or what a trial randomises.
_UNITS = (
    r"(?:participants|pupils|students|patients|people|adults|children|women|men|teens|teenagers|"
    r"towns|schools|workers|households|clinics|villages|customers)"
)
#: The claim giving the study a trial's design: "The study was a randomised trial", "A
#: clinical trial found that …", "In a randomised trial, …".
_CLAIMED = re.compile(
    rf"^(?:(?:the|this)\s+(?:study|research|paper|work)\s+(?:was|is)\s+an?\s+(?:[\w-]+\s+){{0,3}}?"
    rf"{_TRIAL}|(?:an?|the|this)\s+(?:[\w-]+\s+){{0,3}}?{_TRIAL}\s+(?:found|finds|showed|shows|"
    rf"demonstrated|demonstrates|proved|proves|reported|reports|concluded|confirmed|suggests)|"
    rf"in\s+(?:an?|this|the)\s+(?:[\w-]+\s+){{0,3}}?{_TRIAL}\b)"
    # "The researchers ran an experiment in which …", "The team randomly assigned pupils"
    r"|\b(?:researchers|authors|investigators|team|scientists|they)\s+(?:ran|conducted|"
    r"carried out|performed|did)\s+an?\s+(?:[\w-]+\s+){0,3}?(?:experiments?|trials?)\b"
    # "The researchers experimentally added sediment to some of the marshes"
    r"|\b(?:researchers|authors|investigators|team|scientists|they)\s+experimentally\s+\w+"
    rf"|\b(?:randomly\s+(?:assigned|allocated)|randomi[sz]ed)\s+(?:\w+\s+){{0,2}}?{_UNITS}\b"
    # "The researchers randomly assigned neighbourhoods to …"
    r"|\brandomly\s+(?:assigned|allocated)\s+(?:\w+\s+){0,2}?[a-z]+s\s+(?:to|into|between)\b"
    # "Workers randomly assigned to higher step targets were …"
    r"|\b(?:[A-Za-z-]+s|people|children|men|women)\s+randomly\s+(?:assigned|allocated)\s+to\b"
    # "Residents aged 70 and over were randomly allocated either to …"
    r"|\b(?:were|was)\s+randomly\s+(?:assigned|allocated)\s+(?:either\s+)?(?:to|into|between)\b"
    # "Patients were randomly assigned to AI grading or specialist grading", "Sewersheds were
    # randomised"
    r"|\b(?:[A-Za-z-]+s|people|children|men|women)(?:\s+(?:at|in|from|of)\s+(?:[\w-]+\s+){0,3}?"
    r"[\w-]+)?\s+(?:were|was)\s+"
    r"(?:\w+\s+)?(?:randomly\s+(?:assigned|allocated)|randomi[sz]ed)\b"
    # "Participants in this randomised study were assigned …"
    r"|\b(?:this|the|a)\s+randomi[sz]ed\s+(?:controlled\s+)?stud(?:y|ies)\b",
    re.I,
)
#: The claim calling the study an experiment: "In this controlled experiment, …" (a natural
#: experiment assigns nothing). Only an observational study's misstatement: a laboratory
#: study is one.
_CLAIMED_EXPERIMENT = re.compile(
    r"^(?:in\s+)?(?:the|this|an?)\s+(?:(?!natural\b|quasi)[\w-]+\s+){0,2}?experiments?\b",
    re.I,
)
#: A claim giving the study an observational design: "In this observational study, …", "The
#: cohort study found", "The study was observational".
_CLAIMED_OBSERVATIONAL = re.compile(
    r"^(?:in\s+)?(?:the|this|an?)\s+(?:[\w-]+\s+){0,2}?(?:observational|cohort|case-control|"
    r"cross-sectional)\s+(?:study|analysis|design)\b"
    r"|^(?:the|this)\s+(?:study|research)\s+(?:was|is)\s+(?:an?\s+)?(?:purely\s+)?"
    r"(?:observational|a\s+cohort)\b",
    re.I,
)
#: A comparison of those who chose their arm: "compared developers who chose to use ReviewLens
#: with colleagues who did not", "villages that chose to join … with villages that declined".
_SELF_SELECTED = re.compile(
    r"\bcompar\w*\b[^.;]{0,80}?\b(?:who|that|which)\s+(?:chose|opted|elected|decided)\s+to\b"
    r"|\b(?:who|that|which)\s+(?:chose|opted|elected|decided)\s+to\b[^.;]{0,80}?\bcompar\w*\b",
    re.I,
)
#: A study's acronym in its title: "The HOMEWATCH-HF Randomised Trial", "the ACORN trial".
_STUDY_NAME = re.compile(r"\b[A-Z][A-Z0-9]{2,}(?:-[A-Z0-9]+)*\b")
#: What a study calls itself after its name, a few words on: "a pragmatic, open-label … trial".
_KIND = r"(?:[\w,-]+\s+){0,6}?(?:study|trial|survey|experiment)\b"
#: Who knew the treatment: "open-label" (everyone) against "double-blind" (neither side).
_BLINDING = re.compile(
    r"\b(?:(?P<open>open[- ]label|unblinded|unmasked|(?:could|can|were|was)\s+not\s+(?:be\s+)?"
    r"(?:blinded|masked)|cannot\s+be\s+(?:blinded|masked))|(?:double|triple)[- ]blind(?:ed)?|"
    r"(?:double|triple)[- ]masked)\b",
    re.I,
)
#: The paper saying who could not be blinded: "Teachers and coaches could not be blinded".
_UNBLINDED = re.compile(
    r"[A-Z][\w ,-]{0,60}?\b(?:could|can|were|was)\s*not\s+(?:be\s+)?(?:blinded|masked)\b"
)
#: Who a claim says knew nothing of the treatment: "Participants were blinded to …".
_BLINDED_WHO = re.compile(
    r"(?P<who>\b[A-Za-z][\w -]{0,40}?)\s+(?:were|was)\s+(?:\w+\s+)?(?:blinded|masked)\b", re.I
)
_NEITHER = re.compile(r"\b(?:neither|nor)\b", re.I)
#: The paper naming who could not be blinded, in a list: "neither prescribers nor
#: investigators were blinded".
_NEITHER_BLINDED = re.compile(
    r"\bneither\s+(?P<who>[\w ,-]{1,60}?)\s+(?:were|was)\s+(?:blinded|masked)\b", re.I
)
#: Who was randomised: groups ("cluster-randomised", "whole communities assigned", "randomised
#: at the town level") or each person ("individually randomised").
_RANDOMISED_UNIT = re.compile(
    r"\b(?P<cluster>cluster[- ]randomi[sz]ed|randomi[sz](?:ed|ation)\b[^.;]{0,30}?\bat\s+the\s+"
    r"(?!individual|patient|participant|person)(?:\w+\s+)?level|(?:whole|entire)\s+"
    r"(?:communities|schools|villages|towns|clinics|practices|wards|classes|households)\b"
    r"[^.;]{0,20}?\b(?:assigned|allocated|randomi[sz]ed))\b|"
    r"\bindividually\s+randomi[sz]ed\b|\brandomi[sz]ed\s+individually\b"
    # "Individual patients were randomly assigned to …"
    r"|\bindividual\s+[a-z]+s\s+(?:were\s+)?(?:randomly\s+(?:assigned|allocated)|randomi[sz]ed)\b",
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
    blinding = _blinding_misstated(text, facts) or _blinded_who(text, facts)
    if blinding is not None:
        return [blinding]
    claim = text.strip()
    observed = _CLAIMED_OBSERVATIONAL.search(claim) or _SELF_SELECTED.search(claim)
    if observed is not None and not _unclaimed(claim, observed):
        own = own_design(facts)
        if own is not None and own[0] == "trial":
            return [
                GateFinding(
                    "overclaim",
                    "design_misstated:observational",
                    f"The paper describes its own study as “{own[1]}”, not an observational one",
                )
            ]
    claimed = _CLAIMED.search(claim)
    experiment = _CLAIMED_EXPERIMENT.search(claim)
    if claimed is None and experiment is not None and not _unclaimed(claim, experiment):
        own = own_design(facts)
        claimed = experiment if own is not None and own[0] == "observational" else None
    if claimed is None or _unclaimed(claim, claimed):
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


def _unclaimed(text: str, claimed: re.Match[str]) -> bool:
    """Whether the design is wished for or denied: before it, or in the words right after it.

    "A randomised trial would be needed", "The study was not a randomised trial"; a "no" later
    in the sentence ("… or no lipid-lowering treatment") denies something else.
    """
    # "to be charged or not charged" names the other arm, denying nothing
    return _UNCLAIMED.search(_OR_NOT.sub("", text[: claimed.end() + _AFTER])) is not None


_OR_NOT = re.compile(r"\bor\s+not\b", re.I)


#: How far past a claimed design a wish or a denial still speaks of it, in characters.
_AFTER = 25


def _blinding_misstated(text: str, facts: PaperFacts) -> GateFinding | None:
    """A blinding or a unit of randomisation the claim gives where the paper gives the other.

    An open-label trial called double-blind, or a double-blind one called open; towns
    randomised ("whole communities assigned") where the paper randomised individuals.
    """
    for pattern, label in ((_BLINDING, "open"), (_RANDOMISED_UNIT, "cluster")):
        claimed = pattern.search(text)
        if claimed is None or _UNCLAIMED.search(text[: claimed.start()]):
            continue
        said = bool(claimed[label])
        for phrase in _self_phrases(facts):
            own = pattern.search(phrase)
            if own is not None and bool(own[label]) != said:
                return GateFinding(
                    "overclaim",
                    f"design_misstated:{claimed.group(0).casefold()[:40]}",
                    f"The paper describes its own study as “{phrase}”",
                )
    return None


def _blinded_who(text: str, facts: PaperFacts) -> GateFinding | None:
    """Those the claim says were blinded, where the paper says they could not be.

    "Participants were blinded to condition" of "Participants could not be blinded"; the
    paper's blinded adjudicators say nothing of the participants.
    """
    claimed = _BLINDED_WHO.search(text)
    if claimed is None or _UNCLAIMED.search(text[: claimed.end()]) or _NEITHER.search(text):
        return None
    who = content_words(claimed["who"])
    for phrase, unblinded in _unblinded(facts):
        if unblinded & who:
            return GateFinding(
                "overclaim",
                f"design_misstated:{claimed.group(0).strip().casefold()[:40]}",
                f"The paper says “{phrase}”",
            )
    return None


def _unblinded(facts: PaperFacts) -> list[tuple[str, frozenset[str]]]:
    """Who the paper says could not be blinded, as written and by its words; read once."""
    if facts.unblinded is None:
        text = facts.paper.full_text
        facts.unblinded = [
            (
                said.group(0).strip(),
                frozenset(content_words(said.groupdict().get("who") or said[0])),
            )
            for said in [*_UNBLINDED.finditer(text), *_NEITHER_BLINDED.finditer(text)]
        ]
    return facts.unblinded


def _self_phrases(facts: PaperFacts) -> list[str]:
    """How the paper speaks of its own study ("We conducted a double-blind … trial"), title last.

    Read once per paper: every claim's design check asks.
    """
    if facts.self_phrases is not None:
        return facts.self_phrases
    text = facts.paper.full_text
    phrases = [m.group(0).strip() for m in _SELF.finditer(text)]
    phrases += [m.group(0).strip() for m in _UNBLINDED.finditer(text)]
    # The study's name from the title: "HOMEWATCH-HF was a pragmatic, open-label … trial".
    for name in dict.fromkeys(_STUDY_NAME.findall(facts.paper.title)):
        named = re.compile(rf"\b{re.escape(name)}\s+(?:was|is)\s+an?\s+{_KIND}", re.I)
        phrases += [m.group(0).strip() for m in named.finditer(text)]
    facts.self_phrases = [*phrases, facts.paper.title]
    return facts.self_phrases


def own_design(facts: PaperFacts) -> tuple[str, str] | None:
    """(design, the paper's words) of how the paper describes its own study, or None.

    A trial wins over any other design the paper also gives itself (a trial's cohort).
    """
    found: dict[str, str] = {}
    for phrase in _self_phrases(facts)[:-1]:
        for design, pattern in _DESIGNS.items():
            if pattern.search(phrase):
                found.setdefault(design, phrase)
    for design, pattern in _DESIGNS.items():
        match = pattern.search(facts.paper.title)
        if match is not None:
            found.setdefault(design, match.group(0))
    return next(((d, found[d]) for d in _DESIGNS if d in found), None)


_NO_CHANGE = re.compile(
    r"\b(?:no|not|without|never)\b[^.;]{0,30}?\b(?:change|effect|difference|increase|decrease|"
    r"reduction|rise|fall|impact)",
    re.I,
)


def _observed_cause(text: str, facts: PaperFacts, evidence: Sequence[str]) -> list[GateFinding]:
    """A cause the claim states where the paper's own study is observational."""
    if not evidence or not states_cause(text) or ASSOCIATION.search(text):
        return []
    # "Crashes causing only vehicle damage showed no meaningful change": no cause is claimed
    if _NO_CHANGE.search(text):
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
