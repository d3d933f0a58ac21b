"""Helpers shared by the command modules: exit codes, progress on stderr, ingest-if-new."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Generator
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from core.progress import Progress, drive

if TYPE_CHECKING:
    from core.records import PaperInfo
    from core.workspace import Workspace

T = TypeVar("T")
EXIT_OK = 0
EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130

Handler = Callable[[argparse.Namespace, "Workspace"], int]
SubParsers = argparse._SubParsersAction  # type: ignore[type-arg]


def run_quietly(gen: Generator[Progress, None, T], show: StderrProgress | None) -> T:
    """Drive a core generator to its return value, passing each Progress to ``show``."""
    try:
        return drive(gen, show)
    finally:
        if show is not None:
            show.close()


class StderrProgress:
    """One updating progress line on stderr; streamed text goes to stdout."""

    def __init__(self, stream_text: bool = False) -> None:
        self.stream_text = stream_text
        self._tty = sys.stderr.isatty()

    def __call__(self, event: Progress) -> None:
        """Show one event; without a terminal only streamed text is shown, so logs stay clean."""
        if event.text:
            if self.stream_text:
                sys.stdout.write(event.text)
                sys.stdout.flush()
            return
        if not self._tty:
            return
        count = f" {event.done}/{event.total}" if event.total else ""
        sys.stderr.write(f"\r\033[K[{event.stage}]{count} {event.message}".rstrip())
        sys.stderr.flush()

    def close(self) -> None:
        """Clear the progress line."""
        if self._tty:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()


def ingested(ws: Workspace, pdf: Path, quiet: bool = True) -> PaperInfo:
    """The library entry for ``pdf``, ingesting it first when needed."""
    return run_quietly(ws.ingest(pdf), None if quiet else StderrProgress())
