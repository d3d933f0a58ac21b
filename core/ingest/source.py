"""Reading a paper's bytes, with one clear message per way it can fail (no PyMuPDF here)."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from core.errors import BadPdfError


def read_pdf_bytes(path: Path) -> bytes:
    """The file's bytes; BadPdfError names the file when it is missing, unreadable or no PDF."""
    if not path.exists():
        raise BadPdfError(f"{path}: no such file")
    if path.is_dir():
        raise BadPdfError(f"{path}: is a folder, not a PDF file")
    if not os.access(path, os.R_OK):
        raise BadPdfError(f"{path}: cannot be read (permission denied)")
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise BadPdfError(f"{path}: cannot be read ({exc.strerror or exc})") from exc
    if not data:
        raise BadPdfError(f"{path}: the file is empty, not a PDF")
    if b"%PDF-" not in data[:1024]:
        raise BadPdfError(f"{path}: is not a PDF file")
    return data


def sha256_hex(data: bytes) -> str:
    """The paper's identity: SHA-256 of its bytes."""
    return hashlib.sha256(data).hexdigest()
