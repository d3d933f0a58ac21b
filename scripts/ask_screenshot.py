"""A screenshot of the Ask tab: a question answered by the model, checked sentence by sentence.

The window opens the paper, asks the question in the Ask tab, waits for the checked answer,
jumps the PDF to the evidence of its first sourced sentence, hovers that sentence (its tooltip
names status, reason and evidence) and saves the screen. Run under a
real X server, with the window filling the screen, e.g.:

    xvfb-run -s "-screen 0 1600x1000x24" python scripts/ask_screenshot.py PAPER.pdf OUT.png \
        "Which datasets are used?"
    python scripts/ask_screenshot.py --fake PAPER.pdf OUT.png "..."   # scripted model, seconds

Without --fake the configured (default) GGUF model answers, which takes a minute or more.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> int:
    """Open the paper, ask the question, save the screenshot."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("paper", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("question")
    parser.add_argument("--fake", action="store_true", help="scripted model instead of the GGUF")
    args = parser.parse_args()

    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QTextCursor
    from PySide6.QtWidgets import QApplication, QToolTip

    from core.ask.result import StoredAnswer
    from core.config import Settings
    from core.workspace import Workspace
    from desktop import errors
    from desktop.main_window import MainWindow

    app = QApplication([sys.argv[0]])
    settings = Settings.load()
    if args.fake:
        from tests.fakes import FakeEmbedder, FakeLLM

        def factory(s: Settings) -> Workspace:
            return Workspace(
                s,
                llm=FakeLLM(default=lambda _i, _c: "The paper evaluates on two datasets (p. 1)."),
                judge=FakeLLM(),
                embedder=FakeEmbedder(),
            )
    else:

        def factory(s: Settings) -> Workspace:
            return Workspace(s)

    def fail(_parent: object, exc: BaseException) -> None:
        print("error dialog:", errors.describe(exc), errors.details(exc), file=sys.stderr)
        app.exit(2)

    errors.show_exception = fail  # type: ignore[assignment]
    window = MainWindow(settings, factory)
    screen = app.primaryScreen()
    window.setGeometry(screen.availableGeometry())
    window.show()
    asked = False

    def opened(_sha: str) -> None:
        nonlocal asked
        if asked:
            return
        asked = True
        window.reading_tabs.setCurrentWidget(window.ask_view)
        window.ask_view.question.setText(args.question)
        # Once the stored answers are listed, so the new answer is not replaced by an old one.
        QTimer.singleShot(1000, window.ask_view.ask_button.click)

    def answered(answer: StoredAnswer) -> None:
        result = answer.result
        print(f"Q: {result.question}\nA: {result.text}")
        for v in result.verdicts:
            pages = sorted({e.page for e in v.evidence})
            print(f"  [{v.status.value}] {v.claim.text}  pages {pages}")
        sourced = [v for v in result.verdicts if v.claim.is_claim and v.evidence]
        sourced.sort(key=lambda v: (v.status.needs_review, v.claim.index))
        if not sourced:
            QTimer.singleShot(2000, shoot)
            return
        window.ask.show_evidence(sourced[0])
        QTimer.singleShot(1500, lambda: hover(sourced[0].claim.index))

    def hover(index: int) -> None:
        """Show the sentence's tooltip (status, reason, evidence) as the mouse would."""
        view = window.ask_view.answer_view
        span = view.sentence_range(index)
        if span is not None:
            cursor = QTextCursor(view.document())
            cursor.setPosition((span[0] + span[1]) // 2)
            point = view.viewport().mapToGlobal(view.cursorRect(cursor).center())
            QToolTip.showText(point, view.tooltip_for(index), view.viewport())
        QTimer.singleShot(800, shoot)

    def shoot() -> None:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        # The whole screen, so the tooltip is in the picture; the window fills the screen.
        screen.grabWindow(0).save(str(args.out))
        print("saved", args.out)
        app.quit()

    window.paper_opened.connect(opened)
    window.ask.answered.connect(answered)
    window.ask.stopped.connect(app.quit)
    window.warmed_up.connect(lambda: window.open_files([args.paper.resolve()]))
    code = app.exec()
    window.close()
    return int(code)


if __name__ == "__main__":
    raise SystemExit(main())
