"""File names and crash-safe writes for exports."""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import unicodedata
from pathlib import Path

from core.errors import ExportError

SUFFIXES = {
    "md": " — DeepRead notes.md",
    "pdf": " — DeepRead annotated.pdf",
    "json": " — DeepRead report.json",
}

# NOTE: 255 bytes is the name limit on ext4, APFS and NTFS alike; the title part gets what is
# left after the suffix, with room to spare for a " (2)" a file manager may add.
_MAX_NAME_BYTES = 200

_WINDOWS_RESERVED = frozenset(
    {"CON", "PRN", "AUX", "NUL"}
    | {f"COM{i}" for i in range(1, 10)}
    | {f"LPT{i}" for i in range(1, 10)}
)
_SEPARATORS = re.compile(r"\s*[/\\|]\s*")
_COLON = re.compile(r"\s*:\s*")
_FORBIDDEN = re.compile(r'[<>"?*\x00-\x1f\x7f]')


def suggest_filename(title: str, fmt: str) -> str:
    """A file name for an export of the paper, safe on Windows, macOS and Linux.

    Args:
        title: The paper's title; may be empty or contain any character.
        fmt: "md", "pdf" or "json".

    Returns:
        For example "A-B - C — DeepRead notes.md" for the title "A/B: C*?".

    Raises:
        ValueError: For an unknown format.
    """
    if fmt not in SUFFIXES:
        raise ValueError(f"unknown export format {fmt!r}; expected one of {sorted(SUFFIXES)}")
    suffix = SUFFIXES[fmt]
    stem = " ".join(unicodedata.normalize("NFC", title).split())
    stem = _SEPARATORS.sub("-", stem)
    stem = _COLON.sub(" - ", stem)
    stem = _FORBIDDEN.sub("", stem)
    stem = " ".join(stem.split())
    budget = _MAX_NAME_BYTES - len(suffix.encode())
    stem = _truncate_bytes(stem, budget)
    # Windows drops trailing dots and spaces, and a leading dot hides the file elsewhere.
    stem = stem.strip(" .-")
    if not stem:
        stem = "Untitled"
    if stem.split(".")[0].strip().upper() in _WINDOWS_RESERVED:
        stem = "_" + stem
    return stem + suffix


def _truncate_bytes(text: str, budget: int) -> str:
    """Cut text to at most budget UTF-8 bytes, at a word boundary when one is close, with "…"."""
    if len(text.encode()) <= budget:
        return text
    ellipsis = "…"
    cut = text.encode()[: budget - len(ellipsis.encode())].decode(errors="ignore")
    space = cut.rfind(" ")
    if space >= len(cut) * 2 // 3:
        cut = cut[:space]
    return cut.rstrip() + ellipsis


def write_atomic(out: Path, data: bytes | str, *, force: bool) -> None:
    """Write a file so that a crash or a full disk never leaves half of it in place.

    The data go to a temporary file in the same folder, which is then renamed over ``out``.

    Args:
        out: The destination.
        data: The content; str is written as UTF-8.
        force: Replace an existing file; without it an existing ``out`` is an error.

    Raises:
        ExportError: The file exists and force is off, the folder is missing, or writing failed
            (the temporary file is removed and ``out`` is left as it was).
    """
    payload = data.encode("utf-8") if isinstance(data, str) else data
    out = Path(out)
    if out.is_dir():
        raise ExportError(f"{out} is a folder; choose a file name to export to.")
    if out.exists() and not force:
        raise ExportError(f"{out} already exists; not overwriting it without --force.")
    folder = out.parent
    if not folder.is_dir():
        raise ExportError(f"Cannot write {out}: the folder {folder} does not exist.")
    # NOTE: os.open with mode 0o666 lets the umask decide the final permissions, as a plain
    # open() would; tempfile would create the file readable by its owner only.
    tmp = folder / f".{out.name[:64]}.{secrets.token_hex(4)}.tmp"
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    except OSError as exc:
        raise ExportError(f"Cannot write {out}: {exc.strerror or exc}.") from exc
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
            fh.flush()
            os.fsync(fh.fileno())
        if out.exists() and not force:
            raise ExportError(f"{out} already exists; not overwriting it without --force.")
        os.replace(tmp, out)
    except OSError as exc:
        _remove_quietly(tmp)
        raise ExportError(f"Cannot write {out}: {exc.strerror or exc}.") from exc
    except BaseException:
        _remove_quietly(tmp)
        raise


def _remove_quietly(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.unlink()
