"""Deterministic gates: cheap, exact, injection-proof checks of a sentence against the paper.

Each gate looks for a kind of checkable item in a critique sentence and demands that it exists in
the paper. They work across languages because numbers, quotes, citation markers, acronyms and
model names are written the same way in a Chinese critique of an English paper.

Gates and what they skip (documented so reviewers know what is *not* checked):

* numbers: every number with its percent sign or scale (``85.3%``, ``12,500``, ``110M``, years)
  must occur in the paper's full text after normalisation. A percentage also matches the bare
  number (tables often drop the ``%``) and its fraction (``85.3%`` vs ``0.853``). Skipped: list
  markers at the start of a sentence (``1.``, ``(2)``), and numbers that belong to a citation
  marker, a Table/Figure/Section/Equation reference or a name (``GPT-4``, ``ResNet-50``), which
  have their own gates. Small integers are *not* skipped: "3 layers" is a checkable fact.
* quotes: text in “…”, "…", 「…」, 『…』 or ‘…’ of four words or more must be an exact substring of
  the normalised paper. Quotes made mostly of CJK characters about a non-CJK paper are
  translations and cannot be matched exactly, so they are skipped.
* citations: ``[12]``, ``[3–5]``, ``[3, 7]``, ``(Smith et al., 2021)``, ``Smith and Lee (2020)``
  must resolve to the paper's reference list (numbered label, or surname + year).
* cross-references: ``Table 3``, ``Figure 2``, ``Fig. 2``, ``Section 4``, ``表3``, ``图2`` must
  exist.
* names: acronyms, CamelCase and hyphenated model names, letter-digit names and capitalised words
  that do not start a sentence must occur in the paper (case-insensitive, hyphens/spaces ignored).
* overclaims: absolute words ("always", "proves", "all", 所有, 证明 …) must be backed by the same
  or an equivalent word in the sentence's best evidence.

Quote, citation and cross-reference failures are *hard* (the verdict is ``rejected``): nothing
else can make a fabricated quote or reference true. Number, name and overclaim failures are soft
(``unsupported``): they are strong evidence of a fabrication but depend on extraction quality.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from core.text.normalize import (
    NumberMention,
    canonical_number,
    extract_numbers,
    match_key,
    normalize_text,
    number_keys,
)
from core.text.sentences import cjk_ratio, is_cjk_char
from core.types import BlockKind, Paper


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

    @property
    def hard_failure(self) -> bool:
        """A fabricated quote, citation or cross-reference: the verdict is rejected."""
        return any(f.hard for f in self.failures)

    @property
    def reasons(self) -> tuple[str, ...]:
        """Machine-readable reasons, in gate order."""
        return tuple(f.reason for f in self.failures)


_QUOTE_PATTERNS = (
    re.compile(r"\u201c([^\u201d]+)\u201d"),
    re.compile(r'"([^"]+)"'),
    re.compile(r"\u300c([^\u300d]+)\u300d"),
    re.compile(r"\u300e([^\u300f]+)\u300f"),
    re.compile(r"\u2018(.+?)\u2019(?![A-Za-z])"),
)
_NUMERIC_CITE = re.compile(r"[\[\u3010]\s*(\d+(?:\s*[-\u2010-\u2015,;]\s*\d+)*)\s*[\]\u3011]")
_SURNAME = r"[A-Z][A-Za-z\u00c0-\u024f'\u2019\-]+"
_PAREN_CITE = re.compile(r"[(\uff08]([^()\uff08\uff09]*?\b(?:1[89]|20)\d\d[a-z]?)[)\uff09]")
_AUTHOR_YEAR = re.compile(
    rf"^\s*(?:see\s+|e\.g\.,?\s+|cf\.\s+)?({_SURNAME})"
    rf"(?:\s+et\s+al\.?|\s+(?:and|&)\s+{_SURNAME}|\s*等人?)?,?\s*((?:1[89]|20)\d\d)[a-z]?\s*$"
)
_NARRATIVE_CITE = re.compile(
    rf"({_SURNAME})(\s+et\s+al\.?|\s+(?:and|&)\s+{_SURNAME}|\s*等人?)?\s*[(\uff08]\s*((?:1[89]|20)\d\d)[a-z]?\s*[)\uff09]"
)
_XREF = re.compile(
    r"\b(Table|Tab\.|Figure|Fig\.|Section|Sec\.|Appendix|Equation|Eq\.)\s*~?\(?(\d+|[A-Z])\b"
    r"|(表|图|圖)\s*(\d+)|第\s*(\d+)\s*[节章]"
)
_XREF_KIND = {
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
_XREF_LABEL = {"table": "Table", "figure": "Figure", "section": "Section", "appendix": "Appendix"}
_LIST_MARKER = re.compile(r"^\s*(?:[-*\u2022]\s*)?(?:\(?\d{1,2}[.)]|\d{1,2}\s*[、.])\s+")
_NAME_TOKEN = re.compile(r"(?<![A-Za-z0-9])[A-Za-z][A-Za-z0-9]*(?:[-_.][A-Za-z0-9]+)*(?:'s)?")
# Capitalised words that are not names, and generic technical acronyms a critique may use freely.
_NOT_NAMES = frozenset(
    """
    i a an the this that these those we our it its they their there here however moreover
    furthermore overall finally first second third also although while whereas because since
    if when where which who what how why yes no not in on of for to with by from at as and or but
    table tab fig figure section sec appendix eq equation abstract introduction conclusion
    conclusions method methods results discussion limitations questions contributions
    evidence related work experiments experiment authors author paper study approach model
    gpu gpus cpu cpus ai ml nlp llm llms api url pdf ram gb mb tb ghz flops ii iii iv vi
    note notably specifically similarly additionally importantly unfortunately thus hence
    english chinese
    """.split()
)

_OVERCLAIM_EN: dict[str, tuple[str, ...]] = {
    "always": ("always", "consistently", "every", "all", "each"),
    "never": ("never", "no", "none", "without"),
    "all": ("all", "every", "each", "any", "both"),
    "every": ("all", "every", "each", "any"),
    "any": ("any", "all", "every"),
    "prove": ("prove", "proof", "theorem", "guarantee"),
    "guarantee": ("guarantee", "prove", "proof", "theorem", "bound"),
    "completely": ("complete", "completely", "entirely", "fully", "perfect", "100"),
    "entirely": ("complete", "completely", "entirely", "fully"),
    "perfect": ("perfect", "perfectly", "100"),
    "eliminate": ("eliminate", "remove", "zero", "no"),
    "solve": ("solve", "solves", "solved"),
    "universal": ("universal", "universally", "general", "all"),
    "first": ("first", "novel", "new", "no prior", "not been"),
    "best": ("best", "state-of-the-art", "outperform", "highest", "top", "better"),
    "unprecedented": ("unprecedented",),
    "dramatically": ("dramatic", "dramatically", "substantial", "large"),
    "vastly": ("vast", "vastly", "substantial", "large"),
    "impossible": ("impossible", "cannot"),
}
_OVERCLAIM_ZH: dict[str, str] = {
    "所有": "all",
    "全部": "all",
    "一切": "all",
    "任何": "any",
    "总是": "always",
    "始终": "always",
    "从不": "never",
    "从未": "never",
    "绝不": "never",
    "证明了": "prove",
    "证明": "prove",
    "保证": "guarantee",
    "完全": "completely",
    "彻底": "completely",
    "完美": "perfect",
    "消除": "eliminate",
    "解决了": "solve",
    "首次": "first",
    "第一个": "first",
    "首个": "first",
    "最好": "best",
    "最佳": "best",
    "最优": "best",
    "普遍": "universal",
    "不可能": "impossible",
}
_OVERCLAIM_ZH_BACKING: dict[str, tuple[str, ...]] = {
    "all": ("所有", "全部", "每个", "均", "都"),
    "any": ("任何",),
    "always": ("总是", "始终", "一直", "均"),
    "never": ("从不", "从未", "没有"),
    "prove": ("证明",),
    "guarantee": ("保证",),
    "completely": ("完全", "彻底"),
    "perfect": ("完美",),
    "eliminate": ("消除",),
    "solve": ("解决",),
    "first": ("首次", "第一", "首个"),
    "best": ("最好", "最佳", "最优", "优于"),
    "universal": ("普遍",),
    "impossible": ("不可能",),
}
_EN_STEMS = (
    ("always", r"always"),
    ("never", r"never"),
    ("all", r"all"),
    ("every", r"every"),
    ("any", r"(?<!\bif )any"),  # "if any" hedges rather than overclaims
    ("prove", r"prov(?:e|es|ed|en|ing)"),
    ("guarantee", r"guarantee[sd]?"),
    ("completely", r"complete(?:ly)?"),
    ("entirely", r"entire(?:ly)?"),
    ("perfect", r"perfect(?:ly)?"),
    ("eliminate", r"eliminat(?:e|es|ed|ing)"),
    ("solve", r"solv(?:e|es|ed|ing)"),
    ("universal", r"universal(?:ly)?"),
    ("first", r"first(?=\s+(?:to|method|approach|work|study|paper|model|time))"),
    ("best", r"best"),
    ("unprecedented", r"unprecedented"),
    ("dramatically", r"dramatic(?:ally)?"),
    ("vastly", r"vast(?:ly)?"),
    ("impossible", r"impossible"),
)
_EN_OVERCLAIM = re.compile(
    r"\b(?:" + "|".join(f"(?P<{k}>{p})" for k, p in _EN_STEMS) + r")\b", re.I
)


class PaperFacts:
    """What the gates look up in a paper, computed once per paper."""

    def __init__(self, paper: Paper) -> None:
        """Index the paper's numbers, text keys, names, references and cross-references."""
        self.paper = paper
        raw = paper.full_text + "\n" + paper.body_text
        self.is_cjk = cjk_ratio(raw) > 0.3
        self.numbers = number_keys(raw)
        self.keys = (match_key(raw), match_key(raw, dehyphenate=False))
        self.names = _ngram_keys(self.keys[0]) | _ngram_keys(self.keys[1])
        self.labels = {r.label.strip() for r in paper.references if r.label.strip()}
        self.cited_numbers = {
            n for m in _NUMERIC_CITE.finditer(normalize_text(raw)) for n in _expand(m.group(1))
        }
        self.xrefs = _paper_xrefs(paper, raw)
        self.unit_text = normalize_text(raw)
        self.has_sections = any(kind == "section" for kind, _ in self.xrefs)

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
            factor = {"K": 10**3, "M": 10**6, "B": 10**9}[mention.scale]
            return canonical_number(mention.value * factor) in self.numbers
        if mention.percent:
            return plain in self.numbers or canonical_number(mention.value / 100) in self.numbers
        # 0.853 in the critique for 85.3% in the paper.
        return plain in self.numbers or (
            mention.value < 1 and canonical_number(mention.value * 100) + "%" in self.numbers
        )

    def has_number_with_unit(self, mention: NumberMention, unit: str) -> bool:
        """The number occurs followed by ``unit`` (up to one word between: "60 trading days")."""
        number = re.escape(mention.raw.rstrip("%"))
        stem = re.escape(unit.lower().removesuffix("s"))
        pattern = rf"(?<![\d.]){number}[-\s]+(?:\w+[-\s]+)?{stem}"
        return re.search(pattern, self.unit_text, re.I) is not None

    def has_name(self, name: str) -> bool:
        """Case-insensitive, hyphen- and space-insensitive whole-token match."""
        key = _name_key(name)
        if not key:
            return True
        if key in self.names:
            return True
        for suffix in ("'s", "s", "es"):
            if key.endswith(suffix) and key[: -len(suffix)] in self.names:
                return True
        return False


