"""Numbers bound to their context: a number is supported by evidence that states the same thing.

The number gate asks whether a number occurs anywhere in the paper; that lets a real value
attached to the wrong quantity pass. Binding asks the sentence's own evidence: each number of
the claim must occur in an evidence sentence or table row (in any format), or follow from two of
its values (a difference, a ratio or a relative change, as "improves by 2.3 points" does). When
it does not, and an evidence sentence states a value of the same kind (percent with percent, a
count of the same noun) about the same words, the claim contradicts the paper: ``mismatch``
names the paper's value and page.
"""

from __future__ import annotations

import functools
import math
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation
from itertools import combinations

from core.text.normalize import (
    BOUND_ABOVE,
    BOUND_BELOW,
    HEDGED_BEFORE,
    INTERVAL,
    NumberMention,
    approximate_tolerance,
    assigned_letter,
    bound_step,
    canonical_number,
    count_word,
    digit_setting,
    extract_numbers,
    gap_tolerance,
    interval_bounds,
    is_interval_level,
    is_rate_base,
    is_unit_exponent,
    settle_approximate,
    settle_bound,
    settled_mentions,
    spans_years,
    spelled_numbers,
    written_whole,
)
from core.text.proportions import Proportion, count_shares, proportions
from core.text.words import (
    ARMS,
    conflicting_groups,
    content_words,
    fact_words,
    names_group,
    same_group,
    states_same_fact,
    stem,
)
from core.types import Evidence
from core.verify.durations import HOURS
from core.verify.gates.common import bare_name, name_key
from core.verify.gates.lexicon import METRIC, STATISTIC_LABELS
from core.verify.listed_names import listed
from core.verify.name_binding import holds_name, strict_names, unit_words
from core.verify.period_totals import period_rates, total_over_periods
from core.verify.risk_ratios import (
    REFERENCE,
    converted,
    is_risk_change,
    multiple_mismatch,
    multiples,
    nearest_ratio,
    ratio_spans,
)

#: Words either side of a number that say what it is about.
CONTEXT_WORDS = 5
_CJK = "\u3400-\u9fff"
#: A Chinese character is a token of its own (half a word), so Chinese context is as narrow
#: as English context. A semicolon of either width ends a clause.
_TOKEN = re.compile(
    rf"\d+(?:\.\d+)?[eE][-+]?\d+(?!\w)|[{_CJK}]|[^\W_{_CJK}]+(?:[.\-=][^\W_{_CJK}]+)*|[;；:]|[,，](?!\d)"
)
#: A semicolon inside brackets parts a code from its count ("（B6；788/2026）"); it ends no clause.
_BRACKETED_SEMICOLON = re.compile(r"[;；](?=[^（()）]*[)）])")
#: A token that is a word, not a number or a mark.
_WORDLIKE = re.compile(rf"[A-Za-z{_CJK}]")
#: A number as a context token: 0.5, 12, 2e-5 (a power of ten is a value, not a setting).
_NUMBER_TOKEN = re.compile(r"\d[\d.]*(?:[eE][-+]?\d+)?")
_GENERIC = frozenset(
    {"table", "score", "scores", "result", "value", "point", "points", "row", "compar", "versu"}
)
#: A name a value can belong to: BERT, ERNIE, MDRM, GPT-4, BiLSTM (two capitals, or a capital
#: and a digit), not a plain capitalised word.
NAME = re.compile(r"^(?=[A-Za-z0-9\-]*[A-Z][A-Za-z0-9\-]*[A-Z0-9])[A-Z][A-Za-z0-9\-]*$")
_LATIN = re.compile(r"[A-Za-z][A-Za-z0-9\-]*")
#: "18.7 for BM25", "88.7% by ERNIE": the name right after a value's preposition owns it.
_OWNER_AFTER = re.compile(r"\s?%?\s*(?:for|by|from)\s+(?:the\s+)?([A-Za-z][A-Za-z0-9\-]*)")
#: A number right after these labels names a table, figure or section, not a quantity.
#: A table row as ingest writes it, its caption's label first when it has one: "Table 2: BERT:
#: F1 88.7; Acc 91.0".
_TABLE_ROW = re.compile(r"(?:(?:Table|Tab\.|表)\s*\d+\s*[:：]\s*)?[^:;]+:\s[^;]+;")
#: A number that names a kind or a step ("phase 2", "type 2 diabetes", "grade 3 events",
#: "Experiment 1"): a designation, not a quantity.
#: A designation, also of a list ("phases 2 and 3"); a school year is capitalised ("Years 4
#: and 5"), a span of time is not.
_DESIGNATION = re.compile(
    r"(?:\b(?i:phases?|stages?|grades?|types?|waves?|experiments?|study)|\bYears?)\s+"
    r"(?:\d+\s*(?:,|and|or|to|–|-)\s*)*$"
)
#: How far before a number a designation may start.
_DESIGNATED = 24
#: A label before an evidence number: a reference ("Table 2"), a metric's cut-off, a designation.
_LABEL = re.compile(r"(?:Table|Tab\.|Figure|Fig\.|Section|Sec\.|Eq\.|表|图)\s*$|@$", re.I)
_RATIO = re.compile(r"(?<![\d.A-Za-z])\d+(?::\d+)+(?![\d:]|\.\d)")  # not "F1:64" (F1 then a value)
#: A set of values searched over ("the learning rate among {1e-5, 2e-5, 5e-5}", "b ∈{4, 8, 16}"):
#: its members are candidates, not the value the paper reports.
_CANDIDATES = re.compile(r"\{[^{}]*\}")
#: Numbered citations ("[4]", "[3, 7]") are references, not quantities.
_CITATION = re.compile(r"\[\d+(?:\s*[,–-]\s*\d+)*\]")
#: A list item's number ("1. Write manuscripts ...") at the start of an evidence text.
_ENUMERATOR = re.compile(r"\d{1,2}[.)]\s+[A-Z\u3400-\u9fff]")
_SETTING = re.compile(r"(?=.*\d)(?=.*[a-z])[a-z0-9]+(?:[\-=][a-z0-9]+)+")
_SETTING_PARTS = re.compile(r"\d+-[A-Za-z]+|(?P<word>[A-Za-z]+)[-=]\d+")
_DURATION = re.compile(r"days?|weeks?|months?", re.I)
#: "three-fifths" is a share, not a condition with its count.
_FRACTION = re.compile(
    r"-(?:halves|thirds?|quarters?|fourths?|fifths?|sixths?|sevenths?|eighths?|ninths?|tenths?)$",
    re.I,
)
_OWN_DURATION = re.compile(r"[-\s](hours?|days?|weeks?|months?|years?)\b", re.I)
_AT = re.compile(r"\b(?:at|after|within)\s*$", re.I)
#: Hours and years are a condition only as a point in time ("at 24 hours", "within 48 hours"):
#: "aged 75 years" and "took 47 hours" state a value.
_TIME_POINT = re.compile(r"hours?|years?", re.I)
#: After a number written as a condition's value: "-day" of "15-day", " days" of "3 days".
_SETTING_AFTER = re.compile(rf"-[A-Za-z]|\s(?:{_DURATION.pattern})\b", re.I)
_GREEK = {"α": "alpha", "β": "beta", "γ": "gamma", "δ": "delta", "λ": "lambda", "σ": "sigma"}


@dataclass(frozen=True)
class Mismatch:
    """The paper states the claim's quantity with another value."""

    claim_value: str
    paper_value: str
    page: int
    sentence_index: int


@dataclass(frozen=True)
class Binding:
    """How the claim's numbers relate to its evidence."""

    numbers: int = 0  # numbers checked
    bound: int = 0  # found in the evidence, or derived from two of its values
    mismatch: Mismatch | None = None

    @property
    def share(self) -> float:
        """Share of the claim's numbers its evidence carries (1.0 with no numbers)."""
        return self.bound / self.numbers if self.numbers else 1.0


def value_forms(m: NumberMention) -> set[Decimal]:
    """Values a mention may appear as: 85.3% is also 85.3 and 0.853."""
    out = {m.value}
    if m.percent:
        out.add(m.value / 100)
    elif m.value < 1 and not m.scientific:
        out.add(m.value * 100)
    return out


def states_value(forms: set[Decimal], other: NumberMention) -> bool:
    """Whether ``other`` states one of the values ``forms`` (a mention's forms) in any format."""
    return any(
        same_at_precision(f, v) or same_at_precision(v, f)
        for f in forms
        for v in value_forms(other)
    )


def same_at_precision(a: Decimal, b: Decimal) -> bool:
    """Equal up to the precision of ``a`` as written (0.9 matches 0.90, 36.8 matches 36.80)."""
    if a == b:
        return True
    exponent = a.as_tuple().exponent
    places = -exponent if isinstance(exponent, int) and exponent < 0 else 0
    return places > 0 and abs(a - b) <= Decimal(5) * Decimal(10) ** (-(places + 1))


@dataclass(frozen=True)
class _Context:
    """What a number is about: the content words near it and the names among them."""

    words: frozenset[str]
    names: frozenset[str]
    setting: str = ""  # the condition it is reported under: "3-day", "n=7"
    population: str = ""  # what a share is of, left out of its words: "student" of "64% of …"


@functools.lru_cache(maxsize=4096)
def number_context(text: str, start: int, end: int) -> _Context:
    """Content words near a number; a semicolon (and a table row label's ``:``) ends them.

    The name a value belongs to is the one it is said for ("36.8 against 18.7 for BM25"), else
    the nearest one before it ("BERT reaches 88.7%", "BERT的准确率为88.7%"), else the nearest
    after it.
    """
    text = _BRACKETED_SEMICOLON.sub(" ", text)
    row = ";" in text
    left = _side(reversed(_durations_joined(_tokens(text[:start]))), row)
    # The value's interval or test in brackets is no word of it: "62% (95% CI 53 to 69) within
    # 7 to 59 days" is said within 7 to 59 days.
    aside = _STATISTIC_ASIDE.match(text, end) or _FIGURES_ASIDE.match(text, end)
    after = text[aside.end() if aside else end : _bracket_end(text, start, end)]
    right = _side(_durations_joined(_tokens(after)), row, ahead=True)
    # What a value is compared with is not whose it is: "11 kJ/mol, weaker than Ni2(m-dobdc)".
    reference = REFERENCE.search(after)
    owned = (
        _side(_durations_joined(_tokens(after[: reference.start()])), row, ahead=True)
        if reference
        else right
    )
    tokens = [*reversed(left), *right]
    # "n=7", "k=10": a column named by a setting is part of what the value is about.
    words = content_words(_join(tokens)) | {t.casefold() for t in tokens if "=" in t}
    owner = _OWNER_AFTER.match(text, end)
    names = [owner.group(1).casefold()] if owner and _owner_name(owner.group(1)) else []
    names += [
        n.casefold()
        for t in left
        for n in map(bare_name, reversed(_LATIN.findall(t)))
        if NAME.match(n)
    ]
    names += [
        n.casefold() for t in owned for n in map(bare_name, _LATIN.findall(t)) if NAME.match(n)
    ]
    # "9 days (IQR 5-21) versus 47 days": a statistic's label is nobody's name, nor is a unit
    # ("7.6 MPa weaker", "233 kg CO2e/m3 for LC3").
    units = unit_words(text)
    names = [
        n for n in names if n not in STATISTIC_LABELS and n not in units and not METRIC.fullmatch(n)
    ]
    if ":" in text[:start] and row:
        # A table row: the row label (before the first colon after the caption) names it too.
        label = text[:start].split(";")[0]
        words |= content_words(label.split(":")[-2] if label.count(":") >= 2 else label)
    kept = {w for w in words if not re.fullmatch(r"[\d.%]+", w) and not _NUMBER_TOKEN.fullmatch(w)}
    kept -= _GENERIC
    # The group a value is compared with is not its own: "0.10 points relative to controls".
    for reference in REFERENCE.finditer(text):
        if not reference.start() <= start < reference.end():
            kept -= {w for w in content_words(reference.group(0)) if names_group([w])}
    return _Context(
        frozenset(kept),
        frozenset(names[:1]),
        _own_setting(text, start, end) or _nearest_setting(left, right),
    )


def _bracket_end(text: str, start: int, end: int) -> int | None:
    """Where the bracket a number is listed in closes, or None when it is in none or opens it.

    "(mean age 73.4 years; 56.8% women): 17,204 statin users": what follows the bracket is not
    56.8%'s; "14 of 56 participants (25%) reported an event" is 25%'s.
    """
    opened = text.rfind("(", 0, start)
    if opened < 0 or ")" in text[opened:start] or not re.search(r"[^\W\d_]", text[opened:start]):
        return None
    closed = text.find(")", end)
    return closed if closed >= 0 else None


def _owner_name(word: str) -> bool:
    """A name right after "for" or "by" owns the value: BM25, or a capitalised "Full-context"."""
    return NAME.match(word) is not None or (word[0].isupper() and "-" in word)


