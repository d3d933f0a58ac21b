"""Second-generation gate rules: page marks, units, non-citations, negations, CJK names."""

from __future__ import annotations

import pytest

from core.types import Reference
from core.verify.gates import PaperFacts, overclaim_terms, run_gates
from tests.fakes import make_paper

PAPER = make_paper(
    [
        "We build on the Transformer architecture. It is trained on 12500 examples for 3 epochs. "
        "Inputs are resized to 224 pixels. The tokenizer is Jieba8分词工具 for Chinese text. "
        "Its questions were collected from 2001 to 2016 in Denmark.",
        "Our prior work [1] is related.",
    ],
    references=[Reference("1", "A. Author. Prior work. 2020.", ("Author",), "2020")],
)
FACTS = PaperFacts(PAPER)


@pytest.mark.parametrize(
    ("sentence", "reasons"),
    [
        ("The model is trained for 3 epochs (p. 1).", []),
        ("The model is trained for 3 epochs (pp. 1–1).", []),
        ("模型训练了3个周期（第1页）。", []),
        ("The model is trained for 3 epochs (p. 9).", ["page_not_in_paper:(p. 9)"]),
        ("It is trained on 12,500 examples.", []),
        ("It is trained on 12500 examples.", []),
        ("It is trained on 12,600 examples.", ["number_not_in_paper:12,600"]),
        ("It builds on the Transformer (2017).", []),
        ("Inputs have shape [3, 224, 224].", []),
        ("The interval is [0, 1].", []),
        ("It cites [1].", []),
        ("It cites [4].", ["citation_not_in_references:[4]"]),
        ("It uses Jieba8 for segmentation.", []),
        # a number of years is the length of a span of calendar years the paper gives
        ("The questions were collected over 15 years.", []),
        ("The questions were collected over about 16 years.", []),
        ("The questions were collected over 16 years.", ["number_not_in_paper:16"]),
        # a country's people name it
        ("The questions were collected from Danish speakers.", []),
        ("The questions were collected from Swedish speakers.", ["name_not_in_paper:Swedish"]),
    ],
)
def test_gate_rules(sentence: str, reasons: list[str]) -> None:
    assert list(run_gates(sentence, FACTS).reasons) == reasons


@pytest.mark.parametrize(
    ("sentence", "terms"),
    [
        ("The method always wins.", ["always"]),
        ("The method does not always win.", []),
        ("Not all datasets benefit.", []),
        ("All but one dataset benefit.", []),
        ("Patients, their doctors and the nurses were all unaware of the arm.", []),
        ("The models were all trained on English.", ["all"]),
        ("Patients and nurses said all arms were alike.", ["all"]),
        ("It is never the best.", ["never"]),
        # a bound on a value, which the number checks settle
        ("Panel coverage never exceeded 38% of the surface.", []),
        ("Oxygen never fell below 2 mg/L at the deep station.", []),
        ("The pumps never failed during the trial.", ["never"]),
        ("这种方法并不完全有效。", []),
        ("多模态学习的好处并非在所有时间周期上都显著。", []),
        ("不是所有数据集都受益。", []),
        ("在不同的所有数据集上都有效。", ["all"]),
        ("它不仅完全有效，而且很快。", ["completely"]),
        ("Docassemble应该被视为首选。", ["best"]),
        ("It should be the first choice for document generation.", ["best"]),
        ("这种方法完全有效。", ["completely"]),
        ("It proves the claim.", ["prove"]),
        ("An observational study cannot prove the claim.", []),
        ("It can't always win.", []),
        # a graded word is no absolute
        ("Delivery was less complete in South Wales than in Manchester.", []),
        ("Almost all schools delivered the programme.", []),
        ("All schools delivered the programme.", ["all"]),
        # "in all" at a clause's end is a total
        ("The analysis spanned twelve summers in all, six on each side of the launch.", []),
        ("Nine sites took part in all.", []),
        ("It works in all settings.", ["all"]),
        # a share of all of something is a share, which the values settle
        ("One storm caused around two-fifths of all the retreat at control sites.", []),
        ("About 59% of all the adults surveyed had high blood pressure.", []),
        ("Roughly seven in ten of all bees collected came from gardens.", []),
        ("The findings apply to adults of all ages.", ["all"]),
        # a negation earlier in the clause restricts the absolute word
        ("Audio is not statistically significant for every horizon.", []),
        ("The taxonomy may not be suitable for all types of questions.", []),
        ("The method needs no labels and always converges.", ["always"]),
        ("It does not need labels, and it works for all languages.", ["all"]),
        # 证明 is the ordinary "show"; 完全 stays absolute
        ("作者证明了HTML模型的提升。", []),
        ("实验证明了稀疏检索完全优于稠密检索。", ["completely"]),
    ],
)
def test_negated_absolutes_are_not_overclaims(sentence: str, terms: list[str]) -> None:
    assert overclaim_terms(sentence) == terms


