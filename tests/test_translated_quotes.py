"""A quote in another language than the paper's is checked through its translation."""

from __future__ import annotations

import pytest

from core.config import CheckerSettings
from core.text.words import content_words
from core.verify.translated_quotes import untraced_quote
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeLLM, FakeRetriever, make_paper

SENTENCES = [
    "OpenQuestion's GUI and general functionality will be familiar to researchers who have used "
    "commercial survey platforms.",
    "Docassemble is a mature project with a thriving community.",
    "Version control is one of the tools researchers talk about most.",
    "Every researcher should back up raw data in more than one location.",
]
WORDS = [content_words(s) for s in SENTENCES]
# the default model's own translations of the quotes, passage by passage
TRANSLATIONS = {
    "对使用过商业调查平台的研究人员来说会很熟悉": (
        "Researchers who have used commercial survey platforms will be familiar with it."
    ),
    "Docassemble是一个成熟的项目，拥有活跃的社区": (
        "Docassemble is a mature project with an active community."
    ),
    "版本控制是每个研究人员必须首先掌握的工具": (
        "Version control is a tool that every researcher must first master."
    ),
    "OpenQuestion的报告可以导出为PDF和Word文档": (
        "The report of OpenQuestion can be exported as PDF and Word documents."
    ),
}


@pytest.mark.parametrize(
    ("claim", "untraced"),
    [
        ("作者写道OpenQuestion的图形界面“对使用过商业调查平台的研究人员来说会很熟悉”。", None),
        ("作者指出“Docassemble是一个成熟的项目，拥有活跃的社区”。", None),
        # its words are spread over two sentences: no sentence says it
        ("作者写道“版本控制是每个研究人员必须首先掌握的工具”。", "Version control is a tool"),
        ("作者写道“OpenQuestion的报告可以导出为PDF和Word文档”。", "The report of OpenQuestion"),
        # a quote in the paper's own language is the verbatim gate's, a name is no passage
        ("The authors write “Docassemble is a mature project”.", None),
        ("作者使用了“OpenQuestion”。", None),
    ],
)
def test_translated_quotes_must_be_in_one_paper_sentence(claim: str, untraced: str | None) -> None:
    found = untraced_quote(claim, "en", TRANSLATIONS.get, WORDS)
    if untraced is None:
        assert found is None
    else:
        assert found is not None and found.quote.startswith(untraced)
        assert found.coverage < 0.6


def test_an_untraced_translated_quote_is_unsupported_whatever_the_judge_says() -> None:
    paper = make_paper([" ".join(SENTENCES)])
    quote = "版本控制是每个研究人员必须首先掌握的工具"
    llm = FakeLLM(
        # the claim is translated first, then its quote on its own
        ["The authors write that version control comes first.", TRANSLATIONS[quote]],
        follows_instructions=True,
        probabilities=lambda instruction, content: 0.95,
    )
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), llm, CheckerSettings())
    verdict = checker.verify("作者写道“" + quote + "”。")[0]
    assert verdict.status.value == "unsupported"
    assert verdict.reasons[0].startswith("translated_quote_not_in_paper:Version control")
    assert "does not occur in the paper" in verdict.explanation
