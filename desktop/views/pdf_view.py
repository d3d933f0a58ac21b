"""Continuous PDF page view: lazy PyMuPDF rendering, zoom, navigation, evidence highlights.

Evidence is drawn line by line: each mark holds the line boxes of one paper sentence and the
critique sentence it belongs to, so hovering a mark names that sentence and clicking it goes
there. Dragging over the text selects words (double-click selects one); Ctrl+C or the context
menu copies them.
"""

from __future__ import annotations

from collections import OrderedDict
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QContextMenuEvent,
    QGuiApplication,
    QHelpEvent,
    QImage,
    QKeyEvent,
    QKeySequence,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QAbstractScrollArea, QMenu, QToolTip, QWidget

from core import pdf_access
from core.colours import EVIDENCE_COLOURS, EvidenceRole
from core.errors import BadPdfError
from core.types import BBox
from desktop.views.text_selection import PagePoint, PageWords, TextSelection, line_boxes

if TYPE_CHECKING:
    import pymupdf

#: Logical pixels per PDF point at 100 % (96 dpi screens vs 72 points per inch).
POINTS_TO_PX = 96 / 72
MIN_ZOOM, MAX_ZOOM = 0.25, 4.0
#: One Zoom In step: small enough to fine-tune a fit; 100 % is never stepped over.
ZOOM_FACTOR = 1.15
#: Alpha of every evidence mark, and of the marks of the sentence in focus.
MARK_ALPHA, FOCUS_ALPHA = 40, 60
FOUND_FILL = QColor(255, 200, 0, 120)
#: Selected text: neutral grey, so it never reads as evidence (green, blue) or a search hit.
SELECTION_FILL = QColor(60, 60, 75, 75)
#: Pixels the mouse must move with the button down before a click becomes a selection.
DRAG_PX = 4


@dataclass(frozen=True)
class PdfMark:
    """A passage of the paper tied to one critique sentence: its line boxes on one page."""

    page: int  # 1-based
    boxes: tuple[BBox, ...]  # PDF points, one per line
    sentence: int  # claim index of the critique sentence
    role: EvidenceRole
    tip: str = ""  # hover text (rich text)


