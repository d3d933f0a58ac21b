"""A claim's table value is read in the row the claim's words name."""

from __future__ import annotations

from dataclasses import replace

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
        # the value is said of MDRM, whose rows all hold other values: the nearest is given
        ("HTML beats the MSE of MDRM at 1.852 for n=3.", ("1.852", "1.431")),
        # a row of a name the claim holds decides nothing, whichever name the value is said of
        (
            "LSTM+ATT with its attention layer reached a final 1.852, now close to MDRM's at n=3.",
            None,
        ),
    ],
)
def test_row_mismatch(claim: str, expected: tuple[str, str] | None) -> None:
    assert_found(row_mismatch(extract_numbers(claim), claim, ROWS), expected)


def test_a_hedged_value_is_no_cells_value_as_written() -> None:
    claim = "At n=3, the Text+Audio version of MDRM's MSE is around 1.431."
    mentions = extract_numbers(claim)
    assert row_mismatch(mentions, claim, ROWS) is not None
    hedged = [replace(m, approximate=m.raw == "1.431") for m in mentions]
    assert row_mismatch(hedged, claim, ROWS) is None


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
        # the row holds the value only in a column the claim does not name
        ("LSTM has an MSE of 0.459 at n=3.", ("0.459", "1.970")),
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


LENGTHS = [
    ("Table 2: ChatGPT: 2k 28.5; 4k 19.0; 8k 13.5; 16k 9.0", "Table 2: Accuracy on RankSeg."),
    ("Table 2: Vicuna-v1.5-16k: 2k 6.0; 4k 5.5; 8k 4.0; 16k 1.5", "Table 2: Accuracy on RankSeg."),
    ("Table 3: ChatGPT: 2k 48.5; 6k 26.5; 8k 20.0; 16k 8.0", "Table 3: Accuracy on PickBest."),
    ("Table 3: InternLM2: 2k 38.0; 6k 15.0; 8k 10.5; 16k 2.5", "Table 3: Accuracy on PickBest."),
]
LENGTH_ROWS = [
    replace(row, caption=caption)
    for i, (text, caption) in enumerate(LENGTHS)
    if (row := read_row(PaperSentence(i, text, 8, ((0, 0, 1, 1),), "table"))) is not None
]


@pytest.mark.parametrize(
    ("claim", "expected"),
    [
        # a value of the row's other column
        ("On PickBest at 8k, ChatGPT scores 26.5.", ("26.5", "20.0")),
        # the value a change ends at is a value, not the change
        ("On PickBest, ChatGPT drops to 26.5 at 8k.", ("26.5", "20.0")),
        ("On PickBest, ChatGPT drops by 26.5 at 8k.", None),
        ("On PickBest, ChatGPT drops by up to 26.5 at 8k.", None),
        # a column named inside a row's name ("-16k") is not named by it
        ("Vicuna-v1.5-16k reaches 4.0 at 16k.", ("4.0", "1.5")),
        # the table whose caption the claim names, when two tables have the row and column
        ("ChatGPT reaches 8.0 on RankSeg at 16k.", ("8.0", "9.0")),
        ("ChatGPT reaches 8.0 on PickBest at 16k.", None),
        # a length written in full names its column
        ("On RankSeg, ChatGPT reaches 9.2 at 16,000 tokens.", ("9.2", "9.0")),
        ("On RankSeg, ChatGPT reaches 9.0 at 16,000 tokens.", None),
        ("On PickBest at 8k, ChatGPT scores 20.0.", None),
    ],
)
def test_cell_mismatch_in_tables_of_lengths(claim: str, expected: tuple[str, str] | None) -> None:
    assert_found(cell_mismatch(extract_numbers(claim), claim, LENGTH_ROWS), expected)


def test_a_value_with_other_decimals_is_not_restated_from_a_cell() -> None:
    claim = "ChatGPT copies the input order in 38% of cases."
    assert row_mismatch(extract_numbers(claim), claim, LENGTH_ROWS) is None
    claim = "ChatGPT reaches 38.0 at 2k on PickBest."
    assert_found(row_mismatch(extract_numbers(claim), claim, LENGTH_ROWS), ("38.0", "48.5"))


