"""A value a sentence lists for one item, given by a claim to another item of the list."""

from __future__ import annotations

import pytest

from core.config import CheckerSettings
from core.types import Evidence
from core.verify.binding import stated_numbers
from core.verify.gates import PaperFacts, run_gates
from core.verify.listed_values import listed_mismatch
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeRetriever, make_paper

CITIES = (
    "Mean nocturnal intensity (urban minus rural, 22:00–05:00) was 2.9 ± 0.8 °C in Lyon, "
    "2.1 ± 0.6 °C in Kraków and 1.4 ± 0.5 °C in Porto (mean ± SD across summer nights)."
)
CITIES_BRACKETED = (
    "Mean nocturnal intensity differed among cities (Lyon 2.9 ± 0.8 °C, Kraków 2.1 ± 0.6 °C, "
    "Porto 1.4 ± 0.5 °C; p < 0.001)."
)
ARMS = (
    "Delirium occurred in 38 of 232 (16.4%) patients receiving 5 mg, 47 of 233 (20.2%) "
    "receiving 2 mg and 57 of 231 (24.7%) receiving placebo (5 mg vs placebo: relative risk "
    "[RR] 0.66, 95% CI 0.46-0.95; p=0.027)."
)
ASSIGNED = (
    "People were assigned to no reminders (control, n=1,502), plain reminders (n=1,498), or "
    "enhanced reminders that added information on consequences and a planning prompt (n=1,500)."
)
ACCURACY = (
    "Pooled sensitivity was 0.93 (95% CI 0.89-0.95) and specificity 0.88 (0.82-0.92), with "
    "substantial heterogeneity."
)
SIZES = (
    "LiteFormer-Seg has 11.2 M parameters, compared with 31.2 M for nnU-Net, 62.2 M for Swin "
    "UNETR and 92.8 M for UNETR, and needs 0.9 s per volume versus 2.4 s for nnU-Net."
)
AGES = (
    "Respondents aged 60 and over showed a decline of 0.29 (SE 0.09), compared with 0.04 "
    "(SE 0.11) among those under 40."
)
SPECIES = (
    "Nets caught 3,120 fish: brown trout 1,960 (62.8%), rainbow trout 700 (22.4%) and perch "
    "460 (14.7%)."
)
RETAINED = (
    "The survey was completed by 1,611 participants (86%): 549 of 624 (88%) in the cash group "
    "and 1,062 of 1,248 (85%) in the control group."
)
RECRUITED = "We recruited 412 adults, aged 65 years or older, from 12 clinics in Ohio."
CALLERS = (
    "Of the callers, 171 (41.5%) were aged 65 or over and 158 (38.3%) had a mental health "
    "condition recorded as the main reason for calls."
)
ADVICE = (
    "The most frequent recommendations were stopping therapy (38%), intravenous-to-oral switch "
    "(27%) and de-escalation (21%)."
)
CALLS = (
    "The effect on calls was greater among participants whose calls were mainly related to a "
    "mental health condition (RR 0.58, 0.45 to 0.75) than among other participants (RR 0.84)."
)


