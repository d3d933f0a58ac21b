"""Who paid for the work: a claim's funder against the funders the paper names.

Reports of studies name the wrong funder ("funded by the US National Institutes of Health" of a
study the Japan Society for the Promotion of Science funded), or take another acknowledged party
for it ("funded by an olive oil producers' association" where the association only donated the
oil). The paper's funding clauses ("The trial was funded by the Spanish Ministry of Health; …")
are read once; a claim whose funder shares less than half its words with every funder the paper
names, and matches none of their acronyms, misstates it. A paper that names no funder is not
read: what it does not say, the other checks judge.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from core.text.quotes import excerpt
from core.text.words import content_words
from core.types import PaperSentence

#: "funded by X", "financed by X", "with funding from X", "X funded the study".
_BY = re.compile(
    r"\b(?:funded|financed|sponsored|paid for|commissioned)\s+(?:\w+ly\s+|in part\s+)?by\s+"
    r"(?P<who>[^;,.:]+(?:\([^)]*\))?)",
    re.I,
)
_FROM = re.compile(
    r"\b(?:funding|grants?|financial support|financing)\s+(?:was\s+|came\s+|comes\s+)?"
    r"(?:provided\s+)?(?:from|by)\s+"
    r"(?P<who>[^;,.:]+(?:\([^)]*\))?)",
    re.I,
)
_SUBJECT = re.compile(
    r"(?P<who>(?:[A-Z][\w'’&-]*\s+)*(?:[A-Z][\w'’&-]*|[a-z]+\s+(?:association|foundation|"
    r"company|industry|group)))\s+(?:funded|financed|sponsored|paid for)\s+(?:the|this)\s+"
    r"(?:study|trial|work|research|project|analysis|experiment)",
)
#: A paper's "supported by X" names a funder only in a sentence about money.
_SUPPORTED = re.compile(r"\bsupported\s+(?:\w+ly\s+|in part\s+)?by\s+(?P<who>[^;,.:]+)", re.I)
#: "Corvane Pharmaceuticals supplied …", "Hexa Labs provided the devices": a named party that
#: gave something other than money.
_SUPPLIER = re.compile(
    r"(?P<who>(?:[A-Z][\w'’&-]*\s+)+?(?:[A-Z][\w'’&-]*))\s+(?:supplied|provided|donated|loaned|"
    r"lent)\b"
)
#: A funder named by its role: "The Vestland Energy Foundation, the study's sole funder, …".
_ROLE = re.compile(
    r"(?P<who>(?:the\s+)?[A-Z][\w'’&-]*(?:\s+(?:[A-Z][\w'’&-]*|of|for|and))*)\s*,\s*(?:the\s+)?"
    r"(?:(?:study|trial|work|project|research)(?:'s|’s)\s+)?(?:sole\s+|main\s+|only\s+)?"
    r"(?:funder|sponsor)\b"
)
#: A paper's funding label: "Funding: The Marlowe Foundation for Cancer Research (grant …)".
_LABEL = re.compile(
    r"\s*(?:Funding|Financial support|Sources? of funding|Funding sources?)\s*[:.]\s+"
    r"(?P<who>(?:the\s+)?[A-Z][^;,:]+(?:\([^)]*\))?(?:[^;,:(]*)?)",
)
#: What was paid for, when it is neither the work nor a name: "The cash payments were
#: financed by …" (a study's name, "This work", "The trial" are the work).
_PART = re.compile(
    r"^\s*(?:[A-Z][a-z]+:\s*)?(?:[Tt]he|[Aa]ll|[Ii]ts)\s+(?!(?:\w+\s+)?(?:study|trial|work|research|"
    r"project|analysis|survey|experiment|programme|program|evaluation|pilot)\b)[a-z][\w-]*"
    r"(?:\s+[a-z][\w-]*){0,3}\s+(?:was|were|is|are)\s+(?:\w+ly\s+|in part\s+)?$",
)
#: Words of what kind of body a funder is, which tell no funder from another (stemmed).
_KINDS = frozenset(
    content_words(
        "foundation trust council institute institutes ministry agency fund programme program "
        "society association charity research national health science sciences"
    )
)
#: Parties joined in one funder phrase.
_PARTY = re.compile(r"\s+and\s+(?:by\s+)?(?=(?:the\s+)?[A-Z])|;\s*")
#: A claim that one party alone paid: "the study's sole funder", "funded solely by".
_SOLE = re.compile(
    r"\b(?:sole|only|single)\s+(?:funder|sponsor|source of (?:funding|money))\b|"
    r"\b(?:funded|financed|paid for|sponsored)\s+(?:solely|only|entirely|exclusively|wholly)\b",
    re.I,
)
_MONEY = re.compile(r"\b(?:fund\w*|grants?|financ\w*|sponsor\w*)\b", re.I)
#: A funder named after a clause ends: "…, which had no role", "… and by X".
_TAIL = re.compile(
    r"\s+(?:which|who|that|with|under|through|to|and\s+(?:received|got|took|had|has|was|"
    r"were|is|are|did)\b)\b.*$",
    re.I,
)
#: "received no money from X", "did not receive any funding from X": X paid for nothing.
_DENIED = re.compile(r"\b(?:no|not|any|without)\s+(?:\w+\s+)?$", re.I)
#: "supported by grant R01-123 from the National Institutes of Health": the funder follows.
_GRANT = re.compile(r"^.*\bfrom\s+", re.I)
_ACRONYM = re.compile(r"\b[A-Z]{2,8}\b")
#: "sponsored by the drug's developer, Halvard Therapeutics,": the name after a description.
_APPOSITIVE = re.compile(
    r"\s*,\s*(?P<name>(?:the\s+)?[A-Z][\w'’&-]*(?:\s+(?:[A-Z][\w'’&-]*|of|for|and))*)"
    r"(?=\s*[,.;)]|$)"
)
_JOINERS = frozenset({"of", "for", "the", "and", "de", "du", "der", "für"})


@dataclass(frozen=True)
class Funder:
    """A funder as written, with its content words and the acronyms it may go by."""

    written: str
    words: frozenset[str]
    acronyms: frozenset[str]
    #: Named as supplying something ("supplied the tablets free of charge"), not as paying.
    supplier: bool = False
    #: Paid for a part of the work only: "The cash payments were financed by …".
    part: bool = False


@dataclass(frozen=True)
class FunderWrong:
    """A claim's funder that is none of those the paper names."""

    claimed: str
    stated: str
    text: str
    page: int
    sentence_index: int
    #: How the paper names the claim's funder: as none of its funders ("other"), only as a
    #: supplier ("supplier"), or beside others where the claim has it pay alone ("alone").
    kind: str = "other"

    @property
    def reason(self) -> str:
        """``funder_not_in_paper:US National Institutes of Health``, ``funder_role:…``."""
        if self.kind == "role":
            return f"funder_role:{self.claimed[:60]}"
        return f"funder_not_in_paper:{self.claimed[:60]}"

    def explain(self) -> str:
        """``The claim says X funded the work, but the paper names Y (p. 3): “…”``."""
        if self.kind == "role":
            return (
                f"The claim says the funder {self.claimed}, but the paper says it had no role "
                f"(p. {self.page}): “{excerpt(self.text)}”"
            )
        if self.kind == "supplier":
            return (
                f"The claim says {self.claimed} funded the work, but the paper names it only as "
                f"a supplier (p. {self.page}): “{excerpt(self.text)}”"
            )
        if self.kind == "alone":
            return (
                f"The claim says {self.claimed} alone funded the work, but the paper names "
                f"{self.stated} (p. {self.page}): “{excerpt(self.text)}”"
            )
        return (
            f"The claim says {self.claimed} funded the work, but the paper names "
            f"{self.stated} (p. {self.page}): “{excerpt(self.text)}”"
        )


