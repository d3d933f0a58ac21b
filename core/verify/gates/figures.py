"""A figure the claim says the paper provides must be one the paper describes.

"The paper provides a figure that shows the export of reports to HTML files" finds close
support in the passage about exporting reports, yet the paper's only figure shows chart
templating. When a claim says the paper has a figure (diagram, screenshot, chart …) showing
something, some sentence of the paper that speaks of a figure must name half of what it shows.
"""

from __future__ import annotations

import re

from core.text.words import content_words
from core.verify.gates.common import GateFinding, PaperFacts

_SHOWN = (
    r"(?:that |which )?(?:shows?|showing|depicts?|depicting|illustrates?|illustrating|"
    r"displays?|displaying|visuali[sz]es?|visuali[sz]ing|of)"
)
#: The claim says the paper has a figure showing something: "provides a figure that shows …".
_CLAIMED = re.compile(
    r"\b(?:provides?|includes?|contains?|has|have|presents?|offers?|gives?)\s+(?:also\s+)?"
    r"(?:a|an|one)\s+(?:[\w-]+\s+)?(?:figure|diagram|screenshot|illustration|chart|plot)\s+"
    rf"{_SHOWN}\s+(?P<what>[^.;:!?]+)",
    re.I,
)
#: A sentence of the paper that speaks of one of its figures, or is a caption.
_FIGURE_TEXT = re.compile(
    r"\b(?:fig(?:ure)?s?\b\.?|diagrams?|screenshots?|illustrat\w*|depict\w*|pictured|"
    r"shown (?:below|above|in))",
    re.I,
)
#: The claim denies, asks or wishes the figure rather than saying the paper has it.
_NOT_STATED = re.compile(
    r"\b(?:not|no|never|without|lacks?|could|should|would|might|may|whether|if)\b|n't|\?",
    re.I,
)
#: Share of what the figure shows that one figure sentence must name.
SHOWN_SHARE = 0.5


def _figure_sentences(facts: PaperFacts) -> tuple[frozenset[str], ...]:
    if facts.figure_words is None:
        facts.figure_words = tuple(
            frozenset(content_words(s.text))
            for s in facts.paper.sentences
            if _FIGURE_TEXT.search(s.text)
        )
    return facts.figure_words


def check_figures(text: str, facts: PaperFacts) -> list[GateFinding]:
    """A figure the claim says the paper provides that no figure sentence of the paper names."""
    claimed = _CLAIMED.search(text)
    if claimed is None or _NOT_STATED.search(text):
        return []
    what = claimed.group("what").strip()
    wanted = content_words(what)
    if len(wanted) < 2:
        return []
    needed = SHOWN_SHARE * len(wanted)
    if any(len(wanted & words) >= needed for words in _figure_sentences(facts)):
        return []
    return [
        GateFinding(
            "figure",
            f"figure_not_in_paper:{what[:60]}",
            f"No figure of the paper is said to show {what}",
        )
    ]
