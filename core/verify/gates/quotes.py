"""Quotes of four words or more must be exact substrings of the paper."""

from __future__ import annotations

import re

from core.text.quotes import QUOTE_PATTERNS
from core.text.sentences import cjk_ratio
from core.verify.gates.common import GateFinding, PaperFacts, inside, word_count


def check_quotes(
    text: str, facts: PaperFacts
) -> tuple[list[GateFinding], list[str], list[tuple[int, int]]]:
    """Quotes of four words or more must be exact substrings of the paper."""
    failures: list[GateFinding] = []
    anchors: list[str] = []
    spans: list[tuple[int, int]] = []
    for pattern in QUOTE_PATTERNS:
        for match in pattern.finditer(text):
            if inside(*match.span(), spans):
                continue
            spans.append(match.span())
            quote = match.group(1).strip()
            if word_count(quote) < 4:
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
