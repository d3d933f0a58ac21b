"""Leases that tell live work from work a killed process left behind.

An ingest or a critique holds an OS file lock on ``locks/<name>.lock`` in the data folder while
it runs. The operating system drops the lock when the process dies, however it dies, so at
start-up a row marked "ingesting" or "running" whose lease is free was interrupted, and one
whose lease is held belongs to another live process (the window and a command may share a
data folder) and is left alone.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO

if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _try_lock(fh: IO[bytes]) -> bool:
        try:
            msvcrt.locking(fh.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

else:
    import fcntl

    def _try_lock(fh: IO[bytes]) -> bool:
        try:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False
        return True


class Leases:
    """Named OS file locks in one folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def _path(self, name: str) -> Path:
        return self.folder / f"{name}.lock"

    @contextlib.contextmanager
    def hold(self, name: str) -> Iterator[None]:
        """Hold the lease for the block; a second holder (any process) cannot take it meanwhile.

        Raises:
            OSError: The lock file cannot be created (the caller wraps it in a typed error).
        """
        self.folder.mkdir(parents=True, exist_ok=True)
        fh = self._path(name).open("a+b")
        try:
            if not _try_lock(fh):
                raise BlockingIOError(f"{name} is in use by another DeepRead process")
            yield
        finally:
            fh.close()
            with contextlib.suppress(OSError):
                self._path(name).unlink()

    def is_free(self, name: str) -> bool:
        """True when no live process holds ``name``; it is then safe to clean up after it."""
        path = self._path(name)
        if not path.exists():
            return True
        try:
            fh = path.open("a+b")
        except OSError:
            return False
        with fh:
            return _try_lock(fh)
