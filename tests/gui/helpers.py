"""Small helpers shared by the GUI tests."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from core.records import StoredCritique
from desktop.main_window import MainWindow

TIMEOUT_MS = 60_000


def open_paper(qtbot: QtBot, window: MainWindow, pdf: Path) -> str:
    """Ingest and open ``pdf``; returns its sha256 once the window shows it."""
    with qtbot.waitSignal(window.paper_opened, timeout=TIMEOUT_MS) as blocker:
        window.open_files([pdf])
    sha = blocker.args[0]
    assert isinstance(sha, str)
    return sha


def critique(qtbot: QtBot, window: MainWindow) -> StoredCritique:
    """Run a critique of the open paper and wait for the stored result."""
    with qtbot.waitSignal(window.critique_finished, timeout=TIMEOUT_MS) as blocker:
        assert window.request_critique("en") is not None
    stored = blocker.args[0]
    assert isinstance(stored, StoredCritique)
    return stored
