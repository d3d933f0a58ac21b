"""The main window: library, PDF view, critique, unsourced claims and attempts."""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QItemSelectionModel, QModelIndex, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QIcon,
    QKeySequence,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHeaderView,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QSplitter,
    QStyle,
    QTableView,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from core.colours import (
    EVIDENCE_COLOURS,
    EVIDENCE_LABELS,
    REVIEW_COLOURS,
    REVIEW_LABELS,
    EvidenceRole,
    evidence_role,
)
from core.config import Settings
from core.counts import critique_counts
from core.errors import AppError
from core.progress import Progress
from core.records import AuditEntry, PaperInfo, ReviewAction, StoredCritique
from core.types import Attempt, Status, Verdict
from desktop import errors, state
from desktop.ask_controller import AskController
from desktop.dialogs import prompts
from desktop.dialogs.review_history import ReviewHistoryDialog
from desktop.dialogs.settings_dialog import LANGUAGES, SettingsDialog
from desktop.models.library_model import LibraryModel
from desktop.operations import (
    EXPORT_FORMATS,
    CoreLane,
    OpenedPaper,
    WorkspaceFactory,
    critique_history,
    critique_paper,
    discard_interrupted,
    export_paper,
    ingest_paper,
    latest_critique,
    list_papers,
    open_paper,
    remove_paper,
    review_history,
    review_sentence,
    stored_critique,
    warm_up,
)
from desktop.tasks import Task, TaskRunner
from desktop.views.ask_view import AskView
from desktop.views.attempts_view import AttemptsView
from desktop.views.claims_panel import ClaimsPanel
from desktop.views.critique_view import STYLES, CritiqueView
from desktop.views.evidence_marks import evidence_marks, verdict_marks
from desktop.views.find_bar import FindBar
from desktop.views.history_view import HistoryView
from desktop.views.outline_view import OutlineView
from desktop.views.pdf_view import PdfView
from desktop.views.thumbnails_view import ThumbnailsView
from desktop.writing_progress import WritingProgress

log = logging.getLogger(__name__)

STAGE_NAMES = {
    "parse": "reading the PDF",
    "chunk": "splitting into passages",
    "embed": "indexing passages",
    "load": "loading the model",
    "generate": "writing",
    "verify": "checking sentences",
    "verdict": "checking sentences",
    "attempt": "attempt finished",
}
#: Share of the window's width the PDF gets at first start.
PDF_SHARE = 0.56
ZOOM_CHOICES = ("Fit width", "Fit page", "50%", "75%", "100%", "125%", "150%", "200%", "300%")


