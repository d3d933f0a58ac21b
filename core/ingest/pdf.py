"""PDF → Paper: blocks in reading order, body sentences with page and line boxes, references.

Bad input raises BadPdfError with one line naming the file and the problem.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from core import pdf_access
from core.errors import BadPdfError
from core.ingest import layout
from core.ingest.authors import find_authors
from core.ingest.layout import Line, TextBlock, join_pair, starts_with_bullet
from core.ingest.references import REFERENCES_HEADING, parse_references
from core.ingest.source import read_pdf_bytes, sha256_hex
from core.ingest.tables import Table, find_tables
from core.text.sentences import cjk_ratio, split_sentences
from core.types import BBox, Block, BlockKind, Paper, PaperSentence

_CAPTION = re.compile(
    r"^(?:Figure|Fig\.?|Table|Tab\.|Algorithm|Listing|Box|Chart|图|表)\s*[\dA-Z]+[\s.:：-]",
    re.IGNORECASE,
)
_NUMBERED_HEADING = re.compile(r"^(?:\d+(?:\.\d+)*\.?|[A-Z]\.|[IVX]+\.)\s+\S")
_SUBSECTION = re.compile(r"^\d+(?:\.\d+)+\s+\S")
_NAMED_HEADING = re.compile(
    r"^(abstract|introduction|related work|background|methods?|results|discussion|"
    r"conclusions?|acknowledge?ments?|appendix|summary|limitations|references|bibliography|"
    r"摘\s*要|引\s*言|结\s*论|致\s*谢|参考文献)\b",
    re.IGNORECASE,
)
_APPENDIX = re.compile(
    r"^(?:[A-Z](?:\.\d+)*\.?\s+\S|appendix|appendices|supplementary|附录)", re.IGNORECASE
)
_SENTENCE_END = re.compile(r"[.!?。！？:：][\"'”’)\]」』》）]*$")
#: A footnote's mark at the start of its line, glued to its text: "1OpenQuestion is…",
#: "3Note that…", "2https://…", "*Corresponding author".
_FOOTNOTE_MARK = re.compile(r"^(?:\d{1,2}|[*†‡§])\s?(?=[A-Z\u3400-\u9fff]|https?:|www\.)")
#: Footnotes sit in the lower part of a page.
_FOOTNOTE_ZONE = 0.55
_WORDS = re.compile(r"\S+")


def parse_pdf(path: Path, data: bytes | None = None) -> Paper:
    """Parse a PDF into a Paper.

    Args:
        path: The PDF file.
        data: Its bytes, when the caller has read them already.

    Returns:
        The parsed paper.

    Raises:
        BadPdfError: The file is missing, unreadable, not a PDF, corrupt, password-protected,
            empty, or has no text layer.
    """
    path = Path(path)
    if data is None:
        data = read_pdf_bytes(path)
    with pdf_access.hold() as pymupdf:
        try:
            doc = pymupdf.open(stream=data, filetype="pdf")
        except Exception as exc:  # PyMuPDF raises several types for damaged files
            raise BadPdfError(f"{path}: the PDF is corrupt and cannot be opened ({exc})") from exc
    try:
        with pdf_access.hold():
            if doc.needs_pass:
                raise BadPdfError(
                    f"{path}: the PDF is password-protected; remove the password first"
                )
            if doc.page_count == 0:
                if doc.is_repaired:
                    raise BadPdfError(f"{path}: the PDF is corrupt (no readable pages)")
                raise BadPdfError(f"{path}: the PDF has zero pages")
            metadata_title = (doc.metadata or {}).get("title", "") or ""
        try:
            pages, heights, figures, tables = _extract(doc)
        except Exception as exc:
            raise BadPdfError(f"{path}: the PDF is corrupt ({exc})") from exc
    finally:
        with pdf_access.hold():
            doc.close()
    if not any(pages):
        raise BadPdfError(
            f"{path}: the PDF has no text layer (a scanned paper?); OCR is not supported"
        )
    return _assemble(path, sha256_hex(data), pages, heights, figures, metadata_title, tables)


def _extract(
    doc: Any,
) -> tuple[list[list[Line]], list[float], list[list[BBox]], list[Table]]:
    pages: list[list[Line]] = []
    tables: list[Table] = []
    heights: list[float] = []
    figures: list[list[BBox]] = []
    block_id = 0
    with pdf_access.hold():
        count = doc.page_count
    for number in range(1, count + 1):
        # NOTE: the PyMuPDF lock is held one page at a time, so the window can render between.
        with pdf_access.hold() as pymupdf:
            page = doc[number - 1]
            # "rawdict": the characters' own boxes place a highlight on its sentence's letters.
            text = _with_span_text(page.get_text("rawdict", flags=pymupdf.TEXT_MEDIABOX_CLIP))
            width, height = page.rect.width, page.rect.height
            rects = [tuple(r) for r in page.cluster_drawings()]
            rects += [tuple(info["bbox"]) for info in page.get_image_info()]
            del page
        lines = layout.extract_lines(text, number, block_id)
        tables.extend(find_tables(text, number))
        block_id += 100000
        pages.append(layout.merge_same_baseline(lines))
        heights.append(height)
        area = width * height
        # NOTE: page-sized rectangles are backgrounds or frames, not figures.
        figures.append(
            [
                r
                for r in rects  # type: ignore[misc]
                if r[2] - r[0] > 20
                and r[3] - r[1] > 20
                and (r[2] - r[0]) * (r[3] - r[1]) < 0.6 * area
            ]
        )
    return pages, heights, figures, tables


def _inside_figure(bbox: BBox, figures: list[BBox]) -> bool:
    """Whether most of a block lies inside a figure or table drawing."""
    area = max((bbox[2] - bbox[0]) * (bbox[3] - bbox[1]), 1e-6)
    for fig in figures:
        w = min(bbox[2], fig[2]) - max(bbox[0], fig[0])
        h = min(bbox[3], fig[3]) - max(bbox[1], fig[1])
        if w > 0 and h > 0 and w * h >= 0.6 * area:
            return True
    return False


@dataclass
class _Piece:
    """A line's text inside a sentence stream, for mapping offsets back to the page."""

    start: int
    end: int
    line: Line


