"""A claim must not reverse the direction of the sentence that states its fact."""

from __future__ import annotations

import pytest

from core.config import CheckerSettings
from core.types import Evidence
from core.verify.direction import (
    Reversed,
    check_direction,
    check_null_finding,
    check_similar_groups,
    null_findings,
)
from core.verify.verifier import Checker
from tests.fakes import FakeEmbedder, FakeRetriever, make_paper

SENTENCES = {
    "tyres": "Tyre wear particles could not be identified with our method.",
    "margins": "Wildflower margins increased predator numbers near field edges without a "
    "measurable yield gain.",
    "error": "HTML reaches a lower error than MDRM on the 3-day horizon.",
    "audio": "Adding audio features increases the accuracy of the model at every horizon.",
    "mature": "Docassemble is a mature project with a thriving community.",
    "supervised": "The encoder is trained in an unsupervised way on non-linear features.",
    "zh": "引入音频特征后，模型的预测误差明显降低。",
    "mixed": "HTML has a higher precision but a lower recall than MDRM.",
    "negated": "Adding audio features does not increase the accuracy of the model.",
    "pass": "Unit-test pass rates on function-level tasks did not improve significantly.",
    "ablation": (
        "As might be expected, WWM-BERT has a beneficial effect on each prediction task "
        "compared to Glove; although adding audio features to Glove helps MDRM."
    ),
    "two": "HTML outperforms MDRM on accuracy, but MDRM is faster than HTML.",
    "careful": (
        "Researchers dealing with data subject to legal restrictions that prohibit sharing (such "
        "as medical data) should be careful not to put data in public version control systems."
    ),
    "clause": "HTML improves the accuracy of volatility prediction, but it does not reduce cost.",
    "and_not": (
        "Use of sleep medication decreased from 27% to 19% in the app group and did not change "
        "in the control group over the twelve weeks."
    ),
    "device": "Step counts were recorded by the device and were not self-reported.",
    "girls": "Girls used social media more than boys: 43.1% of girls and 21.9% of boys did so.",
    "weaker": (
        "The association was weaker in women than in men and was not observed for decaffeinated "
        "coffee."
    ),
    "grades": "Effects were larger in ninth grade (0.24 points) than in tenth grade (0.12 points).",
    "urban": (
        "Associations were stronger among participants living in urban areas than among those "
        "in rural areas."
    ),
    "groups": (
        "The composite score improved by 0.05 standard deviations in the diet group and declined "
        "by 0.09 standard deviations in the control group."
    ),
    "lean": "Females on the fasting schedule lost more lean mass than controls.",
    "waned": "The booster gave more protection against hospitalisation, which waned over time.",
    "aged": "Effectiveness was lower in adults aged 85 or older than in those aged 65 to 74.",
    "because": (
        "We sort the dataset (i.e. earning calls) in chronological order because the future "
        "data cannot be used for prediction."
    ),
    "headache": "Fourteen of 56 participants reported an adverse event, most commonly headache.",
    "ignores": (
        "Limitations include reliance on a single land-cover year that ignores crop rotation "
        "and land conversion."
    ),
    "girls_first": "The association was stronger in girls than in boys.",
    "who_not": (
        "Students who used screens before bed slept 24 minutes less than those who did not use "
        "screens before bed."
    ),
    "who_not_alone": "Participants who did not use the app improved their sleep.",
    "outside": (
        "However, sales in stores just outside Philadelphia rose, offsetting 24% of the reduction."
    ),
    "prices": (
        "Prices of taxed beverages increased by 1.1 cents per ounce, so 73% of the tax was passed "
        "on to consumers."
    ),
    "banned": "Caffeine and alcohol were not allowed for 48 hours before the session.",
    "aspirin": (
        "Conclusions: In older adults, daily low-dose aspirin did not reduce cancer incidence, and "
        "it was associated with a higher risk of advanced cancer at diagnosis."
    ),
    "lifespan": (
        "Median lifespan increased by 11% in male mice (p = 0.003) but did not change "
        "significantly in female mice (p = 0.62)."
    ),
    "seasons": "Concentrations did not differ between spring and summer samples.",
    "downstream": (
        "Concentrations were higher downstream of treatment plants than upstream (median 88 vs "
        "29 particles per cubic metre)."
    ),
    "attenuated": "Adjustment for air pollution attenuated the hazard ratio to 0.91.",
    "minutes": (
        "Physical activity during school hours increased by 9 minutes per day in intervention "
        "schools and did not change in control schools."
    ),
    "strongly": (
        "Conclusions: Heavier social media use was associated with depressive symptoms, more "
        "strongly in girls than in boys."
    ),
    "lowers": "GPT-4 performs best, but in-context examples slightly lower its 3-class score.",
    "unique": "OpenQuestion is unique in comparison since survey development is run by JSON.",
    "useful": (
        "The following sections describe a few reasons why OpenQuestion can be useful for data "
        "acquisition and reporting."
    ),
    "attention": "For technical analysis, attention gives the LSTM small gains in most cases.",
    "only": "The benefits of audio are statistically significant for n=3 only.",
    "mse": "HTML achieves the highest prediction performance (lowest MSE values) each horizon.",
    "public": "The dataset is a public corpus of 576 earnings calls from large companies.",
    "two_sets": (
        "The balanced dataset exhibits the highest throughput, but it does not improve as well "
        "as the linear dataset when the batch size grows."
    ),
    "zh_thus": "由于训练集中“其他”类别的数量较少，模型可能存在欠拟合的问题，因而分类性能较低。",
    "backup": "Ensure that raw data is backed up in more than one location.",
    "support": "Universities can also support such efforts.",
    "ci": "CI systems are invaluable in large projects, but pay fewer dividends in small ones.",
    "comment": "Place a brief comment at the start of every program, no matter how short it is.",
    "zh_view": "在该页面，用户可以查看每个类别的标注规则和示例问题。",
    "zh_valid": "实验结果验证了糖尿病标注数据集及所提分类体系的有效性。",
    "zh_two": "同时，预训练语言模型BERT和ERNIE要优于其他深度神经网络模型，但性能差别不大。",
    "noisy": "A large part of the raw data was discarded because the alignment is very noisy.",
    "noisy_plain": "A large part of the raw data was discarded because the alignment is noisy.",
    "funded": "The study was funded by the Kestrel Foundation for Social Research.",
    "listed": "Shaded farms had lower rust incidence (18.4% vs 27.9%), higher bird species "
    "richness (38.6 vs 21.3 species) and higher dry-season soil moisture (24.1% vs 19.6%).",
    "without_case": "The effect was concentrated among people with a prior case; among those "
    "without a prior case the estimate was smaller and its confidence interval included zero.",
    "blinded": "Six physicians rated the answers, blinded to which system had produced them.",
    "no_show": "Among participants with a prior case, the no-show rate was 32.4% in the control "
    "arm and 22.9% in the reminder arms.",
}


