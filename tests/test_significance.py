"""An effect whose estimate the paper finds not significant is no finding of it."""

from __future__ import annotations

import pytest

from core.config import CheckerSettings
from core.verify.significance import (
    check_significance,
    check_subgroup_difference,
    confirmed_null,
    estimates,
    interactions,
)
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeRetriever, make_paper

PAPER = make_paper(
    [
        "Average weekly earnings in treated restaurants rose by 6.8% (SE 1.4, p < 0.001) "
        "relative to comparison restaurants.",
        "Among limited-service restaurants, employment fell by 3.4% (SE 1.6, p = 0.04); among "
        "full-service restaurants the estimate was 0.6% (SE 1.7, p = 0.73).",
        "The adjusted association with depression was 0.46 (95% CI 0.20 to 0.72) among girls and "
        "0.12 (95% CI -0.14 to 0.38) among boys; the sex interaction was not statistically "
        "significant (p = 0.06).",
        "Heavy use carried higher odds of probable depression (odds ratio 1.42, 95% CI 1.08 to "
        "1.87), and night use higher odds of poor sleep (odds ratio 1.20, 95% CI 0.91 to 1.58).",
        "Within-person paths were small and not statistically significant, from use to "
        "symptoms (beta = 0.03, 95% CI -0.02 to 0.08; p = 0.24).",
        "Median lifespan increased in male mice (p = 0.003) but did not change significantly in "
        "female mice (p = 0.62).",
    ]
)
ESTIMATES = estimates(PAPER.sentences)


def test_estimates_are_read_with_their_own_words_and_significance() -> None:
    read = {e.text: (e.significant, "boy" in e.words or "boys" in e.words) for e in ESTIMATES}
    assert read == {
        "Average weekly earnings in treated restaurants rose by 6.8% (SE 1.4, p < 0.001)": (
            True,
            False,
        ),
        "Among limited-service restaurants, employment fell by 3.4% (SE 1.6, p = 0.04)": (
            True,
            False,
        ),
        "among full-service restaurants the estimate was 0.6% (SE 1.7, p = 0.73)": (False, False),
        "The adjusted association with depression was 0.46 (95% CI 0.20 to 0.72) among girls": (
            True,
            False,
        ),
        "and 0.12 (95% CI -0.14 to 0.38) among boys": (False, True),
        # one the sentence also calls not significant in words is read with what comes before
        # it, which names what it is of
        "The adjusted association with depression was 0.46 (95% CI 0.20 to 0.72) among girls and "
        "0.12 (95% CI -0.14 to 0.38) among boys; the sex interaction was not statistically "
        "significant (p = 0.06)": (False, True),
        # a ratio's interval is read against 1
        "Heavy use carried higher odds of probable depression (odds ratio 1.42, 95% CI 1.08 to "
        "1.87)": (True, False),
        "and night use higher odds of poor sleep (odds ratio 1.20, 95% CI 0.91 to 1.58)": (
            False,
            False,
        ),
        "Within-person paths were small and not statistically significant, from use to "
        "symptoms (beta = 0.03, 95% CI -0.02 to 0.08; p = 0.24)": (False, False),
        "Median lifespan increased in male mice (p = 0.003)": (True, False),
        "Median lifespan increased in male mice (p = 0.003) but did not change significantly in "
        "female mice (p = 0.62)": (False, False),
    }


