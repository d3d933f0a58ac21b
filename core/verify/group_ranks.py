"""A claim that one group had the highest (lowest …) value, read against the values of all groups.

"Undiagnosed hypertension was 71.4% in Hà Giang, 66.2% in Đắk Lắk, 53.3% in Cần Thơ and 49.2%
in Thái Bình": a claim that "Cần Thơ had the highest share of undiagnosed cases" keeps the
sentence's words and ranks the wrong group first. A claim "A had the highest (largest, lowest,
fewest …) Y", "Y was highest in A" or "the lowest Y was in A" is read against a paper sentence
that states Y and gives three or more groups a value of one kind each ("71.4% in Hà Giang"), or
that gives its range from one group to another ("ranged from 22.1% in Hà Giang to 31.8% in Thái
Bình": the first is the lowest, the second the highest). The claim's group must be one of the
sentence's groups in the sentence's own words. English only.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from core.text.long_forms import with_long_forms
from core.text.quotes import excerpt
from core.text.words import fact_words, held
from core.types import Evidence, PaperSentence
from core.verify.group_values import GENERIC, Given, given_values

_UP = r"highest|largest|greatest|biggest|most common|most frequent|most prevalent|most"
_DOWN = r"lowest|smallest|fewest|least common|least frequent|least prevalent|least"
_SUPERLATIVE = rf"(?:(?P<up>{_UP})|(?P<down>{_DOWN}))"
_HAS = (
    r"had|has|have|showed|shows|saw|sees|recorded|reported|achieved|produced|gave|delivered|"
    r"reached|posted|obtained|experienced|displayed|passed|attracted|made|yielded"
)
_IN = r"in|among|for|with|at|on|from"
_CLAIM = (
    # "Hà Giang had the highest prevalence", "Men saw the largest gains"
    re.compile(
        rf"^(?P<a>[^,;]+?)\s+(?:{_HAS})\s+the\s+{_SUPERLATIVE}\s+(?P<subject>[^,;.]+)", re.I
    ),
    # "Prevalence was highest in Thái Bình", "… with richness highest on mixed farms"
    re.compile(
        rf"^(?P<subject>[^,;]+?)\s+(?:(?:was|were|is|are|being)\s+)?(?:the\s+)?{_SUPERLATIVE}\s+"
        rf"(?:(?:{_IN})\s+)(?P<a>[^,;.]+)",
        re.I,
    ),
    # "The highest prevalence was (found) in Thái Bình"
    re.compile(
        rf"^the\s+{_SUPERLATIVE}\s+(?P<subject>[^,;]+?)\s+(?:was|were)\s+"
        rf"(?:(?:seen|found|recorded|observed|reported)\s+)?(?:{_IN})\s+(?P<a>[^,;.]+)",
        re.I,
    ),
    # "Visitation peaked in July": a time or place where the measure is highest
    re.compile(
        r"^(?P<subject>[^,;]+?)\s+(?:(?P<up>peaked)|(?P<down>bottomed\s+out))\s+"
        r"(?:in|at|on|during|among)\s+(?P<a>[^,;.]+)",
        re.I,
    ),
)
#: "most durable", "least stable": a quality, not an amount the values rank.
_QUALITY = re.compile(r"^(?:most|least)\s+\w+(?:ble|ive|ful|ous|ant|ent)\b", re.I)
_NEGATED = re.compile(r"\b(?:not|n't|never|no longer)\b", re.I)
#: "one of the highest", "the second highest", "joint highest": not first alone.
_NOT_FIRST = re.compile(
    rf"\b(?:one|some)\s+of\s+the\b|\bamong\s+the\s+(?:{_UP}|{_DOWN})\b"
    r"|\b(?:second|third|joint|equal)[\s-]",
    re.I,
)
#: Where a clause ends: a rank is read in each clause ("…, whereas SF passed the lowest charge").
_CLAUSES = re.compile(r"[,;]\s*|\s+(?:whereas|while|but)\s+", re.I)
#: A clause that only says what the rank is among: "Of the four cities, …".
_FRAME = re.compile(r"^(?:of|among|across|in)\s+(?:the|all|these|those)\b[^,;]*$", re.I)
_COVERS_ALL = re.compile(r"\b(?:at|in|on|for|across)\s+(?:all|every|each|both)\b", re.I)
_LEAD = re.compile(r"^(?:with|and|while|whereas|but)\s+", re.I)
#: Where the measure ranked ends and its condition begins: "strength | at all ages (…)".
_CONDITION = re.compile(
    r"\s+(?:at|in|on|for|among|across|during|after|over|under|within)\s+|\s*\(", re.I
)
#: "ranged from 22.1% in Hà Giang … to 31.8% in Thái Bình": the lowest and the highest.
_RANGE = re.compile(r"\b(?:rang(?:e|es|ed|ing)|var(?:y|ies|ied|ying))\s+from\s+", re.I)


@dataclass(frozen=True)
class GroupRankWrong:
    """The sentence gives another group a value beyond the one the claim ranks first."""

    claimed: str
    beyond: str
    values: tuple[str, str] | None
    highest: bool
    text: str
    page: int

    @property
    def reason(self) -> str:
        """``group_rank_wrong:Cần Thơ<Hà Giang``."""
        sign = "<" if self.highest else ">"
        return f"group_rank_wrong:{self.claimed}{sign}{self.beyond}"

    def explain(self) -> str:
        """``The paper gives 71.4% for Hà Giang, above 53.3% for Cần Thơ (p. 2): “…”``."""
        if self.values is None:
            first = "highest" if self.highest else "lowest"
            return (
                f"The paper ranks {self.beyond} first ({first}), not {self.claimed} "
                f"(p. {self.page}): “{excerpt(self.text)}”"
            )
        side = "above" if self.highest else "below"
        return (
            f"The paper gives {self.values[1]} for {self.beyond}, {side} {self.values[0]} for "
            f"{self.claimed} (p. {self.page}): “{excerpt(self.text)}”"
        )


def ranked_sentences(sentences: Sequence[PaperSentence]) -> list[Evidence]:
    """The paper's sentences that rank groups by value, read once per paper."""
    return [
        Evidence(s.page, s.text, s.bbox, 1.0, s.index)
        for s in sentences
        if s.section != "table" and _ranking(s.text) is not None
    ]


