"""A claim that one group ranks first, against the values a sentence gives every group."""

from __future__ import annotations

import pytest

from core.config import CheckerSettings
from core.types import Evidence
from core.verify.group_ranks import check_group_rank, ranked_sentences
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
        # two groups without a range are a comparison, not a ranking
        ("Dropout was lowest with CBT-I.", DROPOUT, None),
    ],
)
def test_a_group_ranked_first_against_every_groups_value(
    claim: str, evidence: str, reason: str | None
) -> None:
    found = check_group_rank(claim, _evidence(evidence))
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
