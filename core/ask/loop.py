"""The answer loop: retrieve, filter, (rewrite once,) answer, check, repair (bounded), mark.

Rules, following the deep-read loop (DESIGN.md "The checker" step 7):

* retrieve ``ask.passages`` chunks for the question, each cut to ``PASSAGE_TOKENS`` (the
  sentences closest to the question are kept), and keep those whose relevance reaches
  ``ask.relevance``; the question is answerable when the best passage's P(YES) also reaches
  ``ask.answerable``. When it is not, the writer rewrites the question once as a search query
  and the new chunks are scored too; when it still is not, the answer is "The paper does not
  say." with the closest passages, and nothing is generated;
* the writer answers from the prompt the relevance filter read (``core.ask.relevance``), told
  which passages bear on the question, citing pages; every sentence is checked by the checker;
* flagged ratio above ``checker.threshold`` regenerates the answer in the same conversation with
  the flagged sentences and their reasons as feedback, at temperatures 0.0, 0.3, 0.7, at most
  ``checker.max_retries`` times, within the token and time budgets; a sentence a repair keeps
  word for word keeps its verdict instead of being checked again;
* with ``ask.candidates`` > 1 the first round writes that many answers (the first greedy, the
  others sampled) and keeps the best by ``core.ask.selection``;
* the final answer is the round with the lowest flagged ratio (the latest on ties), with every
  still-flagged sentence marked ``[unverified]``. An answer in which the model itself declines
  is kept as a decline: its sentence is not a claim and carries the closest passages. An
  answer none of whose sentences could be sourced stays, marked: on the benchmark's held-out
  half, declining such answers turned three correct answers the checker doubted into declines.

Speed: on a small CPU the cost is the prompt tokens the model reads. The passages are read once
for all relevance judgements and the answer (a shared, cached prefix), passages are capped in
tokens, and unchanged sentences are not checked twice.
"""

from __future__ import annotations

import time
from collections.abc import Generator, Sequence
from dataclasses import replace

from core.ask.passages import Passage, fit_to_budget, passages_from_hits, trim_to_tokens
from core.ask.prompts import (
    ANSWER_FOCUS,
    ANSWER_REPAIR,
    ANSWER_SYSTEM,
    DECLINE,
    REWRITE_INSTRUCTION,
)
from core.ask.relevance import LexicalRelevance, Relevance, answer_turn
from core.ask.result import AnswerResult
from core.ask.selection import CandidateScore, score_candidate
from core.config import AskSettings, Settings
from core.critique import clean_section, repair_feedback, stream_completion
from core.deep_read import TEMPERATURES
from core.llm.base import LLM, Message
from core.progress import CancelToken, Progress
from core.types import Attempt, Claim, Evidence, Paper, Status, Verdict
from core.verify.evidence import Retriever
from core.verify.marking import mark_with_verdicts
from core.verify.verifier import Checker, extract_claims, flagged_ratio

#: Closest passages listed with a decline.
CLOSEST = 3
#: Temperature of the extra candidates: varied enough to differ from the greedy one.
CANDIDATE_TEMPERATURE = 0.7
#: Tokens kept free for the question, the instruction and the chat markup.
PROMPT_OVERHEAD = 200
REWRITE_TOKENS = 32
#: Tokens of one passage in the prompt: a chunk of prose is about 200-300 tokens, a table chunk
#: far more (a token per digit), and every prompt token costs time on a small CPU.
PASSAGE_TOKENS = 200


def is_decline(sentence: str) -> bool:
    """True for the writer's "The paper does not say." (with or without more words)."""
    return sentence.strip().casefold().startswith(DECLINE.rstrip(".").casefold())


