"""An annotated copy of the paper: evidence highlighted, critique sentences as the notes."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

import pymupdf

from core import pdf_access
from core.errors import ExportError
from core.export.files import write_atomic
from core.export.reviewed import (
    ReviewedSentence,
    format_time,
    reviewed_sentences,
    status_counts,
)
from core.records import StoredCritique
from core.types import BBox, Evidence, Paper, Status, union_bbox

ANNOTATION_TITLE = "DeepRead"

# Highlight colours (RGB 0–1), light enough to keep the text readable under them.
COLORS: dict[Status, tuple[float, float, float]] = {
    Status.SUPPORTED: (0.55, 0.88, 0.45),
    Status.PARTIAL: (1.0, 0.82, 0.25),
    Status.UNSUPPORTED: (1.0, 0.5, 0.5),
    Status.REJECTED: (0.8, 0.5, 1.0),
}
# When several critique sentences point at one passage, the highlight takes the colour of the
# strongest support: it marks evidence, and the note lists every sentence with its own status.
_STRENGTH = [Status.SUPPORTED, Status.PARTIAL, Status.UNSUPPORTED, Status.REJECTED]
_LABELS: dict[Status, str] = {
    Status.SUPPORTED: "Supported",
    Status.PARTIAL: "Partly supported",
    Status.UNSUPPORTED: "Unsupported (closest passage)",
    Status.REJECTED: "Rejected (closest passage)",
}
_EVIDENCE_PER_SENTENCE = 2


@dataclass
class _Mark:
    """One evidence passage and the critique sentences pointing at it."""

    page: int
    rects: list[pymupdf.Rect]
    statuses: list[Status]
    notes: list[str]


def export_annotated_pdf(
    paper: Paper, source_pdf: Path, critique: StoredCritique, out: Path, *, force: bool = False
) -> None:
    """Write a copy of the paper with the critique's evidence highlighted and a summary note.

    The source is read into memory and never written to; the copy goes to a temporary file in
    the destination folder and is renamed into place.

    Args:
        paper: The critiqued paper, as parsed from ``source_pdf``.
        source_pdf: The paper's PDF file.
        critique: The stored critique with the reader's reviews.
        out: Where to write the annotated copy.
        force: Replace ``out`` if it exists.

    Raises:
        ExportError: The source is missing, changed since it was added, or is the destination;
            or the copy cannot be written.
    """
    source_pdf, out = Path(source_pdf), Path(out)
    if _same_file(source_pdf, out):
        raise ExportError(f"Refusing to export over the original paper {source_pdf}.")
    try:
        data = source_pdf.read_bytes()
    except OSError as exc:
        raise ExportError(f"Cannot read the paper {source_pdf}: {exc.strerror or exc}.") from exc
    if hashlib.sha256(data).hexdigest() != paper.sha256:
        raise ExportError(
            f"{source_pdf} is not the file that was critiqued (its content has changed)."
        )
    sentences = reviewed_sentences(critique)
    # NOTE: PyMuPDF is not thread-safe; the window may be rendering pages at the same time.
    with pdf_access.hold():
        try:
            doc = pymupdf.open(stream=data, filetype="pdf")
        except (pymupdf.FileDataError, RuntimeError) as exc:
            raise ExportError(f"Cannot open the paper {source_pdf}: {exc}.") from exc
        try:
            marks = _collect_marks(doc, paper, sentences)
            for mark in marks:
                _highlight(doc[mark.page - 1], mark)
            if doc.page_count:
                _summary_note(doc[0], critique, sentences, len(marks))
            payload = doc.tobytes(garbage=1, deflate=True)
        finally:
            doc.close()
    write_atomic(out, payload, force=force)


def _same_file(a: Path, b: Path) -> bool:
    try:
        return b.exists() and a.samefile(b)
    except OSError:
        return a.resolve() == b.resolve()


def _collect_marks(
    doc: pymupdf.Document, paper: Paper, sentences: list[ReviewedSentence]
) -> list[_Mark]:
    marks: dict[tuple[int, tuple[int, ...]], _Mark] = {}
    for sentence in sentences:
        if sentence.omitted or sentence.status not in COLORS:
            continue
        note = _note(sentence)
        for evidence in sentence.verdict.evidence[:_EVIDENCE_PER_SENTENCE]:
            if not 1 <= evidence.page <= doc.page_count:
                continue
            rects = _evidence_rects(doc[evidence.page - 1], paper, evidence)
            if not rects:
                continue
            key = (evidence.page, _rounded(_union(rects)))
            mark = marks.setdefault(key, _Mark(evidence.page, rects, [], []))
            mark.statuses.append(sentence.status)
            if note not in mark.notes:
                mark.notes.append(note)
    return list(marks.values())


def _note(sentence: ReviewedSentence) -> str:
    """The annotation text: the critique sentence, its status and the reader's decision."""
    lines = [f"{_LABELS[sentence.status]}: {' '.join(sentence.text.split())}"]
    if sentence.status != Status.SUPPORTED and sentence.verdict.explanation:
        lines.append(f"Checker: {sentence.verdict.explanation}")
    if sentence.review is not None:
        lines.append(f"Review: {sentence.review_state()}")
    return "\n".join(lines)


