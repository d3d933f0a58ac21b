"""Evaluation methods a claim says the paper used must be ones the paper mentions.

Critiques readily credit a paper with a user study, an ablation, significance tests or a human
evaluation it never ran ("it was evaluated in a user study with school boards"); topical
passages support such a sentence in words and meaning. When the claim states (not asks or
wishes) that such a method was used and no form of it occurs anywhere in the paper, the method
is as invented as a name the paper does not contain. The other way round, a claim that the
paper lacks one ("the main weakness is the lack of a significance test") is borne out when no
form of it occurs, and contradicted when one does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.verify.gates.common import GateFinding, PaperFacts


@dataclass(frozen=True)
class Method:
    """One kind of evaluation: how a claim names it, and what shows it in a paper."""

    claim: str  # regular expression, English and Chinese forms
    paper: str  # regular expression over the paper's text


METHODS: dict[str, Method] = {
    "user study": Method(
        r"\buser stud(?:y|ies)\b|\busability (?:study|test)|用户研究|用户实验",
        r"user stud|usability|participant|think-aloud|用户研究|用户实验|参与者|被试",
    ),
    "ablation": Method(
        r"\bablation\b|\bablat(?:e|ed|ing)\b|消融",
        r"ablat|消融",
    ),
    "significance test": Method(
        r"\bsignificance tests?\b|\bstatistical tests?\b|\bt-tests?\b|\bp-values?\b|显著性检验",
        r"significan|p-value|p\s*[<≤=]|t-test|wilcoxon|bootstrap|confidence interval|显著",
    ),
    "cross-validation": Method(
        r"\bcross-?validat\w*|\bk-fold\b|\b\d+-fold cross|交叉验证",
        r"cross-?validat|fold|交叉验证|折",
    ),
    "human evaluation": Method(
        r"\bhuman (?:evaluation|judg(?:e)?ments?|raters?|assessment)s?\b|人工评估|人工评价",
        r"human|annotator|rater|judge|人工",
    ),
    "controlled experiment": Method(
        r"\bcontrolled (?:stud(?:y|ies)|experiments?|trials?|evaluations?)\b|"
        r"\brandomi[sz]ed (?:controlled )?(?:trials?|stud(?:y|ies)|experiments?)\b|\bRCTs?\b|"
        r"\bA/B tests?\b|对照实验|对照试验|随机对照",
        r"controlled|randomi[sz]|control group|treatment group|placebo|A/B test|对照|随机分组",
    ),
    "interviews": Method(
        r"\binterview(?:s|ed|ing)?\b|\bquestionnaires?\b|访谈|问卷调查",
        # "the six-item Screening Concern Scale" is a questionnaire
        r"interview|questionnaire|survey|[\w-]+-item\b|inventory|checklist|访谈|问卷",
    ),
    # how a study collected its data, or kept its arms apart
    "self-report": Method(
        r"\bself-?report(?:s|ed|ing)?\b|自我报告|自报",
        r"self-?report|questionnaire|survey|diar(?:y|ies)|recall|interview|reported by|"
        r"自我报告|自报|问卷",
    ),
    "transects": Method(r"\btransects?\b|样线", r"transect|样线"),
    "double-blind": Method(
        r"\bdouble-?blind(?:ed)?\b|双盲",
        r"double-?blind|placebo|sham|masked|identical|双盲|安慰剂",
    ),
    "meta-analysis": Method(
        r"\bmeta-?analys[ie]s\b|荟萃分析|元分析",
        r"meta-?analy|pooled|random-effects|systematic review|荟萃|元分析|汇总分析",
    ),
}
#: The claim denies the method: the paper lacks it.
_DENIED = re.compile(
    r"\b(?:not|no|never|without|lacks?|lacking|absence|absent|missing|neither|nor|omits?)\b|"
    r"n't|没有|缺乏|缺少|未",
    re.I,
)
#: The claim asks, wishes or plans the method rather than stating anything of the paper.
_WISHED = re.compile(
    r"\b(?:could|should|would|might|may|future|plan\w*|suggest\w*|recommend\w*|whether|if)\b|"
    r"\?|？|是否|应该|可以|建议|未来",
    re.I,
)


def _a(name: str) -> str:
    """``an ablation``, ``a user study``, ``interviews``."""
    if name.endswith("s"):
        return name
    return ("an " if name[0] in "aeiou" else "a ") + name


#: What participants do with an instrument ("never completed a follow-up questionnaire"): the
#: method is the study's either way, neither claimed nor denied of the paper.
_RESPONDED = re.compile(
    r"\b(?:complet|return|answer|fill|respond|submitt?)\w*\s+(?:[\w-]+\s+){0,3}?"
    r"(?:interviews?|questionnaires?|surveys?)\b",
    re.I,
)


def _claimed(text: str) -> list[tuple[str, Method]]:
    if _WISHED.search(text):
        return []
    text = _RESPONDED.sub(" ", text)
    return [(n, m) for n, m in METHODS.items() if re.search(m.claim, text, re.I)]


def _mentions(facts: PaperFacts, method: Method) -> bool:
    # The paper's exact-match key (normalised, casefolded full and body text) is already built.
    return re.search(method.paper, facts.keys[0], re.I) is not None


def check_methods(text: str, facts: PaperFacts) -> list[GateFinding]:
    """A method the claim says the paper used that it never mentions, or denies that it does."""
    claimed = _claimed(text)
    if not claimed:
        return []
    if _DENIED.search(text):
        return [
            GateFinding("method", f"method_in_paper:{name}", f"The paper does report {_a(name)}")
            for name, method in claimed
            if _mentions(facts, method)
        ]
    return [
        GateFinding("method", f"method_not_in_paper:{name}", f"The paper reports no {name}")
        for name, method in claimed
        if not _mentions(facts, method)
    ]


def confirmed_absences(text: str, facts: PaperFacts) -> list[str]:
    """Methods the claim says the paper lacks ("lacks a user study") that it never mentions."""
    claimed = _claimed(text)
    if not claimed or not _DENIED.search(text):
        return []
    return [name for name, method in claimed if not _mentions(facts, method)]
