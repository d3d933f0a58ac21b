"""Checker benchmark: per set, per-kind recall, false flags, balanced accuracy, seconds/sentence.

Sets (all run through the real pipeline: PDF -> ingest -> chunks -> MiniLM -> hybrid retrieval):

* ``devset``: the hand-written development papers and critiques (bench/devset); optimistic,
  the early rules were written alongside it;
* ``planted``: hand-labelled critiques of two real papers in ../shared/papers with planted
  fabrications (bench/planted);
* ``scitab-fit`` / ``scitab-report``: SciTab claims about real results tables (bench/scitab),
  supports against refutes, split by claim id. The verdict is fitted on ``scitab-fit`` only.
* ``real-fit`` / ``real-report``: the default model's own critiques of the four papers in
  ../shared/papers, every sentence labelled by hand, plus planted errors
  (bench/real_critiques.py), split by the sentence's hash.
* ``swaps-fit`` / ``swaps-report``: those critiques' true sentences and copies with one number or
  one name exchanged for another of the same paper (bench/swaps.py), split as their source;
  ``swaps-dev``: the same swaps of the development set's true sentences (fitting material);
  ``swaps-cross``: hand-written true sentences in the other language than their paper, and
  their swaps (fitting material).
* ``flips-fit`` / ``flips-report``: those critiques' true sentences and copies turned to say
  the opposite, by an antonym or a negation (bench/flips.py), split as their source.
* ``studies-fit`` / ``studies-report``: short reports of one study each, with faithful
  paraphrases of it next to misrepresentations of the kinds news and reviews make
  (bench/studies.py), split by paper.

Without ``--judge`` the checker runs gates + binding + semantics. With ``--judge`` the default
GGUF model's P(YES) is added, on at most ``--limit`` claims per SciTab set (about 1 s each).

    .venv/bin/python -m bench.checker [--judge] [--limit 150] [--sets devset,planted,...]
        [--show-errors] [--json OUT]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench import flips, real_critiques, scitab, studies, swaps
from bench.devset.build import build_all
from core.config import CheckerSettings
from core.ingest.chunking import chunk_paper
from core.ingest.pdf import parse_pdf
from core.llm.base import LLM, Embedder
from core.types import Paper, Verdict
from core.verify.verdict import Signals
from core.verify.verifier import Checker

ROOT = Path(__file__).resolve().parent
DEVSET = ROOT / "devset" / "critiques.json"
PLANTED = ROOT / "planted"
PAPERS = ROOT.parents[1] / "shared" / "papers"
JUDGE_CACHE = ROOT / "fit" / "judge_probabilities.json"
SETS = (
    "devset",
    "planted",
    "scitab-fit",
    "scitab-report",
    "real-fit",
    "real-report",
    "swaps-dev",
    "swaps-fit",
    "swaps-report",
    "swaps-cross",
    "flips-fit",
    "flips-report",
    "studies-fit",
    "studies-report",
)
KINDS = (
    "wrong_number",
    "fake_quote",
    "fake_citation",
    "invented_name",
    "overclaim",
    "refuted",
    # kinds of the hand-labelled real critiques (bench/real_critiques.py)
    "wrong_name",
    "fabricated_fact",
    "fabricated_quote",
    "misattribution",
    "contradiction",
    "not_in_paper",
    # study reports (bench/studies.py)
    studies.KIND,
)


@dataclass
class Case:
    """One labelled sentence and the paper it is about."""

    paper: str
    sentence: str
    label: str  # "supported", "fabricated" or "not_a_claim"
    kind: str


@dataclass
class Outcome:
    """The checker's answer on one case."""

    case: Case
    verdict: Verdict
    signals: Signals | None


@dataclass
class Run:
    """Outcomes of one set in one configuration."""

    outcomes: list[Outcome] = field(default_factory=list)
    seconds: float = 0.0


