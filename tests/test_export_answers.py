"""Questions and answers in the exports: Markdown notes, JSON and the annotated PDF."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pymupdf
import pytest

from core.export import SCHEMAS, export_critique, export_json, export_markdown, json_text
from tests import answer_fixtures as ax
from tests import export_fixtures as fx


@pytest.fixture
def run(tmp_path: Path) -> fx.ExportRun:
    return fx.build_run(tmp_path)


def _section(notes: str) -> str:
    """The notes from "## Questions and answers" up to the footnotes."""
    start = notes.index("## Questions and answers")
    end = notes.find("\n[^", start)
    return notes[start : end if end >= 0 else len(notes)]


def _footnote(notes: str, ref: str) -> str:
    line = next(x for x in notes.splitlines() if x.startswith(f"{ref}: "))
    return line[len(ref) + 2 :]


# --------------------------------------------------------------------------- Markdown


def test_markdown_lists_the_question_with_statuses_evidence_and_flags(run: fx.ExportRun) -> None:
    answer = ax.build_answer(run.paper)
    notes = export_markdown(run.paper, run.info, run.critique, [answer])
    assert "- **Questions:** 1 asked; 1 answer sentence needs review, 0 reviewed" in notes
    section = _section(notes)
    assert section.startswith("## Questions and answers\n\n### Q1. How accurate is SpanCheck")
    assert "1 of 2 claims flagged; need review: 1, reviewed: 0" in section
    # The supported sentence cites its evidence with the page in a footnote.
    supported = next(x for x in section.splitlines() if ax.ANSWER_SUPPORTED[:20] in x)
    ref = supported[supported.index("[^") : supported.index("]", supported.index("[^")) + 1]
    page = run.paper.sentences[2].page
    assert _footnote(notes, ref).startswith(f"Evidence: p. {page}: “On SQuAD, SpanCheck")
    # The flagged one carries its marker, and is listed with its reason and review state.
    assert f"✗ {ax.ANSWER_FLAGGED}" in section
    unsourced = section[section.index("#### Unsourced sentences of Q1") :]
    assert f"**Unsupported** (sentence 1): “{ax.ANSWER_FLAGGED}”" in unsourced
    assert f"Reason: {ax.FLAG_REASON} (`number_not_found`)" in unsourced
    assert f"Closest passage: p. {run.paper.sentences[1].page}:" in unsourced
    assert "Review: pending" in unsourced
    # The critique's own sections are untouched.
    assert notes.index("## Unsourced claims") < notes.index("## Questions and answers")


def test_markdown_shows_the_readers_review_of_an_answer_sentence(run: fx.ExportRun) -> None:
    answer = ax.build_answer(run.paper, reviewed=True)
    notes = export_markdown(run.paper, run.info, run.critique, [answer])
    section = _section(notes)
    assert f"✔ {ax.ANSWER_FLAGGED}" in section
    assert "need review: 1, reviewed: 1" in section
    assert f"Review: accepted by the reader — {ax.REVIEW_NOTE}" in section


def test_markdown_lists_answers_oldest_first_and_a_decline_with_its_passages(
    run: fx.ExportRun,
) -> None:
    import dataclasses

    first = ax.build_answer(run.paper, answer_id=3)
    declined_result = dataclasses.replace(
        first.result,
        question="Which GPU was used?",
        text="The paper does not say.",
        verdicts=(),
        declined=True,
    )
    declined = dataclasses.replace(first, id=4, result=declined_result)
    notes = export_markdown(run.paper, run.info, run.critique, [declined, first])
    section = _section(notes)
    assert section.index("### Q1. How accurate") < section.index("### Q2. Which GPU was used?")
    q2 = section[section.index("### Q2.") :]
    assert "declined: the paper does not say" in q2
    assert f"Closest passages:\n\n- p. {run.paper.sentences[2].page}: “On SQuAD" in q2


def test_markdown_without_answers_has_no_question_section(run: fx.ExportRun) -> None:
    notes = export_markdown(run.paper, run.info, run.critique, [])
    assert "Questions" not in notes
    assert notes == export_markdown(run.paper, run.info, run.critique)


# --------------------------------------------------------------------------- JSON


def test_json_export_carries_questions_sentences_evidence_and_reviews(run: fx.ExportRun) -> None:
    answer = ax.build_answer(run.paper, reviewed=True)
    report = export_json(run.paper, run.info, run.critique, [answer])
    jsonschema.validate(report, SCHEMAS["export"])
    # What a script reads is what a file holds (no NaN, plain JSON types).
    assert json.loads(json_text(report)) == report
    (question,) = report["questions"]
    assert question["id"] == 3 and question["question"] == ax.QUESTION
    assert question["answer"] == ax.ANSWER_TEXT and question["declined"] is False
    supported, flagged = question["sentences"]
    assert supported["status"] == "supported"
    assert supported["evidence"][0]["page"] == run.paper.sentences[2].page
    assert ax.ANSWER_TEXT[supported["start"] : supported["end"]] == ax.ANSWER_SUPPORTED
    assert flagged["status"] == "unsupported" and flagged["explanation"] == ax.FLAG_REASON
    assert flagged["reasons"] == ["number_not_found"]
    assert question["reviews"] == [
        {
            "sentence_index": 1,
            "action": "accept",
            "note": ax.REVIEW_NOTE,
            "previous_text": ax.ANSWER_FLAGGED,
            "new_text": "",
            "at": ax.ASKED_AT.isoformat(),
        }
    ]
    assert question["counts"]["flagged"] == 1 and question["counts"]["reviewed"] == 1
    assert [p["page"] for p in question["passages"]] == [
        run.paper.sentences[2].page,
        run.paper.sentences[1].page,
    ]
    assert question["attempts"][0]["number"] == 1
    # The sentence entries have exactly the schema of ``deepread verify --json``.
    sentence_fields = set(SCHEMAS["verify"]["properties"]["sentences"]["items"]["required"])
    assert set(supported) == sentence_fields


def test_json_export_without_answers_has_an_empty_list(run: fx.ExportRun) -> None:
    report = export_json(run.paper, run.info, run.critique)
    assert report["questions"] == []
    jsonschema.validate(report, SCHEMAS["export"])


def test_schema_rejects_a_question_without_its_sentences(run: fx.ExportRun) -> None:
    report = export_json(run.paper, run.info, run.critique, [ax.build_answer(run.paper)])
    del report["questions"][0]["sentences"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(report, SCHEMAS["export"])


# --------------------------------------------------------------------------- annotated PDF


def _notes(pdf: Path) -> list[tuple[int, str, str]]:
    with pymupdf.open(pdf) as doc:
        return [
            (page.number + 1, annot.info["content"], annot.info["subject"])
            for page in doc
            for annot in page.annots()
        ]


def test_annotated_pdf_puts_answer_sentences_on_their_evidence(
    run: fx.ExportRun, tmp_path: Path
) -> None:
    answer = ax.build_answer(run.paper, reviewed=True)
    out = export_critique(
        run.paper,
        run.info,
        run.critique,
        "pdf",
        tmp_path / "a.pdf",
        source_pdf=run.pdf,
        answers=[answer],
    )
    notes = _notes(out)
    asked = f"Answer to “{ax.QUESTION}”"
    supported = [n for n in notes if f"{asked}\nEvidence for a supported sentence: " in n[1]]
    assert len(supported) == 1
    page, content, subject = supported[0]
    assert page == run.paper.sentences[2].page and subject == "DeepRead: supports"
    assert ax.ANSWER_SUPPORTED in content
    closest = [n for n in notes if ax.ANSWER_FLAGGED in n[1]]
    assert len(closest) == 1
    assert closest[0][0] == run.paper.sentences[1].page
    assert f"Checker: {ax.FLAG_REASON}" in closest[0][1]
    assert f"Review: accepted by the reader — {ax.REVIEW_NOTE}" in closest[0][1]
    summary = next(n for n in notes if n[2] == "DeepRead summary")
    assert "Questions: 1 asked; answer sentences needing review: 1, reviewed: 1" in summary[1]


def test_exports_are_the_same_for_answers_in_any_order(run: fx.ExportRun, tmp_path: Path) -> None:
    import dataclasses

    first = ax.build_answer(run.paper, answer_id=3)
    second = dataclasses.replace(first, id=5)
    for fmt in ("md", "json"):
        a = export_critique(
            run.paper,
            run.info,
            run.critique,
            fmt,
            tmp_path / f"a.{fmt}",
            source_pdf=run.pdf,
            answers=[first, second],
        )
        b = export_critique(
            run.paper,
            run.info,
            run.critique,
            fmt,
            tmp_path / f"b.{fmt}",
            source_pdf=run.pdf,
            answers=[second, first],
        )
        assert a.read_bytes() == b.read_bytes()


# --------------------------------------------------------------------------- answers alone


def test_a_paper_with_answers_only_exports_them_in_every_format(
    run: fx.ExportRun, tmp_path: Path
) -> None:
    answer = ax.build_answer(run.paper, reviewed=True)
    notes = export_markdown(run.paper, run.info, None, [answer])
    assert notes.startswith(f"# {run.paper.title}\n\n- **Authors:**")
    assert "## Critique" not in notes and "## Attempts" not in notes
    assert "*Markers:*" in notes and "### Q1. How accurate is SpanCheck" in notes
    assert "- **Questions:** 1 asked" in notes

    report = export_json(run.paper, run.info, None, [answer])
    jsonschema.validate(report, SCHEMAS["export"])
    assert report["sentences"] == [] and report["text"] == "" and report["created_at"] == ""
    assert report["questions"][0]["question"] == ax.QUESTION

    out = export_critique(
        run.paper, run.info, None, "pdf", tmp_path / "a.pdf", source_pdf=run.pdf, answers=[answer]
    )
    notes_in_pdf = _notes(out)
    summary = next(n for n in notes_in_pdf if n[2] == "DeepRead summary")
    assert summary[1].startswith("DeepRead questions and answers\nQuestions: 1 asked")
    assert any(ax.ANSWER_SUPPORTED in n[1] for n in notes_in_pdf)


def test_nothing_to_export_is_an_error(run: fx.ExportRun, tmp_path: Path) -> None:
    from core.errors import ExportError

    with pytest.raises(ExportError, match="no critique and no answer"):
        export_critique(run.paper, run.info, None, "md", tmp_path / "a.md", source_pdf=run.pdf)
    assert not (tmp_path / "a.md").exists()
