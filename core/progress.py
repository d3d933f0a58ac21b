"""Progress events and cancellation for long-running core generators (no Qt)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import TypeVar

from core.errors import Cancelled

T = TypeVar("T")


@dataclass(frozen=True)
class Progress:
    """One step of a long operation; ``total`` is 0 when unknown."""

    stage: str
    done: int = 0
    total: int = 0
    message: str = ""
    text: str = ""
    #: An object for the stage, e.g. the Verdict of a "verdict" event; None otherwise.
    payload: object = None

    @property
    def fraction(self) -> float | None:
        """Share done, or None when the total is unknown."""
        return self.done / self.total if self.total else None


class CancelToken:
    """Set from any thread; checked by workers between units of work."""

    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        """Ask the operation to stop at its next check."""
        self._event.set()

    @property
    def cancelled(self) -> bool:
        """True once cancel() was called."""
        return self._event.is_set()

    def check(self) -> None:
        """Raise Cancelled if cancel() was called."""
        if self._event.is_set():
            raise Cancelled("Stopped by the user.")


def drive(
    gen: Generator[Progress, None, T], on_event: Callable[[Progress], None] | None = None
) -> T:
    """Run a long operation to its return value, handing each Progress to ``on_event``."""
    while True:
        try:
            event = next(gen)
        except StopIteration as stop:
            return stop.value  # type: ignore[no-any-return]
        if on_event is not None:
            on_event(event)
