"""A limitation the authors are said to admit must be stated as a limitation in the paper."""

from __future__ import annotations

import pytest

from core.config import CheckerSettings
from core.text.words import content_words
from core.verify.admissions import Admissions, admitted_clause
from core.verify.translate import TRANSLATE_INSTRUCTION
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeLLM, FakeMultilingual, FakeRetriever, make_paper

SENTENCES = [
    "We evaluate the model on 576 earnings calls from 2017.",
    "Hybrid systems such as Git LFS are not yet mature enough for us to recommend.",
    "The learning curve of this recommendation was a significant barrier to entry.",
    "Our annotated dataset covers diabetes questions from two websites.",
    "The model outperforms all baselines on every horizon.",
]


def _admissions() -> Admissions:
    return Admissions(SENTENCES, [content_words(s) for s in SENTENCES])


@pytest.mark.parametrize(
    ("claim", "clause"),
    [
        ("The authors acknowledge that the dataset is small.", "the dataset is small."),
        ("The authors acknowledge, quoting Turner, that it is hard.", "it is hard."),
        ("The limitations of their method include overfitting.", "overfitting."),
        ("作者承认，数据集的大小可能会影响性能。", "数据集的大小可能会影响性能。"),
        ("作者声称的局限性与有效性威胁是：样本较少。", "样本较少。"),
        # a plainer report admits what it names as a limitation, and nothing else
        (
            "The authors note that the small sample may limit generality.",
            "the small sample may limit generality.",
        ),
        ("The authors point out that it cannot read tables.", "it cannot read tables."),
        ("作者指出，数据集的大小可能会影响模型的性能。", "数据集的大小可能会影响模型的性能。"),
        ("The authors note that only 576 calls remain after alignment.", None),
        ("Note that the model cannot read tables.", None),  # the reviewer's own remark
        ("The authors mention that the model outperforms all baselines.", None),
        ("作者指出，该模型在所有数据集上表现最好。", None),
        # thanks are the other kind of acknowledgement
        ("The authors acknowledge funding from the NSF.", None),
        ("The model outperforms all baselines.", None),
        # an admission in a relative clause admits its main clause too
        (
            "Most were students, which the authors acknowledge limits generality.",
            "Most were students limits generality.",
        ),
    ],
)
def test_the_admitted_clause(claim: str, clause: str | None) -> None:
    assert admitted_clause(claim) == clause


@pytest.mark.parametrize(
    ("claim", "flagged"),
    [
        # the paper states these limitations
        ("The authors acknowledge that Git LFS is not yet mature enough to recommend.", False),
        ("The authors acknowledge that the learning curve of plain text is a barrier.", False),
        # the paper speaks of the topic, but admits nothing about it
        ("The authors acknowledge that the diabetes dataset is not diverse enough.", True),
        ("The limitations of their method include the 2017 earnings calls and overfitting.", True),
        ("The authors note that the annotated diabetes dataset lacks diversity.", True),
        ("The authors note that Git LFS is not yet mature and cannot be recommended.", False),
        # too little is admitted to look for
        ("The authors acknowledge limitations.", False),
    ],
)
def test_admitted_limitations_must_be_stated(claim: str, flagged: bool) -> None:
    assert (_admissions().check(claim, []) is not None) == flagged


def test_a_limitation_among_the_claims_own_evidence_needs_two_words() -> None:
    claim = "The authors acknowledge that annotated diabetes questions are scarce."
    assert _admissions().check(claim, []) is not None
    evidence = ["Annotated diabetes questions are few and costly to obtain."]
    assert _admissions().check(claim, evidence) is None


def test_a_long_admission_needs_a_share_of_its_words_in_its_own_evidence_too() -> None:
    claim = (
        "The authors acknowledge that the size or kind of the data and the baselines compared "
        "may not be representative of the full scope of the project."
    )
    unrelated = ["Do not let the versions of a project drift apart as the size of changes grows."]
    assert _admissions().check(claim, unrelated) is not None
    stated = ["The size and kind of the data may not be representative of every project."]
    assert _admissions().check(claim, stated) is None


