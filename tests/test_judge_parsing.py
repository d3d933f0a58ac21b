"""The judge: probabilities from logits, tolerant text parsing as the fallback, context budget."""

from __future__ import annotations

import pytest

from core.llm.parsing import Label, parse_judgments
from core.text.words import content_words
from core.verify.judge import NO_BELOW, YES_AT, Judge, JudgeAnswer, JudgeItem, bearing, focus
from tests.fakes import FakeLLM

Y, P, N = Label.YES, Label.PARTIAL, Label.NO


@pytest.mark.parametrize(
    ("output", "expected"),
    [
        pytest.param("[1] YES\n[2] NO\n[3] PARTIAL\n[4] YES", [Y, N, P, Y], id="clean"),
        pytest.param("[1] yes\n[2] no\n[3] partial\n[4] Yes.", [Y, N, P, Y], id="lower-case"),
        pytest.param(
            "- **[1]** Yes.\n- [2] no, because the passage", [Y, N, None, None], id="markdown"
        ),
        pytest.param(
            "* [1] YES - clearly stated\n* [2] PARTIALLY", [Y, P, None, None], id="extra-words"
        ),
        pytest.param("[1] YES [2] NO [3] NO [4] YES", [Y, N, N, Y], id="one-line"),
        pytest.param("Answer: [1] Supported [2] Unsupported", [Y, N, None, None], id="synonyms"),
        pytest.param("[2] NO", [None, N, None, None], id="missing-lines"),
        pytest.param(
            "<think>[1] NO is tempting</think>\n[1] YES", [Y, None, None, None], id="think-tags"
        ),
        pytest.param(
            "<think>unfinished reasoning [1] NO", [None, None, None, None], id="open-think"
        ),
        pytest.param("```\n[1] YES\n[2] NO\n```", [Y, N, None, None], id="code-fence"),
        pytest.param("Yes\nNo\nPartial", [Y, N, P, None], id="unnumbered"),
        pytest.param("1. 是\n2. 否\n3. 部分\n4. 不支持", [Y, N, P, N], id="chinese"),
        pytest.param("[1] 支持\n[2] 部分支持", [Y, P, None, None], id="chinese-support"),
        pytest.param(
            "Statement 1: yes\nStatement 2: no", [Y, N, None, None], id="statement-prefix"
        ),
        pytest.param("[1] YES\n[1] NO", [Y, None, None, None], id="first-answer-wins"),
        pytest.param("[7] YES", [None, None, None, None], id="out-of-range"),
        pytest.param("I cannot tell.", [None, None, None, None], id="no-label"),
        pytest.param("", [None, None, None, None], id="empty"),
    ],
)
def test_parse_judgments(output: str, expected: list[Label | None]) -> None:
    parsed = parse_judgments(output, 4)
    assert [parsed[n] for n in range(1, 5)] == expected


def test_prompt_fits_small_context_by_trimming_evidence_not_instruction() -> None:
    llm = FakeLLM(["[1] YES\n[2] NO"], context_size=300)
    judge = Judge(llm)
    long = " ".join(["evidence"] * 500)
    items = [JudgeItem("Claim one holds.", (long, long)), JudgeItem("Claim two holds.", (long,))]
    assert judge.judge(items) == [JudgeAnswer(Y), JudgeAnswer(N)]
    call = llm.history[0]
    total = llm.count_tokens(call.instruction) + llm.count_tokens(call.content) + call.max_tokens
    assert total <= llm.context_size
    assert "Claim one holds." in call.content and "Claim two holds." in call.content
    assert call.instruction.startswith("You check statements")


def test_batch_larger_than_four_is_refused() -> None:
    with pytest.raises(ValueError):
        Judge(FakeLLM()).build_content([JudgeItem("c", ())] * 5)


def test_probabilities_become_labels_and_are_kept() -> None:
    scores = {"high": YES_AT + 0.01, "middle": (YES_AT + NO_BELOW) / 2, "low": NO_BELOW - 0.01}

    def score(_instruction: str, content: str) -> float:
        return next(p for word, p in scores.items() if f"Statement: {word}" in content)

    llm = FakeLLM(probabilities=score)
    items = [JudgeItem(word, ("The paper says so.",)) for word in scores]
    answers = Judge(llm).judge(items)
    assert [a.label for a in answers if a] == [Y, P, N]
    assert [a.probability for a in answers if a] == [round(p, 4) for p in scores.values()]
    assert not llm.history, "no text answer is generated when logits are available"


def test_probability_prompts_share_their_instruction_and_put_the_claim_last() -> None:
    seen: list[tuple[str, str]] = []

    def score(instruction: str, content: str) -> float:
        seen.append((instruction, content))
        return 0.5

    passages = ("Apples grow.", "Pears grow.", "Plums grow.", "Figs grow.")
    claim = "Apples, pears, plums and figs grow."
    Judge(FakeLLM(probabilities=score)).probabilities(
        [JudgeItem(claim, passages), JudgeItem("Pears grow.", passages)]
    )
    (first_instruction, first), (second_instruction, second) = seen
    assert first_instruction == second_instruction
    assert first.index("Plums grow.") < first.index(f"Statement: {claim}")
    assert "Figs grow." not in first, "three evidence sentences per claim"
    assert first.endswith("Answer YES or NO.")


def test_a_model_without_logits_falls_back_to_parsed_answers() -> None:
    llm = FakeLLM(["[1] NO"])
    assert Judge(llm).judge([JudgeItem("Claim.", ("Passage.",))]) == [JudgeAnswer(N)]
    assert len(llm.history) == 1


