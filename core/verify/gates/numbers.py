"""Numbers must occur in the paper; a number tied to a unit must occur with that unit."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import ROUND_HALF_UP, Decimal
from itertools import combinations

from core.text.normalize import (
    BOUND_ABOVE,
    BOUND_ABOVE_AFTER,
    BOUND_BELOW,
    BOUND_BELOW_AFTER,
    CURRENCY,
    HEDGE,
    NumberMention,
    approximate_tolerance,
    assigned_letter,
    canonical_number,
    extract_numbers,
    in_name,
    is_interval_level,
    is_rate_base,
    is_unit_exponent,
    ratios,
    rounding_tolerance,
    settle_approximate,
    settle_bound,
    spans_years,
    written_whole,
)
from core.text.proportions import count_shares
from core.text.words import content_words, stem
from core.verify.comparison import Row, table_rows
from core.verify.gates.common import INLINE_MARKER, LIST_MARKER, GateFinding, PaperFacts, inside
from core.verify.gates.differences import Gaps, is_difference
from core.verify.gates.lexicon import UNITS_ZH
from core.verify.period_totals import period_rates, total_over_periods
from core.verify.risk_ratios import RATIO_WORDS, converted, is_risk_change
from core.verify.tallies import table_totals, tallies

#: A number said to be approximate: "about 38%", "around 89,000", "roughly 16-17%", "约8000个",
#: "8000个左右"; the hedge holds for a value set against the first ("about 7% versus 10%") and
#: for every value of a list it opens ("odds ratios of about 14 and 7").
_HEDGED_BEFORE = re.compile(
    rf"{HEDGE}{CURRENCY}\s*(?:\d+(?:[.,]\d+)*+\s*%?\s*"
    rf"(?:-|–|to|versus|vs\.?|against|compared with|and|or|,){CURRENCY}\s*)*$",
    re.I,
)
_CHANGE_BEFORE = re.compile(rf"\bby\s*(?:{HEDGE}|just over|just under)?\s*$", re.I)
_FALL = re.compile(
    r"less|fewer|lower|drop\w*|fall|fell|reduc\w*|declin\w*|cut\w*|decreas\w*|shrank|lost",
    re.I,
)
#: The verbs of change before "by": "dropped by close to 30%", "rose by 12%".
_DIRECTED = re.compile(
    r"\b(?:rose|risen|rise[sn]?|increas\w*|grew|grow\w*|rais\w*|boost\w*|jump\w*|climb\w*|"
    r"drop\w*|fell|fall\w*|reduc\w*|declin\w*|cut\w*|decreas\w*|lower\w*|shrank|lost)\b",
    re.I,
)
_CHANGE_AFTER = re.compile(
    r"\s*%?\s*(?:\w+\s+)?(?:more|less|fewer|higher|lower|greater|rise|increase|drop|fall|"
    r"reduction|decline|cut|jump|gain)\b",
    re.I,
)
#: A sentence that names a ratio: "incidence rate ratio [IRR] 1.80", "the ratio of … was 1.71".
_NAMED_RATIO = re.compile(rf"(?:{RATIO_WORDS.pattern})|(?i:\bratios?\b|\d(?:\.\d+)?-fold\b)")
_PERCENT_RANGE = re.compile(r"\s*(?:-|–|to)\s*[\d.]+\s*%")
_HEDGED_AFTER = re.compile(r"\s*%?\s*(?:左右|上下)")


def check_numbers(
    text: str, facts: PaperFacts, masked: Sequence[tuple[int, int]]
) -> tuple[list[GateFinding], list[str], list[NumberMention]]:
    """Every number outside citations, cross-references and names must occur in the paper.

    An approximate number ("around 89,000") stands for the paper's nearest value within its
    rounding (see ``approximate_tolerance``), which the checks then read in its place. A gap
    the claim computes between two of the paper's values is the paper's (see ``differences``)
    and is left out of the numbers returned for binding, as no sentence states it.
    """
    failures, anchors = _check_ratios(text, facts, masked)
    stated = quantities(text, masked)
    spans = [m for m in stated if _spans_years(m, text, facts)]
    anchors += [f"number:{m.canonical}" for m in spans]
    checked = [_settled(m, text, facts) for m in stated if m not in spans]
    derived = [
        m
        for m in checked
        if _derived(m, text, facts)
        or _counted(m, text, facts)
        or _share_of_counts(m, text, facts)
        or _summed(m, text, facts)
        or total_over_periods(text, m, _rates(facts))
    ]
    anchors += [f"number:{m.canonical}" for m in derived]
    checked = [m for m in checked if m not in derived]
    for mention in checked:
        unit = unit_after(text, mention.end)
        # A Chinese paper counts in its own words ("6000个问题", "共收集196915条"): only units
        # with a Chinese form are looked up there.
        if unit is not None and facts.is_cjk and unit.english not in UNITS_ZH:
            unit = None
        if unit is not None and _calendar_year(mention) and _names_a_date(unit):
            unit = None  # 2021年, "the 2020 step-up" are dates
        found = facts.has_number(mention) or bool(_rounding(mention, text, facts))
        # A value assigned to a condition's letter ("n=6") must be one the paper assigns to it,
        # when it assigns that letter others ("n=3, 7, 15 and 30").
        letter = assigned_letter(text, mention.start)
        if found and letter and facts.assigns(letter, mention) is False:
            written = f"{letter}={mention.raw}"
            failures.append(
                GateFinding(
                    "number",
                    f"number_unit_not_in_paper:{written}",
                    f"{mention.raw} occurs in the paper, but never as {written}",
                )
            )
        elif found and (
            unit is None
            or facts.has_number_with_unit(mention, unit.english)
            or _near_with_unit(mention, text, facts)
        ):
            anchors.append(f"number:{mention.canonical}")
        elif found and unit is not None:
            written = f"{mention.raw}{unit.written}"
            failures.append(
                GateFinding(
                    "number",
                    f"number_unit_not_in_paper:{written}",
                    f"{mention.raw} occurs in the paper, but never as {written.strip()}",
                )
            )
        else:
            failures.append(
                GateFinding(
                    "number",
                    f"number_not_in_paper:{mention.raw}",
                    f"{mention.raw} does not occur in the paper",
                )
            )
    return failures, anchors, checked


def _derived(mention: NumberMention, text: str, facts: PaperFacts) -> bool:
    """A gap the claim computes between two of the paper's values ("1 BLEU point higher").

    Or a risk ratio stated as a change ("a 29% lower risk" for "HR 0.71").
    """
    if facts.has_number(mention):
        return False
    # A change of risk is read against the ratio of its own group (``risk_ratios``).
    risk = is_risk_change(text, mention)
    if mention.percent and not risk and _ratio_as_change(mention, text, facts):
        return True
    if not is_difference(text, mention):
        return False
    if risk:
        # A change of risk is a ratio's, not a gap between two values that happens to equal it.
        return converted(text, mention, (s.text for s in facts.paper.sentences)) is not None
    if facts.gaps is None:
        facts.gaps = Gaps(facts.paper, _rows(facts))
    return facts.gaps.derives(mention)


def _change_direction(text: str, mention: NumberMention) -> int:
    """+1 for a percentage said as a rise, -1 as a fall, 0 as neither.

    "an 80% rise", "70% more errors"; "dropped by close to 30%", "by roughly 40%" after "reduced".
    """
    after = _CHANGE_AFTER.match(text, mention.end)
    if after is not None:
        return -1 if _FALL.search(after.group()) else 1
    if _CHANGE_BEFORE.search(text[: mention.start]):
        verbs = _DIRECTED.findall(text[: mention.start])
        if verbs:
            return -1 if _FALL.fullmatch(verbs[-1]) else 1
    return 0


def _ratio_as_change(mention: NumberMention, text: str, facts: PaperFacts) -> bool:
    """A percent change that is a ratio's distance from 1 ("about 70% more errors", 1.71).

    The ratio must be named so ("rate ratio", "IRR", "the ratio of …", "1.8-fold") in a
    sentence sharing two of the claim's words, lie on the side of 1 the change goes (a rise
    above, a fall below), and match the change within its rounding.
    """
    direction = _change_direction(text, mention)
    if not direction:
        return False
    tolerance = (
        approximate_tolerance(mention.value, percent=True)
        if mention.approximate
        else rounding_tolerance(mention.value)
    )
    wanted = content_words(text)
    for sentence in facts.paper.sentences:
        if not _NAMED_RATIO.search(sentence.text) or len(wanted & content_words(sentence.text)) < 2:
            continue
        for ratio in extract_numbers(sentence.text):
            if ratio.percent or not 0 < ratio.value < 10 or (ratio.value > 1) != (direction > 0):
                continue
            if abs(abs(ratio.value - 1) * 100 - mention.value) <= tolerance:
                return True
    return False


def _spans_years(mention: NumberMention, text: str, facts: PaperFacts) -> bool:
    """A number of years the paper gives as a span of calendar years, not in digits."""
    texts = (s.text for s in facts.paper.sentences)
    return not facts.has_number(mention) and spans_years(text, mention, texts)


def _counted(mention: NumberMention, text: str, facts: PaperFacts) -> bool:
    """A count the reader makes of a table's columns or rows ("on 3 of the 4 datasets").

    Its total must be the number of columns of one of the paper's table rows, or of rows of one
    of its tables; whether the count itself is right is the tally check's.
    """
    if facts.has_number(mention):
        return False
    counts = [t for t in tallies(text) if t.span[0] <= mention.start and mention.end <= t.span[1]]
    if not counts:
        return False
    if facts.totals is None:
        facts.totals = table_totals(_rows(facts))
    return all(t.total in facts.totals for t in counts)


def _share_of_counts(mention: NumberMention, text: str, facts: PaperFacts) -> bool:
    """A percentage the claim works out from a count of a whole the paper states.

    "in about 85% of the farm-seasons" for "in 29 of 34 farm-seasons" (85.3%): within its
    rounding, and the whole's words are the claim's.
    """
    if not mention.percent or facts.has_number(mention):
        return False
    if facts.count_shares is None:
        facts.count_shares = [c for s in facts.paper.sentences for c in count_shares(s.text)]
    if mention.approximate:
        tolerance = approximate_tolerance(mention.value, percent=True)
    else:
        exponent = mention.value.as_tuple().exponent
        places = -exponent if isinstance(exponent, int) and exponent < 0 else 0
        tolerance = Decimal(5) * Decimal(10) ** (-(places + 1))
    wanted = content_words(text)
    return any(
        abs(share.percent - mention.value) <= tolerance and content_words(share.words) & wanted
        for share in facts.count_shares
    )


def _rates(facts: PaperFacts) -> list[tuple[Decimal, str]]:
    """The paper's values per period ("58 kg N ha-1 yr-1"), read on the first need."""
    if facts.period_rates is None:
        facts.period_rates = period_rates(s.text for s in facts.paper.sentences)
    return facts.period_rates