def _evidence(key: str) -> list[Evidence]:
    return [Evidence(7, SENTENCES[key], (0.0, 0.0, 1.0, 1.0), 0.9, 0)]


def _evidence_of(*texts: str) -> list[Evidence]:
    return [Evidence(1, text, (0.0, 0.0, 1.0, 1.0), 0.9, i) for i, text in enumerate(texts)]


@pytest.mark.parametrize(
    ("claim", "key", "words"),
    [
        (
            "HTML reaches a higher error than MDRM on the 3-day horizon.",
            "error",
            ("higher", "lower"),
        ),
        (
            "Adding audio features decreases the accuracy of the model.",
            "audio",
            ("decreases", "increases"),
        ),
        (
            "The paper describes Docassemble as an immature project with a small community.",
            "mature",
            ("immature", "mature"),
        ),
        (
            "The encoder is trained in a supervised way on non-linear features.",
            "supervised",
            ("supervised", "unsupervised"),
        ),
        (
            "The encoder is trained in an unsupervised way on linear features.",
            "supervised",
            ("linear", "non-linear"),
        ),
        ("引入音频特征后，模型的预测误差明显增加。", "zh", ("增加", "降低")),
        ("In-context examples raise the 3-class score of GPT-4.", "lowers", ("raise", "lower")),
        ("In-context examples lower the 3-class score of GPT-4.", "lowers", None),
        ("The dataset is a private corpus of 576 earnings calls.", "public", ("private", "public")),
        (
            "The dataset is a public corpus of 576 earnings calls from small companies.",
            "public",
            ("small", "large"),
        ),
        (
            "OpenQuestion can be useless for data acquisition and reporting.",
            "useful",
            ("useless", "useful"),
        ),
        # both directions in the sentence: the word each qualifies decides
        (
            "HTML achieves the highest prediction performance (highest MSE values) each horizon.",
            "mse",
            ("highest", "lowest"),
        ),
        # the clause saying "highest" is about another dataset than the claim's
        ("The throughput on the linear dataset is the lowest.", "two_sets", None),
        # a negation in another clause of the claim ("差别不大") leaves its direction to be read
        (
            "其次，预训练语言模型BERT和ERNIE要劣于其他深度神经网络模型，但性能差别不大。",
            "zh_two",
            ("劣于", "优于"),
        ),
        # 因而 ("thus") joins a clause rather than turning to another; a framing before a colon
        (
            "作者指出：由于训练集中“其他”类别的数量较少，模型可能存在欠拟合的问题，因而分类性能较高。",
            "zh_thus",
            ("较高", "较低"),
        ),
        # "than" before a quantity bounds it and compares no two things
        ("Raw data should be backed up in fewer than one location.", "backup", ("fewer", "more")),
        ("实验结果验证了糖尿病标注数据集及所提分类体系的无效性。", "zh_valid", ("无效", "有效")),
        # the claim keeps the paper's direction
        ("HTML reaches a lower error than MDRM on the 3-day horizon.", "error", None),
        ("Docassemble is a mature project with a thriving community.", "mature", None),
        # the same comparison said the other way round is no reversal
        ("MDRM reaches a higher error than HTML on the 3-day horizon.", "error", None),
        # a negation on either side decides nothing
        ("Adding audio features does not decrease the accuracy of the model.", "audio", None),
        ("Adding audio features decreases the accuracy of the model.", "negated", None),
        # both directions in the sentence: the word each qualifies decides
        ("HTML has a higher recall than MDRM.", "mixed", ("higher", "lower")),
        ("HTML has a higher precision than MDRM.", "mixed", None),
        # a direction said of the part of the sentence that gives the opposite one
        ("The composite score declined in the diet group.", "groups", ("declined", "improved")),
        ("The composite score declined in the control group.", "groups", None),
        ("The composite score improved in the diet group.", "groups", None),
        ("The composite score rose in the control group.", "groups", ("rose", "declined")),
        # the claim's word said twice: the part about the claim's words decides
        ("Soil moisture was higher on shaded farms than on full-sun farms.", "listed", None),
        (
            "Rust incidence was higher on shaded farms than on full-sun farms.",
            "listed",
            ("higher", "lower"),
        ),
        ("Shaded farms had higher rust incidence.", "listed", ("higher", "lower")),
        # a negated opposite in the other part is no opposite
        ("Cancer deaths were higher with aspirin.", "aspirin", None),
        # gains and losses, waning
        ("Females on the fasting schedule gained lean mass.", "lean", ("gained", "lost")),
        (
            "Protection against hospitalisation increased over time.",
            "waned",
            ("increased", "waned"),
        ),
        (
            "Adjustment for air pollution strengthened the hazard ratio.",
            "attenuated",
            ("strengthened", "attenuated"),
        ),
        # a change of quantity in other words: fell against increased
        (
            "Physical activity during school hours fell in intervention schools.",
            "minutes",
            ("fell", "increased"),
        ),
        ("Physical activity during school hours rose in intervention schools.", "minutes", None),
        # a sentence of one direction says it of the fact it states
        ("Stores just outside Philadelphia saw sales fall too.", "outside", ("fall", "rose")),
        ("Prices of taxed drinks fell after the tax.", "prices", ("fell", "increased")),
        # without names, the word after "than" orders a comparison
        (
            "Concentrations were lower downstream of treatment plants than upstream.",
            "downstream",
            ("lower", "higher"),
        ),
        (
            "Concentrations were higher downstream of treatment plants than upstream.",
            "downstream",
            None,
        ),
        # numbers order a comparison as names do
        (
            "Effectiveness was higher in adults aged 85 or older than in those aged 65 to 74.",
            "aged",
            ("higher", "lower"),
        ),
        (
            "Effectiveness was higher in adults aged 65 to 74 than in those aged 85 or older.",
            "aged",
            None,
        ),
        # another fact: the sentence does not state the claim's
        (
            "The community decreased after the paper's release of Docassemble 2.0 in Europe.",
            "mature",
            None,
        ),
        # a bound ("at least") holds no direction
        ("Participants reported at least one adverse event, mostly headache.", "headache", None),
    ],
)
def test_reversed_directions(claim: str, key: str, words: tuple[str, str] | None) -> None:
    found = check_direction(claim, _evidence(key))
    assert ((found.claim_word, found.paper_word) if found is not None else None) == words


