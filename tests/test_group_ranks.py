"""A claim that one group ranks first, against the values a sentence gives every group."""

from __future__ import annotations

import pytest

from core.config import CheckerSettings
from core.text.long_forms import long_forms
from core.types import Evidence
from core.verify.group_ranks import (
    check_group_rank,
    check_stated_rank,
    confirmed_rank,
    ranked_sentences,
    stated_ranks,
)
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeRetriever, make_paper

UNDIAGNOSED = (
    "The proportion of hypertensive participants who were undiagnosed showed the opposite "
    "gradient: 71.4% in Hà Giang, 66.2% in Đắk Lắk, 53.3% in Cần Thơ and 49.2% in Thái Bình."
)
PREVALENCE = (
    "Hypertension prevalence ranged from 22.1% in Hà Giang (262/1,187) to 31.8% in Thái Bình "
    "(390/1,226), with intermediate values in Đắk Lắk (25.0%) and Cần Thơ (30.5%)."
)
OVERPOTENTIAL = (
    "The overpotential was 287 ± 4 mV for undoped NiFe, 281 ± 6 mV for NiFeMn (p=0.22), "
    "262 ± 5 mV for NiFeCe (p=0.002) and 251 ± 3 mV for NiFeV (p<0.001)."
)
DROPOUT = "Dropout at 12 weeks was 11% with CBT-I and 8% with education."
RICHNESS = (
    "Mean species richness per farm was 11.2 (SD 3.0) on conventional, 16.8 (SD 3.9) on organic "
    "and 19.5 (SD 4.2) on mixed farms."
)
MIXES = (
    "We compared 25% fly ash (FA), 40% ground granulated blast-furnace slag (GGBS), 8% silica "
    "fume (SF) and 10% metakaolin (MK)."
)


def _evidence(text: str) -> list[Evidence]:
    return [Evidence(1, text, (0.0, 0.0, 1.0, 1.0), 0.9, 0)]


@pytest.mark.parametrize(
    ("claim", "evidence", "reason"),
    [
        # three forms of the claim, each way round
        ("Cần Thơ had the lowest share of undiagnosed cases.", UNDIAGNOSED, "Cần Thơ>Thái Bình"),
        ("Thái Bình had the lowest share of undiagnosed cases.", UNDIAGNOSED, None),
        ("Being undiagnosed was most common in Đắk Lắk.", UNDIAGNOSED, "Đắk Lắk<Hà Giang"),
        ("Being undiagnosed was most common in Hà Giang.", UNDIAGNOSED, None),
        ("The highest undiagnosed share was found in Cần Thơ.", UNDIAGNOSED, "Cần Thơ<Hà Giang"),
        # a range names its lowest and highest group, whatever the others' format
        ("Hà Giang had the highest hypertension prevalence.", PREVALENCE, "Hà Giang<Thái Bình"),
        ("Thái Bình had the highest hypertension prevalence.", PREVALENCE, None),
        ("Hà Giang had the lowest hypertension prevalence.", PREVALENCE, None),
        # values with a spread and a unit
        ("NiFeCe achieved the lowest overpotential.", OVERPOTENTIAL, "NiFeCe>NiFeV"),
        ("The overpotential was lowest for NiFeV.", OVERPOTENTIAL, None),
        # the sentence states another measure, the group is not among its groups, the claim
        # denies the rank or names a quality the values do not rank
        ("Cần Thơ had the lowest blood pressure control.", UNDIAGNOSED, None),
        ("Huế had the highest share of undiagnosed cases.", UNDIAGNOSED, None),
        ("Hà Giang did not have the highest undiagnosed share.", UNDIAGNOSED, None),
        ("NiFeCe had the most stable overpotential.", OVERPOTENTIAL, None),
        # first of all is first of any two the paper compares
        ("Dropout was lowest with CBT-I.", DROPOUT, "CBT-I>education"),
        ("Dropout was lowest with education.", DROPOUT, None),
        # a rank in a later clause, without its verb; groups that share the last one's noun
        (
            "Netting produced 1,940 bees, with species richness highest on organic farms.",
            RICHNESS,
            "organic<mixed farms",
        ),
        ("Species richness per farm was highest on mixed farms.", RICHNESS, None),
    ],
)
def test_a_group_ranked_first_against_every_groups_value(
    claim: str, evidence: str, reason: str | None
) -> None:
    found = check_group_rank(claim, _evidence(evidence), {})
    assert (found.reason if found else None) == (reason and f"group_rank_wrong:{reason}")


def test_the_verdict_names_the_group_the_paper_ranks_first() -> None:
    paper = make_paper(["Blood pressure was measured three times.", UNDIAGNOSED])
    checker = Checker(
        paper,
        FakeRetriever(make_paper(["Blood pressure was measured three times."])),
        FakeEmbedder(),
        None,
        CheckerSettings(),
    )
    assert [e.text for e in ranked_sentences(paper.sentences)] == [UNDIAGNOSED]
    verdict = checker.verify("Cần Thơ had the lowest share of undiagnosed cases.")[0]
    assert verdict.status.value == "unsupported"
    assert verdict.reasons[0] == "group_rank_wrong:Cần Thơ>Thái Bình"
    assert verdict.explanation.startswith(
        "The paper gives 49.2% for Thái Bình, below 53.3% for Cần Thơ (p. 1)"
    )


