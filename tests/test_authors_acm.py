"""ACM author blocks: each name beside its affiliation; the names come from the reference note."""

from __future__ import annotations

from core.ingest.authors import find_authors
from core.types import Block, BlockKind


def test_acm_author_blocks_take_the_names_of_the_reference_format() -> None:
    blocks = [
        Block(1, (58, 84, 554, 120), "HTML: A Title", BlockKind.TITLE),
        Block(1, (116, 134, 251, 192), "Linyi Yang Insight Centre University College Dublin"),
        Block(1, (54, 272, 112, 283), "ABSTRACT", BlockKind.HEADING),
        Block(
            1,
            (318, 275, 560, 332),
            "ACM Reference Format: Linyi Yang, Tin Lok James Ng, Barry Smyth, and Ruihai\nDong."
            " 2020. HTML: A Title. In Proceedings of The Web Conference 2020.",
            BlockKind.CAPTION,
        ),
    ]
    assert find_authors(blocks) == ("Linyi Yang", "Tin Lok James Ng", "Barry Smyth", "Ruihai Dong")
