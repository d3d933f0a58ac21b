"""Checker benchmark on the labelled development set (bench/devset).

Runs the real pipeline: the development papers are written as PDFs, ingested, chunked, embedded
with the bundled MiniLM and searched with the in-memory hybrid retriever; the judge is the
default GGUF model. Prints, with and without the judge, recall on fabricated sentences per
kind, the false-flag rate on supported sentences, balanced accuracy and seconds per sentence.

    .venv/bin/python -m bench.checker [--no-model] [--show-errors] [--json OUT]
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from bench.devset.build import build_all
from core.config import CheckerSettings
from core.ingest.chunking import chunk_paper
from core.ingest.pdf import parse_pdf
from core.llm.base import LLM, Embedder
from core.types import Paper, Verdict
from core.verify.verifier import Checker

DEVSET = Path(__file__).parent / "devset" / "critiques.json"
FABRICATED_KINDS = ("wrong_number", "fake_quote", "fake_citation", "invented_name", "overclaim")
TARGETS = {
    "wrong_number": 0.95,
    "fake_quote": 0.95,
    "fake_citation": 0.95,
    "invented_name": 0.7,
    "overclaim": 0.7,
}


class CountingLLM:
    """Proxy that counts judge calls; ``trusted`` makes a base model judge every sentence."""

    def __init__(self, llm: LLM, *, trusted: bool | None = None) -> None:
        self.llm = llm
        self.name = llm.name
        self.context_size = llm.context_size
        self.follows_instructions = llm.follows_instructions if trusted is None else trusted
        self.calls = 0

    def count_tokens(self, text: str) -> int:
        """Delegated."""
        return self.llm.count_tokens(text)

    def complete(self, instruction: str, content: str, **kwargs: Any) -> Any:
        """Delegated, counted."""
        self.calls += 1
        return self.llm.complete(instruction, content, **kwargs)


def load_rows() -> list[dict[str, str]]:
    """The labelled sentences."""
    return json.loads(DEVSET.read_text(encoding="utf-8"))


def verify_rows(checker: Checker, rows: list[dict[str, str]]) -> tuple[list[Verdict], float]:
    """Verify one paper+language group as one text (one sentence per line), keeping grouping."""
    text = "\n".join(r["sentence"] for r in rows)
    start = time.perf_counter()
    verdicts = checker.verify(text)
    seconds = time.perf_counter() - start
    if len(verdicts) != len(rows):
        # The splitter disagreed with the labelled boundaries: check sentence by sentence.
        start = time.perf_counter()
        verdicts = [checker.verify(r["sentence"])[0] for r in rows]
        seconds = time.perf_counter() - start
    return verdicts, seconds


def evaluate(
    papers: dict[str, Paper],
    retrievers: dict[str, Any],
    embedder: Embedder,
    judge: LLM | None,
    rows: list[dict[str, str]],
    settings: CheckerSettings,
) -> dict[str, Any]:
    """Run the checker over every labelled sentence and compute the figures."""
    groups: dict[tuple[str, str], list[dict[str, str]]] = defaultdict(list)
    for row in rows:
        groups[(row["paper"], row["language"])].append(row)
    results: list[tuple[dict[str, str], Verdict]] = []
    seconds = 0.0
    for (key, _), group in groups.items():
        checker = Checker(papers[key], retrievers[key], embedder, judge, settings)
        verdicts, spent = verify_rows(checker, group)
        seconds += spent
        results.extend(zip(group, verdicts, strict=True))
    return summarise(results, seconds)


def summarise(results: list[tuple[dict[str, str], Verdict]], seconds: float) -> dict[str, Any]:
    """Recall per kind, false-flag rate, balanced accuracy, seconds per sentence."""
    by_kind: dict[str, list[bool]] = defaultdict(list)
    by_lang: dict[str, list[bool]] = defaultdict(list)
    supported_flags: list[bool] = []
    fabricated_flags: list[bool] = []
    errors = []
    for row, verdict in results:
        flagged = verdict.status.flagged
        if row["label"] == "fabricated":
            by_kind[row["kind"]].append(flagged)
            by_lang[row["language"] + ":recall"].append(flagged)
            fabricated_flags.append(flagged)
            if not flagged:
                errors.append(("missed", row, verdict))
        else:
            supported_flags.append(flagged)
            by_lang[row["language"] + ":false_flag"].append(flagged)
            if flagged:
                errors.append(("false flag", row, verdict))
    recall = {k: sum(v) / len(v) for k, v in by_kind.items()}
    false_flag = sum(supported_flags) / len(supported_flags) if supported_flags else 0.0
    overall_recall = sum(fabricated_flags) / len(fabricated_flags) if fabricated_flags else 0.0
    return {
        "sentences": len(results),
        "recall": recall,
        "recall_all": overall_recall,
        "false_flag_rate": false_flag,
        "balanced_accuracy": (overall_recall + 1 - false_flag) / 2,
        "by_language": {k: sum(v) / len(v) for k, v in by_lang.items()},
        "seconds_per_sentence": seconds / max(len(results), 1),
        "errors": [
            {
                "what": what,
                "sentence": row["sentence"],
                "kind": row["kind"],
                "status": v.status.value,
                "reasons": list(v.reasons),
            }
            for what, row, v in errors
        ],
    }


def print_report(name: str, figures: dict[str, Any], show_errors: bool) -> None:
    """Human-readable table of one configuration."""
    print(f"\n== {name}: {figures['sentences']} sentences")
    for kind in FABRICATED_KINDS:
        value = figures["recall"].get(kind, float("nan"))
        target = TARGETS[kind]
        mark = "ok" if value >= target else "BELOW"
        print(f"  recall {kind:<14} {value:5.2f}  (target >= {target:.2f}) {mark}")
    ffr = figures["false_flag_rate"]
    print(f"  recall all fabricated  {figures['recall_all']:5.2f}")
    print(
        f"  false-flag rate        {ffr:5.2f}  (target <= 0.10) {'ok' if ffr <= 0.10 else 'ABOVE'}"
    )
    print(f"  balanced accuracy      {figures['balanced_accuracy']:5.2f}")
    print(
        "  by language           ",
        ", ".join(f"{k} {v:.2f}" for k, v in sorted(figures["by_language"].items())),
    )
    sps = figures["seconds_per_sentence"]
    print(f"  seconds per sentence   {sps:5.3f}  (target <= 0.5 with the judge)")
    if show_errors:
        for err in figures["errors"]:
            what = f"[{err['what']}] ({err['kind']}) {err['status']} {err['reasons']}"
            print(f"    {what}: {err['sentence']}")


def main(argv: list[str] | None = None) -> int:
    """Entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-model", action="store_true", help="skip the run with the judge")
    parser.add_argument("--show-errors", action="store_true", help="list misses and false flags")
    parser.add_argument("--json", type=Path, help="write the figures as JSON")
    args = parser.parse_args(argv)

    from core.index.hybrid import MemoryRetriever
    from core.llm.embedder import OnnxMiniLM

    rows = load_rows()
    setup = time.perf_counter()
    embedder = OnnxMiniLM()
    with tempfile.TemporaryDirectory() as tmp:
        paths = build_all(Path(tmp))
        papers = {key: parse_pdf(path) for key, path in paths.items()}
    retrievers = {key: MemoryRetriever(chunk_paper(p), embedder) for key, p in papers.items()}
    print(f"set-up (ingest, chunk, embed): {time.perf_counter() - setup:.1f} s")

    report: dict[str, Any] = {}
    report["no_judge"] = evaluate(
        papers, retrievers, embedder, None, rows, CheckerSettings(use_judge=False)
    )
    print_report("gates + semantic (no judge)", report["no_judge"], args.show_errors)
    if not args.no_model:
        from core.llm.default_model import default_model_path
        from core.llm.llama import LlamaModel

        start = time.perf_counter()
        judge = LlamaModel.load(default_model_path())
        print(
            f"\njudge model loaded in {time.perf_counter() - start:.1f} s: {judge.name} "
            f"(follows_instructions={judge.follows_instructions})"
        )
        counted = CountingLLM(judge)
        report["judge"] = evaluate(
            papers, retrievers, embedder, counted, rows, CheckerSettings(use_judge=True)
        )
        report["judge"]["judge_calls"] = counted.calls
        print_report(
            f"gates + semantic + judge (default model, {counted.calls} judge calls)",
            report["judge"],
            args.show_errors,
        )
        # What the base model would do if it were trusted like an instruct model: asked about
        # every sentence that passed the gates, with its answer weighted as such.
        forced = CountingLLM(judge, trusted=True)
        report["judge_trusted"] = evaluate(
            papers, retrievers, embedder, forced, rows, CheckerSettings(use_judge=True)
        )
        report["judge_trusted"]["judge_calls"] = forced.calls
        print_report(
            f"default model judged as if instruction-tuned ({forced.calls} judge calls)",
            report["judge_trusted"],
            args.show_errors,
        )
    if args.json:
        args.json.write_text(json.dumps(report, indent=2, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
