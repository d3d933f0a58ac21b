"""One owner of PyMuPDF: every module that uses it goes through core.pdf_access."""

from __future__ import annotations

import re
import threading
from pathlib import Path

from core import pdf_access

ROOT = Path(__file__).resolve().parent.parent
_IMPORTS_PYMUPDF = re.compile(r"^\s*(?:import pymupdf|from pymupdf\b|import fitz)", re.MULTILINE)


def test_try_hold_gives_way_while_another_thread_holds_the_lock() -> None:
    taken, release = threading.Event(), threading.Event()

    def worker() -> None:
        with pdf_access.hold():
            taken.set()
            release.wait(5)

    thread = threading.Thread(target=worker)
    thread.start()
    assert taken.wait(5)
    assert pdf_access.is_held_elsewhere()
    with pdf_access.try_hold() as module:
        assert module is None
    release.set()
    thread.join(5)
    with pdf_access.try_hold() as module:
        assert module is not None and hasattr(module, "open")


def test_hold_is_reentrant() -> None:
    with pdf_access.hold() as outer, pdf_access.hold() as inner:
        assert outer is inner


def test_every_module_touching_pymupdf_goes_through_the_owner() -> None:
    offenders = []
    for path in [*ROOT.glob("core/**/*.py"), *ROOT.glob("desktop/**/*.py")]:
        source = path.read_text(encoding="utf-8")
        uses = _IMPORTS_PYMUPDF.search(source) or "pymupdf." in source
        if uses and path.name != "pdf_access.py" and "pdf_access" not in source:
            offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []
