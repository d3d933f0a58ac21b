"""The review history of a critique and of answers in words: who changed what, when."""

from __future__ import annotations

from dataclasses import dataclass

from core.records import AuditEntry

_VERBS = {
    "review:accept": "accepted",
    "review:reject": "rejected",
    "review:edit": "edited",
}


@dataclass(frozen=True)
class AuditLine:
    """One audit entry as the reader sees it."""

    when: str
    who: str
    what: str
    before: str = ""
    after: str = ""
    note: str = ""


def audit_line(entry: AuditEntry) -> AuditLine:
    """Words for one audit entry; unknown actions are shown as they are stored."""
    detail = entry.detail
    when = entry.at.astimezone().strftime("%Y-%m-%d %H:%M:%S")
    if entry.action == "created":
        attempts = detail.get("attempts", "?")
        what = f"critique written by {detail.get('model') or 'the model'} ({attempts} attempts)"
        return AuditLine(when, entry.by or "DeepRead", what)
    verb = _VERBS.get(entry.action, entry.action)
    what = f"sentence {detail.get('sentence', '?')} {verb}"
    if "answer" in detail:
        # An answer's sentence numbers start again at 0: the question tells them apart.
        question = " ".join(str(detail.get("question") or "").split())
        what = f"answer {detail['answer']} ({question}): {what}" if question else f"answer {what}"
    if detail.get("new_status"):
        what += f"; checked again: {detail['new_status']}"
    edited = entry.action == "review:edit"
    return AuditLine(
        when,
        entry.by,
        what,
        before=str(detail.get("previous_text") or ""),
        after=str(detail.get("new_text") or "") if edited else "",
        note=str(detail.get("note") or ""),
    )


def describe_audit_entry(entry: AuditEntry) -> str:
    """One entry as text lines for a terminal: when, who, what; before/after for edits."""
    line = audit_line(entry)
    who = f" by {line.who}" if line.who else ""
    out = [f"{line.when}{who}: {line.what}"]
    if line.after:
        out.append(f"    before: {line.before}")
        out.append(f"    after:  {line.after}")
    elif line.before:
        out.append(f"    sentence: {line.before}")
    if line.note:
        out.append(f"    note: {line.note}")
    return "\n".join(out)