@pytest.mark.parametrize(
    ("claim", "paper", "reason"),
    [
        # the paper ranks another group first in words; its abbreviation is the group's name
        (
            "Metakaolin produced the highest 90-day compressive strength.",
            "SF gave the highest strength at all ages (64.2 MPa at 90 days).",
            "Metakaolin<SF",
        ),
        (
            "Silica fume concrete had the lowest chloride migration coefficient.",
            "GGBS gave the lowest migration coefficient, whereas SF passed the lowest charge.",
            "Silica fume concrete>GGBS",
        ),
        # the same group, in full or abbreviated, or by a word of its long form
        (
            "Silica fume gave the highest strength.",
            "SF gave the highest strength at all ages.",
            None,
        ),
        (
            "The slag mix had the lowest migration coefficient.",
            "GGBS gave the lowest migration coefficient.",
            None,
        ),
        (
            "SF passed the lowest charge.",
            "GGBS gave the lowest migration coefficient, whereas SF passed the lowest charge.",
            None,
        ),
        # another measure, the other end, a condition the claim does not share, a rank denied
        (
            "Metakaolin produced the highest slump.",
            "SF gave the highest strength at all ages.",
            None,
        ),
        (
            "Metakaolin produced the lowest strength.",
            "SF gave the highest strength at all ages.",
            None,
        ),
        ("Metakaolin gave the highest strength.", "SF gave the highest strength at 7 days.", None),
        (
            "Metakaolin gave the highest strength at 7 days.",
            "SF gave the highest strength at 7 days.",
            "Metakaolin<SF",
        ),
        (
            "Metakaolin did not give the highest strength.",
            "SF gave the highest strength at all ages.",
            None,
        ),
        (
            "Metakaolin gave one of the highest strengths.",
            "SF gave the highest strength at all ages.",
            None,
        ),
        # a peak is where the measure is highest
        (
            "Pollinator visits peaked in August.",
            "Visitation peaked in July, at twice May's rate.",
            "August<July",
        ),
        (
            "Pollinator visits peaked in July.",
            "Visitation peaked in July, at twice May's rate.",
            None,
        ),
    ],
)
def test_a_group_ranked_first_against_the_group_the_paper_ranks_first(
    claim: str, paper: str, reason: str | None
) -> None:
    sentences = make_paper([MIXES, paper]).sentences
    found = check_stated_rank(claim, stated_ranks(sentences), long_forms(MIXES))
    assert (found.reason if found else None) == (reason and f"group_rank_wrong:{reason}")


def test_long_forms_are_read_from_the_letters_of_their_abbreviation() -> None:
    assert long_forms(MIXES) == {
        "fa": "fly ash",
        "ggbs": "ground granulated blast-furnace slag",
        "sf": "silica fume",
        "mk": "metakaolin",
    }
    # one capital is no abbreviation; letters that are not in the words before define nothing
    assert long_forms("the migration coefficient (Dnssm) and a control (XYZ)") == {}


NO2 = (
    "Median NO2 ranged from 18.2 µg/m³ in Porto to 41.6 µg/m³ in Turin, and median PM2.5 from "
    "9.8 µg/m³ in Porto to 22.4 µg/m³ in Turin."
)
INCIDENCE = (
    "Overall asthma incidence was 13.9 per 1,000 person-years: 17.8 in Turin, 14.1 in Lyon, "
    "12.6 in Bilbao and 10.3 in Porto."
)


@pytest.mark.parametrize(
    ("claim", "paper", "confirmed"),
    [
        # a range's top, through the paper's abbreviation; a list's lowest
        ("Of the four cities, Turin had the highest nitrogen dioxide levels.", NO2, True),
        ("Porto had the lowest rate of new asthma cases among the four cities.", INCIDENCE, True),
        # a rank stated in words
        (
            "Silica fume gave the highest strength.",
            "SF gave the highest strength at all ages.",
            True,
        ),
        # another group first, or a claim that says more than the rank
        ("Lyon had the lowest rate of new asthma cases.", INCIDENCE, False),
        ("Turin had the highest nitrogen dioxide levels, which explains its asthma.", NO2, False),
        ("Turin had the highest ozone levels.", NO2, False),
    ],
)
def test_a_rank_the_paper_gives_the_same_group_is_confirmed(
    claim: str, paper: str, confirmed: bool
) -> None:
    sentences = make_paper([MIXES, "We measured nitrogen dioxide (NO2) at home.", paper]).sentences
    abbreviations = long_forms(" ".join(s.text for s in sentences))
    evidence = _evidence(paper)
    found = confirmed_rank(claim, evidence, stated_ranks(sentences), abbreviations)
    assert (found is not None) == confirmed


def test_a_confirmed_rank_is_supported_with_the_ranking_sentence() -> None:
    paper = make_paper(["Children were followed for seven years.", INCIDENCE])
    checker = Checker(
        paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings(use_judge=False)
    )
    verdict = checker.verify("Porto had the lowest rate of new asthma cases.")[0]
    assert verdict.status.value == "supported"
    assert verdict.reasons[0] == "rank_confirmed"
    assert verdict.explanation.startswith(
        "The paper gives 10.3 for Porto, the lowest of its groups"
    )