def funders(text: str, *, paper: bool = False) -> list[Funder]:
    """The funders a text names; a paper's "supported by" counts in a sentence about money.

    A paper's funding label names them without a verb: "Funding: The Marlowe Foundation".
    """
    patterns = [_BY, _FROM, _SUBJECT, _ROLE]
    if paper and _MONEY.search(text):
        patterns.append(_SUPPORTED)
    found = []
    for pattern in patterns:
        for match in pattern.finditer(text):
            if _DENIED.search(text[: match.start()]):
                continue
            who = _GRANT.sub("", _TAIL.sub("", match.group("who"))).strip()
            named = _APPOSITIVE.match(text, match.end())
            if named and who.islower():
                who = named.group("name").strip()
            words = frozenset(content_words(who))
            if words:
                part = pattern is _BY and _PART.match(text[: match.start()]) is not None
                found.append(Funder(who, words, _acronyms(who), part=part))
    label = _LABEL.match(text) if paper and not found else None
    if label is not None:
        # "Funding: The Marlowe Foundation": the article is capitalised as the label's first word
        who = re.sub(r"^The\b", "the", _TAIL.sub("", label.group("who")).strip().rstrip("."))
        if words := frozenset(content_words(who)):
            found.append(Funder(who, words, _acronyms(who)))
    return found


