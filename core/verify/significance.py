"""An effect the paper estimates but finds not statistically significant, stated as found.

Reports of a study turn an estimate whose interval spans no effect into a finding: "full-service
restaurants added jobs" of "among full-service restaurants the estimate was 0.6% (SE 1.7,
p = 0.73)", "among boys, use was significantly associated with depression" of "0.46 (95% CI 0.20
to 0.72) among girls and 0.12 (95% CI -0.14 to 0.38) among boys". The paper's estimates are read
once: each value with its bracketed p-value or 95% interval, whether that excludes no effect
(0, or 1 for a ratio), and the words of what it estimates. A claim that asserts an effect is
read against the estimates that are most about its words (and of its group, when it names one);
when those are all not significant, the claim states what the paper did not find.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal

from core.text.normalize import INTERVAL, canonical_number, extract_numbers, interval_bounds
from core.text.proportions import Proportion, proportions
from core.text.quotes import excerpt
from core.text.words import (
    COMPARED,
    compared_dimensions,
    conflicting_groups,
    content_words,
    fact_words,
    held,
    hyphen_parts,
    names_group,
    same_group,
    stem,
)
from core.types import PaperSentence
from core.verify.name_binding import specific_number

#: "The primary outcome was the composite of …": what an estimate of it is about.
_DEFINED_OUTCOME = re.compile(
    r"\b(?:the\s+)?(?P<rank>primary|secondary|main)\s+(?:outcome|end-?point)\s+(?:was|is|were)\s+"
    r"(?:defined\s+as\s+)?(?P<what>[^.;()]{5,160})",
    re.I,
)
_NAMED_OUTCOME = re.compile(r"\b(?P<rank>primary|secondary|main)\s+(?:outcome|end-?point)\b", re.I)
#: A bracketed statistic: its p-value or its interval says whether the estimate is significant.
_ASIDE = re.compile(r"\((?P<body>[^()]*)\)")
#: A name inside a statistic's bracket: "Marlowe" of "(AUC 0.92 at Marlowe vs 0.89; p=0.21)".
_NAMED = re.compile(r"\b[A-Z][a-z]{2,}\b")
_P_VALUE = re.compile(r"\bp\s*(?P<op>[=<>≤≥])\s*(?P<value>0?\.\d+|1(?:\.0+)?)\b", re.I)
#: An estimate that is a ratio has no effect at 1, not at 0.
_RATIO = re.compile(
    r"\b(?:odds|hazard|risk|rate|incidence)\s+ratios?\b|\brelative risk\b"
    r"|\b(?:a?ORs?|a?HRs?|RRs?|IRRs?)\b"
)
#: A test of the model rather than of the effect: "(p for interaction=0.09)", "no evidence of
#: departure from linearity (p = 0.63)". Its p-value says nothing of the estimate before it.
_MODEL_TEST = re.compile(
    r"\b(?:interaction|heterogeneity|(?:non-?)?linearity|departure\s+from)\b[^;()]{0,30}$", re.I
)
#: Where one estimate's words end and the next one's begin.
_BOUNDARY = re.compile(r";|\bwhereas\b|\bwhile\b|\bbut\b", re.I)
#: Where a list's items part: a comma outside brackets.
_ITEM = re.compile(r",\s+(?:and\s+)?")
#: A group named right after an estimate's bracket is its own: "0.46 (…) among girls"; so is
#: what it is set against: "61% lower (…) than in open water".
_OWN_GROUP = re.compile(
    r"\s*(?:than(?:\s+(?:in|at|on|for|with))?|among|in|for)\s+[^,;()]{1,40}?"
    r"(?=\s*(?:[,;.]|\band\b|$))",
    re.I,
)
#: A sentence's subject, shared by all of its estimates, ends where a group or a value begins.
_HEAD_END = re.compile(r"\b(?:among|in|for)\b|\(|\d", re.I)
#: A claim that asserts an effect, a change or a difference.
_ASSERTS = re.compile(
    r"\b(?:increas\w*|decreas\w*|rose|rise[sn]?|fell|fall\w*|drop\w*|declin\w*|reduc\w*|"
    r"improv\w*|worsen\w*|lower\w*|higher|more|less|greater|fewer|gain\w*|lost|los[es]|added|"
    r"adds?|cut|cuts|boost\w*|rais\w*|significant(?:ly)?|associated|linked|predict\w*|"
    r"effects?|affect\w*|caus\w*|led|leads?)\b",
    re.I,
)
#: A claim that denies the effect, anywhere, says what the paper found ("no-take" denies nothing).
_NEGATED = re.compile(
    r"\b(?:no(?!-\w)|not|cannot|never|neither|nor|without|little|unchanged|null|insignificant|"
    r"non-?significant|indistinguishable)\b|n't"
    # "coral cover fell by a similar amount at both", "fell short of statistical significance"
    r"|\b(?:similar(?:ly)?|comparabl[ey]|alike|fell\s+short\s+of)\b"
    # "Weekend sleep stayed essentially the same"
    r"|\b(?:stayed|remained|was|were)\s+(?:\w+\s+)?(?:the\s+same|unaffected|stable|flat)\b"
    # "improved by essentially the same amount whether …", "much the same in both groups"
    r"|\bthe\s+same\s+(?:amount|extent|degree)\b|\bmuch\s+the\s+same\b",
    re.I,
)
#: A claim that puts the effect down to chance, or says the study could not have found it,
#: states no finding: "could plausibly be due to chance", "too small to reliably detect".
_CHANCE = re.compile(
    r"\b(?:due|down)\s+to\s+chance\b|\b(?:by|reflect\w*|explained\s+by)\s+chance\b"
    r"|\btoo\s+(?:small|few|short)\s+to\b|\bunder-?powered\b|\bnot\s+powered\b"
    # "but the confidence interval included zero": not significant, in the statistic's words
    r"|\binterval\s+(?:\w+\s+)?(?:included|includes|spanned|spans|crossed|crosses|contained)"
    r"\s+(?:zero|0|1|one|no\s+(?:effect|difference)|the\s+null)\b",
    re.I,
)
#: A bound on a count ("more than 15,000 admissions") is no difference.
_BOUND = re.compile(r"\b(?:more|less|fewer|greater)\s+than\s+(?:about\s+|around\s+)?(?=\d)", re.I)
#: A clause that hedges the effect says less than a finding.
_HEDGED = re.compile(r"\b(?:may|might|could|possibly|perhaps|suggest\w*|trend\w*|tended)\b", re.I)
#: A clause that says in words that its estimates are not significant is read as a null finding
#: (``direction.check_null_finding``), with its subject where the clause puts it.
_SAYS_SO = re.compile(
    r"\b(?:not|no)\b[^;]{0,40}?\bsignifican|\b(?:in|non-?)significan|\bdid\s+not\s+differ\b"
    # "FA had reached the control's strength (p = 0.79)": alike, in words
    r"|\b(?:reached|matched|caught up with|comparable to|similar to|indistinguishable from)\b"
    # "LC3-T reached 44.0 MPa (…)" reached a value, not another's
    r"(?!\s+(?:a\s+|an\s+|about\s+)?[-−+]?\d)",
    re.I,
)
#: Where a claim's clauses part.
_CLAIM_CLAUSE = re.compile(r"[,;]|\b(?:but|while|whereas|although|though)\b", re.I)
#: A claim that one group gained significantly more (or less) than another.
_DIFFERENCE_CLAIMED = re.compile(
    r"\bsignificantly\s+(?:\w+\s+)?(?:greater|larger|bigger|stronger|smaller|weaker|more|less|"
    r"higher|lower|better|worse)\b",
    re.I,
)
#: A difference claimed in plain words: "suffered more from … than men", "stronger in girls".
_PLAIN_DIFFERENCE = re.compile(
    r"\b(?:more|less|greater|larger|bigger|stronger|smaller|weaker|higher|lower|better|worse)\b",
    re.I,
)
#: A difference claimed as large: "considerably more susceptible", "much stronger in boys".
_MARKED = re.compile(
    r"\b(?:considerably|substantially|much|far|markedly|notably|especially|particularly)\s+"
    r"(?:more|less|greater|larger|bigger|stronger|smaller|weaker|higher|lower|better|worse)\b",
    re.I,
)
#: A difference said to be small: no claim that the groups differ.
_SOFTENED = re.compile(r"\b(?:somewhat|slightly|marginally|a little|numerically|looked)\b", re.I)
#: A test of whether an effect differs between groups, and its p-value: "(interaction p=0.17)",
#: "the season-by-buffer interaction was not significant (p=0.08)".
_INTERACTION = re.compile(r"\binteraction\b", re.I)
_INTERACTION_P = re.compile(
    # "no sex by condition interaction (p = 0.58)": its own bracket, not another estimate's
    r"\binteraction\b[^;()]{0,60}?(?:\(\s*[^;()]{0,30}?)?\bp\s*(?P<op>[=<>≤≥])\s*"
    r"(?P<value>0?\.\d+|1(?:\.0+)?)\b",
    re.I,
)
#: The same with the p first: "(p for interaction=0.41)", "p-interaction = 0.2".
_P_FOR_INTERACTION = re.compile(
    r"\bp[\s-]*(?:(?:for|of)\s+(?:the\s+)?)?interaction\s*(?P<op>[=<>≤≥])\s*"
    r"(?P<value>0?\.\d+|1(?:\.0+)?)\b",
    re.I,
)
#: A clause that opens by naming a gap it has not stated yet: "the 4 g/L advantage", "this
#: difference", "the gap between them".
_ANAPHOR = re.compile(
    r"(?:the|this|that|these|both)\s+(?:[\w/.%-]+\s+){0,3}?"
    r"(?:differences?|advantages?|gaps?|increases?|decreases?|reductions?|gains?|improvements?|"
    r"benefits?|excess|shortfall)\b",
    re.I,
)
_SAME_GROUP = re.compile(
    r"(?:and\s+)?(?:in|among|for)\s+(?:this|that|these|those)\s+(?:sub)?(?:groups?|populations?|"
    r"participants|patients|people|women|men|children)\b|(?:and\s+)?among\s+them\b",
    re.I,
)
#: A signed difference opening a bracket, not an interval's level ("95% CI") or a p-value.
_LEAD = re.compile(
    r"\s*(?:difference\s*|diff\.?\s*)?(?P<value>[-−+]\d+(?:\.\d+)?)(?![\d.%])(?!\s*(?:to|-|–)\s*\d)"
)
_SHORT_OF = re.compile(r"\bfell\s+short\s+of\s+(?:statistical\s+)?significance\b", re.I)
_NOT_SIGNIFICANT = re.compile(r"\b(?:not|no)\b[^;]{0,30}?\bsignifican|\bnon-?significan", re.I)
_SEXED = re.compile(r"\b(?:female|male)\s+([A-Za-z][\w-]*)", re.I)
_SURE = frozenset({"significant", "statistical"})
_SIGNIFICANT = re.compile(r"\bsignificant", re.I)
#: The size a bracket follows, units aside: "a difference of 2.1 Mg C ha⁻¹ (95% CI …)".
_SIZE_BEFORE = re.compile(r"(?P<value>\d[\d,]*(?:\.\d+)?%?)\s*(?:[^\s\d(),;]+\s*){0,3}$")
#: A claim's number that names an estimate: not the interval's level, nor a year.
_LEVEL_OR_YEAR = re.compile(r"95%?|(?:19|20)\d\d")
#: Shared words beyond groups an estimate needs to be about the claim; one, when the claim and
#: the estimate name the same group ("among boys").
MIN_SHARED = 2


@dataclass(frozen=True)
class Estimate:
    """A value the paper estimates, whether it is significant, and the words of what it is."""

    text: str
    page: int
    words: frozenset[str]
    significant: bool
    #: Its own numbers: the size its bracket opens with or follows.
    values: frozenset[str] = frozenset()


@dataclass(frozen=True)
class NotSignificant:
    """A claim that states as found an effect the paper estimates as not significant."""

    text: str
    page: int

    @property
    def reason(self) -> str:
        """``not_significant``."""
        return "not_significant"

    def explain(self) -> str:
        """``The paper finds this not statistically significant (p. 2): “…”``."""
        return (
            f"The paper finds this not statistically significant (p. {self.page}): "
            f"“{excerpt(self.text)}”"
        )


def estimates(sentences: Sequence[PaperSentence]) -> list[Estimate]:
    """Every estimate of the paper with a p-value or an interval, read once per paper.

    An estimate of "the primary outcome" is also of what the paper defines it as ("the
    composite of ischaemic stroke, myocardial infarction or vascular death").
    """
    defined: dict[str, frozenset[str]] = {}
    for s in sentences:
        for m in _DEFINED_OUTCOME.finditer(s.text):
            defined.setdefault(m["rank"].casefold(), frozenset(fact_words(m["what"])))
    out = []
    for s in sentences:
        if s.section == "table":
            continue
        for e in _estimates_in(s):
            named = _NAMED_OUTCOME.search(e.text)
            extra = defined.get(named["rank"].casefold(), frozenset()) if named else frozenset()
            out.append(replace(e, words=e.words | extra) if extra else e)
    return out


def _estimates_in(sentence: PaperSentence) -> list[Estimate]:
    text = sentence.text
    asides = [
        (m, significant)
        for m in _ASIDE.finditer(text)
        if (significant := _verdict(m, text)) is not None
        and not _MODEL_TEST.search(text[max(0, m.start() - 60) : m.start()] + m.group("body"))
    ]
    if not asides:
        return []
    first = asides[0][0].start()
    head = text[:first]
    cut = _HEAD_END.search(head)
    head_words = fact_words(head[: cut.start()] if cut else head)
    found: list[Estimate] = []
    left = 0
    for aside, significant in asides:
        start = left
        boundaries = [
            b.end()
            for b in _BOUNDARY.finditer(text, left, aside.start())
            if not _inside(b.start(), asides)
        ]
        if boundaries:
            start = boundaries[-1]
        # one item of a list of values: "…, 281 ± 6 mV for NiFeMn (p=0.22)" is NiFeMn's
        items = [
            c.end()
            for c in _ITEM.finditer(text, start, aside.start())
            if not _inside(c.start(), asides)
            and re.search(r"\d", text[c.end() : aside.start()])
            and fact_words(_ASIDE.sub("", text[c.end() : aside.start()]))
            and re.search(r"\d", _ASIDE.sub("", text[start : c.start()]))
        ]
        if items:
            start = items[-1]
        own = _OWN_GROUP.match(text, aside.end())
        end = own.end() if own else aside.end()
        segment = text[start:end].strip(" ,;")
        left = end
        clause = _clause(text, aside.start(), asides)
        # "…, but the difference was not significant (p=0.09)": a clause calling its own
        # estimate not significant is read with what comes before it, which names what it is of;
        # one saying two things are alike ("reached the control's strength") is left to
        # ``direction.check_null_finding``
        said = _SAYS_SO.search(clause)
        if said and (significant or not _NOT_SIGNIFICANT.search(clause)):
            continue
        if said:
            segment = text[:end].strip(" ,;")
        words = content_words(_ASIDE.sub(" ", segment)) | head_words
        # what a bracket compares is named in it: "(AUC 0.92 at Marlowe vs 0.89 at St Brigid's)"
        words |= content_words(" ".join(_NAMED.findall(aside.group("body"))))
        # the estimate a bracket opens with is named by its size: "(-1.6, -3.3 to 0.1; p =
        # 0.07)" is the claim's "boosted its accuracy by about 1.6 points"
        lead = _LEAD.match(aside.group("body"))
        if lead is not None:
            words.add(canonical_number(abs(Decimal(lead["value"].replace("−", "-")))))
        # "…46 g/L for VLN-12, against 42 g/L for MOF-5; the 4 g/L advantage over MOF-5 was
        # significant": the gap a clause names is of the values before it.
        # "Among the 412 participants with prediabetes, …; in this group each 1,000 steps …":
        # the group a clause refers back to is named before it
        if start and (_ANAPHOR.match(segment) or _SAME_GROUP.match(segment)):
            words |= content_words(_ASIDE.sub(" ", text[:start]))
        found.append(
            Estimate(
                segment,
                sentence.page,
                # its numbers name it too: "54% at 5 mg/kg (p = 0.57)" against 15 mg/kg's
                frozenset(words),
                significant,
                _own_values(text[: aside.start()], aside.group("body")),
            )
        )
    return found


def _own_values(before: str, body: str) -> frozenset[str]:
    """The numbers that are an estimate's own: its size, not its bounds (which recur)."""
    own = ""
    lead = _LEAD.match(body)
    if lead is not None:
        own += f" {lead['value']}"
    size = _SIZE_BEFORE.search(before)
    if size is not None:
        own += f" {size['value']}"
    return frozenset(_keys(own))


def _keys(text: str) -> set[str]:
    """Canonical numbers, a percentage kept apart from the plain value ("0.9%" is not 0.9)."""
    return {m.canonical for m in extract_numbers(text, split_groups=True)}


def _claim_values(text: str) -> set[str]:
    """The claim's numbers specific enough to name what they are of."""
    return {k for k in _keys(text) if specific_number(k) and not _LEVEL_OR_YEAR.fullmatch(k)}


def _clause(text: str, offset: int, asides: Sequence[tuple[re.Match[str], bool]]) -> str:
    """The clause around ``offset``: semicolons inside a statistic's brackets end none."""
    ends = [
        (m.start(), m.end()) for m in _BOUNDARY.finditer(text) if not _inside(m.start(), asides)
    ]
    start = max((e for s, e in ends if s < offset), default=0)
    end = min((s for s, _ in ends if s > offset), default=len(text))
    return text[start:end]


def _inside(offset: int, asides: Sequence[tuple[re.Match[str], bool]]) -> bool:
    return any(a.start() <= offset < a.end() for a, _ in asides)


def _verdict(aside: re.Match[str], text: str) -> bool | None:
    """Whether a bracketed statistic makes its estimate significant; None when it says neither."""
    return bracket_significance(
        aside.group("body"), text[max(0, aside.start() - 80) : aside.start()]
    )


def p_value_says(text: str, start: int = 0) -> bool | None:
    """Whether the first p-value of ``text`` from ``start`` is significant; None without one."""
    return _p_says(_P_VALUE.search(text, start))


def _p_says(p: re.Match[str] | None) -> bool | None:
    """Significant when p ≤ 0.05 or below a bound of at most 0.05; "p > …" never is."""
    if p is None:
        return None
    return float(p.group("value")) <= 0.05 if p.group("op") in "<≤=" else False


def bracket_significance(body: str, before: str = "") -> bool | None:
    """Whether a bracket's statistic is significant: its p-value (≤ 0.05), else its interval.

    An interval is significant when it excludes no effect: 0, or 1 for a ratio (named in the
    bracket or in ``before``, the words ahead of it). None when the bracket says neither.
    """
    said = p_value_says(body)
    if said is not None:
        return said
    interval = INTERVAL.search(body)
    if interval is None:
        return None
    low, high = (float(bound) for bound in interval_bounds(interval))
    null = 1.0 if _RATIO.search(before + body) else 0.0
    return not low <= null <= high


def interactions(sentences: Sequence[PaperSentence]) -> list[Estimate]:
    """The paper's tests of whether an effect differs between groups, read once per paper."""
    found = []
    for sentence in sentences:
        text = sentence.text
        if sentence.section == "table" or not _INTERACTION.search(text):
            continue
        said = _p_says(_INTERACTION_P.search(text) or _P_FOR_INTERACTION.search(text))
        if said is not None:
            significant = said
        elif _NOT_SIGNIFICANT.search(text):
            significant = False
        else:
            continue
        words = frozenset(fact_words(_ASIDE.sub(" ", text)))
        found.append(Estimate(text, sentence.page, words, significant))
    return found


def check_subgroup_difference(
    claim: str, paper: Sequence[Estimate], sentence: str = ""
) -> NotSignificant | None:
    """A claim of an effect significantly larger in one group, which the paper's test denies.

    The test of that difference is the paper's interaction sentence sharing most of the claim's
    words (two at least): "significantly greater in autumn than in spring" against "larger in
    autumn … than in spring, but the season-by-buffer interaction was not significant (p=0.08)".
    A claim comparing two groups of one kind ("Women's memory suffered more than men's") shares
    what they differ by with a test of it ("no sex by condition interaction (p = 0.58)"), and
    then claims the difference without saying "significantly" unless it hedges it.
    """
    if not paper or _NEGATED.search(f"{claim} {sentence}"):
        return None
    words = {w for w in fact_words(claim) if not w.startswith("significant")}
    by = compared_dimensions(words)
    plain = (
        bool(by)
        and _PLAIN_DIFFERENCE.search(claim) is not None
        and not _HEDGED.search(claim)
        and not _SOFTENED.search(claim)
    )
    if not (_DIFFERENCE_CLAIMED.search(claim) or _MARKED.search(claim) or plain):
        return None
    # a word's stem is the word: "parent" of "parental asthma"
    scored = [
        (held(words, e.words) + (MIN_SHARED if by & hyphen_parts(e.words) else 0), e) for e in paper
    ]
    best = max(n for n, _ in scored)
    if best < MIN_SHARED:
        return None
    top = [e for n, e in scored if n == best]
    if any(e.significant for e in top):
        return None
    # a plain "more" is borne out by the groups' own estimates, where the test gives them
    if (
        plain
        and not _DIFFERENCE_CLAIMED.search(claim)
        and not _MARKED.search(claim)
        and names_group(top[0].words)
    ):
        return None
    return NotSignificant(top[0].text, top[0].page)


#: A claim that denies an effect: "did not significantly reduce", "left … unchanged", "much the
#: same", "no better than".
_DENIES = re.compile(
    r"\b(?:no(?!-\w)|not|n't|neither|nor|never|unchanged|same|similar|no better|no worse)\b|n't\b",
    re.I,
)
_EFFECT_WORD = re.compile(
    r"\b(?:significan\w*|differ\w*|effects?|chang\w*|unchanged|same|similar|associat\w*|"
    r"link\w*|reduc\w*|improv\w*|increas\w*|decreas\w*|lower\w*|rais\w*|better|worse|"
    r"affect\w*|benefit\w*|gain\w*)\b",
    re.I,
)


def confirmed_null(claim: str, paper: Sequence[Estimate]) -> Estimate | None:
    """The paper's estimate that bears out a claim denying an effect: it finds none either.

    The estimates most about the claim's words (as ``check_significance`` reads them) must all
    be not significant; a claim that denies what one of them finds is not borne out.
    """
    if not paper or not _DENIES.search(claim) or not _EFFECT_WORD.search(claim):
        return None
    top = _best_estimates(content_words(_DENIES.sub(" ", claim)), paper)
    if not top or any(e.significant for e in top):
        return None
    return top[0]


def concedes_chance(text: str) -> bool:
    """Whether ``text`` says its effect may be chance: "fell short of statistical significance"."""
    return bool(_NOT_SIGNIFICANT.search(text) or puts_down_to_chance(text))


def puts_down_to_chance(text: str) -> bool:
    """Whether ``text`` hedges an effect as chance ("could have arisen by chance").

    "The difference was not significant" states a test of its own, which this does not.
    """
    return bool(_CHANCE.search(text) or _SHORT_OF.search(text))


def check_significance(
    claim: str, paper: Sequence[Estimate], sentence: str = "", texts: Sequence[str] = ()
) -> NotSignificant | None:
    """The not-significant estimate a claim states as an effect, if the best match is one.

    ``claim`` may be one part of ``sentence``: a part stating an effect whose significance the
    sentence denies elsewhere ("…, but the difference was not significant") states no more.
    The claim's own numbers say which estimate it is of, over its words: a significant estimate
    of its size ("2.1 Mg C per hectare"), or a sentence of the paper (``texts``)
    stating its values and no estimate ("0.9% versus 0.4% of binder mass").
    """
    whole = f"{claim} {sentence}"
    if not paper or _NEGATED.search(whole) or _CHANCE.search(whole):
        return None
    # "…did show the effect, suggesting it works for some": the hedge is of the inference
    parts = [claim, *_CLAIM_CLAUSE.split(claim)] if _HEDGED.search(claim) else [claim]
    asserted = next(
        (p for p in parts if _ASSERTS.search(_BOUND.sub(" ", p)) and not _HEDGED.search(p)), None
    )
    if asserted is None:
        return None
    words = content_words(asserted) - _group_nouns(asserted)
    top = _best_estimates(words, paper)
    if not top or any(e.significant for e in top) or _outdone(asserted, words, top, paper):
        return None
    if _of_another_value(
        _claim_values(asserted), top, paper, texts, _SIGNIFICANT.search(claim) is not None
    ) or _shares_of_another(proportions(asserted), top, paper, texts):
        return None
    return NotSignificant(top[0].text, top[0].page)


def _shares_of_another(
    shares: Sequence[Proportion],
    top: Sequence[Estimate],
    paper: Sequence[Estimate],
    texts: Sequence[str],
) -> bool:
    """Whether a significant estimate's sentence holds more of the claim's shares than ``top``'s.

    "About nine in ten …, against fewer than eight in ten" is "191 (90.1%) and 166 (78.3%);
    difference 11.8 percentage points (…; p<0.001)", not "91.9% … and 85.1% (p=0.14)".
    """
    if not shares:
        return False

    def held(e: Estimate) -> int:
        sentence = next((t for t in texts if e.text in t), e.text)
        percents = [m.value for m in extract_numbers(sentence) if m.percent]
        return sum(1 for share in shares if any(share.covers(v) for v in percents))

    best = max(held(e) for e in top)
    return any(e.significant and held(e) > best for e in paper)


def _of_another_value(
    values: set[str],
    top: Sequence[Estimate],
    paper: Sequence[Estimate],
    texts: Sequence[str],
    claims_significance: bool,
) -> bool:
    """Whether the claim's numbers are another estimate's, or a plain statement's, not ``top``'s.

    A claim that calls its values significant is about their test, wherever they are stated.
    """
    if not values or any(values & e.values for e in top):
        return False
    # a whole number is as often a time point or a count ("at 12 months") as a size
    sizes = {v for v in values if "." in v or v.endswith("%")}
    if any(e.significant and sizes & e.values for e in paper):
        return True
    return (
        len(values) >= 2
        and not claims_significance
        and not any(values & _keys(e.text) for e in top)
        and any(values <= _keys(t) for t in texts)
    )


def _group_nouns(text: str) -> set[str]:
    """The noun a sex qualifies ("mice" of "female mice"): the group's, not the measure's."""
    return {stem(m.group(1).casefold()) for m in _SEXED.finditer(text)}


def _outdone(
    claim: str, words: set[str], top: Sequence[Estimate], paper: Sequence[Estimate]
) -> bool:
    """Whether a significant estimate says more of the claim's measure than the best of its group.

    "3.1 more shuttle-run laps (95% CI 1.4 to 4.8)" in "intervention schools" is the claim's
    "three more shuttle-run laps … than control schools", although only BMI's estimate names
    the control schools: a comparison's group words do not make another measure its estimate.
    A claim about one group ("among boys") is left to that group's estimates.
    """
    if COMPARED.search(claim) is None:
        return False

    def measure(e: Estimate) -> int:
        return sum(1 for w in words & e.words if not names_group([w]))

    best = max(measure(e) for e in top)
    return any(e.significant and measure(e) > best for e in paper)


def _best_estimates(words: set[str], paper: Sequence[Estimate]) -> list[Estimate]:
    """The estimates most about the words (and of their group, when they name one)."""
    grouped = names_group(words)
    candidates = [
        e
        for e in paper
        if not conflicting_groups(words, e.words) and (not grouped or same_group(words, e.words))
    ]
    # what the estimate is of, beyond whose it is: "female mice" alone is no lean mass; a
    # hyphened word's parts are words of it ("wildflower-margin fields"); "significant" says how
    # sure, not of what
    words = hyphen_parts(words) - _SURE
    shared = [
        ({w for w in words & hyphen_parts(e.words) if not names_group([w])}, e) for e in candidates
    ]
    shared = [(w, e) for w, e in shared if len(w) >= (1 if grouped else MIN_SHARED)]
    if not shared:
        return []
    # a word few estimates use says more of which one the claim means ("species" against
    # "clothianidin", which every estimate of the paper names)
    used = Counter(w for e in paper for w in hyphen_parts(e.words))
    scored = [(sum(1 / used[w] for w in ws), e) for ws, e in shared]
    best = max(s for s, _ in scored)
    return [e for s, e in scored if s >= best - 1e-9]