@pytest.mark.parametrize(
    ("claim", "key", "reason"),
    [
        # the paper's comparison with its names the other way round
        (
            "The ablation shows Glove embeddings outperforming WWM-BERT on every horizon.",
            "ablation",
            "comparison_swapped:Glove<WWM-BERT",
        ),
        ("Glove is better than WWM-BERT.", "ablation", "comparison_swapped:Glove<WWM-BERT"),
        # the same order with the opposite word
        ("WWM-BERT is worse than Glove.", "ablation", "direction_reversed:worse->beneficial"),
        # the paper's comparison, in its order or said the other way round
        ("WWM-BERT outperforms Glove on every prediction task.", "ablation", None),
        ("Glove is worse than WWM-BERT.", "ablation", None),
        # each clause compares on its own: the claim's names meet in the first only
        ("HTML is better than MDRM on accuracy.", "two", None),
        ("MDRM outperforms HTML on accuracy.", "two", "comparison_swapped:MDRM<HTML"),
        # a negated claim decides nothing
        ("Glove does not outperform WWM-BERT.", "ablation", None),
        # groups of a study are compared as names are
        ("Boys used social media more than girls.", "girls", "comparison_swapped:boys<girls"),
        ("Girls used social media more than boys.", "girls", None),
        (
            "The association was stronger in women than in men.",
            "weaker",
            "direction_reversed:stronger->weaker",
        ),
        ("The association was stronger in men than in women.", "weaker", None),
        (
            "The association was weaker in men than in women.",
            "weaker",
            "comparison_swapped:men<women",
        ),
        # ranked groups too
        (
            "The effect was larger in tenth grade than in ninth grade.",
            "grades",
            "comparison_swapped:tenth<ninth",
        ),
        ("The effect was larger in ninth grade than in tenth grade.", "grades", None),
        # places, in other words: cities are urban, the countryside rural
        (
            "The link was stronger in rural areas than in cities.",
            "urban",
            "comparison_swapped:rural<urban",
        ),
        ("The link was stronger in cities than in the countryside.", "urban", None),
        # one group only: the paper's comparison of it and another decides
        ("The link was stronger among boys.", "girls_first", "comparison_swapped:boys<girls"),
        ("The link was weaker among girls.", "girls_first", "direction_reversed:weaker->stronger"),
        ("The link was stronger among girls.", "girls_first", None),
        # "more strongly" is one direction
        (
            "The link was stronger in boys than in girls.",
            "strongly",
            "comparison_swapped:boys<girls",
        ),
        (
            "The link was weaker in girls than in boys.",
            "strongly",
            "direction_reversed:weaker->strongly",
        ),
        ("The link was stronger in girls than in boys.", "strongly", None),
    ],
)
def test_swapped_comparisons(claim: str, key: str, reason: str | None) -> None:
    found = check_direction(claim, _evidence(key))
    assert (found.reason if found is not None else None) == reason


