"""The checker's verdicts from gates, semantic support and the judge."""

from __future__ import annotations

import pytest

from core.config import CheckerSettings
from core.errors import Cancelled
from core.progress import CancelToken
from core.types import Reference, Status, Verdict
from core.verify.claims import claim_kind, extract_claims
from core.verify.verifier import Checker, flagged_ratio
from tests.fakes import FakeEmbedder, FakeLLM, FakeRetriever, make_paper, with_table

PAPER = make_paper(
    [
        "We introduce SpanCheck, a verifier built on BERT-base that checks extractive answers. "
        "SpanCheck reaches 85.3% accuracy on SQuAD with 12,500 training pairs [1]. "
        "The verifier scores each answer span against the retrieved passage sentences.",
        "Training uses three epochs with a learning rate of 0.0003. Lee and Park (2020) proposed "
        "a related reader [2].",
    ],
    references=[
        Reference("1", "J. Smith. Span verification. 2021.", ("Smith",), "2021"),
        Reference("2", "K. Lee and M. Park. Readers. 2020.", ("Lee", "Park"), "2020"),
    ],
)


def checker(
    judge: FakeLLM | None = None, *, retriever: object = "default", use_judge: bool = True
) -> Checker:
    ret = FakeRetriever(PAPER) if retriever == "default" else retriever
    return Checker(PAPER, ret, FakeEmbedder(), judge, CheckerSettings(use_judge=use_judge))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("sentence", "kind"),
    [
        ("## Method", "heading"),
        ("Contributions", "heading"),
        ("**Evidence and results**", "heading"),
        ("-", "bullet"),
        ("Why did the authors use three epochs?", None),
        ("How many epochs did the authors use?", "question"),
        ("Could the authors report variance across seeds.", "question"),
        ("Why do they use three epochs.", "question"),
        ("When the researchers looked within pupils, they found no link.", None),
        ("What they report is a correlation.", None),
        ("The authors should report variance.", "recommendation"),
        ("SpanCheck reaches 85.3% accuracy.", None),
        ("- SpanCheck reaches 85.3% accuracy.", None),
    ],
)
def test_claim_kind(sentence: str, kind: str | None) -> None:
    assert claim_kind(sentence) == kind


def test_claims_have_offsets_and_skip_marker() -> None:
    text = "## Method\n[unverified] It uses 3 layers. It is fast."
    claims = extract_claims(text)
    assert [text[c.start : c.end] for c in claims] == [
        "## Method",
        "It uses 3 layers.",
        "It is fast.",
    ]
    assert [c.is_claim for c in claims] == [False, True, True]


def test_statuses_and_reasons() -> None:
    text = (
        "## Contributions\n"
        "SpanCheck reaches 85.3% accuracy on SQuAD with 12,500 training pairs [1]. "
        "SpanCheck reaches 91.2% accuracy on SQuAD. "
        "The authors claim it is “a verifier that never fails on any benchmark”. "
        "It follows Smith and Brown (2019). "
        "Bananas grow quickly in tropical climates near the coast. "
        "Why three epochs?"
    )
    verdicts = checker().verify(text)
    by_text = {v.claim.text: v for v in verdicts}
    assert by_text["## Contributions"].status == Status.NOT_A_CLAIM
    assert by_text["Why three epochs?"].status == Status.NOT_A_CLAIM
    good = by_text["SpanCheck reaches 85.3% accuracy on SQuAD with 12,500 training pairs [1]."]
    assert good.status == Status.SUPPORTED and good.evidence and good.evidence[0].page == 1
    wrong = by_text["SpanCheck reaches 91.2% accuracy on SQuAD."]
    assert wrong.status == Status.UNSUPPORTED
    # The best evidence states the same quantity with another value: a contradiction.
    assert wrong.reasons[0] == "number_mismatch:91.2%->85.3%"
    assert wrong.explanation == "The claim says 91.2%, but the paper says 85.3% (p. 1)"
    assert (
        by_text["The authors claim it is “a verifier that never fails on any benchmark”."].status
        == Status.REJECTED
    )
    assert by_text["It follows Smith and Brown (2019)."].status == Status.REJECTED
    assert (
        by_text["Bananas grow quickly in tropical climates near the coast."].status
        == Status.UNSUPPORTED
    )
    assert all(0.0 <= v.confidence <= 1.0 for v in verdicts)
    assert [text[v.claim.start : v.claim.end] for v in verdicts] == [v.claim.text for v in verdicts]


