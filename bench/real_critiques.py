"""Real critique sentences of the four sample papers, labelled by hand, with planted errors.

Provenance: the default model (Qwen2.5-Coder-1.5B-Instruct, Q4_K_M) wrote critiques of the four
papers in ../shared/papers with ``deepread critique PDF --no-judge --json OUT``, in English
and in Chinese (``--lang``), one thread and no retries, plus two English runs with retries
forced whose repair attempts were read from the library. Every draft sentence (verdict texts,
``[unverified]`` removed, repeats of one paper and language dropped) was labelled by reading the
paper's own text, ignoring the checker's verdicts. Labelling rules: ``supported`` when the paper
states or directly implies it, with the 1-based page and a verbatim snippet of the evidence (for
a true absence claim, the passage closest to the missing topic); ``unsupported`` when it is
wrong, invented or absent from the paper, with a ``kind``; ``not_a_claim`` only for headings,
open questions, recommendations and speculation that assert nothing about the paper. An opinion
resting on a checkable fact ("the evaluation uses one dataset") and a question presupposing a
specific statement of the paper ("what do the MSE results in Figure 5 show?") are labelled by
that fact. Planted items
(``source == "planted"``) are hand edits of model sentences, the model sentence kept in
``original``: wrong numbers whose value occurs elsewhere in the paper, scope overclaims, false
facts embedded in recommendations and questions, misattributions, invented names, fabricated
quotations, and correct sentences with absolute words or negations the paper supports. The
``split`` is fixed by the SHA-1 of the sentence text (first hex digit below 8 is ``fit``), so
the checker's verdict can be fitted on one part and reported on the other.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "devset" / "real_critiques.json"
#: The papers the sentences are about (outside the repository; absent on some machines).
PAPERS = Path(__file__).resolve().parents[2] / "shared" / "papers"

LABELS = ("supported", "unsupported", "not_a_claim")
KINDS = (
    "wrong_number",
    "wrong_name",
    "fabricated_fact",
    "fabricated_quote",
    "overclaim",
    "misattribution",
    "contradiction",
    "not_in_paper",
)
SOURCES = ("model", "planted")
LANGUAGES = ("en", "zh")
SPLITS = ("fit", "report")
FIELDS = (
    "id",
    "paper",
    "language",
    "sentence",
    "label",
    "kind",
    "source",
    "original",
    "evidence_page",
    "evidence",
    "split",
)


@dataclass(frozen=True)
class RealSentence:
    """One labelled sentence of a critique and the paper it is about."""

    id: str
    paper: str  # the PDF's file name in ../shared/papers
    language: str  # "en" or "zh"
    sentence: str
    label: str  # "supported", "unsupported" or "not_a_claim"
    kind: str | None  # why an unsupported sentence is wrong; None otherwise
    source: str  # "model" (a draft sentence) or "planted" (a hand edit of one)
    original: str | None  # the model sentence a planted one was made from
    evidence_page: int | None  # 1-based page of the evidence of a supported sentence
    evidence: str | None  # verbatim snippet of the paper text
    split: str  # "fit" or "report"

    @property
    def form(self) -> str:
        """How a planted sentence was made (the id's middle part), "model" for draft ones."""
        parts = self.id.split("-")
        return parts[2] if self.source == "planted" and len(parts) == 4 else "model"


def split_of(sentence: str) -> str:
    """``fit`` or ``report``, fixed by the sentence text's hash."""
    return "fit" if int(hashlib.sha1(sentence.encode()).hexdigest()[0], 16) < 8 else "report"


def _check(row: dict[str, Any]) -> RealSentence:
    """One row as a typed item; raises ValueError when it breaks the schema."""
    if tuple(sorted(row)) != tuple(sorted(FIELDS)):
        raise ValueError(f"{row.get('id')}: fields {sorted(row)}")
    item = RealSentence(**row)
    problems = [
        item.language not in LANGUAGES and "language",
        item.label not in LABELS and "label",
        item.source not in SOURCES and "source",
        item.split != split_of(item.sentence) and "split",
        (item.kind not in KINDS if item.label == "unsupported" else item.kind is not None)
        and "kind",
        (item.original is None) == (item.source == "planted") and "original",
        item.label == "supported"
        and not (isinstance(item.evidence_page, int) and item.evidence_page >= 1 and item.evidence)
        and "evidence",
        not item.sentence.strip() and "sentence",
    ]
    wrong = [p for p in problems if p]
    if wrong:
        raise ValueError(f"{item.id}: bad {', '.join(wrong)}")
    return item


def load(split: str | None = None, path: Path = DATA) -> list[RealSentence]:
    """The labelled sentences in file order, optionally of one split.

    Raises:
        ValueError: A row breaks the schema, or two rows share an id.
    """
    items = [_check(row) for row in json.loads(path.read_text(encoding="utf-8"))]
    ids = [i.id for i in items]
    if len(set(ids)) != len(ids):
        raise ValueError("duplicate ids")
    return [i for i in items if split is None or i.split == split]


def bench_rows(split: str, path: Path = DATA) -> list[tuple[str, str, str, str]]:
    """One split as ``(paper key, sentence, label, kind)`` rows for ``bench.checker``.

    The benchmark calls an unsupported sentence "fabricated" and keys a sample paper as
    ``paper:<file name>``; supported and not-a-claim sentences have the kind "".
    """
    return [
        (
            f"paper:{i.paper}",
            i.sentence,
            "fabricated" if i.label == "unsupported" else i.label,
            i.kind or "",
        )
        for i in load(split, path)
    ]
