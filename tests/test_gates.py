"""Deterministic gates against a small paper."""

from __future__ import annotations

import pytest

from core.types import Reference
from core.verify.gates import PaperFacts, name_candidates, run_gates
from core.verify.gates.names import check_names
from tests.fakes import make_paper

PAPER = make_paper(
    [
        "We introduce SpanCheck, a verifier built on BERT-base. It reaches 85.3% accuracy on "
        "SQuAD v1.1 with 12,500 training pairs [1]. As shown in Table 2 and Figure 1, the gains "
        "are consistent across all three datasets. Prior work (Smith et al., 2021) used "
        "heuristics. The model is trained for 3 epochs in 2023.",
        'We note that "the verifier rarely contradicts the reader" in practice. Lee and Park '
        "(2020) proposed a similar idea [2].",
    ],
    references=[
        Reference("1", "J. Smith, A. Jones. Span verification. 2021.", ("Smith", "Jones"), "2021"),
        Reference("2", "K. Lee and M. Park. Readers. 2020.", ("Lee", "Park"), "2020"),
    ],
    headings=["1 Introduction", "2 Method", "3 Experiments"],
)
FACTS = PaperFacts(PAPER)


@pytest.mark.parametrize(
    ("sentence", "reasons", "hard"),
    [
        ("SpanCheck reaches 85.3 % accuracy on SQuAD.", [], False),
        ("SpanCheck reaches 87.1% accuracy.", ["number_not_in_paper:87.1%"], False),
        ("It uses 12 500 training pairs.", [], False),
        ("It uses 12.5k training pairs.", [], False),
        ("It uses 125k training pairs.", ["number_not_in_paper:125k"], False),
        ("Accuracy is 0.853.", [], False),
        ("It was trained in 2019.", ["number_not_in_paper:2019"], False),
        # a year before a singular noun is a date; before a plural one, a count
        ("The data end before the 2023 step-up.", [], False),
        ("It was trained for 2023 steps.", ["number_unit_not_in_paper:2023 steps"], False),
        ("1. The model is trained for 3 epochs.", [], False),
        ("The authors say “the verifier rarely contradicts the reader”.", [], False),
        (
            "The authors say “the verifier never contradicts the reader”.",
            ["quote_not_in_paper:the verifier never contradicts the reader"],
            True,
        ),
        ("They say “rarely”.", [], False),
        ("This follows [1] and [2].", [], False),
        ("This follows [1–3].", ["citation_not_in_references:[3]"], True),
        ("Smith et al. (2021) used heuristics.", [], False),
        ("(Smith et al., 2021; Wang, 2018)", ["citation_not_in_references:Wang 2018"], True),
        ("Jones and Brown (2019) did it.", ["citation_not_in_references:Jones 2019"], True),
        ("Table 2 shows gains.", [], False),
        ("Table 5 shows losses.", ["table_not_in_paper:Table 5"], True),
        ("Fig. 1 and Section 3 explain it.", [], False),
        ("Section 9 explains it.", ["section_not_in_paper:Section 9"], True),
        ("It builds on BERT-base, not RoBERTa-large.", ["name_not_in_paper:RoBERTa-large"], False),
        ("It was evaluated by Microsoft.", ["name_not_in_paper:Microsoft"], False),
        # a hyphen joins a common word to one of the paper's names, not a new name
        ("A SpanCheck-based reader is trained on SQuAD-style pairs.", [], False),
        ("An XLNet-based reader is used.", ["name_not_in_paper:XLNet-based"], False),
        # a participle says what was done with the name
        ("SpanCheck-scored answers and SQuAD-filtered pairs are used.", [], False),
        ("XLNet-scored answers are used.", ["name_not_in_paper:XLNet-scored"], False),
        ("该方法在SQuAD上达到了85.3%的准确率。", [], False),
        ("该方法达到了百分之九十的准确率。", ["number_not_in_paper:百分之九十"], False),
        (
            "作者引用了[5]和表7。",
            ["citation_not_in_references:[5]", "table_not_in_paper:Table 7"],
            True,
        ),
        ("作者写道：「the verifier always agrees with the reader」。", None, True),
        ("在Table 2中，SpanCheck达到了85.3%。", [], False),
        ("在Table 5中，SpanCheck达到了85.3%。", ["table_not_in_paper:Table 5"], True),
    ],
)
def test_gates(sentence: str, reasons: list[str] | None, hard: bool) -> None:
    result = run_gates(sentence, FACTS)
    if reasons is not None:
        assert list(result.reasons) == reasons
    assert result.hard_failure is hard


