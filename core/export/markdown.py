"""Markdown notes of a critique: CommonMark with footnotes, for Obsidian, Zotero or any editor."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import PurePath

from core.ask.result import StoredAnswer
from core.counts import attempt_number, critique_counts
from core.export.reviewed import (
    UNVERIFIED,
    ReviewedSentence,
    format_time,
    reviewed_answer,
    reviewed_sentences,
)
from core.records import PaperInfo, StoredCritique
from core.types import Evidence, Paper, Status

MARKERS: dict[Status, str] = {
    Status.PARTIAL: "⚠",
    Status.UNSUPPORTED: "✗",
    Status.REJECTED: "⛔",
}
ACCEPTED_MARKER = "✔"
EDITED_MARKER = "✎"

STATUS_WORDS: dict[Status, str] = {
    Status.SUPPORTED: "supported",
    Status.PARTIAL: "partly supported",
    Status.UNSUPPORTED: "unsupported",
    Status.REJECTED: "rejected (fabricated quote or citation)",
    Status.NOT_A_CLAIM: "not a claim",
}

_EVIDENCE_PER_NOTE = 2
_EVIDENCE_CHARS = 400
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>#|])")
# A sentence may start with list or heading syntax; a marker goes after it, not before it.
_LEAD = re.compile(r"^(\s*(?:[-*+]|\d{1,3}[.)]|#{1,6})\s+)")
_HEADING = re.compile(r"^(#{1,6})(?=[ \t])", re.MULTILINE)
_ORDERED = re.compile(r"^(\s*)(\d{1,3})([.)])(\s+)")


def export_markdown(
    paper: Paper,
    info: PaperInfo | None,
    critique: StoredCritique | None,
    answers: Sequence[StoredAnswer] = (),
) -> str:
    """Notes on the paper: the critique with its markers, evidence footnotes and unsourced claims.

    Args:
        paper: The critiqued paper.
        info: Its library row (file name and authors when the parse found none); may be None.
        critique: The stored critique with the reader's reviews; None for a paper that was
            only asked questions (the notes then hold the questions and answers alone).
        answers: The paper's stored questions and answers with their reviews, in any order;
            the notes list them oldest first.

    Returns:
        The Markdown document, ending with a newline.
    """
    footnotes: list[str] = []
    parts = [_title(paper, info)]
    if critique is not None:
        sentences = reviewed_sentences(critique)
        parts[0] += "\n" + _header(critique)
        parts += [
            "## Critique",
            _legend(),
            _body(critique.result.text, sentences, footnotes),
            "## Unsourced claims",
            _unsourced(sentences),
            "## Attempts",
            _attempts(critique),
        ]
    if answers:
        parts[0] += "\n" + _questions_line(answers)
        if critique is None:
            parts.append(_legend())
        parts += ["## Questions and answers", *_answers(answers, footnotes)]
    if footnotes:
        parts.append("\n".join(footnotes))
    return "\n\n".join(p.strip("\n") for p in parts if p.strip()) + "\n"


def _title(paper: Paper, info: PaperInfo | None) -> str:
    """The title and the lines about the paper itself."""
    title = paper.title or (info.title if info else "") or "Untitled paper"
    authors = paper.authors or (info.authors if info else ())
    file_name = PurePath(info.path if info and info.path else paper.path).name
    lines = [f"# {escape(title)}", ""]
    if authors:
        lines.append(f"- **Authors:** {escape(', '.join(authors))}")
    paper_line = f"{paper.page_count} pages, SHA-256 `{paper.sha256[:12]}…`"
    lines.append(
        f"- **Paper:** {_code(file_name)}, {paper_line}"
        if file_name
        else f"- **Paper:** {paper_line}"
    )
    return "\n".join(lines)


def _header(critique: StoredCritique) -> str:
    """The lines about the critique run: model, settings, date and counts."""
    result = critique.result
    counts = critique_counts(result.verdicts, critique.reviews)
    lines = [f"- **Model:** {_code(result.model) if result.model else 'unknown'}"]
    if result.settings:
        lines.append(f"- **Settings:** {escape(_settings_line(result.settings))}")
    lines.append(f"- **Language:** {result.language}")
    lines.append(f"- **Date:** {format_time(critique.created_at)}")
    rounds = len(result.attempts)
    when = f"after {rounds} attempt{'' if rounds == 1 else 's'}" if rounds else "when checked"
    lines.append(
        f"- **Flagged:** {counts.flagged} of {counts.claims} claims "
        f"({counts.flagged_ratio:.0%}) {when}"
    )
    lines.append(
        f"- **Need review:** {counts.need_review} (flagged or partly supported), "
        f"{counts.reviewed} reviewed by the reader"
    )
    return "\n".join(lines)


def _questions_line(answers: Sequence[StoredAnswer]) -> str:
    counts = [critique_counts(a.result.verdicts, a.reviews) for a in answers]
    waiting = sum(c.need_review for c in counts)
    return (
        f"- **Questions:** {len(answers)} asked; {waiting} answer sentence"
        f"{'' if waiting == 1 else 's'} need{'s' if waiting == 1 else ''} review, "
        f"{sum(c.reviewed for c in counts)} reviewed by the reader"
    )


def _settings_line(settings: dict[str, object]) -> str:
    """The run's settings in words (unknown keys are listed as they are)."""
    known = dict(settings)
    parts: list[str] = []
    threshold = known.pop("threshold", None)
    if isinstance(threshold, int | float):
        parts.append(f"regenerate above {threshold:.0%} flagged")
    retries = known.pop("max_retries", None)
    if isinstance(retries, int):
        parts.append(f"at most {retries} retr{'y' if retries == 1 else 'ies'}")
    judge = known.pop("use_judge", None)
    if isinstance(judge, bool):
        parts.append("model judge on" if judge else "model judge off")
    chosen = known.pop("chosen_attempt", None)
    if isinstance(chosen, int):
        parts.append(f"attempt {chosen + 1} kept")
    passed = known.pop("passed", None)
    if isinstance(passed, bool):
        parts.append("under the threshold" if passed else "let through after the last retry")
    seconds = known.pop("seconds", None)
    if isinstance(seconds, int | float):
        parts.append(f"{seconds:.0f} s in all")
    parts += [f"{k}: {v}" for k, v in sorted(known.items())]
    return ", ".join(parts)


