"""Directions bound to their statement: the sentence stating a claim's fact must not reverse it.

A claim that turns the paper's "lower error" into "higher error", 降低 into 提高, or "a mature
project" into "an immature project" keeps nearly every word of the sentence it misstates, so it
finds close support in words and meaning. When the evidence sentence that states the claim's
fact (most of its other words) holds the opposite direction word and not the claim's own, the
claim reverses the paper. So does a claim that puts two compared names in the other order
with the same direction word ("Glove outperforms WWM-BERT" against "WWM-BERT has a beneficial
effect … compared to Glove").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from core.text.normalize import spelled_numbers
from core.text.quotes import excerpt
from core.text.words import (
    COMPARED,
    LIST_SEPARATOR,
    RANKS,
    content_words,
    fact_words,
    hyphen_parts,
    nearly_all,
    states_same_fact,
    stem,
    with_nouns,
)
from core.types import Evidence, PaperSentence
from core.verify.name_binding import holds_name, names

#: Opposite directions, each as (English forms, Chinese forms); a claim word and its opposite.
_PAIRS: tuple[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]], ...] = (
    (
        (
            "increase",
            "increases",
            "increased",
            "increasing",
            "extend",
            "extends",
            "extended",
            "prolong",
            "prolongs",
            "prolonged",
        ),
        ("增加", "增大"),
        (
            "decrease",
            "decreases",
            "decreased",
            "decreasing",
            "reduce",
            "reduces",
            "reduced",
            "reducing",
            "wane",
            "wanes",
            "waned",
            "waning",
        ),
        ("减少", "减小", "降低"),
    ),
    (
        ("higher", "raise", "raises", "raised", "raising", "boost", "boosts", "boosted"),
        ("更高", "较高"),
        ("lower", "lowers", "lowered", "lowering"),
        ("更低", "较低"),
    ),
    (
        ("improve", "improves", "improved", "improving", "beneficial"),
        ("改善", "提升", "提高"),
        (
            "worsen",
            "worsens",
            "worsened",
            "degrade",
            "degrades",
            "degraded",
            "hurt",
            "hurts",
            "harmful",
            "detrimental",
        ),
        ("恶化", "下降"),
    ),
    (("better",), ("更好",), ("worse",), ("更差",)),
    (("more",), ("更多",), ("fewer", "less"), ("更少",)),
    (("larger", "bigger", "greater"), ("更大",), ("smaller",), ("更小",)),
    (("faster",), ("更快",), ("slower",), ("更慢",)),
    (("longer", "longest"), ("更长",), ("shorter", "shortest"), ("更短",)),
    (
        ("rise", "rises", "rose", "risen"),
        ("上升",),
        (
            "fall",
            "falls",
            "fell",
            "fallen",
            "drop",
            "drops",
            "dropped",
            "decline",
            "declines",
            "declined",
            "declining",
        ),
        ("下降",),
    ),
    (("positive", "positively"), ("正相关",), ("negative", "negatively"), ("负相关",)),
    (("above",), ("高于",), ("below",), ("低于",)),
    (
        ("outperform", "outperforms", "outperformed", "outperforming"),
        ("优于",),
        ("underperform", "underperforms", "underperformed", "underperforming"),
        ("劣于",),
    ),
    (("high", "highest"), ("最高",), ("low", "lowest"), ("最低",)),
    (("best",), ("最好", "最佳"), ("worst",), ("最差",)),
    (("large", "largest"), ("最大",), ("small", "smallest"), ("最小",)),
    (("most",), (), ("least",), ()),
    (("many",), (), ("few",), ()),
    (("public", "publicly"), ("公开",), ("private", "privately"), ("私有",)),
    (
        ("include", "includes", "included", "including"),
        ("包括", "包含"),
        ("exclude", "excludes", "excluded", "excluding"),
        ("排除",),
    ),
    (
        ("strong", "stronger", "strongly", "strengthen", "strengthens", "strengthened"),
        ("更强",),
        (
            "weak",
            "weaker",
            "weakly",
            "weaken",
            "weakens",
            "weakened",
            "attenuate",
            "attenuates",
            "attenuated",
        ),
        ("更弱",),
    ),
    (("gain", "gains", "gained", "gaining"), (), ("lose", "loses", "lost", "losing"), ()),
    (("easy", "easier", "easily"), ("容易",), ("difficult", "difficulty"), ("困难",)),
    (("simple", "simpler"), ("简单",), ("complex", "complicated"), ("复杂",)),
    (
        ("success", "successful", "successfully", "succeeds", "succeeded"),
        ("成功",),
        ("failure", "failures", "unsuccessful"),
        ("失败",),
    ),
    (("superior",), (), ("inferior",), ()),
    (("maximum", "maximal"), ("最大化",), ("minimum", "minimal"), ("最小化",)),
    (("common",), ("常见",), ("rare",), ("罕见",)),
    ((), ("有效",), (), ("无效",)),
    (("accept", "accepts", "accepted"), ("接受",), ("reject", "rejects", "rejected"), ("拒绝",)),
)


def _pairs_led_by(*words: str) -> frozenset[int]:
    """The numbers (from 1) of the pairs whose first English form is one of ``words``."""
    return frozenset(
        i for i, (up, *_) in enumerate(_PAIRS, start=1) if up[:1] in {(w,) for w in words}
    )


_NAME = re.compile(r"(?<![A-Za-z0-9])[A-Z][A-Za-z0-9\-+]*")
_AFTER_THAN = re.compile(r"\bthan\s+(?:(?:in|for|among|at|on|the|those|that)\s+)*(\w+)", re.I)
_ORDERED = re.compile(rf"{_NAME.pattern}|(?<![\w.])\d+(?:\.\d+)?(?![\w.])")
#: Groups of a study a comparison may be written between.
_GROUP = re.compile(
    rf"\b(?:men|women|girls|boys|males|females|urban|rural|cities|city|countryside|"
    rf"spring|summer|autumn|winter|"
    rf"{'|'.join(RANKS)})\b",
    re.I,
)
#: A place written in other words: cities are urban, the countryside rural.
_PLACES = {"cities": "urban", "city": "urban", "countryside": "rural"}
#: Words about the paper rather than its fact ("the paper describes", "the authors state").
_FRAME = frozenset(
    "paper papers author authors study describe describes described state states stated say "
    "says said claim claims claimed report reports reported show shows showed shown note "
    "notes noted see sees saw seen too also".split()
)
#: A negating prefix on a word of five letters or more: "immature", "unsupervised", "non-linear".
_PREFIXES = ("un", "in", "im", "il", "ir", "dis", "non-", "non")
_PREFIX = re.compile(rf"(?:{'|'.join(_PREFIXES)})(?P<base>[a-z]{{5,}})")
_PREFIXED_WORD = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)?")
#: "no-show" and "not-for-profit" name a thing; they deny nothing.
_NEGATION = re.compile(
    r"\b(?:(?:not|no)(?!-[a-z])|never|nor|n't|without|cannot)\b|不|没有|未|并非", re.I
)
#: A word; a hyphened compound is one ("lower-secondary" holds no "lower")
_WORD = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)*(?:'t)?")


@dataclass(frozen=True)
class Reversed:
    """The sentence stating the claim's fact says the opposite direction."""

    claim_word: str
    paper_word: str
    text: str
    page: int

    @property
    def reason(self) -> str:
        """``direction_reversed:higher->lower``."""
        return f"direction_reversed:{self.claim_word}->{self.paper_word}"

    def explain(self) -> str:
        """``The paper says lower, not higher (p. 7): “…”``."""
        quoted = excerpt(self.text)
        return (
            f"The paper says {self.paper_word}, not {self.claim_word} (p. {self.page}): “{quoted}”"
        )


