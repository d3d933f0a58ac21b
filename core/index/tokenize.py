"""Lexical tokens for BM25: lower-cased words and numbers; CJK as character bigrams."""

from __future__ import annotations

import re

_TOKEN = re.compile(r"[a-z0-9]+(?:[.,][0-9]+)*|[\u3400-\u9fff\uf900-\ufaff]+")
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")

STOPWORDS = frozenset(
    """a an and are as at be been but by can could did do does for from had has have he her his
    how i if in into is it its may might more most no not of on or our she should so such than
    that the their them then there these they this those to was we were what when where which
    while who will with would you your also both each other over under very via""".split()
)


def lexical_tokens(text: str) -> list[str]:
    """Tokens for indexing and querying; Chinese has no spaces, so bigrams stand in for words."""
    out: list[str] = []
    for match in _TOKEN.finditer(text.lower()):
        token = match.group()
        if _CJK.match(token):
            if len(token) == 1:
                out.append(token)
            else:
                out.extend(token[i : i + 2] for i in range(len(token) - 1))
        elif token not in STOPWORDS:
            out.append(token)
    return out
