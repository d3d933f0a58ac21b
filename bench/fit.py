"""Fit the verdict function's weights and thresholds on the fit splits of the real data.

    .venv/bin/python -m bench.fit [--judge] [--limit 300]

Runs the checker over ``scitab-fit``, ``real-fit`` and ``studies-fit`` (never the ``-report``
splits), records each claim's signals, fits a logistic regression of "supported" on the
features (weighted so each set counts the same in total, L2-regularised, Newton steps, numpy
only, each weight kept to its sign in SIGNS) once without and, with ``--judge``, once with
the judge's P(YES), picks the thresholds, and rewrites ``core/verify/verdict_params.py``.
Judge probabilities come from the on-disk cache (bench/fit/judge_probabilities.json) when
present, so a re-fit does not need the model for claims it has seen.

Thresholds: ``flag_below`` maximises balanced accuracy on the fit split among thresholds whose
false-flag rate is at most MAX_FALSE_FLAGS; ``support_at`` is the lowest score at or above it
from which at least SUPPORT_PRECISION of the claims are truly supported, and never below
SUPPORT_FLOOR: a score is a probability of support (for claims in another language, the judge's
P(YES)), and a claim whose odds lean against support is not called supported, however well its
neighbours fare (the band between is ``partial``: needs review).

``skip_at`` (with the judge): the lowest score without the judge from which, on the fit split,
the judge's answer changed no verdict; the checker does not ask the judge above it. The judge is
asked about every claim while fitting, so the fit sees what the skip would lose.
"""

from __future__ import annotations

import argparse
import math
import pprint
import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from bench.checker import Papers, cases_of, configurations, run_cases
from core.verify.verdict import FEATURES, Signals, band, score

FIT_SETS = ("scitab-fit", "real-fit", "studies-fit")
PARAMS = Path(__file__).resolve().parents[1] / "core" / "verify" / "verdict_params.py"
#: Sign each weight must have: more support never lowers the score (monotone in every signal).
SIGNS = {"coverage": 1, "cosine": 1, "number_unbound": -1, "judge_logit": 1}
MAX_FALSE_FLAGS = 0.10
SUPPORT_PRECISION = 0.80
SUPPORT_FLOOR = 0.5
L2 = 1.0


def fit_logistic(
    x: np.ndarray, y: np.ndarray, weight: np.ndarray | None = None, l2: float = L2
) -> tuple[float, np.ndarray]:
    """Bias and weights of a weighted, L2-regularised logistic regression (bias not penalised)."""
    weight = np.ones(len(y)) if weight is None else weight
    design = np.hstack([np.ones((len(x), 1)), x])
    w = np.zeros(design.shape[1])
    penalty = np.eye(design.shape[1]) * l2
    penalty[0, 0] = 0.0
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-design @ w))
        grad = design.T @ (weight * (p - y)) + penalty @ w
        hess = design.T @ (design * (weight * p * (1 - p))[:, None]) + penalty
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.max(np.abs(step)) < 1e-8:
            break
    return float(w[0]), w[1:]


def fit_monotone(
    x: np.ndarray, y: np.ndarray, weight: np.ndarray, names: tuple[str, ...]
) -> tuple[float, np.ndarray]:
    """Logistic fit whose weights keep the signs in SIGNS: a wrong-signed weight is set to 0.

    Active-set refits: a signal that would count against support on the fit data (for example
    coverage on SciTab, where refuted claims reuse the table's words) is dropped rather than
    turned around, so the function stays monotone on text unlike the fit data.
    """
    active = list(range(len(names)))
    while True:
        bias, w = fit_logistic(x[:, active], y, weight)
        wrong = [i for i, wi in zip(active, w, strict=True) if SIGNS[names[i]] * wi < 0]
        if not wrong:
            weights = np.zeros(len(names))
            weights[active] = w
            return bias, weights
        active = [i for i in active if i not in wrong]


def _mean(values: np.ndarray, weight: np.ndarray) -> float:
    return float(np.sum(values * weight) / np.sum(weight)) if np.sum(weight) else 0.0