_STATISTIC_ASIDE = re.compile(
    r"\s*\((?:\d+%\s*)?(?:CI|CrI|UI|confidence|credible|p|SD|SE|SEM|IQR|range)\b[^()]*\)"
)
#: The value's count or share restated: "91.0% (546/600)", "158 (38.3%)", "(n = 42)".
_FIGURES_ASIDE = re.compile(r"\s*\(\s*(?:n\s*=\s*)?[\d.,]+\s*(?:%|/\s*[\d.,]+)?\s*\)")


def _own_setting(text: str, start: int, end: int) -> str:
    """The condition a number itself names: "3-day" of "for 3 days", "24-hour" of "at 24 hours"."""
    unit = _OWN_DURATION.match(text, end)
    if unit is None:
        return ""
    if _TIME_POINT.fullmatch(unit.group(1)) and not _AT.search(text[:start]):
        return ""
    return _setting(f"{text[start:end]}-{unit.group(1)}")


def _tokens(text: str) -> list[str]:
    """Context tokens, a condition spelled with a count in digits ("three-class" -> "3-class")."""
    return [digit_setting(t) for t in _TOKEN.findall(text)]


def sole_setting(text: str) -> str:
    """The one condition a sentence names with its number ("In the 3-class setting, …"), or ""."""
    found = {s for t in _durations_joined(_tokens(text)) if (s := _setting(t))}
    return found.pop() if len(found) == 1 else ""


def assigned(text: str, mention: NumberMention) -> bool:
    """Whether the number is assigned to a condition's letter ("n=15", "k = 10")."""
    return assigned_letter(text, mention.start) is not None


def setting_value(text: str, mention: NumberMention) -> bool:
    """Whether the number names a condition ("n=15", "a 15-day horizon", "for 3 days").

    A count of days is a horizon here, as ``_durations_joined`` reads it.
    """
    return assigned(text, mention) or bool(_SETTING_AFTER.match(text, mention.end))


def _durations_joined(tokens: list[str]) -> list[str]:
    """Tokens with a count of days, weeks or months joined into one setting ("3 days" -> "3-days").

    A paper reports horizons as "3-days (+38.4%), …, 30-days (+38.7%)"; a claim (or its
    translation) writes "for 3 days", which must name the same setting.
    """
    out: list[str] = []
    for token in tokens:
        counted = bool(out) and re.fullmatch(r"\d+", out[-1]) is not None
        at = len(out) > 1 and out[-2].casefold() in ("at", "after", "within")
        if counted and (_DURATION.fullmatch(token) or (at and _TIME_POINT.fullmatch(token))):
            out[-1] = f"{out[-1]}-{token}"
        else:
            out.append(token)
    return out


def _nearest_setting(left: Sequence[str], right: Sequence[str]) -> str:
    """The condition a number is reported under, from the tokens on each side of it.

    The one before it, unless it is as near another number before it and one follows this
    number first: in "1.970 at n=3 and 0.235 at n=30", n=3 is 1.970's and n=30 is 0.235's.
    One right after it, a preposition at most between, is its own: "… 59 days after the dose
    and 39% at 120 days".
    """
    before = next(((i, s) for i, t in enumerate(left) if (s := _setting(t))), None)
    after = next(((i, s) for i, t in enumerate(right) if (s := _setting(t))), None)
    if before is None or (after is not None and after[0] <= 1 and _AT.search(f" {right[0]}")):
        return "" if after is None else after[1]
    at, setting = before
    other = next((j for j in range(at + 1, len(left)) if _NUMBER_TOKEN.fullmatch(left[j])), None)
    if (
        after is not None
        and not any(_NUMBER_TOKEN.fullmatch(t) for t in right[: after[0]])
        and other is not None
        and other - at <= at + 1
    ):
        return after[1]
    return setting


def _setting(token: str) -> str:
    """A condition written with its number, in one form ("3-days" -> "3-day"), or "".

    A count and a word ("3-days", "2-class") or a plain word and a count ("top-5", "n=7");
    a name with a number ("GPT-4", "ResNet-50"), a metric ("Macro-F1") or a share
    ("three-fifths") is no condition.
    """
    match = _SETTING_PARTS.fullmatch(token)
    if match is None or _FRACTION.search(token):
        return ""
    word = match.group("word")
    if word and len(word) > 1 and not (word.islower() or word.istitle()):
        return ""
    return stem(token.casefold())


def _side(tokens: Iterable[str], row: bool, *, ahead: bool = False) -> list[str]:
    """Tokens from the number outwards, up to CONTEXT_WORDS words or a column boundary.

    ``ahead``: the tokens follow the number.
    """
    out: list[str] = []
    size = 0.0
    tokens = list(tokens)
    for i, token in enumerate(tokens):
        if token in ";；" or (token == ":" and row) or size >= CONTEXT_WORDS:
            break
        if token in ",，":
            if _own_clause(tokens[i + 1 :]) or (ahead and _opens_clause(tokens[i + 1 :])):
                break
            continue
        if token != ":":
            out.append(_GREEK.get(token, token))
            size += 0.5 if re.fullmatch(f"[{_CJK}]", token) else 1.0
    return out


def _own_clause(tokens: Sequence[str]) -> bool:
    """Whether the clause beyond a comma states a number of its own, after some words.

    "… about epidemiology, and 569 questions belong to …": the words before the comma are
    807's, not 569's. A list of numbers ("3, 7, 15 and 30-day") is one clause.
    """
    words = 0
    for token in tokens[: 2 * CONTEXT_WORDS]:
        if token in ",，;；":
            return False
        if _NUMBER_TOKEN.fullmatch(token):
            return words > 0
        words += 1
    return False


def _opens_clause(tokens: Sequence[str]) -> bool:
    """Whether the words after a comma open with a number whose clause goes on in words.

    "Of 212 nurses screened, 184 were randomised": "were randomised" is 184's, not 212's;
    a list ("88.7, 91.2 and 93.0", "3, 7, 15 and 30-day") is one clause.
    """
    if not tokens or not _NUMBER_TOKEN.fullmatch(tokens[0]):
        return False
    after = next((t for t in tokens[1:] if not _NUMBER_TOKEN.fullmatch(t)), "")
    return after.isalpha() and after.casefold() not in _LIST_JOINS


_LIST_JOINS = frozenset({"and", "or", "to", "vs", "versus"})


def _join(tokens: Sequence[str]) -> str:
    """Tokens as text, Chinese characters kept together so their bigrams survive."""
    out = ""
    for token in tokens:
        glued = out and re.fullmatch(f"[{_CJK}]", token) and re.match(f"[{_CJK}]", out[-1])
        out += token if glued or not out else " " + token
    return out


def _overlap(wanted: _Context, have: _Context) -> int | None:
    """Context words shared; None when the value belongs to another name than the claim's.

    It does when each side names something the other does not ("BERT" against "ERNIE"); a
    name only one side gives (a dataset, a baseline mentioned in passing) is no conflict. So
    does a value reported under another setting ("15-days (+49.0%)" for a claim about 3 days);
    "3-day" and "n=3" are one setting.
    """
    # A name one side writes in lower case is among its words ("macro-F1" for "Macro-F1").
    if wanted.names - have.names - have.words and have.names - wanted.names - wanted.words:
        return None
    if wanted.setting and have.setting and not _same_setting(wanted.setting, have.setting):
        return None
    # So does a value of another group: "the second quarter" for "the third quarter", men for
    # women.
    if conflicting_groups(wanted.words, have.words):
        return None
    shared = set(wanted.words & have.words)
    # "enhanced-reminder participants" speaks of "enhanced reminders" (not of "reminders" alone)
    shared |= {w for w in wanted.words - have.words if _compound_of(w, have.words)}
    shared |= {w for w in have.words - wanted.words if _compound_of(w, wanted.words)}
    # A table header abbreviates ("Acc" for accuracy, "Prec" for precision).
    shared |= {w for w in wanted.words - shared if any(_abbreviates(w, h) for h in have.words)}
    if wanted.setting and have.setting:
        shared |= {wanted.setting}
    # A condition written with its number ("3-day", "n=7", "top-5") names the setting exactly.
    # So does a group named alike on both sides ("for women" and "than women (-7.2%)"); a
    # study's arms ("programme", "control") are named too often to tell one value from another.
    grouped = same_group(wanted.words - ARMS, have.words - ARMS)
    return len(shared) + sum(1 for w in shared if _SETTING.fullmatch(w)) + grouped


def _compound_of(word: str, words: frozenset[str]) -> bool:
    """Whether ``word`` is a hyphened compound of which ``words`` hold every part.

    A condition with its number ("3-day") is no compound of words.
    """
    if "-" not in word or any(c.isdigit() for c in word):
        return False
    parts = content_words(word.replace("-", " "))
    return bool(parts) and parts <= words


def _abbreviates(a: str, b: str) -> bool:
    """Whether one word is the other cut short: "acc" and "accuracy", "max" and "maximum"."""
    short, long = sorted((a, b), key=len)
    return 3 <= len(short) <= 5 < len(long) and short.isalpha() and long.startswith(short)


def _same_setting(a: str, b: str) -> bool:
    """One condition, in one form or another: "3-day" is the column "n=3" of a horizon table.

    A span is one in any unit: "2-year" is "24-month", "12-week" is "3-month".
    """
    if a == b:
        return True
    first, second = _span_days(a), _span_days(b)
    if first is not None and second is not None:
        return abs(first - second) <= max(first, second) / 10
    numbers = [re.findall(r"\d+(?:\.\d+)?", s) for s in (a, b)]
    return len(numbers[0]) == 1 and numbers[0] == numbers[1]


_SPAN = re.compile(r"(?P<n>\d+(?:\.\d+)?)-(?P<unit>hour|day|week|month|year)s?")


def _span_days(setting: str) -> Decimal | None:
    """A span's length in days ("24-month": 730), or None for another condition."""
    match = _SPAN.fullmatch(setting)
    if match is None:
        return None
    return Decimal(match.group("n")) * Decimal(str(HOURS[match.group("unit")])) / 24


def derived(value: Decimal, numbers: Sequence[Decimal], slack: Decimal = Decimal(0)) -> bool:
    """Whether ``value`` is a difference, relative change (%) or ratio of two ``numbers``.

    Matched at the precision the claim writes (4.2 matches 4.15-4.25), so a coincidence
    needs a rounding-exact hit; a hedged relative change ("roughly 80% longer") may lie
    ``slack`` off.
    """
    if value == 0:
        return False
    pool = sorted(set(numbers))[:30]
    for i, a in enumerate(pool):
        for b in pool[i + 1 :]:
            candidates = [b - a]
            if a > 0:
                change = (b - a) / a * 100
                if slack and abs(value - change) <= slack:
                    return True
                candidates += [change, b / a]
            if any(same_at_precision(value, c) for c in candidates):
                return True
    return False


#: How far a hedged change may lie from the one two values give: "roughly 80% longer" is
#: how a reader rounds 81%.
DERIVED_HEDGE = Decimal("0.03")


def _hedge(mention: NumberMention, value: Decimal) -> Decimal:
    return value * DERIVED_HEDGE if mention.approximate and mention.percent else Decimal(0)


def written_and_read(mention: NumberMention) -> list[Decimal]:
    """The value as read and, for a hedged one settled on a paper value, as written (last)."""
    written = extract_numbers(mention.raw)
    if mention.approximate and written and written[0].value != mention.value:
        return [mention.value, written[0].value]
    return [mention.value]


#: A significance level or p-value: "p<0.05", "p = 0.01", "a p-value of 0.03".
_P_VALUE = re.compile(r"\bp(?:[\s-]?values?)?\s*(?:[<>=≤≥]=?|of|is|was)\s*$", re.I)


def is_table_row(text: str) -> bool:
    """Whether ``text`` is a table row as ingest writes it (its cells joined by semicolons).

    A semicolon inside brackets parts no cells: "Results: … (95% CI -5.2 to -3.0; p<0.001)."
    """
    return _TABLE_ROW.match(_BRACKETED_SEMICOLON.sub(" ", text)) is not None


def significance_level(text: str, mention: NumberMention) -> bool:
    """Whether the number is a p-value, which no result of the paper's tables can bind."""
    return _P_VALUE.search(text[: mention.start]) is not None


