"""Write the development-set papers as PDFs with PyMuPDF (``python -m bench.devset.build DIR``)."""

from __future__ import annotations

import functools
import sys
from pathlib import Path

import pymupdf

from bench.devset.papers import PAPERS, DevPaper

_W, _H, _MARGIN = 612.0, 792.0, 72.0
_BODY, _BOLD = "helv", "hebo"


@functools.cache
def _font(name: str) -> pymupdf.Font:
    """A built-in font by its base-14 name, loaded once."""
    return pymupdf.Font(name)


class PageWriter:
    """Line-by-line layout so the text and its positions are deterministic.

    With ``unicode`` the text is written with embedded fonts (and MuPDF's fallbacks), so every
    character reads back as written: "−6.8 to −1.0", "≥ 55 dB", "1.41–2.35", "CO₂". Without it
    the base-14 fonts print what their encoding lacks as "·", which the development papers avoid.
    """

    def __init__(self, doc: pymupdf.Document, *, unicode: bool = False) -> None:
        self.doc = doc
        self.unicode = unicode
        self.page = doc.new_page(width=_W, height=_H)
        self.y = _MARGIN

    def line(self, text: str, font: str, size: float) -> None:
        """One line of text, on a new page when this one is full."""
        if self.y + size * 1.4 > _H - _MARGIN:
            self.page = self.doc.new_page(width=_W, height=_H)
            self.y = _MARGIN
        self.y += size * 1.4
        if not self.unicode:
            self.page.insert_text((_MARGIN, self.y), text, fontname=font, fontsize=size)
            return
        writer = pymupdf.TextWriter(self.page.rect)
        writer.append((_MARGIN, self.y), text, font=_font(font), fontsize=size)
        writer.write_text(self.page)

    def paragraph(self, text: str, font: str = _BODY, size: float = 10.0, gap: float = 6.0) -> None:
        """Text wrapped to the page width, then a gap."""
        if not self.unicode:
            # The base-14 fonts have no curly quotes; the paper prints straight ones.
            text = text.replace("\u201c", '"').replace("\u201d", '"')
        width = _W - 2 * _MARGIN
        current = ""
        for word in text.split():
            trial = f"{current} {word}".strip()
            if current and self._length(trial, font, size) > width:
                self.line(current, font, size)
                current = word
            else:
                current = trial
        if current:
            self.line(current, font, size)
        self.y += gap

    def _length(self, text: str, font: str, size: float) -> float:
        if self.unicode:
            return float(_font(font).text_length(text, fontsize=size))
        return float(pymupdf.get_text_length(text, fontname=font, fontsize=size))


def build_paper(paper: DevPaper, directory: Path) -> Path:
    """Write one paper to ``directory/<key>.pdf``."""
    doc = pymupdf.open()
    writer = PageWriter(doc)
    writer.paragraph(paper.title, _BOLD, 15.0, 4.0)
    writer.paragraph(paper.authors, _BODY, 11.0, 10.0)
    writer.paragraph("Abstract", _BOLD, 11.0, 2.0)
    writer.paragraph(paper.abstract)
    for heading, paragraphs in paper.sections:
        writer.paragraph(heading, _BOLD, 11.0, 2.0)
        for text in paragraphs:
            writer.paragraph(text)
    writer.paragraph("References", _BOLD, 11.0, 2.0)
    for entry in paper.references:
        writer.paragraph(entry, _BODY, 9.0, 3.0)
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{paper.key}.pdf"
    doc.save(path, garbage=3, deflate=True)
    doc.close()
    return path


def build_all(directory: Path) -> dict[str, Path]:
    """Write every development paper; returns key -> path."""
    return {paper.key: build_paper(paper, directory) for paper in PAPERS}


if __name__ == "__main__":
    for key, path in build_all(
        Path(sys.argv[1] if len(sys.argv) > 1 else "bench/devset/pdf")
    ).items():
        print(key, path)
