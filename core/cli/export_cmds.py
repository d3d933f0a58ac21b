"""``deepread review`` and ``deepread export``."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.cli.common import EXIT_OK, SubParsers
from core.errors import AppError, NotInLibraryError
from core.records import AuditEntry, PaperInfo, ReviewAction, StoredCritique
from core.review_log import describe_audit_entry

if TYPE_CHECKING:
    from core.workspace import Workspace

FORMATS = ("md", "pdf", "json")  # as core.export.FORMATS, without importing PyMuPDF here


class UsageError(AppError):
    """The command line asks for something that does not make sense."""


def _critiqued(ws: Workspace, pdf: Path) -> tuple[PaperInfo, StoredCritique]:
    """The library entry and latest critique of ``pdf``; an error when either is missing."""
    info = ws.find(pdf)
    if info is None:
        raise NotInLibraryError(
            f"{pdf} is not in the library; critique it first: deepread critique {pdf}"
        )
    critique = ws.latest_critique(info.sha256)
    if critique is None:
        raise NotInLibraryError(
            f"{pdf} has no stored critique yet; write one first: deepread critique {pdf}"
        )
    return info, critique


def cmd_review(args: argparse.Namespace, ws: Workspace) -> int:
    """Record the reader's decision on one sentence, or list the review queue."""
    pdf = Path(args.pdf)
    _, critique = _critiqued(ws, pdf)
    if args.log:
        if args.action is not None or args.sentence is not None:
            raise UsageError("--log lists the review history; give it without an action.")
        _print_log(ws.audit_log(critique.id))
        return EXIT_OK
    if args.action is None:
        if args.sentence is not None or args.note:
            raise UsageError("Say what to do with the sentence: --accept, --reject or --edit TEXT.")
        _print_queue(critique)
        return EXIT_OK
    if args.sentence is None:
        raise UsageError(
            "Name the sentence to review with --sentence N (see: deepread review PDF)."
        )
    action, new_text = args.action
    stored = ws.review(critique.id, args.sentence, action, note=args.note or "", new_text=new_text)
    verdict = next(v for v in stored.result.verdicts if v.claim.index == args.sentence)
    if action == ReviewAction.EDIT:
        detail = f"edited; checked again: {verdict.status.value}"
        if verdict.explanation:
            detail += f" ({verdict.explanation})"
    elif action == ReviewAction.ACCEPT:
        detail = "accepted" + (f" with note: {args.note}" if args.note else "")
    else:
        detail = "rejected; it is left out of exported notes"
    print(f"Sentence {args.sentence}: {detail}")
    return EXIT_OK


def _print_queue(critique: StoredCritique) -> None:
    from core.export.reviewed import reviewed_sentences

    listed = [s for s in reviewed_sentences(critique) if s.listed]
    if not listed:
        print("No sentence needs review.")
        return
    for s in listed:
        print(f"[{s.index}] {s.status.value} — {s.review_state()}")
        print(f"    {' '.join(s.text.split())[:200]}")
        if s.verdict.explanation:
            print(f"    reason: {s.verdict.explanation}")


def _print_log(entries: Sequence[AuditEntry]) -> None:
    """One line per change: when, who, what; edits with the text before and after."""
    if not entries:
        print("No change has been recorded.")
        return
    for entry in entries:
        print(describe_audit_entry(entry))


def cmd_export(args: argparse.Namespace, ws: Workspace) -> int:
    """Write Markdown notes, an annotated PDF or the JSON report of the latest critique."""
    from core.export import export_critique, suggest_filename

    pdf = Path(args.pdf)
    fmt = _format(args)
    info, critique = _critiqued(ws, pdf)
    paper = ws.load_paper(info.sha256)
    out = Path(args.out) if args.out else Path.cwd() / suggest_filename(paper.title, fmt)
    # The file the user named has the paper's bytes (find() matched them), wherever it is now.
    export_critique(paper, info, critique, fmt, out, source_pdf=pdf, force=args.force)
    print(f"Wrote {out}")
    return EXIT_OK


def _format(args: argparse.Namespace) -> str:
    if args.format:
        return str(args.format)
    suffix = Path(args.out).suffix.lower().lstrip(".") if args.out else ""
    if suffix in FORMATS:
        return suffix
    raise UsageError("Choose the export format with --format md, pdf or json.")


class _ActionStore(argparse.Action):
    """Store (ReviewAction, new_text) so that exactly one action can be given."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        text = values if isinstance(values, str) else ""
        setattr(namespace, self.dest, (self.const, text))


def add_review_parser(sub: SubParsers) -> None:
    """Register ``deepread review``."""
    p = sub.add_parser(
        "review",
        help="accept, reject or edit a flagged sentence of the latest critique "
        "(without an action: list the sentences to review)",
    )
    p.add_argument("pdf", help="the critiqued paper")
    p.add_argument("--sentence", type=int, metavar="N", help="sentence index (as in the JSON)")
    actions = p.add_mutually_exclusive_group()
    actions.add_argument(
        "--accept",
        dest="action",
        action=_ActionStore,
        nargs=0,
        const=ReviewAction.ACCEPT,
        help="confirm the sentence by hand",
    )
    actions.add_argument(
        "--reject",
        dest="action",
        action=_ActionStore,
        nargs=0,
        const=ReviewAction.REJECT,
        help="leave the sentence out of the notes",
    )
    actions.add_argument(
        "--edit",
        dest="action",
        action=_ActionStore,
        const=ReviewAction.EDIT,
        metavar="TEXT",
        help="replace the sentence; the new text is checked again at once",
    )
    p.add_argument("--note", metavar="TEXT", help="a note kept with the review")
    p.add_argument(
        "--log",
        action="store_true",
        help="print the review history (who, when, what; edits with before and after)",
    )
    p.set_defaults(handler=cmd_review, action=None)


def add_export_parser(sub: SubParsers) -> None:
    """Register ``deepread export``."""
    p = sub.add_parser(
        "export", help="write the latest critique as Markdown notes, an annotated PDF or JSON"
    )
    p.add_argument("pdf", help="the critiqued paper")
    p.add_argument("--format", choices=FORMATS, help="default: from the --out file's extension")
    p.add_argument(
        "--out", metavar="PATH", help="file to write (default: a name from the title, here)"
    )
    p.add_argument("--force", action="store_true", help="overwrite PATH if it exists")
    p.set_defaults(handler=cmd_export)
