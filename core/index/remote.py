"""A Chroma server as the vector store, shared by several libraries through namespaced collections.

Each library keeps its vectors in its own collection, named after ``index.namespace`` or, by
default, a random id kept in the data folder: two users' libraries on one server never see or
delete each other's vectors, even for the same paper.
"""

from __future__ import annotations

import os
import re
import uuid
from pathlib import Path
from urllib.parse import urlsplit

from core.errors import SearchIndexError
from core.index.vector import ChromaCollection, open_collection

LIBRARY_ID_FILE = "library-id"
#: Chroma collection names: 3-512 characters of [A-Za-z0-9._-], alphanumeric at both ends.
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def library_id(home: Path) -> str:
    """This data folder's random id, created on first use."""
    path = home / LIBRARY_ID_FILE
    try:
        return path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        pass
    value = uuid.uuid4().hex[:16]
    tmp = path.with_suffix(".tmp")
    tmp.write_text(value, encoding="utf-8")
    os.replace(tmp, path)
    return value


def collection_name(namespace: str) -> str:
    """The chunk collection of one namespace, in the characters Chroma accepts."""
    safe = _UNSAFE.sub("-", namespace).strip("._-")[:200] or "default"
    return f"deepread-{safe}-chunks"


class RemoteChromaIndex(ChromaCollection):
    """One namespaced collection on a Chroma server reached with Chroma's HttpClient."""

    def __init__(self, url: str, namespace: str, *, token: str = "") -> None:
        """Connect to ``url`` (``http://host:port``); SearchIndexError when it is unreachable.

        Args:
            url: The Chroma server.
            namespace: Separates this library's vectors from other libraries' on the server.
            token: Sent as a bearer token when the server requires one.
        """
        self.url = url.rstrip("/")
        parts = urlsplit(self.url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise SearchIndexError(f"Not a Chroma server address: {url!r} (http://host:port).")
        os.environ["ANONYMIZED_TELEMETRY"] = "False"
        try:
            import chromadb
            from chromadb.config import Settings as ChromaSettings

            client = chromadb.HttpClient(
                host=parts.hostname,
                port=parts.port or (443 if parts.scheme == "https" else 8000),
                ssl=parts.scheme == "https",
                headers={"Authorization": f"Bearer {token}"} if token else None,
                settings=ChromaSettings(anonymized_telemetry=False),
            )
            super().__init__(open_collection(client, collection_name(namespace)))
        except Exception as exc:
            raise self._error("Cannot open the vector store", exc) from exc

    def _error(self, what: str, exc: BaseException) -> SearchIndexError:
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        return SearchIndexError(f"{what} on the Chroma server at {self.url}: {reason}")
