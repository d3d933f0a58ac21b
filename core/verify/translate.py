"""Claims translated into the paper's language, so retrieval and the judge compare like with like.

A Chinese critique of an English paper (or the reverse) cannot be matched by the English
embedder or by BM25 across languages. The judge's model translates each such claim once; the
gates still read the original (numbers, names and quotes are written the same in both). A
translation that is empty, far too long, or still in the claim's language is not used; one
that lost a name or number of the claim is asked for once more, naming what to keep.
"""

from __future__ import annotations

import logging
import re

from core.llm.base import LLM
from core.text.normalize import extract_numbers
from core.text.sentences import is_cjk_char

log = logging.getLogger(__name__)

TRANSLATE_INSTRUCTION = {
    "en": (
        "Translate the user's sentence into English. Keep every number, name, citation and "
        "technical term exactly. Reply with the translation only, on one line."
    ),
    "zh": ("把用户的句子翻译成中文。数字、名称、引用和术语保持原样。只输出译文，一行。"),
}
#: Said when a first translation lost a name or number: the binding reads the translation, and
#: a value without its owner ("The MSE for n=30 is 0.181" for "LSTM在n=30时为0.181") binds
#: to any row that states it.
KEEP_EXACTLY = {
    "en": " Keep these exactly as written: {terms}.",
    "zh": "以下内容保持原样：{terms}。",
}
#: Names written the same in both languages: LSTM, GPT-2, Text+Audio, n=30.
_KEPT_NAME = re.compile(
    r"(?<![A-Za-z0-9])(?:[a-z]=\d+|(?=[A-Za-z0-9+\-]*[A-Z][A-Za-z0-9+\-]*[A-Z0-9])"
    r"[A-Za-z][A-Za-z0-9]*(?:[+\-][A-Za-z0-9]+)*)(?![A-Za-z0-9])"
)


_LATIN_WORD = re.compile(r"[A-Za-z]+")


def language_of(text: str) -> str:
    """The language code of ``text``: zh for mostly Chinese text, otherwise en.

    A Latin word counts as one unit, like a Chinese character, so a Chinese sentence that
    names English models ("TriageLM的准确率为78.4%，ClinicalBERT为6.5%") is Chinese.
    """
    cjk = sum(1 for ch in text if is_cjk_char(ch))
    words = len(_LATIN_WORD.findall(text))
    return "zh" if cjk > 0.5 * (cjk + words) else "en"


class ClaimTranslator:
    """Translates claims with a model, once per claim text."""

    def __init__(self, llm: LLM) -> None:
        """Use ``llm`` (the judge's model) for the translations."""
        self.llm = llm
        self._cache: dict[tuple[str, str], str | None] = {}

    def translate(self, text: str, target: str) -> str | None:
        """``text`` in ``target`` ("en" or "zh"), or None when no usable translation came back."""
        key = (text, target)
        if key not in self._cache:
            self._cache[key] = self._ask(text, target)
        return self._cache[key]

    def _ask(self, text: str, target: str) -> str | None:
        """A usable translation; one that lost a name or number is asked for once more."""
        first = self._translation(text, target, TRANSLATE_INSTRUCTION[target])
        lost = _lost(text, first) if first is not None else []
        terms = ", ".join(kept_terms(text))
        if not lost or not terms:
            return first
        again = self._translation(
            text, target, TRANSLATE_INSTRUCTION[target] + KEEP_EXACTLY[target].format(terms=terms)
        )
        if again is not None and len(_lost(text, again)) < len(lost):
            return again
        return first

    def _translation(self, text: str, target: str, instruction: str) -> str | None:
        budget = min(2 * self.llm.count_tokens(text) + 16, 256)
        try:
            out = self.llm.complete(instruction, text, max_tokens=budget, stop=("\n",)).text
        except Exception as exc:  # noqa: BLE001 - the original claim is checked instead
            log.warning("claim translation failed: %s", exc)
            return None
        line = re.sub(r"^(?:translation|译文)\s*[:：]\s*", "", out.strip(), flags=re.I)
        line = line.strip().strip("\"'“”「」")
        if not line or language_of(line) != target or len(line) > 4 * len(text) + 40:
            return None
        return line


def kept_terms(text: str) -> list[str]:
    """Names and numbers a translation must keep as written, in order, each once."""
    spans = [m.span() for m in _KEPT_NAME.finditer(text)]
    names = [text[start:end] for start, end in spans]
    # "20万" is 200,000 in English and "537 million" 5.37亿 in Chinese: only numbers written
    # alike in both languages are listed.
    numbers = [
        m.raw
        for m in extract_numbers(text)
        if not any(start <= m.start < end for start, end in spans)
        and not m.scale
        and not any(is_cjk_char(ch) for ch in m.raw)
    ]
    return list(dict.fromkeys(names + numbers))


def _lost(text: str, translation: str) -> list[str]:
    """The claim's names and numbers its translation does not hold."""
    have = {m.magnitude for m in extract_numbers(translation)}
    key = translation.casefold()
    lost = [m.group(0) for m in _KEPT_NAME.finditer(text) if m.group(0).casefold() not in key]
    lost += [m.raw for m in extract_numbers(text) if m.magnitude not in have]
    return lost
