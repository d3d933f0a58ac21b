"""Table, Figure, Section, Appendix and page references must exist in the paper."""

from __future__ import annotations

from core.verify.gates.common import PAGE_CITE, XREF, XREF_LABEL, GateFinding, PaperFacts, xref_of


def check_xrefs(
    text: str, facts: PaperFacts
) -> tuple[list[GateFinding], list[str], list[tuple[int, int]]]:
    """Table, Figure, Section and Appendix references must exist in the paper."""
    failures: list[GateFinding] = []
    anchors: list[str] = []
    spans: list[tuple[int, int]] = []
    for match in XREF.finditer(text):
        spans.append(match.span())
        kind, label = xref_of(match)
        if kind == "equation":
            continue
        pretty = f"{XREF_LABEL[kind]} {label}"
        if (kind, label) in facts.xrefs:
            anchors.append(f"xref:{pretty}")
            continue
        hard = kind != "section" or facts.has_sections
        failures.append(
            GateFinding(
                "xref",
                f"{kind}_not_in_paper:{pretty}",
                f"{pretty} does not exist in the paper",
                hard=hard,
            )
        )
    return failures, anchors, spans


def check_pages(text: str, facts: PaperFacts) -> list[GateFinding]:
    """A cited page must exist in the paper ("(p. 7)" of a 5-page paper is made up)."""
    failures: list[GateFinding] = []
    count = facts.paper.page_count
    for match in PAGE_CITE.finditer(text):
        pages = [int(g) for g in match.groups() if g]
        if count and any(p > count or p == 0 for p in pages):
            failures.append(
                GateFinding(
                    "xref",
                    f"page_not_in_paper:{match.group(0).strip()}",
                    f"The paper has {count} pages; {match.group(0).strip()} does not exist",
                )
            )
    return failures
