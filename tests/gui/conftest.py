"""GUI fixtures: a MainWindow on the real Workspace with fake models, dialogs captured."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

pytest.importorskip("pytestqt")

from core.config import CheckerSettings, Settings  # noqa: E402
from core.llm.base import LLM  # noqa: E402
from core.workspace import Workspace  # noqa: E402
from desktop import errors  # noqa: E402
from desktop.main_window import MainWindow  # noqa: E402
from tests.fakes import FakeEmbedder, FakeLLM  # noqa: E402
from tests.pdf_factory import two_column_paper  # noqa: E402

#: Two sentences the paper supports and three it does not (a wrong number, a dataset and GPU
#: count it never mentions, a benchmark and annotator count it never mentions). The writer
#: drops sentences repeated across sections, so one section's reply carries them all.
SUPPORTED = (
    "SpanCheck reaches an accuracy of 87.3% on SQuAD.",
    "The authors release a set of 12,500 examples with human labels.",
)
FABRICATED = (
    "SpanCheck reaches an accuracy of 99.9% on SQuAD.",
    "The verifier was trained on ImageNet-22K with 64 GPUs.",
    "The authors also evaluate on TriviaQA with 7 annotators.",
)
REPLY = " ".join(SUPPORTED + FABRICATED)


class ErrorDialogs(list[BaseException]):
    """Every exception that would have been shown as an error dialog."""


@pytest.fixture(autouse=True)
def error_dialogs(monkeypatch: pytest.MonkeyPatch) -> Iterator[ErrorDialogs]:
    """Capture error dialogs instead of opening modal boxes that would block the test."""
    shown = ErrorDialogs()
    monkeypatch.setattr(errors, "show_exception", lambda _parent, exc: shown.append(exc))
    yield shown


@pytest.fixture
def paper_pdf(tmp_path: Path) -> Path:
    """The two-column fixture paper."""
    folder = tmp_path / "papers"
    folder.mkdir()
    return two_column_paper(folder)


WindowFactory = Callable[..., MainWindow]


@pytest.fixture
def make_window(qtbot: object) -> Iterator[WindowFactory]:
    """Build MainWindows on the real Workspace with the given (or scripted) fake writer."""
    windows: list[MainWindow] = []

    def make(llm: LLM | None = None, max_retries: int = 0) -> MainWindow:
        settings = Settings(checker=CheckerSettings(max_retries=max_retries))
        writer = llm or FakeLLM(default=lambda _i, _c: REPLY)

        def factory(s: Settings) -> Workspace:
            return Workspace(s, llm=writer, judge=FakeLLM(), embedder=FakeEmbedder())

        window = MainWindow(settings, factory)
        qtbot.addWidget(window)  # type: ignore[attr-defined]
        window.show()
        windows.append(window)
        return window

    yield make
    for window in windows:
        window.close()
