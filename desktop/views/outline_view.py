"""The paper's outline: its headings with their pages; choosing one scrolls the PDF there."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from core.types import BlockKind, Paper

PLACE_ROLE = Qt.ItemDataRole.UserRole + 1


def outline(paper: Paper) -> list[tuple[str, int, float]]:
    """(heading, page, top in PDF points) of every heading block, in reading order."""
    return [
        (" ".join(b.text.split()), b.page, b.bbox[1])
        for b in paper.blocks
        if b.kind in (BlockKind.TITLE, BlockKind.HEADING) and b.text.strip()
    ]


class OutlineView(QWidget):
    """Headings of the open paper."""

    heading_chosen = Signal(int, float)  # page (1-based), top in PDF points

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.itemActivated.connect(self._chosen)
        self.list.itemClicked.connect(self._chosen)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.list)

    def set_paper(self, paper: Paper | None) -> None:
        """Show the headings of ``paper`` (None empties the list)."""
        self.list.clear()
        if paper is None:
            return
        for text, page, top in outline(paper):
            item = QListWidgetItem(f"{text}  ·  p. {page}")
            item.setData(PLACE_ROLE, (page, top))
            self.list.addItem(item)
        if not self.list.count():
            self.list.addItem("No headings were found in this paper.")

    def _chosen(self, item: QListWidgetItem) -> None:
        place = item.data(PLACE_ROLE)
        if place:
            self.heading_chosen.emit(int(place[0]), float(place[1]))