class CachingLLM:
    """Proxy that caches P(YES) per prompt on disk, so a fit can be re-run without the model."""

    def __init__(self, llm: LLM, path: Path = JUDGE_CACHE, *, offline: bool = False) -> None:
        self.llm = llm
        #: Answer from the cache only: an unseen prompt gets no answer (the claim is skipped).
        self.offline = offline
        self.name = llm.name
        self.context_size = llm.context_size
        self.follows_instructions = llm.follows_instructions
        self.path = path
        stored = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
        self.cache: dict[str, float | None] = {
            k: v for k, v in stored.items() if not k.startswith("complete:")
        }
        self.texts: dict[str, str] = {k: v for k, v in stored.items() if k.startswith("complete:")}
        self.calls = 0

    def count_tokens(self, text: str) -> int:
        """Delegated."""
        return self.llm.count_tokens(text)

    def complete(self, instruction: str, content: str, **kwargs: Any) -> Any:
        """Cached by the prompt's hash (claim translations); offline, an unseen prompt is empty."""
        from core.llm.base import Completion

        key = "complete:" + hashlib.sha1(f"{instruction}\n\n{content}".encode()).hexdigest()
        if key not in self.texts:
            if self.offline:
                return Completion("", 0, 0)
            self.texts[key] = self.llm.complete(instruction, content, **kwargs).text
        return Completion(self.texts[key], 0, 0)

    def yes_probability(self, instruction: str, content: str) -> float | None:
        """Cached by the prompt's hash."""
        key = hashlib.sha1(f"{instruction}\n\n{content}".encode()).hexdigest()
        if key not in self.cache:
            if self.offline:
                return None
            self.calls += 1
            self.cache[key] = self.llm.yes_probability(instruction, content)
            if self.calls % 20 == 0:
                self.save()  # a long run that is stopped keeps what it paid for
        return self.cache[key]

    def save(self) -> None:
        """Write the cache."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        stored: dict[str, Any] = {**self.cache, **self.texts}
        self.path.write_text(
            json.dumps(stored, indent=0, sort_keys=True, ensure_ascii=False), encoding="utf-8"
        )


def devset_cases() -> list[Case]:
    """The hand-written development set (English and Chinese critiques of two papers)."""
    rows = json.loads(DEVSET.read_text(encoding="utf-8"))
    return [Case(f"devset:{r['paper']}", r["sentence"], r["label"], r["kind"]) for r in rows]


def planted_cases() -> list[Case]:
    """Hand-labelled critiques of real papers with planted fabrications."""
    out: list[Case] = []
    for path in sorted(PLANTED.glob("*.json")):
        spec = json.loads(path.read_text(encoding="utf-8"))
        for item in spec["sentences"]:
            out.append(Case(f"paper:{spec['paper']}", item["text"], item["label"], item["kind"]))
    return out


def scitab_cases(split: str, limit: int | None = None) -> list[Case]:
    """SciTab claims of one split; ``limit`` keeps every n-th claim (label balance kept)."""
    claims = scitab.load(split)
    if limit is not None and len(claims) > limit:
        step = len(claims) / limit
        claims = [claims[int(i * step)] for i in range(limit)]
    return [
        Case(f"scitab:{c.table_id}", c.claim, c.label, "refuted" if c.label == "fabricated" else "")
        for c in claims
    ]


class Papers:
    """Parsed papers and their retrievers, built once per run."""

    def __init__(
        self, embedder: Embedder, workdir: Path, studies_root: Path = studies.ROOT
    ) -> None:
        from core.llm import multilingual

        self.embedder = embedder
        self.multilingual = multilingual.MultilingualE5() if multilingual.available() else None
        self.workdir = workdir
        self.papers: dict[str, Paper] = {}
        self.retrievers: dict[str, Any] = {}
        self._tables = {c.table_id: c for c in scitab.load()}
        self._studies = {s.name: s for s in studies.load(root=studies_root)}
        self._dev: dict[str, Path] = {}

    def get(self, key: str) -> tuple[Paper, Any]:
        """The paper and its retriever for a case's ``paper`` key."""
        if key not in self.papers:
            from core.index.hybrid import MemoryRetriever

            kind, name = key.split(":", 1)
            if kind == "devset":
                if not self._dev:
                    self._dev = build_all(self.workdir / "devset")
                path = self._dev[name]
            elif kind == "paper":
                path = PAPERS / name
            elif kind == "study":
                path = studies.render(self._studies[name], self.workdir / "studies" / f"{name}.pdf")
            else:
                path = scitab.render(self._tables[name], self.workdir / "scitab" / f"{name}.pdf")
            paper = parse_pdf(path)
            self.papers[key] = paper
            self.retrievers[key] = MemoryRetriever(chunk_paper(paper), self.embedder)
        return self.papers[key], self.retrievers[key]


