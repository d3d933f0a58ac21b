"""Ctrl+F in the paper: find text in the paper's sentences and step through the hits."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QToolButton, QWidget

from core.types import BBox, Paper


def find_in_paper(paper: Paper, query: str) -> list[tuple[int, tuple[BBox, ...]]]:
    """(page, line boxes) of every paper sentence holding ``query``, case-insensitively.

    Whitespace in the query matches any run of whitespace, as line breaks do in the PDF.
    """
    words = query.casefold().split()
    if not words:
        return []
    needle = " ".join(words)
    return [
        (s.page, tuple(s.bboxes))
        for s in paper.sentences
        if needle in " ".join(s.text.casefold().split())
    ]


class FindBar(QWidget):
    """A slim bar above the PDF: query, hit count, previous/next; hidden until Ctrl+F."""

    found = Signal(int, object)  # page (1-based), tuple of boxes (empty clears)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._paper: Paper | None = None
        self._hits: list[tuple[int, tuple[BBox, ...]]] = []
        self._at = -1
        self.edit = QLineEdit()
        self.edit.setPlaceholderText("Find in the paper")
        self.edit.setClearButtonEnabled(True)
        self.count = QLabel()
        self.count.setMinimumWidth(70)
        previous = QToolButton()
        previous.setText("▲")
        previous.setToolTip("Previous match (Shift+Enter)")
        following = QToolButton()
        following.setText("▼")
        following.setToolTip("Next match (Enter)")
        close = QToolButton()
        close.setText("✕")
        close.setToolTip("Close (Esc)")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 3, 6, 3)
        layout.addWidget(self.edit, 1)
        layout.addWidget(self.count)
        for button in (previous, following, close):
            button.setAutoRaise(True)
            layout.addWidget(button)
        self.edit.textChanged.connect(self._search)
        self.edit.returnPressed.connect(lambda: self.step(1))
        previous.clicked.connect(lambda: self.step(-1))
        following.clicked.connect(lambda: self.step(1))
        close.clicked.connect(self.finish)
        QShortcut(QKeySequence("Shift+Return"), self.edit, lambda: self.step(-1))
        self.hide()

    def set_paper(self, paper: Paper | None) -> None:
        """Search this paper from now on."""
        self._paper = paper
        self._search(self.edit.text())

    @property
    def hits(self) -> list[tuple[int, tuple[BBox, ...]]]:
        """Every match of the current query."""
        return list(self._hits)

    def start(self) -> None:
        """Show the bar with the query selected."""
        self.show()
        self.edit.setFocus()
        self.edit.selectAll()

    def finish(self) -> None:
        """Hide the bar and the match marks."""
        self.hide()
        self.found.emit(0, ())

    def step(self, direction: int) -> None:
        """Go to the next (1) or previous (-1) match, wrapping around."""
        if not self._hits:
            return
        self._at = (self._at + direction) % len(self._hits)
        self._show()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        """Esc closes the bar."""
        if event.key() == Qt.Key.Key_Escape:
            self.finish()
        else:
            super().keyPressEvent(event)

    def _search(self, query: str) -> None:
        self._hits = find_in_paper(self._paper, query) if self._paper is not None else []
        self._at = 0 if self._hits else -1
        if self._hits:
            self._show()
        else:
            self.count.setText("no match" if query.strip() else "")
            self.found.emit(0, ())

    def _show(self) -> None:
        page, boxes = self._hits[self._at]
        self.count.setText(f"{self._at + 1} of {len(self._hits)}")
        self.found.emit(page, boxes)