def test_flagged_ratio() -> None:
    verdicts = checker().verify(
        "## Method\nSpanCheck reaches 85.3% accuracy on SQuAD. It reaches 99% accuracy."
    )
    assert flagged_ratio(verdicts) == pytest.approx(0.5)
    assert flagged_ratio([]) == 0.0
    assert flagged_ratio(checker().verify("## Method\nWhy?")) == 0.0


def test_on_verdict_called_in_order() -> None:
    seen: list[Verdict] = []
    verdicts = checker().verify(
        "A heading\nSpanCheck reaches 85.3% accuracy. It uses BERT-base.", on_verdict=seen.append
    )
    assert seen == verdicts


def test_one_retrieval_per_claim() -> None:
    retriever = FakeRetriever(PAPER)
    text = " ".join(f"SpanCheck reaches 85.3% accuracy in run {i}." for i in range(1, 10))
    Checker(PAPER, retriever, FakeEmbedder(), None, CheckerSettings()).verify(text)
    assert len(retriever.queries) == 9
    assert retriever.queries[0] == "SpanCheck reaches 85.3% accuracy in run 1."


def test_retrieval_failure_falls_back_to_leading_text() -> None:
    verdicts = checker(retriever=FakeRetriever(PAPER, fail=True)).verify(
        "SpanCheck reaches 85.3% accuracy on SQuAD."
    )
    assert verdicts[0].status == Status.SUPPORTED
    assert "retrieval_fallback:leading" in verdicts[0].reasons


def test_no_retriever_and_empty_paper_gives_no_evidence_verdict() -> None:
    empty = make_paper([])
    verdicts = Checker(empty, None, None, None, CheckerSettings()).verify("The model is accurate.")
    assert verdicts[0].status == Status.UNSUPPORTED
    assert verdicts[0].reasons[0] == "no_evidence"


def test_judge_error_falls_back_per_batch() -> None:
    judge = FakeLLM([RuntimeError("model crashed")], follows_instructions=True)
    ch = checker(judge)
    verdicts = ch.verify(
        "SpanCheck reaches 85.3% accuracy on SQuAD. The verifier scores answer spans."
    )
    assert ch.judge_failures == 1
    assert all(v.status != Status.REJECTED for v in verdicts)
    assert any("judge_failed" in v.reasons for v in verdicts)


def test_instruct_judge_no_drops_weakly_supported_claim() -> None:
    judge = FakeLLM(default=lambda i, c: "[1] NO", follows_instructions=True)
    verdict = checker(judge).verify("The verifier scores each span against passages quickly.")[0]
    assert verdict.status in (Status.UNSUPPORTED, Status.PARTIAL)
    assert "judge:no" in verdict.reasons


def test_judge_is_not_asked_about_settled_sentences() -> None:
    judge = FakeLLM(follows_instructions=True, probabilities=lambda i, c: 0.99)
    verdict = checker(judge).verify("SpanCheck reaches 91.2% accuracy on SQuAD.")[0]
    assert verdict.status == Status.UNSUPPORTED
    assert judge.probability_calls == []


@pytest.mark.parametrize(("p", "flagged"), [(0.97, False), (0.02, True)])
def test_judge_probability_moves_the_verdict(p: float, flagged: bool) -> None:
    judge = FakeLLM(follows_instructions=True, probabilities=lambda i, c: p)
    verdict = checker(judge).verify("The verifier scores each answer span against passages.")[0]
    assert verdict.status.flagged == flagged
    assert f"judge_p:{p:.2f}" in verdict.reasons


@pytest.mark.parametrize(("skip_at", "asked"), [(0.0, False), (float("inf"), True)])
def test_judge_is_not_asked_above_the_fitted_skip_score(
    monkeypatch: pytest.MonkeyPatch, skip_at: float, asked: bool
) -> None:
    from core.verify import verdict_params

    monkeypatch.setattr(
        verdict_params, "WITH_JUDGE", {**verdict_params.WITH_JUDGE, "skip_at": skip_at}
    )
    judge = FakeLLM(follows_instructions=True, probabilities=lambda i, c: 0.02)
    verdict = checker(judge).verify("The verifier scores each answer span against passages.")[0]
    assert bool(judge.probability_calls) == asked
    assert ("judge_not_needed" in verdict.reasons) == (not asked)
    # unasked, the claim is decided by the exact and semantic signals alone
    assert verdict.status.flagged == asked


