"""Names bound to their statement: the sentence that states a claim's fact must use its names.

The name gate asks whether a name occurs anywhere in the paper; that lets a real name put into
the wrong statement pass ("controlled by Python and YAML" where the paper says "Python2 and
JSON", and YAML occurs elsewhere). When the best evidence sentence states the claim's fact
(most of its other words) but names something else where the claim has a name it lacks, the
claim swapped a name. A name with a version ("Python 3", "GPT-4", "ResNet-50") is swapped too
when that sentence gives the same name another version ("Python2").
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Sequence, Set
from dataclasses import dataclass

from core.text.normalize import canonical_number, extract_numbers, match_key, number_keys
from core.text.sentences import is_cjk_char
from core.text.words import LETTERS, fact_words, states_same_fact
from core.types import Evidence
from core.verify.gates.common import bare_name, name_key, ngram_keys
from core.verify.gates.lexicon import DEMONYMS, GENERIC_ACRONYMS, NOT_NAMES

#: A name: an acronym or a word with a capital inside (BERT, JSON, GitHub, fastText), or a
#: capitalised word that does not start its sentence (Figshare, Bitbucket). A word glued to a
#: number is its unit or exponent ("100MB", "5e-5"), not a name.
_TOKEN = re.compile(rf"(?<![{LETTERS}0-9])[{LETTERS}][{LETTERS}0-9+#\-]*")
_INNER_CAPITAL = re.compile(r".+[A-Z]")
#: A capital and a number name a thing as well: a category code ("D1"), a model ("T5"), S3.
_CODE = re.compile(r"[A-Z]\d{1,3}")
#: A list item's label before its first word: "(3d) Have a LICENSE file", "2) Use", "• Put".
_ITEM_LABEL = re.compile(r"\s*(?:\(\w{1,3}\)|\w{1,3}\)|[-*\u2022])\s*")
_LABELS = frozenset({"Table", "Figure", "Fig", "Section", "Appendix", "Eq", "Equation"})
#: A name and its version, written together, with a hyphen or with a space: "Python2",
#: "Python 3", "GPT-4", "ResNet-50", "Qwen2.5"; a metric's cut-off is one too ("MRR@10").
#: Three digits at most, so a year is no version.
_VERSIONED = re.compile(
    r"(?<![\w.-])(?P<name>[A-Za-z][A-Za-z+#]*[A-Za-z+#])[ @-]?"
    r"(?P<version>v?\d{1,3}(?:\.\d+)?)(?![\w%]|\.\d|,\d)"
)


@dataclass(frozen=True)
class NameMismatch:
    """The sentence stating the claim's fact names something else."""

    claim_name: str
    paper_name: str
    page: int

    def explain(self) -> str:
        """``The claim says YAML, but the paper says JSON (p. 1)``."""
        return (
            f"The claim says {self.claim_name}, but the paper says {self.paper_name} "
            f"(p. {self.page})"
        )


def names(text: str) -> list[str]:
    """Names in ``text`` in order (see ``_TOKEN``).

    A capitalised word counts alone, not inside a run of capitalised words (a title such as
    "Earning Conference Calls", whose words a paraphrase may drop), nor as its sentence's
    first word; "Table", "Figure" and the like are labels.
    """
    tokens = list(_TOKEN.finditer(text))
    out: list[str] = []
    for i, match in enumerate(tokens):
        word = bare_name(match.group(0))
        if word.casefold() in GENERIC_ACRONYMS or _is_unit(text, match):
            continue  # "LLM", "GPUs" name nothing in particular; "WHO" does
        if _INNER_CAPITAL.match(word) or _CODE.fullmatch(word):
            out.append(word)
            continue
        if (
            not word[0].isupper()
            or len(word) <= 2
            or word in _LABELS
            or word.casefold() in NOT_NAMES
        ):
            continue
        # The sentence's own first word is capitalised by case, not as part of a title.
        run = any(
            0 <= j < len(tokens)
            and tokens[j].group(0)[0].isupper()
            and not _opens(text, tokens[j])
            and not re.search(r"[^\s]", _between(text, tokens, min(i, j)))
            for j in (i - 1, i + 1)
        )
        if not _opens(text, match) and not run:
            out.append(word)
    return out


def _opens(text: str, match: re.Match[str]) -> bool:
    """Whether the word opens its sentence (or a list item: "(3d) Have a LICENSE file")."""
    head = text[: match.start()]
    return (
        not head.strip()
        or re.search(r"[.!?:。！？：]\s*$", head) is not None
        or _ITEM_LABEL.fullmatch(head) is not None
    )