def _legend() -> str:
    return (
        "*Markers:* "
        + ", ".join(f"{MARKERS[s]} {STATUS_WORDS[s]}" for s in MARKERS)
        + f", {ACCEPTED_MARKER} accepted by the reader, {EDITED_MARKER} edited by the reader."
        + " Supported sentences cite their evidence in a footnote; `[unverified]` marks"
        + " sentences still flagged after the last regeneration."
    )


def _body(
    text: str, sentences: list[ReviewedSentence], footnotes: list[str], level: int = 3
) -> str:
    """The checked text with each located sentence rewritten, the text between them kept as is.

    Headings of the text start at ``level``, keeping their relative levels.
    """
    out: list[str] = []
    cursor = 0
    unplaced: list[ReviewedSentence] = []
    for sentence in sentences:
        if sentence.span is None:
            unplaced.append(sentence)
            continue
        start, end = sentence.span
        if start < cursor:
            continue
        gap = text[cursor:start]
        lead = _LEAD.match(text[start:end])
        prefix = lead.group(1) if lead else ""
        marker = ""
        if sentence.omitted or sentence.edited or sentence.accepted:
            # The old marker described the old sentence; an edit gets its own verdict, and
            # the reader's acceptance replaces it.
            gap = _drop_trailing_marker(gap)
        elif prefix and gap.rstrip(" ").endswith(UNVERIFIED):
            # "[unverified] 2. …" would break the numbered list: the marker goes after "2. ".
            gap, marker = _drop_trailing_marker(gap), UNVERIFIED + " "
        if sentence.omitted and out and out[-1].endswith((" ", "\n")):
            gap = gap.lstrip(" ")
        out.append(gap)
        if not sentence.omitted:
            # The text's own wording is kept (with any marker in it) unless the reader edited it.
            shown = sentence.text.strip() if sentence.edited else text[start:end]
            shown = shown[len(prefix) :] if prefix and shown.startswith(prefix) else shown
            out.append(prefix + marker + _render_sentence(sentence, shown, footnotes))
        cursor = end
    tail = text[cursor:]
    out.append(tail)
    for sentence in unplaced:
        if not sentence.omitted:
            out.append("\n\n" + _render_sentence(sentence, sentence.text.strip(), footnotes))
    body = _renumber("\n".join(line.rstrip() for line in "".join(out).strip().splitlines()))
    # The text's own headings nest under its section ("## Critique", an answer's question).
    levels = [len(m.group(1)) for m in _HEADING.finditer(body)]
    if not levels:
        return body
    shift = max(0, level - min(levels))
    return _HEADING.sub(lambda m: "#" * min(6, len(m.group(1)) + shift), body)