@dataclass(frozen=True)
class SwappedOrder:
    """The sentence comparing the claim's two names says it of them the other way round."""

    first: str
    second: str
    word: str
    text: str
    page: int

    @property
    def reason(self) -> str:
        """``comparison_swapped:Glove<WWM-BERT``: the claim's first name is the paper's second."""
        return f"comparison_swapped:{self.first}<{self.second}"

    def explain(self) -> str:
        """``The paper says it the other way round: WWM-BERT over Glove (“beneficial”, p. 8)``."""
        quoted = excerpt(self.text)
        return (
            f"The paper says it the other way round: {self.second} over {self.first} "
            f"(“{self.word}”, p. {self.page}): “{quoted}”"
        )


@dataclass(frozen=True)
class NegationDropped:
    """The clause stating the claim's fact negates it; the claim does not."""

    negation: str
    text: str
    page: int

    @property
    def reason(self) -> str:
        """``negation_dropped:not``."""
        return f"negation_dropped:{self.negation}"

    def explain(self) -> str:
        """``The paper says the opposite (“not”, p. 13): “…”``."""
        quoted = excerpt(self.text)
        return f"The paper says the opposite (“{self.negation}”, p. {self.page}): “{quoted}”"


@dataclass(frozen=True)
class NegationAdded:
    """The claim negates what the sentence restating it says without a negation."""

    negation: str
    text: str
    page: int

    @property
    def reason(self) -> str:
        """``negation_added:not``."""
        return f"negation_added:{self.negation}"

    def explain(self) -> str:
        """``The paper says it without “not” (p. 13): “…”``."""
        quoted = excerpt(self.text)
        return f"The paper says it without “{self.negation}” (p. {self.page}): “{quoted}”"


#: A claim that negates or warns in other words ("lacks", "avoid", "fails to", "warns", "keep
#: out of") may restate a negation.
_NEGATIVE = re.compile(
    r"\b(?:(?:not|no)(?!-[a-z])|never|nor|neither|none|nothing|without|cannot|unable|lacks?|"
    r"lacking|absent|"
    r"missing|avoid\w*|fail\w*|prohibit\w*|refrain\w*|prevent\w*|instead|rather|only|"
    r"hardly|barely|scarcely|rarely|seldom|little|few|against|free of|out of|away from|"
    r"exclud\w*|except|non-?significant\w*|insignificant\w*|"
    r"careful\w*|caution\w*|warn\w*|beware|risk\w*|danger\w*|bann?(?:ed|s)?|forb[ia]d\w*)\b|n't|"
    r"不|没|无|未|非|缺|避免|禁止|"
    r"小心|警告|谨慎",
    re.I,
)
#: Where a sentence's clauses part: a negation speaks for its own clause only. A negated
#: predicate joined by "and" is a clause of its own: "decreased from 27% to 19% in the CBT-I
#: group and did not change in the control group".
_AUXILIARY = r"(?:did|does|do|was|were|is|are|has|have|had|could|can|would|will)"
_CLAUSES = re.compile(
    r"[,;:，；：]|\b(?:but|although|though|whereas|while|which|because|and therefore)\b|但|"
    r"(?<![因从进])而"
    rf"|\band(?=\s+{_AUXILIARY}(?:\s+not|n't)\b)",
    re.I,
)
#: A group named by what it did not do ("those who did not use screens"), and one named by
#: what it did ("Students who used screens").
_WHO_NOT = re.compile(
    rf"\b(?:who|whom)\s+(?:{_AUXILIARY[3:-1]})(?:\s+not|n't)\s+(?P<verb>\w+)", re.I
)
_WHO = re.compile(r"\b(?:who|whom)\s+(?P<verb>\w+)", re.I)


#: A claim that things are alike, and a sentence finding no difference or change.
_ALIKE = re.compile(
    r"\b(?:similar|comparable|alike|the same|unchanged|equal|stable|indistinguishable|"
    r"on a par|level with)\b",
    re.I,
)
_NO_DIFFERENCE = re.compile(
    r"\b(?:not|n't)\s+(?:\w+\s+)?(?:differ|change|vary)|\bno\s+(?:\w+\s+)?(?:difference|change)",
    re.I,
)


def _denies_opposite(claim: str, clause: str) -> bool:
    """Whether a negated clause denies a change of level opposite to the claim's.

    "Cancer deaths were higher" against "aspirin did not reduce cancer incidence".
    """
    mine = {s > 0 for s in _directions(claim) if abs(s) in _LEVEL}
    theirs = {s > 0 for s in _directions(clause) if abs(s) in _LEVEL}
    return len(mine) == 1 and len(theirs) == 1 and mine != theirs


def _compared_group_left_out(text: str) -> str:
    """``text`` without a group it names by a negation, compared with one named by its verb.

    "Students who used screens … slept 24 minutes less than those who did not use screens"
    states no negated finding.
    """
    done = {m.group("verb")[:3].casefold() for m in _WHO.finditer(text)}
    return _WHO_NOT.sub(
        lambda m: " " if m.group("verb")[:3].casefold() in done else m.group(0), text
    )


#: A part of a whole: "one of the 23 labs", "21 of 23".
_PART_OF = re.compile(
    r"\b(?P<part>\d+|[a-z]+(?:-[a-z]+)?)\s+of\s+(?:the\s+|all\s+|these\s+)?(?P<whole>\d+)\b", re.I
)


def _other_part(claim: str, clause: str) -> bool:
    """Whether the claim and the clause count different parts of one whole."""
    mine, theirs = _parts(claim), _parts(clause)
    return any(w == whole and p != part for part, whole in mine for p, w in theirs)


def _parts(text: str) -> list[tuple[int, int]]:
    found = []
    for m in _PART_OF.finditer(text):
        part = m.group("part")
        if part.isdigit():
            found.append((int(part), int(m.group("whole"))))
        elif part.casefold() == "one":
            found.append((1, int(m.group("whole"))))
        elif spelled := spelled_numbers(part):
            found.append((int(spelled[0].value), int(m.group("whole"))))
    return found


_NEGATED_AND = re.compile(rf"\band(?=\s+{_AUXILIARY}(?:\s+not|n't)\b)", re.I)
#: A negated predicate right after a comma: the clauses before it are its subject.
_SUBJECT_THEN_NEGATED = re.compile(rf",\s*{_AUXILIARY}(?:\s+not|n't)\b", re.I)
_PREDICATE = re.compile(rf"\s*{_AUXILIARY}(?:\s+not|n't)\b", re.I)


