"""Stress benchmark: the page view renders continuously while the worker ingests and exports.

    QT_QPA_PLATFORM=offscreen .venv/bin/python -m bench.stress [--papers 10] [--real-embedder]

The window's PdfView shows a real two-column paper and is scrolled and re-zoomed all the time,
so it renders page bands on the GUI thread, while the worker lane parses, chunks, indexes and
then exports (annotated PDF, Markdown, JSON) ten papers with PyMuPDF. Every PyMuPDF call goes
through ``core.pdf_access``. A 10 ms heartbeat timer on the GUI thread measures the longest
stall. Printed: papers done, render steps, render steps deferred because the worker held
PyMuPDF, and the worst GUI stall (the goal is under 100 ms). Without ../shared/papers the script
skips cleanly.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
PAPERS = ROOT.parent / "shared" / "papers"
SHOWN = "html_www2020_2col_acm_ccby.pdf"

from bench.gui_heartbeat import PERIOD_MS, Heartbeat  # noqa: E402


def _copies(count: int, folder: Path) -> list[Path]:
    """``count`` distinct PDFs (the sample papers, each copy with a different trailing comment)."""
    sources = sorted(PAPERS.glob("*.pdf"))
    out = []
    for n in range(count):
        source = sources[n % len(sources)]
        path = folder / f"{source.stem}-{n}.pdf"
        path.write_bytes(source.read_bytes() + f"\n% copy {n}\n".encode())
        out.append(path)
    return out


def _critique_of(paper: object) -> object:
    """A stored critique citing a few of the paper's own sentences, for the exports."""
    from core.records import StoredCritique
    from core.types import Claim, CritiqueResult, Evidence, Paper, Status, Verdict

    assert isinstance(paper, Paper)
    verdicts = []
    for i, s in enumerate(paper.sentences[:: max(1, len(paper.sentences) // 12)][:12]):
        evidence = Evidence(s.page, s.text, s.bboxes[0], 0.8, paper.sentences.index(s))
        claim = Claim(i, s.text, 0, len(s.text))
        verdicts.append(Verdict(claim, Status.SUPPORTED, confidence=0.8, evidence=(evidence,)))
    text = " ".join(v.claim.text for v in verdicts)
    result = CritiqueResult(text, tuple(verdicts), (), "stress", "en", 0.0)
    return StoredCritique(1, paper.sha256, datetime.now(UTC), result)


def run(count: int, real_embedder: bool) -> int:
    """Render, ingest and export; print the figures; 0 when no stall reached 100 ms."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from core.config import Settings
    from core.export import export_critique
    from core.progress import drive
    from core.workspace import Workspace
    from desktop.operations import CoreLane
    from desktop.tasks import TaskRunner
    from desktop.views import pdf_view

    app = QApplication.instance() or QApplication([])
    view = pdf_view.PdfView()
    view.resize(900, 1000)
    view.show()
    view.open(PAPERS / SHOWN)

    steps = {"render": 0, "deferred": 0}
    slowest = {"render step": 0.0}
    real_step = pdf_view._PageImage.step
    real_retry = view.BUSY_RETRY_MS

    def counted_step(self: object, page: object, scale: float) -> bool:
        steps["render"] += 1
        start = time.perf_counter()
        try:
            return real_step(self, page, scale)  # type: ignore[arg-type]
        finally:
            slowest["render step"] = max(slowest["render step"], time.perf_counter() - start)

    pdf_view._PageImage.step = counted_step  # type: ignore[method-assign]
    original_start = view._render_timer.start

    def counted_start(msec: int = 0) -> None:
        if msec == real_retry:
            steps["deferred"] += 1
        original_start(msec)

    view._render_timer.start = counted_start  # type: ignore[method-assign]

    def churn() -> None:
        """Scroll one screen down (wrapping) and re-zoom every few seconds: always rendering."""
        bar = view.verticalScrollBar()
        bar.setValue(bar.value() + 700 if bar.value() < bar.maximum() else 0)
        if int(time.monotonic()) % 4 == 0:
            view.set_zoom(1.5 if view.zoom < 1.2 else 1.0)

    scroller = QTimer()
    scroller.setInterval(40)
    scroller.timeout.connect(churn)

    folder = Path(tempfile.mkdtemp(prefix="deepread-stress-"))
    papers = _copies(count, folder)
    done: list[str] = []
    failures: list[BaseException] = []

    def factory(s: Settings) -> Workspace:
        if real_embedder:
            return Workspace(s)
        from tests.fakes import FakeEmbedder

        return Workspace(s, embedder=FakeEmbedder())

    runner = TaskRunner()
    lane = CoreLane(runner, Settings(), factory)

    def work(path: Path) -> object:
        def run_one(_token: object) -> str:
            ws = lane.workspace()
            info = drive(ws.ingest(path))
            paper = ws.load_paper(info.sha256)
            critique = _critique_of(paper)
            for fmt in ("pdf", "md", "json"):
                out = folder / f"{path.stem}.out.{fmt}"
                export_critique(paper, info, critique, fmt, out, source_pdf=path)  # type: ignore[arg-type]
            return path.name

        return run_one

    def warm_up() -> None:
        # NOTE: as the window does once it is up: the one-off imports and the Chroma start hold
        # the GIL for up to a second, and are not what this benchmark measures.
        import core.export  # noqa: F401
        import core.ingest.chunking  # noqa: F401
        import core.ingest.pdf  # noqa: F401

        ws = lane.workspace()
        ws.list_papers()
        _ = ws.vectors
        _ = ws.embedder

    runner.call_blocking(warm_up, timeout=300)
    for path in papers:
        task = runner.submit(work(path), "stress")  # type: ignore[arg-type]
        task.succeeded.connect(done.append)
        task.failed.connect(failures.append)
    beat = Heartbeat()

    def finish_when_idle() -> None:
        if not runner.busy:
            app.quit()

    idle = QTimer()
    idle.setInterval(200)
    idle.timeout.connect(finish_when_idle)
    beat.set_phase("stress")
    beat.start()
    scroller.start()
    idle.start()
    started = time.perf_counter()
    app.exec()
    seconds = time.perf_counter() - started
    beat.set_phase("done")
    beat.stop()
    scroller.stop()
    runner.shutdown()
    worst = beat.blocked_ms("stress")
    print(f"papers ingested and exported: {len(done)}/{count} in {seconds:.1f} s")
    print(
        f"render steps on the GUI thread: {steps['render']}; deferred while the worker held "
        f"PyMuPDF: {steps['deferred']}; heartbeat ticks: {beat.ticks['stress']}"
    )
    print(
        f"worst GUI stall: {worst:.1f} ms (longest tick interval {beat.worst['stress']:.1f} ms, "
        f"period {PERIOD_MS} ms) {'OK' if worst < 100 else 'TOO SLOW'}"
    )
    print(f"slowest render step on the GUI thread: {slowest['render step'] * 1000:.1f} ms")
    for exc in failures:
        print(f"failed: {exc!r}")
    return 0 if worst < 100 and not failures else 1


def main() -> int:
    """Parse arguments and run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--papers", type=int, default=10)
    parser.add_argument("--real-embedder", action="store_true", help="ONNX MiniLM, not the fake")
    args = parser.parse_args()
    if not (PAPERS / SHOWN).is_file():
        print(f"skipped: the sample papers are not in {PAPERS}")
        return 0
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ["DEEPREAD_HOME"] = tempfile.mkdtemp(prefix="deepread-stress-home-")
    return run(args.papers, args.real_embedder)


if __name__ == "__main__":
    raise SystemExit(main())
