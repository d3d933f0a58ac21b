"""SciTab as checker data: real claims about real results tables, supports against refutes.

Each table is rendered into a one-page PDF the way a paper prints it (caption above, a header
row between rules, one row per line, columns at fixed x positions), so the claim meets the real
ingest, chunking, retrieval and gates. ``not enough info`` claims are left out: they are neither
supported nor contradicted by the table.

The split is fixed: a claim belongs to ``fit`` when the first hex digit of the SHA-1 of its id is
below 8, else to ``report``. Thresholds are fitted on ``fit`` only and figures are quoted on
``report``.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parents[2] / "shared" / "datasets" / "scitab" / "sci_tab.json"
LABELS = {"supports": "supported", "refutes": "fabricated"}

_W, _H, _MARGIN = 612.0, 792.0, 54.0
_SIZE = 7.0


@dataclass(frozen=True)
class TableClaim:
    """One labelled claim and the table it is about."""

    claim_id: str
    table_id: str
    claim: str
    label: str  # "supported" or "fabricated"
    caption: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


def split_of(claim_id: str) -> str:
    """``fit`` or ``report``, fixed by the claim id's hash."""
    return "fit" if int(hashlib.sha1(claim_id.encode()).hexdigest()[0], 16) < 8 else "report"


def load(split: str | None = None, path: Path = DATA) -> list[TableClaim]:
    """The supports/refutes claims, optionally of one split, in file order."""
    if not path.is_file():
        return []
    out: list[TableClaim] = []
    for item in json.loads(path.read_text(encoding="utf-8")):
        label = LABELS.get(item["label"])
        if label is None or (split is not None and split_of(item["id"]) != split):
            continue
        out.append(
            TableClaim(
                item["id"],
                item["table_id"],
                # "[CONTINUE]" marks a claim continued from the previous one in the source data.
                item["claim"].replace("[CONTINUE]", "").strip(),
                label,
                item["table_caption"],
                tuple(_cell(c) for c in item["table_column_names"]),
                tuple(tuple(_cell(c) for c in row) for row in item["table_content_values"]),
            )
        )
    return out


_MARKUP = re.compile(r"</?(?:bold|italic|b|i)>|\[(?:ITALIC|BOLD|EMPTY)\]", re.I)


def _cell(text: Any) -> str:
    return " ".join(_MARKUP.sub(" ", str(text)).split())


def render(claim: TableClaim, path: Path) -> Path:
    """Write the claim's table as a one-page PDF: caption, rules, header, rows."""
    import pymupdf

    doc = pymupdf.open()
    page = doc.new_page(width=_W, height=_H)
    box = pymupdf.Rect(_MARGIN, _MARGIN, _W - _MARGIN, _MARGIN + 60)
    page.insert_textbox(box, claim.caption, fontsize=9, fontname="helv")
    y = _MARGIN + 9 * 1.3 * (1 + len(claim.caption) // 95) + 16
    width = len(claim.columns)
    grid = [list(claim.columns)] + [list(r) + [""] * (width - len(r)) for r in claim.rows]
    widths = [
        max(
            pymupdf.get_text_length(row[i], fontname="hebo" if n == 0 else "helv", fontsize=_SIZE)
            for n, row in enumerate(grid)
        )
        + 9
        for i in range(width)
    ]
    scale = min(1.0, (_W - 2 * _MARGIN) / max(sum(widths), 1.0))
    size = _SIZE * scale
    right = _MARGIN + sum(widths) * scale
    page.draw_line((_MARGIN, y - size - 3), (right, y - size - 3))
    for number, row in enumerate(grid):
        x = _MARGIN
        for i, cell in enumerate(row):
            font = "hebo" if number == 0 else "helv"
            page.insert_text((x, y), cell, fontsize=size, fontname=font)
            x += widths[i] * scale
        if number == 0:
            page.draw_line((_MARGIN, y + 3), (right, y + 3))
            y += 5
        y += size * 1.6
        if y > _H - _MARGIN:
            page = doc.new_page(width=_W, height=_H)
            y = _MARGIN
    page.draw_line((_MARGIN, y - size + 1), (right, y - size + 1))
    path.parent.mkdir(parents=True, exist_ok=True)
    doc.save(path, garbage=3, deflate=True)
    doc.close()
    return path