def _summed(mention: NumberMention, text: str, facts: PaperFacts) -> bool:
    """A total the claim adds up from two or three of the paper's counts of its noun.

    "79 primary schools" of "all 41 of its publicly funded primary schools" and "38 primary
    schools in the neighbouring districts".
    """
    if mention.percent or mention.scale or facts.has_number(mention):
        return False
    noun = _counted_noun(text, mention)
    if noun is None or not written_whole(mention.value):
        return False
    if facts.noun_counts is None:
        facts.noun_counts = {}
        for sentence in facts.paper.sentences:
            for m in extract_numbers(sentence.text):
                counted = _counted_noun(sentence.text, m)
                if counted is not None and not m.percent and written_whole(m.value):
                    facts.noun_counts.setdefault(counted, set()).add(m.value)
    # exactly: within a hedge, a part and the whole it is part of ("2,243 calls", "576 calls")
    # would add up to "about 3,000 calls"
    counts = sorted(v for v in facts.noun_counts.get(noun, ()) if 0 < v < mention.value)
    return any(
        sum(c) == mention.value for size in (2, 3) for c in combinations(counts[:_SUMMED], size)
    )


#: The most counts of one noun tried as the parts of a total.
_SUMMED = 12


#: The plural noun a count counts, a few words on: "41 of its publicly funded primary schools".
_COUNTED_NOUN = re.compile(
    r"\s+(?:of\s+(?:its|their|the|all|these)\s+)?(?:[a-z][\w-]*\s+){0,3}?(?P<noun>[a-z]{3,}s)\b",
    re.I,
)


