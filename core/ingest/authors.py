"""Author names from the front matter of page 1, when they are printed as a plain list."""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.types import Block, BlockKind

#: Words that start an affiliation, never a name.
_ORGANISATION = re.compile(
    r"\b(?:University|Universit[àéä]|Institute|Institut|Department|Dept|School|College|Centre|"
    r"Center|Foundation|Laboratory|Lab|Labs|Inc|Ltd|Corporation|Board|Academy|Hospital|"
    r"Research|Faculty)\b|@|大学|学院|研究所|实验室|公司"
)
_SEPARATORS = re.compile(r",|，|、|;|；|\band\b|&")
_MARKS = re.compile(r"[\d‡†§¶*∗⋆]+")
_LATIN_NAME = re.compile(
    r"^[A-Z][\w'’-]+(?:\s+[A-Z]\.)*(?:\s+(?:van|von|de|der|da|di|le|la)?\s*[A-Z][\w'’-]+){1,3}$"
)
_CJK_NAME = re.compile(r"^[\u4e00-\u9fff]{2,4}$")
MAX_FRONT_BLOCKS = 3
#: ACM papers print each author beside its affiliation, and the names once more as a list in
#: "ACM Reference Format: A, B, and C. 2020. Title…".
_ACM_REFERENCE = re.compile(r"ACM Reference Format:\s*(.+?)\.\s+(?:19|20)\d\d\.", re.DOTALL)


def find_authors(blocks: Sequence[Block]) -> tuple[str, ...]:
    """Names listed between the title and the first heading of page 1; () when unsure."""
    names: list[str] = []
    seen_title = False
    looked = 0
    for block in blocks:
        if block.page != 1 or block.kind == BlockKind.HEADING:
            break
        if block.kind == BlockKind.TITLE:
            seen_title = True
            continue
        if not seen_title:
            continue
        looked += 1
        if looked > MAX_FRONT_BLOCKS:
            break
        names.extend(_names_in(block.text))
    if not names:
        names = _acm_reference_names(blocks)
    return tuple(dict.fromkeys(names))


def _acm_reference_names(blocks: Sequence[Block]) -> list[str]:
    """The names of an ACM "Reference Format" note on page 1, or []."""
    for block in blocks:
        if block.page != 1:
            break
        match = _ACM_REFERENCE.search(" ".join(block.text.split()))
        if match:
            return _names_in(match.group(1))
    return []


def _names_in(text: str) -> list[str]:
    """Leading run of name-shaped pieces; stops at the first affiliation-looking piece."""
    found: list[str] = []
    for piece in _SEPARATORS.split(text):
        if _ORGANISATION.search(piece):
            break
        candidate = " ".join(_MARKS.sub(" ", piece).split())
        if not candidate:
            continue
        tokens = candidate.split()
        if _LATIN_NAME.match(candidate):
            found.append(candidate)
        elif all(_CJK_NAME.match(t) for t in tokens):
            found.extend(tokens)
        elif found:
            break
    return found
