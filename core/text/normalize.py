"""Normalisation for exact matching: quotes, numbers and names must survive PDF extraction quirks.

Two families of helpers live here:

* text keys (``normalize_text``, ``match_key``) that make a paper and a critique comparable
  character by character: Unicode NFKC (ligatures, full-width forms), curly quotes, dashes,
  line-break hyphenation and whitespace;
* number extraction (``extract_numbers``) that turns ``0.3%``, ``0.3 %``, ``0.30%``, ``12,500``,
  ``12 500``, full-width digits and ``百分之三十`` into comparable canonical forms.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation

_QUOTES = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u201b": "'",
        "\u2032": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u201f": '"',
        "\u2033": '"',
        "\u00ab": '"',
        "\u00bb": '"',
        "\u2010": "-",
        "\u2011": "-",
        "\u2012": "-",
        "\u2013": "-",
        "\u2014": "-",
        "\u2015": "-",
        "\u2212": "-",
        "\u00ad": "",  # soft hyphen: invisible in print, present in extracted text
        "\u200b": "",
        "\ufeff": "",
    }
)
# A hyphen at a line end between two lowercase letters is typographic hyphenation.
_LINE_HYPHEN = re.compile(r"(?<=[a-z])-[ \t]*\n[ \t]*(?=[a-z])")
_SPACE = re.compile(r"\s+")


def normalize_text(text: str, *, dehyphenate: bool = True) -> str:
    r"""NFKC, straight quotes, ASCII dashes, joined line-break hyphenation, single spaces.

    Args:
        text: Any text from the paper or from a critique.
        dehyphenate: Join ``hyphen-\\nation`` into ``hyphenation``; pass False to keep the
            hyphen (``state-of-the-\\nart`` is a real hyphen that happens to end a line).

    Returns:
        The normalised text; case is preserved.
    """
    text = unicodedata.normalize("NFKC", text).translate(_QUOTES)
    text = _LINE_HYPHEN.sub("" if dehyphenate else "-", text)
    return _SPACE.sub(" ", text).strip()


def match_key(text: str, *, dehyphenate: bool = True) -> str:
    """A case-folded normal form for exact substring tests (quotes, names)."""
    key = normalize_text(text, dehyphenate=dehyphenate).casefold()
    # Spaces around punctuation differ between extraction and typing ("( 2 )", "word ,").
    return re.sub(r"\s*([,.;:!?)\]])", r"\1", re.sub(r"([(\[])\s*", r"\1", key))


_SCALE_FACTORS = {"K": Decimal(10**3), "M": Decimal(10**6), "B": Decimal(10**9)}


@dataclass(frozen=True)
class NumberMention:
    """A number found in text: ``canonical`` compares equal across formats."""

    raw: str
    start: int
    end: int
    value: Decimal
    percent: bool = False
    scale: str = ""  # "K", "M", "B" when written as 110M or 1.2 billion
    approximate: bool = False  # hedged: "about 38%", "around 89,000"
    scientific: bool = False  # a power of ten, "2e-5": never a proportion of a percent
    bound: Decimal | None = None  # "more than 2,000" read as a paper value inside it: 2000

    @property
    def magnitude(self) -> Decimal:
        """The value with its scale applied: 537 million and 5.37亿 alike."""
        return self.value * _SCALE_FACTORS.get(self.scale, 1)

    @property
    def canonical(self) -> str:
        """For example ``0.3%``, ``12500``, ``110M``."""
        return canonical_number(self.value) + ("%" if self.percent else "") + self.scale


#: Words that make the number after them approximate: "about 38%", "约8000个".
HEDGE = (
    r"(?:\b(?:about|around|approximately|approx\.|roughly|nearly|almost|circa|some|close to)"
    r"|~|≈|约|大约|将近)"
)
#: A currency sign or code stands between a hedge or bound and its number: "roughly £140",
#: "around EUR 1,300".
CURRENCY = (
    r"(?:\s*(?:[£$€¥]|US\$|\b(?:EUR|USD|GBP|CHF|JPY|CNY|RMB|INR|AUD|CAD|NZD|NOK|SEK|DKK|ZAR|"
    r"KES|NGN|BRL|MXN)\b))?"
)
#: A hedge right before a number: "about 4,400", "nearly 12,000".
HEDGED_BEFORE = re.compile(rf"{HEDGE}{CURRENCY}\s*$", re.I)
#: Words before a number that make it a bound: "more than 12,000", "超过1万", "under 5%".
BOUND_ABOVE = re.compile(
    r"(?:\b(?:more than|over|above|greater than|in excess of|upwards of|exceeding|at least)"
    rf"|超过|逾|多于|大于|至少|不少于|不低于){CURRENCY}\s*$",
    re.I,
)
BOUND_BELOW = re.compile(
    r"(?:\b(?:fewer than|less than|under|below|at most|up to)|不到|不足|少于|小于|至多|不超过)"
    rf"{CURRENCY}\s*$",
    re.I,
)
#: The same after a Chinese number: "500多", "90%以上", "90%以下".
BOUND_ABOVE_AFTER = re.compile(r"\s*%?\s*(?:以上|多)")
BOUND_BELOW_AFTER = re.compile(r"\s*%?\s*(?:以下|以内)")


def approximate_tolerance(value: Decimal, *, percent: bool = False) -> Decimal:
    """How far a paper value may lie from an approximate claim value.

    One unit of its last digit ("roughly 16%" covers 16.9%, "about 38.4" 38.3 to 38.5), or half
    of a round number's unit from a thousand up ("around 89,000" covers 88,500 to 89,500, not
    88,000), and ten below it ("roughly £140" covers £142, "around 450" 456); a percentage
    stays within one ("about 140%" is no 142%), two for a round tens below a hundred ("close
    to 90%" covers 88.4%).
    """
    unit = digit_unit(value)
    if unit < 1:
        return unit
    if value >= 1000 and unit >= 100:
        return unit / 2
    if not percent and value >= 100 and unit >= 10:
        # rounded to its tens or fifties at most: "about 100 lines" is no 60
        return Decimal(10)
    if percent and unit >= 10 and value < 100:
        # a round tens of percent is said of what lies within two: "close to 90%" of 88.4%
        return Decimal(2)
    return Decimal(1)


#: How far a hedged gap may lie from the distance of two values, as a share of it.
_GAP_HEDGE = Decimal("0.05")


def gap_tolerance(mention: NumberMention) -> Decimal:
    """How far a gap the claim computes may lie from the distance of two paper values.

    Its rounding, or, hedged, how a reader rounds a distance: "nearly 60 cm" of 57. A hedged
    percentage keeps the tolerance of any hedged percentage: a share of it would let a
    relative change of two values land near "about 140%" too easily.
    """
    if not mention.approximate:
        return rounding_tolerance(mention.value)
    if mention.percent:
        return approximate_tolerance(mention.value, percent=True)
    return max(rounding_tolerance(mention.value), mention.value * _GAP_HEDGE)


def rounding_tolerance(value: Decimal) -> Decimal:
    """Half a unit of the value's last digit: what it may be rounded from ("1": 0.5 to 1.5)."""
    text = canonical_number(value)
    places = len(text.split(".")[1]) if "." in text else 0
    return Decimal(5).scaleb(-places - 1)


def digit_unit(value: Decimal) -> Decimal:
    """One unit of the value's last non-zero digit: 1000 for 12,000, 0.1 for 38.4.

    It is how far past a bound a value may lie: "more than 12,000" covers 12,450 but not
    14,000, "over 80%" 80.1% to 90%, "more than 82%" 82% to 83%, since a bound is written as
    the round number next to the value.
    """
    text = canonical_number(value)
    if "." in text:
        return Decimal(1).scaleb(-len(text.split(".")[1]))
    return Decimal(1).scaleb(len(text) - len(text.rstrip("0")))


def bound_step(value: Decimal) -> Decimal:
    """How far past a bound its value may lie: ``digit_unit``, or five of them on a five.

    A bound on a five is rounded to fives: "more than 85%" is 86.3%, "over 2,500" is 2,718.
    """
    step = digit_unit(value)
    return step * 5 if canonical_number(value).rstrip("0").rstrip(".").endswith("5") else step


def settle_bound(
    mention: NumberMention, values: Iterable[Decimal], *, above: bool
) -> NumberMention:
    """``mention``, a bound ("more than 12,000"), read as the value nearest inside it, if any.

    The bound as written stays in ``bound``, so the evidence can settle it again.
    """
    step = bound_step(mention.value)
    if above:
        inside = [v for v in values if mention.value < v <= mention.value + step]
    else:
        inside = [v for v in values if mention.value - step <= v < mention.value]
    if not inside:
        return mention
    nearest = min(inside, key=lambda v: abs(v - mention.value))
    return replace(mention, value=nearest, approximate=True, bound=mention.value)


def settle_approximate(mention: NumberMention, values: Iterable[Decimal]) -> NumberMention:
    """``mention`` read as the value nearest it within its tolerance, when there is one."""
    tolerance = approximate_tolerance(mention.value, percent=mention.percent)
    near = [v for v in values if abs(v - mention.value) <= tolerance]
    if not near:
        return mention
    return replace(mention, value=min(near, key=lambda v: abs(v - mention.value)))


def settled_mentions(text: str, values: Mapping[bool, Collection[Decimal]]) -> list[NumberMention]:
    """The hedged or bounded numbers of ``text`` read as the values they stand for.

    ``values`` holds the candidate values, percentages (True) apart from the rest; a number
    none of them is near is left out, and so is every unhedged one.
    """
    out = []
    for mention in extract_numbers(text):
        before = text[: mention.start]
        above, below = BOUND_ABOVE.search(before), BOUND_BELOW.search(before)
        pool = values.get(mention.percent, ())
        if HEDGED_BEFORE.search(before):
            settled = settle_approximate(mention, pool)
        elif above or below:
            settled = settle_bound(mention, pool, above=above is not None)
        else:
            continue
        if settled.value != mention.value:
            out.append(settled)
    return out


#: The base of a rate: "eight fewer per 100 patients", "2.1 cases per 1,000 person-years".
_RATE_BASE = re.compile(r"\b(?:per|for every|in every|out of every)\s+$", re.I)


def written_whole(value: Decimal) -> bool:
    """Written without decimals: 49 is, 49.0 and 38.4 are not (scores, not counts)."""
    exponent = value.as_tuple().exponent
    return isinstance(exponent, int) and exponent >= 0


def is_rate_base(text: str, start: int) -> bool:
    """Whether the number at ``start`` is what a rate is per, a unit rather than a value."""
    return _RATE_BASE.search(text, max(0, start - 16), start) is not None


#: What follows the level of an interval: "95% CI", "90% credible interval".
#: A confidence or credible interval with its bounds; thousands keep their separators
#: ("-1,880 to -780").
_BOUND_VALUE = r"[-−]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"
INTERVAL = re.compile(
    r"\b(?:CI|CrI|confidence interval|credible interval)\b[:,]?\s*"
    rf"(?P<low>{_BOUND_VALUE})\s*(?:to|,|–|—)\s*(?P<high>{_BOUND_VALUE})",
    re.I,
)


def interval_bounds(interval: re.Match[str]) -> tuple[Decimal, Decimal]:
    """An ``INTERVAL`` match's bounds, signs and separators read."""
    low, high = (
        Decimal(interval.group(k).replace("−", "-").replace(",", "")) for k in ("low", "high")
    )
    return low, high


_INTERVAL_LEVEL = re.compile(r"\s*(?:CI|CrI|UI|PI|confidence|credible|uncertainty)\b")


#: What stands before a unit's exponent: the "m⁻" of "m⁻²", the "g−" of "mAh g−1".
_UNIT_EXPONENT = re.compile(r"(?:^|[\s\d(/])[A-Za-zµ]{1,3}[−\-⁻]$")


def is_unit_exponent(text: str, mention: NumberMention) -> bool:
    """Whether the number is a unit's exponent (the 2 of "2.9 m⁻²"), which is no value."""
    return _UNIT_EXPONENT.search(text, max(0, mention.start - 6), mention.start) is not None


def is_interval_level(text: str, mention: NumberMention) -> bool:
    """Whether the number is an interval's level ("95% CI"), which states no value of anything."""
    return mention.percent and _INTERVAL_LEVEL.match(text, mention.end) is not None


#: What comes before a number assigned to a condition's letter: "n=15", "k = 10".
_ASSIGNED = re.compile(r"(?<![A-Za-z0-9])([A-Za-z][A-Za-z0-9]{0,3})\s?=\s?$")


def assigned_letter(text: str, start: int) -> str | None:
    """The letter a number starting at ``start`` is assigned to ("n" of "n=15"), or None."""
    # The letter, two spaces and "=" fit in 8 characters; 12 keep the character before them.
    found = _ASSIGNED.search(text[max(0, start - 12) : start])
    return found.group(1) if found else None


_SIZE = re.compile(r"(\d+(?:\.\d+)?)\s?([KMBkmb])")


def size_value(text: str) -> Decimal | None:
    """A size written with its scale letter, in full: "16k" is 16000, "1.2M" 1200000."""
    match = _SIZE.fullmatch(text.strip())
    if match is None:
        return None
    return Decimal(match.group(1)) * _SCALE_FACTORS[match.group(2).upper()]


def scaled_forms(value: Decimal) -> list[tuple[str, str]]:
    """A whole number's forms with a scale letter: 16000 is ("16", "K"); 1200000 is ("1.2", "M")."""
    out = []
    for letter, factor in _SCALE_FACTORS.items():
        if value >= factor and value == value.to_integral_value():
            scaled = value / factor
            if scaled == scaled.quantize(Decimal("0.01")):
                out.append((canonical_number(scaled), letter))
    return out


def canonical_number(value: Decimal) -> str:
    """A decimal without exponent or trailing zeros: 0.30 -> 0.3, 12500 -> 12500."""
    text = format(value.normalize(), "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text or "0"


_CN_DIGITS = {
    "零": 0,
    "〇": 0,
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}


def chinese_numeral(text: str) -> Decimal | None:
    """Value of a simple Chinese numeral below 1000, with an optional 点 decimal part."""
    whole, _, frac = text.partition("点")
    total = 0
    current = 0
    for ch in whole:
        if ch in _CN_DIGITS:
            current = _CN_DIGITS[ch]
        elif ch == "十":
            total += (current or 1) * 10
            current = 0
        elif ch == "百":
            total += (current or 1) * 100
            current = 0
        else:
            return None
    total += current
    if frac:
        if any(ch not in _CN_DIGITS for ch in frac):
            return None
        return Decimal(f"{total}.{''.join(str(_CN_DIGITS[ch]) for ch in frac)}")
    return Decimal(total)


_EN_COUNTS = {
    word: Decimal(value)
    for value, word in enumerate(
        "two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
        "sixteen seventeen eighteen nineteen twenty".split(),
        start=2,
    )
}
#: The English words for counts from two to twenty.
COUNT_WORDS = tuple(_EN_COUNTS)


def count_word(word: str) -> int | None:
    """The count an English word stands for ("three" -> 3), from two to twenty."""
    value = _EN_COUNTS.get(word.casefold())
    return int(value) if value is not None else None


_TENS = {
    word: Decimal(value)
    for value, word in zip(
        range(20, 100, 10),
        "twenty thirty forty fifty sixty seventy eighty ninety".split(),
        strict=True,
    )
}
_UNITS = "one two three four five six seven eight nine".split()
# "One" and 一 are left out: they mostly mean "a" ("one of the", 一种), not a count; tens
# are read with their unit ("forty-eight").
_SPELLED = re.compile(
    r"\b(?P<en>(?:"
    + "|".join(_TENS)
    + r")(?:[-\s](?:"
    + "|".join(_UNITS)
    + r"))?|"
    + "|".join(_EN_COUNTS)
    + r")\b"
    r"|(?<![零〇一二两三四五六七八九十百第])(?P<zh>[二两三四五六七八九十])(?=[个名位种类条项篇组次层])",
    re.IGNORECASE,
)


def _tens(word: str) -> Decimal | None:
    """The value of a count of tens in words: "forty-eight" -> 48, "thirty" -> 30."""
    parts = re.split(r"[-\s]", word.casefold())
    if parts[0] not in _TENS:
        return None
    return _TENS[parts[0]] + (_UNITS.index(parts[1]) + 1 if len(parts) > 1 else 0)


_SPELLED_SETTING = re.compile(r"(?P<word>[A-Za-z]+)(?P<rest>-[A-Za-z].*)")


def digit_setting(token: str) -> str:
    """A condition spelled with a count in one form with digits: "three-class" -> "3-class"."""
    match = _SPELLED_SETTING.fullmatch(token)
    if match is None:
        return token
    value = _EN_COUNTS.get(match.group("word").casefold())
    return f"{value}{match.group('rest')}" if value is not None else token


def spelled_numbers(text: str) -> list[NumberMention]:
    """Counts written as words: "four networks", "five or six parameters", 两个网站, 三位标注者.

    A hedged count ("about nine years") is marked approximate.
    """
    text = unicodedata.normalize("NFKC", text)
    found = []
    for match in _SPELLED.finditer(text):
        word = match.group(0)
        value = _EN_COUNTS.get(word.casefold()) or _tens(word) or chinese_numeral(word)
        if value:
            hedged = HEDGED_BEFORE.search(text[: match.start()]) is not None
            found.append(NumberMention(word, match.start(), match.end(), value, approximate=hedged))
    return found


# Digits not glued to a preceding ASCII letter/digit (so "v2", "x86" and the "4" inside "B4"
# are not numbers), nor after a name's slash (the strain "C57BL/6J"), but allowed right after
# CJK text ("提高了2.3%").
_NUMBER = re.compile(
    r"(?<![A-Za-z0-9_.])(?<!\d,)(?<![A-Z]/)"
    r"(?P<int>\d{1,3}(?:(?:,|[ \u00a0\u202f\u2009])\d{3})+(?!\d)|\d+)"
    r"(?P<frac>\.\d+|\.(?=%))?"  # "64.%": a percent whose decimals the text lost
    r"(?P<pct>\s?(?:%|‰|percent\b|per cent\b|个百分点|百分点))?"
    r"(?P<scale>(?<=\d)k(?![A-Za-z0-9])|\s?(?:[KMB](?![A-Za-z])|thousand\b|million\b|billion\b|千|万|亿))?"
)
_CLAUSE_COMMA = re.compile(r"，(?!\d{3}(?!\d))")
_CN_PERCENT = re.compile(r"百分之(?P<num>[0-9.]+|[零〇一二两三四五六七八九十百点]+)")
# "2e-5", "1E-03", "3.2 × 10^-4", "5×10−6" (a superscript exponent loses its raise in a PDF,
# so "× 10" is read as a power only with a caret or a minus: "2 × 100" is a dimension).
_SCIENTIFIC = re.compile(
    r"(?<![A-Za-z0-9_.])(?P<mantissa>\d+(?:\.\d+)?)"
    r"(?:[eE](?P<exp>[-+−]?\d{1,3})"
    r"|\s?[×xX]\s?10(?:\^\{?(?P<caret>[-+−]?\d{1,3})\}?|(?P<minus>[-−]\d{1,3})))"
    r"(?![\d.]?\d)"
)
_SCALES = {
    "K": "K",
    "k": "K",
    "thousand": "K",
    "千": "K",
    "M": "M",
    "million": "M",
    "B": "B",
    "billion": "B",
}


def extract_numbers(text: str, *, split_groups: bool = False) -> list[NumberMention]:
    """Numbers in ``text`` with percent and scale, offsets into the NFKC form of ``text``.

    Args:
        text: Raw text; full-width digits and ``％`` are folded by NFKC first.
        split_groups: Also report the parts of a space-grouped number (``12 500`` yields 12500,
            12 and 500). Used on the paper side, where a space may separate two numbers.

    Returns:
        Mentions in order of appearance.
    """
    # A full-width comma groups digits only before three of them ("1，000条"); elsewhere it
    # separates ("报告1，2021 年": a footnote mark, then a year). NFKC folds it to "," one
    # character for one, so "、" in its place keeps every offset.
    text = unicodedata.normalize("NFKC", _CLAUSE_COMMA.sub("、", text))
    found = _scientific(text)
    powers = [(m.start, m.end) for m in found]
    for match in _NUMBER.finditer(text):
        if any(start <= match.start() < end for start, end in powers):
            continue
        int_part = match.group("int")
        frac = match.group("frac") or ""
        pct = bool(match.group("pct"))
        scale_word = (match.group("scale") or "").strip()
        digits = re.sub(r"[,\s\u00a0\u202f\u2009]", "", int_part)
        try:
            value = Decimal(digits + frac)
        except InvalidOperation:
            continue
        scale = ""
        if scale_word in ("万",):
            value *= 10_000
        elif scale_word in ("亿",):
            value *= 100_000_000
        else:
            scale = _SCALES.get(scale_word, "")
        found.append(
            NumberMention(match.group(0).strip(), match.start(), match.end(), value, pct, scale)
        )
        if split_groups and re.search(r"[\s\u00a0\u202f\u2009]", int_part):
            for part in re.finditer(r"\d+", int_part):
                found.append(
                    NumberMention(
                        part.group(0),
                        match.start() + part.start(),
                        match.start() + part.end(),
                        Decimal(part.group(0)),
                    )
                )
    for match in _CN_PERCENT.finditer(text):
        num = match.group("num")
        percent = chinese_numeral(num) if not num[0].isdigit() else _decimal_or_none(num)
        if percent is not None:
            found = [m for m in found if not match.start() <= m.start < match.end()]
            found.append(NumberMention(match.group(0), match.start(), match.end(), percent, True))
    # "2022–23" is a season or school year, not the year 2022 and a count of 23.
    later = {m.start(2) for m in _SEASON.finditer(text) if m.group(2) > m.group(1)}
    found = [m for m in found if m.start not in later]
    found.sort(key=lambda m: m.start)
    return _percent_ranges(text, found)


#: What joins a range's two ends: "2 to 3%", "2-3 percent".
_RANGE_JOIN = re.compile(r"\s*(?:to|-|–|—)\s*")


def _percent_ranges(text: str, found: list[NumberMention]) -> list[NumberMention]:
    """The first end of a range of percentages is one too: "2 to 3 percent" is 2% to 3%."""
    out = list(found)
    for i, (first, second) in enumerate(itertools.pairwise(found)):
        if (
            second.percent
            and not first.percent
            and not first.scale
            and not first.scientific
            and _RANGE_JOIN.fullmatch(text, first.end, second.start)
        ):
            out[i] = replace(first, percent=True)
    return out


_SEASON = re.compile(r"(?<!\d)(?:19|20)(\d\d)\s?[-–/]\s?(\d\d)(?![\d.,%])")


def _scientific(text: str) -> list[NumberMention]:
    """Numbers written as powers of ten, valued so that 2e-5 and 2 × 10^-5 compare equal."""
    found = []
    for match in _SCIENTIFIC.finditer(text):
        exponent = match.group("exp") or match.group("caret") or match.group("minus")
        power = int(exponent.replace("\u2212", "-"))
        value = Decimal(match.group("mantissa")).scaleb(power)
        found.append(
            NumberMention(match.group(0), match.start(), match.end(), value, scientific=True)
        )
    return found


def _decimal_or_none(text: str) -> Decimal | None:
    try:
        return Decimal(text)
    except InvalidOperation:
        return None


_RATIO = re.compile(r"(?<![\d.:A-Za-z])\d+(?:\.\d+)?(?:\s?:\s?\d+(?:\.\d+)?)+(?![\d:]|\.\d)")
# Two parts read as a ratio only beside a word for one: "10:30" is a time, "3:16" a verse.
_RATIO_WORD = re.compile(r"ratio|proportion|split|比例|之比|比为", re.I)


@dataclass(frozen=True)
class RatioMention:
    """A ratio such as 7:1:2; ``key`` compares equal across spacing and trailing zeros."""

    raw: str
    start: int
    end: int
    key: str


def ratios(text: str, *, any_pair: bool = False) -> list[RatioMention]:
    """Ratios in the NFKC form of ``text``: three parts or more, or two beside a ratio word.

    ``any_pair``: every colon-joined pair counts (the paper side, where it is only looked up).
    """
    text = unicodedata.normalize("NFKC", text)
    found = []
    for match in _RATIO.finditer(text):
        parts = re.split(r"\s?:\s?", match.group(0))
        near = text[max(match.start() - 25, 0) : match.end() + 25]
        if len(parts) == 2 and not (any_pair or _RATIO_WORD.search(near)):
            continue
        key = ":".join(canonical_number(Decimal(p)) for p in parts)
        found.append(RatioMention(match.group(0), match.start(), match.end(), key))
    return found


def number_keys(text: str, *, names: bool = True) -> set[str]:
    """Every canonical number of a text, as the paper side of the number gate.

    With ``names`` False, a number that is part of a name ("32k" of "LongChat-7b-v1.5-32k",
    "3.5" of "GPT-3.5") is left out: the paper never states it as a value.
    """
    mentions = extract_numbers(text, split_groups=True)
    text = unicodedata.normalize("NFKC", text)
    keys: set[str] = set()
    for mention in mentions:
        if not names and in_name(text, mention.start):
            continue
        keys.add(mention.canonical)
        keys.add(canonical_number(mention.value))
    return keys


#: A name's head before the hyphen that joins a number to it: two capitals ("GPT"), a capital
#: inside a word ("LongChat") or a letter followed by a digit ("v1.5"); "1k-16k" and "Top-5" are no
#: names.
_NAME_HEAD = re.compile(r"[A-Z][^A-Z]*[A-Z]|[a-z][A-Z]|[A-Za-z]\d")


def in_name(text: str, start: int) -> bool:
    """Whether the number starting at ``start`` is hyphen-joined to a name ("GPT-3.5")."""
    if start < 2 or text[start - 1] != "-" or not text[start - 2].isalnum():
        return False
    head = re.split(r"[\s(\[{,;:/\"'“]", text[: start - 1])[-1]
    return _NAME_HEAD.search(head) is not None


#: A span of calendar years: "from 2001 to 2016", "between 2018 and 2019", "2001–2016".
_YEAR_SPAN = re.compile(r"\b((?:19|20)\d\d)\s*(?:-|–|to|and|through|until)\s*((?:19|20)\d\d)\b")
_YEARS_AFTER = re.compile(r"[\s-]*years?\b", re.I)


def spans_years(text: str, mention: NumberMention, sentences: Iterable[str]) -> bool:
    """Whether a number of years is the length of a span of calendar years a sentence gives.

    "followed for fifteen years" against "from 2001 to 2016"; hedged ("about fifteen years"),
    it may be a year off.
    """
    if mention.percent or not _YEARS_AFTER.match(text, mention.end):
        return False
    slack = 1 if HEDGED_BEFORE.search(text[: mention.start]) else 0
    return any(
        abs(int(end) - int(start) - mention.value) <= slack
        for sentence in sentences
        for start, end in _YEAR_SPAN.findall(sentence)
    )