def _dropped_negation(claim: str, words: set[str], ev: Evidence) -> NegationDropped | None:
    """The sentence's clause holding the claim's fact is negated, while the claim is not."""
    if _NEGATIVE.search(claim):
        return None
    if _ALIKE.search(claim) and _NO_DIFFERENCE.search(ev.text):
        return None  # "similar in spring and summer" says "did not differ" in other words
    clauses = _CLAUSES.split(_compared_group_left_out(ev.text))
    best = max(clauses, key=lambda c: len(words & fact_words(c, _DIRECTION_STEMS)))
    negation = _NEGATION.search(best)
    if negation is not None:
        if _other_part(claim, best):
            return None  # "one of the 23 labs found" against "21 of the 23 labs … not"
        if _denies_opposite(claim, best):
            return None  # "higher" against "did not reduce" agrees
        if negation.group(0).casefold() == "without" and not _governs(
            words, best[negation.end() :]
        ):
            return None  # "near field edges without a measurable yield gain": not the claim's
        # A predicate split off at "and" states its fact of the sentence's subject.
        whole = f"{clauses[0]} {best}" if _PREDICATE.match(best) else best
        stated = states_same_fact(words, fact_words(whole, _DIRECTION_STEMS))
        return NegationDropped(negation.group(0), ev.text, ev.page) if stated else None
    # The claim's words beyond the best clause may be those of a negated one, which states
    # the fact of the sentence's subject: "… and did not change in the control group". Three
    # of them at least, and half: a pair ("batch size") may be the negated clause's in passing.
    # A predicate without a subject of its own ("Step counts were recorded by the device and
    # were not self-reported") states its fact of the sentence's subject: one is enough.
    beyond = words - fact_words(best, _DIRECTION_STEMS)
    for clause in clauses:
        negation = _NEGATION.search(clause)
        held = len(beyond & fact_words(clause, _DIRECTION_STEMS))
        least = 1 if _PREDICATE.match(clause) else 3
        if negation is not None and held >= least and 2 * held >= len(beyond):
            if states_same_fact(words, fact_words(ev.text, _DIRECTION_STEMS)):
                return NegationDropped(negation.group(0), ev.text, ev.page)
            return None
    return None


#: Content words after "without" that it governs: "without a measurable yield gain".
_SCOPE_WORDS = 4


def _governs(words: set[str], after: str) -> bool:
    """Whether "without" before ``after`` denies something of the claim's words.

    "Without" denies the noun phrase after it: "increased predator numbers near field edges
    without a measurable yield gain" does not deny that predators were concentrated near the
    field edge. ("not" is left alone: the verb it denies is often the claim's in other words,
    "could not be identified" against "were the most common type found".)
    """
    scope: list[set[str]] = []
    for w in _WORD.findall(after):
        # "without a prior case the estimate was smaller": a new noun phrase or a verb ends it
        if scope and _PHRASE_END.fullmatch(w):
            break
        if f := fact_words(w, _DIRECTION_STEMS):
            scope.append(f)
    governed = set().union(*scope[:_SCOPE_WORDS])
    return not governed or bool(governed & words)


_PHRASE_END = re.compile(r"the|its|their|this|these|those|was|were|is|are|had|has|have|did", re.I)


def null_findings(sentences: Sequence[PaperSentence]) -> list[Evidence]:
    """The paper's sentences that find no effect of something, read once per paper.

    Retrieval ranks "Tea consumption showed no association" below the claim's own topic.
    """
    return [
        Evidence(s.page, s.text, s.bbox, 1.0, s.index)
        for s in sentences
        if any(_null(c) or _SIMILAR.search(c) for c in _null_clauses(s.text))
    ]


@dataclass(frozen=True)
class _Null:
    """A clause's finding of no effect: what it is of, where it holds, and its negation."""

    subject: str
    scope: str
    negation: str
    what: str = ""  # what it has no link with: "with the incidence of any specific cancer type"
    pair: bool = False  # the subject is two things compared: "between green space and eczema"
    changed: bool = False  # what follows is what it left unchanged: "did not change absence"


def _null(clause: str) -> _Null | None:
    """The finding of no effect a clause states, or None.

    "Tea consumption showed no association", "No association was observed for nitrogen
    dioxide"; its scope is where it holds: "did not differ between spring and summer samples".
    """
    # an aside names no subject: "Maximum lifespan (the oldest 10% of each group) was not …"
    clause = _ASIDE.sub("", clause)
    found = _NULL.search(clause) or _NULL_OF.search(clause)
    if found is None:
        return None
    groups = found.groupdict()
    negation = next(groups[g] for g in ("no", "not", "did", "un", "ns") if groups.get(g))
    scope = _SCOPE.match(clause, found.end())
    linked = _LINKED_WITH.match(clause, found.end())
    changed = None if scope or linked else _CHANGED.match(clause, found.end())
    what = linked.group("what") if linked else changed.group("what") if changed else ""
    return _Null(
        groups.get("subject") or groups["pair"],
        scope.group("scope") if scope else "",
        negation,
        what,
        pair=not groups.get("subject") or _EACH_OTHER.match(clause, found.end()) is not None,
        changed=changed is not None,
    )


#: What "did not change" left unchanged, right after it: "did not change depersonalisation".
_CHANGED = re.compile(r"(?<=change)\s+(?![a-z]+ly\b)(?P<what>[^,;.()]+)")


def _listed_after(text: str, clause: str, first: str) -> list[str]:
    """``first`` and the items of the list it opens, which run on past the clause's comma.

    "did not change depersonalisation, personal accomplishment, sickness absence or intention
    to leave" names four things.
    """
    at = text.find(clause)
    rest = text[at + len(clause) :] if at >= 0 else ""
    end = re.search(r"[;.()]", rest)
    listed = LIST_SEPARATOR.split(rest[: end.start() if end else None])
    return [first, *(p for p in listed if p.strip())]


#: "organic and mixed farms did not differ from each other": the subject is a pair.
_EACH_OTHER = re.compile(r"\s*(?:\w+\s+)?(?:from|with)\s+(?:each other|one another)\b", re.I)


#: Where a finding holds, after it ("between spring and summer samples", "in girls") or
#: before it ("Among higher-achieving students, there was no effect", "At 15 minutes, …").
#: "did not differ by country or gender" holds across countries and genders.
_SCOPE = re.compile(
    r"\s*(?:(?:significantly|statistically|meaningfully|appreciably|substantially)\s+)*"
    r"(?:between|among|in|for|across|by)\s+(?P<scope>[^,;.()]+)"
)
_LINKED_WITH = re.compile(r"\s*(?:with|to|on)\s+(?P<what>[^,;.()]+)")
_LEADING_SCOPE = re.compile(
    r"\s*(?P<kind>Among|In|For|At|After|During|Within)\s+"
    # a number's thousands separator or decimal point ends no scope: "Among the 2,963 patients"
    r"(?P<scope>(?:[^,;.()]|[,.](?=\d)){3,80}),"
)
#: A leading time point ("At 24 months, …") holds for a claim naming no time of its own.
_AT_TIME = frozenset({"At", "After", "During", "Within"})
_TIME_WORD = re.compile(r"(?:^|-)(?:minute|hour|day|week|month|year)s?$|^\d+(?:-\w+)?$")
#: Scopes that name no particular part of a study: "between groups", "in either sex".
_ANY_SCOPE = frozenset(
    "group groups arm arms condition conditions treatment treatments either both sex sexes "
    "all".split()
)


#: A place or group a finding is said to hold in: "in Dunmere", "among the Velmora clinics".
_NAMED_PART = re.compile(r"\b(?:in|among|within|at)\s+(?:the\s+)?$", re.I)


def _scoped(claim: str, name: str) -> bool:
    """Whether the claim names ``name`` as where its finding holds, not as what was given."""
    at = claim.find(name)
    return (
        at > 0
        and _NAMED_PART.search(claim[:at]) is not None
        and _ARM.match(claim, at + len(name)) is None
    )


#: A name that is an arm's or a condition's: "the Mediterranean diet group".
_ARM = re.compile(r"\s+(?:[\w-]+\s+)?(?:group|arm|diet|condition|cohort)\b", re.I)


