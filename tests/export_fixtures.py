"""A stored critique of the two-column fixture paper, built by hand, for the export tests.

The paper's sentences are located in the fixture PDF with PyMuPDF's text search, so their
boxes are exact without depending on the ingest code. The critique has one sentence of each
kind an export must handle: supported with evidence, supported on page 2, unsupported under an
``[unverified]`` marker, a fabricated citation the reader rejected, a partly supported sentence
the reader accepted with a note, and an unsupported sentence the reader edited (its verdict is
the re-check of the new text, while the critique text still holds the old sentence).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import pymupdf

from core.records import PaperInfo, PaperStatus, Review, ReviewAction, StoredCritique
from core.types import (
    Attempt,
    Claim,
    CritiqueResult,
    Evidence,
    Paper,
    PaperSentence,
    Status,
    Verdict,
)
from tests.pdf_factory import TWO_COLUMN_TITLE, two_column_paper

EVIDENCE_TEXTS = (
    "SpanCheck scores every sentence of the passage against the question and the candidate answer.",
    "This yields 12,500 examples after filtering duplicates, i.e. about 9% of the original "
    "questions.",
    "On SQuAD, SpanCheck reaches an accuracy of 87.3% while adding less than 4 ms of latency "
    "per question.",
    "Our verifier uses contextual representations of each sentence rather than of the whole "
    "passage, which keeps the state-of-the-art accuracy of the reader while making errors "
    "easier to explain.",
    "Batching all sentences of a passage keeps the added latency below 4 ms on a single GPU, as "
    "Figure 2 shows for passages of different lengths.",
)

HEADING = "# Method"
SUPPORTED = "The verifier scores each passage sentence against the question and the answer."
SUPPORTED_P1 = "It is trained on 12,500 labelled examples."
UNSUPPORTED = "The authors report an accuracy of 95.1% on NewsQA."
REJECTED = "The method was proposed by Smith et al. [9]."
PARTIAL = "The verifier relies on sentence-level representations of the passage."
OLD_EDITED = "Its latency is negligible."
NEW_EDITED = "Batching keeps the added latency below 4 ms per question."
ACCEPT_NOTE = "Checked in Section 1: a fair summary."

CRITIQUE_TEXT = (
    f"{HEADING}\n\n{SUPPORTED} {SUPPORTED_P1} [unverified] {UNSUPPORTED} {REJECTED} "
    f"{PARTIAL} {OLD_EDITED}\n"
)
CREATED_AT = datetime(2025, 3, 14, 9, 26)
MODEL = "qwen2.5-coder-1.5b-instruct-q4_k_m"


@dataclass(frozen=True)
class ExportRun:
    """Everything an export takes, plus the source file."""

    pdf: Path
    paper: Paper
    info: PaperInfo
    critique: StoredCritique


def build_run(directory: Path) -> ExportRun:
    """Write the fixture PDF into directory and build a reviewed critique of it."""
    pdf = two_column_paper(directory)
    paper = _paper(pdf)
    ev = [_evidence(paper, i) for i in range(len(EVIDENCE_TEXTS))]
    text = CRITIQUE_TEXT

    def claim(index: int, sentence: str, shown: str | None = None) -> Claim:
        start = text.index(sentence)
        return Claim(index, shown or sentence, start, start + len(sentence), index != 0)

    verdicts = (
        Verdict(claim(0, HEADING), Status.NOT_A_CLAIM, ("heading",), "a heading", 1.0),
        Verdict(claim(1, SUPPORTED), Status.SUPPORTED, (), "", 0.92, (ev[0],)),
        Verdict(claim(2, SUPPORTED_P1), Status.SUPPORTED, (), "", 0.88, (ev[1],)),
        Verdict(
            claim(3, UNSUPPORTED),
            Status.UNSUPPORTED,
            ("number_not_found",),
            "95.1% does not occur in the paper",
            0.81,
            (ev[2],),
        ),
        Verdict(
            claim(4, REJECTED),
            Status.REJECTED,
            ("citation_not_in_references",),
            "[9] is not in the paper's reference list",
            0.97,
        ),
        Verdict(
            claim(5, PARTIAL),
            Status.PARTIAL,
            ("low_coverage",),
            "only part of the sentence is covered by the passage",
            0.55,
            (ev[3],),
        ),
        Verdict(claim(6, OLD_EDITED, NEW_EDITED), Status.SUPPORTED, (), "", 0.9, (ev[4],)),
    )
    result = CritiqueResult(
        text=text,
        verdicts=verdicts,
        attempts=(
            Attempt(0, 0.0, 0.5, 1800, 240, 12.5, "first"),
            Attempt(1, 0.3, 0.2, 1900, 230, 11.0, "second"),
        ),
        model=MODEL,
        language="en",
        flagged_ratio=0.2,
        settings={"threshold": 0.3, "max_retries": 2, "judge": True},
    )
    at = datetime(2025, 3, 14, 10, 0)
    reviews = {
        4: Review(4, ReviewAction.REJECT, "", REJECTED, "", at),
        5: Review(5, ReviewAction.ACCEPT, ACCEPT_NOTE, PARTIAL, "", at),
        6: Review(6, ReviewAction.EDIT, "", OLD_EDITED, NEW_EDITED, at),
    }
    critique = StoredCritique(7, paper.sha256, CREATED_AT, result, reviews)
    info = PaperInfo(
        sha256=paper.sha256,
        title=paper.title,
        path=str(pdf),
        pages=paper.page_count,
        status=PaperStatus.CRITIQUED,
        added_at=CREATED_AT,
        authors=paper.authors,
    )
    return ExportRun(pdf, paper, info, critique)


def _paper(pdf: Path) -> Paper:
    sentences = []
    with pymupdf.open(pdf) as doc:
        for index, text in enumerate(EVIDENCE_TEXTS):
            for page in doc:
                rects = page.search_for(text)
                if rects:
                    boxes = tuple(tuple(r) for r in rects)
                    sentences.append(PaperSentence(index, text, page.number + 1, boxes))  # type: ignore[arg-type]
                    break
            else:
                raise AssertionError(f"fixture sentence not found in the PDF: {text}")
        page_count = doc.page_count
    return Paper(
        sha256=hashlib.sha256(pdf.read_bytes()).hexdigest(),
        path=str(pdf),
        title=TWO_COLUMN_TITLE,
        page_count=page_count,
        blocks=(),
        sentences=tuple(sentences),
        authors=("Alice Chen", "Bob Kumar", "Carol Diaz"),
    )


def _evidence(paper: Paper, index: int) -> Evidence:
    s = paper.sentences[index]
    return Evidence(page=s.page, text=s.text, bbox=s.bbox, score=0.8, sentence_index=index)