@dataclass(frozen=True)
class _Rank:
    """A clause that ranks one group first: "GGBS gave the lowest migration coefficient"."""

    group: str
    words: frozenset[str]
    highest: bool
    subject: frozenset[str]
    condition: frozenset[str]
    clause: str
    peak: bool = False  # "peaked in July": a time or place along the measure, not a group


def _ranks(text: str) -> list[_Rank]:
    """The ranks the clauses of ``text`` state, denied and hedged ones left out."""
    out = []
    for clause in _CLAUSES.split(text):
        clause = _LEAD.sub("", clause.strip())
        found = next((m for p in _CLAIM if (m := p.search(clause)) is not None), None)
        if found is None or _NEGATED.search(clause) or _NOT_FIRST.search(clause):
            continue
        word = found.group("up") or found.group("down")
        if _QUALITY.match(f"{word} {found.group('subject')}"):
            continue
        subject, *rest = _CONDITION.split(found.group("subject"), maxsplit=1)
        condition = rest[-1] if rest else ""
        words = frozenset(fact_words(found.group("a"), GENERIC))
        if words:
            out.append(
                _Rank(
                    found.group("a").strip(),
                    words,
                    found.group("up") is not None,
                    frozenset(fact_words(subject, GENERIC)),
                    frozenset(fact_words(condition, GENERIC)),
                    clause,
                    word.casefold().startswith(("peak", "bottom")),
                )
            )
    return out


