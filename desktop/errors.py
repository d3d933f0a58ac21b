"""The one place errors become dialogs: a readable message, details on demand."""

from __future__ import annotations

import traceback

from PySide6.QtWidgets import QMessageBox, QWidget

from core.errors import AppError


def describe(exc: BaseException) -> tuple[str, str]:
    """The main text and the advice line for an error, never a traceback."""
    if isinstance(exc, AppError):
        return exc.user_message() or type(exc).__name__, exc.help_message
    if isinstance(exc, MemoryError):
        return (
            "The computer ran out of memory.",
            "Close other programs, or pick a smaller model or context size in Settings.",
        )
    if isinstance(exc, FileNotFoundError):
        name = exc.filename or str(exc)
        return f"File not found: {name}", ""
    if isinstance(exc, PermissionError):
        name = exc.filename or str(exc)
        return f"Permission denied: {name}", "Check that the file or folder is writable."
    if isinstance(exc, OSError):
        return f"A file operation failed: {exc.strerror or exc}", ""
    first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return f"Something went wrong: {first}", "Details below can help when reporting the problem."


def details(exc: BaseException) -> str:
    """The full traceback, shown only behind the dialog's Show Details button."""
    return "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))


def show_exception(parent: QWidget | None, exc: BaseException) -> None:
    """Show ``exc`` as a warning dialog with its traceback as detailed text."""
    text, advice = describe(exc)
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle("DeepRead")
    box.setText(text)
    if advice:
        box.setInformativeText(advice)
    box.setDetailedText(details(exc))
    box.setStandardButtons(QMessageBox.StandardButton.Ok)
    box.exec()