class _Stream:
    """Body text of one section run, built line by line, keeping where each character came from."""

    def __init__(self, section: str) -> None:
        self.section = section
        self.text = ""
        self.pieces: list[_Piece] = []

    def paragraph_break(self) -> None:
        if self.text and not self.text.endswith("\n\n"):
            self.text += "\n\n"

    def add_line(self, line: Line) -> None:
        before = self.text
        if before.endswith("\n\n") or not before:
            joined = before + line.text
        else:
            joined = join_pair(before, line.text)
        # The new line's characters are the tail of the joined text (a repaired hyphen
        # removes one character of the previous line, which then ends one character earlier).
        start = len(joined) - len(line.text)
        if self.pieces and start < self.pieces[-1].end:
            self.pieces[-1].end = start
        self.text = joined
        self.pieces.append(_Piece(start, len(joined), line))

    @property
    def open_paragraph(self) -> bool:
        """True when the text so far stops mid-sentence."""
        tail = self.text.rstrip()
        return bool(tail) and not self.text.endswith("\n\n") and not _SENTENCE_END.search(tail)


def _kind(block: TextBlock, body: float) -> str:
    text = block.text
    ratio = block.size / body
    words = len(_WORDS.findall(text))
    if _CAPTION.match(text):
        return "caption"
    if ratio < layout.SMALL_RATIO:
        return "small"
    letters = sum(ch.isalpha() for ch in text)
    wordy = letters >= 2 and letters >= 0.5 * len(text.replace(" ", ""))
    short = len(block.lines) <= 3 and words <= 16 and len(text) <= 140
    if short and wordy and not text[0].islower() and not text.endswith((",", ";")):
        named = bool(_NUMBERED_HEADING.match(text) or _NAMED_HEADING.match(text))
        if ratio >= 1.08 and (named or block.extra.get("indent", 0.0) < 2):
            return "heading"
        # Bold text of body size is a heading only at the column's edge (figure labels are
        # centred) and when short; otherwise it is emphasis or a table row.
        if (
            block.bold
            and len(block.lines) == 1
            and (named or (block.extra.get("indent", 0.0) < 2 and words <= 8))
        ):
            return "heading"
        if (
            len(block.lines) == 1
            and words <= 8
            and _SUBSECTION.match(text)
            and not _SENTENCE_END.search(text)
        ):
            return "heading"
        if (
            len(block.lines) == 1
            and words <= 5
            and _NAMED_HEADING.match(text)
            and (_NUMBERED_HEADING.match(text) or words <= 3)
        ):
            return "heading"
    return "body"


def _front_limit(blocks: list[TextBlock]) -> float:
    """Top of the first named or numbered heading on page 1: above it is front matter."""
    for block in sorted(blocks, key=lambda b: b.bbox[1]):
        if block.kind == "heading" and (
            _NAMED_HEADING.match(block.text) or _NUMBERED_HEADING.match(block.text)
        ):
            return block.bbox[1] - 1
    return 0.0