class MainWindow(QMainWindow):
    """Owns the TaskRunner; every core call goes through an operation on its lane."""

    library_refreshed = Signal()
    warmed_up = Signal()
    paper_opened = Signal(str)
    critique_finished = Signal(object)  # StoredCritique
    critique_stopped = Signal()
    review_stored = Signal(object)  # StoredCritique
    critique_shown = Signal(object)  # StoredCritique chosen in the History tab
    history_loaded = Signal(object)  # list[StoredCritique], newest first
    export_finished = Signal(object)  # Path

    def __init__(
        self, settings: Settings, factory: WorkspaceFactory, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("DeepRead")
        self.setAcceptDrops(True)
        self.runner = TaskRunner(self)
        self.lane = CoreLane(self.runner, settings, factory)
        self.current: OpenedPaper | None = None
        self._critique_task: Task | None = None
        self._select_after_refresh: str | None = None
        self._syncing = False
        self._export_dir = Path.home()
        self._closing = False
        self._stream_attempt = 0
        self._live_attempts: list[Attempt] = []
        self._writing: WritingProgress | None = None
        self._writing_timer = QTimer(self)
        self._writing_timer.setInterval(1000)
        self._writing_timer.timeout.connect(self._show_writing)
        self._previous: StoredCritique | None = None

        self._build_views()
        self._build_actions()
        self._build_menus()
        self._build_toolbar()
        self._build_status_bar()
        self._connect()
        restored = state.restore_window(self, self._splitters())
        if restored is not state.Restored.ALL:
            self._default_layout(resize=restored is state.Restored.NOTHING)
        self._update_actions()
        QTimer.singleShot(0, self._start_up)

    # construction ------------------------------------------------------------------------

    def _build_views(self) -> None:
        self.pdf_view = PdfView()
        self.find_bar = FindBar()
        pdf_pane = QWidget()
        pdf_layout = QVBoxLayout(pdf_pane)
        pdf_layout.setContentsMargins(0, 0, 0, 0)
        pdf_layout.setSpacing(0)
        pdf_layout.addWidget(self.find_bar)
        pdf_layout.addWidget(self.pdf_view, 1)
        self.critique_view = CritiqueView()
        self.critique_view.show_placeholder("Open a paper to read it with DeepRead.")
        self.banner = QLabel()
        self.banner.setWordWrap(True)
        self.banner.setContentsMargins(8, 4, 8, 4)
        self.legend = QLabel(legend_html())
        self.legend.setWordWrap(True)
        self.legend.setContentsMargins(8, 2, 8, 4)
        critique_pane = QWidget()
        layout = QVBoxLayout(critique_pane)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.banner)
        layout.addWidget(self.critique_view, 1)
        layout.addWidget(self.legend)

        self.library_model = LibraryModel(self)
        self.library_view = QTableView()
        self.library_view.setModel(self.library_model)
        self.library_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.library_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.library_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.library_view.verticalHeader().setVisible(False)
        self.library_view.setWordWrap(False)
        self.library_view.setShowGrid(False)
        self.library_view.setAlternatingRowColors(True)
        self.library_view.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        header = self.library_view.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for col in (1, 2, 3):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        self.library_view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)

        self.claims_panel = ClaimsPanel()
        self.attempts_view = AttemptsView()
        self.history_view = HistoryView()
        self.outline_view = OutlineView()
        self.thumbnails_view = ThumbnailsView()
        # NOTE: one tab column under the critique instead of docks on both sides: the PDF
        # keeps more than half of the window, so a page reads at fit width on a laptop.
        self.side_tabs = QTabWidget()
        self.side_tabs.setDocumentMode(True)
        for widget, title in (
            (self.claims_panel, "Unsourced claims"),
            (self.outline_view, "Outline"),
            (self.thumbnails_view, "Pages"),
            (self.history_view, "History"),
            (self.attempts_view, "Attempts"),
            (self.library_view, "Library"),
        ):
            self.side_tabs.addTab(widget, title)
        # The Ask box is a tab beside the critique: both read the same paper and PDF view.
        self.ask_view = AskView()
        self.reading_tabs = QTabWidget()
        self.reading_tabs.setDocumentMode(True)
        self.reading_tabs.addTab(critique_pane, "Critique")
        self.reading_tabs.addTab(self.ask_view, "Ask")
        self.side = QSplitter(Qt.Orientation.Vertical)
        self.side.addWidget(self.reading_tabs)
        self.side.addWidget(self.side_tabs)
        self.side.setChildrenCollapsible(False)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(pdf_pane)
        self.splitter.addWidget(self.side)
        self.splitter.setChildrenCollapsible(False)
        self.setCentralWidget(self.splitter)

    def _splitters(self) -> dict[str, QSplitter]:
        # NOTE: named apart from the earlier "main" splitter, whose saved sizes squeezed the PDF.
        return {"reader": self.splitter, "side": self.side}

    def _default_layout(self, resize: bool) -> None:
        """The first-run layout: the window fills most of the screen, the PDF 56 % of it."""
        screen = self.screen().availableGeometry() if self.screen() else None
        if resize and screen is not None:
            self.resize(min(1500, screen.width()), min(940, screen.height()))
        width, height = max(self.width(), 800), max(self.height(), 500)
        pdf = round(width * PDF_SHARE)
        self.splitter.setSizes([pdf, width - pdf])
        self.side.setSizes([round(height * 0.58), round(height * 0.42)])

    def _icon(self, pixmap: QStyle.StandardPixmap) -> QIcon:
        return self.style().standardIcon(pixmap)

    def _build_actions(self) -> None:
        sp = QStyle.StandardPixmap
        self.open_action = QAction(self._icon(sp.SP_DialogOpenButton), "&Open…", self)
        self.open_action.setShortcut(QKeySequence.StandardKey.Open)
        self.open_action.setToolTip("Open a PDF paper (or drop it on the window)")
        self.critique_action = QAction(self._icon(sp.SP_MediaPlay), "&Critique", self)
        self.critique_action.setShortcut("Ctrl+R")
        self.critique_action.setToolTip(
            "Ask the local model for a deep-read critique, then check it"
        )
        self.language_actions: dict[str, QAction] = {}
        for code, name in ((c, n) for c, n in LANGUAGES if c != "auto"):
            action = QAction(f"Critique in {name}", self)
            action.triggered.connect(lambda _c=False, c=code: self.request_critique(c))
            self.language_actions[code] = action
        self.stop_action = QAction(self._icon(sp.SP_MediaStop), "&Stop", self)
        self.stop_action.setShortcut("Ctrl+.")
        self.stop_action.setToolTip("Stop the running operation")
        self.export_actions: dict[str, QAction] = {}
        for fmt, (label, _filter) in EXPORT_FORMATS.items():
            action = QAction(f"{label}…", self)
            action.triggered.connect(lambda _c=False, f=fmt: self.export(f))
            self.export_actions[fmt] = action
        self.remove_action = QAction("&Remove from Library…", self)
        self.remove_action.setShortcut(QKeySequence.StandardKey.Delete)
        self.remove_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.library_view.addAction(self.remove_action)
        self.settings_action = QAction("&Settings…", self)
        self.settings_action.setShortcut(QKeySequence.StandardKey.Preferences)
        self.quit_action = QAction("&Quit", self)
        self.quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        self.zoom_in_action = QAction(self._icon(sp.SP_ArrowUp), "Zoom &In", self)
        self.zoom_in_action.setShortcuts(
            [QKeySequence(QKeySequence.StandardKey.ZoomIn), QKeySequence("Ctrl+=")]
        )
        self.zoom_out_action = QAction(self._icon(sp.SP_ArrowDown), "Zoom &Out", self)
        self.zoom_out_action.setShortcut(QKeySequence.StandardKey.ZoomOut)
        self.fit_width_action = QAction("Fit &Width", self)
        self.fit_width_action.setShortcut("Ctrl+0")
        self.fit_page_action = QAction("Fit &Page", self)
        self.prev_page_action = QAction(self._icon(sp.SP_ArrowBack), "Previous Page", self)
        self.next_page_action = QAction(self._icon(sp.SP_ArrowForward), "Next Page", self)
        self.about_action = QAction("&About DeepRead", self)
        self.next_flagged_action = QAction("Next Sentence to Review", self)
        self.next_flagged_action.setShortcuts([QKeySequence("F8"), QKeySequence("Ctrl+J")])
        self.next_flagged_action.setToolTip("Go to the next sentence that needs review (F8)")
        self.prev_flagged_action = QAction("Previous Sentence to Review", self)
        self.prev_flagged_action.setShortcuts([QKeySequence("Shift+F8"), QKeySequence("Ctrl+K")])
        self.prev_flagged_action.setToolTip(
            "Go to the previous sentence that needs review (Shift+F8)"
        )
        self.find_action = QAction("&Find in Paper…", self)
        self.find_action.setShortcut(QKeySequence.StandardKey.Find)

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addAction(self.open_action)
        export_menu = file_menu.addMenu("&Export")
        for action in self.export_actions.values():
            export_menu.addAction(action)
        self.export_menu = export_menu
        file_menu.addSeparator()
        file_menu.addAction(self.remove_action)
        file_menu.addSeparator()
        file_menu.addAction(self.settings_action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        critique_menu = bar.addMenu("&Critique")
        critique_menu.addAction(self.critique_action)
        for action in self.language_actions.values():
            critique_menu.addAction(action)
        critique_menu.addSeparator()
        critique_menu.addAction(self.stop_action)
        critique_menu.addSeparator()
        self.resume_action = critique_menu.addAction(
            "&Resume Interrupted Critique", lambda: self.request_critique(resume=True)
        )
        self.discard_action = critique_menu.addAction(
            "&Discard Interrupted Critique", self.discard_interrupted
        )
        critique_menu.addSeparator()
        critique_menu.addAction("Review &History…", self.show_review_history)
        view_menu = bar.addMenu("&View")
        for action in (
            self.zoom_in_action,
            self.zoom_out_action,
            self.fit_width_action,
            self.fit_page_action,
        ):
            view_menu.addAction(action)
        view_menu.addSeparator()
        view_menu.addAction(self.prev_page_action)
        view_menu.addAction(self.next_page_action)
        view_menu.addAction(self.find_action)
        view_menu.addSeparator()
        view_menu.addAction(self.next_flagged_action)
        view_menu.addAction(self.prev_flagged_action)
        view_menu.addSeparator()
        for i in range(self.side_tabs.count()):
            action = view_menu.addAction(self.side_tabs.tabText(i))
            action.setShortcut(f"Alt+{i + 1}")
            action.triggered.connect(lambda _c=False, i=i: self.side_tabs.setCurrentIndex(i))
        help_menu = bar.addMenu("&Help")
        help_menu.addAction(self.about_action)

    def _build_toolbar(self) -> None:
        bar = self.addToolBar("Main")
        bar.setObjectName("toolbar-main")
        bar.setIconSize(QSize(18, 18))
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        bar.addAction(self.open_action)
        bar.addSeparator()
        self.critique_button = QToolButton()
        self.critique_button.setDefaultAction(self.critique_action)
        self.critique_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.critique_button.setPopupMode(QToolButton.ToolButtonPopupMode.MenuButtonPopup)
        language_menu = QMenu(self.critique_button)
        for action in self.language_actions.values():
            language_menu.addAction(action)
        self.critique_button.setMenu(language_menu)
        bar.addWidget(self.critique_button)
        bar.addAction(self.stop_action)
        bar.addSeparator()
        bar.addAction(self.zoom_out_action)
        self.zoom_box = QComboBox()
        self.zoom_box.setEditable(True)
        self.zoom_box.addItems(ZOOM_CHOICES)
        self.zoom_box.setMinimumContentsLength(8)
        self.zoom_box.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.zoom_box.setToolTip("Zoom")
        bar.addWidget(self.zoom_box)
        bar.addAction(self.zoom_in_action)
        bar.addSeparator()
        bar.addAction(self.prev_page_action)
        self.page_box = QSpinBox()
        self.page_box.setRange(0, 0)
        self.page_box.setToolTip("Page")
        self.page_box.setKeyboardTracking(False)
        bar.addWidget(self.page_box)
        self.page_total = QLabel(" / 0 ")
        bar.addWidget(self.page_total)
        bar.addAction(self.next_page_action)
        bar.addSeparator()
        bar.addAction(self.prev_flagged_action)
        bar.addAction(self.next_flagged_action)
        for action, text in (
            (self.prev_flagged_action, "◀ To review"),
            (self.next_flagged_action, "To review ▶"),
        ):
            action.setIconText(text)

    def _build_status_bar(self) -> None:
        status = self.statusBar()
        self.progress_label = QLabel()
        self.progress_bar = QProgressBar()
        self.progress_bar.setMaximumWidth(220)
        self.progress_bar.setTextVisible(False)
        self.stop_button = QPushButton("Stop")
        self.stop_button.setToolTip("Stop the running operation")
        for widget in (self.progress_label, self.progress_bar, self.stop_button):
            status.addPermanentWidget(widget)
            widget.hide()

    def _connect(self) -> None:
        self.open_action.triggered.connect(self.ask_open)
        self.critique_action.triggered.connect(lambda: self.request_critique(None))
        self.stop_action.triggered.connect(self.stop)
        self.stop_button.clicked.connect(self.stop)
        self.remove_action.triggered.connect(self.remove_selected)
        self.settings_action.triggered.connect(self.edit_settings)
        self.quit_action.triggered.connect(self.close)
        self.about_action.triggered.connect(self._about)
        self.zoom_in_action.triggered.connect(self.pdf_view.zoom_in)
        self.zoom_out_action.triggered.connect(self.pdf_view.zoom_out)
        self.fit_width_action.triggered.connect(self.pdf_view.fit_width)
        self.fit_page_action.triggered.connect(self.pdf_view.fit_page)
        self.prev_page_action.triggered.connect(self.pdf_view.previous_page)
        self.next_page_action.triggered.connect(self.pdf_view.next_page)
        self.zoom_box.textActivated.connect(self._zoom_chosen)
        self.pdf_view.zoom_changed.connect(self._zoom_shown)
        self.pdf_view.page_changed.connect(self._page_shown)
        self.page_box.valueChanged.connect(self._page_chosen)
        self.pdf_view.mark_activated.connect(self._mark_activated)
        self.next_flagged_action.triggered.connect(lambda: self.go_to_flagged(1))
        self.prev_flagged_action.triggered.connect(lambda: self.go_to_flagged(-1))
        self.find_action.triggered.connect(self.find_bar.start)
        self.find_bar.found.connect(self.pdf_view.show_found)
        self.outline_view.heading_chosen.connect(self.pdf_view.show_position)
        self.thumbnails_view.page_chosen.connect(self.pdf_view.go_to_page)
        self.pdf_view.page_changed.connect(self.thumbnails_view.set_current_page)
        self.history_view.critique_chosen.connect(self.show_stored_critique)

        self.library_view.selectionModel().currentRowChanged.connect(self._library_row_changed)
        self.library_view.customContextMenuRequested.connect(self._library_menu)
        self.critique_view.sentence_activated.connect(self.show_sentence_evidence)
        self.critique_view.review_requested.connect(self.request_review)
        self.claims_panel.claim_selected.connect(self._claim_selected)
        self.claims_panel.review_requested.connect(self.request_review)
        self.ask = AskController(
            self,
            self.lane,
            self.ask_view,
            self.pdf_view,
            self.claims_panel,
            lambda: self.current,
            lambda text: self.statusBar().showMessage(text, 8000),
        )
        self.paper_opened.connect(self.ask.paper_opened)
        self.ask.answers_loaded.connect(lambda _answers: self._update_actions())

        self.runner.task_started.connect(self._task_started)
        self.runner.task_progress.connect(self._task_progress)
        self.runner.task_finished.connect(self._task_finished)

    def _start_up(self) -> None:
        self.refresh_library()
        # NOTE: a failed warm-up is not worth a dialog; the same error surfaces, with its
        # context, when the reader opens a paper.
        task = (
            warm_up(self, self.lane)
            .failure(lambda exc: log.warning("warm-up failed: %s", exc))
            .run_in_background()
        )
        task.finished.connect(self.warmed_up)

    # library -----------------------------------------------------------------------------

    def refresh_library(self, select: str | None = None) -> None:
        """Reload the library pane; ``select`` names a paper to select afterwards."""
        if select is not None:
            self._select_after_refresh = select
        list_papers(self, self.lane).success(self._library_loaded).run_in_background()

    def _library_loaded(self, papers: list[PaperInfo]) -> None:
        wanted = self._select_after_refresh or (self.current.info.sha256 if self.current else None)
        self._select_after_refresh = None
        self._syncing = True
        try:
            self.library_model.set_papers(papers)
            row = self.library_model.row_of(wanted) if wanted else -1
            if row >= 0:
                self.library_view.selectionModel().setCurrentIndex(
                    self.library_model.index(row, 0),
                    QItemSelectionModel.SelectionFlag.ClearAndSelect
                    | QItemSelectionModel.SelectionFlag.Rows,
                )
        finally:
            self._syncing = False
        self._update_actions()
        self.library_refreshed.emit()

    def _library_row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if self._syncing or not current.isValid():
            return
        info = self.library_model.info_at(current.row())
        if info is not None and (self.current is None or self.current.info.sha256 != info.sha256):
            self.open_paper(info.sha256)

    def _library_menu(self, pos: object) -> None:
        index = self.library_view.indexAt(pos)  # type: ignore[arg-type]
        if not index.isValid():
            return
        menu = QMenu(self)
        menu.addAction(self.remove_action)
        menu.exec(self.library_view.viewport().mapToGlobal(pos))  # type: ignore[arg-type, call-overload]

    def selected_paper(self) -> PaperInfo | None:
        """The paper selected in the library pane."""
        index = self.library_view.currentIndex()
        return self.library_model.info_at(index.row()) if index.isValid() else None

    def remove_selected(self) -> None:
        """Remove the selected paper after asking."""
        info = self.selected_paper()
        if info is None:
            return
        question = (
            f"Remove “{info.title or info.path}” from the library?\n\n"
            "Its critiques, reviews and search index are deleted. The PDF file itself is kept."
        )
        if not prompts.confirm(self, "Remove from Library", question, "Remove"):
            return
        sha = info.sha256

        def removed(_none: None) -> None:
            if self.current is not None and self.current.info.sha256 == sha:
                self._show_nothing()
            self.refresh_library()

        remove_paper(self, self.lane, sha).with_progress("Removing").success(
            removed
        ).run_in_background()

    # opening -----------------------------------------------------------------------------

    def ask_open(self) -> None:
        """File ▸ Open."""
        paths = prompts.ask_open_pdfs(self, str(self._export_dir))
        if paths:
            self.open_files(paths)

    def open_files(self, paths: list[Path]) -> None:
        """Ingest each PDF (a no-op for known ones) and show the last."""
        for i, path in enumerate(paths):
            last = i == len(paths) - 1
            self._ingest(Path(path), show=last)

    def _ingest(self, path: Path, show: bool) -> None:
        def done(info: PaperInfo) -> None:
            self.statusBar().clearMessage()
            self.refresh_library(select=info.sha256 if show else None)
            if show:
                self.open_paper(info.sha256)

        def failed(exc: BaseException) -> None:
            errors.show_exception(self, exc)
            self.refresh_library()

        self.statusBar().showMessage(f"Reading {path.name}…")
        ingest_paper(self, self.lane, path).with_progress(f"Reading {path.name}").success(
            done
        ).failure(failed).on_cancel(self.refresh_library).run_in_background()

    def open_paper(self, sha256: str) -> None:
        """Show a library paper with its stored critique."""
        if self.runner.busy and self._critique_task is not None:
            self.statusBar().showMessage("The paper opens when the running critique ends.", 5000)
        open_paper(self, self.lane, sha256).with_progress("Opening the paper").success(
            self._show_opened
        ).run_in_background()

    def _show_opened(self, opened: OpenedPaper) -> None:
        self.current = opened
        self.setWindowTitle(f"{opened.info.title or Path(opened.paper.path).name} — DeepRead")
        try:
            self.pdf_view.open(Path(opened.paper.path))
            self.thumbnails_view.set_document(Path(opened.paper.path))
        except AppError as exc:
            self.pdf_view.close_document()
            self.thumbnails_view.set_document(None)
            self.statusBar().showMessage(exc.user_message(), 10000)
        self.page_box.setRange(1 if self.pdf_view.page_count else 0, self.pdf_view.page_count)
        self.page_total.setText(f" / {self.pdf_view.page_count} ")
        self.find_bar.set_paper(opened.paper)
        self.outline_view.set_paper(opened.paper)
        self._show_critique(opened.critique)
        if opened.critique is None and opened.interrupted is not None:
            self._show_interrupted(opened.interrupted)
        row = self.library_model.row_of(opened.info.sha256)
        if row >= 0 and self.library_view.currentIndex().row() != row:
            self._syncing = True
            self.library_view.selectRow(row)
            self._syncing = False
        self._update_actions()
        self.paper_opened.emit(opened.info.sha256)

    def _show_critique(self, critique: StoredCritique | None) -> None:
        if critique is None:
            self.critique_view.show_placeholder(
                "No critique yet. Click Critique to have the local model write one; "
                "every sentence is then checked against the paper."
            )
            self.banner.setText("")
        else:
            self.critique_view.show_critique(critique)
            self.banner.setText(summary_text(critique))
        self.claims_panel.set_critique(critique)
        self.attempts_view.set_result(critique.result if critique is not None else None)
        self.pdf_view.clear_highlights()
        if critique is not None and self.current is not None:
            self.pdf_view.set_marks(evidence_marks(critique, self.current.paper))
        self._load_history()

    def _load_history(self) -> None:
        """Refill the History tab for the open paper."""
        if self.current is None:
            self.history_view.set_history([], None)
            return
        sha = self.current.info.sha256
        shown = self.critique_view.critique.id if self.critique_view.critique else None

        def loaded(critiques: list[StoredCritique]) -> None:
            if self.current is not None and self.current.info.sha256 == sha:
                self.history_view.set_history(critiques, shown)
                self.history_loaded.emit(critiques)

        critique_history(self, self.lane, sha).success(loaded).run_in_background()

    def show_stored_critique(self, critique_id: int) -> Task | None:
        """Show an earlier (or the latest) critique run of the open paper."""
        if self.current is None or self._critique_task is not None:
            return None

        def loaded(critique: StoredCritique) -> None:
            if self.current is not None and self.current.info.sha256 == critique.paper_sha256:
                self.current = OpenedPaper(self.current.info, self.current.paper, critique)
                self._show_critique(critique)
                self.critique_shown.emit(critique)

        return stored_critique(self, self.lane, critique_id).success(loaded).run_in_background()

    def _show_nothing(self) -> None:
        self.current = None
        self.setWindowTitle("DeepRead")
        self.pdf_view.close_document()
        self.thumbnails_view.set_document(None)
        self.page_box.setRange(0, 0)
        self.page_total.setText(" / 0 ")
        self.critique_view.show_placeholder("Open a paper to read it with DeepRead.")
        self.banner.setText("")
        self.claims_panel.set_critique(None)
        self.ask.paper_closed()
        self.attempts_view.set_result(None)
        self.find_bar.set_paper(None)
        self.outline_view.set_paper(None)
        self.history_view.set_history([], None)
        self._update_actions()

    # critique ----------------------------------------------------------------------------

    def _show_interrupted(self, interrupted: StoredCritique) -> None:
        """An interrupted run: its attempts, and how to resume or discard it."""
        done = len(interrupted.result.attempts)
        self.critique_view.show_placeholder(
            f"The last critique stopped after {done} checked attempt{'s' * (done != 1)} "
            "(shown under Attempts). Critique ▸ Resume Interrupted Critique continues it; "
            "Discard Interrupted Critique deletes it; Critique starts afresh."
        )
        self.banner.setText("Critique interrupted")
        self.attempts_view.set_result(interrupted.result)

    def discard_interrupted(self) -> Task | None:
        """Critique ▸ Discard Interrupted Critique."""
        if self.current is None or self.current.interrupted is None:
            return None
        sha = self.current.info.sha256
        return (
            discard_interrupted(self, self.lane, sha)
            .success(lambda _dropped: self.open_paper(sha))
            .run_in_background()
        )

    def request_critique(self, language: str | None = None, resume: bool = False) -> Task | None:
        """Start a critique of the open paper (``language`` None uses the settings).

        With ``resume``, the paper's interrupted run continues after its last stored attempt.
        """
        if self.current is None or self._critique_task is not None:
            return None
        if resume and self.current.interrupted is None:
            return None
        sha = self.current.info.sha256
        self._previous = self.current.critique
        self.critique_view.begin_stream()
        self.claims_panel.set_critique(None)
        self.attempts_view.set_result(None)
        self.pdf_view.clear_highlights()
        self.banner.setText("Loading the model…")
        self._stream_attempt = 0
        self._live_attempts = []
        self._writing = None
        task = (
            critique_paper(self, self.lane, sha, language, resume=resume)
            .with_progress("Critique")
            .on_progress(self._critique_progress)
            .success(self._critique_done)
            .failure(self._critique_failed)
            .on_cancel(self._critique_stopped)
            .run_in_background()
        )
        self._critique_task = task
        task.finished.connect(self._critique_ended)
        self._update_actions()
        return task

    def _critique_progress(self, event: Progress) -> None:
        if event.stage == "generate":
            if self._writing is None or event.done != self._stream_attempt:
                # NOTE: a new attempt rewrites the whole critique with the flagged feedback.
                self._stream_attempt = event.done
                self.critique_view.begin_stream()
                self.pdf_view.clear_highlights()
                self._writing = WritingProgress(attempt=event.done, attempts=max(1, event.total))
                self._writing_timer.start()
            if event.text:
                self._writing.feed(event.text)
                self.critique_view.append_stream(event.text)
            self._show_writing()
            return
        self._writing_timer.stop()
        if event.stage == "verify":
            count = f" {event.done} of {event.total}" if event.total else ""
            self.banner.setText(event.message or f"Checking sentences against the paper{count}…")
        elif event.stage == "verdict":
            if isinstance(event.payload, Verdict):
                self.critique_view.mark_verdict(event.payload)
                if self.current is not None:
                    self.pdf_view.add_marks(verdict_marks(event.payload, None, self.current.paper))
        elif event.stage == "attempt":
            if isinstance(event.payload, Attempt):
                self._live_attempts.append(event.payload)
                self.attempts_view.set_attempts(self._live_attempts, self.lane.settings)
            if event.message:
                self.banner.setText(event.message)
        elif event.message:
            self.banner.setText(event.message)

    def _show_writing(self) -> None:
        """The writing line: section of five, elapsed time, tokens/s, time left."""
        if self._writing is None:
            return
        self.banner.setText(self._writing.describe() + "…")
        self.progress_bar.setRange(0, self._writing.sections)
        self.progress_bar.setValue(max(0, self._writing.section - 1))

    def _critique_done(self, critique: StoredCritique) -> None:
        self._writing_timer.stop()
        if self.current is not None and self.current.info.sha256 == critique.paper_sha256:
            self.current = OpenedPaper(self.current.info, self.current.paper, critique)
            self._show_critique(critique)
            carried = carried_note(self._previous, critique)
            if carried:
                self.banner.setText(f"{summary_text(critique)} {carried}")
        self._previous = None
        self.refresh_library()
        self.critique_finished.emit(critique)

    def _critique_failed(self, exc: BaseException) -> None:
        errors.show_exception(self, exc)
        self._reload_stored("The critique failed.")

    def _critique_stopped(self) -> None:
        self._reload_stored("Stopped.")
        if self.current is not None:
            # NOTE: the checked attempts were kept as an interrupted run; reopening shows it.
            self.open_paper(self.current.info.sha256)
        self.critique_stopped.emit()

    def _critique_ended(self) -> None:
        self._writing_timer.stop()
        self._writing = None
        self._critique_task = None
        self._update_actions()

    def _reload_stored(self, why: str) -> None:
        """Show the last stored critique again after a stop or failure."""
        if self.current is None:
            return
        sha = self.current.info.sha256

        def loaded(critique: StoredCritique | None) -> None:
            if self.current is None or self.current.info.sha256 != sha:
                return
            self._show_critique(critique)
            stored = "The last stored critique is shown." if critique else "Nothing was stored."
            self.banner.setText(f"{why} {stored}")

        latest_critique(self, self.lane, sha).success(loaded).run_in_background()
        self.refresh_library()

    def stop(self) -> None:
        """Cancel the running operation (the critique or an ingest)."""
        for task in self.runner.active_tasks:
            if task.label:
                task.cancel()
        self.progress_label.setText("Stopping…")

    # evidence and review -----------------------------------------------------------------

    def show_sentence_evidence(self, index: int) -> None:
        """Jump the PDF view to a sentence's best evidence and highlight it."""
        verdict = self.critique_view.verdict_for(index)
        if verdict is None:
            return
        if not self._syncing:
            self._syncing = True
            try:
                self.claims_panel.select(index)
            finally:
                self._syncing = False
        page = self.pdf_view.focus_sentence(index)
        if page is None:
            self.statusBar().showMessage("No passage in the paper supports this sentence.", 8000)
            return
        label = EVIDENCE_LABELS[evidence_role(verdict.status)]
        self.statusBar().showMessage(f"{label}: page {page}", 8000)

    def _mark_activated(self, index: int) -> None:
        """A click on an evidence mark in the PDF: go to its critique sentence."""
        self.critique_view.focus_sentence(index)
        self._syncing = True
        try:
            self.claims_panel.select(index)
        finally:
            self._syncing = False
        self.pdf_view.focus_sentence(index, scroll=False)

    def go_to_flagged(self, step: int) -> int | None:
        """Focus the next (1) or previous (-1) sentence that needs review, wrapping around."""
        order = self.critique_view.review_order()
        if not order:
            self.statusBar().showMessage("No sentence of this critique needs review.", 5000)
            return None
        focused = self.critique_view.focused
        if focused in order:
            at = (order.index(focused) + step) % len(order)
        else:
            after = self.critique_view.sentences_after(focused, step)
            at = order.index(after[0]) if after else (0 if step > 0 else len(order) - 1)
        index = order[at]
        self.critique_view.focus_sentence(index)
        self.show_sentence_evidence(index)
        self.statusBar().showMessage(f"Sentence {at + 1} of {len(order)} to review", 5000)
        return index

    def _claim_selected(self, index: int) -> None:
        if self._syncing:
            return
        self.critique_view.focus_sentence(index)
        self.show_sentence_evidence(index)

    def request_review(self, index: int, action: ReviewAction) -> Task | None:
        """Ask for the details of a review decision and store it."""
        critique = self.critique_view.critique
        verdict = self.critique_view.verdict_for(index)
        if critique is None or verdict is None:
            return None
        note, new_text = "", ""
        if action is ReviewAction.ACCEPT:
            answer = prompts.ask_text(self, "Accept sentence", "Optional note for the export:")
            if answer is None:
                return None
            note = answer.strip()
        elif action is ReviewAction.EDIT:
            previous = critique.reviews.get(index)
            current = previous.new_text if previous and previous.new_text else verdict.claim.text
            answer = prompts.ask_text(
                self,
                "Edit sentence",
                "New text (it is checked against the paper again):",
                current,
                multiline=True,
            )
            if answer is None or not answer.strip() or answer.strip() == current.strip():
                return None
            new_text = " ".join(answer.split())
        return (
            review_sentence(
                self, self.lane, critique.id, index, action, note=note, new_text=new_text
            )
            .with_progress("Saving review")
            .success(lambda stored: self._reviewed(stored, index))
            .run_in_background()
        )

    def _reviewed(self, critique: StoredCritique, index: int) -> None:
        if self.current is not None and self.current.info.sha256 == critique.paper_sha256:
            self.current = OpenedPaper(self.current.info, self.current.paper, critique)
            self.critique_view.show_critique(critique)
            self.banner.setText(summary_text(critique))
            self.pdf_view.set_marks(evidence_marks(critique, self.current.paper))
            self._syncing = True
            try:
                self.claims_panel.set_critique(critique)
                self.claims_panel.select(index)
            finally:
                self._syncing = False
            self.critique_view.focus_sentence(index)
            self.pdf_view.focus_sentence(index, scroll=False)
            self._load_history()
        self.review_stored.emit(critique)

    # export ------------------------------------------------------------------------------

    def export(self, fmt: str) -> Task | None:
        """File ▸ Export: ask where (and before overwriting), then write in the background."""
        shown = self.critique_view.critique
        if self.current is None or (shown is None and not self.ask_view.has_answers()):
            QMessageBox.information(
                self, "Export", "Open a paper with a critique or an answer first."
            )
            return None
        from core.export import suggest_filename

        label, name_filter = EXPORT_FORMATS[fmt]
        title = self.current.info.title or Path(self.current.paper.path).stem
        suggested = self._export_dir / suggest_filename(title, fmt)
        out = prompts.ask_save_path(self, f"Export {label}", suggested, name_filter)
        if out is None:
            return None
        if out.suffix.lower() != f".{fmt}":
            out = out.with_name(out.name + f".{fmt}")
        if out.exists() and not prompts.confirm(
            self, "Replace file?", f"“{out.name}” already exists. Replace it?", "Replace"
        ):
            return None
        self._export_dir = out.parent

        def written(path: Path) -> None:
            self.statusBar().showMessage(f"Saved {path}", 10000)
            self.export_finished.emit(path)

        return (
            export_paper(
                self, self.lane, self.current.info.sha256, fmt, out, shown.id if shown else None
            )
            .with_progress(f"Exporting {label}")
            .success(written)
            .run_in_background()
        )

    # settings ----------------------------------------------------------------------------

    def show_review_history(self) -> Task | None:
        """Critique ▸ Review History: who accepted, rejected or edited what, and when."""
        critique = self.critique_view.critique
        if self.current is None or critique is None:
            QMessageBox.information(self, "Review History", "Open a paper with a critique first.")
            return None
        title = self.current.info.title

        def show(entries: list[AuditEntry]) -> None:
            ReviewHistoryDialog(title, entries, self).exec()

        return review_history(self, self.lane, critique.id).success(show).run_in_background()

    def edit_settings(self) -> None:
        """Open the settings dialog; saved settings apply to the next operation."""
        dialog = SettingsDialog(self.lane.settings, self)
        if dialog.exec() and dialog.saved is not None:
            self.lane.reconfigure(dialog.saved)
            self.statusBar().showMessage("Settings saved.", 5000)

    def _about(self) -> None:
        QMessageBox.about(
            self,
            "About DeepRead",
            "<b>DeepRead</b><br>Read scientific papers with a local language model that marks "
            "what it cannot source. Nothing leaves this computer.",
        )

    # status bar --------------------------------------------------------------------------

    def _task_started(self, task: Task) -> None:
        if not task.label:
            return
        self.progress_label.setText(f"{task.label}…")
        self.progress_bar.setRange(0, 0)
        for widget in (self.progress_label, self.progress_bar, self.stop_button):
            widget.show()
        self._update_actions()

    def _task_progress(self, task: Task, event: Progress) -> None:
        if not task.label or task.token.cancelled:
            return
        if event.total and event.stage != "generate":
            self.progress_bar.setRange(0, event.total)
            self.progress_bar.setValue(event.done)
        elif event.stage != "verdict":
            self.progress_bar.setRange(0, 0)
        detail = event.message or STAGE_NAMES.get(event.stage, event.stage)
        self.progress_label.setText(f"{task.label}: {detail}")

    def _task_finished(self, task: Task) -> None:
        if not any(t.label for t in self.runner.active_tasks):
            for widget in (self.progress_label, self.progress_bar, self.stop_button):
                widget.hide()
        if task.label and task.token.cancelled:
            self.statusBar().showMessage(f"{task.label}: stopped.", 5000)
        self._update_actions()

    def _update_actions(self) -> None:
        has_paper = self.current is not None
        running = self._critique_task is not None
        self.critique_action.setEnabled(has_paper and not running)
        for action in self.language_actions.values():
            action.setEnabled(has_paper and not running)
        self.critique_button.setEnabled(has_paper and not running)
        self.stop_action.setEnabled(any(t.label for t in self.runner.active_tasks))
        has_critique = has_paper and self.current is not None and self.current.critique is not None
        exportable = has_critique or (has_paper and self.ask_view.has_answers())
        for action in self.export_actions.values():
            action.setEnabled(exportable and not running)
        self.remove_action.setEnabled(self.library_model.rowCount() > 0)
        interrupted = self.current is not None and self.current.interrupted is not None
        self.resume_action.setEnabled(interrupted and not running)
        self.discard_action.setEnabled(interrupted and not running)

    # PDF toolbar -------------------------------------------------------------------------

    def _zoom_chosen(self, text: str) -> None:
        if text == "Fit width":
            self.pdf_view.fit_width()
        elif text == "Fit page":
            self.pdf_view.fit_page()
        else:
            try:
                value = float(text.strip().rstrip("%")) / 100
            except ValueError:
                return
            self.pdf_view.set_zoom(value)

    def _zoom_shown(self, zoom: float) -> None:
        self.zoom_box.setEditText(f"{zoom:.0%}")

    def _page_shown(self, page: int) -> None:
        self.page_box.blockSignals(True)
        self.page_box.setValue(page)
        self.page_box.blockSignals(False)

    def _page_chosen(self, page: int) -> None:
        self.pdf_view.go_to_page(page)

    # window ------------------------------------------------------------------------------

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802
        """Accept dragged PDF files."""
        if _pdf_paths(event):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802
        """Ingest dropped PDF files."""
        paths = _pdf_paths(event)
        if paths:
            event.acceptProposedAction()
            self.open_files(paths)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        """Remember the layout, stop running work and close the library."""
        if not self._closing:
            self._closing = True
            state.save_window(self, self._splitters())
            self.lane.close(timeout=3.0)
        super().closeEvent(event)


def _pdf_paths(event: QDragEnterEvent | QDropEvent) -> list[Path]:
    mime = event.mimeData()
    if not mime.hasUrls():
        return []
    return [
        Path(url.toLocalFile())
        for url in mime.urls()
        if url.isLocalFile() and url.toLocalFile().lower().endswith(".pdf")
    ]


def summary_text(critique: StoredCritique) -> str:
    """The banner over a finished critique, in the counts' shared words."""
    result = critique.result
    counts = critique_counts(result.verdicts, critique.reviews)
    when = critique.created_at.strftime("%Y-%m-%d %H:%M")
    if not counts.claims:
        return f"Critique of {when} by {result.model}: no checkable claims."
    return (
        f"Critique of {when} by {result.model}: {counts.claims} claims, "
        f"{counts.supported} supported, {counts.partial} partly supported, "
        f"{counts.flagged} flagged ({counts.flagged_ratio:.0%}). "
        f"{counts.reviewed} of {counts.need_review} reviewed. "
        "Hover a sentence for its evidence; click to see it in the paper."
    )


def carried_note(previous: StoredCritique | None, new: StoredCritique) -> str:
    """Says plainly what happened to the reader's reviews of the earlier critique."""
    if previous is None or not previous.reviews:
        return ""
    had, kept = len(previous.reviews), len(new.reviews)
    if kept == had:
        return f"Your {had} review{'s' if had != 1 else ''} carried over to this critique."
    lost = had - kept
    return (
        f"{kept} of your {had} reviews carried over; {lost} stay with the earlier critique "
        "(History tab) because this one no longer has their sentence."
    )


def _chip(label: str, rgb: tuple[int, int, int], alpha: float, underline: str = "") -> str:
    red, green, blue = rgb
    edge = f"; border-bottom: 2px {underline} rgb({red},{green},{blue})" if underline else ""
    return (
        f"<span style='background-color: rgba({red},{green},{blue},{alpha}){edge}'>"
        f"&nbsp;{label}&nbsp;</span>"
    )


def legend_html() -> str:
    """The colour code: critique sentences, marks on the paper, the reader's decisions."""
    sentences = []
    for status in (Status.PARTIAL, Status.UNSUPPORTED, Status.REJECTED):
        style = STYLES[status]
        colour = style.colour
        sentences.append(
            _chip(style.label, (colour.red(), colour.green(), colour.blue()), 0.25, "solid")
        )
    marks = [_chip(EVIDENCE_LABELS[r], EVIDENCE_COLOURS[r], 0.45) for r in EvidenceRole]
    reader = [
        f"<span style='color: rgb{REVIEW_COLOURS[a]}'>■</span>&nbsp;{REVIEW_LABELS[a]}"
        for a in REVIEW_COLOURS
    ]
    return (
        "<small>Critique: "
        + " ".join(sentences)
        + "<br>In the paper: "
        + " ".join(marks)
        + "<br>Your decisions: "
        + " &nbsp; ".join(reader)
        + "</small>"
    )
