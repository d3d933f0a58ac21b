"""Numbers bound to their evidence: found, derived, or contradicted with the paper's value."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import replace
from decimal import Decimal

import pytest

from core.config import CheckerSettings
from core.text.normalize import NumberMention, extract_numbers
from core.types import Evidence
from core.verify.binding import (
    Binding,
    arm_named,
    bind_numbers,
    gap_of,
    interval_end,
    number_context,
    paper_value_text,
    same_kind,
    same_slot,
    sentences_stating,
    stated_numbers,
    states_change,
    with_shared_predicate,
)
from core.verify.gates import PaperFacts, run_gates
from core.verify.listed_values import listed_mismatch
from core.verify.owners import value_said_of_other_name
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeRetriever, make_paper


def ev(text: str, page: int = 4) -> Evidence:
    return Evidence(page=page, text=text, bbox=(0, 0, 1, 1), score=1.0, sentence_index=0)


ROW = ev("Table 2: HTML: n=3 0.401; n=7 0.302; n=15 0.250", page=8)
SAFETY = ev("Fourteen of 56 participants (25%) reported an adverse event, most commonly headache.")
DEMOGRAPHY = replace(
    ev("Patients were aged 48-79 years (mean 66); 89% of all participants were white."),
    sentence_index=1,
)
ADAPTED = ev("Table 7: Domain adaptation: F1 79.0; AUC 0.885")
DEBATES = [
    ev("Gambling: Size 60; OD-w2v ARI 0.35; OD-w2v Sil 0.30"),
    replace(
        ev("Housing: Size 30; OD-w2v ARI 0.27; OD-w2v Sil 0.31"),
        sentence_index=1,
    ),
]
TRIAL = ev(
    "In this trial, 412 adults aged 65 years or older with chronic insomnia were randomly "
    "assigned to the app or to sleep hygiene education."
)
AGED = ev("The cohort study enrolled 60 older adults aged 45 to 64 years.")
WANING = ev(
    "Effectiveness against hospitalisation was 62% (95% CI 53 to 69) within 7 to 59 days after "
    "the dose and 39% (95% CI 22 to 52) at 120 days or more."
)
COMPOSITE = ev(
    "The composite score improved by 0.05 standard deviations in the diet group and declined by "
    "0.09 standard deviations in the control group (difference 0.14; 95% CI 0.02 to 0.26)."
)
GPA = ev(
    "Among lower-achieving students, GPA was 0.10 points higher in the intervention group than "
    "in the control group (95% CI 0.04 to 0.16)."
)
SCREENS = ev("Overall, 64% of students reported screen use in the hour before bed.")
SHORT_SLEEP = ev(
    "The proportion of students sleeping less than 7 hours was 38% among heavy evening screen "
    "users and 21% among non-users."
)
SPAN = ev("We followed 2.1 million adults aged 55 years or older from 2001 to 2016.")
ARMS = ev(
    "Course failure rates fell from 34% to 23% in programme schools and from 33% to 30% in "
    "control schools."
)
TIMES = ev(
    "A single treatment reduced viral RNA in the supernatant by 93% at 24 hours and by 99.98% "
    "at 48 hours, corresponding to an approximately 5000-fold reduction."
)
FOLLOW_UP = ev("Of 8,412 children enrolled, 7,356 (87%) completed follow-up.")
OVERPOTENTIALS = ev(
    "The overpotential was 251 ± 3 mV for NiFeV versus 287 ± 4 mV for undoped NiFe."
)
SPLIT = ev("They split the dataset into training, validation and testing sets in the ratio 7:1:2.")
CALLS = ev("It holds earnings calls of 500 large public companies traded in the US (S&P 500).")
YEAR = ev("There are 2,243 earnings calls in 2017 in the raw dataset; 576 of them are aligned.")
ACC = ev("LexiRank reaches an accuracy of 85.3% on MS MARCO, against 81.1% for BM25.")
ATLAS = ev("根据IDF地图集的最新报告1，2021 年，全球有近5.37亿成年人（20-79岁）患有糖尿病。")
LAYERS = ev("The encoder stacks two attention layers and one pooling layer.")
ARGS = ev("Functions should take no more than five or six input parameters.")
ZH = ev("对于预训练的语言模型，ERNIE模型的准确率（88.7%）要高于BERT 模型（87.8%）。", page=8)
ALPHA = ev("Using text-only data, the optimal alpha (lowest MSE) varies in the range 0.5 to 0.8.")
BEST = ev("实验结果表明，最佳分类模型的准确率达到88.7%。", page=1)
ITEM = ev("1. Write manuscripts using online tools such as Google Docs.", page=14)
BEIR = ev("It improves nDCG@10 on four of the five BEIR datasets [4], by 3.1 points on average.")
SPLIT_ZH = ev(
    "将8000条问题随机划分，其中6000条作为训练集，1000条作为验证集，其余1000条作为测试集。"
)
RAW = ev("There are 2,243 earnings calls in the raw dataset.")
ALIGNED = ev("These 576 earnings calls correspond to 88,829 aligned sentences.")
HORIZONS = ev("The error falls by horizon: 3-days (+38.4%), 7-days (+16.9%), 15-days (+49.0%).")
TAXONOMY = ev("本文设计了双层分类体系，包括6个大类和23个细类。")
QASPER = ev(
    "On Qasper, SPAR achieved 41.6 F1, compared with 38.2 for Full-context, 37.0 for "
    "LongLLMLingua and 35.1 for BM25."
)
SURVIVAL = ev(
    "Male and female C57BL/6J mice (12 per group) received the drug; seven-day survival was "
    "46% with vehicle and 79% at 15 mg/kg."
)
META = ev("The meta-analytic effect was d = 0.01 (95% CI -0.05 to 0.07; p = 0.74).")
ORIGINAL = ev("The pooled estimate is far smaller than the original d = 0.61.")
LABELLED = ev("Table 2 lists the results of the 3 runs of each model.")
MRR = ev("On MS MARCO, LexiRank reaches an MRR of 36.8, compared with 18.7 for BM25.")
TRIAGE = ev("TriageLM reaches 78.4% accuracy against 71.9% for BERT.")
# "F1：64.%" as printed: a full-width colon after "F1" and a percent whose decimals were lost
OTHER_F1 = ev("而模型在“其他”（F1：64.%）这个类别的分类性能较低。", page=8)
HORIZONS_ALL = ev(
    "These error improvements relative to MDRM are substantial significant, varying with the "
    "time-period as follows: 3-days (+38.4%), 7-days (+16.9%), 15-days (+49.0%), and "
    "30-days(+38.7%)."
)
# a full-width semicolon ends a clause: 82.8% is DPCNN's, not Text CNN's 86.1%
DPCNN = ev(
    "在深度神经网络模型中，Text CNN的表现最佳，准确率为86.1%；DPCNN性能最低，准确率仅为82.8%。"
)
# inside brackets it parts a code from its count
CODES = ev("主要是寻求治疗（B6；788/2026）和药物选择（B2；514/2026）。", page=7)
EPOCHS = ev("本文对BERT和ERNIE进行微调，将学习率设置为5e-5，epoch数目设置为12。", page=8)
TOPICS = ev("其余，807（10.1%）个问题与流行病学（E）相关，其他类型（F）的问题有569个（7.1%）。")
HEALTH = ev("从模型的分类结果中可以看出，“健康生活方式”类别的分类性能最好（F1：94.44%）。")
OTHERS = ev("其次，模型在“治疗”、“诊断”和“流行病学”类别上也具有较高的分类性能，F1均高于85%。")
F1_ROW = ev("Table 4: 健 康 生 活 方 式: Precision( % ) 95.51; F1-score ( % ) 94.44")
AVERAGE = ev("最佳模型ERNIE在6个大类的平均F1为86.06%，证明本文提出的分类体系合理且有效。", page=8)
SIX = ev("Of the classifiers, 6 are networks: Text CNN, Text RNN and DPCNN.", page=8)
EIGHT = ev("In all, 8 classifiers are tried.", page=1)


SEARCH = ev(
    "We use a grid search and select the learning rate λ for Adam among {1e-5, 2e-5, 5e-5, "
    "1e-4, 2e-4, 5e-4}, the depth of transformer layers h ∈{1, 2, 3, 4} and the batch size "
    "b ∈{4, 8, 16, 32}."
)
INSTANCES = ev(
    "So, there are 576 unique training instances (earnings calls) in which the audio records "
    "are sufficiently closely aligned with the corresponding text transcripts."
)
ALPHAS = ev(
    "Using text-only data the optimal value for alpha varies in the range 0.5 to 0.8 for "
    "different values of n, whereas for multi-modal data it is lower, in the range 0.4 to 0.6."
)
HTML_ROW = ev("Table 2: HTML (Ours) Text+Audio: n=3 0.845; n=7 0.349; n=15 0.251; n=30 0.158")
PARAMS = ev(
    "Parameters Values Number of layers 2 Number of heads 2 Learning rate 2e-5 Batch size 4 "
    "Max sequence length 520 Dropout probability 0.5"
)


CELLS_KEPT = ev(
    "Nine of 12 coated cells and none of the bare cells stayed above 80% of initial capacity "
    "at 500 h."
)
CELLS_RETAINED = replace(
    ev(
        "After 500 h at 85 °C, bare cells retained 62 ± 9% of initial capacity and coated cells "
        "88 ± 4%."
    ),
    sentence_index=1,
)
CELLS_COATED = ev("At the end of ageing, coated cells retained 88 ± 4% of initial capacity.")
CELLS_BARE = replace(
    ev("Bare cells ended at 62 ± 9% and bare pouch cells at 55 ± 6% of initial capacity."),
    sentence_index=1,
)
CELLS_T80 = replace(
    ev(
        "The median time to fall to 80% of initial capacity was 210 h for bare cells and 640 h "
        "for coated cells."
    ),
    sentence_index=2,
)


@pytest.mark.parametrize(
    ("claim", "evidence", "bound", "mismatch"),
    [
        ("HTML reaches 0.401 for n=3.", [ROW], 2, None),
        ("HTML reaches 0.40 for n=3.", [ROW], 2, None),
        ("LexiRank reaches 85.3% accuracy.", [ACC], 1, None),
        ("LexiRank reaches an accuracy of 0.853.", [ACC], 1, None),
        ("LexiRank improves accuracy by 4.2 points over BM25.", [ACC], 1, None),
        ("LexiRank reaches an accuracy of 88.3% on MS MARCO.", [ACC], 0, ("88.3%", "85.3%")),
        ("HTML reaches 0.451 for n=7.", [ROW], 1, ("0.451", "0.302")),
        ("The weather was sunny on 14 days.", [ACC], 0, None),
        ("The dataset holds calls of S&P 500 companies from 2017.", [CALLS, YEAR], 2, None),
        (
            "The dataset holds calls of 576 large public companies.",
            [CALLS, YEAR],
            0,
            ("576", "500"),
        ),
        (
            "It holds earnings calls of 576 large public companies traded in the US (S&P 500).",
            [CALLS, YEAR],
            1,
            ("576", "500"),
        ),
        # counts in words: checked against the evidence's counts, never missed when absent
        ("The encoder stacks four attention layers.", [LAYERS], 0, ("four", "two")),
        ("The encoder stacks two attention layers.", [LAYERS], 1, None),
        ("Functions should take at most seven input parameters.", [ARGS], 0, ("seven", "five")),
        ("The authors evaluate on three datasets.", [ACC], 0, None),
        ("模型使用了两个数据集。", [ACC], 0, None),
        # a count in words is compared only with a count of the same thing
        ("The encoder is a two-layer network.", [ev("It has 6 heads per layer.")], 0, None),
        ("作者设计了两层分类体系。", [TAXONOMY], 0, None),
        ("作者设计了两个大类。", [TAXONOMY], 0, ("两", "6")),
        # a value said of another name belongs to it
        ("预训练语言模型BERT的准确率为88.7%。", [ZH], 0, ("88.7%", "87.8%")),
        ("预训练语言模型ERNIE的准确率为88.7%。", [ZH], 1, None),
        ("预训练语言模型BERT的准确率为88.7%。", [ZH, BEST], 0, ("88.7%", "87.8%")),
        ("最佳分类模型的准确率为88.7%。", [ZH, BEST], 1, None),
        ("LexiRank reaches 85.3% on MS MARCO.", [ACC], 1, None),
        # the best sentence states the same thing with another value; α is alpha
        (
            "For text-only data the optimal α stays in the range 0.4 to 0.6.",
            [ALPHA],
            0,
            ("0.4", "0.5"),
        ),
        ("For text-only data the optimal α lies between 0.5 and 0.8.", [ALPHA], 2, None),
        # "Table 2" names a table, not a count
        ("Each model was run 2 times.", [LABELLED], 0, None),
        ("The paper offers two approaches for manuscripts.", [ITEM], 0, None),
        # "2000条" and "2000 questions" are counts, not years
        ("作者用6000条作为训练集、2000条作为测试集。", [SPLIT_ZH], 1, ("2000", "1000")),
        ("They test on 2000 questions.", [ev("They test on 1000 questions.")], 0, ("2000", "1000")),
        ("The calls are from 2019.", [ev("The calls are from 1000 companies.")], 0, None),
        # a ratio is one value; two well-placed values within a word of each other are no rival
        ("They split the data 7:1:2 for training, validation and testing.", [SPLIT], 0, None),
        # a ratio at the end of a sentence is a ratio still: its parts are no quantities
        ("They split the data in the ratio 7:1:2.", [SPLIT], 0, None),
        (
            "The 8000 questions were randomly sampled and labelled.",
            [ev("Of 8000 questions, 2000 were randomly sampled and labelled twice.")],
            1,
            None,
        ),
        # a sentence holding another of the claim's values speaks of the same fact
        (
            "The 2,243 earnings calls correspond to 88,829 aligned sentences.",
            [RAW, ALIGNED],
            1,
            ("2,243", "576"),
        ),
        ("The 576 earnings calls correspond to 88,829 aligned sentences.", [RAW, ALIGNED], 2, None),
        # a value reported under another setting is not the claim's; 49.0 is a score, not a count
        (
            "HTML lowers the error by 49.0% for 3-day predictions.",
            [HORIZONS],
            1,
            ("49.0%", "38.4%"),
        ),
        ("HTML lowers the error by 49.0% for 15-day predictions.", [HORIZONS], 2, None),
        # a count of the same noun, or a value said of the same name, whatever its size
        (
            "They use the S&P 15 Earning Conference Calls dataset.",
            [ev("The dataset is the public S&P 500 Earning Conference Calls dataset.")],
            0,
            ("15", "500"),
        ),
        (
            "The model under-triages 76.2% of cases in the two most urgent levels.",
            [ev("For the two most urgent levels, the model under-triages 6.5% of cases.")],
            1,
            ("76.2%", "6.5%"),
        ),
        ("LexiRank reaches an MRR of 36.8 against 1.4 for BM25.", [MRR], 1, ("1.4", "18.7")),
        ("TriageLM reaches 6.5% accuracy, against 71.9% for BERT.", [TRIAGE], 1, ("6.5%", "78.4%")),
        # another of the claim's values in a sentence speaks of the claim's fact even when the
        # words around the number differ ("telephone meetings" for "earning calls")
        (
            "They use 2,243 telephone meetings and 88,829 aligned sentences.",
            [ALIGNED, RAW],
            1,
            ("2,243", "576"),
        ),
        # a small whole number is no such sign: "1" recurs for unrelated things
        (
            "A 1 TB hard disk costs about 50 dollars.",
            [ev("We keep 1 copy of the data on each of 6 disks.")],
            0,
            None,
        ),
        # the sentence stating the claim's fact need not be the first: a sentence sharing only
        # the claim's number may rank above it
        (
            "The latency of each query on a single CPU core is 128 ms.",
            [
                ev("The weights are pruned to the top 128 terms per passage."),
                ev("Query latency stays at 42 ms per query on a single CPU core."),
            ],
            0,
            ("128", "42"),
        ),
        # sizes ten times apart of different things stay apart
        ("The model was trained for 150 epochs.", [ev("We train on 12 GPUs for 3 days.")], 0, None),
        # metric names and numbered citations are no quantities
        ("The average nDCG@10 gain is 3.1 points.", [BEIR], 1, None),
        ("The BEIR benchmark [4] supplies the five datasets.", [BEIR], 2, None),
        # a number's words end at a comma that opens a clause with a number of its own
        ("807个问题（10.1%）是关于流行病学的，569个问题（7.1%）属于其他类别。", [TOPICS], 4, None),
        ("807 (10.1%) are about epidemiology, 569 (7.1%) of other types.", [TOPICS], 4, None),
        # each value under the setting nearest it: n=3 is 0.401's, n=7 is 0.302's
        ("HTML reaches 0.401 at n=3 and 0.302 at n=7.", [ROW], 4, None),
        ("HTML reaches 0.401 at n=3 and 0.250 at n=7.", [ROW], 3, ("0.250", "0.302")),
        ("At n=3 HTML reaches 0.401, and at n=7 it reaches 0.302.", [ROW], 4, None),
        # the claim's value said of its own name in one passage, of another in a table row
        ("健康生活方式类别具有最佳分类性能，F1分数为94.44%。", [HEALTH, OTHERS, F1_ROW], 1, None),
        # a set of candidates is searched over: its values are not the value used
        (
            "The model is trained with a learning rate of 2e-4.",
            [SEARCH, PARAMS],
            0,
            ("2e-4", "2e-5"),
        ),
        ("The model is trained with a learning rate of 2e-5.", [SEARCH, PARAMS], 1, None),
        ("The model is trained with a learning rate of 2e-4.", [SEARCH], 0, None),
        # a claim listing the search space restates it
        ("The grid search tries batch sizes of 4, 8, 16 and 32.", [SEARCH], 4, None),
        # the x of "max" says no ratio: 6 is no difference of the row's values
        (
            "The settings are batch size 6, max sequence length 520.",
            [SEARCH, PARAMS],
            1,
            ("6", "4"),
        ),
        ("DPCNN的准确率最低，仅为7.1%。", [DPCNN], 0, ("7.1%", "82.8%")),
        ("DPCNN的准确率最低，仅为82.8%。", [DPCNN], 1, None),
        ("主要是寻求治疗（B6；788/2026）和药物选择（B2；514/2026）。", [CODES], 4, None),
        ("主要是寻求治疗（B6；788/2026）和药物选择（B2；152/2026）。", [CODES], 3, ("152", "514")),
        # "for 3 days" names the setting the paper writes "3-days"
        (
            "The error for 3 days decreased by 38.7% compared to MDRM.",
            [HORIZONS_ALL],
            1,
            ("38.7%", "38.4%"),
        ),
        ("The error for 30 days decreased by 38.7% compared to MDRM.", [HORIZONS_ALL], 2, None),
        # "n=15" names a condition, not the claim's count of 15
        (
            "After aligning audio and text, there are 15 training instances left.",
            [HTML_ROW, INSTANCES],
            0,
            ("15", "576"),
        ),
        ("There are 576 training instances with aligned audio and text.", [INSTANCES], 1, None),
        # the other end of the range that starts where the claim's does is the one changed
        (
            "With text-only data the optimal alpha lies between 0.5 and 0.1.",
            [ALPHA],
            1,
            ("0.1", "0.8"),
        ),
        ("For multi-modal data the optimal alpha is from 0.4 to 0.9.", [ALPHAS], 1, ("0.9", "0.6")),
        # a condition's value written in Chinese text is one too
        ("在n=4时，HTML的MSE为0.401。", [ROW], 0, ("4", "3")),
        # "3-day" is the column "n=3"
        (
            "HTML reaches an MSE of 0.251 on the 3-day task with text and audio.",
            [HTML_ROW],
            1,
            ("0.251", "0.845"),
        ),
        (
            "HTML reaches an MSE of 0.845 on the 3-day task with text and audio.",
            [HTML_ROW],
            2,
            None,
        ),
        # the claim's number stands where the paper has another, of whatever size
        ("作者指出，epoch数目设置为2937。", [EPOCHS], 0, ("2937", "12")),
        # "F1:64" is a metric and its value, not a ratio
        ("“其他”类别的F1仅为25.3%。", [OTHER_F1], 0, ("25.3%", "64.%")),
        ("“其他”类别的F1为64%。", [OTHER_F1], 1, None),
        # a p-value is no result of the table
        ("Domain adaptation lifts the AUC (t-test, p<0.5).", [ADAPTED], 0, None),
        ("Domain adaptation lifts the AUC to 0.5.", [ADAPTED], 0, ("0.5", "0.885")),
        # rows the claim's words fit alike: it does not say which row its value is of
        ("The threshold for OD-w2v is set at 0.7.", DEBATES, 0, None),
        ("On Gambling, the ARI of OD-w2v is 0.7.", DEBATES, 0, ("0.7", "0.35")),
        # the claim's name away from its number says whose value it is: ERNIE's is 86.06%
        (
            "最好的模型是ERNIE，其在6个主要类别的F1分数为94.44%。",
            [HEALTH, AVERAGE],
            1,
            ("94.44%", "86.06%"),
        ),
        ("最好的模型是ERNIE，其在6个主要类别的F1分数为86.06%。", [HEALTH, AVERAGE], 2, None),
        # names the claim lists are what it counts, not whose count it is
        (
            "The authors compare 8 classifiers in total on the annotated questions of patients, "
            "among them Text CNN, Text RNN and DPCNN.",
            [SIX, EIGHT],
            1,
            None,
        ),
        # a full-width comma after a footnote mark separates it from the year that follows
        ("IDF报告，2019 年 20-79 岁的成年人中近5.37亿人患有糖尿病。", [ATLAS], 3, ("2019", "2021")),
        ("IDF报告，2021 年 20-79 岁的成年人中近5.37亿人患有糖尿病。", [ATLAS], 4, None),
        # an age is no count of people: 412 adults are counted, 65 is how old they are
        ("The trial randomly assigned 412 older adults to the app.", [TRIAL], 1, None),
        ("The trial randomly assigned 512 older adults to the app.", [TRIAL], 0, ("512", "412")),
        ("The trial enrolled 412 adults aged 75 years or older.", [TRIAL], 1, ("75", "65")),
        # ... nor is an age written without its unit ("aged 2 to 15") a count of visits
        (
            "Children's asthma emergency visits dropped by about 17%, roughly 120 fewer visits in "
            "the first year.",
            [ev("Asthma emergency visits among children aged 2 to 15 fell by 17%.")],
            0,
            None,
        ),
        # a point in time is the condition of the value reported at it, and a change whose
        # value the evidence gives another condition is not derived from two other values
        ("The treatment reduced viral RNA by 93% at 24 hours.", [TIMES], 2, None),
        ("The treatment reduced viral RNA by 99.98% at 48 hours.", [TIMES], 2, None),
        ("The treatment cut viral RNA about 5000-fold within 48 hours.", [TIMES], 2, None),
        ("The treatment reduced viral RNA by 93% at 48 hours.", [TIMES], 1, ("93%", "99.98%")),
        (
            "The treatment reduced viral RNA by 93% at 48 hours.",
            [TIMES, ev("The assay used 100 wells, of which 7 were controls.")],
            1,
            ("93%", "99.98%"),
        ),
        # a value of another arm of the trial is not the claim's
        ("Course failure fell from 34% to 23% in programme schools.", [ARMS], 2, None),
        ("Course failure fell from 33% to 30% in control schools.", [ARMS], 2, None),
        ("Course failure fell from 34% to 23% in control schools.", [ARMS], 1, ("23%", "30%")),
        # an interval's level is no value, an interval in brackets no word of its value, and a
        # time point right after a value is its own
        ("Effectiveness fell to 39% at 120 days or more.", [WANING], 2, None),
        ("Effectiveness was 62% within 59 days.", [WANING], 2, None),
        ("Effectiveness was 62% at 120 days.", [WANING], 1, ("62%", "39%")),
        # a value the sentence names a difference is not one group's change
        (
            "The composite score improved by 0.14 standard deviations in the diet group.",
            [COMPOSITE],
            0,
            ("0.14", "0.05"),
        ),
        (
            "The difference in the composite score was 0.14 standard deviations.",
            [COMPOSITE],
            1,
            None,
        ),
        # the group a value is compared with is not its own
        (
            "Lower-achieving students' GPA rose by 0.10 points relative to controls.",
            [GPA],
            1,
            None,
        ),
        # a share is about more than its population: any share of the students is not it
        ("64% of students reported screen use before bed.", [SCREENS, SHORT_SLEEP], 1, None),
        ("64% of students slept too little on school nights.", [SCREENS, SHORT_SLEEP], 0, None),
        # a number of years is the length of the span of calendar years
        ("The adults were followed for fifteen years.", [SPAN], 1, None),
        ("The adults were followed for about sixteen years.", [SPAN], 1, None),
        # the unit of a range of ages stands after its end
        ("The cohort study enrolled 60 older adults.", [AGED], 1, None),
        # a capitalised baseline after "for" owns its value, however it is written
        ("SPAR reached 41.6 F1 versus 38.2 for the full-context reader.", [QASPER], 2, None),
        (
            "SPAR reached 41.6 F1 versus 37.0 for the full-context reader.",
            [QASPER],
            1,
            ("37.0", "38.2"),
        ),
        # "four in five" is a share (75-85%), not a count of four mice; a strain names no value
        ("Close to four in five mice given 15 mg/kg survived a week.", [SURVIVAL], 2, None),
        (
            "Close to three in five mice given 15 mg/kg survived a week.",
            [SURVIVAL],
            1,
            ("three in five", "79%"),
        ),
        # a share of those who did not is the rest of the paper's share of those who did
        ("Roughly one in eight children never completed follow-up.", [FOLLOW_UP], 1, None),
        (
            "Roughly one in eight children completed follow-up.",
            [FOLLOW_UP],
            0,
            ("one in eight", "87%"),
        ),
        # a gap stated as below or above is derived from the two values
        ("NiFeV sat some 36 mV below undoped NiFe.", [OVERPOTENTIALS], 1, None),
        # what a share says of its population follows the population, however far
        (
            "A quarter of all participants reported at least one adverse event.",
            [SAFETY, DEMOGRAPHY],
            1,
            None,
        ),
        (
            "Nearly nine in ten of all participants reported an adverse event.",
            [SAFETY, DEMOGRAPHY],
            0,
            ("Nearly nine in ten", "25%"),
        ),
        # an interval's bounds qualify its estimate: no rival of another estimate
        (
            "The pooled effect size was about 0.01, against 0.61 reported in the original study.",
            [META, ORIGINAL],
            0,
            None,
        ),
        # the spread after "±" is no value a claim can misstate
        (
            "Nine out of twelve coated cells still held above 80% of their starting capacity "
            "after the full test, whereas no bare cell did.",
            [CELLS_KEPT, CELLS_RETAINED],
            2,
            None,
        ),
        # the value before a spread in percent is a percentage too
        ("Coated cells kept about 9% of their capacity.", [CELLS_RETAINED], 0, ("9%", "88%")),
        ("Coated cells kept about 88% of initial capacity.", [CELLS_COATED, CELLS_BARE], 1, None),
        (
            "Coated cells kept about 62% of initial capacity.",
            [CELLS_COATED, CELLS_BARE],
            0,
            ("62%", "88%"),
        ),
        # a share lost is the rest of the share kept
        (
            "Bare cells took a median of 210 hours to lose a fifth of their initial capacity.",
            [CELLS_RETAINED, CELLS_KEPT, CELLS_T80],
            2,
            None,
        ),
        (
            "Bare cells took a median of 210 hours to lose a third of their initial capacity.",
            [CELLS_RETAINED, CELLS_KEPT, CELLS_T80],
            1,
            ("a third", "80%"),
        ),
    ],
)
def test_bind_numbers(
    claim: str, evidence: list[Evidence], bound: int, mismatch: tuple[str, str] | None
) -> None:
    text = unicodedata.normalize("NFKC", claim)
    result = bind_numbers(extract_numbers(text), text, evidence)
    assert result.bound == bound
    if mismatch is None:
        assert result.mismatch is None
    else:
        assert result.mismatch is not None
        assert (result.mismatch.claim_value, result.mismatch.paper_value) == mismatch


def test_mismatch_names_value_and_page() -> None:
    text = "LexiRank reaches an accuracy of 88.3% on MS MARCO."
    result = bind_numbers(extract_numbers(text), text, [ACC])
    assert result.mismatch is not None
    assert paper_value_text(result.mismatch) == "the paper says 85.3% (p. 4)"


def test_the_papers_thousands_keep_their_separators() -> None:
    text = "There are 3,243 earnings calls in the raw dataset."
    result = bind_numbers(extract_numbers(text), text, [RAW])
    assert result.mismatch is not None
    assert paper_value_text(result.mismatch) == "the paper says 2,243 (p. 4)"


GRID = ev(
    "We select the learning rate among {1e-5, 2e-5, 5e-5, 1e-4}, and the number of epochs in "
    "{10, 20, 30}."
)


@pytest.mark.parametrize(
    ("claim", "bound", "mismatch"),
    [
        # a power of ten is a value in a list, not a setting, and never a percent
        ("The learning rate is chosen among {1e-5, 2e-5, 5e-5, 1e-4}.", 4, None),
        ("The learning rate is chosen among {1e-5, 2e-6, 5e-5, 1e-4}.", 3, ("2e-6", "2e-5")),
        # one of the candidates is not the value chosen: the list neither binds nor rivals it
        ("The chosen learning rate is 2e-5.", 0, None),
    ],
)
def test_powers_of_ten_in_a_list(claim: str, bound: int, mismatch: tuple[str, str] | None) -> None:
    result = bind_numbers(extract_numbers(claim), claim, [GRID])
    found = result.mismatch
    assert (found and (found.claim_value, found.paper_value)) == mismatch
    assert result.bound == bound


def test_a_power_of_ten_keeps_its_written_form() -> None:
    text = "The learning rate is 5e-4."
    result = bind_numbers(extract_numbers(text), text, [ev("The learning rate is 2e-5.")])
    assert result.mismatch is not None
    assert paper_value_text(result.mismatch) == "the paper says 2e-5 (p. 4)"


@pytest.mark.parametrize(
    ("claim", "evidence", "expected"),
    [
        # the claim's value, which the evidence says of another name only
        (
            "Despite its deep network, CNNIC has the lowest accuracy, 82.8%.",
            [ev("DPCNN性能最低，准确率仅为82.8%。")],
            ("CNNIC", "DPCNN"),
        ),
        ("DPCNN has the lowest accuracy, 82.8%.", [ev("DPCNN性能最低，准确率仅为82.8%。")], None),
        # the claim's name is in the sentence: which value is whose is the binding's question
        (
            "BERT reaches 88.7% accuracy.",
            [ev("ERNIE reaches 88.7% accuracy, BERT 87.8%.")],
            None,
        ),
        # units are no names; small counts recur for unrelated things
        ("The index needs 26 TB.", [ev("A dense index needs 26 GByte.")], None),
        ("CNNIC runs 3 epochs.", [ev("DPCNN runs 3 epochs.")], None),
        # a statistic's label is nobody's name
        (
            "The programme cut the median wait before the first DAA dose from 47 days to 9 days.",
            [ev("Median time to treatment was 9 days (IQR 5-21) versus 47 days (IQR 28-84).")],
            None,
        ),
    ],
)
def test_value_said_of_other_name(
    claim: str, evidence: list[Evidence], expected: tuple[str, str] | None
) -> None:
    text = unicodedata.normalize("NFKC", claim)
    found = value_said_of_other_name(extract_numbers(text), text, evidence)
    assert (None if found is None else (found.claim_name, found.paper_name)) == expected


@pytest.mark.parametrize(
    ("claim", "value", "expected"),
    [
        ("The new index is 3x faster than BM25.", "3", True),
        ("LexiRank improves MRR@10 by 2.3 points.", "2.3", True),
        ("It is 4 × smaller than the teacher.", "4", True),
        # the x of "max" is no multiplication sign
        ("They use batch size 6, max sequence length 520.", "6", False),
        ("The maximum sequence length is 512 tokens.", "512", False),
        # a bound's "more" or "less" is no change
        ("The cohort was more than 50% female.", "50%", False),
        ("Dropout was less than 12% in both arms.", "12%", False),
        ("Accuracy improved by more than 2 points.", "2", True),
        # a time or a price that moved
        ("Babies reached full feeds 2 days earlier.", "2", True),
        ("Each episode was EUR 1,300 cheaper at home.", "1,300", True),
    ],
)
def test_states_change(claim: str, value: str, expected: bool) -> None:
    mention = next(m for m in extract_numbers(claim) if m.raw == value)
    assert states_change(claim, mention) is expected


@pytest.mark.parametrize(
    ("claim", "value", "evidence", "other", "expected"),
    [
        (
            "全球有近5.37亿成年人（20-1655岁）患有糖尿病",
            "1655",
            "成年人（20-79岁）患有糖尿病",
            "79",
            True,
        ),
        (
            "significant for n=3 only (p ≤0.55).",
            "0.55",
            "significant for n=3 only (p ≤0.01).",
            "0.01",
            True,
        ),
        # a whole number and a decimal are not one form
        ("the loss is set to 12 here", "12", "the loss is set to 0.5 here", "0.5", False),
        # a list of numbers is no slot
        ("for n = 3, 7, 15, 2289.", "2289", "for n = 3, 7, 15, 30.", "30", False),
        ("trained for 2937 epochs", "2937", "evaluated after 12 epochs", "12", False),
    ],
)
def test_same_slot(claim: str, value: str, evidence: str, other: str, expected: bool) -> None:
    claim = unicodedata.normalize("NFKC", claim)
    mention = next(m for m in extract_numbers(claim) if m.raw == value)
    theirs = next(m for m in extract_numbers(evidence) if m.raw == other)
    assert same_slot(claim, mention, evidence, theirs) is expected


#: A results table whose header stacks the setting over the metric, and a sentence of the paper
#: that states two of its values.
SETTINGS_ROWS = [
    ev(
        "Table 1: GPT-3.5: 2-class Acc 70.41; 2-class Macro-F1 70.33; 3-class Acc 56.28; "
        "3-class Macro-F1 49.32",
        page=1,
    ),
    ev(
        "Table 1: GPT-4: 2-class Acc 78.26; 2-class Macro-F1 78.22; 3-class Acc 66.41; "
        "3-class Macro-F1 64.12",
        page=1,
    ),
    ev(
        "Table 1: Human: 2-class Acc 92.46; 2-class Macro-F1 92.40; 3-class Acc 85.20; "
        "3-class Macro-F1 84.73",
        page=1,
    ),
    ev(
        "Even the strongest model, GPT-4, reaches a macro-F1 of 78.22 in the two-class setting "
        "and 64.12 in the three-class setting.",
        page=1,
    ),
]


@pytest.mark.parametrize(
    ("claim", "mismatch"),
    [
        # the setting named once, far from the number, holds for it
        ("In the 3-class setting, GPT-4 reaches a macro-F1 of 78.22.", ("78.22", "64.12")),
        ("In the three-class setting, GPT-4 reaches a macro-F1 of 64.12.", None),
        ("GPT-4 reaches a macro-F1 of 64.12 in the 2-class setting.", ("64.12", "78.22")),
        # "three-class" is the header's "3-class", "accuracy" its "Acc"
        ("GPT-3.5 obtains an accuracy of 56.28 in the three-class setting.", None),
        ("GPT-3.5 obtains an accuracy of 70.41 in the three-class setting.", ("70.41", "56.28")),
        ("Human accuracy is 85.20 in the 2-class setting.", ("85.20", "92.46")),
        # a name with a number is no setting: GPT-4 does not stand for the 4-class setting
        ("GPT-4 reaches a macro-F1 of 78.22 in the 2-class setting.", None),
    ],
)
def test_values_under_a_setting(claim: str, mismatch: tuple[str, str] | None) -> None:
    text = unicodedata.normalize("NFKC", claim)
    # the score only: the checker leaves out the numbers of names ("GPT-4", "GPT-3.5")
    score = re.search(r"\d+\.\d+(?=\.?$| in| with)", text)
    assert score is not None
    mentions = [m for m in extract_numbers(text) if m.raw == score.group()]
    found = bind_numbers(mentions, text, SETTINGS_ROWS).mismatch
    assert (None if found is None else (found.claim_value, found.paper_value)) == mismatch


@pytest.mark.parametrize(
    ("claim", "evidence", "alike"),
    [
        # a value in a unit is rivalled by one measured alike, not by a time or a label
        ("Patients took 5 mg melatonin.", "Delirium lasted 3 days in the placebo group.", False),
        ("Patients took 5 mg melatonin.", "Sleep quality was rated on night 3.", False),
        ("Patients took 5 mg melatonin.", "Patients took 2 mg melatonin.", True),
        ("Cells were tested at 45 °C.", "Cells were tested at 25 °C for 300 cycles.", True),
        ("Training took 40 hours.", "Each GPU had 40 GB of memory.", False),
        # ... nor is a count of things
        ("Training ran for 1,000 epochs.", "Each GPU had 40 GB of memory.", False),
        ("Training ran for 1,000 epochs.", "Training ran for 40 epochs.", True),
        # a count in words counts its own plural noun
        (
            "Adults were assigned to one of three physiotherapy programmes.",
            "Adults were recruited at six NHS physiotherapy outpatient departments.",
            False,
        ),
        (
            "Adults were assigned to one of three physiotherapy programmes.",
            "Adults were assigned to one of four physiotherapy programmes.",
            True,
        ),
        # ... nor a value in another unit of the same measure, past the paper's spread
        ("The cell reached 1 A cm-2.", "The overpotential at 10 mA cm-2 was 287 mV.", False),
        ("The cell reached 1 A cm-2.", "The cell reached 3 A cm-2.", True),
        ("The overpotential was 250 mV.", "The overpotential was 287 ± 4 mV.", True),
        ("The overpotential was 250 mV.", "The cell needed 1.84 ± 0.02 V.", False),
        ("Strength reached 64.2 MPa.", "Strength reached 61.5 MPa at 90 days.", True),
        ("Strength reached 64.2 MPa.", "Strength reached 61.5 days after casting.", False),
        # the unit of a range stands after its end
        ("The gap shrank between 28 and 90 days.", "Cylinders (100 x 200 mm) were cast.", False),
        ("The gap shrank between 28 and 90 days.", "The gap shrank between 7 and 90 days.", True),
        ("Doses of 5 to 10 mg were given.", "Tablets weighed 8 g.", False),
        # a hyphened unit is a unit; a dose per kilogram per day a mass
        ("A 72-hour cohort was studied.", "Mice got 45 mg/kg/day for 72 h.", False),
        # hours and h are one unit; a dose per day is a dose
        ("Training took 12 hours.", "Training took 10 h.", True),
        ("People ate around 100 g of legumes.", "Intake was 62 g/day at most.", True),
    ],
)
def test_a_value_in_a_unit_is_rivalled_by_one_measured_alike(
    claim: str, evidence: str, alike: bool
) -> None:
    mention = stated_numbers(claim)[0]
    assert any(same_kind(mention, o, claim, evidence) for o in stated_numbers(evidence)) == alike


HALF_LIFE = ev(
    "Mean terminal half-life was 11.8 h in healthy volunteers, 15.6 h in moderate and 21.4 h "
    "in severe impairment."
)


@pytest.mark.parametrize(
    ("claim", "hedged", "bound"),
    [
        # 21.4 h is 81% longer than 11.8 h: "roughly 80%" as a reader rounds it
        ("The half-life was roughly 80% longer in severe impairment than in volunteers.", True, 1),
        # unhedged, the change must hold at the precision written
        ("The half-life was 80% longer in severe impairment than in volunteers.", False, 0),
        # hedged but far from any change the values give
        ("The half-life was roughly 60% longer in severe impairment than in volunteers.", True, 0),
    ],
)
def test_a_hedged_change_is_derived_as_rounded(claim: str, hedged: bool, bound: int) -> None:
    mentions = [replace(m, approximate=hedged) for m in extract_numbers(claim)]
    assert bind_numbers(mentions, claim, [HALF_LIFE]).bound == bound


TRIAL = ev(
    "In this phase 2, randomised, double-blind trial at 22 headache centres, adults with "
    "episodic migraine were assigned to 25 mg, 75 mg or placebo."
)


@pytest.mark.parametrize(
    ("claim", "mismatch"),
    [
        # "phase 2" names a step, not a count of anything
        ("Just over 300 were randomised at 22 headache centres in four countries.", None),
        ("Some 300 were randomised at 22 headache centres.", None),
        ("Adults were randomised at 30 headache centres.", ("30", "22")),
        ("This phase 2 trial randomised adults at 22 headache centres.", None),
    ],
)
def test_a_designation_is_no_value(claim: str, mismatch: tuple[str, str] | None) -> None:
    text = unicodedata.normalize("NFKC", claim)
    result = bind_numbers(extract_numbers(text), text, [TRIAL])
    found = result.mismatch
    assert (None if found is None else (found.claim_value, found.paper_value)) == mismatch


COHORTS = [
    ev("Cohort A (96 mice) was euthanized at 72 h for serum creatinine."),
    ev("Cohort B (96 mice) was followed for 7 days for survival."),
]
FIRMS = [
    ev(
        "All 3,214 employees of adopting firms and 5,987 employees of comparison firms were "
        "included in registry analyses."
    )
]


@pytest.mark.parametrize(
    ("claim", "evidence", "mismatch"),
    [
        # a whole of groups the paper counts each of
        (
            "All 84 schools were assigned to an arm.",
            [ev("42 schools were assigned to each arm.")],
            False,
        ),
        (
            "All 86 schools were assigned to an arm.",
            [ev("42 schools were assigned to each arm.")],
            True,
        ),
        # a total of the groups the paper reports apart
        ("The study used 192 mice in two cohorts.", COHORTS, False),
        ("The study used 180 mice in two cohorts.", COHORTS, True),
        ("Registry analyses included more than 9,000 employees.", FIRMS, False),
        ("Registry analyses included more than 12,000 employees.", FIRMS, True),
        # people of any kind are counted together, a kind of them only with its own kind
        ("Registry analyses included more than 9,000 people.", FIRMS, False),
        ("Registry analyses included more than 12,000 people.", FIRMS, True),
        ("Registry analyses included more than 9,000 firms.", FIRMS, True),
        # a code name's number is no value
        ("The drug was given to 200 mice.", [ev("KT-217 was given to the mice.")], False),
        ("KT-217 was given for 5 days.", [ev("KT-217 was given for 3 days.")], True),
    ],
)
def test_a_total_of_groups_and_code_names(
    claim: str, evidence: list[Evidence], mismatch: bool
) -> None:
    binding = bind_numbers(stated_numbers(claim), claim, evidence)
    assert (binding.mismatch is not None) == mismatch


MOF = [
    ev(
        "At 77 K and 100 bar, VLN-12 stored 9.8 wt% total hydrogen, compared with 8.6 wt% for "
        "MOF-5."
    ),
    ev("The difference from MOF-5 was 1.2 wt% (95% CI 0.8 to 1.6; p < 0.001)."),
]


@pytest.mark.parametrize(
    ("claim", "evidence", "mismatch"),
    [
        # a gap in points that two levels give is no rival of either level
        ("At 77 K VLN-12 held 1.2 percentage points more hydrogen than MOF-5.", MOF, None),
        (
            "At 77 K VLN-12 held 3.5 percentage points more hydrogen than MOF-5.",
            MOF,
            ("3.5", "9.8"),
        ),
        # a slope is no gap between two levels
        (
            "At 77 K, per extra bar VLN-12 held 1.2 percentage points more hydrogen than MOF-5.",
            MOF,
            ("1.2", "9.8"),
        ),
    ],
)
def test_a_gap_of_two_levels(
    claim: str, evidence: list[Evidence], mismatch: tuple[str, str] | None
) -> None:
    binding = bind_numbers(stated_numbers(claim), claim, evidence)
    found = binding.mismatch
    assert (found and (found.claim_value, found.paper_value)) == mismatch


@pytest.mark.parametrize(
    ("sentence", "value", "names"),
    [
        ("BERT reaches 88.7% on it.", "88.7", {"bert"}),
        ("It reaches 88.7% with ERNIE on it.", "88.7", {"ernie"}),
        # what a value is compared with is not whose it is
        ("It reaches 88.7%, more than ERNIE.", "88.7", set()),
        ("It binds hydrogen at around 11 kJ/mol, weaker than Ni2(m-dobdc).", "11", set()),
    ],
)
def test_the_name_a_value_is_compared_with_is_not_its_owner(
    sentence: str, value: str, names: set[str]
) -> None:
    at = sentence.index(value)
    assert set(number_context(sentence, at, at + len(value)).names) == names


ARMS = [
    ev("Results: 312 participants were randomised (placebo n=104; 25 mg n=105; 75 mg n=103)."),
    ev(
        "The difference versus placebo was -1.8 days (95% CI -2.7 to -0.9; p<0.001) for 75 mg "
        "and -0.8 days (95% CI -1.7 to 0.1; p=0.08) for 25 mg."
    ),
]


@pytest.mark.parametrize(
    ("claim", "named"),
    [
        ("Nausea was reported three times as often on the 75 mg dose as on placebo.", True),
        ("Patients in the 75 mg group had two fewer migraine days than placebo.", True),
        # a dose the evidence does not give, or a dose that names no arm
        ("Patients taking the 50 mg dose had two fewer migraine days than placebo.", False),
        ("Patients took 75 mg of the drug a day.", False),
    ],
)
def test_a_dose_that_names_an_arm(claim: str, named: bool) -> None:
    dose = next(m for m in stated_numbers(claim) if m.raw in ("50", "75"))
    assert arm_named(claim, dose, [e.text for e in ARMS]) == named


YEARS = ev("Results: 131 teachers and 3,214 pupils in Years 4 and 5 took part.")
ANAEMIC = ev("At baseline, 580 girls (31.4%) were anaemic and 38.0% were iron deficient.")
FAILED = ev(
    "LLM totals would have failed 52 students, including 35 of the 37 (sensitivity 94.6%) and "
    "17 of the 375 students who passed on human marks."
)
ONSET = ev(
    "The wastewater signal crossed the onset threshold 9 days before clinical data in 2022–23 "
    "and 11 days before in 2023–24."
)


def _mismatch(
    claim: str, evidence: list[Evidence], restating: list[Evidence] | None = None
) -> tuple[str, str] | None:
    """The claim value and paper value of the claim's first mismatch, read as written."""
    text = unicodedata.normalize("NFKC", claim)
    found = bind_numbers(extract_numbers(text), text, evidence, restating or []).mismatch
    return None if found is None else (found.claim_value, found.paper_value)