def _between(text: str, tokens: Sequence[re.Match[str]], i: int) -> str:
    """The text between token ``i`` and the next one."""
    return text[tokens[i].end() : tokens[i + 1].start()] if i + 1 < len(tokens) else "x"


def check_names(claim: str, evidence: Sequence[Evidence]) -> NameMismatch | None:
    """The swapped name, when the best evidence sentence states the claim with another name.

    Only the first evidence sentence that states the claim's fact and names something is read;
    it must name something the claim does not, while the claim names something it does not. A
    claim that is mostly names and numbers ("On DPR MARCO, LexiRank obtains an MRR@10 of 36.8
    against 18.7") states the fact of a sentence that holds three of its names, or two and all
    its numbers; there a name is swapped for the one in its place (after the same word), or for
    the sentence's only other name when the claim lacks just one of the sentence's names.
    """
    claimed = names(claim)
    if not claimed:
        return None
    words = fact_words(claim, claimed)
    claimed_keys = {name_key(n) for n in claimed}
    values = number_keys(claim)
    for at, ev in enumerate(evidence):
        # A name that opens the sentence is not read as one there ("Acropora tenuis accounted
        # for 82%"), yet the sentence names it.
        theirs = names(ev.text) or [n for n in claimed if holds_name(ev.text, n)]
        same_fact = states_same_fact(words, fact_words(ev.text, theirs))
        # Codes ("A1", "F1") are too common in a table row to anchor it to the claim.
        shared = len(claimed_keys & {name_key(n) for n in theirs if not _CODE.fullmatch(n)})
        anchored = shared >= 3 or (shared >= 2 and bool(values) and values <= number_keys(ev.text))
        # A sentence that names nothing cannot show whose fact it is.
        if (not same_fact and not anchored) or not theirs:
            continue
        version = _other_version(claim, ev.text)
        if version is not None:
            return NameMismatch(*version, ev.page)
        missing = [n for n in claimed if not holds_name(ev.text, n)]
        other = [n for n in theirs if not holds_name(claim, n) and not _spelled_out(claim, n)]
        if anchored and len(missing) == 1 and len(set(map(name_key, other))) == 1:
            # "On MS MARCO, nDCG obtains" against "On MS MARCO passage ranking, LexiRank reaches"
            return NameMismatch(missing[0], other[0], ev.page)
        # A name the sentence writes more often than the claim may have lost one of its places:
        # "OpenRefine is a well-regarded alternative …, because the GitLab platform" against
        # "GitLab is a well-regarded alternative …, because the GitLab platform".
        repeated = [n for n in theirs if n not in other and _places(ev.text, n) > _places(claim, n)]
        for name in missing:
            # A name a better evidence sentence holds is the claim's own there: "GridSentinel's
            # F1 was about 72% higher" above "We compared (1) the rule-based checks, … and (4)
            # GDN" lost nothing to GDN.
            if any(holds_name(e.text, name) for e in evidence[:at]):
                continue
            slot = _slots(claim, name)
            same_slot = [n for n in other + repeated if _slots(ev.text, n) & slot]
            if same_slot or (same_fact and other):
                return NameMismatch(name, (same_slot or other)[0], ev.page)
        if same_fact:
            return None
    return None


def swapped_across(claim: str, evidence: Sequence[Evidence]) -> NameMismatch | None:
    """A name exchanged in a claim written in another language than its evidence.

    Words cannot be compared across languages, but names and numbers are written alike in
    both. The first evidence sentence sharing at least two of them with the claim, one a
    number (from 10 up or with decimals), or three names (as a list does), decides: when it
    holds exactly one name the claim lacks while the claim holds exactly one it lacks, that
    name stands in the claim's place: "The best model, BMI, has an average F1 of 86.06%"
    against "最佳模型ERNIE在6个大类的平均F1为86.06%"; "Text CNN, Text IAA, Text RCNN" against
    "Text CNN、Text RNN、Text RCNN".
    """
    anchors = Anchors.of(claim)
    mine, values = anchors.names, anchors.numbers
    for ev in evidence:
        shared, numbers = anchors.shared(ev.text)
        if (not numbers or numbers + shared < 2) and shared < 3:
            continue
        # The first sentence anchored by the claim's names and numbers decides, if it names
        # anything: one that names nothing cannot tell whose the values are.
        theirs = strict_names(ev.text)
        if not theirs:
            continue
        mine_only = [n for n in mine.values() if not holds_name(ev.text, n)]
        theirs_only = [n for n in theirs.values() if not holds_name(claim, n)]
        if len(mine_only) == 1 and len(theirs_only) > 1:
            theirs_only = _said_of(ev.text, values, theirs_only)
        if len(mine_only) == 1 and len(theirs_only) == 1:
            return NameMismatch(mine_only[0], theirs_only[0], ev.page)
        return None
    return None


