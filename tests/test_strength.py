"""A finding stated more strongly than its evidence: causal, of people, or certain."""

from __future__ import annotations

import pytest

from core.verify.gates.strength import check_strength

ASSOCIATION = ["Coffee intake was associated with a lower risk of liver cancer in the cohort."]
MICE = ["In mice fed a high-fat diet, the compound reduced weight gain by 12%."]
HEDGED = ["These results suggest that the new schedule may reduce missed doses."]
PLAIN = ["The new schedule reduced missed doses by 30% in the trial."]
DENIED = [
    "Because the study was observational, it cannot establish that walking more causes lower "
    "mortality.",
    "More steps per day were associated with lower mortality.",
]


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
        # a cause the paper denies is no cause it reports; a claim may deny it too
        ("Walking more causes older women to live longer.", DENIED, "overclaim_causal"),
        ("Walking 4,400 steps a day cuts the risk of early death.", DENIED, "overclaim_causal"),
        ("Coffee lowers the risk of liver cancer.", ASSOCIATION, "overclaim_causal"),
        (
            "The study cannot establish that walking more causes lower mortality.",
            DENIED,
            None,
        ),
        ("Women who walked more had a lower risk of death.", DENIED, None),
        ("The new schedule cut the number of missed doses.", PLAIN, None),
        # what was responsible, and what doing something would do, are causes too
        (
            "Coffee was responsible for the lower liver cancer risk.",
            ASSOCIATION,
            "overclaim_causal",
        ),
        (
            "Drinking more coffee would halve the risk of liver cancer.",
            ASSOCIATION,
            "overclaim_causal",
        ),
        ("Coffee drinkers would have a lower risk of liver cancer.", ASSOCIATION, None),
        # "cured" that says who, not what coffee did
        (
            "Among cured patients, coffee intake was followed up for liver cancer.",
            ASSOCIATION,
            None,
        ),
        ("Coffee cured patients of liver cancer.", ASSOCIATION, "overclaim_causal"),
        # what a protocol allowed, then did: the verb another sentence states plainly
        (
            "In the staged arm, surgeons adjusted the second-eye lens power for one patient in "
            "seven.",
            [
                "In the staged arm, surgeons could adjust second-eye lens power based on the "
                "first-eye refraction.",
                "In the staged arm, second-eye lens power was adjusted in 59 of 415 patients.",
            ],
            None,
        ),
        (
            "In the staged arm, surgeons adjusted the second-eye lens power.",
            [
                "In the staged arm, surgeons could adjust second-eye lens power based on the "
                "first-eye refraction."
            ],
            "overclaim_certainty",
        ),
    ],
)
def test_strength(claim: str, evidence: list[str], reason: str | None) -> None:
    found = [f.reason for f in check_strength(claim, evidence)]
    assert found == ([reason] if reason else [])