@pytest.mark.parametrize(
    ("sentence", "reasons"),
    [
        ("Oedema was judged without OCT scans.", []),
        ("Grading used the DRS scale.", []),
        # an acronym the paper does not spell out, or spells out with function words
        ("Oedema was judged with OCTA scans.", ["name_not_in_paper:OCTA"]),
        ("Patients took the OCP daily.", ["name_not_in_paper:OCP"]),
        # two letters spell two words out; a unit of temperature names nothing
        ("Cases came from GP records.", []),
        ("Cases came from GX records.", ["name_not_in_paper:GX"]),
        ("Rooms were two degrees Celsius cooler.", []),
    ],
)
def test_an_acronym_the_paper_spells_out(sentence: str, reasons: list[str]) -> None:
    paper = make_paper(
        [
            "Macular oedema was assessed without optical coherence tomography.",
            "Grading followed the diabetic-retinopathy severity scale of the clinic.",
            "Patients took one of the pills daily.",
            "Cases were found in general practice records.",
        ]
    )
    assert list(run_gates(sentence, PaperFacts(paper)).reasons) == reasons


def test_overclaim_needs_backing_in_evidence() -> None:
    evidence = ["The gains are consistent across all three datasets."]
    assert run_gates("It works on all datasets.", FACTS, evidence).reasons == ()
    # all of a quantity is its full or 100% share
    replaced = "Swapping all of the coarse aggregate lowered strength by a fifth."
    full = ["Full replacement reduced strength by roughly a fifth."]
    assert run_gates(replaced, FACTS, full).reasons == ()
    assert run_gates(replaced, FACTS, ["Replacing 100% of it cut strength."]).reasons == ()
    assert "overclaim:all" in run_gates(replaced, FACTS, ["Half of it was replaced."]).reasons
    assert (
        "overclaim:prove"
        in run_gates("This proves the verifier is correct.", FACTS, evidence).reasons
    )
    assert (
        "overclaim:all"
        in run_gates("该方法在所有任务上都有效。", FACTS, ["It helps on two tasks."]).reasons
    )


def test_a_compound_names_a_kind_and_claims_nothing() -> None:
    evidence = ["SpanCheck verifies spans."]
    therapy = "Problem-solving training of SpanCheck verifies spans."
    assert not any(r.startswith("overclaim") for r in run_gates(therapy, FACTS, evidence).reasons)
    solved = "SpanCheck solves span verification."
    assert "overclaim:solve" in run_gates(solved, FACTS, evidence).reasons


@pytest.mark.parametrize(
    ("sentence", "flagged"),
    [
        ("SpanCheck is the first to verify spans.", True),
        ("SpanCheck is the first method for span checks.", True),
        # "first" counting a sequence claims no priority
        ("Accuracy rose from the first to the third epoch.", False),
        ("Going from the first to the second season, accuracy fell.", False),
    ],
)
def test_first_claims_priority_only_of_a_deed_or_a_work(sentence: str, flagged: bool) -> None:
    reasons = run_gates(sentence, FACTS, ["SpanCheck verifies spans."]).reasons
    assert ("overclaim:first" in reasons) is flagged


def test_translated_chinese_quote_is_not_matched_exactly() -> None:
    assert run_gates("作者称「验证器很少与阅读器矛盾」。", FACTS).failures == ()


