"""Paper sentences → retrieval chunks of about 150–250 words, sentence-aligned, overlapping."""

from __future__ import annotations

import hashlib

from core.text.sentences import cjk_ratio, text_size
from core.types import Chunk, Paper, PaperSentence


def _join(sentences: list[PaperSentence], chinese: bool) -> str:
    return ("" if chinese else " ").join(s.text for s in sentences)


def chunk_paper(
    paper: Paper, target_words: tuple[int, int] = (150, 250), overlap_sentences: int = 1
) -> list[Chunk]:
    """Cut the body sentences of a paper into chunks.

    Args:
        paper: The parsed paper; its sentences hold body text only, so chunks never reach
            into the references.
        target_words: Minimum and maximum chunk size in words (CJK: two characters a word).
        overlap_sentences: How many sentences each chunk repeats from the previous one.

    Returns:
        Chunks in paper order, with page span, sentence ids and a content hash.
    """
    low, high = target_words
    sentences = list(paper.sentences)
    if not sentences:
        return []
    chinese = paper.language == "zh" or cjk_ratio(paper.body_text[:5000]) >= 0.3
    sizes = [text_size(s.text) for s in sentences]
    groups: list[tuple[int, int]] = []
    start = 0
    n = len(sentences)
    while start < n:
        end = start
        total = 0.0
        while end < n:
            crosses_section = end > start and sentences[end].section != sentences[end - 1].section
            if total >= low and (crosses_section or total + sizes[end] > high):
                break
            if end > start and total + sizes[end] > high * 1.5:
                break  # one overlong sentence must not make a huge chunk
            total += sizes[end]
            end += 1
        groups.append((start, end))
        if end >= n:
            break
        # Overlap: the next chunk repeats the last sentences, unless a section boundary follows.
        overlap = 0 if sentences[end].section != sentences[end - 1].section else overlap_sentences
        start = max(end - overlap, start + 1)
    # A short tail is folded into the previous chunk when that keeps it within bounds.
    if len(groups) >= 2:
        s0, e0 = groups[-2]
        s1, e1 = groups[-1]
        tail = sum(sizes[i] for i in range(e0, e1))
        if tail < low / 2 and sum(sizes[s0:e1]) <= high * 1.2:
            groups[-2:] = [(s0, e1)]
    chunks: list[Chunk] = []
    for index, (s, e) in enumerate(groups):
        members = sentences[s:e]
        text = _join(members, chinese)
        chunks.append(
            Chunk(
                paper_sha256=paper.sha256,
                index=index,
                text=text,
                page_start=min(m.page for m in members),
                page_end=max(m.page for m in members),
                sentence_ids=tuple(m.index for m in members),
                content_hash=hashlib.sha256(text.encode("utf-8")).hexdigest(),
            )
        )
    return chunks
