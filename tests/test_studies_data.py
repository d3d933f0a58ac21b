"""The study-report set: schema, balance, a fixed split by paper, and PDFs the parser reads."""

from __future__ import annotations

import json
from pathlib import Path

from bench import studies
from bench.studies import ROOT, load, render, split_of


def test_every_file_has_a_paper_and_labelled_statements() -> None:
    paths = sorted(ROOT.glob("*.json"))
    assert len(paths) >= 10
    for path in paths:
        spec = json.loads(path.read_text(encoding="utf-8"))
        assert spec["title"] and spec["sections"], path.name
        assert all(len(pair) == 2 and pair[1] for pair in spec["sections"]), path.name
        labels = [label for _, label in spec["claims"]]
        assert set(labels) == {"T", "F"}, path.name
        # as their writers labelled them: near even, one report 11 to 13
        assert abs(labels.count("T") - labels.count("F")) <= 2, path.name
        claims = {c for c, _ in spec["claims"]}
        assert len(claims) == len(spec["claims"]), path.name
        assert set(spec.get("why", {})) <= claims, path.name


def test_split_is_by_paper_and_both_parts_hold_both_labels() -> None:
    fit, report = load("fit"), load("report")
    assert {s.name for s in fit}.isdisjoint({s.name for s in report})
    assert len(fit) + len(report) == len(load())
    for part in (fit, report):
        assert len(part) >= 4
        assert {true for s in part for _, true in s.claims} == {True, False}
    assert all(split_of(s.name) == "fit" for s in fit)


def test_bench_rows_label_misrepresentations_with_their_kind() -> None:
    rows = studies.bench_rows("report")
    assert {label for _, _, label, _ in rows} == {"supported", "fabricated"}
    for key, _, label, kind in rows:
        assert key.startswith("study:")
        assert kind == (studies.KIND if label == "fabricated" else "")


def test_a_rendered_study_parses_back_to_its_sections(tmp_path: Path) -> None:
    from core.ingest.pdf import parse_pdf

    study = load()[0]
    paper = parse_pdf(render(study, tmp_path / "study.pdf"))
    text = " ".join(s.text for s in paper.sentences)
    first = study.sections[0][1].split(". ")[0]
    assert " ".join(first.split()[:8]) in " ".join(text.split())
