"""The cost of the HTTP path: one paper critiqued and verified in process and through a server.

    .venv/bin/python -m bench.backends [PAPER.pdf] [--judge text|probability|both] [--reps N]
        [--tokens N] [--retries N] [--lang en|zh] [--threads N] [--quiet-wait S]

Both halves do the same work with the same model file, threads, context size and settings:

- the critique at temperature 0 (no repair rounds unless ``--retries`` asks for them: repairs
  sample at higher temperatures), judge on;
- the verification of one fixed text (the first in-process critique of the judge mode);
- the judge in the same mode on both sides: ``text`` (batched YES/PARTIAL/NO answers, parsed;
  the in-process model's logits are hidden from the checker) or ``probability`` (P(YES) from the
  in-process logits and from the server's logprobs, for which llama-cpp-python's server needs
  ``--logits_all true``, so that mode runs a server started with it).

Both models are loaded before any timing; each run waits (up to ``--quiet-wait`` seconds)
for other processes to leave the CPUs nearly idle, then starts with the same short warm-up
call (which also leaves both KV caches in the same state); the runs alternate - in process,
server, in process, server - so a change of load hits both halves.

Per run it prints the wall times of the critique and the verification, llama.cpp's own counters
(prompt tokens evaluated and their time, tokens decoded and their time: lost KV-cache reuse
shows as more prompt tokens), the count_tokens calls with their wall time, and the
machine's load (the 1-minute load average and the cores that other processes kept busy).
Other processes slow llama.cpp's threads far more than the rest, so it also prints the time
outside llama.cpp's counters on each side: their difference is the HTTP path's own cost.
"""

from __future__ import annotations

import argparse
import functools
import os
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core.llm.base import LLM, Completion, Message

PAPERS = Path(__file__).resolve().parent.parent.parent / "shared" / "papers"
DEFAULT_PAPER = PAPERS / "html_www2020_2col_acm_ccby.pdf"
JUDGE_MODES = ("text", "probability")
BACKENDS = ("in process", "server")
#: The warm-up conversation both backends answer before each timed run.
WARM_UP = (Message("system", "You answer in one word."), Message("user", "Say OK."))
_CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
#: Cores other processes may keep busy when a timed run starts (see wait_for_quiet).
QUIET_CORES = 0.3


class Metered:
    """An LLM that times its calls by kind and, for the text judge, hides its probabilities."""

    def __init__(self, inner: LLM, *, probabilities: bool) -> None:
        """Wrap ``inner``; without ``probabilities`` the judge parses text answers."""
        self.inner = inner
        self.name = inner.name
        self.context_size = inner.context_size
        self.follows_instructions = inner.follows_instructions
        self.probabilities = probabilities
        self.calls: dict[str, list[float]] = {}

    @contextmanager
    def _timed(self, kind: str) -> Iterator[None]:
        started = time.perf_counter()
        try:
            yield
        finally:
            self.calls.setdefault(kind, []).append(time.perf_counter() - started)

    def count_tokens(self, text: str) -> int:
        """Delegated and timed."""
        with self._timed("count_tokens"):
            return self.inner.count_tokens(text)

    def complete(
        self,
        instruction: str,
        content: str,
        *,
        max_tokens: int,
        temperature: float = 0.0,
        stop: Sequence[str] = (),
        on_token: Callable[[str], None] | None = None,
    ) -> Completion:
        """Delegated and timed (the text judge's batches)."""
        with self._timed("complete"):
            return self.inner.complete(
                instruction,
                content,
                max_tokens=max_tokens,
                temperature=temperature,
                stop=stop,
                on_token=on_token,
            )

    def chat(
        self,
        messages: Sequence[Message],
        *,
        max_tokens: int,
        temperature: float = 0.0,
        stop: Sequence[str] = (),
        on_token: Callable[[str], None] | None = None,
    ) -> Completion:
        """Delegated and timed (the writer's sections)."""
        with self._timed("chat"):
            return self.inner.chat(
                messages,
                max_tokens=max_tokens,
                temperature=temperature,
                stop=stop,
                on_token=on_token,
            )

    def yes_probability(self, instruction: str, content: str) -> float | None:
        """The inner model's P(YES) in probability mode; None (parse text) in text mode."""
        if not self.probabilities:
            return None
        with self._timed("yes_probability"):
            return self.inner.yes_probability(instruction, content)


