"""Which sentences are claims, and what of each is checked.

A sentence is a claim unless it is a heading, a bare bullet, or a question or recommendation
that takes nothing as given. Questions and recommendations are checked for what they presuppose:
"Given that the ablation shows X, why ...?" checks X, "..., given that the authors trained on Y"
checks "the authors trained on Y", "Why does X stay below Y?" checks "X stay below Y", "How do
the authors suggest X?" checks "the authors suggest X", "What is X shown in Figure 5?" checks
"X shown in Figure 5", and
"既然作者使用了X，为什么…" checks "作者使用了X". A sentence that joins separate facts ("X reaches
85%, and the authors show Y") is checked part by part and takes its worst part's verdict.
"""

from __future__ import annotations

import re

from core.llm.prompts import SECTIONS
from core.text.sentences import cjk_ratio, split_sentences
from core.types import Claim
from core.verify.significance import puts_down_to_chance

_HEADING_WORDS = {h.casefold() for _, en, zh in SECTIONS for h in (en, zh)}
_BULLET_ONLY = re.compile(r"^\s*(?:[-*\u2022]|\d{1,2}[.)]|\(\d{1,2}\)|#+)?\s*$")
_PREFIX = re.compile(
    r"^\s*(?:\[unverified\]\s*)?(?:[-*\u2022>]\s+|\d{1,2}[.)]\s+|\(\d{1,2}\)\s+|#+\s*)?"
)
_AUXILIARY = r"(?:could|can|would|will|should|might|may|did|do|does|is|are|was|were|have|has)\b"
#: A question without its mark: an auxiliary first, or a question word and then one ("How many
#: epochs did"); "When the researchers looked …, they found" is a statement.
_QUESTION_START = re.compile(
    rf"^(?:{_AUXILIARY}|(?:how|what|which)(?:\s+\w+){{0,2}}?\s+{_AUXILIARY}"
    rf"|(?:why|when|where)\s+{_AUXILIARY})[^.]*\b(?:authors?|you|they)\b",
    re.I,
)
_RECOMMENDATION = re.compile(
    r"^(?:the authors? (?:should|could|might|may want to)|it would be (?:useful|helpful|good|"
    r"interesting|valuable|important)|i (?:would )?(?:suggest|recommend)|we (?:suggest|recommend)"
    r"|future work should)|^(?:建议|作者应|作者可以|希望作者)",
    re.I,
)


#: "given that / since / as the authors show X": X is asserted inside a question or a request.
_PRESUPPOSED = re.compile(
    r"\b(?:given that|since|as|because|now that|considering that)\s+(?:the authors?|the paper|"
    r"they|it|this (?:paper|work|study))\s+(?:\w+\s+)?(?:shows?|showed|shown|reports?|reported|"
    r"finds?|found|demonstrates?|demonstrated|claims?|claimed|states?|stated|argues?|argued)"
    r"\s+(?:that\s+)?(?P<claim>[^?？]+)",
    re.I,
)
_PRESUPPOSED_ZH = re.compile(
    r"(?:鉴于|既然|由于)(?:作者|本文|论文)?(?:已)?(?:表明|证明|指出|发现)(?P<claim>[^？?，,]+)"
)


