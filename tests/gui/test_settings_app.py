"""Settings dialog, the entry point's command-line delegation, and the library's removal."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from core.config import Settings
from desktop.dialogs import prompts
from desktop.dialogs.settings_dialog import SettingsDialog, validate_gguf
from tests.gui.conftest import WindowFactory
from tests.gui.helpers import TIMEOUT_MS, open_paper

ROOT = Path(__file__).resolve().parents[2]


def test_gguf_validation(tmp_path: Path) -> None:
    good = tmp_path / "model.gguf"
    good.write_bytes(b"GGUF" + bytes(64))
    bad = tmp_path / "model.bin"
    bad.write_bytes(b"PK\x03\x04" + bytes(64))
    assert validate_gguf("") is None
    assert validate_gguf(str(good)) is None
    assert "not a GGUF" in (validate_gguf(str(bad)) or "")
    assert "does not exist" in (validate_gguf(str(tmp_path / "missing.gguf")) or "")


def test_settings_dialog_saves_the_settings_tree(qtbot: QtBot, tmp_path: Path) -> None:
    model = tmp_path / "writer.gguf"
    model.write_bytes(b"GGUF" + bytes(16))
    dialog = SettingsDialog(Settings())
    qtbot.addWidget(dialog)
    dialog.model_path.setText(str(tmp_path / "nope.txt"))
    save = dialog.buttons.buttons()[0]
    assert not dialog.model_error.isHidden()
    dialog.model_path.setText(str(model))
    assert dialog.model_error.isHidden()
    assert save.isEnabled()
    dialog.threads.setValue(3)
    dialog.context_size.setValue(8192)
    dialog.threshold.setValue(0.4)
    dialog.retries.setValue(1)
    dialog.language.setCurrentIndex(dialog.language.findData("zh"))
    dialog.accept()
    loaded = Settings.load()
    assert loaded.model.path == str(model)
    assert loaded.model.threads == 3
    assert loaded.model.context_size == 8192
    assert loaded.checker.threshold == pytest.approx(0.4)
    assert loaded.checker.max_retries == 1
    assert loaded.critique.language == "zh"


def test_subcommands_go_to_the_command_line_without_qt(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "from desktop.app import main\n"
        "rc = main(['deepread', 'list'])\n"
        "print('QT' if 'PySide6' in sys.modules else 'NOQT', rc)\n"
    )
    env = dict(os.environ, DEEPREAD_HOME=str(tmp_path / "home"))
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "NOQT 0"


def test_remove_paper_asks_and_clears_the_window(
    qtbot: QtBot, make_window: WindowFactory, paper_pdf: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window()
    open_paper(qtbot, window, paper_pdf)
    # NOTE: the library refresh is queued before the open on the lane, so it is done by now.
    assert window.library_model.rowCount() == 1
    monkeypatch.setattr(prompts, "confirm", lambda *_a, **_k: False)
    window.remove_selected()
    assert window.library_model.rowCount() == 1
    monkeypatch.setattr(prompts, "confirm", lambda *_a, **_k: True)
    with qtbot.waitSignal(window.library_refreshed, timeout=TIMEOUT_MS):
        window.remove_selected()
    assert window.library_model.rowCount() == 0
    assert window.current is None
    assert window.pdf_view.page_count == 0
