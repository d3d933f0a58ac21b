"""A difference called significant between two groups the paper's own test did not part."""

from __future__ import annotations

import pytest

from core.types import Evidence
from core.verify.contrasts import (
    check_alike_across,
    check_contrast,
    paper_contrasts,
    reported_contrasts,
)
from core.verify.significance import interactions
from tests.fakes import make_paper

FARMS = (
    "Both organic and mixed farms differed from conventional farms (p < 0.001), but organic "
    "and mixed farms did not differ from each other."
)
MIXES = (
    "At 28 days SF and MK exceeded the control (p < 0.01), FA was weaker (p < 0.001) and GGBS "
    "did not differ from the control (p = 0.86); SF and MK did not differ from each other "
    "(p = 0.41)."
)
PAIN = (
    "The adjusted pain difference was 6.3 points (95% CI 3.1 to 9.5; p<0.001) for strengthening "
    "versus walking, 4.7 (1.5 to 7.9; p=0.004) for neuromuscular versus walking and 1.6 (−1.6 "
    "to 4.8; p=0.33) for strengthening versus neuromuscular."
)
CORSI = (
    "Corsi span was 6.1, 5.8 and 5.2 (F(2,87) = 5.4, p = 0.006); only total deprivation differed "
    "from normal sleep (p = 0.004; partial vs normal p = 0.29)."
)
BACK = (
    "On the 3-back task, partial restriction differed from normal sleep (p = 0.046) and total "
    "deprivation differed from partial restriction (p = 0.011)."
)
DEFINED = "We compared fly ash (FA), slag (GGBS), silica fume (SF) and metakaolin (MK)."


@pytest.mark.parametrize(
    ("text", "tests"),
    [
        (
            FARMS,
            [
                ("mixed farms", "conventional farms", True),
                ("organic farms", "conventional farms", True),
                ("organic farms", "mixed farms", False),
            ],
        ),
        # each test's own p-value, not the first of its clause; "each other" is no group
        (MIXES, [("and GGBS", "control", False), ("SF", "MK", False)]),
        (
            PAIN,
            [
                ("strengthening", "walking", True),
                ("neuromuscular", "walking", True),
                ("strengthening", "neuromuscular", False),
            ],
        ),
        # a test inside another's brackets
        (CORSI, [("total deprivation", "normal sleep", True), ("partial", "normal", False)]),
        (
            "The mixed versus organic contrast was not significant (p = 0.09).",
            [("mixed contrast", "organic contrast", False)],
        ),
        ("Visits were higher on organic farms (p < 0.001).", []),
        # one group reaching another's level is a test of the two
        (
            "By 90 days FA had reached the control's strength (p = 0.79), having gained 28%.",
            [("FA", "control", False)],
        ),
    ],
)
def test_the_tests_a_sentence_reports(text: str, tests: list[tuple[str, str, bool]]) -> None:
    assert reported_contrasts(text) == tests


@pytest.mark.parametrize(
    ("claim", "flagged"),
    [
        ("Mixed farms attracted significantly more visits than organic farms.", True),
        (
            "The strengthening programme reduced pain significantly more than neuromuscular work.",
            True,
        ),
        # the paper's abbreviation names the group
        ("At 28 days the slag mix was significantly weaker than the control.", True),
        (
            "Corsi span was significantly lower after partial restriction than after normal sleep.",
            True,
        ),
        # the paper's test of these two groups was significant
        ("Organic farms attracted significantly more visits than conventional farms.", False),
        ("Strengthening reduced pain significantly more than walking.", False),
        ("At 28 days the fly ash mix was significantly weaker than the control.", False),
        # the measure decides between two tests of the same groups
        (
            "3-back accuracy was significantly lower after partial restriction than normal sleep.",
            False,
        ),
        # no significance claimed, or none denied; a difference denied is the paper's finding
        ("Mixed farms attracted more visits than organic farms.", False),
        ("Mixed farms did not attract significantly more visits than organic farms.", False),
    ],
)
def test_a_significant_difference_the_paper_did_not_find(claim: str, flagged: bool) -> None:
    paper = make_paper([DEFINED, FARMS, MIXES, PAIN, CORSI, BACK])
    contrasts = paper_contrasts(paper.sentences)
    abbreviations = {"fa": "fly ash", "ggbs": "slag", "sf": "silica fume", "mk": "metakaolin"}
    found = check_contrast(claim, contrasts, abbreviations)
    assert (found is not None) == flagged
    if found is not None:
        assert found.reason == "not_significant"