@pytest.mark.parametrize(
    ("evidence", "stated"),
    [
        ("The text-only version of HTML has lower errors than MDRM.", False),
        ("The audio-only HTML model is no match for MDRM.", False),
        ("HTML was only compared with MDRM on one dataset.", True),
        # a contraction negates as its full form does
        ("HTML wasn’t compared with MDRM on audio.", True),
        # a result that may be affected by something states a threat to it
        ("Comparisons of HTML and MDRM may be affected by their different inputs.", True),
        ("Comparisons of HTML and MDRM are affected by their different inputs.", False),
        # a bias the comparison may carry, a gap to what practice needs; words by their stems
        ("HTML received a larger budget, which may favour it over MDRM.", True),
        ("HTML and MDRM ran far shorter than a deployment needs.", True),
        ("HTML and MDRM ran shorter than a deployment.", False),
        # another explanation of a result, a choice not left to chance
        ("HTML's different inputs may have contributed to its lead over MDRM.", True),
        ("HTML's different inputs could account for its lead over MDRM.", True),
        ("HTML's different inputs contributed to its lead over MDRM.", False),
        ("Whether HTML or MDRM ran first was decided not at random.", True),
    ],
)
def test_a_compound_states_no_limitation_and_a_contraction_negates(
    evidence: str, stated: bool
) -> None:
    claim = "The authors acknowledge that HTML and MDRM are not directly comparable."
    assert (_admissions().check(claim, [evidence]) is None) == stated


def test_admitted_words_are_found_by_their_stems() -> None:
    claim = "The authors acknowledge that the model was not evaluated on MRI."
    assert (
        _admissions().check(claim, ["Evaluation was restricted to CT; MRI was not tested."]) is None
    )
    assert _admissions().check(claim, ["Scans were restricted to CT; MRI was not tested."])


def test_a_section_of_limitations_states_them_over_its_sentences() -> None:
    sentences = [
        "Every model reads the same prompt.",
        "Our tasks are built from English text only, so other languages are out of reach.",
        "We also test only six models.",
    ]
    claim = "The authors acknowledge that the models were not tested on other languages."
    words = [content_words(s) for s in sentences]
    assert Admissions(sentences, words).check(claim, []) is not None
    titled = Admissions(sentences, words, ["4 Setup", "5 Limitations", "5 Limitations"])
    assert titled.check(claim, []) is None
    other = "The authors acknowledge that the size of the data is a limitation."
    assert titled.check(other, []) is not None


def test_a_lead_in_announces_the_limitations_after_it() -> None:
    sentences = [
        "Most participants were university students.",
        "Our conclusions are limited in several ways.",
        "Most participants were university students, and norms vary across cultures.",
    ]
    claim = (
        "Most participants were university students, which the authors acknowledge limits "
        "how far the findings generalize."
    )
    words = [content_words(s) for s in sentences]
    assert Admissions(sentences, words).check(claim, []) is None
    assert Admissions(sentences[:1], words[:1]).check(claim, []) is not None


def test_each_of_several_admissions_is_looked_up() -> None:
    admitted = "The authors acknowledge that Git LFS is not yet mature enough to recommend"
    assert _admissions().check(admitted + ".", []) is None
    joined = admitted + ", and that the diabetes dataset is not diverse enough."
    found = _admissions().check(joined, [])
    assert found is not None
    assert found.admitted == "the diabetes dataset is not diverse enough."
    assert _admissions().check("作者承认，Git LFS尚未成熟；数据集的多样性不足。", []) is not None


def test_a_quantifier_is_no_shared_topic() -> None:
    # "all" is both sentences' word, but says nothing of what is admitted
    claim = "The authors acknowledge that all baselines need more diabetes questions."
    assert _admissions().check(claim, ["All baselines are limited to English text."]) is not None
    assert _admissions().check(claim, ["All baselines lack diabetes questions."]) is None


def test_the_verdict_says_the_paper_states_no_such_limitation() -> None:
    paper = make_paper(SENTENCES)
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify(
        "The authors acknowledge that the annotated diabetes dataset is not diverse enough."
    )[0]
    assert verdict.status.value == "unsupported"
    assert verdict.reasons[0] == "limitation_not_in_paper"
    assert verdict.explanation.startswith("The paper does not state this as a limitation")