LONG = (
    "In addition to the call transcripts we collected the audio of each call, and after a "
    "careful alignment step we kept 576 calls whose audio and text agree, which correspond to "
    "88,829 aligned sentences used for training and testing the model."
)


@pytest.mark.parametrize(
    ("claim", "limit", "shown"),
    [
        ("The paper uses 576 calls.", 60, LONG),
        # the window holding most of the statement's words, cut ends marked
        (
            "The 576 calls correspond to 88,829 aligned sentences.",
            12,
            "… 576 calls whose audio and text agree, which correspond to 88,829 aligned …",
        ),
        # none of its words: the passage's start
        ("Nothing here matches.", 8, "In addition to the call transcripts we collected …"),
    ],
)
def test_long_passages_are_focused_on_the_statement(claim: str, limit: int, shown: str) -> None:
    assert focus(LONG, content_words(claim), limit) == shown


LONG_ZH = (
    "主流文本分类模型在标注数据集上的分类结果显示，分类模型的准确率均高于82%，最佳模型ERNIE在"
    "6个大类的平均F1为86.06%，证明本文提出的糖尿病问题分类体系合理且有效"
)


@pytest.mark.parametrize(
    ("claim", "limit", "shown"),
    [
        ("ERNIE的平均F1为86.06%", 60, LONG_ZH),  # 80 characters and 4 runs: 44 words
        # a character is half a word; the first window holding all of the statement wins
        (
            "ERNIE的平均F1为86.06%",
            20,
            "…分类结果显示，分类模型的准确率均高于82%，最佳模型ERNIE在6个大类的平均F1为86.06%，…",
        ),
        ("分类模型的准确率均高于82%", 12, "…分类结果显示，分类模型的准确率均高于82%，最佳模型…"),
        ("没有匹配的内容", 6, "主流文本分类模型在标注数…"),  # 12 characters
    ],
)
def test_chinese_passages_are_focused_by_characters(claim: str, limit: int, shown: str) -> None:
    assert focus(LONG_ZH, content_words(claim), limit) == shown


def test_table_rows_are_shown_whole() -> None:
    row = "Table 2: MSE by horizon: HTML: n=3 0.401; n=7 0.302; n=15 0.250; n=30 0.198"
    assert focus(row, content_words("HTML reaches 0.198 for n=30."), 4) == row


@pytest.mark.parametrize(
    ("passage", "claim", "limit", "shown"),
    [
        # the statement's words tie at both ends; the negation decides the window
        (
            "Some emerging hybrid systems such as Git LFS store the large data on a remote "
            "server, but these are not yet mature enough to recommend.",
            "Hybrid systems are mature enough.",
            10,
            "… a remote server, but these are not yet mature enough …",
        ),
        (
            "该模型在训练集上的准确率很高，但在测试集上该模型并未达到同样的准确率。",
            "该模型的准确率很高",
            10,
            "…集上的准确率很高，但在测试集上该模型并未…",
        ),
    ],
)
def test_a_cut_keeps_the_passages_negation(
    passage: str, claim: str, limit: int, shown: str
) -> None:
    assert focus(passage, content_words(claim), limit) == shown


@pytest.mark.parametrize(
    ("claim", "passages", "kept"),
    [
        # each later passage must add a word of the statement the earlier ones lack
        (
            "Researchers are told to save the raw data and to record every processing step.",
            ["Record all the steps used to process data.", "Save the raw data.", "Save data."],
            ["Record all the steps used to process data.", "Save the raw data."],
        ),
        # a passage in another language than the statement cannot share its words
        (
            "作者使用了7:1:2的训练集/验证集/测试集比例。",
            ["They split the data in the ratio 7:1:2.", "The data are sorted by date."],
            ["They split the data in the ratio 7:1:2.", "The data are sorted by date."],
        ),
        # the best passage is always shown, even when it shares nothing
        ("The paper has 12 authors.", ["Unrelated text.", "Another one."], ["Unrelated text."]),
        # table rows are compared cell by cell and are all kept
        (
            "HTML reaches 0.198 at n=30.",
            [
                "Table 2: HTML: n=3 0.401; n=7 0.302; n=30 0.198",
                "Table 2: LSTM: n=3 1.9; n=7 0.4; n=30 0.2",
            ],
            [
                "Table 2: HTML: n=3 0.401; n=7 0.302; n=30 0.198",
                "Table 2: LSTM: n=3 1.9; n=7 0.4; n=30 0.2",
            ],
        ),
    ],
)
def test_only_passages_that_add_to_the_statement_are_shown(
    claim: str, passages: list[str], kept: list[str]
) -> None:
    assert bearing(passages, claim) == kept


def test_the_judge_prompt_leaves_out_a_repeating_passage() -> None:
    judge = Judge(FakeLLM())
    content = judge.probability_content(
        JudgeItem(
            "Source code belongs in the src directory.",
            (
                "Put project source code in the src directory.",
                "The src directory holds the source code.",
                "Put text documents in the doc directory.",
            ),
        )
    )
    assert "Put project source code in the src directory." in content
    assert "The src directory holds" not in content
    assert "doc directory" not in content


def test_a_cut_counts_each_word_of_the_statement_once() -> None:
    # the first clause repeats "advantage", "control" and "batch"; the second names TEACl
    passage = (
        "In a batch-level analysis the F-PEAI advantage over control held in each batch, its "
        "advantage over control ranging from 1.4 to 2.0 points per batch, while the TEACl "
        "advantage was not significant in batch 1 (p = 0.09)."
    )
    claim = "TEACl's advantage over control did not reach significance in one batch."
    shown = focus(passage, content_words(claim), 16)
    assert "the TEACl advantage was not" in shown
