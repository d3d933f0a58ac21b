"""The true path: real PDF, real embedder, real Chroma, real default model, no network."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.config import Settings
from core.progress import drive
from core.records import PaperStatus
from core.types import Status
from core.workspace import Workspace
from tests import pdf_factory

pytestmark = pytest.mark.real_model


@pytest.fixture
def workspace(bundled_model: Path, no_network: None) -> Workspace:
    settings = Settings.load()
    settings.model.max_tokens_per_section = 48
    settings.checker.max_retries = 1
    settings.checker.time_budget_s = 240
    return Workspace(settings)


def test_critique_with_the_default_model(tmp_path: Path, workspace: Workspace) -> None:
    pdf = pdf_factory.two_column_paper(tmp_path)
    info = drive(workspace.ingest(pdf))
    streamed: list[str] = []
    gen = workspace.critique(info.sha256, language="en")
    while True:
        try:
            event = next(gen)
        except StopIteration as stop:
            stored = stop.value
            break
        if event.stage == "generate" and event.text:
            streamed.append(event.text)
    result = stored.result
    assert streamed, "the critique was not streamed"
    assert 1 <= len(result.attempts) <= 2
    assert result.attempts[0].temperature == 0.0
    assert all(a.tokens_out > 0 and a.seconds > 0 for a in result.attempts)
    assert result.verdicts, "nothing was verified"
    for v in result.verdicts:
        assert result.text[v.claim.start : v.claim.end] == v.claim.text
        if v.status.flagged and v.claim.is_claim:
            assert "[unverified]" in result.text[: v.claim.start][-20:]
    again = Workspace(Settings.load()).latest_critique(info.sha256)
    assert again is not None and again.result == result
    assert workspace.paper_info(info.sha256).status == PaperStatus.CRITIQUED  # type: ignore[union-attr]


def test_verify_flags_fabrications_with_the_default_model(
    tmp_path: Path, workspace: Workspace
) -> None:
    pdf = pdf_factory.two_column_paper(tmp_path)
    info = drive(workspace.ingest(pdf))
    text = (
        "SpanCheck reaches an accuracy of 87.3% on SQuAD. "
        "SpanCheck reaches an accuracy of 97.8% on SQuAD. "
        "The authors write that “verification is solved for all open-domain questions”. "
        "This result confirms earlier findings [9]."
    )
    verdicts = drive(workspace.verify_text(info.sha256, text))
    statuses = [v.status for v in verdicts]
    assert statuses[0] in (Status.SUPPORTED, Status.PARTIAL)
    assert statuses[1].flagged
    assert statuses[2] == Status.REJECTED
    assert statuses[3] == Status.REJECTED
    assert verdicts[0].evidence and verdicts[0].evidence[0].page >= 1
