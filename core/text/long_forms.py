"""Abbreviations a text defines in brackets, with their long forms ("silica fume (SF)").

The letters of the abbreviation are found, last to first, in the words before its bracket; the
first letter must begin a word (the Schwartz–Hearst reading). A long form spans at most as
many words as the abbreviation has letters, plus two.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping

from core.text.words import content_words

_DEFINED = re.compile(r"(?P<before>[^()]{1,120}?)\s*\(\s*(?P<short>[A-Z][A-Za-z0-9\-]{1,9})\s*\)")
#: Words from which a long form is named by its last alone.
_HEADED = 3
_WORD = re.compile(r"[^\W\d_][\w\-]*")


def long_forms(text: str) -> dict[str, str]:
    """Each abbreviation the text defines, casefolded, with its long form as written."""
    out: dict[str, str] = {}
    for m in _DEFINED.finditer(text):
        short = m["short"]
        if sum(ch.isupper() for ch in short) < 2:
            continue
        long = _long_form(short, m["before"])
        if long is not None:
            out.setdefault(short.casefold(), long)
    return out


def _long_form(short: str, before: str) -> str | None:
    words = [w.group() for w in _WORD.finditer(before)][-(len(short) + 2) :]
    text = " ".join(words)
    # digits of a formula ("NO2", "PM2.5") are not initials
    letters = [ch.casefold() for ch in short if ch.isalpha()]
    at = len(text) - 1
    for i in range(len(letters) - 1, -1, -1):
        while at >= 0 and (
            text[at].casefold() != letters[i] or (i == 0 and at > 0 and text[at - 1].isalnum())
        ):
            at -= 1
        if at < 0:
            return None
        at -= 1
    long = text[at + 1 :]
    return long if long.casefold() != short.casefold() else None


@functools.lru_cache(maxsize=4096)
def _form_words(short: str, long: str) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """An abbreviation's words, its long form's, and the words that name the long form alone."""
    long_words = frozenset(content_words(long))
    written = long.split()
    head = frozenset(content_words(written[-1])) if len(written) >= _HEADED else long_words
    return frozenset(content_words(short)), long_words, head


def with_long_forms(words: set[str], forms: Mapping[str, str]) -> set[str]:
    """Content words with the long forms of the abbreviations among them, and the reverse.

    "SF gave the highest strength" then shares "silica" and "fume" with a claim that writes
    them out, and a claim naming silica fume shares "sf" with it. A long form of three words
    or more is named by its last ("the slag mix" for "ground granulated blast-furnace slag").
    """
    out = set(words)
    for short, long in forms.items():
        short_words, long_words, head = _form_words(short, long)
        if short_words and short_words <= words:
            out |= long_words
        elif long_words and (long_words <= words or head <= words):
            out |= short_words
    return out