def bind_numbers(
    mentions: Sequence[NumberMention],
    claim: str,
    evidence: Sequence[Evidence],
    restating: Sequence[Evidence] = (),
) -> Binding:
    """Bind each claim number to the evidence; the first contradicted quantity is reported.

    A value found in the evidence binds only as well as its context matches the claim's: when
    another evidence value of the same kind is about the claim's words more closely ("500 large
    public companies" against the claim's "576 large public companies", while 576 occurs
    elsewhere about "training instances"), or the value is said of another name ("ERNIE's
    accuracy (88.7%)" for a claim about BERT), the claim contradicts the paper. When the claim's
    value is nowhere near its words in the evidence and an evidence sentence states the
    same thing with a value of the same kind ("two separate networks" for "four separate
    networks"), that value contradicts it too. Counts written as words are checked for
    mismatches only; their absence from the evidence is no signal.

    Args:
        mentions: The claim's numbers to check (citations, names and page marks removed).
        claim: The claim text the mentions' offsets refer to (NFKC form).
        evidence: The claim's evidence, best first.
        restating: Other paper sentences that state the claim's values; they can bind a value
            (the paper states it about the claim's words elsewhere), never rival or derive one.

    Returns:
        How many numbers the evidence carries and the first mismatch, if any.
    """
    # "twice as likely", "2.5 times the risk": a multiple, read against the evidence's ratios.
    times = multiples(claim)
    shares = proportions(claim)
    # "four in five mice" is a share, not a count of four.
    spelled = [
        m
        for m in spelled_numbers(claim)
        if not any(_within_span(m, t) for t in [*times, *(p.mention for p in shares)])
    ]
    # "nDCG@10" names a metric and "7:1:2" is one ratio: neither is a quantity to bind.
    ratios = [(r.start(), r.end()) for r in _RATIO.finditer(claim)]
    mentions = [
        m
        for m in mentions
        if not claim[: m.start].endswith("@")
        and not _DESIGNATION.search(claim[max(0, m.start - _DESIGNATED) : m.start])
        and not any(a <= m.start < b for a, b in ratios)
        and not significance_level(claim, m)
        and not any(_within_span(m, t) for t in times)
    ]
    if not mentions and not spelled and not shares and not times:
        return Binding()
    # "dropped by almost four hours, from 6.8 to 2.9 hours": a change the claim states as the
    # distance of its own levels, read as written (the levels are bound on their own)
    own_gaps = {
        m.start
        for m in [*mentions, *spelled]
        if distance_of_levels(claim, m, [_levels_besides(claim, m)])
    }
    claimed = {m.value for m in mentions}
    found = [(e, _reported_numbers(e.text, claimed)) for e in evidence]
    # An approximate value ("roughly 16%") stands for the evidence's nearest value within it.
    mentions = [_near_evidence(m, found) for m in mentions]
    # "a 29% lower risk" is the ratio 0.71 it converts, bound to that ratio's words.
    texts = [e.text for e in evidence]
    as_ratios = [converted(claim, m, texts) for m in mentions]
    read = {m.start for m in as_ratios if m is not None}
    mentions = [r or m for r, m in zip(as_ratios, mentions, strict=True)]
    elsewhere = [(e, _reported_numbers(e.text, claimed)) for e in restating]
    # A share the evidence gives as a count of the claim's whole ("Seven of 10 devices") is its
    # own; one the paper states elsewhere is read against that statement too.
    counted_shares = [p for p in shares if _counted_share(p, claim, texts)]
    shares = [p for p in shares if p not in counted_shares]
    pool = [m.value for _, ms in [*found, *elsewhere] for m in ms]
    spelled = [_near_evidence(_bounded_word(claim, m, pool), found) for m in spelled] + [
        _within(p, [*found, *elsewhere], claim) for p in shares
    ]
    values = [v for _, ms in found for m in ms for v in value_forms(m)]
    plain = [v for _, ms in _without_ratios(found) for m in ms for v in value_forms(m)]
    bound = counted = len(counted_shares)
    mismatch: Mismatch | None = None
    # A condition the sentence names once holds for its numbers however far apart they stand
    # ("In the 3-class setting, GPT-4 reaches a macro-F1 of 64.12").
    sole = sole_setting(claim)
    contexts = [
        (
            m,
            with_shared_predicate(
                claim,
                m,
                mentions,
                _without_population(
                    claim,
                    m,
                    _in_setting(_claim_context(claim, m), sole, setting_value(claim, m)),
                ),
            ),
            True,
        )
        for m in mentions
    ]
    contexts += [
        (m, _past_population(claim, m, number_context(claim, m.start, m.end)), False)
        for m in spelled
    ]
    # The first evidence sentence that states the claim's fact (retrieval may rank a sentence
    # sharing only the claim's number above it).
    claim_words = fact_words(claim)
    statement = next(
        (f for f in found if states_same_fact(claim_words, fact_words(f[0].text))), None
    )
    # Names the claim lists ("8 models, including Text CNN, …, BERT and ERNIE") are what it
    # counts, not whose value it states.
    in_lists = {name_key(n) for group in listed(claim) for n in group}
    claim_names = {k: n for k, n in strict_names(claim).items() if k not in in_lists}
    for mention, wanted, digits in contexts:
        if digits and mention.start in read:
            # The ratio the change converts is the claim's (see ``converted``): bound.
            bound += 1
            counted += 1
            continue
        if mention.start in own_gaps or (
            digits and threshold_stated(claim, mention, [*texts, *(e.text for e in restating)])
        ):
            bound += 1
            counted += 1
            continue
        if spans_years(claim, mention, [*texts, *(e.text for e in restating)]):
            bound += 1
            counted += 1
            continue
        if digits and arm_named(claim, mention, texts):
            bound += 1
            counted += 1
            continue
        if digits and interval_end(claim, mention, [*texts, *(e.text for e in restating)]):
            bound += 1
            counted += 1
            continue
        # The whole a share is of ("three-quarters of the 642 people") is every share's of
        # it: a sentence stating that whole says nothing of which share.
        others = [
            (value_forms(m), c)
            for m, c, _ in contexts
            if m is not mention and not _whole_of(claim, mention, m)
        ]
        as_setting = setting_value(claim, mention)
        # The claim's names beyond the number's own words say whose value it is as well:
        # "ERNIE … the F1 of the 6 main classes is 94.44%" against "ERNIE在6个大类的平均F1为
        # 86.06%" and "“健康生活方式”类别的分类性能最好（F1：94.44%）".
        own = wanted.words | wanted.names
        far = [n for k, n in claim_names.items() if k not in own]
        # A change of risk no ratio converts is not the ratio that reads as its percentage
        # ("cuts the risk by 59%" against "HR 0.59", a 41% lower risk).
        risky = is_risk_change(claim, mention)
        noun = _count_head(claim, mention) if _is_count(mention) else None
        overlaps = [
            _same_value_overlap(
                mention,
                wanted,
                _without_ratios(f) if risky else f,
                others,
                as_setting,
                far,
                None if digits or mention.percent else _count_head(claim, mention),
                None if mention.percent else measure_of(claim, mention),
                noun,
            )
            for f in (found, elsewhere)
        ]
        same = max((o for o in overlaps if o is not None), default=None)
        # A change of risk no ratio converts is told the ratio nearest it, not another percentage.
        risk = nearest_ratio(claim, mention, texts) if same is None else None
        rival: tuple[int, Mismatch] | None
        if risk is not None:
            ev = evidence[risk[0]]
            rival = len(wanted.words), Mismatch(mention.raw, risk[1], ev.page, ev.sentence_index)
        else:
            rival = _contradicting(mention, wanted, found, claim, others, far, noun)
        # A value the evidence states about none of the claim's words is not the claim's value,
        # unless the claim says too little around it to tell, or the evidence sentence stating
        # the claim's fact has it in other words.
        # A share's population counts towards saying enough, not towards binding.
        said = len(wanted.words) + bool(wanted.population)
        here = same is not None and (same > 0 or said < 2)
        held = _without_ratios([statement])[0] if risky and statement is not None else statement
        # A share whose words beyond its population are not the sentence's is not its value.
        if (
            held is not None
            and not here
            and not wanted.population
            and _holds(held, mention, wanted, claim)
        ):
            here, same = True, max(same or 0, rival[0] if rival else 0)
        # The value of a part the claim does not name ("58% at sheltered sites") is no rival of
        # the whole's value the claim found ("572 (40%) were alive").
        if rival is not None and same and here and _of_unnamed_part(rival[1], found, claim):
            rival = None
        # A rival said of the claim's own name outweighs the value said of no name at all.
        named = rival is not None and _named(mention, wanted, found, rival[1])
        # A bound whose number the paper states of something else ("fewer than 1,000 steps"
        # against "each additional 1,000 steps") gives way to a value as much about its words
        # that lies past it (a median of 2,718 steps).
        named = named or (
            rival is not None
            and same is not None
            and rival[0] >= same
            and _breaks(claim, mention, rival[1])
        )
        # The sentence that states the claim's fact, stating its value too, outweighs a rival
        # from a sentence that does not ("Median time from collapse to start of cooling was 6
        # minutes … and 5 minutes" against "Median time to GCS 15").
        stated = (
            rival is not None
            and not named
            and held is not None
            and rival[1].sentence_index != held[0].sentence_index
            and _states_own(held, mention, wanted, claim)
        )
        # The claim's value found only in sentences that do not state its fact, while the one
        # that does states a value of its kind: "a median of about 15 to 16 minutes" from
        # collapse to cooling, where that sentence gives 6 and 5 minutes and 15 and 16 belong
        # to "Median time to GCS 15 was 16 minutes".
        misplaced = (
            _misplaced(mention, wanted, held, others, claim)
            if same is not None
            and here
            and held is not None
            # a sentence retrieval did not bring that states the value about the claim's words
            # ("8 mainstream baseline classifiers") outweighs the statement
            and (overlaps[1] or 0) < 2
            and (noun is None or _timed(noun))
            else None
        )
        if misplaced is not None:
            here, rival = False, misplaced
        if (
            same is not None
            and here
            and (rival is None or stated or (_holds_own(same, rival[0]) and not named))
        ):
            bound += 1
            counted += 1
            continue
        if (
            (digits and gap_of_levels(claim, mention, texts))
            or distance_of_levels(claim, mention, texts)
            or _all_but(claim, mention, texts)
        ):
            bound += 1
            counted += 1
            continue
        # A change is derived from two evidence values only when the evidence does not state
        # its value of something else ("93% at 24 hours" for a claim of 93% at 48 hours).
        if (
            not here
            and states_change(claim, mention)
            and not _stated_of_other(mention, wanted, found)
            and any(
                derived(v, plain if risky else values, _hedge(mention, v))
                for v in written_and_read(mention)
            )
        ):
            bound += 1
            counted += 1
            continue
        if rival is None and not here and statement is not None:
            rival = _stated_otherwise(mention, wanted, statement, others, claim)
        if rival is not None and (
            _inside_bound(claim, mention, rival[1])
            or _complement(claim, mention, rival[1], [*shares, *counted_shares])
            or _total_of(claim, mention, found)
            or total_over_periods(claim, mention, period_rates(texts))
            or _each_groups(claim, mention, found)
            or _count_of_share(claim, mention, rival[1], shares)
        ):
            bound += 1
            counted += 1
            continue
        counted += digits or rival is not None
        if mismatch is None and rival is not None:
            mismatch = rival[1]
    for multiple in times:
        misstated = multiple_mismatch(claim, multiple, texts)
        if misstated is not None:
            counted += 1
            ev = evidence[misstated[0]]
            mismatch = mismatch or Mismatch(multiple.raw, misstated[1], ev.page, ev.sentence_index)
    return Binding(counted, bound, mismatch)


def interval_end(claim: str, mention: NumberMention, texts: Sequence[str]) -> bool:
    """Whether the claim gives the value as an interval's end and the paper's interval ends so.

    "the upper confidence limit of 0.024" is the end of "95% CI -0.004 to 0.024", whatever
    other value the evidence says the limit lay below.
    """
    end = _END_NAMED.search(claim, 0, mention.start)
    if end is None:
        return False
    side = 1 if end["end"].casefold() in ("upper", "top", "higher") else 0
    return any(
        interval_bounds(interval)[side] == mention.value
        for text in texts
        for interval in INTERVAL.finditer(unicodedata.normalize("NFKC", text))
    )


#: "the upper confidence limit of", "its lower bound was": the claim's value is an interval's end.
_END_NAMED = re.compile(
    r"\b(?P<end>upper|lower|top|bottom|higher)\s+(?:95%\s+)?(?:confidence\s+|credible\s+)?"
    r"(?:limit|bound|end)\s+(?:of\s+(?:the\s+)?(?:interval\s+)?|was\s+|at\s+|lay\s+at\s+)?"
    r"(?:about\s+|around\s+|roughly\s+|just\s+)?$",
    re.I,
)


def gap_of_levels(claim: str, mention: NumberMention, texts: Sequence[str]) -> bool:
    """Whether a gap (in points, in mAh g−1) is the difference of two levels a sentence states.

    Such a gap holds whatever other value is about more of its words: "1.2 percentage points
    more than MOF-5" of "9.8 wt% …, compared with 8.6 wt% for MOF-5", against a
    1.4-to-2.0-point range of batches. A slope ("each 10 dB increase … 6.8 points lower") is
    no gap between two levels.
    """
    if _POINTS.match(claim, mention.end) is None or _PER.search(claim[: mention.start]):
        return False
    return any(
        derived(v, [f for m in stated_numbers(text) for f in value_forms(m)], _hedge(mention, v))
        for text in texts
        for v in written_and_read(mention)
    )


