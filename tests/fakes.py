"""Deterministic stand-ins for the model seams, so unit tests are fast and can assert on prompts."""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np

from core.llm.base import Completion, Message
from core.types import Block, BlockKind, Chunk, Paper, PaperSentence, Reference, SearchHit

if TYPE_CHECKING:
    from core.verify.comparison import Row

_WORD = re.compile(r"[^\W_]+", re.UNICODE)


@dataclass(frozen=True)
class Call:
    """One recorded call to FakeLLM.complete."""

    instruction: str
    content: str
    temperature: float
    max_tokens: int


class FakeLLM:
    """Scripted LLM: replies come from a queue, every call is recorded in ``history``.

    A reply may be a string or an exception instance, which is raised instead of returned
    (to test per-item failure handling). When the queue is empty the reply is ``""``, or the
    result of ``default`` if one was given (a callable of (instruction, content)).
    """

    def __init__(
        self,
        replies: Iterable[str | BaseException] = (),
        *,
        name: str = "fake-llm",
        context_size: int = 4096,
        follows_instructions: bool = False,
        default: Callable[[str, str], str] | None = None,
        probabilities: Callable[[str, str], float | None] | None = None,
    ) -> None:
        self.name = name
        self.probabilities = probabilities
        self.probability_calls: list[str] = []
        self.context_size = context_size
        self.follows_instructions = follows_instructions
        self.default = default
        self._queue: list[str | BaseException] = list(replies)
        self.history: list[Call] = []

    def enqueue(self, replies: Iterable[str | BaseException]) -> None:
        """Append scripted replies, consumed one per call in order."""
        self._queue.extend(replies)

    @property
    def pending(self) -> int:
        """Scripted replies not yet consumed."""
        return len(self._queue)

    def count_tokens(self, text: str) -> int:
        """Whitespace tokens; CJK characters count one each so Chinese prompts have a size too."""
        cjk = sum(1 for ch in text if unicodedata.east_asian_width(ch) in ("W", "F"))
        return len(text.split()) + cjk

    def complete(
        self,
        instruction: str,
        content: str,
        *,
        max_tokens: int,
        temperature: float = 0.0,
        stop: Sequence[str] = (),
        on_token: Callable[[str], None] | None = None,
    ) -> Completion:
        """Pop the next scripted reply, stream it word by word, and record the call."""
        self.history.append(Call(instruction, content, temperature, max_tokens))
        if self._queue:
            reply = self._queue.pop(0)
        elif self.default is not None:
            reply = self.default(instruction, content)
        else:
            reply = ""
        if isinstance(reply, BaseException):
            raise reply
        for stop_seq in stop:
            if stop_seq and stop_seq in reply:
                reply = reply[: reply.index(stop_seq)]
        pieces = re.findall(r"\S+\s*|\s+", reply)
        if on_token is not None:
            for piece in pieces:
                on_token(piece)
        return Completion(
            text=reply,
            tokens_in=self.count_tokens(instruction) + self.count_tokens(content),
            tokens_out=len(pieces),
        )

    def chat(
        self,
        messages: Sequence[Message],
        *,
        max_tokens: int,
        temperature: float = 0.0,
        stop: Sequence[str] = (),
        on_token: Callable[[str], None] | None = None,
    ) -> Completion:
        """Like complete(): the system turn is the instruction, the rest joined is the content."""
        instruction = messages[0].content if messages and messages[0].role == "system" else ""
        rest = messages[1:] if instruction else messages
        content = "\n\n".join(m.content for m in rest)
        return self.complete(
            instruction,
            content,
            max_tokens=max_tokens,
            temperature=temperature,
            stop=stop,
            on_token=on_token,
        )

    def yes_probability(self, instruction: str, content: str) -> float | None:
        """The scripted probability for this prompt; None (no logits) without a script."""
        self.probability_calls.append(content)
        if self.probabilities is None:
            return None
        return self.probabilities(instruction, content)


class FakeEmbedder:
    """Hashed bag of words and character trigrams -> unit vectors; shared words raise cosine."""

    def __init__(self, dimension: int = 384, name: str = "fake-embedder") -> None:
        self.name = name
        self.dimension = dimension
        self.calls = 0

    def _features(self, text: str) -> list[str]:
        text = unicodedata.normalize("NFKC", text).lower()
        feats: list[str] = []
        for word in _WORD.findall(text):
            feats.append("w:" + word)
            padded = f"#{word}#"
            feats.extend("t:" + padded[i : i + 3] for i in range(len(padded) - 2))
        return feats

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """One L2-normalised float32 row per text; empty text gives a fixed unit vector."""
        self.calls += 1
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        for row, text in enumerate(texts):
            for feat in self._features(text):
                digest = hashlib.blake2b(feat.encode("utf-8"), digest_size=8).digest()
                bucket = int.from_bytes(digest[:4], "little") % self.dimension
                sign = 1.0 if digest[4] & 1 else -1.0
                out[row, bucket] += sign * (2.0 if feat.startswith("w:") else 1.0)
            norm = float(np.linalg.norm(out[row]))
            if norm == 0.0:
                out[row, 0] = 1.0
            else:
                out[row] /= norm
        return out


