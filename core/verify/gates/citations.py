"""Citation markers must resolve to the paper's own reference list."""

from __future__ import annotations

import re

from core.text.normalize import match_key
from core.verify.gates.common import (
    AUTHOR_YEAR,
    NARRATIVE_CITE,
    NUMERIC_CITE,
    PAREN_CITE,
    GateFinding,
    PaperFacts,
    expand,
    inside,
    name_key,
    ngram_keys,
)


def check_citations(
    text: str, facts: PaperFacts
) -> tuple[list[GateFinding], list[str], list[tuple[int, int]]]:
    """Citation markers must resolve to the paper's own reference list."""
    failures: list[GateFinding] = []
    anchors: list[str] = []
    spans: list[tuple[int, int]] = []
    for match in NUMERIC_CITE.finditer(text):
        spans.append(match.span())
        if not_a_citation(match.group(1)):
            continue
        for label in expand(match.group(1)):
            ok = label in facts.labels if facts.labels else label in facts.cited_numbers
            if ok:
                anchors.append(f"cite:[{label}]")
            else:
                failures.append(
                    GateFinding(
                        "citation",
                        f"citation_not_in_references:[{label}]",
                        f"Reference [{label}] is not in the paper's reference list",
                        hard=True,
                    )
                )
    author_year: list[tuple[str, str, tuple[int, int]]] = []
    for match in PAREN_CITE.finditer(text):
        for part in match.group(1).split(";"):
            cite = AUTHOR_YEAR.match(part)
            if cite and not cite.group(1).isupper():
                author_year.append((cite.group(1), cite.group(2), match.span()))
    for match in NARRATIVE_CITE.finditer(text):
        if match.group(1).isupper() and not match.group(2):
            continue
        if not match.group(2) and body_name(match.group(1), facts):
            # "Transformer (2017)": a name the paper uses, with its year; neither is checked.
            spans.append(match.span())
            continue
        if inside(*match.span(), [s for _, _, s in author_year]):
            continue
        author_year.append((match.group(1), match.group(3), match.span()))
    for surname, year, span in author_year:
        spans.append(span)
        if resolves(surname, year, facts):
            anchors.append(f"cite:{surname} {year}")
        else:
            failures.append(
                GateFinding(
                    "citation",
                    f"citation_not_in_references:{surname} {year}",
                    f"{surname} ({year}) is not in the paper's reference list",
                    hard=True,
                )
            )
    return failures, anchors, spans


def not_a_citation(spec: str) -> bool:
    """A tensor shape or an interval ([3, 224, 224], [0, 1]): repeated values, a 0, > 999."""
    values = re.findall(r"\d+", spec)
    return len(set(values)) < len(values) or any(v == "0" or int(v) > 999 for v in values)


def resolves(surname: str, year: str, facts: PaperFacts) -> bool:
    """Whether surname + year name an entry of the reference list (or, without one, the text)."""
    name = name_key(surname)
    refs = facts.paper.references
    if refs:
        for ref in refs:
            ref_year = ref.year[:4] if ref.year else ""
            if ref_year and ref_year != year:
                continue
            if not ref_year and year not in ref.text:
                continue
            if any(name_key(a) == name for a in ref.authors) or name in name_key(ref.text):
                return True
        return False
    return name in facts.names and year in facts.numbers


def body_name(word: str, facts: PaperFacts) -> bool:
    """Whether ``word`` is used in the paper's own sentences (not only in its references)."""
    if facts.body_names is None:
        facts.body_names = ngram_keys(match_key(facts.paper.body_text))
    return name_key(word) in facts.body_names