def test_the_verdict_names_both_directions() -> None:
    paper = make_paper([SENTENCES["error"], SENTENCES["mature"]])
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify("HTML reaches a higher error than MDRM on the 3-day horizon.")[0]
    assert verdict.status.value == "unsupported"
    assert verdict.reasons[0] == "direction_reversed:higher->lower"
    assert verdict.explanation.startswith("The paper says lower, not higher (p. 1)")


def test_the_verdict_says_which_name_the_paper_puts_ahead() -> None:
    paper = make_paper([SENTENCES["ablation"], SENTENCES["mature"]])
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify("Glove embeddings outperform WWM-BERT on each prediction task.")[0]
    assert verdict.status.value == "unsupported"
    assert verdict.reasons[0] == "comparison_swapped:Glove<WWM-BERT"
    assert verdict.explanation.startswith(
        "The paper says it the other way round: WWM-BERT over Glove (“beneficial”, p. 1)"
    )


@pytest.mark.parametrize(
    ("claim", "key", "negation"),
    [
        (
            "Medical data subject to legal restrictions can safely be kept in public version "
            "control systems.",
            "careful",
            "not",
        ),
        # the claim negates or warns in its own words
        (
            "Medical data subject to legal restrictions should not be put in public version "
            "control systems.",
            "careful",
            None,
        ),
        (
            "The authors warn against keeping legally restricted medical data in public version "
            "control systems.",
            "careful",
            None,
        ),
        # the negation belongs to another clause than the claim's fact
        ("HTML improves the accuracy of volatility prediction.", "clause", None),
        # a group the sentence names by what it did not do, against one that did
        ("Many students used screens before bed.", "who_not", None),
        ("Participants who used the app improved their sleep.", "who_not_alone", "not"),
        # a negated change of level opposite to the claim's agrees with it
        ("Cancer deaths were higher with aspirin.", "aspirin", None),
        ("Daily low-dose aspirin reduced cancer incidence in older adults.", "aspirin", "not"),
        # extending is increasing: the group the paper finds no change in
        ("Fasting extended median lifespan in both male and female mice.", "lifespan", "not"),
        ("Fasting extended median lifespan in male mice.", "lifespan", None),
        # a ban negates in its own word
        ("Caffeine and alcohol were banned for 48 hours before the session.", "banned", None),
        ("Caffeine and alcohol were served for 48 hours before the session.", "banned", "not"),
        # alike is no difference in other words
        ("Concentrations were similar in spring and summer.", "seasons", None),
        ("Concentrations were higher in summer.", "seasons", "not"),
        ("Use of sleep medication decreased from 27% to 19% in the app group.", "and_not", None),
        (
            "Use of sleep medication changed in the control group over the twelve weeks.",
            "and_not",
            "not",
        ),
        # a predicate without a subject of its own states its fact of the sentence's subject
        ("Step counts were self-reported by the participants.", "device", "not"),
        ("Step counts were recorded by the device.", "device", None),
        # a direction word may be the negation said otherwise ("does not increase")
        ("Adding audio features decreases the accuracy of the model.", "negated", None),
        # a negation in the reason the sentence gives is not of its fact
        ("The authors sort the dataset by chronological order.", "because", None),
        # "without" denies what follows it: here the yield, not the predators
        ("The extra predators were concentrated near the field edges.", "margins", None),
        ("Wildflower margins increased yield near field edges.", "margins", "without"),
        # ... up to the next noun phrase: the estimate is not what "without" denies
        ("The confidence interval for that estimate crossed zero.", "without_case", None),
        (
            "Those with a prior case had a smaller estimate whose confidence interval included "
            "zero.",
            "without_case",
            "without",
        ),
        ("Tyre wear particles were the most common type found.", "tyres", "not"),
        # a non-significant difference is no improvement said otherwise
        ("Unit-test pass rates were 28% versus 27%, a non-significant difference.", "pass", None),
        ("Unit-test pass rates on function-level tasks improved significantly.", "pass", "not"),
        # "barely" and "scarcely" deny as "hardly" does
        ("Adding audio features barely increases the accuracy of the model.", "negated", None),
        ("Adding audio features clearly increases the accuracy of the model.", "negated", "not"),
    ],
)
def test_a_negation_the_claim_drops(claim: str, key: str, negation: str | None) -> None:
    found = check_direction(claim, _evidence(key))
    assert (found.reason if found else None) == (negation and f"negation_dropped:{negation}")