def run_cases(
    cases: list[Case], papers: Papers, judge: LLM | None, settings: CheckerSettings
) -> Run:
    """Verify every case on its own (one sentence, one verdict); timing excludes ingest."""
    run = Run()
    by_paper: dict[str, list[Case]] = defaultdict(list)
    for case in cases:
        by_paper[case.paper].append(case)
    for key, group in by_paper.items():
        paper, retriever = papers.get(key)
        checker = Checker(
            paper, retriever, papers.embedder, judge, settings, multilingual=papers.multilingual
        )
        for case in group:
            start = time.perf_counter()
            verdicts = checker.verify(case.sentence)
            run.seconds += time.perf_counter() - start
            claims = [v for v in verdicts if v.status.value != "not_a_claim"] or verdicts
            verdict = min(claims, key=lambda v: _severity(v))
            signals = checker.signal_log[-1][1] if checker.signal_log else None
            run.outcomes.append(Outcome(case, verdict, signals))
    return run


def _severity(verdict: Verdict) -> int:
    """Worst verdict first: a sentence takes the worst verdict of its parts."""
    order = ["rejected", "unsupported", "partial", "supported", "not_a_claim"]
    return order.index(verdict.status.value)


def summarise(run: Run) -> dict[str, Any]:
    """Recall per kind, false-flag rate, balanced accuracy, seconds per sentence."""
    by_kind: dict[str, list[bool]] = defaultdict(list)
    flags_on_supported: list[bool] = []
    partial_supported = 0
    errors = []
    for o in run.outcomes:
        flagged = o.verdict.status.flagged
        if o.case.label == "fabricated":
            by_kind[o.case.kind].append(flagged)
            if not flagged:
                errors.append(("missed", o))
        elif o.case.label == "supported":
            flags_on_supported.append(flagged)
            partial_supported += o.verdict.status.value == "partial"
            if flagged:
                errors.append(("false flag", o))
    fabricated = [x for v in by_kind.values() for x in v]
    recall = sum(fabricated) / len(fabricated) if fabricated else float("nan")
    ffr = sum(flags_on_supported) / len(flags_on_supported) if flags_on_supported else 0.0
    return {
        "sentences": len(run.outcomes),
        "supported": len(flags_on_supported),
        "fabricated": len(fabricated),
        "recall": {k: (sum(v) / len(v), len(v)) for k, v in by_kind.items()},
        "recall_all": recall,
        "false_flag_rate": ffr,
        "partial_on_supported": partial_supported / max(len(flags_on_supported), 1),
        "balanced_accuracy": (recall + 1 - ffr) / 2,
        "seconds_per_sentence": run.seconds / max(len(run.outcomes), 1),
        "errors": [
            {
                "what": what,
                "sentence": o.case.sentence,
                "kind": o.case.kind,
                "status": o.verdict.status.value,
                "reasons": list(o.verdict.reasons),
                "explanation": o.verdict.explanation,
                "evidence": [[e.page, e.text] for e in o.verdict.evidence[:2]],
            }
            for what, o in errors
        ],
    }


def print_report(name: str, figures: dict[str, Any], show_errors: bool) -> None:
    """One block of figures."""
    print(
        f"\n== {name}: {figures['sentences']} sentences "
        f"({figures['supported']} supported, {figures['fabricated']} fabricated)"
    )
    for kind in KINDS:
        if kind in figures["recall"]:
            value, n = figures["recall"][kind]
            print(f"  recall {kind:<14} {value:5.2f}  (n={n})")
    print(f"  recall all fabricated  {figures['recall_all']:5.2f}")
    print(f"  false-flag rate        {figures['false_flag_rate']:5.2f}")
    print(f"  partial on supported   {figures['partial_on_supported']:5.2f}")
    print(f"  balanced accuracy      {figures['balanced_accuracy']:5.2f}")
    print(f"  seconds per sentence   {figures['seconds_per_sentence']:5.3f}")
    if show_errors:
        for err in figures["errors"]:
            print(f"    [{err['what']}] ({err['kind']}) {err['status']} {err['reasons'][:4]}")
            print(f"        {err['sentence'][:160]}")
            print(f"        why: {err['explanation'][:160]}")
            for page, text in err["evidence"]:
                print(f"        p. {page}: {text[:140]}")