def thresholds(scores: np.ndarray, y: np.ndarray, weight: np.ndarray) -> tuple[float, float]:
    """(flag_below, support_at) by the rules in the module docstring (weighted rates)."""
    best = (-1.0, 0.0)
    candidates = np.unique(np.round(scores, 3))
    for t in candidates:
        flagged = (scores < t).astype(float)
        ffr = _mean(flagged[y == 1], weight[y == 1])
        recall = _mean(flagged[y == 0], weight[y == 0])
        if ffr <= MAX_FALSE_FLAGS and (recall + 1 - ffr) / 2 > best[0]:
            best = ((recall + 1 - ffr) / 2, float(t))
    flag_below = best[1]
    support_at = 1.0
    for t in sorted(candidates):
        if t < flag_below:
            continue
        above = scores >= t
        if above.sum() >= 5 and _mean(y[above], weight[above]) >= SUPPORT_PRECISION:
            support_at = float(t)
            break
    return round(flag_below, 3), round(max(support_at, flag_below, SUPPORT_FLOOR), 3)


def fit(
    signals: list[Signals], labels: list[int], sets: list[str], names: tuple[str, ...]
) -> dict[str, Any]:
    """One parameter set for the features ``names``; every set weighs the same in total."""
    x = np.array([[s.features()[n] for n in names] for s in signals], dtype=float)
    y = np.array(labels, dtype=float)
    size = {name: sets.count(name) for name in set(sets)}
    weight = np.array([len(sets) / (len(size) * size[name]) for name in sets])
    bias, weights = fit_monotone(x, y, weight, names)
    scores = 1.0 / (1.0 + np.exp(-(bias + x @ weights)))
    flag_below, support_at = thresholds(scores, y, weight)
    return {
        "bias": round(bias, 4),
        "weights": {n: round(float(w), 4) for n, w in zip(names, weights, strict=True)},
        "flag_below": flag_below,
        "support_at": support_at,
    }


def skip_at(signals: list[Signals], no_judge: dict[str, Any], with_judge: dict[str, Any]) -> float:
    """The no-judge score from which the judge changes no verdict (1.0: it changes the top one).

    Halfway between the lowest score of that unchanged run and the score below it, and never
    below ``support_at``: a claim the judge is not asked about is supported without it.
    """
    rows = sorted(
        ((score(replace(s, judge_p=None), no_judge), s) for s in signals), key=lambda r: -r[0]
    )
    agreed: list[float] = []
    for before, s in rows:
        if band(before, no_judge) != band(score(s, with_judge), with_judge):
            at = (agreed[-1] + before) / 2 if agreed else 1.0
            break
        agreed.append(before)
    else:
        at = math.floor(agreed[-1] * 10000) / 10000 if agreed else 1.0
    return max(round(at, 4), no_judge["support_at"])


def write_params(
    no_judge: dict[str, Any],
    with_judge: dict[str, Any],
    cross_lingual: dict[str, Any],
    info: dict[str, Any],
) -> None:
    """Rewrite core/verify/verdict_params.py."""
    body = (
        '"""Fitted parameters of the verdict function. Generated by ``python -m bench.fit``; '
        'do not edit."""\n\nfrom __future__ import annotations\n\nfrom typing import Any\n\n'
        f"NO_JUDGE: dict[str, Any] = {pprint.pformat(no_judge, width=90, sort_dicts=False)}\n"
        f"WITH_JUDGE: dict[str, Any] = {pprint.pformat(with_judge, width=90, sort_dicts=False)}\n"
        f"CROSS_LINGUAL: dict[str, Any] = {pprint.pformat(cross_lingual, sort_dicts=False)}\n"
        f"FIT: dict[str, Any] = {pprint.pformat(info, width=90, sort_dicts=False)}\n"
    )
    PARAMS.write_text(body, encoding="utf-8")
    # The generated module is formatted like the rest of the code base.
    ruff = Path(sys.executable).with_name("ruff")
    if ruff.is_file():
        subprocess.run([str(ruff), "format", "-q", str(PARAMS)], check=False)


