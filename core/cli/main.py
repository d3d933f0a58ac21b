"""``deepread <command>``: every core capability, scriptable and without a display."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from core.cli import ask_cmd, check_cmds, export_cmds
from core.cli.common import (
    EXIT_BAD_INPUT,
    EXIT_INTERRUPTED,
    EXIT_OK,
    Handler,
    SubParsers,
    ingested,
)
from core.errors import AppError, Cancelled

if TYPE_CHECKING:
    from core.workspace import Workspace


def cmd_ingest(args: argparse.Namespace, ws: Workspace) -> int:
    """Ingest one or more PDFs."""
    for pdf in args.pdf:
        start = time.perf_counter()
        info = ingested(ws, Path(pdf), quiet=args.quiet)
        seconds = time.perf_counter() - start
        print(
            f"{info.title}\n  pages: {info.pages}  chunks: {info.chunks}  "
            f"seconds: {seconds:.2f}  sha256: {info.sha256[:12]}"
        )
    return EXIT_OK


def cmd_list(args: argparse.Namespace, ws: Workspace) -> int:
    """List the library."""
    papers = ws.list_papers()
    if not papers:
        print("The library is empty. Add a paper with: deepread ingest PAPER.pdf")
        return EXIT_OK
    for p in papers:
        flagged = "" if p.flagged_count is None else f", {p.flagged_count} flagged"
        if p.interrupted_critique:
            flagged += ", critique interrupted (deepread critique --resume)"
        print(
            f"{p.sha256[:12]}  {p.added_at:%Y-%m-%d}  {p.pages:>3} pp  "
            f"{p.status.value}{flagged}  {p.title}"
        )
    return EXIT_OK


def cmd_info(args: argparse.Namespace, ws: Workspace) -> int:
    """Show what was parsed from a paper."""
    info = ingested(ws, Path(args.pdf))
    paper = ws.load_paper(info.sha256)
    print(f"Title: {paper.title}")
    if paper.authors:
        print(f"Authors: {', '.join(paper.authors)}")
    print(f"Pages: {paper.page_count}   Language: {paper.language}   Chunks: {info.chunks}")
    print(f"Sentences: {len(paper.sentences)}   References: {len(paper.references)}")
    print("Sections:")
    for section in paper.sections:
        print(f"  {section}")
    return EXIT_OK


def cmd_search(args: argparse.Namespace, ws: Workspace) -> int:
    """Hybrid search inside one paper."""
    info = ingested(ws, Path(args.pdf))
    hits = ws.search(info.sha256, args.query, k=args.k)
    if not hits:
        print("No passage matches.")
    for rank, hit in enumerate(hits, start=1):
        pages = (
            f"p. {hit.chunk.page_start}"
            if hit.chunk.page_start == hit.chunk.page_end
            else f"pp. {hit.chunk.page_start}-{hit.chunk.page_end}"
        )
        text = " ".join(hit.chunk.text.split())
        if len(text) > args.width:
            text = text[: args.width - 1] + "…"
        print(f"{rank}. [{pages}] score {hit.score:.4f}\n   {text}\n")
    return EXIT_OK


def build_parser(extra: Sequence[Callable[[SubParsers], None]] = ()) -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="deepread",
        description="Read scientific papers with a local model that marks what it cannot source. "
        "Without a command, the window opens.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("open", help="open the window on a paper (ingesting it if new)")
    p.add_argument("pdf", nargs="?", help="the paper to open")

    p = sub.add_parser("ingest", help="add PDFs to the library (parse, chunk, index)")
    p.add_argument("pdf", nargs="+")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")
    p.set_defaults(handler=cmd_ingest)

    p = sub.add_parser("list", help="list the papers in the library")
    p.set_defaults(handler=cmd_list)

    p = sub.add_parser("info", help="title, sections and references parsed from a paper")
    p.add_argument("pdf")
    p.set_defaults(handler=cmd_info)

    p = sub.add_parser("search", help="top passages of a paper for a query, with pages")
    p.add_argument("pdf")
    p.add_argument("query")
    p.add_argument("-k", type=int, default=5, help="number of passages (default 5)")
    p.add_argument("--width", type=int, default=400, help="characters shown per passage")
    p.set_defaults(handler=cmd_search)

    for add in extra:
        add(sub)
    return parser


def _extra_commands() -> list[Callable[[SubParsers], None]]:
    return [
        check_cmds.add_critique_parser,
        check_cmds.add_verify_parser,
        export_cmds.add_review_parser,
        export_cmds.add_export_parser,
        ask_cmd.add_ask_parser,
    ]


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; AppErrors become one line on stderr and exit code 2."""
    parser = build_parser(_extra_commands())
    args = parser.parse_args(argv)
    handler: Handler | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return EXIT_OK
    from core.config import Settings
    from core.workspace import Workspace

    try:
        settings = Settings.load()
        if settings.load_warning:
            print(f"deepread: warning: {settings.load_warning}", file=sys.stderr)
        ws = Workspace(settings)
        try:
            return handler(args, ws)
        finally:
            ws.close()
    except Cancelled:
        print("deepread: stopped", file=sys.stderr)
        return EXIT_INTERRUPTED
    except KeyboardInterrupt:
        print("\ndeepread: interrupted; nothing half-written was kept", file=sys.stderr)
        return EXIT_INTERRUPTED
    except AppError as exc:
        print(f"deepread: error: {exc.user_message()}", file=sys.stderr)
        return EXIT_BAD_INPUT
