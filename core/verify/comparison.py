"""Comparisons checked against the values: "A outperforms B" where the paper's table says otherwise.

Only fires when it can be sure: the claim names two rows of one table (by their row labels),
and in no column the claim names (or, when it names none, no column the two rows share) is the
first row's value better than the second's, while in one it is worse. Rows under group labels
("symmetric FME", "asymmetric FME") are compared group by group, in the groups the claim names
or else in all of them, and every group must show the comparison reversed. A superlative ("X
achieves the best BLEU", "X has the lowest error") names one row and one column: another row of
the same table with a better value in that column contradicts it. Lower is better for errors,
losses, perplexity, time and ranks ("MedR"); higher otherwise. A row compared with every other
("X outperforms all other models on F1", "X beats the baselines") is contradicted by a row of
its table better in each column the claim names, or, when it names none, better in every
column the two share.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation

from core.text.normalize import rounding_tolerance, size_value
from core.text.words import content_words
from core.types import Paper, PaperSentence

_HAS = (
    r"(?:(?:is|are|was|were|has|have|had|achieve[sd]?|obtain(?:s|ed)?|show(?:s|ed)?|gets?|got|"
    r"yield(?:s|ed)?|perform(?:s|ed)?) )?"
    r"(?:a |an )?"
    # the gap may stand before the comparative: "is 1 BLEU point higher than", "performs 2% better"
    r"(?:(?:about |around |only |roughly )?\d[\d.,]*\s?%?(?: [\w\-@]+){0,3}? )?"
)
#: Words between the comparative and "than": "higher BLEU than", "higher precision, recall and
#: F1 than".
_GAP = r"(?:,? [\w\-]+){0,5}? than"
_BE = r"(?:is|are|was|were)"
_VERBS = {
    "better": (
        rf"outperform(?:s|ed)?|beats?|surpass(?:es|ed)?|exceed(?:s|ed)?|"
        rf"(?:perform(?:s|ed)?|works?|worked|does|do|did) better than|{_BE} superior to|"
        rf"{_BE} ahead of|improve[sd]?(?: [\w\-]+){{0,3}}? (?:up)?on|"
        rf"improve[sd]?(?: [\w\-]+){{0,3}}? over|{_HAS}(?:better|stronger){_GAP}"
    ),
    "worse": (
        rf"underperform(?:s|ed)?|(?:perform(?:s|ed)?|works?|worked|does|do|did) worse than|"
        rf"{_BE} inferior to|(?:lag(?:s|ged)?|falls?|fell) behind|trail(?:s|ed)?|"
        rf"{_HAS}(?:worse|weaker){_GAP}"
    ),
    "higher": rf"{_HAS}(?:higher|greater|larger|more){_GAP}",
    "lower": rf"{_HAS}(?:lower|smaller|fewer|less){_GAP}",
}
#: "More", "fewer" and "less" say of what only in the column they name ("more parameters").
_AMOUNT = re.compile(r"(?:\S+ )*?(?:more|fewer|less)\b", re.I)
_COMPARE = re.compile(
    r"(?P<a>.+?)\s+(?:" + "|".join(f"(?P<{k}>{v})" for k, v in _VERBS.items()) + r")\s+(?P<b>.+)",
    re.I,
)
#: Verbs that give a row its result: "X achieves the best", "Y is the second-best".
SCORE_VERBS = (
    r"achieve[sd]?|obtain(?:s|ed)?|reach(?:es|ed)?|has|have|had|gets?|got|"
    r"yield(?:s|ed)?|show(?:s|ed)?|gives?|gave|is|are|was|were|perform(?:s|ed)?"
)
_SUPERLATIVE = re.compile(
    rf"(?P<a>.+?)\s+(?:{SCORE_VERBS})\s+"
    r"(?:the\s+)?(?P<sup>best|highest|lowest|worst|top)\b(?P<rest>.*)",
    re.I,
)
#: The comparison is denied ("A does not outperform B", "A fails to reach the best"): the
#: table contradicts it when the comparison holds.
_DENIED = re.compile(
    r"\b(?:not|n't|never|no longer|fails? to|failed to|cannot)(?:\s+\w+){0,2}\s*$", re.I
)
#: "Not significantly better" speaks of a test, which the values cannot settle.
_SIGNIFICANT = re.compile(r"\bsignifican|\bstatistical", re.I)
#: "2 times better" is a ratio, not a time.
_LOWER_IS_BETTER = re.compile(
    r"error|loss|perplexity|\bppl\b|\bmse\b|\bwer\b|\bcer\b|latency|"
    r"(?<!\d )\b(?:run)?times?\b|"
    # a rank (1 is first), not a reciprocal rank (MRR) or the MR data set: "Mr", "MedR"
    r"\bmed(?:ian)?\s?r\b|(?-i:\bMr\b)|(?<!reciprocal )\brank\b",
    re.I,
)
#: The comparison's other side is every other row: "all other models", "the baselines".
_ALL_OTHERS = re.compile(
    r"^(?:(?:all|every|each|any)(?: of)?(?: the)? (?:other|remaining)\b|the (?:other|remaining)\b|"
    r"(?:all )?(?:the )?(?:\w+ )?baselines?\b)",
    re.I,
)
#: ... said of most of them only: no single row can contradict it.
_MOST = re.compile(r"\b(?:most|majority|mostly|generally|in general|almost|nearly|all but)\b", re.I)
_SUBORDINATE = re.compile(
    r"^\s*(?:although|though|even though|while|whereas|since|because|if|when|despite|as)\b[^,]*,",
    re.I,
)
#: The authors' own system, in a claim and in a row label.
_OURS_CLAIM = re.compile(
    r"\b(?:our|the proposed)\s+(?:\w+\s+)?(?:model|method|approach|system|framework)\b|\bours\b",
    re.I,
)
_OURS_LABEL = re.compile(r"\bours\b|\bour (?:model|method|approach|system)\b|\bproposed\b", re.I)
_BRACKETED = re.compile(r"\s*(?:\([^()]*\)|\[[^\[\]]*\])")
_CAPTION = re.compile(r"^((?:Table|Tab\.|表)\s*\d+)\s*[:.：]\s*\S")
#: A table row; a table whose caption gives no number has rows without the prefix, and is
#: named by its page.
_UNNUMBERED = "unnumbered table, p. "
_ROW = re.compile(
    r"^(?:(?P<table>(?:Table|Tab\.|表)\s*\d+): |(?!(?:Table|Tab\.|表)\s*\d+:))"
    r"(?P<label>(?:[^:;]|:(?! ))+): (?P<cells>.+)$"
)
#: A cell naming the size its row is set at: "Setting 16k", "Length 4k".
_SETTING = re.compile(r"^[A-Za-z][\w\s#-]*?\s(\d+(?:\.\d+)?[kKMB])$")
#: Column words printed short that are not the start of the word they stand for.
_SHORT_FORMS = {"avg": "average", "std": "standard", "pct": "percent"}
_VALUE = re.compile(r"^(?P<name>.*?)\s*(?P<value>[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)\s*%?$")


@dataclass(frozen=True)
class Row:
    """A table row read back from its evidence sentence."""

    table: str
    label: str
    values: dict[str, Decimal]
    sentence: PaperSentence
    #: The table's caption, when the paper prints one ("Table 2: Accuracy on RankSeg …").
    caption: str = ""
    #: The label without the group label its rows share ("GPT-4" of "Closed LLMs GPT-4").
    own: str = ""
    #: A size the row is set at, from a cell such as "Setting 16k".
    setting: str = ""


@dataclass(frozen=True)
class Contradiction:
    """The table says the opposite of the claim's comparison."""

    claimed_better: str
    claimed_worse: str
    column: str
    page: int
    values: tuple[Decimal, Decimal]
    #: The gap the claim states ("1.5" of "1.5 points higher") when the order holds but the
    #: table's gap is another.
    gap: str = ""

    @property
    def reason(self) -> str:
        """``comparison_reversed:LSTM<HTML`` or ``comparison_gap:1.5->3.3``."""
        if self.gap:
            actual = abs(self.values[0] - self.values[1])
            return f"comparison_gap:{self.gap}->{actual}"
        return f"comparison_reversed:{self.claimed_better}<{self.claimed_worse}"

    def explain(self) -> str:
        """``The paper's table has F1 71.2 for LSTM and 74.5 for HTML (p. 8)`` (and the gap)."""
        first, second = self.values
        told = (
            f"The paper's table has {self.column} {first} for {self.claimed_better} and "
            f"{second} for {self.claimed_worse} (p. {self.page})"
        )
        if not self.gap:
            return told
        return f"{told}: a gap of {abs(first - second)}, not {self.gap}"


