"""Whose change a percentage is: a claim's change given to another measure than the paper's.

"Fine sediment cover was 38% lower in wide-buffer reaches, but nitrate concentrations did not
differ": a claim that wide buffers "cut nitrate concentrations by 38%" holds the sentence's
value and words, so binding passes it. A percentage stated as a change ("X was 38% lower",
"reduced X by 38%", "a 38% reduction in X", "38% lower X") has the measure that changed as
its subject. A claim whose change has a subject sharing no word with the subject the evidence
gives that value, where the same evidence sentence names the claim's measure apart from it,
gives the value to the wrong measure. Changes of risk are read against ratios
(``risk_ratios``). English only.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from core.text.words import fact_words, held
from core.types import Evidence
from core.verify.binding import Mismatch, is_table_row

_HEDGE = r"(?:(?:about|around|roughly|nearly|almost|some|approximately)\s+)?"
_VALUE = rf"{_HEDGE}(?P<value>\d+(?:\.\d+)?)\s?%"
_WAY = r"(?:lower|higher|less|more|smaller|greater|larger|fewer|shorter|longer)"
#: A measure is named by a noun phrase: "12% more for every 10 points" names none, nor does
#: "14% more where a mini-grid had been built", which says where the change was.
_SUBJECT = (
    r"(?!(?:for|in|with|among|after|than|per|at|on|from|of|across|every|each|by|to|where|"
    r"when|whenever|if|once|because|since|as|while|that|which|who|whose)\b)"
    r"(?P<subject>[^,;:()]+?)"
)
_UNTIL = (
    r"(?=\s+(?:with|among|after|for|in|than|compared|versus|vs|from|on|at|across)\b|[,;:()]|\.?$)"
)
_CHANGES = (
    # "Fine sediment cover was 38% lower"
    re.compile(
        rf"(?:^|[,;:(]\s*|\b(?:but|whereas|while|and)\s+){_SUBJECT}\s+"
        rf"(?:was|were|is|are|fell|dropped|declined|rose|decreased|increased)\s+(?:by\s+)?"
        rf"{_VALUE}\s+{_WAY}\b",
        re.I,
    ),
    # "cut nitrate concentrations in the streams by 38%"
    re.compile(
        r"\b(?:reduced|reduces|cut|cuts|lowered|lowers|decreased|decreases|increased|"
        r"increases|raised|raises|boosted|boosts|improved|improves|slashed)\s+"
        rf"{_SUBJECT}\s+by\s+{_VALUE}",
        re.I,
    ),
    # "a 38% reduction in fine sediment"
    re.compile(
        rf"{_VALUE}\s+(?:reduction|decrease|drop|fall|decline|increase|rise|gain|improvement)"
        rf"\s+in\s+{_SUBJECT}{_UNTIL}",
        re.I,
    ),
    # "18% lower cortisol output"
    re.compile(rf"{_VALUE}\s+{_WAY}\s+{_SUBJECT}{_UNTIL}", re.I),
)
#: Subjects that are risks are read as ratios; these words say how, not what, was measured.
_RISK = re.compile(r"^(?:the\s+)?(?:\w+\s+)?(?:risk|odds|hazard|likelihood|chance|rate)s?\b", re.I)
#: "18% less likely to develop diabetes" is a change of risk whatever precedes it.
_LIKELY = re.compile(r"\b(?:less|more)\s+likely\b", re.I)
_GENERIC = frozenset({"level", "levels", "mean", "average", "overall", "total", "value", "the"})


@dataclass(frozen=True)
class _Change:
    value: Decimal
    subject: str
    words: frozenset[str]
    span: tuple[int, int]


def subject_mismatch(claim: str, evidence: Sequence[Evidence]) -> Mismatch | None:
    """The claim's percentage change, which its evidence sentence gives another measure."""
    for change in _changes(claim):
        found: Mismatch | None = None
        for ev in evidence:
            if is_table_row(ev.text):
                continue
            stated = [c for c in _changes(ev.text) if c.value == change.value]
            if any(held(change.words, c.words) for c in stated):
                return None  # the paper's change of the claim's measure
            for other in stated:
                rest = ev.text[: other.span[0]] + " " + ev.text[other.span[1] :]
                if found is None and held(change.words, fact_words(rest, _GENERIC)):
                    said = f"{other.value}% for {_lowered(other.subject.strip())}"
                    found = Mismatch(f"{change.value}%", said, ev.page, ev.sentence_index)
        if found is not None:
            return found
    return None


def _changes(text: str) -> list[_Change]:
    out = []
    for pattern in _CHANGES:
        for match in pattern.finditer(text):
            subject = match.group("subject")
            words = fact_words(subject, _GENERIC)
            if (
                words
                and not _RISK.match(subject.strip())
                and not _LIKELY.search(match.group() + text[match.end() : match.end() + 8])
            ):
                out.append(
                    _Change(Decimal(match.group("value")), subject, frozenset(words), match.span())
                )
    return out


def _lowered(subject: str) -> str:
    """A sentence's first word in lower case, a name or acronym as written: "fine sediment"."""
    first = subject.split(" ", 1)[0]
    return subject if first[1:] != first[1:].lower() else subject[:1].lower() + subject[1:]
