"""Comparisons are checked against the table's values."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

from core.types import PaperSentence
from core.verify.comparison import Row, check_comparison, read_row
from tests.fakes import make_paper, table_rows_of, with_table

SENTENCES = [
    PaperSentence(
        0, "Table 3: LSTM: F1 71.2; Recall 80.1; Error 0.30", 8, ((0, 0, 1, 1),), "table"
    ),
    PaperSentence(
        1, "Table 3: HTML: F1 74.5; Recall 78.0; Error 0.25", 8, ((0, 0, 1, 1),), "table"
    ),
    PaperSentence(
        2, "Table 3: HTML+Audio: F1 75.0; Recall 79.0; Error 0.22", 8, ((0, 0, 1, 1),), "table"
    ),
]
ROWS = [r for r in (read_row(s) for s in SENTENCES) if r is not None]


@pytest.mark.parametrize(
    ("claim", "reversed_"),
    [
        ("HTML outperforms LSTM on F1.", False),
        ("LSTM outperforms HTML on F1.", True),
        ("LSTM has a higher recall than HTML.", False),
        ("HTML has a higher recall than LSTM.", True),
        ("LSTM is worse than HTML in F1.", False),
        ("HTML is worse than LSTM in F1.", True),
        ("HTML has a lower error than LSTM.", False),
        ("LSTM outperforms HTML+Audio.", False),  # mixed columns: not sure, no verdict
        ("HTML+Audio outperforms HTML on F1.", False),
        ("LSTM is superior to HTML on F1.", True),
        ("HTML works better than LSTM in F1.", False),
        ("HTML lags behind LSTM in F1.", True),
        ("LSTM trails HTML on F1.", False),
        ("LSTM exceeds HTML in recall.", False),
        ("HTML exceeds LSTM in recall.", True),
        ("HTML improves upon LSTM in F1.", False),
        # "more", "fewer" and "less" by the column they name
        ("LSTM has more recall than HTML.", False),
        ("HTML has more recall than LSTM.", True),
        ("LSTM makes fewer errors than HTML.", True),
        ("LSTM is more robust than HTML.", False),  # no column named: no verdict
        ("LSTM improves the F1 over HTML.", True),
        ("LSTM has a higher F1, recall and error than HTML.", False),  # mixed: no verdict
        ("HTML+Audio does not reach a higher F1, recall or precision than HTML.", True),
        ("Our model outperforms the baselines.", False),
        ("HTML+Audio achieves the best F1.", False),
        ("HTML achieves the best F1.", True),
        ("LSTM has the highest recall.", False),
        ("HTML has the highest recall.", True),
        ("HTML+Audio has the lowest error.", False),
        ("LSTM has the lowest error.", True),
        # no column named: only a row better in every column contradicts it
        ("HTML is the best model.", True),
        ("LSTM is the best model.", False),
        ("HTML+Audio was the best model.", False),
        # a leading clause's rows are not the subject
        ("Although it takes more turns than LSTM, our model achieves the best F1.", False),
        ("Although its recall is lower, HTML achieves the best F1.", True),
        # a denied comparison is contradicted when the comparison holds
        ("HTML does not outperform LSTM on F1.", True),
        ("LSTM does not outperform HTML on F1.", False),
        ("LSTM fails to reach a higher recall than HTML.", True),
        ("LSTM is not significantly better than HTML on F1.", False),  # a test, not values
        ("HTML+Audio does not achieve the best F1.", True),
        ("HTML does not achieve the best F1.", False),
        ("HTML+Audio does not achieve significantly the best F1.", False),
        # against every other row: one row better in each named column contradicts it
        ("HTML+Audio outperforms all other models on F1.", False),
        ("HTML outperforms all other models on F1.", True),
        ("LSTM outperforms the baselines in terms of F1.", True),
        ("HTML outperforms the baselines in terms of F1.", False),  # HTML+Audio is its variant
        ("LSTM has a higher recall than the other models.", False),
        ("HTML has a higher recall than all other systems.", True),
        ("LSTM performs worse than every other model on F1.", False),
        ("HTML+Audio performs worse than every other model on F1.", True),
        # no column named: only a row better in every shared column contradicts it
        ("HTML+Audio outperforms all other models.", False),  # LSTM has the best recall
        ("HTML outperforms all other models.", True),  # HTML+Audio is better throughout
        # said of most, or denied: no verdict
        ("HTML outperforms most other models on F1.", False),
        ("HTML does not outperform all other models on F1.", False),
    ],
)
def test_comparisons(claim: str, reversed_: bool) -> None:
    assert (check_comparison(claim, ROWS) is not None) == reversed_


def test_superlative_names_the_better_row() -> None:
    found = check_comparison("HTML achieves the best F1.", ROWS)
    assert found is not None
    assert (found.claimed_better, found.claimed_worse) == ("HTML", "HTML+Audio")
    assert (
        found.explain() == "The paper's table has F1 74.5 for HTML and 75.0 for HTML+Audio (p. 8)"
    )


CLASSIFIERS = [
    PaperSentence(i, t, 1, ((0, 0, 1, 1),), "table")
    for i, t in enumerate(
        [
            "Table 3: Logistic Regression (Count Vectorizer): F1 (train) 0.679; F1 (test) 0.572",
            "Table 3: SVM (Linear Kernel) (TfIdf Vectorizer): F1 (train) 0.695; F1 (test) 0.576",
            "Table 3: ULMFit*: F1 (train) 0.861; F1 (test) 0.701",
        ]
    )
]


@pytest.mark.parametrize(
    ("claim", "best"),
    [
        # rows named without their bracketed notes; the best is better in every named column
        ("The Logistic Regression model achieved the best F1 on train and test.", "ULMFit*"),
        ("The SVM obtained the highest F1 (train) and F1 (test).", "ULMFit*"),
        ("The ULMFit model achieved the best F1 on train and test.", None),
    ],
)
def test_the_best_in_several_columns(claim: str, best: str | None) -> None:
    rows = [r for r in (read_row(s) for s in CLASSIFIERS) if r is not None]
    found = check_comparison(claim, rows)
    assert (found and found.claimed_worse) == best


def test_a_row_beating_the_claimed_winner_is_named() -> None:
    found = check_comparison("HTML outperforms all other models on F1.", ROWS)
    assert found is not None
    assert (found.claimed_better, found.claimed_worse, found.column) == ("HTML", "HTML+Audio", "F1")
    assert found.values == (Decimal("74.5"), Decimal("75.0"))


@pytest.mark.parametrize(
    ("claim", "reason"),
    [
        # the gap before the comparative, or after "by": to its own precision
        ("HTML is 3.3 F1 points higher than LSTM.", None),
        ("HTML is 3 F1 points higher than LSTM.", None),
        ("HTML is 2 F1 points higher than LSTM.", "comparison_gap:2->3.3"),
        ("HTML outperforms LSTM by 3.3 points on F1.", None),
        ("HTML outperforms LSTM by 1.5 points on F1.", "comparison_gap:1.5->3.3"),
        # a percentage may be a share of either value: 3.3 / 71.2
        ("HTML outperforms LSTM by 4.6% on F1.", None),
        ("HTML outperforms LSTM by 9% on F1.", "comparison_gap:9->3.3"),
        # fractions are read as points: 0.30 - 0.25
        ("HTML has a 5 points lower error than LSTM.", None),
        # a hedged gap is not read; a reversed order is named as such
        ("HTML is about 2 F1 points higher than LSTM.", None),
        ("HTML is 2 times better than LSTM on F1.", None),
        ("LSTM is 3.3 F1 points higher than HTML.", "comparison_reversed:LSTM<HTML"),
    ],
)
def test_the_gap_a_comparison_states(claim: str, reason: str | None) -> None:
    found = check_comparison(claim, ROWS)
    assert (found.reason if found else None) == reason


def test_a_wrong_gap_names_the_tables_gap() -> None:
    found = check_comparison("HTML is 2 F1 points higher than LSTM.", ROWS)
    assert found is not None
    assert found.explain() == (
        "The paper's table has F1 74.5 for HTML and 71.2 for LSTM (p. 8): a gap of 3.3, not 2"
    )


# Rows under group labels ("symmetric", "asymmetric"): FME trails AME in both groups of Table 1;
# in Table 2 it leads in the asymmetric group.
GROUPED = table_rows_of(
    "Table 1: symmetric FME: R@1 39.2; R@5 71.1",
    "Table 1: symmetric AME: R@1 43.5; R@5 77.2",
    "Table 1: asymmetric FME: R@1 44.9; R@5 76.9",
    "Table 1: asymmetric AME: R@1 50.5; R@5 79.7",
)
MIXED = table_rows_of(
    "Table 2: symmetric FME: R@1 39.2; R@5 71.1",
    "Table 2: symmetric AME: R@1 43.5; R@5 77.2",
    "Table 2: asymmetric FME: R@1 52.9; R@5 80.9",
    "Table 2: asymmetric AME: R@1 50.5; R@5 79.7",
)
# "cmp." rows hold each model's change against another: no group of the models' own rows.
CHANGES = table_rows_of(
    "Table 4: CBOW/784: TREC 85.6; SST2 78.5",
    "Table 4: CMOW/784: TREC 88.0; SST2 74.7",
    "Table 4: cmp. CBOW: TREC 2.3; SST2 1.4",
    "Table 4: cmp. CMOW: TREC -0.5; SST2 6.6",
)
TIED = table_rows_of("Table 3: LSTM: F1 70.0; Acc 80.0", "Table 3: HTML: F1 70.0; Acc 82.0")


@pytest.mark.parametrize(
    ("claim", "rows", "reversed_"),
    [
        ("FME performs better than AME on both symmetric and asymmetric modes.", GROUPED, True),
        ("AME performs better than FME on both modes.", GROUPED, False),
        ("FME performs better than AME on both symmetric and asymmetric modes.", MIXED, False),
        ("FME performs better than AME in the asymmetric mode.", MIXED, False),
        ("FME performs better than AME in the symmetric mode.", MIXED, True),
        ("On the TREC task, CMOW outperforms CBOW by 2.5 points.", CHANGES, False),
        # a tie favours neither row: the other column decides
        ("LSTM outperforms HTML.", TIED, True),
        ("HTML outperforms LSTM.", TIED, False),
        ("LSTM outperforms HTML on F1.", TIED, False),
    ],
)
def test_comparisons_by_group_and_with_ties(claim: str, rows: list[Row], reversed_: bool) -> None:
    assert (check_comparison(claim, rows) is not None) == reversed_


# The rows "ChatGPT" and "Claude" stand in two tables, told apart only by their captions; the
# columns are input lengths, and "v1.5-32k" holds no column "2k".
LENGTHS = [
    replace(row, caption=f"{row.table}: Accuracy on {task}.")
    for row, task in zip(
        table_rows_of(
            "Table 2: ChatGPT: 2k 28.5; 4k 19.0; 16k 9.0",
            "Table 2: Claude: 2k 31.0; 4k 24.5; 16k 12.5",
            "Table 2: LongChat-v1.5-32k: 2k 5.5; 4k 4.0; 16k 2.0",
            "Table 3: ChatGPT: 2k 48.5; 4k 33.0; 16k 8.0",
            "Table 3: Claude: 2k 57.0; 4k 44.0; 16k 18.4",
        ),
        ["RankSeg"] * 3 + ["PickBest"] * 2,
        strict=True,
    )
]


@pytest.mark.parametrize(
    ("claim", "reversed_"),
    [
        ("ChatGPT outperforms Claude on RankSeg at 4k.", True),
        ("Claude outperforms ChatGPT on RankSeg at 4k.", False),
        ("At 16k, ChatGPT outperforms Claude on PickBest.", True),
        ("Claude performs best among all models on RankSeg at 2k.", False),
        ("LongChat-v1.5-32k performs best among all models on RankSeg at 16k.", True),
    ],
)
def test_comparisons_in_the_table_the_caption_names(claim: str, reversed_: bool) -> None:
    assert (check_comparison(claim, LENGTHS) is not None) == reversed_


def _read_tables(body: str, texts: list[str]) -> list[Row]:
    """The rows ``table_rows`` reads from a paper of ``body`` with ``texts`` as table sentences."""
    from core.verify.comparison import table_rows

    return table_rows(with_table(make_paper([body]), texts))


def test_rows_carry_their_tables_caption_and_their_own_label() -> None:
    body = "Table 2: Accuracy on RankSeg by length. Table 3 lists the costs."
    texts = [
        "Table 2: Open LLMs Vicuna: 2k 28.5",
        "Table 2: Open LLMs LLaMA: 2k 20.5",
        "Table 3: ChatGPT: cost 12.0",
        "Table 3: cmp. ChatGPT: cost 2.0",
        "Table 3: cmp. Claude: cost 1.0",
    ]
    read = _read_tables(body, texts)
    caption = "Table 2: Accuracy on RankSeg by length."
    assert [r.caption for r in read] == [caption, caption, "", "", ""]
    # "cmp. ChatGPT" is a change, not the row "ChatGPT"
    assert [r.own for r in read] == ["Vicuna", "LLaMA", "ChatGPT", "cmp. ChatGPT", "Claude"]


def test_rows_of_a_table_without_a_numbered_caption_are_read() -> None:
    texts = [
        "Wiener filter: WER (%) 19.5; DCE 0.722",
        "FSEGAN: WER (%) 14.9; DCE 0.291",
        # one cell without a table number: a sentence with a colon, not a row
        "Note: WER 3.0",
        # a numbered row whose label holds a colon is not read as a row called "Table 3"
        "Table 3: Parallel gella:17: R@1 31.7; R@5 62.4",
    ]
    read = _read_tables("Table 2: Accuracy on RankSeg by length.", texts)
    assert [(r.label, r.values) for r in read] == [
        ("Wiener filter", {"WER (%)": Decimal("19.5"), "DCE": Decimal("0.722")}),
        ("FSEGAN", {"WER (%)": Decimal("14.9"), "DCE": Decimal("0.291")}),
        ("Parallel gella:17", {"R@1": Decimal("31.7"), "R@5": Decimal("62.4")}),
    ]
    # one table, named by its page, whose caption is not Table 2's
    assert len({r.table for r in read[:2]}) == 1
    assert [r.caption for r in read] == ["", "", ""]
    found = check_comparison("The Wiener filter has a lower WER than FSEGAN.", read)
    assert found is not None
    assert found.reason == "comparison_reversed:FSEGAN<Wiener filter"


# A group label ("Closed LLMs") heads its rows; the columns take two header lines.
SECTIONS = [
    replace(row, own=own)
    for row, own in zip(
        table_rows_of(
            "Table 1: Open LLMs Vicuna: 3-class Zero 36.2; 3-class In-C 38.9",
            "Table 1: Closed LLMs InstructGPT: 3-class Zero 41.4; 3-class In-C 44.0",
            "Table 1: Closed LLMs GPT-4: 3-class Zero 64.8; 3-class In-C 63.2",
        ),
        ["Vicuna", "InstructGPT", "GPT-4"],
        strict=True,
    )
]


@pytest.mark.parametrize(
    ("claim", "reversed_"),
    [
        ("InstructGPT outperforms GPT-4 in the 3-class zero-shot setting.", True),
        ("GPT-4 outperforms InstructGPT in the 3-class zero-shot setting.", False),
        ("Vicuna outperforms GPT-4 in the 3-class setting.", True),
    ],
)
def test_rows_named_past_their_group_and_columns_word_by_word(claim: str, reversed_: bool) -> None:
    assert (check_comparison(claim, SECTIONS) is not None) == reversed_


@pytest.mark.parametrize(
    ("column", "text", "named"),
    [
        ("3-class Zero", "the 3-class, zero-shot score", True),
        ("3-class In-C", "the 3-class score with in-context examples", False),
        ("Macro-F1", "a macro F1 of 78.2", True),
        ("Acc", "an accuracy of 78.2", True),
        ("2k", "Vicuna-v1.5-32k at 4k", False),
        ("16k", "at 16,000 tokens", True),
    ],
)
def test_a_claim_names_a_column(column: str, text: str, named: bool) -> None:
    from core.verify.comparison import names_column

    assert names_column(column, text) == named


def test_the_other_side_is_the_row_named_right_after_than() -> None:
    rows = table_rows_of(
        "Table 4: MIL: F1 38.0",
        "Table 4: MIL-ND: F1 42.0",
        "Table 4: Supervised: F1 40.1",
    )
    # the longer label "MIL-ND" later in the sentence is not the other side
    claim = "Supervised reaches a higher F1 than MIL, and MIL-ND trails both."
    assert check_comparison(claim, rows) is None
    wrong = "MIL reaches a higher F1 than Supervised, while MIL-ND is best."
    found = check_comparison(wrong, rows)
    assert found is not None
    assert found.reason == "comparison_reversed:MIL<Supervised"


@pytest.mark.parametrize(
    ("column", "lower"),
    [
        ("Mr", True),
        ("MR", False),  # the movie review data set
        ("Image to Text MedR", True),
        ("Mean rank", True),
        ("MRR", False),
        ("Mean reciprocal rank", False),
        ("R@1", False),
    ],
)
def test_a_rank_column_is_better_lower(column: str, lower: bool) -> None:
    from core.verify.comparison import lower_is_better

    assert lower_is_better(column, "A outperforms B.", by_value=False) is lower


@pytest.mark.parametrize(
    ("claim", "reason"),
    [
        ("Our model outperforms PG-MMR on R-1.", None),
        ("PG-MMR outperforms our model on R-1.", "comparison_reversed:PG-MMR<Hi-MAP (Our Model)"),
        (
            "The proposed method is worse than PG-MMR.",
            "comparison_reversed:PG-MMR<Hi-MAP (Our Model)",
        ),
    ],
)
def test_our_model_is_the_row_marked_as_the_authors(claim: str, reason: str | None) -> None:
    rows = table_rows_of(
        "Table 5: PG-MMR: R-1 40.55; R-2 12.36",
        "Table 5: Hi-MAP (Our Model): R-1 43.47; R-2 14.89",
    )
    found = check_comparison(claim, rows)
    assert (found and found.reason) == reason


@pytest.mark.parametrize(
    ("claim", "reason"),
    [
        ("Audio2vec works better than Chance on recall.", None),
        ("Chance works better than Audio2vec on recall.", "comparison_reversed:Chance<Audio2vec-U"),
        # one variant ahead, the other behind: not every variant reverses it
        ("Audio2vec works better than Mean MFCC on recall.", None),
        ("Mean MFCC works better than Audio2vec on recall.", None),
    ],
)
def test_a_model_named_alone_stands_for_each_of_its_variants(
    claim: str, reason: str | None
) -> None:
    rows = table_rows_of(
        "Table 1: Audio2vec-U: recall 0.30",
        "Table 1: Audio2vec-C: recall 0.20",
        "Table 1: Mean MFCC: recall 0.25",
        "Table 1: Chance: recall 0.10",
    )
    found = check_comparison(claim, rows)
    assert (found and found.reason) == reason


def test_a_row_named_as_an_exception_is_not_the_other_side() -> None:
    rows = table_rows_of(
        "Table 1: WMD: r 0.70",
        "Table 1: BLEU: r 0.50",
        "Table 1: LEIC: r 0.90",
    )
    assert check_comparison("WMD outperforms all baselines except LEIC.", rows) is None
    assert check_comparison("WMD outperforms all baselines apart from LEIC.", rows) is None
    found = check_comparison("WMD outperforms LEIC.", rows)
    assert found is not None