@dataclass(frozen=True)
class ModelWork:
    """llama.cpp's own counters over a stretch of time."""

    prompt_tokens: int = 0
    prompt_s: float = 0.0
    decoded: int = 0
    decode_s: float = 0.0

    def __sub__(self, other: ModelWork) -> ModelWork:
        return ModelWork(
            self.prompt_tokens - other.prompt_tokens,
            self.prompt_s - other.prompt_s,
            self.decoded - other.decoded,
            self.decode_s - other.decode_s,
        )


def in_process_work(model: Any) -> ModelWork:
    """Counters of an in-process LlamaModel's llama.cpp context."""
    import llama_cpp

    data = llama_cpp.llama_perf_context(model._llama.ctx)
    return ModelWork(
        int(data.n_p_eval), data.t_p_eval_ms / 1000, int(data.n_eval), data.t_eval_ms / 1000
    )


_PROMPT_EVAL = re.compile(r"prompt eval time =\s*([\d.]+) ms /\s*(\d+) tokens")
_EVAL = re.compile(r"(?<!prompt )eval time =\s*([\d.]+) ms /\s*(\d+) runs")


def server_work(log: Path) -> ModelWork:
    """The same counters summed over the server's log.

    llama-cpp-python's server (verbose, its default) resets them before each completion and
    prints them after it.
    """
    text = log.read_text(encoding="utf-8", errors="replace")
    prompt = _PROMPT_EVAL.findall(text)
    decode = _EVAL.findall(text)
    return ModelWork(
        sum(int(n) for _, n in prompt),
        sum(float(ms) for ms, _ in prompt) / 1000,
        sum(int(n) for _, n in decode),
        sum(float(ms) for ms, _ in decode) / 1000,
    )


@dataclass(frozen=True)
class Load:
    """How busy the machine was during a timed stretch."""

    loadavg: float  # 1-minute load average at its end
    others: float  # cores kept busy by processes other than the benchmark and its server


class CpuWatch:
    """CPU time of the whole machine against that of the benchmark's own processes."""

    def __init__(self, pids: Sequence[int]) -> None:
        """Start watching; ``pids`` are ours (this process, the server)."""
        self.pids = list(pids)
        self.started = time.perf_counter()
        self.busy = _busy_ticks()
        self.ours = sum(_process_ticks(pid) for pid in self.pids)

    def stop(self) -> Load:
        """The load since the start."""
        elapsed = time.perf_counter() - self.started
        busy = _busy_ticks() - self.busy
        ours = sum(_process_ticks(pid) for pid in self.pids) - self.ours
        others = max(busy - ours, 0) / _CLOCK_TICKS / max(elapsed, 1e-9)
        return Load(os.getloadavg()[0], others)


def _busy_ticks() -> int:
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:9]]
    user, nice, system, _idle, _iowait, irq, softirq, steal = fields
    return user + nice + system + irq + softirq + steal


def _process_ticks(pid: int) -> int:
    try:
        rest = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    return int(rest[11]) + int(rest[12])  # utime + stime of all threads


def wait_for_quiet(pids: Sequence[int], limit_s: float) -> float:
    """Wait (at most ``limit_s``) until other processes leave the CPUs nearly idle for 3 s.

    Returns the seconds waited. Heavy jobs of other people on a shared machine slow llama.cpp's
    threads many times over, so a timed run should not start in the middle of one.
    """
    started = time.perf_counter()
    while time.perf_counter() - started < limit_s:
        watch = CpuWatch(pids)
        time.sleep(3.0)
        if watch.stop().others < QUIET_CORES:
            break
    return time.perf_counter() - started


@dataclass(frozen=True)
class Phase:
    """One timed phase (critique or verification) of one run."""

    wall_s: float
    work: ModelWork
    calls: dict[str, tuple[int, float]]
    load: Load


@dataclass(frozen=True)
class Run:
    """One backend's critique and verification."""

    backend: str
    critique: Phase
    verify: Phase
    tokens_out: int
    text: str
    claims: int
    judged_p: int
    judged_text: int


@dataclass
class Backend:
    """A loaded model, how to read its counters, and the processes doing its work."""

    label: str
    model: LLM
    work: Callable[[], ModelWork]
    pids: list[int] = field(default_factory=lambda: [os.getpid()])


def timed_phase(backend: Backend, meter: Metered, action: Callable[[], Any]) -> tuple[Any, Phase]:
    """Run ``action`` and measure it."""
    meter.calls.clear()
    watch = CpuWatch(backend.pids)
    before = backend.work()
    started = time.perf_counter()
    result = action()
    wall = time.perf_counter() - started
    work = backend.work() - before
    load = watch.stop()
    calls = {kind: (len(times), sum(times)) for kind, times in meter.calls.items()}
    return result, Phase(wall, work, calls, load)