CHINESE_PAPER = PaperFacts(
    make_paper(
        [
            "截至2021年12月，我国网民规模达10.32亿。三位标注者独立标注剩余的6000个问题。"
            "模型使用BERT，epoch数目设置为12。"
        ]
    )
)


@pytest.mark.parametrize(
    ("sentence", "reasons"),
    [
        # Units and common words are Chinese in the paper; the English claim translates them.
        ("The annotators labelled the remaining 6000 questions.", []),
        ("BERT is fine-tuned for 12 epochs.", []),
        ("BERT is fine-tuned for 6000 epochs.", ["number_unit_not_in_paper:6000 epochs"]),
        ("Users were counted until 2021.", []),
        ("By December 2021, China had 1.032 billion internet users.", []),
        # Acronyms, model names and numbers are written the same in both languages.
        ("RoBERTa is fine-tuned for 12 epochs.", ["name_not_in_paper:RoBERTa"]),
        ("The annotators labelled 7000 questions.", ["number_not_in_paper:7000"]),
    ],
)
def test_english_claim_about_a_chinese_paper(sentence: str, reasons: list[str]) -> None:
    assert list(run_gates(sentence, CHINESE_PAPER).reasons) == reasons


def test_names_skip_sentence_start_and_common_words() -> None:
    assert name_candidates("However, the Model uses Adam and GPT-4.") == ["Adam", "GPT-4"]
    assert name_candidates("The results are good.") == []
    assert name_candidates("Ultrasound found more cases than chest X-ray.") == []
    # accented names are one name; a range's words are none
    assert name_candidates("Sensors in Lyon and Kraków were funded by the Fundación Areces.") == [
        "Lyon",
        "Kraków",
        "Fundación",
        "Areces",
    ]
    assert name_candidates("Trust fell on a 0-to-10 scale for 1-in-5 residents.") == []


def test_a_number_the_paper_has_only_inside_a_name_is_not_the_papers() -> None:
    facts = PaperFacts(make_paper(["We compare LongChat-7b-v1.5-32k with GPT-3.5 at 4k tokens."]))
    assert run_gates("GPT-3.5 is tested at 32k tokens.", facts).reasons == (
        "number_not_in_paper:32k",
    )
    assert run_gates("LongChat-7b-v1.5-32k is tested at 4k tokens.", facts).reasons == ()


def test_numbers_inside_names_and_citations_are_not_checked_as_numbers() -> None:
    result = run_gates("GPT-4 is cited as [1] in Table 2.", FACTS)
    assert not any(r.startswith("number_") for r in result.reasons)


@pytest.mark.parametrize(
    ("sentence", "reasons"),
    [
        # an enumeration inside the sentence numbers its items, it states no value
        ("The paper compares (7) SpanCheck with (8) BERT-base.", []),
        ("The authors list two steps: (8) training and (9) testing.", []),
        ("论文包括：（7）数据收集；（8）标注。", []),
        # a value in parentheses is still a value
        (
            "SpanCheck scores 27 BLEU (28) on SQuAD v1.1.",
            ["number_not_in_paper:27", "number_not_in_paper:28"],
        ),
        ("SpanCheck reaches 85.3% accuracy (n=7).", ["number_not_in_paper:7"]),
        # the level of an interval states no value; its bounds do
        ("SpanCheck reaches 85.3% accuracy (95% CI 12,500 to 2023).", []),
        ("SpanCheck reaches 85.3% accuracy (90% credible interval 3 to 2023).", []),
        ("SpanCheck reaches 85.3% accuracy (95% CI 81.0 to 2023).", ["number_not_in_paper:81.0"]),
        ("SpanCheck reaches 95% accuracy.", ["number_not_in_paper:95%"]),
    ],
)
def test_an_inline_enumeration_is_no_number(sentence: str, reasons: list[str]) -> None:
    result = run_gates(sentence, FACTS)
    assert sorted(r for r in result.reasons if r.startswith("number_")) == reasons