def check_null_finding(
    claim: str, evidence: Sequence[Evidence], others: Sequence[Evidence] = ()
) -> NegationDropped | None:
    """An effect the claim states of what the paper finds had none.

    "Tea drinkers also had a lower risk of diabetes" against "Tea consumption showed no
    association": the claim holds every word of the null finding's subject (words of how it
    was measured aside: consumption, intake, use …), most words of where it holds if it says
    ("between spring and summer samples", "Among higher-achieving students, …"), and a word
    of an effect, and negates nothing itself. A part the claim names and the null finding
    does not ("the employment boost in Dunmere" against "employment did not differ"), which
    one of the claim's own passages (``others``) reports on, is that passage's to settle.
    """
    if not _EFFECT.search(claim) or _NEGATION.search(claim):
        return None
    found = _null_about(content_words(claim), evidence)
    if found is None:
        return None
    null, ev = found
    own = [n for n in names(claim) if _scoped(claim, n) and not holds_name(ev.text, n)]
    if own and any(all(holds_name(e.text, n) for n in own) for e in others):
        return None
    # "raised ROUGE-L …, yet MEDCON scores were essentially unchanged": the clause of the null
    # finding's subject says what the paper says
    subject = content_words(null.subject) - _MEASURES
    if any(
        _SAME.search(clause) and subject & content_words(clause)
        for clause in _CLAUSES.split(_YET.sub(",", claim))
    ):
        return None
    return NegationDropped(null.negation, ev.text, ev.page)


_YET = re.compile(r"\byet\b", re.I)


#: A claim that denies a change without a negation: "left … unchanged", "much the same".
_SAME = re.compile(
    r"\b(?:unchanged|unaffected|the same|similar|indistinguishable|comparable|alike)\b", re.I
)


def confirmed_null_finding(claim: str, evidence: Sequence[Evidence]) -> Evidence | None:
    """The paper's finding of no effect that a claim denying the effect restates."""
    if not (_NEGATION.search(claim) or _SAME.search(claim)):
        return None
    found = _null_about(content_words(claim), evidence, each=True)
    return found[1] if found is not None else None


_CONJUNCTS = re.compile(r",\s*(?:and\s+)?|\s+and\s+", re.I)
_WHOLE = re.compile(r"\b(?:overall|total|combined|all|any)\b", re.I)


def _null_clauses(text: str) -> list[str]:
    """The sentence's clauses, split outside brackets.

    A clause that opens with its verb takes the first clause's subject: "Median lifespan
    increased in males (…) but did not change significantly in female mice".
    """
    masked = _ASIDE.sub(lambda m: " " * len(m.group(0)), text)
    bounds, start = [], 0
    for joint in _CLAUSES.finditer(masked):
        bounds.append((start, joint.start()))
        start = joint.end()
    bounds.append((start, len(text)))
    clauses = [text[a:b] for a, b in bounds]
    head = _HEAD.match(clauses[0]) if clauses else None
    return [
        f"{head.group('head')} {c.strip()}" if head and _SUBJECTLESS.match(c) else c
        for c in clauses
    ]


def _null_about(
    words: set[str], evidence: Sequence[Evidence], *, each: bool = False
) -> tuple[_Null, Evidence] | None:
    """The first null finding whose subject, scope and link the words hold.

    The claim holds every word of the null finding's subject (words of how it was measured
    aside), most words of where it holds if it says, and half of what it has no link with.
    One of the things a subject lists will do ("reading" of "Maths anxiety and reading were
    unaffected"); without ``each`` (an effect claimed), not a whole ("overall employment and
    closure rates"), whose parts may still show one.
    """
    # "15-minute" holds "15 minutes": a hyphened word's parts, stemmed as singular or plural
    hyphened = {w for w in words if "-" in w}
    pieces = hyphen_parts(hyphened) - hyphened
    spelled = words | {stem(p + end) for p in pieces for end in ("", "s")}
    # "more specific" is of specificity
    nouns = with_nouns(words)
    for ev in evidence:
        leading = _LEADING_SCOPE.match(ev.text)
        for clause in _null_clauses(ev.text):
            null = _null(clause)
            if null is None:
                continue
            # "Reading and attendance did not differ": each of them did not; an effect claimed of
            # a part of a whole ("overall employment") may still be found for that part; what
            # the list is of goes with each ("trends in rents, turnover and evictions")
            subject = _listed_before(ev.text, clause, null.subject)
            parts = [subject] if null.pair else _each_of(subject)
            if len(parts) > 1 and not each:
                parts = [p for p in parts if not _WHOLE.search(p)]
            # numbers name the subject too: "5 mg/kg had no significant effect" is no 15 mg/kg
            subjects = [content_words(part) - _MEASURES for part in parts]
            scopes = [fact_words(null.scope) - _ANY_SCOPE, _leading_scope(leading, words)]
            held = all(2 * len(w & spelled) > len(w) for w in scopes if w)
            # what it has no link with, or left unchanged: half the words of it, or of one of
            # the things it lists ("diabetes risk", "cancer incidence")
            items = _listed_after(ev.text, clause, null.what) if null.changed else [null.what]
            whats = [what for item in items if (what := fact_words(item))]
            held = held and (not whats or any(2 * len(w & words) >= len(w) for w in whats))
            # one word of a long subject may go: "bottled water sales" names "Sales of untaxed
            # bottled water"
            if held and any(subject and nearly_all(subject, nouns, 4) for subject in subjects):
                return null, ev
    return None


def _listed_before(text: str, clause: str, subject: str) -> str:
    """The subject with the start of its list, which a comma parted from its clause.

    "Pre-policy trends in rents, turnover and evictions did not differ": the clause's subject
    is "turnover and evictions", the list's "Pre-policy trends in rents, turnover and …".
    """
    at = text.find(clause)
    before = text[:at] if at > 0 else ""
    if not clause.lstrip().startswith(subject) or not _LIST_START.fullmatch(before):
        return subject
    return f"{before.strip()} {subject}"


#: The start of a listed subject, up to a comma: "Pre-policy trends in rents,".
_LIST_START = re.compile(
    r"\s*(?!.*\b(?:was|were|is|are|did|had|has)\b)[^,;.]+?\s(?:in|of)\s+[^,;.]+,\s*", re.I
)


def _each_of(subject: str) -> list[str]:
    """The things a subject lists, each with what the list is of: "trends in turnover"."""
    head = _LIST_HEAD.match(subject)
    if head is None:
        return _CONJUNCTS.split(subject)
    return [f"{head.group(1)} {part}" for part in _CONJUNCTS.split(subject[head.end() :])]


#: What a listed subject's items are of: "Pre-policy trends in " of "… in rents, turnover and …".
_LIST_HEAD = re.compile(r"^(.+?\s(?:in|of))\s+(?=[^,]+(?:,|\s+and\s))", re.I)


def _leading_scope(leading: re.Match[str] | None, words: set[str]) -> set[str]:
    """The words of where a sentence's opening phrase puts its finding, for a claim of ``words``.

    "At 15 minutes, …" denies nothing of a claim about 30 minutes (its number counts), yet
    holds for one that names no time.
    """
    if leading is None:
        return set()
    if leading.group("kind") not in _AT_TIME:
        return fact_words(leading.group("scope")) - _ANY_SCOPE
    if not any(_TIME_WORD.search(w) for w in words):
        return set()
    return content_words(leading.group("scope"))


