"""The one export entry point: the command line and the window write the same bytes.

An export holds the paper's latest (or chosen) critique and its questions and answers; a paper
that was only asked questions exports its questions and answers alone.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from core.ask.result import StoredAnswer
from core.errors import ExportError
from core.export.annotated_pdf import export_annotated_pdf
from core.export.files import write_atomic
from core.export.json_report import export_json
from core.export.markdown import export_markdown
from core.records import PaperInfo, StoredCritique
from core.types import Paper

FORMATS = ("md", "pdf", "json")


def json_text(document: dict[str, Any]) -> str:
    """Every JSON document DeepRead writes, serialised one way.

    NaN and infinities are never valid JSON: the reports already replace them, and
    ``allow_nan=False`` turns any that slip through into an error rather than a broken file.
    """
    return json.dumps(document, indent=2, ensure_ascii=False, allow_nan=False) + "\n"


def export_critique(
    paper: Paper,
    info: PaperInfo | None,
    critique: StoredCritique | None,
    fmt: str,
    out: Path,
    *,
    source_pdf: Path,
    answers: Sequence[StoredAnswer] = (),
    force: bool = False,
) -> Path:
    """Write a stored critique as Markdown notes, an annotated copy of the PDF, or JSON.

    Args:
        paper: The critiqued paper.
        info: Its library row (for the file name and authors); may be None.
        critique: The stored critique with the reader's reviews; None for a paper that was
            only asked questions (then ``answers`` must not be empty).
        fmt: "md", "pdf" or "json".
        out: The file to write (atomically: a crash never leaves half of it).
        source_pdf: The paper's PDF, read (never written) for the annotated copy.
        answers: The paper's stored questions and answers with their reviews (any order:
            every format lists them oldest first).
        force: Replace ``out`` if it exists.

    Returns:
        ``out``.

    Raises:
        ExportError: For an unknown format, nothing to export, or when the file cannot be
            written.
    """
    out = Path(out)
    if critique is None and not answers:
        raise ExportError("This paper has no critique and no answer to export yet.")
    if fmt == "md":
        write_atomic(out, export_markdown(paper, info, critique, answers), force=force)
    elif fmt == "json":
        write_atomic(out, json_text(export_json(paper, info, critique, answers)), force=force)
    elif fmt == "pdf":
        export_annotated_pdf(paper, Path(source_pdf), critique, out, answers=answers, force=force)
    else:
        raise ExportError(f"Unknown export format {fmt!r}; choose one of {', '.join(FORMATS)}.")
    return out