def _counted_noun(text: str, mention: NumberMention) -> str | None:
    """The stem of the plural noun a count counts ("school"), or None."""
    found = _COUNTED_NOUN.match(text, mention.end)
    return stem(found["noun"].casefold()) if found else None


def _rows(facts: PaperFacts) -> list[Row]:
    """The paper's table rows, read once for the gaps and the totals."""
    if facts.rows is None:
        facts.rows = table_rows(facts.paper)
    return facts.rows


def _calendar_year(mention: NumberMention) -> bool:
    return len(mention.raw) == 4 and 1900 <= mention.value <= 2099


def _names_a_date(unit: Unit) -> bool:
    """A year's unit that makes it a date: 年, or a singular noun ("the 2020 step-up")."""
    written = unit.written.strip()
    return unit.english == "year" or (written.isascii() and not written.endswith("s"))


def _check_ratios(
    text: str, facts: PaperFacts, masked: Sequence[tuple[int, int]]
) -> tuple[list[GateFinding], list[str]]:
    """A ratio (7:1:2) must occur whole: each of its parts alone is in nearly every paper."""
    failures: list[GateFinding] = []
    anchors: list[str] = []
    for ratio in ratios(text):
        if inside(ratio.start, ratio.end, masked):
            continue
        if ratio.key in facts.ratios or _as_shares(ratio.key, facts):
            anchors.append(f"number:{ratio.key}")
            continue
        # A pair in the paper may be a time or a score; only longer ratios are named as rivals.
        parts = ratio.key.count(":")
        given = sorted(k for k in facts.ratios if k.count(":") == parts) if parts > 1 else []
        said = f"; the paper gives {', '.join(given[:3])}" if given else ""
        failures.append(
            GateFinding(
                "number",
                f"ratio_not_in_paper:{ratio.raw}",
                f"{ratio.raw} does not occur in the paper{said}",
            )
        )
    return failures, anchors


