"""Window geometry and splitter positions in QSettings; everything else is in Settings."""

from __future__ import annotations

from enum import Enum

from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtWidgets import QMainWindow, QSplitter

from core.config import app_home


def _store() -> QSettings:
    # NOTE: kept in the data folder so DEEPREAD_HOME isolates layouts (tests, portable installs).
    return QSettings(str(app_home() / "window.ini"), QSettings.Format.IniFormat)


def save_window(window: QMainWindow, splitters: dict[str, QSplitter]) -> None:
    """Remember the window's geometry, dock layout and splitter sizes."""
    store = _store()
    store.setValue("window/geometry", window.saveGeometry())
    store.setValue("window/state", window.saveState())
    for name, splitter in splitters.items():
        store.setValue(f"splitter/{name}", splitter.saveState())


class Restored(Enum):
    """How much of a saved layout was found."""

    NOTHING = "nothing"
    GEOMETRY = "geometry"  # the window, not every splitter (an older layout)
    ALL = "all"


def restore_window(window: QMainWindow, splitters: dict[str, QSplitter]) -> Restored:
    """Restore what save_window stored."""
    store = _store()
    geometry = store.value("window/geometry")
    if not isinstance(geometry, QByteArray):
        return Restored.NOTHING
    window.restoreGeometry(geometry)
    state = store.value("window/state")
    if isinstance(state, QByteArray):
        window.restoreState(state)
    complete = True
    for name, splitter in splitters.items():
        value = store.value(f"splitter/{name}")
        complete &= isinstance(value, QByteArray) and splitter.restoreState(value)
    return Restored.ALL if complete else Restored.GEOMETRY
