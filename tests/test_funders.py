"""Funders: a claim's funder against those the paper names."""

from __future__ import annotations

import pytest

from core.types import PaperSentence
from core.verify.funders import check_funder, funder_roles, funders, paper_funders


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
LABELLED = "Funding: The Marlowe Foundation for Cancer Research (grant MFC-2013-047)."
PAYMENTS = "The cash payments were financed by the Tarn Valley Community Trust."
KESTREL = "The study was funded by the Kestrel Foundation for Social Research."
TWO = (
    "This work was funded by the Nordic Clean Hydrogen Programme (grant NCH-2021-0447) and the "
    "Vestland Energy Foundation; the funders had no role in the analysis."
)
SUPPLIED = (
    "Corvane Pharmaceuticals supplied aspirin and placebo tablets free of charge and had no role "
    "in the analysis."
)


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
        # a paper that names no funder but a supplier: the supplier did not pay for it
        ("The trial was funded by Corvane Pharmaceuticals.", [SUPPLIED, THANKS], True),
        ("The trial was funded by a national cancer charity.", [SUPPLIED], False),
        ("Corvane Pharmaceuticals supplied the tablets.", [SUPPLIED], False),
        # a supplier beside a named funder is the funding check's own case
        ("The trial was funded by Corvane Pharmaceuticals.", [SUPPLIED, CALDER], True),
        ("The trial was funded by the Calder Foundation.", [SUPPLIED, CALDER], False),
        # a paper's funding label names its funder without a verb
        ("The trial was funded by the Calder Foundation.", [LABELLED], True),
        ("The trial was funded by the Marlowe Foundation.", [LABELLED], False),
        # a funder of a part of the work did not fund the work
        ("The Tarn Valley Community Trust funded the research.", [KESTREL, PAYMENTS], True),
        (
            "The payments were financed by the Tarn Valley Community Trust.",
            [KESTREL, PAYMENTS],
            False,
        ),
        ("The Kestrel Foundation funded the study.", [KESTREL, PAYMENTS], False),
        # a funder described, not named, is read by what kind it is
        (
            "The Trust paid the cash, while a separate foundation funded the research.",
            [KESTREL],
            False,
        ),
        ("The Calder Trust funded the research.", [KESTREL], True),
        # a funder said to pay alone, where the paper names another beside it
        ("The Vestland Energy Foundation, the study's sole funder, had no say.", [TWO], True),
        ("The work was funded solely by the Vestland Energy Foundation.", [TWO], True),
        ("The work was funded by the Vestland Energy Foundation.", [TWO], False),
        ("The study was funded solely by the Kestrel Foundation.", [KESTREL, PAYMENTS], False),
    ],
)
def test_check_funder(claim: str, paper: list[str], wrong: bool) -> None:
    found = check_funder(claim, paper_funders(_paper(*paper)))
    assert (found is not None) == wrong
    if found is not None:
        assert found.reason.startswith("funder_not_in_paper:")
        assert "names" in found.explain() and "(p. 1)" in found.explain()


def test_a_supplier_is_named_as_one() -> None:
    found = check_funder(
        "The study was funded by Corvane Pharmaceuticals.", paper_funders(_paper(SUPPLIED))
    )
    assert found is not None and "only as a supplier (p. 1)" in found.explain()


def test_a_funding_label_names_its_funder_mid_sentence() -> None:
    found = check_funder(
        "The trial was funded by the Calder Foundation.", paper_funders(_paper(LABELLED))
    )
    assert found is not None
    assert (
        "but the paper names the Marlowe Foundation for Cancer Research (grant" in found.explain()
    )


def test_supported_by_names_a_funder_only_in_a_sentence_about_money() -> None:
    assert [f.written for f in funders(NIH, paper=True)] == ["the National Institutes of Health"]
    assert funders("The model is supported by the ablations in Table 3.", paper=True) == []
    assert funders(NIH) == []


ROLE = (
    "Funding: Northmoor Health Research Foundation. The funder had no role in study design, data "
    "collection, analysis, interpretation or writing of the report."
)
SUPPLIER_ROLE = "Corvanta Labs provided licences free of charge and had no role in study design."


@pytest.mark.parametrize(
    ("claim", "paper", "reason"),
    [
        # a funder given a part in the work the paper says it had none in
        (
            "The Northmoor Foundation, which funded the trial, helped design the study.",
            [ROLE],
            "funder_role:helped design",
        ),
        (
            "Funding came from the Northmoor Foundation, which helped select sites.",
            [ROLE],
            "funder_role:helped select",
        ),
        ("The Northmoor Foundation, which funded the trial, had no role in it.", [ROLE], None),
        # a party the paper names as kept out, by its name
        ("Corvanta Labs helped analyse the data.", [SUPPLIER_ROLE], "funder_role:helped analyse"),
        ("Two adjudicators helped analyse the data.", [SUPPLIER_ROLE], None),
        # "funding came from" names a funder
        (
            "Funding came from a national fisheries ministry.",
            [ROLE],
            "funder_not_in_paper:a national fisheries ministry",
        ),
    ],
)
def test_a_part_in_the_work_the_paper_kept_a_funder_out_of(
    claim: str, paper: list[str], reason: str | None
) -> None:
    sentences = _paper(*paper)
    found = check_funder(claim, paper_funders(sentences), funder_roles(sentences))
    assert (found.reason if found else None) == reason
    if found is not None and reason and reason.startswith("funder_role"):
        assert "had no role" in found.explain()
