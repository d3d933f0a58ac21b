"""Sentence splitting: a table of tricky English and Chinese cases."""

from __future__ import annotations

import pytest

from core.text.sentences import cjk_ratio, is_cjk_char, sentences, split_sentences

CASES = [
    pytest.param("One. Two.", ["One.", "Two."], id="simple"),
    pytest.param("Is it? Yes! Fine.", ["Is it?", "Yes!", "Fine."], id="question-exclaim"),
    pytest.param(
        "We use e.g. BERT and i.e. a cross-encoder here. Then stop.",
        ["We use e.g. BERT and i.e. a cross-encoder here.", "Then stop."],
        id="eg-ie",
    ),
    pytest.param(
        "Smith et al. (2021) showed it. Lee et al. [3] agreed.",
        ["Smith et al. (2021) showed it.", "Lee et al. [3] agreed."],
        id="et-al",
    ),
    pytest.param(
        "As Fig. 3 shows, it works. See Figs. 4 and 5.",
        ["As Fig. 3 shows, it works.", "See Figs. 4 and 5."],
        id="fig",
    ),
    pytest.param("By Eq. (2) we get x. Done.", ["By Eq. (2) we get x.", "Done."], id="eq"),
    pytest.param(
        "See Sec. 4 for details. Also cf. Table 2.",
        ["See Sec. 4 for details.", "Also cf. Table 2."],
        id="sec-cf",
    ),
    pytest.param("BERT vs. GPT is old. New.", ["BERT vs. GPT is old.", "New."], id="vs"),
    pytest.param("It takes approx. 5 ms. Fast.", ["It takes approx. 5 ms.", "Fast."], id="approx"),
    pytest.param(
        "Dr. Jones agreed. Prof. Li did not.",
        ["Dr. Jones agreed.", "Prof. Li did not."],
        id="titles",
    ),
    pytest.param(
        "Accuracy rose by 0.3 points. Recall fell to 12.5%.",
        ["Accuracy rose by 0.3 points.", "Recall fell to 12.5%."],
        id="decimals",
    ),
    pytest.param(
        "We used version 1.2.3 of the tool. It crashed.",
        ["We used version 1.2.3 of the tool.", "It crashed."],
        id="version",
    ),
    pytest.param(
        "The work of J. Smith and A. B. Jones is cited. Next.",
        ["The work of J. Smith and A. B. Jones is cited.", "Next."],
        id="initials",
    ),
    pytest.param(
        "He hesitated... and then left. Gone.",
        ["He hesitated... and then left.", "Gone."],
        id="ellipsis-lower",
    ),
    pytest.param(
        "Results vary… Some are good.", ["Results vary…", "Some are good."], id="ellipsis-upper"
    ),
    pytest.param(
        'They call it "robust." We disagree.',
        ['They call it "robust."', "We disagree."],
        id="closing-quote",
    ),
    pytest.param(
        "(This is an aside.) Then more.", ["(This is an aside.)", "Then more."], id="closing-paren"
    ),
    pytest.param(
        "They wrote “fine.” It was not.", ["They wrote “fine.”", "It was not."], id="curly-quote"
    ),
    pytest.param(
        "A line that wraps\nacross two lines. Next one.",
        ["A line that wraps\nacross two lines.", "Next one."],
        id="line-wrap",
    ),
    pytest.param(
        "Heading without stop\n\nBody starts here.",
        ["Heading without stop", "Body starts here."],
        id="blank-line",
    ),
    pytest.param(
        "## Strengths\n- The paper is clear.\n- It is short",
        ["## Strengths", "- The paper is clear.", "- It is short"],
        id="markdown",
    ),
    pytest.param(
        "1. First point here. 2. Second point.",
        ["1. First point here.", "2. Second point."],
        id="numbered-inline",
    ),
    pytest.param(
        "Intro:\n1. First point\n2. Second point",
        ["Intro:", "1. First point", "2. Second point"],
        id="numbered-lines",
    ),
    pytest.param(
        "It was shown before.[3] The next one.",
        ["It was shown before.[3]", "The next one."],
        id="attached-citation",
    ),
    pytest.param(
        "Visit example.com today. Now.", ["Visit example.com today.", "Now."], id="domain"
    ),
    pytest.param(
        "Trained in 2021. 12,500 examples were used.",
        ["Trained in 2021.", "12,500 examples were used."],
        id="digit-start",
    ),
    pytest.param("It costs $5, etc. The end.", ["It costs $5, etc.", "The end."], id="etc"),
    pytest.param(
        "See p. 12 and No. 5 of the series. Fine.",
        ["See p. 12 and No. 5 of the series.", "Fine."],
        id="number-abbrev",
    ),
    pytest.param("The answer is no. The end.", ["The answer is no.", "The end."], id="no-at-end"),
    pytest.param("Why? because.", ["Why? because."], id="question-lower"),
    pytest.param("No terminator at all", ["No terminator at all"], id="no-terminator"),
    pytest.param("", [], id="empty"),
    pytest.param("   \n  ", [], id="blank"),
    pytest.param(
        "这是第一句。这是第二句！这是第三句？",
        ["这是第一句。", "这是第二句！", "这是第三句？"],
        id="zh-basic",
    ),
    pytest.param("他说：“好的。”然后离开了。", ["他说：“好的。”", "然后离开了。"], id="zh-quote"),
    pytest.param(
        "准确率为0.86。提高了7.5个百分点。",
        ["准确率为0.86。", "提高了7.5个百分点。"],
        id="zh-decimal",
    ),
    pytest.param("真的吗？！是的。", ["真的吗？！", "是的。"], id="zh-double"),
    pytest.param(
        "使用BERT-base模型。效果很好。", ["使用BERT-base模型。", "效果很好。"], id="zh-mixed"
    ),
    pytest.param("第一句.第二句。", ["第一句.", "第二句。"], id="zh-halfwidth-period"),
    pytest.param(
        "这是中文句子。This is English. 又是中文！",
        ["这是中文句子。", "This is English.", "又是中文！"],
        id="zh-en-mixed",
    ),
    pytest.param(
        "结果见表1（准确率85%）。下一句", ["结果见表1（准确率85%）。", "下一句"], id="zh-paren"
    ),
    pytest.param(
        "It is built with Anvil (Luff & Davies, 2020).Note that no account is required.",
        ["It is built with Anvil (Luff & Davies, 2020).", "Note that no account is required."],
        id="space-lost-after-citation",
    ),
    pytest.param("See (Fig. 2).and more.", ["See (Fig. 2).and more."], id="glued-lowercase"),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_split(text: str, expected: list[str]) -> None:
    assert sentences(text) == expected


def test_spans_are_offsets_into_the_text() -> None:
    text = "  First one.  Second one!\n\nThird 第三句。"
    spans = split_sentences(text)
    assert [text[s:e] for s, e in spans] == ["First one.", "Second one!", "Third 第三句。"]
    assert all(0 <= s < e <= len(text) for s, e in spans)


def test_cjk_helpers() -> None:
    assert is_cjk_char("中") and is_cjk_char("。") and is_cjk_char("，")
    assert not is_cjk_char("a") and not is_cjk_char("1") and not is_cjk_char("é")
    assert cjk_ratio("") == 0.0
    assert cjk_ratio("abc") == 0.0
    assert cjk_ratio("中文") == 1.0
    assert 0.4 < cjk_ratio("中文ab") < 0.6


def test_long_text() -> None:
    text = "We use e.g. BERT as in Fig. 3 with 0.3 dropout. Smith et al. agree! " * 2000
    spans = split_sentences(text)
    assert len(spans) == 4000


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "It supports document creation.1 The GUI is familiar.",
            ["It supports document creation.1", "The GUI is familiar."],
        ),
        ("Version 2.1 Results follow.", ["Version 2.1 Results follow."]),
    ],
)
def test_footnote_mark_after_full_stop_ends_the_sentence(text: str, expected: list[str]) -> None:
    assert sentences(text) == expected
