"""Normalisation for exact matching."""

from __future__ import annotations

import pytest

from core.text.normalize import (
    extract_numbers,
    match_key,
    normalize_text,
    number_keys,
    ratios,
    spelled_numbers,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("0.3%", ["0.3%"], id="percent"),
        pytest.param("0.3 %", ["0.3%"], id="percent-space"),
        pytest.param("0.30%", ["0.3%"], id="trailing-zero"),
        pytest.param("12,500", ["12500"], id="thousands-comma"),
        pytest.param("12 500 pairs", ["12500"], id="thousands-space"),
        pytest.param("１２．５％", ["12.5%"], id="full-width"),
        pytest.param("百分之三十", ["30%"], id="chinese-percent-numeral"),
        pytest.param("百分之30", ["30%"], id="chinese-percent-digits"),
        pytest.param("提高了2.3%的准确率", ["2.3%"], id="inside-chinese"),
        pytest.param("85.3 percent", ["85.3%"], id="percent-word"),
        pytest.param("110M parameters", ["110M"], id="scale-letter"),
        pytest.param("15k examples and 1.5k more", ["15K", "1.5K"], id="thousands-k"),
        pytest.param("k=10 folds, 10kB", ["10", "10"], id="k-not-a-scale"),
        pytest.param("1.2 billion tokens", ["1.2B"], id="scale-word"),
        pytest.param("in 2021", ["2021"], id="year"),
        pytest.param("layers 3–5", ["3", "5"], id="range"),
        pytest.param("v2 and x86", [], id="glued-to-letters"),
        pytest.param("C57BL/6J mice and 5/10 runs", ["5", "10"], id="strain-after-slash"),
        pytest.param("rates {1e-5, 2E-05}", ["0.00001", "0.00002"], id="e-notation"),
        pytest.param("3.2 × 10^-4 and 5×10−6", ["0.00032", "0.000005"], id="times-ten"),
        pytest.param("a 2 × 100 grid", ["2", "100"], id="dimension-not-power"),
        pytest.param("1e5 steps", ["100000"], id="positive-exponent"),
        pytest.param("（F1：64.%）", ["64%"], id="percent-without-decimals"),
        pytest.param("in 2020. Then", ["2020"], id="full-stop-after-number"),
        pytest.param("in 2022–23 and 2023/24", ["2022", "2023"], id="season"),
        pytest.param("from 2019-12", ["2019", "12"], id="year-then-month"),
    ],
)
def test_extract_numbers(text: str, expected: list[str]) -> None:
    assert [m.canonical for m in extract_numbers(text)] == expected


@pytest.mark.parametrize(
    ("text", "keys"),
    [
        pytest.param("split 7:1:2 into sets", ["7:1:2"], id="three-parts"),
        pytest.param("in the ratio 7 : 1 : 2", ["7:1:2"], id="spaced"),
        pytest.param("按8：1：1的比例", ["8:1:1"], id="full-width-colon"),
        pytest.param("a 1:1 ratio of cases", ["1:1"], id="pair-with-ratio-word"),
        pytest.param("we met at 10:30", [], id="time"),
        pytest.param("see John 3:16.", [], id="verse"),
        pytest.param("the split ratio F1:64.0", [], id="metric-then-value"),
    ],
)
def test_ratios(text: str, keys: list[str]) -> None:
    assert [r.key for r in ratios(text)] == keys


def test_any_pair_reads_every_colon_pair() -> None:
    assert [r.key for r in ratios("at 10:30", any_pair=True)] == ["10:30"]


def test_number_keys_can_leave_out_numbers_inside_names() -> None:
    text = "LongChat-7b-v1.5-32k and GPT-3.5 score 3.0 from 1k-16k; Top-5, 3-5 layers, -0.5"
    assert number_keys(text) >= {"32K", "3.5", "7"}
    assert number_keys(text, names=False) == {"3", "1K", "1", "16K", "16", "5", "0.5"}


def test_number_keys_include_parts_of_space_grouped_numbers() -> None:
    assert {"12500", "12", "500"} <= number_keys("Table 12 500 rows")


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        pytest.param("the “ﬁnal” result", 'the "final" result', id="ligature-curly"),
        pytest.param("hyphen-\nation", "hyphenation", id="line-hyphen"),
        pytest.param("A — B – C", "A - B - C", id="dashes"),
        pytest.param("a\n  b\tc", "a b c", id="whitespace"),
        pytest.param("ＡＢＣ（１）", "ABC(1)", id="full-width"),
    ],
)
def test_normalize_text(raw: str, expected: str) -> None:
    assert normalize_text(raw) == expected


def test_match_key_keeps_real_hyphen_variant() -> None:
    assert match_key("state-of-the-\nart", dehyphenate=False) == "state-of-the-art"
    assert match_key("Word , ( 2 )") == match_key("word, (2)")


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("consists of four separate networks", ["4"]),
        ("no more than five or six input parameters", ["5", "6"]),
        ("one of the two baselines", ["2"]),
        ("两个大型医疗问答网站与三位标注者", ["2", "3"]),
        ("第二个问题和一个网站", []),
        ("十二个类别", []),
        # tens, with their unit or not
        ("Forty-eight primary schools and twenty one teachers", ["48", "21"]),
        ("about thirty years", ["30"]),
    ],
)
def test_counts_written_as_words(text: str, values: list[str]) -> None:
    assert [str(m.value) for m in spelled_numbers(text)] == values


def test_a_chinese_comma_groups_digits_only_before_three_of_them() -> None:
    assert [m.raw for m in extract_numbers("1000条作为验证集，其余1000条")] == ["1000", "1000"]
    assert [m.raw for m in extract_numbers("(1,2) and 1,000")] == ["1", "1,000"]
    assert [m.raw for m in extract_numbers("最新报告1，2021 年")] == ["1", "2021"]
    assert [m.raw for m in extract_numbers("在3，7，15和30天")] == ["3", "7", "15", "30"]
    assert [m.raw for m in extract_numbers("共1，000条")] == ["1,000"]


@pytest.mark.parametrize(
    ("token", "expected"),
    [
        ("three-class", "3-class"),
        ("Two-layer", "2-layer"),
        ("one-shot", "one-shot"),
        ("GPT-4", "GPT-4"),
    ],
)
def test_a_condition_spelled_with_a_count_takes_its_digits(token: str, expected: str) -> None:
    from core.text.normalize import digit_setting

    assert digit_setting(token) == expected


@pytest.mark.parametrize(
    ("text", "percents"),
    [
        ("roughly 2 to 3 percent of those treated", [True, True]),
        ("in 2-3% of patients", [True, True]),
        ("rose from 12 to 15%", [True, True]),
        # a range of other things, and a count before a percentage
        ("an IQR of 1.9 to 3.0 days", [False, False]),
        ("12 patients (15%)", [False, True]),
        ("from 2 million to 3%", [False, True]),
    ],
)
def test_the_first_end_of_a_range_of_percentages_is_one(text: str, percents: list[bool]) -> None:
    assert [m.percent for m in extract_numbers(text)] == percents