def _name_key(text: str) -> str:
    return re.sub(r"[\W_]+", "", unicodedata.normalize("NFKC", text).casefold())


def _ngram_keys(key_text: str) -> set[str]:
    tokens = re.findall(r"[^\W_]+", key_text)
    out: set[str] = set()
    for n in range(1, 5):
        for i in range(len(tokens) - n + 1):
            out.add("".join(tokens[i : i + n]))
    return out


def _expand(spec: str) -> list[str]:
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


def _paper_xrefs(paper: Paper, raw: str) -> set[tuple[str, str]]:
    found: set[tuple[str, str]] = set()
    for match in _XREF.finditer(normalize_text(raw)):
        kind, label = _xref_of(match, ignore_case=True)
        found.add((kind, label))
    for match in re.finditer(r"\b(table|figure|fig\.)\s*(\d+)", normalize_text(raw), re.I):
        found.add((_XREF_KIND[match.group(1).lower()], match.group(2)))
    headings = [b.text for b in paper.blocks if b.kind == BlockKind.HEADING] + list(paper.sections)
    for heading in headings:
        number = re.match(r"^\s*(\d+)(?:\.\d+)*\.?\s+\S", normalize_text(heading))
        if number:
            found.add(("section", number.group(1)))
        appendix = re.match(r"^\s*(?:Appendix\s+)?([A-Z])[.:]?\s+\S", normalize_text(heading))
        if appendix:
            found.add(("appendix", appendix.group(1)))
    return found


