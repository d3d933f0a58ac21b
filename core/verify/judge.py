"""The model judge: P(YES) per statement from the model's logits, or parsed YES/PARTIAL/NO.

A model that exposes its logits (the local llama.cpp adapter) is asked one statement at a time
and its answer is read as a probability at the answer position: no answer is unparsable and the
confidence is a real probability. A model that does not (``yes_probability`` returns None) is
asked in batches of up to four and its text answer is parsed.

The prompt never overflows the context window: the instruction and the statements are kept
whole and the evidence passages are trimmed to fit. A long passage is shown as the words around
the statement's own words, which keeps the prompt short where the CPU pays for every token.

The judge is only one signal; the verifier lets the deterministic gates overrule it, so a paper
that tells the model to "answer YES" cannot turn a fabricated number, quote or citation into a
supported sentence.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from core.llm.base import LLM
from core.llm.parsing import Label, parse_judgments
from core.llm.prompts import (
    JUDGE_ANSWER_PREFIX,
    JUDGE_INSTRUCTION,
    JUDGE_ITEM,
    JUDGE_PROBABILITY_INSTRUCTION,
    JUDGE_PROBABILITY_ITEM,
)
from core.text.sentences import is_cjk_char
from core.text.words import content_words
from core.verify.translate import language_of

BATCH_SIZE = 4
#: P(YES) at or above this reads as YES, below NO_BELOW as NO, PARTIAL in between.
YES_AT = 0.6
NO_BELOW = 0.35
#: Evidence sentences shown per statement when reading probabilities.
PROBABILITY_EVIDENCE = 3
#: Words of an evidence passage shown to the judge, around the statement's words.
FOCUS_WORDS = 24
# Tokens kept free for the chat template's own markup around instruction and content.
_TEMPLATE_MARGIN = 48


@dataclass(frozen=True)
class JudgeAnswer:
    """The judge's answer for one statement."""

    label: Label
    #: P(YES) read from the logits; None when the label was parsed from text.
    probability: float | None = None


def label_for(probability: float) -> Label:
    """The label a probability of support reads as."""
    if probability >= YES_AT:
        return Label.YES
    if probability < NO_BELOW:
        return Label.NO
    return Label.PARTIAL


def focus(passage: str, wanted: set[str], limit: int = 0) -> str:
    """The ``limit`` words of a long passage that hold most of the statement's words.

    A long evidence sentence costs prompt time on every claim it serves, while the part
    that bears on the claim is usually a clause; the cut ends are marked with "…". A table row
    ("Table 2: HTML: n=3 0.401; n=7 0.302; …") is kept whole: a claim compares its cells, and
    cutting them cost SciTab's held-out split 0.04 of balanced accuracy. A negation counts as
    one of the statement's words, so a cut does not drop it. Chinese has no spaces:
    there each character is a unit worth half a word (its share of the model's tokens).
    """
    limit = limit or FOCUS_WORDS
    if passage.count(";") >= 2:
        return passage
    if any(is_cjk_char(ch) for ch in passage):
        return _focus_units(passage, wanted, limit)
    words = passage.split()
    if len(words) <= limit:
        return passage
    keys = [
        frozenset(content_words(w) & wanted) | (_NEGATED if _NEGATION.search(w) else frozenset())
        for w in words
    ]
    start, end = _best_window(keys, [1.0] * len(words), limit)
    text = " ".join(words[start:end])
    return ("… " if start else "") + text + (" …" if end < len(words) else "")


def bearing(passages: Sequence[str], claim: str) -> list[str]:
    """The passages, best first, that each add a word of the statement the ones before lack.

    A passage that only repeats words an earlier one already shows costs prompt time on the
    CPU and tells the judge nothing new. A table row is kept, since its cells are compared,
    and so is a passage in another language than the statement, whose words it cannot share.
    """
    wanted = content_words(claim)
    language = language_of(claim)
    kept: list[str] = []
    seen: set[str] = set()
    for passage in passages:
        words = content_words(passage) & wanted
        if not kept or words - seen or passage.count(";") >= 2 or language_of(passage) != language:
            kept.append(passage)
            seen |= words
    return kept


