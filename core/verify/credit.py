"""People the paper only thanks did not do its work: crediting them with it is misattribution.

An acknowledgements section names colleagues and helpers next to the paper's own words, so a
claim that makes one of them an author or a developer ("developed together with James
Desjardins", "Docassemble由Luff和Davies开发") finds topical support there. When every paper
sentence naming that person is an acknowledgement, and the claim credits them with making,
writing or claiming something (rather than with help, thanks or funding), the claim says who
did what wrongly.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass

from core.types import Paper

_ACK_SECTION = re.compile(r"acknowledge?ments?|致谢", re.I)
_THANKS = re.compile(r"\b(?:thank\w*|grateful)\b|感谢|致谢", re.I)
#: The claim thanks, funds or supports: what acknowledgements do say.
_HELP = re.compile(
    r"\b(?:thank\w*|grateful|gratitude|acknowledg\w*|fund\w*|grants?|support\w*|sponsor\w*|"
    r"help\w*|comment\w*|feedback|review\w*)\b|感谢|致谢|资助|支持|帮助|反馈",
    re.I,
)
#: The claim credits someone with the work itself.
_CREDIT = re.compile(
    r"\b(?:authors?|co-?authors?|wr[io]te|written|develop\w*|creat\w*|buil[td]|design\w*|"
    r"propos\w*|invent\w*|implement\w*|claim\w*|collaborat\w*|together with|led by)\b|"
    r"作者|开发|提出|合作|设计|编写|创建|研制|发明|实现",
    re.I,
)
#: A run of capitalised words, which Chinese text may touch ("由Luff和Davies开发"); a person is a
#: run of two or three ("Ian Davies", "Stefon van Noordt") without an organisation's word.
_RUN = re.compile(
    r"(?<![A-Za-z])[A-Z][a-z]+(?:[ -](?:(?:van|von|de|der|da|di|le|la) )?[A-Z][a-z]+)*(?![a-z])"
)
_ORGANISATION = re.compile(
    r"\b(?:Foundation|University|Institute|Council|Community|Software|Science|Research|"
    r"Program(?:me)?|Centre|Center|Lab(?:oratory)?|Inc|Ltd|Agency|Ministry|Fund|Society|"
    r"Academy|School|Board|College|Department|Hospital|Company|Corporation|Group|Journal|"
    r"Grant|Number|Award)\b"
)
_WORD = re.compile(r"(?<![A-Za-z])[A-Z][a-z]{2,}(?![a-z])")


@dataclass(frozen=True)
class ThankedOnly:
    """People the claim credits with the work whom the paper names only to thank them."""

    names: tuple[str, ...]
    page: int

    def explain(self) -> str:
        """``The paper names James Desjardins only in its acknowledgements (p. 3), …``."""
        return (
            f"The paper names {', '.join(self.names)} only in its acknowledgements "
            f"(p. {self.page}), not as authors of this work"
        )


class Acknowledged:
    """The people a paper names in its acknowledgements and nowhere else."""

    def __init__(self, paper: Paper) -> None:
        """Index the paper's capitalised words by the sentences that hold them."""
        where: dict[str, set[int]] = defaultdict(set)
        for sentence in paper.sentences:
            for word in _WORD.findall(sentence.text):
                where[word].add(sentence.index)
        thanking = {
            s.index: s
            for s in paper.sentences
            if _ACK_SECTION.search(s.section or "") or _THANKS.search(s.text)
        }
        people = {
            word
            for s in thanking.values()
            for run in _RUN.finditer(s.text)
            if 2 <= len(_WORD.findall(run.group())) <= 3 and not _ORGANISATION.search(run.group())
            for word in _WORD.findall(run.group())
        }
        #: Name -> page of the acknowledgement naming it.
        self.only_thanked = {
            word: thanking[min(where[word])].page
            for word in people
            if where[word] and where[word] <= thanking.keys()
        }

    def check(self, claim: str) -> ThankedOnly | None:
        """The thanked-only people ``claim`` credits with the work, if any."""
        if not self.only_thanked or _HELP.search(claim) or not _CREDIT.search(claim):
            return None
        # NOTE: every word of the name must be thanked only: "James Desjardins" is not, when
        # the paper names a Desjardins elsewhere.
        credited = [
            (run.group(), self.only_thanked[words[0]])
            for run in _RUN.finditer(claim)
            if (words := _WORD.findall(run.group())) and all(w in self.only_thanked for w in words)
        ]
        if not credited:
            return None
        return ThankedOnly(tuple(dict.fromkeys(n for n, _ in credited)), credited[0][1])