POWER = ev(
    "Assuming a baseline anaemia prevalence of 30%, 24 clusters of about 75 girls each gave "
    "80% power to detect a 10-percentage-point reduction."
)
ENDLINE = ev("Of 1,846 girls enrolled, 1,702 (92%) were assessed at endline.")
RETAINED = ev("The gel retained 88.4% of its capacity after 500 cycles.")
EFFICIENCY = ev("Its first-cycle efficiency reached 91%.")


@pytest.mark.parametrize(
    ("claim", "evidence", "mismatch"),
    [
        # a sample-size calculation states no finding, unless the claim speaks of one
        (
            "All 24 schools stayed in the study, and more than nine in ten girls had endline "
            "measurements.",
            [POWER, ENDLINE],
            None,
        ),
        ("The trial had 90% power to detect a 10-point reduction.", [POWER], ("90%", "80%")),
        # a round tens of percent hedged covers what lies within two of it
        (
            "After 500 cycles, the gel kept close to 90% of its capacity.",
            [RETAINED, EFFICIENCY],
            None,
        ),
    ],
)
def test_a_sample_size_calculation_states_no_finding(
    claim: str, evidence: list[Evidence], mismatch: tuple[str, str] | None
) -> None:
    assert _mismatch(claim, evidence) == mismatch