#: A finding of no effect and what it is of: "Tea consumption showed no association",
#: "Decaffeinated coffee was not associated with …", "Daytime fatigue did not differ",
#: "Maximum lifespan was not increased".
_NULL = re.compile(
    r"^\s*(?:[A-Z][a-z]+:\s*)?(?P<subject>(?:[\w/.-]+\s+){0,5}?[\w/.-]+)\s+"
    r"(?:(?:showed|shows|had|has)\s+(?P<no>no)\s+(?:\w+\s+)?(?:association|effect|link|"
    r"relationship|difference|trend|change)|(?:was|were|is|are)\s+(?P<not>not)\s+(?:\w+\s+)?"
    r"(?:associated|linked|related|increased|decreased|reduced|improved|changed|affected)|"
    r"(?:did|does|do)\s+(?P<did>not)\s+(?:differ|change)|"
    r"(?:was|were|is|are|remained|stayed)\s+(?P<un>unaffected|unchanged)|"
    # "… were higher but not significantly so": the clause after "but" takes the subject
    r"(?P<ns>not)\s+(?:statistically\s+)?significantly\s+so)\b",
)
_ASIDE = re.compile(r"\s*\([^()]*\)")
#: A clause that opens with its verb: its subject is the sentence's.
_SUBJECTLESS = re.compile(
    r"\s*(?:did|does|do|was|were|is|are|had|has|showed|remained)\s+(?:not|no|un\w+)\b"
    r"|\s*not\s+(?:statistically\s+)?significantly\s+so\b",
    re.I,
)
#: A sentence's subject: its first words, up to the verb.
_HEAD = re.compile(
    r"\s*(?P<head>[A-Z][\w/.-]*(?:\s+[\w/.-]+){0,4}?)\s+"
    r"(?:increased|decreased|rose|fell|improved|declined|dropped|was|were|did|had|showed)\b"
)
#: A finding of no effect followed by what it is of: "No association was observed for nitrogen
#: dioxide", "There was no significant difference in memory (p = 0.41)", "No difference in
#: cognitive performance on the Morris water maze was found", "No association was found
#: between green space and eczema" (both of the pair are its subject).
_NULL_OF = re.compile(
    r"\b(?P<no>[Nn]o)\s+(?:significant\s+|statistically significant\s+|clear\s+)?"
    r"(?:association|effect|difference|change|link|relationship|trend)s?\s+"
    r"(?:(?:was|were)\s+(?:observed|found|seen|detected)\s+)?(?:(?:in|for|of|on|with)\s+"
    r"(?P<subject>(?:[\w-]+\s+){0,2}?[\w-]+)"
    r"(?=\s*(?:[(,;.]|$|\b(?:or|and|on|was|were|after|between|among|in|across|when|at|by)\b))|"
    r"between\s+(?P<pair>(?:[\w-]+\s+){0,2}?[\w-]+\s+and\s+(?:[\w-]+\s+){0,2}?[\w-]+)"
    r"(?=\s*(?:[(,;.]|$)))",
)
#: Two groups found alike: "The association was similar in men and women", "did not differ
#: between boys and girls".
_SIMILAR = re.compile(
    r"\b(?:similar|comparable|alike|the same|did not differ|no (?:significant )?difference)\b"
    r"(?:\s+[\w-]+){0,4}?\s+(?:in|for|among|between|across)\s+(?:both\s+)?",
    re.I,
)
#: Words of how an exposure was measured, not what it is.
_MEASURES = frozenset(
    "consumption intake use exposure level score drink drinking mean median average".split()
)
#: A claim of an effect or an association.
_EFFECT = re.compile(
    r"\b(?:lower\w*|higher|reduc\w*|increas\w*|decreas\w*|improv\w*|associated|linked|"
    r"protect\w*|benefit\w*|risk|effects?|differ\w*|better|worse|ris(?:e|es|ing)|rose|"
    r"f[ae]ll\w*|drop\w*|soar\w*|surg\w*|jump\w*|plung\w*|plummet\w*|boost\w*|cut|"
    r"declin\w*|worsen\w*|rais\w*|gain\w*|significant(?:ly)?)\b",
    re.I,
)


@dataclass(frozen=True)
class DifferenceDenied:
    """The claim ranks two groups the paper finds alike."""

    first: str
    second: str
    text: str
    page: int

    @property
    def reason(self) -> str:
        """``difference_not_found:women,men``."""
        return f"difference_not_found:{self.first},{self.second}"

    def explain(self) -> str:
        """``The paper finds no difference between women and men (p. 2): “…”``."""
        quoted = excerpt(self.text)
        return (
            f"The paper finds no difference between {self.first} and {self.second} "
            f"(p. {self.page}): “{quoted}”"
        )


def check_similar_groups(
    claim: str, evidence: Sequence[Evidence], sentences: Sequence[PaperSentence]
) -> DifferenceDenied | None:
    """A claim that one group is ahead of another where the paper finds the two alike.

    "Women were at much greater risk than men" against "The association was similar in men
    and women"; a claim that negates nothing, and groups of a study only (sex, rank, place),
    whose comparison no sentence of the paper states either way.
    """
    if _NEGATION.search(claim):
        return None
    pair = _compared_pair(claim)
    if pair is None or not all(_GROUP.fullmatch(n) for n in pair[:2]):
        return None
    first, second, _ = pair
    if any(
        {first, second} == set(p[:2])
        for s in sentences
        for c in _CLAUSE_BREAK.split(s.text)
        if (p := _compared_pair(c)) is not None
    ):
        return None
    for ev in evidence:
        for clause in _CLAUSE_BREAK.split(ev.text):
            alike = _SIMILAR.search(clause)
            if alike is None:
                continue
            named = {n for n, _ in _compared_names(clause[alike.end() :])}
            if {first, second} <= named:
                return DifferenceDenied(first, second, ev.text, ev.page)
    return None


#: A bound holds no direction: "at least one adverse event" says nothing of "most commonly".
_BOUNDS = re.compile(r"\bat (?:least|most)\b", re.I)


def _directions(text: str) -> dict[int, str]:
    """Direction words of ``text``: +pair for a first form, -pair for its opposite."""
    found: dict[int, str] = {}
    words = {w.casefold() for w in _WORD.findall(_BOUNDS.sub(" ", text))}
    for i, (up, up_zh, down, down_zh) in enumerate(_PAIRS, start=1):
        for sign, english, chinese in ((i, up, up_zh), (-i, down, down_zh)):
            hit = next((w for w in english if w in words), None) or next(
                (w for w in chinese if w in text), None
            )
            if hit is not None:
                found[sign] = hit
    return found


#: Chinese words that hold 不 without negating: "different", "constantly", "not only", "many".
_NOT_NEGATING_ZH = re.compile(r"不同|不断|不仅|不少")


def may_read_direction(text: str) -> bool:
    """Whether ``text`` negates or holds a direction word, so these readings may act on it.

    A claim in another language than the paper's is translated only when they may (their cost).
    """
    negation = _NEGATION.search(_NOT_NEGATING_ZH.sub("", text))
    return negation is not None or bool(_directions(text))


def check_direction(
    claim: str, evidence: Sequence[Evidence]
) -> Reversed | SwappedOrder | NegationDropped | NegationAdded | None:
    """The reversed direction, when the sentence stating the claim's fact says the opposite.

    Only the first evidence sentence holding most of the claim's other words is read; a
    negation in the claim or in that sentence, or both directions in it, decides no direction.
    A negation in the clause of that sentence that alone holds most of the claim's words, where
    the claim negates nothing in any words ("can safely be kept in public version control"
    against "should be careful not to put data in public version control systems"), is dropped
    by the claim. A comparison of two names is also read against the first evidence clause
    naming both. A claim of several clauses ("X is built on Y, but an account is required")
    whose whole restates no sentence is read clause by clause too, each clause of three words
    or more on its own.
    """
    found = _reversal(claim, evidence)
    if found is not None:
        return found
    joined = _ADJECTIVES_JOINED.sub(r"\1 and ", claim)
    clauses = [c for c in _CLAUSE_BREAK.split(joined) if len(fact_words(c, _FRAME_STEMS)) >= 3]
    if len(clauses) < 2:
        return None
    return next((r for c in clauses if (r := _reversal(c, evidence, claim)) is not None), None)