def _key(text: str) -> str:
    return re.sub(r"[\W_]+", "", text.casefold())


def read_row(sentence: PaperSentence) -> Row | None:
    """Parse ``Table 2: HTML: n=3 0.401; n=7 0.302`` back into named values."""
    match = _ROW.match(sentence.text)
    # Without its table's number, a row shows itself by its cells ("a: 1; b: 2").
    if match is None or not (match.group("table") or "; " in match.group("cells")):
        return None
    values: dict[str, Decimal] = {}
    setting = ""
    for cell in match.group("cells").split("; "):
        value = _VALUE.match(cell.strip())
        if value and value.group("name"):
            try:
                values[value.group("name")] = Decimal(value.group("value").replace(",", ""))
            except InvalidOperation:
                continue
        elif not setting and (size := _SETTING.match(cell.strip())):
            setting = size.group(1)
    # Rows of an unnumbered table are told apart from other tables by their page only.
    table = match.group("table") or f"{_UNNUMBERED}{sentence.page}"
    return Row(table, match.group("label").strip(), values, sentence, setting=setting)


def table_rows(paper: Paper) -> list[Row]:
    """The rows of the paper's tables, read back from their ``table`` sentences, with captions."""
    captions: dict[str, str] = {}
    for sentence in paper.sentences:
        if sentence.section != "table" and (match := _CAPTION.match(sentence.text)):
            captions.setdefault(_table_key(match.group(1)), sentence.text)
    rows = _set_apart(
        [r for r in (read_row(s) for s in paper.sentences if s.section == "table") if r]
    )
    keys: dict[str, list[str]] = {}
    for r in rows:
        keys.setdefault(r.table, []).append(_key(r.label))
    return [
        replace(r, caption=_caption_of(r, captions), own=_own_label(rows, k, keys))
        for k, r in enumerate(rows)
    ]