@pytest.mark.parametrize(
    ("claim", "evidence", "mismatch"),
    [
        # a school year, also in a list, is a label, not a count
        ("Pupils in 131 classes took part.", YEARS, None),
        ("Pupils in Years 4 and 6 took part.", YEARS, None),
        # a share in words read as the paper's value inside it is bound there
        ("Just under a third of the girls were anaemic.", ANAEMIC, None),
        ("Just under a quarter of the girls were anaemic.", ANAEMIC, ("under a quarter", "31.4%")),
        # "all but two of the 37" are the paper's 35 of the 37
        (
            "The model would have caught all but two of the 37 students who failed on human "
            "marking.",
            FAILED,
            None,
        ),
        # "2022–23" is a season, not a count of 23
        (
            "In both seasons, wastewater flagged the start of the season earlier than clinical "
            "data did, by 9 and 11 days respectively.",
            ONSET,
            None,
        ),
    ],
)
def test_labels_shares_and_exceptions(
    claim: str, evidence: Evidence, mismatch: tuple[str, str] | None
) -> None:
    assert _mismatch(claim, [evidence]) == mismatch


@pytest.mark.parametrize(("written", "mismatch"), [("90%", None), ("80%", ("80%", "88.4%"))])
def test_a_hedged_round_tens_covers_two_points(
    written: str, mismatch: tuple[str, str] | None
) -> None:
    # the gates settle "close to 90%" on the paper's nearest value, here one of another thing
    text = f"After 500 cycles, the gel kept close to {written} of its capacity."
    mentions = [
        replace(m, value=m.value + 1, approximate=True) if m.percent else m
        for m in extract_numbers(text)
    ]
    found = bind_numbers(mentions, text, [RETAINED, EFFICIENCY]).mismatch
    assert (None if found is None else (found.claim_value, found.paper_value)) == mismatch


