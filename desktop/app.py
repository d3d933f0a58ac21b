"""The ``deepread`` entry point: the window, or the command line for any other subcommand."""

from __future__ import annotations

import os
import sys
from pathlib import Path

GUI_COMMANDS = ("open",)


def main(argv: list[str] | None = None) -> int:
    """Run DeepRead.

    ``deepread`` opens the window, ``deepread open PAPER.pdf`` opens it on a paper, and any
    other first argument is a command-line subcommand handled by ``core.cli`` (without
    importing Qt, so scripts start fast and run without a display).

    Args:
        argv: The full argument vector, program name first; defaults to ``sys.argv``.

    Returns:
        The process exit code.
    """
    argv = list(sys.argv if argv is None else argv)
    args = argv[1:]
    if args and args[0] not in GUI_COMMANDS:
        from core import cli

        return int(cli.main(args) or 0)
    paths = [Path(a) for a in args[1:]]
    return run_gui(paths)


def run_gui(paths: list[Path]) -> int:
    """Show the main window, opening ``paths`` once it is up."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from core.config import Settings
    from core.errors import AppError
    from core.workspace import Workspace
    from desktop.fonts import ensure_chinese_font
    from desktop.main_window import MainWindow

    instance = QApplication.instance()
    app = (
        instance
        if isinstance(instance, QApplication)
        else QApplication([sys.argv[0] if sys.argv else "deepread"])
    )
    app.setApplicationName("DeepRead")
    app.setOrganizationName("DeepRead")
    app.setApplicationDisplayName("DeepRead")
    ensure_chinese_font()
    icon = Path(__file__).resolve().parent.parent / "resources" / "deepread.svg"
    if icon.is_file():
        from PySide6.QtGui import QIcon

        app.setWindowIcon(QIcon(str(icon)))
    try:
        settings = Settings.load()
    except (AppError, ValueError) as exc:
        print(f"deepread: cannot read the settings: {exc}", file=sys.stderr)
        settings = Settings()
    window = MainWindow(settings, lambda s: Workspace(s))
    window.show()
    if os.environ.get("DEEPREAD_REPORT_SHOWN"):
        # NOTE: packaging/smoke_test.py times start-up to this line; the timer fires once the
        # event loop has processed the show.
        QTimer.singleShot(0, lambda: print("deepread: window shown", flush=True))
    if settings.load_warning:
        from PySide6.QtWidgets import QMessageBox

        warning = settings.load_warning
        QTimer.singleShot(0, lambda: QMessageBox.warning(window, "Settings", warning))
    missing = [p for p in paths if not p.is_file()]
    if missing:
        from desktop import errors

        QTimer.singleShot(
            0,
            lambda: errors.show_exception(
                window, FileNotFoundError(2, "No such file", str(missing[0]))
            ),
        )
    existing = [p.resolve() for p in paths if p.is_file()]
    if existing:
        QTimer.singleShot(0, lambda: window.open_files(existing))
    return int(app.exec())


if __name__ == "__main__":
    raise SystemExit(main())
