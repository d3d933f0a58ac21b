"""Swaps of the sample papers' own sentences: which numbers, names and opposites are caught.

Each body sentence of a sample paper (30 to 300 characters), prefixed with "The authors report
that" ("作者指出，" for a Chinese paper) so that it is no longer one of the paper's sentences
word for word, is swapped by the rule of bench/swaps.py: one number or one name exchanged for
another of the same paper in the same form; and turned by the rule of bench/flips.py: one word
exchanged for its antonym, or a negation added or taken out (``contradiction``). The checker
runs without the judge, so the figures show what binding and the exact readings alone catch.
The right evidence sentence is the source itself, which makes this easier than a critique's
paraphrase; its use is to find values, names and contradictions the checker does not read.
A list item's own number ("3. Be ruthless …") swapped for another is counted too, though a
critique would rarely restate it.

    python -m bench.self_swaps [--per-paper 150] [--papers a.pdf,b.pdf] [--json OUT]
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from bench import flips, swaps
from bench.checker import PAPERS, Papers
from core.config import CheckerSettings
from core.types import Verdict
from core.verify.translate import language_of
from core.verify.verifier import Checker

PREFIX = {"en": "The authors report that ", "zh": "作者指出，"}
_ORDER = ("rejected", "unsupported", "partial", "supported", "not_a_claim")


def _worst(verdicts: list[Verdict]) -> Verdict:
    claims = [v for v in verdicts if v.status.value != "not_a_claim"] or verdicts
    return min(claims, key=lambda v: _ORDER.index(v.status.value))


def _sources(key: str, sentences: list[str]) -> list[tuple[str, str]]:
    out = []
    for text in sentences:
        if language_of(text) == "zh":
            out.append((key, PREFIX["zh"] + text))
        else:
            out.append((key, PREFIX["en"] + text[0].lower() + text[1:]))
    return out


def run_paper(
    papers: Papers, name: str, per_paper: int
) -> tuple[Counter[str], list[dict[str, Any]]]:
    """Counts by kind (swaps flagged, originals flagged) and the misses of one paper."""
    key = f"paper:{name}"
    paper, retriever = papers.get(key)
    checker = Checker(
        paper,
        retriever,
        papers.embedder,
        None,
        CheckerSettings(use_judge=False),
        multilingual=papers.multilingual,
    )
    sentences = [
        s.text
        for s in paper.sentences
        if s.section not in ("table", "references") and 30 < len(s.text) < 300
    ]
    random.Random(7).shuffle(sentences)
    sources = _sources(key, sentences)
    made = swaps.swaps(sources, lambda k: papers.get(k)[0])
    random.Random(8).shuffle(made)
    turned = flips.flips(sources)
    random.Random(9).shuffle(turned)
    counts: Counter[str] = Counter()
    misses: list[dict[str, Any]] = []
    for swap in made[:per_paper] + turned[:per_paper]:
        original = _worst(checker.verify(swap.original))
        swapped = _worst(checker.verify(swap.swapped))
        counts[f"{swap.kind} swaps"] += 1
        counts[f"{swap.kind} caught"] += swapped.status.flagged
        counts[f"{swap.kind} originals flagged"] += original.status.flagged
        if not swapped.status.flagged:
            misses.append(
                {
                    "kind": swap.kind,
                    "swapped": swap.swapped,
                    "replaced": f"{swap.replaced} -> {swap.replacement}",
                    "status": swapped.status.value,
                    "why": swapped.explanation,
                }
            )
    return counts, misses


def main(argv: list[str] | None = None) -> int:
    """Entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-paper", type=int, default=150, help="swaps checked per paper")
    parser.add_argument("--papers", help="comma-separated PDF names in the sample papers folder")
    parser.add_argument("--json", type=Path, help="write the counts and misses as JSON")
    args = parser.parse_args(argv)
    if not PAPERS.is_dir():
        print(f"the sample papers are not at {PAPERS}")
        return 1
    names = args.papers.split(",") if args.papers else sorted(p.name for p in PAPERS.glob("*.pdf"))

    from core.llm.embedder import OnnxMiniLM

    report: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        papers = Papers(OnnxMiniLM(), Path(tmp))
        for name in names:
            counts, misses = run_paper(papers, name, args.per_paper)
            report[name] = {"counts": dict(counts), "misses": misses}
            print(f"\n== {name}")
            for kind in ("wrong_number", "wrong_name", "contradiction"):
                n = counts[f"{kind} swaps"]
                if n:
                    print(
                        f"  {kind:13s} caught {counts[f'{kind} caught']:3d} / {n:3d}"
                        f" ({counts[f'{kind} caught'] / n:.2f}); originals flagged"
                        f" {counts[f'{kind} originals flagged']}"
                    )
    if args.json:
        args.json.write_text(json.dumps(report, indent=1, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