FOLLOW_UP = ev("During a median follow-up of 8.4 years, 4,127 developed dementia.")
PRIOR = ev("Eligible adults had at least two years of continuous prior insurance.")


WOMEN = ev("Mean age was 46.8 years, and 468 (73%) were women.")


@pytest.mark.parametrize(("whole", "mismatch"), [("642", None), ("700", ("700", "468"))])
def test_the_whole_of_a_share_against_the_shares_count(whole: str, mismatch: object) -> None:
    # 468 of 642 is the share the claim states, not a rival of its whole
    claim = f"Nearly three-quarters of the {whole} people randomised were women."
    assert _mismatch(claim, [WOMEN]) == mismatch


@pytest.mark.parametrize(("count", "bound"), [("eight", 1), ("nine", 0)])
def test_a_bound_in_words_settled_on_a_value_stated_elsewhere(count: str, bound: int) -> None:
    # "more than eight years": the 8.4 years a sentence retrieval did not return states it
    claim = f"Adults were followed for a median of more than {count} years."
    assert bind_numbers(extract_numbers(claim), claim, [PRIOR], [FOLLOW_UP]).bound == bound


def test_sentences_stating_a_bound_find_values_past_it() -> None:
    texts = [PRIOR.text, FOLLOW_UP.text]
    claim = "They were followed for more than eight years."
    assert sentences_stating("eight", texts, claim) == [1]
    assert sentences_stating("eight", texts, "They were followed for eight years.") == []
    # the value as written comes first: one past the bound may be another thing's
    texts = ["Deposits were made in 4.4 months on average.", "A bonus worth under $5 a person."]
    assert sentences_stating("5", texts, "Payouts averaged less than $5 per person.") == [1, 0]


