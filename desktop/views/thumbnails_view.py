"""Page thumbnails: small renders of the visible pages only, made a step per event-loop turn.

PyMuPDF keeps the GIL while it renders, so a worker thread would stall the window just the
same; instead each page is rendered in two short steps (display list, then a small pixmap)
on the GUI thread, under the PyMuPDF lock taken only when free, and only while the
thumbnail is on screen.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QAbstractListModel,
    QModelIndex,
    QPersistentModelIndex,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QColor, QImage, QPixmap, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QAbstractItemView, QListView, QWidget

from core import pdf_access
from core.errors import BadPdfError

if TYPE_CHECKING:
    import pymupdf

#: Longest side of a thumbnail in logical pixels.
THUMB_PX = 150
BUSY_RETRY_MS = 5

Index = QModelIndex | QPersistentModelIndex


class ThumbnailModel(QAbstractListModel):
    """One row per page: its number and, once rendered, its picture."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._sizes: list[tuple[float, float]] = []
        self._images: dict[int, QPixmap] = {}
        self._blank = QPixmap()

    def set_pages(self, sizes: list[tuple[float, float]], blank: QPixmap) -> None:
        """Start over with pages of these sizes (PDF points); ``blank`` stands in until drawn."""
        self.beginResetModel()
        self._sizes = list(sizes)
        self._images = {}
        self._blank = blank
        self.endResetModel()

    def set_image(self, row: int, image: QPixmap) -> None:
        """The rendered thumbnail of page ``row + 1``."""
        self._images[row] = image
        index = self.index(row)
        self.dataChanged.emit(index, index, [Qt.ItemDataRole.DecorationRole])

    def has_image(self, row: int) -> bool:
        """True once page ``row + 1`` is rendered."""
        return row in self._images

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        """Pages."""
        return 0 if parent.isValid() else len(self._sizes)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        """The page number, its thumbnail and a tooltip."""
        if not index.isValid():
            return None
        row = index.row()
        if role == Qt.ItemDataRole.DisplayRole:
            return str(row + 1)
        if role == Qt.ItemDataRole.DecorationRole:
            return self._images.get(row, self._blank)
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"Page {row + 1}"
        return None


class ThumbnailsView(QListView):
    """A grid of page thumbnails; clicking one goes to its page."""

    page_chosen = Signal(int)  # 1-based
    thumbnail_ready = Signal(int)  # 1-based page just rendered

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.pages = ThumbnailModel(self)
        self.setModel(self.pages)
        self.setViewMode(QListView.ViewMode.IconMode)
        self.setMovement(QListView.Movement.Static)
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.setWrapping(True)
        self.setUniformItemSizes(True)  # so the view never asks every row for its size
        self.setSpacing(8)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self._doc: pymupdf.Document | None = None
        self._scale = 1.0
        self._dlist: tuple[int, pymupdf.DisplayList] | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._render_next)
        self.clicked.connect(self._chosen)
        self.activated.connect(self._chosen)
        self.verticalScrollBar().valueChanged.connect(lambda _v: self._schedule())

    def set_document(self, path: Path | None) -> None:
        """Show the pages of the PDF at ``path`` (None shows nothing).

        Raises:
            BadPdfError: the file cannot be opened as a PDF.
        """
        with pdf_access.hold() as pymupdf:
            if self._doc is not None:
                self._doc.close()
            self._doc, self._dlist = None, None
            sizes: list[tuple[float, float]] = []
            if path is not None:
                try:
                    doc = pymupdf.open(str(path))
                except Exception as exc:
                    raise BadPdfError(f"Cannot open {path}: {exc}") from exc
                sizes = [(p.rect.width, p.rect.height) for p in doc]
                self._doc = doc
        longest = max((max(w, h) for w, h in sizes), default=1.0)
        self._scale = THUMB_PX / longest
        width = max((w for w, _ in sizes), default=0.0) * self._scale
        height = max((h for _, h in sizes), default=0.0) * self._scale
        box = QSize(max(1, round(width)), max(1, round(height)))
        blank = QPixmap(box)
        blank.fill(QColor("white"))
        self.setIconSize(box)
        self.pages.set_pages(sizes, blank)
        if sizes:
            self.setCurrentIndex(self.pages.index(0))  # a paper opens at its first page
        self._schedule()

    def set_current_page(self, page: int) -> None:
        """Mark the page shown in the PDF view (1-based) and keep it in sight."""
        index = self.pages.index(page - 1)
        if index.isValid() and self.currentIndex() != index:
            self.setCurrentIndex(index)
            self.scrollTo(index)

    def visible_rows(self) -> list[int]:
        """Rows whose thumbnail is at least partly on screen."""
        area = self.viewport().rect()
        return [
            row
            for row in range(self.pages.rowCount())
            if self.visualRect(self.pages.index(row)).intersects(area)
        ]

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        """Render what became visible."""
        super().showEvent(event)
        self._schedule()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        """Render what became visible."""
        super().resizeEvent(event)
        self._schedule()

    def _schedule(self, delay: int = 0) -> None:
        if not self._timer.isActive():
            self._timer.start(delay)

    def _render_next(self) -> None:
        """One step: a display list for the next missing visible page, or its pixmap."""
        if self._doc is None or not self.isVisible():
            return
        missing = [r for r in self.visible_rows() if not self.pages.has_image(r)]
        if not missing:
            return
        row = self._dlist[0] if self._dlist and self._dlist[0] in missing else missing[0]
        with pdf_access.try_hold() as pymupdf:
            if pymupdf is None:
                # NOTE: the worker or the page view has PyMuPDF; waiting would stall the GUI.
                self._schedule(BUSY_RETRY_MS)
                return
            if self._dlist is None or self._dlist[0] != row:
                self._dlist = (row, self._doc[row].get_displaylist())
                self._schedule()
                return
            image = self._raster(pymupdf, self._dlist[1])
            self._dlist = None
        self.pages.set_image(row, QPixmap.fromImage(image))
        self.thumbnail_ready.emit(row + 1)
        self._schedule()

    def _raster(self, pymupdf: ModuleType, dlist: pymupdf.DisplayList) -> QImage:
        """The small picture of a page (the caller holds the PyMuPDF lock)."""
        dpr = self.devicePixelRatioF()
        factor = self._scale * dpr
        pix = dlist.get_pixmap(matrix=pymupdf.Matrix(factor, factor), alpha=False)
        image = QImage(pix.samples, pix.width, pix.height, pix.stride, QImage.Format.Format_RGB888)
        image = image.copy()  # NOTE: detach from PyMuPDF's buffer, which is freed with pix
        image.setDevicePixelRatio(dpr)
        return image

    def _chosen(self, index: QModelIndex) -> None:
        if index.isValid():
            self.page_chosen.emit(index.row() + 1)
