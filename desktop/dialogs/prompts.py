"""Small modal questions, kept in one module so tests can answer them."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QInputDialog,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)


def confirm(parent: QWidget | None, title: str, text: str, yes: str = "OK") -> bool:
    """Ask a yes/no question; True when the user agrees."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(title)
    box.setText(text)
    ok = box.addButton(yes, QMessageBox.ButtonRole.AcceptRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.exec()
    return box.clickedButton() is ok


def ask_text(
    parent: QWidget | None, title: str, label: str, text: str = "", multiline: bool = False
) -> str | None:
    """Ask for a line (or a paragraph) of text; None when cancelled."""
    if multiline:
        return _ask_paragraph(parent, title, label, text)
    else:
        value, ok = QInputDialog.getText(parent, title, label, text=text)
    return value if ok else None


def _ask_paragraph(parent: QWidget | None, title: str, label: str, text: str) -> str | None:
    """A roomy editor whose lines wrap, for rewriting a sentence."""
    dialog = QDialog(parent)
    dialog.setWindowTitle(title)
    edit = QPlainTextEdit(text)
    edit.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
    edit.setMinimumSize(520, 140)
    buttons = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
    )
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    caption = QLabel(label)
    caption.setWordWrap(True)
    layout = QVBoxLayout(dialog)
    layout.addWidget(caption)
    layout.addWidget(edit, 1)
    layout.addWidget(buttons)
    return edit.toPlainText() if dialog.exec() else None


def ask_open_pdfs(parent: QWidget | None, start_dir: str = "") -> list[Path]:
    """Pick one or more PDF files to open."""
    names, _ = QFileDialog.getOpenFileNames(parent, "Open paper", start_dir, "PDF files (*.pdf)")
    return [Path(n) for n in names]


def ask_save_path(
    parent: QWidget | None, caption: str, suggested: Path, name_filter: str
) -> Path | None:
    """Pick where to save; overwriting is confirmed separately by the caller."""
    name, _ = QFileDialog.getSaveFileName(
        parent,
        caption,
        str(suggested),
        name_filter,
        options=QFileDialog.Option.DontConfirmOverwrite,
    )
    return Path(name) if name else None
