"""How a measure was obtained: a claim's source against the paper's."""

from __future__ import annotations

import pytest

from core.config import CheckerSettings
from core.verify.measurement import check_source, paper_sources
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeRetriever, make_paper

PAPER = make_paper(
    [
        "Grades were obtained from school records.",
        "Sleep duration was self-reported and was not measured with actigraphy.",
        "Incident dementia was identified from health administrative records.",
        "Physical activity was reported by the participants in a questionnaire, and a subsample "
        "wore accelerometers.",
        "Students reported their screen use in the hour before bed.",
    ]
)


@pytest.mark.parametrize(
    ("claim", "reason"),
    [
        # another kind of source than the paper's, or one the paper denies
        ("Grades were self-reported by students.", "self-report->records"),
        ("Sleep was measured objectively with wrist-worn devices.", "devices->self-report"),
        (
            "Dementia was diagnosed by neurologists examining each participant.",
            "examination->records",
        ),
        # the paper's own source, one of its sources, a measure it gives no source, no source said
        ("Grades came from school records.", None),
        ("Physical activity was measured with accelerometers in some participants.", None),
        ("Sleep duration was self-reported.", None),
        ("Blood pressure was measured by nurses.", None),
        ("Grades were collected at the end of the year.", None),
        # a source set against the claim's is denied, not claimed
        ("Dementia was identified from records rather than participants' own reports.", None),
        ("Sleep cannot be measured objectively with wrist-worn devices here.", None),
        (
            "Grades were obtained from questionnaires instead of school records.",
            "self-report->records",
        ),
        # a subject that names no measure in particular
        ("The data were self-reported.", None),
    ],
)
def test_a_source_the_paper_does_not_give(claim: str, reason: str | None) -> None:
    found = check_source(claim, paper_sources(PAPER.sentences))
    assert (found.reason if found else None) == (reason and f"source_contradicted:{reason}")


def test_the_verdict_names_the_papers_source() -> None:
    checker = Checker(PAPER, FakeRetriever(PAPER), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify("Grades were self-reported by students.")[0]
    assert verdict.status.value == "unsupported"
    assert verdict.reasons[0] == "source_contradicted:self-report->records"
    assert verdict.explanation == (
        "The paper gives this from records, not self-report (p. 1): "
        "“Grades were obtained from school records.”"
    )
