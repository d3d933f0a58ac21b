"""Reference lists: split lines into entries and read label, surnames and year from each."""

from __future__ import annotations

import re

from core.ingest.layout import Line, join_lines
from core.types import Reference

REFERENCES_HEADING = re.compile(
    r"^(?:[\dIVX]+\.?\s*)?(references?|bibliography|literature cited|works cited|"
    r"references and notes|参考文献|参 考 文 献)\s*[:：]?$",
    re.IGNORECASE,
)
_BRACKET_LABEL = re.compile(r"^\[(\d{1,4})\]\s*")
_DOT_LABEL = re.compile(r"^(\d{1,4})[.)]\s+")
_YEAR = re.compile(r"(?<!\d)((?:19|20)\d{2}[a-z]?)(?!\d)")
_INITIALS = re.compile(r"^(?:(?:[A-Z]\.?|[A-Z][a-z]\.)[\s-]*){1,4}$")
_NAME_WORD = re.compile(r"^[A-Z][\w'’\-]*$|^(?:van|von|de|der|da|di|del|la|le)$")
_RIGHT_COLUMN_X = 290.0  # lines starting right of this (in points) belong to a right column
_CJK_NAME = re.compile(r"^[\u4e00-\u9fff·]{2,4}$")


def split_entries(lines: list[Line]) -> list[tuple[str, str]]:
    """Split reference-section lines into ``(label, text)`` entries.

    Numbered styles ("[3] ..." or "3. ...") start an entry at each label; otherwise an entry
    starts at each line that is not indented (hanging indentation), or after a vertical gap.
    """
    if not lines:
        return []
    if sum(bool(_BRACKET_LABEL.match(ln.text)) for ln in lines) >= 2:
        return _split_numbered(lines, _BRACKET_LABEL)
    dotted = [int(m.group(1)) for ln in lines if (m := _DOT_LABEL.match(ln.text))]
    if len(dotted) >= 2 and dotted[:3] == list(range(dotted[0], dotted[0] + len(dotted[:3]))):
        return _split_numbered(lines, _DOT_LABEL)
    return [("", text) for text in _split_hanging(lines)]


def _split_numbered(lines: list[Line], label: re.Pattern[str]) -> list[tuple[str, str]]:
    entries: list[tuple[str, list[str]]] = []
    expected = 1
    for line in lines:
        match = label.match(line.text)
        # NOTE: a continuation line may begin with a number ("2. edn."); accept only the next label.
        if match and (not entries or int(match.group(1)) in (expected, expected + 1)):
            entries.append((match.group(1), [line.text[match.end() :]]))
            expected = int(match.group(1)) + 1
        elif entries:
            entries[-1][1].append(line.text)
    return [(lab, join_lines(parts)) for lab, parts in entries]


def _split_hanging(lines: list[Line]) -> list[str]:
    # Left edge per page and column (hanging-indent lines sit further right).
    entries: list[list[str]] = []
    prev: Line | None = None
    edges: dict[tuple[int, bool], float] = {}
    for line in lines:
        key = (line.page, line.x0 >= _RIGHT_COLUMN_X)
        edges[key] = min(edges.get(key, line.x0), line.x0)
    for line in lines:
        edge = edges[(line.page, line.x0 >= _RIGHT_COLUMN_X)]
        starts = abs(line.x0 - edge) < 3
        if prev is not None and prev.page == line.page and line.y0 - prev.y1 > 0.6 * line.height:
            starts = True
        if starts or not entries:
            entries.append([line.text])
        else:
            entries[-1].append(line.text)
        prev = line
    return [join_lines(e) for e in entries if join_lines(e).strip()]


def parse_reference(label: str, text: str) -> Reference:
    """Read the surnames and the year of one entry."""
    year_match = _YEAR.search(text)
    year = year_match.group(1) if year_match else ""
    return Reference(label=label, text=text, authors=tuple(_surnames(text, year_match)), year=year)


def _author_segment(text: str, year_match: re.Match[str] | None) -> str:
    """The part of an entry before its title: up to the year or the first real full stop."""
    end = len(text)
    if year_match:
        end = year_match.start()
    for match in re.finditer(r"\.\s", text):
        before = text[: match.start()].rsplit(" ", 1)[-1]
        if re.fullmatch(r"(?:[A-Z][a-z]?|al|et al|[A-Z]\.[A-Z])", before.strip(",")):
            continue  # an initial or "et al."
        end = min(end, match.start())
        break
    return text[:end].strip(" .,(")


def _surnames(text: str, year_match: re.Match[str] | None) -> list[str]:
    segment = _author_segment(text, year_match)
    segment = re.sub(r"\bet al\.?|等\.?", "", segment)
    pieces = re.split(r",|;|\band\b|&|，|、", segment)
    names: list[str] = []
    for piece in pieces:
        piece = piece.strip(" .")
        if not piece or _INITIALS.match(piece):
            continue
        if _CJK_NAME.match(piece):
            names.append(piece)
            continue
        words = piece.split()
        if not words or len(words) > 5 or not all(_NAME_WORD.match(w.strip(".")) for w in words):
            continue
        if len(words) > 1 and _INITIALS.match(" ".join(words[1:])):
            names.append(words[0])  # "Devlin J" / "Chang M W"
        else:
            names.append(words[-1].strip("."))  # "Jacob Devlin" / "J. Smith" / "Smith"
    return names


def parse_references(lines: list[Line]) -> list[Reference]:
    """Entries of a reference section from its lines in reading order."""
    return [parse_reference(label, text) for label, text in split_entries(lines) if text]