@pytest.mark.parametrize(
    ("value", "asked"),
    # a sentence cut in parts is judged once, whole
    [
        ("85.3%", ["SpanCheck reaches 85.3% accuracy on SQuAD, and the verifier scores"]),
        ("91.2%", []),
    ],
)
def test_judge_is_not_asked_about_the_parts_of_an_already_flagged_sentence(
    monkeypatch: pytest.MonkeyPatch, value: str, asked: list[str]
) -> None:
    from core.verify import verdict_params

    monkeypatch.setattr(
        verdict_params, "WITH_JUDGE", {**verdict_params.WITH_JUDGE, "skip_at": float("inf")}
    )
    judge = FakeLLM(follows_instructions=True, probabilities=lambda i, c: 0.02)
    verdict = checker(judge).verify(
        f"SpanCheck reaches {value} accuracy on SQuAD, and the verifier scores each answer "
        "span against passages."
    )[0]
    statements = [c.split("Statement:")[1].strip() for c in judge.probability_calls]
    assert [s[:66] for s in statements] == asked
    assert verdict.status == Status.UNSUPPORTED
    if value == "91.2%":
        # the part an exact check settled explains the verdict
        assert verdict.reasons[0] == "number_mismatch:91.2%->85.3%"
        assert verdict.explanation.startswith("In “SpanCheck reaches 91.2%")


def test_judge_off_makes_no_calls() -> None:
    judge = FakeLLM(follows_instructions=True)
    checker(judge, use_judge=False).verify(
        "The verifier scores each span against passages quickly."
    )
    assert judge.history == []


def test_chinese_critique_of_english_paper() -> None:
    verdicts = checker().verify(
        "SpanCheck在SQuAD上达到了85.3%的准确率。SpanCheck在SQuAD上达到了95.1%的准确率。作者引用了[7]。"
    )
    # One verified name and number do not make a Chinese sentence supported: it needs review.
    assert [v.status for v in verdicts] == [Status.PARTIAL, Status.UNSUPPORTED, Status.REJECTED]


def test_chinese_critique_is_judged_against_english_evidence() -> None:
    judge = FakeLLM(follows_instructions=True, probabilities=lambda i, c: 0.9)
    verdict = checker(judge).verify("SpanCheck在SQuAD上达到了85.3%的准确率。")[0]
    assert verdict.status == Status.SUPPORTED
    assert judge.probability_calls and "85.3% accuracy" in judge.probability_calls[0]


def test_cancel_between_groups() -> None:
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        checker().verify("SpanCheck reaches 85.3% accuracy.", cancel=token)


@pytest.mark.parametrize(
    ("sentence", "checked"),
    [
        (
            "It would be useful to see other datasets, given that the authors show SpanCheck "
            "reaches 91.2% accuracy on SQuAD.",
            "SpanCheck reaches 91.2% accuracy on SQuAD",
        ),
        (
            "Why does SpanCheck need three epochs, since they report that it reaches 91.2% "
            "accuracy?",
            "it reaches 91.2% accuracy",
        ),
        (
            "It would be useful to see results beyond 2017, given that the authors trained "
            "SpanCheck on SQuAD from 2016 to 2019.",
            "the authors trained SpanCheck on SQuAD from 2016 to 2019",
        ),
        (
            "Given that SpanCheck reaches 91.2% accuracy on SQuAD, how does it do on other sets?",
            "SpanCheck reaches 91.2% accuracy on SQuAD",
        ),
        (
            "Why does SpanCheck reach 91.2% accuracy on SQuAD?",
            "SpanCheck reach 91.2% accuracy on SQuAD",
        ),
        (
            "How does SpanCheck compare with others, given that it reaches 91.2% on SQuAD?",
            "it reaches 91.2% on SQuAD",
        ),
        ("既然作者使用了91.2%的准确率，为什么不报告方差？", "作者使用了91.2%的准确率"),
        ("作者为什么只用了91.2%的数据？", "作者只用了91.2%的数据"),
        (
            "How do the authors suggest training SpanCheck to 91.2% accuracy on SQuAD?",
            "the authors suggest training SpanCheck to 91.2% accuracy on SQuAD",
        ),
        (
            "What is the accuracy of 91.2% on SQuAD, reported in Table 1?",
            "the accuracy of 91.2% on SQuAD, reported in Table 1",
        ),
        ("The authors should report variance.", None),
        ("How does SpanCheck handle long answers?", None),
        # an open question presupposes nothing checkable
        ("How do they affect the accuracy on SQuAD?", None),
        ("What are the limitations of SpanCheck?", None),
    ],
)
def test_claims_inside_recommendations_and_questions(sentence: str, checked: str | None) -> None:
    from core.verify.claims import check_texts

    assert claim_kind(sentence) is None if checked else claim_kind(sentence) is not None
    if checked:
        assert check_texts(sentence) == [checked]
        assert checker().verify(sentence)[0].status.flagged


