"""The cost of the HTTP path: one paper critiqued and verified in process and through a server.

    .venv/bin/python -m bench.backends [PAPER.pdf] [--tokens N] [--retries N] [--lang en|zh]
        [--logprobs]

Runs, in one process and one temporary data folder, the same critique (settings as given) and
the same verification (the in-process critique's text, judge on) first with the bundled model in
process, then through llama-cpp-python's OpenAI-compatible server started on 127.0.0.1 with the
same model, threads and context size. Prints the wall times and the server/in-process ratios
(target: at most 1.15). Model loading is outside the timings.

The server runs without llama-cpp-python's ``logits_all`` unless ``--logprobs`` is given: that
option keeps every position's logits and slows its decoding many times over on a CPU,
so by default the server's judge answers are parsed text, the in-process judge's are P(YES).
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

PAPERS = Path(__file__).resolve().parent.parent.parent / "shared" / "papers"
DEFAULT_PAPER = PAPERS / "html_www2020_2col_acm_ccby.pdf"


@dataclass(frozen=True)
class Run:
    """Figures of one backend."""

    critique_s: float
    verify_s: float
    tokens_out: int
    claims: int
    text: str


def run(settings: object, sha256: str, language: str, verify_text: str | None) -> Run:
    """Critique, then verify ``verify_text`` (the critique's own text when None)."""
    from core.config import Settings
    from core.progress import drive
    from core.workspace import Workspace

    assert isinstance(settings, Settings)
    ws = Workspace(settings)
    _ = ws.writer  # load (or connect) outside the timings
    started = time.perf_counter()
    stored = drive(ws.critique(sha256, language=language))
    critique_s = time.perf_counter() - started
    text = verify_text if verify_text is not None else stored.result.text
    started = time.perf_counter()
    verdicts = drive(ws.verify_text(sha256, text, use_judge=True))
    verify_s = time.perf_counter() - started
    ws.close()
    return Run(
        critique_s,
        verify_s,
        sum(a.tokens_out for a in stored.result.attempts),
        sum(1 for v in verdicts if v.claim.is_claim),
        text,
    )


def main(argv: list[str] | None = None) -> int:
    """Run both backends and print their figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pdf", nargs="?", default=str(DEFAULT_PAPER))
    parser.add_argument("--tokens", type=int, default=0, help="tokens per section (0: setting)")
    parser.add_argument("--retries", type=int, default=-1, help="repair rounds (-1: setting)")
    parser.add_argument("--lang", default="en", choices=("en", "zh"))
    parser.add_argument("--logprobs", action="store_true", help="server with logits_all")
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
    from core.llm.llama import physical_cores
    from core.progress import drive
    from core.workspace import Workspace

    settings = Settings.load()
    if args.tokens:
        settings.model.max_tokens_per_section = args.tokens
    if args.retries >= 0:
        settings.checker.max_retries = args.retries
    threads = settings.model.threads or physical_cores()
    ws = Workspace(settings)
    info = drive(ws.ingest(pdf))
    ws.close()

    local = run(settings, info.sha256, args.lang, None)
    gc.collect()  # frees the in-process model before the server loads its own
    server = start_model_server(
        default_model.model_target(),
        home,
        context_size=settings.model.context_size,
        threads=threads,
        logprobs=args.logprobs,
    )
    try:
        remote_settings = settings.model_copy(deep=True)
        remote_settings.model.backend = "openai"
        remote_settings.model.base_url = server.url
        remote = run(remote_settings, info.sha256, args.lang, local.text)
    finally:
        server.stop()

    print(f"paper: {pdf.name} ({info.pages} pages); {threads} threads; language {args.lang}")
    print(
        f"settings: {settings.model.max_tokens_per_section} tokens per section, "
        f"{settings.checker.max_retries} retries, judge on, context {settings.model.context_size}"
    )
    judge = "P(YES) from logprobs" if args.logprobs else "parsed text answers"
    print(f"judge: in process P(YES) from logits; server {judge}")
    print(f"{'':12}{'in process':>12}{'server':>12}{'ratio':>8}")
    for label, a, b in (
        ("critique s", local.critique_s, remote.critique_s),
        ("verify s", local.verify_s, remote.verify_s),
    ):
        print(f"{label:12}{a:12.1f}{b:12.1f}{b / a:8.2f}")
    print(f"{'tokens out':12}{local.tokens_out:12d}{remote.tokens_out:12d}")
    print(f"verified claims (same text): {local.claims} / {remote.claims}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
