"""Counterfactual flips: true critique sentences turned to say the opposite.

Every supported sentence of the real critiques (bench/real_critiques.py) yields up to two
copies that contradict the paper: one with a word exchanged for its antonym ("higher" for
"lower", 提高 for 降低, "consistent" for "inconsistent") and one with its first auxiliary
negated or its negation taken out ("can" → "cannot", "is not" → "is", 需要 → 不需要). These are
contradictions made by a rule, with an antonym table of this module written before the
checker's pairs of opposites grew; the two tables now share the common opposites, so the
antonym flips measure those pairs more kindly than the negations, which carry no vocabulary.
The source sentence stays in the set as the true case. The flipped word is chosen by a hash of
the sentence, so the set is the same on every run, and a case keeps its source sentence's split.

A flip can, rarely, leave a true statement ("more or less", an antonym the paper also uses of
the same thing), or an odd one; the set is for finding what the checker does not read as a
contradiction, and its recall is a floor.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable

from bench import swaps

#: Antonyms, each pair read both ways; forms are listed so that a flip keeps the grammar.
_EN_PAIRS = (
    ("increase", "decrease"),
    ("increases", "decreases"),
    ("increased", "decreased"),
    ("increasing", "decreasing"),
    ("higher", "lower"),
    ("highest", "lowest"),
    ("high", "low"),
    ("better", "worse"),
    ("best", "worst"),
    ("improves", "worsens"),
    ("improved", "worsened"),
    ("larger", "smaller"),
    ("largest", "smallest"),
    ("large", "small"),
    ("faster", "slower"),
    ("fast", "slow"),
    ("more", "fewer"),
    ("most", "least"),
    ("many", "few"),
    ("positive", "negative"),
    ("above", "below"),
    ("outperforms", "underperforms"),
    ("outperformed", "underperformed"),
    ("outperform", "underperform"),
    ("strong", "weak"),
    ("stronger", "weaker"),
    ("easy", "difficult"),
    ("easier", "harder"),
    ("simple", "complex"),
    ("success", "failure"),
    ("successful", "unsuccessful"),
    ("significant", "insignificant"),
    ("effective", "ineffective"),
    ("efficient", "inefficient"),
    ("consistent", "inconsistent"),
    ("possible", "impossible"),
    ("sufficient", "insufficient"),
    ("accurate", "inaccurate"),
    ("reliable", "unreliable"),
    ("necessary", "unnecessary"),
    ("always", "never"),
    ("include", "exclude"),
    ("includes", "excludes"),
    ("included", "excluded"),
    ("including", "excluding"),
    ("before", "after"),
    ("early", "late"),
    ("earlier", "later"),
    ("common", "rare"),
    ("public", "private"),
    ("open", "closed"),
    ("superior", "inferior"),
    ("advantage", "disadvantage"),
    ("advantages", "disadvantages"),
    ("beneficial", "harmful"),
    ("useful", "useless"),
    ("recommend", "discourage"),
    ("recommends", "discourages"),
    ("recommended", "discouraged"),
    ("accept", "reject"),
    ("accepted", "rejected"),
    ("rise", "fall"),
    ("gain", "loss"),
    ("gains", "losses"),
    ("maximum", "minimum"),
    ("long", "short"),
    ("longer", "shorter"),
)
_ZH_PAIRS = (
    ("提高", "降低"),
    ("提升", "下降"),
    ("增加", "减少"),
    ("上升", "下降"),
    ("更高", "更低"),
    ("较高", "较低"),
    ("最高", "最低"),
    ("高于", "低于"),
    ("大于", "小于"),
    ("优于", "劣于"),
    ("更好", "更差"),
    ("最好", "最差"),
    ("更多", "更少"),
    ("较多", "较少"),
    ("正相关", "负相关"),
    ("有效", "无效"),
    ("成功", "失败"),
    ("简单", "复杂"),
    ("容易", "困难"),
    ("优势", "劣势"),
    ("包括", "不包括"),
    ("公开", "私有"),
    ("支持", "反对"),
    ("一致", "不一致"),
    ("显著", "不显著"),
    ("准确", "不准确"),
    ("必要", "不必要"),
)
_EN_ANTONYM = {a: b for pair in _EN_PAIRS for a, b in (pair, pair[::-1])}
_ZH_ANTONYM = {a: b for pair in _ZH_PAIRS for a, b in (pair, pair[::-1])}
_EN_WORD = re.compile(
    r"(?<![A-Za-z\-])(" + "|".join(sorted(_EN_ANTONYM, key=len, reverse=True)) + r")(?![A-Za-z\-])",
    re.I,
)
# A longer form first: 不包括 before 包括, 不一致 before 一致.
_ZH_WORD = re.compile("|".join(sorted(_ZH_ANTONYM, key=len, reverse=True)))

_AUXILIARY = re.compile(
    r"\b(is|are|was|were|can|could|should|will|would|may|must|does|do|did|has|have)\b(?! not\b)"
)
_EN_NEGATION = re.compile(
    r"\b(?:is|are|was|were|could|should|will|would|may|must|does|do|did|"
    r"has|have) not\b|\bcannot\b"
)
_ZH_NEGATE = re.compile(r"(?<![不没未无非])(可以|能够|需要|应该|会)")
_ZH_NEGATION = re.compile(r"不(?=可以|能够|需要|应该|会)")


def _pick(items: list[re.Match[str]], key: str) -> re.Match[str] | None:
    if not items:
        return None
    digest = int(hashlib.sha1(key.encode()).hexdigest(), 16)
    return items[digest % len(items)]


def _case_like(word: str, model: str) -> str:
    return word[0].upper() + word[1:] if model[0].isupper() else word


def antonym_flip(sentence: str) -> tuple[str, str, str] | None:
    """(flipped sentence, word, antonym) with one word turned to its antonym, or None."""
    found = list(_EN_WORD.finditer(sentence)) + list(_ZH_WORD.finditer(sentence))
    hit = _pick(found, sentence + ":antonym")
    if hit is None:
        return None
    word = hit.group(0)
    other = _ZH_ANTONYM.get(word) or _case_like(_EN_ANTONYM[word.casefold()], word)
    return sentence[: hit.start()] + other + sentence[hit.end() :], word, other


def negation_flip(sentence: str) -> tuple[str, str, str] | None:
    """(flipped sentence, was, now): the negation taken out, or the first auxiliary negated."""
    for pattern, make in (
        (_EN_NEGATION, lambda m: "can" if m.group(0) == "cannot" else m.group(0)[:-4]),
        (_ZH_NEGATION, lambda m: ""),
    ):
        hit = pattern.search(sentence)
        if hit is not None:
            now = make(hit)
            return sentence[: hit.start()] + now + sentence[hit.end() :], hit.group(0), now
    for pattern, make in (
        (_AUXILIARY, lambda m: "cannot" if m.group(0) == "can" else m.group(0) + " not"),
        (_ZH_NEGATE, lambda m: "不" + m.group(0)),
    ):
        hit = pattern.search(sentence)
        if hit is not None:
            now = make(hit)
            return sentence[: hit.start()] + now + sentence[hit.end() :], hit.group(0), now
    return None


def flips(sources: Iterable[tuple[str, str]]) -> list[swaps.Swap]:
    """The flips of true ``(paper key, sentence)`` pairs, as swaps of kind ``contradiction``."""
    out: list[swaps.Swap] = []
    for key, sentence in sources:
        for make in (antonym_flip, negation_flip):
            if make is negation_flip and sentence.rstrip().endswith(("?", "？")):
                continue  # a negated question asks something else rather than contradicting
            made = make(sentence)
            if made is not None:
                out.append(swaps.Swap(key, sentence, made[0], "contradiction", made[1], made[2]))
    return out


def bench_rows(sources: Iterable[tuple[str, str]]) -> list[tuple[str, str, str, str]]:
    """The flips and their source sentences as ``(paper key, sentence, label, kind)`` rows."""
    rows: list[tuple[str, str, str, str]] = []
    originals: dict[str, str] = {}
    for flip in flips(sources):
        originals[flip.original] = flip.paper
        rows.append((flip.paper, flip.swapped, "fabricated", flip.kind))
    rows.extend((key, s, "supported", "") for s, key in originals.items())
    return rows


def real_rows(split: str) -> list[tuple[str, str, str, str]]:
    """The flip rows of one split of the real critiques."""
    return bench_rows(swaps.real_sources(split))