@pytest.mark.parametrize(
    ("claim", "key", "negation"),
    [
        (
            "OpenQuestion is not unique in comparison since survey development is run by JSON.",
            "unique",
            "not",
        ),
        (
            "The authors claim OpenQuestion cannot be useful for data acquisition and reporting.",
            "useful",
            "cannot",
        ),
        ("The authors say universities cannot also support such efforts.", "support", "cannot"),
        # "not … , but …": the negation is the first clause's own, not a "not X but Y"
        (
            "CI systems are not invaluable in large projects, but pay fewer dividends in small.",
            "ci",
            "not",
        ),
        # Chinese: the negation's bigrams ("不可") are no words of the fact
        ("作者指出，在该页面，用户不可以查看每个类别的标注规则。", "zh_view", "不"),
        # "no matter" negates nothing
        (
            "The authors recommend a brief comment at the start of every program, no matter "
            "how short it is.",
            "comment",
            None,
        ),
        # the denial ("差别不大") is in a clause sharing words with the claim's negated one
        ("其次，ERNIE的准确率高于BERT，但与其他深度神经网络模型的性能差别不大。", "zh_two", None),
        # a negation that limits, or one that speaks for a clause restating nothing
        ("The benefits of audio are not statistically significant for every n.", "only", None),
        (
            "Attention gives the LSTM small gains in most cases, but not for n=7.",
            "attention",
            None,
        ),
        # the sentence denies in its own words ("only"): it may restate the claim's negation
        ("The benefits of audio are not statistically significant for n=7.", "only", None),
        # a comparison's negation may be its other order said otherwise
        ("HTML does not reach a lower error than MDRM on the 3-day horizon.", "error", None),
        # "does not decrease" restates "increases"
        ("Adding audio features does not decrease the accuracy of the model.", "audio", None),
        # another fact
        ("OpenQuestion is not written in Python.", "unique", None),
        # the sentence denies with a verb: "ignores" is "not captured"
        (
            "A single land-cover year was used, so crop rotation and land conversion were not "
            "captured.",
            "ignores",
            None,
        ),
        # a limit the sentence states ("very noisy"), negated: reversed
        (
            "A large part of the raw data was discarded because the alignment is not very noisy.",
            "noisy",
            "not",
        ),
        # a limit the sentence does not state: "not very noisy" may be said of "noisy"
        (
            "A large part of the raw data was discarded because the alignment is not very noisy.",
            "noisy_plain",
            None,
        ),
        # "X, not Y that …": what the claim sets aside is described, not denied
        (
            "The payments came from a community trust, not from the foundation that funded the "
            "research.",
            "funded",
            None,
        ),
        (
            "The study was not funded by the Kestrel Foundation for Social Research.",
            "funded",
            "not",
        ),
        # "without" says how, not that the paper's fact did not happen
        (
            "Six physicians rated the answers without knowing which system had produced them.",
            "blinded",
            None,
        ),
        # "no-show" names a thing; it denies nothing
        (
            "Among participants with a prior case, the no-show rate was 32.4% in the control arm.",
            "no_show",
            None,
        ),
        (
            "Among participants with no prior case, the no-show rate was 32.4% in the control arm.",
            "no_show",
            "no",
        ),
    ],
)
def test_a_negation_the_claim_adds(claim: str, key: str, negation: str | None) -> None:
    found = check_direction(claim, _evidence(key))
    assert (found.reason if found else None) == (negation and f"negation_added:{negation}")


def test_the_verdict_names_the_negation_the_paper_lacks() -> None:
    paper = make_paper([SENTENCES["unique"], SENTENCES["mature"]])
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())
    verdict = checker.verify(
        "OpenQuestion is not unique in comparison since survey development is run by JSON."
    )[0]
    assert verdict.status.value == "unsupported"
    assert verdict.reasons[0] == "negation_added:not"
    assert verdict.explanation.startswith("The paper says it without “not” (p. 1)")


def test_a_claim_of_two_clauses_is_read_clause_by_clause() -> None:
    built = "OpenQuestion is built with the open source Anvil App Server, a runtime engine."
    note = "Note that an Anvil account is not required to use OpenQuestion."
    evidence = _evidence_of(built, note)
    claim = (
        "OpenQuestion is built on the Anvil App Server, but an Anvil account is required to use it."
    )
    found = check_direction(claim, evidence)
    assert found is not None and found.reason == "negation_dropped:not"
    assert found.text == note
    kept = (
        "OpenQuestion is built on the Anvil App Server, and no Anvil account is required to use it."
    )
    assert check_direction(kept, evidence) is None


