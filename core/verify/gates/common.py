"""What every gate shares: findings, the paper's index (PaperFacts) and span helpers."""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

from core.text.long_forms import long_forms
from core.text.normalize import (
    NumberMention,
    canonical_number,
    match_key,
    normalize_text,
    number_keys,
    ratios,
    scaled_forms,
)
from core.text.sentences import cjk_ratio, is_cjk_char
from core.text.words import LETTERS
from core.types import BlockKind, Paper
from core.verify.gates.lexicon import DEMONYMS, NAME_MODIFIERS, UNITS_ZH

if TYPE_CHECKING:
    from core.text.proportions import CountShare
    from core.verify.comparison import Row
    from core.verify.gates.differences import Gaps


@dataclass(frozen=True)
class GateFinding:
    """One failed check: a machine reason, a human sentence, and whether it is fatal."""

    gate: str
    reason: str
    explanation: str
    hard: bool = False


@dataclass(frozen=True)
class GateResult:
    """What the gates found in one sentence."""

    failures: tuple[GateFinding, ...] = ()
    #: Checkable items that were verified (numbers, names, quotes, citations), for support.
    anchors: tuple[str, ...] = ()
    #: The numbers the number gate checked (offsets into ``text``), for binding to evidence.
    numbers: tuple[NumberMention, ...] = ()
    #: The sentence as the gates read it (NFKC).
    text: str = ""

    @property
    def hard_failure(self) -> bool:
        """A fabricated quote, citation or cross-reference: the verdict is rejected."""
        return any(f.hard for f in self.failures)

    @property
    def reasons(self) -> tuple[str, ...]:
        """Machine-readable reasons, in gate order."""
        return tuple(f.reason for f in self.failures)


NUMERIC_CITE = re.compile(r"[\[\u3010]\s*(\d+(?:\s*[-\u2010-\u2015,;]\s*\d+)*)\s*[\]\u3011]")
SURNAME = r"[A-Z][A-Za-z\u00c0-\u024f'\u2019\-]+"
PAREN_CITE = re.compile(r"[(\uff08]([^()\uff08\uff09]*?\b(?:1[89]|20)\d\d[a-z]?)[)\uff09]")
AUTHOR_YEAR = re.compile(
    rf"^\s*(?:see\s+|e\.g\.,?\s+|cf\.\s+)?({SURNAME})"
    rf"(?:\s+et\s+al\.?|\s+(?:and|&)\s+{SURNAME}|\s*等人?)?,?\s*((?:1[89]|20)\d\d)[a-z]?\s*$"
)
NARRATIVE_CITE = re.compile(
    rf"({SURNAME})(\s+et\s+al\.?|\s+(?:and|&)\s+{SURNAME}|\s*等人?)?\s*[(\uff08]\s*((?:1[89]|20)\d\d)[a-z]?\s*[)\uff09]"
)
#: Bounded by letters, not by \b: Chinese text runs into the reference ("在Table 2中").
XREF = re.compile(
    r"(?<![A-Za-z])(Table|Tab\.|Figure|Fig\.|Section|Sec\.|Appendix|Equation|Eq\.)\s*~?\(?"
    r"(\d+|[A-Z])(?![A-Za-z\d])"
    r"|(表|图|圖)\s*(\d+)|第\s*(\d+)\s*[节章]"
)
XREF_KIND = {
    "table": "table",
    "tab.": "table",
    "表": "table",
    "figure": "figure",
    "fig.": "figure",
    "图": "figure",
    "圖": "figure",
    "section": "section",
    "sec.": "section",
    "appendix": "appendix",
    "equation": "equation",
    "eq.": "equation",
}
XREF_LABEL = {"table": "Table", "figure": "Figure", "section": "Section", "appendix": "Appendix"}
#: "(p. 7)", "(pp. 3–4)", "p. 12", "（第7页）": where the writer found it, not a claim's number.
PAGE_CITE = re.compile(
    r"[(\uff08]?\b(?:pp?\.|pages?)\s*(\d+)(?:\s*[-\u2013\u2014,]\s*(\d+))?[)\uff09]?"
    r"|[(\uff08]?第\s*(\d+)\s*(?:[-\u2013\u2014~至]\s*(\d+)\s*)?页[)\uff09]?"
)
LIST_MARKER = re.compile(r"^\s*(?:[-*\u2022]\s*)?(?:\(?\d{1,2}[.)]|\d{1,2}\s*[、.])\s+")
#: An enumeration inside a sentence: "compares (1) SVR and (2) LSTM", "包括：(1)数据…". One digit
#: in parentheses before words; "BLEU (27)" and "(n=3)" state values.
INLINE_MARKER = re.compile(r"(?:^|(?<=[\s:;,。]))\(\d\)(?=\s*[^\d\s%.,;:)])")
#: Names joined by "+": "SVR+RBF", "Text+Audio", "Glove + Audio".
COMPOUND = re.compile(
    r"(?<![A-Za-z0-9_+])[A-Za-z][A-Za-z0-9\-]*(?:\s?\+\s?[A-Za-z][A-Za-z0-9\-]*)+"
)
NAME_TOKEN = re.compile(
    rf"(?<![{LETTERS}0-9])[{LETTERS}][{LETTERS}0-9]*(?:[-_.][{LETTERS}0-9]+)*(?:'s)?"
)


