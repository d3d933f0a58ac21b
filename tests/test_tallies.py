"""Counts of the columns a row is ahead in ("on 3 of the 4 datasets") are read against the table."""

from __future__ import annotations

import pytest

from core.verify.gates import PaperFacts, run_gates
from core.verify.tallies import check_tally, tallies
from tests.fakes import make_paper, table_rows_of, with_table

TEXTS = [
    "Table 2: GPT-4: cs-en 0.70; de-en 0.61; fi-en 0.82; lv-en 0.55; Avg 0.67",
    "Table 2: Claude-2: cs-en 0.65; de-en 0.66; fi-en 0.80; lv-en 0.50; Avg 0.65",
    "Table 2: LongChat: cs-en 0.60; de-en 0.62; fi-en 0.70; lv-en 0.45; Avg 0.59",
    "Table 3: GPT-4: Error 4.0; Time 2.0; F1 9.0",
    "Table 3: Claude-2: Error 3.0; Time 2.5; F1 8.0",
]
ROWS = table_rows_of(*TEXTS, page=4)


@pytest.mark.parametrize(
    ("text", "counts"),
    [
        ("GPT-4 wins on 3 of the 4 language pairs.", [(3, 4, "")]),
        ("It is ahead on three out of four datasets.", [(3, 4, "")]),
        ("It is ahead on at least 2 of 4 datasets.", [(2, 4, "at least")]),
        ("It leads in 3/4 language pairs.", [(3, 4, "")]),
        ("It leads across all four language pairs.", [(4, 4, "")]),
        # a fraction of a quantity, a date, a share larger than its total: no count
        ("It uses about 1/6 of the parameters.", []),
        ("Submitted on 3/4 2023.", []),
        ("It wins 5 of 4 runs.", []),
    ],
)
def test_tallies_read(text: str, counts: list[tuple[int, int, str]]) -> None:
    assert [(t.said, t.total, t.bound) for t in tallies(text)] == counts


@pytest.mark.parametrize(
    ("claim", "reason"),
    [
        # GPT-4 is ahead of Claude-2 in cs-en, fi-en and lv-en; the average is no language pair
        ("GPT-4 outperforms Claude-2 on 3 out of 4 language pairs.", None),
        ("Claude-2 outperforms LongChat on 3 out of 4 language pairs.", "tally_wrong:3->4"),
        ("GPT-4 outperforms Claude-2 on 2 out of 4 language pairs.", "tally_wrong:2->3"),
        ("GPT-4 outperforms Claude-2 on all four language pairs.", "tally_wrong:4->3"),
        ("GPT-4 outperforms Claude-2 on at least 2 of the 4 language pairs.", None),
        ("Claude-2 underperforms GPT-4 on 3 of the 4 language pairs.", None),
        ("Claude-2 outperforms GPT-4 on 3 of the 4 language pairs.", "tally_wrong:3->1"),
        # with the average, five columns
        ("GPT-4 outperforms Claude-2 in 4 of the 5 columns.", None),
        # the best of the table: GPT-4 in cs-en, fi-en and lv-en
        ("GPT-4 achieves the best score on 3 of the 4 language pairs.", None),
        ("LongChat achieves the best score on 1 of the 4 language pairs.", "tally_wrong:1->0"),
        # lower is better for errors and time: GPT-4 is ahead in time and F1
        ("GPT-4 outperforms Claude-2 on 2 of 3 measures.", None),
        ("Claude-2 outperforms GPT-4 on 2 of 3 measures.", "tally_wrong:2->1"),
        # a total the rows do not have, a denied comparison, no count: not read
        ("GPT-4 outperforms Claude-2 on 2 of 6 language pairs.", None),
        ("GPT-4 does not outperform Claude-2 on 2 of the 4 language pairs.", None),
        ("GPT-4 outperforms Claude-2 on most language pairs.", None),
    ],
)
def test_tally_checked(claim: str, reason: str | None) -> None:
    found = check_tally(claim, ROWS)
    assert (found and found.reason) == reason


@pytest.mark.parametrize(
    ("claim", "explanation"),
    [
        (
            "GPT-4 outperforms Claude-2 on all four language pairs.",
            "The paper's table has GPT-4 ahead of Claude-2 in 3 of its 4 columns (p. 4)",
        ),
        (
            "Claude-2 outperforms LongChat on 3 of 4 language pairs.",
            "The paper's table has Claude-2 ahead of LongChat in all 4 of its columns (p. 4)",
        ),
        (
            "LongChat achieves the best score on 1 of the 4 language pairs.",
            "The paper's table has LongChat the best in 0 of its 4 columns (p. 4)",
        ),
    ],
)
def test_a_wrong_tally_names_the_count(claim: str, explanation: str) -> None:
    found = check_tally(claim, ROWS)
    assert found is not None
    assert found.explain() == explanation


_BODY = make_paper(["We compare three systems on four language pairs."])
PAPER = with_table(_BODY, TEXTS[:3], page=2)
FACTS = PaperFacts(PAPER)


@pytest.mark.parametrize(
    ("sentence", "reasons"),
    [
        # four language pairs (the average left out), five columns, three rows
        ("GPT-4 outperforms Claude-2 on 3 of the 4 language pairs.", []),
        ("GPT-4 is ahead in 4 out of 5 columns.", []),
        ("GPT-4 is the best of all 3 systems on cs-en.", []),
        # a total no table has, and a number that counts nothing
        (
            "GPT-4 outperforms Claude-2 on 3 of the 7 language pairs.",
            ["number_not_in_paper:3", "number_not_in_paper:7"],
        ),
        ("GPT-4 outperforms Claude-2 on 3 language pairs.", ["number_not_in_paper:3"]),
    ],
)
def test_a_count_over_a_table_is_the_papers(sentence: str, reasons: list[str]) -> None:
    assert list(run_gates(sentence, FACTS).reasons) == reasons