@dataclass(frozen=True)
class Anchors:
    """What a claim is anchored by in any language: its strict names and specific numbers."""

    names: dict[str, str]
    numbers: frozenset[str]

    @classmethod
    def of(cls, claim: str) -> Anchors:
        """The claim's anchors."""
        return cls(
            strict_names(claim), frozenset(k for k in number_keys(claim) if specific_number(k))
        )

    def shared(self, sentence: str) -> tuple[int, int]:
        """How many of the names, and of the numbers, ``sentence`` holds."""
        names = sum(1 for n in self.names.values() if holds_name(sentence, n))
        return names, len(self.numbers & number_keys(sentence))


def _said_of(text: str, values: Set[str], candidates: list[str]) -> list[str]:
    """The one candidate written nearest the shared value, as the value's owner; else all.

    "Text CNN的表现最佳，准确率为86.1%；DPCNN性能最低，准确率仅为82.8%": 82.8% is DPCNN's.
    """
    spots = [
        m.start
        for m in extract_numbers(text, split_groups=True)
        if m.canonical in values or canonical_number(m.value) in values
    ]

    def gap(name: str) -> float:
        found = _occurrences(text, name)
        return min((abs(m.start() - s) for m in found for s in spots), default=math.inf)

    ranked = sorted(candidates, key=gap)
    return ranked[:1] if gap(ranked[0]) < gap(ranked[1]) else candidates


def _spelled_out(text: str, name: str) -> bool:
    """Whether a name is written out in words.

    A compound ("Text+Audio" as "text and audio"), or a word with the initials of the words
    after it ("CO2e" as "CO2-equivalent").
    """
    words = re.findall(r"[^\W_]+", text.casefold())
    parts = [p.casefold() for p in re.split(r"[+/&]", name)]
    if len(parts) >= 2 and all(len(p) >= 2 for p in parts):
        return all(p in words for p in parts)
    key = name.casefold()
    return any(
        key.startswith(word) and key[len(word) :] == "".join(w[0] for w in words[i + 1 : j])
        for i, word in enumerate(words)
        if len(word) >= 2
        for j in range(i + 2, min(i + 4, len(words)) + 1)
    )


@functools.lru_cache(maxsize=4096)
def _grams(text: str) -> frozenset[str]:
    """Keys of the text's runs of one to four words: a name is looked up on word boundaries.

    As a substring of the whole text, BERT would be in "ViLBERT" and ID in "identified".
    """
    return frozenset(ngram_keys(match_key(text)))


def holds_name(text: str, name: str) -> bool:
    """Whether ``text`` holds ``name`` among its words.

    Also in the plural or the singular ("LLMs", "LLM"), with a version or footnote mark
    ("Jieba8", "Python3"), or as its country's people ("Danish" for Denmark).
    """
    key = name_key(name)
    grams = _grams(text)
    return (
        key in grams
        or DEMONYMS.get(key) in grams
        or f"{name}s" in text
        or (name.endswith("s") and key[:-1] in grams)
        or any(g.startswith(key) and g[len(key) :].isdigit() for g in grams)
    )


def strict_names(text: str) -> dict[str, str]:
    """Acronyms, CamelCase and letter-digit names (F1, BERT, fastText), by key."""
    out: dict[str, str] = {}
    for match in _TOKEN.finditer(text):
        word = match.group(0).rstrip("-+")
        upper = sum(ch.isupper() for ch in word)
        mixed = re.search(r"[a-z][A-Z]", word) is not None
        lettered = any(ch.isdigit() for ch in word) and any(ch.isalpha() for ch in word)
        if word.casefold() in NOT_NAMES or word in _LABELS:
            continue
        if _is_unit(text, match):
            continue
        if upper >= 2 or mixed or lettered:
            out.setdefault(name_key(word), word)
    return out


