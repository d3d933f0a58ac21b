"""[unverified] marking of still-flagged sentences."""

from __future__ import annotations

from core.types import Claim, Status, Verdict
from core.verify.marking import mark_unverified, mark_with_verdicts


def _v(text: str, start: int, status: Status) -> Verdict:
    return Verdict(Claim(0, text, start, start + len(text)), status)


def test_marks_flagged_only_and_deletes_nothing() -> None:
    text = "A is true. B is made up. C is rejected."
    verdicts = [
        _v("A is true.", 0, Status.SUPPORTED),
        _v("B is made up.", 11, Status.UNSUPPORTED),
        _v("C is rejected.", 25, Status.REJECTED),
    ]
    marked = mark_unverified(text, verdicts)
    assert marked == "A is true. [unverified] B is made up. [unverified] C is rejected."
    assert marked.replace("[unverified] ", "") == text


def test_repeated_sentence_marked_once() -> None:
    text = "X is false. Y. X is false."
    verdicts = [_v("X is false.", 0, Status.UNSUPPORTED), _v("X is false.", 15, Status.UNSUPPORTED)]
    assert mark_unverified(text, verdicts) == "[unverified] X is false. Y. X is false."


def test_sentence_not_in_text_does_not_crash() -> None:
    assert mark_unverified("Only this.", [_v("Elsewhere.", 40, Status.REJECTED)]) == "Only this."


def test_partial_and_not_a_claim_are_not_marked() -> None:
    text = "## Method\nP is partly true."
    verdicts = [_v("## Method", 0, Status.NOT_A_CLAIM), _v("P is partly true.", 10, Status.PARTIAL)]
    assert mark_unverified(text, verdicts) == text


def test_offsets_point_into_marked_text() -> None:
    text = "A. B is made up. C."
    verdicts = [
        _v("A.", 0, Status.SUPPORTED),
        _v("B is made up.", 3, Status.UNSUPPORTED),
        _v("C.", 17, Status.SUPPORTED),
    ]
    marked, shifted = mark_with_verdicts(text, verdicts)
    assert [marked[v.claim.start : v.claim.end] for v in shifted] == ["A.", "B is made up.", "C."]


def test_already_marked_text_is_not_marked_twice() -> None:
    text = "[unverified] B is made up."
    assert mark_unverified(text, [_v("B is made up.", 13, Status.UNSUPPORTED)]) == text
