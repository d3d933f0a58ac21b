"""The fixture PDFs open (or fail) the way the ingest tests expect, and are fast to make."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pymupdf
import pytest

from tests import pdf_factory as pf

GOOD: list[tuple[Callable[[Path], Path], int]] = [
    (pf.two_column_paper, 4),
    (pf.author_year_paper, 1),
    (pf.chinese_paper, 1),
    (pf.injection_paper, 1),
]


@pytest.mark.parametrize(("make", "pages"), GOOD, ids=lambda v: getattr(v, "__name__", str(v)))
def test_good_papers_have_text_and_pages(
    tmp_path: Path, make: Callable[[Path], Path], pages: int
) -> None:
    path = make(tmp_path)
    with pymupdf.open(path) as doc:
        assert doc.page_count >= pages
        assert doc[0].get_text().strip()


def test_two_column_paper_carries_its_debris(tmp_path: Path) -> None:
    with pymupdf.open(pf.two_column_paper(tmp_path)) as doc:
        assert doc.page_count == 4
        text = "".join(page.get_text() for page in doc)
        assert "repre-\n" in text and "veri-\n" in text
        assert text.count(pf.TWO_COLUMN_HEADER) == 4
        assert pf.TWO_COLUMN_STAMP.replace("  ", " ") in text.replace("  ", " ")
        lines = doc[pf.TWO_COLUMN_LINE_NUMBER_PAGE - 1].get_text().split("\n")
        assert "1" in lines and "12" in lines


def test_constants_have_the_promised_content() -> None:
    body = " ".join(pf.TWO_COLUMN_PARAGRAPHS)
    for needle in (
        "accuracy of 87.3%",
        "12,500 examples",
        "BERT-base",
        "SQuAD",
        "[3]",
        "Table 1",
        "Figure 2",
        "representations",
        "verification",
    ):
        assert needle in body
    assert "|" not in body
    assert [r[:3] for r in pf.TWO_COLUMN_REFERENCES] == [f"[{i}]" for i in range(1, 7)]
    assert any(pf.INJECTION_TEXT in p for p in pf.INJECTION_PARAGRAPHS)


def test_bad_inputs(tmp_path: Path) -> None:
    with pytest.raises(pymupdf.FileDataError):
        pymupdf.open(pf.not_a_pdf(tmp_path))
    with pymupdf.open(pf.encrypted_pdf(tmp_path)) as doc:
        assert doc.needs_pass
    with pymupdf.open(pf.empty_pdf(tmp_path)) as doc:
        assert doc.page_count == 0 and not doc.is_repaired
    with pymupdf.open(pf.scanned_pdf(tmp_path)) as doc:
        assert doc.page_count == 2 and not doc[0].get_text().strip()
    assert pf.corrupt_pdf(tmp_path).read_bytes().startswith(b"%PDF")
