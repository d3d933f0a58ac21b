"""Content words: the comparable vocabulary of a sentence in English and Chinese.

Stopwords removed, light suffix stemming, numbers in canonical form, Chinese as character
bigrams (no segmenter needed). Used by coverage, evidence alignment and number binding.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from core.text.normalize import extract_numbers

_STOPWORDS = frozenset(
    """
    a an the and or but nor of to in on at by for with from as into onto over under about
    is are was were be been being am do does did done has have had having can could may might
    must shall should will would this that these those it its they them their there here
    which who whom whose what when where why how than then so such very also just only
    not no yes more most less least much many some any each other another both either
    we our us you your he she his her i me my one two three paper authors author work
    propose proposes proposed present presents presented show shows shown showed use uses used
    using study studies approach method methods model models result results report reports
    reported demonstrate demonstrates claim claims argue argues note notes while whereas
    however although though thus hence therefore furthermore moreover overall via per
    """.split()
)
# Function characters: bigrams containing them carry little content in Chinese.
_ZH_STOP = frozenset(
    "的了是在和与及而也都就被把对这那其之为以于中上下个种该此我们他它们作者文本论提出"
)
#: Latin letters with their accents: "Kraków" and "Đắk Lắk" are words, not "krak" and "k".
LETTERS = "A-Za-zÀ-ÖØ-öø-ÿĀ-ɏḀ-ỿ"
_LATIN = re.compile(rf"[{LETTERS}0-9]+(?:[.\-][{LETTERS}0-9]+)*")
_SUFFIXES = ("ations", "ation", "ments", "ment", "ings", "ing", "ies", "ied", "es", "ed", "ly", "s")


def stem(word: str) -> str:
    """A light English stem: common suffixes cut when four letters remain."""
    for suffix in _SUFFIXES:
        if len(word) - len(suffix) >= 4 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


def held(words: Iterable[str], others: Iterable[str]) -> int:
    """How many of ``words`` the others hold, a stem as its word ("scor" of "scores", "score")."""
    others = list(others)
    return sum(any(o.startswith(w) or w.startswith(o) for o in others) for w in words)


def content_words(text: str) -> set[str]:
    """Stemmed Latin content words, canonical numbers and Chinese character bigrams."""
    text = unicodedata.normalize("NFKC", text).casefold()
    words = {
        stem(w) for w in _LATIN.findall(text) if w not in _STOPWORDS and (len(w) > 1 or w.isdigit())
    }
    words |= {m.canonical.casefold() for m in extract_numbers(text)}
    for run in re.findall(r"[\u3400-\u9fff]+", text):
        if len(run) == 1 and run not in _ZH_STOP:
            words.add(run)
        for i in range(len(run) - 1):
            pair = run[i : i + 2]
            if not (pair[0] in _ZH_STOP or pair[1] in _ZH_STOP):
                words.add(pair)
    return words


#: Share of a claim's words (numbers and other left-out words aside) a sentence must hold to
#: state the same fact; number binding, attribution and name binding read the same bar.
SAME_STATEMENT = 0.6
_NUMBER_WORD = re.compile(r"[\d.%,]+")


def fact_words(text: str, leave_out: Iterable[str] = ()) -> set[str]:
    """Content words of ``text`` without numbers and without ``leave_out`` (casefolded)."""
    dropped = {form for w in leave_out for form in (w.casefold(), stem(w.casefold()))}
    return {w for w in content_words(text) if not _NUMBER_WORD.fullmatch(w) and w not in dropped}


def states_same_fact(claim_words: set[str], sentence_words: set[str]) -> bool:
    """Whether a sentence holds at least SAME_STATEMENT of the claim's words."""
    shared = claim_words & sentence_words
    return bool(claim_words) and len(shared) >= SAME_STATEMENT * len(claim_words)


def nearly_all(wanted: set[str], have: set[str], spare_from: int) -> bool:
    """Whether ``have`` holds all of ``wanted``, or all but one when it counts ``spare_from``."""
    missing = len(wanted - have)
    return missing == 0 or (len(wanted) >= spare_from and missing == 1)


#: A comparison of two things ("than", "compared with", "relative to", "versus", 比, 相比).
#: "than" before a quantity bounds it ("more than one location") and compares no two things.
COMPARED = re.compile(
    r"\b(?:than(?!\s+(?:about\s+|around\s+|approximately\s+|roughly\s+)?"
    r"(?:\d|a\b|an\b|one|two|three|four|five|six|seven|eight|nine|ten|half|twice))|"
    r"compared (?:to|with)|relative to|versus|vs\.?)\b|比|相比",
    re.I,
)