def _renumber(body: str) -> str:
    """Number each ordered list 1, 2, 3… again (a sentence left out leaves no gap)."""
    lines = body.split("\n")
    counters: dict[str, int] = {}
    for i, line in enumerate(lines):
        match = _ORDERED.match(line)
        if match is None:
            if line.strip() and not line.startswith((" ", "\t")):
                counters.clear()  # a paragraph or heading ends every list
            continue
        indent = match.group(1)
        counters = {k: v for k, v in counters.items() if len(k) <= len(indent)}
        number = counters.get(indent, 0) + 1
        counters[indent] = number
        lines[i] = f"{indent}{number}{match.group(3)}{match.group(4)}{line[match.end() :]}"
    return "\n".join(lines)


def _drop_trailing_marker(gap: str) -> str:
    stripped = gap.rstrip(" ")
    if stripped.endswith(UNVERIFIED):
        return stripped[: -len(UNVERIFIED)]
    return gap


def _render_sentence(sentence: ReviewedSentence, text: str, footnotes: list[str]) -> str:
    marks = []
    if sentence.edited:
        marks.append(EDITED_MARKER)
    if sentence.accepted:
        marks.append(ACCEPTED_MARKER)
    elif sentence.status in MARKERS:
        marks.append(MARKERS[sentence.status])
    note = _footnote_text(sentence)
    ref = ""
    if note:
        footnotes.append(f"[^{len(footnotes) + 1}]: {note}")
        ref = f"[^{len(footnotes)}]"
    return (" ".join(marks) + " " if marks else "") + _attach(text, ref)


def _attach(text: str, ref: str) -> str:
    """Put the footnote reference right after the sentence, before any trailing whitespace."""
    stripped = text.rstrip()
    return stripped + ref + text[len(stripped) :]


def _footnote_text(sentence: ReviewedSentence) -> str:
    parts: list[str] = []
    if sentence.accepted:
        review = sentence.review
        note = f" Note: {escape(review.note)}" if review is not None and review.note else ""
        parts.append(f"Accepted by the reader (checker: {STATUS_WORDS[sentence.status]}).{note}")
    if sentence.status in (Status.SUPPORTED, Status.PARTIAL) and sentence.verdict.evidence:
        lead = "Partly supported by" if sentence.status == Status.PARTIAL else "Evidence:"
        quotes = "; ".join(_quote(e) for e in sentence.verdict.evidence[:_EVIDENCE_PER_NOTE])
        parts.append(f"{lead} {quotes}")
    return " ".join(parts)


def _quote(evidence: Evidence) -> str:
    return f"p. {evidence.page}: “{escape(_shorten(evidence.text, _EVIDENCE_CHARS))}”"