def _xref_of(match: re.Match[str], *, ignore_case: bool = False) -> tuple[str, str]:
    if match.group(1):
        return _XREF_KIND[match.group(1).lower()], match.group(2)
    if match.group(3):
        return _XREF_KIND[match.group(3)], match.group(4)
    return "section", match.group(5)


def _spans(pattern: re.Pattern[str], text: str) -> list[tuple[int, int]]:
    return [m.span() for m in pattern.finditer(text)]


def _inside(start: int, end: int, spans: Iterable[tuple[int, int]]) -> bool:
    return any(s <= start and end <= e for s, e in spans)


def _word_count(text: str) -> float:
    latin = len(re.findall(r"[A-Za-z0-9]+(?:['\-][A-Za-z0-9]+)*", text))
    return latin + sum(1 for ch in text if is_cjk_char(ch) and ch.isalpha()) / 2


def quoted_passages(text: str) -> list[str]:
    """Text inside quotation marks, outermost first."""
    found: list[str] = []
    spans: list[tuple[int, int]] = []
    for pattern in _QUOTE_PATTERNS:
        for match in pattern.finditer(text):
            if not _inside(*match.span(), spans):
                spans.append(match.span())
                found.append(match.group(1).strip())
    return found


def check_quotes(
    text: str, facts: PaperFacts
) -> tuple[list[GateFinding], list[str], list[tuple[int, int]]]:
    """Quotes of four words or more must be exact substrings of the paper."""
    failures: list[GateFinding] = []
    anchors: list[str] = []
    spans: list[tuple[int, int]] = []
    for pattern in _QUOTE_PATTERNS:
        for match in pattern.finditer(text):
            if _inside(*match.span(), spans):
                continue
            spans.append(match.span())
            quote = match.group(1).strip()
            if _word_count(quote) < 4:
                continue
            if cjk_ratio(quote) > 0.5 and not facts.is_cjk:
                continue
            parts = [p.strip(" .,;:") for p in re.split(r"\.\.\.|\u2026|\[\.\.\.\]", quote)]
            parts = [p for p in parts if p]
            if all(facts.contains(p) for p in parts):
                anchors.append(f"quote:{quote[:40]}")
                continue
            short = quote if len(quote) <= 60 else quote[:57] + "..."
            failures.append(
                GateFinding(
                    "quote",
                    f"quote_not_in_paper:{short}",
                    f"The quotation “{short}” does not occur in the paper",
                    hard=True,
                )
            )
    return failures, anchors, spans


