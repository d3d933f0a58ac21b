"""The overclaim lexicon: one row per absolute concept, its English and Chinese forms.

``en`` is the regular expression of the English word in a claim, ``en_backing`` the words
(regular expressions, lower case) that back it when found in the evidence, ``zh`` the Chinese
forms in a claim and ``zh_backing`` the Chinese words that back it. Adding a language is adding
two columns.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Concept:
    """One absolute or generalising concept."""

    en: str
    en_backing: tuple[str, ...]
    zh: tuple[str, ...] = ()
    zh_backing: tuple[str, ...] = ()


OVERCLAIMS: dict[str, Concept] = {
    "always": Concept(
        "always",
        ("always", "consistently", "every", "all", "each"),
        ("总是", "始终"),
        ("总是", "始终", "一直", "均"),
    ),
    "never": Concept(
        "never",
        ("never", "no", "none", "without"),
        ("从不", "从未", "绝不"),
        ("从不", "从未", "没有"),
    ),
    "all": Concept(
        "all",
        # "all of the coarse aggregate" is its "full replacement", "100%" of it; "none of the
        # plots was lost" is said of every plot
        ("all", "every", "each", "any", "both", "entire", "whole", "full", "100%", "none"),
        ("所有", "全部", "一切"),
        ("所有", "全部", "每个", "均", "都"),
    ),
    "every": Concept(
        "every",
        ("all", "every", "each", "any", "none"),
        (),
        (),
    ),
    "any": Concept(
        # "if any" hedges; "before any data were collected", "whether any" claim no universal
        r"(?<!\bif )(?<!\bbefore )(?<!\bwhether )any",
        ("any", "all", "every"),
        ("任何",),
        ("任何",),
    ),
    "prove": Concept(
        "prov(?:e|es|ed|en|ing)",
        ("prove", "proof", "theorem", "guarantee"),
        # NOTE: 证明 is also the ordinary word for "show, demonstrate" (实验证明…), so it is
        # backing, not an absolute word.
        (),
        ("证明",),
    ),
    "guarantee": Concept(
        "guarantee[sd]?",
        ("guarantee", "prove", "proof", "theorem", "bound"),
        ("保证",),
        ("保证",),
    ),
    "completely": Concept(
        "complete(?:ly)?",
        ("complete", "completely", "entirely", "fully", "perfect", "100"),
        ("完全", "彻底"),
        ("完全", "彻底"),
    ),
    "entirely": Concept(
        "entire(?:ly)?",
        ("complete", "completely", "entirely", "fully"),
        (),
        (),
    ),
    "perfect": Concept(
        "perfect(?:ly)?",
        ("perfect", "perfectly", "100"),
        ("完美",),
        ("完美",),
    ),
    "eliminate": Concept(
        "eliminat(?:e|es|ed|ing)",
        ("eliminate", "remove", "zero", "no"),
        ("消除",),
        ("消除",),
    ),
    "solve": Concept(
        "solv(?:e|es|ed|ing)",
        ("solve", "solves", "solved"),
        ("解决了",),
        ("解决",),
    ),
    "universal": Concept(
        "universal(?:ly)?",
        ("universal", "universally", "general", "all"),
        ("普遍",),
        ("普遍",),
    ),
    "first": Concept(
        # "from the first to the drier second season" counts seasons; it claims no priority
        "first(?=\\s+(?:to(?!\\s+(?:the|a|an|its|their|second|third|fourth|next|last|final)\\b)|"
        "method|approach|work|study|paper|model|time))",
        ("first", "novel", "new", "no prior", "not been"),
        ("首次", "第一个", "首个"),
        ("首次", "第一", "首个"),
    ),
    "best": Concept(
        "best|(?:first|preferred|top) choice|go-to",
        (
            "best",
            "state-of-the-art",
            "outperform",
            "highest",
            "lowest",
            "greatest",
            "strongest",
            "top",
            "better",
            "preferred",
            # "eleven ranked SDT-12 first" backs a "top choice"
            r"(?:ranked|rated|placed|came|finished)\s+(?:[\w-]+\s+){0,3}?first\b",
        ),
        ("最好", "最佳", "最优", "首选"),
        ("最好", "最佳", "最优", "优于", "首选"),
    ),
    "unprecedented": Concept(
        "unprecedented",
        ("unprecedented",),
        (),
        (),
    ),
    "dramatically": Concept(
        "dramatic(?:ally)?",
        ("dramatic", "dramatically", "substantial", "large"),
        (),
        (),
    ),
    "vastly": Concept(
        "vast(?:ly)?",
        ("vast", "vastly", "substantial", "large"),
        (),
        (),
    ),
    # "the only survey platform …": a uniqueness the paper must claim; "only 40 people" is none
    "only": Concept(
        "(?<=\\bthe\\s)only(?=\\s+[a-z])|(?<=\\bthe\\s)sole(?=\\s+[a-z])",
        ("only", "sole", "unique", "no other", "first", "none of the"),
        # 唯一 is as often "unique" ("唯一的标识符", a unique identifier) as "the only"
        (),
        (),
    ),
    "impossible": Concept(
        "impossible",
        ("impossible", "cannot"),
        ("不可能",),
        ("不可能",),
    ),
}


#: Capitalised words that are not names, and generic technical acronyms a critique may use freely.
NOT_NAMES = frozenset(
    """
    a abstract additionally ai also although an and api appendix approach as at author authors
    because but by chinese conclusion conclusions contributions cpu cpus discussion english eq
    equation evidence experiment experiments fig figure finally first flops for from furthermore
    gb ghz gpu gpus hence here how however i if ii iii importantly in introduction it its iv
    limitations llm llms mb method methods ml model moreover nlp no not notably note of on or
    our ours overall paper pdf questions ram related results sec second section similarly since
    specifically study tab table tb that the their there these they third this those thus to
    unfortunately url vi we what when where whereas which while who why with work x-ray x-rays
    yes ci cri sd se sem iqr hr ahr rr arr aor irr icc celsius fahrenheit kelvin
    """.split()
)


#: Generic technical acronyms among them, however capitalised: "LLM", "GPUs".
#: Labels of statistics: "95% CI", "HR 0.81", "SD 12", "(IQR 5-21)"; they name no thing.
STATISTIC_LABELS = frozenset("ci cri sd se sem iqr hr ahr rr arr aor or irr icc".split())
#: Metrics a value is measured in: "a BLEU-4 of 26.3" is a score of a system named elsewhere.
METRIC = re.compile(
    r"(?:bleu|rouge|chrf|meteor|comet|ter|wer|cer|f1|auc|auroc|auprc|rmse|mae|mse|psnr|ssim|"
    r"fid|iou|ndcg|mrr)(?:[-@+]?[\w+]*)?",
    re.I,
)
GENERIC_ACRONYMS = (
    frozenset("ai api cpu cpus flops gb ghz gpu gpus llm llms mb ml nlp pdf ram tb url".split())
    | STATISTIC_LABELS
)


#: Words a critique joins to one of the paper's names with a hyphen without naming anything new:
#: "F1-score" for the paper's "F1", "micro-F1", "GloVe-based", "BERT-style".
NAME_MODIFIERS = frozenset(
    """
    adapted aware based derived driven enhanced free guided level like macro measure micro
    only score scores specific style trained tuned type weighted
    """.split()
)

#: Chinese forms of the units a number is checked with, keyed by the English unit. Only forms
#: whose reading is unambiguous: "5月" is May and "5日" a date, so months are 个月 and days 天.
UNITS_ZH: dict[str, tuple[str, ...]] = {
    "day": ("天",),
    "week": ("周", "个星期"),
    "month": ("个月",),
    "year": ("年",),
    "hour": ("小时", "个小时"),
    "minute": ("分钟",),
    "second": ("秒",),
    "epoch": ("轮", "个epoch"),
    "layer": ("层",),
    "head": ("个头", "个注意力头"),
    "fold": ("折",),
}

#: A country and the word for its people or things ("Danish children" of a study in Denmark):
#: either names the other.
_DEMONYMS = {
    "america": "american",
    "australia": "australian",
    "austria": "austrian",
    "belgium": "belgian",
    "brazil": "brazilian",
    "britain": "british",
    "canada": "canadian",
    "china": "chinese",
    "denmark": "danish",
    "england": "english",
    "finland": "finnish",
    "france": "french",
    "germany": "german",
    "greece": "greek",
    "india": "indian",
    "ireland": "irish",
    "israel": "israeli",
    "italy": "italian",
    "japan": "japanese",
    "korea": "korean",
    "mexico": "mexican",
    "netherlands": "dutch",
    "newzealand": "newzealander",
    "nigeria": "nigerian",
    "norway": "norwegian",
    "poland": "polish",
    "portugal": "portuguese",
    "scotland": "scottish",
    "spain": "spanish",
    "sweden": "swedish",
    "switzerland": "swiss",
    "taiwan": "taiwanese",
    "turkey": "turkish",
    "uganda": "ugandan",
    "wales": "welsh",
}
DEMONYMS: dict[str, str] = {**_DEMONYMS, **{v: k for k, v in _DEMONYMS.items()}}

#: Settings and groups a study is one of and not the other: a claim giving one where the paper
#: only ever gives another misstates who or where was studied. Each form matches its plural.
ALTERNATIVES: tuple[tuple[str, ...], ...] = (
    ("urban", "rural"),
    ("inpatient", "outpatient"),
    ("man", "woman"),
    ("male", "female"),
    ("boy", "girl"),
    ("adult", "child", "adolescent"),
    ("indoor", "outdoor"),
    ("wild", "captive"),
    ("daytime", "night-time", "nighttime"),
    ("weekday", "weekend"),
    ("prospective", "retrospective"),
    ("winter", "summer"),
)
