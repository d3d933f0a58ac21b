"""Frozen value objects that flow through the pipeline; each records where it came from."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any

BBox = tuple[float, float, float, float]


def union_bbox(boxes: list[BBox] | tuple[BBox, ...]) -> BBox:
    """Smallest box holding every box given."""
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


class BlockKind(StrEnum):
    """What a text block is on the page."""

    TITLE = "title"
    HEADING = "heading"
    BODY = "body"
    CAPTION = "caption"
    REFERENCE = "reference"


@dataclass(frozen=True)
class Block:
    """A block of text on one page, in reading order."""

    page: int  # 1-based
    bbox: BBox
    text: str
    kind: BlockKind = BlockKind.BODY
    section: str = ""


@dataclass(frozen=True)
class PaperSentence:
    """A sentence of the paper with its location; bboxes has one box per line it spans."""

    index: int
    text: str
    page: int  # 1-based
    bboxes: tuple[BBox, ...]
    section: str = ""

    @property
    def bbox(self) -> BBox:
        """The union of the sentence's line boxes."""
        return union_bbox(self.bboxes)


@dataclass(frozen=True)
class Reference:
    """One entry of the paper's reference list."""

    label: str  # "12" for numbered styles, "" for author-year
    text: str
    authors: tuple[str, ...] = ()  # surnames as printed
    year: str = ""


@dataclass(frozen=True)
class Paper:
    """A parsed paper; ``sentences`` hold body text only (no headers, footers, references)."""

    sha256: str
    path: str
    title: str
    page_count: int
    blocks: tuple[Block, ...]
    sentences: tuple[PaperSentence, ...]
    references: tuple[Reference, ...] = ()
    authors: tuple[str, ...] = ()
    sections: tuple[str, ...] = ()
    language: str = "en"  # "en" or "zh": the dominant script of the body

    @property
    def body_text(self) -> str:
        """All body sentences joined, for exact-match gates."""
        return "\n".join(s.text for s in self.sentences)

    @property
    def full_text(self) -> str:
        """Every block's text (body, headings, captions, references), for name and number gates."""
        return "\n".join(b.text for b in self.blocks)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form, the inverse of from_dict."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Paper:
        """Rebuild from to_dict() output."""
        return cls(
            sha256=data["sha256"],
            path=data["path"],
            title=data["title"],
            page_count=data["page_count"],
            blocks=tuple(
                Block(
                    page=b["page"],
                    bbox=tuple(b["bbox"]),  # type: ignore[arg-type]
                    text=b["text"],
                    kind=BlockKind(b["kind"]),
                    section=b.get("section", ""),
                )
                for b in data["blocks"]
            ),
            sentences=tuple(
                PaperSentence(
                    index=s["index"],
                    text=s["text"],
                    page=s["page"],
                    bboxes=tuple(tuple(bb) for bb in s["bboxes"]),  # type: ignore[misc]
                    section=s.get("section", ""),
                )
                for s in data["sentences"]
            ),
            references=tuple(
                Reference(
                    label=r["label"], text=r["text"], authors=tuple(r["authors"]), year=r["year"]
                )
                for r in data["references"]
            ),
            authors=tuple(data.get("authors", ())),
            sections=tuple(data.get("sections", ())),
            language=data.get("language", "en"),
        )


@dataclass(frozen=True)
class Chunk:
    """A retrieval unit: consecutive paper sentences, about 150–250 words."""

    paper_sha256: str
    index: int
    text: str
    page_start: int
    page_end: int
    sentence_ids: tuple[int, ...]  # indices into Paper.sentences
    content_hash: str

    @property
    def chunk_id(self) -> str:
        """Stable id in the vector store."""
        return f"{self.paper_sha256[:16]}:{self.index}"


@dataclass(frozen=True)
class SearchHit:
    """A chunk returned by the hybrid retriever."""

    chunk: Chunk
    score: float
    vector_rank: int | None = None
    lexical_rank: int | None = None


@dataclass(frozen=True)
class Evidence:
    """A paper sentence offered as support for a claim."""

    page: int  # 1-based
    text: str
    bbox: BBox
    score: float
    sentence_index: int = -1


class Status(StrEnum):
    """Verdict of one critique sentence."""

    SUPPORTED = "supported"
    PARTIAL = "partial"
    UNSUPPORTED = "unsupported"
    REJECTED = "rejected"
    NOT_A_CLAIM = "not_a_claim"

    @property
    def flagged(self) -> bool:
        """Counts toward the flagged ratio."""
        return self in (Status.UNSUPPORTED, Status.REJECTED)

    @property
    def needs_review(self) -> bool:
        """Listed in the unsourced-claims panel."""
        return self in (Status.PARTIAL, Status.UNSUPPORTED, Status.REJECTED)


@dataclass(frozen=True)
class Claim:
    """A sentence of a critique with its character offsets in that critique."""

    index: int
    text: str
    start: int
    end: int
    is_claim: bool = True


@dataclass(frozen=True)
class Verdict:
    """The checker's decision on one sentence."""

    claim: Claim
    status: Status
    reasons: tuple[str, ...] = ()
    explanation: str = ""
    confidence: float = 0.0
    evidence: tuple[Evidence, ...] = ()


@dataclass(frozen=True)
class Attempt:
    """One generation + verification round of the deep-read loop."""

    iteration: int
    temperature: float
    flagged_ratio: float
    tokens_in: int
    tokens_out: int
    seconds: float
    text: str = ""


@dataclass(frozen=True)
class CritiqueResult:
    """The final critique with its verdicts and every attempt."""

    text: str
    verdicts: tuple[Verdict, ...]
    attempts: tuple[Attempt, ...]
    model: str
    language: str
    flagged_ratio: float
    settings: dict[str, Any] = field(default_factory=dict)
