"""The critique writer: one conversation per draft, section repairs, clean sections."""

from __future__ import annotations

from collections.abc import Generator

from core.critique import Draft, Repair, clean_section, split_sections, write_critique
from core.llm.prompts import PAGE_REMINDER, SECTION_REQUESTS, STYLE_EXAMPLE, WRITER_SYSTEM
from core.text.sentences import cjk_ratio
from core.types import Claim, Status, Verdict
from tests.fakes import FakeLLM, FakeRetriever, make_paper

PAPER = make_paper(
    [
        "We introduce SpanCheck, a verifier built on BERT-base. SpanCheck reaches 85.3% accuracy "
        "on SQuAD with 12,500 training pairs. The verifier scores each answer span.",
        "A limitation is that SpanCheck was only tested on English questions.",
    ],
    title="SpanCheck",
)


def drain(gen: Generator[str, None, Draft]) -> tuple[str, Draft]:
    streamed: list[str] = []
    while True:
        try:
            streamed.append(next(gen))
        except StopIteration as stop:
            return "".join(streamed), stop.value


def test_first_draft_is_one_growing_conversation() -> None:
    replies = [
        "It verifies spans.",
        "It scores spans.",
        "It reaches 85.3% (p. 1).",
        "Only English.",
        "Why?",
    ]
    llm = FakeLLM(replies)
    streamed, draft = drain(write_critique(PAPER, FakeRetriever(PAPER), llm))
    assert len(llm.history) == 5
    assert all(call.instruction == WRITER_SYSTEM["en"] for call in llm.history)
    first, last = llm.history[0].content, llm.history[-1].content
    assert "Paper title: SpanCheck" in first and "[p. 1]" in first
    assert first.endswith(SECTION_REQUESTS["en"]["contributions"] + " " + PAGE_REMINDER["en"])
    assert llm.history[-1].content.endswith(SECTION_REQUESTS["en"]["questions"])
    # Every later turn carries the earlier turns and answers, so the prompt only grows.
    for earlier, later in zip(llm.history, llm.history[1:], strict=False):
        assert later.content.startswith(earlier.content)
    assert all(reply in last for reply in replies[:-1])
    assert last.count("SpanCheck reaches 85.3%") <= 1, "a passage is shown once per draft"
    assert list(split_sections(draft.text)) == [
        "contributions",
        "method",
        "evidence",
        "limitations",
        "questions",
    ]
    assert "It verifies spans." in streamed


def test_chinese_draft_uses_chinese_rules_and_headings() -> None:
    llm = FakeLLM(["方法可靠。"] * 5)
    _, draft = drain(write_critique(PAPER, FakeRetriever(PAPER), llm, language="zh"))
    assert llm.history[0].instruction == WRITER_SYSTEM["zh"]
    assert "论文标题：SpanCheck" in llm.history[0].content
    assert draft.text.startswith("## 主要贡献\n方法可靠。")


def _flag(text: str, sentence: str) -> Verdict:
    start = text.index(sentence)
    claim = Claim(0, sentence, start, start + len(sentence))
    return Verdict(claim, Status.UNSUPPORTED, ("number_not_in_paper:99.9%",), "99.9% is not in it")


def test_a_section_left_empty_after_tidying_keeps_no_heading_and_no_turn() -> None:
    replies = [
        "SpanCheck reaches 85.3% accuracy on SQuAD (p. 1).",
        "SpanCheck reaches 85.3% accuracy on SQuAD (p. 1).",  # a repeat, dropped
        "It is trained on 12,500 pairs (p. 1).",
        "It was only tested on English questions (p. 1).",
        "Why only English?",
    ]
    llm = FakeLLM(replies)
    _, draft = drain(write_critique(PAPER, FakeRetriever(PAPER), llm))
    sections = ["contributions", "evidence", "limitations", "questions"]
    assert list(split_sections(draft.text)) == sections
    assert "## Method" not in draft.text
    # The emptied exchange is not part of the conversation the later sections continue.
    later = llm.history[2].content
    assert SECTION_REQUESTS["en"]["method"] not in later
    assert SECTION_REQUESTS["en"]["contributions"] in later