def _reversal(
    claim: str, evidence: Sequence[Evidence], whole: str = ""
) -> Reversed | SwappedOrder | NegationDropped | NegationAdded | None:
    """The reading of ``check_direction`` on one claim or clause (of ``whole``)."""
    if _NEGATION.search(claim):
        added = _added_negation(claim, evidence)
        # a negation speaks for its own clause: the others may still reverse the paper, unless
        # they are its subject ("The lowest dose, 5 mg/kg, did not protect …")
        if _SUBJECT_THEN_NEGATED.search(claim):
            return added
        claim = " ".join(c for c in _CLAUSES.split(claim) if not _NEGATION.search(c))
        if added is not None or not _directions(claim):
            return added
    swapped = _swapped_order(claim, evidence)
    if swapped is not None:
        return swapped
    mine = _directions(claim)
    words = fact_words(claim, _DIRECTION_STEMS | _FRAME_STEMS) - _stems(_prefixed(claim))
    stating = [e for e in evidence if states_same_fact(words, fact_words(e.text, _DIRECTION_STEMS))]
    misplaced = next(
        (r for e in stating if (r := _misplaced(words, mine, _directions(e.text), e)) is not None),
        None,
    )
    if misplaced is not None:
        return misplaced
    for ev in stating:
        said = _directions(ev.text)
        theirs = _on_claims_scale(mine, said)
        opposite = {-sign: theirs[-sign] for sign in mine if -sign in theirs}
        if any(_NEGATION.search(_part_holding(ev.text, word)) for word in opposite.values()):
            return None  # "decreases" may say "does not increase" in the claim's own words
        if _NEGATION.search(ev.text) and not opposite:
            return _dropped_negation(claim, words, ev)
        flipped = _prefix_flip(claim, ev.text)
        if flipped is not None and _only_of_another(whole or claim, ev.text, *flipped):
            flipped = None
        if COMPARED.search(claim) and not _same_order(claim, ev.text):
            # the order decides a comparison's direction words, not a negating prefix
            return Reversed(*flipped, ev.text, ev.page) if flipped is not None else None
        for sign, word in mine.items():
            # a sentence of one direction says it of the fact it states
            if (
                -sign in theirs
                and sign not in theirs
                and (len(said) == 1 or _about(claim, word, ev.text, theirs[-sign]))
            ):
                return Reversed(word, theirs[-sign], ev.text, ev.page)
        heads = _opposite_heads(claim, ev.text)
        if heads is not None:
            return Reversed(*heads, ev.text, ev.page)
        return Reversed(*flipped, ev.text, ev.page) if flipped is not None else None
    return None


def _on_claims_scale(mine: dict[int, str], theirs: dict[int, str]) -> dict[int, str]:
    """The sentence's directions, a change of quantity read in the claim's pair of words.

    "Physical activity fell" against "increased by 9 minutes per day": rose and increased,
    fell and decreased are one change, when the sentence says a quantity went one way only.
    """
    quantity = [s for s in mine if abs(s) in _QUANTITY]
    if len(quantity) != 1 or quantity[0] in theirs or -quantity[0] in theirs:
        return theirs
    said = {s > 0 for s in theirs if abs(s) in _QUANTITY}
    if len(said) != 1:
        return theirs
    (up,) = said
    word = next(w for s, w in theirs.items() if abs(s) in _QUANTITY)
    return {**theirs, abs(quantity[0]) * (1 if up else -1): word}


#: Where a sentence stating two directions parts them: "improved … in the diet group and
#: declined … in the control group".
_DIRECTION_PARTS = re.compile(r"[,;:，；：]|\b(?:and|but|whereas|while)\b|但|而", re.I)


def _misplaced(
    words: set[str], mine: dict[int, str], theirs: dict[int, str], ev: Evidence
) -> Reversed | None:
    """The claim's direction said of what the sentence gives the opposite one.

    "Cognitive function declined in the Mediterranean diet group" against "The score improved
    … in the Mediterranean diet group and declined … in the control group": the part saying
    "improved" holds the claim's words that the part saying "declined" lacks, and the claim
    holds none of that part's own words. Changes of level are one scale here: what improved
    did not decline.
    """
    if len(mine) != 1:
        return None
    ((sign, word),) = mine.items()
    if sign not in theirs:
        return None
    level = abs(sign) in _LEVEL
    opposite = next(
        (
            w
            for s, w in theirs.items()
            if s == -sign or (level and abs(s) in _LEVEL and (s > 0) != (sign > 0))
        ),
        None,
    )
    if opposite is None:
        return None
    # of the parts saying the claim's word ("higher bird richness …, and higher soil
    # moisture"), the one most about the claim's words
    said = max(
        _parts_holding(ev.text, theirs[sign], _DIRECTION_PARTS),
        key=lambda part: len(words & fact_words(part, _DIRECTION_STEMS)),
    )
    other = _part_holding(ev.text, opposite, _DIRECTION_PARTS)
    # "did not reduce cancer incidence" says no opposite of "higher"
    if said == other or _NEGATION.search(other):
        return None
    said_words = fact_words(said, _DIRECTION_STEMS)
    other_words = fact_words(other, _DIRECTION_STEMS)
    if (words & other_words) - said_words and not words & (said_words - other_words):
        return Reversed(word, opposite, ev.text, ev.page)
    return None


#: Pairs that say a quantity went up or down: increased, higher, rose, gained.
_QUANTITY = _pairs_led_by("increase", "higher", "rise", "gain")
#: Pairs that say a level went up or down, whatever the word: increased, rose, improved.
_LEVEL = _QUANTITY | _pairs_led_by("improve", "better")


def _about(claim: str, mine: str, sentence: str, theirs: str) -> bool:
    """Whether the sentence's clause saying ``theirs`` holds the claim's clause saying ``mine``.

    All but a quarter of the claim clause's words: "the linear dataset is the lowest" against
    "The balanced dataset exhibits highest throughput …, but … does not improve as well as the
    linear dataset", whose clause saying "highest" lacks "linear", whom the claim speaks of.
    """
    # cut at turns only ("but", "while", ";", 但): a comma joins what a direction is about
    words = fact_words(_part_holding(claim, mine, _CLAUSE_BREAK), _DIRECTION_STEMS | _FRAME_STEMS)
    missing = words - fact_words(_part_holding(sentence, theirs, _CLAUSE_BREAK), _DIRECTION_STEMS)
    return len(missing) <= len(words) // 4


def _part_holding(text: str, word: str, parts: re.Pattern[str] | None = None) -> str:
    """The part of ``text`` holding ``word``, cut by ``parts`` (clauses; the whole text if none)."""
    return _parts_holding(text, word, parts)[0]


def _parts_holding(text: str, word: str, parts: re.Pattern[str] | None = None) -> list[str]:
    """Every part of ``text`` holding ``word``, cut by ``parts``; the whole text if none does."""
    folded = word.casefold()
    pieces = (parts or _CLAUSES).split(text)
    return [c for c in pieces if folded in c.casefold()] or [text]


