"""Names a claim lists together must stand together somewhere in the paper."""

from __future__ import annotations

import pytest

from core.types import Evidence
from core.verify.listed_names import ListedNames, listed
from tests.fakes import make_paper

PAPER = make_paper(
    [
        "Sites such as Figshare, Dryad, and Zenodo let others cite your data. "
        "DOIs for software are provided by Figshare and Zenodo. "
        "Bitbucket provides free hosting for Git and Mercurial repositories. "
        "Use an issue tracker such as the ones GitHub and Bitbucket provide. "
        "我们比较了BERT、ERNIE和RoBERTa的准确率。"
    ]
)
CHECKER = ListedNames(PAPER)


def ev(text: str) -> Evidence:
    return Evidence(page=3, text=text, bbox=(0, 0, 1, 1), score=1.0, sentence_index=0)


DOIS = ev("DOIs for software are provided by Figshare and Zenodo.")
TRACKERS = ev("Use an issue tracker such as the ones GitHub and Bitbucket provide.")
MODELS = ev("我们比较了BERT、ERNIE和RoBERTa的准确率。")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("DOIs are provided by Figshare and Zenodo.", [["Figshare", "Zenodo"]]),
        ("Sites such as Figshare, Dryad, and Zenodo.", [["Figshare", "Dryad", "Zenodo"]]),
        ("Use Git or Mercurial with GitHub.", [["Git", "Mercurial"]]),
        ("比较了BERT、ERNIE和RoBERTa", [["BERT", "ERNIE", "RoBERTa"]]),
        # names apart, or one name alone, are no list
        ("Figshare issues DOIs, which GitHub does not.", []),
        ("Zenodo integrates with GitHub.", []),
    ],
)
def test_listed(text: str, expected: list[list[str]]) -> None:
    assert listed(text) == expected


@pytest.mark.parametrize(
    ("claim", "evidence", "expected"),
    [
        # the paper lists Figshare with Zenodo and never names Bitbucket beside Figshare
        (
            "Code goes to a DOI-issuing repository such as Figshare or Bitbucket.",
            [DOIS],
            ("Bitbucket", "Zenodo"),
        ),
        ("我们比较了BERT、XLNet和RoBERTa。", [MODELS], ("XLNet", "ERNIE")),
        # the list as the paper gives it, or a part of it
        ("Code goes to a DOI-issuing repository such as Figshare or Zenodo.", [DOIS], None),
        ("Figshare and Dryad let others cite data.", [DOIS], None),
        # two names the paper holds together elsewhere ("GitHub and Bitbucket") were not swapped
        ("Trackers such as GitHub and Bitbucket help.", [TRACKERS], None),
        # names the paper gives in two places, each found as evidence
        ("Hosts such as Bitbucket and Figshare help.", [TRACKERS, DOIS], None),
        # a list that shares no name with the evidence's list says nothing of it
        ("Use Git or Mercurial.", [DOIS], None),
    ],
)
def test_check(claim: str, evidence: list[Evidence], expected: tuple[str, str] | None) -> None:
    found = CHECKER.check(claim, evidence)
    assert (None if found is None else (found.claim_name, found.paper_name)) == expected
