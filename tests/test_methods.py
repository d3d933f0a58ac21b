"""An evaluation a claim says the paper ran must be one the paper mentions."""

from __future__ import annotations

import pytest

from core.verify.gates import PaperFacts, run_gates
from tests.fakes import make_paper

PAPER = make_paper(
    [
        "OpenQuestion exports reports to HTML files. A school board used it for a student census.",
        "A detailed ablation study clarifies the contribution of each component.",
        "The gains are statistically significant for n=3 only (p < 0.01).",
    ]
)
FACTS = PaperFacts(PAPER)


@pytest.mark.parametrize(
    ("sentence", "reasons"),
    [
        # a method the paper never mentions
        (
            "The authors report that it was evaluated in a user study with school boards.",
            ["method_not_in_paper:user study"],
        ),
        (
            "The tool was validated with 5-fold cross-validation.",
            ["method_not_in_paper:cross-validation"],
        ),
        ("作者通过用户研究验证了该平台。", ["method_not_in_paper:user study"]),
        ("The reports were rated in a human evaluation.", ["method_not_in_paper:human evaluation"]),
        # methods the paper mentions
        ("An ablation study clarifies each component's contribution.", []),
        ("A significance test shows the gains at n=3.", []),
        # denied, asked, wished or planned: not a statement that the method was used
        ("The paper lacks a user study.", []),
        ("The authors did not run a user study.", []),
        ("Was the tool evaluated in a user study?", []),
        ("A user study would strengthen the paper.", []),
        ("Future work should include a user study.", []),
        ("论文没有进行用户研究。", []),
    ],
)
def test_methods_must_be_in_the_paper(sentence: str, reasons: list[str]) -> None:
    found = [r for r in run_gates(sentence, FACTS).reasons if r.startswith("method_")]
    assert found == reasons