#: A leading reason clause: "Given that X, why ...", "Since X, how ...", "Considering X, ...".
_LEADING_GIVEN = re.compile(
    r"^(?:given (?:that )?|since |considering (?:that )?|because |now that |as )"
    r"(?P<claim>[^,?？]{12,}?),\s+(?=\w)",
    re.I,
)
#: "As shown in Table 2, X", "As the authors note, X", "As for F1, X": a leading "as" that
#: points to where or of what X is said gives no reason; X is the sentence's claim.
_AS_FRAME = re.compile(
    r"^as\s+(?:for\b|(?:(?:is|was|can\s+be|will\s+be)\s+)?(?:shown|seen|noted|reported|"
    r"observed|evident|illustrated|described|discussed|mentioned|indicated|demonstrated|expected|"
    r"depicted|listed|presented|summari[sz]ed|stated|(?:the\s+)?authors?\b|(?:the\s+)?paper\b|"
    r"they\b|we\b|it\b|this\b))",
    re.I,
)
#: A trailing reason clause: "..., given that X." / "... since X?".
_TRAILING_GIVEN = re.compile(
    r"[,;]\s*(?:given (?:that )?|since |considering (?:that )?|because |now that )"
    r"(?P<claim>[^?？]{12,})$",
    re.I,
)
#: "Why does X ...?": the question takes X as a fact.
_WHY = re.compile(
    r"^why (?:do|does|did|is|are|was|were|has|have|would|should) (?P<claim>.+)$", re.I
)
#: "How do the authors suggest X?": the question takes what the authors advise as a fact.
_HOW_ADVISED = re.compile(
    r"^how (?:do|does|did) (?P<claim>(?:the authors?|they|the paper|this (?:paper|work|study)) "
    r"(?:suggest|recommend|propose|advise|advocate)\w* .+)$",
    re.I,
)
#: "What are the X presented in Figure 5?": the question takes it that Figure 5 presents X.
_WHAT_SHOWN = re.compile(
    r"^what (?:is|are) (?P<claim>.+?,?\s(?:presented|shown|reported|listed|plotted|given|"
    r"summari[sz]ed) in (?:table|figure|fig\.?|section)\s*\d+[a-z]?)\W*$",
    re.I,
)
_GIVEN_ZH = re.compile(r"^(?:既然|考虑到|鉴于|由于|因为)(?P<claim>[^，,？?]{4,})[，,]")
_WHY_ZH = re.compile(r"^(?P<subject>[^，,？?]{0,12}?)(?:为什么|为何)(?P<claim>[^？?]{2,})")
_REPORTING = re.compile(
    r"^(?:the authors?|the paper|they|it|this (?:paper|work|study))\s+(?:\w+\s+)?"
    r"(?:shows?|showed|shown|reports?|reported|finds?|found|demonstrates?|demonstrated|claims?|"
    r"claimed|states?|stated|argues?|argued)\s+(?:that\s+)?",
    re.I,
)


def _leading_reason(body: str) -> re.Match[str] | None:
    """A reason clause opening the sentence ("Given that X, …", "既然X，…"), not a frame."""
    english = None if _AS_FRAME.match(body) else _LEADING_GIVEN.match(body)
    return english or _GIVEN_ZH.match(body)


def embedded_claim(sentence: str) -> str | None:
    """The claim a question or recommendation presupposes ("given that they show X" -> X)."""
    match = _PRESUPPOSED.search(sentence) or _PRESUPPOSED_ZH.search(sentence)
    if match is None:
        body = sentence.strip()
        match = (
            _leading_reason(body)
            or _TRAILING_GIVEN.search(body.rstrip(" .。?？"))
            or _WHY_ZH.match(body)
            or (_question_premise(body) if body.endswith(("?", "？")) else None)
        )
    if match is None:
        return None
    subject = match.groupdict().get("subject") or ""
    claim = _REPORTING.sub("", (subject + match.group("claim")).strip(" ,;:.?？")).strip()
    return claim if len(claim.split()) >= 3 or cjk_ratio(claim) > 0.3 else None


def _question_premise(question: str) -> re.Match[str] | None:
    """The premise of "Why does X …?", "How do the authors suggest X?", "What is X shown in …?"."""
    return _WHY.match(question) or _HOW_ADVISED.match(question) or _WHAT_SHOWN.match(question)


#: Where a sentence joins separate facts: "; ", ", and/but/while <new subject>", "；", "，并且…".
_JOINS = re.compile(
    r";\s+|,\s+(?:and|but|while|whereas)\s+(?=(?:[Tt]he|[Ii]ts?|[Tt]hey|[Tt]heir|[Tt]his|[Tt]hese|"
    r"[Tt]hose|[Ww]e|[Oo]ur|[A-Z][\w-]*)\s)|；|，(?=(?:并且|而且|但是?|而|同时|此外)\S)"
)


#: A clause about what the one before it found: "the difference was …", "which could …".
_BACK_REFERENCE = re.compile(
    r"(?:but\s+|although\s+|though\s+|yet\s+)?(?:which|(?:the|this|that|these|its|their)\s+"
    r"(?:[\w-]+\s+){0,3}?(?:differences?|gaps?|gains?|effects?|changes?|increases?|decreases?|"
    r"reductions?|associations?|results?|findings?|benefits?|advantages?)"
    # what it is set against, not what it is of: "its gain relative to fished sites (…)"
    r"(?:\s+(?:relative\s+to|compared\s+with|over|against|between)\s+[^,;()]{1,40}?)?"
    r"(?:\s*\([^()]*\))?\s+(?:was|were|is|are|could|may|might|did|fell|remained|had)\b)",
    re.I,
)


