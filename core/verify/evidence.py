"""Evidence: one retrieval per claim, then alignment to single paper sentences and table rows.

Every claim is its own query (the claim's text, not its neighbours joined: a group query returns
the passages of the group's loudest sentence). The paper sentences inside the returned chunks
(so each hit brings its neighbours), table rows among them, the sentences that share a
number, a ratio or a name with the claim ("anchor" sentences, which also bridge a Chinese
critique to an English paper), and the few sentences BM25 ranks best for the claim, are
candidates. A claim in another language than the paper's is searched in a multilingual
embedding space over all of the paper's sentences instead, when such an embedder
is available (``find_across``). Each claim is aligned to its best candidates by a score mixing
embedding cosine, content-word coverage and shared anchors, so the GUI can highlight a line
rather than a page.

Fallback chain when the retriever is missing or fails: the paper's leading sentences (title,
abstract, introduction), then no evidence at all (a verdict, not a crash).
"""

from __future__ import annotations

import logging
import re
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import ClassVar, Protocol, runtime_checkable

import numpy as np

from core.index.lexical import Bm25Index
from core.llm.base import Embedder, QueryEmbedder
from core.text.long_forms import long_forms, with_long_forms
from core.text.normalize import (
    NumberMention,
    canonical_number,
    extract_numbers,
    match_key,
    ratios,
    settled_mentions,
)
from core.text.proportions import proportions
from core.text.words import content_words
from core.types import Evidence, Paper, SearchHit
from core.verify.gates import name_candidates, quoted_passages
from core.verify.risk_ratios import ratio_values

log = logging.getLogger(__name__)

GROUP_SIZE = 4
_WORD = re.compile(r"[^\W\d_]{2,}|[\u3400-\u9fff]")
#: Paper sentences nearest a cross-lingual claim that are aligned like a retrieval's sentences.
ACROSS_CANDIDATES = 8
#: Paper sentences ranked best by BM25 for a claim, added to its candidates: a sentence the
#: claim restates nearly word for word can sit in a chunk of table rows that ranks low.
LEXICAL_SENTENCES = 3
#: Text addressed to a model rather than a reader (prompt injection): never shown as evidence.
_INSTRUCTION = re.compile(
    r"\b(?:ignore|disregard|forget)\s+(?:all\s+|any\s+|the\s+)?(?:previous|prior|above|earlier|"
    r"other)\s+(?:instructions?|prompts?|rules?)|\banswer\s+[\"'“]?(?:yes|no)\b[\"'”]?\s+(?:to|for)\b"
    r"|\b(?:you are|act as)\s+(?:an?\s+)?(?:ai|assistant|language model|judge|reviewer)\b"
    r"|\bsystem prompt\b|忽略(?:之前|以上|先前)的?(?:指令|指示)",
    re.I,
)


def is_instruction(text: str) -> bool:
    """Whether a paper sentence speaks to a model ("ignore previous instructions ...")."""
    return _INSTRUCTION.search(text) is not None


@runtime_checkable
class Retriever(Protocol):
    """Anything that ranks a paper's chunks for a query (the hybrid index, a fake)."""

    def search(self, query: str, k: int) -> list[SearchHit]:
        """The ``k`` best chunks for ``query``, best first."""
        ...


@dataclass(frozen=True)
class ClaimEvidence:
    """Evidence for one claim with the vectors the semantic step reuses."""

    evidence: tuple[Evidence, ...]
    claim_vector: np.ndarray | None
    evidence_vectors: np.ndarray | None
    source: str  # "retrieval", "leading" or "none"


