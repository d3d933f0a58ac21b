"""Export file names and crash-safe writes."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from core.errors import ExportError
from core.export import suggest_filename, write_atomic


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        pytest.param("A/B: C*?", "A-B - C — DeepRead notes.md", id="separators-colon-wildcards"),
        pytest.param('He said "no" <b>|x\\y', "He said no b-x-y — DeepRead notes.md", id="quotes"),
        pytest.param("Tabs\tand\nnewlines\x00", "Tabs and newlines — DeepRead notes.md", id="ws"),
        pytest.param("  .hidden title...  ", "hidden title — DeepRead notes.md", id="dots"),
        pytest.param("", "Untitled — DeepRead notes.md", id="empty"),
        pytest.param("?*:", "Untitled — DeepRead notes.md", id="nothing-left"),
        pytest.param("CON", "_CON — DeepRead notes.md", id="windows-reserved"),
        pytest.param("aux.v2", "_aux.v2 — DeepRead notes.md", id="windows-reserved-dotted"),
        pytest.param(
            "基于句子级证据的糖尿病问答", "基于句子级证据的糖尿病问答 — DeepRead notes.md", id="cjk"
        ),
    ],
)
def test_suggest_filename_sanitises(title: str, expected: str) -> None:
    assert suggest_filename(title, "md") == expected


@pytest.mark.parametrize("fmt", ["md", "pdf", "json"])
def test_suggest_filename_suffix_per_format(fmt: str) -> None:
    assert suggest_filename("Paper", fmt).endswith(f".{fmt}")


@pytest.mark.parametrize("title", ["word " * 200, "长" * 300, "x" * 1000])
def test_suggest_filename_is_length_limited(title: str) -> None:
    name = suggest_filename(title, "pdf")
    assert len(name.encode()) <= 200
    assert name.endswith(" — DeepRead annotated.pdf")
    assert "…" in name


def test_suggest_filename_rejects_unknown_format() -> None:
    with pytest.raises(ValueError, match="docx"):
        suggest_filename("Paper", "docx")


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_write_atomic_writes_text_and_bytes(tmp_path: Path) -> None:
    write_atomic(tmp_path / "a.md", "héllo", force=False)
    write_atomic(tmp_path / "b.pdf", b"%PDF-1.7", force=False)
    assert (tmp_path / "a.md").read_text(encoding="utf-8") == "héllo"
    assert (tmp_path / "b.pdf").read_bytes() == b"%PDF-1.7"
    assert _leftovers(tmp_path) == []


def test_write_atomic_refuses_to_overwrite_without_force(tmp_path: Path) -> None:
    out = tmp_path / "notes.md"
    out.write_text("mine")
    with pytest.raises(ExportError, match="notes.md"):
        write_atomic(out, "theirs", force=False)
    assert out.read_text() == "mine"
    assert _leftovers(tmp_path) == []
    write_atomic(out, "theirs", force=True)
    assert out.read_text() == "theirs"
    assert _leftovers(tmp_path) == []


@pytest.mark.skipif(os.name != "posix", reason="umask is POSIX")
def test_write_atomic_honours_the_umask(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        write_atomic(tmp_path / "a.json", "{}", force=False)
    finally:
        os.umask(old)
    assert (tmp_path / "a.json").stat().st_mode & 0o777 == 0o644


def test_write_atomic_disk_full_leaves_old_file_and_no_temp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "notes.md"
    out.write_text("previous export")

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(ExportError, match="notes.md") as info:
        write_atomic(out, "x" * 10_000, force=True)
    assert "space" in str(info.value).lower()
    assert out.read_text() == "previous export"
    assert _leftovers(tmp_path) == []


def test_write_atomic_missing_folder_and_folder_target(tmp_path: Path) -> None:
    with pytest.raises(ExportError, match="does not exist"):
        write_atomic(tmp_path / "nope" / "a.md", "x", force=True)
    with pytest.raises(ExportError, match="folder"):
        write_atomic(tmp_path, "x", force=True)
