"""Crash benchmark: SIGKILL real ``deepread`` processes at random moments, then check the library.

    .venv/bin/python -m bench.crash [--kills 36] [--critique-kills 4] [--seed 1]

Each round starts one real command in a fresh process (ingest of a new copy of a paper, review,
export, and a few critiques with the real model on tiny budgets), kills it with SIGKILL after a
random delay within the command's own measured run time, and then checks, in a fresh process:
the library opens and passes SQLite's integrity check; every listed paper opens, has its vectors
and answers a search; nothing is left half-done (no paper ingesting or being deleted, no critique
running); an interrupted critique keeps at least one attempt; every export file that exists is
complete (JSON parses, PDF opens with all pages, Markdown decodes); the settings file parses; and
the original PDFs are byte-identical. Figures are printed, not asserted; exit code 1 on failures.

The sample papers are expected in ../shared/papers; the script skips cleanly without them.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAPERS = ROOT.parent / "shared" / "papers"
SMALL = "openquestion_1col_jose-draft.pdf"  # 4 pages: the critiqued paper
LARGE = "html_www2020_2col_acm_ccby.pdf"  # 11 pages, two columns: the ingest target
DEEPREAD = [sys.executable, "-m", "desktop.app"]


@dataclass
class Tally:
    """What the rounds did and found."""

    kills: dict[str, int] = field(default_factory=dict)
    finished_before_kill: dict[str, int] = field(default_factory=dict)
    checks: int = 0
    failures: list[str] = field(default_factory=list)


def _env(home: Path, model: Path | None) -> dict[str, str]:
    env = dict(os.environ, DEEPREAD_HOME=str(home), QT_QPA_PLATFORM="offscreen")
    env.update(
        DEEPREAD_CHECKER__USE_JUDGE="false",
        DEEPREAD_CHECKER__MAX_RETRIES="0",
        DEEPREAD_MODEL__MAX_TOKENS_PER_SECTION="16",
        DEEPREAD_MODEL__CONTEXT_SIZE="1024",
    )
    if model is not None:
        env["DEEPREAD_MODEL__PATH"] = str(model)
    return env


def _run(args: list[str], env: dict[str, str], timeout: float = 900) -> tuple[int, float, str]:
    start = time.monotonic()
    done = subprocess.run(
        DEEPREAD + args, env=env, cwd=ROOT, capture_output=True, text=True, timeout=timeout
    )
    return done.returncode, time.monotonic() - start, done.stdout + done.stderr


def _kill_after(args: list[str], env: dict[str, str], delay: float) -> bool:
    """Start the command, SIGKILL it after ``delay`` seconds; True if it had already finished."""
    proc = subprocess.Popen(
        DEEPREAD + args,
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        proc.wait(timeout=delay)
        return True
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        return False


def _variant(source: Path, folder: Path, n: int) -> Path:
    """A copy of the paper with different bytes (a trailing PDF comment): a new library entry."""
    out = folder / f"{source.stem}-{n}.pdf"
    out.write_bytes(source.read_bytes() + f"\n% copy {n}\n".encode())
    return out


def check(home: Path) -> list[str]:
    """The invariants, checked in this (fresh) process; returns what is wrong."""
    import sqlite3

    os.environ["DEEPREAD_HOME"] = str(home)
    problems: list[str] = []
    db = home / "library.sqlite3"
    if db.exists():
        with sqlite3.connect(db) as conn:
            verdict = conn.execute("PRAGMA integrity_check").fetchone()[0]
        if verdict != "ok":
            problems.append(f"integrity_check: {verdict}")
    settings = home / "settings.json"
    if settings.exists():
        try:
            json.loads(settings.read_text(encoding="utf-8"))
        except ValueError as exc:
            problems.append(f"settings.json is half-written: {exc}")
    from core.config import Settings
    from core.errors import AppError
    from core.records import PaperStatus
    from core.workspace import Workspace

    try:
        ws = Workspace(Settings.load())
        papers = ws.list_papers()
    except AppError as exc:
        return [*problems, f"the library does not open: {exc}"]
    for info in papers:
        name = info.title[:40]
        if info.status in (PaperStatus.INGESTING, PaperStatus.DELETING):
            problems.append(f"{name}: left {info.status.value}")
            continue
        try:
            paper = ws.load_paper(info.sha256)
            if ws.vectors.count(info.sha256) != info.chunks:
                problems.append(
                    f"{name}: {ws.vectors.count(info.sha256)} vectors, {info.chunks} chunks"
                )
            if not ws.search(info.sha256, paper.sentences[len(paper.sentences) // 2].text, k=3):
                problems.append(f"{name}: search finds nothing")
            ws.latest_critique(info.sha256)
            interrupted = ws.interrupted_critique(info.sha256)
            if interrupted is not None and not interrupted.result.attempts:
                problems.append(f"{name}: interrupted critique without attempts")
        except AppError as exc:
            problems.append(f"{name}: does not open: {exc}")
    if ws.repo.running_critiques():
        problems.append("a critique is still marked running")
    ws.close()
    problems += _check_exports(home / "exports")
    return problems


def _check_exports(folder: Path) -> list[str]:
    problems: list[str] = []
    if not folder.is_dir():
        return problems
    import pymupdf

    for path in folder.iterdir():
        if path.name.startswith("."):
            continue  # a temporary file of an interrupted atomic write, never the export itself
        try:
            if path.suffix == ".json":
                json.loads(path.read_text(encoding="utf-8"))
            elif path.suffix == ".md":
                text = path.read_text(encoding="utf-8")
                if not text.endswith("\n"):
                    problems.append(f"{path.name}: truncated")
            elif path.suffix == ".pdf":
                with pymupdf.open(path) as doc:
                    if doc.page_count != 4:
                        problems.append(f"{path.name}: {doc.page_count} pages")
        except Exception as exc:  # noqa: BLE001 - any failure to read is a half-written file
            problems.append(f"{path.name}: half-written ({exc})")
    return problems


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark (or, with --check HOME, only the invariants, as JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=36, help="rounds in total (default 36)")
    parser.add_argument("--critique-kills", type=int, default=4, help="of which critiques")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--model", type=Path, help="GGUF for critiques (default: assembled)")
    parser.add_argument("--keep", action="store_true", help="keep the data folder")
    parser.add_argument("--check", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.check is not None:
        print(json.dumps(check(args.check)))
        return 0
    if not (PAPERS / SMALL).is_file() or not (PAPERS / LARGE).is_file():
        print(f"skipped: the sample papers are not in {PAPERS}")
        return 0
    model = args.model or _assembled_model()
    rng = random.Random(args.seed)
    work = Path(tempfile.mkdtemp(prefix="deepread-crash-"))
    home, papers, exports = work / "home", work / "papers", work / "home" / "exports"
    for folder in (home, papers, exports):
        folder.mkdir(parents=True, exist_ok=True)
    env = _env(home, model)
    small = papers / SMALL
    shutil.copyfile(PAPERS / SMALL, small)
    originals = {p: _sha(p) for p in (PAPERS / SMALL, PAPERS / LARGE, small)}

    print(f"data folder {home}; model {model or 'none (critique kills skipped)'}", flush=True)
    code, seconds, out = _run(["critique", str(small), "--no-judge", "-q"], env)
    if code != 0:
        print(f"cannot seed the library (exit {code}):\n{out[-2000:]}")
        return 1
    print(f"seeded: ingest + critique of {SMALL} in {seconds:.0f} s", flush=True)
    flagged = _flagged(home, env)
    durations = _measure(small, papers, exports, env, flagged)
    print("uninterrupted seconds: " + ", ".join(f"{k} {v:.1f}" for k, v in durations.items()))

    tally = Tally()
    plan = ["critique"] * (args.critique_kills if model else 0)
    others = ["ingest", "review", "export"]
    plan += [others[i % 3] for i in range(args.kills - len(plan))]
    rng.shuffle(plan)
    for n, kind in enumerate(plan, start=1):
        command = _command(kind, n, rng, small, papers, exports, flagged)
        delay = rng.uniform(0.3, durations[kind])
        finished = _kill_after(command, env, delay)
        tally.kills[kind] = tally.kills.get(kind, 0) + 1
        if finished:
            tally.finished_before_kill[kind] = tally.finished_before_kill.get(kind, 0) + 1
        problems = _check_in_fresh_process(home, env)
        problems += [f"{p.name} changed" for p, digest in originals.items() if _sha(p) != digest]
        tally.checks += 1
        status = "ok" if not problems else "; ".join(problems)
        print(f"[{n:>2}/{len(plan)}] {kind:<8} killed at {delay:5.1f} s  {status}", flush=True)
        tally.failures += [f"round {n} ({kind}): {p}" for p in problems]
    print(
        f"\nkills: {sum(tally.kills.values())} ({_counts(tally.kills)}); "
        f"finished before the kill: {sum(tally.finished_before_kill.values())} "
        f"({_counts(tally.finished_before_kill) or 'none'}); "
        f"checks: {tally.checks} (11 invariants each); failures: {len(tally.failures)}"
    )
    for failure in tally.failures:
        print(f"  {failure}")
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if tally.failures else 0


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in counts.items())


def _command(
    kind: str,
    n: int,
    rng: random.Random,
    small: Path,
    papers: Path,
    exports: Path,
    flagged: list[int],
) -> list[str]:
    if kind == "ingest":
        return ["ingest", "-q", str(_variant(PAPERS / LARGE, papers, n))]
    if kind == "critique":
        return ["critique", str(small), "--no-judge", "-q"]
    if kind == "review":
        sentence = str(rng.choice(flagged))
        action = rng.choice(
            [
                ["--accept", "--note", f"round {n}"],
                ["--reject"],
                ["--edit", "The survey tool is written in Python."],
            ]
        )
        return ["review", str(small), "--sentence", sentence, *action]
    fmt = rng.choice(["md", "json", "pdf"])
    return [
        "export",
        str(small),
        "--format",
        fmt,
        "--out",
        str(exports / f"notes.{fmt}"),
        "--force",
    ]


def _measure(
    small: Path, papers: Path, exports: Path, env: dict[str, str], flagged: list[int]
) -> dict[str, float]:
    """Each command's uninterrupted run time: kills land uniformly inside it."""
    rng = random.Random(0)
    times: dict[str, float] = {}
    for kind in ("ingest", "review", "export"):
        code, seconds, out = _run(_command(kind, 0, rng, small, papers, exports, flagged), env)
        if code != 0:
            raise SystemExit(f"{kind} failed before any kill (exit {code}):\n{out[-2000:]}")
        times[kind] = seconds
    times["critique"] = 30.0  # never waited for: the kill lands in loading, writing or checking
    return times


def _flagged(home: Path, env: dict[str, str]) -> list[int]:
    script = (
        "from core.workspace import Workspace\n"
        "ws = Workspace()\n"
        "p = ws.list_papers()[0]\n"
        "c = ws.latest_critique(p.sha256)\n"
        "print([v.claim.index for v in c.result.verdicts if v.claim.is_claim] or [0])\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return list(json.loads(out.strip().splitlines()[-1]))


def _check_in_fresh_process(home: Path, env: dict[str, str]) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-m", "bench.crash", "--check", str(home)],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        return [f"the check crashed: {done.stderr.strip().splitlines()[-1:]}"]
    return list(json.loads(done.stdout.strip().splitlines()[-1]))


def _assembled_model() -> Path | None:
    """The default model already assembled in the usual data folder, so it is not copied again."""
    import platformdirs

    folder = Path(platformdirs.user_data_dir("deepread", appauthor=False)) / "models"
    found = sorted(folder.glob("*.gguf")) if folder.is_dir() else []
    return found[0] if found else None


if __name__ == "__main__":
    sys.exit(main())
