"""A font for Chinese text on systems that have none installed.

The critique, the panels and the tooltips show Chinese whenever the paper or the critique is in
Chinese. A Linux desktop without a CJK font would draw every such character as a box, so when no
installed family covers Simplified Chinese the window registers the CJK font PyMuPDF ships
(Droid Sans Fallback, already on disk as part of a dependency). Qt's font matching then falls
back to it for the characters the interface font lacks; installed fonts keep precedence.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray
from PySide6.QtGui import QFontDatabase

#: PyMuPDF's name for its bundled CJK font.
_BUNDLED = "cjk"


def has_chinese_font() -> bool:
    """Whether any font Qt can use writes Simplified Chinese."""
    return bool(QFontDatabase.families(QFontDatabase.WritingSystem.SimplifiedChinese))


def ensure_chinese_font() -> str | None:
    """Register the bundled CJK font if no installed one writes Chinese; its family, or None.

    Call after the ``QGuiApplication`` exists. Returns None when an installed font already
    covers Chinese or the bundled one cannot be loaded (the text then falls back as before).
    """
    if has_chinese_font():
        return None
    from core import pdf_access

    try:
        with pdf_access.hold() as pymupdf:
            data = pymupdf.Font(_BUNDLED).buffer
    except (RuntimeError, ValueError):
        return None
    font_id = QFontDatabase.addApplicationFontFromData(QByteArray(data))
    families = QFontDatabase.applicationFontFamilies(font_id) if font_id >= 0 else []
    return families[0] if families else None
