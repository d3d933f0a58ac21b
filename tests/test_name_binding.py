"""A name put into the statement of another fact: the sentence stating the fact names another."""

from __future__ import annotations

import pytest

from core.types import Evidence
from core.verify.name_binding import NameMismatch, check_names, names, swapped_across


def ev(text: str, page: int = 1) -> Evidence:
    return Evidence(page=page, text=text, bbox=(0, 0, 1, 1), score=1.0, sentence_index=0)


FORMATS = ev("Surveys and reports can be controlled by Python and JSON files.")
LICENSES = ev("For software, the authors recommend the MIT, BSD or Apache license.", page=8)
DATASET = ev(
    "The dataset used in this paper is the public S&P 500 Earning Conference Calls dataset."
)
CONTENTS = ev("It contains the audio records and the text transcripts of the calls.")
MARCO = ev("On MS MARCO passage ranking, LexiRank reaches 36.8, compared with 18.7 for BM25.")
VILBERT = ev(
    "For instance, the Vision-and-Language BERT (ViLBERT) [38] learns task-agnostic joint "
    "representations of image and natural language content."
)
SUBJECTS = ev(
    "The primary data table might hold the heart rate for subjects at rest and after a "
    "physical challenge, identified via a subject ID."
)
GITLAB = ev(
    "GitLab is a well-regarded alternative that some prefer, because the GitLab platform "
    "itself is free and open source."
)
TGCQ = ev(
    "Ely et al. (2000)提出了通用临床问题分类（Generic Clinical Questions，TGCQ），"
    "TGCQ是一个四层结构的分类体系，包含64个通用问题类型。"
)
DENMARK = ev("We followed 94,561 children born in Denmark between 2000 and 2010 to age 12.")
LIMIT = ev("(As a benchmark for “large”, the limit for an individual file on GitHub is 100MB.)")
JIEBA = ev("对于深度神经网络模型，本文使用常用的Jieba8分词工具对数据进行中文分词。")
DIET = ev(
    "同时，患者也咨询了保持健康生活方式（D）的各种方法，包括饮食（D1）、锻炼（D2）、减肥（D3）等许多方面。"
)
ABLATION = ev("Table 4: (A1) BiLSTM-CNN: Prec. 0.473; Rec. 0.606; F1 0.531")
TAXONOMY = ev(
    "即通用临床问题分类（Taxonomy for Generic Clinical Questions，TGCQ），TGCQ是一个四层结构的"
    "分类体系，包含64个通用问题类型。"
)
HORIZONS = ev("Table 2: HTML (Ours) Text+Audio: n=3 0.845; n=7 0.349; n=15 0.251; n=30 0.158")


CORALS = [
    ev("Acropora tenuis accounted for 82% of surviving recruits in reseeded plots."),
    ev("Surviving recruits in reseeded plots were counted by Kalbarri divers."),
]