def _set_apart(rows: list[Row]) -> list[Row]:
    """Rows of one table that share a label, told apart by the size each is set at.

    "PickBest: Setting 1k; #Cases 200" and "PickBest: Setting 16k; #Cases 100" become the rows
    "PickBest 1k" and "PickBest 16k". A label no other row of its table shares is left whole.
    """
    shared = Counter((r.table, r.label) for r in rows)
    return [
        replace(r, label=f"{r.label} {r.setting}")
        if shared[(r.table, r.label)] > 1 and r.setting
        else r
        for r in rows
    ]


def _own_label(rows: Sequence[Row], k: int, keys: dict[str, list[str]]) -> str:
    """Row ``k``'s label past the words it starts with alike with a row next to it.

    Not when another row of its table holds it: "cmp. CMOW" (a change) is not the row "CMOW/784".
    ``keys`` are the ``_key`` of every label, by table.
    """
    words = rows[k].label.split()
    shared = 0
    for j in (k - 1, k + 1):
        if 0 <= j < len(rows) and rows[j].table == rows[k].table:
            other = rows[j].label.split()
            n = 0
            while n < min(len(words), len(other)) - 1 and words[n] == other[n]:
                n += 1
            shared = max(shared, n)
    if not shared:
        return rows[k].label
    own = _key(" ".join(words[shared:]))
    # The row's own key holds its own label too: more than one holder means another row.
    held = sum(own in key for key in keys[rows[k].table]) > 1
    return rows[k].label if held else " ".join(words[shared:])


def _caption_of(row: Row, captions: dict[str, str]) -> str:
    if row.table.startswith(_UNNUMBERED):
        return ""
    return captions.get(_table_key(row.table), "")


def _table_key(name: str) -> str:
    return re.sub(r"\D", "", name)


