"""A finding stated more strongly than its evidence: causal, of people, or certain."""

from __future__ import annotations

import pytest

from core.verify.gates.strength import check_strength

ASSOCIATION = ["Coffee intake was associated with a lower risk of liver cancer in the cohort."]
MICE = ["In mice fed a high-fat diet, the compound reduced weight gain by 12%."]
HEDGED = ["These results suggest that the new schedule may reduce missed doses."]
PLAIN = ["The new schedule reduced missed doses by 30% in the trial."]


@pytest.mark.parametrize(
    ("claim", "evidence", "reason"),
    [
        ("Coffee prevents liver cancer.", ASSOCIATION, "overclaim_causal"),
        ("Drinking coffee causes a lower risk of liver cancer.", ASSOCIATION, "overclaim_causal"),
        ("Coffee intake is associated with less liver cancer.", ASSOCIATION, None),
        (
            "The compound reduces weight gain in people on a high-fat diet.",
            MICE,
            "overclaim_population",
        ),
        ("The compound reduced weight gain in mice on a high-fat diet.", MICE, None),
        ("The new schedule reduces missed doses.", HEDGED, "overclaim_certainty"),
        ("The authors suggest the new schedule may reduce missed doses.", HEDGED, None),
        ("The new schedule reduces missed doses.", PLAIN, None),
        ("The trial enrolled patients from three hospitals.", PLAIN, None),
    ],
)
def test_strength(claim: str, evidence: list[str], reason: str | None) -> None:
    found = [f.reason for f in check_strength(claim, evidence)]
    assert found == ([reason] if reason else [])