def test_another_part_of_a_whole_drops_no_negation() -> None:
    labs = "Twenty-one of the 23 labs obtained effects that were not statistically significant."
    evidence = _evidence_of(labs)
    found = check_direction("All 23 labs obtained statistically significant effects.", evidence)
    assert found is not None and found.reason == "negation_dropped:not"
    one = "Only one of the 23 labs obtained statistically significant effects."
    assert check_direction(one, evidence) is None


def test_clauses_before_a_negated_predicate_are_its_subject() -> None:
    evidence = _evidence_of(
        "KT-217 reduced kidney injury, with a threshold between 5 and 15 mg/kg and no added "
        "benefit at 45 mg/kg."
    )
    claim = "The lowest dose, 5 mg/kg, did not protect kidney function."
    assert check_direction(claim, evidence) is None


def test_but_between_two_words_of_one_noun_parts_no_clauses() -> None:
    fell = "Among limited-service restaurants, employment fell by 3.4% (SE 1.6, p = 0.04)."
    overall = "The change in restaurant employment was small and not statistically significant."
    evidence = _evidence_of(fell, overall)
    claim = (
        "Limited-service restaurants showed a small but statistically significant employment drop."
    )
    assert check_direction(claim, evidence) is None


NULLS = make_paper(
    [
        "Higher coffee consumption was associated with a lower risk of type 2 diabetes.",
        "Decaffeinated coffee was not associated with diabetes risk (HR 0.98).",
        "Tea consumption showed no association.",
        "Daytime fatigue did not differ between groups (p=0.21).",
        "No association was observed for nitrogen dioxide after adjustment for PM2.5.",
        "There was no significant difference in memory (p = 0.41) or executive function.",
        "Maximum lifespan (the oldest 10% of each group) was not increased in either sex.",
        "The association was similar in men and women.",
        "Sleep duration was longer in girls than in boys, and similar in urban and rural areas.",
        "No association was found between green space and eczema.",
        "Concentrations did not differ between spring and summer samples.",
        "Among higher-achieving students, there was no effect on GPA.",
        "Sales of untaxed bottled water did not change.",
        "Aspirin was not associated with the incidence of any specific cancer type.",
        "Effects did not differ by country, language or participant gender.",
        "Visuospatial span declined; 2-back accuracy did not differ significantly between "
        "conditions.",
        "Both farm types differed from conventional farms, but organic and mixed farms did not "
        "differ from each other.",
        "Supplementation had no measurable effect on attention scores.",
        "Mean monthly business profits were higher but not significantly so (US$6.4 vs US$5.1).",
        "RAG improved ROUGE-L (34.8 vs 31.2), but MEDCON did not differ meaningfully.",
    ]
)


@pytest.mark.parametrize(
    ("claim", "negation"),
    [
        ("Tea drinkers also had a lower risk of diabetes.", "no"),
        ("Decaffeinated coffee drinkers also had a lower risk of diabetes.", "not"),
        ("The app also reduced daytime fatigue.", "not"),
        # another subject, the finding itself, no effect claimed
        ("Coffee drinkers had a lower risk of diabetes.", None),
        ("Tea consumption was not associated with diabetes.", None),
        ("Tea was served in the study centres.", None),
        # the finding's subject after it, or before an aside
        ("Nitrogen dioxide was strongly linked to dementia.", "No"),
        ("Memory improved significantly on the diet.", "no"),
        ("Fasting increased maximum lifespan in males.", "not"),
        ("Nitrogen dioxide levels were measured at home addresses.", None),
        ("Executive function was tested twice.", None),
        # a finding holds where it says: between spring and summer, among higher achievers
        ("Concentrations were higher downstream of the plants than upstream.", None),
        ("Summer samples had higher concentrations than spring samples.", "not"),
        ("GPA rose among lower-achieving students.", None),
        ("Higher-achieving students also saw their GPA rise.", "no"),
        # what the finding has no link with: half its words
        ("Aspirin lowered the incidence of bowel cancer.", "not"),
        ("Cancer deaths were higher with aspirin.", None),
        # a long subject named without one of its words; rising and soaring are effects
        ("The study found that bottled water sales soared after the tax.", "not"),
        ("Sparkling water sales soared after the tax.", None),
        # the finding between two things is of both
        ("Green space also protected children against eczema.", "No"),
        ("Green space protected children against asthma.", None),
        # what a finding does not differ by is its scope
        ("The effect differed by country.", "not"),
        ("One lab found a significant effect.", None),
        # a decline said significant, of what did not differ between the study's conditions
        ("Accuracy on the 2-back task declined significantly after deprivation.", "not"),
        ("Accuracy on the 3-back task declined significantly after deprivation.", None),
        # two things found not to differ from each other are a pair, not each against a third
        ("Organic farms drew significantly more visits than mixed farms.", "not"),
        ("Organic farms drew significantly more visits than conventional farms.", None),
        # an effect on one thing is not denied by a null effect on another
        ("Supplementation significantly improved attention scores.", "no"),
        ("Supplementation cut the odds of anaemia by about half.", None),
        # a difference the paper says was not significant, stated as found
        ("Business owners earned significantly higher monthly profits.", "not"),
        ("Monthly business profits were higher, but not significantly so.", None),
        # the clause of the null finding's subject says it was unchanged
        ("Retrieval raised ROUGE-L, yet MEDCON scores were essentially unchanged.", None),
        ("Retrieval raised ROUGE-L and MEDCON scores.", "not"),
        (
            "Retrieval raised ROUGE-L, while MEDCON scores stayed statistically "
            "indistinguishable, with gaps spanning losses and gains.",
            None,
        ),
    ],
)
def test_an_effect_of_what_the_paper_finds_had_none(claim: str, negation: str | None) -> None:
    found = check_null_finding(claim, null_findings(NULLS.sentences))
    assert (found.reason if found else None) == (negation and f"negation_dropped:{negation}")


