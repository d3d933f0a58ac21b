"""The unseen-batch runner: totals per report and overall, errors only on request."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import heldout
from bench.heldout import Tally

PAPER = {
    "title": "Ward rounds and falls in older inpatients",
    "authors": "A. Author",
    "sections": [
        ["Methods", "We enrolled 120 patients at three hospitals in Norrby between 2019 and 2021."],
        ["Results", "Falls occurred in 14 of 60 patients with hourly rounds and 23 of 60 without."],
    ],
    "claims": [
        ["We enrolled 120 patients at three hospitals in Norrby between 2019 and 2021.", "T"],
        ["We enrolled 450 patients at three hospitals in Norrby between 2019 and 2021.", "F"],
    ],
}


def test_tally_adds_and_reads_as_balanced_accuracy() -> None:
    total = Tally(3, 4, 1, 4, 2.0) + Tally(1, 4, 3, 4, 1.0)
    assert total == Tally(4, 8, 4, 8, 3.0)
    assert total.balanced_accuracy == pytest.approx(0.5)
    assert "BA 0.500" in total.line("TOTAL")
    assert "0.19 s/sentence" in total.line("TOTAL")


def test_runs_every_report_and_prints_totals_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "falls.json").write_text(json.dumps(PAPER), encoding="utf-8")
    assert heldout.main([str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "falls" in out
    assert "TOTAL                    kept   1/1   flagged   1/1   BA 1.000" in out
    assert "450" not in out


def test_show_lists_the_statements_it_got_wrong(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    swapped = dict(
        PAPER, claims=[[c, "F" if label == "T" else "T"] for c, label in PAPER["claims"]]
    )
    (tmp_path / "falls.json").write_text(json.dumps(swapped), encoding="utf-8")
    assert heldout.main([str(tmp_path), "--show"]) == 0
    out = capsys.readouterr().out
    assert "kept   0/1   flagged   0/1   BA 0.000" in out
    assert "true  unsupported" in out and "We enrolled 450 patients" in out
    assert "false supported" in out


def test_an_empty_folder_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert heldout.main([str(tmp_path)]) == 2
    assert "no study reports" in capsys.readouterr().out
