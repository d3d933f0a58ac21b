"""A gap a claim computes between two of the paper's values is not a number missing from it."""

from __future__ import annotations

import pytest

from core.text.normalize import extract_numbers
from core.verify.gates import PaperFacts, run_gates
from core.verify.gates.differences import is_difference
from tests.fakes import make_paper, with_table

_BODY = make_paper(
    [
        "On MS MARCO, LexiRank reaches an MRR@10 of 36.8, compared with 18.7 for BM25. "
        "The corpus holds 2400 notes.",
    ]
)
_ROWS = [
    "Table 2: Seq2SeqB: BLEU 26.6; chrF 52.5",
    "Table 2: DCGCN: BLEU 27.9; chrF 57.3",
    "Table 2: GGNN2Seq: BLEU 24.5; chrF 0.5",
]
PAPER = with_table(_BODY, _ROWS, page=2)
FACTS = PaperFacts(PAPER)


@pytest.mark.parametrize(
    ("sentence", "reasons"),
    [
        # the gap of two values in one sentence, to the claim's precision
        ("LexiRank improves on BM25 by 18.1 points.", []),
        ("LexiRank improves on BM25 by 18 points.", []),
        ("LexiRank improves on BM25 by 17.5 points.", ["number_not_in_paper:17.5"]),
        # in one table column, and in one table row
        ("DCGCN is 1 BLEU point higher than Seq2SeqB.", []),
        ("DCGCN is 1.3 BLEU points higher than Seq2SeqB.", []),
        ("DCGCN is 2.6 BLEU points higher than Seq2SeqB.", ["number_not_in_paper:2.6"]),
        ("DCGCN's chrF is 29.4 points above its BLEU.", []),
        # relative, for a percentage: (27.9 - 24.5) / 24.5
        ("DCGCN is 13.9% better than GGNN2Seq on BLEU.", []),
        ("DCGCN is 15.2% better than GGNN2Seq on BLEU.", ["number_not_in_paper:15.2%"]),
        # values joined by slashes share the gap's words
        ("DCGCN gives a 1.3 / 4.8 point gain over Seq2SeqB.", []),
        ("DCGCN improves on Seq2SeqB by 1.3/4.8 points.", []),
        ("DCGCN improves on Seq2SeqB by 1.3/5.5 points.", ["number_not_in_paper:5.5"]),
        # a number not stated as a gap must occur as written
        ("LexiRank reaches an MRR@10 of 18.1.", ["number_not_in_paper:18.1"]),
        ("The corpus holds 2418 notes.", ["number_not_in_paper:2418"]),
    ],
)
def test_a_computed_gap_is_the_papers(sentence: str, reasons: list[str]) -> None:
    assert list(run_gates(sentence, FACTS).reasons) == reasons


@pytest.mark.parametrize(
    ("sentence", "gaps"),
    [
        ("DCGCN is 1 BLEU point higher than Seq2SeqB.", ["1"]),
        ("It outperforms previous models by 10.5 CoNLL F1 points.", ["10.5"]),
        ("LRN obtains an additional 4 percentage points gain with BERT.", ["4"]),
        ("It matches ORACLE with only a 0.40% absolute difference.", ["0.40%"]),
        ("Pooling the data leads to a drop of more than 2 points in F1.", ["2"]),
        ("Emissions per parcel show a fall of 144 grams.", ["144"]),
        ("The new route was 12 minutes shorter.", ["12"]),
        ("Sunny days beat cloudy ones by roughly 1.5 litres.", ["1.5"]),
        ("模型的准确率高出2.1个百分点。", ["2.1个百分点"]),
        ("LexiRank reaches 36.8 on MS MARCO.", []),
        ("The model has 24 layers.", []),
    ],
)
def test_what_reads_as_a_gap(sentence: str, gaps: list[str]) -> None:
    found = [m.raw for m in extract_numbers(sentence) if is_difference(sentence, m)]
    assert found == gaps