@pytest.mark.parametrize(
    ("claim", "reason"),
    [
        # one group ahead of another the paper finds alike
        ("Women were at much greater risk than men.", "difference_not_found:women,men"),
        ("The risk was higher in rural areas than in cities.", "difference_not_found:rural,urban"),
        # seasons of sampling are groups too
        (
            "Summer samples held far more microplastics than spring samples.",
            "difference_not_found:summer,spring",
        ),
        # a comparison the paper states, a negated one, and no comparison of groups
        ("Sleep duration was longer in girls than in boys.", None),
        ("Women were not at greater risk than men.", None),
        ("The risk was higher for BERT than for ELMo.", None),
    ],
)
def test_a_difference_between_groups_the_paper_finds_alike(claim: str, reason: str | None) -> None:
    found = check_similar_groups(claim, null_findings(NULLS.sentences), NULLS.sentences)
    assert (found.reason if found else None) == reason


@pytest.mark.parametrize(
    ("claim", "negation"),
    [
        # each thing a null finding lists had no effect
        ("Tutoring improved reading scores.", "unaffected"),
        ("Tutoring significantly lowered maths anxiety.", "unaffected"),
        ("Tutoring improved attendance.", None),
        # a whole had none; a part of it may have
        ("Limited-service restaurant employment fell.", None),
        ("Closure rates rose.", "not"),
    ],
)
def test_a_null_finding_of_listed_things_holds_for_each(claim: str, negation: str | None) -> None:
    paper = make_paper(
        [
            "Maths anxiety and reading were unaffected.",
            "Overall restaurant employment and closure rates did not change.",
        ]
    )
    found = check_null_finding(claim, null_findings(paper.sentences))
    assert (found.reason if found else None) == (negation and f"negation_dropped:{negation}")


@pytest.mark.parametrize(
    ("claim", "negation"),
    [
        # a clause that opens with its verb has the sentence's subject, and holds where it says
        ("Fasting increased median lifespan in female mice.", "not"),
        ("Fasting increased median lifespan in male mice.", None),
        # a subject with a unit, its number included; a semicolon inside brackets parts nothing
        ("A dose of 5 mg/kg lowered creatinine.", "no"),
        ("A dose of 15 mg/kg lowered creatinine.", None),
    ],
)
def test_null_findings_in_later_clauses(claim: str, negation: str | None) -> None:
    paper = make_paper(
        [
            "Median lifespan increased by 11% in male mice (from 826 to 917 days; p = 0.003) but "
            "did not change significantly in female mice (p = 0.62).",
            "Creatinine fell at 15 mg/kg (41%; p < 0.001); 5 mg/kg had no significant effect "
            "(9% lower; p = 0.52).",
        ]
    )
    found = check_null_finding(claim, null_findings(paper.sentences))
    assert (found.reason if found else None) == (negation and f"negation_dropped:{negation}")


@pytest.mark.parametrize(
    ("claim", "negation"),
    [
        ("Cash transfers gave an employment boost.", "not"),
        # a part the claim names and the null finding does not, which a passage reports on
        ("The cash transfers gave an employment boost in Dunmere.", None),
        ("The cash transfers gave an employment boost in Harlow.", "not"),
    ],
)
def test_a_named_part_the_null_finding_does_not_cover(claim: str, negation: str | None) -> None:
    paper = make_paper(
        [
            "At 24 months, employment did not differ between the groups (58.3% vs 57.1%).",
            "In Dunmere, employment was 6.8 percentage points higher in the cash group.",
        ]
    )
    passages = _evidence_of(*(s.text for s in paper.sentences))
    found = check_null_finding(claim, null_findings(paper.sentences), passages)
    assert (found.reason if found else None) == (negation and f"negation_dropped:{negation}")


@pytest.mark.parametrize(
    ("claim", "negation"),
    [
        # a time point the sentence opens with holds for a claim naming no time of its own
        ("Forecast error was much lower with the network than with the LSTM.", "not"),
        ("The 15-minute forecast error was lower with the network than the LSTM.", "not"),
        ("The 30-minute forecast error was lower with the network than the LSTM.", None),
    ],
)
def test_a_time_point_the_null_finding_opens_with(claim: str, negation: str | None) -> None:
    paper = make_paper(
        ["At 15 minutes, forecast error did not differ between the network and the LSTM."]
    )
    found = check_null_finding(claim, null_findings(paper.sentences))
    assert (found.reason if found else None) == (negation and f"negation_dropped:{negation}")


