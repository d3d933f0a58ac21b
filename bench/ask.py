"""Ask benchmark: hand-written questions on the sample papers, answered by the real answer loop.

    .venv/bin/python -m bench.ask [--limit N] [--paper NAME] [--half fit|report] [--no-judge]
        [--out RESULTS.json]
    .venv/bin/python -m bench.ask --from RESULTS.json      # re-print saved results, no model

Every paper of ``bench/ask_questions.json`` is ingested into a fresh temporary data folder; each
question runs through ``Workspace.ask`` with the default model and settings. Printed:

* key fact: share of answerable questions whose answer contains one of the expected key facts
  (after ``normalise``); a declined answer counts as a miss;
* declines: share of unanswerable questions declined ("The paper does not say."), and share of
  answerable questions wrongly declined;
* flagged: share of the answers' claim sentences that the checker flagged (unsupported or
  rejected), over answers that were not declined;
* citation pages: share of the pages cited in the answers, "(p. N)", that are among the pages
  stating the expected fact; evidence pages: the same for the checker's best evidence of each claim;
* seconds per question (mean, median, max), the model load and ingest left out, and where the
  time went (see ``STAGE_OF``);
* the same figures for each half of the set (``fit_half``): the loop's answerable floor was
  chosen on the fit half, the report half is held out;
* a per-question table.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import tempfile
import time
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
QUESTIONS = ROOT / "ask_questions.json"
PAPERS = ROOT.parents[1] / "shared" / "papers"

#: Time until the next event is charged to the stage of the event before it: after "retrieve"
#: the loop searches and scores the passages (reading them into the model), after "rewrite" it
#: rewrites, searches and scores again, after a "generate" token it writes, after "verify" it
#: checks, and after an "attempt" it reads the repair prompt until the next token.
STAGE_OF = {
    "load": "load",
    "retrieve": "relevance",
    "rewrite": "rewrite",
    "generate": "generate",
    "verify": "check",
    "verdict": "check",
    "attempt": "generate",
}

_CJK = r"\u3400-\u9fff\uf900-\ufaff"
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}\b)")
_PUNCT = re.compile(r"[^\w.%$:]+")
_LOOSE_DOT = re.compile(r"\.(?!\w)|(?<!\w)\.")
_CJK_SPACE = re.compile(rf"(?<=[{_CJK}]) | (?=[{_CJK}])")
_CITED = re.compile(r"\bpp?\.\s*(\d+(?:\s*(?:[-–,]|and)\s*\d+)*)")


def normalise(text: str) -> str:
    """Text for key matching: NFKC, case-folded, punctuation to spaces, no thousands commas.

    Dots stay inside numbers ("0.845"), as do ``%``, ``$`` and ``:`` ("7:1:2"); spaces next to
    Chinese characters go, so "23 个" and "23个" match.
    """
    text = unicodedata.normalize("NFKC", text).casefold()
    text = _THOUSANDS.sub("", text)
    text = _PUNCT.sub(" ", text.replace("_", " "))
    text = _LOOSE_DOT.sub(" ", text)
    text = " ".join(text.split()).replace(" : ", ":")
    return _CJK_SPACE.sub("", text)


def contains_key(answer: str, keys: Iterable[str]) -> bool:
    """True when one of ``keys`` occurs in ``answer`` as whole words or numbers.

    "n=3" is found in "only for n = 3" but not in "n=30"; "2,243" in "2243".
    """
    said = normalise(answer)
    for key in keys:
        wanted = normalise(key)
        if not wanted:
            continue
        # Word boundaries only where the key has a Latin letter or digit: Chinese has no
        # spaces, and a footnote mark may follow a Chinese name directly ("39健康4").
        before = r"(?<![a-z0-9])" if re.match(r"[a-z0-9]", wanted) else ""
        after = r"(?![a-z0-9])" if re.search(r"[a-z0-9]$", wanted) else ""
        if re.search(before + re.escape(wanted) + after, said):
            return True
    return False


def cited_pages(answer: str) -> list[int]:
    """Pages an answer cites as "(p. 4)", "(pp. 3, 5)" or "(pp. 3-4)", in order, once each."""
    pages: list[int] = []
    for match in _CITED.finditer(answer):
        numbers = [int(n) for n in re.findall(r"\d+", match.group(1))]
        if re.search(r"[-–]", match.group(1)) and len(numbers) == 2 and numbers[0] < numbers[1]:
            numbers = list(range(numbers[0], numbers[1] + 1))
        pages.extend(n for n in numbers if n not in pages)
    return pages


@dataclass
class Record:
    """One question's outcome, as written to the raw results file."""

    id: str
    paper: str
    question: str
    answerable: bool
    key: list[str]
    pages: list[int]
    answer: str = ""
    declined: bool = False
    claims: int = 0
    flagged: int = 0
    cited: list[int] = field(default_factory=list)
    evidence_pages: list[int] = field(default_factory=list)
    #: (page, relevance) of the passages answered from, or of the closest ones when declined.
    passages: list[tuple[int, float]] = field(default_factory=list)
    attempts: int = 0
    rewritten: bool = False
    seconds: float = 0.0
    stages: dict[str, float] = field(default_factory=dict)
    error: str = ""

    @property
    def key_found(self) -> bool:
        """The answer holds the key fact (never for a decline)."""
        return not self.declined and contains_key(self.answer, self.key)


