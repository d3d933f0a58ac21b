"""Limitations the authors are said to admit must be stated as limitations in the paper.

Critiques say "the authors acknowledge that the size of the data may affect performance" or
"the limitations of the method include overfitting". Passages about the data or about
overfitting support such a claim in words and meaning although the paper admits nothing of
the kind. An admission needs a paper sentence that speaks of what is admitted (a share of its
content words) and states a limitation (limited, lacks, cannot, may not, not yet, barrier,
may be affected, confounding, 局限, 无法, …).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from core.text.quotes import excerpt
from core.text.words import content_words

#: The claim says the authors admit something, or names the limitations of the work.
_ADMITS = re.compile(
    r"\b(?:acknowledg\w*|admit\w*|conced\w*|recogni[sz]\w*)(?:,[^,]{0,40},)?\s+"
    r"(?:\w+\s+){0,2}?(?:that\s+)?|"
    r"\blimitations?\s+(?:and [\w ]{0,30}?)?(?:of\s+[^,]{0,60}?\s+)?(?:include|includes|are|is)\s+|"
    r"作者(?:也|还)?(?:承认|坦言|坦承)[，,：:]?|局限性?(?:[与和][^：:，,]{0,8})?(?:是|包括|在于)[：:]?",
    re.I,
)
#: A plainer report ("the authors note that …", 作者指出) is an admission only of a clause that
#: names a limitation in so many words (``_NAMED_LIMITATION``): "the authors note that only 576
#: calls remain" reports a fact, "… note that the small sample may limit generality" a limitation.
_REPORTS = re.compile(
    r"\b(?:authors?|they|paper|study|work)\s+(?:also\s+|further\s+)?"
    r"(?:note[sd]?|point(?:s|ed)?\s+out|mention(?:s|ed)?)\s+(?:that\s+)?|"
    r"作者(?:也|还)?(?:指出|提到)[，,：:]?",
    re.I,
)
#: Words that name a limitation outright: both readings below use them.
_OUTRIGHT = (
    r"lack\w*|weakness\w*|drawback\w*|shortcoming\w*|cannot|unable|insufficient\w*|inadequa\w*|"
    r"bias\w*|overfit\w*"
)
_OUTRIGHT_ZH = "局限|不足|缺乏|无法|难以"
_NAMED_LIMITATION = re.compile(
    rf"\b(?:limit(?:s|ed|ations?)?|{_OUTRIGHT}|(?:may|might|could)\s+(?:not|negatively|"
    rf"adversely|affect|influence|hurt|harm|reduce))\b|{_OUTRIGHT_ZH}|可能(?:会)?(?:影响|导致)",
    re.I,
)
#: ... unless it is the other kind of acknowledgement: thanks, funding, help.
_THANKS = re.compile(
    r"\b(?:thank\w*|grateful|fund\w*|grants?|support\w*|sponsor\w*|help\w*|feedback|"
    r"contributions? of)\b|感谢|资助|支持|帮助",
    re.I,
)
#: A sentence that states a limitation, a lack, a risk or an untested case. A word right after a
#: hyphen is part of a compound that names a kind ("text-only", "resource-constrained"), not a
#: limitation of the work; 问题 alone is as often a question ("糖尿病问题") as a problem.
_LIMITATION = re.compile(
    rf"(?<![-\w])(?:limit\w*|{_OUTRIGHT}|caveat\w*|future work|not yet|barrier\w*|difficult\w*|"
    r"challeng\w*|nois[ey]\w*|error-prone|prone to|underfit\w*|restrict\w*|"
    r"constrain\w*|threat\w*|never|(?:may|might|could|does|do|did|is|are|was|were) not|"
    r"(?:may|might|could)\s+(?:be\s+)?(?:affect\w*|influenc\w*|overestimat\w*|underestimat\w*|"
    r"favou?r\w*|inflat\w*|overstat\w*|exaggerat\w*)|"
    # another explanation of the finding: "which may have contributed to the decline", "could
    # account for part of it"; a choice not left to chance: "chosen … not at random"
    r"(?:may|might|could)\s+(?:also\s+)?(?:have\s+)?(?:contribut\w*|explain\w*|account\w*\s+for|"
    r"reflect\w*)|"
    r"not\s+(?:at\s+)?random\w*|"
    # "far shorter than the thousands of hours required": a gap to what practice needs
    r"(?:far|much|well)\s+(?:shorter|smaller|fewer|less|lower|below)\b|"
    r"confound\w*|"
    r"fail\w*|only|small|few|scarc\w*|problem\w*|issue\w*|concern\w*)\b|"
    r"\b(?:may|might|could|does|do|did|is|are|was|were|ca)n[’']t\b|"
    rf"{_OUTRIGHT_ZH}|缺点|不能|不适|可能存在|存在(?:一些|的)?问题|问题在于|欠拟合|过拟合|"
    r"有待|尚未|并不|偏差|"
    r"较少|较低|挑战|困难|未来工作|未能",
    re.I,
)
#: Words that name a limitation in an admitted clause, and so say nothing of its topic.
_LIMITATION_WORD = re.compile(rf"{_LIMITATION.pattern}|问题", re.I)
#: Admissions joined in one clause: "that A, and that B", "A; B", "A，并且B".
_ADMISSIONS_JOINED = re.compile(
    r",?\s+and\s+(?:also\s+)?that\s+|;\s+|[；;]|[，,]?并且|[，,]?以及"
    # "cannot prove a cause, partly because activity was measured in one week": the reason is
    # admitted as well, in its own words
    r"|,\s+(?:(?:partly|largely|mainly|in\s+part)\s+)?because\s+",
    re.I,
)
#: The title of a section that lists the work's limitations.
_LIMITATIONS_TITLE = re.compile(
    r"\b(?:limitations?|threats to validity|weaknesses)\b|局限|不足", re.I
)
#: A sentence that announces the limitations the next few sentences list: "Our conclusions are
#: limited in several ways.", "This study has three limitations."
_LEAD_IN = re.compile(
    r"\blimit\w* in (?:several|some|a few|a number of|two|three|four|other|many) ways\b|"
    r"\b(?:several|some|a few|a number of|two|three|four|other|important|main) "
    r"(?:limitations|weaknesses|caveats)\b|局限性?(?:如下|包括)",
    re.I,
)
#: How many sentences after a lead-in it covers.
_LISTED_AFTER = 4
#: An admission in a relative clause admits what the main clause says: "Most were students,
#: which the authors acknowledge limits generality".
_RELATIVE = re.compile(
    r",\s*(?:which|something|a point)\s+(?:the\s+)?(?:authors?|they|paper|study)\s+"
    r"(?:also\s+|themselves\s+)?$",
    re.I,
)
#: An admitted clause that refers back to what the sentence said before it: "such differences".
_REFERS_BACK = re.compile(r"\b(?:such|this|these|those|that|it|which)\b", re.I)
#: A sentence that gives the admission's reason first: "Because claims data lack …, …".
_REASON_FIRST = re.compile(r"\s*(?:because|since|as|given that)\b", re.I)
#: Words of admitting, not of what is admitted.
_FRAME = re.compile(r"acknowledg|conced|admit|recogni|note|point|mention", re.I)
#: Share of the admitted clause's content words a limitation sentence must hold (two at least).
ADMITTED_SHARE = 0.25
#: Quantifiers and comparisons say how much or which, not what is admitted: "all the nuances"
#: and "all l sources" share no topic.
_GENERIC = frozenset(
    "all any each every some many most more less other others different same such various "
    "several".split()
)


#: Stems this long are one word when one begins the other and is at most two letters longer:
#: "evaluat" (evaluated) and "evalu" (evaluation); "data" and "dataset" are not, nor "compar"
#: and "comparison".
_STEM_PREFIX = 5


def _shared(wanted: set[str], words: set[str]) -> int:
    """How many of the wanted words the sentence holds, a long stem as its word."""
    return sum(w in words or any(_one_word(w, o) for o in words) for w in wanted)


def _one_word(a: str, b: str) -> bool:
    short, long = sorted((a, b), key=len)
    return len(short) >= _STEM_PREFIX and len(long) - len(short) <= 2 and long.startswith(short)


@dataclass(frozen=True)
class Unadmitted:
    """A limitation the claim says the authors admit, which no paper sentence states."""

    admitted: str

    def explain(self) -> str:
        """``The paper does not state this as a limitation of its work: “…”``."""
        said = excerpt(self.admitted)
        return f"The paper does not state this as a limitation of its work: “{said}”"


def admitted_clause(claim: str) -> str | None:
    """What the claim says the authors admit, or None when it reports no admission."""
    match = _ADMITS.search(claim)
    if match is None:
        match = _REPORTS.search(claim)
        if match is not None and not _NAMED_LIMITATION.search(claim, match.end()):
            match = None
    if match is None or _THANKS.search(claim):
        return None
    relative = _RELATIVE.search(claim, 0, match.start())
    lead = claim[: relative.start()] + " " if relative else ""
    return (lead + claim[match.end() :]).strip() or None


class Admissions:
    """Checks admitted limitations against the paper's sentences that state limitations."""

    def __init__(
        self, sentences: Sequence[str], words: Sequence[set[str]], sections: Sequence[str] = ()
    ) -> None:
        """Index the paper's limitations.

        ``words`` are the ``content_words`` of ``sentences``, ``sections`` their section titles.
        """
        listed = {
            i + step
            for i, s in enumerate(sentences)
            if _LEAD_IN.search(s)
            for step in range(1, _LISTED_AFTER + 1)
            if i + step < len(sentences) and (not sections or sections[i + step] == sections[i])
        }
        self.limiting = [
            w
            for i, (s, w) in enumerate(zip(sentences, words, strict=True))
            if i in listed or _LIMITATION.search(s)
        ]
        # A section of limitations states them over several sentences, each in its own words.
        self.section: set[str] = set().union(
            *(w for w, t in zip(words, sections, strict=False) if _LIMITATIONS_TITLE.search(t))
        )

    def check(self, claim: str, evidence: Sequence[str], sentence: str = "") -> Unadmitted | None:
        """The admitted limitation of ``claim`` that no paper sentence states, if any.

        A limitation sentence, among the claim's evidence or elsewhere in the paper, needs
        ``ADMITTED_SHARE`` of the admitted words and two at least. Each of several admissions
        ("that A, and that B") is looked up alone. ``claim`` may be a part of ``sentence``,
        whose words before the admission are the admission's too when it refers back to them
        ("Users were better educated, and the authors acknowledge that such differences …") or
        gives its reason ("Because claims data lack bone density, the authors concede …").
        """
        clause = admitted_clause(claim)
        if clause is None:
            return None
        whole = sentence or claim
        lead = whole[: whole.find(clause)] if clause in whole else ""
        if not (_REFERS_BACK.search(clause) or _REASON_FIRST.match(whole)):
            lead = ""
        return self._check_clause(
            clause, evidence, {w for w in content_words(lead) if not _FRAME.match(w)}
        )

    def check_translation(
        self, original: str, translated: str, evidence: Sequence[str]
    ) -> Unadmitted | None:
        """``check`` of a claim read through its translation into the paper's language.

        A translation may keep what is admitted and drop "the authors admit" or "point out";
        when the original reports an admission, such a translation is the admitted clause whole.
        """
        clause = admitted_clause(translated)
        if clause is None and admitted_clause(original) is not None:
            clause = translated
        return None if clause is None else self._check_clause(clause, evidence, set())

    def _check_clause(
        self, clause: str, evidence: Sequence[str], lead: set[str]
    ) -> Unadmitted | None:
        """The part of an admitted ``clause`` that no paper sentence states, if any."""
        for part in _ADMISSIONS_JOINED.split(clause):
            if self._unstated(part, evidence, lead):
                return Unadmitted(part.strip())
        return None

    def _unstated(self, admitted: str, evidence: Sequence[str], lead: set[str]) -> bool:
        wanted = content_words(_LIMITATION_WORD.sub(" ", admitted)) - _GENERIC
        if len(wanted) < 2:
            return False
        need = max(2.0, ADMITTED_SHARE * len(wanted))
        # The evidence may hold table rows and neighbours that are not among the paper's sentences.
        limiting = [content_words(e) for e in evidence if _LIMITATION.search(e)]
        return not any(
            _shared(wanted | lead, words) >= need
            for words in [*limiting, *self.limiting, self.section]
        )
