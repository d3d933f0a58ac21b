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


#: Verdict parameters for tests: unit tests exercise the checker's plumbing with fake models,
#: not the fitted numbers, which ``bench/fit.py`` rewrites (tests/test_verdict.py checks them).
VERDICT_PARAMS = {
    "bias": -2.0,
    "weights": {"coverage": 4.0, "cosine": 2.0, "number_unbound": -1.0, "judge_logit": 1.0},
    "flag_below": 0.3,
    "support_at": 0.6,
}


@pytest.fixture(autouse=True)
def _verdict_params(monkeypatch: pytest.MonkeyPatch) -> None:
    from core.verify import verdict_params

    monkeypatch.setattr(verdict_params, "NO_JUDGE", VERDICT_PARAMS)
    monkeypatch.setattr(verdict_params, "WITH_JUDGE", VERDICT_PARAMS)


#: Hosts a test may reach with ``local_network_only``: servers it started itself.
LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})


def _block_network(monkeypatch: pytest.MonkeyPatch, allowed: frozenset[str]) -> None:
    """Fail every connection except Unix sockets and the ``allowed`` hosts."""
    real_connect = socket.socket.connect
    real_connect_ex = socket.socket.connect_ex
    real_create = socket.create_connection
    real_getaddrinfo = socket.getaddrinfo

    def local(address: object) -> bool:
        return isinstance(address, tuple) and bool(address) and address[0] in allowed

    def guarded(self: socket.socket, address: object) -> object:
        if self.family == socket.AF_UNIX or local(address):
            return real_connect(self, address)  # type: ignore[arg-type]
        raise NetworkBlocked(f"network access attempted: {address!r}")

    def guarded_ex(self: socket.socket, address: object) -> int:
        if self.family == socket.AF_UNIX or local(address):
            return real_connect_ex(self, address)  # type: ignore[arg-type]
        raise NetworkBlocked(f"network access attempted: {address!r}")

    def create_connection(address: object, *args: object, **kwargs: object) -> socket.socket:
        if local(address):
            return real_create(address, *args, **kwargs)  # type: ignore[arg-type]
        raise NetworkBlocked(f"network access attempted: {address!r}")

    def getaddrinfo(host: object, *args: object, **kwargs: object) -> object:
        if host in allowed:
            return real_getaddrinfo(host, *args, **kwargs)  # type: ignore[arg-type]
        raise NetworkBlocked(f"name lookup attempted: {host!r}")

    monkeypatch.setattr(socket.socket, "connect", guarded)
    monkeypatch.setattr(socket.socket, "connect_ex", guarded_ex)
    monkeypatch.setattr(socket, "create_connection", create_connection)
    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail any attempt to open a non-local connection."""
    _block_network(monkeypatch, frozenset())


@pytest.fixture
def local_network_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Allow connections to 127.0.0.1 (servers the test started) and fail every other one."""
    _block_network(monkeypatch, LOCAL_HOSTS)


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
