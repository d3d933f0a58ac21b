"""Risk ratios read as the change a report states: "HR 0.71" is "a 29% lower risk".

A study reports a hazard, odds, risk or rate ratio; a report of it states the ratio's distance
from 1 as a percentage ("those who drank three or more cups had a 29% lower risk"). The paper
never prints that percentage and the judge's small model does not subtract, so a claim that
converts the ratio rightly reads as unsupported. A claim's percentage that says a lower (or
higher) risk, odds, hazard or rate and equals 1 minus a ratio below 1 (or the ratio minus 1)
of an evidence sentence that names such ratios, at the claim's precision, is that ratio's:
binding counts it as the paper's, and the judge is shown the conversion beside the ratio.
Bounds of a confidence interval ("95% CI 0.60-0.84") are not the ratio.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import replace
from decimal import Decimal

from core.text.normalize import (
    HEDGED_BEFORE,
    NumberMention,
    approximate_tolerance,
    canonical_number,
    extract_numbers,
    rounding_tolerance,
)
from core.text.words import (
    ARMS,
    conflicting_groups,
    content_words,
    fact_words,
    names_group,
    same_group,
)

#: A sentence that reports ratios of risk.
RATIO_WORDS = re.compile(
    r"\b(?:a?HRs?|a?ORs?|RRs?|IRRs?|hazard ratios?|odds ratios?|relative risks?|risk ratios?|"
    r"rate ratios?)\b|风险比|比值比|相对风险"
)
#: A confidence interval's bounds, which are not the estimate.
_INTERVAL = re.compile(
    r"\bCI\s*[:=,]?\s*\d+(?:\.\d+)?\s*(?:-|–|to|,)\s*\d+(?:\.\d+)?|置信区间[^，,;；)）]*"
)
#: After the claim's percentage: the change it states, and of what.
_CHANGE = re.compile(
    r"^\s*(?:(?P<down>lower|reduced|reduction in|decrease in|decreased|smaller|drop in|less)|"
    r"(?P<up>higher|increased|increase in|greater|more|rise in|excess))\s+"
    r"(?:\w+\s+){0,2}?(?P<noun>risk|odds|hazard|likelihood|chance|incidence|rate|mortality)\b",
    re.I,
)
#: Before the claim's percentage: a change of risk stated with a verb and "by" ("cuts the risk
#: of early death by 59%", "reduced mortality by about 40%").
_CHANGE_BEFORE = re.compile(
    r"\b(?:(?P<down>cut|cuts|cutting|lower|lowers|lowered|lowering|reduc(?:e|es|ed|ing)|"
    r"decreas(?:e|es|ed|ing)|slash(?:es|ed)?)|(?P<up>rais(?:e|es|ed|ing)|increas(?:e|es|ed|ing)|"
    r"boost(?:s|ed)?))\s+(?:the\s+|their\s+|your\s+|one's\s+)?(?:\w+\s+){0,1}?"
    r"(?P<noun>risk|odds|hazard|likelihood|chances?|incidence|rate|mortality)\b"
    r"(?:\s+of\s+(?:\w+\s+){0,3}?)?\s*by\s+(?:about\s+|around\s+|nearly\s+|almost\s+)?$",
    re.I,
)
#: The group a ratio is relative to: "compared with the least active quarter (…),".
REFERENCE = re.compile(
    r"\b(?:compared (?:with|to)|relative to|versus|vs\.?|than)\b(?:[^,;(]|,(?=\d)|\([^)]*\))*",
    re.I,
)
#: A multiple of a risk or likelihood: "twice as likely", "three times the risk", "doubled the
#: odds", "2.5 times more likely", "halved the risk".
_MULTIPLE = re.compile(
    r"\b(?:(?P<word>twice|doubl(?:e|es|ed|ing)|tripl(?:e|es|ed|ing)|halv(?:e|es|ed|ing))|"
    r"(?P<count>two|three|four|five|\d+(?:\.\d+)?)\s*(?:times|-?fold))"
    r"(?=\s+(?:as\s+likely|more\s+likely|the\s+(?:risk|odds|rate|chance|likelihood)|"
    r"(?:higher|greater|increased)\s+(?:risk|odds|rate|chance|likelihood)))",
    re.I,
)
_MULTIPLES = {
    "twic": Decimal(2),
    "doub": Decimal(2),
    "trip": Decimal(3),
    "halv": Decimal("0.5"),
    "two": Decimal(2),
    "three": Decimal(3),
    "four": Decimal(4),
    "five": Decimal(5),
}
#: A sentence whose ratios are odds ratios.
_ODDS = re.compile(r"\b(?:[Oo]dds|a?ORs?)\b|比值比")
#: After the claim's percentage: "41% less likely to die".
_LIKELY = re.compile(r"^\s*(?:(?P<down>less)|(?P<up>more))\s+(?P<noun>likely)\b", re.I)


def ratio_values(claim: str) -> list[Decimal]:
    """The ratios the claim's changes of risk convert: 0.64 for "a 36% lower risk"."""
    return [r for m in extract_numbers(claim) if (r := _converts(claim, m)) is not None]


