"""Exports of a stored critique: Markdown notes, an annotated PDF and JSON reports."""

from __future__ import annotations

from core.export.annotated_pdf import export_annotated_pdf
from core.export.entry import FORMATS, export_critique, json_text
from core.export.files import suggest_filename, write_atomic
from core.export.json_report import SCHEMAS, critique_report, export_json, verify_report
from core.export.markdown import export_markdown

__all__ = [
    "FORMATS",
    "SCHEMAS",
    "critique_report",
    "export_annotated_pdf",
    "export_critique",
    "export_json",
    "export_markdown",
    "json_text",
    "suggest_filename",
    "verify_report",
    "write_atomic",
]