def claim_parts(text: str) -> list[str]:
    """The separate facts a sentence joins, each long enough to be checked on its own.

    ", and the X" after two or more commas ends a list ("thank A, B, C, and the Anvil
    community"), not a clause, so it does not split.
    """
    pieces: list[str] = []
    start = 0
    for match in _JOINS.finditer(text):
        if match.group().startswith(",") and text.count(",", start, match.start()) >= 2:
            continue
        pieces.append(text[start : match.start()])
        start = match.end()
    pieces = [p.strip(" ,;；，") for p in [*pieces, text[start:]]]
    if len(pieces) < 2 or not all(_long_enough(p) for p in pieces):
        return [text]
    # "…, but the difference could plausibly have arisen by chance" says how sure the piece
    # before it is, not a fact of its own ("…, but the difference was not significant" states a
    # test the paper may contradict, and is checked as one).
    kept = [pieces[0]]
    for piece in pieces[1:]:
        if puts_down_to_chance(piece) and _BACK_REFERENCE.match(piece):
            kept[-1] = f"{kept[-1]}, {piece}"
        else:
            kept.append(piece)
    return kept if len(kept) > 1 else [text]


def _long_enough(piece: str) -> bool:
    return len(piece.split()) >= 4 or sum(1 for ch in piece if "\u3400" <= ch <= "\u9fff") >= 6


def check_texts(sentence: str) -> list[str]:
    """What is checked of a sentence: its presupposed claim and any clause it asserts itself.

    Markers ("- ", "1. ", "[unverified]") are left out. "HTML reaches 0.1 at n=3, because it
    uses audio features" states two facts, and a wrong value in the first is no less wrong for
    the reason given after it; a question or a request around a presupposed claim asserts
    nothing of its own.
    """
    body = _PREFIX.sub("", sentence).strip()
    embedded = embedded_claim(body)
    if embedded is None:
        return [body]
    main = _asserted_clause(body)
    return [main, embedded] if main else [embedded]


def _asserted_clause(body: str) -> str | None:
    """The sentence without its reason clause, when it is a statement long enough to check."""
    if body.endswith(("?", "？")) or _QUESTION_START.match(body) or _RECOMMENDATION.match(body):
        return None
    trimmed = body.rstrip(" .。?？")
    lead = _leading_reason(body)
    if lead is not None:
        main = body[lead.end() :]
    else:
        tail = (
            _TRAILING_GIVEN.search(trimmed)
            or _PRESUPPOSED.search(body)
            or _PRESUPPOSED_ZH.search(body)
        )
        if tail is None:
            return None
        main = body[: tail.start()]
    main = main.strip(" ,;；，")
    # "The authors acknowledge that, because …": a frame whose content is all in the clause
    if _FRAME_ONLY.search(main):
        return None
    return main if _long_enough(main) else None


_FRAME_ONLY = re.compile(r"\bthat$", re.I)


def claim_kind(sentence: str) -> str | None:
    """Why a sentence is not a claim ("heading", "bullet", "question", ...), or None."""
    stripped = sentence.strip()
    if _BULLET_ONLY.match(stripped):
        return "bullet"
    body = _PREFIX.sub("", stripped).strip().strip("*_").strip()
    if stripped.startswith("#") or body.rstrip(":：").casefold() in _HEADING_WORDS:
        return "heading"
    if embedded_claim(body):
        return None
    if body.endswith(("?", "？")) or _QUESTION_START.match(body):
        return "question"
    if _RECOMMENDATION.match(body):
        return "recommendation"
    bullet = re.match(r"^\s*(?:[-*\u2022]|\d{1,2}[.)])\s+", stripped) is not None
    fact = bullet and len(body.split()) >= 3
    if not fact and not re.search(r"[.!。！;；)\]」”\"]$", body) and "\n" not in body:
        words = len(body.split()) + sum(1 for ch in body if "\u3400" <= ch <= "\u9fff") / 2
        if words <= 6 and not re.search(r"\d", body):
            return "heading"
    if not re.search(r"\w", body):
        return "bullet"
    return None


def extract_claims(text: str) -> list[Claim]:
    """Sentences of ``text`` with offsets; a leading ``[unverified]`` marker is outside the span."""
    claims: list[Claim] = []
    for start, end in split_sentences(text):
        piece = text[start:end]
        marker = re.match(r"\s*\[unverified\]\s*", piece)
        if marker:
            start += marker.end()
        lead = len(text[start:end]) - len(text[start:end].lstrip())
        start += lead
        end = start + len(text[start:end].rstrip())
        if start >= end:
            continue
        sentence = text[start:end]
        claims.append(Claim(len(claims), sentence, start, end, claim_kind(sentence) is None))
    return claims