@pytest.mark.parametrize(
    ("sentence", "checked", "flagged"),
    [
        # a statement with a reason: both facts are checked, and the wrong one is named
        (
            "SpanCheck reaches 91.2% accuracy on SQuAD, because it scores each answer span.",
            ["SpanCheck reaches 91.2% accuracy on SQuAD", "it scores each answer span"],
            True,
        ),
        (
            "SpanCheck reaches 85.3% accuracy on SQuAD, since the authors show that it scores "
            "each answer span against 91 passage sentences.",
            [
                "SpanCheck reaches 85.3% accuracy on SQuAD",
                "it scores each answer span against 91 passage sentences",
            ],
            True,
        ),
        (
            "SpanCheck reaches 85.3% accuracy on SQuAD, because it scores each answer span.",
            ["SpanCheck reaches 85.3% accuracy on SQuAD", "it scores each answer span"],
            False,
        ),
        # "as shown in …" says where, not why: the whole sentence is the claim
        (
            "As shown in Table 2, SpanCheck reaches 91.2% accuracy on SQuAD.",
            ["As shown in Table 2, SpanCheck reaches 91.2% accuracy on SQuAD."],
            True,
        ),
        (
            "As the authors note, SpanCheck reaches 91.2% accuracy on SQuAD.",
            ["As the authors note, SpanCheck reaches 91.2% accuracy on SQuAD."],
            True,
        ),
        # a reason too short to stand alone is not split off
        (
            "SpanCheck is accurate because of BERT.",
            ["SpanCheck is accurate because of BERT."],
            False,
        ),
    ],
)
def test_a_statement_and_its_reason_are_both_checked(
    sentence: str, checked: list[str], flagged: bool
) -> None:
    from core.verify.claims import check_texts

    assert check_texts(sentence) == checked
    verdict = checker().verify(sentence)[0]
    assert verdict.status.flagged is flagged
    if flagged and len(checked) > 1:
        assert "part" in verdict.reasons


def test_bullet_stating_a_fact_is_a_claim() -> None:
    assert claim_kind("- SpanCheck uses BERT-base") is None
    assert claim_kind("Main findings") == "heading"


def test_number_with_a_unit_the_paper_never_uses_is_flagged() -> None:
    paper = make_paper(["Returns are predicted over 3 and 7 days. The window is 60 trading steps."])
    ch = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())
    verdict = ch.verify("Returns are also predicted over 60 days.")[0]
    assert verdict.status == Status.UNSUPPORTED
    # the paper's own horizon nearest in size is named: the same quantity with another value
    assert verdict.reasons[0] == "number_mismatch:60->7"
    assert "number_unit_not_in_paper:60 days" in verdict.reasons


def test_a_value_the_paper_gives_another_system_is_flagged_with_the_claimed_systems_value() -> None:
    paper = make_paper(
        ["TriageLM reaches 78.4% accuracy against 71.9% for logistic regression, 76.2% for BERT."]
    )
    ch = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())
    wrong, right = ch.verify("TriageLM reaches 71.9% accuracy. BERT reaches 76.2% accuracy.")
    assert wrong.status == Status.UNSUPPORTED
    assert wrong.reasons[0] == "number_mismatch:71.9%->78.4%"
    assert wrong.explanation == "The claim says 71.9%, but the paper says 78.4% (p. 1)"
    assert right.status == Status.SUPPORTED


@pytest.mark.parametrize(
    ("cited", "plain"),
    [
        ("The dataset has 2,243 calls (p. 5).", "The dataset has 2,243 calls."),
        ("本文实现了8个模型（第3页）。", "本文实现了8个模型。"),
        ("It is shown on pp. 3-4 (p. 2), with Table 2.", "It is shown on, with Table 2."),
    ],
)
def test_page_citations_are_left_out_of_what_is_compared(cited: str, plain: str) -> None:
    from core.verify.verifier import without_page_citations

    assert without_page_citations(cited) == plain


def test_a_page_citation_does_not_weaken_support() -> None:
    settings = CheckerSettings(use_judge=False)
    checker = Checker(PAPER, FakeRetriever(PAPER), FakeEmbedder(), None, settings)
    plain = checker.verify("SpanCheck reaches 85.3% accuracy on SQuAD.")[0]
    cited = checker.verify("SpanCheck reaches 85.3% accuracy on SQuAD (p. 1).")[0]
    assert cited.status == plain.status
    assert cited.confidence == plain.confidence


