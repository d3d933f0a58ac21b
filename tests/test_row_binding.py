"""A claim's table value is read in the row the claim's words name."""

from __future__ import annotations

import pytest

from core.text.normalize import extract_numbers
from core.types import PaperSentence
from core.verify.binding import Mismatch
from core.verify.comparison import read_row
from core.verify.row_binding import cell_mismatch, row_mismatch

TEXTS = [
    "Table 2: LSTM: n=3 1.970; n=7 0.459",
    "Table 2: LSTM+ATT: n=3 1.852; n=7 0.470",
    "Table 2: MDRM [46] Text Only: n=3 1.431; n=7 0.439",
    "Table 2: MDRM [46] Audio Only: n=3 1.412; n=7 0.440",
    "Table 2: MDRM [46] Text+Audio: n=3 1.371; n=7 0.420",
    "Table 2: HTML (Ours) Text Only: n=3 1.175; n=7 0.372",
    "Table 2: HTML (Ours) Text+Audio: n=3 0.845; n=7 0.349",
    "Table 3: HTML Glove: n=3 1.574; n=7 0.474",
    "Table 3: HTML WWM-BERT+Audio: n=3 0.845; n=7 0.349",
]
ROWS = [
    row
    for row in (
        read_row(PaperSentence(i, t, 8, ((0, 0, 1, 1),), "table")) for i, t in enumerate(TEXTS)
    )
    if row is not None
]


@pytest.mark.parametrize(
    ("claim", "expected"),
    [
        # the row-naming words stand far from the number
        ("At n=3, the Text+Audio version of MDRM's MSE is 1.431.", ("1.431", "1.371")),
        ("LSTM has an MSE of 1.431 at n=3.", ("1.431", "1.970")),
        # the claim's own row
        ("At n=3, the Text+Audio version of MDRM's MSE is 1.371.", None),
        ("MDRM with text only reaches 1.431 at n=3.", None),
        # words of both rows: the claim may be about either
        ("Adding audio to MDRM lowers its text-only MSE of 1.431 to 1.371 at n=3.", None),
        # a value two rows state, one of them named by nothing in the claim
        ("HTML's text only version reaches an MSE of 0.845 for n=3.", None),
        # a value no row states, and a small count
        ("MDRM's Text+Audio MSE is 1.5 at n=3.", None),
        ("MDRM's Text+Audio model uses 2 layers.", None),
    ],
)
def test_row_mismatch(claim: str, expected: tuple[str, str] | None) -> None:
    assert_found(row_mismatch(extract_numbers(claim), claim, ROWS), expected)


def assert_found(found: Mismatch | None, expected: tuple[str, str] | None) -> None:
    """``expected`` is (claim value, paper value) on page 8, or None for no mismatch."""
    if expected is None:
        assert found is None
    else:
        assert found is not None
        assert (found.claim_value, found.paper_value, found.page) == (*expected, 8)


@pytest.mark.parametrize(
    ("claim", "expected"),
    [
        # the row named whole, the column nearest the value
        ("LSTM has an MSE of 1.970 at n=3 and 0.520 at n=7.", ("0.520", "0.459")),
        ("LSTM在n=3时的MSE为1.970，在n=7时为0.520。", ("0.520", "0.459")),
        ("The LSTM model has an MSE of 1.970 when n=3, and 0.520 when n=7.", ("0.520", "0.459")),
        ("At n=3 LSTM reaches 1.970, and at n=7 it reaches 0.520.", ("0.520", "0.459")),
        ("At n=7 the LSTM+ATT model reaches 0.459.", ("0.459", "0.470")),
        ("MDRM with text only reaches 1.412 at n=3.", ("1.412", "1.431")),
        # the named cell holds the value
        ("LSTM has an MSE of 1.970 at n=3 and 0.459 at n=7.", None),
        ("At n=7 the LSTM+ATT model reaches 0.470.", None),
        # the row holds the value in another column: the claim may have the columns crossed
        ("LSTM has an MSE of 0.459 at n=3.", None),
        # a change, a value derived from the row, another precision, no column named
        ("LSTM lowers the MSE by 0.520 at n=7.", None),
        ("LSTM's MSE at n=7 is 1.511 below its MSE at n=3.", None),
        ("LSTM has an MSE of 0.52 at n=7.", None),
        ("LSTM has an MSE of 0.520.", None),
        # another row of the table is named in part: the value may be that row's
        ("LSTM reaches 1.970 at n=3, while MDRM reaches 1.500.", None),
        # a row label of common words is no name
        ("With text only, MDRM and HTML reach 1.500 at n=3.", None),
    ],
)
def test_cell_mismatch(claim: str, expected: tuple[str, str] | None) -> None:
    assert_found(cell_mismatch(extract_numbers(claim), claim, ROWS), expected)


def test_the_checker_names_the_row_the_claim_names() -> None:
    from dataclasses import replace

    from core.config import CheckerSettings
    from core.verify.verifier import Checker
    from tests.fakes import FakeEmbedder, FakeRetriever, make_paper

    paper = make_paper(["MDRM is the state of the art. Table 2 lists the mean squared errors."])
    table = [
        PaperSentence(len(paper.sentences) + i, t, 8, ((0, 0, 1, 1),), "table")
        for i, t in enumerate(TEXTS[:6])
    ]
    paper = replace(paper, sentences=paper.sentences + tuple(table))
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify("At n=3, the Text+Audio version of MDRM's MSE is 1.431.")[0]
    assert verdict.status.value == "unsupported"
    assert "number_mismatch:1.431->1.371" in verdict.reasons
    right = checker.verify("At n=3, the Text+Audio version of MDRM's MSE is 1.371.")[0]
    assert not any(r.startswith("number_mismatch") for r in right.reasons)
