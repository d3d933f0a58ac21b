"""Flips: true sentences turned to say the opposite, as benchmark cases."""

from __future__ import annotations

import pytest

from bench.flips import antonym_flip, bench_rows, negation_flip


@pytest.mark.parametrize(
    ("sentence", "flipped"),
    [
        ("HTML reaches a lower error than MDRM.", "HTML reaches a higher error than MDRM."),
        (
            "Improved results are consistent across runs.",
            "Improved results are inconsistent across runs.",
        ),
        ("模型的预测误差明显降低。", "模型的预测误差明显提高。"),
        ("The authors describe the platform.", None),
    ],
)
def test_an_antonym_flip(sentence: str, flipped: str | None) -> None:
    made = antonym_flip(sentence)
    assert (made[0] if made else None) == flipped


@pytest.mark.parametrize(
    ("sentence", "flipped"),
    [
        ("The code is not open source.", "The code is open source."),
        ("The tool cannot export PDF files.", "The tool can export PDF files."),
        ("The tool can export PDF files.", "The tool cannot export PDF files."),
        (
            "The data are kept in a public repository.",
            "The data are not kept in a public repository.",
        ),
        ("用户不需要编写代码。", "用户需要编写代码。"),
        ("The authors describe the platform.", None),
    ],
)
def test_a_negation_flip(sentence: str, flipped: str | None) -> None:
    made = negation_flip(sentence)
    assert (made[0] if made else None) == flipped


def test_rows_keep_the_source_as_the_true_case_and_skip_negated_questions() -> None:
    rows = bench_rows(
        [("paper:a.pdf", "The tool can export PDF files."), ("paper:a.pdf", "Is the code open?")]
    )
    assert (
        "paper:a.pdf",
        "The tool cannot export PDF files.",
        "fabricated",
        "contradiction",
    ) in rows
    assert ("paper:a.pdf", "The tool can export PDF files.", "supported", "") in rows
    assert not any(r[1].startswith("Is the code not") for r in rows)
