"""Tables are evidence: each row becomes one sentence naming its columns; cells leave the body."""

from __future__ import annotations

from pathlib import Path

import pytest

HEADER = ["Model", "n=3", "n=7", "n=15"]
ROWS = [["LSTM", "1.970", "0.459", "0.320"], ["HTML", "0.401", "0.302", "0.250"]]


def table_pdf(path: Path) -> Path:
    pymupdf = pytest.importorskip("pymupdf")
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 80), "Results are shown below and discussed in the text.", fontsize=10)
    page.insert_text((72, 110), "Table 2: Mean squared error per horizon.", fontsize=9)
    for r, row in enumerate([HEADER, *ROWS]):
        for c, cell in enumerate(row):
            page.insert_text((72 + 90 * c, 130 + 14 * r), cell, fontsize=9)
    page.insert_text((72, 200), "The hierarchical model has the lowest error.", fontsize=10)
    doc.save(path)
    return path


def test_rows_are_sentences_bound_to_headers(tmp_path: Path) -> None:
    from core.ingest.pdf import parse_pdf

    paper = parse_pdf(table_pdf(tmp_path / "t.pdf"))
    rows = [s.text for s in paper.sentences if s.section == "table"]
    assert rows == [
        "Table 2: LSTM: n=3 1.970; n=7 0.459; n=15 0.320",
        "Table 2: HTML: n=3 0.401; n=7 0.302; n=15 0.250",
    ]
    body = [s.text for s in paper.sentences if s.section != "table"]
    assert not any("0.459" in s for s in body), body
    assert any("lowest error" in s for s in body)


def test_prose_is_not_a_table() -> None:
    from core.ingest.tables import find_tables

    def line(y: float) -> dict[str, object]:
        span = {"bbox": (72.0, y, 500.0, y + 10), "text": "Plain prose with 3 words.", "size": 10}
        return {"dir": (1.0, 0.0), "spans": [span]}

    page = {"blocks": [{"lines": [line(y) for y in range(100, 300, 14)]}]}
    assert find_tables(page, 1) == []
