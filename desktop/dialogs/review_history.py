"""The review history of a paper's critique: who accepted, rejected or edited what, and when."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from core.records import AuditEntry
from core.review_log import audit_line

COLUMNS = ("When", "Who", "What", "Before", "After", "Note")


class ReviewHistoryDialog(QDialog):
    """A read-only table of the audit log, oldest first (as ``deepread review --log``)."""

    def __init__(
        self, title: str, entries: Sequence[AuditEntry], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Review History — {title}" if title else "Review History")
        self.table = QTableWidget(0, len(COLUMNS), self)
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setWordWrap(True)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        for column in range(len(COLUMNS)):
            mode = (
                QHeaderView.ResizeMode.ResizeToContents
                if column < 3
                else (QHeaderView.ResizeMode.Stretch)
            )
            header.setSectionResizeMode(column, mode)
        for entry in entries:
            line = audit_line(entry)
            row = self.table.rowCount()
            self.table.insertRow(row)
            for column, text in enumerate(
                (line.when, line.who, line.what, line.before, line.after, line.note)
            ):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                self.table.setItem(row, column, item)
        self.table.resizeRowsToContents()
        empty = QLabel("No change has been recorded for this critique yet.")
        empty.setVisible(not entries)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(empty)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        self.resize(980, 420)