def distance_of_levels(claim: str, mention: NumberMention, texts: Sequence[str]) -> bool:
    """Whether a change the claim states is the distance of two levels one sentence states.

    "lost nearly 60 cm more than" against "a mean of 89 cm behind reefs and 146 cm at
    controls", "about two days earlier" against "11 days … and 13 days": the levels are what
    the change lies between, not rival values of it. Only the distance, in the claim's kind of
    number and unit (a quotient would let a relative change pass as one in units); no slope,
    no multiple, and no interval bound or p-value is a level.
    """
    if not said_as_change(claim, mention):
        return False
    slack = gap_tolerance(mention)
    unit = measure_of(claim, mention)
    values = written_and_read(mention)
    for text in texts:
        spans = [found.span() for found in STATISTICS.finditer(text)]
        numbers = stated_numbers(text)
        levels = [
            m.value
            for i, m in enumerate(numbers)
            if m.percent == mention.percent
            and not any(a <= m.start < b for a, b in spans)
            and not is_year(m, text)
            and (unit is None or _unit_of_level(text, numbers, i) == unit)
        ]
        if any(
            abs(abs(a - b) - value) <= slack for value in values for a, b in combinations(levels, 2)
        ):
            return True
    return False


#: Words that set a threshold before its value: "above 80% relative humidity", "exceeded 80%".
_THRESHOLD = re.compile(r"\b(?:above|below|exceed(?:s|ed|ing)?|beyond)\s+(?:the\s+|a\s+)?$", re.I)


def threshold_stated(claim: str, mention: NumberMention, texts: Sequence[str]) -> bool:
    """Whether a threshold the claim names is one the evidence names, with the same value.

    "Hours with interface humidity above the 80% mould-risk threshold" against "interface RH
    exceeded 80% for a median 9% of monitored hours": the hours' shares are what lies past the
    threshold, not rival values of it.
    """
    if not _THRESHOLD.search(claim[: mention.start]):
        return False
    forms = value_forms(mention)
    return any(
        states_value(forms, m) and _THRESHOLD.search(text[: m.start])
        for text in texts
        for m in stated_numbers(text)
    )


def _levels_besides(claim: str, mention: NumberMention) -> str:
    """The claim without the change it states: the levels it gives the change between.

    "dropped by almost four hours, from 6.8 to 2.9 hours" states its change as the distance of
    its own levels, which are bound on their own.
    """
    return claim[: mention.start] + " " * (mention.end - mention.start) + claim[mention.end :]


def _unit_of_level(text: str, numbers: Sequence[NumberMention], i: int) -> str | None:
    """The unit of a level, or of the one it is set against: "1,020 versus 810 kg" are both kg."""
    unit = measure_of(text, numbers[i])
    if unit is None and i + 1 < len(numbers):
        if _SET_AGAINST.fullmatch(text, numbers[i].end, numbers[i + 1].start):
            return measure_of(text, numbers[i + 1])
    return unit


_SET_AGAINST = re.compile(r"\s*(?:versus|vs\.?|against|and|or|to)\s*", re.I)


def said_as_change(claim: str, mention: NumberMention) -> bool:
    """Whether the claim gives its number as a change of something, neither a slope nor a multiple.

    "cut retreat by 39 cm", "60 cm more", "two days earlier"; not "17 nights above 20 °C",
    "1.2 points more per extra bar" or "2.6-fold".
    """
    if _DESIGNATION.search(claim[max(0, mention.start - _DESIGNATED) : mention.start]):
        return False  # "stage 2 or worse"
    return bool(
        (
            _BY.search(claim, 0, mention.start)
            or _COMPARED_AFTER.match(claim, mention.end)
            or _GAP_NAMED.search(claim, 0, mention.start)
        )
        and not _SLOPE.search(claim[: mention.start])
        and not _MULTIPLE_AFTER.match(claim, mention.end)
    )


#: A change said as one: "by about 0.03", "60 cm more", "two days earlier", "EUR 1,300 less"
#: ("17 nights above 20 °C" is a level and its threshold).
_BY = re.compile(r"\bby\s+(?:about|around|roughly|nearly|almost|some|just|only|over)?\s*$", re.I)
_COMPARED_AFTER = re.compile(
    r"(?:(?!\b(?:or|and|than|to)\b)[^,;.]){0,24}?"
    r"\b(?:more|less|fewer|higher|lower|greater|smaller|larger|earlier|later|sooner|longer|"
    r"shorter|faster|slower|cheaper|better|worse)\b",
    re.I,
)
#: A gap the claim names before giving its size: "the forage edge was largest in the two
#: drought years, about 210 kg", "the advantage of LC3, roughly 2 MPa".
_GAP_NAMED = re.compile(
    r"\b(?:edge|advantage|gap|lead|shortfall|deficit|penalty)\b[^,;]{0,60}?,\s*"
    r"(?:about|around|roughly|nearly|almost|some|just|only|over)?\s*$",
    re.I,
)
#: After a number, a multiple: "2.6-fold", "1.8 times", "3×".
_MULTIPLE_AFTER = re.compile(r"\s?-?\s?(?:fold|times|×|x)\b", re.I)
#: What states no level: an interval and its bounds ("95% CI 0.38 to 0.66", "(−€14 to €56;"),
#: a spread ("SD 2.1", "IQR 8-15"), a p-value ("p=0.19", "p for interaction = 0.02").
STATISTICS = re.compile(
    r"\b(?:\d+%\s*)?(?:CI|CrI|UI|confidence\s+interval|credible\s+interval|SD|SE|SEM|IQR|range)"
    r"\b[^;)]*"
    r"|\bp(?:\s+for\s+\w+)?\s*[=<>≤≥]\s*[\d.]+"
    r"|\(\s*[-−]?[€$£]?\d[\d.,]*\s*(?:to|-|–)\s*[-−]?[€$£]?\d[\d.,]*",
    re.I,
)


#: A change per unit of something: "per extra bar", "each 10 dB increase", "per SD" ("each
#: home-treated episode" is every one of them, no unit).
_SLOPE = re.compile(
    r"\b(?:per|each|every)\s+(?:[\d.,]+\s*)?(?:\S+\s+)?"
    r"(?:additional|extra|further|increase|rise|increment|unit|SD|standard\s+deviation)\b"
    r"|\bper\s+(?:[\d.,]+|SD)\b",
    re.I,
)
#: A rate per unit of something: "each 10 dB increase", "for every additional hour", "per SD".
_PER = re.compile(r"\b(?:each|every|per)\b", re.I)


def arm_named(claim: str, mention: NumberMention, texts: Sequence[str]) -> bool:
    """Whether the number names an arm by its dose, as the evidence does ("the 75 mg dose").

    Such a number is the arm's name, not a value measured of it: the evidence listing the
    arms ("25 mg n=105; 75 mg n=103") holds another dose beside it that no claim contradicts.
    """
    arm = _ARM_DOSE.match(claim, mention.end)
    if arm is None:
        return False
    dose = re.compile(rf"(?<![\d.]){re.escape(mention.raw)}\s?{re.escape(arm['unit'])}\b")
    return any(dose.search(text) for text in texts)


def _without_ratios(
    found: Sequence[tuple[Evidence, Sequence[NumberMention]]],
) -> list[tuple[Evidence, list[NumberMention]]]:
    """The evidence numbers that are not ratios of risk."""
    out = []
    for ev, numbers in found:
        spans = ratio_spans(ev.text)
        out.append((ev, [m for m in numbers if (m.start, m.end) not in spans]))
    return out


def _in_other_unit(unit: str | None, text: str, other: NumberMention) -> bool:
    """Whether ``other`` is a percentage or in another unit than a claim value measured in ``unit``.

    "saved 3.8 kWh per day" is not the paper's "a relative reduction of 3.8%".
    """
    return unit is not None and (other.percent or measure_of(text, other) not in (None, unit))


#: The population a share is of: "64% of students", "90% of the participants".
_SHARE_OF = re.compile(r"\s*of\s+(?:the\s+|all\s+)?(?P<noun>[A-Za-z][\w-]*)")


def _without_population(claim: str, mention: NumberMention, context: _Context) -> _Context:
    """A share's context without the population it is of, when it says more than that.

    "64% of students slept less than 7 hours" is about sleeping: "64% of students reported
    screen use" shares only its population, as any share of the students would.
    """
    of = _SHARE_OF.match(claim, mention.end) if mention.percent else None
    if of is None:
        return context
    population = content_words(of.group("noun"))
    rest = _past_population(claim, mention, context).words - population
    if not rest or rest == context.words:
        return context
    return replace(context, words=rest, population=" ".join(sorted(population)))


def with_shared_predicate(
    claim: str, mention: NumberMention, mentions: Sequence[NumberMention], context: _Context
) -> _Context:
    """The first of two coordinated shares takes what the second's clause says of both.

    "About 22% of hybrid engineers and 23% of office engineers were promoted": "were
    promoted" is said of both shares, though only the second stands next to it.
    """
    if not mention.percent or _SHARE_OF.match(claim, mention.end) is None:
        return context
    second = next((m for m in mentions if m.start >= mention.end), None)
    if second is None or not second.percent:
        return context
    between = claim[mention.end : second.start]
    joined = _COORDINATED_SHARE.fullmatch(between)
    of = _SHARE_OF.match(claim, second.end)
    if joined is None or of is None:
        return context
    predicate = _past_population(claim, second, number_context(claim, second.start, second.end))
    own = content_words(between) | content_words(of.group(0))
    return replace(context, words=context.words | (predicate.words - own))


#: Between two coordinated shares: "of hybrid engineers and about", "of women versus".
_COORDINATED_SHARE = re.compile(
    r"\s*of\s+(?:[\w-]+\s+){0,3}?[\w-]+\s+(?:and|or|versus|vs\.?|against|compared with)"
    r"(?:\s+(?:about|around|roughly|nearly|almost|some|just))?\s*",
    re.I,
)


def _past_population(claim: str, mention: NumberMention, context: _Context) -> _Context:
    """A share's context read on past its population: what the share says of it follows it.

    "A quarter of all participants reported an adverse event" is about an adverse event,
    however far it runs.
    """
    of = _SHARE_OF.match(claim, mention.end) if mention.percent else None
    if of is None:
        return context
    past = number_context(claim, mention.start, of.end())
    words = context.words - content_words(of.group(0)) | past.words
    return replace(context, words=words | content_words(of.group("noun")))


def _claim_context(claim: str, mention: NumberMention) -> _Context:
    """A claim value's context; the first of a pair ("3.42 versus 3.21") owns no name before it.

    "Kestrel-SLT's translations were more adequate than VidLingo-L's, at 3.42 versus 3.21": the
    pair follows the order of the names compared, so the nearest name before the first value is
    the second's.
    """
    context = number_context(claim, mention.start, mention.end)
    if _PAIR_FIRST.match(claim, mention.end) and not _OWNER_AFTER.match(claim, mention.end):
        return replace(context, names=frozenset())
    return context


#: What follows the first value of a pair: "3.42 versus 3.21", "29.8 vs. 24.6 BLEU-4".
_PAIR_FIRST = re.compile(
    r"\s?%?\s*(?:[A-Za-z-]+\s+)?(?:versus|vs\.?|against|compared with)\s+[-−]?\d", re.I
)


def _in_setting(context: _Context, setting: str, own: bool) -> _Context:
    """The context under the sentence's one condition, unless the number is that condition's."""
    if own or context.setting or not setting:
        return context
    return replace(context, setting=setting)


def _near_evidence(
    mention: NumberMention, found: Sequence[tuple[Evidence, Sequence[NumberMention]]]
) -> NumberMention:
    if not mention.approximate:
        return mention
    # A percentage stands for a percentage ("roughly 16%" is not the "16 heads" nearby).
    alike = [(ev, m) for ev, ms in found for m in ms if m.percent == mention.percent]
    if mention.bound is None:
        # "about four hours" is the 4.1 hours stated, not an interval's bound of 3.9 beside it
        stated = [m.value for ev, m in alike if not _in_statistic(ev.text, m)]
        settled = settle_approximate(mention, stated)
        if settled is mention:
            settled = settle_approximate(mention, (m.value for _, m in alike))
        return settled
    # The paper-wide value the gate read inside the bound may be another thing's (a year):
    # the evidence's own value inside it is the claim's.
    written = replace(mention, value=mention.bound)
    values = [m.value for ev, m in alike if not is_year(m, ev.text)]
    settled = settle_bound(written, values, above=mention.value > mention.bound)
    return mention if settled is written else settled


def _bounded_word(claim: str, mention: NumberMention, values: Sequence[Decimal]) -> NumberMention:
    """A count in words past a lower bound ("more than eight years") read as a paper value in it.

    An upper bound in words ("at most seven parameters") is a limit of its own, often a
    guideline's, no rounding of a value.
    """
    if mention.bound is not None or not BOUND_ABOVE.search(claim[: mention.start]):
        return mention
    return settle_bound(mention, values, above=True)


