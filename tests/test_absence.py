"""Claims that the paper leaves something out."""

from __future__ import annotations

import pytest

from core.config import CheckerSettings
from core.text.words import content_words
from core.verify.absence import left_out, topic_words, unseen
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeLLM, FakeRetriever, make_paper


@pytest.mark.parametrize(
    ("claim", "phrase"),
    [
        (
            "- The authors do not provide any details about how the platform handles data "
            "validation and error checking.",
            "how the platform handles data validation and error checking",
        ),
        ("The paper lacks a discussion of ethical concerns.", "ethical concerns"),
        ("There is no discussion of runtime, which matters.", "runtime"),
        ("作者没有提供关于数据清洗的细节。", "数据清洗"),
        ("作者缺乏对实验结果的讨论。", "实验结果"),
        ("- Does not discuss the cost of annotation.", "cost of annotation"),
        # denials that are not about what the paper says
        ("Cleaning the missing slots did not provide more complex training examples.", None),
        ("HTML does not outperform MDRM for n=30.", None),
        ("HTML没有超过MDRM。", None),
    ],
)
def test_left_out(claim: str, phrase: str | None) -> None:
    assert left_out(claim) == phrase


def test_a_topic_is_seen_when_one_sentence_holds_most_of_its_words() -> None:
    words = [content_words(s) for s in ("Data are validated on entry.", "Errors are logged.")]
    topic = topic_words("how the platform handles data validation and error checking")
    assert unseen(topic, words)
    words.append(content_words("The platform checks each data entry for validation errors."))
    assert not unseen(topic, words)


PAPER = make_paper(
    [
        "OpenQuestion stores survey submissions in a database. Reports are written in Python. "
        "Ethical approval was granted by the university board."
    ]
)


@pytest.mark.parametrize(
    ("claim", "left_for_review"),
    [
        ("The authors do not discuss how submissions are backed up and restored.", True),
        # the paper speaks of it: the usual checks decide
        ("The authors do not discuss ethical approval.", False),
    ],
)
def test_an_unseen_omission_is_left_for_review(claim: str, left_for_review: bool) -> None:
    llm = FakeLLM(follows_instructions=True, probabilities=lambda _i, _c: 0.05)
    checker = Checker(PAPER, FakeRetriever(PAPER), FakeEmbedder(), llm, CheckerSettings())
    verdict = checker.verify(claim)[0]
    assert ("absence_unseen" in verdict.reasons) is left_for_review
    if left_for_review:
        assert verdict.status.value == "partial"
        assert "backed up and restored" in verdict.explanation
    else:
        assert verdict.status.value == "unsupported"