@dataclass(frozen=True)
class Summary:
    """The benchmark's figures."""

    answerable: int
    key_found: int
    wrongly_declined: int
    unanswerable: int
    declined: int
    claims: int
    flagged: int
    cited: int
    cited_right: int
    evidence: int
    evidence_right: int
    seconds: tuple[float, ...]
    stages: dict[str, float]


def summarise(records: Sequence[Record]) -> Summary:
    """Counts over ``records`` (questions that failed with an error are left out)."""
    done = [r for r in records if not r.error]
    answerable = [r for r in done if r.answerable]
    unanswerable = [r for r in done if not r.answerable]
    answered = [r for r in done if not r.declined]
    cited = [(p, r) for r in answerable if not r.declined for p in r.cited]
    evidence = [(p, r) for r in answerable if not r.declined for p in r.evidence_pages]
    stages: dict[str, float] = {}
    for r in done:
        for stage, seconds in r.stages.items():
            stages[stage] = stages.get(stage, 0.0) + seconds
    return Summary(
        answerable=len(answerable),
        key_found=sum(r.key_found for r in answerable),
        wrongly_declined=sum(r.declined for r in answerable),
        unanswerable=len(unanswerable),
        declined=sum(r.declined for r in unanswerable),
        claims=sum(r.claims for r in answered),
        flagged=sum(r.flagged for r in answered),
        cited=len(cited),
        cited_right=sum(p in r.pages for p, r in cited),
        evidence=len(evidence),
        evidence_right=sum(p in r.pages for p, r in evidence),
        seconds=tuple(r.seconds for r in done),
        stages=stages,
    )


def _share(part: int, whole: int) -> str:
    return f"{part / whole:.0%} ({part}/{whole})" if whole else "n/a (0)"


def report(
    records: Sequence[Record], settings: dict[str, Any], fit: frozenset[str] = frozenset()
) -> str:
    """The figures (per half too when ``fit`` names the fit half) and a per-question table."""
    s = summarise(records)
    lines = [
        f"questions: {len(records)} ({s.answerable} answerable, {s.unanswerable} unanswerable); "
        f"judge {'on' if settings.get('judge', True) else 'off'}; "
        f"model {settings.get('model', '?')}",
        *_figures(s),
    ]
    halves = {
        "fit half": [r for r in records if r.id in fit],
        "report half (held out)": [r for r in records if r.id not in fit],
    }
    if all(halves.values()):
        for name, part in halves.items():
            h = summarise(part)
            lines += ["", f"{name}: {len(part)} questions", *_figures(h)]
    errors = [r for r in records if r.error]
    if errors:
        lines.append(f"failed: {', '.join(r.id for r in errors)}")
    lines.append("")
    lines.append(
        f"{'id':<9} {'half':<6} {'s':>5} {'key':<4} {'decl':<4} {'flag':<5} {'cited':<8} "
        f"{'expected':<8} answer"
    )
    for r in sorted(records, key=lambda r: r.id):
        key = "-" if not r.answerable else ("yes" if r.key_found else "no")
        declined = "yes" if r.declined else ""
        flags = f"{r.flagged}/{r.claims}" if not r.declined else ""
        cited = ",".join(str(p) for p in r.cited) or "-"
        expected = ",".join(str(p) for p in r.pages) or "-"
        answer = r.error or " ".join(r.answer.split())
        half = "fit" if r.id in fit else "report"
        lines.append(
            f"{r.id:<9} {half:<6} {r.seconds:>5.1f} {key:<4} {declined:<4} {flags:<5} "
            f"{cited:<8} {expected:<8} {answer[:110]}"
        )
    return "\n".join(lines)


