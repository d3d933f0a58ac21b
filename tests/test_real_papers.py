"""The real pipeline on real papers from ../shared/papers (skipped, with the reason, without it).

The folder is not part of the project; CI has it next to the repository.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pymupdf
import pytest

from core.export import export_critique
from core.ingest.pdf import parse_pdf
from core.progress import drive
from core.records import StoredCritique
from core.types import Claim, CritiqueResult, Evidence, Status, Verdict
from core.workspace import Workspace

PAPERS = Path(__file__).resolve().parent.parent.parent / "shared" / "papers"
TWO_COLUMN = PAPERS / "html_www2020_2col_acm_ccby.pdf"
TITLE = "HTML: Hierarchical Transformer-based Multi-task Learning for Volatility Prediction"

pytestmark = [
    pytest.mark.real_papers,
    pytest.mark.skipif(not TWO_COLUMN.is_file(), reason=f"the sample papers are not in {PAPERS}"),
]


def test_ingest_and_search_a_two_column_paper(no_network: None) -> None:
    ws = Workspace()
    info = drive(ws.ingest(TWO_COLUMN))
    paper = ws.load_paper(info.sha256)
    assert info.title == TITLE
    assert info.pages == paper.page_count == 11
    assert len(paper.references) == 66  # numbered [1] to [66] in the PDF
    assert ws.vectors.count(info.sha256) == info.chunks > 0
    # Reading order on a two-column page: the whole left column, then the right one.
    columns = [0 if s.bboxes[-1][0] < 306 else 1 for s in paper.sentences if s.page == 3]
    assert columns == sorted(columns) and 0 in columns and 1 in columns
    hits = ws.search(info.sha256, "hierarchical attention networks first proposed", k=3)
    assert "Hierarchical attention networks were first proposed" in hits[0].chunk.text
    assert hits[0].chunk.page_start <= 3 <= hits[0].chunk.page_end
    ws.close()


def test_annotations_land_on_the_evidence(tmp_path: Path) -> None:
    paper = parse_pdf(TWO_COLUMN)
    index, sentence = next(
        (i, s) for i, s in enumerate(paper.sentences) if s.text.startswith("Hierarchical attention")
    )
    evidence = Evidence(sentence.page, sentence.text, sentence.bboxes[0], 0.9, index)
    verdict = Verdict(
        Claim(0, "The approach builds on hierarchical attention networks.", 0, 56),
        Status.SUPPORTED,
        confidence=0.9,
        evidence=(evidence,),
    )
    result = CritiqueResult(
        text=verdict.claim.text,
        verdicts=(verdict,),
        attempts=(),
        model="test",
        language="en",
        flagged_ratio=0.0,
    )
    critique = StoredCritique(1, paper.sha256, datetime.now(UTC), result)
    out = export_critique(paper, None, critique, "pdf", tmp_path / "a.pdf", source_pdf=TWO_COLUMN)
    with pymupdf.open(out) as doc:
        page = doc[sentence.page - 1]  # NOTE: annotations die with their page object
        highlights = [a for a in page.annots() if a.type[1] == "Highlight"]
        assert len(highlights) == 1
        rect = highlights[0].rect
        for box in sentence.bboxes:
            assert rect.intersects(pymupdf.Rect(box))
        assert "hierarchical attention" in highlights[0].info["content"]