@functools.lru_cache(maxsize=1024)
def column_pattern(column: str) -> re.Pattern[str]:
    """A column name as the claim writes it: "n=3" is not inside "n=30", nor "3" inside "n=3".

    Nor "16k" inside the name "Vicuna-v1.5-16k".
    """
    before = r"(?<![A-Za-z0-9_=\-.])" if column[:1].isdigit() else r"(?<![A-Za-z0-9_=])"
    # "#Cases" is the number of cases: a claim says "cases".
    name = re.escape(column).replace(r"\#", r"(?:\#\s?)?")
    if (size := size_value(column)) is not None:
        # A length or size named in full: "16k" as "16,000" or "16000".
        name = f"(?:{name}|{format(int(size), ',').replace(',', ',?')})"
    return re.compile(rf"{before}{name}(?![A-Za-z0-9_]|\.\d|,\d)", re.I)


def column_spans(column: str, text: str) -> list[tuple[int, int]]:
    """Where ``text`` names the column: whole, else each of its words.

    "3-class Zero" is named in "the 3-class, zero-shot score".
    """
    spans = [m.span() for m in column_pattern(column).finditer(text)]
    words = column.split()
    if spans or len(words) < 2:
        return spans
    found = [[m.span() for m in _word_pattern(w).finditer(text)] for w in words]
    return sorted(s for f in found for s in f) if all(found) else []


@functools.lru_cache(maxsize=1024)
def _word_pattern(word: str) -> re.Pattern[str]:
    """A word of a column name as text writes it: "Macro-F1" as "macro F1", "Acc" as "accuracy".

    A word ending in three letters or more may be a word's start; "In-C" is not "in-context".
    """
    runs = re.findall(r"[A-Za-z]+|\d+", word)
    if not runs:
        return re.compile(re.escape(word))
    after = "" if runs[-1].isalpha() and len(runs[-1]) >= 3 else r"(?![A-Za-z0-9])"
    # A short form that is not the word's start: "Avg" is "average".
    parts = [
        f"(?:{r}|{_SHORT_FORMS[r.casefold()]})" if r.casefold() in _SHORT_FORMS else r for r in runs
    ]
    return re.compile(r"(?<![A-Za-z0-9])" + r"[\W_]*".join(parts) + after, re.I)


def names_column(column: str, text: str) -> bool:
    """Whether ``text`` names the column by its letters ("Macro F1" for "Macro-F1").

    One that starts with a digit stands as a word of its own: "2k", not the end of "v1.5-32k".
    A column of several words may be named word by word.
    """
    if len(column.split()) > 1 or column[:1].isdigit():
        return bool(column_spans(column, text))
    return len(_key(column)) >= 2 and _key(column) in _key(text)


def in_named_table(rows: Sequence[Row], claim: str) -> list[Row]:
    """Of rows in several tables, those of the one table whose caption alone the claim names.

    "GPT-4 reaches 17.0 on RankSeg at 16k", where the rows "GPT-4" of Table 2 ("Accuracy on
    RankSeg") and of Table 3 ("Accuracy on PickBest") both have a 16k column.
    """
    tables = {r.table: _caption_words(r.caption) for r in rows}
    if len(tables) < 2:
        return list(rows)
    words = content_words(claim)
    named = [
        table
        for table, own in tables.items()
        if (own - set().union(*(w for t, w in tables.items() if t != table))) & words
    ]
    return [r for r in rows if r.table == named[0]] if len(named) == 1 else list(rows)


@functools.lru_cache(maxsize=256)
def _caption_words(caption: str) -> frozenset[str]:
    return frozenset(w for w in content_words(caption) if not w.isdigit())


def _named(part: str, rows: Sequence[Row], *, first: bool = False) -> Row | None:
    """The one row whose label the text names (longest label wins; ties are ambiguous).

    Else the one whose label past its group's label ("GPT-4" of "Closed LLMs GPT-4") it names;
    else the one whose label without its bracketed note ("Logistic Regression" of "Logistic
    Regression (using Count Vectorizer)") it names; else, for "our model" or "the proposed
    method", the one row its table marks as the authors' ("Hi-MAP (Our Model)", "Ours"). With
    ``first``, only the labels named earliest in the text count: the other side of a
    comparison comes right after "than".
    """
    key = _key(part)
    for label in (lambda r: r.label, lambda r: r.own or r.label, lambda r: _unbracketed(r.label)):
        hits = [r for r in rows if len(_key(label(r))) >= 2 and _key(label(r)) in key]
        if not hits:
            continue
        if first:
            start = min(key.find(_key(label(r))) for r in hits)
            hits = [r for r in hits if key.find(_key(label(r))) == start]
        best = max(len(_key(label(r))) for r in hits)
        top = [r for r in hits if len(_key(label(r))) == best]
        return top[0] if len(top) == 1 else None
    if _OURS_CLAIM.search(part):
        ours = [r for r in rows if _OURS_LABEL.search(r.label)]
        return ours[0] if len(ours) == 1 else None
    return None