@pytest.mark.parametrize(
    ("claim", "flagged"),
    [
        # an effect the paper's estimate does not show
        ("Full-service restaurants added jobs after the wage rise.", True),
        ("Among boys, use was significantly associated with depression.", True),
        ("Night use raised the odds of poor sleep.", True),
        # an estimate the paper also calls not significant in words
        ("Use predicted later symptoms within persons.", True),
        # a hedge of the inference drawn leaves the finding asserted
        ("Full-service restaurants added jobs, suggesting wages help.", True),
        # significant estimates, denied or hedged effects
        ("Earnings in treated restaurants rose by about 7%.", False),
        ("Limited-service restaurants cut jobs by 3.4%.", False),
        ("Among girls, use was associated with depression.", False),
        ("Full-service restaurants showed no clear change in jobs.", False),
        ("Full-service restaurants may have added jobs.", False),
        ("Heavy use carried higher odds of probable depression.", False),
        # a group alone is not what an estimate is of
        ("Female mice lost more lean mass.", False),
        # an effect put down to chance, or out of the study's reach, is no finding
        ("Full-service restaurants added jobs, though this could be due to chance.", False),
        (
            "Full-service restaurants added jobs, but the confidence interval included zero.",
            False,
        ),
        ("Full-service restaurants added jobs by much the same amount as others.", False),
        ("The study was too small to detect whether full-service restaurants added jobs.", False),
        # a bound on a count is no difference
        ("More than 200 full-service restaurants were in the estimate.", False),
        ("More than 200 full-service restaurants added jobs.", True),
    ],
)
def test_an_effect_the_estimate_does_not_show(claim: str, flagged: bool) -> None:
    assert (check_significance(claim, ESTIMATES) is not None) == flagged


SCHOOLS = estimates(
    make_paper(
        [
            "Children in intervention schools completed 3.1 more shuttle-run laps (95% CI 1.4 to "
            "4.8) than controls.",
            "Mean BMI z-score changed by -0.04 in intervention schools and +0.02 in control "
            "schools (adjusted difference -0.05, 95% CI -0.11 to 0.01; p=0.09).",
        ]
    ).sentences
)


@pytest.mark.parametrize(
    ("claim", "flagged"),
    [
        # the estimate naming the claim's group measures something else than a significant one
        (
            "Pupils in active schools ran three more shuttle-run laps than in control schools.",
            False,
        ),
        ("BMI z-scores fell more in active schools than in control schools.", True),
    ],
)
def test_the_estimate_of_the_claims_measure_outweighs_its_group(claim: str, flagged: bool) -> None:
    assert (check_significance(claim, SCHOOLS) is not None) == flagged