def test_a_preposition_after_a_count_is_not_what_it_counts() -> None:
    # "1,000 epochs on four GPUs" and "batch size 2 on 4 GPUs" share only "on" and "GPUs"
    claim = "Models were trained for 1,000 epochs on four A100 GPUs."
    evidence = "It used 1000 epochs and batch size 2 on the cluster."
    mention = extract_numbers(claim)[0]
    other = [m for m in stated_numbers(evidence) if m.raw == "2"][0]
    assert not same_kind(mention, other, claim, evidence)


SEASONS = ev("The study covered two RSV seasons, 1 September 2022 to 31 August 2024.")
SMALLER = ev("Correlation was weaker in the three smaller sewersheds than in the two large ones.")


@pytest.mark.parametrize(
    ("claim", "restating"),
    [
        # a date's day is no part of a total of seasons
        ("The team followed the sewersheds across three consecutive RSV seasons.", []),
        # a count in words stated elsewhere of another noun does not bind it
        ("The team followed the sewersheds across three consecutive RSV seasons.", [SMALLER]),
    ],
)
def test_a_count_in_words_against_another_count_of_its_noun(
    claim: str, restating: list[Evidence]
) -> None:
    assert _mismatch(claim, [SEASONS], restating) == ("three", "two")


def test_a_share_in_words_is_no_count_of_its_noun() -> None:
    # "one in ten cases" is a share, bound to 9.2% whatever the noun after the percentage
    exposed = [
        ev("Median radon was 71 Bq/m3 in cases and 58 Bq/m3 in controls."),
        ev("Thirty-eight cases (9.2%) and 40 controls (4.8%) had average exposure of 200 Bq/m3."),
    ]
    claim = "Nearly one in ten cases had average radon levels of at least 200 Bq/m3."
    assert _mismatch(claim, exposed) is None


SCREENED = ev("Of 212 nurses screened, 184 were randomised.")


@pytest.mark.parametrize(
    ("claim", "mismatch"),
    [
        # the words of the clause a count opens after the whole's are the part's, not the whole's
        ("The trial randomised 184 nurses.", None),
        ("The team screened 212 nurses.", None),
    ],
)
def test_a_count_of_a_part_after_its_whole(claim: str, mismatch: tuple[str, str] | None) -> None:
    assert _mismatch(claim, [SCREENED]) == mismatch


DARKER = ev("Sensitivity was lower in skin types IV–VI (13 of 22 melanomas, 59.1%).")


@pytest.mark.parametrize(
    ("claim", "mismatch"),
    [
        # the part of the claim's whole is counted out of it, no rival of it
        ("The skin-type estimate rests on 22 melanomas.", None),
        ("The skin-type estimate rests on 24 melanomas.", ("24", "13")),
    ],
)
def test_a_part_counted_out_of_the_claims_whole(
    claim: str, mismatch: tuple[str, str] | None
) -> None:
    assert _mismatch(claim, [DARKER]) == mismatch


@pytest.mark.parametrize(
    ("claim", "mismatch"),
    [
        # the other side of a split by skin is another group
        ("Sensitivity was 88.9% in lighter skin.", None),
        ("Sensitivity was 70.2% in darker skin.", ("70.2%", "59.1%")),
    ],
)
def test_the_other_side_of_a_split_is_another_group(
    claim: str, mismatch: tuple[str, str] | None
) -> None:
    assert _mismatch(claim, [ev("Sensitivity was 59.1% in darker skin.")]) == mismatch


