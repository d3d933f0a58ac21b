"""The checker: a verdict per critique sentence from gates, semantic support and a judge.

How the signals combine (calibrated on ``bench/devset``; see docs/checker.md):

1. Not a claim: headings, bare bullet markers, questions and recommendations to the authors
   are kept in the text but get ``not_a_claim`` and are not counted in the flagged ratio.
2. Hard gates first. A quotation that is not verbatim in the paper, a citation marker that does
   not resolve to the paper's reference list, or a Table/Figure/Section that does not exist makes
   the sentence ``rejected`` whatever else says. These are the most convincing fabrications and
   the cheapest to prove, and no text inside the paper (prompt injection) can change them.
3. Soft gates next. A number, a name or an absolute word ("always", "proves", 所有) that the
   paper (or, for absolute words, the sentence's evidence) does not contain makes the sentence
   ``unsupported``. The judge cannot overrule a gate either.
4. Semantic support decides the rest: coverage (share of the sentence's content words found in
   its best evidence sentences) and the best embedding cosine. Coverage under
   ``coverage_floor`` with a low cosine is ``unsupported``; good coverage (or floor coverage with
   a high cosine) is ``supported``; the band between is ``partial`` - a close call.
   A Chinese sentence about an English paper cannot be scored this way with an English-centric
   embedder, so it is ``supported`` when its verified anchors (numbers, names, quotes,
   citations) carry it and ``partial`` otherwise: never flagged on semantics alone.
5. The judge. A base model (``follows_instructions`` False; measured near a coin flip, and
   answering YES almost always) is only asked about close calls, and only its NO counts: it
   tips a close call to ``unsupported``; its YES leaves it ``partial`` for the reader. An
   instruction-tuned judge is asked about every sentence that passed the gates: YES lifts to
   ``supported`` and NO drops to ``unsupported`` unless the semantic evidence strongly
   disagrees, in which case the sentence is ``partial``. A judge failure (exception) or no
   usable answer leaves gates + semantic.

Confidence is high for gate failures (they are proofs), grows with the distance from the
semantic thresholds otherwise, and rises when the judge agrees.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass

from core.config import CheckerSettings
from core.llm.base import LLM, Embedder
from core.llm.parsing import Label
from core.llm.prompts import SECTIONS
from core.progress import CancelToken
from core.text.sentences import cjk_ratio, split_sentences
from core.types import Claim, Evidence, Paper, Status, Verdict
from core.verify.evidence import GROUP_SIZE, ClaimEvidence, EvidenceFinder, Retriever
from core.verify.gates import GateResult, PaperFacts, run_gates
from core.verify.judge import Judge, JudgeAnswer, JudgeItem
from core.verify.semantic import SemanticScore, score_claim

log = logging.getLogger(__name__)

#: Semantic thresholds, calibrated on bench/devset with the MiniLM embedder.
SUPPORT_COVERAGE_MARGIN = 0.15  # coverage >= floor + margin is enough on its own
SUPPORT_COSINE = 0.55  # with coverage >= floor
UNSUPPORTED_COSINE = 0.45  # below this and under the floor: no passage supports it
#: An instruct judge cannot flip sentences whose semantic support is this clear.
STRONG_SUPPORT = 0.75
STRONG_MISS = 0.15

_HEADING_WORDS = {h.casefold() for _, en, zh in SECTIONS for h in (en, zh)}
_BULLET_ONLY = re.compile(r"^\s*(?:[-*\u2022]|\d{1,2}[.)]|\(\d{1,2}\)|#+)?\s*$")
_PREFIX = re.compile(
    r"^\s*(?:\[unverified\]\s*)?(?:[-*\u2022>]\s+|\d{1,2}[.)]\s+|\(\d{1,2}\)\s+|#+\s*)?"
)
_QUESTION_START = re.compile(
    r"^(?:could|can|would|will|how|why|what|which|when|where|did|do|does|is|are|have|has)\b"
    r"[^.]*\b(?:authors?|you|they)\b",
    re.I,
)
_RECOMMENDATION = re.compile(
    r"^(?:the authors? (?:should|could|might|may want to)|it would be (?:useful|helpful|good|"
    r"interesting|valuable|important)|i (?:would )?(?:suggest|recommend)|we (?:suggest|recommend)"
    r"|future work should)|^(?:建议|作者应|作者可以|希望作者)",
    re.I,
)


def flagged_ratio(verdicts: Sequence[Verdict]) -> float:
    """(unsupported + rejected) / claims; 0.0 when there are no claims."""
    claims = [v for v in verdicts if v.status != Status.NOT_A_CLAIM]
    if not claims:
        return 0.0
    return sum(1 for v in claims if v.status.flagged) / len(claims)


def claim_kind(sentence: str) -> str | None:
    """Why a sentence is not a claim ("heading", "bullet", "question", ...), or None."""
    stripped = sentence.strip()
    if _BULLET_ONLY.match(stripped):
        return "bullet"
    body = _PREFIX.sub("", stripped).strip().strip("*_").strip()
    if stripped.startswith("#") or body.rstrip(":：").casefold() in _HEADING_WORDS:
        return "heading"
    if body.endswith(("?", "？")) or _QUESTION_START.match(body):
        return "question"
    if _RECOMMENDATION.match(body):
        return "recommendation"
    if not re.search(r"[.!。！;；)\]」”\"]$", body) and "\n" not in body:
        words = len(body.split()) + sum(1 for ch in body if "\u3400" <= ch <= "\u9fff") / 2
        if words <= 6 and not re.search(r"\d", body):
            return "heading"
    if not re.search(r"\w", body):
        return "bullet"
    return None


def extract_claims(text: str) -> list[Claim]:
    """Sentences of ``text`` with offsets; a leading ``[unverified]`` marker is outside the span."""
    claims: list[Claim] = []
    for start, end in split_sentences(text):
        piece = text[start:end]
        marker = re.match(r"\s*\[unverified\]\s*", piece)
        if marker:
            start += marker.end()
        lead = len(text[start:end]) - len(text[start:end].lstrip())
        start += lead
        end = start + len(text[start:end].rstrip())
        if start >= end:
            continue
        sentence = text[start:end]
        claims.append(Claim(len(claims), sentence, start, end, claim_kind(sentence) is None))
    return claims


@dataclass(frozen=True)
class _Pending:
    """A claim between the gate/semantic step and the judge."""

    claim: Claim
    check_text: str
    found: ClaimEvidence
    gates: GateResult
    semantic: SemanticScore
    cross_lingual: bool


class Checker:
    """Verifies text against one paper."""

    def __init__(
        self,
        paper: Paper,
        retriever: Retriever | None,
        embedder: Embedder | None,
        judge_llm: LLM | None,
        settings: CheckerSettings,
    ) -> None:
        """Index the paper once; the judge is used only when ``settings.use_judge`` is set."""
        self.paper = paper
        self.settings = settings
        self.facts = PaperFacts(paper)
        self.finder = EvidenceFinder(paper, retriever, embedder)
        self.judge = Judge(judge_llm) if judge_llm is not None and settings.use_judge else None
        self.judge_failures = 0

    def verify(
        self,
        text: str,
        *,
        cancel: CancelToken | None = None,
        on_verdict: Callable[[Verdict], None] | None = None,
    ) -> list[Verdict]:
        """A verdict for every sentence of ``text``, in order.

        Args:
            text: Any text about the paper (a critique, notes, a summary).
            cancel: Checked between groups of sentences.
            on_verdict: Called with each verdict as soon as it is decided, in sentence order.

        Returns:
            One verdict per sentence (claims and non-claims), offsets into ``text``.

        Raises:
            Cancelled: When ``cancel`` was set.
        """
        verdicts: list[Verdict] = []
        for verdict in self.iter_verify(text, cancel=cancel):
            verdicts.append(verdict)
            if on_verdict is not None:
                on_verdict(verdict)
        return verdicts

    def iter_verify(
        self, text: str, *, cancel: CancelToken | None = None
    ) -> Generator[Verdict, None, None]:
        """Like verify(), as a generator, so callers can report progress between verdicts."""
        claims = extract_claims(text)
        decided: dict[int, Verdict] = {}
        for claim in claims:
            if not claim.is_claim:
                decided[claim.index] = Verdict(
                    claim,
                    Status.NOT_A_CLAIM,
                    (claim_kind(claim.text) or "not_a_claim",),
                    "Not a factual claim about the paper",
                    1.0,
                )
        emitted = 0
        real = [c for c in claims if c.is_claim]
        for offset in range(0, len(real) + 1, GROUP_SIZE):
            group = real[offset : offset + GROUP_SIZE]
            if group:
                if cancel is not None:
                    cancel.check()
                for verdict in self._verify_group(group):
                    decided[verdict.claim.index] = verdict
            while emitted < len(claims) and emitted in decided:
                yield decided[emitted]
                emitted += 1

    @staticmethod
    def count_claims(text: str) -> tuple[int, int]:
        """(sentences, claims) of ``text``, for progress totals."""
        claims = extract_claims(text)
        return len(claims), sum(1 for c in claims if c.is_claim)

    def _verify_group(self, group: Sequence[Claim]) -> list[Verdict]:
        texts = [_PREFIX.sub("", c.text).strip() for c in group]
        found = self.finder.find(texts)
        pending: list[_Pending] = []
        for claim, text, ev in zip(group, texts, found, strict=True):
            ev_texts = [e.text for e in ev.evidence]
            gates = run_gates(text, self.facts, ev_texts)
            semantic = score_claim(
                text,
                ev_texts,
                claim_vector=ev.claim_vector,
                evidence_vectors=ev.evidence_vectors,
                coverage_floor=self.settings.coverage_floor,
            )
            cross = cjk_ratio(text) > 0.3 and not self.facts.is_cjk
            pending.append(_Pending(claim, text, ev, gates, semantic, cross))
        labels, failed = self._ask_judge(pending)
        return [self._decide(p, labels.get(i), failed=failed) for i, p in enumerate(pending)]

    def _semantic_status(self, p: _Pending) -> Status:
        if not p.found.evidence:
            return Status.UNSUPPORTED
        s = p.semantic
        floor = self.settings.coverage_floor
        if p.cross_lingual:
            return Status.SUPPORTED if p.gates.anchors else Status.PARTIAL
        if any(a.startswith("quote:") for a in p.gates.anchors):
            # A verbatim quote found in the paper is proof enough of what the paper says.
            return Status.SUPPORTED
        if s.coverage >= floor + SUPPORT_COVERAGE_MARGIN or (
            s.coverage >= floor and s.cosine >= SUPPORT_COSINE
        ):
            return Status.SUPPORTED
        if s.coverage < floor and s.cosine < UNSUPPORTED_COSINE:
            return Status.UNSUPPORTED
        return Status.PARTIAL

    def _needs_judge(self, p: _Pending) -> bool:
        if p.gates.failures or not p.found.evidence:
            return False
        if self.judge is not None and self.judge.trusted:
            return True
        return self._semantic_status(p) == Status.PARTIAL and not p.cross_lingual

    def _ask_judge(
        self, pending: Sequence[_Pending]
    ) -> tuple[dict[int, JudgeAnswer | None], bool]:
        """Answers by position in ``pending``, and whether the judge call failed."""
        if self.judge is None:
            return {}, False
        asked = [i for i, p in enumerate(pending) if self._needs_judge(p)]
        if not asked:
            return {}, False
        items = [
            JudgeItem(pending[i].check_text, tuple(e.text for e in pending[i].found.evidence))
            for i in asked
        ]
        try:
            answers = self.judge.judge(items)
        except Exception as exc:  # noqa: BLE001 - one failed batch must not abort the run
            self.judge_failures += 1
            log.warning("judge failed for a batch; using gates and semantic support: %s", exc)
            return {}, True
        return dict(zip(asked, answers, strict=True)), False

    def _decide(
        self, p: _Pending, answer: JudgeAnswer | None, *, failed: bool = False
    ) -> Verdict:
        evidence = p.found.evidence
        reasons: list[str] = []
        if p.found.source == "leading":
            reasons.append("retrieval_fallback:leading")
        if p.gates.failures:
            failures = p.gates.failures
            status = Status.REJECTED if p.gates.hard_failure else Status.UNSUPPORTED
            gate = failures[0].gate
            confidence = {
                "quote": 0.97,
                "citation": 0.95,
                "xref": 0.93,
                "number": 0.9,
                "name": 0.8,
            }.get(gate, 0.7)
            explanation = "; ".join(f.explanation for f in failures[:2])
            return Verdict(
                p.claim,
                status,
                tuple(f.reason for f in failures) + tuple(reasons),
                explanation,
                confidence,
                evidence,
            )
        if not evidence:
            return Verdict(
                p.claim,
                Status.UNSUPPORTED,
                ("no_evidence", *reasons),
                "No evidence found in the paper",
                0.6,
                (),
            )
        status = self._semantic_status(p)
        s = p.semantic
        confidence = 0.5 + min(abs(s.support - 0.4), 0.4)
        if p.cross_lingual:
            reasons.append("cross_lingual")
            confidence = 0.55 if status == Status.SUPPORTED else 0.4
        if answer is not None:
            reasons.append(f"judge:{answer.label.value}")
            if answer.probability is not None:
                reasons.append(f"judge_p:{answer.probability:.2f}")
            else:  # a server without logprobs: the label was parsed from its text
                reasons.append("judge_text_answer")
            status, confidence = self._apply_judge(status, answer.label, s, confidence)
        elif self.judge is not None and self._needs_judge(p):
            reasons.append("judge_failed" if failed else "judge_no_answer")
        if status == Status.UNSUPPORTED:
            reasons.insert(0, "low_support")
        elif status == Status.PARTIAL:
            reasons.insert(0, "partial_support")
        return Verdict(
            p.claim,
            status,
            tuple(reasons),
            _explain(status, evidence),
            round(min(confidence, 0.99), 3),
            evidence,
        )

    def _apply_judge(
        self, status: Status, label: Label, s: SemanticScore, confidence: float
    ) -> tuple[Status, float]:
        wanted = {
            Label.YES: Status.SUPPORTED,
            Label.PARTIAL: Status.PARTIAL,
            Label.NO: Status.UNSUPPORTED,
        }[label]
        if wanted == status:
            return status, confidence + 0.1
        if self.judge is not None and self.judge.trusted:
            if wanted == Status.UNSUPPORTED and s.support >= STRONG_SUPPORT:
                return Status.PARTIAL, 0.5
            if wanted == Status.SUPPORTED and s.support <= STRONG_MISS:
                return Status.PARTIAL, 0.5
            return wanted, 0.65
        # NOTE: a base model only reaches here for close calls (partial). It answers YES almost
        # always (59 of 60 pairs in DESIGN.md's measurement), so its YES carries no information
        # and may not hide a close call; only its rarer NO tips one, towards review.
        if status == Status.PARTIAL and wanted == Status.UNSUPPORTED:
            return wanted, 0.55
        return status, confidence


def _explain(status: Status, evidence: Sequence[Evidence]) -> str:
    best = evidence[0] if evidence else None
    where = f" (p. {best.page})" if best else ""
    if status == Status.SUPPORTED and best:
        snippet = best.text if len(best.text) <= 80 else best.text[:77] + "..."
        return f"Supported by p. {best.page}: “{snippet}”"
    if status == Status.PARTIAL:
        return f"Only partly supported by the paper{where}"
    return "No passage of the paper supports this"