def _parties(funder: Funder) -> int:
    """How many parties a funder phrase names: "the NCH Programme and the Vestland Foundation"."""
    return len(_PARTY.split(funder.written))


def _acronyms(who: str) -> frozenset[str]:
    """Acronyms in brackets or written out, and the initials of the capitalised words."""
    stated = set(_ACRONYM.findall(who))
    words = [
        w
        for w in re.findall(r"[A-Za-z][\w'’-]*", who.split("(")[0])
        if w.casefold() not in _JOINERS
    ]
    initials = "".join(w[0] for w in words if w[0].isupper())
    if len(initials) >= 2:
        stated.add(initials)
    return frozenset(a.casefold() for a in stated)


def paper_funders(sentences: Sequence[PaperSentence]) -> list[tuple[Funder, PaperSentence]]:
    """Every funder the paper names, with its sentence, read once per paper.

    A paper that names no funder gives its suppliers instead ("Corvane Pharmaceuticals supplied
    aspirin and placebo tablets free of charge"): a claim that they paid for it misstates them.
    """
    text = [s for s in sentences if s.section != "table"]
    found = [(f, s) for s in text for f in funders(s.text, paper=True)]
    if found:
        return found
    return [
        (Funder(who, frozenset(content_words(who)), _acronyms(who), supplier=True), s)
        for s in text
        if not _MONEY.search(s.text)
        for who in (m.group("who").strip() for m in _SUPPLIER.finditer(s.text))
    ]


#: The paper keeping a party out of the work: "The funder had no role in study design, …".
_NO_ROLE = re.compile(r"\b(?:had|has|have|played)\s+no\s+(?:\w+\s+)?role\s+in\b", re.I)
#: A claim giving a party a part in the work: "helped design the study", "was involved in
#: interpreting the findings", "also helped select the study sites".
_HAD_ROLE = re.compile(
    r"\b(?:helped|help|assisted|contributed|involved|participated|took\s+part|shaped|advised|"
    r"guided|co-?designed)\b[^.;]{0,30}?\b(?P<what>design\w*|analy[sz]\w*|interpret\w*|writ\w*|"
    r"select\w*|report\w*|conduct\w*|collect\w*|draft\w*|chose|choos\w*)",
    re.I,
)
_ROLE_DENIED = re.compile(r"\b(?:no|not|never|without|neither|nor|none)\b|n't", re.I)


@dataclass(frozen=True)
class KeptOut:
    """A paper sentence keeping a party out of the work, with the words naming that party."""

    sentence: PaperSentence
    words: frozenset[str]  # "Corvanta Labs provided licences …" before "had no role"
    funders: bool  # it speaks of "the funder(s)" or "sponsor(s)"


