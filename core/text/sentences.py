"""Sentence splitting with character offsets, for English and Chinese text.

A single pass over candidate terminators decides each boundary from the word before and the
character after it, so that abbreviations ("e.g.", "et al.", "Fig. 3"), decimals, version
numbers, initials and ellipses followed by lower case never end a sentence. Used for the
paper (ingest) and for critiques (the checker), so it must be fast and dependency-free.
"""

from __future__ import annotations

import re

# Ideographs (incl. extensions and compatibility), kana, hangul, CJK punctuation, full-width forms.
_CJK_RANGES: tuple[tuple[int, int], ...] = (
    (0x2E80, 0x2FDF),
    (0x3000, 0x30FF),
    (0x3100, 0x31FF),
    (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF),
    (0xAC00, 0xD7AF),
    (0xF900, 0xFAFF),
    (0xFE30, 0xFE4F),
    (0xFF00, 0xFFEF),
    (0x20000, 0x2FA1F),
)

# Words that end with a period but do not end a sentence, whatever follows (compared lower-case).
_ABBREVIATIONS = frozenset(
    {
        "e.g",
        "i.e",
        "cf",
        "vs",
        "al",
        "approx",
        "fig",
        "figs",
        "eq",
        "eqs",
        "eqn",
        "eqns",
        "sec",
        "secs",
        "sect",
        "tab",
        "tbl",
        "ref",
        "refs",
        "viz",
        "resp",
        "ca",
        "dept",
        "univ",
        "incl",
        "est",
        "alg",
        "thm",
        "lem",
        "def",
        "prop",
        "cor",
        "suppl",
        "w.r.t",
        "a.k.a",
        "et",
        "ibid",
    }
)
# Titles before a name; case-sensitive so that "5 ms. Next" still ends a sentence.
_TITLES = frozenset({"Dr", "Mr", "Mrs", "Ms", "Prof", "Jr", "Sr", "St", "Mt"})
# Abbreviations that only stay inside a sentence before a number or a parenthesis ("No. 5").
_NUMBER_ABBREVIATIONS = frozenset(
    {"no", "nos", "p", "pp", "vol", "vols", "ch", "chap", "app", "art", "ex", "fn", "para"}
)

_CLOSERS = "\"'”’»)]}」』》）】〕〉"
_OPENERS = "\"'“‘«([{「『《（【〔〈"
_CJK_STOPS = "。！？"
_CANDIDATE = re.compile(
    r"(?P<blank>\n[ \t\r\f\v]*\n\s*)"
    r"|(?P<item>\n(?=[ \t]*(?:[-*+•·‣▪]\s|#{1,6}\s|\d{1,3}[.)]\s)))"
    r"|(?P<cjk>[。！？][。！？!?]*|．(?![0-9０-９]))"
    r"|(?P<latin>\.{2,}|…+|[.!?]+)"
)
_WORD_BEFORE = re.compile(r"[A-Za-z][A-Za-z.]*$")
_INITIALS = re.compile(r"(?:[A-Z]\.)*[A-Z]")
_ATTACHED_CITATION = re.compile(r"\[\d+(?:\s*[,–-]\s*\d+)*\]")
# A footnote mark printed right after the full stop: "document creation.1 Statement of need".
_FOOTNOTE_MARK = re.compile(r"\d{1,2}(?=\s+[A-Z])")
_LIST_NUMBER = re.compile(r"(?:^|\n)[ \t]*\d{1,3}$")
_HEADING_LINE = re.compile(r"^#{1,6}[ \t].*$", re.MULTILINE)
_GLUED_AFTER_CLOSE = re.compile(r"\)\.(?=[A-Z][a-z])")


def is_cjk_char(ch: str) -> bool:
    """True for Chinese, Japanese and Korean characters, including CJK punctuation."""
    code = ord(ch)
    if code < 0x2E80:
        return False
    return any(lo <= code <= hi for lo, hi in _CJK_RANGES)


# NOTE: one Chinese character carries about half the information of an English word, so a
# Chinese chunk of 300–500 characters matches an English chunk of 150–250 words.
CJK_CHARS_PER_WORD = 2.0


def text_size(text: str) -> float:
    """Length in words, counting CJK characters as half a word each."""
    cjk = sum(1 for ch in text if is_cjk_char(ch) and ch.isalnum())
    spaced = "".join(" " if is_cjk_char(c) else c for c in text)
    words = len([w for w in spaced.split() if any(ch.isalnum() for ch in w)])
    return words + cjk / CJK_CHARS_PER_WORD


