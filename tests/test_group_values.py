"""A comparison of two groups against the values a sentence gives each group."""

from __future__ import annotations

import pytest

from core.config import CheckerSettings
from core.types import Evidence
from core.verify.group_values import check_group_values, grouped_sentences
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeRetriever, make_paper

DROPOUT = "Dropout at 12 weeks was 11% with CBT-I and 8% with education."
REMISSION = "Remission was reached by 38% of CBT-I participants and 14% of controls."
SEXES = "The effect on ISI was similar in men and women."
ASSOCIATION = (
    "The adjusted association was 0.46 (95% CI 0.20 to 0.72) among girls and 0.12 (95% CI -0.14 "
    "to 0.38) among boys."
)


def _evidence(text: str) -> list[Evidence]:
    return [Evidence(1, text, (0.0, 0.0, 1.0, 1.0), 0.9, 0)]


@pytest.mark.parametrize(
    ("claim", "evidence", "reason"),
    [
        # the claim names both groups, or one of them (the app is the other one)
        ("Dropout was lower with CBT-I than with education.", DROPOUT, "CBT-I<education"),
        ("Dropout was higher with education than with the app.", DROPOUT, "education<CBT-I"),
        ("Dropout was slightly higher with the app than with education.", DROPOUT, None),
        ("Dropout was lower with education than with CBT-I.", DROPOUT, None),
        (
            "Remission was less common with CBT-I than with education.",
            REMISSION,
            "CBT-I participants<controls",
        ),
        ("Remission was more common among app users than among controls.", REMISSION, None),
        (
            "Remission was less common among app users than among controls.",
            REMISSION,
            "CBT-I participants<controls",
        ),
        # a group that shows more of something than another; values with their intervals
        (
            "Boys showed a stronger association with depression than girls did.",
            ASSOCIATION,
            "boys<girls",
        ),
        ("Girls showed a stronger association with depression than boys.", ASSOCIATION, None),
        ("The association was weaker among boys than among girls.", ASSOCIATION, None),
        # a group that had more (fewer) of something, after a clause that sets the scene
        (
            "At 12 weeks, patients with education had more dropout than patients with CBT-I.",
            DROPOUT,
            "education<CBT-I",
        ),
        ("Patients with CBT-I suffered more dropout than those with education.", DROPOUT, None),
        (
            "Girls made fewer associations with depression than boys did.",
            ASSOCIATION,
            "girls<boys",
        ),
        # the sentence gives no value of what the claim compares, nor two groups' values
        ("Fatigue was higher with education than with the app.", DROPOUT, None),
        ("The effect was larger in men than in women.", SEXES, None),
        # neither group named in the sentence's words: which is which is open
        ("Dropout was higher with the app than with usual care.", DROPOUT, None),
    ],
)
def test_groups_compared_against_their_values(
    claim: str, evidence: str, reason: str | None
) -> None:
    found = check_group_values(claim, _evidence(evidence))
    assert (found.reason if found else None) == (reason and f"groups_reversed:{reason}")


def test_the_verdict_gives_both_values() -> None:
    paper = make_paper([DROPOUT])
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify("Dropout was higher with education than with the app.")[0]
    assert verdict.status.value == "unsupported"
    assert verdict.reasons[0] == "groups_reversed:education<CBT-I"
    assert verdict.explanation.startswith(
        "The paper gives 8% for education and 11% for CBT-I (p. 1)"
    )


def test_sentences_giving_two_groups_values_are_read_across_the_paper() -> None:
    paper = make_paper(["Depression rose in the 2010s.", ASSOCIATION, DROPOUT, SEXES])
    assert [e.text for e in grouped_sentences(paper.sentences)] == [ASSOCIATION, DROPOUT]
    # retrieval brings the first sentence only; the comparison is still read
    checker = Checker(
        paper,
        FakeRetriever(make_paper(["Depression rose in the 2010s."])),
        FakeEmbedder(),
        None,
        CheckerSettings(),
    )
    verdict = checker.verify("Boys showed a stronger association with depression than girls did.")[
        0
    ]
    assert verdict.reasons[0] == "groups_reversed:boys<girls"