@pytest.mark.parametrize(
    ("sentence", "parts"),
    [
        (
            "SpanCheck reaches 85.3% accuracy, and the authors show it works on long answers.",
            ["SpanCheck reaches 85.3% accuracy", "the authors show it works on long answers."],
        ),
        (
            "Training uses three epochs; the learning rate is 0.0003 for all runs.",
            ["Training uses three epochs", "the learning rate is 0.0003 for all runs."],
        ),
        ("SpanCheck uses BERT, RoBERTa, and ELECTRA as encoders.", None),
        ("Training is short, and cheap.", None),
        # ", and the X" after a list of items ends the list
        (
            "The authors thank Jane Roe, John Doe, the Journal of Open Source Software, and the "
            "Anvil community for their support.",
            None,
        ),
        (
            "It reaches 85.3% on SQuAD, 80.1% on NQ, and 77.0% on TriviaQA; the authors call it "
            "robust across all three.",
            [
                "It reaches 85.3% on SQuAD, 80.1% on NQ, and 77.0% on TriviaQA",
                "the authors call it robust across all three.",
            ],
        ),
        # a clause on how sure the one before it is belongs to it
        (
            "More tenants felt warm (71% vs 64%), but the difference could plausibly have "
            "arisen by chance.",
            None,
        ),
        (
            "Biomass did rise in the reserves, but its gain relative to fished sites (ratio 1.37) "
            "fell short of statistical significance.",
            None,
        ),
        # one on another outcome is a fact of its own
        (
            "The drug lowered blood pressure by 5 mmHg, but the effect on strokes was not "
            "statistically significant.",
            [
                "The drug lowered blood pressure by 5 mmHg",
                "the effect on strokes was not statistically significant.",
            ],
        ),
        # and so is a test the sentence states, which the paper may contradict
        (
            "Tweets were flagged twice as often in one corpus, but the difference is not "
            "statistically significant.",
            [
                "Tweets were flagged twice as often in one corpus",
                "the difference is not statistically significant.",
            ],
        ),
        (
            "模型在SQuAD上的准确率为85.3%，并且作者表明它同样适用于长答案。",
            ["模型在SQuAD上的准确率为85.3%", "并且作者表明它同样适用于长答案。"],
        ),
    ],
)
def test_sentences_joining_separate_facts_are_split(sentence: str, parts: list[str] | None) -> None:
    from core.verify.claims import claim_parts

    assert claim_parts(sentence) == (parts or [sentence])


def test_a_sentence_takes_the_verdict_of_its_worst_part() -> None:
    sentence = "SpanCheck reaches 85.3% accuracy on SQuAD, and the verifier uses 12 GPUs to train."
    verdict = checker().verify(sentence)[0]
    assert verdict.status.flagged
    assert "part" in verdict.reasons
    assert verdict.explanation.startswith("In “the verifier uses 12 GPUs")


def _with_table(body: str, rows: list[str]) -> Checker:
    """A checker without a judge for a paper of ``body`` and the table ``rows`` (page 1)."""
    return Checker(
        with_table(make_paper([body]), rows), None, FakeEmbedder(), None, CheckerSettings()
    )


def test_absolute_words_are_not_read_against_table_rows() -> None:
    checker_ = _with_table(
        "SpanCheck is evaluated on three reading comprehension datasets.",
        [
            "Table 3: SpanCheck: SQuAD 85.3; NewsQA 71.2; HotpotQA 66.0",
            "Table 3: BM25: SQuAD 80.1; NewsQA 65.0; HotpotQA 60.2",
        ],
    )
    verdict = checker_.verify("SpanCheck scores higher than BM25 on all three datasets.")[0]
    assert not any(r.startswith("overclaim") for r in verdict.reasons)
    assert [e.text for e in verdict.evidence if e.text.startswith("Table 3")]


