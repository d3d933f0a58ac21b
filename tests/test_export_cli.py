"""``deepread review`` and ``deepread export`` against a stand-in workspace."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import sys
import types
from datetime import datetime
from pathlib import Path

import jsonschema
import pymupdf
import pytest

from core.ask.result import StoredAnswer
from core.cli.main import main
from core.errors import NotInLibraryError
from core.export import SCHEMAS
from core.records import PaperInfo, Review, ReviewAction, StoredCritique
from core.types import Paper, Status
from tests import export_fixtures as fx


class StubWorkspace:
    """The few Workspace methods the commands use, over one stored critique."""

    def __init__(self, run: fx.ExportRun, critique: StoredCritique | None) -> None:
        self.paper = run.paper
        self.info = run.info
        self.critique = critique
        self.reviews: list[tuple[int, ReviewAction, str, str]] = []

    def find(self, path: Path) -> PaperInfo | None:
        digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()
        return self.info if digest == self.info.sha256 else None

    def latest_critique(self, sha256: str) -> StoredCritique | None:
        return self.critique

    def load_paper(self, sha256: str) -> Paper:
        return self.paper

    def answers(self, sha256: str) -> list[StoredAnswer]:
        return []

    def review(
        self,
        critique_id: int,
        sentence_index: int,
        action: ReviewAction,
        *,
        note: str = "",
        new_text: str = "",
    ) -> StoredCritique:
        assert self.critique is not None and critique_id == self.critique.id
        self.reviews.append((sentence_index, action, note, new_text))
        verdicts = list(self.critique.result.verdicts)
        if action == ReviewAction.EDIT:
            old = verdicts[sentence_index]
            verdicts[sentence_index] = dataclasses.replace(
                old,
                claim=dataclasses.replace(old.claim, text=new_text),
                status=Status.UNSUPPORTED,
                explanation="42% does not occur in the paper",
            )
        reviews = dict(self.critique.reviews)
        reviews[sentence_index] = Review(sentence_index, action, note, "", new_text, datetime.now())
        result = dataclasses.replace(self.critique.result, verdicts=tuple(verdicts))
        self.critique = dataclasses.replace(self.critique, result=result, reviews=reviews)
        return self.critique

    def close(self) -> None:
        pass


@pytest.fixture
def run(tmp_path: Path) -> fx.ExportRun:
    return fx.build_run(tmp_path)


def _install(stub: StubWorkspace, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make ``main`` open the stub; the real workspace module is not even imported."""
    module = types.ModuleType("core.workspace")
    module.Workspace = lambda *a, **k: stub  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "core.workspace", module)


@pytest.fixture
def ws(run: fx.ExportRun, monkeypatch: pytest.MonkeyPatch) -> StubWorkspace:
    stub = StubWorkspace(run, run.critique)
    _install(stub, monkeypatch)
    return stub


def test_review_accept_with_note(ws: StubWorkspace, run: fx.ExportRun, capsys) -> None:
    code = main(["review", str(run.pdf), "--sentence", "3", "--accept", "--note", "checked"])
    assert code == 0
    assert ws.reviews == [(3, ReviewAction.ACCEPT, "checked", "")]
    assert "Sentence 3: accepted with note: checked" in capsys.readouterr().out


def test_review_edit_reports_the_new_verdict(ws: StubWorkspace, run: fx.ExportRun, capsys) -> None:
    code = main(["review", str(run.pdf), "--sentence", "3", "--edit", "Accuracy is 42%."])
    assert code == 0
    assert ws.reviews == [(3, ReviewAction.EDIT, "", "Accuracy is 42%.")]
    out = capsys.readouterr().out
    assert "checked again: unsupported (42% does not occur in the paper)" in out


def test_review_reject(ws: StubWorkspace, run: fx.ExportRun) -> None:
    assert main(["review", str(run.pdf), "--sentence", "1", "--reject"]) == 0
    assert ws.reviews == [(1, ReviewAction.REJECT, "", "")]


def test_review_without_action_lists_the_queue(
    ws: StubWorkspace, run: fx.ExportRun, capsys
) -> None:
    assert main(["review", str(run.pdf)]) == 0
    out = capsys.readouterr().out
    assert f"[3] unsupported — pending\n    {fx.UNSUPPORTED}" in out
    assert "[5] partial — accepted by the reader" in out
    assert ws.reviews == []


def test_review_two_actions_is_a_usage_error(ws: StubWorkspace, run: fx.ExportRun) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["review", str(run.pdf), "--sentence", "3", "--accept", "--reject"])
    assert exit_info.value.code == 2


def test_review_action_without_sentence(ws: StubWorkspace, run: fx.ExportRun, capsys) -> None:
    assert main(["review", str(run.pdf), "--accept"]) == 2
    assert "--sentence N" in capsys.readouterr().err


@pytest.mark.parametrize("fmt", ["md", "pdf", "json"])
def test_export_each_format(
    ws: StubWorkspace, run: fx.ExportRun, tmp_path: Path, fmt: str, capsys
) -> None:
    out = tmp_path / f"notes.{fmt}"
    assert main(["export", str(run.pdf), "--format", fmt, "--out", str(out)]) == 0
    assert f"Wrote {out}" in capsys.readouterr().out
    if fmt == "md":
        assert "## Unsourced claims" in out.read_text(encoding="utf-8")
    elif fmt == "json":
        jsonschema.validate(json.loads(out.read_text(encoding="utf-8")), SCHEMAS["export"])
    else:
        with pymupdf.open(out) as doc:
            assert any(True for _ in doc[0].annots())


def test_export_refuses_to_overwrite_without_force(
    ws: StubWorkspace, run: fx.ExportRun, tmp_path: Path, capsys
) -> None:
    out = tmp_path / "notes.md"
    out.write_text("mine")
    assert main(["export", str(run.pdf), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("deepread: error: ") and "notes.md" in err and "--force" in err
    assert out.read_text() == "mine"
    assert main(["export", str(run.pdf), "--out", str(out), "--force"]) == 0
    assert out.read_text(encoding="utf-8").startswith("# ")


def test_export_default_name_from_title(
    ws: StubWorkspace, run: fx.ExportRun, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["export", str(run.pdf), "--format", "json"]) == 0
    (written,) = tmp_path.glob("*.json")
    assert written.name.startswith("SpanCheck - Verifying Extractive Answers")


def test_export_needs_a_format(ws: StubWorkspace, run: fx.ExportRun, capsys) -> None:
    assert main(["export", str(run.pdf), "--out", "notes.txt"]) == 2
    assert "--format" in capsys.readouterr().err


def test_export_without_critique(
    run: fx.ExportRun, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    stub = StubWorkspace(run, None)
    _install(stub, monkeypatch)
    assert main(["export", str(run.pdf), "--format", "md", "--out", str(tmp_path / "n.md")]) == 2
    assert "no stored critique" in capsys.readouterr().err
    assert not (tmp_path / "n.md").exists()


def test_export_paper_not_in_library(ws: StubWorkspace, tmp_path: Path) -> None:
    from core.cli.export_cmds import _critiqued

    other = tmp_path / "other.pdf"
    other.write_bytes(b"%PDF-1.7 something else")
    with pytest.raises(NotInLibraryError, match="other.pdf"):
        _critiqued(ws, other)  # type: ignore[arg-type]