def run(
    backend: Backend,
    settings: Any,
    sha256: str,
    language: str,
    verify_text: str | None,
    *,
    probabilities: bool,
) -> Run:
    """Warm up, critique, warm up, verify ``verify_text`` (the critique's own when None)."""
    from core.progress import drive
    from core.workspace import Workspace

    meter = Metered(backend.model, probabilities=probabilities)
    ws = Workspace(settings, llm=meter, judge=meter)
    _ = ws.embedder  # loaded outside the timings, as the models are

    def warm() -> None:
        ws.retriever(sha256)  # a critique drops its retriever when it ends
        backend.model.chat(WARM_UP, max_tokens=2)
        if probabilities:
            backend.model.yes_probability(*(m.content for m in WARM_UP))

    warm()
    stored, critique = timed_phase(
        backend, meter, lambda: drive(ws.critique(sha256, language=language, use_judge=True))
    )
    text = verify_text if verify_text is not None else stored.result.text
    warm()
    verdicts, verify = timed_phase(
        backend, meter, lambda: drive(ws.verify_text(sha256, text, use_judge=True))
    )
    ws.close()
    reasons = [v.reasons for v in verdicts]
    return Run(
        backend.label,
        critique,
        verify,
        sum(a.tokens_out for a in stored.result.attempts),
        stored.result.text,
        sum(1 for v in verdicts if v.claim.is_claim),
        sum(1 for r in reasons if any(x.startswith("judge_p:") for x in r)),
        sum(1 for r in reasons if "judge_text_answer" in r),
    )


def report_mode(mode: str, runs: list[Run], server_flags: str) -> None:
    """Print one judge mode's runs, the means and the ratios."""
    print(f"\njudge mode: {mode} ({server_flags})")
    head = (
        f"{'rep':>3} {'backend':<11}{'phase':<9}{'wall s':>8}{'prompt tok':>11}{'prompt s':>9}"
        f"{'decoded':>8}{'decode s':>9}{'other s':>8}{'count_tokens':>14}{'load1':>6}{'others':>7}"
    )
    print(head)
    for n, r in enumerate(runs):
        for name, phase in (("critique", r.critique), ("verify", r.verify)):
            w = phase.work
            counted, counted_s = phase.calls.get("count_tokens", (0, 0.0))
            # Wall time llama.cpp's counters do not account for: retrieval, gates, embedding,
            # HTTP (count_tokens included) and serialisation.
            other = phase.wall_s - w.prompt_s - w.decode_s
            print(
                f"{n // 2 + 1:>3} {r.backend:<11}{name:<9}{phase.wall_s:8.1f}{w.prompt_tokens:11d}"
                f"{w.prompt_s:9.1f}{w.decoded:8d}{w.decode_s:9.1f}{other:8.1f}"
                f"{counted:7d}/{counted_s:5.1f}s{phase.load.loadavg:6.2f}{phase.load.others:7.2f}"
            )
    print(f"{'mean of reps':<24}{'in process':>12}{'server':>10}{'ratio':>8}")
    for name in ("critique", "verify", "total"):
        means = []
        for label in BACKENDS:
            walls = [
                r.critique.wall_s
                if name == "critique"
                else r.verify.wall_s
                if name == "verify"
                else r.critique.wall_s + r.verify.wall_s
                for r in runs
                if r.backend == label
            ]
            means.append(statistics.mean(walls))
        print(f"{name + ' s':<24}{means[0]:12.1f}{means[1]:10.1f}{means[1] / means[0]:8.2f}")
    local = [r for r in runs if r.backend == BACKENDS[0]]
    remote = [r for r in runs if r.backend == BACKENDS[1]]
    # NOTE: other processes slow llama.cpp's threads (not the rest) many times over on a small
    # machine, so the time outside llama.cpp is the HTTP path's cost that load distorts least.
    outside = [statistics.mean(_outside(r) for r in group) for group in (local, remote)]
    total = statistics.mean(r.critique.wall_s + r.verify.wall_s for r in local)
    print(
        f"time outside llama.cpp per run (retrieval, gates, embedding, HTTP): "
        f"{outside[0]:.1f} s in process, {outside[1]:.1f} s server; the difference is "
        f"{(outside[1] - outside[0]) / total:.1%} of the in-process wall time"
    )
    same = all(r.text == local[0].text for r in local + remote)
    print(
        f"tokens out per critique: {sorted({r.tokens_out for r in local})} in process, "
        f"{sorted({r.tokens_out for r in remote})} server; same critique text in every run: "
        f"{'yes' if same else 'no'}"
    )
    for label, group in ((BACKENDS[0], local), (BACKENDS[1], remote)):
        r = group[-1]
        print(
            f"verification ({label}): {r.claims} claims, judge read as P(YES) for "
            f"{r.judged_p}, as parsed text for {r.judged_text}"
        )