COHORT = [
    ev("The cohort had 48,316 people (mean age 73; 56.8% women): 17,204 statin users."),
    ev("Of 48,316 participants, 17,204 (35.6%) used statins at baseline."),
]


@pytest.mark.parametrize(
    ("claim", "flagged"),
    [
        # what follows a bracket is not the words of a value listed in it
        ("Slightly more than a third of the cohort were statin users.", False),
        ("About 30% of the cohort were statin users.", True),
    ],
)
def test_a_value_listed_in_brackets(claim: str, flagged: bool) -> None:
    assert (_mismatch(claim, COHORT) is not None) == flagged


def test_a_share_in_words_settles_on_the_value_about_its_words() -> None:
    # three percentages lie under two-thirds: the one said of all who completed is the claim's
    evidence = [
        ev(
            "At three weeks, 2,284 participants (63.2%) completed follow-up: 1,114 (61.8%) in the "
            "game arm and 1,170 (64.7%) in the control arm."
        )
    ]
    claim = (
        "Just under two-thirds of participants completed the three-week follow-up, with dropout "
        "somewhat higher among those who played the game."
    )
    assert _mismatch(claim, evidence) is None
    assert _mismatch("Just under half of participants completed the follow-up.", evidence)


SHOOTS = [
    "After 18 months, survival of tagged shoots was 58% at sheltered sites and 21% at exposed "
    "sites (odds ratio 5.2, 95% CI 3.1-8.7).",
    "Of 1,440 tagged shoots, 572 (40%) were alive at 18 months: 418 of 720 (58%) at sheltered "
    "sites and 154 of 720 (21%) at exposed sites (OR 5.2, 95% CI 3.1-8.7; p<0.001).",
    "The primary outcome was survival at 18 months of 20 tagged shoots per planted plot.",
]
PLOTS = [
    "At each site, 24 plots were arranged in six blocks, giving 96 plots in total.",
    "All 72 planted plots and 24 controls were relocated at 18 months.",
    "Nine of the 36 exposed planted plots had no living shoots at 18 months, seven of them "
    "low-density plots; none of the 36 sheltered plots was lost.",
]
PRACTICES = [
    "An independent statistician randomised practices, 16 per arm, using minimisation on list "
    "size and practice deprivation score.",
    "Methods: In an open-label cluster-randomised trial, 48 general practices were allocated "
    "1:1:1 to three invitation strategies.",
]
HOURS = [
    "The afternoon peak was 3.2 °C lower (95% CI 2.5 to 3.9), and time above 32 °C fell from "
    "6.9 to 4.1 hours per day in coated homes."
]


@pytest.mark.parametrize(
    ("sentences", "claim", "mismatch"),
    [
        # a part's value ("58% at sheltered sites") is no rival of the whole's the claim found
        (
            SHOOTS,
            "Roughly two in five tagged shoots were alive a year and a half after planting.",
            None,
        ),
        (SHOOTS, "Roughly 21% of tagged shoots were still alive after 18 months.", "21%->40%"),
        # the paper counts the claim's value out of a whole: the whole is no rival
        (PLOTS, "Nine exposed-site plots lost every shoot, most at low density.", None),
        # a count of each group is the one the paper gives each group, not the whole
        (
            PRACTICES,
            "Randomisation was done at the level of general practices, with 16 practices "
            "allocated to each invitation strategy.",
            None,
        ),
        (
            PRACTICES,
            "Randomisation was by practice, 20 practices being allocated to each strategy.",
            "20->16",
        ),
        # a hedged value is the value stated, not an interval's bound beside it
        (HOURS, "Coated homes spent about four hours a day above 32 °C.", None),
    ],
)
def test_which_value_of_the_paper_is_the_claims(
    sentences: list[str], claim: str, mismatch: str | None
) -> None:
    paper = make_paper(sentences)
    verdict = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings()).verify(
        claim
    )[0]
    found = [r.removeprefix("number_mismatch:") for r in verdict.reasons if "mismatch" in r]
    assert found == ([mismatch] if mismatch else [])


RETREAT = ev(
    "Over the 36 months the marsh edge moved landward by 89 cm behind reefs and 146 cm at controls."
)
FEEDS = ev(
    "Median time to full feeds was 11 days (IQR 8-15) with probiotic and 13 days (IQR 9-18) "
    "with placebo."
)
COSTS = ev("Mean cost per episode was EUR 3,910 at home and EUR 5,240 with admission.")
RATES = ev("Retreat averaged 29.7 cm per year behind reefs and 48.7 cm per year at controls.")
WAIT = ev(
    "Time to antivenom: Median time from bite to first dose was 6.8 hours (IQR 4.1-11.5) in "
    "control periods and 2.9 hours (IQR 1.7-5.2) in intervention periods (adjusted difference "
    "-3.6 hours, 95% CI -4.3 to -2.9; p<0.001)."
)


@pytest.mark.parametrize(
    ("claim", "evidence", "flagged"),
    [
        # a change the claim states is the distance of two levels of one sentence
        ("Unprotected edges lost nearly 60 cm more shoreline than protected ones.", [RETREAT], []),
        ("Babies on the probiotic reached full feeds about two days earlier.", [FEEDS], []),
        # a hedge before a currency code hedges the number after it
        ("Each episode at home cost around EUR 1,300 less than an admission.", [COSTS], []),
        # beyond the distance, or a quotient read as a change in units
        (
            "Unprotected edges lost nearly 20 cm more shoreline than protected ones.",
            [RETREAT],
            ["number_mismatch:20->89", "number_not_in_paper:20"],
        ),
        ("Reefs cut marsh-edge retreat by 39 cm per year.", [RATES], ["number_not_in_paper:39"]),
        # a change stated as the distance of the claim's own levels, which are bound on their own
        (
            "The median time to the first antivenom dose dropped by almost four hours, from 6.8 "
            "to 2.9 hours.",
            [WAIT],
            [],
        ),
        (
            "The median time to the first antivenom dose dropped by almost four hours, from 6.8 "
            "to 4.9 hours.",
            [WAIT],
            ["number_mismatch:4.9->3.6", "number_not_in_paper:4.9"],
        ),
    ],
)
def test_a_change_between_two_levels(
    claim: str, evidence: list[Evidence], flagged: list[str]
) -> None:
    paper = make_paper([e.text for e in evidence])
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())
    reasons = checker.verify(claim)[0].reasons
    assert [r for r in reasons if r.startswith("number_")] == flagged


def test_a_share_the_paper_states_in_the_same_words_is_its_own() -> None:
    claim = "Fewer than a third of the customers who were invited signed up."
    evidence = [
        ev("Households in the highest tercile reduced use by 6.4% and the lowest by 0.8%."),
        ev("Fewer than a third of invited customers enrolled, so volunteers may differ."),
    ]
    assert bind_numbers(stated_numbers(claim), claim, evidence).mismatch is None


DISPLAYS = [
    ev(
        "Display households used a mean of 23.1 kWh/day versus 24.0 kWh/day in control "
        "households, an adjusted difference of -0.9 kWh/day (95% CI -1.5 to -0.3; p=0.004), "
        "or 3.8%."
    )
]


@pytest.mark.parametrize(
    ("claim", "flagged"),
    [
        # a value measured in a unit is not the paper's percentage of the same digits
        (
            "The displays saved households 3.8 kWh of electricity per day.",
            ["number_mismatch:3.8->23.1"],
        ),
        ("The displays cut household electricity use by 3.8%.", []),
        # a change between two listed levels is neither level's value
        ("Display households used about 0.9 kWh per day less than control households.", []),
    ],
)
def test_a_value_in_a_unit(claim: str, flagged: list[str]) -> None:
    paper = make_paper([e.text for e in DISPLAYS])
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())
    reasons = checker.verify(claim)[0].reasons
    assert [r for r in reasons if r.startswith("number_")] == flagged


@pytest.mark.parametrize(
    ("claim", "expected"),
    [
        # a bound holds every value on its side, however far: 43 times is over ten times
        ("The student was over ten times faster than the teacher.", None),
        ("The student was over fifty times faster than the teacher.", ("fifty", "43")),
        ("Mosquito mortality was less than 30% in control villages.", None),
        ("Mosquito mortality was less than 20% in control villages.", ("20%", "23%")),
        ("Mosquito mortality was at least 20% in control villages.", None),
    ],
)
def test_a_bound_holds_every_value_on_its_side(
    claim: str, expected: tuple[str, str] | None
) -> None:
    evidence = [
        ev("The student processed a clause roughly 43 times faster than the teacher."),
        ev("Ten-day mosquito mortality was 23% in control villages."),
    ]
    assert _mismatch(claim, evidence) == expected


EMISSIONS = (
    "Cradle-to-gate emissions were 352 kg CO2e/m3 for OPC concrete and 233 kg CO2e/m3 for LC3 "
    "concrete, a saving of 119 kg CO2e/m3 (34%)."
)
STRENGTH = (
    "At 3 days LC3 was 7.6 MPa weaker (19.8 versus 27.4 MPa; 95% CI -9.4 to -5.8; p < 0.001), "
    "about 28% below OPC, and at 7 days it was 5.4 MPa weaker (31.5 versus 36.9 MPa)."
)
DROUGHT = (
    "In the two drought years, ARG yielded 1,020 versus 810 kg DM ha⁻¹ under CG (difference "
    "210; 95% CI 60 to 360; p = 0.007; 26% higher)."
)
F1 = (
    "On Norrvik, GridSentinel achieved an F1 of 0.81 (95% CI 0.76–0.86) versus 0.72 (0.66–0.78) "
    "for the strongest baseline, the Graph Deviation Network (GDN) (difference 0.09, 95% CI "
    "0.03–0.15; p = 0.004)."
)
PADDOCKS = (
    "Twenty-four 16-ha paddocks in four blocks were randomly assigned to ARG (n = 12) or CG "
    "(n = 12)."
)
MIGRATION = (
    "The 28-day rapid chloride migration coefficient was 78% lower with LC3 (ratio 0.22, 95% CI "
    "0.18 to 0.27), whereas accelerated carbonation depth was more than twice that of OPC."
)
SCALE = "The primary outcome was change in TFI score (0-100) from baseline to 12 weeks."
SUBGROUP = (
    "Among participants with baseline TFI of 50 or more (n=134), the difference was -11.9 points "
    "(95% CI -17.0 to -6.8)."
)