def main(argv: list[str] | None = None) -> int:
    """Entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--judge", action="store_true", help="also fit the judge's weight")
    parser.add_argument("--limit", type=int, default=300, help="fit claims run with the judge")
    parser.add_argument(
        "--judge-only", action="store_true", help="refit only the judge's set (keeps NO_JUDGE)"
    )
    parser.add_argument(
        "--cached", action="store_true", help="judge answers from the cache only (no inference)"
    )
    args = parser.parse_args(argv)

    from core.llm.embedder import OnnxMiniLM
    from core.verify import verdict_params

    embedder = OnnxMiniLM()
    fitted: dict[str, dict[str, Any]] = {}
    counts: dict[str, int] = {}
    cross: list[tuple[float, int]] = []
    kept = verdict_params.WITH_JUDGE
    verdict_params.WITH_JUDGE = {**kept, "skip_at": math.inf}  # the judge sees every claim
    with tempfile.TemporaryDirectory() as tmp:
        papers = Papers(embedder, Path(tmp))
        for label, judge, settings in configurations(
            args.judge or args.judge_only, offline=args.cached
        ):
            if args.judge_only and judge is None:
                fitted["no_judge"] = verdict_params.NO_JUDGE
                counts["no_judge"] = verdict_params.FIT.get("claims", {}).get("no_judge", 0)
                continue
            rows: list[tuple[Signals, int, str]] = []
            for name in FIT_SETS:
                cases = cases_of(name, args.limit if judge is not None else None, papers)
                run = run_cases(cases, papers, judge, settings)
                for o in run.outcomes:
                    s = o.signals
                    if (
                        s is None
                        or s.settled
                        or o.case.label not in ("supported", "fabricated")
                        or (judge is not None and s.judge_p is None)
                    ):
                        continue
                    truth = int(o.case.label == "supported")
                    if not s.cross_lingual:
                        rows.append((s, truth, name))
                    elif s.judge_p is not None:
                        cross.append((s.judge_p, truth))
            names = FEATURES if judge is not None else FEATURES[:-1]
            key = "with_judge" if judge is not None else "no_judge"
            fitted[key] = fit(
                [r[0] for r in rows], [r[1] for r in rows], [r[2] for r in rows], names
            )
            counts[key] = len(rows)
            if judge is not None:
                fitted[key]["skip_at"] = skip_at(
                    [r[0] for r in rows], fitted["no_judge"], fitted[key]
                )
            print(label, len(rows), "claims:", fitted[key])
            save = getattr(judge, "save", None)
            if save is not None:
                save()
    verdict_params.WITH_JUDGE = kept
    info = {
        "data": (
            "fit splits, equal weight per set: SciTab supports vs refutes, real critiques, "
            "study reports"
        ),
        "sets": FIT_SETS,
        "claims": counts,
        "max_false_flags": MAX_FALSE_FLAGS,
        "support_precision": SUPPORT_PRECISION,
        "support_floor": SUPPORT_FLOOR,
        "l2": L2,
    }
    cross_lingual = verdict_params.CROSS_LINGUAL
    if cross:
        scores, labels = np.array(cross).T
        flag_below, support_at = thresholds(scores, labels, np.ones(len(cross)))
        cross_lingual = {"flag_below": flag_below, "support_at": support_at}
        counts["cross_lingual"] = len(cross)
        print("cross-lingual", len(cross), "claims:", cross_lingual)
    with_judge = fitted.get("with_judge", verdict_params.WITH_JUDGE)
    if set(with_judge["weights"]) != set(FEATURES):
        # No judge data yet: the judge gets no weight until a fit with --judge.
        with_judge = {
            **fitted["no_judge"],
            "weights": {**fitted["no_judge"]["weights"], "judge_logit": 0.0},
        }
    write_params(fitted["no_judge"], with_judge, cross_lingual, info)
    print(f"wrote {PARAMS}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
