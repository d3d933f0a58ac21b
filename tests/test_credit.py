"""People the paper only thanks are not credited with its work."""

from __future__ import annotations

import pytest

from core.config import CheckerSettings
from core.verify.credit import Acknowledged
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeRetriever, make_paper

PAPER = make_paper(
    [
        "OpenQuestion is a survey platform written in Python. It is built on the Anvil App "
        "Server developed by Meredydd Luff.",
        "The authors would like to thank James Desjardins, Stefon van Noordt, Meredydd Luff, "
        "Ian Davies and the Halton Catholic District School Board for their support.",
    ]
)


@pytest.mark.parametrize(
    ("claim", "credited"),
    [
        # credited with the work, named only in the acknowledgements
        ("The platform was developed together with James Desjardins.", ("James Desjardins",)),
        ("Desjardins is a co-author of this paper.", ("Desjardins",)),
        ("OpenQuestion由Davies开发。", ("Davies",)),
        ("Stefon van Noordt proposed the survey design.", ("Stefon van Noordt",)),
        ("该平台是与James Desjardins合作开发的。", ("James Desjardins",)),
        ("Ian Davies and James Desjardins wrote the paper.", ("Ian Davies", "James Desjardins")),
        # thanked, helped or funded: what acknowledgements say
        ("The authors thank James Desjardins.", None),
        ("James Desjardins helped with the survey design.", None),
        ("The work was supported by Ian Davies.", None),
        # named elsewhere in the paper too
        ("The Anvil App Server was developed by Meredydd Luff.", None),
        # an organisation in the acknowledgements is not a person
        ("The platform was developed for the Halton Catholic District School Board.", None),
        # no credit at all
        ("James Desjardins is named in the paper.", None),
    ],
)
def test_people_only_thanked(claim: str, credited: tuple[str, ...] | None) -> None:
    found = Acknowledged(PAPER).check(claim)
    assert (found.names if found else None) == credited


def test_a_name_touching_chinese_text_counts_as_named_there() -> None:
    paper = make_paper(["该平台由Desjardins设计。", "感谢James Desjardins的帮助。"])
    assert Acknowledged(paper).check("The platform was designed by James Desjardins.") is None


def test_crediting_a_thanked_person_is_misattribution_in_the_verdict() -> None:
    checker = Checker(PAPER, FakeRetriever(PAPER), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify("The platform was developed together with James Desjardins.")[0]
    assert verdict.status.value == "unsupported"
    assert verdict.reasons[0] == "credited_person_only_thanked:James Desjardins"
    assert verdict.explanation.startswith("The paper names James Desjardins only in its ack")