@pytest.mark.parametrize(
    ("claim", "evidence", "found"),
    [
        # the value of one item of the list, given to another the claim names
        ("Porto's average nocturnal heat island was 2.1 °C.", CITIES, ("2.1", "1.4")),
        ("Porto's average nocturnal heat island was 2.1 °C.", CITIES_BRACKETED, ("2.1", "1.4")),
        ("Among patients given placebo, 20.2% developed delirium.", ARMS, ("20.2%", "24.7%")),
        ("Ultrasound had a pooled sensitivity of 88%.", ACCURACY, ("88%", "0.93")),
        ("Swin UNETR has about 92.8 million parameters.", SIZES, ("92.8 million", "62.2 M")),
        # a colon opens the list: its first item is the one after it
        ("Rainbow trout made up 62.8% of the catch.", SPECIES, ("62.8%", "22.4%")),
        ("Brown trout made up 62.8% of the catch.", SPECIES, None),
        # an item the claim names goes before the total it also shares words with
        ("Of the 3,000 or so fish caught, 22.4% were brown trout.", SPECIES, ("22.4%", "62.8%")),
        # what leads into the list is the total, no item's value
        ("About 86% completed the survey, slightly more in the cash arm.", RETAINED, None),
        # the value of the item the claim names
        ("Kraków's average nocturnal heat island was 2.1 °C.", CITIES, None),
        ("Among patients given 2 mg, 20.2% developed delirium.", ARMS, None),
        ("Specificity was 88%.", ACCURACY, None),
        ("UNETR has 92.8 million parameters.", SIZES, None),
        # both items named, or none: whose value it is stays open
        ("Kraków's heat island, 2.1 °C, exceeded Porto's.", CITIES, None),
        ("One city's heat island was 2.1 °C.", CITIES, None),
        # parts that are no list of one kind of value; small counts recur for anything
        ("The 412 participants came from clinics in Ohio.", RECRUITED, None),
        ("Patients receiving placebo took 5 tablets.", ARMS, None),
        # a value in a unit is given to another item only in that unit
        (
            "Mice given 15 mg/kg survived longer.",
            "The 192 mice (96 per sex) received 5, 15 or 45 mg/kg a day.",
            None,
        ),
        # a spread in brackets is no value of its item
        (
            "Lapses rose from 2 after normal sleep to 14 after a night awake.",
            "Sleep time was 7 h 22 min (SD 21 min) in the normal group and 3 h 41 min (SD 14 min) "
            "in the partial group.",
            None,
        ),
        # a change no ratio gives is read as the listed share it states
        ("Stopping therapy fell by 27%.", ADVICE, ("27%", "38%")),
        # a share the claim gives for another item of the list
        (
            "Some 42% had a mental health condition as the main reason for their calls.",
            CALLERS,
            ("42%", "38.3%"),
        ),
        # an item's own number is no value of it; the claim names both items by theirs
        ("Respondents aged 60 and over lost more trust than those under 40.", AGES, None),
        (
            "Effectiveness was lower among the oldest adults than among those aged 65 to 74.",
            "Effectiveness was lower in adults aged 85 or older than in those aged 65 to 74.",
            None,
        ),
    ],
)
def test_a_listed_value_belongs_to_its_own_item(
    claim: str, evidence: str, found: tuple[str, str] | None
) -> None:
    mismatch = listed_mismatch(
        stated_numbers(claim), claim, [Evidence(3, evidence, (0.0, 0.0, 1.0, 1.0), 0.9, 0)]
    )
    assert (mismatch and (mismatch.claim_value, mismatch.paper_value)) == found


@pytest.mark.parametrize(
    ("claim", "found"),
    [
        # a change a ratio gives ("RR 0.58") is no share of those the other sentence lists
        (
            "Callers with mental health needs gained most, with calls cut by about 42% versus "
            "16% among others.",
            None,
        ),
    ],
)
def test_a_change_a_ratio_gives_is_no_listed_share(
    claim: str, found: tuple[str, str] | None
) -> None:
    evidence = [
        Evidence(2, t, (0.0, 0.0, 1.0, 1.0), 0.9, i) for i, t in enumerate([CALLERS, CALLS])
    ]
    mismatch = listed_mismatch(stated_numbers(claim), claim, evidence)
    assert (mismatch and (mismatch.claim_value, mismatch.paper_value)) == found


def test_another_sentence_giving_the_value_to_the_claims_item_clears_it() -> None:
    own = "Kraków's mean nocturnal intensity was 1.4 °C in 2016 and rose later."
    evidence = [Evidence(1, t, (0.0, 0.0, 1.0, 1.0), 0.9, i) for i, t in enumerate([CITIES, own])]
    claim = "Kraków's heat island in 2016 was 1.4 °C."
    assert listed_mismatch(stated_numbers(claim), claim, evidence) is None


def test_two_sentences_listing_the_same_values_both_give_it_to_another_item() -> None:
    evidence = [
        Evidence(1, t, (0.0, 0.0, 1.0, 1.0), 0.9, i)
        for i, t in enumerate([CITIES, CITIES_BRACKETED])
    ]
    claim = "Porto's average nocturnal heat island was 2.1 °C."
    found = listed_mismatch(stated_numbers(claim), claim, evidence)
    assert found is not None and found.paper_value == "1.4"


def test_the_verdict_names_the_items_own_value() -> None:
    paper = make_paper([CITIES])
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify("Porto's average nocturnal heat island was 2.1 °C.")[0]
    assert verdict.status.value == "unsupported"
    assert verdict.reasons[0] == "number_mismatch:2.1->1.4"
    assert "1.4" in verdict.explanation


@pytest.mark.parametrize(
    ("claim", "found"),
    [
        # a hedged value for each item, settled on one item's value, covers the others' too
        (
            "The 4,500 participants were split among no texts, plain reminders and enhanced "
            "reminders, with about 1,500 in each arm.",
            None,
        ),
        (
            "The 4,500 participants were split among no texts, plain reminders and enhanced "
            "reminders, with 1,500 in each arm.",
            ("1,500", "1,498"),
        ),
    ],
)
def test_a_hedged_value_of_each_item(claim: str, found: tuple[str, str] | None) -> None:
    gates = run_gates(claim, PaperFacts(make_paper([ASSIGNED])))
    evidence = [Evidence(3, ASSIGNED, (0.0, 0.0, 1.0, 1.0), 0.9, 0)]
    mismatch = listed_mismatch(gates.numbers, gates.text, evidence)
    assert (mismatch and (mismatch.claim_value, mismatch.paper_value)) == found
