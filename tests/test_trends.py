"""Trends over a table's sizes are checked against the row's values."""

from __future__ import annotations

import pytest

from core.verify.trends import check_scale, check_trend
from tests.fakes import table_rows_of

TEXTS = [
    "Table 2: GPT-4-Turbo: 1k 71.0; 2k 66.5; 4k 58.0; 8k 45.5; 16k 30.0",
    "Table 2: Claude-2: 1k 65.5; 2k 57.0; 4k 44.0; 8k 30.5; 16k 18.4",
    "Table 2: LongChat-7b: 1k 12.0; 2k 9.5; 4k 14.0; 8k 15.5; 16k 16.0",
    "Table 3: GPT-4-Turbo: Acc 71.0; F1 66.5; Time 4.0",
]
ROWS = table_rows_of(*TEXTS, page=2)


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


SIZED = [
    "Table 4: Vicuna-7B: 2-class 63.6; 3-class 38.9",
    "Table 4: Vicuna-13B: 2-class 41.8; 3-class 35.2",
    "Table 4: LLaMA-7B: 2-class 50.2; 3-class 30.1",
    "Table 4: LLaMA-13B: 2-class 55.7; 3-class 29.0",
    "Table 4: LLaMA-65B: 2-class 58.0; 3-class 33.3",
    "Table 4: GPT-4: 2-class 78.2; 3-class 64.8",
    "Table 5: Flan-T5-base: 2-class 47.4; 3-class 31.1",
    "Table 5: Flan-T5-large: 2-class 51.6; 3-class 33.8",
    "Table 5: Flan-T5-XL: 2-class 45.0; 3-class 30.2",
]
SIZED_ROWS = table_rows_of(*SIZED, page=3)


@pytest.mark.parametrize(
    ("claim", "reason"),
    [
        # Vicuna-13B trails Vicuna-7B in both columns
        ("Larger models perform better on SciTab.", "scale_reversed:Vicuna-13B<Vicuna-7B"),
        ("Vicuna improves with model size.", "scale_reversed:Vicuna-13B<Vicuna-7B"),
        ("Larger Vicuna models achieve lower scores.", None),
        # LLaMA-65B is ahead of LLaMA-7B in both columns; in the 3-class column only, of LLaMA-13B
        ("Larger LLaMA models perform better.", None),
        ("Larger LLaMA models perform worse.", "scale_reversed:LLaMA-7B<LLaMA-65B"),
        # sizes in words: Flan-T5-XL trails Flan-T5-base in both columns
        ("Larger Flan-T5 models perform better.", "scale_reversed:Flan-T5-XL<Flan-T5-base"),
        ("Larger Flan-T5 models perform worse.", None),
        # hedged, denied, or no direction: not read
        ("Larger models generally perform better.", None),
        ("Larger models do not perform better.", None),
        ("Model size matters.", None),
        ("Scaling up the training data improves every model.", None),
    ],
)
def test_trends_over_model_sizes(claim: str, reason: str | None) -> None:
    found = check_scale(claim, SIZED_ROWS)
    assert (found and found.reason) == reason


def test_a_reversed_scale_names_the_values() -> None:
    found = check_scale("Scaling up the Vicuna model improves its accuracy.", SIZED_ROWS)
    assert found is not None
    assert found.explain() == (
        "The paper's table has 2-class 63.6 for Vicuna-7B and 41.8 for Vicuna-13B (p. 3)"
    )
