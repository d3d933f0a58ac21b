"""A multiple stated in words, against the values of the sentences the claim is about."""

from __future__ import annotations

import pytest

from core.config import CheckerSettings
from core.types import Evidence
from core.verify.magnitudes import magnitude_mismatch
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeRetriever, make_paper

RETENTION = (
    "The 1.0 wt% coating raised capacity retention after 500 cycles at 1C and 25 °C from 83.5% "
    "(uncoated) to 91.8%, and after 300 cycles at 45 °C from 74.6% to 85.3%."
)
SPREAD = "At 45 °C, retention after 300 cycles was 74.6 ± 1.5% for SC and 85.3 ± 0.9% for Nb1.0."
SPEED = (
    "LiteFormer-Seg has 11.2 M parameters, compared with 31.2 M for nnU-Net and 92.8 M for "
    "UNETR, and needs 0.9 s per volume versus 2.4 s for nnU-Net."
)
TOKENS = (
    "SPAR used on average 3,300 input tokens per question versus 7,900 for full-context "
    "reading, and mean latency fell from 7.1 s to 3.4 s per question."
)
INTERVAL = "Retention was 41% (95% CI 12 to 70) with the coating and 38% without it."
SIZES = (
    "Browsing was compared on plots inside wolf territories (impact, n = 42) and outside them "
    "(control, n = 30)."
)


@pytest.mark.parametrize(
    ("claim", "evidence", "said"),
    [
        # beyond every pair of values of one kind in the sentence about the claim
        ("The coating doubled the cathode's capacity retention.", RETENTION, "91.8% against 74.6%"),
        ("Retention after 300 cycles doubled at 45 °C.", SPREAD, "85.3% against 74.6%"),
        (
            "LiteFormer-Seg runs inference ten times faster than nnU-Net.",
            SPEED,
            "2.4 s against 0.9 s",
        ),
        ("SPAR cut the number of input tokens to a fifth.", TOKENS, None),
        # within the multiple's rounding; a bound; values the sentence has
        ("SPAR roughly halved the time needed per question.", TOKENS, None),
        ("SPAR halved the latency per question.", TOKENS, None),
        ("SPAR more than halved the number of input tokens.", TOKENS, None),
        ("LiteFormer-Seg has about three times fewer parameters than nnU-Net.", SPEED, None),
        # a speed is read on times only (92.8 M against 11.2 M is no speed)
        ("LiteFormer-Seg runs eight times faster than nnU-Net.", SPEED, "2.4 s against 0.9 s"),
        # an interval's bounds are no values of the claim
        ("The coating doubled retention.", INTERVAL, "41% against 38%"),
        # nor are group sizes
        ("Browsing on plots inside wolf territories halved.", SIZES, None),
        # a sentence about something else says nothing of the multiple
        ("The new diet doubled weight loss in mice.", RETENTION, None),
    ],
)
def test_a_multiple_beyond_the_values(claim: str, evidence: str, said: str | None) -> None:
    found = magnitude_mismatch(claim, [Evidence(2, evidence, (0.0, 0.0, 1.0, 1.0), 0.9, 0)])
    assert (found.paper_value.split(",")[0] if found else None) == said


def test_the_verdict_names_the_papers_values() -> None:
    paper = make_paper([SPEED])
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify("LiteFormer-Seg runs inference ten times faster than nnU-Net.")[0]
    assert verdict.status.value == "unsupported"
    assert verdict.reasons[0] == "number_mismatch:ten times->2.4 s against 0.9 s, 2.7 times"
    assert "2.4 s against 0.9 s" in verdict.explanation


WARDS = "The clusters were eight adult wards: five general medical and three general surgical."


@pytest.mark.parametrize(
    ("stated", "said"),
    [
        # the paper states the multiple itself, beside values that are of something else
        ("The effect was roughly three times larger on surgical wards.", None),
        (
            "The effect was about twice as large on surgical wards.",
            "five general against three general",
        ),
    ],
)
def test_a_multiple_the_paper_states_in_words(stated: str, said: str | None) -> None:
    claim = "The benefit on surgical wards was about three times as large as on medical wards."
    evidence = [
        Evidence(2, text, (0.0, 0.0, 1.0, 1.0), 0.9, i) for i, text in enumerate([stated, WARDS])
    ]
    found = magnitude_mismatch(claim, evidence)
    assert (found.paper_value.split(",")[0] if found else None) == said