@pytest.mark.parametrize(
    ("sentence", "terms"),
    [
        ("It clarifies the contributions, if any, of each part.", []),
        ("The plan was registered before any data were collected.", []),
        ("They asked whether any lab found an effect.", []),
        # a negated subject denies what its "any" ranges over, across appositive commas
        ("Neither funder, a council and a trust, had any say in the analysis.", []),
        ("No participant reported any serious harm.", []),
        ("The funder had any say it wanted.", ["any"]),
        ("It beats any baseline.", ["any"]),
        # "the best baseline" picks a comparison's reference; it claims nothing of the method
        ("It cut the error by 5% relative to the best baseline.", []),
        ("It beat the best previous result.", []),
        ("It is the best baseline-free model.", ["best"]),
        ("It is the best model.", ["best"]),
        # what a comparison or superlative is set against; the values settle it
        ("It scored a higher Dice than every baseline it was compared with.", []),
        ("Removing it hurt more than removing any other component.", []),
        ("NCM83 delivered the highest capacity of all samples.", []),
        ("It performs better than the baseline on all datasets.", ["all"]),
        ("It delivered high capacity in all samples.", ["all"]),
        # a rate or an interval
        ("It missed 7 in every 1,000 children.", []),
        ("One recurrence was avoided for roughly every dozen people treated.", []),
        ("The team put the cost at USD 32 for every colony still alive.", []),
        ("The team checked the tiles for every colony.", ["every"]),
        ("Scores were taken every three months.", []),
        # a frequency
        ("Smokers who vaped every day were twice as likely to quit.", []),
        ("Nurses who worked nights every other week slept less.", []),
        ("Every day of follow-up was recorded.", ["every"]),
        ("Scores were taken at every visit.", ["every"]),
        ("All eight models reach 50%.", ["all"]),
        ("In every one of the five sites, the peak came first.", ["every"]),
    ],
)
def test_any_that_claims_no_universal(sentence: str, terms: list[str]) -> None:
    from core.verify.gates import overclaim_terms

    assert overclaim_terms(sentence) == terms


COMBINED = PaperFacts(
    make_paper(
        [
            "(2) SVR+RBF(Glove): this baseline maps each term to TF-IDF weighted Glove "
            "embeddings. We also "
            "train a bi-directional LSTM. BERT with a CRF layer tags the spans. "
            "HTML Text + Audio reaches 0.845. This research was supported by Science "
            "Foundation Ireland (SFI) under Grant Number SFI/12/RC/2289_2."
        ]
    )
)


@pytest.mark.parametrize(
    ("sentence", "reasons"),
    [
        ("The SVR+RBF(Glove) baseline uses Glove embeddings.", []),
        ("HTML Text+Audio reaches 0.845.", []),
        # each part occurs, the combination is another's
        ("The LSTM+RBF(Glove) baseline uses Glove embeddings.", ["name_not_in_paper:LSTM+RBF"]),
        ("LSTM+RBF基线使用Glove词向量。", ["name_not_in_paper:LSTM+RBF"]),
        ("该基线使用LSTM+RBF模型。", ["name_not_in_paper:LSTM+RBF"]),
        # no sibling: the claim's own shorthand
        ("BERT+CRF tags the spans.", []),
        # an identifier occurs as written
        ("The work was funded under grant SFI/12/RC/2289_2.", []),
        ("该研究的资助编号为SFI/12/RC/2289_2。", []),
        ("The grant number is SFI/12/TF-IDF/2289_2.", ["name_not_in_paper:SFI/12/TF-IDF/2289_2"]),
        ("Data are split into train/validation/test sets.", []),
        ("作者使用了7:1:2的训练集/验证集/测试集比例。", ["ratio_not_in_paper:7:1:2"]),
    ],
)
def test_a_combined_name_needs_its_combination(sentence: str, reasons: list[str]) -> None:
    assert list(run_gates(sentence, COMBINED).reasons) == reasons


def test_a_recombined_name_names_the_papers() -> None:
    (failure,) = run_gates("LSTM+RBF is a baseline.", COMBINED).failures
    assert failure.explanation == "“LSTM+RBF” does not occur in the paper, which has SVR+RBF"