class EvidenceFinder:
    """Finds and aligns evidence sentences; caches sentence embeddings per paper."""

    def __init__(
        self,
        paper: Paper,
        retriever: Retriever | None,
        embedder: Embedder | None,
        *,
        chunks_per_group: int = 5,
        per_claim: int = 3,
        leading_sentences: int = 15,
        multilingual: QueryEmbedder | None = None,
    ) -> None:
        """Index the paper's sentences by their numbers and names for anchor lookups."""
        self.paper = paper
        self.retriever = retriever
        self.embedder = embedder
        self.multilingual = multilingual
        self.chunks_per_group = chunks_per_group
        self.per_claim = per_claim
        self.leading_sentences = leading_sentences
        self._vectors: dict[int, np.ndarray] = {}
        #: The abbreviations the paper defines: a sentence writing "SF" is about silica fume.
        self.abbreviations = long_forms(" ".join(s.text for s in paper.sentences))
        self._words = [
            with_long_forms(content_words(s.text), self.abbreviations) for s in paper.sentences
        ]
        # NOTE: injected instructions are data, not evidence: the judge never sees them. Nor does
        # it see a "sentence" without a word (a figure's axis ticks read as a table row), which
        # states nothing and sits near every query in an embedding space.
        self._hidden = {
            s.index for s in paper.sentences if is_instruction(s.text) or not _WORD.search(s.text)
        }
        self._match_keys: list[str] | None = None  # built on the first quoted claim
        self._lexical: Bm25Index | None = None  # built on the first claim
        self._by_anchor: dict[str, list[int]] = defaultdict(list)
        #: Each sentence's anchors, by index, and the paper's anchored values, percentages apart
        #: (what a hedged claim value settles on).
        self._keys: list[set[str]] = []
        self._values: dict[bool, set[Decimal]] = {True: set(), False: set()}
        for sentence in paper.sentences:
            numbers = [m for m in extract_numbers(sentence.text) if _anchored(m)]
            keys = _anchor_keys(sentence.text, numbers)
            self._keys.append(keys)
            for key in keys:
                self._by_anchor[key].append(sentence.index)
            for m in numbers:
                self._values[m.percent].add(m.value)
        self.retrieval_failures = 0

    @property
    def sentence_words(self) -> list[set[str]]:
        """``content_words`` of every paper sentence, by index."""
        return self._words

    def shown(self, index: int) -> bool:
        """Whether a paper sentence can be evidence (not an injected instruction nor wordless)."""
        return index not in self._hidden

    def find(self, claims: Sequence[str]) -> list[ClaimEvidence]:
        """Evidence for a group of consecutive claims (one retrieval for the group).

        Args:
            claims: Sentence texts; each is searched on its own.

        Returns:
            One ClaimEvidence per claim, in order.
        """
        if not claims:
            return []
        if not self.paper.sentences:
            return [ClaimEvidence((), None, None, "none") for _ in claims]
        claim_vectors = self._embed(list(claims))
        results: list[ClaimEvidence] = []
        for i, claim in enumerate(claims):
            ids, source = self._pool(claim)
            results.append(
                self._align(claim, ids, None if claim_vectors is None else claim_vectors[i], source)
            )
        return results

    def candidates(self, claim: str) -> list[int]:
        """The paper sentences ``find`` aligns a claim to, in retrieval order (shown ones only)."""
        return [i for i in self._pool(claim)[0] if i not in self._hidden]

    def _pool(self, claim: str) -> tuple[list[int], str]:
        """Retrieval's sentences, then the anchor and BM25 ones; and where the first came from."""
        pool, source = self._candidates(claim)
        extra = self._anchor_sentences(claim) + self._lexical_sentences(claim)
        return list(dict.fromkeys(pool + extra)), source

    def claim_vector(self, claim: str) -> np.ndarray | None:
        """The claim's embedding as ``find`` computes it."""
        vectors = self._embed([claim])
        return None if vectors is None else vectors[0]

    def find_across(
        self, claims: Sequence[str], translations: Sequence[str] | None = None
    ) -> list[ClaimEvidence] | None:
        """Evidence for claims in another language than the paper's.

        Every visible paper sentence is compared with each claim in the multilingual space; the
        nearest ones and the anchor sentences are aligned as in ``find``, by the multilingual
        cosine. A claim's translation, where there is one, adds its own anchor and BM25
        sentences and is the text whose words the alignment counts. None when there is no
        multilingual embedder or it fails (callers translate).
        """
        multilingual = self.multilingual
        if multilingual is None or not claims:
            return None
        if not self.paper.sentences:
            return [ClaimEvidence((), None, None, "none") for _ in claims]
        visible = [s.index for s in self.paper.sentences if s.index not in self._hidden]

        def vectors_of(ids: Sequence[int]) -> np.ndarray:
            texts = [self.paper.sentences[i].text for i in ids]
            return np.asarray(multilingual.embed(texts), dtype=np.float32)

        try:
            queries = np.asarray(multilingual.embed_queries(list(claims)), dtype=np.float32)
            everything = vectors_of(visible)
        except Exception as exc:  # noqa: BLE001 - the claims are translated instead
            log.warning("multilingual embedding failed, translating instead: %s", exc)
            self.multilingual = None
            return None
        results = []
        hints = list(translations) if translations is not None else list(claims)
        for claim, hint, query in zip(claims, hints, queries, strict=True):
            nearest = np.argsort(-(everything @ query), kind="stable")[:ACROSS_CANDIDATES]
            ids = [visible[j] for j in nearest] + self._anchor_sentences(claim)
            if hint != claim:
                ids += self._anchor_sentences(hint) + self._lexical_sentences(hint)
            results.append(
                self._align(claim, list(dict.fromkeys(ids)), query, "retrieval", vectors_of, hint)
            )
        return results

    def _candidates(self, query: str) -> tuple[list[int], str]:
        if self.retriever is not None:
            try:
                hits = self.retriever.search(query, self.chunks_per_group)
            except Exception as exc:  # noqa: BLE001 - any index failure degrades to the fallback
                self.retrieval_failures += 1
                log.warning("retrieval failed, using the paper's leading text: %s", exc)
            else:
                ids = [
                    i
                    for hit in hits
                    for i in hit.chunk.sentence_ids
                    if 0 <= i < len(self.paper.sentences)
                ]
                if ids:
                    return list(dict.fromkeys(ids)), "retrieval"
        return [s.index for s in self.paper.sentences[: self.leading_sentences]], "leading"

    def _anchor_sentences(self, claim: str) -> list[int]:
        ids = self._quote_sentences(claim)
        for key in _anchor_keys(claim) | _converted(claim) | self._settled_keys(claim):
            # A key found in many sentences ("BERT" everywhere) does not locate anything.
            hits = self._by_anchor.get(key, [])
            if 0 < len(hits) <= 4:
                ids.extend(hits)
        return ids[:8]

    def _settled_keys(self, claim: str) -> set[str]:
        """Anchors of the paper values a hedged or bounded claim value stands for.

        "About 34% to about 41%" finds the sentence stating 33.9% and 41.3%, "more than 9,000
        people" the one stating 9,201, "three in five" one stating 61.4%: readers round what they
        restate.
        """
        settled = {"n:" + m.canonical for m in settled_mentions(claim, self._values)}
        # "three out of every five answers" finds the sentence stating 61.4%.
        shares = {
            f"n:{canonical_number(v)}%"
            for p in proportions(claim)
            for v in self._values[True]
            if p.covers(v)
        }
        return settled | shares

    def _lexical_sentences(self, claim: str) -> list[int]:
        if self._lexical is None:
            self._lexical = Bm25Index([s.text for s in self.paper.sentences])
        words = content_words(claim)
        named = [
            other
            for short, long in self.abbreviations.items()
            for mine, other in ((short, long), (long, short))
            if content_words(mine) <= words and not content_words(other) <= words
        ]
        query = " ".join([claim, *named])
        return [i for i, _ in self._lexical.search(query, LEXICAL_SENTENCES)]

    def _quote_sentences(self, claim: str) -> list[int]:
        """Paper sentences holding a verbatim quote of the claim: the quote is its own evidence."""
        keys = [match_key(q) for q in quoted_passages(claim)]
        keys = [k for k in keys if len(k) >= 12]
        if not keys:
            return []
        if self._match_keys is None:
            self._match_keys = [match_key(s.text) for s in self.paper.sentences]
        return [i for i, text in enumerate(self._match_keys) if any(k in text for k in keys)][:2]

    def _embed(self, texts: list[str]) -> np.ndarray | None:
        if self.embedder is None or not texts:
            return None
        try:
            return np.asarray(self.embedder.embed(texts), dtype=np.float32)
        except Exception as exc:  # noqa: BLE001 - the semantic step then relies on coverage
            log.warning("embedding failed: %s", exc)
            return None

    def sentence_vectors(self, ids: Sequence[int]) -> np.ndarray | None:
        """Unit embeddings of paper sentences, computed once each."""
        if self.embedder is None:
            return None
        missing = [i for i in dict.fromkeys(ids) if i not in self._vectors]
        if missing:
            vectors = self._embed([self.paper.sentences[i].text for i in missing])
            if vectors is None:
                return None
            self._vectors.update(zip(missing, vectors, strict=True))
        if not ids:
            return np.zeros((0, getattr(self.embedder, "dimension", 1)), dtype=np.float32)
        return np.stack([self._vectors[i] for i in ids])

    def _align(
        self,
        claim: str,
        ids: list[int],
        claim_vector: np.ndarray | None,
        source: str,
        vectors_of: Callable[[Sequence[int]], np.ndarray | None] | None = None,
        words_of: str | None = None,
    ) -> ClaimEvidence:
        ids = [i for i in ids if i not in self._hidden]
        if not ids:
            return ClaimEvidence((), claim_vector, None, "none")
        vectors = (vectors_of or self.sentence_vectors)(ids) if claim_vector is not None else None
        features = self._features(claim, ids, claim_vector, vectors, words_of)
        scores = ALIGNMENT.scores(features).tolist()
        order = sorted(range(len(ids)), key=lambda p: -scores[p])[: self.per_claim]
        evidence = tuple(
            Evidence(
                page=self.paper.sentences[ids[p]].page,
                text=self.paper.sentences[ids[p]].text,
                bbox=self.paper.sentences[ids[p]].bbox,
                score=round(scores[p], 4),
                sentence_index=ids[p],
            )
            for p in order
        )
        ev_vectors = None if vectors is None else vectors[order]
        return ClaimEvidence(evidence, claim_vector, ev_vectors, source)

    def features(
        self, claim: str, ids: Sequence[int], claim_vector: np.ndarray | None
    ) -> np.ndarray:
        """One row per shown candidate sentence, one column per ``Alignment.FEATURES``."""
        ids = [i for i in ids if i not in self._hidden]
        vectors = self.sentence_vectors(ids) if claim_vector is not None else None
        return self._features(claim, ids, claim_vector, vectors, None)

    def _features(
        self,
        claim: str,
        ids: Sequence[int],
        claim_vector: np.ndarray | None,
        vectors: np.ndarray | None,
        words_of: str | None,
    ) -> np.ndarray:
        cosines = np.zeros(len(ids), dtype=np.float32)
        if vectors is not None and claim_vector is not None:
            cosines = vectors @ claim_vector
        wanted = content_words(words_of or claim)
        anchors = _anchor_keys(claim) | self._settled_keys(claim)
        converted = _converted(claim)
        if words_of and words_of != claim:
            anchors |= _anchor_keys(words_of)
            converted |= _converted(words_of)
        rows = []
        for pos, idx in enumerate(ids):
            cov = len(wanted & self._words[idx]) / len(wanted) if wanted else 0.0
            keys = self._keys[idx]
            # a converted ratio matches the claim's value and the way it changes: two anchors
            shared = len(anchors & keys) + 2 * len(converted & keys)
            rows.append((float(cosines[pos]), cov, min(shared, 2)))
        return np.asarray(rows, dtype=np.float64).reshape(len(ids), len(Alignment.FEATURES))


