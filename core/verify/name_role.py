"""A name the paper mentions only as others' work is not what the paper's own method uses.

Related-work sections name many systems next to the paper's own, so a claim that the method
uses, builds on or starts from one of them ("a text encoder initialised from ViLBERT", "built on
the ICPC-2 taxonomy") finds the name in the paper and topical support beside it. When every
sentence naming it sits in related work (a section so titled, or its numbered subsections) or a
footnote, none of them speaks of the paper's own work ("we", "our", 本文), and the claim puts the
name in the paper's own method, the claim names the wrong thing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.types import Paper
from core.verify.gates import name_candidates

_RELATED = re.compile(
    r"related work|background|literature|prior work|previous work|相关工作|研究现状", re.I
)
OWN_WORK = re.compile(r"\b(?:we|our|us|this (?:paper|work|study))\b|本文|我们|本研究", re.I)
#: The claim makes the name part of the method: used, built on, started from.
_USES = re.compile(
    r"\b(?:uses?|using|used|based on|builds? on|built on|initiali[sz]ed (?:from|with)|"
    r"employs?|adopts?|fine-?tunes?|extends?|relies on)\b|基于|采用|使用|利用|建立在",
    re.I,
)
#: ... and the method is the paper's own.
_OWN_SUBJECT = re.compile(
    r"\bthe (?:proposed|authors'?|method|model|approach|system|framework)\b|"
    r"\btheir (?:method|model|approach|system|framework)\b|本文|作者|该方法|该模型|所提",
    re.I,
)
#: A part of a sentence whose subject is a pronoun for something named before it.
_PRONOUN_SUBJECT = re.compile(r"\s*(?:(?:it|its|they|their|this|these)\b|其|它)", re.I)
_NUMBERED = re.compile(r"(\d+)(?:\.\d+)*\s")
_TOP = re.compile(r"(\d+)\s")


@dataclass(frozen=True)
class RelatedOnly:
    """A name the claim puts in the paper's method that the paper gives only as others' work."""

    name: str
    page: int

    def explain(self) -> str:
        """``The paper names ViLBERT only as related work (p. 2), …``."""
        return (
            f"The paper names {self.name} only as related work (p. {self.page}), "
            "not as part of its own method"
        )


class RelatedWork:
    """Which of a paper's names occur only in its related work."""

    def __init__(self, paper: Paper) -> None:
        """Find the related-work sections, numbered subsections included."""
        tops = {m.group(1): h for h in paper.sections if (m := _TOP.match(h))}
        related = set()
        for heading in paper.sections:
            number = _NUMBERED.match(heading)
            top = tops.get(number.group(1), "") if number else ""
            if _RELATED.search(heading) or _RELATED.search(top):
                related.add(heading)
        self.paper = paper
        self.related = related

    def check(self, claim: str, sentence: str = "") -> RelatedOnly | None:
        """The first name ``claim`` puts in the paper's method that only related work names.

        ``sentence`` is the whole sentence when ``claim`` is a part of it: a part that opens
        with a pronoun ("given that it is built on ICPC-2") takes its subject from there.
        """
        subject = sentence if _PRONOUN_SUBJECT.match(claim) else claim
        if not self.related or not (_USES.search(claim) and _OWN_SUBJECT.search(subject)):
            return None
        for name in dict.fromkeys(name_candidates(claim)):
            pattern = re.compile(rf"(?<![A-Za-z0-9-]){re.escape(name)}(?![A-Za-z0-9-])")
            naming = [s for s in self.paper.sentences if pattern.search(s.text)]
            in_related = [s for s in naming if s.section in self.related]
            if (
                in_related
                and all(s.section in self.related or s.section == "footnote" for s in naming)
                and not any(OWN_WORK.search(s.text) for s in naming)
            ):
                return RelatedOnly(name, in_related[0].page)
        return None
