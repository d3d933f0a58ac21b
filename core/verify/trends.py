"""Trends over a table's sizes: "GPT-4's accuracy drops as the input grows longer".

Benchmark papers print results by input length or model size ("1k 2k 4k 8k 16k"). A claim that
a row's values fall (or rise) as that size grows is checked against the row's values at the
smallest and the largest size, or at the two sizes the claim names ("from 2k to 8k"). The rows
are those the claim names by their labels; "all models" or "every model" means each row of the
table. One row whose values go the other way contradicts the claim. A denied trend ("does not
drop"), a hedged one ("mostly", "in general"), or a claim that names no row and no such
quantifier is not read: the values cannot settle it.

Model sizes are rows ("Vicuna-7B", "Vicuna-13B", or in words "Flan-T5-base", "Flan-T5-XL"): a
claim that larger models do better (or
worse) is read against each family of rows whose labels differ only by the size, smallest
against largest, in the columns the claim names or else every column they share. The families
are those the claim names, or every one for "larger models"; a family whose largest model
trails its smallest in every such column contradicts it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from core.text.normalize import size_value
from core.verify.comparison import Row, beats, in_named_table, lower_is_better, names_column
from core.verify.row_binding import named_rows

#: Values said to fall, or to rise, as the size grows.
_DOWN = re.compile(
    r"\b(?:drop(?:s|ped|ping)?|decreas(?:es?|ed|ing)|declin(?:es?|ed|ing)|fall(?:s|ing)?|fell|"
    r"degrad(?:es?|ed|ing)|deteriorat(?:es?|ed|ing)|shrink(?:s|ing)?|diminish(?:es|ed|ing)?|"
    r"goes down|went down|collapses?|collapsed)\b",
    re.I,
)
_UP = re.compile(
    r"\b(?:ris(?:es?|ing)|rose|increas(?:es?|ed|ing)|grows?|grew|growing|improv(?:es?|ed|ing)|"
    r"climbs?|climbed|goes up|went up)\b",
    re.I,
)
#: The size growing: "as the input grows", "with longer contexts", "at larger lengths".
_GROWING = re.compile(
    r"\b(?:longer|larger|bigger|more tokens|length(?:s)? (?:increases?|grows?)|as (?:the )?"
    r"(?:\w+ ){0,3}(?:increases?|grows?|gets longer|rises?))\b",
    re.I,
)
_EVERY = re.compile(
    r"\b(?:all|every|each)(?: of the)?(?: \w+)? (?:models?|systems?|methods?)\b", re.I
)
_HEDGE = re.compile(
    r"\b(?:not|n't|never|no longer|mostly|most|generally|in general|largely|almost|nearly|"
    r"tends? to|slightly)\b",
    re.I,
)
_SIZE_WORD = re.compile(r"(?<![\w.])\d+(?:\.\d+)?\s?[kKmMbB]\b|\b\d{1,3}(?:,\d{3})+\b")


@dataclass(frozen=True)
class TrendReversed:
    """A row whose values go the other way over the sizes the claim speaks of."""

    row: str
    first: tuple[str, Decimal]
    last: tuple[str, Decimal]
    page: int

    @property
    def reason(self) -> str:
        """``trend_reversed:GPT-4``."""
        return f"trend_reversed:{self.row}"

    def explain(self) -> str:
        """``The paper's table has 42.5 at 1k and 51.0 at 16k for GPT-4 (p. 2)``."""
        (a, x), (b, y) = self.first, self.last
        return f"The paper's table has {x} at {a} and {y} at {b} for {self.row} (p. {self.page})"


def check_trend(claim: str, rows: Sequence[Row]) -> TrendReversed | None:
    """The first row the claim speaks of whose values go against the trend it states, or None."""
    growing = _GROWING.search(claim)
    # A larger model is no longer input: that trend runs over rows (``check_scale``).
    if growing is None or _HEDGE.search(claim) or _SCALING.search(claim):
        return None
    # The size's own growth ("as the length increases") is not the values' direction.
    said = claim[: growing.start()] + claim[growing.end() :]
    down, up = _DOWN.search(said), _UP.search(said)
    if bool(down) == bool(up):
        return None
    sized = [r for r in in_named_table(rows, claim) if len(_sizes(r)) >= 3]
    if not sized:
        return None
    chosen = named_rows(sized, claim) or (sized if _EVERY.search(claim) else [])
    for row in chosen:
        sizes = _sizes(row)
        ends = _named_ends(claim, sizes) or (sizes[0], sizes[-1])
        (a, x), (b, y) = ((c, row.values[c]) for c in (ends[0][1], ends[1][1]))
        if (y > x) if down else (y < x):
            return TrendReversed(row.label, (a, x), (b, y), row.sentence.page)
    return None


def _sizes(row: Row) -> list[tuple[Decimal, str]]:
    """The row's columns that are sizes ("1k", "16k"), smallest first."""
    found = [(size_value(c), c) for c in row.values]
    return sorted((s, c) for s, c in found if s is not None)


