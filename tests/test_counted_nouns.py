"""Counts bound to what they count: a noun the paper counts one way, counted another."""

from __future__ import annotations

import pytest

from core.verify.counted_nouns import count_mismatch, counts_in, paper_counts
from tests.fakes import make_paper

PAPER = make_paper(
    [
        "The proposed model contains four components. Three human annotators labelled 500 calls.",
        "We evaluate on two datasets. Later we add a third of the data to two datasets.",
        "We report results on 3 benchmarks and on 5 benchmarks in the appendix.",
        "Table 2 shows the results, and Box 3 provides the details.",
        "Two reviewers screened the papers and 3 reviewers extracted the data.",
        "We sampled water at 96 sites along 12 rivers in 7 European countries.",
        "We fine-tune the model on 48,000 de-identified triage notes.",
        "The registry recorded 14,862 cases, 61% of them in children younger than five years.",
        "The trial enrolled 84 schools, and 42 schools were assigned to each arm.",
        "At each site there were 16 plots per site.",
        "Assuming an ICC of 0.08, 80 clinics would give 80% power to detect the difference.",
        "Of the nurses, 71 attended at least six sessions; patients were aged 65 years or more.",
    ]
)
COUNTS = paper_counts(PAPER.sentences)


@pytest.mark.parametrize(
    ("text", "counts"),
    [
        ("Three human annotators labelled the calls.", [(3, "annotator")]),
        ("It uses 12 layers and two heads.", [(12, "layer")]),
        ("It has two attention heads.", [(2, "head")]),
        # a part, an order, a bound, a reference, a label, no thing: not a whole count
        ("It improves on two datasets.", []),
        ("The first two layers are frozen.", []),
        ("At least three annotators agree.", []),
        ("Table 2 shows three models.", [(3, "model")]),
        ("Box 3 provides the details.", []),
        ("It is two times faster.", []),
        ("There were two more cases per 1,000 person-years.", []),
        ("About eight fewer patients developed delirium.", []),
        ("It gained 9 percentage points.", []),
        ("One annotator disagreed.", []),
        # a measure, and a count of each group, are no counts of the whole
        ("We sampled 10 × 10 m plots.", []),
        ("Benefits were larger in the 6–9 m plots.", []),
        ("In all, 42 schools were assigned to each arm.", []),
        ("It gave 16 plots per site.", []),
        # a count picked out by a relative clause
        ("All of the 14 earthquakes that residents felt were small.", []),
        ("The network recorded 14 earthquakes in all.", [(14, "earthquake")]),
        # thousands separators; a decimal is no count
        ("In all, 12,000 images were labelled.", [(12000, "image")]),
        ("It scores 2.5 points.", []),
        # spans and ages are measures; a bound counts no whole
        ("Records covered six years of operations.", []),
        ("The mean age was above 83 years.", []),
        ("Nurses attended more than six sessions.", []),
    ],
)
def test_counts_read(text: str, counts: list[tuple[int, str]]) -> None:
    assert [(c.value, c.noun) for c in counts_in(text)] == counts


@pytest.mark.parametrize(
    ("claim", "mismatch"),
    [
        ("The model has three components.", ("three components", "four components")),
        ("The model has 4 components.", None),
        ("Two annotators labelled the calls.", ("Two annotators", "Three human annotators")),
        ("The calls were labelled by three annotators.", None),
        # the paper counts benchmarks two ways: which one the claim means is open
        ("The authors use four benchmarks.", None),
        # a count the paper never gives, another work's count, a part: not read
        ("The authors use six metrics.", None),
        ("Smith et al. used two annotators.", None),
        ("The model wins on two datasets.", None),
        # a value the paper gives the noun in a part of a sentence is the paper's too
        ("Three reviewers extracted the data.", None),
        ("Four reviewers extracted the data.", ("Four reviewers", "Two reviewers")),
        # the count of another noun of the sentence that counts the claim's
        ("The study sampled rivers in 12 countries.", ("12 countries", "7 European countries")),
        ("The study sampled rivers in 7 countries.", None),
        ("The study sampled rivers in 9 countries.", None),
        # the paper's only count of a noun counts it, even after a preposition
        ("The corpus holds 24 notes.", ("24 notes", "48,000 de-identified triage notes")),
        ("The corpus holds 48,000 notes.", None),
        # a noun the paper counts only per group has no whole to set against the claim's
        ("The trial comprised 32 plots.", None),
        # a sample-size calculation's counts are no counts the study had
        ("The trial enrolled 64 clinics.", None),
        # the whole of a share counts nothing
        ("Around three in five reported cases were in children under five.", None),
        ("The registry recorded five cases in children.", ("five cases", "14,862 cases")),
        # a bound the paper gives a noun is no count of it; a span is no count of years
        ("Most nurses attended six of the eight sessions.", None),
        ("The audit covered six years of records.", None),
    ],
)
def test_a_count_the_paper_gives_otherwise(claim: str, mismatch: tuple[str, str] | None) -> None:
    found = count_mismatch(claim, COUNTS)
    assert (found and (found.claim_value, found.paper_value)) == mismatch
    if found is not None:
        assert found.page == 1


def test_the_verdict_names_the_papers_count() -> None:
    from core.config import CheckerSettings
    from core.types import Status
    from core.verify.verifier import Checker
    from tests.fakes import FakeEmbedder

    checker = Checker(PAPER, None, FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify("The system has three components.")[0]
    assert verdict.status == Status.UNSUPPORTED
    assert verdict.reasons[0] == "number_mismatch:three components->four components"
    assert verdict.explanation == (
        "The claim says three components, but the paper says four components (p. 1)"
    )
    right = checker.verify("The system has four components.")[0]
    assert not right.status.flagged


KIT = paper_counts(
    make_paper(
        [
            "In the kit arm, 498 participants returned a kit and 37 attended clinician-taken "
            "screening instead."
        ]
    ).sentences
)


@pytest.mark.parametrize(
    ("claim", "mismatch"),
    [
        # a count whose noun the sentence leaves out after "and" adds to the one it names
        ("The kit arm had 535 participants.", None),
        (
            "The kit arm had 545 participants.",
            ("545 participants", "498 participants"),
        ),
    ],
)
def test_a_count_with_its_noun_left_out_adds_up(
    claim: str, mismatch: tuple[str, str] | None
) -> None:
    found = count_mismatch(claim, KIT)
    assert (found and (found.claim_value, found.paper_value)) == mismatch


@pytest.mark.parametrize(
    ("claim", "mismatch"),
    [
        # a count of some of the noun's is no whole: the claim's four tools hold the two others
        ("Of the four tools, PatchWeaver overfitted most.", None),
        (
            "MendLM was compared with three earlier tools.",
            ("three earlier tools", "two earlier tools"),
        ),
    ],
)
def test_a_count_of_some_is_no_whole(claim: str, mismatch: tuple[str, str] | None) -> None:
    paper = make_paper(["We compared MendLM with the base model and two earlier tools."])
    found = count_mismatch(claim, paper_counts(paper.sentences))
    assert (found and (found.claim_value, found.paper_value)) == mismatch
