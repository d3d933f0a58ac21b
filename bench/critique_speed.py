"""Speed and memory of a whole critique with the default model, next to raw llama-cpp-python.

    .venv/bin/python -m bench.critique_speed [PAPER.pdf] [--lang en|zh] [--no-judge]

Prints the wall time of the whole critique (writing, checking, repairs), the time to the first
streamed token, tokens in and out, the writer's generation speed next to raw llama-cpp-python
generation of the same loaded model in the same run, and the peak resident memory. Runs in a
fresh temporary data folder (the default model is read from the usual data folder when it is
already assembled there, so it is not copied again).
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

PAPERS = Path(__file__).resolve().parent.parent.parent / "shared" / "papers"
DEFAULT_PAPER = PAPERS / "html_www2020_2col_acm_ccby.pdf"


def peak_rss_mb() -> float:
    """Peak resident memory of this process so far, in MB (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def raw_generation_rate(llama: object, context: int = 0, tokens: int = 128) -> float:
    """Tokens/s of plain llama-cpp-python decoding (first token excluded, as for the writer).

    ``context`` pads the prompt to about that many tokens: decoding slows as the context grows,
    so the writer's rate is also compared with raw decoding at the writer's own context length.
    """
    ask = "Write a long paragraph about how scientists review papers carefully."
    filler = "Reviewers read the methods, the data and the results of a paper before judging it. "
    prompt = filler * max(context // 17, 0) + ask
    stamps: list[float] = []
    stream = llama.create_completion(  # type: ignore[attr-defined]
        prompt, max_tokens=tokens, temperature=0.0, stream=True
    )
    for chunk in stream:
        if chunk["choices"][0]["text"]:
            stamps.append(time.perf_counter())
    return (len(stamps) - 1) / (stamps[-1] - stamps[0]) if len(stamps) > 1 else 0.0


def main(argv: list[str] | None = None) -> int:
    """Run one critique and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pdf", nargs="?", default=str(DEFAULT_PAPER))
    parser.add_argument("--lang", default="en", choices=("en", "zh"))
    parser.add_argument("--no-judge", action="store_true")
    args = parser.parse_args(argv)
    pdf = Path(args.pdf)
    if not pdf.is_file():
        print(f"skipped: {pdf} not found (the sample papers live in ../shared/papers)")
        return 0

    from core.llm import default_model

    bundled = default_model.model_target()
    home = tempfile.mkdtemp(prefix="deepread-bench-")
    os.environ["DEEPREAD_HOME"] = home
    if default_model.is_assembled(bundled):
        default_model.model_target = lambda: bundled  # type: ignore[assignment]

    from core.config import Settings
    from core.progress import drive
    from core.workspace import Workspace

    settings = Settings.load()
    if args.no_judge:
        settings.checker.use_judge = False
    ws = Workspace(settings)
    info = drive(ws.ingest(pdf))

    started = time.perf_counter()
    first_token: float | None = None
    section_stamps: list[list[float]] = []
    gen = ws.critique(info.sha256, language=args.lang)
    while True:
        try:
            event = next(gen)
        except StopIteration as stop:
            stored = stop.value
            break
        now = time.perf_counter()
        if event.stage != "generate" or not event.text:
            continue
        if event.text.startswith("## "):
            section_stamps.append([])
            continue
        if first_token is None:
            first_token = now - started
        if section_stamps and event.text != "\n\n":
            section_stamps[-1].append(now)
    wall = time.perf_counter() - started
    rss = peak_rss_mb()  # before the raw runs, which reuse the loaded model
    result = stored.result
    decoded = sum(len(s) - 1 for s in section_stamps if len(s) > 1)
    decode_s = sum(s[-1] - s[0] for s in section_stamps if len(s) > 1)
    writer_rate = decoded / decode_s if decode_s else 0.0
    llama = ws.writer._llama  # type: ignore[attr-defined]
    raw_rate = raw_generation_rate(llama)
    sections = sum(1 for s in section_stamps if len(s) > 1) or 1
    mean_context = sum(a.tokens_in for a in result.attempts) // sections
    raw_at_context = raw_generation_rate(llama, context=mean_context)
    claims = sum(1 for v in result.verdicts if v.claim.is_claim)

    print(f"paper: {pdf.name} ({info.pages} pages); language {args.lang}; model {result.model}")
    print(f"whole critique, wall: {wall:.1f} s ({len(result.attempts)} attempt(s))")
    print(f"first streamed token: {first_token or float('nan'):.1f} s (model load included)")
    tokens_in = sum(a.tokens_in for a in result.attempts)
    tokens_out = sum(a.tokens_out for a in result.attempts)
    print(f"tokens in/out: {tokens_in} / {tokens_out}")
    for a in result.attempts:
        print(
            f"  attempt {a.iteration + 1}: {a.seconds:.1f} s, temperature {a.temperature}, "
            f"flagged {a.flagged_ratio:.0%}, tokens {a.tokens_in} in / {a.tokens_out} out"
        )
    print(f"claims checked in the final text: {claims}; final flagged {result.flagged_ratio:.0%}")
    print(
        f"generation: writer {writer_rate:.1f} tok/s; raw llama-cpp-python {raw_rate:.1f} tok/s "
        f"on a short prompt (ratio {writer_rate / raw_rate if raw_rate else float('nan'):.2f}), "
        f"{raw_at_context:.1f} tok/s at the writer's mean context of {mean_context} tokens "
        f"(ratio {writer_rate / raw_at_context if raw_at_context else float('nan'):.2f})"
    )
    print(f"peak RSS: {rss:.0f} MB")
    ws.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
