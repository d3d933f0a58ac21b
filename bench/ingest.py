"""Ingest benchmark over the sample papers: parse, embed, total and reopen times.

    .venv/bin/python bench/ingest.py [FOLDER]     (default: ../shared/papers)

Each paper goes into a fresh data folder, so the times are those of a first open.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _timed_ingest(pdf: Path) -> dict[str, float]:
    from core.ingest.chunking import chunk_paper
    from core.ingest.pdf import parse_pdf
    from core.progress import Progress
    from core.workspace import Workspace

    start = time.perf_counter()
    paper = parse_pdf(pdf)
    parse_s = time.perf_counter() - start
    chunks = chunk_paper(paper)

    ws = Workspace()
    ws.embedder.embed(["warm up"])
    ws.vectors.count("warm up")
    marks: dict[str, float] = {}
    start = time.perf_counter()
    gen = ws.ingest(pdf)
    while True:
        try:
            event: Progress = next(gen)
        except StopIteration:
            break
        marks.setdefault(f"first_{event.stage}", time.perf_counter() - start)
        marks[f"last_{event.stage}"] = time.perf_counter() - start
    total_s = time.perf_counter() - start
    embed_s = marks.get("last_embed", 0.0) - marks.get("first_embed", 0.0)

    start = time.perf_counter()
    ws.find(pdf)
    reopen_s = time.perf_counter() - start
    ws.close()
    start = time.perf_counter()
    subprocess.run(
        [str(ROOT / ".venv/bin/deepread"), "ingest", "-q", str(pdf)],
        check=True,
        capture_output=True,
    )
    cli_reopen_s = time.perf_counter() - start
    return {
        "pages": paper.page_count,
        "sentences": len(paper.sentences),
        "chunks": len(chunks),
        "parse_s": parse_s,
        "embed_s": embed_s,
        "total_s": total_s,
        "pages_per_s": paper.page_count / total_s,
        "reopen_s": reopen_s,
        "cli_reopen_s": cli_reopen_s,
    }


def main() -> int:
    """Print one line of figures per paper."""
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "papers"
    pdfs = sorted(folder.glob("*.pdf")) if folder.is_dir() else []
    if not pdfs:
        print(f"No PDFs in {folder}; nothing to measure.")
        return 0
    header = (
        f"{'paper':44} {'pages':>5} {'sents':>5} {'chunks':>6} {'parse s':>8} {'embed s':>8} "
        f"{'total s':>8} {'pages/s':>8} {'reopen s':>9} {'cli reopen s':>12}"
    )
    print(header)
    for pdf in pdfs:
        with tempfile.TemporaryDirectory() as home:
            os.environ["DEEPREAD_HOME"] = home
            r = _timed_ingest(pdf)
        print(
            f"{pdf.name[:44]:44} {r['pages']:5.0f} {r['sentences']:5.0f} {r['chunks']:6.0f} "
            f"{r['parse_s']:8.2f} {r['embed_s']:8.2f} {r['total_s']:8.2f} {r['pages_per_s']:8.1f} "
            f"{r['reopen_s']:9.3f} {r['cli_reopen_s']:12.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
