"""Evidence retrieval against hand-labelled evidence sentences.

``python -m bench.retrieval [--fit]`` runs the checker's evidence finder on every statement of
``bench/studies`` whose report lists the paper sentences that decide it (``evidence``: statement
-> sentences), and on the supported real critique sentences with their labelled snippet (when
../shared/papers is here), and prints, per set and split, how often a labelled sentence is
among the candidates at all, first, and among the sentences the judge is shown. ``--fit``
searches the alignment weights on the fit splits and prints every split for the best; the
weights in use live in ``core/verify/evidence.py``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from bench import real_critiques, studies
from core.ingest.chunking import chunk_paper
from core.ingest.pdf import parse_pdf
from core.llm.base import Embedder
from core.types import Paper
from core.verify.evidence import ALIGNMENT, Alignment, EvidenceFinder
from core.verify.judge import PROBABILITY_EVIDENCE
from core.verify.translate import language_of


@dataclass(frozen=True)
class Query:
    """One statement's candidates, their alignment features and which of them are labelled."""

    source: str  # "studies" or "real"
    split: str
    features: np.ndarray  # one row per candidate, one column per ``Alignment.FEATURES``
    gold: frozenset[int]  # positions of the labelled sentences among the candidates
    labelled: bool  # whether a labelled sentence is in the paper at all (parsing may split it)


def _key(text: str) -> str:
    return re.sub(r"[\W_]+", "", text.casefold())


def _labelled(sentences: list[str], wanted: list[str]) -> set[int]:
    """Parsed sentences that are (most of) a labelled one; PDF parsing may cut them otherwise."""
    keys = [_key(s) for s in sentences]
    out = set()
    for text in wanted:
        gold = _key(text)
        for i, key in enumerate(keys):
            if len(key) >= 12 and (key in gold and len(key) * 2 >= len(gold) or gold in key):
                out.add(i)
    return out


def _finder(paper: Paper, embedder: Embedder) -> EvidenceFinder:
    from core.index.hybrid import MemoryRetriever

    return EvidenceFinder(paper, MemoryRetriever(chunk_paper(paper), embedder), embedder)


def _query(source: str, split: str, finder: EvidenceFinder, claim: str, gold: set[int]) -> Query:
    ids = finder.candidates(claim)
    features = finder.features(claim, ids, finder.claim_vector(claim))
    return Query(
        source, split, features, frozenset(p for p, i in enumerate(ids) if i in gold), bool(gold)
    )


def real_queries(embedder: Embedder) -> list[Query]:
    """Supported critique sentences of the sample papers with their labelled snippet.

    A sentence in another language than its paper is aligned across languages, which these
    weights do not rank; those are left out. Empty when the papers are absent.
    """
    out = []
    by_paper: dict[str, list[real_critiques.RealSentence]] = {}
    for item in real_critiques.load():
        if (
            item.label == "supported"
            and item.evidence
            and (real_critiques.PAPERS / item.paper).exists()
        ):
            by_paper.setdefault(item.paper, []).append(item)
    for name, items in by_paper.items():
        paper = parse_pdf(real_critiques.PAPERS / name)
        finder = _finder(paper, embedder)
        texts = [s.text for s in paper.sentences]
        language = language_of(" ".join(texts[:40]))
        for item in items:
            if language_of(item.sentence) != language:
                continue
            out.append(
                _query(
                    "real", item.split, finder, item.sentence, _holding(texts, item.evidence or "")
                )
            )
    return out


def _holding(sentences: list[str], snippet: str) -> set[int]:
    """Parsed sentences that hold the snippet or a long part of it."""
    want = _key(snippet)
    keys = [_key(s) for s in sentences]
    return {i for i, key in enumerate(keys) if len(key) >= 12 and (want in key or key in want)}


def queries(embedder: Embedder, workdir: Path) -> list[Query]:
    """Every labelled statement of the studies, with its candidates' features."""
    out = []
    for study in studies.load():
        spec = json.loads((studies.ROOT / f"{study.name}.json").read_text(encoding="utf-8"))
        labels: dict[str, list[str]] = spec.get("evidence", {})
        if not labels:
            continue
        paper = parse_pdf(studies.render(study, workdir / f"{study.name}.pdf"))
        finder = _finder(paper, embedder)
        texts = [s.text for s in paper.sentences]
        split = studies.split_of(study.name)
        for claim, _ in study.claims:
            if labels.get(claim):
                out.append(_query("studies", split, finder, claim, _labelled(texts, labels[claim])))
    return out


def recall(found: list[Query], weights: Alignment, k: int) -> float:
    """Share of labelled statements with a labelled sentence among the first ``k``."""
    if not found:
        return 0.0
    hits = 0
    for q in found:
        order = np.argsort(-weights.scores(q.features), kind="stable")[:k]
        hits += any(int(p) in q.gold for p in order)
    return hits / len(found)


def report(found: list[Query], weights: Alignment) -> None:
    """Recall at 1 and at the judge's passages, and the candidates' ceiling, per set."""
    for source, split in itertools.product(("studies", "real"), ("fit", "report")):
        mine = [q for q in found if q.source == source and q.split == split and q.labelled]
        if not mine:
            continue
        pool = sum(bool(q.gold) for q in mine) / len(mine)
        print(
            f"{source + '-' + split:<15} statements {len(mine):>4}  in candidates {pool:.3f}  "
            f"first {recall(mine, weights, 1):.3f}  "
            f"first {PROBABILITY_EVIDENCE} {recall(mine, weights, PROBABILITY_EVIDENCE):.3f}"
        )


def fit(found: list[Query]) -> Alignment:
    """The weights with the best recall at the judge's passages on the fit split (then at 1).

    Each set counts alike, so the few long sample papers weigh as much as the many reports.
    """
    sets = [
        mine
        for source in ("studies", "real")
        if (mine := [q for q in found if q.source == source and q.split == "fit" and q.labelled])
    ]
    grid = {
        "cosine": tuple(round(0.1 * i, 1) for i in range(11)),
        "coverage": tuple(round(0.1 * i, 1) for i in range(11)),
        "anchor": (0.0, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4),
    }
    best, best_key = ALIGNMENT, (-1.0, -1.0)
    for values in itertools.product(*(grid[name] for name in Alignment.FEATURES)):
        weights = Alignment(*values)
        key = (
            sum(recall(mine, weights, PROBABILITY_EVIDENCE) for mine in sets),
            sum(recall(mine, weights, 1) for mine in sets),
        )
        if key > best_key:
            best, best_key = weights, key
    return best


def main(argv: list[str] | None = None) -> int:
    """Entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fit", action="store_true", help="search the alignment weights")
    args = parser.parse_args(argv)
    from core.llm.embedder import OnnxMiniLM

    embedder = OnnxMiniLM()
    with tempfile.TemporaryDirectory() as tmp:
        found = queries(embedder, Path(tmp)) + real_queries(embedder)
    print(f"in use: {ALIGNMENT}")
    report(found, ALIGNMENT)
    if args.fit:
        best = fit(found)
        print(f"fitted: {best}")
        report(found, best)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
