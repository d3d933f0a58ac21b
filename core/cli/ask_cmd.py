"""``deepread ask PAPER.pdf "QUESTION"``: a checked answer with its sentences' pages."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from core.cli.common import EXIT_OK, StderrProgress, SubParsers, ingested, run_quietly
from core.progress import Progress
from core.types import Verdict

if TYPE_CHECKING:
    from core.workspace import Workspace


class _Streamer(StderrProgress):
    """Streams the answer; a rewritten attempt starts on a line of its own."""

    def __init__(self, stream_text: bool) -> None:
        super().__init__(stream_text=stream_text)
        self._attempt = 0

    def __call__(self, event: Progress) -> None:
        """Show one event, announcing each new attempt before its text."""
        if event.stage == "generate" and event.done != self._attempt and self.stream_text:
            self._attempt = event.done
            sys.stdout.write(f"\n--- attempt {event.done + 1} ---\n")
        super().__call__(event)


def pages_of(verdict: Verdict) -> str:
    """The evidence pages of a sentence, like "pp. 3, 5", or "-" without evidence."""
    pages = sorted({e.page for e in verdict.evidence})
    if not pages:
        return "-"
    return ("p. " if len(pages) == 1 else "pp. ") + ", ".join(str(p) for p in pages)


def cmd_ask(args: argparse.Namespace, ws: Workspace) -> int:
    """Answer a question from the paper; every sentence is checked and stored."""
    from core.ask.report import answer_report
    from core.cli.check_cmds import _apply_model_options, _write_json

    _apply_model_options(args, ws)
    info = ingested(ws, Path(args.pdf), quiet=args.quiet)
    stored = run_quietly(
        ws.ask(info.sha256, args.question, use_judge=False if args.no_judge else None),
        _Streamer(stream_text=not args.quiet),
    )
    result = stored.result
    print("\n\n" + "=" * 72)
    print(f"Q: {result.question}")
    print(result.text)
    print("=" * 72)
    if result.declined:
        print("Closest passages:")
        for e in result.passages:
            print(f"  p. {e.page}: {e.text[:160]}")
    else:
        for v in result.verdicts:
            print(
                f"  [{v.claim.index}] {v.status.value:<11} {pages_of(v):<12} {v.claim.text[:120]}"
            )
    seconds = result.settings.get("seconds", 0.0)
    print(
        f"flagged ratio {result.flagged_ratio:.2f}; {len(result.attempts)} attempt(s); "
        f"model {result.model}; {seconds:.1f} s; stored as answer {stored.id}",
        file=sys.stderr,
    )
    if args.json:
        _write_json(args.json, answer_report(ws.load_paper(info.sha256), result))
    return EXIT_OK


def add_ask_parser(sub: SubParsers) -> None:
    """Register ``deepread ask``."""
    p = sub.add_parser("ask", help="answer a question from the paper, every sentence checked")
    p.add_argument("pdf", help="the paper (ingested first if new)")
    p.add_argument("question", help="the question, in quotes")
    p.add_argument("--model", help="writer/judge GGUF file (default: the bundled model)")
    p.add_argument("--judge-model", help="a different GGUF for the judge")
    p.add_argument("--no-judge", action="store_true", help="gates and similarity only (faster)")
    p.add_argument("--json", metavar="OUT", help="write the answer's verdicts as JSON")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress or streaming")
    p.set_defaults(handler=cmd_ask)
