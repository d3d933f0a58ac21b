"""The library pane's table: one row per paper."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from core.records import PaperInfo, PaperStatus

Index = QModelIndex | QPersistentModelIndex


def status_text(info: PaperInfo) -> str:
    """Status as the library pane words it, with the flagged count once critiqued."""
    if info.status is PaperStatus.CRITIQUED:
        if info.flagged_count:
            return f"{info.flagged_count} flagged"
        return "critiqued, none flagged"
    return info.status.value


class LibraryModel(QAbstractTableModel):
    """Title, pages, status and date of every paper in the library."""

    HEADERS = ("Title", "Pages", "Status", "Added")
    SHA_ROLE = Qt.ItemDataRole.UserRole + 1

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._papers: list[PaperInfo] = []

    def set_papers(self, papers: list[PaperInfo]) -> None:
        """Replace every row."""
        self.beginResetModel()
        self._papers = list(papers)
        self.endResetModel()

    def papers(self) -> list[PaperInfo]:
        """The rows, in display order."""
        return list(self._papers)

    def info_at(self, row: int) -> PaperInfo | None:
        """The paper on ``row``, or None."""
        return self._papers[row] if 0 <= row < len(self._papers) else None

    def row_of(self, sha256: str) -> int:
        """The row of a paper, or -1."""
        for row, info in enumerate(self._papers):
            if info.sha256 == sha256:
                return row
        return -1

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        """Number of papers."""
        return 0 if parent.isValid() else len(self._papers)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        """Number of columns."""
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        """Column titles."""
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.HEADERS[section]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Cell text, tooltips and the paper's sha256 under SHA_ROLE."""
        info = self.info_at(index.row())
        if info is None:
            return None
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if col == 0:
                return info.title or info.path.rsplit("/", 1)[-1]
            if col == 1:
                return info.pages
            if col == 2:
                return status_text(info)
            if col == 3:
                return info.added_at.strftime("%Y-%m-%d")
        elif role == Qt.ItemDataRole.ToolTipRole:
            authors = ", ".join(info.authors)
            added = "Added " + info.added_at.strftime("%Y-%m-%d %H:%M")
            state = f"Status: {info.status.value}" + (
                f", {info.flagged_count} flagged" if info.flagged_count else ""
            )
            return "\n".join(x for x in (info.title, authors, info.path, state, added) if x)
        elif role == Qt.ItemDataRole.TextAlignmentRole and col == 1:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        elif role == self.SHA_ROLE:
            return info.sha256
        return None