SCOPE_EVIDENCE = [
    "The taxonomy is evaluated on 8,000 Chinese diabetes questions from two websites.",
    "BERT and ERNIE reach the best accuracy on the diabetes questions.",
]


@pytest.mark.parametrize(
    ("sentence", "flagged"),
    [
        ("The authors show the taxonomy works equally well for English diabetes questions.", True),
        ("The authors show that the same holds for hypertension questions.", True),
        ("The taxonomy generalizes to questions about cancer.", True),
        ("The taxonomy works equally well for Chinese diabetes questions.", False),
        ("BERT also works for the diabetes questions from two websites.", False),
        ("The taxonomy works on diabetes questions.", False),
        ("作者表明该分类体系同样适用于高血压和癌症问题。", True),
    ],
)
def test_results_extended_past_their_scope(sentence: str, flagged: bool) -> None:
    from core.verify.gates.overclaims import check_scope

    found = check_scope(sentence, SCOPE_EVIDENCE)
    assert bool(found) == flagged
    if flagged:
        assert found[0].reason.startswith("overclaim_scope:")


ZH_PAPER = PaperFacts(
    make_paper(
        ["语料库DaCorp的数据收集于两个医疗问答网站：“39健康”与“有问必答”。第一层包括“常识”类别。"]
    )
)


@pytest.mark.parametrize(
    ("facts", "sentence", "reasons"),
    [
        # a short quoted term in the paper's script must be the paper's
        (ZH_PAPER, "数据收集于“有问必答”网站。", []),
        (ZH_PAPER, "数据收集于“好大夫在线”与“有问必答”。", ["quoted_term_not_in_paper:好大夫在线"]),
        (FACTS, "It is trained on “12500 examples”.", []),
        (FACTS, "The tokenizer is “Jieba9”.", ["quoted_term_not_in_paper:Jieba9"]),
        # one in another script translates the paper's term; a bare number is no term
        (ZH_PAPER, "The first layer adds a “common sense” category.", []),
        (FACTS, "The tokenizer is called “结巴”.", []),
        (FACTS, "It is marked “7”.", []),
    ],
)
def test_short_quoted_terms(facts: PaperFacts, sentence: str, reasons: list[str]) -> None:
    assert list(run_gates(sentence, facts).reasons) == reasons


def test_a_quoted_term_the_paper_lacks_makes_the_sentence_unsupported() -> None:
    from core.config import CheckerSettings
    from core.verify.verifier import Checker
    from tests.fakes import FakeEmbedder, FakeRetriever

    paper = ZH_PAPER.paper
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())
    (wrong,) = checker.verify("DaCorp的数据收集于“好大夫在线”与“有问必答”两个医疗问答网站。")
    (right,) = checker.verify("DaCorp的数据收集于“39健康”与“有问必答”两个医疗问答网站。")
    assert wrong.status.value == "unsupported"
    assert wrong.reasons[0] == "quoted_term_not_in_paper:好大夫在线"
    assert wrong.explanation == "The quoted term “好大夫在线” does not occur in the paper"
    assert right.status.value != "unsupported"