@pytest.mark.parametrize(
    ("claim", "paper", "mismatch"),
    [
        # a unit after a number is nobody's name: "CO2e", "MPa", "DM" say what it measures
        (
            "Cradle-to-gate emissions fell from 352 to 233 kg CO2e per cubic metre with LC3.",
            [EMISSIONS],
            None,
        ),
        ("Three days after casting, the LC3 mixes trailed OPC by 7.6 MPa.", [STRENGTH], None),
        # a gap the claim names before its size is the distance of the levels it lies between
        (
            "Rotational grazing's forage edge was largest in the drought years, about 210 kg DM.",
            [DROUGHT],
            None,
        ),
        (
            "Rotational grazing's forage edge was largest in the drought years, about 250 kg DM.",
            [DROUGHT],
            "250->810",
        ),
        # the gap between two of the claim's own values is theirs, no rival of either
        ("GridSentinel reached an F1 of 0.81, about nine points above GDN's 0.72.", [F1], None),
        # a count of each group the paper gives every group
        ("The trial randomised 24 paddocks of 16 ha, 12 to each system.", [PADDOCKS], None),
        ("The trial randomised 24 paddocks of 16 ha, 10 to each system.", [PADDOCKS], "10->four"),
        # a share a fall leaves is the rest of the fall
        (
            "LC3 cut the 28-day chloride migration coefficient to roughly a fifth of OPC's.",
            [MIGRATION],
            None,
        ),
        # a scale's range is no measured value
        (
            "In participants starting with a TFI of 50 or more, the benefit was about 12 points.",
            [SCALE, SUBGROUP],
            None,
        ),
    ],
)
def test_what_a_value_is_and_is_not(claim: str, paper: list[str], mismatch: str | None) -> None:
    checker = Checker(
        make_paper(paper), FakeRetriever(make_paper(paper)), FakeEmbedder(), None, CheckerSettings()
    )
    reasons = checker.verify(claim)[0].reasons
    found = next((r.split(":", 1)[1] for r in reasons if r.startswith("number_mismatch:")), None)
    assert found == mismatch


@pytest.mark.parametrize(
    ("value", "claimed", "gap"),
    [
        ("0.09", ["0.81", "0.72"], True),
        ("119", ["352", "233"], True),
        ("34%", ["352", "233"], True),
        # small whole numbers recur; a value the claim states itself is a level
        ("two", ["5", "3"], False),
        ("1000", ["6000", "1000", "2000"], False),
    ],
)
def test_the_gap_of_two_claim_values(value: str, claimed: list[str], gap: bool) -> None:
    other = extract_numbers(value)[0] if value[0].isdigit() else spelled(value)
    assert gap_of(other, [Decimal(v) for v in claimed]) == gap


def spelled(word: str) -> NumberMention:
    return NumberMention(raw=word, start=0, end=len(word), value=Decimal(2), percent=False)


SOIL = ev(
    "By soil type, the rate ratio was 0.23 (95% CI 0.14-0.37) on clay plots and 0.44 "
    "(95% CI 0.29-0.66) on sandy plots (interaction p=0.03)."
)
SLUGS = replace(
    ev(
        "Slug counts fell from 31 to 12 on treated plots and from 28 to 23 on control plots "
        "(rate ratio 0.52, 95% CI 0.21-1.30; p=0.16)."
    ),
    sentence_index=1,
)
OVERALL = ev("Admissions for falls were 9.4% lower than expected (95% CI 2.1 to 16.0; p=0.01).")
BY_SEX = replace(
    ev(
        "Reductions in admissions were larger among men (−12.6%, 95% CI −20.1 to −4.4) than "
        "women (−5.3%, 95% CI −14.0 to 4.2)."
    ),
    sentence_index=1,
)


@pytest.mark.parametrize(
    ("claim", "evidence", "flagged"),
    [
        # "from 28 to 23" counts slugs: no restatement of the claim's rate ratio of 0.23
        (
            "Clay plots saw a bigger fall than sandy plots, with rate ratios of 0.23 versus 0.44.",
            [SOIL, SLUGS],
            False,
        ),
        (
            "Clay plots saw a bigger fall than sandy plots, with rate ratios of 0.23 versus 0.61.",
            [SOIL, SLUGS],
            True,
        ),
        # the group the claim names, next to its value, outweighs a value of everyone
        (
            "For women, the estimated 5% fall in admissions for falls was not significant.",
            [OVERALL, BY_SEX],
            False,
        ),
        (
            "For women, the estimated 13% fall in admissions for falls was not significant.",
            [OVERALL, BY_SEX],
            True,
        ),
    ],
)
def test_values_the_claims_own_words_and_values_place(
    claim: str, evidence: list[Evidence], flagged: bool
) -> None:
    assert (_mismatch(claim, evidence) is not None) == flagged


FIRMS = ev(
    "The sample comprised private-sector firms with 150–349 employees in 2015 that operated "
    "throughout: 2,699 firms, 318,500 workers and about 2.1 million observations."
)


RESISTANCE = ev("With the 1 wt% coating, charge-transfer resistance stayed flat over 300 cycles.")
RETENTION = replace(
    ev("All coated cells kept 91% of their capacity after 500 cycles."), sentence_index=1
)


@pytest.mark.parametrize(
    ("claim", "evidence", "flagged"),
    [
        # "2,699 firms" counts what the claim's 2,699 counts; 349 counts employees
        ("The analysis covered 2,699 private-sector firms over nine years.", [FIRMS], False),
        ("The analysis covered 3,100 private-sector firms over nine years.", [FIRMS], True),
        # a rival counting the same noun weighs as much as before
        (
            "With the 1 wt% coating, charge-transfer resistance stayed flat over 500 cycles.",
            [RESISTANCE, RETENTION],
            True,
        ),
    ],
)
def test_a_count_of_the_claims_noun_is_its_value(
    claim: str, evidence: list[Evidence], flagged: bool
) -> None:
    assert (_mismatch(claim, evidence) is not None) == flagged


def _bound_in(claim: str, paper: list[str]) -> Binding:
    """The claim's numbers, as the gates read them, bound to the paper's sentences."""
    gates = run_gates(claim, PaperFacts(make_paper(paper)))
    evidence = [Evidence(2, t, (0.0, 0.0, 1.0, 1.0), 0.9, i) for i, t in enumerate(paper)]
    return bind_numbers(gates.numbers, gates.text, evidence)


def _pair(result: Binding) -> tuple[str, str] | None:
    found = result.mismatch
    return found and (found.claim_value, found.paper_value)


COURT = (
    "Methods: In a three-arm randomised trial in the Marrow Valley County Municipal Court "
    "(March 2021 to August 2022), 4,500 people charged with misdemeanours and released before "
    "their first hearing were assigned to no reminders (control, n=1,502), plain reminders "
    "(n=1,498), or enhanced reminders that added information on consequences and a planning "
    "prompt (n=1,500)."
)
COURT_ARMS = (
    "FTA occurred in 372 of 1,502 controls (24.8%), 294 of 1,498 plain-reminder participants "
    "(19.6%) and 258 of 1,500 enhanced-reminder participants (17.2%)."
)
COURT_LEFT = (
    "We excluded 598 (11.2%) who had no valid mobile number in the case file and 263 for other "
    "reasons (in custody on another matter, n=141; hearing within 3 days of case filing, n=86; "
    "preferred language other than English or Spanish, n=36), leaving 4,500 participants."
)


@pytest.mark.parametrize(
    ("claim", "mismatch"),
    [
        # the total of three groups, and a hedged count of each that covers every group's
        (
            "The 4,500 participants were split almost evenly among no texts, plain reminders and "
            "enhanced reminders, with about 1,500 in each arm.",
            None,
        ),
        (
            "The 4,500 participants were split almost evenly among the arms, with about 1,500 in "
            "each arm.",
            None,
        ),
        # a compound the claim writes apart ("enhanced reminder") names the paper's group
        ("FTA occurred in 258 of the enhanced reminder participants.", None),
        ("FTA occurred in 294 of the enhanced reminder participants.", ("294", "258")),
    ],
)
def test_groups_of_a_total_and_compounds_written_apart(
    claim: str, mismatch: tuple[str, str] | None
) -> None:
    assert _pair(_bound_in(claim, [COURT, COURT_ARMS, COURT_LEFT])) == mismatch


DISTANCES = (
    "Detection rates by distance were 95.6% (108/113), 88.0% (66/75) and 70.8% (17/24) for "
    "SmokeViT, and 90.3% (102/113), 73.3% (55/75) and 37.5% (9/24) for EmberNet, at <10, 10 to "
    "20 and >20 km respectively."
)


@pytest.mark.parametrize(
    ("claim", "mismatch"),
    [
        # "respectively" pairs values with labels far from them: a sentence stating the claim's
        # value holds no rival of it
        (
            "For plumes more than 20 km away, the transformer's detection rate dropped to about "
            "71%, still close to double the baseline's 37.5%.",
            None,
        ),
        # a value the sentence does not state is still rivalled by the nearest of its kind
        (
            "For plumes more than 20 km away, SmokeViT detected 64.2% of events.",
            ("64.2%", "70.8%"),
        ),
    ],
)
def test_values_paired_respectively(claim: str, mismatch: tuple[str, str] | None) -> None:
    assert _pair(_bound_in(claim, [DISTANCES])) == mismatch


@pytest.mark.parametrize(
    ("claim", "bound", "mismatch"),
    [
        # "three-fifths" and "two-thirds" are shares, not conditions that part the values
        ("Curtailment cut bat deaths by three-fifths at 5.5 m/s.", 2, None),
        ("Curtailment cut bat deaths by three-fifths at 6.5 m/s.", 1, ("6.5", "5.5")),
    ],
)
def test_a_share_in_words_is_no_condition(
    claim: str, bound: int, mismatch: tuple[str, str] | None
) -> None:
    paper = [
        "Curtailment cut bat deaths by two-thirds at 5.5 m/s.",
        "Turbines on control nights started at 3.5 m/s, cutting deaths by a tenth.",
    ]
    result = _bound_in(claim, paper)
    assert (result.bound, _pair(result)) == (bound, mismatch)


@pytest.mark.parametrize(
    ("claim", "mismatch"),
    [
        # a part of a whole is rivalled by another part of that whole only
        ("Six of the 64 farms that enrolled dropped out before the second harvest.", None),
        ("23 of the 64 households were headed by women.", None),
        ("25 of the 64 households were headed by women.", ("25", "23")),
    ],
)
def test_a_part_of_a_whole_is_rivalled_by_its_other_parts(
    claim: str, mismatch: tuple[str, str] | None
) -> None:
    paper = [
        "Sixteen farms per district were enrolled (64 in total); mean cultivated area was 1.6 "
        "ha, and 23 of 64 households were headed by women."
    ]
    assert _pair(_bound_in(claim, paper)) == mismatch


ADEQUACY = (
    "Mean adequacy was 3.42 for Kestrel-SLT and 3.21 for VidLingo-L (difference 0.21, 95% CI "
    "0.09 to 0.33; p=0.001)."
)
BY_AGE = (
    "For the 6 signers under 60, Kestrel-SLT scored 26.3 and exceeded VidLingo-L by 3.1 points."
)
BY_RATE = "Mean signing rate was negatively correlated with BLEU-4 (Pearson r=-0.71, p=0.048)."
ANODE = "The doped anode reached 1 A cm⁻² at 70 mV below NiFe and ran for 10 hours."
PLOTS = (
    "Sixty 0.25-ha plots in 20 blocks were randomly assigned to treatments; seeded plots "
    "received the same five-species mix (250 pure live seeds m⁻²) in November 2021."
)