#: A canonical number key without a scale ("12500", "0.3%"), readable as a value.
_PLAIN = re.compile(r"-?\d+(?:\.\d+)?%?")


#: Short forms of the time units a number may carry.
_TIME_ABBREVIATIONS = {
    "second": ("s", "sec", "secs"),
    "minute": ("min", "mins"),
    "hour": ("h", "hr", "hrs"),
}


class PaperFacts:
    """What the gates look up in a paper, computed once per paper."""

    def __init__(self, paper: Paper) -> None:
        """Index the paper's numbers, text keys, names, references and cross-references."""
        self.paper = paper
        raw = paper.full_text + "\n" + paper.body_text
        self.is_cjk = cjk_ratio(raw) > 0.3
        self.numbers = number_keys(raw, names=False)
        self.ratios = {r.key for r in ratios(raw, any_pair=True)}
        text = normalize_text(raw)
        #: "+" names by their parts, as first written: ("svr", "rbf") -> "SVR+RBF".
        self.compounds: dict[tuple[str, ...], str] = {}
        for match in COMPOUND.finditer(text):
            written = re.sub(r"\s+", "", match.group(0))
            self.compounds.setdefault(compound_parts(written), written)
        #: The paper's numbers as values, for approximate claims ("around 89,000").
        self.values = sorted({Decimal(k.rstrip("%")) for k in self.numbers if _PLAIN.fullmatch(k)})
        self.keys = (match_key(raw), match_key(raw, dehyphenate=False))
        self.names = ngram_keys(self.keys[0]) | ngram_keys(self.keys[1])
        # A long name is one word of five parts or more: "Vicuna-7b-v1.5-16k".
        self.names |= {name_key(word) for word in raw.split()}
        self.labels = {r.label.strip() for r in paper.references if r.label.strip()}
        self.cited_numbers = {
            n for m in NUMERIC_CITE.finditer(normalize_text(raw)) for n in expand(m.group(1))
        }
        self.xrefs = paper_xrefs(paper, raw)
        # Thousands separators dropped so "12,500 examples" and "12500 examples" compare equal.
        self.unit_text = re.sub(r"(?<=\d)[,\u00a0\u202f\u2009](?=\d{3}\b)", "", normalize_text(raw))
        self.has_sections = any(kind == "section" for kind, _ in self.xrefs)
        self.body_names: set[str] | None = None  # built on the first bare "Name (year)"
        self.self_phrases: list[str] | None = None  # how it names its own study, on first need
        # who it says could not be blinded, with the words of who, on the first claim of blinding
        self.unblinded: list[tuple[str, frozenset[str]]] | None = None
        self.figure_words: tuple[frozenset[str], ...] | None = None  # built on the first figure
        self.rows: list[Row] | None = None  # the table rows, read on the first gap or total
        self.gaps: Gaps | None = None  # built on the first number stated as a difference
        self.totals: set[int] | None = None  # built on the first count of a total ("3 of 4")
        self.count_shares: list[CountShare] | None = None  # "29 of 34", on the first percentage
        #: The paper's whole counts of each noun (stemmed), on the first count not in the paper.
        self.noun_counts: dict[str, set[Decimal]] | None = None
        self.period_rates: list[tuple[Decimal, str]] | None = None  # values per year, on need

    def contains(self, text: str) -> bool:
        """Exact substring test after normalisation, tolerant of line-break hyphenation."""
        key = match_key(text)
        return bool(key) and (key in self.keys[0] or key in self.keys[1])

    def has_number(self, mention: NumberMention) -> bool:
        """True if the number occurs in the paper in any equivalent format."""
        if mention.canonical in self.numbers:
            return True
        plain = canonical_number(mention.value)
        if mention.scale:
            return canonical_number(mention.magnitude) in self.numbers
        if not mention.percent and any(
            number + letter in self.numbers for number, letter in scaled_forms(mention.value)
        ):
            return True  # "16,000" for the paper's "16k"
        if mention.percent:
            return plain in self.numbers or canonical_number(mention.value / 100) in self.numbers
        # 0.853 in the critique for 85.3% in the paper.
        return plain in self.numbers or (
            mention.value < 1
            and not mention.scientific
            and canonical_number(mention.value * 100) + "%" in self.numbers
        )

    @functools.cached_property
    def abbreviations(self) -> dict[str, frozenset[str]]:
        """The abbreviations the paper defines, with the singular words of their long forms.

        "words correct per minute (WCPM)": WCPM stands for "word", "correct", "per", "minute".
        """
        return {
            short: frozenset(w.casefold().removesuffix("s") for w in long.split())
            for short, long in long_forms(self.unit_text).items()
        }

    def has_number_with_unit(self, mention: NumberMention, unit: str) -> bool:
        """The number occurs with ``unit`` (an English unit, singular), in English or Chinese.

        "60 trading days" (up to one word between), "Number of layers 2" and "epoch数目设置为12"
        (the unit first, as tables and Chinese text state it) and "60天" all count.
        """
        number = _written(mention)
        stem = re.escape(unit.lower())
        patterns = [
            rf"(?<![\d.]){number}[-\s]+(?:\w+[-\s]+)?{stem}",
            # The first number of a range shares its end's unit: "from 1k to 16k tokens".
            rf"(?<![\d.]){number}\s?(?:to|and|-|–)\s?[\d.]+\s?[KMBkmb]?[-\s]+{stem}",
            rf"\b{stem}s?[^\d.,;:。，；]{{0,6}}?[:=]?\s*{number}(?!\d|\.\d)",
            # The unit as the subject the value is stated of: "Sick days averaged 4.1".
            rf"\b{stem}s?\s+(?:averaged|numbered|totall?ed|were|was)\s+"
            rf"(?:about\s+|a\s+(?:mean|median|total)\s+of\s+)?{number}(?!\d|\.\d)",
            # A rate counts its base's unit: "5.3 per 100 pupil-days" is 5.3 days.
            rf"(?<![\d.]){number}\s+per\s+(?:[\d,.]+\s+)?[\w-]*-{stem}",
        ]
        # A unit the paper abbreviates: "8.1 WCPM" is 8.1 words, as "words correct per minute
        # (WCPM)" defines it.
        defined = [a for a, words in self.abbreviations.items() if unit.lower() in words]
        if defined:
            patterns.append(rf"(?<![\d.]){number}\s+(?:{'|'.join(map(re.escape, defined))})\b")
        if unit.lower() in UNITS_ZH:
            forms = "|".join(map(re.escape, UNITS_ZH[unit.lower()]))
            patterns.append(rf"(?<![\d.]){number}\s*(?:{forms})")
        if unit.lower() in _TIME_ABBREVIATIONS:
            # Tables print times short: "54s", "7 s", "2.5 h".
            short = "|".join(_TIME_ABBREVIATIONS[unit.lower()])
            patterns.append(rf"(?<![\d.]){number}\s?(?:{short})(?![A-Za-z])")
        return any(re.search(p, self.unit_text, re.I) for p in patterns)

    def assigns(self, letter: str, mention: NumberMention) -> bool | None:
        """Whether the paper assigns the number to ``letter`` ("n=3", "n = 3, 7, 15 and 30").

        None when the paper assigns no number to that letter at all.
        """
        head = rf"(?<![A-Za-z0-9]){re.escape(letter)}\s?[=<>≤≥]=?\s?"
        if not re.search(head + r"\d", self.unit_text):
            return None
        number = re.escape(canonical_number(mention.value))
        # "p=0.1" is the paper's "p=0.10"
        number += r"0*" if "." in number else r"(?:\.0+)?"
        listed = r"(?:[\d.]+\s?(?:,|and|or|&)\s?)*"
        return re.search(head + listed + rf"{number}(?![\d.])", self.unit_text) is not None

    def has_name(self, name: str) -> bool:
        """Case-insensitive, hyphen- and space-insensitive whole-token match.

        A country's people name it too: "Danish" of a study in Denmark.
        """
        key = name_key(name)
        if not key:
            return True
        if key in self.names or DEMONYMS.get(key) in self.names:
            return True
        for suffix in ("'s", "s", "es"):
            if key.endswith(suffix) and key[: -len(suffix)] in self.names:
                return True
        bare = bare_name(name)
        return bare != name and self.has_name(bare)


