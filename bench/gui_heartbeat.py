"""Measure how long the GUI thread is blocked while a paper is ingested and critiqued.

A 10 ms QTimer ticks on the GUI thread; the longest interval between two ticks, minus the
10 ms period, is the longest time the event loop could not run. The goal is < 100 ms.

    python bench/gui_heartbeat.py                 # fake models (streams ~40 tokens/s)
    python bench/gui_heartbeat.py --real PAPER    # the configured (default) GGUF model
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PERIOD_MS = 10


class Heartbeat:
    """Records the gaps between ticks of a 10 ms timer, per named phase.

    With ``record_over_ms``, every gap longer than that is also kept in ``stalls`` as
    ``(start, end, phase)`` in ``time.perf_counter`` seconds, for tracing what caused it.
    """

    def __init__(self, record_over_ms: float | None = None) -> None:
        from PySide6.QtCore import QTimer

        self.phase = "idle"
        self.worst: dict[str, float] = defaultdict(float)
        self.ticks: dict[str, int] = defaultdict(int)
        self.stalls: list[tuple[float, float, str]] = []
        self._record_over_ms = record_over_ms
        self._last = time.perf_counter()
        self._timer = QTimer()
        self._timer.setInterval(PERIOD_MS)
        self._timer.timeout.connect(self._tick)

    def start(self) -> None:
        """Start ticking."""
        self._last = time.perf_counter()
        self._timer.start()

    def stop(self) -> None:
        """Stop ticking."""
        self._timer.stop()

    def set_phase(self, phase: str) -> None:
        """Attribute the following gaps to ``phase``."""
        self._tick()
        self.phase = phase

    def _tick(self) -> None:
        now = time.perf_counter()
        gap = (now - self._last) * 1000
        if self._record_over_ms is not None and gap > self._record_over_ms:
            self.stalls.append((self._last, now, self.phase))
        self._last = now
        self.ticks[self.phase] += 1
        self.worst[self.phase] = max(self.worst[self.phase], gap)

    def blocked_ms(self, phase: str) -> float:
        """Longest stretch the event loop was blocked during ``phase``."""
        return max(0.0, self.worst.get(phase, 0.0) - PERIOD_MS)


def run(paper: Path, real: bool, token_delay: float = 0.025) -> Heartbeat:
    """Ingest and critique ``paper`` in a MainWindow while the heartbeat runs."""
    from PySide6.QtWidgets import QApplication

    from core.config import CheckerSettings, Settings
    from core.workspace import Workspace
    from desktop import errors
    from desktop.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    failures: list[BaseException] = []
    errors.show_exception = lambda _p, exc: failures.append(exc)  # type: ignore[assignment]

    if real:
        settings = Settings.load()

        def factory(s: Settings) -> Workspace:
            return Workspace(s)

    else:
        from tests.fakes import FakeEmbedder, FakeLLM

        reply = (
            "SpanCheck reaches an accuracy of 87.3% on SQuAD. The authors release a set of "
            "12,500 examples with human labels. SpanCheck reaches an accuracy of 99.9% on "
            "SQuAD. The verifier was trained on ImageNet-22K with 64 GPUs."
        )

        class PacedLLM(FakeLLM):
            def complete(self, instruction: str, content: str, **kw: object):  # type: ignore[no-untyped-def,override]
                on_token = kw.get("on_token")

                def paced(token: str) -> None:
                    time.sleep(token_delay)
                    if callable(on_token):
                        on_token(token)

                kw["on_token"] = paced
                return super().complete(instruction, content, **kw)  # type: ignore[arg-type]

        settings = Settings(checker=CheckerSettings(max_retries=1))

        def factory(s: Settings) -> Workspace:
            return Workspace(
                s,
                llm=PacedLLM(default=lambda _i, _c: reply),
                judge=FakeLLM(),
                embedder=FakeEmbedder(),
            )

    window = MainWindow(settings, factory)
    window.resize(1400, 900)
    window.show()
    beat = Heartbeat()
    beat.start()

    def opened(_sha: str) -> None:
        beat.set_phase("critique")
        window.request_critique(None)

    window.paper_opened.connect(opened)
    window.critique_finished.connect(lambda _c: app.quit())
    window.critique_stopped.connect(app.quit)

    def warm() -> None:
        beat.set_phase("ingest")
        window.open_files([paper])

    # NOTE: like a reader, open the paper once the window is up and has loaded its parts.
    beat.set_phase("startup")
    window.warmed_up.connect(warm)
    started = time.perf_counter()
    app.exec()
    beat.set_phase("done")
    beat.stop()
    print(f"total {time.perf_counter() - started:.1f} s", file=sys.stderr)
    window.close()
    if failures:
        raise SystemExit(f"failed: {failures[0]!r}")
    return beat


def main() -> int:
    """Run the benchmark and print the worst gaps."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("paper", nargs="?", type=Path, help="PDF (default: the fixture paper)")
    parser.add_argument("--real", action="store_true", help="use the configured GGUF model")
    args = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    if not args.real:
        # NOTE: fake runs get a throw-away library so they never touch the user's.
        os.environ["DEEPREAD_HOME"] = tempfile.mkdtemp(prefix="deepread-heartbeat-")
    paper = args.paper
    if paper is None:
        from tests.pdf_factory import two_column_paper

        paper = two_column_paper(Path(tempfile.mkdtemp(prefix="deepread-paper-")))
    beat = run(paper.resolve(), args.real)
    for phase in ("startup", "ingest", "critique"):
        print(
            f"{phase:9s} worst tick interval {beat.worst.get(phase, 0.0):6.1f} ms, "
            f"blocked {beat.blocked_ms(phase):6.1f} ms over {beat.ticks.get(phase, 0)} ticks"
        )
    worst = max(beat.blocked_ms("ingest"), beat.blocked_ms("critique"))
    print(f"worst GUI-thread gap: {worst:.1f} ms ({'OK' if worst < 100 else 'TOO SLOW'})")
    return 0 if worst < 100 else 1


if __name__ == "__main__":
    raise SystemExit(main())