def _evidence_rects(page: pymupdf.Page, paper: Paper, evidence: Evidence) -> list[pymupdf.Rect]:
    """Boxes tight around the evidence text: a text search near it, else its line boxes."""
    lines = _line_boxes(paper, evidence)
    area = pymupdf.Rect(union_bbox(lines)) + (-2, -2, 2, 2)
    quads = page.search_for(" ".join(evidence.text.split()), clip=area, quads=True)
    if quads:
        return [q.rect for q in quads]
    rects = [pymupdf.Rect(b) for b in lines]
    return [r for r in rects if not r.is_empty and r.intersects(page.rect)]


def _line_boxes(paper: Paper, evidence: Evidence) -> list[BBox]:
    if 0 <= evidence.sentence_index < len(paper.sentences):
        sentence = paper.sentences[evidence.sentence_index]
        if sentence.page == evidence.page and sentence.bboxes:
            return list(sentence.bboxes)
    return [evidence.bbox]


def _rounded(rect: pymupdf.Rect) -> tuple[int, int, int, int]:
    return (round(rect.x0), round(rect.y0), round(rect.x1), round(rect.y1))


def _union(rects: list[pymupdf.Rect]) -> pymupdf.Rect:
    box = pymupdf.Rect(rects[0])
    for r in rects[1:]:
        box |= r
    return box


def _highlight(page: pymupdf.Page, mark: _Mark) -> None:
    status = min(mark.statuses, key=_STRENGTH.index)
    annot = page.add_highlight_annot(mark.rects)
    annot.set_colors(stroke=COLORS[status])
    annot.set_info(
        content="\n\n".join(mark.notes), title=ANNOTATION_TITLE, subject=f"DeepRead: {status}"
    )
    annot.update()


def _summary_note(
    page: pymupdf.Page, critique: StoredCritique, sentences: list[ReviewedSentence], marks: int
) -> None:
    result = critique.result
    counts = status_counts(sentences)
    by_status = (
        ", ".join(f"{counts[s]} {s.value.replace('_', ' ')}" for s in Status if counts[s])
        or "no sentences"
    )
    reviewed = sum(1 for s in sentences if s.review is not None)
    text = "\n".join(
        [
            "DeepRead critique",
            f"Model: {result.model or 'unknown'}",
            f"Date: {format_time(critique.created_at)}",
            f"Sentences: {by_status}",
            f"Flagged ratio: {result.flagged_ratio:.0%} ({len(result.attempts)} generation rounds)",
            f"Reviewed by the reader: {reviewed}",
            f"Highlights: {marks} evidence passages (green supported, amber partly supported, "
            "red/violet closest passage of an unsupported/rejected sentence).",
        ]
    )
    # The top-right corner is margin in nearly every layout; the top-left often holds a logo.
    point = pymupdf.Point(page.rect.width - 36, 24)
    annot = page.add_text_annot(point, text, icon="Note")
    annot.set_info(content=text, title=ANNOTATION_TITLE, subject="DeepRead summary")
    annot.update()
