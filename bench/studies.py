"""Study reports: short papers of one study each and statements a reader might write about them.

Each ``bench/studies/<name>.json`` holds a paper (``title``, optional ``authors``, ``sections``
as [heading, text] pairs) and its ``claims`` as [statement, "T" or "F"]: faithful paraphrases
of the study next to misrepresentations of it (a cause read into an association, a dropped
null, swapped groups, another number, a population or setting never studied, another design
or source of a measure, …), each labelled with its reason (``why``) before the checker ran on
it, and the paper sentences that decide each statement (``evidence``: statement -> sentences,
labelled by reading the paper; ``python -m bench.retrieval`` scores the checker's evidence
against them). Papers split by the hash of their name, so a study's statements stay in one split.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent / "studies"
KIND = "misrepresentation"


@dataclass(frozen=True)
class Study:
    """One study paper and its labelled statements (True: faithful)."""

    name: str
    title: str
    authors: str
    sections: tuple[tuple[str, str], ...]
    claims: tuple[tuple[str, bool], ...]


def split_of(name: str) -> str:
    """``fit`` or ``report``, by the first hex digit of the name's SHA-1."""
    return "fit" if int(hashlib.sha1(name.encode()).hexdigest()[0], 16) < 8 else "report"


def load(split: str | None = None, root: Path = ROOT) -> list[Study]:
    """The studies of one split (all without ``split``) in ``root``, by name."""
    out = []
    for path in sorted(root.glob("*.json")):
        if split is not None and split_of(path.stem) != split:
            continue
        spec = json.loads(path.read_text(encoding="utf-8"))
        out.append(
            Study(
                path.stem,
                spec["title"],
                spec.get("authors", ""),
                tuple((h, t) for h, t in spec["sections"]),
                tuple((c, label == "T") for c, label in spec["claims"]),
            )
        )
    return out


def render(study: Study, path: Path) -> Path:
    """Write the study as a PDF: title, authors, then each section's heading and text."""
    import pymupdf

    from bench.devset.build import PageWriter

    doc = pymupdf.open()
    writer = PageWriter(doc, unicode=True)
    writer.paragraph(study.title, "hebo", 15.0, 4.0)
    if study.authors:
        writer.paragraph(study.authors, "helv", 11.0, 10.0)
    for heading, text in study.sections:
        writer.paragraph(heading, "hebo", 11.0, 2.0)
        writer.paragraph(text)
    path.parent.mkdir(parents=True, exist_ok=True)
    doc.save(path)
    doc.close()
    return path


def bench_rows(split: str) -> list[tuple[str, str, str, str]]:
    """(paper key, statement, label, kind) rows of one split for the checker benchmark."""
    return [
        (f"study:{s.name}", claim, "supported" if true else "fabricated", "" if true else KIND)
        for s in load(split)
        for claim, true in s.claims
    ]
