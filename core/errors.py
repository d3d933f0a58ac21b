"""Typed errors raised by core; the GUI and the command line turn them into messages."""

from __future__ import annotations

from typing import ClassVar


class AppError(Exception):
    """Base of every error a user may see; the message names the file, page or sentence."""

    retryable: ClassVar[bool] = False
    help_message: ClassVar[str] = ""

    def user_message(self) -> str:
        """One line for the status bar or stderr."""
        return str(self)


class BadPdfError(AppError):
    """The file cannot be used as a paper (not a PDF, corrupt, encrypted, empty, scanned...)."""

    help_message = "Open a text-based PDF of the paper."


class ModelError(AppError):
    """The model file is missing, truncated, not a GGUF, or failed to load."""

    help_message = "Pick a valid GGUF model file in Settings."


class SearchIndexError(AppError):
    """The vector or lexical index could not be read or written."""

    retryable = True


class LibraryError(AppError):
    """The SQLite library could not be read or written (disk full, locked, corrupt)."""

    retryable = True
    help_message = "Check that the data folder is writable and the disk is not full."


class NotInLibraryError(AppError):
    """The paper is not (yet) in the library."""


class ExportError(AppError):
    """An export could not be written."""


class Cancelled(AppError):
    """The user stopped the operation."""
