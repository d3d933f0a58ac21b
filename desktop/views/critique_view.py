"""The critique text: streams while the model writes, then every sentence styled by verdict."""

from __future__ import annotations

import bisect
import html
import re
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QPoint, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QColor,
    QContextMenuEvent,
    QFont,
    QHelpEvent,
    QMouseEvent,
    QTextBlockFormat,
    QTextCharFormat,
    QTextCursor,
    QTextFormat,
)
from PySide6.QtWidgets import QMenu, QTextBrowser, QTextEdit, QToolTip, QWidget

from core.colours import (
    EVIDENCE_LABELS,
    REVIEW_COLOURS,
    REVIEW_LABELS,
    STATUS_COLOURS,
    evidence_role,
)
from core.records import Review, ReviewAction, StoredCritique
from core.types import Status, Verdict

UNVERIFIED = re.compile(r"\[unverified\]\s?", re.IGNORECASE)
HEADING = re.compile(r"^#{1,6}[ \t]+", re.MULTILINE)
BULLET = re.compile(r"^[ \t]*([-*+])[ \t]+", re.MULTILINE)
# Inline Markdown the model writes: **bold**, __bold__, *italic*, _italic_, `code` (one line).
BOLD = re.compile(r"(\*\*|__)(?=\S)([^\n]+?)(?<=\S)\1")
ITALIC = re.compile(r"(?<![*\w])([*_])(?=[^\s*_])([^\n*_]+?)(?<=\S)\1(?![*\w])")
CODE = re.compile(r"`([^`\n]+)`")


@dataclass(frozen=True)
class StatusStyle:
    """How one verdict status looks: a label, an underline and a translucent tint."""

    label: str
    colour: QColor
    underline: QTextCharFormat.UnderlineStyle
    tint_alpha: int


# NOTE: translucent tints over the palette's base colour and mid-saturation underlines stay
# readable on both light and dark palettes; each flagged status differs in hue AND line style,
# so they stay distinct for colour-blind readers too.
STYLES: dict[Status, StatusStyle] = {
    Status.SUPPORTED: StatusStyle(
        "Supported",
        QColor(*STATUS_COLOURS[Status.SUPPORTED]),
        QTextCharFormat.UnderlineStyle.NoUnderline,
        0,
    ),
    Status.PARTIAL: StatusStyle(
        "Partly supported",
        QColor(*STATUS_COLOURS[Status.PARTIAL]),
        QTextCharFormat.UnderlineStyle.DashUnderline,
        40,
    ),
    Status.UNSUPPORTED: StatusStyle(
        "Unsupported",
        QColor(*STATUS_COLOURS[Status.UNSUPPORTED]),
        QTextCharFormat.UnderlineStyle.WaveUnderline,
        48,
    ),
    Status.REJECTED: StatusStyle(
        "Rejected: fabricated quote or reference",
        QColor(*STATUS_COLOURS[Status.REJECTED]),
        QTextCharFormat.UnderlineStyle.SingleUnderline,
        56,
    ),
    Status.NOT_A_CLAIM: StatusStyle(
        "Not a claim",
        QColor(*STATUS_COLOURS[Status.NOT_A_CLAIM]),
        QTextCharFormat.UnderlineStyle.NoUnderline,
        0,
    ),
}

FALLBACK_EXPLANATION = {
    Status.SUPPORTED: "The paper supports this.",
    Status.PARTIAL: "Only part of this is backed by the paper.",
    Status.UNSUPPORTED: "No passage in the paper supports this.",
    Status.REJECTED: "A quotation, citation or cross-reference here does not exist in the paper.",
    Status.NOT_A_CLAIM: "Not a factual claim.",
}

NO_EVIDENCE = "no passage in the paper supports this"
SNIPPET_CHARS = 220


def one_line_explanation(verdict: Verdict) -> str:
    """The verdict's reason as one line, falling back to the reasons or the status."""
    text = verdict.explanation.strip() or "; ".join(r for r in verdict.reasons if r).strip()
    text = " ".join(text.split())
    return text or FALLBACK_EXPLANATION[verdict.status]