def _outside(run: Run) -> float:
    """Wall seconds of a run that llama.cpp's own counters do not account for."""
    return sum(p.wall_s - p.work.prompt_s - p.work.decode_s for p in (run.critique, run.verify))


def main(argv: list[str] | None = None) -> int:
    """Run both backends, alternating, and print their figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("pdf", nargs="?", default=str(DEFAULT_PAPER))
    parser.add_argument("--judge", default="both", choices=(*JUDGE_MODES, "both"))
    parser.add_argument("--reps", type=int, default=2, help="runs per backend and judge mode")
    parser.add_argument("--tokens", type=int, default=0, help="tokens per section (0: setting)")
    parser.add_argument("--retries", type=int, default=0, help="repair rounds (0: none)")
    parser.add_argument("--lang", default="en", choices=("en", "zh"))
    parser.add_argument("--threads", type=int, default=0, help="both sides (0: setting)")
    parser.add_argument(
        "--quiet-wait", type=float, default=60.0, help="max s to wait for a quiet machine per run"
    )
    args = parser.parse_args(argv)
    pdf = Path(args.pdf)
    if not pdf.is_file():
        print(f"skipped: {pdf} not found (the sample papers live in ../shared/papers)")
        return 0

    from core.llm import default_model

    bundled = default_model.model_target()
    home = Path(tempfile.mkdtemp(prefix="deepread-bench-"))
    os.environ["DEEPREAD_HOME"] = str(home)
    if default_model.is_assembled(bundled):
        default_model.model_target = lambda: bundled  # type: ignore[assignment]

    from bench.servers import start_model_server
    from core.config import Settings
    from core.llm.llama import LlamaModel, physical_cores
    from core.llm.openai_compat import OpenAICompatModel
    from core.progress import drive
    from core.workspace import Workspace

    settings = Settings.load()
    if args.tokens:
        settings.model.max_tokens_per_section = args.tokens
    settings.checker.max_retries = args.retries
    threads = args.threads or settings.model.threads or physical_cores()
    context = settings.model.context_size
    ws = Workspace(settings)
    info = drive(ws.ingest(pdf))
    ws.close()
    model_path = default_model.model_target()
    local = LlamaModel.load(model_path, threads=threads, context_size=context)
    in_process = Backend(BACKENDS[0], local, lambda: in_process_work(local))

    print(f"paper: {pdf.name} ({info.pages} pages); model {model_path.name}")
    print(
        f"settings: {threads} threads on both sides, context {context}, "
        f"{settings.model.max_tokens_per_section} tokens per section, {args.retries} repair "
        f"rounds, temperature 0, judge on; {args.reps} runs per backend, alternating"
    )
    print(f"load before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} (1/5/15 min)")
    modes = JUDGE_MODES if args.judge == "both" else (args.judge,)
    for mode in modes:
        probabilities = mode == "probability"
        folder = home / f"server-{mode}"  # each server keeps its own log
        folder.mkdir()
        server = start_model_server(
            model_path, folder, context_size=context, threads=threads, logprobs=probabilities
        )
        try:
            remote = OpenAICompatModel(
                server.url, "", context_size=context, timeout_s=settings.model.timeout_s
            ).connect()
            remote_backend = Backend(
                BACKENDS[1],
                remote,
                functools.partial(server_work, server.log),
                [os.getpid(), server.process.pid],
            )
            runs: list[Run] = []
            verify_text: str | None = None
            for _ in range(args.reps):
                for backend in (in_process, remote_backend):
                    waited = wait_for_quiet(remote_backend.pids, args.quiet_wait)
                    result = run(
                        backend,
                        settings,
                        info.sha256,
                        args.lang,
                        verify_text,
                        probabilities=probabilities,
                    )
                    verify_text = verify_text or result.text
                    runs.append(result)
                    print(
                        f"  done: {mode} {backend.label} critique {result.critique.wall_s:.1f} s, "
                        f"verify {result.verify.wall_s:.1f} s (waited {waited:.0f} s for quiet)",
                        flush=True,
                    )
            remote.close()
        finally:
            server.stop()
        flags = (
            "server with --logits_all true; it under-reports its prompt time"
            if probabilities
            else "server without logits_all"
        )
        report_mode(mode, runs, flags)
    print(f"load after: {' '.join(f'{x:.2f}' for x in os.getloadavg())} (1/5/15 min)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
