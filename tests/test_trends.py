"""Trends over a table's sizes are checked against the row's values."""

from __future__ import annotations

import pytest

from core.types import PaperSentence
from core.verify.comparison import read_row
from core.verify.trends import check_trend

TEXTS = [
    "Table 2: GPT-4-Turbo: 1k 71.0; 2k 66.5; 4k 58.0; 8k 45.5; 16k 30.0",
    "Table 2: Claude-2: 1k 65.5; 2k 57.0; 4k 44.0; 8k 30.5; 16k 18.4",
    "Table 2: LongChat-7b: 1k 12.0; 2k 9.5; 4k 14.0; 8k 15.5; 16k 16.0",
    "Table 3: GPT-4-Turbo: Acc 71.0; F1 66.5; Time 4.0",
]
ROWS = [
    row
    for row in (
        read_row(PaperSentence(i, t, 2, ((0, 0, 1, 1),), "table")) for i, t in enumerate(TEXTS)
    )
    if row is not None
]


@pytest.mark.parametrize(
    ("claim", "row"),
    [
        ("The accuracy of GPT-4-Turbo drops as the input grows longer.", None),
        ("The accuracy of GPT-4-Turbo rises as the input grows longer.", "GPT-4-Turbo"),
        ("Claude-2 improves with longer inputs.", "Claude-2"),
        ("LongChat-7b declines as the length increases.", "LongChat-7b"),
        # the sizes the claim names: LongChat-7b falls from 1k to 2k
        ("LongChat-7b declines from 1k to 2k as the input gets longer.", None),
        ("LongChat-7b rises from 4,000 to 16,000 tokens as the input gets longer.", None),
        # every row, or the one that goes the other way
        ("The accuracy of all models decreases with longer inputs.", "LongChat-7b"),
        ("Every model improves as the input grows.", "GPT-4-Turbo"),
        # hedged, denied, unnamed or without the size growing: not read
        ("Most models drop as the input grows longer.", None),
        ("LongChat-7b does not drop as the input grows longer.", None),
        ("Accuracy drops as the input grows longer.", None),
        ("The accuracy of LongChat-7b rises.", None),
    ],
)
def test_trends(claim: str, row: str | None) -> None:
    found = check_trend(claim, ROWS)
    assert (found and found.row) == row


def test_a_reversed_trend_names_its_values() -> None:
    found = check_trend("Claude-2 improves with longer inputs.", ROWS)
    assert found is not None
    assert found.reason == "trend_reversed:Claude-2"
    assert found.explain() == "The paper's table has 65.5 at 1k and 18.4 at 16k for Claude-2 (p. 2)"
