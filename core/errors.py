"""Typed errors raised by core; the GUI and the command line turn them into messages."""

from __future__ import annotations

from pathlib import Path
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


class ServerError(AppError):
    """A model server (OpenAI-compatible API) failed; the message names its address."""

    help_message = "Check the server address, model name and API key in Settings."


class ServerUnavailableError(ServerError):
    """The server cannot be reached or dropped the connection mid-answer."""

    retryable = True
    help_message = "Check that the model server is running and reachable."


class ServerTimeoutError(ServerError):
    """The server sent nothing for longer than the configured timeout."""

    retryable = True
    help_message = "The server may be overloaded; raise the timeout in Settings or try later."


class ServerAuthError(ServerError):
    """The server refused the API key (HTTP 401 or 403)."""

    help_message = "Set the server's API key in the DEEPREAD_API_KEY environment variable."


class ServerModelMissingError(ServerError):
    """The server does not serve the configured model name."""

    help_message = "Set the model name to one the server lists under /v1/models."


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


class SettingsError(AppError):
    """The settings file could not be written."""

    help_message = "Check that the data folder is writable and the disk is not full."


class Cancelled(AppError):
    """The user stopped the operation."""


# What SQLite (under the library and under Chroma) says for the failures a user can fix.
_STORAGE_FAILURES = (
    ("readonly", "the data folder {folder} is read-only; DeepRead needs to write there"),
    ("read-only", "the data folder {folder} is read-only; DeepRead needs to write there"),
    ("disk is full", "the disk holding {folder} is full; free some space and try again"),
    ("no space left", "the disk holding {folder} is full; free some space and try again"),
    ("disk i/o error", "the disk holding {folder} failed to read or write"),
    ("permission denied", "DeepRead may not write to the data folder {folder}"),
    ("unable to open", "the data folder {folder} is missing or not writable"),
    ("database is locked", "another DeepRead process is writing to it; try again"),
    ("not a database", "the file is damaged (not an SQLite database)"),
    ("malformed", "the file is damaged"),
)


def describe_storage_failure(raw: str, folder: Path) -> str:
    """Turn a storage error message into what the user can do about it (or ``raw`` if unknown).

    Args:
        raw: The message of the underlying error.
        folder: The data folder involved, named in the advice.

    Returns:
        One short clause, without a final period.
    """
    lowered = raw.lower()
    for needle, message in _STORAGE_FAILURES:
        if needle in lowered:
            return message.format(folder=folder)
    return raw.rstrip(".")
