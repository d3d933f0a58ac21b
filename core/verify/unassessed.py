"""What the paper says it did not assess, or says is unknown, stated as found.

A report of a study often gives it a finding on what it never measured: "the soda tax cut
consumption, improving residents' health" of a paper that "could not assess whether consumption
or health outcomes changed", "the findings apply to older adults" of one that says "whether the
findings apply to older people … is unknown". Such sentences of the paper are read once; a claim
clause that asserts a finding or a measurement of most of what one of them leaves open, while no
other clause of the evidence states the claim clause's fact (all its words), states what the
paper does not.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from core.text.quotes import excerpt
from core.text.words import LIST_SEPARATOR, fact_words, nearly_all
from core.types import Evidence, PaperSentence

_VERBS = (
    r"(?:assess|measure|examine|evaluate|estimate|test|stud(?:y|ie)|investigate|record|collect|"
    r"capture|track|follow|identif(?:y|ie)|determine|quantif(?:y|ie)|monitor)\w*"
)
#: What the paper left open: not assessed, not measured, unknown, unclear.
_OPEN = (
    re.compile(
        rf"\b(?:could|did|do|does|was|were|have|has)\s+not\s+(?:\w+ly\s+)?(?:been\s+)?{_VERBS}\s+"
        r"(?:whether\s+|if\s+|how\s+)?(?P<what>[^.;]+)",
        re.I,
    ),
    re.compile(
        # "was not measured with actigraphy" names a method it was not measured by
        rf"(?P<what>[\w\s,-]{{3,80}}?)\s+(?:was|were|is|are)\s+not\s+(?:{_VERBS}|estimated|known)"
        r"\b(?!\s+(?:with|by|using|through|via)\b)",
        re.I,
    ),
    # "No GNSS receivers were deployed", "no system-level tank evaluation was performed"
    re.compile(
        r"\b[Nn]o\s+(?P<what>[\w\s-]{3,60}?)\s+(?:was|were)\s+(?:\w+ly\s+)?(?:deployed|"
        r"performed|conducted|done|collected|carried out|installed|undertaken|recorded|measured|"
        r"assessed)\b"
    ),
    re.compile(
        r"\b(?:whether|if)\s+(?P<what>[^.;]+?)\s+(?:is|are|remains?)\s+"
        r"(?:unknown|unclear|uncertain|not known)",
        re.I,
    ),
    re.compile(
        r"\b(?:it is|it remains|remains)\s+(?:unknown|unclear|uncertain|not known)\s+"
        r"(?:whether|if)\s+(?P<what>[^.;]+)",
        re.I,
    ),
)
#: From this pattern on, ``_OPEN`` reads what is unknown; in a paper's background that is the
#: question the study sets out to answer ("whether hearing aid use modifies this association is
#: uncertain"), not something it left open.
_GAPS = 3
#: Where what was left open ends: "cost data and cannot comment on cost-effectiveness".
_WHAT_END = re.compile(
    r"\s+and\s+(?:we\s+|they\s+)?(?:cannot|could not|can't|did not|do not)\b", re.I
)
_QUESTION = re.compile(r"\b(?:whether|if|how)\b", re.I)
#: Words that make what was left open a clause rather than a list of things.
_NOT_A_LIST = re.compile(r"\b(?:who|which|that|so|was|were|is|are|whether|if|how)\b", re.I)
#: Where the examples of what was left open begin.
_EXAMPLES = re.compile(r",?\s+(?:such\s+as|including|for\s+example|e\.g\.,?)\s+", re.I)
#: The longest list of things read item by item, in words.
_LIST_WORDS = 8
#: What data a left-open thing is recorded as, which names no topic: "cost data", "visual
#: outcomes".
_RECORDS = frozenset(fact_words("data outcomes measures information records"))
_BACKGROUND = re.compile(r"\s*(?:background|introduction|rationale|context)\s*[:.]", re.I)
_BACKGROUND_SECTION = re.compile(r"\s*(?:\d[\d.]*\s*)?(?:background|introduction)\b", re.I)
#: A claim clause that asserts a finding or a measurement.
_ASSERTS = re.compile(
    rf"\b(?:{_VERBS}|found|finds|show\w*|appl(?:y|ies)|generali[sz]\w*|hold|holds|lower\w*|"
    r"higher|reduc\w*|increas\w*|decreas\w*|improv\w*|cut|cuts|rais\w*|boost\w*|caus\w*|"
    r"prevent\w*|protect\w*|benefit\w*|lead|leads|led|persist\w*|recover\w*|worse\w*|"
    r"better|fewer|declin\w*|dropp\w*|fell|rose)\b",
    re.I,
)
_NEGATED = re.compile(
    r"\b(?:not|cannot|unable|no|never|without|unknown|unclear|whether|may|might|could|rather than|"
    r"instead of)\b|n't",
    re.I,
)
#: A cause stated or left open: "caused", "responsible for", "due to", "drives".
_CAUSAL = re.compile(
    r"\b(?:caus\w*|responsible|due to|because of|driv\w*|attributable|result(?:s|ed)? in|"
    r"effect of|leads? to|led to)\b",
    re.I,
)
_CLAUSE = re.compile(r",|;|\band\b|\bbut\b|\bwhile\b|\bwhereas\b", re.I)
#: The least share of what the paper leaves open that a claim clause must name, two words at
#: least (one, when it is one word: "We did not collect cost data").
OPEN_SHARE = 0.5
#: Words that relate what was left open to something, not what it is: "performance after
#: recovery sleep" is not about every claim with "after … sleep" in it.
_RELATIONS = ("after", "before", "during", "between", "within", "over", "under", "across")


@dataclass(frozen=True)
class LeftOpen:
    """A claim that states as found what the paper says it did not assess or is unknown."""

    text: str
    page: int

    @property
    def reason(self) -> str:
        """``not_assessed``."""
        return "not_assessed"

    def explain(self) -> str:
        """``The paper leaves this open (p. 2): “…”``."""
        return f"The paper leaves this open (p. {self.page}): “{excerpt(self.text)}”"


@dataclass(frozen=True)
class OpenQuestion:
    """A paper sentence that leaves something open, and the words of what it leaves open."""

    text: str
    page: int
    what: frozenset[str]
    causal: bool = False  # what is left open is whether one thing caused another


def left_open(sentences: Sequence[PaperSentence]) -> list[OpenQuestion]:
    """What the paper's sentences say was not assessed or is unknown, read once per paper.

    Each thing a list of them names is left open on its own too: "We did not record pesticide
    use or nesting substrate" leaves pesticide use open.
    """
    # a pronoun's ("it was not evaluated on …") is no topic: it would share nothing with every claim
    return [
        OpenQuestion(s.text, s.page, topic, _CAUSAL.search(what) is not None)
        for s in sentences
        for number, pattern in enumerate(_OPEN)
        if (found := pattern.search(s.text)) is not None and not (number >= _GAPS and _motivates(s))
        for what in (_items(found) if number == 0 else [found.group("what")])
        if (topic := _topic(what))
    ]


def _items(found: re.Match[str]) -> list[str]:
    """What was left open, and each thing of two words or more that it lists.

    Only a short list of things ("pesticide use or nesting substrate"), not a question ("whether
    the findings apply to older people or to …") or a clause ("reading among children who
    passed screening, so …").
    """
    what = found.group("what")
    end = _WHAT_END.search(what)
    listed = (what[: end.start()] if end else what).strip(" ,")
    # "downstream outcomes such as defects escaping to production or …": each example is open
    example = _EXAMPLES.search(listed)
    if example is not None and not _QUESTION.search(found.string, found.start(), example.start()):
        items = LIST_SEPARATOR.split(listed[example.end() :].strip(" ,"))
        return [what, *(item for item in items if len(item.split()) >= 2)]
    if (
        _QUESTION.search(found.string, found.start(), found.start("what"))
        or _NOT_A_LIST.search(listed)
        or len(listed.split()) > _LIST_WORDS
    ):
        return [what]
    items = LIST_SEPARATOR.split(listed)
    return [what, *(item for item in items if item != what and len(item.split()) >= 2)]


def _topic(what: str) -> frozenset[str]:
    """The words of what was left open, up to the next clause, without what data it is."""
    end = _WHAT_END.search(what)
    words = fact_words(what[: end.start()] if end else what, _RELATIONS)
    return frozenset(words - _RECORDS or words)


def _motivates(sentence: PaperSentence) -> bool:
    """Whether the sentence sets out the study's question: its background, not its limits."""
    return bool(_BACKGROUND.match(sentence.text) or _BACKGROUND_SECTION.match(sentence.section))


def check_left_open(
    claim: str, questions: Sequence[OpenQuestion], evidence: Sequence[Evidence]
) -> LeftOpen | None:
    """The first claim clause that states as found what a sentence leaves open, if any."""
    if not questions or _NEGATED.search(claim):
        return None
    stated = [
        fact_words(part)
        for e in evidence
        for part in _CLAUSE.split(e.text)
        if not any(p.search(part) for p in _OPEN)
    ]
    for clause in [claim, *_CLAUSE.split(claim)]:
        words = fact_words(clause)
        if len(words) < 2 or not _ASSERTS.search(clause):
            continue
        # an evidence clause holding all its words (all but one of five) states it
        if any(nearly_all(words, part, 5) for part in stated):
            continue
        for question in questions:
            # "whether hearing aids caused the slower decline" leaves open only the cause: a
            # clause about the aids and the decline that states none asserts nothing left open.
            if question.causal and not _CAUSAL.search(clause):
                continue
            shared = len(question.what & words)
            if shared >= min(2, len(question.what)) and shared >= OPEN_SHARE * len(question.what):
                return LeftOpen(question.text, question.page)
    return None