@pytest.mark.parametrize(
    ("sentence", "reason"),
    [
        ("SpanCheck outperforms BM25 on 2 of the 3 datasets.", None),
        ("SpanCheck outperforms BM25 on all three datasets.", "tally_wrong:3->2"),
    ],
)
def test_a_count_of_columns_is_read_against_the_table(sentence: str, reason: str | None) -> None:
    checker_ = _with_table(
        "SpanCheck is evaluated on reading comprehension datasets.",
        [
            "Table 3: SpanCheck: SQuAD 85.3; NewsQA 71.2; HotpotQA 66.0",
            "Table 3: BM25: SQuAD 80.1; NewsQA 72.0; HotpotQA 60.2",
        ],
    )
    verdict = checker_.verify(sentence)[0]
    assert not any(r.startswith("number_not_in_paper") for r in verdict.reasons)
    if reason is None:
        assert not any(r.startswith("tally") for r in verdict.reasons)
    else:
        assert verdict.status == Status.UNSUPPORTED
        assert verdict.reasons[0] == reason
        assert verdict.explanation == (
            "The paper's table has SpanCheck ahead of BM25 in 2 of its 3 columns (p. 1)"
        )


def test_a_finding_credited_to_another_reference_is_a_misattribution() -> None:
    verdict = checker(use_judge=False).verify(
        "SpanCheck reaches 85.3% accuracy on SQuAD with 12,500 training pairs [2]."
    )[0]
    assert verdict.status == Status.UNSUPPORTED
    assert verdict.reasons[0] == "misattribution:[2]->[1]"
    assert verdict.explanation == "The paper credits this to [1] (p. 1), not [2]"
    right = checker(use_judge=False).verify(
        "SpanCheck reaches 85.3% accuracy on SQuAD with 12,500 training pairs [1]."
    )[0]
    assert not right.status.flagged


RESTATED = make_paper(
    [
        "We implement 8 mainstream baseline classifiers for question classification.",
        "The models are 6 deep neural networks TextCNN, TextRNN, DPCNN, FastText, RCNN and "
        "TextRNN-Att, and two pretrained models BERT and ERNIE.",
        "TextCNN, TextRNN and DPCNN use 128 hidden units.",
        "TextCNN reaches the best accuracy among the deep neural networks.",
        "DPCNN has the deepest network of the deep neural networks.",
    ]
)


@pytest.mark.parametrize(
    ("claim", "alone", "restated"),
    [
        # "8 classifiers" is the abstract's statement, which retrieval did not return
        (
            "The paper implements 8 classifiers: TextCNN, TextRNN, DPCNN, FastText, RCNN and more.",
            ["8->6"],
            [],
        ),
        # the paper states 8 of nothing about deep neural networks: the mismatch stands
        (
            "The paper uses 8 deep neural networks, TextCNN, TextRNN and DPCNN among them.",
            ["8->6"],
            ["8->6"],
        ),
    ],
)
def test_a_mismatch_stands_only_if_the_paper_nowhere_restates_the_value(
    claim: str, alone: list[str], restated: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from core.verify import verifier

    def mismatches(weighed: int) -> list[str]:
        monkeypatch.setattr(verifier, "_RESTATED", weighed)
        checker_ = Checker(
            RESTATED, FakeRetriever(RESTATED), FakeEmbedder(), None, CheckerSettings()
        )
        verdict = checker_.verify(claim)[0]
        return [r.split(":", 1)[1] for r in verdict.reasons if r.startswith("number_mismatch")]

    assert mismatches(0) == alone
    assert mismatches(8) == restated


def test_a_figures_axis_ticks_do_not_restate_a_value() -> None:
    paper = make_paper(
        [
            "Using text-only data the optimal value for alpha varies in the range 0.5 to 0.8 for "
            "different values of n.",
            "0.1; 0.2; 0.3; 0.4; 0.5; 0.6; 0.7; 0.8; 0.9",
            "The validation results by varying alpha are presented in Figure 5.",
        ]
    )
    checker_ = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())
    verdict = checker_.verify("With text only, the optimal alpha is in the range 0.5 to 0.1.")[0]
    assert verdict.status == Status.UNSUPPORTED
    assert verdict.reasons[0].startswith("number_mismatch:0.1->")


@pytest.mark.parametrize(
    ("sentence", "checked"),
    [
        # a frame whose content is all in the reason clause is not checked on its own
        (
            "The authors acknowledge that, because only one model was tested, the results may "
            "not carry over to others.",
            ["only one model was tested, the results may not carry over to others"],
        ),
        (
            "SpanCheck reaches 85.3% accuracy on SQuAD, because it scores each answer span.",
            ["SpanCheck reaches 85.3% accuracy on SQuAD", "it scores each answer span"],
        ),
    ],
)
def test_a_frame_before_a_reason_is_no_claim(sentence: str, checked: list[str]) -> None:
    from core.verify.claims import check_texts

    assert check_texts(sentence) == checked