@pytest.mark.parametrize(
    ("claim", "translation", "flagged"),
    [
        (
            "作者承认，带注释的糖尿病数据集不够多样。",
            "The authors acknowledge that the annotated diabetes dataset is not diverse enough.",
            True,
        ),
        (
            "作者承认，Git LFS还不够成熟，无法推荐。",
            "The authors acknowledge that Git LFS is not yet mature enough to recommend.",
            False,
        ),
        # a translation that drops "the authors admit" still carries what is admitted
        (
            "作者承认，带注释的糖尿病数据集不够多样。",
            "The annotated diabetes dataset is not diverse enough.",
            True,
        ),
        (
            "作者指出，带注释的糖尿病数据集缺乏多样性。",
            "The annotated diabetes dataset lacks diversity.",
            True,
        ),
        ("作者承认，Git LFS还不够成熟，无法推荐。", "Git LFS is not yet mature enough.", False),
    ],
)
def test_an_admission_in_another_language_is_read_through_its_translation(
    claim: str, translation: str, flagged: bool
) -> None:
    paper = make_paper(SENTENCES)
    llm = FakeLLM(default=lambda instruction, content: translation, follows_instructions=True)
    checker = Checker(
        paper,
        FakeRetriever(paper),
        FakeEmbedder(),
        llm,
        CheckerSettings(),
        multilingual=FakeMultilingual({"糖尿病": "diabetes", "成熟": "mature"}),
    )
    verdict = checker.verify(claim)[0]
    assert ("limitation_not_in_paper" in verdict.reasons) == flagged
    assert [c.content for c in llm.history if c.instruction == TRANSLATE_INSTRUCTION["en"]] == [
        claim
    ]


def test_a_question_is_not_a_problem() -> None:
    # 问题 is a question in a question-answering paper, a problem only in "存在问题".
    claim = "作者承认，糖尿病问题标注数据集的规模较小。"
    questions = ["本文标注了8000个糖尿病问题，构建了标注数据集。"]
    assert Admissions(questions, [content_words(s) for s in questions]).check(claim, []) is not None
    problems = ["糖尿病问题标注数据集的规模存在问题，样本较少。"]
    assert Admissions(problems, [content_words(s) for s in problems]).check(claim, []) is None


def test_the_reason_an_admission_gives_is_admitted_too() -> None:
    sentences = [
        "The findings therefore do not show that increasing step counts prevents diabetes.",
        "Activity was measured during a single week at baseline and may not represent habit.",
    ]
    admissions = Admissions(sentences, [content_words(s) for s in sentences])
    admitted = "The authors acknowledge the study cannot prove that more steps prevent diabetes"
    assert (
        admissions.check(admitted + ", partly because activity was measured in one week.", [])
        is None
    )
    found = admissions.check(admitted + ", partly because sleep apnoea was common.", [])
    assert found is not None and found.admitted == "sleep apnoea was common."


@pytest.mark.parametrize(
    ("sentence", "part", "flagged"),
    [
        # an admission that refers back, or follows its reason, admits the words before it too
        (
            "Users were better educated than non-users, and the authors acknowledge that such "
            "differences may explain part of the association.",
            "the authors acknowledge that such differences may explain part of the association.",
            False,
        ),
        (
            "Because claims data lack bone density and smoking information, the authors concede "
            "that unmeasured confounding could account for part of the association.",
            "",
            False,
        ),
        # ... not otherwise
        (
            "Users were better educated than non-users, and the authors acknowledge that drop-out "
            "may explain part of the association.",
            "the authors acknowledge that drop-out may explain part of the association.",
            True,
        ),
        # another explanation the paper offers: "may reflect"
        (
            "The authors concede that awareness of being studied may explain part of the saving.",
            "",
            False,
        ),
    ],
)
def test_what_an_admission_refers_back_to(sentence: str, part: str, flagged: bool) -> None:
    paper = [
        "Users were better educated and wealthier, and residual confounding remains likely.",
        "Limitations include the absence of bone density and smoking data in claims.",
        "Participants knew their allocation, so part of the saving may reflect awareness of "
        "being studied.",
    ]
    admissions = Admissions(paper, [content_words(s) for s in paper])
    assert (admissions.check(part or sentence, [], sentence) is not None) is flagged
