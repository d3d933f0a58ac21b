"""Chunking: sentence-aligned, sized, overlapping, never into the references."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from core.ingest.chunking import chunk_paper, text_size
from core.ingest.pdf import parse_pdf
from core.types import Paper, PaperSentence
from tests import pdf_factory as pf


def _paper(sentences: list[tuple[str, str, int]], language: str = "en") -> Paper:
    return Paper(
        sha256="ab" * 32,
        path="x.pdf",
        title="T",
        page_count=max(p for _, _, p in sentences),
        blocks=(),
        sentences=tuple(
            PaperSentence(index=i, text=t, page=p, bboxes=((0, 0, 1, 1),), section=s)
            for i, (t, s, p) in enumerate(sentences)
        ),
        language=language,
    )


def _sentence(i: int, words: int = 20) -> str:
    return " ".join(f"w{i}x{j}" for j in range(words - 1)) + " end."


def test_sizes_and_overlap() -> None:
    paper = _paper([(_sentence(i), "1 Intro", 1 + i // 20) for i in range(60)])
    chunks = chunk_paper(paper)
    assert len(chunks) >= 5
    for chunk in chunks[:-1]:
        assert 150 <= text_size(chunk.text) <= 250
    for a, b in zip(chunks, chunks[1:], strict=False):
        assert a.sentence_ids[-1] == b.sentence_ids[0]  # one sentence of overlap
    covered = {i for c in chunks for i in c.sentence_ids}
    assert covered == set(range(60))


def test_provenance_fields() -> None:
    paper = _paper([(_sentence(i), "1 Intro", 1 + i // 10) for i in range(30)])
    for index, chunk in enumerate(chunk_paper(paper)):
        members = [paper.sentences[i] for i in chunk.sentence_ids]
        assert chunk.index == index
        assert chunk.page_start == min(m.page for m in members)
        assert chunk.page_end == max(m.page for m in members)
        assert chunk.text == " ".join(m.text for m in members)
        assert chunk.content_hash == hashlib.sha256(chunk.text.encode()).hexdigest()
        assert chunk.paper_sha256 == paper.sha256


def test_prefers_section_boundaries_above_the_minimum() -> None:
    rows = [(_sentence(i), "1 Intro", 1) for i in range(9)]  # 180 words
    rows += [(_sentence(i), "2 Method", 2) for i in range(9, 20)]
    chunks = chunk_paper(_paper(rows))
    assert chunks[0].sentence_ids == tuple(range(9))
    assert chunks[1].sentence_ids[0] == 9


def test_chinese_counts_characters() -> None:
    sentence = "这是一个用于测试中文分块的句子，它有二十多个汉字。"  # 24 characters
    paper = _paper([(sentence, "1 引言", 1) for _ in range(80)], language="zh")
    chunks = chunk_paper(paper)
    for chunk in chunks[:-1]:
        assert 300 <= len(chunk.text) <= 550  # 300–500 characters plus punctuation
        assert " " not in chunk.text


def test_empty_paper_has_no_chunks() -> None:
    paper = Paper(sha256="0" * 64, path="x", title="", page_count=1, blocks=(), sentences=())
    assert chunk_paper(paper) == []


def test_overlong_sentence_is_alone() -> None:
    paper = _paper([(_sentence(0), "S", 1), (_sentence(1, 600), "S", 1), (_sentence(2), "S", 1)])
    chunks = chunk_paper(paper)
    assert any(c.sentence_ids == (1,) or 1 in c.sentence_ids for c in chunks)
    assert max(text_size(c.text) for c in chunks) < 700


@pytest.mark.parametrize("make", [pf.two_column_paper, pf.chinese_paper])
def test_fixture_papers_never_reach_the_references(tmp_path: Path, make: object) -> None:
    paper = parse_pdf(make(tmp_path))  # type: ignore[operator]
    chunks = chunk_paper(paper)
    assert chunks
    text = " ".join(c.text for c in chunks)
    for ref in paper.references:
        assert ref.text[:40] not in text
    assert all(1 <= c.page_start <= c.page_end <= paper.page_count for c in chunks)
