"""An annotated copy of the paper: evidence highlighted, critique and answer sentences as notes."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pymupdf

from core import pdf_access
from core.ask.result import StoredAnswer
from core.colours import EVIDENCE_COLOURS, EvidenceRole, evidence_role, unit_rgb
from core.counts import critique_counts
from core.errors import ExportError
from core.export.files import write_atomic
from core.export.reviewed import (
    ReviewedSentence,
    format_time,
    reviewed_answer,
    reviewed_sentences,
    status_counts,
)
from core.records import StoredCritique
from core.types import BBox, Evidence, Paper, Status, union_bbox

ANNOTATION_TITLE = "DeepRead"

#: How strongly a highlight takes its colour: the window draws its marks as translucent
#: fills of the same colours; a PDF highlight multiplies, so it gets the lightened tone.
HIGHLIGHT_TINT = 0.5
_LABELS: dict[Status, str] = {
    Status.SUPPORTED: "Evidence for a supported sentence",
    Status.PARTIAL: "Evidence for a partly supported sentence",
    Status.UNSUPPORTED: "Closest passage (does not support it) for an unsupported sentence",
    Status.REJECTED: "Closest passage (does not support it) for a rejected sentence",
}


def highlight_colour(role: EvidenceRole) -> tuple[float, float, float]:
    """The highlight colour (RGB 0–1) of a passage: green evidence, blue closest passage.

    Neither is red: a highlighted passage is the paper's own text, never its error.
    """
    return unit_rgb(
        tuple(round(255 - (255 - c) * HIGHLIGHT_TINT) for c in EVIDENCE_COLOURS[role])  # type: ignore[arg-type]
    )


_EVIDENCE_PER_SENTENCE = 2


@dataclass
class _Mark:
    """One evidence passage and the critique sentences pointing at it."""

    page: int
    rects: list[pymupdf.Rect]
    statuses: list[Status]
    notes: list[str]


def export_annotated_pdf(
    paper: Paper,
    source_pdf: Path,
    critique: StoredCritique | None,
    out: Path,
    *,
    answers: Sequence[StoredAnswer] = (),
    force: bool = False,
) -> None:
    """Write a copy of the paper with the evidence highlighted and a summary note.

    Each highlight's note holds the critique sentences and answer sentences (with their
    question) that point at the passage.

    The source is read into memory and never written to; the copy goes to a temporary file in
    the destination folder and is renamed into place.

    Args:
        paper: The critiqued paper, as parsed from ``source_pdf``.
        source_pdf: The paper's PDF file.
        critique: The stored critique with the reader's reviews; None for a paper that was
            only asked questions.
        out: Where to write the annotated copy.
        answers: The paper's stored questions and answers with their reviews.
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
    sentences = reviewed_sentences(critique) if critique is not None else []
    noted: list[tuple[ReviewedSentence, str]] = [(s, "") for s in sentences]
    ordered = sorted(answers, key=lambda a: a.id)
    for answer in ordered:
        noted += [(s, answer.result.question) for s in reviewed_answer(answer)]
    # NOTE: PyMuPDF is not thread-safe; the window may be rendering pages at the same time.
    # The lock is held for one search, one highlight or the save at a time (each well under
    # 30 ms), so the window's page renders slip in between.
    with pdf_access.hold():
        try:
            doc = pymupdf.open(stream=data, filetype="pdf")
        except (pymupdf.FileDataError, RuntimeError) as exc:
            raise ExportError(f"Cannot open the paper {source_pdf}: {exc}.") from exc
    try:
        marks = _collect_marks(doc, paper, noted)
        for mark in marks:
            with pdf_access.hold():
                _highlight(doc[mark.page - 1], mark)
        with pdf_access.hold():
            if doc.page_count:
                _summary_note(doc[0], critique, sentences, ordered, len(marks))
            payload = doc.tobytes(garbage=1, deflate=True)
    finally:
        with pdf_access.hold():
            doc.close()
    write_atomic(out, payload, force=force)


def _same_file(a: Path, b: Path) -> bool:
    try:
        return b.exists() and a.samefile(b)
    except OSError:
        return a.resolve() == b.resolve()


