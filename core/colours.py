"""One colour code for verdicts, evidence passages and the reader's decisions.

The window, its legend and the annotated PDF all take their colours from here. Two kinds of
marks go on the paper and they must never look like an error of the paper itself:

* **evidence**: a passage that supports (or partly supports) a critique sentence: green;
* **closest passage**: the best the checker found for a sentence it could not source; it does
  not support the sentence and says nothing against the paper: a neutral blue.

Red, amber and violet are kept for the critique's own sentences (unsupported, partly supported,
rejected), which is where the doubt lies.
"""

from __future__ import annotations

from enum import StrEnum

from core.records import ReviewAction
from core.types import Status

RGB = tuple[int, int, int]

STATUS_COLOURS: dict[Status, RGB] = {
    Status.SUPPORTED: (46, 160, 67),
    Status.PARTIAL: (214, 150, 0),
    Status.UNSUPPORTED: (224, 64, 64),
    Status.REJECTED: (170, 80, 220),
    Status.NOT_A_CLAIM: (128, 128, 128),
}


class EvidenceRole(StrEnum):
    """What a highlighted passage of the paper is to the critique sentence it belongs to."""

    SUPPORTS = "supports"
    CLOSEST = "closest"


EVIDENCE_COLOURS: dict[EvidenceRole, RGB] = {
    EvidenceRole.SUPPORTS: (120, 200, 100),
    EvidenceRole.CLOSEST: (110, 160, 235),
}

EVIDENCE_LABELS: dict[EvidenceRole, str] = {
    EvidenceRole.SUPPORTS: "Evidence (supports the sentence)",
    EvidenceRole.CLOSEST: "Closest passage (does not support it)",
}

REVIEW_COLOURS: dict[ReviewAction, RGB] = {
    ReviewAction.ACCEPT: (0, 140, 130),
    ReviewAction.REJECT: (120, 120, 120),
    ReviewAction.EDIT: (60, 90, 200),
}

REVIEW_LABELS: dict[ReviewAction, str] = {
    ReviewAction.ACCEPT: "accepted by you",
    ReviewAction.REJECT: "rejected by you",
    ReviewAction.EDIT: "edited by you",
}


def evidence_role(status: Status) -> EvidenceRole:
    """Supported and partly supported sentences have evidence; the others a closest passage."""
    if status in (Status.SUPPORTED, Status.PARTIAL):
        return EvidenceRole.SUPPORTS
    return EvidenceRole.CLOSEST


def unit_rgb(colour: RGB) -> tuple[float, float, float]:
    """The colour with channels in 0–1, as PDF annotations want it."""
    return (colour[0] / 255, colour[1] / 255, colour[2] / 255)
