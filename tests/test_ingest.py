"""PDF ingest on generated fixture papers: reading order, debris, headings, references, errors."""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

import pytest

from core.errors import BadPdfError
from core.ingest.pdf import parse_pdf
from core.types import BlockKind, Paper
from tests import pdf_factory as pf


@pytest.fixture(scope="module")
def two_column(tmp_path_factory: pytest.TempPathFactory) -> Paper:
    return parse_pdf(pf.two_column_paper(tmp_path_factory.mktemp("two")))


@pytest.fixture(scope="module")
def author_year(tmp_path_factory: pytest.TempPathFactory) -> Paper:
    return parse_pdf(pf.author_year_paper(tmp_path_factory.mktemp("ay")))


@pytest.fixture(scope="module")
def chinese(tmp_path_factory: pytest.TempPathFactory) -> Paper:
    return parse_pdf(pf.chinese_paper(tmp_path_factory.mktemp("zh")))


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def test_two_column_title_sections_and_hash(two_column: Paper, tmp_path: Path) -> None:
    assert two_column.title == pf.TWO_COLUMN_TITLE
    assert two_column.page_count == 4
    assert [s for s in two_column.sections if s[0].isdigit()] == list(pf.TWO_COLUMN_SECTIONS)
    assert "References" in two_column.sections
    assert len(two_column.sha256) == 64
    path = pf.two_column_paper(tmp_path)
    assert parse_pdf(path).sha256 == hashlib.sha256(path.read_bytes()).hexdigest()


def test_two_column_reading_order_matches_the_paragraphs(two_column: Paper) -> None:
    body = _squash(" ".join(s.text for s in two_column.sentences))
    positions = []
    for paragraph in (pf.TWO_COLUMN_ABSTRACT, *pf.TWO_COLUMN_PARAGRAPHS):
        position = body.find(_squash(paragraph))
        assert position >= 0, paragraph[:60]
        positions.append(position)
    assert positions == sorted(positions)


def test_two_column_no_debris_in_sentences(two_column: Paper) -> None:
    for sentence in two_column.sentences:
        assert pf.TWO_COLUMN_HEADER not in sentence.text
        assert "arXiv" not in sentence.text
        assert not re.search(r"\b\d{1,2} \d{1,2}\b", sentence.text), sentence.text
        assert not sentence.text.isdigit()
        assert sentence.section != "References"
    body = two_column.body_text
    assert "Jacob Devlin" not in body


def test_two_column_hyphenation_joined(two_column: Paper) -> None:
    body = two_column.body_text
    for word in pf.TWO_COLUMN_HYPHENATED:
        assert word in body
    assert "repre-" not in body and "veri-" not in body
    assert "state-of-the-art" in body


def test_two_column_sentences_know_page_section_and_box(two_column: Paper) -> None:
    by_text = {s.text: s for s in two_column.sentences}
    first = by_text["We make three contributions."]
    assert first.page == 1 and first.section == "1 Introduction"
    later = next(s for s in two_column.sentences if s.text.startswith("We also measured"))
    assert later.page == 2 and later.section == "3 Results"
    for sentence in two_column.sentences:
        x0, y0, x1, y1 = sentence.bbox
        assert 0 <= x0 < x1 <= 612 and 0 <= y0 < y1 <= 792
    assert [s.index for s in two_column.sentences] == list(range(len(two_column.sentences)))


def test_two_column_captions_and_headings_are_blocks(two_column: Paper) -> None:
    kinds = {b.kind for b in two_column.blocks}
    assert {BlockKind.TITLE, BlockKind.HEADING, BlockKind.BODY, BlockKind.REFERENCE} <= kinds
    assert "Table 1: Accuracy" in two_column.full_text
    assert "Figure 2: Added latency" in two_column.full_text


def test_two_column_numbered_references(two_column: Paper) -> None:
    refs = two_column.references
    assert [r.label for r in refs] == [str(i) for i in range(1, 7)]
    assert refs[0].year == "2019" and refs[0].authors[0] == "Devlin"
    for ref, expected in zip(refs, pf.TWO_COLUMN_REFERENCES, strict=True):
        assert _squash(expected).endswith(_squash(ref.text))


def test_author_year_references(author_year: Paper) -> None:
    refs = author_year.references
    assert [r.label for r in refs] == [""] * 5
    assert [r.year for r in refs] == list(pf.AUTHOR_YEAR_REFERENCE_YEARS)
    assert [r.authors for r in refs] == list(pf.AUTHOR_YEAR_REFERENCE_SURNAMES)
    assert author_year.title == pf.AUTHOR_YEAR_TITLE
    assert list(author_year.sections[:3]) == list(pf.AUTHOR_YEAR_SECTIONS)
    body = _squash(author_year.body_text)
    for paragraph in pf.AUTHOR_YEAR_PARAGRAPHS:
        assert _squash(paragraph) in body
    assert "Evans and Grant ·" not in body


