"""What the window says while the model writes: section of five, elapsed time, speed, time left."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from core.llm.prompts import SECTIONS


def clock(seconds: float) -> str:
    """Seconds as m:ss."""
    seconds = max(0, round(seconds))
    return f"{seconds // 60}:{seconds % 60:02d}"


@dataclass
class WritingProgress:
    """Follows the streamed text of one attempt; every streamed piece is one token."""

    attempt: int = 0  # 0-based
    attempts: int = 1
    sections: int = len(SECTIONS)
    section: int = 0  # sections started
    heading: str = ""
    tokens: int = 0
    started: float = field(default_factory=time.monotonic)
    first_token: float | None = None
    section_started: float | None = None
    finished_seconds: float = 0.0  # time spent on finished sections

    def feed(self, piece: str, now: float | None = None) -> None:
        """Take one streamed piece: a section heading, or a token of its text."""
        now = time.monotonic() if now is None else now
        if piece.startswith("## "):
            if self.section_started is not None:
                self.finished_seconds += now - self.section_started
            self.section += 1
            self.heading = piece[3:].strip()
            self.section_started = now
        elif piece.strip():
            self.tokens += 1
            if self.first_token is None:
                self.first_token = now

    def tokens_per_second(self, now: float | None = None) -> float:
        """Generation speed since the first token (0 before it)."""
        now = time.monotonic() if now is None else now
        if self.first_token is None or now - self.first_token < 0.5:
            return 0.0
        return self.tokens / (now - self.first_token)

    def seconds_left(self, now: float | None = None) -> float | None:
        """A rough estimate from the finished sections (None before the first one ends)."""
        now = time.monotonic() if now is None else now
        finished = self.section - 1
        if finished < 1 or self.section_started is None:
            return None
        per_section = self.finished_seconds / finished
        left = per_section * (self.sections - finished) - (now - self.section_started)
        return max(0.0, left)

    def describe(self, now: float | None = None) -> str:
        """One line for the banner."""
        now = time.monotonic() if now is None else now
        attempt = f"Attempt {self.attempt + 1} of at most {self.attempts}: " if self.attempt else ""
        if self.section == 0:
            where = "Writing the critique"
        else:
            where = f"Writing section {self.section} of {self.sections} ({self.heading})"
        parts = [f"{attempt}{where}", f"{clock(now - self.started)} elapsed"]
        rate = self.tokens_per_second(now)
        if rate:
            parts.append(f"{rate:.1f} tokens/s")
        left = self.seconds_left(now)
        if left is not None:
            parts.append(f"about {clock(left)} left")
        return " · ".join(parts)