@pytest.mark.parametrize(
    ("claim", "evidence", "expected"),
    [
        (
            "Surveys and reports can be controlled by Python and YAML files.",
            [FORMATS],
            ("YAML", "JSON"),
        ),
        ("Surveys and reports can be controlled by Python and JSON files.", [FORMATS], None),
        (
            "For software, the authors recommend the MIT, BSD or GNU license.",
            [LICENSES],
            ("GNU", "Apache"),
        ),
        # a title whose words a paraphrase drops, and a sentence stating another fact
        (
            "They use the Earning Conference Calls data: audio records and text transcripts.",
            [CONTENTS, DATASET],
            None,
        ),
        ("Reports can be exported to Word by Pandoc.", [FORMATS], None),
        # a claim of names and numbers: the sentence with three of its names, or two and its
        # numbers, states it; the name is swapped for the one in its place
        ("On DPR MARCO, LexiRank obtains 36.8 against 18.7 for BM25.", [MARCO], ("DPR", "MS")),
        ("On MS MARCO, LexiRank obtains 36.8 against 18.7 for A100.", [MARCO], ("A100", "BM25")),
        ("LexiRank obtains 36.8 on MARCO against 18.7 for DPR.", [MARCO], ("DPR", "BM25")),
        ("On MS MARCO, LexiRank obtains 36.8 against 18.7 for BM25.", [MARCO], None),
        # one name for one name, in another place than the sentence's
        ("On MS MARCO, nDCG obtains 36.8 against 18.7 for BM25.", [MARCO], ("nDCG", "LexiRank")),
        # the claim adds a name and keeps the sentence's: nothing was swapped
        ("On MS MARCO, LexiRank obtains 36.8 against 18.7 for BM25 and DPR.", [MARCO], None),
        # names in another place than the sentence's: no swap is read
        ("LexiRank and BM25 are compared with DPR on MS MARCO.", [MARCO], None),
        # a name is read on word boundaries: BERT is not in "ViLBERT", ID not in "identified"
        (
            "The paper cites the Vision-and-Language LSTM (ViLBERT) for joint representations.",
            [VILBERT],
            ("LSTM", "BERT"),
        ),
        (
            "The paper cites the Vision-and-Language BERT (ViLBERT) for joint representations.",
            [VILBERT],
            None,
        ),
        (
            "Subjects at rest and after a physical challenge are identified via a subject MIT.",
            [SUBJECTS],
            ("MIT", "ID"),
        ),
        # a plural, a version or a footnote mark leaves the name the same
        ("The Vision-and-Language BERTs (ViLBERT) learn joint representations.", [VILBERT], None),
        ("对于深度神经网络模型，作者使用Jieba分词工具对数据进行中文分词。", [JIEBA], None),
        # a name the sentence writes twice, once where the claim has another
        (
            "OpenRefine is a well-regarded alternative, because the GitLab platform is free.",
            [GITLAB],
            ("OpenRefine", "GitLab"),
        ),
        (
            "Ely et al.提出了通用临床问题分类（Generic Clinical Questions，IAA），TGCQ有四层。",
            [TGCQ],
            ("IAA", "TGCQ"),
        ),
        (
            "GitLab is a well-regarded alternative, because the GitLab platform is free.",
            [GITLAB],
            None,
        ),
        # a unit glued to a number is no name
        ("The authors say the limit for a file on GitHub is 100MB.", [LIMIT], None),
        # a category code swapped for another
        ("作者指出，包括饮食（B6）、锻炼（D2）、减肥（D3）等许多方面。", [DIET], ("B6", "D1")),
        # codes shared with a table row ("A1", "F1") do not anchor it to the claim
        ("We get 0.8% F1 score improvement with BiLSTM-CNN (A2−A1).", [ABLATION], None),
        # a Chinese place is the two characters nearest the name: "是一" after both
        ("QA是一个四层的分类体系，包含64种通用问题类型。", [TAXONOMY], ("QA", "TGCQ")),
        # a country's people name it too
        ("The study followed 94,561 Danish children born between 2000 and 2010.", [DENMARK], None),
        (
            "The study followed 94,561 Swedish children born between 2000 and 2010.",
            [DENMARK],
            ("Swedish", "Denmark"),
        ),
        # a compound name written out in words is the claim's own
        ("For n=15 the MSE of HTML with text and audio is 0.251.", [HORIZONS], None),
        # a word with the initials of the words after it
        (
            "Modelled well-to-wheel emissions per parcel dropped by nearly four-fifths, in "
            "CO2-equivalent, when depots moved from diesel vans to cargo bikes.",
            [
                ev(
                    "Replacing diesel vans with cargo bikes cut modelled well-to-wheel CO2e "
                    "emissions per parcel by 79%, without a significant change in cost."
                )
            ],
            None,
        ),
        # a name that opens the sentence is its name; an interval names nothing
        (
            "More than four-fifths of the recruits that survived in reseeded plots were "
            "Acropora tenuis.",
            CORALS,
            None,
        ),
    ],
)
def test_check_names(
    claim: str, evidence: list[Evidence], expected: tuple[str, str] | None
) -> None:
    found = check_names(claim, evidence)
    assert (None if found is None else (found.claim_name, found.paper_name)) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Submit code to Figshare or Bitbucket.", ["Figshare", "Bitbucket"]),
        ("As shown in Figure 5, BERT beats fastText.", ["BERT", "fastText"]),
        ("Python is used by the S&P 500 Earning Conference Calls dataset.", []),
        # a table row's group label: "Ours" names nothing
        ("Table 2: HTML (Ours) Text+Audio: n=3 0.845", ["HTML", "Text+Audio"]),
        # the first word of a sentence or list item is capitalised by case: no title with the next
        ("The Python code is in src.", ["Python"]),
        ("(3d) Have a LICENSE file in the project's home directory.", ["LICENSE"]),
        ("2) Use Git for code.", ["Git"]),
        ("The Earning Conference Calls data is public.", []),
        # a capital and a number name a category, a model, a service
        ("包括饮食（D1）、锻炼（D2）等方面。", ["D1", "D2"]),
        ("We fine-tune T5 and store the data on S3.", ["T5", "S3"]),
        # generic acronyms name nothing in particular
        ("Only one LLM was tested, on 4 GPUs, by SPAR.", ["SPAR"]),
        ("Risk was lower with Zelvan (HR 0.81, 95% CI 0.73-0.90; SD 12).", ["Zelvan"]),
        # a unit after its number is no name
        ("VLN-12 binds it with 11 kJ/mol at 200 MPa.", ["VLN-12"]),
        ("The kJ and MPa columns of HKUST-1.", ["kJ", "MPa", "HKUST-1"]),
    ],
)
def test_names(text: str, expected: list[str]) -> None:
    assert names(text) == expected