def converted(claim: str, mention: NumberMention, texts: Iterable[str]) -> NumberMention | None:
    """The claim's percentage read as the ratio of the first text that it converts."""
    wanted = _converts(claim, mention)
    if wanted is None:
        return None
    for text in texts:
        ratio = _ratio_in(text, wanted, mention)
        if ratio is None:
            continue
        # Of a sentence's several ratios, the claim's is one whose item fits its words best;
        # a group's ratio ("in men … 0.64") is not the claim's unless it names that group or
        # gives one of its values.
        items = _items(text)
        fits = {r.start: _fit(claim, item) for r, item in items}
        item = next(i for r, i in items if r.start == ratio.start)
        if fits[ratio.start] >= max(fits.values()) and not _of_other_group(claim, item):
            return replace(mention, value=ratio.value, percent=False)
    return None


def nearest_ratio(
    claim: str, mention: NumberMention, texts: Sequence[str]
) -> tuple[int, str] | None:
    """For a change of risk no ratio converts, the nearest ratio of the texts, as a change.

    "a 39% lower risk" against "HR 0.71": (the text's position, "0.71, a 29% lower risk");
    "by 59%" against "HR 0.59" is told "0.59, a 41% lower risk".
    """
    wanted = _converts(claim, mention)
    if wanted is None:
        return None
    return _closest(claim, texts, wanted, misread=mention.value / 100)


def multiple_mismatch(
    claim: str, mention: NumberMention, texts: Sequence[str]
) -> tuple[int, str] | None:
    """For "twice as likely" and the like, the ratio it misstates, or None if one bears it out.

    Read only against evidence that names ratios; a ratio of the claim's group within the
    multiple's rounding ("twice" is 1.75 to 2.25), or two percentages of a sentence holding
    half the claim's words whose quotient is (43.1% against 21.9%), bear it out. Without
    ratios, the two percentages of such a sentence misstate it when their quotient is not it
    ("three times as likely" against 38% and 21%).
    """
    if not any(RATIO_WORDS.search(text) for text in texts):
        return _shares_mismatch(claim, texts, mention)
    tolerance = _multiple_tolerance(claim, mention)
    # The ratio of another outcome ("falls" for "delirium") bears out no multiple of this one.
    fits = [
        _fit(claim, item) for text in texts if RATIO_WORDS.search(text) for _, item in _items(text)
    ]
    best = max(fits, default=(0, 0))
    for text in texts:
        for ratio, item in _items(text) if RATIO_WORDS.search(text) else []:
            if (
                abs(ratio.value - mention.value) <= tolerance
                and not _of_other_group(claim, item)
                and _fit(claim, item) >= best
            ):
                return None
        if not _about_claim(claim, text):
            continue
        shares = [m.value for m in extract_numbers(text) if m.percent and m.value > 0]
        if any(abs(a / b - mention.value) <= tolerance for a in shares for b in shares):
            return None
    return _closest(claim, texts, mention.value)