def check_citations(
    text: str, facts: PaperFacts
) -> tuple[list[GateFinding], list[str], list[tuple[int, int]]]:
    """Citation markers must resolve to the paper's own reference list."""
    failures: list[GateFinding] = []
    anchors: list[str] = []
    spans: list[tuple[int, int]] = []
    for match in _NUMERIC_CITE.finditer(text):
        spans.append(match.span())
        for label in _expand(match.group(1)):
            ok = label in facts.labels if facts.labels else label in facts.cited_numbers
            if ok:
                anchors.append(f"cite:[{label}]")
            else:
                failures.append(
                    GateFinding(
                        "citation",
                        f"citation_not_in_references:[{label}]",
                        f"Reference [{label}] is not in the paper's reference list",
                        hard=True,
                    )
                )
    author_year: list[tuple[str, str, tuple[int, int]]] = []
    for match in _PAREN_CITE.finditer(text):
        for part in match.group(1).split(";"):
            cite = _AUTHOR_YEAR.match(part)
            if cite and not cite.group(1).isupper():
                author_year.append((cite.group(1), cite.group(2), match.span()))
    for match in _NARRATIVE_CITE.finditer(text):
        if match.group(1).isupper() and not match.group(2):
            continue
        if _inside(*match.span(), [s for _, _, s in author_year]):
            continue
        author_year.append((match.group(1), match.group(3), match.span()))
    for surname, year, span in author_year:
        spans.append(span)
        if _resolves(surname, year, facts):
            anchors.append(f"cite:{surname} {year}")
        else:
            failures.append(
                GateFinding(
                    "citation",
                    f"citation_not_in_references:{surname} {year}",
                    f"{surname} ({year}) is not in the paper's reference list",
                    hard=True,
                )
            )
    return failures, anchors, spans


