"""The version of the PDF reading, stored with every library paper.

Raised whenever the same file would now be read into other sentences, table rows or chunks, or
its sentences placed elsewhere on the page. A
library paper read by an older version is read again when it is next opened, so the checker
sees what this version reads.
"""

from __future__ import annotations

READING_VERSION = 7
