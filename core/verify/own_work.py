"""What a paper reports of others' work, or advises its readers, is not its authors' own result.

A related-work section states what earlier studies showed ("Multi-task learning has shown
particular promise in NLP [51, 58, 61]"), in the paper's topic and words, so a claim that the
authors showed, proposed or explored it finds close support there. When the sentence that best
supports such a claim sits in related work and says nothing of the paper's own work ("we",
"our", 本文), the claim credits the authors with others' work.

Likewise a guide states its advice in the imperative ("7. Provide a simple example or test data
set"): a claim that the authors provide it is supported in words but not in fact.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from core.text.quotes import excerpt
from core.types import Evidence, Paper
from core.verify.name_role import OWN_WORK, RelatedWork

#: The paper's authors as a claim's subject: "the authors", "they also", "this work".
_AUTHORS = r"\b(?:the authors?|they|the paper|this paper|the study|this work)\b"
#: The claim credits the paper's authors with a result or a contribution of their own.
_AUTHORS_DID = re.compile(
    rf"{_AUTHORS}(?:\s+(?:also|further|claim to|are able to|successfully))*\s+"
    r"(?:show|demonstrat|find|found|prove|propos|introduc|develop|explor|present|achiev|"
    r"contribut|design|buil[dt]|creat|implement|provid|obtain|establish)\w*"
    r"|作者(?:(?!没|未|无|不(?![同仅但断])|非(?!常))[^，。；]){0,6}?"
    r"(?:表明|证明|发现|提出|展示|能够|开发|设计|探索|贡献|创建|提供|实现|取得)",
    re.I,
)
#: ... unless it says the authors only report, cite or discuss it: what related work is for.
_REPORTS = re.compile(
    r"\b(?:note|mention|cite|review|discuss|summari[sz]e|survey|describe|compare|contrast|"
    r"acknowledge|point out|refer|previous|prior|earlier|existing|related work)\w*"
    r"|提到|引用|综述|讨论|介绍|指出|回顾|已有|现有|以往|前人",
    re.I,
)


#: ... or that they advise it, which is what a guide's imperative says.
_ADVISES = re.compile(
    r"\b(?:should|must|ought|recommend\w*|advi[sc]\w*|suggest\w*|guidelines?|practices?|"
    r"rules?|tips?|checklists?|encourag\w*|urg(?:e|es|ed|ing)|advocat\w*|propos\w* that)\b"
    r"|建议|推荐|提倡|鼓励|应该|应当|准则|指南|做法|实践",
    re.I,
)
#: A sentence that tells its reader to do something: an optional list marker, an optional
#: "always", "never" or "do not", then a verb in its base form that guides use for advice.
#: A list item's start: "2. ", "b) ", or nothing.
LIST_MARK = r"^\W*(?:(?:\d{1,2}|[a-z])[.)]\s+)?"
_IMPERATIVE = re.compile(
    LIST_MARK + r"(?:(?:always|never|do not|don't)\s+)?(?P<verb>"
    r"add|adopt|archive|avoid|back up|break|check|choose|cite|collect|commit|consider|copy|"
    r"create|decompose|define|delete|describe|document|eliminate|ensure|explain|give|include|"
    r"install|keep|label|make|manage|modularize|name|organi[sz]e|place|plan|prefer|provide|"
    r"publish|put|record|release|remove|rename|reuse|run|save|separate|share|start|store|"
    r"submit|tag|test|track|use|write)\s+(?:[a-z]+ed\s+)?(?:a|an|the|all|each|every|any|"
    r"your|one|it|them|this|these|data|code|programs?|changes?|files?|notes?|projects?|"
    r"[a-z]+s)\b",
    re.I,
)
#: A finite verb right after the opening shows it was a noun phrase ("Test results show …"); one
#: in a relative clause ("Decompose programs into functions that are …") is the object's.
_FINITE_SOON = re.compile(
    r"^(?:\W*(?!(?:that|which|who)\b)\w+){0,4}?\W+"
    r"(?:is|are|was|were|has|have|had|shows?|showed|indicated?|"
    r"indicates|can|could|may|will|would)\b",
    re.I,
)


def advised(sentence: str) -> str | None:
    """The verb of the advice ``sentence`` gives its reader ("Provide a test data set"), if any."""
    found = _IMPERATIVE.search(sentence)
    if found is None or _FINITE_SOON.search(sentence[found.end() :]):
        return None
    return found.group("verb").casefold()


def _does_as_advised(claim: str, verb: str) -> bool:
    """The claim says the authors did what the advice says, in its own verb or a contribution's."""
    if _AUTHORS_DID.search(claim):
        return True
    did = rf"{_AUTHORS}(?:\s+(?:also|further))*\s+{re.escape(verb)}\w*"
    return re.search(did, claim, re.I) is not None


@dataclass(frozen=True)
class OthersWork:
    """A claim crediting the authors with what the paper reports of related work or advises."""

    text: str
    page: int
    advice: bool = False

    @property
    def reason(self) -> str:
        """``credited_authors_advice`` or ``credited_authors_related_work``."""
        return "credited_authors_advice" if self.advice else "credited_authors_related_work"

    def explain(self) -> str:
        """``The paper states this of related work (p. 3), not of its own: “…”``."""
        quoted = excerpt(self.text)
        if self.advice:
            return (
                f"The paper advises its readers to do this (p. {self.page}); it does not say "
                f"the authors did: “{quoted}”"
            )
        return f"The paper states this of related work (p. {self.page}), not of its own: “{quoted}”"


class OwnWork:
    """Tells a paper's own results from what it reports of related work."""

    def __init__(self, paper: Paper, related: RelatedWork) -> None:
        """Use ``related``'s sections of the paper."""
        self.paper = paper
        self.related = related.related

    def check(self, claim: str, evidence: Sequence[Evidence]) -> OthersWork | None:
        """Others' work, when ``claim`` credits the authors with its best evidence's content.

        That evidence is related work, or advice to the reader.

        Args:
            claim: The claim as written.
            evidence: Its evidence, best first.
        """
        if not evidence or _REPORTS.search(claim):
            return None
        index = evidence[0].sentence_index
        sentences = self.paper.sentences
        if not 0 <= index < len(sentences):
            return None
        best = sentences[index]
        if OWN_WORK.search(best.text):
            return None
        if best.section in self.related and _AUTHORS_DID.search(claim):
            return OthersWork(best.text, best.page)
        verb = advised(best.text)
        if verb and not _ADVISES.search(claim) and _does_as_advised(claim, verb):
            return OthersWork(best.text, best.page, advice=True)
        return None