class PdfView(QAbstractScrollArea):
    """All pages of one PDF stacked vertically; only visible pages are rendered.

    Zoom is a factor of 100 % (one PDF point = 4/3 logical pixels). Rendered pages are
    cached per zoom and device pixel ratio, so scrolling back is instant and pages stay crisp
    on high-DPI screens.
    """

    page_changed = Signal(int)  # 1-based
    zoom_changed = Signal(float)
    mark_activated = Signal(int)  # claim index of the critique sentence

    GAP = 12
    CACHE_PAGES = 24
    BUSY_RETRY_MS = 5

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._doc: pymupdf.Document | None = None
        self._path: Path | None = None
        self._sizes: list[tuple[float, float]] = []  # page sizes in points
        self._tops: list[int] = []  # page tops in content pixels
        self._zoom = 1.0
        self._fit: str | None = "width"
        self._cache: OrderedDict[int, _PageImage] = OrderedDict()
        self._pending: list[int] = []
        self._highlight: tuple[int, tuple[BBox, ...]] | None = None
        self._marks: list[PdfMark] = []
        self._focus: int | None = None  # critique sentence whose marks are emphasised
        self._found: tuple[int, tuple[BBox, ...]] | None = None
        self._press: QPoint | None = None
        self._words: dict[int, PageWords] = {}  # page index -> words, loaded on first use
        self._selection: TextSelection | None = None
        self._drag_from: PagePoint | None = None
        self._selecting = False
        self._current = 0
        self._render_timer = QTimer(self)
        self._render_timer.setSingleShot(True)
        self._render_timer.setInterval(0)
        self._render_timer.timeout.connect(self._render_next)
        self.verticalScrollBar().valueChanged.connect(self._on_scrolled)
        self.horizontalScrollBar().valueChanged.connect(lambda _v: self.viewport().update())
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.viewport().setAutoFillBackground(False)
        self.viewport().setMouseTracking(True)

    # document ----------------------------------------------------------------------------

    @property
    def path(self) -> Path | None:
        """The open file, or None."""
        return self._path

    @property
    def page_count(self) -> int:
        """Pages in the open document (0 when none)."""
        return len(self._sizes)

    def open(self, path: Path) -> None:
        """Show ``path`` from its first page.

        Raises:
            BadPdfError: the file is missing or cannot be opened as a PDF.
        """
        # NOTE: PyMuPDF is imported by the owner on first use, not at module level: it takes
        # over a second, and the worker lane has usually imported it before a paper opens.
        with pdf_access.hold() as pymupdf:
            try:
                doc = pymupdf.open(str(path))
            except Exception as exc:
                raise BadPdfError(f"Cannot open {path}: {exc}") from exc
            if not doc.is_pdf or doc.page_count == 0:
                doc.close()
                raise BadPdfError(f"{path} is not a PDF with pages.")
            sizes = [(p.rect.width, p.rect.height) for p in doc]
        self.close_document()
        self._doc = doc
        self._path = Path(path)
        self._sizes = sizes
        self._current = 0
        if self._fit is not None:
            self._zoom = self._fit_zoom()
        self._relayout()
        self.verticalScrollBar().setValue(0)
        self.page_changed.emit(1)

    def close_document(self) -> None:
        """Show nothing."""
        with pdf_access.hold():
            if self._doc is not None:
                self._doc.close()
            self._doc = None
            self._cache.clear()
        self._path = None
        self._sizes = []
        self._tops = []
        self._pending.clear()
        self._highlight = None
        self._marks = []
        self._found = None
        self._words = {}
        self._selection = None
        self._drag_from = None
        self._relayout()

    # zoom --------------------------------------------------------------------------------

    @property
    def zoom(self) -> float:
        """Current zoom factor (1.0 = 100 %)."""
        return self._zoom

    def set_zoom(self, zoom: float) -> None:
        """Zoom to a fixed factor, keeping the current position."""
        self._fit = None
        self._apply_zoom(max(MIN_ZOOM, min(MAX_ZOOM, zoom)))

    def zoom_in(self) -> None:
        """One step (15 %) bigger."""
        self.set_zoom(step_zoom(self._zoom, ZOOM_FACTOR))

    def zoom_out(self) -> None:
        """One step (15 %) smaller."""
        self.set_zoom(step_zoom(self._zoom, 1 / ZOOM_FACTOR))

    def fit_width(self) -> None:
        """Zoom so the widest page fills the view's width (kept on resize)."""
        self._fit = "width"
        self._apply_zoom(self._fit_zoom())

    def fit_page(self) -> None:
        """Zoom so a whole page fits in the view (kept on resize)."""
        self._fit = "page"
        self._apply_zoom(self._fit_zoom())

    def _fit_zoom(self) -> float:
        if not self._sizes:
            return self._zoom
        width = max(w for w, _ in self._sizes) * POINTS_TO_PX
        height = max(h for _, h in self._sizes) * POINTS_TO_PX
        # NOTE: leave room for the vertical scroll bar so fitting does not toggle it.
        avail_w = self.viewport().width() - 2 * self.GAP
        if self.verticalScrollBar().isHidden():
            avail_w -= self.verticalScrollBar().sizeHint().width()
        zoom = avail_w / width
        if self._fit == "page":
            zoom = min(zoom, (self.viewport().height() - 2 * self.GAP) / height)
        return max(0.1, zoom)

    def _apply_zoom(self, zoom: float) -> None:
        if abs(zoom - self._zoom) < 1e-4:
            return
        page, frac = self._position()
        centre = self._horizontal_centre()
        self._zoom = zoom
        self._relayout()
        self._scroll_to(page, frac)
        self._set_horizontal_centre(centre)
        self.zoom_changed.emit(zoom)

    def _horizontal_centre(self) -> float:
        """The view's centre as a share of the content width, kept across zooms."""
        width = max(self._content_width(), self.viewport().width())
        return (self.horizontalScrollBar().value() + self.viewport().width() / 2) / max(1, width)

    def _set_horizontal_centre(self, centre: float) -> None:
        width = max(self._content_width(), self.viewport().width())
        self.horizontalScrollBar().setValue(round(centre * width - self.viewport().width() / 2))

    # navigation --------------------------------------------------------------------------

    def current_page(self) -> int:
        """The 1-based page at the top third of the view (0 when nothing is open)."""
        return self._current + 1 if self._sizes else 0

    def go_to_page(self, page: int) -> None:
        """Scroll so ``page`` (1-based) starts at the top of the view."""
        if not self._sizes:
            return
        index = max(0, min(len(self._sizes) - 1, page - 1))
        self.verticalScrollBar().setValue(self._tops[index] - self.GAP // 2)
        # NOTE: the last pages cannot scroll to the top; the page asked for is still current.
        self._set_current(index)

    def show_position(self, page: int, top: float) -> None:
        """Scroll so that ``top`` (PDF points) of ``page`` (1-based) is near the view's top."""
        if not self._sizes or not 1 <= page <= len(self._sizes):
            return
        y = self._tops[page - 1] + int(top * self._scale()) - 2 * self.GAP
        self.verticalScrollBar().setValue(max(0, y))
        self._set_current(page - 1)

    def next_page(self) -> None:
        """Go one page down."""
        self.go_to_page(self.current_page() + 1)

    def previous_page(self) -> None:
        """Go one page up."""
        self.go_to_page(self.current_page() - 1)

    # highlights --------------------------------------------------------------------------

    def set_marks(self, marks: list[PdfMark]) -> None:
        """Show every evidence passage of the critique, faintly; each knows its sentence."""
        self._marks = list(marks)
        self._focus = None
        self._highlight = None
        self.viewport().update()

    def add_marks(self, marks: list[PdfMark]) -> None:
        """Add marks (while a critique is being checked), keeping the focus."""
        self._marks.extend(marks)
        self.viewport().update()

    @property
    def marks(self) -> list[PdfMark]:
        """The evidence marks shown."""
        return list(self._marks)

    def focus_sentence(self, sentence: int, scroll: bool = True) -> int | None:
        """Emphasise the marks of one critique sentence and (with ``scroll``) go to them.

        The first mark of the sentence is its best evidence; the others on the same page are
        emphasised with it. Returns the page shown (1-based), or None without marks.
        """
        own = [m for m in self._marks if m.sentence == sentence]
        self._focus = sentence
        if not own:
            self._highlight = None
            self.viewport().update()
            return None
        page = own[0].page
        boxes = tuple(b for m in own if m.page == page for b in m.boxes)
        if scroll:
            self.show_evidence(page, boxes)
        else:
            self._highlight = (page - 1, boxes)
            self.viewport().update()
        return page

    def marks_at(self, point: QPoint) -> list[PdfMark]:
        """The marks under a viewport point, the focused sentence's first."""
        hit = self._page_point(point)
        if hit is None:
            return []
        index, x, y = hit
        found = [
            m
            for m in self._marks
            if m.page == index + 1
            and any(b[0] - 2 <= x <= b[2] + 2 and b[1] - 2 <= y <= b[3] + 2 for b in m.boxes)
        ]
        return sorted(found, key=lambda m: m.sentence != self._focus)

    def show_found(self, page: int, boxes: tuple[BBox, ...]) -> None:
        """Mark a search hit and scroll it into view (None-like empty boxes clear it)."""
        self._found = (page - 1, boxes) if boxes else None
        if boxes:
            self._scroll_into_view(page, boxes)
        self.viewport().update()

    @property
    def found(self) -> tuple[int, tuple[BBox, ...]] | None:
        """The marked search hit as (1-based page, boxes), or None."""
        if self._found is None:
            return None
        return self._found[0] + 1, self._found[1]

    def show_evidence(self, page: int, bboxes: list[BBox] | tuple[BBox, ...]) -> None:
        """Highlight ``bboxes`` (PDF points) on ``page`` (1-based) and scroll them into view."""
        if not self._sizes or not 1 <= page <= len(self._sizes):
            return
        boxes = tuple(tuple(b) for b in bboxes if b)  # type: ignore[misc]
        self._highlight = (page - 1, boxes)  # type: ignore[assignment]
        self._scroll_into_view(page, boxes)  # type: ignore[arg-type]
        self.viewport().update()

    def _scroll_into_view(self, page: int, boxes: tuple[BBox, ...]) -> None:
        if boxes:
            top = min(b[1] for b in boxes) * self._scale()
            left = min(b[0] for b in boxes) * self._scale()
            right = max(b[2] for b in boxes) * self._scale()
            y = self._tops[page - 1] + int(top) - self.viewport().height() // 3
            x0 = self._page_left(page - 1)
            hbar = self.horizontalScrollBar()
            if hbar.maximum() > 0:
                center = x0 + int((left + right) / 2) - self.viewport().width() // 2
                hbar.setValue(center)
            self.verticalScrollBar().setValue(max(0, y))
        self._set_current(page - 1)

    def clear_highlights(self) -> None:
        """Remove every mark and highlight."""
        self._highlight = None
        self._marks = []
        self._focus = None
        self._found = None
        self.viewport().update()

    @property
    def highlight(self) -> tuple[int, tuple[BBox, ...]] | None:
        """The highlighted (1-based page, boxes), or None."""
        if self._highlight is None:
            return None
        return self._highlight[0] + 1, self._highlight[1]

    # text selection ----------------------------------------------------------------------

    @property
    def selection(self) -> TextSelection | None:
        """The text selection, or None."""
        return self._selection

    def select_text(self, selection: TextSelection | None) -> None:
        """Select the words from ``selection.anchor`` to ``selection.head`` (None clears)."""
        self._selection = selection
        self.viewport().update()

    def selected_text(self) -> str:
        """The selected words as plain text (empty without a selection)."""
        if self._selection is None:
            return ""
        return self._selection.text(lambda index: self._words_of(index, wait=True))

    def copy_selection(self) -> bool:
        """Put the selected text on the clipboard; False when nothing is selected."""
        text = self.selected_text()
        if text:
            QGuiApplication.clipboard().setText(text)
        return bool(text)

    def context_menu(self) -> QMenu:
        """The PDF's context menu: Copy (enabled with a selection)."""
        menu = QMenu(self)
        copy = menu.addAction("Copy")
        copy.setShortcut(QKeySequence.StandardKey.Copy)
        copy.setEnabled(self._selection is not None)
        copy.triggered.connect(self.copy_selection)
        return menu

    def _words_of(self, index: int, wait: bool = False) -> PageWords | None:
        """The words of a page, read once; without ``wait`` None while the worker has PyMuPDF."""
        words = self._words.get(index)
        if words is not None or self._doc is None or not 0 <= index < len(self._sizes):
            return words
        lock: AbstractContextManager[ModuleType | None] = (
            pdf_access.hold() if wait else pdf_access.try_hold()
        )
        with lock as pymupdf:
            if pymupdf is None:
                QTimer.singleShot(self.BUSY_RETRY_MS, self.viewport().update)
                return None
            words = PageWords(self._doc[index].get_text("words"))
        self._words[index] = words
        return words

    def _drag_to(self, point: QPoint) -> None:
        """Extend the selection to a viewport point, scrolling when it leaves the view."""
        if self._drag_from is None:
            return
        head = self._page_point(point, clamp=True)
        if head is not None:
            self.select_text(TextSelection(self._drag_from, PagePoint(*head)))
        vbar = self.verticalScrollBar()
        if point.y() < 0:
            vbar.setValue(vbar.value() + point.y())
        elif point.y() > self.viewport().height():
            vbar.setValue(vbar.value() + point.y() - self.viewport().height())

    # layout ------------------------------------------------------------------------------

    def _scale(self) -> float:
        return self._zoom * POINTS_TO_PX

    def _page_px(self, index: int) -> QSize:
        w, h = self._sizes[index]
        return QSize(round(w * self._scale()), round(h * self._scale()))

    def _content_width(self) -> int:
        if not self._sizes:
            return 0
        return max(self._page_px(i).width() for i in range(len(self._sizes))) + 2 * self.GAP

    def _page_left(self, index: int) -> int:
        width = max(self._content_width(), self.viewport().width())
        return (width - self._page_px(index).width()) // 2

    def page_rect_to_viewport(self, page: int, rect: QRectF) -> QRectF:
        """A rectangle in PDF points on ``page`` (1-based), in viewport pixels."""
        scale = self._scale()
        left = self._page_left(page - 1) - self.horizontalScrollBar().value()
        top = self._tops[page - 1] - self.verticalScrollBar().value()
        return QRectF(
            left + rect.x() * scale,
            top + rect.y() * scale,
            rect.width() * scale,
            rect.height() * scale,
        )

    def _page_point(self, point: QPoint, clamp: bool = False) -> tuple[int, float, float] | None:
        """(page index, x, y in PDF points) under a viewport point, or None off the pages.

        With ``clamp``, a point off the pages gives the nearest point of the nearest page.
        """
        if not self._tops:
            return None
        y = point.y() + self.verticalScrollBar().value()
        index = self._index_at(y)
        left = self._page_left(index) - self.horizontalScrollBar().value()
        scale = self._scale()
        x_pt = (point.x() - left) / scale
        y_pt = (y - self._tops[index]) / scale
        width, height = self._sizes[index]
        if clamp:
            return index, min(max(x_pt, 0.0), width), min(max(y_pt, 0.0), height)
        if not (0 <= x_pt <= width and 0 <= y_pt <= height):
            return None
        return index, x_pt, y_pt

    def _relayout(self) -> None:
        self._tops = []
        y = self.GAP
        for i in range(len(self._sizes)):
            self._tops.append(y)
            y += self._page_px(i).height() + self.GAP
        vbar, hbar = self.verticalScrollBar(), self.horizontalScrollBar()
        vbar.setRange(0, max(0, y - self.viewport().height()))
        vbar.setPageStep(self.viewport().height())
        vbar.setSingleStep(48)
        hbar.setRange(0, max(0, self._content_width() - self.viewport().width()))
        hbar.setPageStep(self.viewport().width())
        hbar.setSingleStep(48)
        self.viewport().update()

    def _position(self) -> tuple[int, float]:
        """The page at the top of the view and how far into it, to keep place on zoom."""
        if not self._tops:
            return 0, 0.0
        top = self.verticalScrollBar().value()
        index = self._index_at(top)
        height = max(1, self._page_px(index).height())
        return index, (top - self._tops[index]) / height

    def _scroll_to(self, index: int, frac: float) -> None:
        if not self._tops:
            return
        height = self._page_px(index).height()
        self.verticalScrollBar().setValue(self._tops[index] + int(frac * height))

    def _index_at(self, y: int) -> int:
        index = 0
        for i, top in enumerate(self._tops):
            if top <= y + self.GAP:
                index = i
            else:
                break
        return index

    def _update_current(self) -> None:
        if not self._tops:
            return
        probe = self.verticalScrollBar().value() + self.viewport().height() // 3
        self._set_current(self._index_at(probe))

    def _set_current(self, index: int) -> None:
        if index != self._current:
            self._current = index
            self.page_changed.emit(index + 1)

    def _on_scrolled(self, _value: int) -> None:
        self._update_current()
        self.viewport().update()

    # rendering ---------------------------------------------------------------------------

    def _visible_pages(self) -> list[int]:
        top = self.verticalScrollBar().value()
        bottom = top + self.viewport().height()
        return [
            i
            for i, y in enumerate(self._tops)
            if y < bottom and y + self._page_px(i).height() > top
        ]

    def _key(self) -> tuple[float, float]:
        return (round(self._zoom, 4), self.devicePixelRatioF())

    def _request(self, index: int) -> None:
        if index not in self._pending:
            self._pending.append(index)
        if not self._render_timer.isActive():
            self._render_timer.start(0)

    def _render_next(self) -> None:
        """Do one small rendering step per event-loop turn so the GUI thread never stalls.

        A page is first turned into a display list, then rasterised in horizontal bands of
        about BAND_PX device pixels; a complex page costs tens of milliseconds as a whole,
        a band a few.
        """
        visible = set(self._visible_pages())
        self._pending = [i for i in self._pending if i in visible]
        if not self._pending or self._doc is None:
            return
        with pdf_access.try_hold() as pymupdf:
            if pymupdf is None:
                # NOTE: the worker is parsing or exporting a page; waiting would stall the GUI.
                self._render_timer.start(self.BUSY_RETRY_MS)
                return
            index = self._pending[0]
            key = self._key()
            entry = self._cache.get(index)
            if entry is None or entry.key != key:
                entry = _PageImage(key, self._page_px(index), entry)
                self._cache[index] = entry
                self._cache.move_to_end(index)
                while len(self._cache) > self.CACHE_PAGES:
                    self._cache.popitem(last=False)
            if entry.step(self._doc[index], self._scale()):
                self._pending.pop(0)
        self.viewport().update()
        if self._pending:
            self._render_timer.start(0)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        """Draw visible pages (cached or placeholder) and the evidence highlight."""
        painter = QPainter(self.viewport())
        painter.fillRect(event.rect(), self.palette().dark())
        if not self._sizes:
            painter.setPen(self.palette().text().color())
            painter.drawText(
                self.viewport().rect(),
                Qt.AlignmentFlag.AlignCenter,
                "Open a paper (File ▸ Open or drop a PDF here)",
            )
            return
        dx = self.horizontalScrollBar().value()
        dy = self.verticalScrollBar().value()
        key = self._key()
        spans = self._selection.spans(self._words_of) if self._selection is not None else None
        for index in self._visible_pages():
            size = self._page_px(index)
            rect = QRect(QPoint(self._page_left(index) - dx, self._tops[index] - dy), size)
            painter.fillRect(rect.translated(2, 2), QColor(0, 0, 0, 60))
            entry = self._cache.get(index)
            image = entry.drawable() if entry is not None else None
            if image is not None:
                # NOTE: an image of another zoom stands in until the new one is complete;
                # scaling it smoothly on every paint costs ~8 ms a page, so it is scaled fast.
                smooth = entry is not None and entry.done
                painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, smooth)
                painter.drawImage(QRectF(rect), image)
            else:
                painter.fillRect(rect, Qt.GlobalColor.white)
            if entry is None or entry.key != key or not entry.done:
                self._request(index)
            self._paint_marks(painter, rect, index)
            if spans and index in spans:
                self._paint_selection(painter, rect, index, spans[index])
        painter.end()

    def _paint_selection(
        self, painter: QPainter, page_rect: QRect, index: int, span: tuple[int, int]
    ) -> None:
        words = self._words[index].words[span[0] : span[1] + 1]
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(SELECTION_FILL)
        self._paint_boxes(painter, page_rect, tuple(line_boxes(words)))

    def _paint_marks(self, painter: QPainter, page_rect: QRect, index: int) -> None:
        """Evidence marks faintly, the focused sentence's strongly with an edge, search hits."""
        painter.setPen(Qt.PenStyle.NoPen)
        highlighted = self._highlight is not None and self._highlight[0] == index
        for mark in self._marks:
            if mark.page == index + 1 and (mark.sentence != self._focus or not highlighted):
                painter.setBrush(_mark_colour(mark.role, MARK_ALPHA))
                self._paint_boxes(painter, page_rect, mark.boxes)
        if highlighted and self._highlight is not None:
            focused = [m for m in self._marks if m.sentence == self._focus]
            role = focused[0].role if focused else EvidenceRole.SUPPORTS
            edge = _mark_colour(role, 255).darker(130)
            painter.setPen(QPen(edge, 1.2))
            painter.setBrush(_mark_colour(role, FOCUS_ALPHA))
            self._paint_boxes(painter, page_rect, self._highlight[1])
        if self._found is not None and self._found[0] == index:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(FOUND_FILL)
            self._paint_boxes(painter, page_rect, self._found[1])

    def _paint_boxes(self, painter: QPainter, page_rect: QRect, boxes: tuple[BBox, ...]) -> None:
        scale = self._scale()
        for x0, y0, x1, y1 in boxes:
            painter.drawRoundedRect(
                QRectF(
                    page_rect.left() + x0 * scale - 2,
                    page_rect.top() + y0 * scale - 1,
                    (x1 - x0) * scale + 4,
                    (y1 - y0) * scale + 2,
                ),
                2,
                2,
            )

    # events ------------------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        """Keep a fit mode fitted and the scroll ranges right."""
        super().resizeEvent(event)
        if self._fit is not None and self._sizes:
            zoom = self._fit_zoom()
            if abs(zoom - self._zoom) > 1e-3:
                page, frac = self._position()
                self._zoom = zoom
                self._relayout()
                self._scroll_to(page, frac)
                self.zoom_changed.emit(zoom)
                return
        self._relayout()

    def viewportEvent(self, event: QEvent) -> bool:  # noqa: N802
        """Hovering an evidence mark shows the critique sentence it belongs to."""
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            tips = [m.tip for m in self.marks_at(event.pos()) if m.tip]
            if tips:
                QToolTip.showText(event.globalPos(), "<hr>".join(dict.fromkeys(tips)), self)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().viewportEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        """Remember where a click (or a selecting drag) started."""
        self._press = event.position().toPoint()
        self._selecting = False
        self._drag_from = None
        if event.button() == Qt.MouseButton.LeftButton:
            hit = self._page_point(self._press)
            self._drag_from = PagePoint(*hit) if hit is not None else None
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        """Dragging selects text; a pointing hand over marks, a text cursor over pages."""
        point = event.position().toPoint()
        if self._drag_from is not None and self._press is not None:
            if self._selecting or (point - self._press).manhattanLength() >= DRAG_PX:
                self._selecting = True
                self._drag_to(point)
                return
        if self.marks_at(point):
            shape = Qt.CursorShape.PointingHandCursor
        elif self._page_point(point) is not None:
            shape = Qt.CursorShape.IBeamCursor
        else:
            shape = Qt.CursorShape.ArrowCursor
        self.viewport().setCursor(shape)
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        """A click clears the selection; on an evidence mark it shows its critique sentence."""
        super().mouseReleaseEvent(event)
        point = event.position().toPoint()
        if (
            event.button() == Qt.MouseButton.LeftButton
            and self._press is not None
            and not self._selecting
            and (point - self._press).manhattanLength() < 5
        ):
            self.select_text(None)
            hits = self.marks_at(point)
            if hits:
                self.mark_activated.emit(hits[0].sentence)
        self._press = None
        self._drag_from = None
        self._selecting = False

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        """A double-click selects the word under the mouse."""
        hit = self._page_point(event.position().toPoint())
        if event.button() == Qt.MouseButton.LeftButton and hit is not None:
            self.select_text(TextSelection(PagePoint(*hit), PagePoint(*hit)))
            # NOTE: the release that follows must not count as a click that clears it.
            self._press = None
            self._drag_from = None
            return
        super().mouseDoubleClickEvent(event)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:  # noqa: N802
        """Copy from the context menu."""
        self.context_menu().exec(event.globalPos())

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802
        """Ctrl+wheel zooms; the plain wheel scrolls."""
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            if event.angleDelta().y() > 0:
                self.zoom_in()
            elif event.angleDelta().y() < 0:
                self.zoom_out()
            event.accept()
            return
        super().wheelEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        """Ctrl+C copies the selection, Esc clears it; Page Up/Down, Home/End move by pages."""
        key = event.key()
        if event.matches(QKeySequence.StandardKey.Copy):
            self.copy_selection()
        elif key == Qt.Key.Key_Escape and self._selection is not None:
            self.select_text(None)
        elif key == Qt.Key.Key_PageDown:
            self.next_page()
        elif key == Qt.Key.Key_PageUp:
            self.previous_page()
        elif key == Qt.Key.Key_Home:
            self.go_to_page(1)
        elif key == Qt.Key.Key_End:
            self.go_to_page(self.page_count)
        else:
            super().keyPressEvent(event)


