"""A source cited for one name must not be credited with another."""

from __future__ import annotations

import pytest

from core.types import Reference
from core.verify.cited_names import CitedNames, ties
from tests.fakes import make_paper

PAPER = make_paper(
    [
        "Table 2 compares TriageLM with a baseline and with ClinicalBERT (Alsentzer et al., 2019). "
        "LexiRank reaches 36.8, compared with 18.7 for BM25 [1]. "
        "We evaluate on five BEIR datasets [4]. TriageLM was pre-trained on PubMed abstracts."
    ],
    references=[
        Reference(
            "1", "S. Robertson and H. Zaragoza. The probabilistic relevance framework: BM25."
        ),
        Reference("4", "N. Thakur et al. BEIR. 2021.", ("Thakur",), "2021"),
        Reference("", "S. Robertson. Okapi. 1995.", ("Robertson",), "1995"),
    ],
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "ClinicalBERT (Alsentzer et al., 2019) is a baseline.",
            [("ClinicalBERT", "alsentzer 2019")],
        ),
        ("BM25 [1] serves as the sparse baseline.", [("BM25", "1")]),
        # no name right before the citation
        ("The BEIR benchmark [4] supplies five datasets.", []),
        ("Wang et al. (2020) built a corpus.", []),
        # a sentence's first capitalised word is no name; several sources tie nothing
        ("Baselines [1] are strong.", []),
        ("BM25 [1, 4] is strong.", []),
    ],
)
def test_ties(text: str, expected: list[tuple[str, str]]) -> None:
    assert [(t.name, t.key) for t in ties(text)] == expected


@pytest.mark.parametrize(
    ("claim", "expected"),
    [
        ("PubMed (Alsentzer et al., 2019) is one of the baselines.", ("PubMed", "ClinicalBERT")),
        ("DPR [1] serves as the sparse baseline.", ("DPR", "BM25")),
        ("ClinicalBERT (Alsentzer et al., 2019) is one of the baselines.", None),
        ("The BM25-based ranker [1] is the sparse baseline.", None),
        # an author named before the citation is not a swapped name
        ("As Robertson [1] showed, BM25 is strong.", None),
        # a name in the sentence citing the source: the citation may close the clause
        ("LexiRank [1] is compared with DPR.", None),
        # a source the paper never cites right after a name decides nothing
        ("MS MARCO [4] is one of the datasets.", None),
    ],
)
def test_check(claim: str, expected: tuple[str, str] | None) -> None:
    found = CitedNames(PAPER).check(claim)
    assert (None if found is None else (found.claim_name, found.paper_name)) == expected