def cjk_ratio(text: str) -> float:
    """Share of CJK characters among the letters and CJK characters of ``text`` (0 when none)."""
    cjk = letters = 0
    for ch in text:
        if is_cjk_char(ch):
            cjk += 1
            letters += 1
        elif ch.isalpha():
            letters += 1
    return cjk / letters if letters else 0.0


def _starts_sentence(ch: str) -> bool:
    """Whether ``ch`` may begin a new sentence after a terminator and a space."""
    if ch.islower():
        return False
    return ch.isupper() or ch.isdigit() or ch in _OPENERS or ch in "#*-•" or is_cjk_char(ch)


def _latin_ends_sentence(text: str, start: int, run: str, after: str, segment_start: int) -> bool:
    """Decide whether a ``.``/``!``/``?``/ellipsis run at ``start`` ends a sentence.

    Args:
        text: The whole text.
        start: Offset of the punctuation run.
        run: The punctuation run itself.
        after: The first non-space character after the run (and its closers).
        segment_start: Offset where the current sentence began.

    Returns:
        True when the run is a sentence boundary.
    """
    if not _starts_sentence(after):
        return False
    if run != ".":
        return True
    head = text[max(segment_start, start - 40) : start]
    match = _WORD_BEFORE.search(head)
    if match:
        word = match.group()
        lowered = word.lower()
        if lowered in _ABBREVIATIONS or word in _TITLES:
            return False
        if lowered in _NUMBER_ABBREVIATIONS and (after.isdigit() or after == "("):
            return False
        before = head[match.start() - 1] if match.start() > 0 else " "
        if _INITIALS.fullmatch(word) and not before.isalnum() and after.isupper():
            return False
    # "1. First point" at the start of a line is a list marker, not a sentence.
    return not _LIST_NUMBER.search(text[segment_start:start])


def split_sentences(text: str) -> list[tuple[int, int]]:
    """Split text into sentences.

    Args:
        text: English and/or Chinese text; single newlines are treated as line wraps, blank
            lines, list items and markdown headings as boundaries.

    Returns:
        ``(start, end)`` character spans, stripped of surrounding whitespace, in order.
    """
    cuts: list[int] = []
    segment_start = 0
    n = len(text)
    for heading in _HEADING_LINE.finditer(text):
        cuts.append(heading.end())
    for match in _CANDIDATE.finditer(text):
        kind = match.lastgroup
        if kind in ("blank", "item"):
            cuts.append(match.start())
            segment_start = match.start()
            continue
        end = match.end()
        while end < n and text[end] in _CLOSERS:
            end += 1
        if kind == "cjk":
            if end < n and text[end] in "、，,；;":
                continue  # "…吗？”、“…": an enumeration of quoted questions goes on
            cuts.append(end)
            segment_start = end
            continue
        citation = _ATTACHED_CITATION.match(text, end)
        if citation:
            end = citation.end()
        elif match.group() == "." and match.start() > 0 and text[match.start() - 1].islower():
            footnote = _FOOTNOTE_MARK.match(text, end)
            if footnote:
                end = footnote.end()
        if end >= n:
            continue
        nxt = text[end]
        if nxt.isspace():
            probe = end
            while probe < n and text[probe].isspace():
                probe += 1
            if probe >= n:
                continue
            if _latin_ends_sentence(text, match.start(), match.group(), text[probe], segment_start):
                cuts.append(end)
                segment_start = end
        elif _GLUED_AFTER_CLOSE.match(text, match.start() - 1 if match.start() else 0):
            # The space lost in extraction: "(Luff & Davies, 2020).Note that …".
            cuts.append(end)
            segment_start = end
        elif is_cjk_char(nxt) and match.start() > 0 and is_cjk_char(text[match.start() - 1]):
            # Half-width punctuation typed inside Chinese text: "一句.下一句".
            cuts.append(end)
            segment_start = end
    return _spans(text, sorted(set(cuts)))


def _spans(text: str, cuts: list[int]) -> list[tuple[int, int]]:
    """Turn cut offsets into whitespace-stripped, non-empty spans."""
    spans: list[tuple[int, int]] = []
    start = 0
    for cut in [*cuts, len(text)]:
        if cut <= start:
            continue
        s, e = start, cut
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        if e > s:
            spans.append((s, e))
        start = cut
    return spans


def sentences(text: str) -> list[str]:
    """The sentence strings of ``text`` (convenience wrapper over split_sentences)."""
    return [text[s:e] for s, e in split_sentences(text)]
