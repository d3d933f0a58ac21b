"""Values a paper states as a pair: a count with its share, a share with its fraction.

"807（10.1%）个问题与流行病学相关，其他类型的问题有569个（7.1%）": 7.1% belongs to 569. A claim
that "8000 questions (7.1%) belong to the other category" holds two numbers the paper states,
each near words of the right sentence, so binding by context passes it; the pair does not.
Likewise "88.7% (636/122,732)" where the paper writes "88.7%（636/717）".
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from core.text.normalize import canonical_number
from core.types import PaperSentence
from core.verify.binding import Mismatch

_COUNT = r"\d{1,3}(?:,\d{3})+(?![\d,])|\d+(?![\d.,])"
_SHARE = r"\d+(?:\.\d+)?\s?%"
_FRACTION = rf"(?:{_COUNT})\s?/\s?(?:{_COUNT})"
# Up to two English words or four Chinese characters between a count and its bracket:
# "8000 questions (7.1%)", "569个（7.1%）".
_BETWEEN = r"(?:\s?[A-Za-z]+){0,2}\s?|[\u3400-\u9fff]{0,4}"
_PAIR = re.compile(
    rf"(?<![\d./])(?<!\d,)(?P<count>{_COUNT})(?:{_BETWEEN})\(\s?(?P<share>{_SHARE})\s?\)"
    rf"|(?<![\d.])(?P<share2>{_SHARE})\s?\(\s?(?:n\s?=\s?)?(?P<other>{_FRACTION}|{_COUNT})\s?\)"
)


@dataclass(frozen=True)
class Pair:
    """A share and what it is of (a count or a fraction), where the paper states them."""

    share: Decimal
    of: str
    written_share: str
    written_of: str
    page: int = 0
    sentence_index: int = -1


def pairs(text: str) -> list[Pair]:
    """The pairs ``text`` states: "569 (7.1%)", "7.1% (569)", "88.7% (636/717)"."""
    text = unicodedata.normalize("NFKC", text)
    out = []
    for match in _PAIR.finditer(text):
        share = match.group("share") or match.group("share2")
        of = match.group("count") or match.group("other")
        out.append(Pair(_share(share), _key(of), share.replace(" ", ""), of))
    return out


def paper_pairs(sentences: Sequence[PaperSentence]) -> list[Pair]:
    """Every pair the paper states, with its page and sentence."""
    return [
        Pair(p.share, p.of, p.written_share, p.written_of, s.page, s.index)
        for s in sentences
        for p in pairs(s.text)
    ]


def paired_mismatch(claim: str, stated: Sequence[Pair]) -> Mismatch | None:
    """A pair of the claim the paper states with another partner, or None.

    The paper must give the claim's share (or fraction) exactly one partner, and never the
    claim's: a share that pairs with several counts says nothing about which one is meant.
    A share written rounder than the paper's ("10%" for 10.1%) is the same share.
    """
    for pair in pairs(claim):
        if any(_same_share(pair, p) and p.of == pair.of for p in stated):
            continue
        partners = {p.of: p for p in stated if _same_share(pair, p)}
        if len(partners) == 1:
            (rival,) = partners.values()
            return Mismatch(pair.written_of, rival.written_of, rival.page, rival.sentence_index)
        # A count recurs with unrelated shares ("45% (n = 12)", "30% (n = 12)"); a fraction
        # is the share itself.
        if "/" not in pair.of:
            continue
        shares = {p.share: p for p in stated if p.of == pair.of}
        if len(shares) == 1:
            (rival,) = shares.values()
            return Mismatch(
                pair.written_share, rival.written_share, rival.page, rival.sentence_index
            )
    return None


def _same_share(claim: Pair, paper: Pair) -> bool:
    exponent = claim.share.as_tuple().exponent
    places = -exponent if isinstance(exponent, int) and exponent < 0 else 0
    return abs(claim.share - paper.share) <= Decimal(5).scaleb(-(places + 1))


def _share(text: str) -> Decimal:
    return Decimal(text.rstrip("% "))


def _key(text: str) -> str:
    """A count or fraction without separators or spaces: "122,732" -> "122732"."""
    return "/".join(
        canonical_number(Decimal(part.strip().replace(",", ""))) for part in text.split("/")
    )