def answer_question(
    paper: Paper,
    retriever: Retriever,
    writer: LLM,
    checker: Checker,
    settings: Settings,
    question: str,
    *,
    relevance: Relevance | None = None,
    cancel: CancelToken | None = None,
) -> Generator[Progress, None, AnswerResult]:
    """Answer ``question`` from the paper, every sentence checked.

    Args:
        paper: The paper.
        retriever: Hybrid search over the paper's chunks.
        writer: The model that writes the answer (and the one query rewrite).
        checker: Checks each answer sentence by sentence.
        settings: ``ask`` knobs, and the ``checker`` threshold, retries and budgets.
        question: The reader's question.
        relevance: Scores passages; word overlap when None.
        cancel: Checked between steps, sentence groups and streamed tokens' sections.

    Yields:
        ``retrieve``/``rewrite`` events, ``generate`` events carrying streamed text (``done``
        is the attempt number, starting again at each attempt), ``verify`` and ``verdict``
        events (the Verdict in ``payload``) and one ``attempt`` event per checked answer.

    Returns:
        The final answer with its verdicts, attempts and passages.

    Raises:
        Cancelled: When ``cancel`` was set.
    """
    started = time.monotonic()
    ask = settings.ask
    knobs = settings.checker
    scorer = relevance or LexicalRelevance()
    budget = writer.context_size - ask.max_tokens - PROMPT_OVERHEAD
    budget -= writer.count_tokens(ANSWER_SYSTEM) + writer.count_tokens(question)
    _check(cancel)
    yield Progress("retrieve", message="Finding passages")
    found = _search(paper, retriever, question, ask.passages, writer, budget)
    scored = scorer.score(question, found)
    query = question
    if not answerable(scored, ask):
        _check(cancel)
        yield Progress("rewrite", message="Rewriting the question as a search query")
        query = rewrite_query(writer, question) or question
        if query.casefold() != question.casefold():
            seen = {p.chunk_index for p in scored}
            fresh = [
                p
                for p in _search(paper, retriever, query, ask.passages, writer, budget, question)
                if p.chunk_index not in seen
            ]
            rescored = scorer.score(question, fresh)
            scored += rescored
            if answerable(rescored, ask):
                # The answer is written from the round that found something, so its prompt
                # is the one the relevance filter has just read.
                found = rescored
    kept = _relevant(scored, ask.relevance)
    base = {
        "relevance_floor": ask.relevance,
        "answerable_floor": ask.answerable,
        "candidates": ask.candidates,
    }
    if not answerable(kept, ask):
        closest = _closest(question, scored)
        return _declined(question, closest, writer.name, query, base, started)

    by_chunk = {p.chunk_index: p for p in scored}
    shown = [by_chunk[p.chunk_index] for p in found]
    numbers = [n for n, p in enumerate(shown, 1) if p.relevance >= ask.relevance]
    turn = answer_turn(question, shown)
    if len(numbers) < len(shown):
        turn += ANSWER_FOCUS.format(numbers=" and ".join(f"[{n}]" for n in numbers))
    chosen = [shown[n - 1] for n in numbers]
    opening = [Message("system", ANSWER_SYSTEM), Message("user", turn)]
    pages = sorted({page for p in chosen for page in p.pages})
    attempts: list[Attempt] = []
    rounds: list[tuple[str, list[Verdict], float]] = []
    scores: list[dict[str, float]] = []
    tokens_used = 0
    messages = opening
    known: dict[str, Verdict] = {}
    for iteration in range(knobs.max_retries + 1):
        _check(cancel)
        temperature = TEMPERATURES[min(iteration, len(TEMPERATURES) - 1)]
        count = ask.candidates if iteration == 0 else 1
        best: tuple[float, str, list[Verdict], Attempt] | None = None
        before = set(known)
        for candidate in range(count):
            heat = temperature if candidate == 0 else CANDIDATE_TEMPERATURE
            text, verdicts, attempt = yield from _attempt(
                writer,
                checker,
                messages,
                heat,
                ask.max_tokens,
                len(attempts),
                iteration,
                cancel,
                known,
            )
            attempts.append(attempt)
            tokens_used += attempt.tokens_out
            score = score_candidate(question, text, verdicts, pages)
            if count > 1:
                scores.append(_score_dict(score))
            if best is None or score.total > best[0]:
                best = (score.total, text, verdicts, attempt)
        assert best is not None  # count >= 1
        _, text, verdicts, _attempt_kept = best
        if _declines(verdicts) and rounds:
            break  # a repair that says nothing (or gives up) leaves the earlier answer standing
        if _declines(verdicts):
            closest = [p.closest(question) for p in chosen][:CLOSEST]
            return _declined(question, closest, writer.name, query, base, started, tuple(attempts))
        ratio = flagged_ratio(verdicts)
        rounds.append((text, verdicts, ratio))
        out_of_time = time.monotonic() - started > knobs.time_budget_s
        if ratio <= knobs.threshold or out_of_time or tokens_used >= knobs.token_budget:
            break
        if iteration and {v.claim.text.strip() for v in verdicts} <= before:
            break  # the repair repeated the answer word for word: another would too, slowly
        feedback = repair_feedback(verdicts)
        # The repair extends the same conversation: the model reuses the cached passages when
        # nothing ran in between (the judge's own prompts displace them).
        messages = [
            *opening,
            Message("assistant", text),
            Message("user", ANSWER_REPAIR.format(feedback=feedback)),
        ]

    chosen_round = min(range(len(rounds)), key=lambda i: (rounds[i][2], -i))
    text, verdicts, ratio = rounds[chosen_round]
    marked, shifted = mark_with_verdicts(text, verdicts)
    return AnswerResult(
        question=question,
        text=marked,
        verdicts=tuple(shifted),
        attempts=tuple(attempts),
        passages=tuple(p.closest(question) for p in chosen),
        declined=False,
        model=writer.name,
        flagged_ratio=ratio,
        query=query,
        settings={
            **base,
            "threshold": knobs.threshold,
            "max_retries": knobs.max_retries,
            "chosen_round": chosen_round,
            "candidate_scores": scores,
            "seconds": round(time.monotonic() - started, 3),
        },
    )


