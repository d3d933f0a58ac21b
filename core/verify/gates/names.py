"""Names (acronyms, model names, capitalised words mid-sentence) must occur in the paper."""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.text.sentences import cjk_ratio
from core.verify.gates.common import (
    COMPOUND,
    NAME_TOKEN,
    GateFinding,
    PaperFacts,
    compound_parts,
    inside,
)
from core.verify.gates.lexicon import NOT_NAMES

#: A range's words ("a 0-to-10 scale", "1-in-5") name nothing.
_RANGE_WORD = re.compile(r"(?:to|in|of|per|out|vs)-\d+(?:[-.]\w+)*", re.I)


def name_candidates(text: str, masked: Sequence[tuple[int, int]] = ()) -> list[str]:
    """Acronyms, CamelCase, letter-digit and capitalised mid-sentence words of a sentence."""
    cjk_text = cjk_ratio(text) > 0.3
    names: list[str] = []
    for match in NAME_TOKEN.finditer(text):
        if inside(*match.span(), masked):
            continue
        token = match.group(0)
        bare = token[:-2] if token.endswith("'s") else token
        bare = bare.rstrip(".")
        if len(bare) < 2 or bare.casefold() in NOT_NAMES or _RANGE_WORD.fullmatch(bare):
            continue
        upper = sum(1 for ch in bare if ch.isupper())
        has_digit = any(ch.isdigit() for ch in bare)
        camel = re.search(r"[a-z][A-Z]", bare) is not None
        capitalised = bare[0].isupper()
        if upper >= 2 or camel or (has_digit and any(ch.isalpha() for ch in bare)):
            names.append(bare)
        elif capitalised and (cjk_text or not starts_clause(text, match.start())):
            names.append(bare)
    return names


def _plain_word(name: str) -> bool:
    """A capitalised word, not an acronym, CamelCase or letter-digit name."""
    return name[:1].isupper() and name[1:].islower() and name.isalpha()


def starts_clause(text: str, start: int) -> bool:
    """Whether ``start`` begins a clause (a capital there proves nothing)."""
    before = text[:start].rstrip()
    if not before:
        return True
    if re.search(r"(?:\[unverified\]|[:;.!?(\"'\u201c\u2018\-*\u2022>#]|\d[.)])$", before):
        return True
    return False


def check_names(
    text: str, facts: PaperFacts, masked: Sequence[tuple[int, int]]
) -> tuple[list[GateFinding], list[str]]:
    """Names in the sentence must occur in the paper."""
    failures: list[GateFinding] = []
    anchors: list[str] = []
    # An English sentence about a Chinese paper translates its common words: a capitalised word
    # ("December", "Internet") is written in Chinese there. Acronyms and model names are not.
    translated = facts.is_cjk and cjk_ratio(text) <= 0.3
    glossed = _glossed(text, facts)
    for name in dict.fromkeys(name_candidates(text, masked)):
        if translated and _plain_word(name):
            continue
        if name.split() and all(w in glossed for w in name.split()):
            continue
        if facts.has_name(name):
            anchors.append(f"name:{name}")
        elif not _spelled_out(name, facts):
            failures.append(
                GateFinding(
                    "name", f"name_not_in_paper:{name}", f"“{name}” does not occur in the paper"
                )
            )
    if not failures:
        failures += _recombined(text, facts, masked)
    failures += _identifiers(text, facts, masked)
    return failures, anchors


def _spelled_out(name: str, facts: PaperFacts) -> bool:
    """Whether the paper writes an acronym out in full: "OCT" as "optical coherence tomography".

    Words of four letters or more only, so function words ("of coral tiles") spell nothing;
    "GP" is "general practice".
    """
    if not re.fullmatch(r"[A-Z]{2,6}", name):
        return False
    words = r"[\s-]+".join(rf"{letter}[a-z]{{3,}}" for letter in name.lower())
    return re.search(rf"(?<![\w-]){words}(?![\w-])", facts.unit_text, re.I) is not None


#: "German Research Foundation (DFG)": capitalised words, then an abbreviation in brackets.
_GLOSSED = re.compile(
    r"(?P<long>(?:[A-Z][\w\-]*\s+(?:(?:of|for|and|the|on|in|de|für)\s+)*){1,7})"
    r"\(\s*(?P<short>[A-Z][A-Za-z]*[A-Z][A-Za-z]*)\s*[),]"
)


def _glossed(text: str, facts: PaperFacts) -> set[str]:
    """Words of a name the claim glosses with an abbreviation the paper uses.

    The paper's "Deutsche Forschungsgemeinschaft (DFG)" is the claim's "German Research
    Foundation (DFG)": a name in other words, one capitalised word per capital of the
    abbreviation.
    """
    out: set[str] = set()
    for m in _GLOSSED.finditer(text):
        words = [w for w in m["long"].split() if w[0].isupper() and w != "The"]
        capitals = sum(ch.isupper() for ch in m["short"])
        if len(words) == capitals and facts.has_name(m["short"]):
            out.update(words)
    return out


#: A grant number or similar identifier: three slash-joined parts or more, letters and digits
#: ("SFI/12/RC/2289_2"); no dots, so no web address or file path with an extension.
_IDENTIFIER = re.compile(
    r"(?<![A-Za-z0-9_/.])[A-Za-z0-9][\w\-]*(?:/[\w\-]+){2,}(?![\w/\-]|\.\w)", re.ASCII
)


def _identifiers(
    text: str, facts: PaperFacts, masked: Sequence[tuple[int, int]]
) -> list[GateFinding]:
    """An identifier must occur as written: each of its parts alone is no evidence."""
    out = []
    for match in _IDENTIFIER.finditer(text):
        found = match.group(0)
        letters = any(ch.isascii() and ch.isalpha() for ch in found)
        digits = any(ch.isdigit() for ch in found)
        if inside(*match.span(), masked) or not (letters and digits) or facts.contains(found):
            continue
        out.append(
            GateFinding(
                "name", f"name_not_in_paper:{found}", f"“{found}” does not occur in the paper"
            )
        )
    return out


def _recombined(
    text: str, facts: PaperFacts, masked: Sequence[tuple[int, int]]
) -> list[GateFinding]:
    """A "+" name the paper never writes, where it writes one differing in a single part.

    "LSTM+RBF" where the paper has "SVR+RBF" (and LSTM elsewhere): each part occurs, the
    combination is invented. Without such a sibling the combination may be the claim's own
    shorthand ("BERT+CRF" for "BERT with a CRF layer") and is left alone.
    """
    out = []
    for match in COMPOUND.finditer(text):
        if inside(*match.span(), masked):
            continue
        parts = compound_parts(match.group(0))
        if parts in facts.compounds or facts.has_name(match.group(0)):
            continue
        siblings = sorted(
            written
            for p, written in facts.compounds.items()
            if len(p) == len(parts) and _one_apart(p, parts)
        )
        if siblings:
            name = re.sub(r"\s+", "", match.group(0))
            out.append(
                GateFinding(
                    "name",
                    f"name_not_in_paper:{name}",
                    f"“{name}” does not occur in the paper, which has {siblings[0]}",
                )
            )
    return out


def _one_apart(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    return sum(x != y for x, y in zip(a, b, strict=True)) == 1