def test_the_studys_own_arm_is_no_part_apart() -> None:
    paper = make_paper(
        [
            "There was no significant difference in memory (p = 0.41).",
            "The composite score improved by 0.05 SD in the Mediterranean diet group.",
        ]
    )
    passages = _evidence_of(*(s.text for s in paper.sentences))
    claim = "Memory improved significantly on the Mediterranean diet."
    found = check_null_finding(claim, null_findings(paper.sentences), passages)
    assert found is not None and found.reason == "negation_dropped:no"


@pytest.mark.parametrize(
    ("claim", "negation"),
    [
        # what a null finding left unchanged, each thing it lists; another outcome is not denied
        ("The programme cut sickness absence among nurses.", "not"),
        ("The programme improved personal accomplishment.", "not"),
        ("The programme lowered emotional exhaustion by about five points.", None),
        # how it did not change is no thing it left unchanged
        ("Revenue per employee rose by about 5%.", "not"),
    ],
)
def test_what_a_null_finding_left_unchanged(claim: str, negation: str | None) -> None:
    assert _dropped(
        claim,
        "The programme did not change depersonalisation, personal accomplishment, sickness "
        "absence or intention to leave.",
        "Revenue per employee did not change detectably (difference 1.2%).",
    ) == (negation and f"negation_dropped:{negation}")


@pytest.mark.parametrize(
    ("claim", "negation"),
    [
        # "more specific" is of the specificity the paper found no difference in
        ("In the reader study the model was significantly more specific than experts.", "no"),
        ("In the reader study the model was more sensitive than experts.", None),
    ],
)
def test_an_adjective_is_of_its_noun(claim: str, negation: str | None) -> None:
    assert _dropped(
        claim,
        "In a reader study the model was more sensitive than 14 experts, with no significant "
        "difference in specificity.",
    ) == (negation and f"negation_dropped:{negation}")


@pytest.mark.parametrize(
    ("claim", "negation"),
    [
        # what a listed subject is of goes with each thing it lists
        ("Turnover fell by about six points among older tenants.", None),
        ("Pre-policy trends in turnover differed between the groups.", "not"),
        # a thousands separator ends no leading scope
        ("DOACs were linked to a 30% lower risk of major bleeding.", None),
        ("Among patients aged 85 or older, DOACs lowered major bleeding.", "not"),
    ],
)
def test_a_listed_subject_and_a_counted_scope(claim: str, negation: str | None) -> None:
    assert _dropped(
        claim,
        "Pre-policy trends in rents, turnover and evictions did not differ between groups.",
        "Among the 2,963 patients aged 85 or older, DOACs were not associated with less major "
        "bleeding.",
    ) == (negation and f"negation_dropped:{negation}")


def _dropped(claim: str, *sentences: str) -> str | None:
    """The reason of the null finding a paper of ``sentences`` holds against the claim."""
    paper = make_paper(list(sentences))
    found = check_null_finding(claim, null_findings(paper.sentences))
    return found.reason if found else None


def test_an_effect_the_sentence_puts_down_to_chance_drops_no_negation() -> None:
    paper = make_paper(
        [
            "Non-target biomass did not change detectably.",
            "Non-target biomass increased from 316 to 468 kg/ha in reserves (BACI ratio 1.37, "
            "95% CI 0.98-1.90; p=0.07).",
        ]
    )
    checker = Checker(paper, FakeRetriever(paper), FakeEmbedder(), None, CheckerSettings())
    granted = checker.verify(
        "Non-target biomass did rise in the reserves, but its gain fell short of statistical "
        "significance."
    )[0]
    assert not any(r.startswith("negation_dropped") for r in granted.reasons)
    denied = checker.verify("Non-target biomass did rise in the reserves.")[0]
    assert denied.reasons[0] == "negation_dropped:not"


FAULTS = (
    "Pooled recall by fault type for GridSentinel versus GDN was 0.83 versus 0.62 for drift "
    "(p < 0.001), 0.92 versus 0.90 for stuck-at and 0.76 versus 0.74 for spike faults; only the "
    "drift difference was significant (other p ≥ 0.38)."
)


@pytest.mark.parametrize(
    ("claim", "reversed_"),
    [
        # what a sentence says of one thing only, the claim's other clause denies of the rest
        (
            "Drift faults were where GridSentinel pulled ahead, with recall of 0.83 versus 0.62, "
            "while stuck-at and spike faults showed only small, non-significant differences.",
            False,
        ),
        # the one thing itself called non-significant is the paper turned round
        ("GridSentinel's recall advantage for drift faults was non-significant.", True),
    ],
)
def test_a_word_said_of_one_thing_only(claim: str, reversed_: bool) -> None:
    found = check_direction(claim, [Evidence(2, FAULTS, (0.0, 0.0, 1.0, 1.0), 0.9, 0)])
    assert isinstance(found, Reversed) == reversed_
