"""The judge is shown which paper value a hedged or bounded claim value stands for."""

from __future__ import annotations

import pytest

from core.verify.approximations import glossed_approximations


@pytest.mark.parametrize(
    ("claim", "evidence", "shown"),
    [
        (
            "About 2,900 patients tested positive.",
            "Of these, 2,917 patients tested positive.",
            "Of these, 2,917 (about 2,900) patients tested positive.",
        ),
        (
            "More than 19,000 adults took part.",
            "In total, 19,114 adults took part.",
            "In total, 19,114 (more than 19,000) adults took part.",
        ),
        (
            "Nearly 12,000 students took part.",
            "We surveyed 11,872 students.",
            "We surveyed 11,872 (nearly 12,000) students.",
        ),
        # the claim's own value, a value past its rounding or its bound, an unhedged value
        ("About 38% were women.", "Of them, 38% were women.", "Of them, 38% were women."),
        ("About 2,900 patients took part.", "We saw 2,417 patients.", "We saw 2,417 patients."),
        ("More than 19,000 adults took part.", "We saw 18,114 adults.", "We saw 18,114 adults."),
        (
            "2,900 patients tested positive.",
            "Of these, 2,917 patients.",
            "Of these, 2,917 patients.",
        ),
        # a share in words, beside the percentage it covers nearest its value
        (
            "Browsing fell from about seven in ten shoots to fewer than four in ten.",
            "Browsing fell from 71% of shoots to 38%, and on control plots from 68% to 61%.",
            "Browsing fell from 71% (seven in ten) of shoots to 38% (fewer than four in ten), and "
            "on control plots from 68% to 61%.",
        ),
        (
            "Browsing fell to about one in ten shoots.",
            "Browsing fell from 71% of shoots to 38%.",
            "Browsing fell from 71% of shoots to 38%.",
        ),
    ],
)
def test_a_hedged_value_is_shown_beside_the_papers(claim: str, evidence: str, shown: str) -> None:
    assert glossed_approximations(claim, evidence) == shown
