"""Values given to the wrong owner within one sentence of the paper."""

from __future__ import annotations

import pytest

from core.text.normalize import extract_numbers
from core.types import Evidence
from core.verify.binding import stated_numbers
from core.verify.owners import exchanged_value, owner_of, value_of_other_owner


def ev(text: str, page: int = 1) -> Evidence:
    return Evidence(page=page, text=text, bbox=(0, 0, 1, 1), score=1.0, sentence_index=0)


TRIAGE = "TriageLM reaches 78.4% accuracy against 71.9% for logistic regression and 76.2% for BERT."
MARCO = "On MS MARCO, LexiRank reaches an MRR@10 of 36.8, compared with 18.7 for BM25 [1]."
ZH = "在深度神经网络模型中，Text CNN的表现最佳，准确率为86.1%；DPCNN性能最低，准确率仅为82.8%。"


@pytest.mark.parametrize(
    ("text", "owners"),
    [
        (TRIAGE, ["TriageLM", "logistic regression", "BERT"]),
        # the metric a value is "of" is what it measures, not whose it is
        (MARCO, ["LexiRank", "BM25"]),
        (ZH, ["Text CNN", "DPCNN"]),
        ("LexiRank (36.8) outperforms BM25 (18.7).", ["LexiRank", "BM25"]),
        # a common noun owns its value with the words that make it one of several
        (
            "It was higher for recall questions (0.86) than for reasoning questions (0.67).",
            ["recall questions", "reasoning questions"],
        ),
        ("The accuracy of TriageLM is 71.9%, and BERT is 76.2%.", ["TriageLM", "BERT"]),
        # a comparison word between name and value: the value may be the other side's
        ("TriageLM improves over the 71.9% of the baseline.", [None]),
        # a list's order, not nearness, pairs values with owners
        ("BERT and RoBERTa reach 88.1% and 89.0%, respectively.", ["RoBERTa", None]),
        ("The model reaches 88.1% accuracy.", [None]),
    ],
)
def test_owner_of(text: str, owners: list[str | None]) -> None:
    numbers = stated_numbers(text)
    assert [owner_of(text, m, numbers) for m in numbers] == owners


@pytest.mark.parametrize(
    ("claim", "evidence", "expected"),
    [
        # the value the sentence gives logistic regression, claimed of TriageLM
        ("TriageLM reaches 71.9% accuracy.", TRIAGE, ("71.9%", "78.4%")),
        ("The accuracy of TriageLM is 71.9%, and BERT is 76.2%.", TRIAGE, ("71.9%", "78.4%")),
        ("LexiRank reaches an MRR@10 of 18.7 on MS MARCO.", MARCO, ("18.7", "36.8")),
        ("DPCNN的准确率为86.1%。", ZH, ("86.1%", "82.8%")),
        # each value with its own owner
        ("TriageLM reaches 78.4% accuracy, BERT 76.2%.", TRIAGE, None),
        ("BM25 reaches an MRR@10 of 18.7.", MARCO, None),
        ("Text CNN的准确率为86.1%。", ZH, None),
        ("TextCNN reaches 86.1% accuracy.", ZH, None),
        # no value of the claim's owner in that sentence to set against it
        ("ClinicalBERT reaches 71.9% accuracy.", TRIAGE, None),
        # pairs by order are not read
        ("RoBERTa reaches 88.1%.", "BERT and RoBERTa reach 88.1% and 89.0%, respectively.", None),
        # "questions" alone is no owner shared by two kinds of question
        (
            "Agreement fell on reasoning questions, with 0.67 against 0.86 for recall questions.",
            "Agreement was higher for recall questions (QWK 0.86) than for reasoning questions "
            "(0.67).",
            None,
        ),
        # the owner's other value, which the claim states too
        (
            "The PEO reference failed at 30 °C and was run at 60 °C instead.",
            "LexiCell was cycled at 30 °C, and the PEO reference was cycled at 60 °C.",
            None,
        ),
        (
            "The PEO reference was run at 30 °C.",
            "LexiCell was cycled at 30 °C, and the PEO reference was cycled at 60 °C.",
            ("30", "60"),
        ),
        # small whole numbers recur for unrelated things
        ("BERT uses 3 layers.", "LexiRank uses 6 layers against 3 for BERT.", None),
    ],
)
def test_value_of_other_owner(claim: str, evidence: str, expected: tuple[str, str] | None) -> None:
    found = value_of_other_owner(extract_numbers(claim), claim, [ev(evidence)])
    assert (None if found is None else (found.claim_value, found.paper_value)) == expected


TAXONOMY = "本文设计了双层分类体系，包括6个大类和23个细类。"
CORPUS = "本文设计了双层分类体系，包括6个大类和23个细类，共标注8000个问题。"


@pytest.mark.parametrize(
    ("claim", "evidence", "expected"),
    [
        # one value exchanged in the sentence that states the claim's other values
        ("It has 6 large classes and 222 fine classes.", [TAXONOMY], ("222", "23")),
        ("It has 6 large classes and 23 fine classes.", [TAXONOMY], None),
        # two values the evidence lacks: no sentence states the rest
        ("It has 5 large classes and 222 fine classes.", [TAXONOMY], None),
        # a value of another sentence of the evidence is no exchange
        (
            "It has 6 large classes and 15 annotators.",
            [TAXONOMY, "标注由15名医生完成。"],
            None,
        ),
        # the sentence holds two candidates: which one was exchanged is not known
        ("It has 6 large classes and 222 fine classes.", [CORPUS], None),
        ("The 8000 questions fall into 6 classes and 30 subclasses.", [CORPUS], ("30", "23")),
        # a single value has nothing to anchor the sentence
        ("It has 222 fine classes.", [TAXONOMY], None),
        # a year is exchanged only for a year
        (
            "Released in 2019 with 6 classes.",
            ["2021年发布，包括6个大类和23个细类。"],
            ("2019", "2021"),
        ),
    ],
)
def test_exchanged_value(claim: str, evidence: list[str], expected: tuple[str, str] | None) -> None:
    found = exchanged_value(extract_numbers(claim), claim, [ev(e) for e in evidence])
    assert (None if found is None else (found.claim_value, found.paper_value)) == expected
