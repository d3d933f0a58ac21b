"""A percentage change given to another measure than the one the paper gives it to."""

from __future__ import annotations

import pytest

from core.config import CheckerSettings
from core.types import Evidence
from core.verify.change_subjects import subject_mismatch
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeRetriever, make_paper

SEDIMENT = (
    "Fine sediment cover was 38% lower in wide-buffer reaches, but nitrate concentrations did "
    "not differ among classes."
)
CRP = (
    "At 3 months, hs-CRP was 41% lower with daily colchicine and 22% lower with alternate-day "
    "colchicine than with placebo."
)
REDUCTION = "Coating gave a 12% reduction in capacity fade, while impedance was unchanged."
INCOME = (
    "Relative to comparison villages, mini-grid villages saw a 14% greater increase in household "
    "income."
)


@pytest.mark.parametrize(
    ("claim", "evidence", "said"),
    [
        # the sentence gives the value to one measure and names the claim's apart from it
        ("Wide buffers cut nitrate concentrations in the streams by 38%.", SEDIMENT,
         "38% for fine sediment cover"),
        ("The coating brought a 12% reduction in impedance.", REDUCTION,
         "12% for capacity fade"),
        ("The coating gave 12% lower impedance.", REDUCTION, "12% for capacity fade"),
        # the claim's measure in the paper's words, or in other words the sentence lacks
        ("Wide woodland buffers cut fine sediment by 38%.", SEDIMENT, None),
        ("Wide buffers left 38% less silt on the streambed.", SEDIMENT, None),
        ("Daily colchicine lowered hs-CRP by 41%.", CRP, None),
        ("Daily colchicine lowered inflammation markers by 41%.", CRP, None),
        # a change said per step of something names no measure
        ("Buffers held about 38% more for every 10 m of width, and less nitrate.", SEDIMENT, None),
        # nor a change said of where or when it happened
        ("Incomes rose in both, but by roughly 14% more where a mini-grid had been built.",
         INCOME, None),
        ("Fine sediment was 38% lower when wide buffers had been planted.", SEDIMENT, None),
        # a change of risk is read against the ratios
        ("Buffer owners were 38% less likely to report nitrate problems.", SEDIMENT, None),
        ("Wide buffers had a 38% lower relative risk of high nitrate.", SEDIMENT, None),
        ("Daily colchicine cut the risk of stroke by 41%.", CRP, None),
    ],
)  # fmt: skip
def test_a_change_is_of_its_own_measure(claim: str, evidence: str, said: str | None) -> None:
    found = subject_mismatch(claim, [Evidence(2, evidence, (0.0, 0.0, 1.0, 1.0), 0.9, 0)])
    assert (found.paper_value if found else None) == said


def test_the_verdict_names_whose_change_it_is() -> None:
    paper = make_paper([SEDIMENT])
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify("Wide buffers cut nitrate concentrations in the streams by 38%.")[0]
    assert verdict.status.value == "unsupported"
    assert verdict.reasons[0] == "number_mismatch:38%->38% for fine sediment cover"
