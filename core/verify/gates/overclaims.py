"""Overclaims: absolute words the evidence does not carry, and results extended past their scope.

An absolute word ("always", 所有) must be backed by an equivalent word in the sentence's
evidence. A claim that a result carries over to something else ("works equally well for English
questions", "the same holds when video is added", 同样适用于高血压问题) names a scope: the words of
that scope which the rest of the sentence does not already use must occur in the evidence, or the
sentence extends the paper's result beyond what it tested.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.text.normalize import normalize_text
from core.text.words import content_words, stem
from core.verify.gates.common import GateFinding
from core.verify.gates.lexicon import OVERCLAIMS

#: A negation earlier in the absolute word's clause ("not significant for every horizon",
#: "may not be suitable for all types", "cannot prove") restricts the word instead of asserting it.
EN_NEGATION = re.compile(
    r"(?:\b(?:not|cannot|no|never|hardly|rarely|without|nor|barely)|n't)\W+(?:\w+\W+){0,5}$", re.I
)
#: Where a clause starts: a negation before it belongs to another clause.
_CLAUSE_START = re.compile(
    r".*(?:[,;:()]|\b(?:and|but|or|while|whereas|which|that|because|although|so)\b)", re.I | re.S
)
#: A Chinese negation just before an absolute word, or a few function words before it
#: ("并非在所有时间周期上", "不是所有", "并不完全"); 不同, 不仅, 不断 and the like do not negate.
ZH_NEGATION = re.compile(
    r"(?:并不|并非|没有|不是|未必|不(?![同仅但断管论少])|未|非)"
    r"(?:是|在|对于|对|于|为|能|会|一定|都){0,2}$"
)
#: The second part of a compound names a kind ("problem-solving therapy"); it claims nothing.
EN_OVERCLAIM = re.compile(
    r"(?<![-\w])(?:" + "|".join(f"(?P<{k}>{c.en})" for k, c in OVERCLAIMS.items()) + r")\b",
    re.I,
)
#: Chinese forms, longest first so 证明了 is read before 证明.
ZH_FORMS = sorted(
    ((form, key) for key, c in OVERCLAIMS.items() for form in c.zh), key=lambda f: -len(f[0])
)


#: A result said to carry over to a new scope; ``scope`` is what it is extended to.
EN_SCOPE = re.compile(
    r"\b(?:(?:generali[sz]es?|generali[sz]ed|transfers?|transferred|carries over|extends?)\s+"
    r"(?:equally well\s+|just as well\s+|as well\s+)?|(?:works?|holds?|appl(?:y|ies)|performs?)"
    r"\s+(?:equally well|just as well|as well|too)\s+|also (?:works?|holds?|appl(?:y|ies))\s+|"
    r"equally (?:well|effective|applicable)\s+|the same (?:holds|is true|applies)\s+)"
    r"(?:to|for|on|in|with|across|when)\s+(?P<scope>[^,.;:!?]+)",
    re.I,
)
ZH_SCOPE = (
    re.compile(r"(?:同样|也|还)?(?:适用于|推广到|迁移到|适用在)(?P<scope>[^，。；！？,;]+)"),
    re.compile(
        r"(?:在|对|对于)(?P<scope>[^，。；！？,;]{2,24}?)(?:上|中|里)?(?:同样|也)(?:成立|适用|有效)"
    ),
)
#: Share of a scope's new words the evidence must lack before the extension is flagged.
SCOPE_MISSING_SHARE = 0.25


def scope_extension(text: str) -> tuple[str, set[str]] | None:
    """The scope a result is extended to and its words the rest of the sentence lacks, or None."""
    match = EN_SCOPE.search(text) or next(
        (m for m in (r.search(text) for r in ZH_SCOPE) if m is not None), None
    )
    if match is None:
        return None
    scope = match.group("scope").strip()
    rest = text[: match.start()] + " " + text[match.end() :]
    new = {w for w in content_words(scope) - content_words(rest) if not w.isdigit()}
    return (scope, new) if new else None


def check_scope(text: str, evidence: Sequence[str]) -> list[GateFinding]:
    """A result extended to a scope whose new words its evidence does not use."""
    found = scope_extension(text)
    if found is None:
        return []
    scope, new = found
    shown = set().union(*(content_words(e) for e in evidence)) if evidence else set()
    missing = new - shown
    if len(missing) / len(new) < SCOPE_MISSING_SHARE:
        return []
    return [
        GateFinding(
            "overclaim",
            f"overclaim_scope:{scope}",
            f"The paper's evidence does not show this for {scope}",
        )
    ]


def overclaim_terms(text: str) -> list[str]:
    """Absolute words of a sentence, as canonical English keys ("always", "prove", …).

    Negated forms ("does not always", "not all", "all but one", 并不完全) restrict rather than
    generalise, so they are not absolute words.
    """
    found: list[str] = []
    for m in EN_OVERCLAIM.finditer(text):
        if _negated(text[: m.start()]) or re.match(r"\s+but\b", text[m.end() :]):
            continue
        if m.group(0).casefold() in ("all", "both") and _FLOATING.search(text[: m.start()]):
            continue
        if (
            m.group(0).casefold() == "all"
            and _IN_BEFORE.search(text, 0, m.start())
            and _CLAUSE_ENDS.match(text, m.end())
        ):
            continue
        if m.group(0).casefold() == "all" and _SHARE_OF.search(text, 0, m.start()):
            continue
        if m.group(0).casefold() == "best" and _REFERENCE.match(text, m.end()):
            continue
        if _COMPARED_WITH_ALL.search(text[: m.start()]) or _GRADED.search(text[: m.start()]):
            continue
        if m.group(0).casefold() == "every" and (
            _RATE.match(text, m.end()) or _PER.search(text[: m.start()])
        ):
            continue
        if m.group(0).casefold() == "any" and _NEGATIVE_SUBJECT.match(text):
            continue
        if m.group(0).casefold() == "never" and _BOUND_AFTER.match(text, m.end()):
            continue
        found.extend(k for k, v in m.groupdict().items() if v)
    for word, key in ZH_FORMS:
        for m in re.finditer(re.escape(word), text):
            if not ZH_NEGATION.search(text[: m.start()]):
                found.append(key)
                break
    return list(dict.fromkeys(found))


#: "Neither funder … had any say", "No participant reported any harm": a sentence whose subject
#: is negated denies what its "any" ranges over; the appositive commas end no clause of it.
_NEGATIVE_SUBJECT = re.compile(r"\s*(?:neither|none|no|nobody|nothing)\b", re.I)

#: "Twelve summers in all, six on each side": a total, not everything ("in all languages" is).
_IN_BEFORE = re.compile(r"\bin\s+$", re.I)
_CLAUSE_ENDS = re.compile(r"\s*(?:[,.;:)]|$)")

#: "Two-fifths of all the retreat", "59% of all adults", "seven in ten of all bees": a share of
#: a whole, which the values settle, not a claim about every member of it.
_SHARE_OF = re.compile(
    r"(?:\d%?|\b(?:half|thirds?|quarters?|fifths?|sixths?|tenths?|percent|per\s+cent|"
    r"proportion|share|fraction|majority|minority|(?:in|of)\s+(?:ten|a\s+hundred|\d+)))"
    r"\s+of\s+$",
    re.I,
)

#: "Less complete", "almost all", "nearly every": a graded word is no absolute.
_GRADED = re.compile(
    r"\b(?:less|more|nearly|almost|largely|mostly|partly|partially|virtually)\s+$", re.I
)

#: "Patients, their doctors and the nurses were all unaware …": a floating "all" after a list
#: the sentence names in full quantifies that list only.
_FLOATING = re.compile(r"^[^.;:]*\w,?\s+and\s+[^.;:]*?\b(?:were|are|have|had)\s+$", re.I)

#: "Relative to the best baseline": a superlative that picks the reference of a comparison
#: claims nothing about the paper's own method.
_REFERENCE = re.compile(
    r"\s+(?:\w+\s+)?(?:baselines?|competitors?|prior|previous|existing|competing|other|"
    r"published)(?![\w-])",
    re.I,
)

#: "Higher than any other component", "the lowest overpotential of all the catalysts": the word
#: sets what a comparison or superlative is against, which the values settle (the comparison
#: checks and the judge), not an absolute the evidence must repeat.
_COMPARED_WITH_ALL = re.compile(
    r"\bthan\s+(?:[\w-]+\s+){0,2}$|"
    r"\b(?:highest|lowest|largest|smallest|greatest|biggest|fewest|fastest|slowest|strongest|"
    r"weakest|best|worst|most|least|top)\b[^,;.]*\b(?:of|among)\s+$",
    re.I,
)

#: "7 in every 1,000 children", "0.2 °C for every 0.1 increase", "one avoided for every dozen
#: treated", "every 3 months", "vaped every day": a rate, an interval or a frequency, not
#: everything ("all eight models" and "every one of the five sites" are all of them).
_RATE = re.compile(
    r"\s+(?:\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|dozen|hundred|thousand|"
    r"million)\b(?!\s+of\b)|"
    r"(?:other\s+)?(?:day|night|morning|evening|afternoon|week|weekday|weekend|month|year|"
    r"hour|minute)\b(?!\s+of\b))",
    re.I,
)

#: "USD 32 for every colony still alive": an amount for every one of something is a rate.
_PER = re.compile(r"(?:\d|\b(?:one|two|three|four|five|ten)\b)[^,;.]*\bfor\s+$", re.I)

#: "Coverage never exceeded 38%", "never fell below 2 mg/L": a bound on a value, which the
#: number checks settle, not a claim about every occasion.
_BOUND_AFTER = re.compile(
    r"\s+(?:exceed\w*|surpass\w*|topped|(?:rose|risen|went|gone|got|climbed|fell|fallen|"
    r"dropped|dipped)\s+(?:above|over|beyond|below|under))\s+(?:about\s+|roughly\s+)?\d",
    re.I,
)

#: The noun after a quantifier: "all (of the) measures".
_NOUN = r"(?:the\s+|of\s+the\s+)?([a-z]{4,})"


def _quantified(text: str, pattern: str) -> str | None:
    """The noun an absolute word quantifies ("measure" of "Every measure"), if any."""
    found = re.search(rf"\b(?:{pattern})\s+{_NOUN}", text, re.I)
    return found.group(1).casefold() if found else None


_QUANTIFIERS = frozenset("all every each any both always never none no".split())
#: The share of a long paper sentence's other words a claim must share with it, two at least.
_SHARE_OF_SENTENCE = 0.25


def _quantified_in_paper(claim: str, noun: str, backing: Sequence[str], paper: str) -> bool:
    """Whether a paper sentence quantifies the noun so and shares enough of the claim's words."""
    words = {w for w in content_words(claim) - _QUANTIFIERS if not _same_noun(w, noun)}
    quantifier = "|".join(backing)
    for found in re.finditer(rf"\b(?:{quantifier})\s+{_NOUN}", paper):
        if not _same_noun(noun, found.group(1)):
            continue
        start = paper.rfind(".", 0, found.start()) + 1
        end = paper.find(".", found.end())
        sentence = paper[start : end if end >= 0 else len(paper)]
        theirs = {w for w in content_words(sentence) - _QUANTIFIERS if not _same_noun(w, noun)}
        shared = len(words & theirs)
        if shared >= 2 or (shared and shared >= _SHARE_OF_SENTENCE * len(theirs)):
            return True
    return False