RATIO_PAPER = PaperFacts(
    make_paper(
        [
            "We split the calls into training, validation and test sets in the ratio 7:1:2. "
            "The learning rate is 2e-5, chosen among {1e-5, 2e-5, 5e-5}. The other corpus "
            "keeps 80%, 10% and 10% of its documents for training, validation and testing."
        ]
    )
)


@pytest.mark.parametrize(
    ("sentence", "reasons"),
    [
        ("The data are split 7:1:2.", []),
        ("数据集按7：1：2的比例划分。", []),
        ("The data are split 7:3:2.", ["ratio_not_in_paper:7:3:2"]),
        ("The other corpus is split 8:1:1.", []),
        ("The learning rate is 2 × 10^-5.", []),
        ("The learning rate is 2e-6.", ["number_not_in_paper:2e-6"]),
        ("It uses 5e-5 and 1E-05.", []),
    ],
)
def test_ratios_and_powers_of_ten(sentence: str, reasons: list[str]) -> None:
    assert list(run_gates(sentence, RATIO_PAPER).reasons) == reasons


def test_a_missing_ratio_names_the_papers_ratio() -> None:
    (failure,) = run_gates("They split it 7:3:2.", RATIO_PAPER).failures
    assert failure.explanation == "7:3:2 does not occur in the paper; the paper gives 7:1:2"


@pytest.mark.parametrize(
    ("sentence", "flagged"),
    [
        ("The model trains for 60 epochs.", True),
        ("Predictions cover a 30-day horizon.", False),
        ("Returns are measured over 60 days.", False),
        ("Training took 47 minutes.", False),
        ("Training took 47 hours.", True),
        # a table prints times short: "54s", "2.5 h"
        ("Each claim takes 54 seconds.", False),
        ("Indexing takes 2.5 hours.", False),
        ("Indexing takes 2.5 minutes.", True),
        ("Each claim takes 4 seconds.", True),
        # a size written short or in full, and the first number of a range
        ("Inputs are cut to 16,000 tokens.", False),
        ("Inputs are cut to 16k tokens.", False),
        ("The shortest inputs have 1k tokens.", False),
        ("The shortest inputs have 1k GPUs.", True),
        ("The model has 2 layers.", False),
        ("The model has 4 layers.", True),
        ("The model is trained for 5 epochs.", False),
        # "72.0 years" states 72 years, and "3.50 h" 3.5 hours
        ("The participants were 72 years old on average.", False),
        ("The participants were 72 hours old on average.", True),
        ("Queries take 3.5 hours.", False),
        ("预测覆盖30天的区间。", False),
        ("收益在60天内计算。", False),
        ("训练用时47小时。", True),
        ("模型有2层。", False),
        ("模型训练了60轮。", True),
        ("该研究始于2021年。", False),
        # a rate counts its base's unit: "5.3 per 100 pupil-days" is 5.3 days
        ("Absence was 5.3 days per 100 pupil-days.", False),
        ("Absence was 5.3 weeks per 100 pupil-days.", True),
    ],
)
def test_number_must_carry_its_unit(sentence: str, flagged: bool) -> None:
    from core.verify.gates import PaperFacts, run_gates
    from tests.fakes import make_paper

    paper = make_paper(
        [
            "We evaluate 3, 7, 15 and 30-day horizons over 60 trading days. "
            "Training took 47 minutes. Table 1 has 60 rows and 4 columns. "
            "Number of layers 2. Epochs: 5. The study began in 2021. "
            "Table 2: AIC CTU: time per claim 54s; indexing 2.5 h; 4 GPUs. "
            "Inputs range from 1k to 16k tokens. The mean age was 72.0 years. "
            "Queries: 3.50 h. Absence was 5.3 per 100 pupil-days."
        ]
    )
    failures = run_gates(sentence, PaperFacts(paper)).failures
    assert bool(failures) == flagged
    if flagged:
        assert failures[0].reason.startswith("number_unit_not_in_paper:")


