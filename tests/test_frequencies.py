"""How often something was done: a claim's frequency against the paper's."""

from __future__ import annotations

import pytest

from core.types import PaperSentence
from core.verify.frequencies import check_frequency, frequencies, paper_frequencies


def _paper(*texts: str) -> list[PaperSentence]:
    return [PaperSentence(i, t, 1, ((0.0, 0.0, 1.0, 1.0),)) for i, t in enumerate(texts)]


PAPER = _paper(
    "We analysed 5,870 samples from 312 wells collected twice yearly between 2012 and 2021.",
    "Villages were randomised to no further intervention or to weekly SMS reminders.",
    "Participants wore an accelerometer for seven days.",
)


@pytest.mark.parametrize(
    ("text", "per_year"),
    [
        ("Wells were sampled monthly.", [12.0]),
        ("Samples were collected twice a year.", [2.0]),
        ("Samples were collected twice yearly.", [2.0]),
        ("Reminders were sent every day.", [365.0]),
        ("Reminders were sent every 2 weeks.", [26.0]),
        ("Doses were given three times a day.", [1095.0]),
        # a count of times before the adverb is part of the frequency
        ("The gel was applied three times weekly for 6 weeks.", [156.0]),
        ("Tablets were taken 2 times daily.", [730.0]),
        ("Alternate-day dosing was tested.", [182.5]),
        ("It was taken every other day.", [182.5]),
        ("Each reach was sampled on days 1 and 8.", []),
        # a rate per day is no frequency of a deed, nor an amount each year
        ("Children did 6.2 more minutes per day of activity.", []),
        ("Nitrate rose by a quarter of a milligram per litre each year.", []),
    ],
)
def test_frequencies_in_times_a_year(text: str, per_year: list[float]) -> None:
    assert [f.per_year for f in frequencies(text)] == per_year


@pytest.mark.parametrize(
    ("claim", "wrong"),
    [
        ("Wells were sampled monthly throughout the decade.", ("monthly", "twice yearly")),
        ("Reminder messages were sent every day.", ("every day", "weekly")),
        # the paper's frequency in other words
        ("Wells were sampled twice a year.", None),
        ("Reminders arrived every week.", None),
        # nothing the paper gives a frequency of
        ("Participants wore the device daily.", None),
        ("The weather was recorded hourly.", None),
    ],
)
def test_a_frequency_the_paper_gives_otherwise(claim: str, wrong: tuple[str, str] | None) -> None:
    found = check_frequency(claim, paper_frequencies(PAPER), [1])
    assert ((found.claimed, found.stated) if found else None) == wrong
    if found is not None:
        assert found.reason == f"frequency_mismatch:{wrong[0]}->{wrong[1]}"  # type: ignore[index]
        assert "(p. 1)" in found.explain()


def test_one_shared_word_reads_only_the_claims_own_evidence() -> None:
    claim = "Reminder messages were sent every day."
    assert check_frequency(claim, paper_frequencies(PAPER), [1]) is not None
    assert check_frequency(claim, paper_frequencies(PAPER), [0]) is None


def test_a_frequency_that_names_one_of_the_papers_groups_is_no_mismatch() -> None:
    paper = paper_frequencies(
        _paper(
            "Daily low-dose colchicine reduced major vascular events by a third.",
            "Alternate-day colchicine lowered hs-CRP by 22%.",
        )
    )
    claim = "Colchicine taken every other day did not reduce major vascular events."
    assert check_frequency(claim, paper, [0]) is None
    assert check_frequency("Weekly colchicine reduced major vascular events.", paper, [0])