def rewrite_query(writer: LLM, question: str) -> str:
    """The writer's one-line search query for ``question`` ("" when it gives none)."""
    completion = writer.complete(
        REWRITE_INSTRUCTION, question, max_tokens=REWRITE_TOKENS, temperature=0.0, stop=("\n",)
    )
    lines = [line.strip() for line in completion.text.strip().splitlines() if line.strip()]
    return lines[0].strip("\"'` ").removeprefix("Query:").strip() if lines else ""


def _attempt(
    writer: LLM,
    checker: Checker,
    messages: Sequence[Message],
    temperature: float,
    max_tokens: int,
    number: int,
    iteration: int,
    cancel: CancelToken | None,
    known: dict[str, Verdict],
) -> Generator[Progress, None, tuple[str, list[Verdict], Attempt]]:
    """Write one answer, stream it, check it; the number restarts the stream in the window.

    ``known`` maps sentences already checked in this conversation to their verdicts; it gains
    this answer's sentences.
    """
    start = time.monotonic()
    stream = stream_completion(writer, messages, max_tokens=max_tokens, temperature=temperature)
    raw: list[str] = []
    try:
        while True:
            _check(cancel)
            try:
                piece = next(stream)
            except StopIteration as stop:
                completion = stop.value
                break
            raw.append(piece)
            yield Progress("generate", number, 0, text=piece)
    finally:
        # NOTE: closing stops llama.cpp at its next token, so a Stop frees the model at once.
        stream.close()
    truncated = completion.tokens_out >= max_tokens
    text = clean_section(completion.text or "".join(raw), truncated=truncated)
    _, total = checker.count_claims(text)
    yield Progress("verify", 0, total, message="Checking the answer")
    verdicts: list[Verdict] = []
    done = 0
    for claim in extract_claims(text):
        if is_decline(claim.text):
            # Saying that the paper does not say is not a claim about the paper: not checked.
            known.setdefault(claim.text.strip(), _decline_verdict(claim))
    for verdict in verify_reusing(checker, text, known, cancel):
        verdicts.append(verdict)
        if verdict.claim.is_claim:
            done += 1
            yield Progress("verify", done, total)
        yield Progress("verdict", done, total, payload=verdict)
    attempt = Attempt(
        iteration=iteration,
        temperature=temperature,
        flagged_ratio=flagged_ratio(verdicts),
        tokens_in=completion.tokens_in,
        tokens_out=completion.tokens_out,
        seconds=round(time.monotonic() - start, 3),
        text=text,
    )
    yield Progress(
        "attempt", number + 1, 0, message=f"Answer {number + 1} checked", payload=attempt
    )
    return text, verdicts, attempt


