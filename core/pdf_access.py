"""The one owner of PyMuPDF: every call into a PyMuPDF document runs under one process lock.

PyMuPDF keeps one global MuPDF context and is not thread-safe, yet the window renders pages on
the GUI thread while the worker lane parses and exports PDFs. Every module that touches a
PyMuPDF document (ingest, export, the page view) does so inside ``hold()``. Holders keep the lock
for small units (one page, one save), so a waiter never waits long; the GUI thread uses
``try_hold()`` and simply renders on a later turn of the event loop when the lock is taken.

Geometry helpers (``pymupdf.Rect``, ``Point``, ``Matrix``) are plain Python and need no lock.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType

# NOTE: re-entrant, so a holder may call helpers that hold it again.
_LOCK = threading.RLock()


@contextmanager
def hold() -> Iterator[ModuleType]:
    """Wait for the PyMuPDF lock and keep it for the block.

    Yields:
        The ``pymupdf`` module, to be used only inside the block.
    """
    import pymupdf

    with _LOCK:
        yield pymupdf


@contextmanager
def try_hold() -> Iterator[ModuleType | None]:
    """Take the PyMuPDF lock only if it is free now; for the GUI thread, which must not wait.

    Yields:
        The ``pymupdf`` module while the lock is held, or None when another thread has it.
    """
    import pymupdf

    if not _LOCK.acquire(blocking=False):
        yield None
        return
    try:
        yield pymupdf
    finally:
        _LOCK.release()


def is_held_elsewhere() -> bool:
    """True when another thread holds the lock right now (for tests and benchmarks)."""
    if _LOCK.acquire(blocking=False):
        _LOCK.release()
        return False
    return True
