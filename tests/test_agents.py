"""A claim must credit quoted words and made things to the person the paper credits."""

from __future__ import annotations

import pytest

from core.config import CheckerSettings
from core.types import Evidence, Paper
from core.verify.agents import Agents, claimed_people
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeRetriever, make_sectioned_paper

HEADINGS = ("1 Tools", "2 Manuscripts", "3 Thanks")
SENTENCES = [
    ("1 Tools", "One notable survey platform is Docassemble (Pyle, 2017)."),
    ("1 Tools", "Docassemble focuses on document generation from web forms."),
    ("1 Tools", "Our app is built on the Anvil server (Luff & Davies, 2020)."),
    ("2 Manuscripts", "For example, Stephen Turner wrote:"),
    ("2 Manuscripts", "Try to explain compiling a document to an overworked physician."),
    ("2 Manuscripts", "The barrier to collaborating in this framework is too high."),
    ("2 Manuscripts", "Similarly, Arjun Raj [19] said in a blog post:"),
    ("2 Manuscripts", "Google Docs excels at easy sharing and simultaneous editing."),
    ("2 Manuscripts", "Plain text is easier to track."),
    ("3 Thanks", "We thank Meredydd Luff and Ian Davies for their feedback."),
]


def _paper() -> Paper:
    return make_sectioned_paper(SENTENCES, HEADINGS)


def _evidence(paper: Paper, *indices: int) -> list[Evidence]:
    return [
        Evidence(s.page, s.text, s.bbox, 0.9, s.index)
        for s in (paper.sentences[i] for i in indices)
    ]


@pytest.mark.parametrize(
    ("claim", "people"),
    [
        ("Stephen Turner wrote that the barrier is too high.", [("speech", ("Stephen Turner",))]),
        (
            "The authors quote Arjun Raj, who said it.",
            [("speech", ("Arjun Raj",)), ("speech", ("Arjun Raj",))],
        ),
        ("Docassemble was developed by Luff and Davies.", [("make", ("Luff", "Davies"))]),
        ("Docassemble由Luff和Davies开发。", [("make", ("Luff", "Davies"))]),
        ("The authors wrote that plain text is easier.", []),
        ("OpenQuestion states that it is free.", []),
    ],
)
def test_the_people_a_claim_credits(claim: str, people: list[tuple[str, tuple[str, ...]]]) -> None:
    assert claimed_people(claim) == people


@pytest.mark.parametrize(
    ("claim", "evidence", "credited"),
    [
        # quoted words given to the other speaker; the speaker is the nearest introducer
        (
            "Arjun Raj wrote that the barrier to collaborating in this framework is too high.",
            5,
            "Stephen Turner",
        ),
        (
            "Stephen Turner wrote that Google Docs excels at easy sharing and simultaneous edits.",
            7,
            "Arjun Raj",
        ),
        (
            "According to Stephen Turner, Google Docs excels at easy sharing and editing.",
            7,
            "Arjun Raj",
        ),
        # the right speaker, even sentences after the introducer
        (
            "Stephen Turner wrote that the barrier to collaborating in this framework is too high.",
            5,
            None,
        ),
        (
            "Arjun Raj said that Google Docs excels at easy sharing and simultaneous editing.",
            7,
            None,
        ),
        # the words are the paper's own, introduced by no one before the section starts
        (
            "Stephen Turner wrote that Docassemble focuses on document generation from web forms.",
            1,
            None,
        ),
        # a tool credited to people the paper names elsewhere, while it cites its maker
        ("Docassemble was developed by Luff and Davies.", 1, "Pyle, 2017"),
        ("Docassemble由Luff和Davies开发，是一个成熟的项目。", 9, "Pyle, 2017"),
        ("Docassemble was developed by Pyle.", 1, None),
        ("The Anvil server was developed by Luff and Davies.", 2, None),
        # a person the paper never names is the name gate's to judge
        ("Docassemble was developed by Jonathan Smith.", 1, None),
    ],
)
def test_people_credited_by_the_paper(claim: str, evidence: int, credited: str | None) -> None:
    paper = _paper()
    found = Agents(paper).check(claim, _evidence(paper, evidence), cross=False)
    assert (found.paper if found is not None else None) == credited


def test_a_claim_in_another_language_is_read_against_its_best_evidence() -> None:
    paper = _paper()
    claim = "Arjun Raj写道，在这种框架下协作的门槛太高。"
    found = Agents(paper).check(claim, _evidence(paper, 5), cross=True)
    assert found is not None and found.paper == "Stephen Turner"
    assert Agents(paper).check(claim, _evidence(paper, 5), cross=False) is None


def test_the_verdict_names_the_person_the_paper_quotes() -> None:
    paper = _paper()
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())
    claim = "Arjun Raj wrote that the barrier to collaborating in this framework is too high."
    verdict = checker.verify(claim)[0]
    assert verdict.status.value == "unsupported"
    assert verdict.reasons[0] == "credited_other_person:Arjun Raj->Stephen Turner"
    assert verdict.explanation == "The paper quotes Stephen Turner here (p. 1), not Arjun Raj"
    # the sentence naming the paper's speaker is the first evidence shown
    assert verdict.evidence[0].text == "For example, Stephen Turner wrote:"
