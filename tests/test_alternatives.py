"""A setting or group the claim gives where the paper only ever gives another of its kind."""

from __future__ import annotations

import pytest

from core.types import Evidence
from core.verify.alternatives import check_alternatives, words_of

PAPER = (
    "Consecutive adults with diabetes at nine rural primary care clinics were enrolled. "
    "Outpatients were screened on weekdays. Images of 1,982 adults were graded."
)
EVIDENCE = [
    Evidence(
        1,
        "Consecutive adults with diabetes at nine rural primary care clinics were enrolled.",
        (0.0, 0.0, 1.0, 1.0),
        1.0,
        0,
    ),
    Evidence(1, "Outpatients were screened on weekdays.", (0.0, 0.0, 1.0, 1.0), 1.0, 1),
]


@pytest.mark.parametrize(
    ("claim", "reason"),
    [
        ("Patients were enrolled at urban hospital clinics.", "setting_mismatch:urban->rural"),
        ("The model can screen children with diabetes.", "setting_mismatch:child->adult"),
        ("Inpatients were screened on the wards.", "setting_mismatch:inpatient->outpatient"),
        # the paper's own word, a word of no set, a set the evidence does not speak to
        ("Adults were enrolled at rural clinics.", None),
        ("Patients were enrolled at nine clinics.", None),
        ("The clinics were screened in winter.", None),
    ],
)
def test_a_setting_the_paper_never_gives(claim: str, reason: str | None) -> None:
    found = check_alternatives(claim, EVIDENCE, words_of(PAPER))
    assert (found.reason if found else None) == reason


def test_a_word_the_paper_uses_anywhere_is_left_to_other_checks() -> None:
    paper = words_of(PAPER + " Urban clinics were not included.")
    assert check_alternatives("Patients were enrolled at urban clinics.", EVIDENCE, paper) is None


def test_the_verdict_names_both_words() -> None:
    found = check_alternatives("Patients came from urban clinics.", EVIDENCE, words_of(PAPER))
    assert found is not None
    assert found.explain().startswith("The claim says urban, but the paper says rural (p. 1)")


def test_a_plural_is_the_word_of_its_singular() -> None:
    evidence = [Evidence(1, "Each child sat the maths test.", (0.0, 0.0, 1.0, 1.0), 1.0, 0)]
    paper = words_of("Each child sat the maths test. Adults were not tested.")
    claim = "Children's anxiety about maths was about the same in both arms."
    assert check_alternatives(claim, evidence, paper) is None
