"""A value the paper gives one group, claimed of another group of the same sentence."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.config import CheckerSettings
from core.types import PaperSentence
from core.verify.binding import stated_numbers
from core.verify.group_owners import group_mismatch, grouped_values
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeRetriever, make_paper


def sentences(*texts: str) -> list[PaperSentence]:
    return [
        PaperSentence(index=i, text=t, page=1, bboxes=((0, 0, 1, 1),), section="Results")
        for i, t in enumerate(texts)
    ]


FARMS = (
    "Mean visitation was 4.1 visits per watch on conventional farms, 7.9 on organic farms and "
    "9.3 on mixed farms."
)
SLEEP = (
    "Accuracy on a 3-back task (d') fell from 2.41 after normal sleep to 2.05 after partial "
    "restriction and 1.58 after total deprivation (p < 0.001)."
)
MIXES = (
    "We compared four materials as partial replacements for cement: 25% Class F fly ash (FA), "
    "40% ground granulated blast-furnace slag (GGBS), 8% silica fume (SF) and 10% metakaolin "
    "(MK), against a plain control."
)
CITIES = (
    "Overall asthma incidence was 13.9 per 1,000 person-years: 17.8 in Turin, 14.1 in Lyon, "
    "12.6 in Bilbao and 10.3 in Porto."
)
DOSES = (
    "Seven-day survival was 46% (11/24) with vehicle, 54% (13/24) at 5 mg/kg (p = 0.57), 79% "
    "(19/24) at 15 mg/kg (p = 0.018) and 75% (18/24) at 45 mg/kg (p = 0.03)."
)
TRAINING = (
    "Training the transformer took 6.4 GPU-hours, compared with 11 minutes on a 32-core CPU for "
    "XGBoost."
)
RATINGS = (
    "Developers rated MendLM's correct patches 3.9 on average for readability against 4.1 for "
    "the developer patches (p=0.31)."
)
DISTRESS = "Distress affected 19.6% of the cash group and 27.8% of controls (OR 0.63)."
TABLE = (
    "Mean visits per watch (95% CI): conventional 4.1 (3.5-4.8); organic 7.9 (6.9-9.0); "
    "mixed 9.3 (8.1-10.6)."
)


SPEED = (
    "It processed a clause in 9.6 ms versus 412 ms for the teacher and used 0.9 GB rather than "
    "142 GB of GPU memory."
)
COSTS = (
    "Peak memory was 0.9 GB for the student and 142 GB for the teacher; a clause took 9.6 ms for "
    "the student and 412 ms for the teacher."
)


@pytest.mark.parametrize(
    ("claim", "paper", "expected"),
    [
        # the mixed farms' value, claimed of organic farms
        (
            "Organic farms averaged about 9.3 visits per watch, against 4.1 on conventional farms.",
            FARMS,
            ("9.3", "7.9"),
        ),
        ("Organic farms averaged about 9.3 visits per watch.", TABLE, ("9.3", "7.9")),
        # "3-back" names the task: no value between the group and its value
        ("After total sleep deprivation, mean 3-back d' dropped to 2.05.", SLEEP, ("2.05", "1.58")),
        ("The metakaolin mix replaced 25% of the cement.", MIXES, ("25%", "10%")),
        ("The fly ash mix replaced 10% of the cement.", MIXES, ("10%", "25%")),
        # the overall value, claimed of one group
        ("In Turin, incidence was 13.9 cases per 1,000 person-years.", CITIES, ("13.9", "17.8")),
        ("Overall, incidence was 13.9 cases per 1,000 person-years.", CITIES, None),
        # groups named by their dose; a group the claim gives its own value is not this one's
        (
            "Survival rose from 46% with vehicle to 79% in the 45 mg/kg group.",
            DOSES,
            ("79%", "75%"),
        ),
        ("Survival rose from 46% with vehicle to 79% in the 15 mg/kg group.", DOSES, None),
        # each value with its own group
        ("After total sleep deprivation, mean 3-back d' dropped to 1.58.", SLEEP, None),
        ("Organic farms averaged 7.9 visits against 4.1 on conventional farms.", FARMS, None),
        ("The fly ash mix replaced a quarter of the cement, at 25%.", MIXES, None),
        # the claim names the value's own group too: it may be comparing them
        ("Mixed farms reached 9.3 visits, well above organic farms.", FARMS, None),
        # a group named by a word it shares with another is not named ("sleep")
        ("Sleep loss left 3-back d' at 2.05.", SLEEP, None),
        # another value stands between the named group and the claim's value
        ("Organic farms saw 7.9 visits and 9.3 was the top figure.", FARMS, None),
        # no group of the sentence named
        ("The average farm saw 9.3 visits per watch.", FARMS, None),
        # the subject's value, compared with another group's
        ("The transformer could be trained in about 11 minutes.", TRAINING, ("11", "6.4")),
        ("XGBoost could be trained in about 11 minutes.", TRAINING, None),
        ("Training the transformer took 6.4 GPU-hours.", TRAINING, None),
        # the teacher's time is no rival of its memory: a value in another unit
        ("The teacher needed around 140 GB.", SPEED, None),
        ("The teacher needed around 140 GB.", COSTS, None),
        # read in its own unit, each group has one value of it
        ("The teacher needed 0.9 GB.", COSTS, ("0.9", "142")),
        ("The teacher took 9.6 ms.", COSTS, ("9.6", "412")),
        # two groups' values exchanged, each named with the other's group
        (
            "In all, 27.8% of cash recipients had distress, compared with 19.6% of controls.",
            DISTRESS,
            ("27.8%", "19.6%"),
        ),
        (
            "In all, 19.6% of cash recipients had distress, compared with 27.8% of controls.",
            DISTRESS,
            None,
        ),
        # the raters and the patches the subject names are every value's, no group of 4.1's
        (
            "Blinded developers rated MendLM's correct patches nearly as readable as the "
            "human-written fixes, 3.9 versus 4.1 on a five-point scale.",
            RATINGS,
            None,
        ),
    ],
)
def test_group_mismatch(claim: str, paper: str, expected: tuple[str, str] | None) -> None:
    found = group_mismatch(stated_numbers(claim), claim, grouped_values(sentences(paper)))
    got = None if found is None else (found.claim_value, found.paper_value)
    assert got == expected


def test_value_given_to_the_claims_group_elsewhere_is_no_mismatch() -> None:
    """Another sentence gives organic farms 9.3 (another measure): the claim may mean that."""
    claim = "Organic farms averaged about 9.3 visits per watch."
    other = "Species counts were 6.2 on conventional farms and 9.3 on organic farms."
    assert (
        group_mismatch(stated_numbers(claim), claim, grouped_values(sentences(FARMS, other)))
        is None
    )


def test_a_value_an_approximate_claim_stands_for_elsewhere_is_no_mismatch() -> None:
    """Strengthening's 14.2 is what "about 14 points" means; 14 adverse events are others'."""
    claim = "The strengthening group improved by about 14 points."
    paper = sentences(
        "Pain improved by 14.2 points with strengthening, 12.6 with neuromuscular exercise and "
        "7.9 with walking.",
        "Adverse events numbered 19 with strengthening, 14 with neuromuscular exercise and 9 "
        "with walking.",
    )
    hedged = [replace(m, approximate=True) for m in stated_numbers(claim)]
    assert group_mismatch(hedged, claim, grouped_values(paper)) is None
    exact = "The strengthening group had 14 adverse events."
    found = group_mismatch(stated_numbers(exact), exact, grouped_values(paper))
    assert found is not None and (found.claim_value, found.paper_value) == ("14", "19")


def test_sentences_with_one_group_are_not_read() -> None:
    assert grouped_values(sentences("Visits were 9.3 per watch on mixed farms.")) == []
    assert len(grouped_values(sentences(FARMS, TABLE, SLEEP, MIXES))) == 4


def test_the_verdict_names_the_value_of_the_claims_group() -> None:
    paper = make_paper(["Farms were surveyed in July.", FARMS])
    checker = Checker(
        paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings(use_judge=False)
    )
    verdict = checker.verify("Organic farms averaged about 9.3 visits per watch.")[0]
    assert verdict.status.value == "unsupported"
    assert verdict.reasons[0] == "number_mismatch:9.3->7.9"
    assert verdict.explanation.startswith("The claim says 9.3, but the paper says 7.9 (p. 1)")


NEC = (
    "NEC occurred in 24 of 603 infants (4.0%) given probiotic and 43 of 601 (7.2%) given "
    "placebo (RR 0.56, 95% CI 0.34 to 0.90; p=0.018)."
)
READMISSION = (
    "Readmission within 90 days occurred in 38 of 156 (24.4%) hospital-at-home patients and 52 "
    "of 156 (33.3%) usual-care patients."
)
RETREAT = (
    "Mean retreat was 29.6 cm/yr (SD 14.2) at reef segments and 48.8 cm/yr (SD 17.9) at control "
    "segments (adjusted difference -19.2 cm/yr)."
)
CONTAINERS = (
    "In Carrowmore, eligible containers fell from a mean of 8.0 to 3.2 per 100 m; in Lisvane "
    "they fell from 7.5 to 6.9."
)
ENERGY = (
    "Display households used a mean of 23.1 kWh/day versus 24.0 kWh/day in control households, "
    "an adjusted difference of -0.9 kWh/day."
)
CAPACITY = (
    "Usable capacity (100 to 5 bar, 77 K) was 8.1 wt% and 46 g/L for VLN-12, against 42 g/L "
    "for MOF-5."
)


@pytest.mark.parametrize(
    ("paper", "groups"),
    [
        # a share in brackets, then the arm it is of
        (NEC, {"4.0%": {"probiotic"}, "7.2%": {"placebo"}}),
        (READMISSION, {"24.4%": {"hospital-at-home"}, "33.3%": {"usual-care"}}),
        # a unit and its spread between a value and its group
        (RETREAT, {"29.6": {"reef", "segment"}, "48.8": {"control", "segment"}}),
        # a clause opened by its group
        (
            CONTAINERS,
            {"8.0": {"carrowmore"}, "3.2": {"carrowmore"}, "7.5": {"lisvane"}, "6.9": {"lisvane"}},
        ),
        # the subject's value, set against another group's without a comma; a word the subject
        # says of every value tells no group named after its value from the others
        (ENERGY, {"23.1": {"display", "household"}, "24.0": {"control"}}),
        # a condition in brackets is no subject
        (CAPACITY, {"46": {"vln"}, "42": {"mof"}}),
    ],
)
def test_the_group_each_value_is_given(paper: str, groups: dict[str, set[str]]) -> None:
    (found,) = grouped_values(sentences(paper))
    read = {g.value.raw: set(g.words) for g in found.given if g.value.raw in groups}
    assert read == groups


ATTENDANCE = (
    "Mean attendance was 84.6% in intervention schools and 80.9% in control schools (adjusted "
    "difference 3.7 percentage points, 95% CI 1.9 to 5.5; p < 0.001)."
)


@pytest.mark.parametrize(
    ("claim", "paper", "expected"),
    [
        (
            "NEC was diagnosed in 7.2% of infants in the probiotic group and in 4.0% of those "
            "given placebo.",
            NEC,
            ("7.2%", "4.0%"),
        ),
        (
            "NEC was diagnosed in 4.0% of infants in the probiotic group and in 7.2% of those "
            "given placebo.",
            NEC,
            None,
        ),
        # hedged values are read as an exchange of both
        (
            "Control segments retreated about 30 cm a year, compared with nearly 49 cm a year "
            "behind the reefs.",
            RETREAT,
            ("30", "48.8"),
        ),
        (
            "Reef segments retreated about 30 cm a year, compared with nearly 49 cm a year at "
            "controls.",
            RETREAT,
            None,
        ),
        # one value the claim gives another group than the paper's
        ("Control segments retreated about 30 cm a year.", RETREAT, ("30", "48.8")),
        ("Control segments retreated about 49 cm a year.", RETREAT, None),
        # the other group's value said of a group the paper does not name
        (
            "Control schools ended the year with attendance of 84.6%, compared with 80.9% in "
            "the schools that dewormed their pupils.",
            ATTENDANCE,
            ("84.6%", "80.9%"),
        ),
        (
            "Dewormed schools ended the year with attendance of 84.6%, compared with 80.9% in "
            "control schools.",
            ATTENDANCE,
            None,
        ),
        # values listed after their groups are theirs in that order
        (
            "Worm infection was less than half as common in dewormed schools as in control "
            "schools (17.9% vs 41.6%).",
            "Any-STH prevalence was 17.9% in intervention and 41.6% in control schools.",
            None,
        ),
    ],
)
def test_values_exchanged_between_groups(
    claim: str, paper: str, expected: tuple[str, str] | None
) -> None:
    pdf = make_paper([paper])
    checker = Checker(pdf, FakeRetriever(pdf), FakeEmbedder(), None, CheckerSettings())
    reasons = checker.verify(claim)[0].reasons
    mismatch = [r for r in reasons if r.startswith("number_mismatch:")]
    assert mismatch == ([f"number_mismatch:{expected[0]}->{expected[1]}"] if expected else [])


def test_an_intervals_bound_is_no_groups_value() -> None:
    hearing = (
        "Scores fell by 0.41 points per year (95% CI 0.33 to 0.49) among users and by 0.68 "
        "points per year (0.62 to 0.74) among non-users."
    )
    assert grouped_values(sentences(hearing)) == []