def test_a_row_named_past_its_group_label_in_columns_named_word_by_word() -> None:
    from tests.test_comparison import SECTIONS

    claim = "GPT-4 reaches a 3-class macro-F1 of 63.2 in the zero-shot setting."
    found = cell_mismatch(extract_numbers(claim), claim, SECTIONS)
    assert found is not None
    assert (found.claim_value, found.paper_value) == ("63.2", "64.8")
    claim = "GPT-4 reaches a 3-class macro-F1 of 64.8 in the zero-shot setting."
    assert cell_mismatch(extract_numbers(claim), claim, SECTIONS) is None


def test_a_hedged_value_covers_the_cell_it_names() -> None:
    from dataclasses import replace

    from core.config import CheckerSettings
    from core.verify.verifier import Checker
    from tests.fakes import FakeEmbedder, FakeRetriever, make_paper

    paper = make_paper(["Table 1 lists the accuracy of each recurrent unit."])
    texts = [
        "Table 1: GRU: Base ACC 85.71; +BERT ACC 90.29; +LN+BERT ACC 90.10",
        "Table 1: LRN: Base ACC 84.88; +BERT ACC 89.98; +LN+BERT ACC 89.93",
    ]
    table = [
        PaperSentence(len(paper.sentences) + i, t, 1, ((0, 0, 1, 1),), "table")
        for i, t in enumerate(texts)
    ]
    paper = replace(paper, sentences=paper.sentences + tuple(table))
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())
    # "around 89.9" is read as the paper's nearest value, 89.93, which is another column's
    hedged = checker.verify("With BERT, LRN reaches an accuracy of around 89.9.")[0]
    assert not any(r.startswith("number_mismatch") for r in hedged.reasons)
    wrong = checker.verify("With BERT, LRN reaches an accuracy of 89.93.")[0]
    assert "number_mismatch:89.93->89.98" in wrong.reasons


def test_rows_sharing_a_label_are_told_apart_by_their_setting() -> None:
    from dataclasses import replace as replaced

    from core.verify.comparison import table_rows
    from tests.fakes import make_paper

    paper = make_paper(["Table 1 gives the size of each test set."])
    texts = [
        "Table 1: RankSeg: Setting 2k; #Cases 200; Avg #Tokens 1,846; Max #Tokens 2,211",
        "Table 1: RankSeg: Setting 8k; #Cases 200; Avg #Tokens 7,512; Max #Tokens 8,390",
        "Table 1: PickBest: Setting 1k; #Cases 200; Avg #Tokens 955; Max #Tokens 1,120",
        "Table 1: PickBest: Setting 16k; #Cases 100; Avg #Tokens 14,930; Max #Tokens 16,508",
    ]
    table = tuple(
        PaperSentence(len(paper.sentences) + i, t, 1, ((0, 0, 1, 1),), "table")
        for i, t in enumerate(texts)
    )
    rows = table_rows(replaced(paper, sentences=paper.sentences + table))
    assert [r.label for r in rows] == ["RankSeg 2k", "RankSeg 8k", "PickBest 1k", "PickBest 16k"]
    cases = "The PickBest 16k setting has 200 cases."
    assert_page(cell_mismatch(extract_numbers(cases), cases, rows), ("200", "100"), 1)
    right = "The PickBest 16k setting has 100 cases."
    assert cell_mismatch(extract_numbers(right), right, rows) is None
    share = "A model copies the input order in 38% of RankSeg cases at 8k."
    assert cell_mismatch(extract_numbers(share), share, rows) is None
    # "Avg" is "average", and the maximum is another column
    average = "At 8k, RankSeg inputs have an average of 8,390 tokens."
    assert_page(cell_mismatch(extract_numbers(average), average, rows), ("8,390", "7512"), 1)


def assert_page(found: Mismatch | None, expected: tuple[str, str], page: int) -> None:
    assert found is not None
    assert (found.claim_value, found.paper_value, found.page) == (*expected, page)
