"""Claims that the paper leaves something out: "The authors do not provide any details about X".

Three passages cannot show that a paper lacks something, so the judge reads such a claim as
unsupported whatever the paper holds. What can be checked is the other way round: whether any
sentence of the paper speaks of X in X's own words. When none does, the claim is left for the
reader to review (``partial``) rather than flagged; when one does, the usual checks decide,
with that sentence among the evidence.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from core.text.words import content_words

_VERB = (
    r"provide|describe|discuss|report|mention|explain|address|include|specify|give|detail|"
    r"present|offer|clarify|document|elaborate|justify|evaluate|analy[sz]e|consider|state"
)
#: "do not provide any details about", "does not discuss", "lacks information on",
#: "没有提供关于…的细节", "未说明…".
_LEFT_OUT = re.compile(
    rf"\b(?:(?:do|does|did)\s+not|(?:do|does|did)n't|fails?\s+to|never)\s+(?:{_VERB})\w*\b"
    r"|\black(?:s|ing)?\b|\b(?:there\s+is\s+)?no\s+(?=(?:details?|information|discussion|"
    r"description|explanation|analysis|mention)\b)"
    r"|(?:没有|未)(?:提供|说明|讨论|介绍|报告|给出|描述|解释|分析|提及|涉及)|缺乏|缺少",
    re.I,
)
#: Words that say what kind of account is missing, not what it is about.
_FRAME_WORDS = (
    r"any|enough|sufficient|much|clear|detailed|specific|further|more|a|an|the|details?|"
    r"information|discussion|descriptions?|explanations?|analys[ie]s|evidence|insights?|about|"
    r"on|of|regarding|concerning|for"
)
_FRAME = re.compile(
    rf"\b(?:{_FRAME_WORDS}|how|whether|why|what)\b|关于|有关|的细节|的信息|的讨论|的说明|细节|信息",
    re.I,
)
#: Frame words before the topic itself ("any details about"); "how" and the like stay.
_LEADING = re.compile(rf"(?:{_FRAME_WORDS})\b|关于|有关|对(?![比照应])", re.I)
_TRAILING = re.compile(r"(?:的)?(?:细节|信息|讨论|说明|描述)$")
_CLAUSE_END = re.compile(r"[,;.:!?，；。：！？]|\b(?:which|but|and\s+thus|so\s+that)\b", re.I)
#: Who can leave something out: the paper, its authors, "it", "there is".
_THE_PAPER = re.compile(
    r"\b(?:paper|authors?|study|article|work|manuscript|submission|they|it|there)\b"
    r"|本文|作者|论文|文章|该研究|研究者",
    re.I,
)
_WORDS = re.compile(r"[A-Za-z\u3400-\u9fff]")
#: Share of the topic's words one paper sentence must hold to speak of it.
TOPIC_SHARE = 0.6


def left_out(claim: str) -> str | None:
    """What the claim says the paper leaves out ("how the platform handles …"), or None.

    The omission must be the paper's: said of the paper, its authors or "it", or with no
    subject at all ("- Does not discuss …"). "Cleaning the slots did not provide more
    examples" is a finding, not an omission.
    """
    match = _LEFT_OUT.search(claim)
    if match is None:
        return None
    before = claim[: match.start()]
    if _WORDS.search(before) and not _THE_PAPER.search(before):
        return None
    rest = claim[match.end() :]
    end = _CLAUSE_END.search(rest)
    phrase = (rest[: end.start()] if end else rest).strip()
    while (lead := _LEADING.match(phrase)) is not None and lead.end() > 0:
        phrase = phrase[lead.end() :].lstrip()
    phrase = _TRAILING.sub("", phrase)
    return phrase or None


def topic_words(phrase: str) -> set[str]:
    """The content words of a left-out phrase, without the words that frame it."""
    return content_words(_FRAME.sub(" ", phrase))


def unseen(topic: set[str], sentence_words: Sequence[set[str]]) -> bool:
    """No paper sentence holds ``TOPIC_SHARE`` of the topic's words (at least two of them)."""
    if not topic:
        return False
    need = min(len(topic), max(2, math.ceil(TOPIC_SHARE * len(topic))))
    return not any(len(topic & words) >= need for words in sentence_words)
