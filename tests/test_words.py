"""Content words: what coverage and binding compare."""

from __future__ import annotations

from core.text.words import content_words, fact_words, hyphen_parts


def test_a_left_out_name_goes_with_its_stem() -> None:
    # "PubMed" stems to "pubm" and "Transformers" to "transformer": neither may stay behind.
    text = "PubMed abstracts train Transformers"
    assert {"pubm", "transformer"} <= content_words(text)
    assert fact_words(text, ["PubMed", "Transformers"]) == {"abstract", "train"}


def test_fact_words_drop_numbers() -> None:
    assert fact_words("It reaches 36.8 MRR on 5 datasets") == {"reach", "mrr", "dataset"}


def test_a_hyphened_word_holds_its_parts_but_no_function_word() -> None:
    assert hyphen_parts({"dose-by-sex", "per-borrower"}) == {
        "dose-by-sex",
        "dose",
        "sex",
        "per-borrower",
        "borrower",
    }
