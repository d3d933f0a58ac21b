"""A figure a claim says the paper provides must be one the paper describes."""

from __future__ import annotations

import pytest

from core.config import CheckerSettings
from core.verify.gates import PaperFacts, run_gates
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeRetriever, make_paper

PAPER = make_paper(
    [
        "OpenQuestion allows reports to be exported to HTML files.",
        "Automatic chart generation and templating is depicted in the figure below.",
        "Figure 2: Validation MSE of the model for each value of alpha.",
    ]
)
FACTS = PaperFacts(PAPER)


def _figures(sentence: str) -> list[str]:
    return [f.reason for f in run_gates(sentence, FACTS).failures if f.gate == "figure"]


@pytest.mark.parametrize(
    ("sentence", "flagged"),
    [
        # the paper's figures show something else
        ("The paper provides a figure that shows the export of reports to HTML files.", True),
        ("The authors include a diagram of the survey database schema.", True),
        # half of what the figure shows is named where the paper speaks of a figure
        ("The paper also provides a figure that shows the chart templating process.", False),
        ("It has a figure showing the validation MSE for each alpha.", False),
        # denied, asked or wished: nothing is said of the paper's figures
        ("The paper does not provide a figure that shows the export of reports.", False),
        ("It would help to include a figure that shows the export of reports.", False),
        ("Does the paper provide a figure that shows the export of reports?", False),
        # too little said of what the figure shows to compare
        ("The paper provides a figure of results.", False),
    ],
)
def test_figures_the_paper_does_not_describe(sentence: str, flagged: bool) -> None:
    assert bool(_figures(sentence)) is flagged


def test_the_verdict_names_what_no_figure_shows() -> None:
    checker = Checker(PAPER, FakeRetriever(PAPER), FakeEmbedder(), None, CheckerSettings())
    claim = "The paper provides a figure that shows the export of reports to HTML files."
    verdict = checker.verify(claim)[0]
    assert verdict.status.value == "unsupported"
    assert verdict.reasons[0].startswith("figure_not_in_paper:")
    assert "No figure of the paper is said to show the export of reports to HTML files" in (
        verdict.explanation
    )
