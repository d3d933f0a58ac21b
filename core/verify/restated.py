"""A claim that is one of the paper's own sentences, word for word, is supported by it.

Critiques restate the paper, and the default writer often copies whole sentences ("There are
2,243 earnings conference calls in 2017 in the raw dataset."). Such a claim cannot differ from
the paper in a number, a name or a negation, so the judge is not asked. Only a whole sentence
counts: a copied part of one can drop what frames it ("We hypothesised that …", "… only for
English"). A short opening of the paper's sentence may be left out ("However, ", "In
particular, ") when it neither negates, hedges nor reports someone else's view.
"""

from __future__ import annotations

import re

from core.text.normalize import match_key
from core.text.sentences import text_size
from core.types import Paper, PaperSentence

#: Fewer words than this are headings or fragments, not restated findings (a Chinese character
#: counts half a word, its share of a sentence's meaning).
MIN_WORDS = 5
#: An opening of at most three words and a comma, which the claim may leave out ...
_OPENING = re.compile(r"^(?P<opening>(?:[\w-]+ ){0,2}[\w-]+), (?P<rest>.+)$")
#: ... unless it changes what the rest says.
_FRAMING = re.compile(
    r"\b(?:not|no|never|nor|without|unlike|if|whether|that|may|might|could|would|claim\w*|"
    r"hypothes\w*|assum\w*|believ\w*|suggest\w*|argu\w*|prior|previous\w*|earlier|others?)\b"
)
_END = re.compile(r"[\s.;:!?。；：！？]+$")


def _key(text: str) -> str:
    return _END.sub("", match_key(text))


class RestatedSentences:
    """Looks a claim up among the paper's sentences, in their matching form."""

    def __init__(self, paper: Paper) -> None:
        """Index every sentence, and its rest after a plain opening."""
        self._by_key: dict[str, PaperSentence] = {}
        for sentence in paper.sentences:
            key = _key(sentence.text)
            self._by_key.setdefault(key, sentence)
            opening = _OPENING.match(key)
            if opening and not _FRAMING.search(opening.group("opening")):
                self._by_key.setdefault(opening.group("rest"), sentence)

    def find(self, claim: str) -> PaperSentence | None:
        """The paper sentence ``claim`` restates word for word, if any."""
        key = _key(claim)
        if text_size(key) < MIN_WORDS:
            return None
        return self._by_key.get(key)
