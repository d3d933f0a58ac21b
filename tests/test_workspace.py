"""The workspace end to end: real PDF parsing, real embedder, real Chroma, no network."""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from core.errors import Cancelled
from core.progress import CancelToken, drive
from core.records import PaperStatus
from core.workspace import Workspace
from tests import pdf_factory
from tests.fakes import FakeEmbedder


class CountingEmbedder(FakeEmbedder):
    """Counts how many texts were embedded; can fail on a chosen call."""

    def __init__(self, fail_on_call: int = 0) -> None:
        super().__init__()
        self.texts = 0
        self.calls = 0
        self.fail_on_call = fail_on_call

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        self.calls += 1
        if self.calls == self.fail_on_call:
            raise OSError(28, "No space left on device")
        self.texts += len(texts)
        return super().embed(texts)


def test_ingest_and_search_offline_with_real_models(tmp_path: Path, no_network: None) -> None:
    pdf = pdf_factory.two_column_paper(tmp_path)
    ws = Workspace()
    info = drive(ws.ingest(pdf))
    assert info.status == PaperStatus.READY
    assert info.title == pdf_factory.TWO_COLUMN_TITLE
    assert info.chunks == ws.vectors.count(info.sha256) > 0
    hits = ws.search(info.sha256, "expected calibration error of the verifier", k=3)
    assert "calibration error" in hits[0].chunk.text
    assert hits[0].vector_rank is not None and hits[0].lexical_rank is not None
    page_of_calibration = next(
        s.page for s in ws.load_paper(info.sha256).sentences if "calibration error" in s.text
    )
    assert hits[0].chunk.page_start <= page_of_calibration <= hits[0].chunk.page_end
    ws.close()


def test_chinese_query_finds_chinese_passage(tmp_path: Path) -> None:
    pdf = pdf_factory.chinese_paper(tmp_path)
    ws = Workspace(embedder=FakeEmbedder())
    info = drive(ws.ingest(pdf))
    paper = ws.load_paper(info.sha256)
    target = paper.sentences[len(paper.sentences) // 2].text
    hits = ws.search(info.sha256, target[:12], k=3)
    assert any(target[:12] in h.chunk.text for h in hits)


def test_reopen_does_not_parse_or_embed_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pdf = pdf_factory.two_column_paper(tmp_path)
    embedder = CountingEmbedder()
    ws = Workspace(embedder=embedder)
    first = drive(ws.ingest(pdf))
    embedded = embedder.texts

    import core.ingest.pdf

    monkeypatch.setattr(core.ingest.pdf, "parse_pdf", lambda p: pytest.fail("parsed again"))
    renamed = tmp_path / "renamed copy.pdf"
    shutil.copy(pdf, renamed)
    assert drive(ws.ingest(renamed)) == first
    assert embedder.texts == embedded


def test_same_content_is_not_embedded_twice(tmp_path: Path) -> None:
    pdf = pdf_factory.two_column_paper(tmp_path)
    embedder = CountingEmbedder()
    ws = Workspace(embedder=embedder)
    drive(ws.ingest(pdf))
    embedded = embedder.texts
    variant = tmp_path / "variant.pdf"
    variant.write_bytes(pdf.read_bytes() + b"\n% a trailing comment changes the hash only\n")
    info = drive(ws.ingest(variant))
    assert info.status == PaperStatus.READY
    assert embedder.texts == embedded
    assert len(ws.list_papers()) == 2


def test_cancelled_ingest_leaves_nothing_behind(tmp_path: Path) -> None:
    pdf = pdf_factory.two_column_paper(tmp_path)
    ws = Workspace(embedder=FakeEmbedder())
    cancel = CancelToken()
    gen = ws.ingest(pdf, cancel)
    with pytest.raises(Cancelled):
        for event in gen:
            if event.stage == "embed":
                cancel.cancel()
    assert ws.list_papers() == []
    sha = pdf_factory_sha(pdf)
    assert ws.vectors.count(sha) == 0
    assert drive(Workspace(embedder=FakeEmbedder()).ingest(pdf)).status == PaperStatus.READY


def test_failed_ingest_leaves_nothing_behind(tmp_path: Path) -> None:
    pdf = pdf_factory.two_column_paper(tmp_path)
    ws = Workspace(embedder=CountingEmbedder(fail_on_call=1))
    with pytest.raises(OSError, match="No space left"):
        drive(ws.ingest(pdf))
    assert ws.list_papers() == []
    assert ws.vectors.count(pdf_factory_sha(pdf)) == 0


def test_remove_paper_drops_rows_and_vectors(tmp_path: Path) -> None:
    pdf = pdf_factory.two_column_paper(tmp_path)
    ws = Workspace(embedder=FakeEmbedder())
    info = drive(ws.ingest(pdf))
    ws.remove_paper(info.sha256)
    assert ws.list_papers() == []
    assert ws.vectors.count(info.sha256) == 0


def test_remove_paper_drops_its_multilingual_vectors_only(tmp_path: Path) -> None:
    ws = Workspace(embedder=FakeEmbedder())
    first = drive(ws.ingest(pdf_factory.two_column_paper(tmp_path)))
    second = drive(ws.ingest(pdf_factory.author_year_paper(tmp_path)))
    for info in (first, second):
        folder = ws.home / "multilingual" / info.sha256
        folder.mkdir(parents=True)
        (folder / "vectors.npy").write_bytes(b"stored")
    ws.remove_paper(first.sha256)
    assert not (ws.home / "multilingual" / first.sha256).exists()
    assert (ws.home / "multilingual" / second.sha256 / "vectors.npy").is_file()


def pdf_factory_sha(pdf: Path) -> str:
    from core.workspace import file_sha256

    return file_sha256(pdf)