#: A share said of those who did not: "one in eight never completed" is 100% less "87% completed".
_NOT_DONE = re.compile(r"\b(?:never|not|no|without|failed to|did not|didn't|missed)\b", re.I)
#: A share lost is the rest of the share kept: "time to lose a fifth" against "fall to 80%".
_LOST = re.compile(r"\b(?:lose|loses|lost|losing|shed|sheds)\s+(?:about\s+|roughly\s+)?$", re.I)
#: A share a fall leaves: "cut the coefficient to roughly a fifth of" is 100% less "78% lower".
_CUT_TO = re.compile(
    r"\b(?:cut|cuts|reduc\w*|lower\w*|fell|fall\w*|dropp?\w*|decreas\w*|shr[au]nk|declin\w*)\b"
    r"[^,;]{0,80}?\bto\s+(?:about\s+|roughly\s+|around\s+|nearly\s+|almost\s+|just\s+\w+\s+)?$",
    re.I,
)


#: "all but two of the 37 students": the exceptions of a whole the claim names.
_ALL_BUT = re.compile(r"\ball\s+but\s+$", re.I)
_WHOLE_AFTER = re.compile(r"\s+of\s+(?:the\s+|its\s+|their\s+|[A-Z][\w-]*['’]s\s+)?(\d[\d,]*)\b")


def _all_but(claim: str, mention: NumberMention, texts: Sequence[str]) -> bool:
    """Whether "all but N of M" is the rest of a count the evidence states ("35 of the 37")."""
    whole = _WHOLE_AFTER.match(claim, mention.end)
    if not _ALL_BUT.search(claim[: mention.start]) or whole is None:
        return False
    rest = Decimal(whole.group(1).replace(",", "")) - mention.value
    return any(m.value == rest for text in texts for m in stated_numbers(text))


def _complement(
    claim: str, mention: NumberMention, rival: Mismatch, shares: Sequence[Proportion] = ()
) -> bool:
    """Whether a claim share said of those who did not, or lost, is the rest of the paper's.

    A share in words that a fall leaves ("cut … to roughly a fifth") is the rest of the fall
    the paper states, within what its words cover.
    """
    if not mention.percent or not rival.paper_value.endswith("%"):
        return False
    try:
        paper = Decimal(rival.paper_value.rstrip("%").replace(",", ""))
    except InvalidOperation:
        return False
    if _CUT_TO.search(claim[: mention.start]):
        return any(p.mention.start == mention.start and p.covers(100 - paper) for p in shares)
    clause = claim[mention.end : mention.end + 60]
    if not _NOT_DONE.search(clause) and not _LOST.search(claim[: mention.start]):
        return False
    slack = Decimal("1.5") if mention.approximate else Decimal("0.5")
    return abs(100 - paper - mention.value) <= slack


def _within(
    share: Proportion, found: Sequence[tuple[Evidence, Sequence[NumberMention]]], claim: str
) -> NumberMention:
    """A proportion in words read as an evidence percentage it covers.

    The one most about the claim's words, then the nearest its own value: "Just under
    two-thirds of participants completed the follow-up" is the 63.2% said of the follow-up, not
    a 64.7% said of something else.
    """
    # The paper's own words for the share ("Fewer than a third of invited customers") are it.
    if any(
        m.value == share.mention.value and not any(ch.isdigit() for ch in m.raw)
        for _, ms in found
        for m in ms
    ):
        return share.mention
    wanted = number_context(claim, share.mention.start, share.mention.end)
    inside = [
        (_overlap(wanted, number_context(ev.text, m.start, m.end)) or 0, m.value)
        for ev, ms in found
        for m in ms
        if _covered(share, m, ev.text)
    ]
    if not inside:
        return share.mention
    _, settled = max(inside, key=lambda o: (o[0], -abs(o[1] - share.mention.value)))
    # Settled on a paper value, like a bound read inside its range.
    return replace(share.mention, value=settled, bound=share.mention.value)


def _covered(share: Proportion, mention: NumberMention, text: str) -> bool:
    """Whether an evidence percentage (not a year) lies within what the share's words say."""
    return mention.percent and share.covers(mention.value) and not is_year(mention, text)


def _whole_of(claim: str, share: NumberMention, other: NumberMention) -> bool:
    """Whether ``other`` is the whole the share is of: "a third of the 642 people"."""
    return share.percent and _OF_WHOLE.fullmatch(claim, share.end, other.start) is not None


_OF_WHOLE = re.compile(r"\s+of\s+(?:the\s+|all\s+|all\s+the\s+)?")


def _count_of_share(
    claim: str, whole: NumberMention, rival: Mismatch, shares: Sequence[Proportion]
) -> bool:
    """Whether the rival of a share's whole is the share's count of it.

    "Nearly three-quarters of the 642 people" against "468 (73%) were women": 468 of 642 is
    the share the claim states.
    """
    values = extract_numbers(rival.paper_value)
    if not values or not whole.value:
        return False
    part = values[0].value / whole.value * 100
    return any(
        _whole_of(claim, p.mention, whole) and p.covers(part.quantize(Decimal("0.1")))
        for p in shares
    )


def _counted_share(share: Proportion, claim: str, texts: Sequence[str]) -> bool:
    """Whether a text counts the share's whole ("Seven of 10 F-PEAI devices") within its range.

    The count must be of something the claim names: the words after the whole are the claim's.
    """
    wanted = content_words(claim)
    return any(
        share.covers(counted.percent) and content_words(counted.words) & wanted
        for text in texts
        for counted in count_shares(text)
    )


@functools.lru_cache(maxsize=8192)
def stated_numbers(text: str) -> tuple[NumberMention, ...]:
    """The numbers of an evidence text, labels ("Table 2") left out.

    Counts and proportions in words are numbers too ("about half of the association" is 50%).
    The level of an interval ("95% CI") and the spread after "±" state no value of anything.
    """
    # The text as written: a full-width comma separates numbers that NFKC's "," would join.
    mentions = extract_numbers(text) + spelled_numbers(text)
    mentions += [p.mention for p in proportions(text)]
    text = unicodedata.normalize("NFKC", text)
    cited = [(c.start(), c.end()) for c in _CITATION.finditer(text)]
    cited += [(r.start(), r.end()) for r in _RATIO.finditer(text)]
    # "83 ± 5%" is 83%, its spread written in the same unit
    mentions = [
        replace(m, percent=True, raw=f"{m.raw}%")
        if not m.percent and _PERCENT_SPREAD.match(text, m.end)
        else m
        for m in mentions
    ]
    return tuple(
        m
        for m in mentions
        if not _LABEL.search(text[max(0, m.start - 12) : m.start])
        and not _DESIGNATION.search(text[max(0, m.start - _DESIGNATED) : m.start])
        and not _ENUMERATOR.match(text[m.start :])
        and not is_interval_level(text, m)
        and not is_unit_exponent(text, m)
        and not _SPREAD_SIGN.search(text[max(0, m.start - 12) : m.start])
        and not any(a <= m.start < b for a, b in cited)
        and not is_rate_base(text, m.start)
        and not _CODE_NAME.search(text[max(0, m.start - 12) : m.start])
    )


#: The number of a code name ("KT-217", "COVID-19", "IL-6") names it: no value of anything.
_CODE_NAME = re.compile(r"\b[A-Z]{2,}[A-Za-z]*-$")


#: The spread after "±" ("83 ± 5%") is a standard deviation or error, no value of anything;
#: a "±" that follows no value opens a tolerance ("within +/-0.50 D"), which is one.
_SPREAD_SIGN = re.compile(r"[\d%)]\s*(?:\w+\s*)?(?:±|\+/-|\+-)\s*$")
_PERCENT_SPREAD = re.compile(r"\s*(?:±|\+/-)\s*\d+(?:\.\d+)?\s?%")


def _reported_numbers(text: str, claimed: set[Decimal]) -> tuple[NumberMention, ...]:
    """The numbers of an evidence text, without the candidates of a set the claim does not list.

    A claim that states two of a set's values restates the search space ("batch sizes of 4, 8,
    16 and 32"); any other claim states the value used, which a candidate neither binds nor
    contradicts ("a learning rate of 2e-4" against "among {1e-5, 2e-5, …, 2e-4}").
    """
    mentions = stated_numbers(text)
    text = unicodedata.normalize("NFKC", text)
    # A scale's range ("TFI score (0-100)", "ISI, 0-28") is no measured value either.
    for group in [*_CANDIDATES.finditer(text), *_SCALE_RANGE.finditer(text)]:
        inside = [m for m in mentions if group.start() <= m.start < group.end()]
        if len({m.value for m in inside} & claimed) < 2:
            mentions = tuple(m for m in mentions if m not in inside)
    return mentions


#: The range a scale is scored on, in its brackets: "(0-100)", "(ISI, 0-28)", "(range 0-21)".
_SCALE_RANGE = re.compile(r"\((?:[^()]{0,40}[,;]\s*|range\s+)?0\s*(?:-|–|to)\s*\d+(?:\s*each)?\)")


def _named(
    mention: NumberMention,
    wanted: _Context,
    found: Sequence[tuple[Evidence, Sequence[NumberMention]]],
    rival: Mismatch,
) -> bool:
    """Whether the rival value is said of the claim's name and the claim's value only of another.

    A value the evidence also says of the claim's name ("F1: 94.44%" beside a table's
    "F1-score 94.44") is the claim's own.
    """
    if not wanted.names:
        return False
    forms = value_forms(mention)
    rival_named = elsewhere = own = False
    for ev, numbers in found:
        for m in numbers:
            names = number_context(ev.text, m.start, m.end).names
            if ev.sentence_index == rival.sentence_index and m.raw == rival.paper_value:
                rival_named |= bool(names & wanted.names)
            elif states_value(forms, m):
                elsewhere |= bool(names - wanted.names)
                own |= bool(names & wanted.names)
    return rival_named and elsewhere and not own


def _same_value_overlap(
    mention: NumberMention,
    wanted: _Context,
    found: Sequence[tuple[Evidence, Sequence[NumberMention]]],
    others: Sequence[tuple[set[Decimal], _Context]] = (),
    as_setting: bool = False,
    far: Sequence[str] = (),
    head: str | None = None,
    unit: str | None = None,
    counted: str | None = None,
) -> int | None:
    """Context shared with the closest evidence occurrence of the claim's value, or None.

    An occurrence said of another name than the claim's does not count, nor one that is a
    condition's value ("n=15") when the claim's number names no condition (``as_setting``),
    nor, for a count in words of ``head``, one counting another noun ("three seasons" against
    "the three smaller ones"), nor, for a value in ``unit``, a percentage or a value in another
    unit. One counting the noun the claim's count does (``counted``: "2,699 firms" for "close
    to 2,700 private-sector firms") says what it is of as a word of context does.
    """
    forms = value_forms(mention)
    hedged = _hedged_in_evidence(mention, found)
    best: int | None = None
    for ev, numbers in found:
        for other in numbers:
            if assigned(ev.text, other) and not as_setting:
                continue
            if head is not None and _count_head(ev.text, other) not in (None, head):
                continue
            if _in_other_unit(unit, ev.text, other):
                continue
            if (
                states_value(forms, other)
                or covers_hedged(mention, other)
                or any(_near(v, other) for v in hedged)
            ):
                overlap = _overlap(wanted, number_context(ev.text, other.start, other.end))
                if overlap is not None:
                    overlap += _shared_values(numbers, others, other) + _names_held(ev.text, far)
                    overlap += int(counted is not None and _count_head(ev.text, other) == counted)
                    best = overlap if best is None else max(best, overlap)
    return best


def _cell_of(row: str, mention: NumberMention) -> list[NumberMention]:
    """The numbers of the row's cell (between semicolons) that holds ``mention``."""
    start = row.rfind(";", 0, mention.start) + 1
    end = row.find(";", mention.end)
    end = len(row) if end < 0 else end
    return [m for m in stated_numbers(row) if start <= m.start and m.end <= end]


def _shared_values(
    numbers: Sequence[NumberMention],
    others: Sequence[tuple[set[Decimal], _Context]],
    itself: NumberMention,
) -> int:
    """Two context words' worth when the sentence also states another of the claim's values.

    A sentence holding another number of the claim ("576 calls correspond to 88,829
    sentences" for "2,243 calls, corresponding to 88,829 sentences") speaks of the same fact.
    The value being weighed (``itself``) does not count, nor do whole numbers below 10, which
    recur for unrelated things ("1TB").
    """
    stated = [
        m for m in numbers if m is not itself and not (written_whole(m.value) and m.value < 10)
    ]
    return 2 if any(_restates(forms, m) for forms, _ in others for m in stated) else 0


def _restates(forms: set[Decimal], m: NumberMention) -> bool:
    """Whether ``m`` states a claim value (its ``forms``).

    A bare count is never a share or a ratio: "from 21 to 19" does not state the claim's rate
    ratio of 0.19.
    """
    if written_whole(m.value) and not m.percent and any(f < 1 for f in forms):
        return False
    return bool(forms & value_forms(m))


def _names_held(text: str, far: Sequence[str]) -> int:
    """One context word's worth when ``text`` holds a claim's name away from its number.

    One at most: a sentence listing the claim's list of names ("Text CNN、Text RNN、…") is no
    closer to the claim's count of them than another sentence about that count.
    """
    return int(any(holds_name(text, name) for name in far))