def _shares_mismatch(
    claim: str, texts: Sequence[str], mention: NumberMention
) -> tuple[int, str] | None:
    """(position, "38% against 21%, 1.8 times") of two percentages that misstate a multiple.

    Read in the first sentence about the claim holding two percentages only.
    """
    tolerance = _multiple_tolerance(claim, mention)
    for i, text in enumerate(texts):
        if not _about_claim(claim, text):
            continue
        shares = [m for m in extract_numbers(text) if m.percent and m.value > 0]
        if len(shares) != 2:
            continue
        high, low = sorted(shares, key=lambda m: -m.value)
        if mention.value < 1:
            quotient = low.value / high.value
            if abs(quotient - mention.value) <= tolerance:
                return None
            return i, f"{low.raw} against {high.raw}, {quotient:.2f} times"
        quotient = high.value / low.value
        if abs(quotient - mention.value) <= tolerance:
            return None
        return i, f"{high.raw} against {low.raw}, {quotient:.1f} times"
    return None


def multiples(claim: str) -> list[NumberMention]:
    """The multiples of a risk or likelihood the claim states: 2 for "twice as likely"."""
    out = []
    for match in _MULTIPLE.finditer(claim):
        word = (match.group("word") or match.group("count")).casefold()
        value = _MULTIPLES.get(word[:4]) or _MULTIPLES.get(word)
        if value is None:
            value = Decimal(word) if re.fullmatch(r"\d+(?:\.\d+)?", word) else None
        if value is not None:
            hedged = HEDGED_BEFORE.search(claim[: match.start()]) is not None
            raw = match.group(0)
            out.append(NumberMention(raw, match.start(), match.end(), value, approximate=hedged))
    return out


def _about_claim(claim: str, text: str) -> bool:
    """Whether the text holds half the claim's words: its percentages may be the claim's."""
    words = fact_words(claim)
    return bool(words) and 2 * len(words & fact_words(text)) >= len(words)


def _multiple_tolerance(claim: str, mention: NumberMention) -> Decimal:
    """How far a ratio may be from the multiple: "twice" is 1.75 to 2.25, "halved" 0.44 to 0.56."""
    if re.match(r"\d", mention.raw):
        return rounding_tolerance(mention.value)
    tolerance = Decimal("0.35") if mention.approximate else Decimal("0.25")
    # A fraction is read at the same relative distance as its inverse multiple.
    return tolerance * mention.value / 2 if mention.value < 1 else tolerance


def _closest(
    claim: str, texts: Sequence[str], wanted: Decimal, misread: Decimal | None = None
) -> tuple[int, str] | None:
    """The ratio the claim misstates, with its text's position and the change it makes.

    The ratio of the claim's group, or whose item fits its words best, then the one read as
    the claim's value itself (``misread``: "by 59%" for "HR 0.59"), then the nearest in size:
    (1, "0.59, a 41% lower risk").
    """
    found = [
        (i, r, item)
        for i, text in enumerate(texts)
        if RATIO_WORDS.search(text)
        for r, item in _items(text)
    ]
    if not found:
        return None

    def rank(
        f: tuple[int, NumberMention, str],
    ) -> tuple[tuple[int, int], bool, bool, Decimal, int]:
        index, r, item = f
        group, fit = _fit(claim, item)
        # a lower risk is misstated by a ratio below 1 before one above it
        return (
            (-group, -fit),
            (r.value < 1) != (wanted < 1),
            r.value != misread,
            abs(r.value - wanted),
            index,
        )

    index, ratio, _ = min(found, key=rank)
    change = canonical_number(abs(1 - ratio.value) * 100)
    way = "lower" if ratio.value < 1 else "higher"
    if _ODDS.search(texts[index]):
        return index, f"{ratio.raw}, {change}% {way} odds"
    # "an 18%", "an 80%", "an 11%": the article as the number is spoken
    article = "an" if change.startswith("8") or change.split(".")[0] in ("11", "18") else "a"
    return index, f"{ratio.raw}, {article} {change}% {way} risk"