#: Rows named after these are the comparison's exceptions, not its other side.
_EXCEPT = re.compile(r"\b(?:except|but not|apart from|other than|save for|excluding)\b", re.I)


def _other_side(part: str) -> str:
    """The text after the comparative up to any exception ("all baselines except LEIC")."""
    found = _EXCEPT.search(part)
    return part[: found.start()] if found else part


def _subject(part: str) -> str:
    """The text before the verb without a leading subordinate clause.

    In "Although A is slower than B, our system …" the rows the clause names are not the subject.
    """
    return _SUBORDINATE.sub("", part)


def _unbracketed(label: str) -> str:
    return _BRACKETED.sub("", label).strip()


def check_comparison(claim: str, rows: Sequence[Row]) -> Contradiction | None:
    """A contradiction when the table shows the claim's comparison reversed, else None.

    Args:
        claim: The claim text.
        rows: The paper's table rows (``read_row`` of its ``table`` sentences).

    Returns:
        The contradiction, naming the rows, the column and the page; None when the claim makes
        no comparison, the rows or columns cannot be told apart, or the table agrees.
    """
    rows = in_named_table(rows, claim)
    if not rows:
        return None
    match = _COMPARE.search(claim)
    if match is None:
        return _check_superlative(claim, rows)
    denied = _DENIED.search(match.group("a")) is not None
    if denied and _SIGNIFICANT.search(claim):
        return None
    a = _named(_subject(match.group("a")), rows)
    other_side = _other_side(match.group("b"))
    b = _named(other_side, rows, first=True)
    if a is not None and b is None and not denied and _ALL_OTHERS.match(other_side):
        worse = bool(match.group("worse") or match.group("lower"))
        # "The baselines" are not the claimed model's own variants ("HTML+Audio" for HTML).
        variants = not re.search(r"\b(?:other|remaining)\b", match.group("b"), re.I)
        # Rows the claim names as exceptions ("all baselines except LEIC") are not among them.
        excepted = _key(match.group("b")[len(other_side) :])
        others = [r for r in rows if not (len(_key(r.label)) >= 2 and _key(r.label) in excepted)]
        return _check_against_all(
            claim, a, others, worse=worse, by_value=_by_value(match), skip_variants=variants
        )
    first = _grouped(_subject(match.group("a")), rows, a)
    pairs = _pairs(claim, first, _grouped(other_side, rows, b))
    if not pairs:
        return None
    verb = next(match.group(k) for k in _VERBS if match.group(k))
    if _AMOUNT.match(verb) and not any(
        names_column(c, claim) for x, y in pairs for c in x.values if c in y.values
    ):
        return None
    swap = bool(match.group("worse") or match.group("lower")) != denied
    by_value = _by_value(match)
    found = [_reversed(claim, *((y, x) if swap else (x, y)), by_value) for x, y in pairs]
    # Every group the two rows share must show it ("on both symmetric and asymmetric modes").
    if all(found):
        return found[0]
    gap = None if denied or any(found) else _gap_of(match)
    if gap is None:
        return None
    wrong = [_wrong_gap(claim, x, y, *gap) for x, y in pairs]
    return wrong[0] if all(wrong) else None


def _reversed(claim: str, a: Row, b: Row, by_value: bool) -> Contradiction | None:
    """``a`` claimed better than ``b``: contradicted when no column favours ``a`` and one ``b``.

    The columns the claim names, else every column the two rows share; a tie favours neither.
    """
    columns = _compared_columns(claim, a, b)
    against = []
    for column in columns:
        diff = a.values[column] - b.values[column]
        lower = lower_is_better(column, claim, by_value=by_value)
        if (diff > 0 and not lower) or (diff < 0 and lower):
            return None
        if diff != 0:
            against.append(column)
    if not against:
        return None
    column = against[0]
    return Contradiction(
        a.label, b.label, column, a.sentence.page, (a.values[column], b.values[column])
    )