class FakeMultilingual(FakeEmbedder):
    """FakeEmbedder that first maps the Chinese terms of ``glossary`` to English ones.

    A deterministic stand-in for a multilingual embedding space: a Chinese claim lands near the
    English sentence that uses the same terms. ``fail`` makes every call raise.
    """

    def __init__(self, glossary: dict[str, str], *, fail: bool = False) -> None:
        super().__init__(name="fake-multilingual")
        self.glossary = glossary
        self.fail = fail
        self.queries: list[str] = []

    def _gloss(self, texts: Sequence[str]) -> list[str]:
        if self.fail:
            raise RuntimeError("multilingual engine unavailable")
        out = []
        for text in texts:
            for zh, en in self.glossary.items():
                text = text.replace(zh, f" {en} ")
            out.append(text)
        return out

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Passage vectors of the glossed texts."""
        return super().embed(self._gloss(texts))

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        """Query vectors: the same space as passages here."""
        self.queries.extend(texts)
        return super().embed(self._gloss(texts))


def make_paper(
    paragraphs: Sequence[str],
    *,
    references: Sequence[Reference] = (),
    title: str = "A Test Paper",
    headings: Sequence[str] = (),
    sentences_per_page: int = 12,
) -> Paper:
    """A Paper built from plain paragraphs, split naively on sentence-final punctuation."""
    sentences: list[PaperSentence] = []
    blocks: list[Block] = [Block(1, (50, 40, 550, 60), title, BlockKind.TITLE)]
    blocks += [Block(1, (50, 70, 550, 85), h, BlockKind.HEADING) for h in headings]
    for para in paragraphs:
        for text in re.split(r"(?<=[.!?。！？])\s+(?=[A-Z\u4e00-\u9fff])", para.strip()):
            if not text:
                continue
            index = len(sentences)
            page = 1 + index // sentences_per_page
            y = 100 + 20 * (index % sentences_per_page)
            sentences.append(PaperSentence(index, text, page, ((50.0, y, 550.0, y + 14.0),)))
        blocks.append(Block(sentences[-1].page if sentences else 1, (50, 100, 550, 700), para))
    blocks += [Block(1, (50, 720, 550, 740), r.text, BlockKind.REFERENCE) for r in references]
    return Paper(
        sha256=hashlib.sha256("\n".join(paragraphs).encode()).hexdigest(),
        path="test.pdf",
        title=title,
        page_count=max((s.page for s in sentences), default=1),
        blocks=tuple(blocks),
        sentences=tuple(sentences),
        references=tuple(references),
        sections=tuple(headings),
    )


def make_hits(
    paper: Paper, query: str, k: int, embedder: FakeEmbedder | None = None
) -> list[SearchHit]:
    """Rank single-sentence chunks of ``paper`` by FakeEmbedder cosine (a tiny retriever)."""
    embedder = embedder or FakeEmbedder()
    chunks = [
        Chunk(paper.sha256, s.index, s.text, s.page, s.page, (s.index,), str(s.index))
        for s in paper.sentences
    ]
    if not chunks:
        return []
    vectors = embedder.embed([c.text for c in chunks])
    scores = vectors @ embedder.embed([query])[0]
    order = np.argsort(-scores)[:k]
    return [SearchHit(chunks[i], float(scores[i])) for i in order]


class FakeRetriever:
    """Retriever over one-sentence chunks scored by FakeEmbedder; records queries."""

    def __init__(self, paper: Paper, *, fail: bool = False) -> None:
        self.paper = paper
        self.fail = fail
        self.queries: list[str] = []
        self._embedder = FakeEmbedder()

    def search(self, query: str, k: int) -> list[SearchHit]:
        """Top ``k`` sentence chunks; raises RuntimeError when built with ``fail=True``."""
        self.queries.append(query)
        if self.fail:
            raise RuntimeError("index unavailable")
        return make_hits(self.paper, query, k, self._embedder)


def make_sectioned_paper(sentences: Sequence[tuple[str, str]], headings: Sequence[str]) -> Paper:
    """A paper of one-sentence paragraphs, each ``(section, text)`` placed in its section."""
    paper = make_paper([text for _, text in sentences], headings=headings)
    placed = tuple(
        replace(s, section=section)
        for s, (section, _) in zip(paper.sentences, sentences, strict=True)
    )
    return replace(paper, sentences=placed)


def with_table(paper: Paper, texts: Sequence[str], page: int = 1) -> Paper:
    """The paper with ``texts`` appended as table sentences (``Table 2: HTML: n=3 0.401``)."""
    start = len(paper.sentences)
    table = tuple(
        PaperSentence(start + i, text, page, ((0, 0, 1, 1),), "table")
        for i, text in enumerate(texts)
    )
    return replace(paper, sentences=(*paper.sentences, *table))


def table_rows_of(*texts: str, page: int = 1) -> list[Row]:
    """The rows the checks read back from table sentences ``texts`` on ``page``."""
    from core.verify.comparison import read_row

    sentences = [PaperSentence(i, t, page, ((0, 0, 1, 1),), "table") for i, t in enumerate(texts)]
    return [r for r in (read_row(s) for s in sentences) if r is not None]