@pytest.mark.parametrize(
    ("claim", "paper", "mismatch"),
    [
        # the first value of a pair follows the first name compared, not the name nearest it
        (
            "Raters judged Kestrel-SLT more adequate than VidLingo-L, at 3.42 versus 3.21.",
            [ADEQUACY],
            None,
        ),
        (
            "Raters judged Kestrel-SLT more adequate than VidLingo-L, at 3.21 versus 3.42.",
            [ADEQUACY],
            ("3.42", "0.09"),
        ),
        # a metric is what a value is measured in, not whose it is
        ("For signers under 60, Kestrel-SLT reached a BLEU-4 of 26.3.", [BY_AGE, BY_RATE], None),
        (
            "For signers under 60, Kestrel-SLT reached a BLEU-4 of 28.3.",
            [BY_AGE, BY_RATE],
            ("28.3", "26.3"),
        ),
        # a unit's exponent ("m⁻²") and a year are no count of plots, in the paper or the claim
        ("The experiment used 60 quarter-hectare plots in 20 blocks.", [PLOTS], None),
        ("The anode needed 70 mV less to reach 1 A cm⁻².", [ANODE], None),
        ("The anode needed 90 mV less to reach 1 A cm⁻².", [ANODE], ("90", "70")),
    ],
)
def test_whose_value_and_what_kind(
    claim: str, paper: list[str], mismatch: tuple[str, str] | None
) -> None:
    gates = run_gates(claim, PaperFacts(make_paper(paper)))
    evidence = [Evidence(1, t, (0.0, 0.0, 1.0, 1.0), 0.9, i) for i, t in enumerate(paper)]
    result = bind_numbers(gates.numbers, gates.text, evidence)
    listed = listed_mismatch(gates.numbers, gates.text, evidence)
    found = result.mismatch or listed
    assert (found and (found.claim_value, found.paper_value)) == mismatch


JUDGED = [
    ev(
        "The six annotators had a mean accuracy of 58.7% with weak agreement; VeriRev "
        "classified 91.0% (546/600) of the same reviews correctly."
    ),
    replace(ev("VeriRev wrongly flagged 7.7% of genuine reviews as fake."), sentence_index=1),
]


@pytest.mark.parametrize(
    ("claim", "bound", "mismatch"),
    [
        # the count a value restates in brackets is no word of it: "reviews correctly" are 91.0%'s
        ("VeriRev was correct on 91% of the same reviews.", 1, None),
        ("VeriRev was correct on 81% of the same reviews.", 0, ("81%", "91.0%")),
    ],
)
def test_a_bracket_restating_a_value_is_no_word_of_it(
    claim: str, bound: int, mismatch: tuple[str, str] | None
) -> None:
    result = bind_numbers(extract_numbers(claim), claim, JUDGED)
    assert result.bound == bound
    assert (result.mismatch and (result.mismatch.claim_value, result.mismatch.paper_value)) == (
        mismatch
    )


OFFENCES = [
    ev(
        "The mean number of proven offences per person over 24 months was 0.94 in the "
        "conferencing arm and 1.21 in the court arm (incidence rate ratio 0.78, 95% CI 0.64 to "
        "0.95; p=0.013)."
    )
]


@pytest.mark.parametrize(
    ("claim", "mismatch"),
    [
        # a span is one in any unit: two years are 24 months
        (
            "Over the two-year follow-up, young people in the conferencing arm averaged 0.94 "
            "proven offences each, compared with 1.21 for those processed by the court.",
            None,
        ),
        (
            "Over the two-year follow-up, young people in the conferencing arm averaged 1.21 "
            "proven offences each.",
            ("1.21", "0.94"),
        ),
    ],
)
def test_a_span_in_another_unit_is_the_same_setting(
    claim: str, mismatch: tuple[str, str] | None
) -> None:
    result = bind_numbers(extract_numbers(claim), claim, OFFENCES)
    assert (result.mismatch and (result.mismatch.claim_value, result.mismatch.paper_value)) == (
        mismatch
    )


@pytest.mark.parametrize(
    ("claim", "words"),
    [
        # the first of two coordinated shares takes what the second's clause says of both
        (
            "About 22% of hybrid engineers and 23% of office engineers were promoted.",
            {"engineer", "promot"},
        ),
        ("About 22% of hybrid engineers were promoted.", {"engineer", "promot"}),
        # a share whose clause runs on in its own words keeps them
        ("About 22% of hybrid engineers quit, and 23% of office engineers were promoted.", set()),
    ],
)
def test_coordinated_shares_share_their_predicate(claim: str, words: set[str]) -> None:
    first, *rest = stated_numbers(claim)
    context = number_context(claim, first.start, first.end)
    shared = with_shared_predicate(claim, first, [first, *rest], context)
    assert words <= shared.words
    if not words:
        assert "promot" not in shared.words


@pytest.mark.parametrize(
    ("claim", "bound", "mismatch"),
    [
        # a tolerance the paper writes with "+/-" is a value; a part the sentence opens with is
        # no rival of the whole's value
        ("In the same-day group, 71% had a second eye within 0.5 D of target.", 2, None),
        ("In the same-day group, 71% had a second eye within 1.5 D of target.", 1, ("1.5", "0.50")),
        (
            "In the same-day group, 78% had a second eye within 0.5 D of target.",
            1,
            ("78%", "75.3%"),
        ),
    ],
)
def test_a_tolerance_and_a_part_named_first(
    claim: str, bound: int, mismatch: tuple[str, str] | None
) -> None:
    paper = [
        "The second eye was within +/-0.50 D of target in 286 of 402 ISBCS patients (71.1%) and "
        "296 of 393 DSBCS patients (75.3%; difference -4.2 percentage points, 95% CI -10.3 to "
        "1.9; p=0.18).",
        "Among patients with axial length above 26.0 mm, 22 of 38 (57.9%) ISBCS and 32 of 41 "
        "(78.0%) DSBCS patients were within target.",
    ]
    result = _bound_in(claim, paper)
    assert (result.bound, _pair(result)) == (bound, mismatch)


@pytest.mark.parametrize(
    ("claim", "bound", "mismatch"),
    [
        # the claim gives an interval's end, which the paper's interval has
        ("The upper confidence limit of 0.024 stayed inside the 0.04 margin.", 2, None),
        (
            "The upper confidence limit of 0.034 stayed inside the 0.04 margin.",
            1,
            ("0.034", "0.04"),
        ),
        # the sentence stating the claim's fact outweighs a rival stated of something else,
        # unless it gives the value as a range's bound
        (
            "The delay from collapse to the start of cooling was much the same in both groups, a "
            "median of 5 to 6 minutes.",
            2,
            None,
        ),
        (
            "The 22 beavers released in 2017 had built 61 dams across the four treatment "
            "catchments by the end of 2022.",
            4,
            ("22", "four"),
        ),
    ],
)
def test_an_interval_end_and_the_sentence_stating_the_fact(
    claim: str, bound: int, mismatch: tuple[str, str] | None
) -> None:
    paper = [
        "The upper confidence limit lay below the 0.04 margin.",
        "Mean CDVA differed by 0.010 logMAR (95% CI -0.004 to 0.024).",
        "Median time to GCS 15 was 16 minutes (IQR 11-24) with CWI and 31 minutes (IQR 22-45) "
        "with EC.",
        "Median time from collapse to start of cooling was 6 minutes (IQR 4-9) with CWI and 5 "
        "minutes (IQR 3-8) with EC.",
        "Eleven beavers in four family groups were released in April 2017.",
        "By the end of 2022, 61 dams had been recorded across the four treatment catchments "
        "(range 9 to 22 per catchment).",
    ]
    result = _bound_in(claim, paper)
    assert (result.bound, _pair(result)) == (bound, mismatch)


def test_an_interval_end_is_read_from_the_papers_interval() -> None:
    claim = "Its lower bound was 1.08."
    (mention,) = stated_numbers(claim)
    assert interval_end(claim, mention, ["aOR 1.32, 95% CI 1.08 to 1.61"])
    assert not interval_end(claim, mention, ["aOR 1.32, 95% CI 1.02 to 1.08"])


def test_a_condition_a_change_holds_at_is_no_change() -> None:
    claim = "Curtailment cut bat deaths by two-thirds at 6.5 m/s."
    (mention,) = [m for m in stated_numbers(claim) if m.raw == "6.5"]
    assert not states_change(claim, mention)


@pytest.mark.parametrize(
    ("claim", "bound", "mismatch"),
    [
        # the value found only in a sentence about another lead, while the sentence stating the
        # claim's fact gives its own
        ("Wastewater RSV levels led reported cases by a median of 12 days.", 0, ("12", "7")),
        ("Wastewater RSV levels led reported cases by a median of 7 days.", 1, None),
        # an interval's bounds are the claim's estimate's, which the statement need not repeat
        (
            "The rate of ulcer closure was about 1.6 times higher with phage (95% CI 1.02 to "
            "2.39).",
            3,
            None,
        ),
        # a tally of people is no quantity the statement gives another value of
        ("The trial randomised 248 adults, with 124 allocated to each app.", 2, None),
    ],
)
def test_a_value_the_sentence_stating_the_fact_gives_otherwise(
    claim: str, bound: int, mismatch: tuple[str, str] | None
) -> None:
    paper = [
        "Wastewater RSV surveillance closely mirrored and modestly anticipated reported cases.",
        "Cross-correlation peaked when wastewater led cases by a median of 7 days (range 4-11).",
        "Correlation with hospital admissions was moderate, with a longer median lead of 12 days.",
        "The hazard ratio for closure was 1.56 (95% CI 1.02 to 2.39; p=0.04).",
        "Among ulcers larger than 2 cm2 the hazard ratio was 1.05 (95% CI 0.61 to 1.80).",
        "The trial randomised 248 adults with chronic tinnitus.",
        "Of the 248 adults, 124 were allocated to each app, and 25 withdrew.",
    ]
    result = _bound_in(claim, paper)
    assert (result.bound, _pair(result)) == (bound, mismatch)


INTERFACE = [
    "In each insulated house, two RH sensors were fixed at the brick-insulation interface; "
    "interface RH above 80% was taken as the mould-risk threshold.",
    "Relative humidity at the brick-insulation interface exceeded 80% for a median 9% of "
    "monitored hours behind hempcrete versus 31% behind mineral wool (p<0.001).",
    "Behind mineral wool the interface spent nearly a third of monitored hours above 80% RH.",
]


@pytest.mark.parametrize(
    ("claim", "mismatch"),
    [
        # a threshold the paper names with the same value is no quantity the hours' shares rival
        (
            "Hours with interface humidity above the 80% mould-risk threshold were more than "
            "three times as common behind mineral wool as behind hempcrete.",
            None,
        ),
        (
            "Hours with interface humidity above the 70% mould-risk threshold were more than "
            "three times as common behind mineral wool as behind hempcrete.",
            "70%->80%",
        ),
    ],
)
def test_a_threshold_the_paper_names_alike(claim: str, mismatch: str | None) -> None:
    paper = make_paper(INTERFACE)
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())
    reasons = checker.verify(claim)[0].reasons
    found = [r.removeprefix("number_mismatch:") for r in reasons if r.startswith("number_mis")]
    assert found == ([mismatch] if mismatch else [])
