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
    from core.ask.result import StoredAnswer
    from core.workspace import Workspace

FORMATS = ("md", "pdf", "json")  # as core.export.FORMATS, without importing PyMuPDF here


class UsageError(AppError):
    """The command line asks for something that does not make sense."""


def _in_library(ws: Workspace, pdf: Path) -> PaperInfo:
    """The library entry of ``pdf``; an error when it is not there."""
    info = ws.find(pdf)
    if info is None:
        raise NotInLibraryError(
            f"{pdf} is not in the library; critique it first: deepread critique {pdf}"
        )
    return info


def _critiqued(ws: Workspace, pdf: Path) -> tuple[PaperInfo, StoredCritique]:
    """The library entry and latest critique of ``pdf``; an error when either is missing."""
    info = _in_library(ws, pdf)
    critique = ws.latest_critique(info.sha256)
    if critique is None:
        raise NotInLibraryError(
            f"{pdf} has no stored critique yet; write one first: deepread critique {pdf}"
        )
    return info, critique


def cmd_review(args: argparse.Namespace, ws: Workspace) -> int:
    """Record the reader's decision on one sentence, or list the review queue.

    Sentences of the latest critique are named by ``--sentence N``; sentences of an answer
    by ``--answer ID --sentence N``, with the ids the queue and the JSON export show.
    """
    pdf = Path(args.pdf)
    info = _in_library(ws, pdf)
    critique = ws.latest_critique(info.sha256)
    answers = ws.answers(info.sha256)
    if critique is None and not answers:
        raise NotInLibraryError(
            f"{pdf} has no stored critique or answer yet; write a critique first: "
            f"deepread critique {pdf}"
        )
    if args.log:
        if args.action is not None or args.sentence is not None or args.answer is not None:
            raise UsageError("--log lists the review history; give it without an action.")
        _print_log(
            ws.audit_log(critique.id) if critique is not None else ws.answers_audit_log(info.sha256)
        )
        return EXIT_OK
    if args.action is None:
        if args.sentence is not None or args.note or args.answer is not None:
            raise UsageError("Say what to do with the sentence: --accept, --reject or --edit TEXT.")
        _print_queue(critique, answers)
        return EXIT_OK
    if args.sentence is None:
        raise UsageError(
            "Name the sentence to review with --sentence N (see: deepread review PDF)."
        )
    action, new_text = args.action
    note = args.note or ""
    if args.answer is not None:
        if args.answer not in {a.id for a in answers}:
            raise NotInLibraryError(
                f"{pdf} has no answer {args.answer}; see the ids with: deepread review {pdf}"
            )
        answer = ws.review_answer(args.answer, args.sentence, action, note=note, new_text=new_text)
        verdicts = answer.result.verdicts
        label = f"Answer {args.answer}, sentence {args.sentence}"
    else:
        if critique is None:
            raise NotInLibraryError(
                f"{pdf} has no stored critique; name an answer with --answer ID "
                f"(see: deepread review {pdf})"
            )
        stored = ws.review(critique.id, args.sentence, action, note=note, new_text=new_text)
        verdicts = stored.result.verdicts
        label = f"Sentence {args.sentence}"
    verdict = next(v for v in verdicts if v.claim.index == args.sentence)
    if action == ReviewAction.EDIT:
        detail = f"edited; checked again: {verdict.status.value}"
        if verdict.explanation:
            detail += f" ({verdict.explanation})"
    elif action == ReviewAction.ACCEPT:
        detail = "accepted" + (f" with note: {args.note}" if args.note else "")
    else:
        detail = "rejected; it is left out of exported notes"
    print(f"{label}: {detail}")
    return EXIT_OK


def _print_queue(critique: StoredCritique | None, answers: Sequence[StoredAnswer]) -> None:
    from core.export.reviewed import ReviewedSentence, reviewed_answer, reviewed_sentences

    def show(listed: list[ReviewedSentence]) -> None:
        for s in listed:
            print(f"[{s.index}] {s.status.value} — {s.review_state()}")
            print(f"    {' '.join(s.text.split())[:200]}")
            if s.verdict.explanation:
                print(f"    reason: {s.verdict.explanation}")

    listed = [s for s in reviewed_sentences(critique) if s.listed] if critique else []
    show(listed)
    waiting = len(listed)
    for answer in sorted(answers, key=lambda a: a.id):
        of_answer = [s for s in reviewed_answer(answer) if s.listed]
        if of_answer:
            question = " ".join(answer.result.question.split())[:160]
            print(f"Answer {answer.id} to “{question}” (review with --answer {answer.id}):")
            show(of_answer)
            waiting += len(of_answer)
    if not waiting:
        print("No sentence needs review.")


def _print_log(entries: Sequence[AuditEntry]) -> None:
    """One line per change: when, who, what; edits with the text before and after."""
    if not entries:
        print("No change has been recorded.")
        return
    for entry in entries:
        print(describe_audit_entry(entry))


def cmd_export(args: argparse.Namespace, ws: Workspace) -> int:
    """Write Markdown notes, an annotated PDF or the JSON report of the latest critique.

    The paper's questions and answers, with their reviews, go into every format; a paper that
    was only asked questions exports them alone.
    """
    from core.export import export_critique, suggest_filename

    pdf = Path(args.pdf)
    fmt = _format(args)
    info = _in_library(ws, pdf)
    critique = ws.latest_critique(info.sha256)
    answers = ws.answers(info.sha256)
    if critique is None and not answers:
        raise NotInLibraryError(
            f"{pdf} has no stored critique yet (and no answer); write one first: "
            f"deepread critique {pdf}"
        )
    paper = ws.load_paper(info.sha256)
    out = Path(args.out) if args.out else Path.cwd() / suggest_filename(paper.title, fmt)
    # The file the user named has the paper's bytes (find() matched them), wherever it is now.
    export_critique(
        paper,
        info,
        critique,
        fmt,
        out,
        source_pdf=pdf,
        answers=answers,
        force=args.force,
    )
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
        help="accept, reject or edit a flagged sentence of the latest critique or of an answer "
        "(without an action: list the sentences to review)",
    )
    p.add_argument("pdf", help="the critiqued paper")
    p.add_argument("--sentence", type=int, metavar="N", help="sentence index (as in the JSON)")
    p.add_argument(
        "--answer",
        type=int,
        metavar="ID",
        help="review a sentence of this answer (ids as listed, and in the JSON export)",
    )
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
        "export",
        help="write the latest critique and the questions and answers as Markdown notes, "
        "an annotated PDF or JSON",
    )
    p.add_argument("pdf", help="the critiqued paper")
    p.add_argument("--format", choices=FORMATS, help="default: from the --out file's extension")
    p.add_argument(
        "--out", metavar="PATH", help="file to write (default: a name from the title, here)"
    )
    p.add_argument("--force", action="store_true", help="overwrite PATH if it exists")
    p.set_defaults(handler=cmd_export)