def step_zoom(zoom: float, factor: float) -> float:
    """``zoom`` times ``factor``, stopping at 100 % when the step would cross it."""
    stepped = max(MIN_ZOOM, min(MAX_ZOOM, zoom * factor))
    if min(zoom, stepped) < 1.0 < max(zoom, stepped) and abs(zoom - 1.0) > 1e-3:
        return 1.0
    return stepped


def _mark_colour(role: EvidenceRole, alpha: int) -> QColor:
    red, green, blue = EVIDENCE_COLOURS[role]
    return QColor(red, green, blue, alpha)


class _PageImage:
    """One page rendered (or being rendered) band by band at one zoom and pixel ratio."""

    BAND_PX = 240

    def __init__(self, key: tuple[float, float], size: QSize, previous: _PageImage | None) -> None:
        self.key = key
        dpr = key[1]
        self.image = QImage(
            max(1, round(size.width() * dpr)),
            max(1, round(size.height() * dpr)),
            QImage.Format.Format_RGB888,
        )
        self.image.fill(Qt.GlobalColor.white)
        self.image.setDevicePixelRatio(dpr)
        self.bands = max(1, -(-self.image.height() // self.BAND_PX))
        self.next_band = 0
        self.done = False
        self._dlist: pymupdf.DisplayList | None = None
        # NOTE: the old image (other zoom) is shown scaled until the new one is complete.
        self._previous = previous.drawable() if previous is not None else None

    def drawable(self) -> QImage | None:
        """The best image to show now."""
        if self.done:
            return self.image
        if self._previous is not None:
            return self._previous
        return self.image if self.next_band else None

    def step(self, page: pymupdf.Page, scale: float) -> bool:
        """Do the next unit of work (the caller holds the PyMuPDF lock); True once complete."""
        import pymupdf

        if self._dlist is None:
            self._dlist = page.get_displaylist()
            return False
        rect = page.rect
        dpr = self.key[1]
        factor = scale * dpr
        top = rect.y0 + rect.height * self.next_band / self.bands
        bottom = rect.y0 + rect.height * (self.next_band + 1) / self.bands
        clip = pymupdf.Rect(rect.x0, top, rect.x1, bottom)
        pix = self._dlist.get_pixmap(matrix=pymupdf.Matrix(factor, factor), clip=clip, alpha=False)
        band = QImage(pix.samples, pix.width, pix.height, pix.stride, QImage.Format.Format_RGB888)
        band.setDevicePixelRatio(dpr)
        painter = QPainter(self.image)
        painter.drawImage(
            QPointF((pix.x - rect.x0 * factor) / dpr, (pix.y - rect.y0 * factor) / dpr), band
        )
        painter.end()
        self.next_band += 1
        if self.next_band >= self.bands:
            self.done = True
            self._dlist = None
            self._previous = None
        return self.done