#: The gap a comparison states, before its comparative ("is 1.5 points higher than") or after
#: its other side ("outperforms B by 10.5 points"); a hedged gap ("about", "over") is not read.
_GAP_BEFORE = re.compile(r"(?<![\w.])(\d[\d,]*(?:\.\d+)?)\s?(%?)")
_GAP_BY = re.compile(r"\bby (\d[\d,]*(?:\.\d+)?)\s?(%?)")
_RATIO = re.compile(r"\s*(?:times\b|x\b|×|-?fold\b)", re.I)
_HEDGED = re.compile(
    r"\b(?:about|around|roughly|approximately|nearly|almost|over|more than|less than|up to|"
    r"at least|at most)\s*$",
    re.I,
)


def _gap_of(match: re.Match[str]) -> tuple[Decimal, bool] | None:
    """(gap, is a percentage) of the comparison, when it states one plainly."""
    verb = next(match.group(k) for k in _VERBS if match.group(k))
    for pattern, text in ((_GAP_BEFORE, verb), (_GAP_BY, match.group("b"))):
        found = pattern.search(text)
        if found is None or _HEDGED.search(text[: found.start()]):
            continue
        # "10 times larger", "2-fold better": a ratio, not a gap.
        if _RATIO.match(text, found.end()):
            return None
        return Decimal(found.group(1).replace(",", "")), bool(found.group(2))
    return None


def _wrong_gap(claim: str, a: Row, b: Row, gap: Decimal, percent: bool) -> Contradiction | None:
    """The order holds, but in no column (named, else shared) do the rows differ by ``gap``.

    To the gap's own precision: "1 point" covers 0.5 to 1.5. A percentage may be points or a
    share of either value ("13.9% better" for 27.9 against 24.5).
    """
    columns = _compared_columns(claim, a, b)
    if not columns:
        return None
    tolerance = rounding_tolerance(gap)
    for column in columns:
        x, y = a.values[column], b.values[column]
        diff = abs(x - y)
        seen = [diff, diff * 100] if abs(x) <= 1 and abs(y) <= 1 else [diff]
        if percent:
            seen += [diff * 100 / abs(v) for v in (x, y) if v]
        if any(abs(v - gap) <= tolerance for v in seen):
            return None
    column = columns[0]
    return Contradiction(
        a.label, b.label, column, a.sentence.page, (a.values[column], b.values[column]), str(gap)
    )


def _compared_columns(claim: str, a: Row, b: Row) -> list[str]:
    """The columns the two rows share that the claim names, else every column they share."""
    shared = [c for c in a.values if c in b.values]
    named = [c for c in shared if names_column(c, claim)]
    return named or shared


def _grouped(part: str, rows: Sequence[Row], whole: Row | None) -> list[tuple[str, Row]]:
    """The rows the text names, each with the group label heading it ("symmetric" of "FME").

    The row named by its whole label (``whole``, from ``_named``) is the only one. Otherwise a
    label's last words may name it under a group label ("symmetric FME", "asymmetric FME"):
    every row whose longest such ending the text names, when they all end alike and stand under
    two groups or more. Else the variants of one model the text names by its name alone.
    """
    if whole is not None:
        return [("", whole)]
    key = _key(part)
    hits: list[tuple[str, str, Row]] = []
    for row in rows:
        words = row.label.split()
        for i in range(1, len(words)):
            ending = _key(" ".join(words[i:]))
            if len(ending) >= 2 and ending in key:
                hits.append((ending, _key(" ".join(words[:i])), row))
                break
    if not hits:
        return _variants(part, rows)
    longest = max(len(h[0]) for h in hits)
    top = [h for h in hits if len(h[0]) == longest]
    # One ending under one group only ("cmp. CMOW" beside "CMOW/784") is no grouped table.
    if len({h[0] for h in top}) != 1 or len({h[1] for h in top}) < 2:
        return []
    return [(group, row) for _, group, row in top]


