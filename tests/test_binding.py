"""Numbers bound to their evidence: found, derived, or contradicted with the paper's value."""

from __future__ import annotations

import unicodedata

import pytest

from core.text.normalize import extract_numbers
from core.types import Evidence
from core.verify.binding import bind_numbers, paper_value_text


def ev(text: str, page: int = 4) -> Evidence:
    return Evidence(page=page, text=text, bbox=(0, 0, 1, 1), score=1.0, sentence_index=0)


ROW = ev("Table 2: HTML: n=3 0.401; n=7 0.302; n=15 0.250", page=8)
SPLIT = ev("They split the dataset into training, validation and testing sets in the ratio 7:1:2.")
CALLS = ev("It holds earnings calls of 500 large public companies traded in the US (S&P 500).")
YEAR = ev("There are 2,243 earnings calls in 2017 in the raw dataset; 576 of them are aligned.")
ACC = ev("LexiRank reaches an accuracy of 85.3% on MS MARCO, against 81.1% for BM25.")


@pytest.mark.parametrize(
    ("claim", "evidence", "bound", "mismatch"),
    [
        ("HTML reaches 0.401 for n=3.", [ROW], 2, None),
        ("HTML reaches 0.40 for n=3.", [ROW], 2, None),
        ("LexiRank reaches 85.3% accuracy.", [ACC], 1, None),
        ("LexiRank reaches an accuracy of 0.853.", [ACC], 1, None),
        ("LexiRank improves accuracy by 4.2 points over BM25.", [ACC], 1, None),
        ("LexiRank reaches an accuracy of 88.3% on MS MARCO.", [ACC], 0, ("88.3%", "85.3%")),
        ("HTML reaches 0.451 for n=7.", [ROW], 1, ("0.451", "0.302")),
        ("The weather was sunny on 14 days.", [ACC], 0, None),
        ("The dataset holds calls of S&P 500 companies from 2017.", [CALLS, YEAR], 2, None),
        (
            "The dataset holds calls of 576 large public companies.",
            [CALLS, YEAR],
            0,
            ("576", "500"),
        ),
        (
            "It holds earnings calls of 576 large public companies traded in the US (S&P 500).",
            [CALLS, YEAR],
            1,
            ("576", "500"),
        ),
    ],
)
def test_bind_numbers(
    claim: str, evidence: list[Evidence], bound: int, mismatch: tuple[str, str] | None
) -> None:
    text = unicodedata.normalize("NFKC", claim)
    result = bind_numbers(extract_numbers(text), text, evidence)
    assert result.bound == bound
    if mismatch is None:
        assert result.mismatch is None
    else:
        assert result.mismatch is not None
        assert (result.mismatch.claim_value, result.mismatch.paper_value) == mismatch


def test_mismatch_names_value_and_page() -> None:
    text = "LexiRank reaches an accuracy of 88.3% on MS MARCO."
    result = bind_numbers(extract_numbers(text), text, [ACC])
    assert result.mismatch is not None
    assert paper_value_text(result.mismatch) == "the paper says 85.3% (p. 4)"
