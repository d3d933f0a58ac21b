"""Selecting a library paper read by an older version reads it again, or shows the old reading."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from core.errors import Cancelled
from core.ingest.version import READING_VERSION
from core.progress import CancelToken
from desktop import operations
from tests.gui.conftest import WindowFactory
from tests.gui.helpers import TIMEOUT_MS, open_paper
from tests.test_reread import _read_by_an_older_version


def test_selecting_a_stale_paper_reads_it_again(
    qtbot: QtBot, make_window: WindowFactory, paper_pdf: Path
) -> None:
    window = make_window()
    sha = open_paper(qtbot, window, paper_pdf)
    assert window.current is not None
    full = len(window.current.paper.sentences)
    lane = window.lane
    lane.runner.call_blocking(lambda: _read_by_an_older_version(lane.workspace(), sha))
    with qtbot.waitSignal(window.paper_opened, timeout=TIMEOUT_MS):
        window.open_paper(sha)
    assert window.current.info.reading_version == READING_VERSION
    assert len(window.current.paper.sentences) == full


def test_stopping_the_new_reading_opens_the_old_one(
    qtbot: QtBot, make_window: WindowFactory, paper_pdf: Path
) -> None:
    window = make_window()
    sha = open_paper(qtbot, window, paper_pdf)
    lane = window.lane

    def stopped() -> operations.OpenedPaper:
        ws = lane.workspace()
        _read_by_an_older_version(ws, sha)
        work = operations.open_paper(window, lane, sha)._work(ws, CancelToken())  # noqa: SLF001
        assert next(work).stage == "parse"
        # What the task runner does when Stop is pressed: Cancelled at the next yield.
        with pytest.raises(StopIteration) as done:
            work.throw(Cancelled("Stopped by the user."))
        opened = done.value.value
        assert isinstance(opened, operations.OpenedPaper)
        return opened

    opened = lane.runner.call_blocking(stopped)
    assert opened.info.reading_version == 0
    assert len(opened.paper.sentences) == 2