@pytest.mark.parametrize(
    ("claim", "flagged"),
    [
        # the paper's test of the two groups on this measure is significant
        ("Partial restriction left 3-back accuracy unchanged relative to normal sleep.", True),
        ("Organic farms did not differ from conventional farms in visits.", True),
        # ... or it is not, or no measure of the claim's is named near it
        ("Corsi span after partial restriction did not differ from normal sleep.", False),
        ("Organic and mixed farms did not differ in visits.", False),
        ("Partial restriction was no different from normal sleep.", False),
        # values the test's sentence lacks are of another comparison of the two groups, when
        # it lacks one of two
        (
            "Partial restriction left 3-back accuracy at 81.5%, unchanged relative to normal "
            "sleep at 82.0%.",
            False,
        ),
        (
            "Partial restriction left 3-back accuracy at 0.046, unchanged relative to normal "
            "sleep at 82.0%.",
            False,
        ),
    ],
)
def test_a_difference_denied_that_the_paper_found(claim: str, flagged: bool) -> None:
    paper = make_paper([DEFINED, FARMS, MIXES, PAIN, CORSI, BACK])
    found = check_contrast(claim, paper_contrasts(paper.sentences), {})
    assert (found is not None) == flagged
    if found is not None:
        assert found.reason == "difference_found"


BREAKS = (
    "Relative to no break, 2-back d′ was higher after exercise (0.31, 95% CI 0.09 to 0.53, "
    "p=0.006) but not after mindfulness (0.14, 95% CI −0.08 to 0.36, p=0.21)."
)


@pytest.mark.parametrize(
    ("claim", "flagged"),
    [
        # each group against the sentence's reference; each pair the claim names is claimed
        (
            "Both exercise and mindfulness significantly improved d′ compared with no break.",
            True,
        ),
        ("Exercise significantly improved 2-back d′ compared with no break.", False),
        # one set against another, or the reference's own "no", claims no more
        (
            "Exercise, unlike mindfulness, significantly improved d′ compared with no break.",
            False,
        ),
        ("Mindfulness significantly improved 2-back d′ compared with no break.", True),
    ],
)
def test_groups_tested_against_one_reference(claim: str, flagged: bool) -> None:
    contrasts = paper_contrasts(make_paper([BREAKS]).sentences)
    assert reported_contrasts(BREAKS) == [
        ("exercise", "no break", True),
        ("mindfulness", "no break", False),
    ]
    assert (check_contrast(claim, contrasts, {}) is not None) == flagged


@pytest.mark.parametrize(
    ("claim", "flagged"),
    [
        # an effect said to hold alike across two groups the paper's test parts
        ("KT-217 worked equally well in male and female mice.", True),
        ("KT-217 protected the kidneys of male and female mice alike.", True),
        # a difference stated, or denied alikeness
        ("KT-217 worked better in male than in female mice.", False),
        ("KT-217 did not work equally well in male and female mice.", False),
    ],
)
def test_an_effect_said_to_hold_alike_where_the_test_parts_the_groups(
    claim: str, flagged: bool
) -> None:
    paper = make_paper(
        [
            "Creatinine fell by 41% in males and 14% in females; the dose-by-sex interaction "
            "was significant (p = 0.01)."
        ]
    )
    found = check_alike_across(claim, interactions(paper.sentences))
    assert (found is not None) == flagged


def test_a_subject_the_paper_finds_alike_in_both_groups_is_borne_out() -> None:
    paper = make_paper(
        [
            "Creatinine fell by 41% in males and 14% in females; the dose-by-sex interaction "
            "was significant (p = 0.01).",
            "Target-gene induction of Nqo1 was similar in both sexes.",
        ]
    )
    alike = [Evidence(1, s.text, s.bbox, 1.0, s.index) for s in paper.sentences[1:]]
    claim = "Induction of the target gene Nqo1 was similar in males and females."
    found = interactions(paper.sentences)
    assert check_alike_across(claim, found) is not None
    assert check_alike_across(claim, found, alike) is None


def test_groups_named_by_their_level_did_not_differ_between() -> None:
    text = (
        "Bleaching was 78% offshore and 46% inshore, and did not differ between 3 m and 8 m "
        "(63% versus 60%; p=0.41)."
    )
    assert reported_contrasts(text) == [("3 m", "8 m", False)]
    contrasts = paper_contrasts(make_paper([text]).sentences)
    claim = "Corals at 3 m bleached significantly more than corals at 8 m."
    found = check_contrast(claim, contrasts, {})
    assert found is not None and found.reason == "not_significant"
    assert check_contrast("Corals at 3 m bleached more than corals at 8 m.", contrasts, {}) is None


def test_a_clinically_significant_error_claims_no_test() -> None:
    paper = make_paper(
        [
            "At least one clinically significant error occurred in 23% of baseline summaries and "
            "12% of RAG summaries; omissions did not differ between RAG and baseline (p = 0.40)."
        ]
    )
    contrasts = paper_contrasts(paper.sentences)
    claim = "RAG cut clinically significant errors from about 23% to 12% of the baseline's."
    assert check_contrast(claim, contrasts, {}) is None
    assert check_contrast("RAG cut omissions significantly from the baseline.", contrasts, {})