#: A negation in a passage is kept in its cut: without it the passage says the opposite.
#: The key a negation counts as among the statement's words.
_NEGATED = frozenset({"¬"})
_NEGATION = re.compile(r"^\W*(?:not|no|never|without|nor|neither|cannot|\w+n't)\W*$", re.I)
_ZH_NEGATION = re.compile(r"(?:不(?![同仅但断])|没有|未|无|非)")
_UNIT = re.compile(r"[\u3400-\u9fff]|[^\s\u3400-\u9fff]+")
#: Prompt cost of a Chinese character in words (the default model: 0.6 tokens a character,
#: 1.07 a word).
_CJK_UNIT = 0.5


def _focus_units(passage: str, wanted: set[str], limit: int) -> str:
    """``focus`` for text with Chinese: characters and space-free runs are the units."""
    units = list(_UNIT.finditer(passage))
    costs = [_CJK_UNIT if len(u.group()) == 1 and is_cjk_char(u.group()) else 1.0 for u in units]
    if sum(costs) <= limit:
        return passage
    keys = []
    for u in units:
        around = passage[max(u.start() - 1, 0) : u.end() + 1]
        negated = _ZH_NEGATION.match(passage, u.start()) or _NEGATION.search(u.group())
        keys.append(
            frozenset((content_words(u.group()) | content_words(around)) & wanted)
            | (_NEGATED if negated else frozenset())
        )
    start, end = _best_window(keys, costs, limit)
    text = passage[units[start].start() : units[end - 1].end()]
    return ("…" if start else "") + text + ("…" if end < len(units) else "")


def _best_window(keys: list[frozenset[str]], costs: list[float], limit: float) -> tuple[int, int]:
    """[start, end) of the units costing at most ``limit`` that hold most of the statement's words.

    Each word counts once however often it recurs, so a clause repeating the statement's common
    words ("advantage", "control") does not outweigh the one naming its subject ("TEACl");
    between windows holding as many, the one with more occurrences, then the first, wins.
    """
    best = ((-1, -1), 0, 0)
    end = 0
    total = 0.0
    held: Counter[str] = Counter()
    for start in range(len(keys)):
        while end < len(keys) and total + costs[end] <= limit:
            total += costs[end]
            held.update(keys[end])
            end += 1
        if (len(held), held.total()) > best[0]:
            best = ((len(held), held.total()), start, end)
        if end == start:
            end += 1
        else:
            total -= costs[start]
            held.subtract(keys[start])
            held = +held
    return best[1], best[2]


@dataclass(frozen=True)
class JudgeItem:
    """One statement with its evidence passages, best first."""

    claim: str
    evidence: tuple[str, ...]


