"""The deep-read loop: generate, verify, regenerate with feedback (bounded), mark what is left.

Rules, from DESIGN.md "The checker" step 7:

* flagged ratio = (unsupported + rejected) / claims; at or below ``checker.threshold`` the
  attempt passes;
* otherwise regenerate the sections that hold flagged sentences, with those sentences and their
  reasons as repair instructions (only the latest round's feedback; clean sections are kept word
  for word), at temperatures 0.0, 0.3, 0.7, at most
  ``checker.max_retries`` retries;
* a token budget (generated tokens over all attempts) and a time budget end the retries early;
  the attempt in progress is still verified, because the markers need its verdicts;
* the final text is the attempt with the lowest flagged ratio (the latest on ties), and every
  still-flagged sentence in it carries an ``[unverified]`` marker, whether it passed or was let
  through; the returned verdicts' offsets point into that marked text.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import replace

from core.config import Settings
from core.critique import Repair, split_sections, write_critique
from core.llm.base import LLM
from core.progress import CancelToken, Progress
from core.types import Attempt, CritiqueResult, Paper, Verdict
from core.verify.evidence import Retriever
from core.verify.marking import mark_with_verdicts
from core.verify.verifier import Checker, flagged_ratio

TEMPERATURES = (0.0, 0.3, 0.7)


def deep_read(
    paper: Paper,
    retriever: Retriever | None,
    writer: LLM,
    checker: Checker,
    settings: Settings,
    *,
    language: str | None = None,
    cancel: CancelToken | None = None,
    resume_from: Sequence[tuple[Attempt, Sequence[Verdict]]] = (),
    on_attempt: Callable[[Attempt, list[Verdict]], None] | None = None,
) -> Generator[Progress, None, CritiqueResult]:
    """Write a checked critique of ``paper``.

    Args:
        paper: The paper.
        retriever: Evidence for the writer's prompts, or None.
        writer: The model that writes.
        checker: Checks each attempt.
        settings: Budgets, threshold and retries.
        language: Critique language; the settings' when None.
        cancel: Checked between sections and sentence groups.
        resume_from: Attempts of an interrupted run with their verdicts; the loop goes on after
            the last of them, with its feedback, as if it had never stopped.
        on_attempt: Called with each finished attempt and its verdicts, before the next one
            starts, so the caller can store it.

    Yields:
        ``generate`` events carrying each streamed piece of text in ``text`` (``done`` is the
        attempt number), ``verify`` events with ``done``/``total`` claims checked, ``verdict``
        events with the Verdict in ``payload``, and an ``attempt`` event per finished attempt
        with the Attempt in ``payload``.

    Returns:
        The final critique with markers, its verdicts, and every attempt.

    Raises:
        Cancelled: When ``cancel`` was set; checked between sections and sentence groups.
    """
    language = language or settings.critique.language
    knobs = settings.checker
    started = time.monotonic()
    attempts: list[Attempt] = [a for a, _ in resume_from]
    rounds: list[tuple[str, list[Verdict], float]] = [
        (a.text, list(v), a.flagged_ratio) for a, v in resume_from
    ]
    tokens_used = sum(a.tokens_out for a in attempts)
    # NOTE: time already spent counts against the budget, so a resumed run stays bounded.
    started -= sum(a.seconds for a in attempts)
    repair = Repair(rounds[-1][0], rounds[-1][1]) if rounds else None

    def out_of_time() -> bool:
        return time.monotonic() - started > knobs.time_budget_s

    def should_stop() -> bool:
        if cancel is not None:
            cancel.check()
        return out_of_time()

    first = len(attempts)
    if rounds and (
        rounds[-1][2] <= knobs.threshold or out_of_time() or tokens_used >= knobs.token_budget
    ):
        first = knobs.max_retries + 1  # the interrupted run had already finished its loop
    for iteration in range(first, knobs.max_retries + 1):
        if cancel is not None:
            cancel.check()
        temperature = TEMPERATURES[min(iteration, len(TEMPERATURES) - 1)]
        attempt_start = time.monotonic()
        stream = write_critique(
            paper,
            retriever,
            writer,
            language=language,
            temperature=temperature,
            max_tokens_per_section=settings.model.max_tokens_per_section,
            token_budget=knobs.token_budget - tokens_used,
            repair=repair,
            should_stop=should_stop,
        )
        while True:
            try:
                piece = next(stream)
            except StopIteration as stop:
                draft = stop.value
                break
            yield Progress("generate", iteration, knobs.max_retries + 1, text=piece)
        tokens_used += draft.tokens_out

        _, total = checker.count_claims(draft.text)
        verdicts: list[Verdict] = []
        done = 0
        yield Progress("verify", 0, total, message=f"Checking attempt {iteration + 1}")
        previous = (rounds[-1][0], rounds[-1][1]) if rounds else None
        for verdict in verify_draft(checker, draft.text, previous, cancel):
            verdicts.append(verdict)
            if verdict.claim.is_claim:
                done += 1
                yield Progress("verify", done, total)
            yield Progress("verdict", done, total, payload=verdict)
        ratio = flagged_ratio(verdicts)
        attempt = Attempt(
            iteration=iteration,
            temperature=temperature,
            flagged_ratio=ratio,
            tokens_in=draft.tokens_in,
            tokens_out=draft.tokens_out,
            seconds=round(time.monotonic() - attempt_start, 3),
            text=draft.text,
        )
        attempts.append(attempt)
        rounds.append((draft.text, verdicts, ratio))
        if on_attempt is not None:
            on_attempt(attempt, verdicts)
        yield Progress(
            "attempt",
            iteration + 1,
            knobs.max_retries + 1,
            message=f"Attempt {iteration + 1}: {ratio:.0%} flagged",
            payload=attempt,
        )
        if ratio <= knobs.threshold or out_of_time() or tokens_used >= knobs.token_budget:
            break
        # Only the latest round's feedback: older flags refer to sentences that no longer exist.
        repair = Repair(draft.text, verdicts)

    best = min(range(len(rounds)), key=lambda i: (rounds[i][2], -i))
    text, verdicts, ratio = rounds[best]
    marked, shifted = mark_with_verdicts(text, verdicts)
    return CritiqueResult(
        text=marked,
        verdicts=tuple(shifted),
        attempts=tuple(attempts),
        model=writer.name,
        language=language,
        flagged_ratio=ratio,
        settings={
            "threshold": knobs.threshold,
            "max_retries": knobs.max_retries,
            "use_judge": knobs.use_judge,
            "chosen_attempt": best,
            "passed": ratio <= knobs.threshold,
            "seconds": round(time.monotonic() - started, 3),
        },
    )


def verify_draft(
    checker: Checker,
    text: str,
    previous: tuple[str, Sequence[Verdict]] | None,
    cancel: CancelToken | None,
) -> Iterator[Verdict]:
    """Verdicts for ``text`` in order, reusing those of sections kept word for word.

    A repair round rewrites only the flagged sections; a kept section's sentences, evidence and
    verdicts are the same as before, so only the rewritten sections are checked again.
    """
    old_sections = split_sections(previous[0]) if previous is not None else {}
    spans = sorted((start, end, key) for key, (start, end, _) in split_sections(text).items())
    if not spans or not old_sections:
        yield from checker.iter_verify(text, cancel=cancel)
        return
    lead: list[tuple[int, int, str | None]] = [(0, spans[0][0], None)] if spans[0][0] > 0 else []
    pieces = lead + list(spans)
    index = 0
    for start, end, key in pieces:
        old = old_sections.get(key) if key is not None else None
        if (
            previous is not None
            and old is not None
            and previous[0][old[0] : old[1]] == text[start:end]
        ):
            shift = start - old[0]
            found: Iterator[Verdict] = (
                replace(
                    v, claim=replace(v.claim, start=v.claim.start + shift, end=v.claim.end + shift)
                )
                for v in previous[1]
                if old[0] <= v.claim.start < old[1]
            )
        else:
            found = (
                replace(
                    v, claim=replace(v.claim, start=v.claim.start + start, end=v.claim.end + start)
                )
                for v in checker.iter_verify(text[start:end], cancel=cancel)
            )
        for verdict in found:
            yield replace(verdict, claim=replace(verdict.claim, index=index))
            index += 1
