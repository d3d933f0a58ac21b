"""Every critique run of the open paper, newest first; choosing one shows it."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from core.counts import critique_counts
from core.export.reviewed import format_time
from core.records import StoredCritique

ID_ROLE = Qt.ItemDataRole.UserRole + 1


def history_line(critique: StoredCritique) -> str:
    """One run in words: when, which model and language, the counts."""
    result = critique.result
    counts = critique_counts(result.verdicts, critique.reviews)
    return (
        f"{format_time(critique.created_at)} · {result.model} · {result.language}\n"
        f"{counts.flagged} of {counts.claims} claims flagged ({counts.flagged_ratio:.0%}), "
        f"{counts.need_review} need review, {counts.reviewed} reviewed"
    )


class HistoryView(QWidget):
    """The paper's critique runs; each keeps its own reviews."""

    critique_chosen = Signal(int)  # critique id

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.note = QLabel(
            "Every run is kept with its reviews. A new run takes over the reviews of the "
            "sentences it repeats word for word."
        )
        self.note.setWordWrap(True)
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.setAlternatingRowColors(True)
        self.list.itemActivated.connect(self._chosen)
        self.list.itemClicked.connect(self._chosen)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.note)
        layout.addWidget(self.list, 1)

    def set_history(self, critiques: list[StoredCritique], shown: int | None) -> None:
        """List ``critiques`` (newest first), marking the one shown."""
        self.list.clear()
        for critique in critiques:
            item = QListWidgetItem(history_line(critique))
            item.setData(ID_ROLE, critique.id)
            if critique.id == shown:
                font = QFont(item.font())
                font.setBold(True)
                item.setFont(font)
                item.setToolTip("Shown now")
            self.list.addItem(item)

    def ids(self) -> list[int]:
        """The critique ids listed, newest first."""
        return [int(self.list.item(i).data(ID_ROLE)) for i in range(self.list.count())]

    def _chosen(self, item: QListWidgetItem) -> None:
        self.critique_chosen.emit(int(item.data(ID_ROLE)))
