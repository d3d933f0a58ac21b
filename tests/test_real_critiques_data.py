"""The labelled real-critique set: schema, coverage and a stable, balanced split."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from bench import real_critiques
from bench.real_critiques import DATA, FIELDS, KINDS, PAPERS, load, split_of

PAPER_NAMES = {
    "ccl2022_diabetes-qc_zh.pdf",
    "good-enough-practices_1col_plos-preprint.pdf",
    "html_www2020_2col_acm_ccby.pdf",
    "openquestion_1col_jose-draft.pdf",
}


def test_every_row_has_exactly_the_schema_fields() -> None:
    rows = json.loads(DATA.read_text(encoding="utf-8"))
    assert rows
    for row in rows:
        assert set(row) == set(FIELDS), row.get("id")


def test_the_loader_accepts_the_file_and_ids_are_unique() -> None:
    items = load()
    assert len({i.id for i in items}) == len(items)
    assert {i.paper for i in items} == PAPER_NAMES


def test_sizes_match_the_brief() -> None:
    items = load()
    model = [i for i in items if i.source == "model"]
    planted = [i for i in items if i.source == "planted"]
    assert len(model) >= 150
    assert len(planted) >= 60
    # every paper has real and planted sentences, and every kind of error is planted
    assert {i.paper for i in planted} == PAPER_NAMES
    assert {i.kind for i in planted if i.kind} >= set(KINDS) - {"not_in_paper"}
    forms = {"number", "scope", "embedded", "misattribution", "name", "quote", "absolute"}
    assert {i.form for i in planted} >= forms | {"negation"}
    # correct sentences with absolute words or negations, which must not be flagged
    assert sum(i.form in ("absolute", "negation") and i.label == "supported" for i in planted) >= 8
    assert {i.language for i in items} == {"en", "zh"}


def test_planted_items_keep_their_model_sentence() -> None:
    by_text = {i.sentence for i in load() if i.source == "model"}
    for item in load():
        if item.source == "planted":
            assert item.original in by_text, item.id
            assert item.sentence != item.original, item.id


def test_split_is_fixed_by_the_sentence_hash_and_about_half_each() -> None:
    items = load()
    assert all(i.split == split_of(i.sentence) for i in items)
    counts = Counter(i.split for i in items)
    share = counts["fit"] / len(items)
    assert 0.4 <= share <= 0.6, counts
    for label in ("supported", "unsupported"):
        part = Counter(i.split for i in items if i.label == label)
        assert min(part["fit"], part["report"]) >= 0.3 * sum(part.values()), (label, part)
    assert len(load("fit")) + len(load("report")) == len(items)


def test_split_of_is_stable() -> None:
    # pinned values: changing the hash would silently move sentences between the parts
    assert split_of("The dataset has 576 calls.") == split_of("The dataset has 576 calls.")
    assert {split_of(str(n)) for n in range(40)} == {"fit", "report"}


def test_a_broken_row_is_rejected(tmp_path: Path) -> None:
    row = json.loads(DATA.read_text(encoding="utf-8"))[0]
    for field, value in [
        ("label", "fabricated"),
        ("split", "fit" if row["split"] == "report" else "report"),
        ("source", "written"),
    ]:
        bad = tmp_path / "bad.json"
        bad.write_text(json.dumps([{**row, field: value}]), encoding="utf-8")
        with pytest.raises(ValueError):
            load(path=bad)
    bad.write_text(json.dumps([row, row]), encoding="utf-8")
    with pytest.raises(ValueError):
        load(path=bad)


def _squash(text: str) -> str:
    """Whitespace and hyphens removed: PDF text breaks lines (and hyphenates words) anywhere."""
    return re.sub(r"[\s\-\u2010]+", "", text)


@pytest.mark.real_papers
def test_evidence_snippets_occur_on_their_page() -> None:
    if not PAPERS.is_dir():
        pytest.skip(f"no papers folder at {PAPERS}")
    import pymupdf

    pages: dict[str, list[str]] = {}
    for item in load():
        if item.label != "supported":
            continue
        if item.paper not in pages:
            with pymupdf.open(PAPERS / item.paper) as doc:
                pages[item.paper] = [_squash(p.get_text()) for p in doc]
        page = pages[item.paper][item.evidence_page - 1]  # type: ignore[operator]
        assert _squash(item.evidence or "") in page, (item.id, item.evidence)


def test_module_docstring_describes_provenance_and_rules() -> None:
    doc = real_critiques.__doc__ or ""
    for word in ("default model", "supported", "unsupported", "not_a_claim", "planted", "split"):
        assert word in doc