_SCALE_WORDS = {"K": "thousand", "M": "million", "B": "billion"}


def _written(mention: NumberMention) -> str:
    """The mention's value as the paper may write it: "16k" as "16k", "16 thousand" or "16000"."""
    if mention.scale:
        forms = [(canonical_number(mention.value), mention.scale)]
        whole = canonical_number(mention.magnitude)
    else:
        forms = [] if mention.percent else scaled_forms(mention.value)
        whole = canonical_number(mention.value)
    scaled = [
        rf"{re.escape(number)}\s?(?:{letter}|{_SCALE_WORDS[letter]})(?![A-Za-z])"
        for number, letter in forms
    ]
    # "72.0 years" states 72 years, "0.50" states 0.5.
    zeros = r"0*" if "." in whole else r"(?:\.0+)?"
    return "(?:" + "|".join([*scaled, re.escape(whole) + zeros]) + ")"


_PARTICIPLE = re.compile(r"[a-z]{2,}ed")


def bare_name(word: str) -> str:
    """The name without the words a hyphen joins to it: "F1" of "F1-score" and "micro-F1".

    A participle says what was done with the name ("F-PEAI-treated films", "Nb-coated"),
    not which name it is.
    """
    parts = [
        p
        for p in word.split("-")
        if p.casefold() not in NAME_MODIFIERS and not _PARTICIPLE.fullmatch(p)
    ]
    return "-".join(parts) if parts else word