def _figures(s: Summary) -> list[str]:
    """The figure lines of one summary."""
    lines = [
        f"key fact in answer (answerable):       {_share(s.key_found, s.answerable)}",
        f"correctly declined (unanswerable):     {_share(s.declined, s.unanswerable)}",
        f"wrongly declined (answerable):         {_share(s.wrongly_declined, s.answerable)}",
        f"answer sentences flagged:              {_share(s.flagged, s.claims)}",
        f"cited pages holding the fact:          {_share(s.cited_right, s.cited)}",
        f"evidence pages holding the fact:       {_share(s.evidence_right, s.evidence)}",
    ]
    if s.seconds:
        lines.append(
            f"seconds per question: mean {statistics.mean(s.seconds):.1f}, "
            f"median {statistics.median(s.seconds):.1f}, max {max(s.seconds):.1f}"
        )
    total = sum(s.stages.values())
    if total:
        parts = ", ".join(
            f"{stage} {seconds / total:.0%}"
            for stage, seconds in sorted(s.stages.items(), key=lambda kv: -kv[1])
        )
        lines.append(f"where the time went: {parts}")
    return lines


def load_questions(path: Path = QUESTIONS) -> tuple[dict[str, str], list[dict[str, Any]]]:
    """(paper name -> PDF file name, questions) from the question set."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    return dict(doc["papers"]), list(doc["questions"])


def select(
    questions: Sequence[dict[str, Any]], paper: str | None, limit: int | None
) -> list[dict[str, Any]]:
    """The questions of ``paper`` (its short name or part of its file name), at most ``limit``.

    The questions are taken round-robin over the papers, so a short run (or a run cut short:
    see ``run``) still mixes papers, answerable and unanswerable questions.
    """
    chosen = [
        q for q in questions if paper is None or paper == q["paper"] or paper in q.get("file", "")
    ]
    limit = len(chosen) if limit is None else min(limit, len(chosen))
    by_paper: dict[str, list[dict[str, Any]]] = {}
    for q in chosen:
        by_paper.setdefault(q["paper"], []).append(q)
    for group in by_paper.values():
        # Unanswerable questions spread through each paper's list, so short runs include some.
        answerable = [q for q in group if q["answerable"]]
        rest = [q for q in group if not q["answerable"]]
        group[:] = _interleave(answerable, rest)
    out: list[dict[str, Any]] = []
    while len(out) < limit:
        for group in by_paper.values():
            if group and len(out) < limit:
                out.append(group.pop(0))
    return out


def fit_half(questions: Sequence[dict[str, Any]]) -> frozenset[str]:
    """Ids of the fit half: the first half of the whole set in the benchmark's mixed order.

    Settings of the loop (the ``ask.answerable`` floor) are chosen on this half only; the
    other half reports.
    """
    ordered = select(questions, None, None)
    return frozenset(q["id"] for q in ordered[: (len(ordered) + 1) // 2])


def _interleave(first: list[Any], second: list[Any]) -> list[Any]:
    """``first`` with ``second`` spread evenly through it, the first of them in second place."""
    out = list(first)
    gap = max(1, len(first) // max(1, len(second)))
    for i, item in enumerate(second):
        out.insert(min(len(out), 1 + i * (gap + 1)), item)
    return out


def run(
    questions: Sequence[dict[str, Any]],
    papers: dict[str, str],
    *,
    judge: bool,
    out: Path | None = None,
) -> tuple[list[Record], dict[str, Any]]:
    """Ingest the papers into a temporary data folder and answer every question.

    With ``out`` the raw results are saved after every question, so a run cut short still
    leaves the questions it answered.
    """
    from core.llm import default_model

    bundled = default_model.model_target()
    os.environ["DEEPREAD_HOME"] = tempfile.mkdtemp(prefix="deepread-ask-bench-")
    if default_model.is_assembled(bundled):
        # NOTE: the assembled model is read where it is, not copied into the temporary folder.
        default_model.model_target = lambda: bundled  # type: ignore[assignment]

    from core.config import Settings
    from core.progress import drive
    from core.workspace import Workspace

    ws = Workspace(Settings.load())
    shas: dict[str, str] = {}
    records: list[Record] = []
    try:
        for q in questions:
            if q["paper"] not in shas:
                started = time.perf_counter()
                shas[q["paper"]] = drive(ws.ingest(PAPERS / papers[q["paper"]])).sha256
                print(
                    f"ingested {papers[q['paper']]} in {time.perf_counter() - started:.1f} s",
                    file=sys.stderr,
                )
                ws.writer  # noqa: B018 - load the model outside the timed questions
            record = answer_one(ws, shas[q["paper"]], q, judge=judge)
            records.append(record)
            if out is not None:
                save(out, records, _run_settings(ws, judge))
            print(
                f"{record.id}: {record.seconds:.1f} s "
                f"{'declined' if record.declined else record.answer[:100]!r}",
                file=sys.stderr,
            )
        settings = _run_settings(ws, judge)
    finally:
        ws.close()
    return records, settings


def _run_settings(ws: Any, judge: bool) -> dict[str, Any]:
    return {"judge": judge, "model": ws.writer.name, "ask": ws.settings.ask.model_dump()}


def answer_one(ws: Any, sha256: str, q: dict[str, Any], *, judge: bool) -> Record:
    """One question through ``Workspace.ask``, timed stage by stage."""
    from core.errors import AppError

    record = Record(q["id"], q["paper"], q["question"], q["answerable"], q["key"], q["pages"])
    stages: dict[str, float] = {}
    started = last = time.perf_counter()
    stage = "load"
    gen = ws.ask(sha256, q["question"], use_judge=None if judge else False)
    try:
        while True:
            try:
                event = next(gen)
            except StopIteration as stop:
                stored = stop.value
                break
            now = time.perf_counter()
            stages[STAGE_OF.get(stage, stage)] = stages.get(STAGE_OF.get(stage, stage), 0.0) + (
                now - last
            )
            stage, last = event.stage, now
    except Exception as exc:  # noqa: BLE001 - one failed question must not end the run
        record.error = str(exc) if isinstance(exc, AppError) else f"{type(exc).__name__}: {exc}"
        record.seconds = round(time.perf_counter() - started, 2)
        return record
    now = time.perf_counter()
    stages[STAGE_OF.get(stage, stage)] = stages.get(STAGE_OF.get(stage, stage), 0.0) + now - last
    result = stored.result
    claims = [v for v in result.verdicts if v.claim.is_claim]
    record.answer = result.text
    record.declined = result.declined
    record.claims = len(claims)
    record.flagged = sum(1 for v in claims if v.status.flagged)
    record.cited = cited_pages(result.text)
    record.evidence_pages = [v.evidence[0].page for v in claims if v.evidence]
    record.passages = [(e.page, round(e.score, 3)) for e in result.passages]
    record.attempts = len(result.attempts)
    record.rewritten = result.query != result.question
    record.seconds = round(now - started, 2)
    record.stages = {k: round(v, 2) for k, v in stages.items() if k != "load"}
    return record


def save(path: Path, records: Sequence[Record], settings: dict[str, Any]) -> None:
    """Write the raw results so the figures can be printed again without the model."""
    doc = {"settings": settings, "records": [asdict(r) for r in records]}
    partial = path.with_name(path.name + ".part")
    partial.write_text(json.dumps(doc, ensure_ascii=False, indent=1), encoding="utf-8")
    partial.replace(path)  # a run stopped while saving keeps the previous complete file


def load(path: Path) -> tuple[list[Record], dict[str, Any]]:
    """Raw results written by ``save``."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    records = [Record(**r) for r in doc["records"]]
    for r in records:
        r.passages = [(int(page), float(score)) for page, score in r.passages]
    return records, dict(doc["settings"])