def glossed(claim: str, evidence: str) -> str:
    """``evidence`` with the claim's conversion beside its ratio: "0.71 (29% lower risk)".

    Of a sentence of several ratios ("0.64 in men and 0.82 in women"), only the ratio of the
    one group the claim names is glossed ("men"): else the judge would read the conversion and
    not whose ratio it is.
    """
    changes = [(m, r) for m in extract_numbers(claim) if (r := _converts(claim, m)) is not None]
    if not changes:
        return evidence
    items = _items(evidence)
    words = content_words(claim)
    named = [r.start for r, item in items if same_group(words, content_words(item))]
    for mention, wanted in changes:
        ratio = _ratio_in(evidence, wanted, mention)
        found = _change(claim, mention)
        if found is not None and ratio is not None and (len(items) == 1 or named == [ratio.start]):
            # In the claim's words: "29% lower risk", "35% higher odds", "41% less likely".
            noun = found.group("noun").casefold()
            if noun == "likely":
                way = "less" if ratio.value < 1 else "more"
            else:
                way = "lower" if ratio.value < 1 else "higher"
            gloss = f"{mention.raw} {way} {noun}"
            return f"{evidence[: ratio.end]} ({gloss}){evidence[ratio.end :]}"
    return evidence


def _converts(claim: str, mention: NumberMention) -> Decimal | None:
    """The ratio a percentage stated as a change of risk converts, or None if it is not one."""
    found = _change(claim, mention)
    if found is None:
        return None
    change = mention.value / 100
    return 1 - change if found.group("down") is not None else 1 + change


def _change(claim: str, mention: NumberMention) -> re.Match[str] | None:
    """The words that make a percentage a change of risk, odds or likelihood."""
    if not mention.percent:
        return None
    after = claim[mention.end :]
    return (
        _CHANGE.match(after)
        or _LIKELY.match(after)
        or _CHANGE_BEFORE.search(claim[max(0, mention.start - 80) : mention.start])
    )


def ratio_spans(text: str) -> list[tuple[int, int]]:
    """Where a sentence that names ratios of risk states them or their intervals' bounds.

    "HR 0.59" is no 59%, and "95% CI 0.47-0.75" no change of 59.6%.
    """
    if not RATIO_WORDS.search(text):
        return []
    return [(m.start, m.end) for m in extract_numbers(text) if _may_be_ratio(m)]


def is_risk_change(claim: str, mention: NumberMention) -> bool:
    """Whether the claim's percentage states a change of risk ("a 41% lower risk")."""
    return _converts(claim, mention) is not None


def ratio_gives(mention: NumberMention, texts: Iterable[str]) -> bool:
    """Whether a ratio of the texts is the percentage as a change: "RR 0.58" is 42% fewer."""
    if not mention.percent:
        return False
    share = mention.value / 100
    return any(_ratio_in(t, w, mention) for t in texts for w in (1 - share, 1 + share))


def _ratio_in(evidence: str, wanted: Decimal, mention: NumberMention) -> NumberMention | None:
    """The evidence's ratio equal to ``wanted`` at the precision of the claim's percentage."""
    if not RATIO_WORDS.search(evidence):
        return None
    tolerance = rounding_tolerance(mention.value) / 100
    return next((r for r in _ratios(evidence) if abs(r.value - wanted) <= tolerance), None)


#: A difference in points ("8.3 percentage points") is no ratio.
_POINTS = re.compile(r"\s*(?:percentage\s+)?(?:points?|pp)\b", re.I)
#: A ratio is never negative: "-1.0" bounds a difference.
_NEGATIVE = re.compile(r"(?:^|[\s(\[])[-−]$")


def _ratios(evidence: str) -> list[NumberMention]:
    """The evidence's values that may be ratios: decimals below 10, intervals left out."""
    intervals = [m.span() for m in _INTERVAL.finditer(evidence)]
    return [
        m
        for m in extract_numbers(evidence)
        if _may_be_ratio(m)
        and not any(a <= m.start < b for a, b in intervals)
        and not _POINTS.match(evidence, m.end)
        and not _NEGATIVE.search(evidence, 0, m.start)
    ]