#: The part a sentence opens with: "Among patients with axial length above 26.0 mm,".
_PART_BEFORE = re.compile(
    r"(?:Among|In|For|Within)\s+(?:the\s+)?(?:[a-z-]+\s+){0,2}?"
    r"(?:with|aged|who|whose|above|below|over|under|older|younger)\s+(?P<part>[^,;]{2,60}),"
)
#: The part a value is said of, right after it or its bracket: "58% at sheltered sites".
_PART_AFTER = re.compile(
    r"(?:\s*\([^()]*\))?\s+(?:at|in|among|on)\s+(?:the\s+)?(?P<part>[a-z][a-z-]*)\b"
)


def _of_unnamed_part(
    rival: Mismatch, found: Sequence[tuple[Evidence, Sequence[NumberMention]]], claim: str
) -> bool:
    """Whether the rival is said of a part ("at sheltered sites") whose word the claim lacks."""
    # "two-class" is the claim's "2-class"
    have = fact_words(" ".join(_tokens(claim)))
    for ev, numbers in found:
        if ev.sentence_index != rival.sentence_index or is_table_row(ev.text):
            continue
        for number in numbers:
            part = (
                _PART_AFTER.match(ev.text, number.end) if number.raw == rival.paper_value else None
            )
            if part is not None:
                words = fact_words(" ".join(_tokens(part["part"])))
                return bool(words) and not words & have and not words & _GENERIC
        # "Among patients with axial length above 26.0 mm, … 32 of 41 (78.0%)": the opening
        # names the part every value after it is of.
        opening = _PART_BEFORE.match(ev.text)
        if opening is not None and any(
            n.raw == rival.paper_value and n.start > opening.end() for n in numbers
        ):
            words = fact_words(" ".join(_tokens(opening["part"])))
            return bool(words) and not words & have
    return False


def _holds_own(same: int, rival: int) -> bool:
    """Whether the claim's value, found with ``same`` context words, beats a rival with ``rival``.

    A value found with some context (two words or more) gives way only to a rival about clearly
    more of the claim's words, so near-ties between two well-placed values are not mismatches.
    """
    return rival < same + 2 if same >= 2 else rival <= same


def _holds(
    best: tuple[Evidence, Sequence[NumberMention]],
    mention: NumberMention,
    wanted: _Context,
    claim: str,
) -> bool:
    """Whether the evidence states the mention's value, and not of another name or statistic."""
    ev, numbers = best
    forms = value_forms(mention)
    unit = None if mention.percent else measure_of(claim, mention)
    return any(
        states_value(forms, m)
        and not _in_other_unit(unit, ev.text, m)
        and _overlap(wanted, number_context(ev.text, m.start, m.end)) is not None
        and not _labelled_otherwise(ev.text, m, claim)
        for m in numbers
    )


def _timed(noun: str) -> bool:
    """Whether a counted noun is a unit of time ("12 days"), a measure rather than a tally."""
    return noun.rstrip("s") in HOURS


def _misplaced(
    mention: NumberMention,
    wanted: _Context,
    statement: tuple[Evidence, Sequence[NumberMention]],
    others: Sequence[tuple[set[Decimal], _Context]],
    claim: str,
) -> tuple[int, Mismatch] | None:
    """The statement's own value of the claim's kind, when it does not give the claim's value.

    Not for a bound of an interval, a ratio or the step of a trend the claim names: those have
    values of their own kind the statement need not repeat.
    """
    if _in_statistic(claim, mention) or _STEP_OR_RATIO.search(claim, 0, mention.start):
        return None
    ev, numbers = statement
    forms = value_forms(mention)
    if any(states_value(forms, m) or covers_hedged(mention, m) for m in numbers):
        return None
    return _stated_otherwise(mention, wanted, statement, others, claim)


def _states_own(
    statement: tuple[Evidence, Sequence[NumberMention]],
    mention: NumberMention,
    wanted: _Context,
    claim: str,
) -> bool:
    """Whether the sentence stating the claim's fact gives the value about the claim's words.

    Not as a statistic's bound or spread: "61 dams … (range 9 to 22 per catchment)" does not
    state 22 released beavers.
    """
    ev, numbers = statement
    forms = value_forms(mention)
    return any(
        states_value(forms, m)
        and not _in_statistic(ev.text, m)
        and (_overlap(wanted, number_context(ev.text, m.start, m.end)) or 0) > 0
        and not _labelled_otherwise(ev.text, m, claim)
        for m in numbers
    )


#: "an adjusted rate ratio of", "each additional", "per": what follows is a ratio or a step.
_STEP_OR_RATIO = re.compile(
    r"(?:\bratio\s+(?:of\s+|was\s+|=\s*)?|\b(?:each|every)\s+(?:additional|extra)\s+|\bper\s+)$",
    re.I,
)


#: A statistic named right before its value: "(difference 0.14; 95% CI …)", "SD 2.1", "p = 0.02".
_STATISTIC_LABEL = re.compile(
    r"\b(?:(?P<label>[Dd]ifference|CI|SD|SE|IQR|OR|HR|RR)\s*(?:=|:|of)?|(?P<letter>[pPr])\s*[=<>])"
    r"\s*$"
)


#: A claim that speaks of an interval or a spread, whose values a statistic's bracket holds.
_STATISTIC_NAMED = re.compile(
    r"\b(?:CI|CrI|UI|interval|confidence|credible|SD|SE|SEM|IQR|standard (?:deviation|error)|"
    r"range|ranging|between|p)\b",
    re.I,
)


#: A sample-size calculation: its values are assumptions and targets.
SAMPLE_SIZE = re.compile(
    r"\b(?:power\s+to\s+(?:detect|show)|powered\s+to|sample\s+size\s+(?:calculation|was)|"
    r"assum(?:ing|ed)\s+an?\s+(?:[\w-]+\s+){0,3}?(?:prevalence|rate|SD|standard deviation|"
    r"difference|effect|intracluster|ICC))",
    re.I,
)


def _in_statistic(text: str, number: NumberMention) -> bool:
    """Whether the value is a bound or spread in a statistic's bracket: "(95% CI -0.05 to 0.07)".

    Such a value is no rival of a claim's estimate: the bracket qualifies the value before it.
    """
    return any(
        m.start() < number.start < m.end() and not m.group(0).lstrip(" (").startswith(number.raw)
        for m in _STATISTIC_ASIDE.finditer(text)
    )


def _labelled_otherwise(text: str, number: NumberMention, claim: str) -> bool:
    """Whether the sentence names its value a statistic ("difference 0.14") the claim does not.

    A claim that gives the between-group difference as one group's change ("improved by 0.14
    … in the diet group") states no value the sentence has.
    """
    label = _STATISTIC_LABEL.search(text[max(0, number.start - 16) : number.start])
    if label is None:
        return False
    name = label.group("label") or label.group("letter")
    said = _SAYS_DIFFERENCE if name.casefold() == "difference" else rf"\b{name}\b"
    return not re.search(said, claim, re.I if name.casefold() == "difference" else 0)


#: A claim that states a difference: in so many words, or as a comparison of two things.
_SAYS_DIFFERENCE = r"\b(?:differ\w*|gap|than|compared|relative to|versus|vs)\b"


def _stated_otherwise(
    mention: NumberMention,
    wanted: _Context,
    best: tuple[Evidence, Sequence[NumberMention]],
    others: Sequence[tuple[set[Decimal], _Context]],
    claim: str,
) -> tuple[int, Mismatch] | None:
    """A value of the same kind in the evidence sentence that states the claim's fact.

    A value the claim itself states elsewhere is no rival, nor one of another group ("in
    darker skin" for a claim about lighter skin).
    """
    ev, numbers = best
    claimed = {v for forms, _ in others for v in forms}
    contexts = [number_context(ev.text, other.start, other.end) for other in numbers]
    rivals = [
        other
        for other, have in zip(numbers, contexts, strict=True)
        if same_kind(mention, other, claim, ev.text, same_name=bool(wanted.names & have.names))
        and not value_forms(other) & claimed
        and not conflicting_groups(wanted.words, have.words)
    ]
    if not rivals:
        return None
    # The nearest in size is named: "60 days" against "3 and 7 days" is told 7.
    other = min(rivals, key=lambda r: _distance(mention.value, r.value))
    return 0, Mismatch(mention.raw, other.raw, ev.page, ev.sentence_index)


def same_kind(
    mention: NumberMention,
    other: NumberMention,
    claim: str,
    evidence: str,
    *,
    same_name: bool = False,
) -> bool:
    """Same unit and scale, a comparable magnitude, and both years or neither.

    A count written as a word counts the same thing or nothing: "a two-layer system" says
    nothing about the paper's "6个大类". Two whole numbers or two percentages that count the
    same noun are of one kind whatever their sizes ("S&P 15 Earning Conference Calls" against
    "S&P 500 Earning Conference Calls", "76.2% of cases" against "6.5% of cases"), and so are
    two values said of the same name (``same_name``: "1.4 for BM25" against "18.7 for BM25"),
    and two powers of ten. A condition's value ("n=30") is no rival of a count ("15 training
    instances").
    """
    if other.percent != mention.percent or bool(other.scale) != bool(mention.scale):
        return False
    if _in_statistic(evidence, other) and not _STATISTIC_NAMED.search(claim):
        return False
    # A sample-size calculation ("80% power to detect …", "assuming a prevalence of 30%")
    # states design choices, no findings.
    if SAMPLE_SIZE.search(evidence) and not SAMPLE_SIZE.search(claim):
        return False
    if assigned(evidence, other) and not setting_value(claim, mention):
        return False
    if is_year(mention, claim) != is_year(other, evidence):
        return False
    spans = _time_span(claim, mention), _time_span(evidence, other)
    if None not in spans and spans[0] != spans[1]:
        return False
    # A value measured in a unit ("5 mg") is rivalled only by one in that unit: "1 A cm⁻²"
    # is no rival of "10 mA cm⁻²", whose value is in other units.
    measure = measure_of(claim, mention)
    if measure is not None and (
        measure != measure_of(evidence, other)
        or _unit_name(claim, mention) != _unit_name(evidence, other)
    ):
        return False
    # ... and a count of things ("1,000 epochs") is no value measured in a unit ("40 GB").
    if measure is None and measure_of(evidence, other) is not None and _counted(claim, mention):
        return False
    if mention.scientific and other.scientific:
        # Powers of ten are settings that span decades (learning rates 1e-5 to 5e-4).
        return mention.value != other.value
    alike = comparable(mention.value, other.value, percent=mention.percent)
    if not mention.percent and not any(ch.isdigit() for ch in mention.raw):
        heads = _count_head(claim, mention), _count_head(evidence, other)
        if None not in heads and heads[0] != heads[1]:
            return False  # "three programmes" against "six … outpatient departments"
        return alike and bool(_counted(claim, mention) & _counted(evidence, other))
    if alike or mention.value == other.value:
        return alike
    if same_slot(claim, mention, evidence, other):
        return True
    whole = written_whole(mention.value), written_whole(other.value)
    if same_name and (mention.percent or whole[0] == whole[1]):
        return True
    return (mention.percent or all(whole)) and bool(
        _counted(claim, mention) & _counted(evidence, other)
    )


#: The other end of a range: the unit of a range stands after it ("aged 45 to 64 years").
_RANGE_END = re.compile(r"\s?(?:to|-|–|and)\s?\d+(?:\.\d+)?")
#: A unit of time after a number: it measures a span or an age ("65 years", "6-week", "9个月").
_TIME_UNIT = re.compile(
    rf"(?:{_RANGE_END.pattern})?"
    r"(?:(?:\s|-)?(?:years?|yrs?|months?|weeks?|days?|hours?|minutes?|seconds?)\b"
    r"|\s?(?:岁|个月|周|天|小时|分钟))",
    re.I,
)
#: An age without its unit: "children aged 7 to 11", "ages 18-64", "aged between 50 and 70".
_AGED = re.compile(
    r"\b(?:aged|ages)\s+(?:between\s+)?(?:\d+(?:\.\d+)?\s?(?:to|-|–|and)\s?)?$", re.I
)
#: A plural noun within two words after a number: it counts things ("412 older adults").
_THINGS = re.compile(r"\s(?:[A-Za-z][\w\-]*\s){0,2}?[A-Za-z]{3,}s\b")


