"""``deepread critique`` and ``deepread verify``."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.cli.common import EXIT_OK, StderrProgress, SubParsers, ingested, run_quietly
from core.errors import AppError
from core.types import Status, Verdict

if TYPE_CHECKING:
    from core.workspace import Workspace


class InputTextError(AppError):
    """The text to verify cannot be read."""


def _apply_model_options(args: argparse.Namespace, ws: Workspace) -> None:
    if getattr(args, "model", None):
        ws.settings.model.path = str(Path(args.model).expanduser().resolve())
    if getattr(args, "judge_model", None):
        ws.settings.model.judge_path = str(Path(args.judge_model).expanduser().resolve())


def _write_json(path: str, data: dict[str, Any]) -> None:
    from core.export.entry import json_text
    from core.export.files import write_atomic

    write_atomic(Path(path), json_text(data), force=True)


def _summary(verdicts: list[Verdict]) -> str:
    counts = {s: 0 for s in Status}
    for v in verdicts:
        counts[v.status] += 1
    return ", ".join(f"{counts[s]} {s.value}" for s in Status if counts[s])


def _print_flags(verdicts: list[Verdict]) -> None:
    for v in verdicts:
        if v.status.needs_review:
            print(f"  [{v.claim.index}] {v.status.value}: {v.explanation}", file=sys.stderr)
            print(f"      {v.claim.text[:160]}", file=sys.stderr)


def cmd_critique(args: argparse.Namespace, ws: Workspace) -> int:
    """Write, check and store a deep-read critique."""
    from core.export.json_report import critique_report

    _apply_model_options(args, ws)
    info = ingested(ws, Path(args.pdf), quiet=False)
    if args.discard:
        dropped = ws.discard_interrupted(info.sha256)
        print("Discarded the interrupted critique." if dropped else "No interrupted critique.")
        return EXIT_OK
    start = time.perf_counter()
    show = StderrProgress(stream_text=not args.quiet)
    stored = run_quietly(
        ws.critique(
            info.sha256,
            language=args.lang,
            use_judge=False if args.no_judge else None,
            resume=args.resume,
        ),
        show,
    )
    seconds = time.perf_counter() - start
    result = stored.result
    print("\n\n" + "=" * 72)
    print(result.text)
    print("=" * 72)
    for a in result.attempts:
        print(
            f"attempt {a.iteration}: temperature {a.temperature:.1f}  flagged ratio "
            f"{a.flagged_ratio:.2f}  tokens {a.tokens_in} in / {a.tokens_out} out  "
            f"{a.seconds:.1f} s",
            file=sys.stderr,
        )
    print(
        f"final flagged ratio {result.flagged_ratio:.2f} ({_summary(list(result.verdicts))}); "
        f"model {result.model}; {seconds:.1f} s; stored as critique {stored.id}",
        file=sys.stderr,
    )
    paper = ws.load_paper(info.sha256)
    if args.json:
        _write_json(args.json, critique_report(paper, result))
    if args.markdown:
        from core.export.entry import export_critique

        out = Path(args.markdown)
        export_critique(paper, info, stored, "md", out, source_pdf=Path(args.pdf), force=True)
    return EXIT_OK


def cmd_verify(args: argparse.Namespace, ws: Workspace) -> int:
    """Check a given text against the paper; exits 0 whatever the verdicts."""
    from core.export.json_report import verify_report
    from core.verify.verifier import flagged_ratio

    _apply_model_options(args, ws)
    source = Path(args.text)
    try:
        text = sys.stdin.read() if args.text == "-" else source.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputTextError(f"{source}: cannot read the text to verify ({exc})") from exc
    info = ingested(ws, Path(args.pdf), quiet=args.quiet)
    start = time.perf_counter()
    verdicts = run_quietly(
        ws.verify_text(info.sha256, text, use_judge=False if args.no_judge else None),
        None if args.quiet else StderrProgress(),
    )
    seconds = time.perf_counter() - start
    ratio = flagged_ratio(verdicts)
    claims = sum(1 for v in verdicts if v.claim.is_claim)
    print(
        f"{len(verdicts)} sentences ({claims} claims) in {seconds:.1f} s; "
        f"flagged ratio {ratio:.2f}: {_summary(verdicts)}"
    )
    if not args.quiet:
        _print_flags(verdicts)
    if args.json:
        _write_json(args.json, verify_report(ws.load_paper(info.sha256), verdicts, ratio))
    return EXIT_OK


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("pdf", help="the paper (ingested first if new)")
    p.add_argument("--model", help="writer/judge GGUF file (default: the bundled model)")
    p.add_argument("--judge-model", help="a different GGUF for the judge")
    p.add_argument("--no-judge", action="store_true", help="gates and similarity only (faster)")
    p.add_argument("--json", metavar="OUT", help="write the verdicts as JSON (see README)")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress or streaming")


def add_critique_parser(sub: SubParsers) -> None:
    """Register ``deepread critique``."""
    p = sub.add_parser("critique", help="write, check and store a deep-read critique")
    _common(p)
    p.add_argument("--lang", choices=["en", "zh"], help="critique language (default: settings)")
    p.add_argument("--markdown", metavar="OUT", help="also write annotated Markdown notes")
    unfinished = p.add_mutually_exclusive_group()
    unfinished.add_argument(
        "--resume",
        action="store_true",
        help="continue the interrupted critique after its last stored attempt",
    )
    unfinished.add_argument(
        "--discard", action="store_true", help="delete the interrupted critique and stop"
    )
    p.set_defaults(handler=cmd_critique)


def add_verify_parser(sub: SubParsers) -> None:
    """Register ``deepread verify``."""
    p = sub.add_parser("verify", help="check any text (notes, a summary) against the paper")
    _common(p)
    p.add_argument("--text", required=True, metavar="FILE", help="text file to check ('-' = stdin)")
    p.set_defaults(handler=cmd_verify)
