"""A paper's abbreviations and their long forms, as words of its sentences and of claims."""

from __future__ import annotations

import pytest

from core.text.long_forms import with_long_forms
from core.text.words import content_words

FORMS = {"ggbs": "ground granulated blast-furnace slag", "sf": "silica fume", "fa": "fly ash"}


@pytest.mark.parametrize(
    ("text", "added"),
    [
        # an abbreviation brings its long form's words, a long form its abbreviation
        ("SF gave the highest strength", {"silica", "fume"}),
        ("the silica fume mix", {"sf"}),
        # a long form of three words or more is named by its last
        ("the slag concrete resisted chloride best", {"ggbs"}),
        # a shorter one needs all its words
        ("the fume hood", set()),
        ("ash content", set()),
    ],
)
def test_words_with_long_forms(text: str, added: set[str]) -> None:
    words = content_words(text)
    assert with_long_forms(words, FORMS) - words == added
