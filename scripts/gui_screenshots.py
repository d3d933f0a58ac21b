"""Screenshots of the main window: a critique, its tooltips and evidence, both ways.

The five shots: the finished critique, a sentence's tooltip, its evidence highlighted in the
PDF, that evidence hovered in the PDF, naming its critique sentence, and text selected in the
PDF (dragged with the mouse) with the Pages tab of thumbnails.

Run under a real X server (for tooltips); the window fills the screen, e.g.:

    xvfb-run -s "-screen 0 1600x1000x24" python scripts/gui_screenshots.py PAPER.pdf OUT_DIR
    python scripts/gui_screenshots.py --fake PAPER.pdf OUT_DIR   # scripted model, seconds
    python scripts/gui_screenshots.py --dark ...                 # a dark desktop palette

Without --fake the configured (default) GGUF model writes the critique, which takes minutes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> int:
    """Open the paper, critique it, and save the screenshots."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("paper", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--fake", action="store_true", help="scripted model instead of the GGUF")
    parser.add_argument("--dark", action="store_true", help="a dark palette, as on dark desktops")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)

    from PySide6.QtCore import QPoint, QRectF, Qt, QTimer
    from PySide6.QtGui import QColor, QPalette, QTextCursor
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication, QToolTip

    from core.config import Settings
    from core.records import StoredCritique
    from core.workspace import Workspace
    from desktop import errors
    from desktop.main_window import MainWindow

    app = QApplication([sys.argv[0]])
    if args.dark:
        app.setStyle("Fusion")
        palette = QPalette()
        role = QPalette.ColorRole
        for r, rgb in (
            (role.Window, (45, 45, 48)),
            (role.WindowText, (220, 220, 220)),
            (role.Base, (30, 30, 32)),
            (role.AlternateBase, (40, 40, 44)),
            (role.Text, (220, 220, 220)),
            (role.Button, (50, 50, 54)),
            (role.ButtonText, (220, 220, 220)),
            (role.Highlight, (60, 110, 190)),
            (role.HighlightedText, (255, 255, 255)),
            (role.ToolTipBase, (60, 60, 64)),
            (role.ToolTipText, (230, 230, 230)),
            (role.PlaceholderText, (140, 140, 140)),
            (role.Dark, (25, 25, 27)),
            (role.Mid, (70, 70, 74)),
        ):
            palette.setColor(r, QColor(*rgb))
        app.setPalette(palette)
    settings = Settings.load()
    if args.fake:
        from tests.fakes import FakeEmbedder, FakeLLM
        from tests.gui.conftest import REPLY

        def factory(s: Settings) -> Workspace:
            return Workspace(
                s,
                llm=FakeLLM(default=lambda _i, _c: REPLY),
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

    def shoot(name: str, whole_screen: bool = False) -> None:
        path = args.out / name
        image = screen.grabWindow(0) if whole_screen else window.grab()
        image.save(str(path))
        print("saved", path)

    def pick(critique: StoredCritique) -> tuple[int, int] | None:
        """A flagged sentence with evidence (else any claim with evidence), and its page."""
        ranked = sorted(
            (v for v in critique.result.verdicts if v.claim.is_claim and v.evidence),
            key=lambda v: (not v.status.needs_review, v.claim.index),
        )
        if not ranked:
            return None
        verdict = ranked[0]
        return verdict.claim.index, max(verdict.evidence, key=lambda e: e.score).page

    def finished(critique: StoredCritique) -> None:
        print(critique.result.text)
        QTimer.singleShot(1500, lambda: after(critique))

    def after(critique: StoredCritique) -> None:
        shoot("1-finished.png")
        chosen = pick(critique)
        if chosen is None:
            app.quit()
            return
        index, _page = chosen
        view = window.critique_view
        view.focus_sentence(index)
        span = view.sentence_range(index)
        assert span is not None
        cursor = QTextCursor(view.document())
        cursor.setPosition((span[0] + span[1]) // 2)
        point = view.cursorRect(cursor).center()
        window.show_sentence_evidence(index)
        QTimer.singleShot(1500, lambda: tooltip(index, point))

    def tooltip(index: int, point: QPoint) -> None:
        view = window.critique_view
        QToolTip.showText(
            view.viewport().mapToGlobal(point), view.tooltip_for(index), view.viewport()
        )
        QTimer.singleShot(800, lambda: (shoot("2-tooltip.png", whole_screen=True), done()))

    def done() -> None:
        QToolTip.hideText()
        QTimer.singleShot(500, lambda: (shoot("3-evidence.png"), hover_mark()))

    def hover_mark() -> None:
        """Hover the focused sentence's evidence in the PDF: its tooltip names the sentence."""
        pdf = window.pdf_view
        highlight = pdf.highlight
        marks = [m for m in pdf.marks if highlight and m.page == highlight[0]]
        if not marks or highlight is None:
            app.quit()
            return
        x0, y0, x1, y1 = highlight[1][0]
        rect = pdf.page_rect_to_viewport(highlight[0], QRectF(x0, y0, x1 - x0, y1 - y0))
        point = rect.center().toPoint()
        tips = [m.tip for m in pdf.marks_at(point) if m.tip]
        if tips:
            QToolTip.showText(pdf.viewport().mapToGlobal(point), tips[0], pdf.viewport())
        QTimer.singleShot(
            800,
            lambda: (shoot("4-pdf-hover.png", whole_screen=True), QToolTip.hideText(), select()),
        )

    def select() -> None:
        """Drag over a few lines of the right-hand column and show the page thumbnails."""
        viewport = window.pdf_view.viewport()
        width, height = viewport.width(), viewport.height()
        start = QPoint(width * 56 // 100, height * 2 // 5)
        end = QPoint(width * 9 // 10, height // 2)
        QTest.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
        QTest.mouseMove(viewport, end)
        QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=end)
        print("selected:", window.pdf_view.selected_text()[:200])
        window.side_tabs.setCurrentWidget(window.thumbnails_view)
        QTimer.singleShot(2500, lambda: (shoot("5-selection-pages.png"), app.quit()))

    def opened(_sha: str) -> None:
        if window.current is not None and window.current.critique is not None:
            finished(window.current.critique)
        else:
            window.request_critique(None)

    window.paper_opened.connect(opened)
    window.critique_finished.connect(finished)
    window.critique_stopped.connect(app.quit)
    window.warmed_up.connect(lambda: window.open_files([args.paper.resolve()]))
    code = app.exec()
    window.close()
    return int(code)


if __name__ == "__main__":
    raise SystemExit(main())