def _as_shares(key: str, facts: PaperFacts) -> bool:
    """The paper states the ratio as shares of a whole: 7:1:2 as 70%, 10% and 20%."""
    parts = [Decimal(p) for p in key.split(":")]
    total = sum(parts)
    if not total:
        return False
    shares = (canonical_number(p * 100 / total) + "%" for p in parts)
    return all(share in facts.numbers for share in shares)


def quantities(text: str, masked: Sequence[tuple[int, int]] = ()) -> list[NumberMention]:
    """The numbers of ``text`` that state a quantity, each value once.

    Left out: numbers inside ``masked`` spans (citations, cross-references, names), a list
    marker ("1. …", "… (2) LSTM"), a model name's digits (GPT-4) and the parts of a ratio
    (checked whole), the level of an interval ("95% CI") and a unit's exponent ("m⁻²").
    """
    marker = LIST_MARKER.match(text)
    skip = list(masked) + ([marker.span()] if marker else [])
    skip += [m.span() for m in INLINE_MARKER.finditer(text)]
    skip += [(r.start, r.end) for r in ratios(text)]
    seen: set[str] = set()
    out: list[NumberMention] = []
    for mention in extract_numbers(text):
        if inside(mention.start, mention.end, skip) or glued_to_name(text, mention.start):
            continue
        if (
            is_rate_base(text, mention.start)
            or is_interval_level(text, mention)
            or is_unit_exponent(text, mention)
        ):
            continue
        if mention.canonical not in seen:
            seen.add(mention.canonical)
            out.append(mention)
    return out


#: Units of count and time that tie a number to what it measures ("a 60-day horizon").
UNIT = re.compile(
    r"[-\s]?(days?|weeks?|months?|years?|hours?|minutes?|seconds?|epochs?|layers?|heads?|"
    r"GPUs?|examples?|samples?|questions?|sentences?|documents?|participants?|users?|"
    r"annotators?|languages?|datasets?|tokens?|words?|steps?|runs?|seeds?|folds?)\b",
    re.I,
)


_ZH_UNIT = re.compile(
    r"\s?("
    + "|".join(sorted({f for forms in UNITS_ZH.values() for f in forms}, key=len, reverse=True))
    + ")"
)


@dataclass(frozen=True)
class Unit:
    """A unit after a number: as written (" days", "天") and as an English singular."""

    written: str
    english: str


