"""Quoted passages (in “…”, "…", 「…」, 『…』 or ‘…’, outermost first), and excerpts to quote."""

from __future__ import annotations

import re

QUOTE_PATTERNS = (
    re.compile(r"\u201c([^\u201d]+)\u201d"),
    re.compile(r'"([^"]+)"'),
    re.compile(r"\u300c([^\u300d]+)\u300d"),
    re.compile(r"\u300e([^\u300f]+)\u300f"),
    re.compile(r"\u2018(.+?)\u2019(?![A-Za-z])"),
)


def quoted_passages(text: str) -> list[str]:
    """Text inside quotation marks, outermost first."""
    found: list[str] = []
    spans: list[tuple[int, int]] = []
    for pattern in QUOTE_PATTERNS:
        for match in pattern.finditer(text):
            if not any(s <= match.start() and match.end() <= e for s, e in spans):
                spans.append(match.span())
                found.append(match.group(1).strip())
    return found


def excerpt(text: str, limit: int = 80) -> str:
    """``text`` as quoted in an explanation: at most ``limit`` characters, a cut marked "..."."""
    return text if len(text) <= limit else text[: limit - 3] + "..."