def test_chinese_paper(chinese: Paper) -> None:
    assert chinese.language == "zh"
    assert chinese.title == pf.CHINESE_TITLE
    assert list(chinese.sections[:4]) == list(pf.CHINESE_SECTIONS)
    assert chinese.sections[-1] == "参考文献"
    texts = [s.text for s in chinese.sentences]
    assert "部分回答甚至包含错误的用药建议！" not in texts  # one sentence with its lead-in
    assert any(t.endswith("用药建议！") for t in texts)
    assert "我们的主要问题是：句子级证据能否提高质量控制的准确率？" in texts
    assert all(pf.CHINESE_WATERMARK not in t for t in texts)
    assert "".join(pf.CHINESE_PARAGRAPHS) in "".join(texts)
    assert [r.label for r in chinese.references] == ["1", "2", "3"]


def test_injection_text_is_plain_body(tmp_path: Path) -> None:
    paper = parse_pdf(pf.injection_paper(tmp_path))
    assert pf.INJECTION_TEXT in [s.text for s in paper.sentences]


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (pf.corrupt_pdf, "corrupt"),
        (pf.not_a_pdf, "not a PDF"),
        (pf.encrypted_pdf, "password-protected"),
        (pf.empty_pdf, "zero pages"),
        (pf.scanned_pdf, "no text layer"),
    ],
    ids=["corrupt", "not-a-pdf", "encrypted", "empty", "scanned"],
)
def test_bad_input(tmp_path: Path, make: object, words: str) -> None:
    path = make(tmp_path)  # type: ignore[operator]
    with pytest.raises(BadPdfError) as info:
        parse_pdf(path)
    message = str(info.value)
    assert words in message and path.name in message and "\n" not in message


def test_scanned_mentions_ocr(tmp_path: Path) -> None:
    with pytest.raises(BadPdfError, match="OCR is not supported"):
        parse_pdf(pf.scanned_pdf(tmp_path))


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(BadPdfError, match="no such file"):
        parse_pdf(tmp_path / "nowhere.pdf")


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file")
def test_unreadable_file(tmp_path: Path) -> None:
    path = pf.two_column_paper(tmp_path)
    path.chmod(0)
    try:
        with pytest.raises(BadPdfError, match="cannot be read"):
            parse_pdf(path)
    finally:
        path.chmod(0o644)


def test_authors_are_found_when_listed(tmp_path: Path) -> None:
    from core.ingest.pdf import parse_pdf

    cases = [
        (pf.two_column_paper, ("Alice Chen", "Bob Kumar", "Carol Diaz")),
        (pf.author_year_paper, ("Dana Evans", "Felix Grant")),
        (pf.chinese_paper, ("王明", "李华", "张伟")),
    ]
    for make, expected in cases:
        assert parse_pdf(make(tmp_path)).authors == expected


def test_author_parser_stops_at_affiliations() -> None:
    from core.ingest.authors import _names_in

    text = "Greg Wilson1,‡*, Tracy K. Teal6,‡ 1 Software Carpentry Foundation / x@y.org"
    assert _names_in(text) == ["Greg Wilson", "Tracy K. Teal"]
    assert _names_in("钱晓波1 ，谢文秀2 ，郝天永1,*") == ["钱晓波", "谢文秀", "郝天永"]


def test_footnotes_are_evidence_without_their_marks(tmp_path: Path) -> None:
    import pymupdf

    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    body = (
        "The system stores every survey as a plain document that researchers can share. "
        "It renders reports in the browser and keeps the submissions in a local database. "
    ) * 6
    page.insert_textbox(pymupdf.Rect(72, 90, 523, 600), body, fontsize=10, fontname="helv")
    page.insert_text(
        (72, 760),
        "1The system runs on the Anvil App Server, an open runtime.",
        fontsize=8,
        fontname="helv",
    )
    page.insert_text((72, 772), "2https://example.org/survey-data", fontsize=8, fontname="helv")
    path = tmp_path / "footnotes.pdf"
    doc.save(path)
    doc.close()
    paper = parse_pdf(path)
    notes = [s for s in paper.sentences if s.section == "footnote"]
    assert [s.text for s in notes] == [
        "The system runs on the Anvil App Server, an open runtime.",
        "https://example.org/survey-data",
    ]
    assert all(s.page == 1 and s.bboxes[0][1] > 700 for s in notes)
    assert notes[0].index > max(s.index for s in paper.sentences if s.section != "footnote")