def unit_after(text: str, end: int) -> Unit | None:
    """The unit right after a number, English or Chinese, if any."""
    match = UNIT.match(text, end)
    if match:
        return Unit(match.group(0), match.group(1).lower().removesuffix("s"))
    match = _ZH_UNIT.match(text, end)
    if match is None:
        return None
    english = next(k for k, forms in UNITS_ZH.items() if match.group(1) in forms)
    return Unit(match.group(0), english)


def glued_to_name(text: str, start: int) -> bool:
    """The 4 of GPT-4, the 50 of ResNet-50, the 32k of LongChat-7b-v1.5-32k."""
    if start >= 2 and text[start - 1] in "-_" and text[start - 2].isalpha():
        return True
    return in_name(text, start)


def _settled(mention: NumberMention, text: str, facts: PaperFacts) -> NumberMention:
    """A hedged mention marked approximate; absent from the paper, its nearest paper value.

    A bound absent from the paper ("more than 12,000 adults") stands for the paper's value
    just inside it (12,450); see ``digit_unit``.
    """
    ahead = text[: mention.start]
    above = bool(BOUND_ABOVE.search(ahead) or BOUND_ABOVE_AFTER.match(text, mention.end))
    below = BOUND_BELOW.search(ahead) or BOUND_BELOW_AFTER.match(text, mention.end)
    if not mention.scale and (above or below):
        if facts.has_number(mention):
            return mention
        return settle_bound(mention, _values_of(mention, text, facts), above=above)
    before = _HEDGED_BEFORE.search(ahead)
    if mention.scale or not (before or _HEDGED_AFTER.match(text, mention.end)):
        return _rounded(mention, text, facts)
    # The first number of a range shares its end's percent sign: "about 16-17%".
    percent = mention.percent or bool(_PERCENT_RANGE.match(text, mention.end))
    mention = replace(mention, approximate=True, percent=percent)
    if facts.has_number(mention):
        return mention
    return settle_approximate(mention, _values_of(mention, text, facts))


def _rounded(mention: NumberMention, text: str, facts: PaperFacts) -> NumberMention:
    """An unhedged value read as the one paper value it rounds, when there is one."""
    near = _rounding(mention, text, facts)
    if len(near) != 1:
        return mention
    factor = mention.magnitude / mention.value
    return replace(mention, value=near.pop() / factor)


def _rounding(mention: NumberMention, text: str, facts: PaperFacts) -> set[Decimal]:
    """The paper values a share or decimal rounds, absent itself: "27%" of 27.4% (or 26.6%).

    "2.2 million" rounds 2,184,300; a whole count ("24 sites", "2 million") is no rounding.
    """
    exponent = mention.value.as_tuple().exponent
    if (
        (not mention.percent and "." not in mention.raw.split()[0])
        or not isinstance(exponent, int)
        or not mention.value
        or facts.has_number(mention)
    ):
        return set()
    step = Decimal(1).scaleb(exponent)
    factor = mention.magnitude / mention.value
    return {
        v
        for v in _values_of(mention, text, facts)
        if isinstance(e := (v / factor).normalize().as_tuple().exponent, int)
        and e < exponent
        and (v / factor).quantize(step, ROUND_HALF_UP) == mention.value
        and (mention.scale or facts.has_number(replace(mention, value=v)))
    }


def _near_with_unit(mention: NumberMention, text: str, facts: PaperFacts) -> bool:
    """Whether a hedged mention is near a value the paper gives with its unit.

    "roughly 0.2 seconds" is the paper's "0.21 s", though 0.2 itself occurs elsewhere.
    """
    if not mention.approximate:
        return False
    return settle_approximate(mention, _values_of(mention, text, facts)).value != mention.value


def _values_of(mention: NumberMention, text: str, facts: PaperFacts) -> Sequence[Decimal]:
    """The paper's values a mention may settle on: those with its unit, when it has one.

    "more than 2,000 steps" is the paper's 2,718 steps, not the year 2004.
    """
    unit = unit_after(text, mention.end)
    if unit is None or (facts.is_cjk and unit.english not in UNITS_ZH):
        return facts.values
    return [
        v
        for v in facts.values
        if facts.has_number_with_unit(replace(mention, value=v), unit.english)
    ]
