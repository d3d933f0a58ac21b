"""Quoted passages must be exact substrings of the paper.

A quote of four words or more that the paper lacks is fabricated (a hard failure). A shorter
quoted term in the paper's own script ("“有问必答”", "“Haodf Online”") is the claim's word for
something the paper names: one the paper lacks fails softly, as a name the paper lacks does.
A short quote in another script is a translation of the paper's term and is not looked up.
"""

from __future__ import annotations

import re

from core.text.quotes import QUOTE_PATTERNS
from core.text.sentences import cjk_ratio
from core.verify.gates.common import GateFinding, PaperFacts, inside, word_count


def check_quotes(
    text: str, facts: PaperFacts
) -> tuple[list[GateFinding], list[str], list[tuple[int, int]]]:
    """Quoted passages must occur in the paper; short ones only in the paper's script."""
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
                failures += _term_not_in_paper(quote, facts)
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


def _term_not_in_paper(quote: str, facts: PaperFacts) -> list[GateFinding]:
    """A short quoted term in the paper's script that the paper does not contain."""
    if not re.search(r"[^\W\d_]", quote) or (cjk_ratio(quote) > 0.5) != facts.is_cjk:
        return []
    if facts.contains(quote.strip(" .,;:")):
        return []
    return [
        GateFinding(
            "name",
            f"quoted_term_not_in_paper:{quote[:60]}",
            f"The quoted term “{quote[:60]}” does not occur in the paper",
        )
    ]