def _assemble(
    path: Path,
    sha: str,
    pages: list[list[Line]],
    heights: list[float],
    figures: list[list[BBox]],
    metadata_title: str,
    tables: list[Table] | None = None,
) -> Paper:
    all_lines = [ln for page in pages for ln in page]
    body = layout.body_font_size(all_lines)
    pages = layout.remove_debris(pages, heights, body)
    page_blocks = [layout.build_blocks(lines, body) for lines in pages]
    tables = tables or []
    for number, (blocks, rects) in enumerate(zip(page_blocks, figures, strict=True), start=1):
        grids = [t.bbox for t in tables if t.page == number]
        for block in blocks:
            block.kind = _kind(block, body)
            if (
                block.kind in ("body", "heading")
                and _inside_figure(block.bbox, rects)
                and not _paragraph_like(block.text)
            ):
                block.kind = "small"  # labels inside figures, table cells
            if block.kind in ("body", "heading") and _inside_figure(block.bbox, grids):
                block.kind = "small"  # table cells: the rows below are their evidence

    title, title_block = _title(page_blocks[0] if page_blocks else [], body, metadata_title, path)
    if title_block is not None:
        title_block.kind = "title"
    if page_blocks:
        limit = max(
            _front_limit(page_blocks[0]), title_block.bbox[3] if title_block is not None else 0.0
        )
        for block in page_blocks[0]:
            if block.kind in ("heading", "body") and block.bbox[3] <= limit:
                block.kind = "front"

    footnotes = [
        block
        for blocks, height in zip(page_blocks, heights, strict=True)
        for block in blocks
        if _is_footnote(block, height)
    ]
    out_blocks: list[Block] = []
    sentences: list[PaperSentence] = []
    sections: list[str] = []
    ref_lines: list[Line] = []
    streams: list[_Stream] = []
    section = ""
    in_refs = False
    stream = _Stream(section)
    deferred: list[TextBlock] = []

    def flush_deferred() -> None:
        for caption in deferred:
            stream.paragraph_break()
            for line in caption.lines:
                stream.add_line(line)
            stream.paragraph_break()
        deferred.clear()

    for blocks in page_blocks:
        for block in blocks:
            text = block.text
            if block.kind == "title":
                out_blocks.append(Block(block.page, block.bbox, text, BlockKind.TITLE))
                continue
            if block.kind == "front":
                # Authors, affiliations, e-mail addresses; an abstract without heading is kept.
                out_blocks.append(Block(block.page, block.bbox, text, BlockKind.BODY))
                if _paragraph_like(text):
                    for line in block.lines:
                        stream.add_line(line)
                    stream.paragraph_break()
                continue
            if block.kind == "heading":
                if in_refs and not _APPENDIX.match(text):
                    ref_lines.extend(block.lines)  # a bold label inside the list
                    out_blocks.append(
                        Block(block.page, block.bbox, text, BlockKind.REFERENCE, section)
                    )
                    continue
                flush_deferred()
                streams.append(stream)
                section = text
                sections.append(section)
                in_refs = bool(REFERENCES_HEADING.match(text))
                stream = _Stream(section)
                out_blocks.append(Block(block.page, block.bbox, text, BlockKind.HEADING, section))
                continue
            if in_refs and block.kind == "caption":
                # A box or figure after the reference list (a summary box, an appendix table).
                in_refs = False
                streams.append(stream)
                section = ""
                stream = _Stream(section)
            if in_refs:
                ref_lines.extend(block.lines)
                out_blocks.append(Block(block.page, block.bbox, text, BlockKind.REFERENCE, section))
                continue
            if block.kind in ("caption", "small"):
                out_blocks.append(Block(block.page, block.bbox, text, BlockKind.CAPTION, section))
                if block.kind == "caption":
                    deferred.append(block)
                    if not stream.open_paragraph:
                        flush_deferred()
                continue
            out_blocks.append(Block(block.page, block.bbox, text, BlockKind.BODY, section))
            if not stream.open_paragraph or starts_with_bullet(text):
                flush_deferred()
                stream.paragraph_break()
            for line in block.lines:
                if starts_with_bullet(line.text):
                    stream.paragraph_break()
                stream.add_line(line)
            if not stream.open_paragraph:
                flush_deferred()
    flush_deferred()
    streams.append(stream)
    streams.extend(_footnote_streams(footnotes))

    for run in streams:
        for start, end in split_sentences(run.text):
            sentence = _sentence(run, start, end, len(sentences))
            if sentence is not None:
                sentences.append(sentence)
    # NOTE: each table row is one evidence sentence naming its columns, after the body text.
    for table in tables:
        for row in table.rows:
            sentences.append(
                PaperSentence(
                    index=len(sentences),
                    text=row.text,
                    page=row.page,
                    bboxes=(row.bbox,),
                    section="table",
                )
            )

    references = parse_references(ref_lines)
    language = "zh" if cjk_ratio("".join(s.text for s in sentences)) >= 0.3 else "en"
    return Paper(
        sha256=sha,
        path=str(path),
        title=title,
        page_count=len(pages),
        blocks=tuple(out_blocks),
        sentences=tuple(sentences),
        references=tuple(references),
        sections=tuple(sections),
        language=language,
        authors=find_authors(out_blocks),
    )