def _same_noun(a: str, b: str) -> bool:
    """One noun, singular or plural: "measure" and "measures", "study" and "studies"."""
    a, b = stem(a), stem(b)
    short, long = sorted((a, b), key=len)
    return long.startswith(short) and len(long) - len(short) <= 1


#: "All (of the) participants were …", "All nurses in the analysis …": the study's own people.
_ALL_PARTICIPANTS = re.compile(
    r"^\s*(?:all|every)\s+(?:of\s+)?(?:the\s+)?(?:\w+\s+)?(?:participants?|people|persons?|"
    r"patients?|adults?|child(?:ren)?|pupils?|students?|wom[ae]n|m[ae]n|nurses?|subjects?|"
    r"respondents?|volunteers?|residents?|cases|controls)\b",
    re.I,
)
#: A paper's eligibility criteria: who was included holds of every participant.
_ELIGIBILITY = re.compile(
    r"\b(?:eligib\w*|inclusion|included|enrolled|enrol\w*|recruited|were required|aged\s+\d|"
    r"free of|without (?:a )?(?:history|prior))",
    re.I,
)


#: "Just over 400 residents, all aged 65 or older": the participants, then what all of them are.
_ALL_OF_THEM = re.compile(
    r"\b(?:participants|people|persons|patients|adults|children|pupils|students|women|men|"
    r"nurses|subjects|respondents|volunteers|residents)\b[^,;.]{0,60},\s*(?:all|each)\b",
    re.I,
)