#: A restatement: the sentence holds this share of the claim's words, negation aside.
_RESTATED = 0.8
#: A negation that limits rather than reverses: "not all", "not only", "not significantly".
_LIMITING = re.compile(
    r"\b(?:not|n't)\s+(?P<limit>all|every|each|always|only|just|merely|necessarily|entirely|"
    r"fully|completely|quite|yet|much|very|as|so|the only|any|significantly|substantially|"
    r"clearly|explicitly|directly)(?:\s+(?P<word>[\w\-]+))?|"
    r"\bno\s+(?:longer|more|less|matter)\b|\bnot\b[^,;]*\bbut\b",
    re.I,
)
#: Limits a sentence may state as such, so that the claim's negation of them reverses it:
#: "not very noisy" against "very noisy", "not all of them" against "all of them".
_STATED_LIMITS = frozenset(
    "all every each always necessarily entirely fully completely quite much very "
    "significantly substantially clearly explicitly directly".split()
)


#: A sentence that denies in any words: it may restate a negated claim.
_DENIAL = re.compile(
    r"(?<!-)\b(?:not|no|never|nor|neither|none|nothing|without|cannot|unable|lacks?|lacking|"
    r"absent|missing|fail\w*|hardly|barely|scarcely|rarely|seldom|only|instead|rather than|"
    r"ignor\w*|omit\w*|"
    r"overlook\w*|neglect\w*)\b|n't|"
    r"不|没|无|未|非|缺",
    re.I,
)


def _added_negation(claim: str, evidence: Sequence[Evidence]) -> NegationAdded | None:
    """The first sentence restating the claim (its words, its names) has no negation.

    "OpenQuestion is not unique in comparison since …" against "OpenQuestion is unique in
    comparison since …". Only a near restatement is read: a paraphrase may carry the negation
    in other words ("lacks", "only", "fails"), which the claim's words then do not find. A
    negation that limits ("not all", "not only", "not … but") or a comparison, whose negation
    may be the other order said otherwise, decides nothing; nor does "without", which says
    how or of whom more often than it denies ("rated without knowing the system", "people
    without a device were excluded").
    """
    negation = _NEGATION.search(claim)
    if negation is None or COMPARED.search(claim) or negation.group(0).casefold() == "without":
        return None
    limited = _LIMITING.search(claim)
    if limited is not None and _stated_limit(limited) is None:
        return None
    if len(_NEGATION.findall(claim)) > 1 or claim.rstrip().endswith("?"):
        return None
    # the clause the negation speaks for: "…, but not for n=7" restates nothing on its own
    negated = next(c for c in _CLAUSES.split(claim) if _NEGATION.search(c))
    # "financed by a community trust, not by the foundation that funded the research": the
    # contrasted thing's description is asserted of it, not denied.
    contrast = _CONTRASTED.match(negated)
    if contrast is not None:
        negated = contrast.group("thing")
    # the negation is no word of the fact: the sentence restating it has none ("不可以" for "可以")
    words = fact_words(_NEGATION.sub(" ", negated), _FRAME_STEMS)
    if len(words) == 2:
        # a short clause: the sentence restates it
        words = fact_words(_NEGATION.sub(" ", claim), _FRAME_STEMS)
    if len(words) < 3:
        return None
    for ev in evidence:
        theirs_words = fact_words(ev.text)
        if not states_same_fact(words, theirs_words):
            continue
        shared = words & theirs_words
        # a denial in a clause sharing none of the claim's words is another fact's own
        denying = any(_DENIAL.search(c) and words & fact_words(c) for c in _CLAUSES.split(ev.text))
        if len(shared) < _RESTATED * len(words) or denying:
            return None
        if _prefix_flip(claim, ev.text) is not None:
            return None  # "not insignificant", or "not supervised" for "unsupervised"
        limit = _stated_limit(limited) if limited is not None else None
        if limit is not None and not re.search(rf"\b{re.escape(limit)}\b", ev.text, re.I):
            return None  # "not very noisy" for "noisy": the sentence says neither
        theirs = _directions(ev.text)
        if any(-sign in theirs and sign not in theirs for sign in _directions(negated)):
            return None  # "does not decrease" for "increases"
        return NegationAdded(negation.group(0), ev.text, ev.page)
    return None


#: A clause that opens with "not" and names what the claim sets aside, up to its description.
_CONTRASTED = re.compile(
    r"\s*(?:and\s+|but\s+)?(?P<thing>not\b.*?)(?=\s+(?:that|which|who|whose)\b|$)", re.I | re.S
)


def _stated_limit(limited: re.Match[str]) -> str | None:
    """The limit and the word it limits ("very noisy"), when a sentence may state them so."""
    limit, word = limited.group("limit"), limited.group("word")
    if limit is None or word is None or limit.casefold() not in _STATED_LIMITS:
        return None
    return f"{limit} {word}"


def _opposite_heads(claim: str, sentence: str) -> tuple[str, str] | None:
    """(claim's, sentence's) direction word before the same word, the sentence lacking the claim's.

    "(highest MSE values)" against "(lowest MSE values)" in a sentence that also says "highest"
    of something else.
    """
    theirs = _headed(sentence)
    for (sign, head), word in _headed(claim).items():
        if (-sign, head) in theirs and (sign, head) not in theirs:
            return word, theirs[(-sign, head)]
    return None


def _headed(text: str) -> dict[tuple[int, str], str]:
    """(direction sign, the next word) of each English direction word, with the word."""
    tokens = [w.casefold() for w in _WORD.findall(_BOUNDS.sub(" ", text))]
    return {
        (_SIGNS[w], tokens[k + 1]): w
        for k, w in enumerate(tokens[:-1])
        if w in _SIGNS and tokens[k + 1] not in _FUNCTION
    }


#: English direction word → +pair or -pair, as ``_directions`` numbers them.
_SIGNS = {
    w: i * sign
    for i, (up, _, down, _) in enumerate(_PAIRS, start=1)
    for sign, forms in ((1, up), (-1, down))
    for w in forms
}


_FUNCTION = frozenset("the a an of in on for to and or than with by as at is are".split())


#: Where a sentence turns to another comparison: "…; although …", "…, but …".
#: "a small but significant drop": "but" joins two words of one noun, not two clauses.
_ADJECTIVES_JOINED = re.compile(r"\b((?:a|an|the)\s+[a-z]+)\s+but\b", re.I)
_CLAUSE_BREAK = re.compile(
    r"[;:；：]|\bbut\b|\balthough\b|\bwhereas\b|\bwhile\b|\bhowever\b|但是?|(?<![因从进])而|然而",
    re.I,
)


def _compared_pair(text: str) -> tuple[str, str, int] | None:
    """(first name, second name, direction sign) of a comparison written between two names."""
    if not COMPARED.search(text) and not re.search(r"outperform|underperform|优于|劣于", text):
        return None
    directions = _graded(text, _directions(text))
    if len(directions) != 1:
        return None
    ((sign, word),) = directions.items()
    sign = _MERIT.get(abs(sign), abs(sign)) * (1 if sign > 0 else -1)
    at = text.casefold().find(word.casefold())
    names = _compared_names(text)
    before = [n for n, i in names if i < at]
    after = [(n, i) for n, i in names if i > at]
    # "stronger in women than in men": both after the direction word, "than" between them.
    if len(after) >= 2 and COMPARED.search(text, after[0][1], after[1][1]):
        return after[0][0], after[1][0], sign
    if not before or not after:
        return None
    return before[-1], after[0][0], sign


