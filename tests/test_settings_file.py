"""Settings on disk: durable saves, and an invalid file kept and reported, never replaced."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from core.cli.main import main
from core.config import Settings
from core.errors import SettingsError


def test_save_then_load_round_trips_and_syncs(monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[int] = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real_fsync(fd))[1])
    settings = Settings()
    settings.model.path = "/models/writer.gguf"
    settings.save()
    assert len(synced) >= 1
    again = Settings.load()
    assert again.model.path == "/models/writer.gguf"
    assert again.load_warning == ""
    assert not Settings.settings_path().with_suffix(".json.tmp").exists()


@pytest.mark.parametrize(
    "content",
    ['{"model": {"path": "/m.gguf", ', '["not", "an", "object"]', '{"model": {"threads": -3}}'],
    ids=["truncated-json", "not-an-object", "value-out-of-range"],
)
def test_invalid_file_is_kept_as_bad_and_reported(content: str) -> None:
    path = Settings.settings_path()
    path.write_text(content, encoding="utf-8")
    settings = Settings.load()
    bad = path.with_name("settings.json.bad")
    assert bad.read_text(encoding="utf-8") == content
    assert not path.exists()
    assert "settings.json.bad" in settings.load_warning
    assert settings.model.path == ""


def test_command_line_reports_an_invalid_settings_file(capsys: pytest.CaptureFixture[str]) -> None:
    Settings.settings_path().write_text("{oops", encoding="utf-8")
    assert main(["list"]) == 0
    err = capsys.readouterr().err
    assert "warning" in err and "settings.json.bad" in err


def test_environment_still_wins_over_a_good_file(monkeypatch: pytest.MonkeyPatch) -> None:
    Settings.settings_path().write_text(json.dumps({"checker": {"threshold": 0.5}}))
    monkeypatch.setenv("DEEPREAD_CHECKER__THRESHOLD", "0.2")
    assert Settings.load().checker.threshold == 0.2


def test_save_into_an_unwritable_folder_is_a_typed_error(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    missing = tmp_path / "gone" / "settings.json"
    monkeypatch.setattr(Settings, "settings_path", classmethod(lambda cls: missing))
    with pytest.raises(SettingsError, match="Cannot save the settings"):
        Settings().save()
