"""The verdict: one pure, table-driven function of a sentence's signals.

| order | condition | status |
|---|---|---|
| 1 | hard gate failed (fabricated quote, citation, Table/Figure/Section) | ``rejected`` |
| 2 | no evidence at all | ``unsupported`` |
| 2b | the claim is one of the paper's sentences, word for word (``restated``): it cannot
      differ from the paper, so no reading of its values or names can contradict it |
      ``supported`` |
| 3 | a number or an ordinal contradicts its evidence (``number_mismatch``) |
      ``unsupported`` |
| 3b | a comparison the paper's table reverses, miscounts or misranks, a trend its row
      reverses, a direction the sentence stating the claim's fact reverses, or a comparison
      of two names the paper states the other way round (``comparison``) | ``unsupported`` |
| 3c | a source cited for a fact the paper credits to other sources, a funder the paper
      does not name, a person the paper only thanks credited with the work, the authors
      credited with what the paper reports of related work or advises its readers, or a
      person credited with words the paper quotes from someone else or a thing it cites to
      someone else (``misattribution``) |
      ``unsupported`` |
| 3d | the sentence stating the claim's fact names something else, or the claim puts in the
      paper's method a name the paper gives only as related work (``name_mismatch``) |
      ``unsupported`` |
| 4 | soft gate failed: a number, page, name, evaluation method, figure, translated quote
      or admitted limitation the paper does not contain, an absolute word its evidence does
      not carry | ``unsupported`` |
| 4c | the claim says the paper lacks an evaluation method (a user study, significance
      tests, …) that it never mentions (``absence``) | ``supported`` |
| 4d | the claim says the paper leaves out something no paper sentence speaks of in the
      claim's words (``absence_unseen``) | ``partial`` (the reader checks other wordings) |
| 4e | the claim denies an effect, and the paper's estimate most about its words is not
      significant or a paper sentence finds no such effect (``null_confirmed``) |
      ``supported`` |
| 4f | the claim says no more than which group ranks first on a measure, and a paper
      sentence's values or words rank that group first (``rank_confirmed``) | ``supported`` |
| 5 | claim in another language than the paper's | judge P(YES) against the fitted
      ``CROSS_LINGUAL`` thresholds; ``partial`` without a judge |
| 6 | score = sigmoid(bias + weights · features) below ``flag_below`` | ``unsupported`` |
| 7 | score at or above ``support_at`` | ``supported`` |
| 8 | otherwise | ``partial`` (needs review) |

The judge is asked only where its answer can change the verdict: not for a claim rows 1-4
settle, and not for one whose score without the judge is already at or above ``skip_at`` of
``WITH_JUDGE`` (fitted as the lowest such score from which the judge changed no verdict on the fit
splits), so the CPU pays for the model on the claims that need it.

Row 5 and rows 6-8 use the fitted parameters in ``core.verify.verdict_params`` (one set with
the judge's probability, one without, and the cross-lingual bands), written by
``python -m bench.fit`` from the fit splits (SciTab and the real critiques).
Rows 1-4 are exact checks, not fitted: SciTab's "papers" are single tables, so names, pages and
prose numbers a claim takes from the rest of a paper are missing there and a fit would learn
that the gates are noise; their precision is measured on the planted critiques of real papers.
A verbatim quote is no feature: a real quote inside a contradicting sentence is not support.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from core.types import Status
from core.verify import verdict_params

FEATURES = ("coverage", "cosine", "number_unbound", "judge_logit")


@dataclass(frozen=True)
class Signals:
    """Everything the verdict depends on, for one sentence."""

    hard_gate: bool = False
    has_evidence: bool = True
    number_mismatch: bool = False
    comparison_contradicted: bool = False
    misattributed: bool = False
    name_swapped: bool = False
    number_missing: bool = False
    number_unbound: float = 0.0  # share of the claim's numbers its evidence does not carry
    name_missing: bool = False
    overclaim: bool = False
    quote_missing: bool = False  # a quote in another language whose translation is not in the paper
    admission_missing: bool = False  # a limitation the authors are said to admit, not in the paper
    coverage: float = 0.0
    cosine: float = 0.0
    judge_p: float | None = None
    cross_lingual: bool = False
    restated: bool = False  # the claim is one of the paper's sentences, word for word
    absence_confirmed: bool = False  # the paper lacks what the claim says it lacks
    absence_unseen: bool = False  # no paper sentence speaks of what the claim says is left out
    null_confirmed: bool = False  # the claim denies an effect the paper also finds none of
    rank_confirmed: bool = False  # the claim ranks first the group the paper ranks first

    @property
    def soft_gate(self) -> bool:
        """A number, page, name, translated quote or admission the paper lacks, or an absolute."""
        return (
            self.number_missing
            or self.name_missing
            or self.overclaim
            or self.quote_missing
            or self.admission_missing
        )

    @property
    def settled(self) -> bool:
        """Decided by rows 1-4 whatever the judge says (so it need not be asked)."""
        return (
            self.hard_gate
            or not self.has_evidence
            or self.number_mismatch
            or self.comparison_contradicted
            or self.misattributed
            or self.name_swapped
            or self.soft_gate
            or self.restated
            or self.absence_confirmed
            or self.absence_unseen
            or self.null_confirmed
            or self.rank_confirmed
        )

    def features(self) -> dict[str, float]:
        """The fitted function's inputs (``judge_logit`` is 0 without a judge)."""
        p = self.judge_p
        logit = 0.0 if p is None else math.log(max(p, 1e-4) / max(1 - p, 1e-4))
        return {
            "coverage": self.coverage,
            "cosine": max(self.cosine, 0.0),
            "number_unbound": self.number_unbound,
            "judge_logit": max(-6.0, min(6.0, logit)),
        }