HORIZONS = PaperFacts(
    make_paper(
        [
            "We compare 6 models. HTML reaches 0.401 at n=3 and 0.302 at n=7.",
            "Each model is evaluated for n = 3, 7, 15 and 30, with significance at p ≤ 0.001.",
            "The gap at n=15 was not significant (p=0.10).",
        ]
    )
)


@pytest.mark.parametrize(
    ("sentence", "reasons"),
    [
        # a value the paper assigns to the letter, in a list or alone
        ("Only n=15 reaches significance.", []),
        ("HTML reaches 0.302 at n=7.", []),
        ("The difference is significant (p < 0.001).", []),
        # a value the paper never assigns to a letter it assigns others to
        ("Only n=6 reaches significance.", ["number_unit_not_in_paper:n=6"]),
        # the paper's trailing zero writes the same value
        ("The gap at n=15 was not significant (p = 0.1).", []),
        ("The gap at n=15 was not significant (p = 0.302).", ["number_unit_not_in_paper:p=0.302"]),
        # a letter the paper never assigns says nothing
        ("The 6 models use k=6 neighbours.", []),
    ],
)
def test_a_conditions_value_must_be_the_papers(sentence: str, reasons: list[str]) -> None:
    assert list(run_gates(sentence, HORIZONS).reasons) == reasons


ROUNDED = PaperFacts(
    make_paper(
        [
            "At 10 months, 27.4% of intervention and 18.1% of control children ate two portions "
            "a day, against 26.6% at baseline.",
            "The detector reached an F1 of 0.779 on 23.8 sites on average.",
            "Riders completed 2,184,300 trips.",
        ]
    )
)


@pytest.mark.parametrize(
    ("sentence", "reasons"),
    [
        # a share or decimal the paper states with more digits, rounded
        ("About 27% of children in garden schools ate two portions a day.", []),
        ("In garden schools 27% of children ate two portions a day, against 18% of controls.", []),
        ("The detector reached an F1 of 0.78.", []),
        ("Riders completed about 2.2 million trips.", []),
        ("Riders completed 2.2 million trips.", []),
        ("Riders completed about 2.5 million trips.", ["number_not_in_paper:2.5 million"]),
        # rounded otherwise, or a whole count, it is not the paper's
        ("In garden schools 28% of children ate two portions a day.", ["number_not_in_paper:28%"]),
        ("The detector reached an F1 of 0.77.", ["number_not_in_paper:0.77"]),
        ("The detector was tested on 24 sites.", ["number_not_in_paper:24"]),
    ],
)
def test_a_rounded_value_is_the_papers(sentence: str, reasons: list[str]) -> None:
    assert list(run_gates(sentence, ROUNDED).reasons) == reasons


@pytest.mark.parametrize(
    ("paper", "flagged"),
    [
        ("Measures. All measures were self-reported by pupils.", False),
        ("Some measures were piloted.", True),
        ("All students were surveyed in class.", True),
    ],
)
def test_a_quantified_noun_the_paper_quantifies_so_is_backed(paper: str, flagged: bool) -> None:
    from core.verify.gates.overclaims import check_overclaims

    claim = "Every measure in the study came from the pupils' own reports."
    found = check_overclaims(claim, ["Pupils were surveyed in class."], paper)
    assert bool(found) == flagged


def test_a_quantified_noun_needs_another_word_of_the_claim() -> None:
    from core.verify.gates.overclaims import check_overclaims

    claim = "They recommend code review for every project."
    paper = "Put each project in its own directory."
    assert check_overclaims(claim, ["Review code before sharing."], paper)


def test_a_long_sentence_quantifying_the_noun_needs_two_words_of_the_claim() -> None:
    from core.verify.gates.overclaims import check_overclaims

    claim = "Across all restaurants, the wage increase cut jobs."
    paper = "We use the Census of Employment and Wages, for all restaurants in the state from 2014."
    assert check_overclaims(claim, ["Jobs fell in fast-food outlets."], paper)


