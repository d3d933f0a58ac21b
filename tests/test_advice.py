"""A claim must not turn round the advice the paper gives as an imperative."""

from __future__ import annotations

import pytest

from core.config import CheckerSettings
from core.types import Evidence
from core.verify.advice import check_advice
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeRetriever, make_paper

SENTENCES = {
    "decompose": (
        "2. Decompose programs into functions (2b) that are no more than one page (about 60 "
        "lines) long."
    ),
    "comment": "1. Place a brief explanatory comment at the start of every program (2a).",
    "avoid": "Never commit the raw data to version control.",
    "careful": (
        "Researchers should be careful not to put medical data in public version control systems."
    ),
    "rather": (
        "Rather than advocating something which people are unlikely to adopt, we have left unit "
        "testing off this list for newcomers."
    ),
    "plural": "Researchers share spreadsheets of raw data with their collaborators by email.",
    "statement": "Sensitive data stored in public repositories can leak.",
}


@pytest.mark.parametrize(
    ("claim", "key", "reason"),
    [
        (
            "The authors discourage decomposing programs into functions that are no more than "
            "one page long.",
            "decompose",
            "advice_reversed:discourage",
        ),
        (
            "The authors advise against a brief explanatory comment at the start of every "
            "program, since it is rarely read.",
            "comment",
            "advice_reversed:discourage",
        ),
        (
            "The authors recommend committing the raw data to version control.",
            "avoid",
            "advice_reversed:recommend",
        ),
        # the claim keeps the paper's advice
        (
            "The authors recommend decomposing programs into functions that are no more than one "
            "page long.",
            "decompose",
            None,
        ),
        ("The authors discourage committing the raw data to version control.", "avoid", None),
        (
            "The authors do not discourage decomposing programs into functions that are no more "
            "than one page long.",
            "decompose",
            None,
        ),
        # no imperative: a subject of its own, a first person, an opening adverb, a plural noun
        (
            "The authors advise against putting medical data in public version control systems.",
            "careful",
            None,
        ),
        (
            "The authors do not recommend unit testing for newcomers and leave it off their list.",
            "rather",
            None,
        ),
        (
            "The authors discourage sharing spreadsheets of raw data with collaborators by email.",
            "plural",
            None,
        ),
        (
            "The authors discourage storing sensitive data in public repositories.",
            "statement",
            None,
        ),
    ],
)
def test_advice_the_claim_turns_round(claim: str, key: str, reason: str | None) -> None:
    evidence = [Evidence(4, SENTENCES[key], (0.0, 0.0, 1.0, 1.0), 0.9, 0)]
    found = check_advice(claim, evidence)
    assert (found.reason if found else None) == reason


def test_the_verdict_says_the_paper_recommends_it() -> None:
    paper = make_paper([f"Introduction text. {SENTENCES['decompose']}"])
    checker = Checker(
        paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings(use_judge=False)
    )
    claim = (
        "The authors discourage decomposing programs into functions that are no more than one "
        "page (about 60 lines) long."
    )
    verdict = checker.verify(claim)[0]
    assert verdict.status.value == "unsupported"
    assert verdict.reasons[0] == "advice_reversed:discourage"
    assert verdict.explanation.startswith("The paper recommends it (p. 1): “Decompose programs")