#: Words that tell one group of a study from the others, by kind: its rank ("the third
#: quarter", "the highest tertile", "ninth grade"), its sex ("femal" is the stem of
#: "females"), its arm ("control schools" against "programme schools") or its place (urban
#: against rural: "citi" is the stem of "cities"), its season of sampling, or the side of a
#: split by skin it is on.
RANKS = (
    "first second third fourth fifth sixth seventh eighth ninth tenth highest lowest top bottom "
    "middle"
).split()
_GROUPS = (
    {w: w for w in RANKS},
    {
        **dict.fromkeys("men man male boy boys".split(), "men"),
        **dict.fromkeys("women woman female femal girl".split(), "women"),
    },
    {
        **dict.fromkeys("control placebo".split(), "control"),
        # "treat" is the stem of "treatment"
        **dict.fromkeys("intervention programme treat experimental".split(), "intervention"),
    },
    {
        **dict.fromkeys("urban city citi metropolitan".split(), "urban"),
        **dict.fromkeys("rural countryside villag".split(), "rural"),
    },
    # seasons of sampling: "higher in spring than in summer"
    {w: w for w in "spring summer autumn winter".split()},
    # the two sides of a split by skin: "in darker skin"
    {w: w for w in "lighter darker".split()},
)


#: Words naming a study's arms ("treat" is the stem of "treated").
ARMS = frozenset(_GROUPS[2])
#: What each kind of group above varies by: women and men differ by sex.
_DIMENSIONS: tuple[frozenset[str], ...] = (
    frozenset(),
    frozenset({"sex", "gender"}),
    frozenset(),
    frozenset({"urbanicity", "area"}),
    frozenset({"season", "seasonal", "seasons"}),
    frozenset(),
)


def hyphen_parts(words: Iterable[str]) -> set[str]:
    """Words with the parts of hyphened ones: "dose-by-sex" holds "sex", not "by"."""
    words = set(words)
    return words | {part for w in words for part in w.split("-") if part and part not in _STOPWORDS}


#: Where the things of a list part: ", ", ", and ", " or ".
LIST_SEPARATOR = re.compile(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", re.I)


def with_nouns(words: Iterable[str]) -> set[str]:
    """Words with the nouns of the adjectives among them, as stemmed.

    A report calls "more specific" or "less accurate" what the paper gives as specificity or
    accuracy: "specific" holds "specificity", "sensitive" "sensitivity", "accurate" "accuracy",
    "prevalent" "prevalence".
    """
    words = set(words)
    nouns = {w + "ity" for w in words if w.endswith("ic")}
    nouns |= {w[:-1] + "ity" for w in words if w.endswith("ive")}
    nouns |= {w[:-2] + "cy" for w in words if w.endswith("ate")}
    nouns |= {w[:-1] + "ce" for w in words if w.endswith("ent")}
    return words | {stem(n) for n in nouns}


def compared_dimensions(words: Iterable[str]) -> frozenset[str]:
    """What words naming two groups of one kind compare them by: "women" and "men", by sex."""
    words = set(words)
    return frozenset().union(
        *(
            names
            for kind, names in zip(_GROUPS, _DIMENSIONS, strict=True)
            if len({kind[w] for w in words if w in kind}) >= 2
        )
    )


def conflicting_groups(a: Iterable[str], b: Iterable[str]) -> bool:
    """Whether two sets of words name other groups ("second" against "third", men and women)."""
    return any(mine and theirs and not mine & theirs for mine, theirs in _group_pairs(a, b))


def same_group(a: Iterable[str], b: Iterable[str]) -> bool:
    """Whether two sets of words name one group ("the third quarter", "women") and no other."""
    pairs = _group_pairs(a, b)
    return any(mine & theirs for mine, theirs in pairs) and not conflicting_groups(a, b)


def names_group(words: Iterable[str]) -> bool:
    """Whether the words name a group by its rank or sex."""
    return any(w in kind for kind in _GROUPS for w in words)


def _group_pairs(a: Iterable[str], b: Iterable[str]) -> list[tuple[set[str], set[str]]]:
    a, b = set(a), set(b)
    return [({k[w] for w in a if w in k}, {k[w] for w in b if w in k}) for k in _GROUPS]