def test_a_right_column_of_two_lines_is_read_after_the_left(tmp_path: Path) -> None:
    """A last page may fill its right column with the end of the left column's sentence."""
    import pymupdf

    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    words = "Each model answers the same questions in the same order on every run".split()
    page.insert_text((180, 90), "A Study of Reading Order", fontsize=16, fontname="hebo")
    page.insert_text((54, 200), "1 Results", fontsize=12, fontname="hebo")
    for k in range(12):
        line = " ".join(words[k % 4 : k % 4 + 6]) + ("." if k % 3 == 2 else "")
        page.insert_text((54, 220 + 12 * k + (30 if k > 5 else 0)), line, fontsize=10)
    page.insert_text((54, 310), "2 Limitations", fontsize=12, fontname="hebo")
    page.insert_text((54, 394), "We also evaluate each model with", fontsize=10)
    page.insert_text((320, 200), "a single prompt, and other prompts may change", fontsize=10)
    page.insert_text((320, 212), "the results of the study.", fontsize=10)
    path = tmp_path / "last.pdf"
    doc.save(path)
    texts = [s.text for s in parse_pdf(path).sentences]
    assert texts[-1] == (
        "We also evaluate each model with a single prompt, and other prompts may change the "
        "results of the study."
    )


def test_headings_beside_a_small_print_sidebar_are_headings(tmp_path: Path) -> None:
    """A journal's left sidebar in 9 pt does not make the 10 pt body column look indented."""
    import pymupdf

    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((167, 90), "A Survey Platform Written in Python", fontsize=17, fontname="hebo")
    for k, line in enumerate(("DOI: 10.21105/x.0001", "Software", "Review", "Repository")):
        page.insert_text((28, 140 + 12 * k), line, fontsize=9, fontname="helv")
    for k, line in enumerate(("Submitted: 01 January", "Published: 01 January", "License")):
        page.insert_text((28, 300 + 12 * k), line, fontsize=9, fontname="helv")
    sentence = "The platform stores every survey as a plain document that researchers can share. "
    y = 140.0
    for heading in ("Summary", "Statement of need", "Analysis of survey data"):
        page.insert_text((167, y), heading, fontsize=14, fontname="hebo")
        rect = pymupdf.Rect(167, y + 8, 553, y + 70)
        page.insert_textbox(rect, sentence * 3, fontsize=10, fontname="tiro")
        y += 110
    path = tmp_path / "sidebar.pdf"
    doc.save(path)
    paper = parse_pdf(path)
    opening = ("The platform", "Statement", "Analysis")
    body = [s for s in paper.sentences if s.text.startswith(opening)]
    assert {s.section for s in body} == {"Summary", "Statement of need", "Analysis of survey data"}
    assert all(s.text.startswith("The platform") for s in body)


def test_a_highlight_starts_and_ends_on_its_sentences_letters(tmp_path: Path) -> None:
    """Wide and narrow letters before a sentence on its line do not shift its box."""
    import pymupdf

    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    rect = pymupdf.Rect(72, 100, 540, 200)
    text = (
        "WHAM MOW WOMBAT WWW MMM. Once illicit lilies fill it, little is still left in it "
        "and the sentence goes on to the next line of the paragraph to end there."
    )
    page.insert_textbox(rect, text, fontsize=11, fontname="tiro")
    path = tmp_path / "widths.pdf"
    doc.save(path)
    starts = page.search_for("Once")[0]
    ends = page.search_for("there.")[0]
    paper = parse_pdf(path)
    sentence = next(s for s in paper.sentences if s.text.startswith("Once"))
    first, last = sentence.bboxes[0], sentence.bboxes[-1]
    assert abs(first[0] - starts.x0) < 1.0
    assert abs(last[2] - ends.x1) < 1.0


def test_a_title_set_right_above_its_authors_stays_the_title(tmp_path: Path) -> None:
    import pymupdf

    doc = pymupdf.open()
    page = doc.new_page()
    lines = [
        (72, 15.0, "hebo", "Remote Home Monitoring After Discharge for Heart"),
        (90, 15.0, "hebo", "Failure: The HOMEWATCH-HF Randomised Trial"),
        (106, 11.0, "helv", "Ingrid M. Solberg, Tomasz R. Wielgosz, Aisha N. Okafor"),
    ]
    lines += [
        (140 + 13 * i, 10.0, "helv", f"Body line {i} of the report says what the trial found here.")
        for i in range(30)
    ]
    for y, size, font, text in lines:
        page.insert_text((72, y), text, fontsize=size, fontname=font)
    path = tmp_path / "titled.pdf"
    doc.save(path)
    doc.close()
    paper = parse_pdf(path)
    assert paper.title == (
        "Remote Home Monitoring After Discharge for Heart Failure: The HOMEWATCH-HF "
        "Randomised Trial"
    )
    assert not any("Solberg" in s.text and "Trial" in s.text for s in paper.sentences)