def _variants(part: str, rows: Sequence[Row]) -> list[tuple[str, Row]]:
    """The variants of one model the text names by its name alone ("Audio2vec").

    Every row of one table whose label starts with that name and goes on ("Audio2vec-U",
    "Audio2vec-C"); compared, each must show the comparison reversed.
    """
    words = {w.casefold() for w in re.findall(r"[A-Za-z][\w.]*[\w]", part) if len(w) >= 3}
    found: dict[tuple[str, str], list[Row]] = {}
    for row in rows:
        head = re.split(r"[-\s(/]", row.label, maxsplit=1)[0]
        if head != row.label and head.casefold() in words:
            found.setdefault((row.table, head.casefold()), []).append(row)
    families = [f for f in found.values() if len(f) >= 2]
    return [("", r) for r in families[0]] if len(families) == 1 else []


def _pairs(
    claim: str, first: list[tuple[str, Row]], second: list[tuple[str, Row]]
) -> list[tuple[Row, Row]]:
    """The two sides' rows compared group by group: those the claim names, else every one."""
    key = _key(claim)
    pairs = [
        (a, b, group)
        for group, a in first
        for other, b in second
        if group == other and a.table == b.table and _key(a.label) != _key(b.label)
    ]
    named = [p for p in pairs if p[2] and p[2] in key]
    return [(a, b) for a, b, _ in (named or pairs)]


def _by_value(match: re.Match[str]) -> bool:
    """Whether the claim says higher or lower (the values as they are), not better or worse."""
    return bool(match.group("higher") or match.group("lower"))


def lower_is_better(column: str, claim: str, *, by_value: bool) -> bool:
    """Whether lower is ahead in ``column``: errors, losses, times, unless said by value."""
    return not by_value and bool(_LOWER_IS_BETTER.search(column) or _LOWER_IS_BETTER.search(claim))


def _check_against_all(
    claim: str,
    a: Row,
    rows: Sequence[Row],
    *,
    worse: bool,
    by_value: bool,
    skip_variants: bool,
) -> Contradiction | None:
    """Another row of ``a``'s table that beats it (or, for ``worse``, trails it) throughout."""
    if _MOST.search(claim):
        return None
    named = [c for c in a.values if names_column(c, claim)]
    mine = _key(a.label)
    for other in rows:
        theirs = _key(other.label)
        if other.table != a.table or theirs == mine:
            continue
        if skip_variants and (mine in theirs or theirs in mine):
            continue
        columns = [c for c in named if c in other.values] or (
            [] if named else [c for c in a.values if c in other.values]
        )
        if not columns:
            continue
        # True where the other row is on the wrong side of the claim in that column.
        against = []
        for column in columns:
            lower = lower_is_better(column, claim, by_value=by_value)
            against.append(
                beats(a, other, column, lower) if worse else beats(other, a, column, lower)
            )
        if all(against):
            column = columns[0]
            first, second = (a, other) if not worse else (other, a)
            return Contradiction(
                first.label,
                second.label,
                column,
                a.sentence.page,
                (first.values[column], second.values[column]),
            )
    return None


def _check_superlative(claim: str, rows: Sequence[Row]) -> Contradiction | None:
    """A row of the same table that beats the row the claim calls best in the named column."""
    match = _SUPERLATIVE.search(claim)
    if match is None:
        return None
    a = _named(_subject(match.group("a")), rows)
    if a is None:
        return None
    denied = _DENIED.search(match.group("a")) is not None
    if denied and _SIGNIFICANT.search(claim):
        return None
    named = [c for c in a.values if names_column(c, match.group("rest"))]
    if len(named) != 1:
        return None if denied else _dominated(claim, a, rows, named, match.group("sup"))
    column = named[0]
    word = match.group("sup").casefold()
    if word in ("highest", "lowest"):
        lower = word == "lowest"
    else:
        lower = bool(_LOWER_IS_BETTER.search(column)) != (word == "worst")
    mine = a.values[column]
    others = [
        (other, other.values[column])
        for other in rows
        if other.table == a.table and _key(other.label) != _key(a.label) and column in other.values
    ]
    if denied:
        # Denied best: contradicted when the row beats every other row of its table.
        if not others or any((v <= mine) if lower else (v >= mine) for _, v in others):
            return None
        runner = min(others, key=lambda o: o[1]) if lower else max(others, key=lambda o: o[1])
        return Contradiction(runner[0].label, a.label, column, a.sentence.page, (runner[1], mine))
    for other, value in others:
        if (value < mine) if lower else (value > mine):
            return Contradiction(a.label, other.label, column, a.sentence.page, (mine, value))
    return None


