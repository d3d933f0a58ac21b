"""The crash benchmark as a test: 30 SIGKILLs of real ``deepread`` processes, no broken invariant.

Slow (it seeds the library with one real-model critique and starts about 60 processes), so it
runs with the real-model tests and needs the sample papers in ../shared/papers.
"""

from __future__ import annotations

import pytest

from bench import crash

pytestmark = [
    pytest.mark.real_model,
    pytest.mark.real_papers,
    pytest.mark.skipif(
        not (crash.PAPERS / crash.LARGE).is_file(),
        reason=f"the sample papers are not in {crash.PAPERS}",
    ),
]


def test_thirty_kills_leave_a_sound_library() -> None:
    assert crash.main(["--kills", "30", "--critique-kills", "2"]) == 0
