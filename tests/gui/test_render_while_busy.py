"""The page view stays responsive while the lane works.

It never waits for PyMuPDF, and the lane gives the GUI thread the GIL quickly.
"""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

from pytestqt.qtbot import QtBot

from bench.gui_heartbeat import Heartbeat
from core import pdf_access
from desktop.tasks import GIL_SWITCH_S, TaskRunner
from desktop.views.pdf_view import PdfView
from tests.gui.helpers import TIMEOUT_MS


def test_page_view_skips_a_frame_while_pymupdf_is_taken_and_catches_up(
    qtbot: QtBot, paper_pdf: Path
) -> None:
    view = PdfView()
    qtbot.addWidget(view)
    view.resize(600, 800)
    view.show()
    view.open(paper_pdf)
    taken, release = threading.Event(), threading.Event()

    def lane() -> None:
        with pdf_access.hold():
            taken.set()
            release.wait(10)

    thread = threading.Thread(target=lane)
    thread.start()
    try:
        assert taken.wait(5)
        view.viewport().repaint()  # asks for the visible pages
        started = time.perf_counter()
        view._render_next()
        assert time.perf_counter() - started < 0.05  # gave way instead of waiting
        assert not any(entry.done for entry in view._cache.values())
    finally:
        release.set()
        thread.join(5)
    qtbot.waitUntil(lambda: bool(view._cache) and view._cache[0].done, timeout=TIMEOUT_MS)


def test_task_runner_hands_the_gil_over_within_a_millisecond(qtbot: QtBot) -> None:
    runner = TaskRunner()
    try:
        assert sys.getswitchinterval() == GIL_SWITCH_S <= 0.001
    finally:
        runner.shutdown()


def test_heartbeat_keeps_the_stalls_over_its_threshold(qtbot: QtBot) -> None:
    beat = Heartbeat(record_over_ms=50)
    beat.set_phase("busy")
    beat._last -= 0.2  # as if the event loop had been blocked for 200 ms
    beat.set_phase("after")
    assert len(beat.stalls) == 1
    start, end, phase = beat.stalls[0]
    assert phase == "busy" and end - start >= 0.2
    assert beat.blocked_ms("busy") >= 190
