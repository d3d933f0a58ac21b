"""An ordinal must count what the sentence stating the claim's fact counts."""

from __future__ import annotations

import pytest

from core.config import CheckerSettings
from core.types import Evidence
from core.verify.ordinals import check_ordinals
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeRetriever, make_paper

SENTENCES = {
    "stage": "The second stage fine-tunes the encoder on the labelled calls.",
    "zh": "对于第一层的大类，本文增加了“常识”、“健康生活方式”和“其他”三个类别。",
    "both": "The first layer encodes words and the second layer encodes sentences.",
    "rank": "Our system ranked 3rd among the 20 teams in the shared task.",
}


def _evidence(key: str) -> list[Evidence]:
    return [Evidence(4, SENTENCES[key], (0.0, 0.0, 1.0, 1.0), 0.9, 0)]


@pytest.mark.parametrize(
    ("claim", "key", "reason"),
    [
        # another ordinal for the same noun in the sentence stating the fact
        (
            "The first stage fine-tunes the encoder on the labelled calls.",
            "stage",
            "ordinal_mismatch:first stage->second stage",
        ),
        (
            "The 1st stage fine-tunes the encoder on the labelled calls.",
            "stage",
            "ordinal_mismatch:1st stage->second stage",
        ),
        (
            "对于第二层的大类，本文增加了“常识”、“健康生活方式”和“其他”三个类别。",
            "zh",
            "ordinal_mismatch:第二层->第一层",
        ),
        (
            "Our system ranked first among the 20 teams in the shared task.",
            "rank",
            "ordinal_mismatch:first among->3rd among",
        ),
        # the paper's ordinal, or the sentence gives the noun both ordinals
        ("The second stage fine-tunes the encoder on labelled calls.", "stage", None),
        ("The second layer encodes sentences, the first layer words.", "both", None),
        # "first" as an adverb counts nothing
        ("First, the encoder is fine-tuned on the labelled calls.", "stage", None),
        # another fact: the sentence does not state the claim's
        ("The first stage of the survey collects the consent forms.", "stage", None),
    ],
)
def test_ordinals_bound_to_their_noun(claim: str, key: str, reason: str | None) -> None:
    found = check_ordinals(claim, _evidence(key))
    assert (found.reason if found is not None else None) == reason


def test_the_verdict_names_both_ordinals() -> None:
    paper = make_paper([SENTENCES["stage"], SENTENCES["rank"]])
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify("The first stage fine-tunes the encoder on the labelled calls.")[0]
    assert verdict.status.value == "unsupported"
    assert verdict.reasons[0] == "ordinal_mismatch:first stage->second stage"
    assert verdict.explanation.startswith(
        "The claim says first stage, but the paper says second stage (p. 1)"
    )