def _compared_names(text: str) -> list[tuple[str, int]]:
    """The names a sentence may compare, each at its first place, and the groups it names.

    A study compares groups as often as a paper compares methods: "Girls used social media more
    than boys", "stronger in women than in men".
    """
    found: dict[str, int] = {}
    for match in sorted([*_NAME.finditer(text), *_GROUP.finditer(text)], key=lambda m: m.start()):
        name = match.group(0)
        if _GROUP.fullmatch(name):
            name = _PLACES.get(name.casefold(), name.casefold())
        elif _is_frame_name(name):
            continue
        found.setdefault(name, match.start())
    return list(found.items())


def _graded(text: str, directions: dict[int, str]) -> dict[int, str]:
    """A graded direction as one: "more strongly" is strong, "less strongly" its opposite."""
    more = next((s for s, w in directions.items() if w in ("more", "less", "fewer")), None)
    if more is None or len(directions) != 2:
        return directions
    ((sign, word),) = ((s, w) for s, w in directions.items() if s != more)
    if not re.search(rf"\b{directions[more]}\s+{word}\b", text, re.I):
        return directions
    return {sign if more > 0 else -sign: word}


#: Improves, better and outperforms all say the first name is ahead: one sign for the three.
_MERIT = dict.fromkeys(_pairs_led_by("improve", "better", "outperform"), 1)


def _is_frame_name(name: str) -> bool:
    """A capitalised word that opens a sentence or clause rather than naming a thing."""
    return name.casefold() in _OPENERS


_OPENERS = frozenset(
    "as given since because the this these that it its in on for with however although "
    "while when why how what which adding using our we they table figure".split()
)


def _swapped_order(claim: str, evidence: Sequence[Evidence]) -> Reversed | SwappedOrder | None:
    """A comparison that the first evidence clause naming both names states the other way."""
    mine = _compared_pair(claim)
    if mine is None:
        return _implied_swap(claim, evidence)
    first, second, sign = mine
    for ev in evidence:
        clauses = (c for part in _CLAUSE_BREAK.split(ev.text) for c in _NEGATED_AND.split(part))
        for clause in clauses:
            named = {n for n, _ in _compared_names(clause)}
            if first not in named or second not in named:
                continue
            if _NEGATION.search(clause):
                return None
            theirs = _compared_pair(clause)
            if theirs is None:
                return None
            word = next(iter(_graded(clause, _directions(clause)).values()))
            if theirs == (second, first, sign):
                return SwappedOrder(first, second, word, ev.text, ev.page)
            if theirs == (first, second, -sign):
                said = next(iter(_graded(claim, _directions(claim)).values()))
                return Reversed(said, word, ev.text, ev.page)
            return None
    return None


def _implied_swap(claim: str, evidence: Sequence[Evidence]) -> Reversed | SwappedOrder | None:
    """A comparison the claim makes of one group only, against the paper's of it and another.

    "The link was stronger among boys" against "The association was stronger in girls than in
    boys": the claim puts ahead the group the paper puts behind.
    """
    found = list(_GROUP.finditer(claim))
    groups = {_PLACES.get(g.group(0).casefold(), g.group(0).casefold()) for g in found}
    if COMPARED.search(claim) or len(groups) != 1:
        return None
    (group,) = groups
    # the direction word said of the group: the nearest before it
    before = claim[: found[0].start()].casefold()
    placed = [
        (before.rfind(w.casefold()), s, w)
        for s, w in _graded(claim, _directions(claim)).items()
        if w.casefold() in before
    ]
    if not placed:
        return None
    _, sign, word = max(placed)
    for ev in evidence:
        for clause in _CLAUSE_BREAK.split(ev.text):
            theirs = _compared_pair(clause)
            if theirs is None or group not in theirs[:2] or _NEGATION.search(clause):
                continue
            first, second, their_sign = theirs
            said = next(iter(_graded(clause, _directions(clause)).values()))
            if their_sign == sign and second == group:
                return SwappedOrder(group, first, said, ev.text, ev.page)
            if their_sign == -sign and first == group:
                return Reversed(word, said, ev.text, ev.page)
            return None
    return None


def _prefixed(text: str) -> set[str]:
    """Words of ``text`` with a negating prefix, and the same words without it."""
    out: set[str] = set()
    for word in _PREFIXED_WORD.findall(text):
        prefixed = _PREFIX.fullmatch(word.casefold())
        if prefixed is not None:
            out |= {word.casefold(), prefixed.group("base")}
    return out


def _stems(words: set[str]) -> set[str]:
    return {w for word in words for w in content_words(word)}


def _prefix_flip(claim: str, sentence: str) -> tuple[str, str] | None:
    """(claim's, sentence's) word where one is the other with a negating prefix.

    "immature" against "mature", "supervised" against "unsupervised"; the word must be at
    least five letters without its prefix ("unless" is no "less"), and the sentence must lack
    the claim's own word.
    """
    theirs = {w.casefold() for w in _PREFIXED_WORD.findall(sentence)}
    for word in dict.fromkeys(w.casefold() for w in _PREFIXED_WORD.findall(claim)):
        if word in theirs:
            continue
        prefixed = _PREFIX.fullmatch(word)
        if prefixed is not None and prefixed.group("base") in theirs:
            return word, prefixed.group("base")
        if len(word) >= 5:
            other = next((p + word for p in _PREFIXES if p + word in theirs), None)
            if other is not None:
                return word, other
        for a, b in (("ful", "less"), ("less", "ful")):
            if len(word) > 6 and word.endswith(a) and word[: -len(a)] + b in theirs:
                return word, word[: -len(a)] + b
    return None


#: Where a claim's clauses part when weighing what a word is said of ("…, while stuck-at,
#: spike and offset faults showed only small, non-significant differences").
_MAIN_CLAUSES = re.compile(r";|\b(?:but|while|whereas|although|though)\b", re.I)


def _only_of_another(claim: str, sentence: str, mine: str, theirs: str) -> bool:
    """Whether the sentence says ``theirs`` only of something the claim's ``mine`` is not of.

    "only the drift difference was significant" says the other differences were not: a claim
    that names drift in one clause and calls the stuck-at and spike differences non-significant
    in another agrees with it.
    """
    only = re.search(rf"\bonly\b(?P<what>[^,;()]{{1,60}}?)\b{re.escape(theirs)}\b", sentence, re.I)
    if only is None:
        return False
    clause = _part_holding(claim, mine, _MAIN_CLAUSES)
    return bool((fact_words(only["what"]) & fact_words(claim)) - fact_words(clause))


def _same_order(claim: str, sentence: str) -> bool:
    """Whether two or more names the claim compares come in the sentence's order too.

    Numbers order a comparison as names do: "aged 85 or older than … aged 65 to 74"; without
    either, the word after "than" does.
    """
    theirs = _ORDERED.findall(sentence)
    shared = [n for n in dict.fromkeys(_ORDERED.findall(claim)) if n in theirs]
    if len(shared) < 2:
        # no names: the same word after "than" ("… downstream … than upstream")
        mine, other = (_AFTER_THAN.search(t) for t in (claim, sentence))
        return bool(mine and other and mine.group(1).casefold() == other.group(1).casefold())
    return shared == sorted(shared, key=theirs.index)


#: Stems left out when comparing a claim's fact with a sentence's: directions and framing.
_DIRECTION_STEMS = _stems({w for up, _, down, _ in _PAIRS for w in (*up, *down)}) | {
    w for _, up, _, down in _PAIRS for w in (*up, *down)
}
_FRAME_STEMS = _stems(set(_FRAME))