#: What a unit after a number measures: "5 mg" is a dose, no rival of "3 days" or "45 °C".
_UNIT_KINDS = {
    "mass": r"(?:mg|µg|μg|mcg|ng|g|kg)(?:/(?:kg|day|d|L|ml|mL)){0,2}",
    "volume": r"(?:ml|mL|L|µL|μL)",
    "length": r"(?:nm|µm|μm|mm|cm|m|km)",
    "temperature": r"(?:°C|°F)",
    "time": r"(?:ms|s|sec|min|h|hrs?|hours?|days?|weeks?|months?|years?)",
    "charge": r"(?:mAh|Ah)(?:/g|\s?g⁻¹)?",
    "voltage": r"(?:mV|V)",
    "current": r"(?:µA|μA|mA|A)(?:\s?cm(?:⁻²|-2|2)|/cm2|/cm²)?",
    "pressure": r"(?:Pa|kPa|MPa|GPa|bar|mbar|psi)",
    "energy": r"(?:J|kJ|MJ|kcal|cal|Wh|kWh|MWh|eV|meV)",
    "power": r"(?:W|mW|kW|MW|GW)",
    "frequency": r"(?:Hz|kHz|MHz|GHz)",
    "memory": r"(?:KB|MB|GB|TB)",
}
#: A dose that names an arm: "the 75 mg dose", "the 15 mg/kg group".
_ARM_DOSE = re.compile(
    rf"\s?(?P<unit>{_UNIT_KINDS['mass']}|{_UNIT_KINDS['volume']}|IU)(?:/\w+)*\s+(?:dose|group|arm)\b"
)
_SPREAD = re.compile(r"\s*±\s*\d+(?:\.\d+)?")
_TIME_NAMES = {"": "s", "sec": "s", "hour": "h", "hr": "h"}
#: A unit after a number, with what it is per ("kWh/day", "cm/yr").
_UNIT_KIND = re.compile(
    r"(?:\s|-)?(?:"
    + "|".join(f"(?P<{k}>{v})" for k, v in _UNIT_KINDS.items())
    + r")(?:/[A-Za-z]+)?(?![\w/])"
)


def measure_of(text: str, mention: NumberMention) -> str | None:
    """What the unit after a number measures (mass, time …), past its spread ("262 ± 5 mV")."""
    found = _unit_after(text, mention)
    return found.lastgroup if found else None


def _unit_after(text: str, mention: NumberMention) -> re.Match[str] | None:
    spread = _SPREAD.match(text, mention.end)
    at = spread.end() if spread else mention.end
    found = _UNIT_KIND.match(text, at)
    # "between 28 and 90 days", "5 to 10 mg"
    end = _RANGE_END.match(text, at) if found is None else None
    return _UNIT_KIND.match(text, end.end()) if end else found


def _unit_name(text: str, mention: NumberMention) -> str:
    """The unit after a number as one spelling: "hours" and "h" alike, "mA" apart from "A".

    What a unit is per ("g/day", "mA cm⁻²") is left out: claims say it in words ("a day").
    """
    found = _unit_after(text, mention)
    if found is None:
        return ""
    unit = found.group().strip().split()[0].split("/")[0]
    if found.lastgroup == "time":
        unit = unit.casefold().rstrip("s")
        return _TIME_NAMES.get(unit, unit)
    return unit


def _time_span(text: str, mention: NumberMention) -> bool | None:
    """Whether a number measures time (True) or counts things (False); None when neither shows.

    "412 adults aged 65 years or older": the 65 is an age, no rival of a count of adults.
    """
    if _TIME_UNIT.match(text, mention.end) or _AGED.search(text, 0, mention.start):
        return True
    return False if _THINGS.match(text, mention.end) else None


#: Tokens before a number, and after it, that make its slot in a sentence.
_SLOT_BEFORE, _SLOT_AFTER = 2, 1


def same_slot(claim: str, mention: NumberMention, evidence: str, other: NumberMention) -> bool:
    """Whether two numbers of one form stand between the same words, whatever their sizes.

    "epoch数目设置为2937" against "epoch数目设置为12", "(20-1655岁)" against "(20-79岁)": the
    claim wrote its number where the paper has another, which no size comparison can tell.
    """
    if written_whole(mention.value) != written_whole(other.value):
        return False
    before = _TOKEN.findall(claim[: mention.start])[-_SLOT_BEFORE:]
    theirs = _TOKEN.findall(evidence[: other.start])[-_SLOT_BEFORE:]
    if len(before) < _SLOT_BEFORE or not any(_WORDLIKE.search(t) for t in before):
        return False
    after = _TOKEN.findall(claim[mention.end :])[:_SLOT_AFTER]
    then = _TOKEN.findall(evidence[other.end :])[:_SLOT_AFTER]
    return _folded(before) == _folded(theirs) and _folded(after) == _folded(then)


def _folded(tokens: Sequence[str]) -> list[str]:
    return [t.casefold() for t in tokens]


#: Words after a count that are not what it counts: links and prepositions ("2 on 4 GPUs").
_LINKS = frozenset(
    "or and to of on in at by for with from per over into across within after before during "
    "than the".split()
)
#: Chinese measure words; 个 counts anything, so it names no noun.
_MEASURE = "个条名位种类项篇组次层例人"


def _counted(text: str, mention: NumberMention) -> frozenset[str]:
    """What a count counts: the stems of the next two words, or a measure word and bigrams."""
    after = text[mention.end : mention.end + 40].lstrip(" -")
    cjk = re.match(rf"([{_MEASURE}])?([{_CJK}]{{0,3}})", after)
    if cjk and (cjk.group(1) or cjk.group(2)):
        measure, rest = cjk.group(1) or "", cjk.group(2)
        keys = {rest[i : i + 2] for i in range(len(rest) - 1)}
        return frozenset(keys | ({measure} if measure and measure != "个" else set()))
    # "five or six input parameters": the noun comes after the other count
    words = [
        w
        for w in re.findall(r"[A-Za-z]+", after)
        if len(w) > 2 and w.casefold() not in _LINKS and not spelled_numbers(w)
    ]
    return frozenset(stem(w.casefold()) for w in words[:2])


def _is_count(mention: NumberMention) -> bool:
    """A whole number of ten or more, no share: what may count a noun ("2,700 firms")."""
    return not mention.percent and written_whole(mention.value) and mention.value >= 10


def _count_head(text: str, mention: NumberMention) -> str | None:
    """The plural noun a count counts, within four words; None when none shows.

    "departments" of "six NHS physiotherapy outpatient departments".
    """
    after = text[mention.end : mention.end + 60].lstrip(" -")
    for word in re.findall(r"[A-Za-z]+", after)[:4]:
        if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
            return stem(word.casefold())
        if word.casefold() in _IRREGULAR_PLURALS:
            return word.casefold()
    return None


_IRREGULAR_PLURALS = frozenset({"mice", "people", "children", "men", "women", "teeth", "feet"})
#: Words that count people of any kind: "1,200 people" totals patients and controls.
_ANYONE = frozenset({"people", "person", "individual", "participant"})
#: Stems of the kinds of people a paper counts apart.
_PEOPLE = _ANYONE | frozenset(
    {
        "patient", "employe", "worker", "children", "adult", "men", "women", "respondent",
        "pupil", "student", "nurs", "resident", "control", "case", "smoker", "user", "volunteer",
    }
)  # fmt: skip


def _same_head(head: str, other: str | None, context: _Context) -> bool:
    """Whether a count of ``other`` counts what ``head`` does, or part of it."""
    if other == head:
        return head in context.words
    return head in _ANYONE and other is not None and other in _PEOPLE


#: A count said of each group: "42 schools were assigned to each arm", "16 plots per site";
#: ``PER_GROUP_REACH`` characters after the count at most.
PER_GROUP = re.compile(r"\b(?:each|per)\s+(?!of\b|cent\b)\w+", re.I)
PER_GROUP_REACH = 40


def _total_of(
    claim: str, mention: NumberMention, found: Sequence[tuple[Evidence, Sequence[NumberMention]]]
) -> bool:
    """Whether a count is the total of the evidence's counts of its noun.

    "79 primary schools" of "all 41 of its primary schools" and "38 primary schools", "more
    than 9,000 employees" of "3,214 employees of adopting firms and 5,987 employees of comparison
    firms": readers add up the groups a paper reports apart, or multiply a count of each group.
    People of any kind are counted together ("nearly 1,200 people" of 412 patients and 775
    controls).
    """
    if mention.percent or mention.scale or not written_whole(mention.value):
        return False
    head = _count_head(claim, mention)
    if head is None:
        return False
    parts = [
        m.value
        for ev, numbers in found
        for m in numbers
        if not m.percent
        and not m.scale
        and written_whole(m.value)
        and 0 < m.value < mention.value
        and _same_head(head, _count_head(ev.text, m), number_context(ev.text, m.start, m.end))
    ]
    # two or three groups ("1,502 controls, 1,498 … and 1,500 … participants"), or all of them
    totals = {sum(c, Decimal(0)) for size in (2, 3) for c in combinations(parts[:_SUMMED], size)}
    if len(parts) > 2:
        totals.add(sum(parts, Decimal(0)))
    # "42 schools were assigned to each arm": a whole of two to four such groups.
    totals |= {
        m.value * k
        for ev, numbers in found
        for m in numbers
        if m.value in parts and PER_GROUP.search(ev.text[m.end : m.end + PER_GROUP_REACH])
        for k in (2, 3, 4)
    }
    # The value as written, or the total a hedge or bound ("more than 9,000") stands for.
    written = extract_numbers(mention.raw)
    if (written[0].value if written else mention.value) in totals:
        return True
    return any(m.start == mention.start for m in settled_mentions(claim, {False: totals}))


#: The most counts tried as the groups of a total.
_SUMMED = 12
#: Each group or arm, not a rate: "per day", "per capita" and "each year" divide by no group.
_EACH_GROUP = re.compile(
    r"\b(?:each|per)\s+(?!(?:of|cent|day|week|month|year|hour|minute|night|capita|person)\b)"
    r"[a-z]+",
    re.I,
)


def _each_groups(
    claim: str, mention: NumberMention, found: Sequence[tuple[Evidence, Sequence[NumberMention]]]
) -> bool:
    """Whether a count of each group is the one the evidence gives each group.

    "16 practices allocated to each strategy" of "16 per arm", or of "assigned to ARG (n = 12)
    or CG (n = 12)": the whole (48) is no rival of it. A hedged count ("about 1,500 in each
    arm") is each group's it covers ("n=1,502", "n=1,498").
    """
    if not _EACH_GROUP.search(claim[mention.end : mention.end + PER_GROUP_REACH]):
        return False
    return any(
        m.value == mention.value and _EACH_GROUP.search(ev.text[m.end : m.end + PER_GROUP_REACH])
        for ev, numbers in found
        for m in numbers
    ) or any(
        sum(
            1
            for m in numbers
            if (m.value == mention.value or covers_hedged(mention, m)) and assigned(ev.text, m)
        )
        >= 2
        for ev, numbers in found
    )


def sentences_stating(value: str, texts: Sequence[str], claim: str = "") -> list[int]:
    """Positions of the texts that state ``value`` (a claim's number as written) in any format.

    A share the claim writes in words ("nearly three-quarters") is stated by a percentage
    within its range, and a bound ("more than eight years") by a value past it.
    """
    share = next((p for p in proportions(claim) if p.mention.raw == value), None)
    if share is not None:
        return [
            i
            for i, text in enumerate(texts)
            if any(_covered(share, m, text) for m in stated_numbers(text))
        ]
    wanted = extract_numbers(value) + spelled_numbers(value)
    if not wanted:
        return []
    forms = value_forms(wanted[0])
    stated = [stated_numbers(text) for text in texts]
    exact = [i for i, numbers in enumerate(stated) if any(states_value(forms, m) for m in numbers)]
    within = _bound_range(claim, value, wanted[0])
    if within is None:
        return exact
    # The value as written first: a value past the bound may be another thing's.
    low, high = within
    past = [
        i
        for i, numbers in enumerate(stated)
        if i not in exact
        and any(m.percent == wanted[0].percent and low < m.value <= high for m in numbers)
    ]
    return exact + past


def _bound_range(claim: str, value: str, mention: NumberMention) -> tuple[Decimal, Decimal] | None:
    """The values past a bound the claim puts on ``value`` ("more than eight years": 8 to 9)."""
    at = claim.find(value)
    if at < 0:
        return None
    before = claim[:at]
    step = bound_step(mention.value)
    if BOUND_ABOVE.search(before):
        return mention.value, mention.value + step
    if BOUND_BELOW.search(before):
        return mention.value - step, mention.value - Decimal("1e-9")
    return None


#: Words that say a number is a change or a ratio ("by 2.3 points", "3x faster", "a gain of 4").
_CHANGE = re.compile(
    r"\b(?:by|points?|pp|gains?|improv\w*|increas\w*|decreas\w*|drops?|dropped|higher|lower|"
    r"more|less|better|worse|fold|times|margin|difference|reduc\w*|boost\w*|outperform\w*|"
    r"faster|slower|below|above|ahead|behind|longer|shorter|larger|smaller|greater|bigger|"
    r"fewer|earlier|sooner|quicker|cheaper|costlier|提高|降低|提升|下降|高出|低于)\b|"
    r"(?<![A-Za-z])[x\u00d7](?!\w)|倍",
    re.I,
)