def snippet(text: str, limit: int = SNIPPET_CHARS) -> str:
    """Whitespace-collapsed text cut at a word boundary."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    return text[:limit].rsplit(" ", 1)[0] + "…"


def review_label(review: Review) -> str:
    """How a review decision is named in the GUI."""
    return REVIEW_LABELS[review.action]


def tooltip_html(verdict: Verdict, review: Review | None = None) -> str:
    """The hover text: status, one-line explanation, best evidence with its page."""
    style = STYLES[verdict.status]
    esc = lambda s: html.escape(s, quote=False)  # noqa: E731
    parts = [
        f'<b style="color:{style.colour.name()}">{esc(style.label)}</b> — '
        f"{esc(one_line_explanation(verdict))}"
    ]
    if verdict.evidence:
        best = max(verdict.evidence, key=lambda e: e.score)
        role = EVIDENCE_LABELS[evidence_role(verdict.status)]
        if not _quotes(one_line_explanation(verdict), best.text):
            parts.append(f"{esc(role)}, p. {best.page}: <i>“{esc(snippet(best.text))}”</i>")
        else:
            parts.append(f"{esc(role)}: p. {best.page}")
    elif verdict.status is not Status.NOT_A_CLAIM:
        parts.append(f"<i>{NO_EVIDENCE.capitalize()}.</i>")
    if review is not None:
        note = f": {esc(review.note)}" if review.note else ""
        parts.append(f"Review: {esc(review_label(review))}{note}")
    return "<p style='white-space:pre-wrap'>" + "<br>".join(parts) + "</p>"


def _quotes(explanation: str, evidence: str) -> bool:
    """True when the explanation already quotes the evidence (so it is not shown twice)."""
    head = " ".join(evidence.split())[:40].casefold()
    return bool(head) and head in " ".join(explanation.split()).casefold()


class CritiqueView(QTextBrowser):
    """Read-only critique text with per-sentence verdict styling, hover and click.

    Sentences are identified by their claim index (``Verdict.claim.index``).
    """

    sentence_activated = Signal(int)
    review_requested = Signal(int, object)  # claim index, ReviewAction

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self.setOpenLinks(False)
        self.setMouseTracking(True)
        self.document().setDocumentMargin(18)
        font = QFont(self.font())
        font.setPointSizeF(max(font.pointSizeF(), 10.5) + 0.5)
        self.setFont(font)
        self._critique: StoredCritique | None = None
        self._verdicts: dict[int, Verdict] = {}
        self._starts: list[int] = []  # document start of each styled sentence, sorted
        self._ranges: list[tuple[int, int, int]] = []  # (start, end, claim index)
        self._streaming = False
        self._stream_src = ""  # the streamed text as the model wrote it
        self._stream_map: list[int] = []  # document position of each rendered source char
        self._rendered_end = 0
        self._press: QPoint | None = None
        self._focused: int | None = None

    # content -----------------------------------------------------------------------------

    @property
    def critique(self) -> StoredCritique | None:
        """The critique shown, or None while streaming or empty."""
        return self._critique

    def show_placeholder(self, text: str) -> None:
        """Show a centred hint instead of a critique."""
        self._reset()
        self.setHtml(
            f"<p style='color:gray; margin-top:40px' align='center'>{html.escape(text)}</p>"
        )

    def begin_stream(self) -> None:
        """Start showing text as the model writes it."""
        self._reset()
        self.clear()
        self._streaming = True

    def append_stream(self, text: str) -> None:
        """Append streamed text, following it when the reader is at the bottom.

        Complete lines are shown with their Markdown rendered (headings, bold, bullets); the
        line being written shows as it comes.
        """
        if not self._streaming:
            self.begin_stream()
        bar = self.verticalScrollBar()
        follow = bar.value() >= bar.maximum() - 4
        self._stream_src += text
        cursor = QTextCursor(self.document())
        cursor.movePosition(QTextCursor.MoveOperation.End)
        if "\n" in text:
            self._render_stream(self._stream_src.rfind("\n") + 1)
        else:
            cursor.insertText(text, QTextCharFormat())
        if follow:
            bar.setValue(bar.maximum())

    def _render_stream(self, upto: int) -> None:
        """Replace the raw text up to source offset ``upto`` by its rendered form."""
        done = len(self._stream_map)
        if upto <= done:
            return
        cursor = QTextCursor(self.document())
        cursor.setPosition(self._rendered_end)
        cursor.movePosition(QTextCursor.MoveOperation.End, QTextCursor.MoveMode.KeepAnchor)
        cursor.removeSelectedText()
        chunk = self._stream_src[done:upto]
        positions: list[int] = []
        self._insert(cursor, _Layout(chunk), 0, len(chunk), QTextCharFormat(), positions)
        self._stream_map += positions
        self._rendered_end = cursor.position()
        cursor.insertText(self._stream_src[upto:], QTextCharFormat())
        self._set_line_height()

    def _stream_position(self, offset: int) -> int:
        """The document position of a source offset of the streamed text."""
        if offset < len(self._stream_map):
            return self._stream_map[offset]
        return self._rendered_end + offset - len(self._stream_map)

    def mark_verdict(self, verdict: Verdict) -> None:
        """Colour one streamed sentence as soon as it is checked (when it is still in place)."""
        if not self._streaming:
            return
        claim = verdict.claim
        if self._stream_src[claim.start : claim.end] != claim.text:
            return
        self._render_stream(len(self._stream_src))
        start, end = self._stream_position(claim.start), self._stream_position(claim.end)
        cursor = QTextCursor(self.document())
        cursor.setPosition(start)
        cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
        cursor.mergeCharFormat(self._status_format(verdict.status))
        self._add_range(start, end, verdict)

    def show_critique(self, critique: StoredCritique) -> None:
        """Show a finished critique with every sentence styled by its verdict and review."""
        bar = self.verticalScrollBar()
        keep = bar.value() if self._critique is not None else 0
        self._reset()
        self.clear()
        self._critique = critique
        text = critique.result.text
        layout = _Layout(text)
        cursor = QTextCursor(self.document())
        pos = 0
        for verdict in sorted(critique.result.verdicts, key=lambda v: v.claim.start):
            claim = verdict.claim
            if claim.start < pos or claim.end > len(text):
                continue
            review = critique.reviews.get(claim.index)
            # NOTE: the reader's decision replaces the checker's "unverified" badge.
            self._insert(cursor, layout, pos, claim.start, QTextCharFormat(), badges=not review)
            fmt = self._sentence_format(verdict, review)
            start = cursor.position()
            if review is not None and review.action is ReviewAction.EDIT and review.new_text:
                # NOTE: an edited sentence shows its new text; markers before it stay in place.
                cursor.insertText(review.new_text, fmt)
            else:
                self._insert(cursor, layout, claim.start, claim.end, fmt)
            self._add_range(start, cursor.position(), verdict)
            if review is not None:
                cursor.insertText(" ", QTextCharFormat())
                self._insert_badge(cursor, review_label(review), _review_colour(review))
            pos = claim.end
        self._insert(cursor, layout, pos, len(text), QTextCharFormat())
        self._set_line_height()
        bar.setValue(keep)

    # queries -----------------------------------------------------------------------------

    @property
    def focused(self) -> int | None:
        """Claim index of the outlined sentence, or None."""
        return self._focused

    def review_order(self) -> list[int]:
        """Claim indexes of the sentences that need review, in reading order."""
        return [i for _s, _e, i in self._ranges if self._verdicts[i].status.needs_review]

    def sentences_after(self, index: int | None, step: int) -> list[int]:
        """Sentences needing review after (step 1) or before (-1) a sentence, nearest first."""
        order = self.review_order()
        span = self.sentence_range(index) if index is not None else None
        if span is None:
            return order if step > 0 else order[::-1]
        starts = {i: self.sentence_range(i) or (0, 0) for i in order}
        if step > 0:
            return [i for i in order if starts[i][0] > span[0]]
        return [i for i in order[::-1] if starts[i][0] < span[0]]

    def verdict_for(self, index: int) -> Verdict | None:
        """The verdict of the sentence with claim index ``index``."""
        return self._verdicts.get(index)

    def styled_sentences(self) -> list[int]:
        """Claim indexes of every sentence drawn, in document order."""
        return [r[2] for r in self._ranges]

    def sentence_range(self, index: int) -> tuple[int, int] | None:
        """Document (start, end) of a sentence."""
        for start, end, idx in self._ranges:
            if idx == index:
                return start, end
        return None

    def sentence_format(self, index: int) -> QTextCharFormat | None:
        """The character format in the middle of a sentence (for tests and checks)."""
        span = self.sentence_range(index)
        if span is None:
            return None
        cursor = QTextCursor(self.document())
        cursor.setPosition((span[0] + span[1]) // 2 + 1)
        return cursor.charFormat()

    def tooltip_for(self, index: int) -> str:
        """The hover text of a sentence ("" when it has no verdict)."""
        verdict = self._verdicts.get(index)
        if verdict is None:
            return ""
        review = self._critique.reviews.get(index) if self._critique is not None else None
        return tooltip_html(verdict, review)

    def sentence_at(self, point: QPoint) -> int | None:
        """Claim index of the sentence under a viewport point."""
        cursor = self.cursorForPosition(point)
        # NOTE: cursorForPosition snaps to the nearest position even in margins; reject points
        # that are not actually over the glyphs of the line.
        rect = self.cursorRect(cursor)
        if abs(rect.center().y() - point.y()) > rect.height():
            return None
        return self.sentence_at_position(cursor.position())

    def sentence_at_position(self, position: int) -> int | None:
        """Claim index of the sentence holding a document position."""
        i = bisect.bisect_right(self._starts, position) - 1
        if i < 0:
            return None
        start, end, idx = self._ranges[i]
        return idx if start <= position < end else None

    def focus_sentence(self, index: int) -> None:
        """Outline a sentence and scroll it into view."""
        span = self.sentence_range(index)
        if span is None:
            return
        self._focused = index
        selection = QTextEdit.ExtraSelection()
        cursor = QTextCursor(self.document())
        cursor.setPosition(span[0])
        cursor.setPosition(span[1], QTextCursor.MoveMode.KeepAnchor)
        selection.cursor = cursor
        fmt = QTextCharFormat()
        highlight = QColor(self.palette().highlight().color())
        highlight.setAlpha(90)
        fmt.setBackground(highlight)
        selection.format = fmt
        self.setExtraSelections([selection])
        end = QTextCursor(self.document())
        end.setPosition(span[1])
        self.setTextCursor(end)
        self.ensureCursorVisible()
        start = QTextCursor(self.document())
        start.setPosition(span[0])
        self.setTextCursor(start)
        self.ensureCursorVisible()

    # events ------------------------------------------------------------------------------

    def viewportEvent(self, event: QEvent) -> bool:  # noqa: N802
        """Show the verdict tooltip of the sentence under the mouse."""
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            index = self.sentence_at(event.pos())
            tip = self.tooltip_for(index) if index is not None else ""
            if tip:
                QToolTip.showText(event.globalPos(), tip, self.viewport())
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().viewportEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        """Remember where a click started, to tell clicks from text selection."""
        self._press = event.position().toPoint()
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        """A click on a sentence focuses it and asks to show its evidence."""
        super().mouseReleaseEvent(event)
        point = event.position().toPoint()
        if (
            event.button() == Qt.MouseButton.LeftButton
            and self._press is not None
            and (point - self._press).manhattanLength() < 5
        ):
            index = self.sentence_at(point)
            if index is not None:
                self.focus_sentence(index)
                self.sentence_activated.emit(index)
        self._press = None

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:  # noqa: N802
        """Review actions for the sentence under the mouse, plus Copy."""
        menu = self.build_context_menu(self.sentence_at(event.pos()))
        menu.exec(event.globalPos())

    def build_context_menu(self, index: int | None) -> QMenu:
        """The context menu for a sentence (or for no sentence)."""
        menu = QMenu(self)
        verdict = self._verdicts.get(index) if index is not None else None
        if verdict is not None and self._critique is not None and verdict.claim.is_claim:
            assert index is not None
            show = menu.addAction("Show evidence")
            show.triggered.connect(lambda: self.sentence_activated.emit(index))
            menu.addSeparator()
            for action, label in (
                (ReviewAction.ACCEPT, "Accept as correct…"),
                (ReviewAction.REJECT, "Reject (leave out of the notes)"),
                (ReviewAction.EDIT, "Edit sentence…"),
            ):
                item: QAction = menu.addAction(label)
                item.setData(action.value)
                item.triggered.connect(
                    lambda _c=False, a=action: self.review_requested.emit(index, a)
                )
            menu.addSeparator()
        copy = menu.addAction("Copy")
        copy.setEnabled(self.textCursor().hasSelection())
        copy.triggered.connect(self.copy)
        select_all = menu.addAction("Select All")
        select_all.triggered.connect(self.selectAll)
        return menu

    # helpers -----------------------------------------------------------------------------

    def _reset(self) -> None:
        self._critique = None
        self._verdicts = {}
        self._starts = []
        self._ranges = []
        self._streaming = False
        self._stream_src = ""
        self._stream_map = []
        self._rendered_end = 0
        self._focused = None
        self.setExtraSelections([])

    def _add_range(self, start: int, end: int, verdict: Verdict) -> None:
        i = bisect.bisect_left(self._starts, start)
        self._starts.insert(i, start)
        self._ranges.insert(i, (start, end, verdict.claim.index))
        self._verdicts[verdict.claim.index] = verdict

    def _insert(
        self,
        cursor: QTextCursor,
        layout: _Layout,
        start: int,
        end: int,
        fmt: QTextCharFormat,
        positions: list[int] | None = None,
        badges: bool = True,
    ) -> None:
        """Insert ``text[start:end]`` with its Markdown rendered.

        Markers become badges (unless ``badges`` is False), heading and emphasis marks are
        hidden and style their text, list bullets become "•". ``positions`` receives the
        document position of every source character.
        """
        run: list[str] = []
        style = (False, False, False, False)

        def flush() -> None:
            if run:
                cursor.insertText("".join(run), self._run_format(fmt, *style))
                run.clear()

        for i in range(start, end):
            if layout.badge_at(i) and badges:
                flush()
                self._insert_badge(cursor, "unverified", STYLES[Status.UNSUPPORTED].colour)
                cursor.insertText(" ", fmt)
            if positions is not None:
                positions.append(cursor.position() + sum(len(r) for r in run))
            if layout.hidden[i]:
                continue
            wanted = (layout.heading[i], layout.bold[i], layout.italic[i], layout.code[i])
            if wanted != style:
                flush()
                style = wanted
            run.append(layout.shown(i))
        flush()

    def _run_format(
        self, fmt: QTextCharFormat, heading: bool, bold: bool, italic: bool, code: bool
    ) -> QTextCharFormat:
        if heading:
            return self._heading_format(fmt)
        if not (bold or italic or code):
            return fmt
        out = QTextCharFormat(fmt)
        if bold:
            out.setFontWeight(QFont.Weight.Bold)
        if italic:
            out.setFontItalic(True)
        if code:
            out.setFontFixedPitch(True)
            out.setFontFamilies(["monospace"])
        return out

    def _heading_format(self, fmt: QTextCharFormat) -> QTextCharFormat:
        out = QTextCharFormat(fmt)
        out.setFontWeight(QFont.Weight.Bold)
        out.setFontPointSize(self.font().pointSizeF() + 1.5)
        return out

    def _insert_badge(self, cursor: QTextCursor, label: str, colour: QColor) -> None:
        badge = QTextCharFormat()
        badge.setBackground(colour)
        badge.setForeground(QColor(255, 255, 255))
        badge.setFontWeight(QFont.Weight.DemiBold)
        badge.setFontPointSize(max(7.0, self.font().pointSizeF() - 2.5))
        badge.setVerticalAlignment(QTextCharFormat.VerticalAlignment.AlignMiddle)
        badge.setProperty(QTextFormat.Property.UserProperty, "badge")
        cursor.insertText(f"\u00a0{label}\u00a0", badge)

    def _status_format(self, status: Status) -> QTextCharFormat:
        style = STYLES[status]
        fmt = QTextCharFormat()
        if style.underline != QTextCharFormat.UnderlineStyle.NoUnderline:
            fmt.setUnderlineStyle(style.underline)
            fmt.setUnderlineColor(style.colour)
        if style.tint_alpha:
            tint = QColor(style.colour)
            tint.setAlpha(style.tint_alpha)
            fmt.setBackground(tint)
        fmt.setProperty(QTextFormat.Property.UserProperty + 1, status.value)
        return fmt

    def _sentence_format(self, verdict: Verdict, review: Review | None) -> QTextCharFormat:
        if review is None or review.action is ReviewAction.EDIT:
            return self._status_format(verdict.status)
        fmt = QTextCharFormat()
        fmt.setProperty(QTextFormat.Property.UserProperty + 1, verdict.status.value)
        if review.action is ReviewAction.REJECT:
            fmt.setFontStrikeOut(True)
            fmt.setForeground(self.palette().placeholderText())
        else:
            fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.DotLine)
            fmt.setUnderlineColor(STYLES[Status.SUPPORTED].colour)
        return fmt

    def _set_line_height(self) -> None:
        cursor = QTextCursor(self.document())
        cursor.select(QTextCursor.SelectionType.Document)
        block = QTextBlockFormat()
        block.setLineHeight(135, QTextBlockFormat.LineHeightTypes.ProportionalHeight.value)
        block.setBottomMargin(6)
        cursor.mergeBlockFormat(block)


def _review_colour(review: Review) -> QColor:
    return QColor(*REVIEW_COLOURS[review.action])


class _Layout:
    """Per-character display decisions for a critique text (markers, Markdown)."""

    def __init__(self, text: str) -> None:
        self.text = text
        n = len(text)
        self.hidden = [False] * n
        self.heading = [False] * n
        self.bold = [False] * n
        self.italic = [False] * n
        self.code = [False] * n
        self._badges: set[int] = set()
        self._shown: dict[int, str] = {}
        for match in UNVERIFIED.finditer(text):
            self._badges.add(match.start())
            self._hide(match.start(), match.end())
        for match in HEADING.finditer(text):
            line_end = text.find("\n", match.end())
            line_end = n if line_end < 0 else line_end
            self._hide(match.start(), match.end())
            self._set(self.heading, match.end(), line_end)
        for match in BULLET.finditer(text):
            self._shown[match.start(1)] = "•"
        for pattern, flags in ((BOLD, self.bold), (ITALIC, self.italic)):
            for match in pattern.finditer(text):
                mark = len(match.group(1))
                self._hide(match.start(), match.start() + mark)
                self._hide(match.end() - mark, match.end())
                self._set(flags, match.start() + mark, match.end() - mark)
        for match in CODE.finditer(text):
            self._hide(match.start(), match.start() + 1)
            self._hide(match.end() - 1, match.end())
            self._set(self.code, match.start() + 1, match.end() - 1)

    def _hide(self, start: int, end: int) -> None:
        self._set(self.hidden, start, end)

    @staticmethod
    def _set(flags: list[bool], start: int, end: int) -> None:
        for i in range(start, end):
            flags[i] = True

    def badge_at(self, index: int) -> bool:
        """True where an "[unverified]" marker starts."""
        return index in self._badges

    def shown(self, index: int) -> str:
        """The character to show for ``text[index]`` (a list marker becomes a bullet)."""
        return self._shown.get(index, self.text[index])
