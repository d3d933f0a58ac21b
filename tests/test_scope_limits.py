"""A finding carried past the limit the paper sets on it."""

from __future__ import annotations

import pytest

from core.config import CheckerSettings
from core.text.words import content_words
from core.verify.scope_limits import check_scope, scope_limits
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeRetriever, make_paper

PAPER = make_paper(
    [
        "We randomised 312 adults undergoing primary knee arthroplasty to oral or intravenous "
        "tranexamic acid.",
        "Oral tranexamic acid was non-inferior for blood loss after knee arthroplasty.",
        "Hip arthroplasty, revision and bilateral procedures were not studied.",
        "The trial ran in one city, so results may not apply to rural hospitals.",
        "Twelve patients lost to follow-up were excluded from the analysis.",
    ]
)
LIMITS = scope_limits(PAPER.sentences, [content_words(s.text) for s in PAPER.sentences])


def test_limits_keep_the_words_only_they_name() -> None:
    assert [sorted(limit.words) for limit in LIMITS] == [
        ["bilateral", "hip", "procedur", "revision"],
        ["hospital", "rural"],
    ]


@pytest.mark.parametrize(
    ("claim", "word"),
    [
        ("Tablets can replace intravenous tranexamic acid in hip replacements as well.", "hip"),
        ("The results would hold equally in rural hospitals.", "hospital"),
        # the study's own words, and its limits said as limits
        ("Oral tranexamic acid was non-inferior after knee arthroplasty.", None),
        ("Hip and revision procedures were not studied.", None),
        ("The authors caution that rural hospitals may differ.", None),
        # data a study drops is no limit on where its findings hold
        ("Twelve patients were followed up by telephone.", None),
    ],
)
def test_a_claim_past_the_papers_limits(claim: str, word: str | None) -> None:
    found = check_scope(claim, LIMITS)
    assert (found.word if found else None) == word


def test_a_hedge_anywhere_in_the_sentence_holds_for_its_parts() -> None:
    sentence = "Rural hospitals saw less bleeding, but this was not significant."
    assert check_scope("Rural hospitals saw less bleeding", LIMITS) is not None
    assert check_scope("Rural hospitals saw less bleeding", LIMITS, sentence) is None


def test_the_verdict_quotes_the_limit() -> None:
    checker = Checker(PAPER, FakeRetriever(PAPER), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify("Tablets can replace the drip in hip replacements as well.")[0]
    assert verdict.status.value == "unsupported"
    assert verdict.reasons[0] == "beyond_scope:hip"
    assert "Hip arthroplasty, revision and bilateral procedures" in verdict.explanation
