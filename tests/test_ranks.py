"""A row ranked second or third in a column is read against the table's order."""

from __future__ import annotations

import pytest

from core.verify.ranks import check_rank
from tests.fakes import table_rows_of

TEXTS = [
    "Table 2: GPT-4: Acc 78.2; Error 2.1",
    "Table 2: Claude-2: Acc 70.5; Error 3.4",
    "Table 2: LongChat: Acc 70.5; Error 1.8",
    "Table 2: Vicuna: Acc 41.0; Error 5.0",
    "Table 3: Vicuna: BLEU 20.1",
    "Table 3: Alpaca: BLEU 22.4",
]
ROWS = table_rows_of(*TEXTS, page=5)


@pytest.mark.parametrize(
    ("claim", "reason"),
    [
        # accuracy: GPT-4, then Claude-2 and LongChat tied, then Vicuna
        ("Claude-2 achieves the second-best accuracy.", None),
        ("LongChat achieves the second best accuracy.", None),
        ("GPT-4 achieves the second-best accuracy.", "rank_wrong:2->1"),
        ("Vicuna has the third highest accuracy.", "rank_wrong:3->4"),
        ("Vicuna has the second-lowest accuracy.", "rank_wrong:2->1"),
        # lower is ahead for errors: LongChat, GPT-4, Claude-2, Vicuna
        ("GPT-4 ranks second on error.", None),
        ("Claude-2 ranks second on error.", "rank_wrong:2->3"),
        ("Claude-2 has the third-worst error.", "rank_wrong:3->2"),
        # the row's only column; the table the column names
        ("Vicuna comes second on BLEU.", None),
        ("Alpaca comes second on BLEU.", "rank_wrong:2->1"),
        # denied, no column, no row: not read
        ("GPT-4 is not the second-best model on accuracy.", None),
        ("GPT-4 achieves the second-best results.", None),
        ("The second-best accuracy is 70.5.", None),
    ],
)
def test_ranks(claim: str, reason: str | None) -> None:
    found = check_rank(claim, ROWS)
    assert (found and found.reason) == reason


def test_a_wrong_rank_names_the_place_and_value() -> None:
    found = check_rank("Vicuna has the third highest accuracy.", ROWS)
    assert found is not None
    assert found.explain() == "The paper's table ranks Vicuna 4th in Acc, with 41.0 (p. 5)"
