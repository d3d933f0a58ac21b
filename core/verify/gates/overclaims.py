"""Absolute words must be backed by an equivalent word in the sentence's evidence."""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.text.normalize import normalize_text
from core.verify.gates.common import GateFinding
from core.verify.gates.lexicon import OVERCLAIMS

EN_NEGATION = re.compile(
    r"\b(?:not|n't|no|never|hardly|rarely|without|nor|barely)\W+(?:\w+\W+){0,2}$", re.I
)
ZH_NEGATION = ("不", "并不", "未", "没有", "并非", "非")
EN_OVERCLAIM = re.compile(
    r"\b(?:" + "|".join(f"(?P<{k}>{c.en})" for k, c in OVERCLAIMS.items()) + r")\b", re.I
)
#: Chinese forms, longest first so 证明了 is read before 证明.
ZH_FORMS = sorted(
    ((form, key) for key, c in OVERCLAIMS.items() for form in c.zh), key=lambda f: -len(f[0])
)


def overclaim_terms(text: str) -> list[str]:
    """Absolute words of a sentence, as canonical English keys ("always", "prove", …).

    Negated forms ("does not always", "not all", "all but one", 并不完全) restrict rather than
    generalise, so they are not absolute words.
    """
    found: list[str] = []
    for m in EN_OVERCLAIM.finditer(text):
        if EN_NEGATION.search(text[: m.start()]) or re.match(r"\s+but\b", text[m.end() :]):
            continue
        found.extend(k for k, v in m.groupdict().items() if v)
    for word, key in ZH_FORMS:
        for m in re.finditer(re.escape(word), text):
            if not text[: m.start()].endswith(ZH_NEGATION):
                found.append(key)
                break
    return list(dict.fromkeys(found))


def check_overclaims(text: str, evidence: Sequence[str]) -> list[GateFinding]:
    """Absolute words must be backed by an equivalent word in the sentence's best evidence."""
    failures: list[GateFinding] = []
    ev = " ".join(normalize_text(e).casefold() for e in evidence)
    for term in overclaim_terms(text):
        concept = OVERCLAIMS[term]
        backed = any(re.search(rf"\b{re.escape(b)}", ev) for b in concept.en_backing) or any(
            b in ev for b in concept.zh_backing
        )
        if not backed:
            failures.append(
                GateFinding(
                    "overclaim",
                    f"overclaim:{term}",
                    f"The evidence does not support the absolute claim ({term})",
                )
            )
    return failures