def verify_reusing(
    checker: Checker, text: str, known: dict[str, Verdict], cancel: CancelToken | None
) -> Generator[Verdict, None, None]:
    """Verdicts for ``text``, sentences in ``known`` not checked again; ``known`` gains the rest.

    A verdict depends on its sentence alone (its own evidence, gates and judge question), so a
    sentence a repair kept word for word keeps its verdict, moved to its new place. The new
    sentences are checked together as one text; should they split differently there, the
    whole text is checked as usual.
    """
    claims = extract_claims(text)
    fresh = [c for c in claims if c.text.strip() not in known]
    if len(fresh) == len(claims):
        checked = list(checker.iter_verify(text, cancel=cancel))
    else:
        joined = " ".join(c.text.strip() for c in fresh)
        partial = list(checker.iter_verify(joined, cancel=cancel)) if fresh else []
        same = len(partial) == len(fresh) and all(
            v.claim.text.strip() == c.text.strip() and v.claim.is_claim == c.is_claim
            for v, c in zip(partial, fresh, strict=False)
        )
        if not same:
            checked = list(checker.iter_verify(text, cancel=cancel))
        else:
            new = {c.index: v for c, v in zip(fresh, partial, strict=True)}
            checked = [
                replace(new[c.index] if c.index in new else known[c.text.strip()], claim=c)
                for c in claims
            ]
    for verdict in checked:
        known.setdefault(verdict.claim.text.strip(), verdict)
        yield verdict


def _search(
    paper: Paper,
    retriever: Retriever,
    query: str,
    k: int,
    llm: LLM,
    budget: int,
    question: str | None = None,
) -> list[Passage]:
    """The top ``k`` passages for ``query``, each cut to PASSAGE_TOKENS around ``question``."""
    hits = passages_from_hits(paper, retriever.search(query, k))
    trimmed = [trim_to_tokens(llm, p, question or query, PASSAGE_TOKENS) for p in hits]
    return fit_to_budget(llm, trimmed, budget)


def _relevant(passages: Sequence[Passage], floor: float) -> list[Passage]:
    """The passages at or above ``floor``, most relevant first."""
    kept = [p for p in passages if p.relevance >= floor]
    return sorted(kept, key=lambda p: (-p.relevance, -p.retrieval_score))


def answerable(passages: Sequence[Passage], ask: AskSettings) -> bool:
    """Whether some passage is relevant enough to answer from.

    The model's P(YES) is a loose yes: a question the paper cannot answer still gets passages
    near 0.5, so the best one must reach ``ask.answerable`` (fitted on the benchmark's fit
    half); word overlap only needs ``ask.relevance``.
    """
    return any(
        p.relevance >= (ask.answerable if p.judged else ask.relevance)
        and p.relevance >= ask.relevance
        for p in passages
    )


def _closest(question: str, passages: Sequence[Passage]) -> list[Evidence]:
    ranked = sorted(passages, key=lambda p: (-p.relevance, -p.retrieval_score))
    return [p.closest(question) for p in ranked[:CLOSEST]]


def _declines(verdicts: Sequence[Verdict]) -> bool:
    """True when the answer is empty or nothing but the decline sentence."""
    said = [v for v in verdicts if "declined" not in v.reasons and v.claim.is_claim]
    return not said


def _declined(
    question: str,
    closest: list[Evidence],
    model: str,
    query: str,
    base: dict[str, float | int],
    started: float,
    attempts: tuple[Attempt, ...] = (),
) -> AnswerResult:
    """The decline: one sentence that is not a claim, carrying the closest passages."""
    verdict = Verdict(
        claim=_decline_claim(),
        status=Status.NOT_A_CLAIM,
        reasons=("declined",),
        explanation="No passage of the paper answers this question; the closest are listed",
        confidence=1.0,
        evidence=tuple(closest),
    )
    return AnswerResult(
        question=question,
        text=DECLINE,
        verdicts=(verdict,),
        attempts=attempts,
        passages=tuple(closest),
        declined=True,
        model=model,
        flagged_ratio=0.0,
        query=query,
        settings={**base, "seconds": round(time.monotonic() - started, 3)},
    )


def _decline_verdict(claim: Claim) -> Verdict:
    """The writer's own "The paper does not say." inside an answer: not a claim."""
    return Verdict(
        claim=claim,
        status=Status.NOT_A_CLAIM,
        reasons=("declined",),
        explanation="The answer says the paper does not cover this",
        confidence=1.0,
    )


def _decline_claim() -> Claim:
    return Claim(0, DECLINE, 0, len(DECLINE), is_claim=False)


def _score_dict(score: CandidateScore) -> dict[str, float]:
    return {
        "support": score.support,
        "relevance": score.relevance,
        "completeness": score.completeness,
        "total": round(score.total, 4),
    }


def _check(cancel: CancelToken | None) -> None:
    if cancel is not None:
        cancel.check()