def _named_ends(
    claim: str, sizes: Sequence[tuple[Decimal, str]]
) -> tuple[tuple[Decimal, str], tuple[Decimal, str]] | None:
    """The smallest and largest of the row's sizes the claim names, when it names two."""
    wanted = {size_value(m.group(0).replace(",", "")) for m in _SIZE_WORD.finditer(claim)}
    named = [s for s in sizes if s[0] in wanted]
    return (named[0], named[-1]) if len(named) >= 2 else None


#: The model growing: "larger models", "with model size", "scaling up", "more parameters".
_SCALING = re.compile(
    r"\b(?:(?:larger|bigger) (?:[\w\-]+ ){0,2}?(?:models?|variants?|versions?|LLMs?)|"
    r"model (?:size|scale)|"
    r"more parameters|(?:number of )?parameters? (?:grows?|increases?)|"
    r"scal(?:e|es|ed|ing) up (?:the )?(?:[\w\-]+ ){0,2}?(?:models?|LLMs?|size|parameters))\b",
    re.I,
)
_BETTER = re.compile(
    r"\b(?:better|higher|stronger|outperform(?:s|ed)?|beats?|gains?)\b|" + _UP.pattern, re.I
)
_WORSE = re.compile(
    r"\b(?:worse|lower|weaker|underperform(?:s|ed)?|hurts?)\b|" + _DOWN.pattern, re.I
)
#: A model's size in its label: "7B", "13b", "770M".
_PARAMS = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s?([bBmM])(?![\w])")
#: Sizes named by word, in order: "Flan-T5-base", "T5-large", "Flan-T5-XXL".
_SIZE_NAMES = {"small": 1, "base": 2, "large": 3, "xl": 4, "xxl": 5}
_SIZE_NAME = re.compile(r"(?<![\w])(" + "|".join(_SIZE_NAMES) + r")(?![\w])", re.I)


@dataclass(frozen=True)
class ScaleReversed:
    """A family whose largest model trails its smallest where the claim says larger does better."""

    small: str
    large: str
    column: str
    values: tuple[Decimal, Decimal]
    page: int
    larger_better: bool  # what the claim says

    @property
    def reason(self) -> str:
        """``scale_reversed:Vicuna-13B<Vicuna-7B``: the row claimed ahead is behind."""
        ahead, behind = (self.large, self.small) if self.larger_better else (self.small, self.large)
        return f"scale_reversed:{ahead}<{behind}"

    def explain(self) -> str:
        """``The paper's table has Acc 45.2 for Vicuna-7B and 40.1 for Vicuna-13B (p. 3)``."""
        x, y = self.values
        return (
            f"The paper's table has {self.column} {x} for {self.small} and {y} for "
            f"{self.large} (p. {self.page})"
        )


def check_scale(claim: str, rows: Sequence[Row]) -> ScaleReversed | None:
    """The first family of model sizes the claim speaks of that goes against it, or None."""
    scaling = _SCALING.search(claim)
    if scaling is None or _HEDGE.search(claim):
        return None
    said = claim[: scaling.start()] + claim[scaling.end() :]
    better, worse = _BETTER.search(said), _WORSE.search(said)
    if bool(better) == bool(worse):
        return None
    by_value = bool(re.search(r"\b(?:higher|lower)\b", said, re.I))
    families = _families(in_named_table(rows, claim))
    key = re.sub(r"[\W_]+", "", claim.casefold())
    named = [f for (words, _, _), f in families.items() if words.split()[0] in key]
    for family in named or list(families.values()):
        small, large = family[0][1], family[-1][1]
        shared = [c for c in small.values if c in large.values]
        columns = [c for c in shared if names_column(c, claim)] or shared
        lower = {c: lower_is_better(c, claim, by_value=by_value) for c in columns}
        behind = [
            beats(small, large, c, lower[c]) if better else beats(large, small, c, lower[c])
            for c in columns
        ]
        if columns and all(behind):
            column = columns[0]
            return ScaleReversed(
                small.label,
                large.label,
                column,
                (small.values[column], large.values[column]),
                small.sentence.page,
                larger_better=bool(better),
            )
    return None


def _params(match: re.Match[str]) -> Decimal | None:
    return size_value(match.group(1) + match.group(2))


def _size_name(match: re.Match[str]) -> Decimal | None:
    return Decimal(_SIZE_NAMES[match.group(1).casefold()])


def _families(rows: Sequence[Row]) -> dict[tuple[str, str, int], list[tuple[Decimal, Row]]]:
    """Rows whose labels differ only by a model size, smallest first.

    Keyed by the label's other words, the table, and how the size is written: sizes in
    parameters and sizes in words are two families, never compared.
    """
    found: dict[tuple[str, str, int], list[tuple[Decimal, Row]]] = {}
    for row in rows:
        for kind, (pattern, read) in enumerate(((_PARAMS, _params), (_SIZE_NAME, _size_name))):
            sizes = list(pattern.finditer(row.label))
            if len(sizes) != 1:
                continue
            size = read(sizes[0])
            stem = pattern.sub(" ", row.label)
            words = " ".join(re.sub(r"[\W_]+", " ", stem.casefold()).split())
            if size is not None and words:
                found.setdefault((words, row.table, kind), []).append((size, row))
                break
    return {
        key: sorted(members, key=lambda m: m[0])
        for key, members in found.items()
        if len({m[0] for m in members}) >= 2
    }