def _parsed(papers: Papers) -> Callable[[str], Paper]:
    """A paper key's parsed paper."""
    return lambda key: papers.get(key)[0]


def cases_of(name: str, limit: int | None, papers: Papers) -> list[Case]:
    """The cases of one set."""
    if name == "devset":
        return devset_cases()
    if name == "swaps-dev":
        sources = [(c.paper, c.sentence) for c in devset_cases() if c.label == "supported"]
        return [Case(*row) for row in swaps.bench_rows(sources, _parsed(papers))]
    if name.startswith("studies-"):
        return [Case(*row) for row in studies.bench_rows(name.removeprefix("studies-"))]
    if name == "planted":
        return planted_cases() if PAPERS.is_dir() else []
    if name.startswith(("real-", "swaps-", "flips-")):
        # real critiques of ../shared/papers: the PDFs must be ingested, so skip without them
        if not PAPERS.is_dir():
            print(f"\n== {name}: skipped, the sample papers are not at {PAPERS}")
            return []
        if name.startswith("flips-"):
            return [Case(*row) for row in flips.real_rows(name.removeprefix("flips-"))]
        if name.startswith("swaps-"):
            split = name.removeprefix("swaps-")
            sources = swaps.cross_sources() if split == "cross" else swaps.real_sources(split)
            return [Case(*row) for row in swaps.bench_rows(sources, _parsed(papers))]
        return [Case(*row) for row in real_critiques.bench_rows(name.removeprefix("real-"))]
    return scitab_cases(name.removeprefix("scitab-"), limit)


def configurations(
    judge: bool, *, offline: bool = False, threads: int = 0
) -> Iterator[tuple[str, LLM | None, CheckerSettings]]:
    """(label, judge model, settings) to run."""
    yield "gates + binding + semantic (no judge)", None, CheckerSettings(use_judge=False)
    if judge:
        from core.llm.default_model import default_model_path
        from core.llm.llama import LlamaModel

        start = time.perf_counter()
        model = LlamaModel.load(default_model_path(), threads=threads)
        print(f"\njudge model loaded in {time.perf_counter() - start:.1f} s: {model.name}")
        cached = CachingLLM(model, offline=offline)
        yield "+ judge P(YES) (default model)", cached, CheckerSettings(use_judge=True)  # type: ignore[misc]


def main(argv: list[str] | None = None) -> int:
    """Entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--judge", action="store_true", help="also run with the model judge")
    parser.add_argument("--limit", type=int, default=150, help="SciTab claims per set (judge)")
    parser.add_argument("--sets", default=",".join(SETS), help="comma-separated set names")
    parser.add_argument("--cached", action="store_true", help="judge answers from the cache only")
    parser.add_argument(
        "--threads", type=int, default=0, help="judge model threads (0: the physical cores)"
    )
    parser.add_argument("--show-errors", action="store_true", help="list misses and false flags")
    parser.add_argument("--json", type=Path, help="write the figures as JSON")
    args = parser.parse_args(argv)

    from core.llm.embedder import OnnxMiniLM

    embedder = OnnxMiniLM()
    report: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        papers = Papers(embedder, Path(tmp))
        for label, judge, settings in configurations(
            args.judge, offline=args.cached, threads=args.threads
        ):
            for name in args.sets.split(","):
                limit = args.limit if judge is not None else None
                cases = cases_of(name, limit, papers)
                if not cases:
                    print(f"\n== {name}: no data here")
                    continue
                figures = summarise(run_cases(cases, papers, judge, settings))
                report[f"{name} | {label}"] = figures
                print_report(f"{name} | {label}", figures, args.show_errors)
            if isinstance(judge, CachingLLM):
                judge.save()
                print(f"\n{judge.calls} new judge calls")
    if args.json:
        args.json.write_text(json.dumps(report, indent=2, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
