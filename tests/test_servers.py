"""The model and the vector store as real servers on 127.0.0.1, with every other host blocked.

llama-cpp-python's OpenAI-compatible server runs the bundled model; ``chroma run`` holds the
vectors. Each is started once per session (the crash test starts its own model server, which it
kills) and stopped at the end.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.servers import Server, free_port, start_chroma_server, start_model_server
from core.config import API_KEY_ENV, Settings
from core.errors import ServerAuthError, ServerModelMissingError, ServerUnavailableError
from core.llm.base import Message
from core.llm.openai_compat import OpenAICompatModel
from core.progress import Progress, drive
from core.workspace import Workspace
from tests.pdf_factory import two_column_paper

API_KEY = "test-" + secrets.token_hex(8)
CONTEXT = 4096
#: Sentences no exact check settles, so the judge is asked about them.
CLAIMS = (
    "The verifier transfers from SQuAD to NewsQA without retraining. "
    "SpanCheck is trained on photographs of handwritten letters."
)


@pytest.fixture(scope="session")
def chroma_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = start_chroma_server(tmp_path_factory.mktemp("chroma-server"))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def model_server(default_gguf: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("model-server")
    # NOTE: without logits_all the server refuses logprob requests, so the judge's fallback to
    # parsed text answers is what runs here; the crash test's server has it and reads logprobs.
    server = start_model_server(
        default_gguf, folder, api_key=API_KEY, context_size=CONTEXT, logprobs=False
    )
    yield server
    server.stop()


def server_settings(model_url: str, chroma_url: str = "") -> Settings:
    settings = Settings.load()
    settings.model.backend = "openai"
    settings.model.base_url = model_url
    settings.model.context_size = CONTEXT
    settings.model.max_tokens_per_section = 24
    settings.checker.max_retries = 0
    settings.index.chroma_url = chroma_url
    return settings


def test_chroma_server_keeps_libraries_apart(
    chroma_server: Server, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, local_network_only: None
) -> None:
    pdf = two_column_paper(tmp_path)
    workspaces = []
    for user in ("alice", "bob"):
        monkeypatch.setenv("DEEPREAD_HOME", str(tmp_path / user))
        settings = Settings.load()
        settings.index.chroma_url = chroma_server.url
        workspaces.append(Workspace(settings))
    alice, bob = workspaces
    info = drive(alice.ingest(pdf))
    drive(bob.ingest(pdf))
    hits = alice.search(info.sha256, "accuracy on SQuAD", k=3)
    assert hits and all(h.chunk.page_start >= 1 for h in hits)
    stored = alice.vectors.count(info.sha256)
    bob.remove_paper(info.sha256)
    assert bob.vectors.count(info.sha256) == 0
    assert alice.vectors.count(info.sha256) == stored > 0
    assert not (tmp_path / "alice" / "chroma").exists()
    for ws in workspaces:
        ws.close()


def test_unreachable_model_server_fails_at_once(local_network_only: None) -> None:
    model = OpenAICompatModel(f"http://127.0.0.1:{free_port()}/v1", "m", timeout_s=5)
    with pytest.raises(ServerUnavailableError, match="Cannot reach the model server"):
        model.chat([Message("user", "hi")], max_tokens=4)


@pytest.mark.real_model
def test_wrong_key_and_missing_model_are_refused(
    model_server: Server, monkeypatch: pytest.MonkeyPatch, local_network_only: None
) -> None:
    monkeypatch.setenv(API_KEY_ENV, "wrong-key-123")
    ws = Workspace(server_settings(model_server.url))
    with pytest.raises(ServerAuthError, match="HTTP 401") as caught:
        _ = ws.writer
    assert "wrong-key-123" not in str(caught.value)
    assert "wrong-key-123" not in ws.settings.model_dump_json()
    monkeypatch.setenv(API_KEY_ENV, API_KEY)
    ws.settings.model.name = "no-such-model"
    with pytest.raises(ServerModelMissingError, match="'no-such-model'"):
        _ = ws.writer


@pytest.mark.real_model
def test_ingest_search_verify_and_critique_through_servers(
    model_server: Server,
    chroma_server: Server,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    local_network_only: None,
) -> None:
    monkeypatch.setenv(API_KEY_ENV, API_KEY)
    ws = Workspace(server_settings(model_server.url, chroma_server.url))
    info = drive(ws.ingest(two_column_paper(tmp_path)))
    assert ws.search(info.sha256, "SpanCheck accuracy", k=2)
    verdicts = drive(ws.verify_text(info.sha256, CLAIMS, use_judge=True))
    judged = [v for v in verdicts if any(r.startswith("judge:") for r in v.reasons)]
    assert judged and all("judge_text_answer" in v.reasons for v in judged)
    streamed: list[str] = []

    def collect(event: Progress) -> None:
        if event.stage == "generate":
            streamed.append(event.text)

    # The judge was exercised above; the critique is checked without it to stay short.
    stored = drive(ws.critique(info.sha256, language="en", use_judge=False), collect)
    assert "".join(streamed).strip()
    assert stored.result.verdicts and len(stored.result.attempts) == 1
    assert ws.latest_critique(info.sha256) is not None
    ws.close()


@pytest.mark.real_model
def test_server_killed_mid_stream_leaves_nothing_half_stored(
    default_gguf: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    local_network_only: None,
) -> None:
    server = start_model_server(default_gguf, tmp_path, context_size=CONTEXT, logprobs=True)
    try:
        monkeypatch.delenv(API_KEY_ENV, raising=False)
        ws = Workspace(server_settings(server.url))
        info = drive(ws.ingest(two_column_paper(tmp_path)))
        verdicts = drive(ws.verify_text(info.sha256, CLAIMS, use_judge=True))
        judged = [v for v in verdicts if any(r.startswith("judge:") for r in v.reasons)]
        # This server returns logprobs: the judge reads P(YES) from them, not from text.
        assert judged and all(any(r.startswith("judge_p:") for r in v.reasons) for v in judged)

        def kill_on_first_token(event: Progress) -> None:
            if event.stage == "generate" and event.text.strip():
                server.kill()

        with pytest.raises(ServerUnavailableError, match="model server"):
            drive(ws.critique(info.sha256, language="en"), kill_on_first_token)
        assert ws.latest_critique(info.sha256) is None
        interrupted = ws.interrupted_critique(info.sha256)
        assert interrupted is None or not interrupted.result.attempts
        ws.close()
    finally:
        server.stop()