def _with_span_text(page: dict[str, Any]) -> dict[str, Any]:
    """A "rawdict" page with each span's text as "dict" gives it, so both readings apply."""
    for block in page["blocks"]:
        for line in block.get("lines", ()):
            for span in line["spans"]:
                span["text"] = "".join(char["c"] for char in span["chars"])
    return page


def _is_footnote(block: TextBlock, height: float) -> bool:
    """Small print low on the page that opens with a footnote mark."""
    return (
        block.kind == "small"
        and block.bbox[1] >= _FOOTNOTE_ZONE * height
        and bool(_FOOTNOTE_MARK.match(block.lines[0].text))
    )


def _footnote_streams(blocks: list[TextBlock]) -> list[_Stream]:
    """Footnotes as evidence text: one paragraph per footnote, its mark left out.

    A footnote states facts ("built with the open source Anvil App Server") that a reader
    of the paper takes as the paper's; they follow the body text, as table rows do.
    """
    stream = _Stream("footnote")
    for block in blocks:
        stream.paragraph_break()
        for line in block.lines:
            mark = _FOOTNOTE_MARK.match(line.text)
            if mark:
                stream.paragraph_break()
                line = replace(line, text=line.text[mark.end() :], edges=line.edges[mark.end() :])
            stream.add_line(line)
    return [stream] if stream.text else []


def _paragraph_like(text: str) -> bool:
    """Front-matter text that reads like prose (an abstract without a heading)."""
    return len(_WORDS.findall(text)) >= 25 or (cjk_ratio(text) > 0.5 and len(text) >= 60)


def _title(
    blocks: list[TextBlock], body: float, metadata_title: str, path: Path
) -> tuple[str, TextBlock | None]:
    """The largest text on page 1 (the first such block), else metadata, else the file name."""
    candidates = [b for b in blocks if b.size >= 1.2 * body and len(b.text) >= 4]
    if candidates:
        largest = max(b.size for b in candidates)
        for block in blocks:
            if block in candidates and block.size >= largest - 0.5:
                # A title set on two lines may come back as two blocks: take the next one too.
                index = blocks.index(block)
                following = blocks[index + 1] if index + 1 < len(blocks) else None
                if (
                    following is not None
                    and abs(following.size - block.size) < 0.5
                    and following.bbox[1] - block.bbox[3] < block.size
                ):
                    block.lines.extend(following.lines)
                    blocks.remove(following)
                return block.text, block
    if metadata_title.strip() and metadata_title.strip().lower() != "untitled":
        return metadata_title.strip(), None
    return path.stem, None


def _sentence(run: _Stream, start: int, end: int, index: int) -> PaperSentence | None:
    text = run.text[start:end]
    text = re.sub(r"\s*\n\s*", " ", text).strip()
    if not any(ch.isalpha() for ch in text):
        return None
    boxes: dict[int, list[BBox]] = {}
    weight: dict[int, int] = {}
    for piece in run.pieces:
        lo, hi = max(start, piece.start), min(end, piece.end)
        if hi <= lo:
            continue
        line = piece.line
        x0, x1 = line.span_x(lo - piece.start, hi - piece.start)
        boxes.setdefault(line.page, []).append((x0, line.y0, x1, line.y1))
        weight[line.page] = weight.get(line.page, 0) + hi - lo
    if not boxes:
        return None
    # NOTE: a sentence crossing a page break keeps the boxes of the page holding most of it.
    page = max(weight, key=lambda p: weight[p])
    return PaperSentence(
        index=index, text=text, page=page, bboxes=tuple(boxes[page]), section=run.section
    )