@dataclass(frozen=True)
class Alignment:
    """The weights that add a candidate sentence's features up to its rank (``FEATURES``)."""

    #: Embedding cosine, share of the claim's words the sentence holds, shared numbers, ratios
    #: and names (at most two).
    FEATURES: ClassVar[tuple[str, ...]] = ("cosine", "coverage", "anchor")

    cosine: float
    coverage: float
    anchor: float

    def scores(self, features: np.ndarray) -> np.ndarray:
        """One score per row of ``EvidenceFinder.features``."""
        return features @ np.array([getattr(self, name) for name in self.FEATURES])


#: Measured by ``python -m bench.retrieval`` against the study reports' labelled evidence.
ALIGNMENT = Alignment(cosine=0.5, coverage=0.5, anchor=0.2)


def _anchor_keys(text: str, numbers: Sequence[NumberMention] | None = None) -> set[str]:
    """Numbers of two digits or more, ratios ("7:1:2") and names: alike in any language.

    ``numbers``: the text's anchored numbers, when the caller has read them already.
    """
    if numbers is None:
        numbers = [m for m in extract_numbers(text) if _anchored(m)]
    keys = {"n:" + m.canonical for m in numbers}
    keys |= {"r:" + r.key for r in ratios(text)}
    keys |= {"w:" + re.sub(r"[\W_]+", "", n.casefold()) for n in name_candidates(text)}
    return keys


def _anchored(number: NumberMention) -> bool:
    """Whether a number has digits enough (two) to locate a sentence."""
    return len(re.sub(r"\D", "", number.canonical)) >= 2


def _converted(claim: str) -> set[str]:
    """Anchors of the ratios the claim's changes of risk convert ("36% lower risk": 0.64)."""
    return {"n:" + canonical_number(r) for r in ratio_values(claim)}
