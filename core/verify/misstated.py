"""A quantity in words the claim gives otherwise than the paper: a duration, a frequency."""

from __future__ import annotations

from dataclasses import dataclass

from core.text.quotes import excerpt


@dataclass(frozen=True)
class Misstated:
    """A quantity of something the paper gives only other values of."""

    kind: str  # what the quantity is: "duration", "frequency"
    claimed: str
    stated: str
    text: str
    page: int

    @property
    def reason(self) -> str:
        """``duration_mismatch:a week->90 minutes``, ``frequency_mismatch:monthly->weekly``."""
        return f"{self.kind}_mismatch:{self.claimed}->{self.stated}"

    def explain(self) -> str:
        """``The claim says a week, but the paper says 90 minutes (p. 1): “…”``."""
        return (
            f"The claim says {self.claimed}, but the paper says {self.stated} "
            f"(p. {self.page}): “{excerpt(self.text)}”"
        )