def test_repair_rewrites_only_the_flagged_section_with_its_draft_and_reasons() -> None:
    previous = (
        "## Contributions\nSpanCheck verifies spans.\n\n## Method\nSpanCheck reaches 99.9%.\n\n"
        "## Evidence and results\nIt reaches 85.3%.\n\n## Limitations and threats to validity\n"
        "Only English.\n\n## Questions for the authors\nWhy English?\n"
    )
    repair = Repair(previous, [_flag(previous, "SpanCheck reaches 99.9%.")])
    llm = FakeLLM(["SpanCheck reaches 85.3% (p. 1)."])
    _, draft = drain(write_critique(PAPER, FakeRetriever(PAPER), llm, repair=repair))
    assert len(llm.history) == 1
    prompt = llm.history[0].content
    assert "Your previous draft of this section was:\nSpanCheck reaches 99.9%." in prompt
    assert '- "SpanCheck reaches 99.9%.": 99.9% is not in it' in prompt
    assert prompt.endswith(SECTION_REQUESTS["en"]["method"] + " " + PAGE_REMINDER["en"])
    sections = {key: body for key, (_, _, body) in split_sections(draft.text).items()}
    assert sections["method"] == "SpanCheck reaches 85.3% (p. 1)."
    assert sections["contributions"] == "SpanCheck verifies spans."
    assert sections["questions"] == "Why English?"


def test_a_section_cut_by_the_budget_ends_at_its_last_full_sentence() -> None:
    llm = FakeLLM(["One full sentence here. Two full sentences here. And a cut-off cla"])
    _, draft = drain(write_critique(PAPER, None, llm, max_tokens_per_section=12))
    assert "## Contributions\nOne full sentence here. Two full sentences here.\n" in draft.text
    assert "cut-off" not in draft.text


def test_token_budget_ends_the_draft_early() -> None:
    llm = FakeLLM(default=lambda i, c: "A new sentence about spans arrives here. " * 3)
    _, draft = drain(write_critique(PAPER, None, llm, token_budget=30))
    assert len(llm.history) < 5
    assert draft.tokens_out >= 30


def test_clean_section_drops_headings_bold_and_restatements() -> None:
    earlier: list[frozenset[str]] = []
    first = clean_section("**Method:**\nThe **verifier** scores spans [p. 2].", earlier=earlier)
    assert first == "The verifier scores spans (p. 2)."
    again = clean_section("The verifier scores spans (p. 2)! It was tested once.", earlier=earlier)
    assert again == "It was tested once."
    assert clean_section("## Method\nFine.\n") == "Fine."


def test_clean_section_drops_a_copy_of_the_style_example() -> None:
    assert STYLE_EXAMPLE in WRITER_SYSTEM["en"]
    copied = (
        "The authors claim to contribute by training OpenQuestion on Y (p. 3), but compare it "
        "with a single baseline (p. 3). It reports 85.3% (p. 2)."
    )
    assert clean_section(copied) == "It reports 85.3% (p. 2)."
    # the style followed with the paper's own names, or a placeholder-like variable, stays
    followed = "The authors train SpanCheck on SQuAD (p. 2), but compare it with a single baseline."
    assert clean_section(followed) == followed
    variable = "The verifier maps X to Y with a single linear layer (p. 2)."
    assert clean_section(variable) == variable


def test_a_chinese_paper_is_searched_with_chinese_queries() -> None:
    chinese = make_paper(["本文提出一种糖尿病问答质量评估方法。实验结果表明准确率达到85.3%。"])
    retriever = FakeRetriever(chinese)
    drain(write_critique(chinese, retriever, FakeLLM(["很好。"] * 5), language="zh"))
    assert retriever.queries and all(cjk_ratio(q) > 0.5 for q in retriever.queries)
    english = FakeRetriever(PAPER)
    drain(write_critique(PAPER, english, FakeLLM(), language="zh"))
    assert all(cjk_ratio(q) == 0 for q in english.queries)


def test_a_page_label_opening_a_sentence_moves_to_its_end() -> None:
    assert clean_section("（第3页）本文实现了8个模型。（第4页）体系包括6个大类。") == (
        "本文实现了8个模型（第3页）。体系包括6个大类（第4页）。"
    )
    assert clean_section("It reaches 85.3% (p. 2). [p. 3] It uses 0.5 dropout.") == (
        "It reaches 85.3% (p. 2). It uses 0.5 dropout (p. 3)."
    )


def test_parallel_sentences_that_differ_in_their_point_are_both_kept() -> None:
    text = (
        "- The tool may not protect the data privacy of participants.\n"
        "- The tool may not protect the data sharing of participants."
    )
    assert clean_section(text) == text
