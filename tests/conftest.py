"""Shared fixtures: every test gets its own data folder and no network."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["ANONYMIZED_TELEMETRY"] = "False"
os.environ["HF_HUB_OFFLINE"] = "1"


class NetworkBlocked(RuntimeError):
    """Raised when a test tries to reach the network."""


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    home = tmp_path / "deepread-home"
    monkeypatch.setenv("DEEPREAD_HOME", str(home))
    yield home


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail any attempt to open a non-local connection."""
    real_connect = socket.socket.connect

    def guarded(self: socket.socket, address: object) -> object:
        if self.family == socket.AF_UNIX:
            return real_connect(self, address)
        raise NetworkBlocked(f"network access attempted: {address!r}")

    monkeypatch.setattr(socket.socket, "connect", guarded)
    monkeypatch.setattr(socket.socket, "connect_ex", guarded)
    monkeypatch.setattr(
        socket, "create_connection", lambda *a, **k: (_ for _ in ()).throw(NetworkBlocked(str(a)))
    )
    monkeypatch.setattr(
        socket, "getaddrinfo", lambda *a, **k: (_ for _ in ()).throw(NetworkBlocked(str(a)))
    )


@pytest.fixture(scope="session")
def default_gguf(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The bundled default model, assembled (and SHA-256 checked) once per test session."""
    from core.llm import default_model

    target = tmp_path_factory.mktemp("bundled-model") / default_model.DEFAULT_MODEL_FILE
    steps = default_model.assemble_steps(
        default_model.part_paths(),
        target,
        expected_sha256=default_model.DEFAULT_MODEL_SHA256,
        expected_bytes=default_model.DEFAULT_MODEL_BYTES,
    )
    for _ in steps:
        pass
    yield target
    target.unlink(missing_ok=True)


@pytest.fixture
def bundled_model(default_gguf: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point the default-model lookup at the session's copy instead of the test's data folder."""
    monkeypatch.setattr("core.llm.default_model.model_target", lambda: default_gguf)
    return default_gguf
