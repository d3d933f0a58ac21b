"""Model files: clear errors for bad files; the bundled model loads and streams for real."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.errors import ModelError
from core.llm.default_model import default_model_path
from core.llm.llama import LlamaModel, check_gguf


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
    cut.write_bytes(default_model_path().read_bytes()[: 3 * 1024 * 1024])
    with pytest.raises(ModelError, match="cut.gguf"):
        LlamaModel.load(cut)


def test_default_model_is_assembled_once(monkeypatch: pytest.MonkeyPatch) -> None:
    first = default_model_path()
    assert first.stat().st_size > 200_000_000
    mtime = first.stat().st_mtime_ns
    assert default_model_path() == first
    assert first.stat().st_mtime_ns == mtime


@pytest.mark.real_model
def test_real_model_streams_and_fits_context(no_network: None) -> None:
    model = LlamaModel.load(default_model_path(), context_size=512)
    assert not model.follows_instructions
    pieces: list[str] = []
    long_content = "Dropout of 0.3 improves accuracy from 81.2% to 84.5% on CIFAR-10. " * 200
    out = model.complete(
        "Summary:", long_content, max_tokens=12, temperature=0.0, on_token=pieces.append
    )
    assert out.tokens_out == len(pieces) > 0
    assert "".join(pieces) == out.text
    assert out.tokens_in <= 512 - 12