class Judge:
    """Asks an LLM whether passages support statements."""

    def __init__(self, llm: LLM, *, max_evidence: int = 2) -> None:
        """Wrap ``llm``; each statement is shown with at most ``max_evidence`` passages."""
        self.llm = llm
        self.max_evidence = max_evidence

    @property
    def trusted(self) -> bool:
        """Instruction-tuned judges get more weight than base models."""
        return bool(getattr(self.llm, "follows_instructions", False))

    def answer_tokens(self, count: int) -> int:
        """Generation budget for ``count`` one-line answers."""
        return 6 * count + 4

    def build_content(self, items: Sequence[JudgeItem]) -> str:
        """The prompt content for a batch, trimmed to the model's context window.

        Raises:
            ValueError: If the batch is larger than BATCH_SIZE.
        """
        if len(items) > BATCH_SIZE:
            raise ValueError(f"a judge batch holds at most {BATCH_SIZE} statements")
        fixed = (
            self.llm.count_tokens(JUDGE_INSTRUCTION)
            + self.llm.count_tokens(JUDGE_ANSWER_PREFIX)
            + self.answer_tokens(len(items))
            + _TEMPLATE_MARGIN
        )
        budget = self.llm.context_size - fixed
        skeleton = sum(
            self.llm.count_tokens(JUDGE_ITEM.format(n=n, claim=item.claim, evidence=""))
            for n, item in enumerate(items, 1)
        )
        per_item = max((budget - skeleton) // max(len(items), 1), 0)
        parts = []
        for n, item in enumerate(items, 1):
            passages = self._trim(item.evidence[: self.max_evidence], per_item)
            evidence = "\n".join(f"- {p}" for p in passages) or "- (no passage found)"
            parts.append(JUDGE_ITEM.format(n=n, claim=item.claim, evidence=evidence))
        return "\n".join(parts) + "\n" + JUDGE_ANSWER_PREFIX

    def _trim(self, passages: Sequence[str], budget: int) -> list[str]:
        """Cut passages word-wise until their tokens (plus bullet markup) fit ``budget``."""
        out: list[str] = []
        left = budget
        for passage in passages:
            words = passage.split()
            text = passage
            cost = self.llm.count_tokens(text) + 2
            while words and cost > left:
                keep = max(int(len(words) * max(left, 0) / cost) - 1, 0)
                words = words[:keep]
                text = " ".join(words) + (" …" if words else "")
                cost = self.llm.count_tokens(text) + 2 if words else 0
            if not words:
                break
            out.append(text)
            left -= cost
        return out

    def judge(self, items: Sequence[JudgeItem]) -> list[JudgeAnswer | None]:
        """One answer (or None for no usable answer) per item; model errors propagate."""
        if not items:
            return []
        probabilities = self.probabilities(items)
        if probabilities is not None:
            return [JudgeAnswer(label_for(p), round(p, 4)) for p in probabilities]
        out: list[JudgeAnswer | None] = []
        for start in range(0, len(items), BATCH_SIZE):
            labels = self.judge_text(items[start : start + BATCH_SIZE])
            out.extend(JudgeAnswer(label) if label is not None else None for label in labels)
        return out

    def probability_content(self, item: JudgeItem) -> str:
        """The user turn for one statement: its passages, then the statement and the question."""
        budget = self.llm.context_size - self.llm.count_tokens(JUDGE_PROBABILITY_INSTRUCTION)
        budget -= self.llm.count_tokens(item.claim) + _TEMPLATE_MARGIN + 24
        wanted = content_words(item.claim)
        focused = [focus(p, wanted) for p in item.evidence[:PROBABILITY_EVIDENCE]]
        passages = self._trim(bearing(focused, item.claim), budget)
        evidence = "\n".join(f"- {p}" for p in passages) or "- (no passage found)"
        return JUDGE_PROBABILITY_ITEM.format(evidence=evidence, claim=item.claim)

    def probabilities(self, items: Sequence[JudgeItem]) -> list[float] | None:
        """P(YES) per item from the model's logits, or None when the model cannot give them."""
        out: list[float] = []
        for item in items:
            p = self.llm.yes_probability(
                JUDGE_PROBABILITY_INSTRUCTION, self.probability_content(item)
            )
            if p is None:
                return None
            out.append(p)
        return out

    def judge_text(self, items: Sequence[JudgeItem]) -> list[Label | None]:
        """Parsed labels for one batch of at most BATCH_SIZE items."""
        content = self.build_content(items)
        completion = self.llm.complete(
            JUDGE_INSTRUCTION,
            content,
            max_tokens=self.answer_tokens(len(items)),
            temperature=0.0,
            stop=("\n\n\n", "Statement ["),
        )
        parsed = parse_judgments(completion.text, len(items))
        return [parsed[n] for n in range(1, len(items) + 1)]