def _unsourced(sentences: list[ReviewedSentence]) -> str:
    listed = [s for s in sentences if s.listed and not s.omitted]
    omitted = sum(1 for s in sentences if s.omitted)
    lines: list[str] = []
    if listed:
        lines += [
            f"{len(listed)} sentence{'' if len(listed) == 1 else 's'} the checker could not "
            "fully source, or the reader reviewed:",
            "",
        ]
    elif not omitted:
        lines.append("No sentence was flagged by the checker.")
    for n, sentence in enumerate(listed, start=1):
        verdict = sentence.verdict
        marker = MARKERS.get(sentence.status, "")
        status = STATUS_WORDS[sentence.status]
        lines.append(
            f"{n}. {marker + ' ' if marker else ''}**{status.capitalize()}** "
            f"(sentence {sentence.index}): “{escape(_shorten(sentence.text, 600))}”"
        )
        if sentence.status.needs_review:
            reason = verdict.explanation or "no explanation recorded"
            codes = f" (`{'`, `'.join(verdict.reasons)}`)" if verdict.reasons else ""
            lines.append(f"   - Reason: {escape(reason)}{codes}")
            if verdict.evidence:
                lines.append(f"   - Closest passage: {_quote(verdict.evidence[0])}")
        lines.append(f"   - Review: {escape(sentence.review_state())}")
    if omitted:
        # NOTE: rejected sentences are the reader's "this is wrong": their text stays out of
        # the notes entirely, only their number is kept so the list is honest about them.
        verb = (
            "sentence rejected by the reader is"
            if omitted == 1
            else ("sentences rejected by the reader are")
        )
        lines += ["", f"{omitted} {verb} left out of these notes."]
    return "\n".join(lines)


def _answers(answers: Sequence[StoredAnswer], footnotes: list[str]) -> list[str]:
    """Each question with its answer (markers, footnotes) and the answer's unsourced sentences."""
    parts: list[str] = []
    for number, answer in enumerate(sorted(answers, key=lambda a: a.id), start=1):
        result = answer.result
        sentences = reviewed_answer(answer)
        counts = critique_counts(result.verdicts, answer.reviews)
        model = _code(result.model) if result.model else "an unknown model"
        if result.declined:
            outcome = "declined: the paper does not say"
        else:
            outcome = (
                f"{counts.flagged} of {counts.claims} claims flagged; "
                f"need review: {counts.need_review}, reviewed: {counts.reviewed}"
            )
        parts += [
            f"### Q{number}. {escape(result.question)}",
            f"*Asked {format_time(answer.created_at)}, answered by {model}: {outcome}.*",
            _body(result.text, sentences, footnotes, level=4),
        ]
        if result.declined and result.passages:
            parts.append(
                "Closest passages:\n\n"
                + "\n".join(f"- {_quote(e)}" for e in result.passages[:_EVIDENCE_PER_NOTE])
            )
        if any(s.listed for s in sentences):
            parts += [f"#### Unsourced sentences of Q{number}", _unsourced(sentences)]
    return parts


def _attempts(critique: StoredCritique) -> str:
    attempts = critique.result.attempts
    if not attempts:
        return "No attempt recorded (the text was checked, not generated)."
    return "\n".join(
        f"- Attempt {attempt_number(a)}: temperature {a.temperature:g}, "
        f"flagged {a.flagged_ratio:.0%}, {a.tokens_in} tokens in, {a.tokens_out} out, "
        f"{a.seconds:.1f} s"
        for a in attempts
    )


def escape(text: str) -> str:
    """Text from the paper or the reader, made inert in Markdown (no stray emphasis or links)."""
    return _MD_SPECIAL.sub(r"\\\1", " ".join(text.split()))


def _code(text: str) -> str:
    """An inline code span, which needs no escaping inside (file and model names)."""
    fence = "``" if "`" in text else "`"
    return f"{fence} {text} {fence}" if fence == "``" else f"`{text}`"


def _shorten(text: str, limit: int) -> str:
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    return text[: limit - 1].rsplit(" ", 1)[0] + "…"
