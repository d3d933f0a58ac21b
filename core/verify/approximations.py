"""The judge is shown which of the paper's values a hedged or bounded claim value stands for.

"About 2,900 patients tested positive" is true of "2,917 patients tested positive", and "more
than 19,000 adults" of "19,114 adults"; the number checks read them so (``settle_approximate``,
``settle_bound``), but a small judge reads 2,900 against 2,917 as another number. The evidence
it is shown carries the claim's own words beside the value they stand for: "2,917 (about
2,900)", "71% (about seven in ten)".
"""

from __future__ import annotations

from core.text.normalize import (
    BOUND_ABOVE,
    BOUND_BELOW,
    HEDGED_BEFORE,
    NumberMention,
    extract_numbers,
    settle_approximate,
    settle_bound,
)
from core.text.proportions import proportions


def glossed_approximations(claim: str, evidence: str) -> str:
    """``evidence`` with each value a hedged or bounded claim value stands for glossed."""
    values = [m for m in extract_numbers(evidence) if not m.scale]
    for mention in extract_numbers(claim):
        before = claim[: mention.start]
        hedged = HEDGED_BEFORE.search(before)
        said = hedged or BOUND_ABOVE.search(before) or BOUND_BELOW.search(before)
        if said is None or mention.scale or any(v.value == mention.value for v in values):
            continue
        candidates = [v for v in values if v.percent == mention.percent]
        pool = [v.value for v in candidates]
        if hedged:
            settled = settle_approximate(mention, pool)
        else:
            settled = settle_bound(mention, pool, above=BOUND_ABOVE.search(before) is not None)
        target = next((v for v in candidates if v.value == settled.value), None)
        if target is None or settled.value == mention.value:
            continue
        evidence = _insert(evidence, target, f"{said.group(0).strip().casefold()} {mention.raw}")
        values = [m for m in extract_numbers(evidence) if not m.scale]
    # "about seven in ten shoots" is the paper's 71%: "71% (about seven in ten)"
    for share in proportions(claim):
        inside = [v for v in values if v.percent and share.covers(v.value)]
        if not inside:
            continue
        target = min(inside, key=lambda v: abs(v.value - share.mention.value))
        evidence = _insert(evidence, target, share.mention.raw.casefold())
        values = [m for m in extract_numbers(evidence) if not m.scale]
    return evidence


def _insert(evidence: str, at: NumberMention, gloss: str) -> str:
    return f"{evidence[: at.end]} ({gloss}){evidence[at.end :]}"
