"""A count or fraction bound to the share the paper gives it."""

from __future__ import annotations

import pytest

from core.verify.paired_values import Pair, paired_mismatch, pairs

PAPER = pairs(
    "其余，807（10.1%）个问题与流行病学（E）相关，其他类型（F）的问题有569个（7.1%）。"
    "诊断类问题中，临床解释和症状占88.7%（636/717）。"
    "Of the 3,243 calls, 412 (12.7%) were excluded. Recall was 45% (n = 12)."
)


def test_pairs_are_read_in_both_orders_and_languages() -> None:
    assert [(p.written_of, p.written_share) for p in PAPER] == [
        ("807", "10.1%"),
        ("569", "7.1%"),
        ("636/717", "88.7%"),
        ("412", "12.7%"),
        ("12", "45%"),
    ]


@pytest.mark.parametrize(
    ("claim", "mismatch"),
    [
        # the paper's own pairs, in either language and order
        ("807 questions (10.1%) are about epidemiology.", None),
        ("Among diagnosis questions, 88.7% (636/717) ask about symptoms.", None),
        ("其他类型的问题有569个（7.1%）。", None),
        ("7.1% (569) belong to the other category.", None),
        # a share written rounder than the paper's is the same share
        ("569 questions (7%) belong to the other category.", None),
        # a share the paper gives another count
        ("8000 questions (7.1%) belong to the other category.", ("8000", "569")),
        # a fraction the paper writes otherwise
        ("88.7% (636/122,732) ask about symptoms.", ("636/122,732", "636/717")),
        # a fraction the paper gives another share
        ("So 93.1% (636/717) ask about symptoms.", ("93.1%", "88.7%")),
        # a count recurs with unrelated shares: not read
        ("Precision was 30% (n = 12).", None),
        # shares and counts the paper never pairs
        ("50 (25%) of the runs failed.", None),
    ],
)
def test_paired_mismatch(claim: str, mismatch: tuple[str, str] | None) -> None:
    found = paired_mismatch(claim, PAPER)
    assert (found and (found.claim_value, found.paper_value)) == mismatch


def test_a_share_with_two_partners_says_nothing() -> None:
    stated = [Pair(pair.share, pair.of, "7.1%", pair.of) for pair in pairs("569 (7.1%), 80 (7.1%)")]
    assert paired_mismatch("8000 questions (7.1%) are other.", stated) is None


def test_the_checker_names_the_papers_partner() -> None:
    from core.config import CheckerSettings
    from core.verify.verifier import Checker
    from tests.fakes import FakeEmbedder, FakeRetriever, make_paper

    # An English claim about a Chinese paper: without a model to translate it, its numbers
    # cannot be bound by their words; the pair still binds them.
    paper = make_paper(
        [
            "语料库共有8000个糖尿病问题。其余，807（10.1%）个问题与流行病学相关，其他类型的问题有569个（7.1%）。"
        ]
    )
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())
    wrong = checker.verify("8000 questions (7.1%) belong to the other category.")[0]
    assert wrong.status.value == "unsupported"
    assert "number_mismatch:8000->569" in wrong.reasons
    assert "the paper says 569 (p. 1)" in wrong.explanation
    right = checker.verify("569 questions (7.1%) belong to the other category.")[0]
    assert not any(r.startswith("number_mismatch") for r in right.reasons)