def test_explanation_names_both() -> None:
    found = check_names(
        "Surveys and reports can be controlled by Python and YAML files.", [FORMATS]
    )
    assert found is not None
    assert found.explain() == "The claim says YAML, but the paper says JSON (p. 1)"


@pytest.mark.parametrize(
    ("claim", "sentence", "expected"),
    [
        (
            "Survey development can be controlled by Python 3 and JSON.",
            "Survey development can be controlled by Python2 and JSON.",
            ("Python 3", "Python2"),
        ),
        (
            "Image features come from a ResNet-101 backbone pretrained on ImageNet.",
            "Image features come from a ResNet-50 backbone pretrained on ImageNet.",
            ("ResNet-101", "ResNet-50"),
        ),
        # the same version, or a release of it
        (
            "Survey development can be controlled by Python 3 and JSON.",
            "Survey development can be controlled by Python 3.8 and JSON.",
            None,
        ),
        (
            "Survey development can be controlled by Python3 and JSON.",
            "Survey development can be controlled by Python 3 and JSON.",
            None,
        ),
        # the claim's version is in the sentence too
        (
            "Accuracy rose in Experiment 2 of the user study.",
            "Accuracy rose in Experiment 1 and 2 of the user study.",
            None,
        ),
        # a metric's cut-off
        (
            "On MS MARCO, LexiRank obtains an MRR@64 of 36.8 against 18.7 for BM25.",
            "On MS MARCO passage ranking, LexiRank reaches an MRR@10 of 36.8, compared with "
            "18.7 for BM25.",
            ("MRR@64", "MRR@10"),
        ),
        # labels and years are no versions
        (
            "Accuracy rose as shown in Table 3 for the user study.",
            "Accuracy rose as shown in Table 2 for the user study.",
            None,
        ),
    ],
)
def test_a_name_with_another_version(
    claim: str, sentence: str, expected: tuple[str, str] | None
) -> None:
    found = check_names(claim, [ev(sentence)])
    assert (None if found is None else (found.claim_name, found.paper_name)) == expected


ERNIE = ev("主流文本分类模型的准确率均高于82%，最佳模型ERNIE在6个大类的平均F1为86.06%。")
LOWEST = ev("深度神经网络模型中，Text CNN的表现最佳，准确率为86.1%；DPCNN最低，准确率为82.8%。")
TUNED = ev("BERT和ERNIE的学习率为5e-5，训练12个epoch。")
LIST = ev("分类模型采用的是Text CNN、Text RNN、Text RCNN和fastText。")
UNITS = ev("其中，Text RNN和Text RNN Attention隐藏层数为128，Text RCNN和fastText隐藏层数为256。")