def check_group_rank(
    claim: str, evidence: Sequence[Evidence], abbreviations: Mapping[str, str]
) -> GroupRankWrong | None:
    """The first sentence stating the claim's measure that ranks another group first."""
    ranks = [r for r in _ranks(claim) if r.subject]
    if not ranks:
        return None
    for ev in evidence:
        placed = _placed(ranks[0], ev.text, abbreviations, pairs=True)
        if placed is not None and placed[0] is not placed[1]:
            own, first = placed
            return GroupRankWrong(
                own.group,
                first.group,
                (own.written, first.written),
                ranks[0].highest,
                ev.text,
                ev.page,
            )
    return None


@dataclass(frozen=True)
class RankConfirmed:
    """The paper ranks the claim's group first too, by its values or in words."""

    group: str
    value: str | None
    highest: bool
    text: str
    page: int

    def explain(self) -> str:
        """``The paper gives 10.3 for Porto, the lowest of its groups (p. 1): “…”``."""
        first = "highest" if self.highest else "lowest"
        if self.value is None:
            return (
                f"The paper ranks {self.group} {first} too (p. {self.page}): “{excerpt(self.text)}”"
            )
        return (
            f"The paper gives {self.value} for {self.group}, the {first} of its groups "
            f"(p. {self.page}): “{excerpt(self.text)}”"
        )


def confirmed_rank(
    claim: str,
    evidence: Sequence[Evidence],
    stated: Sequence[StatedRank],
    abbreviations: Mapping[str, str],
) -> RankConfirmed | None:
    """The paper sentence that ranks the claim's group first, when the rank is all it says.

    "Of the four cities, Turin had the highest NO2 levels" against "Median NO2 ranged from 18.2
    µg/m³ in Porto to 41.6 µg/m³ in Turin", or against "Turin had the highest NO2". A claim
    with more to say than its rank is left to the other checks.
    """
    ranks = [r for r in _ranks(claim) if r.subject]
    if len(ranks) != 1:
        return None
    mine = ranks[0]
    rest = [c for c in _CLAUSES.split(claim) if c.strip() and mine.clause not in c]
    if any(not _FRAME.match(c.strip()) for c in rest):
        return None
    for ev in evidence:
        placed = _placed(mine, ev.text, abbreviations)
        if placed is not None and placed[0] is placed[1]:
            own = placed[0]
            return RankConfirmed(own.group, own.written, mine.highest, ev.text, ev.page)
    for other in stated:
        if _same_rank(mine, other.rank) and (
            _named(mine.group, abbreviations) & _named(other.rank.group, abbreviations)
        ):
            ev = other.evidence
            return RankConfirmed(other.rank.group, None, mine.highest, ev.text, ev.page)
    return None


def _placed(
    rank: _Rank, text: str, abbreviations: Mapping[str, str], *, pairs: bool = False
) -> tuple[Given, Given] | None:
    """The claim's group among the sentence's valued groups, and the group the values put first.

    None when the sentence does not rank the claim's measure or group, or ties them. With
    ``pairs``, two groups rank too: the claim's first of all is at least first of the two.
    """
    ranking = _ranking(text, pairs=pairs)
    if ranking is None:
        return None
    given, lowest, top = ranking
    stated = with_long_forms(fact_words(text[: given[0].start], GENERIC), abbreviations)
    if not held(rank.subject | rank.condition, stated):
        return None
    shared = frozenset.intersection(*(g.words for g in given))
    # a group named in full comes first: "upper-secondary" against "workers with
    # lower-secondary schooling", whose other words the later groups leave out
    mine = [g for g in given if g.words - shared <= rank.words]
    if len(mine) != 1:
        mine = [g for g in given if rank.words & (g.words - shared)]
    if len(mine) != 1:
        return None
    own = mine[0]
    if top is not None and lowest is not None:
        return own, top if rank.highest else lowest
    values = sorted(g.value for g in given)
    extreme = values[-1] if rank.highest else values[0]
    if values.count(extreme) > 1:
        return None
    return own, next(g for g in given if g.value == extreme)