def _resolves(surname: str, year: str, facts: PaperFacts) -> bool:
    name = _name_key(surname)
    refs = facts.paper.references
    if refs:
        for ref in refs:
            ref_year = ref.year[:4] if ref.year else ""
            if ref_year and ref_year != year:
                continue
            if not ref_year and year not in ref.text:
                continue
            if any(_name_key(a) == name for a in ref.authors) or name in _name_key(ref.text):
                return True
        return False
    return name in facts.names and year in facts.numbers


def check_xrefs(
    text: str, facts: PaperFacts
) -> tuple[list[GateFinding], list[str], list[tuple[int, int]]]:
    """Table, Figure, Section and Appendix references must exist in the paper."""
    failures: list[GateFinding] = []
    anchors: list[str] = []
    spans: list[tuple[int, int]] = []
    for match in _XREF.finditer(text):
        spans.append(match.span())
        kind, label = _xref_of(match)
        if kind == "equation":
            continue
        pretty = f"{_XREF_LABEL[kind]} {label}"
        if (kind, label) in facts.xrefs:
            anchors.append(f"xref:{pretty}")
            continue
        hard = kind != "section" or facts.has_sections
        failures.append(
            GateFinding(
                "xref",
                f"{kind}_not_in_paper:{pretty}",
                f"{pretty} does not exist in the paper",
                hard=hard,
            )
        )
    return failures, anchors, spans


def check_numbers(
    text: str, facts: PaperFacts, masked: Sequence[tuple[int, int]]
) -> tuple[list[GateFinding], list[str]]:
    """Every number outside citations, cross-references and names must occur in the paper."""
    failures: list[GateFinding] = []
    anchors: list[str] = []
    marker = _LIST_MARKER.match(text)
    skip = list(masked) + ([marker.span()] if marker else [])
    seen: set[str] = set()
    for mention in extract_numbers(text):
        if _inside(mention.start, mention.end, skip) or _glued_to_name(text, mention.start):
            continue
        if mention.canonical in seen:
            continue
        seen.add(mention.canonical)
        unit = _unit_after(text, mention.end)
        found = facts.has_number(mention)
        if found and (unit is None or facts.has_number_with_unit(mention, unit)):
            anchors.append(f"number:{mention.canonical}")
        elif found:
            failures.append(
                GateFinding(
                    "number",
                    f"number_unit_not_in_paper:{mention.raw} {unit}",
                    f"{mention.raw} occurs in the paper, but never as {mention.raw} {unit}",
                )
            )
        else:
            failures.append(
                GateFinding(
                    "number",
                    f"number_not_in_paper:{mention.raw}",
                    f"{mention.raw} does not occur in the paper",
                )
            )
    return failures, anchors


#: Units of count and time that tie a number to what it measures ("a 60-day horizon").
_UNIT = re.compile(
    r"[-\s]?(days?|weeks?|months?|years?|hours?|minutes?|seconds?|epochs?|layers?|heads?|"
    r"GPUs?|examples?|samples?|questions?|sentences?|documents?|participants?|users?|"
    r"annotators?|languages?|datasets?|tokens?|words?|steps?|runs?|seeds?|folds?)\b",
    re.I,
)


def _unit_after(text: str, end: int) -> str | None:
    """The unit word right after a number, as written, if any."""
    match = _UNIT.match(text, end)
    return match.group(1) if match else None


def _glued_to_name(text: str, start: int) -> bool:
    """The 4 of GPT-4, the 50 of ResNet-50."""
    return start >= 2 and text[start - 1] in "-_" and text[start - 2].isalpha()


