"""Exports of a reviewed fixture critique: annotated PDF, Markdown notes and JSON."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
from pathlib import Path

import jsonschema
import pymupdf
import pytest

from core.colours import EvidenceRole, evidence_role
from core.errors import ExportError
from core.export import (
    SCHEMAS,
    critique_report,
    export_annotated_pdf,
    export_json,
    export_markdown,
    verify_report,
)
from core.export.annotated_pdf import highlight_colour
from core.records import Review, ReviewAction
from core.types import Claim, Status, Verdict
from tests import export_fixtures as fx


@pytest.fixture
def run(tmp_path: Path) -> fx.ExportRun:
    return fx.build_run(tmp_path)


def _annotations(pdf: Path) -> list[dict]:
    found = []
    with pymupdf.open(pdf) as doc:
        for page in doc:
            for annot in page.annots():
                found.append(
                    {
                        "page": page.number + 1,
                        "type": annot.type[1],
                        "content": annot.info["content"],
                        "title": annot.info["title"],
                        "stroke": tuple(round(c, 2) for c in annot.colors["stroke"]),
                        "rect": annot.rect,
                    }
                )
    return found


def _rounded(color: tuple[float, float, float]) -> tuple[float, ...]:
    return tuple(round(c, 2) for c in color)


# --------------------------------------------------------------------------- annotated PDF


def test_annotated_pdf_highlights_evidence_with_notes_and_colours(
    run: fx.ExportRun, tmp_path: Path
) -> None:
    before = hashlib.sha256(run.pdf.read_bytes()).hexdigest()
    out = tmp_path / "out" / "annotated.pdf"
    out.parent.mkdir()

    export_annotated_pdf(run.paper, run.pdf, run.critique, out)

    assert hashlib.sha256(run.pdf.read_bytes()).hexdigest() == before
    annots = _annotations(out)
    assert all(a["title"] == "DeepRead" for a in annots)
    highlights = [a for a in annots if a["type"] == "Highlight"]
    by_sentence = {
        sentence: [h for h in highlights if sentence in h["content"]]
        for sentence in (fx.SUPPORTED, fx.SUPPORTED_P1, fx.UNSUPPORTED, fx.PARTIAL, fx.NEW_EDITED)
    }
    assert all(len(hits) == 1 for hits in by_sentence.values()), by_sentence
    expected = {
        fx.SUPPORTED: (1, Status.SUPPORTED),
        fx.SUPPORTED_P1: (1, Status.SUPPORTED),
        fx.UNSUPPORTED: (1, Status.UNSUPPORTED),
        fx.PARTIAL: (1, Status.PARTIAL),
        fx.NEW_EDITED: (2, Status.SUPPORTED),
    }
    for sentence, (page, status) in expected.items():
        (hit,) = by_sentence[sentence]
        assert hit["page"] == page, sentence
        assert hit["stroke"] == _rounded(highlight_colour(evidence_role(status))), sentence
    # The closest passage of an unsupported sentence is the paper's own text: not red.
    (closest,) = by_sentence[fx.UNSUPPORTED]
    assert closest["stroke"] == _rounded(highlight_colour(EvidenceRole.CLOSEST))
    red, green, blue = closest["stroke"]
    assert blue > red and blue > green
    assert len(highlights) == 5
    assert not any(fx.REJECTED in a["content"] for a in annots)  # left out by the reader
    assert by_sentence[fx.NEW_EDITED][0]["content"].startswith(
        f"Evidence for a supported sentence: {fx.NEW_EDITED}"
    )
    assert fx.ACCEPT_NOTE in by_sentence[fx.PARTIAL][0]["content"]
    assert "95.1% does not occur in the paper" in by_sentence[fx.UNSUPPORTED][0]["content"]


def test_annotated_pdf_highlight_covers_the_evidence_lines(
    run: fx.ExportRun, tmp_path: Path
) -> None:
    out = tmp_path / "annotated.pdf"
    export_annotated_pdf(run.paper, run.pdf, run.critique, out)
    (hit,) = [a for a in _annotations(out) if fx.SUPPORTED in a["content"]]
    evidence = run.paper.sentences[0]
    assert hit["rect"].intersects(pymupdf.Rect(evidence.bbox))
    with pymupdf.open(out) as doc:
        covered = doc[0].get_textbox(hit["rect"])
    assert "SpanCheck scores every sentence" in " ".join(covered.split())


def test_annotated_pdf_summary_note_on_first_page(run: fx.ExportRun, tmp_path: Path) -> None:
    out = tmp_path / "annotated.pdf"
    export_annotated_pdf(run.paper, run.pdf, run.critique, out)
    notes = [a for a in _annotations(out) if a["type"] == "Text"]
    assert len(notes) == 1
    note = notes[0]
    assert note["page"] == 1
    assert fx.MODEL in note["content"]
    assert "2025-03-14" in note["content"]
    # Shown sentences: 1 heading, 3 supported (one after its edit), 1 partial, 1 unsupported.
    assert "3 supported, 1 partial, 1 unsupported, 1 not a claim" in note["content"]


def test_annotated_pdf_falls_back_to_line_boxes(run: fx.ExportRun, tmp_path: Path) -> None:
    # Evidence text that the page search cannot match (the parser normalised it) still gets
    # highlighted over its sentence's line boxes.
    verdicts = list(run.critique.result.verdicts)
    ev = dataclasses.replace(verdicts[1].evidence[0], text="SpanCheck rates every sentence")
    verdicts[1] = dataclasses.replace(verdicts[1], evidence=(ev,))
    result = dataclasses.replace(run.critique.result, verdicts=tuple(verdicts))
    critique = dataclasses.replace(run.critique, result=result)
    out = tmp_path / "annotated.pdf"
    export_annotated_pdf(run.paper, run.pdf, critique, out)
    (hit,) = [a for a in _annotations(out) if fx.SUPPORTED in a["content"]]
    assert hit["rect"].contains(pymupdf.Rect(run.paper.sentences[0].bboxes[0]) + (1, 1, -1, -1))


def test_annotated_pdf_never_writes_the_source(run: fx.ExportRun) -> None:
    before = run.pdf.read_bytes()
    with pytest.raises(ExportError, match="original"):
        export_annotated_pdf(run.paper, run.pdf, run.critique, run.pdf, force=True)
    assert run.pdf.read_bytes() == before


def test_annotated_pdf_refuses_changed_source(run: fx.ExportRun, tmp_path: Path) -> None:
    other = tmp_path / "other.pdf"
    other.write_bytes(run.pdf.read_bytes() + b"\n% changed\n")
    with pytest.raises(ExportError, match="other.pdf"):
        export_annotated_pdf(run.paper, other, run.critique, tmp_path / "out.pdf")
    assert not (tmp_path / "out.pdf").exists()


def test_annotated_pdf_refuses_overwrite_without_force(run: fx.ExportRun, tmp_path: Path) -> None:
    out = tmp_path / "annotated.pdf"
    out.write_bytes(b"keep me")
    with pytest.raises(ExportError, match="annotated.pdf"):
        export_annotated_pdf(run.paper, run.pdf, run.critique, out)
    assert out.read_bytes() == b"keep me"
    export_annotated_pdf(run.paper, run.pdf, run.critique, out, force=True)
    assert out.read_bytes().startswith(b"%PDF")


# --------------------------------------------------------------------------- Markdown


def _section(markdown: str, heading: str) -> str:
    match = re.search(rf"^## {heading}\n(.*?)(?=^## |\Z)", markdown, re.MULTILINE | re.DOTALL)
    assert match, heading
    return match.group(1)


def _footnotes(markdown: str) -> dict[str, str]:
    return dict(re.findall(r"^\[\^(\d+)\]: (.*)$", markdown, re.MULTILINE))


def test_markdown_header(run: fx.ExportRun) -> None:
    md = export_markdown(run.paper, run.info, run.critique)
    assert md.startswith(f"# {fx.TWO_COLUMN_TITLE}\n")
    assert "Alice Chen, Bob Kumar, Carol Diaz" in md
    assert fx.MODEL in md
    assert "regenerate above 30% flagged" in md
    assert "chosen_attempt" not in md and "passed:" not in md
    assert "2025-03-14 09:26" in md


def test_markdown_footnotes_quote_evidence_with_page(run: fx.ExportRun) -> None:
    md = export_markdown(run.paper, run.info, run.critique)
    critique = _section(md, "Critique")
    notes = _footnotes(md)
    for sentence, evidence, page in (
        (fx.SUPPORTED, fx.EVIDENCE_TEXTS[0], 1),
        (fx.SUPPORTED_P1, fx.EVIDENCE_TEXTS[1], 1),
        (fx.NEW_EDITED, fx.EVIDENCE_TEXTS[4], 2),
    ):
        ref = re.search(re.escape(sentence) + r"\[\^(\d+)\]", critique)
        assert ref, sentence
        note = notes[ref.group(1)]
        assert f"p. {page}: “{evidence[:40]}" in note
    assert "### Method" in critique


def test_markdown_markers_and_unverified(run: fx.ExportRun) -> None:
    critique = _section(export_markdown(run.paper, run.info, run.critique), "Critique")
    assert f"[unverified] ✗ {fx.UNSUPPORTED}" in critique
    assert f"✔ {fx.PARTIAL}[^" in critique
    assert f"✎ {fx.NEW_EDITED}[^" in critique


def test_markdown_rejected_absent_and_edited_shown_with_new_verdict(run: fx.ExportRun) -> None:
    md = export_markdown(run.paper, run.info, run.critique)
    assert "Smith et al." not in md
    critique = _section(md, "Critique")
    assert fx.OLD_EDITED not in critique
    unsourced = _section(md, "Unsourced claims")
    item = next(line for line in unsourced.splitlines() if fx.NEW_EDITED in line)
    assert "**Supported**" in item
    assert "edited by the reader, now supported" in unsourced
    assert "1 sentence rejected by the reader is left out" in unsourced


def test_markdown_unsourced_claims_with_review_states(run: fx.ExportRun) -> None:
    unsourced = _section(export_markdown(run.paper, run.info, run.critique), "Unsourced claims")
    items = re.split(r"^\d+\. ", unsourced, flags=re.MULTILINE)[1:]
    assert len(items) == 3
    by_text: dict[str, str] = dict.fromkeys((fx.UNSUPPORTED, fx.PARTIAL, fx.NEW_EDITED), "")
    for item in items:
        for text in by_text:
            if text in item:
                by_text[text] = item
    unsupported, partial, edited = by_text.values()
    assert unsupported and "95.1% does not occur in the paper" in unsupported
    assert "`number_not_found`" in unsupported and "Review: pending" in unsupported
    assert partial and "accepted by the reader — Checked in Section 1" in partial
    assert edited and "Review: edited by the reader" in edited


def test_markdown_when_the_text_was_rewritten_after_an_edit(run: fx.ExportRun) -> None:
    # The library may also rewrite the critique text and the claim offsets after an edit.
    text = run.critique.result.text.replace(fx.OLD_EDITED, fx.NEW_EDITED)
    verdicts = list(run.critique.result.verdicts)
    start = text.index(fx.NEW_EDITED)
    verdicts[6] = dataclasses.replace(
        verdicts[6], claim=Claim(6, fx.NEW_EDITED, start, start + len(fx.NEW_EDITED))
    )
    result = dataclasses.replace(run.critique.result, text=text, verdicts=tuple(verdicts))
    critique = dataclasses.replace(run.critique, result=result)
    section = _section(export_markdown(run.paper, run.info, critique), "Critique")
    assert section.count(fx.NEW_EDITED) == 1
    assert fx.OLD_EDITED not in section


def test_markdown_escapes_evidence_and_notes(run: fx.ExportRun) -> None:
    reviews = dict(run.critique.reviews)
    reviews[3] = Review(3, ReviewAction.ACCEPT, "see *Table 2* [link](x) <b>", fx.UNSUPPORTED)
    critique = dataclasses.replace(run.critique, reviews=reviews)
    md = export_markdown(run.paper, run.info, critique)
    assert r"see \*Table 2\* \[link\](x) \<b\>" in md


def test_markdown_without_flags_or_attempts(run: fx.ExportRun) -> None:
    verdicts = tuple(v for v in run.critique.result.verdicts if v.status == Status.SUPPORTED)
    result = dataclasses.replace(run.critique.result, verdicts=verdicts, attempts=())
    critique = dataclasses.replace(run.critique, result=result, reviews={})
    md = export_markdown(run.paper, run.info, critique)
    assert "No sentence was flagged by the checker." in md
    assert "[unverified]" in md  # the text's own marker is kept where it stands


# --------------------------------------------------------------------------- JSON


def _validate(document: dict, kind: str) -> None:
    # A round trip through strict JSON catches NaN and non-JSON types too.
    text = json.dumps(document, allow_nan=False, ensure_ascii=False)
    jsonschema.Draft202012Validator.check_schema(SCHEMAS[kind])
    jsonschema.validate(json.loads(text), SCHEMAS[kind], cls=jsonschema.Draft202012Validator)


def test_verify_report_has_exactly_the_documented_fields(run: fx.ExportRun) -> None:
    result = run.critique.result
    report = verify_report(run.paper, result.verdicts, result.flagged_ratio)
    _validate(report, "verify")
    assert set(report) == {"paper", "flagged_ratio", "sentences"}
    assert report["paper"] == {
        "title": fx.TWO_COLUMN_TITLE,
        "pages": run.paper.page_count,
        "sha256": run.paper.sha256,
    }
    first = report["sentences"][1]
    assert set(first) == {
        "index",
        "text",
        "start",
        "end",
        "status",
        "reasons",
        "explanation",
        "confidence",
        "evidence",
    }
    assert first["status"] == "supported"
    assert result.text[first["start"] : first["end"]] == first["text"]
    (evidence,) = first["evidence"]
    assert set(evidence) == {"page", "text", "bbox", "score"}
    assert evidence["page"] == 1 and len(evidence["bbox"]) == 4


def test_critique_report_adds_attempts(run: fx.ExportRun) -> None:
    report = critique_report(run.paper, run.critique.result)
    _validate(report, "critique")
    assert [a["temperature"] for a in report["attempts"]] == [0.0, 0.3]
    assert [a["number"] for a in report["attempts"]] == [1, 2]
    assert set(report["attempts"][0]) == {
        "iteration",
        "number",
        "temperature",
        "flagged_ratio",
        "tokens_in",
        "tokens_out",
        "seconds",
    }


def test_export_json_validates_and_carries_reviews(run: fx.ExportRun) -> None:
    report = export_json(run.paper, run.info, run.critique)
    _validate(report, "export")
    assert report["model"] == fx.MODEL
    assert report["created_at"] == "2025-03-14T09:26:00"
    assert [(r["sentence_index"], r["action"]) for r in report["reviews"]] == [
        (4, "reject"),
        (5, "accept"),
        (6, "edit"),
    ]
    assert report["reviews"][2]["new_text"] == fx.NEW_EDITED


def test_schema_rejects_a_malformed_report(run: fx.ExportRun) -> None:
    report = verify_report(run.paper, run.critique.result.verdicts, 0.2)
    report["sentences"][1]["evidence"][0]["page"] = 0
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(report, SCHEMAS["verify"])


def test_reports_replace_non_finite_numbers(run: fx.ExportRun) -> None:
    verdict = Verdict(Claim(0, "x", 0, 1), Status.UNSUPPORTED, confidence=float("nan"))
    report = verify_report(run.paper, [verdict], float("nan"))
    _validate(report, "verify")
    assert report["flagged_ratio"] == 0.0


def test_markdown_after_a_second_edit_and_a_later_accept(run: fx.ExportRun) -> None:
    # The library keeps the original text and offsets; the verdict carries the latest wording.
    newer = "Batching keeps latency under 4 ms."
    verdicts = list(run.critique.result.verdicts)
    verdicts[6] = dataclasses.replace(
        verdicts[6], claim=dataclasses.replace(verdicts[6].claim, text=newer)
    )
    result = dataclasses.replace(run.critique.result, verdicts=tuple(verdicts))
    reviews = dict(run.critique.reviews)
    reviews[6] = Review(6, ReviewAction.ACCEPT, "fine now", newer)
    critique = dataclasses.replace(run.critique, result=result, reviews=reviews)
    section = _section(export_markdown(run.paper, run.info, critique), "Critique")
    assert f"✎ ✔ {newer}[^" in section
    assert fx.OLD_EDITED not in section and fx.NEW_EDITED not in section