@pytest.mark.parametrize(
    ("claim", "evidence", "expected"),
    [
        # names and numbers are written alike in both languages
        (
            "The best model, BMI, has an average F1 of 86.06% over the 6 categories.",
            ERNIE,
            ("BMI", "ERNIE"),
        ),
        (
            "Text RNN and Text RNN Attention use 128 hidden units, Text RCNN and McHugh 256.",
            UNITS,
            ("McHugh", "fastText"),
        ),
        ("The best model, ERNIE, has an average F1 of 86.06% over the 6 categories.", ERNIE, None),
        # one shared anchor is not enough: small numbers recur
        ("BMI was trained on 6 categories.", ERNIE, None),
        # of the sentence's names the claim lacks, the value's own (the nearest) stands in
        # its place; CNN is not in "CNNIC"
        ("Despite its depth, CNNIC has the lowest accuracy, 82.8%.", LOWEST, ("CNNIC", "DPCNN")),
        ("Despite its depth, DPCNN has the lowest accuracy, 82.8%.", LOWEST, None),
        # "5e-5" is a number, not the name "e-5"
        ("BERT and ERNIE are fine-tuned with a learning rate of 5e-5 for 12 epochs.", TUNED, None),
        # three shared names anchor a list: one exchanged in it is swapped
        (
            "The baselines are Text CNN, Text IAA, Text RCNN and fastText.",
            LIST,
            ("IAA", "RNN"),
        ),
        ("The baselines are Text CNN, Text RNN, Text RCNN and fastText.", LIST, None),
        # a list the claim extends by a name of its own is no swap when the sentence lacks none
        ("The baselines are Text CNN, Text RNN, Text RCNN, fastText and DPCNN.", LIST, None),
        # two names alone anchor nothing: the claim's other name may be its own addition
        (
            "一旦JSON上传到OpenQuestion，无需使用GUI。",
            ev("Once JSON is uploaded to OpenQuestion, Python2 runs it."),
            None,
        ),
    ],
)
def test_swapped_across(claim: str, evidence: Evidence, expected: tuple[str, str] | None) -> None:
    found = swapped_across(claim, [evidence])
    assert (found and (found.claim_name, found.paper_name)) == expected


def test_the_first_anchored_sentence_decides() -> None:
    rows = [
        ev("Table 2: LSTM: n=3 1.970; n=7 0.459; n=15 0.320; n=30 0.235"),
        ev("Table 2: LSTM+ATT: n=3 1.852; n=7 0.470; n=15 0.308; n=30 0.235"),
    ]
    assert swapped_across("LSTM在n=3时的MSE为1.970，在n=30时为0.235。", rows) is None
    swap = swapped_across("GRU在n=3时为1.970，在n=30时为0.235。", rows[:1])
    assert swap == NameMismatch("GRU", "LSTM", 1)


def test_a_sentence_that_names_nothing_does_not_decide() -> None:
    listing = ev("第一层包括6个大类，第二层包括23个类别，共2026个问题。", page=4)
    basis = ev("本文基于TGCQ分类体系，包括23个细类，共2026个问题。", page=3)
    claim = "Based on the DPCNN system, it has 23 subclasses and 2026 questions."
    assert swapped_across(claim, [listing, basis]) == NameMismatch("DPCNN", "TGCQ", 3)
    assert check_names("本文基于DPCNN分类体系，包括23个细类，共2026个问题。", [listing, basis]) == (
        NameMismatch("DPCNN", "TGCQ", 3)
    )


def test_a_name_a_better_sentence_holds_is_not_swapped() -> None:
    compared = ev(
        "We compared (1) the rule-based range and rate-of-change checks currently deployed in "
        "each utility's SCADA system, (2) Isolation Forest, (3) an LSTM autoencoder and (4) GDN."
    )
    better = ev("Relative to the rule-based system, GridSentinel's F1 was about 72% higher.")
    claim = (
        "Compared with the SCADA rule-based range and rate-of-change checks, GridSentinel's F1 "
        "was roughly 70% higher at both utilities."
    )
    assert check_names(claim, [better, compared]) is None
    # the sentence alone still shows a name in the claim's place
    assert check_names(claim, [compared]) is not None
