"""Proportions in words ("more than half of", "one in five") stand for a range of percentages."""

from __future__ import annotations

from decimal import Decimal

import pytest

from core.config import CheckerSettings
from core.text.proportions import count_shares, proportions
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeRetriever, make_paper


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("More than half of the users", [("More than half", "50", "50", "100")]),
        ("About a third of patients", [("a third", "33.3", "28.3", "38.3")]),
        ("two-thirds of the cohort", [("two-thirds", "66.7", "61.7", "71.7")]),
        ("nearly half of them", [("nearly half", "50", "45", "50")]),
        ("fewer than one in ten", [("fewer than one in ten", "10", "0", "10")]),
        ("nine out of ten users", [("nine out of ten", "90", "85", "95")]),
        ("超过一半的患者", [("超过一半", "50", "50", "100")]),
        ("三分之一的参与者", [("三分之一", "33.3", "28.3", "38.3")]),
        # a part of a span, a percentage, an improper fraction: no proportion
        ("the first half of the year", []),
        ("百分之三十的患者", []),
        ("three halves of", []),
        # a group ranked by something is no share of it
        ("In the most deprived fifth of areas", []),
        ("the poorest quarter of households", []),
        ("a fifth of the poorest areas", [("a fifth", "20", "15", "25")]),
        # what is counted may stand between the counts; places counted are no share
        ("about one correct fix in ten", [("one correct fix in ten", "10", "5", "15")]),
        ("one study in five countries", []),
    ],
)
def test_proportions_read(text: str, read: list[tuple[str, str, str, str]]) -> None:
    found = [
        (p.mention.raw, str(p.mention.value), str(p.low), str(p.high)) for p in proportions(text)
    ]
    assert found == read


def test_a_bound_excludes_its_own_value() -> None:
    (more,) = proportions("more than half of the users")
    assert not more.covers(Decimal(50))
    assert more.covers(Decimal("50.5"))
    assert more.covers(Decimal(72))


def test_an_inclusive_bound_holds_its_own_value() -> None:
    (least,) = proportions("at least three-quarters of their sessions")
    assert least.covers(Decimal(75))
    assert not least.covers(Decimal(74))
    (most,) = proportions("at most a third of the cases")
    assert most.covers(Decimal("33.3"))
    assert not most.covers(Decimal(34))


PAPER = make_paper(
    [
        "Remission was reached by 38% of the participants who used the app. "
        "Adherence to the app was 72% at twelve weeks.",
    ]
)


@pytest.mark.parametrize(
    ("claim", "flagged"),
    [
        ("More than a third of the participants who used the app reached remission.", False),
        ("Nearly two-fifths of the participants who used the app reached remission.", False),
        ("More than half of the participants who used the app reached remission.", True),
        ("Almost half of the participants who used the app reached remission.", True),
        ("One in five of the participants who used the app reached remission.", True),
    ],
)
def test_a_proportion_in_words_binds_to_the_papers_percentage(claim: str, flagged: bool) -> None:
    checker = Checker(PAPER, FakeRetriever(PAPER), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify(claim)[0]
    assert any(r.startswith("number_mismatch") for r in verdict.reasons) == flagged, verdict


def test_the_mismatch_quotes_the_proportion_as_written() -> None:
    checker = Checker(PAPER, FakeRetriever(PAPER), FakeEmbedder(), None, CheckerSettings())
    claim = "More than half of the participants who used the app reached remission."
    verdict = checker.verify(claim)[0]
    assert verdict.explanation.startswith("The claim says More than half, but the paper says 38%")


PATHWAYS = make_paper(
    [
        "Harassment, poor sleep and low self-esteem together accounted for about half of the "
        "association in girls.",
        "Poor sleep was the strongest single pathway, explaining 13% of the association in girls.",
    ]
)


@pytest.mark.parametrize(
    ("claim", "mismatch"),
    [
        # the paper's own proportion in words is its value
        (
            "Harassment, poor sleep and low self-esteem explained about half of the link in girls.",
            None,
        ),
        (
            "Harassment, poor sleep and low self-esteem explained a third of the link in girls.",
            "a third->half",
        ),
    ],
)
def test_the_papers_proportion_in_words_is_a_value(claim: str, mismatch: str | None) -> None:
    checker = Checker(PATHWAYS, FakeRetriever(PATHWAYS), FakeEmbedder(), None, CheckerSettings())
    reasons = checker.verify(claim)[0].reasons
    found = [r.split(":", 1)[1] for r in reasons if r.startswith("number_mismatch")]
    assert found == ([mismatch] if mismatch else []), reasons


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("Seven of 10 F-PEAI devices stayed above 80%.", [("70.0", "F-PEAI devices stayed")]),
        ("Of 642 randomised, 557 of 642 participants replied", [("86.8", "participants replied")]),
        ("three out of twelve sites", [("25.0", "sites")]),
        ("2,046 of 9,412 children", [("21.7", "children")]),
        # a decimal is no whole, and a count no smaller than its whole is no share
        ("1 of 2.5 units", []),
        ("12 of 12 sites", []),
    ],
)
def test_count_shares_read(text: str, read: list[tuple[str, str]]) -> None:
    found = [(round(c.percent, 1), c.words) for c in count_shares(text)]
    assert found == [(Decimal(v), w) for v, w in read]


DEVICES = make_paper(
    [
        "Seven of 10 coated devices and 2 of 10 bare devices stayed above 80% of their initial "
        "efficiency at 1,000 h.",
        "After the damp-heat test, coated devices kept 83% of their initial efficiency on "
        "average and bare devices kept 61%.",
    ]
)


@pytest.mark.parametrize(
    ("claim", "flagged"),
    [
        # the paper counts the claim's whole: its share in words is the claim's
        (
            "Seven out of ten coated devices stayed above 80% of their initial efficiency after "
            "the damp-heat test.",
            False,
        ),
        (
            "Two in ten bare devices stayed above 80% of their initial efficiency after the "
            "damp-heat test.",
            False,
        ),
        (
            "Half of the bare devices stayed above 80% of their initial efficiency after the "
            "damp-heat test.",
            True,
        ),
    ],
)
def test_a_share_counted_as_part_of_a_whole_binds(claim: str, flagged: bool) -> None:
    checker = Checker(DEVICES, FakeRetriever(DEVICES), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify(claim)[0]
    assert any(r.startswith("number_mismatch") for r in verdict.reasons) == flagged, verdict


WOMEN = make_paper(
    [
        "Of 642 participants randomised, 557 (87%) provided primary outcome data.",
        "Mean age was 41 years and 468 (73%) were women.",
    ]
)


@pytest.mark.parametrize(
    ("claim", "mismatch"),
    [
        # the whole the share is of is every share's: it does not make 87% the claim's value
        ("Nearly three-quarters of the 642 participants randomised were women.", None),
        (
            "About half of the 642 participants randomised provided primary outcome data.",
            "half->87%",
        ),
    ],
)
def test_the_whole_of_a_share_does_not_choose_its_value(claim: str, mismatch: str | None) -> None:
    checker = Checker(WOMEN, FakeRetriever(WOMEN), FakeEmbedder(), None, CheckerSettings())
    reasons = checker.verify(claim)[0].reasons
    found = [r.split(":", 1)[1] for r in reasons if r.startswith("number_mismatch")]
    assert found == ([mismatch] if mismatch else []), reasons