def compound_parts(text: str) -> tuple[str, ...]:
    """The parts of a "+" name as keys: "SVR + RBF" -> ("svr", "rbf")."""
    return tuple(name_key(part) for part in text.split("+"))


def name_key(text: str) -> str:
    """Casefolded, NFKC, without spaces, hyphens or punctuation: how names are compared."""
    return re.sub(r"[\W_]+", "", unicodedata.normalize("NFKC", text).casefold())


def ngram_keys(key_text: str) -> set[str]:
    """Keys of every run of one to four tokens, so multi-word names match joined."""
    # NOTE: CJK characters are word characters too; "jieba8分词工具" must still hold "jieba8".
    tokens = re.findall(r"[^\W_\u3400-\u9fff]+|[\u3400-\u9fff]+", key_text)
    out: set[str] = set()
    for n in range(1, 5):
        for i in range(len(tokens) - n + 1):
            out.add("".join(tokens[i : i + n]))
    return out


def expand(spec: str) -> list[str]:
    """'3–5, 7' -> ['3', '4', '5', '7']; ranges longer than 50 are kept as their ends."""
    out: list[str] = []
    for part in re.split(r"[,;]", spec):
        bounds = [b for b in re.split(r"[-\u2010-\u2015]", part) if b.strip()]
        if len(bounds) == 2 and bounds[0].strip().isdigit() and bounds[1].strip().isdigit():
            lo, hi = int(bounds[0]), int(bounds[1])
            if 0 <= hi - lo <= 50:
                out.extend(str(i) for i in range(lo, hi + 1))
                continue
        out.extend(b.strip() for b in bounds if b.strip().isdigit())
    return out


def paper_xrefs(paper: Paper, raw: str) -> set[tuple[str, str]]:
    """(kind, label) of every table, figure, section and appendix the paper has."""
    found: set[tuple[str, str]] = set()
    for match in XREF.finditer(normalize_text(raw)):
        kind, label = xref_of(match, ignore_case=True)
        found.add((kind, label))
    for match in re.finditer(r"\b(table|figure|fig\.)\s*(\d+)", normalize_text(raw), re.I):
        found.add((XREF_KIND[match.group(1).lower()], match.group(2)))
    headings = [b.text for b in paper.blocks if b.kind == BlockKind.HEADING] + list(paper.sections)
    for heading in headings:
        number = re.match(r"^\s*(\d+)(?:\.\d+)*\.?\s+\S", normalize_text(heading))
        if number:
            found.add(("section", number.group(1)))
        appendix = re.match(r"^\s*(?:Appendix\s+)?([A-Z])[.:]?\s+\S", normalize_text(heading))
        if appendix:
            found.add(("appendix", appendix.group(1)))
    return found


def xref_of(match: re.Match[str], *, ignore_case: bool = False) -> tuple[str, str]:
    """(kind, label) of one XREF match."""
    if match.group(1):
        return XREF_KIND[match.group(1).lower()], match.group(2)
    if match.group(3):
        return XREF_KIND[match.group(3)], match.group(4)
    return "section", match.group(5)


def spans_of(pattern: re.Pattern[str], text: str) -> list[tuple[int, int]]:
    """Spans of every match of ``pattern``."""
    return [m.span() for m in pattern.finditer(text)]


def inside(start: int, end: int, spans: Iterable[tuple[int, int]]) -> bool:
    """Whether [start, end) lies within one of ``spans``."""
    return any(s <= start and end <= e for s, e in spans)


def word_count(text: str) -> float:
    """Latin words plus half the CJK characters."""
    latin = len(re.findall(r"[A-Za-z0-9]+(?:['\-][A-Za-z0-9]+)*", text))
    return latin + sum(1 for ch in text if is_cjk_char(ch) and ch.isalpha()) / 2