def _of_participants(text: str, evidence: str) -> bool:
    """Whether "all" quantifies the study's participants and the evidence says who took part.

    "All nurses in the analysis were free of diabetes at the outset" restates the criteria
    ("nurses free of diabetes at baseline were included"): they hold of every participant.
    """
    quantified = _ALL_PARTICIPANTS.match(text) or _ALL_OF_THEM.search(text)
    return quantified is not None and _ELIGIBILITY.search(evidence) is not None


def _negated(before: str) -> bool:
    """Whether the clause before an absolute word negates it."""
    clause = _CLAUSE_START.match(before)
    return EN_NEGATION.search(before[clause.end() :] if clause else before) is not None


def check_overclaims(text: str, evidence: Sequence[str], paper_text: str = "") -> list[GateFinding]:
    """Absolute words must be backed by an equivalent word in the sentence's best evidence.

    A quantifier of a noun is also backed where a paper sentence quantifies that noun so and
    shares two more words with the claim, or a quarter of its own ("Every measure … came from
    the pupils' own reports" against "All measures were self-reported by pupils"), wherever it
    stands: retrieval ranks such a sentence below the claim's topic.
    """
    failures: list[GateFinding] = []
    ev = " ".join(normalize_text(e).casefold() for e in evidence)
    paper = paper_text.casefold()
    for term in overclaim_terms(text):
        concept = OVERCLAIMS[term]
        backed = any(re.search(rf"\b{b}", ev) for b in concept.en_backing) or any(
            b in ev for b in concept.zh_backing
        )
        noun = _quantified(text, concept.en)
        backed = backed or (term in ("all", "every") and _of_participants(text, ev))
        if not backed and noun and paper:
            backed = _quantified_in_paper(text, noun, concept.en_backing, paper)
        if not backed:
            failures.append(
                GateFinding(
                    "overclaim",
                    f"overclaim:{term}",
                    f"The evidence does not support the absolute claim ({term})",
                )
            )
    return failures + check_scope(text, evidence)
