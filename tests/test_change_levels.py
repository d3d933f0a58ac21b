"""A change the claim states, given the value of one of the levels it lies between."""

from __future__ import annotations

import pytest

from core.config import CheckerSettings
from core.text.normalize import extract_numbers
from core.types import Evidence
from core.verify.change_levels import change_as_level
from core.verify.gates import PaperFacts, run_gates
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeRetriever, make_paper

RETREAT = (
    "At high-fetch segments, retreat was 39.0 cm/yr behind reefs versus 71.0 cm/yr at controls "
    "(difference -32.0 cm/yr, 95% CI -47.0 to -17.0; p < 0.001)."
)
CAPACITY = (
    "Reversible capacity was 312 mAh g−1 for WS-HC and 284 mAh g−1 for the commercial material, "
    "a mean difference of 28 mAh g−1, roughly 10% higher."
)
FEEDS = "Median time to full feeds was 11 days with probiotic and 13 days with placebo."
ENERGY = (
    "Display households used 23.1 kWh/day versus 24.0 kWh/day in control households, an "
    "adjusted difference of -0.9 kWh/day."
)
SCORES = (
    "At 12 weeks the CBT group had lower THI scores (difference -7.9, 95% CI -12.1 to -3.7; "
    "p<0.001) and ISI scores (-1.6, 95% CI -2.9 to -0.3; p=0.02)."
)


@pytest.mark.parametrize(
    ("claim", "text", "said"),
    [
        # a level given as the change, beside the difference the sentence names
        (
            "The reefs cut marsh-edge retreat by 39 cm per year compared with controls.",
            RETREAT,
            "32.0",
        ),
        ("Display households used 23.1 kWh per day less than control households.", ENERGY, "0.9"),
        # a signed value opening its bracket is a difference, as one named so is
        ("Insomnia improved by about 1.6 ISI points more with the app.", SCORES, None),
        # percentage points are a difference by their unit, named or not
        (
            "Enhanced texts cut missed hearings by about 7.6 percentage points against controls.",
            "Against control, the risk difference was −5.1 pp for plain reminders and −7.6 pp "
            "for enhanced reminders.",
            None,
        ),
        # ... of a percentage only; a change named after its value is one too
        (
            "F-PEAI raised efficiency by about 1.7 percentage points over control.",
            "The F-PEAI advantage ranged from 1.4 to 2.0 percentage points; the TEACl advantage "
            "ranged from 0.6 to 1.7 points.",
            None,
        ),
        (
            "Children saw their BMI z-scores fall by about 0.04 against comparison schools.",
            "The policy was associated with a 0.04 reduction in BMI z-score (95% CI −0.07 to "
            "−0.01) and a 2.0 percentage-point reduction in overweight or obesity.",
            None,
        ),
        # an interval's signed bound is no difference
        (
            "The 3-bit model lost more than 16 percentage points on the maths benchmark.",
            "The 3-bit variant lost 7.2 (-7.9 to -6.5), 16.4 (-18.9 to -13.9) and 8.6 "
            "(-9.8 to -7.4) points.",
            None,
        ),
        # the named difference, or a change the sentence states in words
        (
            "The reefs cut marsh-edge retreat by 32 cm per year compared with controls.",
            RETREAT,
            None,
        ),
        (
            "The walnut carbon stored about 10% more charge than the commercial anode.",
            CAPACITY,
            None,
        ),
        # no difference named: the levels say nothing of which change it is
        ("Babies reached full feeds 11 days earlier on the probiotic.", FEEDS, None),
        # a level said as a level
        ("Retreat behind reefs was 39 cm per year at high-fetch segments.", RETREAT, None),
        # a unit's exponent is no value, nor a stage a change
        ("The walnut carbon delivered 28 mAh g−1 more than the commercial one.", CAPACITY, None),
        (
            "The probiotic lowered stage 2 or worse NEC by 44%.",
            "NEC of stage 2 or higher fell by 3.2 points.",
            None,
        ),
    ],
)
def test_a_change_given_a_levels_value(claim: str, text: str, said: str | None) -> None:
    evidence = [Evidence(2, text, (0.0, 0.0, 1.0, 1.0), 0.9, 0)]
    found = change_as_level(extract_numbers(claim), claim, evidence)
    assert (found.paper_value if found else None) == said


@pytest.mark.parametrize(
    ("added", "said"),
    [
        # a hedged change the evidence names within its hedge is that change, not a level
        ("8.8", None),
        ("7.1", "12.9"),
    ],
)
def test_a_hedged_change_the_evidence_names(added: str, said: str | None) -> None:
    claim = "Fine-tuning lifted the fix rate by nearly 9 percentage points."
    text = (
        f"Fine-tuning added {added} percentage points (95% CI 5.6 to 12.0) over the base model, "
        "and MendLM exceeded NeuRepair by 12.9 points (95% CI 9.0 to 16.8)."
    )
    gates = run_gates(claim, PaperFacts(make_paper([text])))
    evidence = [Evidence(2, text, (0.0, 0.0, 1.0, 1.0), 0.9, 0)]
    found = change_as_level(gates.numbers, gates.text, evidence)
    assert (found.paper_value if found else None) == said


def test_the_verdict_names_the_difference() -> None:
    paper = make_paper([RETREAT])
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify(
        "The reefs cut marsh-edge retreat by 39 cm per year compared with controls."
    )[0]
    assert verdict.status.value == "unsupported"
    assert verdict.reasons[0] == "number_mismatch:39->32.0"