@dataclass(frozen=True)
class Decision:
    """A status, the row of the table that gave it, and the score (probability of support)."""

    status: Status
    rule: str
    score: float


def score(signals: Signals, params: dict[str, Any] | None = None) -> float:
    """Probability of support from the fitted weights (with or without the judge, or ``params``)."""
    if params is None:
        judged = signals.judge_p is not None
        params = verdict_params.WITH_JUDGE if judged else verdict_params.NO_JUDGE
    weights = params["weights"]
    z = params["bias"] + sum(weights.get(k, 0.0) * v for k, v in signals.features().items())
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def asks_judge(signals: Signals) -> bool:
    """Whether the judge's answer can change this sentence's verdict (see the module docstring)."""
    if signals.settled:
        return False
    if signals.cross_lingual:
        return True
    skip_at = verdict_params.WITH_JUDGE.get("skip_at", math.inf)
    return score(replace(signals, judge_p=None)) < skip_at


def decide(signals: Signals) -> Decision:
    """The verdict table above, applied in order."""
    if signals.hard_gate:
        return Decision(Status.REJECTED, "hard_gate", 0.0)
    if not signals.has_evidence:
        return Decision(Status.UNSUPPORTED, "no_evidence", 0.0)
    if signals.restated:
        return Decision(Status.SUPPORTED, "restated", 1.0)
    if signals.number_mismatch:
        return Decision(Status.UNSUPPORTED, "number_mismatch", 0.0)
    if signals.comparison_contradicted:
        return Decision(Status.UNSUPPORTED, "comparison", 0.0)
    if signals.misattributed:
        return Decision(Status.UNSUPPORTED, "misattribution", 0.0)
    if signals.name_swapped:
        return Decision(Status.UNSUPPORTED, "name_mismatch", 0.0)
    if signals.soft_gate:
        return Decision(Status.UNSUPPORTED, "soft_gate", 0.0)
    if signals.absence_confirmed:
        return Decision(Status.SUPPORTED, "absence", 1.0)
    if signals.absence_unseen:
        return Decision(Status.PARTIAL, "absence_unseen", 0.5)
    if signals.null_confirmed:
        return Decision(Status.SUPPORTED, "null_confirmed", 1.0)
    if signals.rank_confirmed:
        return Decision(Status.SUPPORTED, "rank_confirmed", 1.0)
    if signals.cross_lingual:
        p = signals.judge_p
        if p is None:
            return Decision(Status.PARTIAL, "cross_lingual", 0.5)
        return Decision(band(p, verdict_params.CROSS_LINGUAL), "cross_lingual_judge", p)
    params = verdict_params.WITH_JUDGE if signals.judge_p is not None else verdict_params.NO_JUDGE
    p = score(signals)
    return Decision(band(p, params), "score", p)


def band(p: float, params: dict[str, Any]) -> Status:
    """The status a probability of support reads as between ``params``'s two thresholds."""
    if p < params["flag_below"]:
        return Status.UNSUPPORTED
    return Status.SUPPORTED if p >= params["support_at"] else Status.PARTIAL
