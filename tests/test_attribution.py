"""A claim credits a finding to the source the paper credits it to."""

from __future__ import annotations

import pytest

from core.types import Evidence
from core.verify.attribution import check_attribution, citations


def ev(text: str, page: int = 3) -> Evidence:
    return Evidence(page=page, text=text, bbox=(0, 0, 1, 1), score=1.0, sentence_index=0)


HAN = ev("Hierarchical attention networks were first proposed by [64] for document classification.")
VEGA = ev("Charts use vega-lite (Satyanarayan et al., 2017), a high-level visualization grammar.")
JUPYTER = ev("Reports are written in a Jupyter-like environment (Kluyver et al., 2016).", page=1)
ZH = ev("Roberts et al. (2014)构建了一个包含2937个遗传罕见疾病的患者问题语料库。")
PLAIN = ev("Hierarchical attention networks were first proposed for document classification.")
DRAWN = ev("Our recommendations for doing this are drawn primarily from [2,3].", page=8)
ALSO = ev("Further recommendations for doing this are drawn primarily from [5].", page=9)


@pytest.mark.parametrize(
    ("claim", "evidence", "expected"),
    [
        (
            "Hierarchical attention networks were first proposed by [21].",
            [HAN],
            (("[21]",), ("[64]",)),
        ),
        ("Hierarchical attention networks were first proposed by [64].", [HAN], None),
        (
            "Charts use vega-lite (Kluyver et al., 2016), a high-level visualization grammar.",
            [VEGA, JUPYTER],
            (("Kluyver et al., 2016",), ("Satyanarayan et al., 2017",)),
        ),
        ("Charts use vega-lite (Satyanarayan et al., 2017).", [VEGA, JUPYTER], None),
        (
            "Wang et al. (2020)构建了一个包含2937个遗传罕见疾病的患者问题语料库。",
            [ZH],
            (("Wang et al. (2020)",), ("Roberts et al. (2014)",)),
        ),
        # one source of two is not the paper's
        ("This is done primarily from [2,5].", [DRAWN], (("[5]",), ("[2]", "[3]"))),
        ("This is done primarily from [2,3].", [DRAWN], None),
        ("This is done primarily from [3].", [DRAWN], None),
        # another sentence stating the fact credits the second source
        ("This is done primarily from [2,5].", [DRAWN, ALSO], None),
        # the evidence cites nothing, or states another fact: no verdict on the source
        ("Hierarchical attention networks were first proposed by [21].", [PLAIN], None),
        ("The survey platform was evaluated by [21] on ten studies.", [HAN], None),
        ("Hierarchical attention networks are common.", [HAN], None),
        # a sentence joining facts: its cited clause states the paper's fact on its own
        (
            "Hierarchical attention networks were first proposed by [21], and they now drive "
            "most systems for sentiment analysis of long product reviews.",
            [HAN],
            (("[21]",), ("[64]",)),
        ),
        (
            "Hierarchical attention networks were first proposed by [64], and they now drive "
            "most systems for sentiment analysis of long product reviews.",
            [HAN],
            None,
        ),
    ],
)
def test_check_attribution(
    claim: str, evidence: list[Evidence], expected: tuple[tuple[str, ...], ...] | None
) -> None:
    found = check_attribution(claim, evidence)
    assert (None if found is None else (found.claimed, found.paper)) == expected


def test_explanation_names_both_sources_and_the_page() -> None:
    found = check_attribution("Hierarchical attention networks were first proposed by [21].", [HAN])
    assert found is not None
    assert found.explain() == "The paper credits this to [64] (p. 3), not [21]"


def test_tensor_shapes_and_page_marks_are_not_sources() -> None:
    assert citations("an input of [3, 224, 224] pixels (p. 4)") == []


@pytest.mark.parametrize(
    ("translation", "original", "expected"),
    [
        # the model's translation spelled the citation in Chinese: the original's source counts
        (
            "他们还讨论了卢和等人（2020）构建的包含2937个遗传罕见疾病的患者问题语料库。",
            "They also discuss Luo et al. (2020), who built a corpus of patient questions on "
            "2937 rare genetic diseases.",
            (("Luo et al. (2020)",), ("Roberts et al. (2014)",)),
        ),
        (
            "他们还讨论了罗伯茨等人（2014）构建的包含2937个遗传罕见疾病的患者问题语料库。",
            "They also discuss Roberts et al. (2014), who built a corpus of patient questions on "
            "2937 rare genetic diseases.",
            None,
        ),
    ],
)
def test_a_translated_claim_keeps_the_sources_of_its_original(
    translation: str, original: str, expected: tuple[tuple[str, ...], ...] | None
) -> None:
    found = check_attribution(translation, [ZH], original)
    assert (None if found is None else (found.claimed, found.paper)) == expected