_FUNDERS = re.compile(r"\b(?:funders?|sponsors?)\b", re.I)


def funder_roles(sentences: Sequence[PaperSentence]) -> list[KeptOut]:
    """The paper's sentences saying its funders (or a named party) had no role; read once."""
    return [
        KeptOut(
            s, frozenset(content_words(s.text[: no_role.start()])), bool(_FUNDERS.search(s.text))
        )
        for s in sentences
        if s.section != "table" and (no_role := _NO_ROLE.search(s.text)) is not None
    ]


def _role_misstated(
    claim: str, roles: Sequence[KeptOut], paper: Sequence[tuple[Funder, PaperSentence]]
) -> FunderWrong | None:
    """A part in the work the claim gives a funder the paper says had none.

    The claim speaks of the funder as one ("which funded the trial") or by a name the paper's
    no-role sentence gives ("Corvanta Labs … had no role").
    """
    role = _HAD_ROLE.search(claim)
    if role is None or _ROLE_DENIED.search(claim[: role.end()]):
        return None
    mine = content_words(claim[: role.start()])
    paid = _MONEY.search(claim) is not None
    for kept in roles:
        sentence = kept.sentence
        funder = paid and (kept.funders or any(s.index == sentence.index for _, s in paper))
        if funder or len(mine & kept.words - _KINDS) >= 2:
            return FunderWrong(
                role.group(0), "", sentence.text, sentence.page, sentence.index, "role"
            )
    return None


def check_funder(
    claim: str,
    paper: Sequence[tuple[Funder, PaperSentence]],
    roles: Sequence[KeptOut] = (),
) -> FunderWrong | None:
    """The claim's first funder that matches none of the paper's, when the paper names any.

    Where the paper names suppliers only, the claim's funder that is one of them; a part in
    the work the claim gives a funder the paper kept out of it (``roles``).
    """
    wrong = _funder_wrong(claim, paper)
    return wrong or (_role_misstated(claim, roles, paper) if roles else None)


def _funder_wrong(claim: str, paper: Sequence[tuple[Funder, PaperSentence]]) -> FunderWrong | None:
    if not paper:
        return None
    # A funder of a part ("the cash payments") did not fund the work a claim's funder funds.
    whole = [(f, s) for f, s in paper if not f.part] or list(paper)
    for mine in funders(claim):
        named = [(t, s) for t, s in (paper if mine.part else whole) if _same(mine, t)]
        if named and _SOLE.search(claim):
            # "the study's sole funder" where the paper names others beside it
            if _parties(named[0][0]) > 1 or len({t.written for t, _ in whole}) > 1:
                return _wrong(mine, *named[0], "alone")
        if paper[0][0].supplier:
            supplied = next(((t, s) for t, s in paper if _same(mine, t)), None)
            if supplied is not None:
                return _wrong(mine, *supplied, "supplier")
            continue
        if named:
            continue
        return _wrong(mine, *whole[0], "other")
    return None


def _wrong(mine: Funder, theirs: Funder, sentence: PaperSentence, kind: str) -> FunderWrong:
    return FunderWrong(
        mine.written, theirs.written, sentence.text, sentence.page, sentence.index, kind
    )


def _same(mine: Funder, theirs: Funder) -> bool:
    """At least half the claim's funder words, or an acronym either gives the other.

    Words every kind of funder uses ("Foundation", "Trust") do not tell one named funder from
    another: the Calder Foundation is not the Marlowe Foundation. A funder described, not named
    ("a separate foundation"), is all kind.
    """
    named = any(w[:1].isupper() for w in mine.written.split()[1:] or mine.written.split())
    own = (mine.words - _KINDS if named else mine.words) or mine.words
    if len(own & theirs.words) * 2 >= len(own):
        return True
    return bool((mine.acronyms | mine.words) & theirs.acronyms) or bool(
        mine.acronyms & theirs.words
    )
