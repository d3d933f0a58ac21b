"""Run ``deepread verify`` on hand-written critiques with planted fabrications and score it.

    .venv/bin/python bench/planted.py [--no-judge] [PAPERS_FOLDER]   (default: ../shared/papers)

Each bench/planted/*.json names a paper and lists labelled sentences; the script joins them
into one text, runs the real command line on it and compares the JSON verdicts to the labels.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    """Print per-kind recall, false flags and timing for each planted critique."""
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    no_judge = "--no-judge" in sys.argv
    folder = Path(args[0]) if args else ROOT.parent / "shared" / "papers"
    if not folder.is_dir():
        print(f"No papers folder at {folder}; nothing to measure.")
        return 0
    for case in sorted((ROOT / "bench" / "planted").glob("*.json")):
        spec = json.loads(case.read_text(encoding="utf-8"))
        pdf = folder / spec["paper"]
        labelled = spec["sentences"]
        with tempfile.TemporaryDirectory() as tmp:
            text_file = Path(tmp) / "critique.txt"
            out = Path(tmp) / "verdicts.json"
            text_file.write_text(" ".join(s["text"] for s in labelled), encoding="utf-8")
            command = [
                str(ROOT / ".venv/bin/deepread"),
                "verify",
                str(pdf),
                "--text",
                str(text_file),
                "--json",
                str(out),
                "-q",
            ]
            if no_judge:
                command.append("--no-judge")
            subprocess.run(
                [str(ROOT / ".venv/bin/deepread"), "ingest", "-q", str(pdf)],
                check=True,
                capture_output=True,
            )
            start = time.perf_counter()
            subprocess.run(command, check=True, capture_output=True)
            seconds = time.perf_counter() - start
            report = json.loads(out.read_text(encoding="utf-8"))
        verdicts = report["sentences"]
        if len(verdicts) != len(labelled):
            print(f"{case.name}: {len(verdicts)} sentences split, {len(labelled)} labelled")
        caught: dict[str, list[bool]] = defaultdict(list)
        false_flags = supported = 0
        for item, verdict in zip(labelled, verdicts, strict=False):
            flagged = verdict["status"] in ("unsupported", "rejected")
            if item["label"] == "fabricated":
                caught[item["kind"]].append(flagged)
            elif item["label"] == "supported":
                supported += 1
                false_flags += flagged
            mark = "FLAG" if flagged else "ok  "
            print(
                f"  {mark} {verdict['status']:<11} {item['label']:<10} {item['kind']:<13} "
                f"{verdict['explanation'][:70]}"
            )
        recall = {k: sum(v) / len(v) for k, v in caught.items()}
        fabricated = [x for v in caught.values() for x in v]
        total_recall = sum(fabricated) / len(fabricated)
        ffr = false_flags / supported if supported else 0.0
        print(
            f"{case.stem}: judge {'off' if no_judge else 'on'}; recall {total_recall:.2f} "
            + " ".join(f"{k}={v:.2f}" for k, v in sorted(recall.items()))
            + f"; false flags {false_flags}/{supported} ({ffr:.2f}); "
            f"balanced accuracy {(total_recall + 1 - ffr) / 2:.2f}; "
            f"{seconds:.1f} s for {len(verdicts)} sentences (incl. start-up)\n"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