def test_the_verdict_quotes_the_estimate() -> None:
    checker = Checker(PAPER, FakeRetriever(PAPER), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify("Full-service restaurants added jobs after the wage rise.")[0]
    assert verdict.status.value == "unsupported"
    assert verdict.reasons[0] == "not_significant"
    assert verdict.explanation == (
        "The paper finds this not statistically significant (p. 1): “among full-service "
        "restaurants the estimate was 0.6% (SE 1.7, p = 0.73)”"
    )


def test_a_sentence_that_denies_the_effect_in_another_part_is_kept() -> None:
    checker = Checker(PAPER, FakeRetriever(PAPER), FakeEmbedder(), None, CheckerSettings())
    sentence = "Full-service restaurants added jobs, but the change was not significant."
    assert all("not_significant" not in v.reasons for v in checker.verify(sentence))


def test_a_number_of_the_estimate_tells_which_one_the_claim_means() -> None:
    paper = make_paper(
        [
            "Seven-day survival was 46% with vehicle, 54% at 5 mg/kg (p = 0.57), 79% at 15 mg/kg "
            "(p = 0.018) and 75% at 45 mg/kg (p = 0.041)."
        ]
    )
    found = estimates(paper.sentences)
    assert check_significance("The 5 mg/kg dose significantly improved survival.", found)
    assert check_significance("The 15 mg/kg dose significantly improved survival.", found) is None


def test_shares_in_words_tell_which_estimate_the_claim_means() -> None:
    texts = [
        "Of 212 confirmed smoke events, SmokeViT detected 191 (90.1%) and EmberNet 166 (78.3%); "
        "difference 11.8 percentage points (95% CI 5.6 to 18.0; p<0.001).",
        "At nine staffed lookout towers, SmokeViT detected 91.9% of events and lookouts 85.1% "
        "(p=0.14).",
    ]
    found = estimates(make_paper(texts).sentences)
    of_baseline = (
        "SmokeViT detected about nine in ten smoke events, against fewer than eight in ten for "
        "EmberNet."
    )
    of_lookouts = (
        "SmokeViT detected more than nine in ten smoke events, against fewer than nine in ten "
        "for the lookouts."
    )
    assert check_significance(of_baseline, found, texts=texts) is None
    assert check_significance(of_lookouts, found, texts=texts) is not None


def test_a_gap_named_after_its_values_is_of_them() -> None:
    paper = make_paper(
        [
            "Usable capacity at 77 K was 46 g/L for VLN-12 against 42 g/L for MOF-5; the 4 g/L "
            "advantage over MOF-5 was significant (95% CI 1 to 7; p = 0.02).",
            "Total volumetric uptake was 57 g/L for VLN-12 and 55 g/L for MOF-5 (p = 0.18).",
        ]
    )
    found = estimates(paper.sentences)
    claim = "At 77 K, VLN-12 delivered 46 grams of hydrogen per litre, more than MOF-5 managed."
    assert check_significance(claim, found) is None
    assert check_significance("VLN-12 had a higher total volumetric uptake than MOF-5.", found)


def test_a_word_few_estimates_use_tells_which_one_the_claim_means() -> None:
    paper = make_paper(
        [
            "Clothianidin was associated with lower abundance on farms (p < 0.001).",
            "Species richness fell with clothianidin (p = 0.06).",
            "Habitat was associated with higher abundance on farms (p = 0.002).",
        ]
    )
    found = check_significance("Clothianidin reduced species on farms.", estimates(paper.sentences))
    assert found is not None and found.text.startswith("Species richness")


def test_the_parts_of_a_hyphened_word_are_its_words() -> None:
    found = estimates(
        make_paper(
            [
                "Predators averaged 8.6 in wildflower-margin fields and 4.7 in control fields "
                "(RR 1.82; p<0.001).",
                "Mean grain yield was 8.62 t/ha with wildflower margins and 8.50 t/ha with grass "
                "margins (p=0.26).",
            ]
        ).sentences
    )
    claim = "Fields edged with wildflower strips hosted 80% more predators than grass margins."
    assert check_significance(claim, found) is None
    assert check_significance("Wildflower margins raised yield over grass margins.", found)


SEASONS = (
    "The wide-buffer effect on EPT richness was larger in autumn (5.2 taxa, 95% CI 3.0 to 7.4) "
    "than in spring (3.0 taxa, 95% CI 0.8 to 5.2), but the season-by-buffer interaction was not "
    "significant (p=0.08)."
)
ANXIETY = (
    "Among participants with high trait anxiety, the exercise effect on memory was 0.12 (95% CI "
    "-0.28 to 0.52), compared with 0.41 (95% CI 0.15 to 0.67) in the remaining participants; the "
    "interaction was significant (p=0.01)."
)
AGES = (
    "Results were similar in patients aged 70 years or older and in younger patients "
    "(interaction p=0.64)."
)
SEXES = "There was no sex by condition interaction (p = 0.58)."
PARENTS = "Estimates did not differ by parental asthma (interaction p=0.62)."


@pytest.mark.parametrize(
    ("claim", "flagged"),
    [
        # the paper's test of the difference is not significant
        ("The benefit of wide buffers was significantly greater in autumn than in spring.", True),
        ("Patients aged 70 or over gained significantly more than younger patients.", True),
        # a significant interaction, a claim without significance, or one that denies it
        ("The exercise effect on memory was significantly smaller in anxious people.", False),
        ("The benefit of wide buffers was greater in autumn than in spring.", False),
        ("The benefit was not significantly greater in autumn than in spring.", False),
        # no test of the claim's groups in the paper
        ("Sonographers caught a significantly larger share of cases than novices.", False),
        # two groups of one kind share what they differ by with its test; a plain "more" is
        # then a claim of the difference, where the test gives no estimate per group
        ("Women's working memory suffered more from sleep loss than men's.", True),
        ("Women's memory suffered somewhat more than men's.", False),
        ("Sleep loss impaired working memory in both men and women.", False),
        # a difference claimed as large is claimed; a stem is its word ("parental")
        ("Children of parents with asthma were considerably more susceptible.", True),
    ],
)  # fmt: skip
def test_a_subgroup_difference_against_the_papers_interaction_test(
    claim: str, flagged: bool
) -> None:
    paper = make_paper([SEASONS, ANXIETY, AGES, SEXES, PARENTS])
    found = check_subgroup_difference(claim, interactions(paper.sentences))
    assert (found is not None) == flagged


TRIAL = make_paper(
    [
        "Daily colchicine reduced the primary outcome compared with placebo (HR 0.66, 95% CI "
        "0.47 to 0.93, p=0.017); alternate-day colchicine did not (HR 0.83, 95% CI 0.60 to "
        "1.14, p=0.25).",
        "Among workers aged 30–34, permanent-contract rates changed by −0.9 points (−2.1 to 0.3; "
        "p=0.14).",
        "Nitrate concentrations did not differ among buffer classes.",
        "Maths anxiety and reading were unaffected.",
        "Species richness showed no significant trend across the three years (p=0.57).",
    ]
)


@pytest.mark.parametrize(
    ("claim", "confirmed"),
    [
        # the estimate most about the claim is not significant, or a sentence finds no effect
        ("Alternate-day colchicine did not significantly reduce the primary outcome.", True),
        ("Permanent-contract rates of workers aged 30–34 did not change significantly.", True),
        ("Nitrate concentrations were not different among buffer classes.", True),
        # one of the things a finding lists, denied in other words
        ("The tutoring left pupils' reading scores unchanged.", True),
        ("Species richness did not change significantly over the three years.", True),
        # the paper finds the effect the claim denies
        ("Daily colchicine did not reduce the primary outcome.", False),
        # a claim that states the effect, or denies something the paper does not estimate
        ("Alternate-day colchicine reduced the primary outcome.", False),
        ("The study received no money from industry.", False),
    ],
)
def test_a_denied_effect_the_paper_finds_none_of_is_supported(claim: str, confirmed: bool) -> None:
    checker = Checker(TRIAL, FakeRetriever(TRIAL), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify(claim)[0]
    assert (verdict.reasons[0] == "null_confirmed") == confirmed, verdict.reasons
    if confirmed:
        assert verdict.status.value == "supported"
        assert verdict.explanation.startswith("The paper finds no significant effect either")


def test_an_estimate_of_the_primary_outcome_is_of_what_the_paper_defines_it_as() -> None:
    paper = make_paper(
        [
            "The primary outcome was the composite of ischaemic stroke, myocardial infarction or "
            "vascular death.",
            "Daily colchicine reduced the primary outcome compared with placebo (HR 0.66, 95% CI "
            "0.47 to 0.93, p=0.017).",
            "For recurrent ischaemic stroke alone, the HR for daily colchicine versus placebo was "
            "0.71 (95% CI 0.48 to 1.05, p=0.09).",
        ]
    )
    found = estimates(paper.sentences)
    claim = "Daily colchicine lowered the risk of stroke, heart attack or vascular death."
    assert check_significance(claim, found) is None
    assert check_significance("Daily colchicine lowered the risk of stroke alone.", found)


def test_an_estimate_in_a_list_of_values_is_its_items_own() -> None:
    """NiFeMn's p-value says nothing of the undoped catalyst listed before it."""
    paper = make_paper(
        [
            "The overpotential was 287 ± 4 mV for undoped NiFe, 281 ± 6 mV for NiFeMn (p=0.22) "
            "and 251 ± 3 mV for NiFeV (p<0.001).",
            "Per unit of surface, NiFeCe did not differ from undoped NiFe (p=0.41).",
        ]
    )
    found = estimates(paper.sentences)
    assert [e.text for e in found] == [
        "281 ± 6 mV for NiFeMn (p=0.22)",
        "and 251 ± 3 mV for NiFeV (p<0.001)",
    ]
    assert (
        check_significance("NiFeV needed a lower overpotential than undoped NiFe.", found) is None
    )


def test_an_estimate_that_says_two_groups_are_alike_is_no_effect_not_found() -> None:
    """Its p-value tests the two groups' difference, not the gain a claim states."""
    paper = make_paper(
        [
            "By 90 days FA had reached the control's strength (p = 0.79), having gained 28% "
            "between 28 and 90 days against 9% for the control."
        ]
    )
    claim = "Between 28 and 90 days the fly ash concrete gained nearly 30% in strength."
    assert check_significance(claim, estimates(paper.sentences)) is None


def test_a_claim_about_one_group_is_left_to_that_groups_estimates() -> None:
    claim = "Among boys, use was significantly associated with depression."
    assert check_significance(claim, ESTIMATES) is not None


@pytest.mark.parametrize(
    ("sentence", "significant"),
    [
        # "ORs" names ratios as "OR" does: an interval spanning 1 is no effect
        ("Adjusted ORs were 1.08 (95% CI 0.79–1.47) for 50–99 Bq/m3.", False),
        ("Adjusted HRs were 1.31 (95% CI 1.08–1.59) for heavy use.", True),
        # a test of the model, not of the estimate before it
        ("The estimate was −2.4 among non-eligible children (p for interaction=0.09).", None),
        ("The OR was 1.27, with no evidence of departure from linearity (p = 0.63).", None),
        ("The OR per 100 Bq/m3 was 1.27 (p = 0.01).", True),
        # thousands keep their separators
        (
            "Mean cost was EUR 3,910 with home care (difference -1,330, 95% CI -1,880 to -780).",
            True,
        ),
        (
            "Mean cost was EUR 3,910 with home care (difference -330, 95% CI -1,880 to 1,220).",
            False,
        ),
    ],
)
def test_an_estimates_own_statistic_says_whether_it_is_significant(
    sentence: str, significant: bool | None
) -> None:
    read = [e.significant for e in estimates(make_paper([sentence]).sentences)]
    assert read == ([] if significant is None else [significant])


def test_what_a_bracket_compares_names_its_estimate() -> None:
    paper = make_paper(
        [
            "Performance was similar at the two hospitals (AUC 0.92 at Marlowe vs 0.89 at St "
            "Brigid's; p=0.21).",
            "Sensitivity was higher in types I-III than in types IV-VI (p=0.002).",
        ]
    )
    found = estimates(paper.sentences)
    claim = "The model did significantly better at Marlowe Hospital than at St Brigid's."
    assert check_significance(claim, found)
    assert check_significance("Sensitivity was significantly higher in types I-III.", found) is None


ROOFS = make_paper(
    [
        "At least one clinic visit for heat illness was reported by 9 of 144 coated and 14 of 138 "
        "comparison households (p=0.26).",
        "In the pre-specified subgroup analysis, the aOR was 0.46 (0.28 to 0.76) in households "
        "with a member aged 60 or older and 0.58 (0.42 to 0.80) in other households (p for "
        "interaction=0.41).",
        "Among the 412 participants with prediabetes at baseline, 71 (17.2%) developed diabetes; "
        "in this group each additional 1,000 steps was associated with an HR of 0.86 "
        "(95% CI 0.78–0.95).",
        "Time spent at brisk cadence was not associated with incident diabetes after adjustment "
        "for total steps (HR per 10 minutes per day 0.97, 0.88–1.07; p=0.55).",
    ]
)


def test_a_group_referred_back_to_is_named_before() -> None:
    # "in this group" is the group of the clause before: the prediabetes estimate
    claim = (
        "Among participants with prediabetes, more steps were associated with a lower chance of "
        "developing diabetes."
    )
    assert check_significance(claim, estimates(ROOFS.sentences)) is None


def test_an_interaction_test_with_its_p_first() -> None:
    claim = "Older adults benefited significantly more from cool roofs than younger members."
    assert check_subgroup_difference(claim, interactions(ROOFS.sentences)) is not None


def test_an_effect_said_to_have_stayed_the_same_is_no_finding() -> None:
    paper = estimates(
        make_paper(
            ["Weekend sleep duration was unchanged (DiD -3 min, 95% CI -15 to 9)."]
        ).sentences
    )
    claim = "Weekend sleep stayed essentially the same, so the change affected school nights only."
    assert check_significance(claim, paper) is None
    assert check_significance("The change affected weekend sleep duration.", paper) is not None


def test_the_estimate_a_bracket_opens_with_is_named_by_its_size() -> None:
    paper = estimates(
        make_paper(
            [
                "Answer-only training gave 69.8% (-1.6, -3.3 to 0.1; p = 0.07).",
                "Removing synthetic charts cut accuracy to 63.9% (-7.5, -9.4 to -5.6; p < 0.001).",
            ]
        ).sentences
    )
    claim = "Training with rationales significantly boosted accuracy, by about 1.6 points."
    found = check_significance(claim, paper)
    assert found is not None and found.text.startswith("Answer-only training")
    # the interval's level is no estimate: "(95% CI …)" names nothing
    assert (
        check_significance("Training significantly boosted accuracy by 95 points.", paper) is None
    )


@pytest.mark.parametrize(
    "claim",
    [
        "Coral cover fell by a similar amount at reserve and fished sites.",
        "Coral cover fell at comparable rates at reserve and fished sites.",
        "Coral cover rose in the reserves, but the gain fell short of statistical significance.",
    ],
)
def test_a_claim_that_grants_the_null_states_no_effect(claim: str) -> None:
    paper = estimates(
        make_paper(
            ["Live coral cover in the reserves declined from 34% to 31% (BACI p = 0.58)."]
        ).sentences
    )
    assert check_significance(claim, paper) is None
    assert check_significance("Coral cover in the reserves declined significantly.", paper)


def test_a_hyphened_no_denies_nothing() -> None:
    paper = estimates(
        make_paper(
            ["Live coral cover in no-take reserves declined from 34% to 31% (BACI p = 0.58)."]
        ).sentences
    )
    claim = "Live coral cover increased significantly inside the no-take reserves."
    assert confirmed_null(claim, paper) is None
    assert check_significance(claim, paper) is not None
    assert confirmed_null("Coral cover in no-take reserves did not change.", paper) is not None


def test_a_difference_the_paper_calls_not_significant_in_words() -> None:
    paper = estimates(
        make_paper(
            [
                "Control among treated participants was 44.9% in Can Tho and 29.5% in Ha Giang, "
                "but this difference was not significant after adjustment (p=0.09).",
                "The 4 g/L advantage of VLN-12 over MOF-5 was significant (p = 0.02).",
                "Supercritical activation did not change total uptake at 77 K (9.9 vs 9.8 wt%; "
                "p = 0.62).",
            ]
        ).sentences
    )
    claim = "Blood pressure control among treated patients was significantly better in Can Tho."
    found = check_significance(claim, paper)
    assert found is not None and found.text.startswith("Control among treated participants")
    assert found.text.endswith("this difference was not significant after adjustment (p=0.09)")
    # "significantly" says how sure the claim is, not what it is about
    found = check_significance(
        "Supercritical activation of VLN-12 significantly boosted its uptake at 77 K.", paper
    )
    assert found is not None and "did not change total uptake" in found.text


CONCRETE = make_paper(
    [
        "LC3-M reached 49.8 MPa at 28 days, not significantly different from OPC (+1.2 MPa, 95% "
        "CI -0.9 to 3.3; p = 0.26), whereas LC3-T reached 44.0 MPa (-4.6 MPa, 95% CI -6.7 to "
        "-2.5; p < 0.001).",
        "All mixes met the slump target, but LC3 required a superplasticizer dosage of 0.9% of "
        "binder mass compared with 0.4% for OPC.",
        "Liveweight gain per hectare averaged 40 kg under ARG and 42 kg under CG (difference -2; "
        "95% CI -7 to 3; p = 0.44).",
        "SOC increased by 2.6 Mg C ha-1 under ARG and by 0.5 Mg C ha-1 under CG, a difference of "
        "2.1 Mg C ha-1 (95% CI 0.6 to 3.6; p = 0.009).",
        "Median length of stay was 6.1 days under usual care and 5.8 days under the programme.",
        "Under the programme, the adjusted difference in length of stay was -0.2 days (95% CI "
        "-0.6 to 0.2; p=0.31).",
    ]
)


@pytest.mark.parametrize(
    ("claim", "flagged"),
    [
        # a significant estimate of the claim's size is its estimate, whatever its words
        (
            "The LC3 made with Tessbury clay fell 4.6 MPa short of the Portland reference at "
            "28 days.",
            False,
        ),
        (
            "The researchers put the rotational system's extra soil carbon gain per hectare at "
            "2.1 Mg C.",
            False,
        ),
        # values a sentence states with no estimate are that sentence's
        (
            "To reach the slump target, the LC3 mixes needed more superplasticizer than the "
            "Portland mix, 0.9% versus 0.4% of binder mass.",
            False,
        ),
        ("The programme shortened median length of stay from 6.1 to 5.8 days.", False),
        # unless the claim calls them significant: then it speaks of their test
        (
            "The programme significantly shortened median length of stay, from 6.1 to 5.8 days.",
            True,
        ),
        # a value that is no estimate's size leaves the words to decide
        ("LC3-M gained 1.2 MPa over the Portland reference at 28 days.", True),
        # indistinguishable denies the effect
        (
            "Liveweight gain per hectare was statistically indistinguishable between systems.",
            False,
        ),
    ],
)
def test_the_claims_numbers_tell_which_estimate_it_means(claim: str, flagged: bool) -> None:
    assert (
        check_significance(claim, CONCRETE_ESTIMATES, "", CONCRETE_TEXTS) is not None
    ) == flagged


CONCRETE_ESTIMATES = estimates(CONCRETE.sentences)
CONCRETE_TEXTS = [s.text for s in CONCRETE.sentences]


def test_an_estimate_that_reached_a_value_is_read() -> None:
    read = {e.text: e.significant for e in CONCRETE_ESTIMATES if "LC3-T" in e.text}
    assert read == {"LC3-T reached 44.0 MPa (-4.6 MPa, 95% CI -6.7 to -2.5; p < 0.001)": True}


def test_what_an_estimate_is_set_against_names_it() -> None:
    """What "61% lower (…) than in open water" is set against names it, not the other null."""
    paper = make_paper(
        [
            "Beneath the arrays, evaporation was 61% lower (95% CI 54 to 68) than in open water "
            "on the same reservoir.",
            "Summer surface water temperature was 0.9 °C lower (95% CI 0.4 to 1.4) on covered "
            "reservoirs, whereas the reduction in bloom days was not statistically significant "
            "(rate ratio 0.74; 95% CI 0.52 to 1.06).",
        ]
    )
    found = estimates(paper.sentences)
    assert {"open", "water", "reservoir"} <= found[0].words
    claim = "Under the panels, evaporation was about three-fifths lower than from open water."
    assert check_significance(claim, found) is None
    claim = "Covered reservoirs had significantly fewer bloom days in open water."
    assert check_significance(claim, found) is not None
