"""DeepRead's core: reading, indexing, checking and storing papers, with no GUI and no network."""

import os

# NOTE: onnxruntime's Linux wheels (1.32 here) send usage telemetry from a native thread (a DNS
# lookup and an upload some seconds after start) and keep a device id and an event cache under
# ~/.cache. The opt-out is read once, when onnxruntime is first imported, and that import comes
# early and from several places: importing PyMuPDF pulls it in (through pymupdf4llm and
# PyMuPDF's layout module) before the embedder does. Every entry point imports core first.
os.environ["ORT_DISABLE_TELEMETRY"] = "1"
