"""Tolerant parsing of model output into typed results (pure functions)."""

from __future__ import annotations

import re
from enum import StrEnum


class Label(StrEnum):
    """A judge answer for one statement."""

    YES = "yes"
    PARTIAL = "partial"
    NO = "no"


_THINK = re.compile(r"<think>.*?(?:</think>|$)", re.S | re.I)
_FENCE = re.compile(r"```[a-zA-Z]*")
# Longest alternatives first: "不支持" before "支持", "partially" before "partial", "no" last.
_LABEL = re.compile(
    r"(不支持|不是|部分支持|部分|支持|是|否|"
    r"\bpartially\b|\bpartial\b|\bpart\b|\bsupported\b|\bunsupported\b|"
    r"\byes\b|\bno\b|\btrue\b|\bfalse\b|\bcorrect\b|\bincorrect\b)",
    re.I,
)
_WORD_LABEL = {
    "yes": Label.YES,
    "true": Label.YES,
    "correct": Label.YES,
    "supported": Label.YES,
    "是": Label.YES,
    "支持": Label.YES,
    "no": Label.NO,
    "false": Label.NO,
    "incorrect": Label.NO,
    "unsupported": Label.NO,
    "否": Label.NO,
    "不是": Label.NO,
    "不支持": Label.NO,
    "partial": Label.PARTIAL,
    "partially": Label.PARTIAL,
    "part": Label.PARTIAL,
    "部分": Label.PARTIAL,
    "部分支持": Label.PARTIAL,
}
_INDEX = re.compile(
    r"^[\s>*\-\u2022#]*(?:\*\*)?\s*(?:statement|claim|sentence|句子|陈述)?\s*"
    r"[\[(（【]?\s*(\d{1,2})\s*[\])）】]?\s*[.:：)\-]*",
    re.I,
)

_INLINE = re.compile(r"[\[(（【]\s*(\d{1,2})\s*[\])）】][\s:：.\-*]*" + _LABEL.pattern, re.I)


def parse_judgments(text: str, count: int) -> dict[int, Label | None]:
    """Read ``[n] YES|PARTIAL|NO`` answers for statements 1..count.

    Tolerates think tags, code fences, markdown bullets and bold, lower case, trailing words
    ("Yes." / "[2] no, because ..."), Chinese 是/否/部分, and unnumbered answer lines (taken in
    order when no line carries a number). The first answer for a number wins.

    Args:
        text: Raw model output.
        count: How many statements the prompt held.

    Returns:
        A label or None per statement number. None means the model gave no usable answer;
        the checker then decides from the gates and semantic support alone (an abstention,
        neither YES nor NO, so a silent or rambling judge can neither pass nor sink a claim).
    """
    answers: dict[int, Label | None] = {n: None for n in range(1, count + 1)}
    text = _FENCE.sub("", _THINK.sub("", text))
    # Bracketed pairs anywhere, so "[1] YES [2] NO" on one line and "Answer: [1] Yes" both count.
    saw_number = False
    for match in _INLINE.finditer(text):
        saw_number = True
        inline = int(match.group(1))
        if inline in answers and answers[inline] is None:
            answers[inline] = _WORD_LABEL[match.group(2).lower()]
    unnumbered: list[Label] = []
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        index_match = _INDEX.match(line)
        rest = line
        number: int | None = None
        if index_match and index_match.group(1):
            number = int(index_match.group(1))
            rest = line[index_match.end() :]
        label_match = _LABEL.search(rest)
        if label_match is None:
            continue
        label = _WORD_LABEL[label_match.group(1).lower()]
        if number is not None:
            saw_number = True
            if number in answers and answers[number] is None:
                answers[number] = label
        else:
            unnumbered.append(label)
    if not saw_number:
        for n, label in zip(range(1, count + 1), unnumbered, strict=False):
            answers[n] = label
    return answers