@pytest.mark.parametrize(
    ("claim", "evidence", "flagged"),
    [
        # "all" of the study's participants, against the criteria of who took part
        (
            "All nurses in the analysis were free of diabetes at the outset.",
            "Nurses free of diabetes at baseline were included.",
            False,
        ),
        (
            "All of the people analysed were between 45 and 70 years old.",
            "Adults aged 45 to 70 years were enrolled from 12 practices.",
            False,
        ),
        (
            "Every woman in the cohort was at least 50 years old.",
            "Eligible women were aged 50 years or older on the date of their first prescription.",
            False,
        ),
        # without the criteria, or when "all" quantifies something else
        (
            "All nurses in the analysis were free of diabetes at the outset.",
            "Nurses were followed for 12 years.",
            True,
        ),
        (
            "Every woman in the cohort was at least 50 years old.",
            "Women were followed for a median of 3.4 years.",
            True,
        ),
        (
            "The study included adults of all ages.",
            "Adults aged 45 to 70 years were enrolled from 12 practices.",
            True,
        ),
        (
            "All invertebrates collected were identified to species level.",
            "Invertebrates were included when at least 80% of a sample was sorted.",
            True,
        ),
    ],
)
def test_all_participants_is_backed_by_who_took_part(
    claim: str, evidence: str, flagged: bool
) -> None:
    from core.verify.gates.overclaims import check_overclaims

    assert bool(check_overclaims(claim, [evidence])) == flagged


def test_generic_acronyms_are_among_the_words_that_name_nothing() -> None:
    from core.verify.gates.lexicon import GENERIC_ACRONYMS, NOT_NAMES

    assert GENERIC_ACRONYMS <= NOT_NAMES


@pytest.mark.parametrize(
    ("evidence", "flagged"),
    [
        # any superlative ranking of the paper's carries "best"; which way it ranks is the
        # ranks' and directions' to check
        ("GGBS gave the lowest migration coefficient at 90 days.", False),
        ("SF gave the highest strength at all ages.", False),
        ("GGBS gave a low migration coefficient at 90 days.", True),
    ],
)
def test_a_superlative_of_the_paper_backs_best(evidence: str, flagged: bool) -> None:
    from core.verify.gates.overclaims import check_overclaims

    claim = "Judged by the migration test, the slag concrete resisted chloride best."
    assert bool(check_overclaims(claim, [evidence])) == flagged


@pytest.mark.parametrize(
    ("evidence", "flagged"),
    [
        # a ranking of first backs a top choice; a first season does not
        ("Of the 16 farmers, eleven ranked SDT-12 first.", False),
        ("In the first season, eleven farmers grew SDT-12.", True),
    ],
)
def test_ranked_first_backs_a_top_choice(evidence: str, flagged: bool) -> None:
    from core.verify.gates.overclaims import check_overclaims

    claim = "Eleven of the 16 farmers named SDT-12 as their top choice."
    assert bool(check_overclaims(claim, [evidence])) == flagged


@pytest.mark.parametrize(
    ("claim", "missing"),
    [
        # a name in other words, glossed with the abbreviation the paper gives it
        ("The work was backed by the German Research Foundation (DFG).", []),
        ("The German Research Foundation (DFG) funded the work.", []),
        # a name the abbreviation cannot stand for, or an abbreviation the paper lacks
        ("The work was backed by the Wellcome Trust (DFG).", ["Wellcome", "Trust"]),
        (
            "The work was backed by the German Research Council (GRC).",
            ["German", "Research", "Council", "GRC"],
        ),
    ],
)
def test_a_name_glossed_with_the_papers_abbreviation(claim: str, missing: list[str]) -> None:
    facts = PaperFacts(make_paper(["Funded by the Deutsche Forschungsgemeinschaft (DFG)."]))
    failures, _ = check_names(claim, facts, [])
    assert [f.reason.split(":", 1)[1] for f in failures] == missing


