"""An abbreviation a claim gives in brackets must be the one its evidence gives there."""

from __future__ import annotations

import pytest

from core.types import Evidence
from core.verify.abbreviations import bracketed, check_bracketed


def ev(text: str, page: int = 9) -> Evidence:
    return Evidence(page=page, text=text, bbox=(0, 0, 1, 1), score=1.0, sentence_index=0)


GRANT = ev("This work was supported by Science Foundation Ireland (SFI) under Grant SFI/12/2289.")
VOLATILITY = ev("The prediction results of the ARCH model are reported here.", page=5)
ICPC = ev("另一种分类体系是基层医疗国际分类（ICPC-2），它由世界家庭医生组织（WONCA）开发。", page=2)
EMPLOYED = ev("我们使用均方误差（MSE）评价模型在30天上的预测。", page=6)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Science Foundation Ireland (SFI) funded it.", ["SFI"]),
        ("世界家庭医生组织（WONCA）和（ICPC-2）", ["WONCA", "ICPC-2"]),
        # a word, a page or a label in brackets is no abbreviation
        ("It works (mostly) as shown (p. 4) in (Table 2).", []),
    ],
)
def test_bracketed(text: str, expected: list[str]) -> None:
    assert bracketed(text) == expected


@pytest.mark.parametrize(
    ("claim", "evidence", "expected"),
    [
        # the grant sentence brackets SFI where the claim brackets ARCH (written elsewhere)
        (
            "该研究得到了爱尔兰科学基金会（ARCH）的资助，资助编号为SFI/12/2289。",
            [GRANT, VOLATILITY],
            ("ARCH", "SFI"),
        ),
        (
            "The work was funded by Science Foundation Ireland (ARCH) under grant SFI/12/2289.",
            [GRANT],
            ("ARCH", "SFI"),
        ),
        ("The work was funded by Science Foundation Ireland (SFI).", [GRANT], None),
        # another evidence sentence brackets the claim's abbreviation: the paper's own there
        ("ICPC-2由世界家庭医生组织（WONCA）开发。", [GRANT, ICPC], None),
        # a sentence that does not state the claim's fact decides nothing
        ("模型的表现用均方误差（RMSE）衡量。", [GRANT], None),
        # within one language the sentence's words state the fact
        ("模型在30天上的预测用均方误差（RMSE）评价。", [EMPLOYED], ("RMSE", "MSE")),
    ],
)
def test_check_bracketed(
    claim: str, evidence: list[Evidence], expected: tuple[str, str] | None
) -> None:
    found = check_bracketed(claim, evidence)
    assert (None if found is None else (found.claim_name, found.paper_name)) == expected