def name_candidates(text: str, masked: Sequence[tuple[int, int]] = ()) -> list[str]:
    """Acronyms, CamelCase, letter-digit and capitalised mid-sentence words of a sentence."""
    cjk_text = cjk_ratio(text) > 0.3
    names: list[str] = []
    for match in _NAME_TOKEN.finditer(text):
        if _inside(*match.span(), masked):
            continue
        token = match.group(0)
        bare = token[:-2] if token.endswith("'s") else token
        bare = bare.rstrip(".")
        if len(bare) < 2 or bare.casefold() in _NOT_NAMES:
            continue
        upper = sum(1 for ch in bare if ch.isupper())
        has_digit = any(ch.isdigit() for ch in bare)
        camel = re.search(r"[a-z][A-Z]", bare) is not None
        capitalised = bare[0].isupper()
        if upper >= 2 or camel or (has_digit and any(ch.isalpha() for ch in bare)):
            names.append(bare)
        elif capitalised and (cjk_text or not _starts_clause(text, match.start())):
            names.append(bare)
    return names


def _starts_clause(text: str, start: int) -> bool:
    before = text[:start].rstrip()
    if not before:
        return True
    if re.search(r"(?:\[unverified\]|[:;.!?(\"'\u201c\u2018\-*\u2022>#]|\d[.)])$", before):
        return True
    return False


def check_names(
    text: str, facts: PaperFacts, masked: Sequence[tuple[int, int]]
) -> tuple[list[GateFinding], list[str]]:
    """Names in the sentence must occur in the paper."""
    failures: list[GateFinding] = []
    anchors: list[str] = []
    for name in dict.fromkeys(name_candidates(text, masked)):
        if facts.has_name(name):
            anchors.append(f"name:{name}")
        else:
            failures.append(
                GateFinding(
                    "name", f"name_not_in_paper:{name}", f"“{name}” does not occur in the paper"
                )
            )
    return failures, anchors


def overclaim_terms(text: str) -> list[str]:
    """Absolute words of a sentence, as canonical English keys ("always", "prove", …)."""
    found = [k for m in _EN_OVERCLAIM.finditer(text) for k, v in m.groupdict().items() if v]
    for word, key in _OVERCLAIM_ZH.items():
        if word in text:
            found.append(key)
    return list(dict.fromkeys(found))


def check_overclaims(text: str, evidence: Sequence[str]) -> list[GateFinding]:
    """Absolute words must be backed by an equivalent word in the sentence's best evidence."""
    failures: list[GateFinding] = []
    ev = " ".join(normalize_text(e).casefold() for e in evidence)
    for term in overclaim_terms(text):
        backing = _OVERCLAIM_EN.get(term, (term,))
        backed = any(re.search(rf"\b{re.escape(b)}", ev) for b in backing) or any(
            b in ev for b in _OVERCLAIM_ZH_BACKING.get(term, ())
        )
        if not backed:
            failures.append(
                GateFinding(
                    "overclaim",
                    f"overclaim:{term}",
                    f"The evidence does not support the absolute claim ({term})",
                )
            )
    return failures


def run_gates(text: str, facts: PaperFacts, evidence: Sequence[str] = ()) -> GateResult:
    """Run every gate on one sentence.

    Args:
        text: The critique sentence.
        facts: The paper's index (``PaperFacts(paper)``, built once).
        evidence: The sentence's best evidence texts, for the overclaim gate; when empty the
            overclaim gate is skipped (nothing to compare against).

    Returns:
        Failures (hard ones first) and the verified anchors.
    """
    # NFKC once up front so every gate's offsets refer to the same string.
    text = unicodedata.normalize("NFKC", text)
    quote_f, quote_a, quote_spans = check_quotes(text, facts)
    cite_f, cite_a, cite_spans = check_citations(text, facts)
    xref_f, xref_a, xref_spans = check_xrefs(text, facts)
    masked = quote_spans + cite_spans + xref_spans
    num_f, num_a = check_numbers(text, facts, masked)
    name_f, name_a = check_names(text, facts, masked)
    # Quoted words are the paper's, not the critic's: "never" inside a real quote is no overclaim.
    unquoted = "".join(" " if _inside(i, i + 1, quote_spans) else ch for i, ch in enumerate(text))
    over_f = check_overclaims(unquoted, evidence) if evidence else []
    failures = quote_f + cite_f + xref_f + num_f + name_f + over_f
    failures.sort(key=lambda f: not f.hard)
    anchors = quote_a + cite_a + xref_a + num_a + name_a
    return GateResult(tuple(failures), tuple(anchors))