def states_change(claim: str, mention: NumberMention) -> bool:
    """Whether the words around a number present it as a change or ratio.

    Not a value a change starts from or ends at: "drops from 61.5 to 22.0".
    """
    if _END_POINT.search(claim[: mention.start]):
        return False
    # "cut bat deaths by two-thirds at 6.5 m/s": the condition a change holds at is no change
    if not mention.percent and _AT_CONDITION.search(claim, 0, mention.start):
        return False
    before = claim[max(0, mention.start - 30) : mention.start]
    # "more than half", "less than 5%": a bound's words say nothing of a change.
    bound = BOUND_ABOVE.search(before) or BOUND_BELOW.search(before)
    if bound is not None:
        before = before[: bound.start()]
    return _CHANGE.search(before + claim[mention.start : mention.end + 25]) is not None


#: "1.2 percentage points more", "8.6 pp", "17 mAh g−1 more than": a difference of two levels.
#: After a number, a difference in percentage points: "8.6 percentage points", "3 pp".
PERCENTAGE_POINTS = r"\s?-?\s?(?:percentage[-\s]points?|pp|p\.\s?p\.)(?!\w)"
_POINTS = re.compile(
    rf"{PERCENTAGE_POINTS}|"
    r"\s?-?points?\s+(?:more|less|higher|lower|above|below|ahead|behind|better|worse)\b|"
    # "17 mAh g−1 more than the commercial carbon": a gap in the unit of its levels
    r"(?:\s?[^\s\d,;.()]{1,8}){0,3}\s+(?:more|less|higher|lower|fewer|greater)\s+than\b",
    re.I,
)

_AT_CONDITION = re.compile(r"\bat\s+$", re.I)
#: "up to 4.93x" is a bound on a change, not a value it ends at.
_END_POINT = re.compile(r"\b(?:from|(?<!\bup )to)\s*$|(?:从|至|到)\s*$", re.I)


#: The start of a range a number ends: "0.5 to", "17% -", "between 2 and".
_RANGE_START = re.compile(r"(\d+(?:\.\d+)?)\s?%?\s?(?:to|and|-|–|~|∼|至|到)\s?$")


def _range_start(text: str, mention: NumberMention) -> str | None:
    found = _RANGE_START.search(text[max(0, mention.start - 24) : mention.start])
    return found.group(1) if found else None


def _contradicting(
    mention: NumberMention,
    wanted: _Context,
    found: Sequence[tuple[Evidence, Sequence[NumberMention]]],
    claim: str,
    others: Sequence[tuple[set[Decimal], _Context]] = (),
    far: Sequence[str] = (),
    counted: str | None = None,
) -> tuple[int, Mismatch] | None:
    """The evidence value of the same kind most closely about the claim's words, or None.

    A value the claim itself states elsewhere is no rival when that other mention is at least
    as much about it ("S&P 500 companies from 2017": the paper's "500 companies" is the claim's
    500, not a rival of 2017). ``others`` holds the claim's other numbers with their contexts;
    ``counted`` is the noun the claim's count counts, if it is one.
    """
    if not wanted.words:
        return None
    start = _range_start(claim, mention)
    hedged = _hedged_in_evidence(mention, found)
    best: tuple[int, Mismatch] | None = None
    best_distance = math.inf
    best_counts = False
    #: Per table row, the most the claim's words say of one of its values.
    rows: dict[int, int] = {}
    forms = value_forms(mention)
    # "Six of the 64 farms": a part of a whole is rivalled only by another part of it
    whole = _OUT_OF.match(claim, mention.end)
    for ev, numbers in found:
        # "95.6%, 88.0% and 70.8% … at <10, 10 to 20 and >20 km respectively" pairs each value
        # with a label far from it: words near a value do not tell it is the claim's, so a
        # sentence that states the claim's value has no rival of it.
        if RESPECTIVELY.search(ev.text) and any(
            states_value(forms, n) or covers_hedged(mention, n) for n in numbers
        ):
            continue
        for other in numbers:
            have = number_context(ev.text, other.start, other.end)
            named = bool(wanted.names & have.names)
            if not same_kind(mention, other, claim, ev.text, same_name=named):
                continue
            of = _OUT_OF.match(ev.text, other.end) if whole else None
            if whole and (of is None or of.group(1) != whole.group(1)):
                continue
            # A value within the rounding of the claim's, or of the paper's own hedged
            # statement of it ("about 4,400" against 4,363), is the same value; a part of the
            # claim's value ("13 of 22" for a claim of 22) is counted out of it.
            if (
                covers_hedged(mention, other)
                or any(_near(v, other) for v in hedged)
                or _part_of(ev.text, other, mention)
                or _counted_out_of(ev.text, other, mention)
            ):
                continue
            overlap = _overlap(wanted, have)
            if overlap is None:
                continue
            if any(
                f & value_forms(other) and (_overlap(c, have) or 0) >= overlap for f, c in others
            ):
                continue
            # "0.81, about nine points above GDN's 0.72" against "(difference 0.09, …)": the gap
            # between two of the claim's own values is theirs, no rival of either.
            if gap_of(other, [mention.value, *(v for f, _ in others for v in f)]):
                continue
            # Another of the claim's values in the sentence counts as words shared: "2,243
            # telephone meetings and 88,829 aligned sentences" against "576 earning calls
            # correspond to 88,829 aligned sentences". A table row holds too many values for
            # one of them to show that it is the claim's row: there it must share the cell.
            row = is_table_row(ev.text)
            near = _cell_of(ev.text, other) if row else numbers
            overlap += _shared_values(near, others, other) + _names_held(ev.text, far)
            if overlap < min(2, len(wanted.words)):
                continue
            # The other end of a range that starts where the claim's starts ("0.5 to 0.1"
            # against "0.5 to 0.8, … 0.4 to 0.6") is the value the claim changed.
            if start is not None and start == _range_start(ev.text, other):
                overlap += 1
            if row:
                rows[ev.sentence_index] = max(rows.get(ev.sentence_index, 0), overlap)
            # Of two values as much about the claim's words, the nearer in size is named.
            distance = _distance(mention.value, other.value)
            if best is None or (overlap, -distance) > (best[0], -best_distance):
                best = (overlap, Mismatch(mention.raw, other.raw, ev.page, ev.sentence_index))
                best_distance = distance
                # counting the claim's noun weighs as much as for the claim's own value
                best_counts = counted is not None and _count_head(ev.text, other) == counted
    # Rows of a table the claim's words fit alike (it names their column, not one row's label):
    # the claim does not say which row it is about.
    if best is not None and best[1].sentence_index in rows:
        if sum(1 for overlap in rows.values() if overlap == best[0]) > 1:
            return None
    return best if best is None or not best_counts else (best[0] + 1, best[1])


#: One value per owner, in order: each value's owner is then the list's, not the nearest.
RESPECTIVELY = re.compile(r"\brespectively\b|分别", re.I)


def gap_of(other: NumberMention, values: Sequence[Decimal]) -> bool:
    """Whether ``other`` is the difference of two of ``values`` ("352 to 233": 119, or 34%).

    Small whole numbers recur for unrelated things ("five sewersheds across three seasons" is
    no gap of two), and a value the claim states itself is a level ("6000 training, 1000
    validation and 2000 test" against the paper's 1000 test questions): neither counts.
    """
    if (written_whole(other.value) and other.value < 10) or other.value in values:
        return False
    for a, b in combinations(set(values), 2):
        high, low = max(a, b), min(a, b)
        if not other.percent and high - low == other.value:
            return True
        if other.percent and high and abs((high - low) / high * 100 - other.value) < Decimal("0.5"):
            return True
    return False


def _part_of(text: str, part: NumberMention, whole: NumberMention) -> bool:
    """Whether ``text`` counts ``part`` out of the whole's value: "13 of 22 melanomas"."""
    found = _OUT_OF.match(text, part.end)
    return found is not None and Decimal(found.group(1).replace(",", "")) in value_forms(whole)


def _counted_out_of(text: str, whole: NumberMention, part: NumberMention) -> bool:
    """Whether ``text`` counts the claim's value out of ``whole``: "Nine of the 36 plots"."""
    found = _OF_BEFORE.search(text, 0, whole.start)
    if found is None:
        return False
    count = found["n"].replace(",", "")
    value = Decimal(count) if count.isdigit() else count_word(count)
    return value is not None and Decimal(value) in value_forms(part)


_OF_BEFORE = re.compile(
    r"(?<![\d.,])\b(?P<n>\d{1,3}(?:,\d{3})+|\d+|[A-Za-z]+)\s+(?:out\s+)?of\s+(?:the\s+|all\s+)?$"
)
_OUT_OF = re.compile(r"\s+(?:out\s+)?of\s+(?:the\s+|all\s+)?(\d{1,3}(?:,\d{3})+|\d+)(?![.\d])")


def _bound_on(
    claim: str, mention: NumberMention, rival: Mismatch
) -> tuple[bool, NumberMention] | None:
    """Whether the claim's bound on its number is from below ("more than"), and the rival."""
    before = claim[: mention.start]
    above, below = BOUND_ABOVE.search(before), BOUND_BELOW.search(before)
    values = extract_numbers(rival.paper_value)
    if not (above or below) or not values:
        return None
    return above is not None, values[0]


def _inside_bound(claim: str, mention: NumberMention, rival: Mismatch) -> bool:
    """Whether the rival lies on the side the claim's bound allows, however far.

    "More than 85%" holds 86.3%, "over ten times faster" 43 times, "less than 30%" 23%.
    """
    read = _bound_on(claim, mention, rival)
    if read is None or read[1].percent != mention.percent:
        return False
    above, value = read
    return mention.value < value.value if above else value.value < mention.value


def _breaks(claim: str, mention: NumberMention, rival: Mismatch) -> bool:
    """Whether the rival value lies outside the bound the claim puts its paper's number in."""
    read = _bound_on(claim, mention, rival)
    # A bound read as the paper value inside it has found its value.
    if read is None or mention.bound is not None:
        return False
    above, value = read
    return value.value <= mention.value if above else value.value >= mention.value


def _within_span(mention: NumberMention, span: NumberMention) -> bool:
    return span.start <= mention.start and mention.end <= span.end


def _stated_of_other(
    mention: NumberMention,
    wanted: _Context,
    found: Sequence[tuple[Evidence, Sequence[NumberMention]]],
) -> bool:
    """Whether the evidence states the claim's value under another setting, group or name."""
    forms = value_forms(mention)
    return any(
        states_value(forms, m) and _overlap(wanted, number_context(ev.text, m.start, m.end)) is None
        for ev, numbers in found
        for m in numbers
    )


def covers_hedged(mention: NumberMention, other: NumberMention) -> bool:
    """Whether a hedged claim value covers ``other`` ("about 4,400" covers 4,363).

    A bound ("more than 1,000") covers what lies past it, which binding reads on its own.
    """
    hedged = mention.approximate and mention.bound is None
    written = extract_numbers(mention.raw) if hedged else []
    return bool(written) and _near(written[0].value, other)


def _hedged_in_evidence(
    mention: NumberMention, found: Sequence[tuple[Evidence, Sequence[NumberMention]]]
) -> list[Decimal]:
    """The claim's value where the evidence hedges it ("as few as about 4,400 steps")."""
    forms = value_forms(mention)
    return [
        other.value
        for ev, numbers in found
        for other in numbers
        if states_value(forms, other) and HEDGED_BEFORE.search(ev.text[: other.start])
    ]


def _near(value: Decimal, other: NumberMention) -> bool:
    tolerance = approximate_tolerance(value, percent=other.percent)
    return any(abs(v - value) <= tolerance for v in value_forms(other))


def _distance(a: Decimal, b: Decimal) -> float:
    """How far apart two positive values are in size (a log ratio)."""
    if a <= 0 or b <= 0:
        return math.inf
    return abs(math.log(float(a) / float(b)))


def comparable(a: Decimal, b: Decimal, *, percent: bool = False) -> bool:
    """Same kind of magnitude: a score against a score, a count against a count.

    Percentages compare whether written with decimals or not (17% against 38.4%).
    """
    if a == b or a <= 0 or b <= 0:
        return False
    small = min(a, b)
    return max(a, b) / small < 10 and (percent or written_whole(a) == written_whole(b))


#: What follows a count, not a year: a measure word (2000条) or a plural noun (2000 questions).
_COUNTED = re.compile(r"\s?(?:[个条名位种项篇组次人例]|[A-Za-z]+s\b)")


def is_year(mention: NumberMention, text: str) -> bool:
    """A calendar year (1900-2099, four digits) is compared only with years."""
    value = mention.value
    if not (value == value.to_integral() and 1900 <= value <= 2099 and len(mention.raw) == 4):
        return False
    return not _COUNTED.match(text, mention.end)


def paper_value_text(mismatch: Mismatch) -> str:
    """``the paper says 0.7 (p. 4)``; thousands keep their separators ("88,829").

    A power of ten keeps its written form ("2e-5", not 0.00002).
    """
    value = mismatch.paper_value
    if re.fullmatch(r"[\d.,]+", value) and not _GROUPED.fullmatch(value):
        try:
            value = canonical_number(Decimal(value.replace(",", "")))
        except ArithmeticError:
            pass
    return f"the paper says {value} (p. {mismatch.page})"


_GROUPED = re.compile(r"\d{1,3}(?:,\d{3})+")
