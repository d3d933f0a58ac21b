"""Funders: a claim's funder against those the paper names."""

from __future__ import annotations

import pytest

from core.types import PaperSentence
from core.verify.funders import check_funder, funders, paper_funders


def _paper(*texts: str) -> list[PaperSentence]:
    return [PaperSentence(i, t, 1, ((0.0, 0.0, 1.0, 1.0),)) for i, t in enumerate(texts)]


DIET = (
    "The trial was funded by the Spanish Ministry of Health; olive oil was donated by a "
    "producers' association, which had no role in the analysis."
)
JSPS = "The work was funded by the Japan Society for the Promotion of Science (KAKENHI)."
NIH = "This work was supported by grant R01-123 from the National Institutes of Health."
CALDER = "The study was funded by the Calder Foundation for Public Health Research."
THANKS = "We thank the staff of the 12 clinics for their support."


@pytest.mark.parametrize(
    ("claim", "paper", "wrong"),
    [
        # another party of the funding sentence, or another funder altogether
        ("The trial was funded by an olive oil producers' association.", [DIET], True),
        ("The research was funded by the US National Institutes of Health.", [JSPS], True),
        ("The European Food Safety Authority funded this study.", [NIH], True),
        # the paper's funder in other words, by its acronym, or as one of its words
        ("Spain's Ministry of Health funded the trial.", [DIET], False),
        ("The study was funded by the NIH.", [NIH], False),
        ("The NIH funded the study.", [NIH], False),
        ("Funding came from the Japan Society for the Promotion of Science.", [JSPS], False),
        ("The work was financed by KAKENHI.", [JSPS], False),
        # a description of the funder is read by the name it is given after it
        (
            "The trial was sponsored by the drug's developer, the Spanish Ministry of Health, "
            "which had no role.",
            [DIET],
            False,
        ),
        ("The trial was sponsored by the drug's developer, Norvik Pharma.", [DIET], True),
        # money a claim says the work did not get names no funder
        (
            "The work was funded by a public health foundation and received no money from "
            "tobacco companies.",
            [CALDER],
            False,
        ),
        ("The study received no funding from tobacco companies.", [CALDER], False),
        ("The study was funded by tobacco companies.", [CALDER], True),
        # a paper that names no funder is not read; nor is a claim that names none
        ("The trial was funded by an olive oil producers' association.", [THANKS], False),
        ("The findings are supported by data from 12 clinics.", [NIH], False),
    ],
)
def test_check_funder(claim: str, paper: list[str], wrong: bool) -> None:
    found = check_funder(claim, paper_funders(_paper(*paper)))
    assert (found is not None) == wrong
    if found is not None:
        assert found.reason.startswith("funder_not_in_paper:")
        assert "names" in found.explain() and "(p. 1)" in found.explain()


def test_supported_by_names_a_funder_only_in_a_sentence_about_money() -> None:
    assert [f.written for f in funders(NIH, paper=True)] == ["the National Institutes of Health"]
    assert funders("The model is supported by the ablations in Table 3.", paper=True) == []
    assert funders(NIH) == []
