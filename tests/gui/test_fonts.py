"""Chinese text has glyphs in the window, whether or not the system has a CJK font."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFont, QTextLayout
from PySide6.QtWidgets import QApplication

from desktop.fonts import ensure_chinese_font, has_chinese_font


def _glyphs(text: str) -> list[int]:
    layout = QTextLayout(text, QFont())
    layout.beginLayout()
    layout.createLine()
    layout.endLayout()
    return [g for run in layout.glyphRuns() for g in run.glyphIndexes()]


@pytest.mark.parametrize("text", ["作者提出了一个新的问题分类体系", "The authors (作者) 提出 7 类"])
def test_chinese_is_drawn_with_real_glyphs(qapp: QApplication, text: str) -> None:
    ensure_chinese_font()
    assert has_chinese_font()
    glyphs = _glyphs(text)
    assert glyphs and 0 not in glyphs  # glyph 0 is the box drawn for a missing character


def test_an_installed_chinese_font_is_not_replaced(qapp: QApplication) -> None:
    ensure_chinese_font()
    assert ensure_chinese_font() is None  # once any font covers Chinese, nothing more is added
