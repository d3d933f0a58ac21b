"""One short question to the bundled default model, offline, end to end."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.config import Settings
from core.progress import drive
from core.workspace import Workspace
from tests.pdf_factory import two_column_paper

pytestmark = pytest.mark.real_model


def test_ask_with_the_default_model_offline(
    tmp_path: Path, bundled_model: Path, no_network: None
) -> None:
    settings = Settings.load()
    settings.ask.max_tokens = 40
    settings.ask.passages = 2
    settings.checker.max_retries = 0
    ws = Workspace(settings)
    info = drive(ws.ingest(two_column_paper(tmp_path)))
    streamed: list[str] = []
    stored = drive(
        ws.ask(info.sha256, "What accuracy does SpanCheck reach on SQuAD?"),
        lambda e: streamed.append(e.text) if e.stage == "generate" else None,
    )
    result = stored.result
    assert result.text and result.verdicts
    if not result.declined:
        assert "".join(streamed).strip()
        assert all(v.claim.text in result.text for v in result.verdicts)
    assert ws.answers(info.sha256)[0].id == stored.id
    ws.close()
