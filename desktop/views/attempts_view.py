"""The run at a glance: each attempt's flagged ratio, tokens, time and the model."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from core.config import Settings
from core.types import Attempt, CritiqueResult

COLUMNS = ("#", "Temp.", "Flagged", "Tok. in", "Tok. out", "Sec.")


class ConvergenceChart(QWidget):
    """Bars of the flagged ratio per attempt with the retry threshold as a dashed line."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._ratios: list[float] = []
        self._threshold: float | None = None
        self.setMinimumHeight(70)

    def set_data(self, ratios: list[float], threshold: float | None) -> None:
        """Show these ratios (0..1) against ``threshold``."""
        self._ratios = ratios
        self._threshold = threshold
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802
        """A short strip."""
        return QSize(240, 80)

    def paintEvent(self, _event: QPaintEvent) -> None:  # noqa: N802
        """Draw the bars, their labels and the threshold."""
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        area = QRectF(self.rect()).adjusted(8, 6, -8, -16)
        text = self.palette().text().color()
        if not self._ratios:
            painter.setPen(self.palette().placeholderText().color())
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "No attempts yet")
            return
        n = len(self._ratios)
        slot = area.width() / n
        width = min(48.0, slot * 0.6)
        for i, ratio in enumerate(self._ratios):
            ok = self._threshold is None or ratio <= self._threshold
            colour = QColor(46, 160, 67) if ok else QColor(224, 64, 64)
            height = max(2.0, area.height() * min(1.0, ratio))
            x = area.left() + i * slot + (slot - width) / 2
            painter.fillRect(QRectF(x, area.bottom() - height, width, height), colour)
            painter.setPen(text)
            painter.drawText(
                QRectF(x - 10, area.bottom() + 1, width + 20, 14),
                Qt.AlignmentFlag.AlignCenter,
                f"#{i + 1} {ratio:.0%}",
            )
        if self._threshold is not None:
            y = area.bottom() - area.height() * self._threshold
            pen = QPen(text, 1, Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.drawLine(QPointF(area.left(), y), QPointF(area.right(), y))
            painter.drawText(QPointF(area.left() + 2, y - 3), f"retry above {self._threshold:.0%}")


class AttemptsView(QWidget):
    """A table of the attempts of a run plus a convergence chart."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model_label = QLabel("No critique yet.")
        self.model_label.setWordWrap(True)
        self.chart = ConvergenceChart()
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.horizontalHeader().setMinimumSectionSize(36)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.model_label)
        layout.addWidget(self.chart)
        layout.addWidget(self.table, 1)

    def set_result(self, result: CritiqueResult | None) -> None:
        """Show the attempts of ``result`` (None empties the view)."""
        if result is None:
            self.set_attempts([], None)
            self.model_label.setText("No critique yet.")
            return
        checker = result.settings.get("checker", {}) if result.settings else {}
        raw = (
            checker.get("threshold", result.settings.get("threshold")) if result.settings else None
        )
        self._fill(list(result.attempts), float(raw) if isinstance(raw, int | float) else None)
        seconds = sum(a.seconds for a in result.attempts)
        self.model_label.setText(
            f"Model: {result.model} · language: {result.language} · "
            f"{len(result.attempts)} attempt(s), {seconds:.0f} s · final flagged ratio "
            f"{result.flagged_ratio:.0%}"
        )

    def set_attempts(self, attempts: list[Attempt], settings: Settings | None) -> None:
        """Show attempts of a run still in progress."""
        threshold = settings.checker.threshold if settings is not None else None
        self._fill(attempts, threshold)
        if attempts:
            self.model_label.setText(f"Running: {len(attempts)} attempt(s) finished.")

    def _fill(self, attempts: list[Attempt], threshold: float | None) -> None:
        self.table.setRowCount(len(attempts))
        for row, a in enumerate(attempts):
            cells = (
                str(a.iteration + 1),
                f"{a.temperature:.2f}",
                f"{a.flagged_ratio:.0%}",
                str(a.tokens_in),
                str(a.tokens_out),
                f"{a.seconds:.1f}",
            )
            for col, value in enumerate(cells):
                item = QTableWidgetItem(value)
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.table.setItem(row, col, item)
        self.chart.set_data([a.flagged_ratio for a in attempts], threshold)