def stated_ratios(text: str) -> list[NumberMention]:
    """The text's ratios named as such just before them: "risk ratio 0.27", "(HR, 0.71".

    A p-value or a mean in a sentence that also names a ratio is no ratio.
    """
    return [
        m
        for m in _ratios(text)
        if RATIO_WORDS.search(text[max(0, m.start - _NAMED_WITHIN) : m.start])
    ]


#: How far before a ratio its name may stand: "hazard ratio for death, 0.71".
_NAMED_WITHIN = 25


def _items(text: str) -> list[tuple[NumberMention, str]]:
    """Each ratio with its item: the words since the ratio (and interval) before it.

    Of "women in the second quarter (4,363 steps per day) had a hazard ratio of 0.59 (95% CI
    0.47-0.75), those in the third quarter (5,905 steps per day) 0.54", 0.54's item is "those
    in the third quarter (5,905 steps per day)"; of "…was associated with PD (OR 1.62), as was
    handling paraquat (OR 2.08)", 2.08's is "as was handling paraquat" and what 1.62's says
    after its verb.
    """
    intervals = [m.span() for m in _INTERVAL.finditer(text)]
    items: list[tuple[NumberMention, str]] = []
    start = 0
    for ratio in _ratios(text):
        item = text[start : ratio.start]
        # "…, as was handling paraquat (OR 2.08)": the first item's predicate is this one's too
        if items and _ELLIPSIS.match(item):
            verb = _VERB.search(items[0][1])
            item = f"{item} {items[0][1][verb.end() :] if verb else ''}"
        items.append((ratio, item))
        start = max([b for a, b in intervals if ratio.end <= a <= ratio.end + 12] or [ratio.end])
    return items


#: An item that shares the first item's predicate: ", as was handling paraquat".
_ELLIPSIS = re.compile(
    r"^[\s),;]*(?:as\s+(?:was|were|did|had)|and\s+so\s+(?:was|were|did))\b", re.I
)
_VERB = re.compile(r"\b(?:was|were|is|are|had|has)\b", re.I)


def _fit(claim: str, item: str) -> tuple[int, int]:
    """How well a ratio's item fits the claim: its group named, then its values and words.

    The group both are compared with ("than the least active women") is no item's own, and an
    item of another group than the claim's ("the second quarter" for "the third quarter",
    men for women) is not its item.
    """
    mine, theirs = _words(claim), _words(item)
    if conflicting_groups(mine, theirs):
        return -1, -1
    words = {w for w in mine & theirs if not w[0].isdigit()}
    return int(same_group(mine, theirs)), len(words) + 2 * _shared_values(claim, item)


def _of_other_group(claim: str, item: str) -> bool:
    """Whether the item is a group's that the claim neither names nor gives a value of.

    The arms a ratio compares ("treated buildings … compared with comparison buildings") are
    the comparison's, not a group the claim leaves out.
    """
    mine, theirs = _words(claim), _words(item) - ARMS
    return names_group(theirs) and not same_group(mine, theirs) and not _shared_values(claim, item)


def _words(text: str) -> set[str]:
    return content_words(REFERENCE.sub(" ", text))


def _shared_values(claim: str, item: str) -> int:
    """The claim's values (not percentages) the item states, a hedged one within its rounding."""
    values = [m for m in extract_numbers(item) if not m.percent]
    shared = 0
    for m in extract_numbers(claim):
        hedged = HEDGED_BEFORE.search(claim[: m.start]) is not None
        tolerance = approximate_tolerance(m.value) if hedged else Decimal(0)
        shared += not m.percent and any(abs(v.value - m.value) <= tolerance for v in values)
    return shared


def _may_be_ratio(m: NumberMention) -> bool:
    return not (m.percent or m.scale) and "." in m.raw and Decimal(0) < m.value < Decimal(10)
