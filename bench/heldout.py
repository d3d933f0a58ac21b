"""Unseen study reports: totals only, so that a batch stays unread until a candidate is ready.

``python -m bench.heldout DIR [--judge] [--show]`` runs every study report in ``DIR`` (the
format of ``bench/studies``) through the checker, one statement at a time, and prints per report
and in total the faithful statements kept, the misrepresentations flagged, balanced accuracy
(``partial`` counts as kept, as in ``bench.checker``) and seconds per sentence. The statements
it got wrong are listed only with ``--show``: once read, a batch is development data. Judge
answers are not cached, so an unseen batch leaves no trace in the fit's cache.
"""

from __future__ import annotations

import argparse
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench import studies
from bench.checker import Case, Papers, run_cases, summarise
from core.config import CheckerSettings
from core.llm.base import LLM


@dataclass(frozen=True)
class Tally:
    """Faithful statements kept and misrepresentations flagged, of how many."""

    kept: int = 0
    faithful: int = 0
    flagged: int = 0
    false: int = 0
    seconds: float = 0.0

    def __add__(self, other: Tally) -> Tally:
        return Tally(
            self.kept + other.kept,
            self.faithful + other.faithful,
            self.flagged + other.flagged,
            self.false + other.false,
            self.seconds + other.seconds,
        )

    @property
    def balanced_accuracy(self) -> float:
        """Mean of the share kept and the share flagged (0.5 is chance)."""
        kept = self.kept / self.faithful if self.faithful else 1.0
        flagged = self.flagged / self.false if self.false else 1.0
        return (kept + flagged) / 2

    def line(self, name: str) -> str:
        """One printed row."""
        sentences = max(self.faithful + self.false, 1)
        return (
            f"{name:<24} kept {self.kept:>3}/{self.faithful:<3} flagged {self.flagged:>3}/"
            f"{self.false:<3} BA {self.balanced_accuracy:.3f}  "
            f"{self.seconds / sentences:.2f} s/sentence"
        )


def tally(figures: dict[str, Any], seconds: float) -> Tally:
    """Count one run from its ``bench.checker.summarise`` figures."""
    wrong = Counter(e["what"] for e in figures["errors"])
    return Tally(
        kept=figures["supported"] - wrong["false flag"],
        faithful=figures["supported"],
        flagged=figures["fabricated"] - wrong["missed"],
        false=figures["fabricated"],
        seconds=seconds,
    )


def main(argv: list[str] | None = None) -> int:
    """Entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="folder of study reports (*.json)")
    parser.add_argument("--judge", action="store_true", help="with the model judge")
    parser.add_argument("--show", action="store_true", help="list the statements it got wrong")
    args = parser.parse_args(argv)
    reports = studies.load(root=args.folder)
    if not reports:
        print(f"no study reports (*.json) in {args.folder}")
        return 2

    from core.llm.embedder import OnnxMiniLM

    judge: LLM | None = None
    if args.judge:
        from core.llm.default_model import default_model_path
        from core.llm.llama import LlamaModel

        judge = LlamaModel.load(default_model_path())
    settings = CheckerSettings(use_judge=judge is not None)
    total = Tally()
    with tempfile.TemporaryDirectory() as tmp:
        papers = Papers(OnnxMiniLM(), Path(tmp), studies_root=args.folder)
        for report in reports:
            cases = [
                Case(f"study:{report.name}", claim, "supported" if true else "fabricated", "")
                for claim, true in report.claims
            ]
            run = run_cases(cases, papers, judge, settings)
            figures = summarise(run)
            counts = tally(figures, run.seconds)
            total += counts
            print(counts.line(report.name), flush=True)
            if args.show:
                for e in figures["errors"]:
                    said = "true" if e["what"] == "false flag" else "false"
                    print(f"    {said:<5} {e['status']:<11} {e['reasons'][:3]} {e['sentence']}")
    print(total.line("TOTAL"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