#: A unit after its number ("11 kJ/mol", "200 MPa", "3.2 mAh") is no name.
_UNIT = re.compile(r"[kMGTmμµnp]?(?:J|Wh?|Pa|Hz|V|Ah?|L|Da|eV|S|Gy|Bq|M)")
#: Nor is what a mass is of ("352 kg CO2e", "810 kg DM", "2.1 Mg C per hectare").
_MASS_OF = re.compile(r"[A-Z][A-Za-z0-9]{0,3}(?:-eq)?")
_AFTER_MASS = re.compile(r"\d\s?(?:[kmµμ]?g|[MGT]g|t)\s$")


def _is_unit(text: str, match: re.Match[str]) -> bool:
    before = text[: match.start()]
    word = match.group(0)
    return (bool(_UNIT.fullmatch(word)) and re.search(r"\d\s?$", before) is not None) or (
        bool(_MASS_OF.fullmatch(word)) and _AFTER_MASS.search(before) is not None
    )


@functools.lru_cache(maxsize=4096)
def unit_words(text: str) -> frozenset[str]:
    """The words ``text`` writes as units after its numbers, casefolded: "mpa" of "7.6 MPa"."""
    return frozenset(
        m.group(0).casefold() for m in re.finditer(r"[A-Za-z][\w-]*", text) if _is_unit(text, m)
    )


def specific_number(key: str) -> bool:
    """A number specific enough to anchor a sentence: 10 and up, or written with decimals."""
    plain = key.rstrip("%KMB")
    return "." in plain or (plain.isdigit() and int(plain) >= 10)


def versions(text: str) -> dict[str, dict[str, str]]:
    """Versioned names of ``text``: name key -> {version: as written}.

    A name must be one (see ``names``) or carry a capital inside; labels ("Table 3",
    "Section 4") have no versions.
    """
    out: dict[str, dict[str, str]] = {}
    for match in _VERSIONED.finditer(text):
        name = match.group("name")
        if name in _LABELS or not (name[0].isupper() or _INNER_CAPITAL.match(name)):
            continue
        if len(name) <= 2 and not name.isupper():
            continue
        out.setdefault(name_key(name), {})[match.group("version").lstrip("v")] = match.group(0)
    return out


def _other_version(claim: str, sentence: str) -> tuple[str, str] | None:
    """(claim's, sentence's) spelling of a name the sentence gives only another version of."""
    theirs = versions(sentence)
    for key, mine in versions(claim).items():
        other = theirs.get(key)
        # "Python 3" is "Python 3.8" said less precisely; "Experiments 1 and 2" still holds 2.
        if not other or any(_same_version(a, b) for a in mine for b in other):
            continue
        if any(re.search(rf"(?<![\d.]){re.escape(v)}(?!\d|\.\d)", sentence) for v in mine):
            continue
        return next(iter(mine.values())), next(iter(other.values()))
    return None


def _same_version(a: str, b: str) -> bool:
    """Whether one version is the other or a release of it ("3" and "3.8")."""
    short, long = sorted((a, b), key=len)
    return long == short or long.startswith(short + ".")


def _occurrences(text: str, name: str) -> list[re.Match[str]]:
    """Where ``text`` writes ``name`` as a word of its own."""
    return list(re.finditer(rf"(?<![A-Za-z0-9]){re.escape(name)}(?![A-Za-z0-9])", text))


def _places(text: str, name: str) -> int:
    """How often ``text`` writes ``name`` as a word."""
    return len(_occurrences(text, name))


#: A word of a place: a Latin word, or a run of Chinese characters.
_PLACE_WORD = re.compile(r"[A-Za-z0-9]+|[\u3400-\u9fff]+")


def _slots(text: str, name: str) -> set[tuple[str, str]]:
    """The places of ``name``: ("before", word) and ("after", word) for each occurrence.

    Chinese has no spaces: a run of its characters stands by the two nearest the name
    ("TGCQ是一个四层结构的…" and "QA是一个四层的…" share the place after, "是一").
    """
    out: set[tuple[str, str]] = set()
    for match in _occurrences(text, name):
        before = _PLACE_WORD.findall(text[: match.start()])
        after = _PLACE_WORD.findall(text[match.end() :])
        word = before[-1].casefold() if before else ""
        out.add(("before", word[-2:] if word and is_cjk_char(word[0]) else word))
        if after:
            word = after[0].casefold()
            out.add(("after", word[:2] if is_cjk_char(word[0]) else word))
    return out