def _collect_marks(
    doc: pymupdf.Document, paper: Paper, sentences: list[tuple[ReviewedSentence, str]]
) -> list[_Mark]:
    """One mark per passage, with the note of every sentence (and its question) pointing at it."""
    marks: dict[tuple[int, tuple[int, ...]], _Mark] = {}
    with pdf_access.hold():
        pages = doc.page_count
    for sentence, question in sentences:
        if sentence.omitted or sentence.status not in _LABELS:
            continue
        note = _note(sentence, question)
        for evidence in sentence.verdict.evidence[:_EVIDENCE_PER_SENTENCE]:
            if not 1 <= evidence.page <= pages:
                continue
            with pdf_access.hold():
                rects = _evidence_rects(doc[evidence.page - 1], paper, evidence)
            if not rects:
                continue
            key = (evidence.page, _rounded(_union(rects)))
            mark = marks.setdefault(key, _Mark(evidence.page, rects, [], []))
            mark.statuses.append(sentence.status)
            if note not in mark.notes:
                mark.notes.append(note)
    return list(marks.values())


def _note(sentence: ReviewedSentence, question: str = "") -> str:
    """The annotation text: the sentence, its status and the reader's decision.

    An answer sentence is introduced by its question, so the note says where it comes from.
    """
    lines = [f"Answer to “{' '.join(question.split())}”"] if question else []
    lines.append(f"{_LABELS[sentence.status]}: {' '.join(sentence.text.split())}")
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
    # NOTE: a passage that supports any of its sentences is evidence; the notes still list
    # every sentence pointing at it with its own status.
    roles = {evidence_role(s) for s in mark.statuses}
    role = EvidenceRole.SUPPORTS if EvidenceRole.SUPPORTS in roles else EvidenceRole.CLOSEST
    annot = page.add_highlight_annot(mark.rects)
    annot.set_colors(stroke=highlight_colour(role))
    annot.set_info(
        content="\n\n".join(mark.notes), title=ANNOTATION_TITLE, subject=f"DeepRead: {role}"
    )
    annot.update()


def _summary_note(
    page: pymupdf.Page,
    critique: StoredCritique | None,
    sentences: list[ReviewedSentence],
    answers: Sequence[StoredAnswer],
    marks: int,
) -> None:
    lines = _critique_lines(critique, sentences) if critique is not None else []
    if answers:
        asked = [critique_counts(a.result.verdicts, a.reviews) for a in answers]
        if critique is None:
            lines.append("DeepRead questions and answers")
        lines.append(
            f"Questions: {len(answers)} asked; answer sentences needing review: "
            f"{sum(c.need_review for c in asked)}, reviewed: {sum(c.reviewed for c in asked)}"
        )
    text = "\n".join(
        [
            *lines,
            f"Highlights: {marks} passages of the paper. Green: evidence that supports a "
            "critique or answer sentence. Blue: the closest passage found for a sentence the "
            "checker could not source; it does not support that sentence and says nothing "
            "against the paper.",
        ]
    )
    # The top-right corner is margin in nearly every layout; the top-left often holds a logo.
    point = pymupdf.Point(page.rect.width - 36, 24)
    annot = page.add_text_annot(point, text, icon="Note")
    annot.set_info(content=text, title=ANNOTATION_TITLE, subject="DeepRead summary")
    annot.update()


def _critique_lines(critique: StoredCritique, sentences: list[ReviewedSentence]) -> list[str]:
    """The summary of the critique run: model, date, statuses and counts."""
    result = critique.result
    shown = status_counts(sentences)
    by_status = (
        ", ".join(f"{shown[s]} {s.value.replace('_', ' ')}" for s in Status if shown[s])
        or "no sentences"
    )
    counts = critique_counts(result.verdicts, critique.reviews)
    return [
        "DeepRead critique",
        f"Model: {result.model or 'unknown'}",
        f"Date: {format_time(critique.created_at)}",
        f"Sentences: {by_status}",
        f"Flagged: {counts.flagged} of {counts.claims} claims ({counts.flagged_ratio:.0%}), "
        f"after {len(result.attempts)} attempt{'s' if len(result.attempts) != 1 else ''}",
        f"Need review: {counts.need_review}; reviewed by the reader: {counts.reviewed}",
    ]