def main(argv: list[str] | None = None) -> int:
    """Run (or re-print) the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, help="at most N questions, mixed over the papers")
    parser.add_argument("--paper", help="only this paper (html, gep, oq, zh or a file name)")
    parser.add_argument("--no-judge", action="store_true", help="gates and similarity only")
    parser.add_argument("--out", type=Path, help="write the raw results to this JSON file")
    parser.add_argument("--from", dest="saved", type=Path, help="re-print saved raw results")
    parser.add_argument("--half", choices=("fit", "report"), help="only this half of the set")
    parser.add_argument("--questions", type=Path, default=QUESTIONS)
    args = parser.parse_args(argv)
    papers, questions = load_questions(args.questions)
    fit = fit_half(questions)
    if args.saved:
        records, settings = load(args.saved)
        print(report(records, settings, fit))
        return 0
    for q in questions:
        q["file"] = papers[q["paper"]]
    if args.half:
        questions = [q for q in questions if (q["id"] in fit) == (args.half == "fit")]
    chosen = select(questions, args.paper, args.limit)
    missing = sorted(
        {papers[q["paper"]] for q in chosen if not (PAPERS / papers[q["paper"]]).is_file()}
    )
    if missing:
        print(f"skipped: {', '.join(missing)} not found in {PAPERS}")
        return 0
    records, settings = run(chosen, papers, judge=not args.no_judge, out=args.out)
    print(report(records, settings, fit))
    return 0


if __name__ == "__main__":
    sys.exit(main())
