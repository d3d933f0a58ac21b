"""What a paper reports of others' work is not its authors' own result.

A related-work section states what earlier studies showed ("Multi-task learning has shown
particular promise in NLP [51, 58, 61]"), in the paper's topic and words, so a claim that the
authors showed, proposed or explored it finds close support there. When the sentence that best
supports such a claim sits in related work and says nothing of the paper's own work ("we",
"our", 本文), the claim credits the authors with others' work.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from core.text.quotes import excerpt
from core.types import Evidence, Paper
from core.verify.name_role import OWN_WORK, RelatedWork

#: The claim credits the paper's authors with a result or a contribution of their own.
_AUTHORS_DID = re.compile(
    r"\b(?:the authors?|they|the paper|this paper|the study|this work)\b"
    r"(?:\s+(?:also|further|claim to|are able to|successfully))*\s+"
    r"(?:show|demonstrat|find|found|prove|propos|introduc|develop|explor|present|achiev|"
    r"contribut|design|buil[dt]|creat|implement|provid|obtain|establish)\w*"
    r"|作者[^，。；]{0,6}?(?:表明|证明|发现|提出|展示|能够|开发|设计|探索|贡献|创建|提供|实现|取得)",
    re.I,
)
#: ... unless it says the authors only report, cite or discuss it: what related work is for.
_REPORTS = re.compile(
    r"\b(?:note|mention|cite|review|discuss|summari[sz]e|survey|describe|compare|contrast|"
    r"acknowledge|point out|refer|previous|prior|earlier|existing|related work)\w*"
    r"|提到|引用|综述|讨论|介绍|指出|回顾|已有|现有|以往|前人",
    re.I,
)


@dataclass(frozen=True)
class OthersWork:
    """A claim crediting the authors with what the paper reports of related work."""

    text: str
    page: int

    def explain(self) -> str:
        """``The paper states this of related work (p. 3), not of its own: “…”``."""
        quoted = excerpt(self.text)
        return f"The paper states this of related work (p. {self.page}), not of its own: “{quoted}”"


class OwnWork:
    """Tells a paper's own results from what it reports of related work."""

    def __init__(self, paper: Paper, related: RelatedWork) -> None:
        """Use ``related``'s sections of the paper."""
        self.paper = paper
        self.related = related.related

    def check(self, claim: str, evidence: Sequence[Evidence]) -> OthersWork | None:
        """Others' work, when ``claim`` credits the authors and its best evidence is related work.

        Args:
            claim: The claim as written.
            evidence: Its evidence, best first.
        """
        if not self.related or not evidence or _REPORTS.search(claim):
            return None
        if not _AUTHORS_DID.search(claim):
            return None
        index = evidence[0].sentence_index
        sentences = self.paper.sentences
        if not 0 <= index < len(sentences):
            return None
        best = sentences[index]
        if best.section not in self.related or OWN_WORK.search(best.text):
            return None
        return OthersWork(best.text, best.page)