@pytest.mark.parametrize(
    ("claim", "evidence", "flagged"),
    [
        # a uniqueness needs the paper's own: "only", "sole", "no other", "first"
        (
            "OpenQuestion is the only survey platform built on Python.",
            "OpenQuestion is a survey platform built on Python.",
            True,
        ),
        (
            "OpenQuestion is the only survey platform built on Python.",
            "No other survey platform is built on Python.",
            False,
        ),
        # "only" of an amount restricts; it claims no uniqueness
        ("Only 40 people took part.", "Forty people took part.", False),
        ("The trial enrolled only adults.", "Adults were enrolled.", False),
    ],
)
def test_the_only_one_is_an_absolute(claim: str, evidence: str, flagged: bool) -> None:
    from core.verify.gates.overclaims import check_overclaims

    assert bool(check_overclaims(claim, [evidence])) == flagged


@pytest.mark.parametrize(
    ("claim", "evidence", "flagged"),
    [
        # what all of the participants are, after them, restates who was eligible
        (
            "Just over 400 residents, all aged 65 or older, took part.",
            "Overall, 412 residents aged 65 years or older were randomised.",
            False,
        ),
        ("Just over 400 residents, all of whom improved, took part.", "Residents improved.", True),
    ],
)
def test_what_all_of_the_participants_are(claim: str, evidence: str, flagged: bool) -> None:
    from core.verify.gates.overclaims import check_overclaims

    assert bool(check_overclaims(claim, [evidence])) == flagged


def test_none_of_them_backs_all_of_them() -> None:
    from core.verify.gates.overclaims import check_overclaims

    claim = "Nine exposed plots lost every shoot, whereas all sheltered plots kept living eelgrass."
    lost = "Nine of 36 exposed plots had no living shoots; none of 36 sheltered plots was lost."
    assert check_overclaims(claim, [lost]) == []
    assert check_overclaims(claim, ["Nine of the 36 exposed plots had few living shoots."])


@pytest.mark.parametrize(
    ("sentence", "flagged"),
    [
        # a total of two or three of the paper's counts of the same noun, exactly
        ("Children from 79 primary schools took part.", False),
        ("Children from 91 primary schools took part.", False),
        # another total, or a total of another noun
        ("Children from 83 primary schools took part.", True),
        ("Children from nearly 80 primary schools took part.", True),
        ("Children from 79 hospitals took part.", True),
    ],
)
def test_a_total_of_the_papers_counts(sentence: str, flagged: bool) -> None:
    paper = make_paper(
        [
            "The city removed sugars from meals in all 41 of its publicly funded primary schools.",
            "We compared them with 38 primary schools in the neighbouring districts.",
            "A further 12 primary schools joined later, as did 30 hospitals.",
        ]
    )
    reasons = run_gates(sentence, PaperFacts(paper)).reasons
    assert any(r.startswith("number_not_in_paper") for r in reasons) is flagged


READING_PAPER = PaperFacts(
    make_paper(
        [
            "The primary outcome was oral reading fluency in words correct per minute (WCPM).",
            "The adjusted difference was 8.1 WCPM among English learners.",
            "Sick days averaged 4.1 and 4.3 per year.",
        ]
    )
)


@pytest.mark.parametrize(
    ("sentence", "reasons"),
    [
        # a unit the paper abbreviates, as its definition spells it
        ("The benefit was about 8 words correct per minute among English learners.", []),
        (
            "The benefit was 8.1 seconds per minute among English learners.",
            ["number_unit_not_in_paper:8.1 seconds"],
        ),
        # the unit as the subject the value is stated of
        ("Hybrid engineers took 4.1 days of sick leave a year.", []),
        (
            "Hybrid engineers took 4.1 weeks of sick leave a year.",
            ["number_unit_not_in_paper:4.1 weeks"],
        ),
    ],
)
def test_a_unit_abbreviated_or_named_before_its_value(sentence: str, reasons: list[str]) -> None:
    assert list(run_gates(sentence, READING_PAPER).reasons) == reasons