def _dominated(
    claim: str, a: Row, rows: Sequence[Row], named: Sequence[str], word: str
) -> Contradiction | None:
    """Another row of ``a``'s table better in every column the claim names, or shared.

    The columns are those the claim names, or, when it names none, every column the two share:
    a row better in all of them leaves ``a`` the best in none.
    """
    if _MOST.search(claim) or word.casefold() in ("top", "worst"):
        return None
    by_value = word.casefold() in ("highest", "lowest")
    found: list[tuple[Row, str]] = []
    for other in rows:
        if other.table != a.table or _key(other.label) == _key(a.label):
            continue
        columns = list(named) or [c for c in a.values if c in other.values]
        if not columns or any(c not in other.values for c in columns):
            continue
        if all(beats(other, a, c, lower_best(c, claim, word, by_value)) for c in columns):
            found.append((other, columns[0]))
    if not found:
        return None
    # The best of them is named: the row the claim should have called the best.
    best, column = found[0]
    lower = lower_best(column, claim, word, by_value)
    for other, col in found[1:]:
        if col == column and beats(other, best, column, lower):
            best = other
    values = (a.values[column], best.values[column])
    return Contradiction(a.label, best.label, column, a.sentence.page, values)


def lower_best(column: str, claim: str, word: str, by_value: bool) -> bool:
    """Whether the lower value is the best: for "lowest", or else in an error or time column."""
    return (
        word.casefold() == "lowest" if by_value else lower_is_better(column, claim, by_value=False)
    )


def beats(other: Row, a: Row, column: str, lower: bool) -> bool:
    """Whether ``other`` is ahead of ``a`` in ``column`` (below it when ``lower`` is better)."""
    diff = other.values[column] - a.values[column]
    return diff < 0 if lower else diff > 0


#: Says, per column, whether the lower value is ahead.
LowerAhead = Callable[[str], bool]


def compared_rows(claim: str, rows: Sequence[Row]) -> tuple[Row, Row, LowerAhead] | None:
    """The row a claim puts ahead, the row it puts behind, and which values are ahead.

    None when the claim compares no two rows of one table that it names whole, or denies it.
    """
    match = _COMPARE.search(claim)
    if match is None or _DENIED.search(match.group("a")):
        return None
    a = _named(_subject(match.group("a")), rows)
    b = _named(_other_side(match.group("b")), rows, first=True)
    if a is None or b is None or a.table != b.table or _key(a.label) == _key(b.label):
        return None
    by_value = _by_value(match)
    worse = bool(match.group("worse") or match.group("lower"))

    def lower(column: str) -> bool:
        return lower_is_better(column, claim, by_value=by_value)

    return (b, a, lower) if worse else (a, b, lower)


def best_claimed(claim: str, rows: Sequence[Row]) -> tuple[Row, LowerAhead] | None:
    """The row a claim calls the best (or highest, lowest, worst), and which values are ahead."""
    match = _SUPERLATIVE.search(claim)
    if match is None or _DENIED.search(match.group("a")):
        return None
    a = _named(_subject(match.group("a")), rows)
    if a is None:
        return None
    word = match.group("sup").casefold()
    if word == "top":
        word = "best"
    by_value = word in ("highest", "lowest")

    def lower(column: str) -> bool:
        ahead_low = lower_best(column, claim, word, by_value)
        return ahead_low != (word == "worst")

    return a, lower


def subject_row(part: str, rows: Sequence[Row]) -> Row | None:
    """The one row the text before a verb names, past a leading subordinate clause."""
    return _named(_subject(part), rows)


def is_denied(part: str) -> bool:
    """Whether the text before a comparison's verb denies it ("A does not", "B fails to")."""
    return _DENIED.search(part) is not None
