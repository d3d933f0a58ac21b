"""The command line: bad input gives one clear line and exit 2; the happy path prints figures."""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path

import pytest

from core.cli import main
from tests import pdf_factory


@pytest.fixture(autouse=True)
def _fake_embedder(monkeypatch: pytest.MonkeyPatch) -> None:
    import core.llm.embedder
    from tests.fakes import FakeEmbedder

    monkeypatch.setattr(core.llm.embedder, "OnnxMiniLM", lambda threads=0: FakeEmbedder())


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (pdf_factory.not_a_pdf, "not a PDF"),
        (pdf_factory.corrupt_pdf, "corrupt"),
        (pdf_factory.encrypted_pdf, "password"),
        (pdf_factory.empty_pdf, "zero pages"),
        (pdf_factory.scanned_pdf, "OCR is not supported"),
    ],
    ids=["not-a-pdf", "corrupt", "encrypted", "empty", "scanned"],
)
def test_bad_pdf_exits_2_with_one_line(
    make: Callable[[Path], Path], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pdf = make(tmp_path)
    assert main(["ingest", str(pdf)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert str(pdf.name) in err and words.lower() in err.lower()
    assert "Traceback" not in err
    assert main(["list"]) == 0
    assert "empty" in capsys.readouterr().out


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["info", str(tmp_path / "nowhere.pdf")]) == 2
    assert "nowhere.pdf: no such file" in capsys.readouterr().err


@pytest.mark.skipif(os.geteuid() == 0, reason="root can read any file")
def test_unreadable_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pdf = pdf_factory.two_column_paper(tmp_path)
    pdf.chmod(0)
    try:
        assert main(["ingest", str(pdf)]) == 2
    finally:
        pdf.chmod(stat.S_IRUSR | stat.S_IWUSR)
    assert "cannot be read" in capsys.readouterr().err


def test_ingest_list_info_search(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pdf = pdf_factory.two_column_paper(tmp_path)
    assert main(["ingest", "-q", str(pdf)]) == 0
    out = capsys.readouterr().out
    assert pdf_factory.TWO_COLUMN_TITLE in out and "chunks:" in out and "seconds:" in out
    assert main(["list"]) == 0
    assert "ready" in capsys.readouterr().out
    assert main(["info", str(pdf)]) == 0
    out = capsys.readouterr().out
    for section in pdf_factory.TWO_COLUMN_SECTIONS:
        assert section.split(" ", 1)[1] in out
    assert "References: 6" in out
    assert main(["search", str(pdf), "calibration error", "-k", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("1. [p") and "score" in out