@dataclass(frozen=True)
class StatedRank:
    """A paper sentence that says in words which group ranks first."""

    rank: _Rank
    evidence: Evidence


def stated_ranks(sentences: Sequence[PaperSentence]) -> list[StatedRank]:
    """The paper's sentences that rank a group first in words, read once per paper."""
    return [
        StatedRank(r, Evidence(s.page, s.text, s.bbox, 1.0, s.index))
        for s in sentences
        if s.section != "table"
        for r in _ranks(s.text)
        if r.subject
    ]


def check_stated_rank(
    claim: str, stated: Sequence[StatedRank], abbreviations: Mapping[str, str]
) -> GroupRankWrong | None:
    """A paper sentence ranking another group first on the claim's measure, in its conditions.

    "Metakaolin produced the highest 90-day strength" against "SF gave the highest strength at
    all ages". A group is the paper's whether named in full or by the abbreviation the paper
    defines for it ("silica fume (SF)"); a condition the paper names ("at 7 days") must be one
    the claim shares, unless it covers all ("at all ages").
    """
    for mine in _ranks(claim):
        for other in stated:
            paper = other.rank
            if not _same_rank(mine, paper):
                continue
            if _named(mine.group, abbreviations) & _named(paper.group, abbreviations):
                continue
            ev = other.evidence
            return GroupRankWrong(mine.group, paper.group, None, mine.highest, ev.text, ev.page)
    return None


def _same_rank(mine: _Rank, paper: _Rank) -> bool:
    """Whether the paper ranks the claim's measure, the same way, in a condition the claim holds."""
    measure = mine.subject | mine.condition
    if paper.highest != mine.highest or paper.peak != mine.peak or not paper.subject:
        return False
    if held(paper.subject, measure) < len(paper.subject):
        return False
    return not paper.condition or bool(
        paper.condition & measure or _COVERS_ALL.search(paper.clause)
    )


def _named(group: str, abbreviations: Mapping[str, str]) -> set[str]:
    """A group's words, with its abbreviation's long form or the abbreviation of its words."""
    return with_long_forms(fact_words(group, GENERIC), abbreviations)


def _shared_head(given: list[Given]) -> list[Given]:
    """Groups that share the last group's noun: "on conventional, organic and mixed farms"."""
    if len(given) < 2 or any(len(g.words) != 1 for g in given[:-1]):
        return given
    last = given[-1].group.split()
    if len(last) < 2:
        return given
    head = fact_words(last[-1], GENERIC)
    return [replace(g, words=g.words | head) for g in given[:-1]] + [given[-1]]


def _ranking(
    text: str, *, pairs: bool = False
) -> tuple[list[Given], Given | None, Given | None] | None:
    """The sentence's groups with values of one kind, and its lowest and highest when ranged.

    Three groups or more (two, with ``pairs``), or two that bound a range ("from … to …").
    """
    given = _shared_head(given_values(text))
    if len(given) < 2 or any(not g.words for g in given):
        return None
    ranged = _RANGE.search(text, 0, given[0].start + 1)
    if ranged is not None and text[ranged.end() : given[0].start].strip() == "":
        between = text[given[0].end : given[1].start]
        if given[0].percent == given[1].percent and re.fullmatch(
            r"\s*(?:\([^()]*\)\s*)?to\s+", between
        ):
            # a second range of another measure may follow ("and median PM2.5 from … to …")
            first = {g.words: g for g in reversed(given)}
            return [g for g in given if first[g.words] is g], given[0], given[1]
    if len({g.percent for g in given}) > 1 or len({g.words for g in given}) < len(given):
        return None
    if len(given) < (2 if pairs else 3):
        return None
    return given, None, None
