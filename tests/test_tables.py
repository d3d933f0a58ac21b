"""Tables are evidence: each row becomes one sentence naming its columns; cells leave the body."""

from __future__ import annotations

from pathlib import Path

import pytest

HEADER = ["Model", "n=3", "n=7", "n=15"]
ROWS = [["LSTM", "1.970", "0.459", "0.320"], ["HTML", "0.401", "0.302", "0.250"]]


def _page_pdf(path: Path, texts: list[tuple[float, float, str, float]]) -> Path:
    """A one-page PDF with each ``(x, y, text, font size)`` written in place."""
    pymupdf = pytest.importorskip("pymupdf")
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for x, y, text, size in texts:
        page.insert_text((x, y), text, fontsize=size)
    doc.save(path)
    return path


def _read(path: Path) -> tuple[list[str], str]:
    """The table rows a PDF is read into, and its body text."""
    from core.ingest.pdf import parse_pdf

    paper = parse_pdf(path)
    rows = [s.text for s in paper.sentences if s.section == "table"]
    return rows, " ".join(s.text for s in paper.sentences if s.section != "table")


def table_pdf(path: Path) -> Path:
    texts = [
        (72.0, 80.0, "Results are shown below and discussed in the text.", 10.0),
        (72.0, 110.0, "Table 2: Mean squared error per horizon.", 9.0),
    ]
    for r, row in enumerate([HEADER, *ROWS]):
        texts += [(72.0 + 90 * c, 130.0 + 14 * r, cell, 9.0) for c, cell in enumerate(row)]
    texts.append((72.0, 200.0, "The hierarchical model has the lowest error.", 10.0))
    return _page_pdf(path, texts)


def test_rows_are_sentences_bound_to_headers(tmp_path: Path) -> None:
    from core.ingest.pdf import parse_pdf

    paper = parse_pdf(table_pdf(tmp_path / "t.pdf"))
    rows = [s.text for s in paper.sentences if s.section == "table"]
    assert rows == [
        "Table 2: LSTM: n=3 1.970; n=7 0.459; n=15 0.320",
        "Table 2: HTML: n=3 0.401; n=7 0.302; n=15 0.250",
    ]
    body = [s.text for s in paper.sentences if s.section != "table"]
    assert not any("0.459" in s for s in body), body
    assert any("lowest error" in s for s in body)


def test_prose_is_not_a_table() -> None:
    from core.ingest.tables import find_tables

    def line(y: float) -> dict[str, object]:
        span = {"bbox": (72.0, y, 500.0, y + 10), "text": "Plain prose with 3 words.", "size": 10}
        return {"dir": (1.0, 0.0), "spans": [span]}

    page = {"blocks": [{"lines": [line(y) for y in range(100, 300, 14)]}]}
    assert find_tables(page, 1) == []


def _grouped_pdf(path: Path) -> Path:
    """A two-column page: prose on the left, a table with group labels on the right."""
    prose = [
        "We also compare the results obtained from the attention model",
        "used in the baseline and our hierarchical model, which contains",
        "self-attention and multi-head attention, with text only data.",
        "The performance of our model is stronger on every horizon, as",
        "the improvements due to the progressive architecture show.",
        "Regarding the embeddings used, the results of an ablation study",
        "on the different embeddings used by both approaches are listed.",
    ]
    texts = [(54.0, 130.0 + 11 * i, line, 8.0) for i, line in enumerate(prose)]
    texts.append((320.0, 100.0, "Table 3: Ablation of the embeddings.", 8.0))
    grid = [
        (130, None, ["Model", "Embeddings", "n=3", "n=7"]),
        (141, None, ["", "Glove", "1.558", "0.469"]),
        (152, None, ["", "Glove+Audio", "1.313", "0.389"]),
        (147, "HTSL", []),
        (163, None, ["", "Glove", "1.574", "0.474"]),
        (174, None, ["", "Glove+Audio", "0.845", "0.349"]),
        (169, "HTML", []),
    ]
    for y, label, cells in grid:
        if label:
            texts.append((322.0, y, label, 8.0))
        texts += [(322.0 + [0, 40, 120, 160][c], y, cell, 8.0) for c, cell in enumerate(cells)]
    return _page_pdf(path, texts)


def test_group_labels_and_the_other_column(tmp_path: Path) -> None:
    rows, body = _read(_grouped_pdf(tmp_path / "g.pdf"))
    assert rows == [
        "Table 3: HTSL Glove: n=3 1.558; n=7 0.469",
        "Table 3: HTSL Glove+Audio: n=3 1.313; n=7 0.389",
        "Table 3: HTML Glove: n=3 1.574; n=7 0.474",
        "Table 3: HTML Glove+Audio: n=3 0.845; n=7 0.349",
    ]
    assert "progressive architecture" in body
    assert "0.845" not in body


def test_a_label_centred_on_its_rows_names_each_of_them() -> None:
    from core.ingest.tables import Cell, _labels

    def row(y: float, *cells: tuple[float, str]) -> list[Cell]:
        return [Cell(text, (x, y, x + 6 * len(text), y + 8)) for x, text in cells]

    body = [
        row(10, (167, "bc-LSTM"), (279, "Text+Audio"), (332, "1.418")),
        row(21, (279, "Text Only"), (332, "1.431")),
        row(32, (197, "MDRM"), (279, "Audio Only"), (332, "1.412")),
        row(43, (279, "Text+Audio"), (332, "1.371")),
        row(54, (279, "Text Only"), (332, "1.175")),
        row(60, (193, "HTML (Ours)")),
        row(65, (279, "Text+Audio"), (332, "0.845")),
    ]
    assert _labels(body) == [
        "bc-LSTM Text+Audio",
        "MDRM Text Only",
        "MDRM Audio Only",
        "MDRM Text+Audio",
        "HTML (Ours) Text Only",
        "HTML (Ours)",
        "HTML (Ours) Text+Audio",
    ]


def _rows_pdf(path: Path, caption: str, rows: list[tuple[list[str], bool]]) -> Path:
    """A caption and rows of cells 90 points apart, each row in bold or regular type."""
    pymupdf = pytest.importorskip("pymupdf")
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72.0, 110.0), caption, fontsize=9.0)
    for r, (cells, bold) in enumerate(rows):
        for c, cell in enumerate(cells):
            font = "hebo" if bold else "helv"
            page.insert_text((72.0 + 90 * c, 130.0 + 14 * r), cell, fontsize=9.0, fontname=font)
    doc.save(path)
    return path


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        # a header of numbers is told from data by its bold type
        (
            [
                (["Recall", "0.1", "0.2", "AUC"], True),
                (["-Word-ATT", "0.648", "0.515", "0.389"], False),
                (["-Capsule", "0.635", "0.507", "0.386"], False),
                (["Our Model", "0.650", "0.519", "0.405"], False),
            ],
            [
                "Table 3: -Word-ATT: 0.1 0.648; 0.2 0.515; AUC 0.389",
                "Table 3: -Capsule: 0.1 0.635; 0.2 0.507; AUC 0.386",
                "Table 3: Our Model: 0.1 0.650; 0.2 0.519; AUC 0.405",
            ],
        ),
        # a lone label flush with the rows under it heads them, under the header
        (
            [
                (["Model", "R@1", "R@5"], True),
                (["symmetric"], False),
                (["FME", "39.2", "71.1"], False),
                (["AME", "43.5", "77.2"], False),
                (["asymmetric"], False),
                (["FME", "44.9", "76.9"], False),
                (["AME", "50.5", "79.7"], False),
            ],
            [
                "Table 3: symmetric FME: R@1 39.2; R@5 71.1",
                "Table 3: symmetric AME: R@1 43.5; R@5 77.2",
                "Table 3: asymmetric FME: R@1 44.9; R@5 76.9",
                "Table 3: asymmetric AME: R@1 50.5; R@5 79.7",
            ],
        ),
        # two columns: a label and a value under a header of their own
        (
            [
                (["Model", "Joint Acc."], False),
                (["COMER", "88.64%"], False),
                (["- Hierarchical", "86.69%"], False),
                (["- MLP", "83.24%"], False),
            ],
            [
                "Table 3: COMER: Joint Acc. 88.64%",
                "Table 3: - Hierarchical: Joint Acc. 86.69%",
                "Table 3: - MLP: Joint Acc. 83.24%",
            ],
        ),
        # values with a leading dot or a count in millions; one row under its header
        (
            [
                (["Model", "r", "Size"], True),
                (["MLP", ".311", "2.87M"], False),
            ],
            ["Table 3: MLP: r .311; Size 2.87M"],
        ),
        # under a header of its own, a first row in bold is a result set off
        (
            [
                (["Model", "n=3", "n=7"], False),
                (["Ours", "0.401", "0.302"], True),
                (["LSTM", "1.970", "0.459"], False),
                (["MDRM", "1.371", "0.420"], False),
            ],
            [
                "Table 3: Ours: n=3 0.401; n=7 0.302",
                "Table 3: LSTM: n=3 1.970; n=7 0.459",
                "Table 3: MDRM: n=3 1.371; n=7 0.420",
            ],
        ),
        # label-value lines without a header of their own are no table
        (
            [
                (["C3:Fertility", "67"], False),
                (["C4:Hereditary", "49"], False),
                (["D0:other", "43"], False),
            ],
            [],
        ),
        # nor are numbered equations
        (
            [
                (["a = b + c", "(1)"], False),
                (["d = e", "(2)"], False),
                (["f = g", "(3)"], False),
            ],
            [],
        ),
    ],
)
def test_headers_sections_and_two_column_tables(
    tmp_path: Path, rows: list[tuple[list[str], bool]], expected: list[str]
) -> None:
    from core.ingest.pdf import parse_pdf

    paper = parse_pdf(_rows_pdf(tmp_path / "t.pdf", "Table 3: Results.", rows))
    assert [s.text for s in paper.sentences if s.section == "table"] == expected


#: Running text of the right-hand column, one line every 12 points, so that some of its lines
#: share a line with a table row of the left column and others fall between two rows.
_RIGHT_COLUMN = [
    "The main reason, in our experience, is the large",
    "context size we opt for, while even the strong",
    "baseline processes the claims and sources in a",
    "23GB VRAM.",
    "manner more sophisticated than we do, it reads",
    "the knowledge store on a sentence level, which",
    "reduces the amount of information passed on to",
    "the model as opposed to working with documents",
    "as a whole, which is the strategy we follow here.",
    "Despite our proposed integration being rather",
]


def _acl_page(path: Path, *, wide: bool = False) -> Path:
    """A two-column page: tables one column wide with captions below, or one full-width table.

    The right column's lines fall onto and between the rows of the left column's tables, and
    its section heading shares a line with the first caption.
    """
    pymupdf = pytest.importorskip("pymupdf")
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    if wide:
        for k in range(30):
            page.insert_text((54, 90 + 12 * k), _RIGHT_COLUMN[k % 10][:40], fontsize=9)
            page.insert_text((322, 90 + 12 * k), _RIGHT_COLUMN[(k + 3) % 10], fontsize=9)
        page.insert_text((60, 468), "Table 4: Scores of three systems.", fontsize=9)
        page.insert_text((60, 488), "Model", fontsize=9, fontname="hebo")
        for x, name in ((360, "Acc"), (430, "F1"), (500, "Time")):
            page.insert_text((x, 488), name, fontsize=9, fontname="hebo")
        grid = [("BERT", "81.2", "79.5", "12 s"), ("ERNIE", "84.0", "82.1", "15 s")]
        grid.append(("T5", "83.3", "80.9", "30 s"))
        for r, (label, *cells) in enumerate(grid):
            page.insert_text((60, 502 + 14 * r), label, fontsize=9)
            for x, cell in zip((360, 430, 500), cells, strict=True):
                page.insert_text((x, 502 + 14 * r), cell, fontsize=9)
        doc.save(path)
        return path
    for k, line in enumerate(_RIGHT_COLUMN * 2):
        if k != 9:
            page.insert_text((322, 100 + 12 * k), line, fontsize=9)
    page.insert_text((322, 208), "3.2 Results", fontsize=9, fontname="hebo")
    tables = [
        (
            120,
            ["BERT", "RoBERTa", "ERNIE", "GPT-2", "T5"],
            "Table 1: Accuracy and F1 of five models.",
        ),
        (250, ["BiLSTM", "CNN", "fastText"], "Table 2: Speed of three baseline models."),
    ]
    for top, labels, caption in tables:
        for x, name in ((60, "Model"), (150, "Acc"), (200, "F1"), (250, "Time")):
            page.insert_text((x, top), name, fontsize=9, fontname="hebo")
        for r, label in enumerate(labels, start=1):
            cells = (label, f"{80 + r}.5", f"{70 + r}.25", f"{10 * r} s")
            for x, cell in zip((60, 150, 200, 250), cells, strict=True):
                page.insert_text((x, top + 14 * r), cell, fontsize=9)
        page.insert_text((54, top + 14 * len(labels) + 18), caption, fontsize=9)
    doc.save(path)
    return path


def test_a_table_one_column_wide_keeps_its_rows_and_its_caption_below(tmp_path: Path) -> None:
    rows, body = _read(_acl_page(tmp_path / "acl.pdf"))
    assert rows == [
        "Table 1: BERT: Acc 81.5; F1 71.25; Time 10 s",
        "Table 1: RoBERTa: Acc 82.5; F1 72.25; Time 20 s",
        "Table 1: ERNIE: Acc 83.5; F1 73.25; Time 30 s",
        "Table 1: GPT-2: Acc 84.5; F1 74.25; Time 40 s",
        "Table 1: T5: Acc 85.5; F1 75.25; Time 50 s",
        "Table 2: BiLSTM: Acc 81.5; F1 71.25; Time 10 s",
        "Table 2: CNN: Acc 82.5; F1 72.25; Time 20 s",
        "Table 2: fastText: Acc 83.5; F1 73.25; Time 30 s",
    ]
    assert "23GB VRAM." in body
    assert "83.5" not in body


def test_a_full_width_table_on_a_two_column_page_keeps_its_labels(tmp_path: Path) -> None:
    assert _read(_acl_page(tmp_path / "wide.pdf", wide=True))[0] == [
        "Table 4: BERT: Acc 81.2; F1 79.5; Time 12 s",
        "Table 4: ERNIE: Acc 84.0; F1 82.1; Time 15 s",
        "Table 4: T5: Acc 83.3; F1 80.9; Time 30 s",
    ]


def _stacked_pdf(path: Path) -> Path:
    """Tables whose headers take two or three lines, as LaTeX sets them.

    A group header centred over its columns (with the label's header set between the two
    lines, as a two-line cell is), column names wrapped over three lines, and a caption
    above a table whose last line is short.
    """
    texts = [
        (162.0, 100.0, "2-class", 8.0),
        (242.0, 100.0, "3-class", 8.0),
        (77.0, 105.0, "Model", 8.0),
        (143.0, 113.0, "Acc", 8.0),
        (172.0, 113.0, "Macro-F1", 8.0),
        (223.0, 113.0, "Acc", 8.0),
        (252.0, 113.0, "Macro-F1", 8.0),
    ]
    for r, (name, *values) in enumerate(
        [
            ("GPT-4", "78.26", "78.22", "66.41", "64.12"),
            ("Human", "92.46", "92.40", "85.20", "84.73"),
        ]
    ):
        for x, cell in zip((77.0, 143.0, 172.0, 223.0, 252.0), (name, *values), strict=True):
            texts.append((x, 126.0 + 11 * r, cell, 8.0))
    texts.append((71.0, 160.0, "Table 1: Accuracy and macro-F1 in the two settings.", 8.0))
    for y, cells in (
        (220.0, ((148.0, "Avg."), (195.0, "Max"), (233.0, "Claims"))),
        (229.0, ((102.0, "Setting"), (139.0, "reasoning"), (186.0, "reasoning"), (240.0, "per"))),
        (238.0, ((148.0, "steps"), (194.0, "steps"), (237.0, "table"))),
        (251.0, ((102.0, "Train"), (148.0, "3.1"), (195.0, "11"), (237.0, "5.2"))),
        (262.0, ((102.0, "Test"), (148.0, "3.3"), (195.0, "12"), (237.0, "5.0"))),
    ):
        texts += [(x, y, cell, 8.0) for x, cell in cells]
    texts.append((71.0, 285.0, "Table 2: Reasoning steps per split.", 8.0))
    texts.append((77.0, 330.0, "Table 3: Joint accuracy of the tracker and of its ablations", 8.0))
    texts.append((77.0, 340.0, "without attention.", 8.0))
    texts += [(77.0, 352.0, "Model", 8.0), (160.0, 352.0, "Joint Acc.", 8.0)]
    texts += [(77.0, 363.0, "COMER", 8.0), (160.0, 363.0, "88.64%", 8.0)]
    texts += [(77.0, 374.0, "- MLP", 8.0), (160.0, 374.0, "83.24%", 8.0)]
    texts += [(77.0, 385.0, "- Hierarchical-Attn", 8.0), (160.0, 385.0, "86.69%", 8.0)]
    return _page_pdf(path, texts)


def test_a_header_stacked_over_lines_names_each_column_in_full(tmp_path: Path) -> None:
    assert _read(_stacked_pdf(tmp_path / "stacked.pdf"))[0] == [
        "Table 1: GPT-4: 2-class Acc 78.26; 2-class Macro-F1 78.22; 3-class Acc 66.41; "
        "3-class Macro-F1 64.12",
        "Table 1: Human: 2-class Acc 92.46; 2-class Macro-F1 92.40; 3-class Acc 85.20; "
        "3-class Macro-F1 84.73",
        "Table 2: Train: Avg. reasoning steps 3.1; Max reasoning steps 11; Claims per table 5.2",
        "Table 2: Test: Avg. reasoning steps 3.3; Max reasoning steps 12; Claims per table 5.0",
        "Table 3: COMER: Joint Acc. 88.64%",
        "Table 3: - MLP: Joint Acc. 83.24%",
        "Table 3: - Hierarchical-Attn: Joint Acc. 86.69%",
    ]


def test_a_mean_and_its_spread_is_one_value_cell(tmp_path: Path) -> None:

    texts = [(72.0, 100.0, "Table 2: BLEU and METEOR over five runs.", 9.0)]
    grid = [
        ("Model", "BLEU", "METEOR"),
        ("S2S", "22.55 ± 0.17", "29.90 ± 0.31"),
        ("G2S-GGNN", "24.32±0.16", "30.53 (± 0.30)"),
    ]
    for r, row in enumerate(grid):
        texts += [(72.0 + 110 * c, 120.0 + 14 * r, cell, 9.0) for c, cell in enumerate(row)]
    assert _read(_page_pdf(tmp_path / "spread.pdf", texts))[0] == [
        "Table 2: S2S: BLEU 22.55 ± 0.17; METEOR 29.90 ± 0.31",
        "Table 2: G2S-GGNN: BLEU 24.32±0.16; METEOR 30.53 (± 0.30)",
    ]


def test_column_names_set_rotated_name_their_columns(tmp_path: Path) -> None:

    pymupdf = pytest.importorskip("pymupdf")
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 150), "Table 1: Scores of the shared task systems.", fontsize=9)
    page.insert_text((80, 240), "System", fontsize=9)
    for x, name in ((140, "old score"), (180, "new score"), (220, "time per claim")):
        page.insert_text((x + 3, 240), name, fontsize=9, rotate=90)
    for r, cells in enumerate(
        (("AIC CTU", "0.41", "0.33", "54s"), ("HUMANE", "0.45", "0.27", "29s"))
    ):
        for x, cell in zip((80, 140, 180, 220), cells, strict=True):
            page.insert_text((x, 254 + 13 * r), cell, fontsize=9)
    doc.save(tmp_path / "rotated.pdf")
    assert _read(tmp_path / "rotated.pdf")[0] == [
        "Table 1: AIC CTU: old score 0.41; new score 0.33; time per claim 54s",
        "Table 1: HUMANE: old score 0.45; new score 0.27; time per claim 29s",
    ]


def _side_by_side_pdf(path: Path) -> Path:
    """A two-column page with one table in each column, their captions on one line below.

    The left table labels groups of rows once, centred on them, and its last column runs a
    little past the page's middle; the right table's header names input lengths ("2k").
    """
    pymupdf = pytest.importorskip("pymupdf")
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for k in range(6):
        page.insert_text((54, 90 + 12 * k), _RIGHT_COLUMN[k][:40], fontsize=9)
        page.insert_text((322, 90 + 12 * k), _RIGHT_COLUMN[k + 3], fontsize=9)
    for x, name in ((60, "Task"), (120, "Length"), (180, "Cases"), (250, "Tokens")):
        page.insert_text((x, 180), name, fontsize=9)
    left = [("2k", "200", "1,846"), ("4k", "200", "3,771"), ("8k", "100", "7,512")]
    left += [("1k", "200", "955"), ("4k", "100", "3,624")]
    for r, cells in enumerate(left):
        for x, cell in zip((120, 180, 288), cells, strict=True):
            page.insert_text((x, 194 + 14 * r), cell, fontsize=9)
    page.insert_text((60, 208), "RankSeg", fontsize=9)  # on the middle one of three rows
    page.insert_text((60, 243), "PickBest", fontsize=9)  # between its two rows
    right = [
        ("GPT-4", "61.5", "45.0", "31.5", "22.0"),
        ("Claude-2", "31.0", "24.5", "15.0", "12.5"),
    ]
    for r, row in enumerate([("Model", "2k", "4k", "8k", "16k"), *right]):
        for x, cell in zip((322, 420, 460, 500, 540), row, strict=True):
            page.insert_text((x, 180 + 14 * r), cell, fontsize=9)
    page.insert_text((54, 280), "Table 1: Cases and tokens per setting.", fontsize=9)
    page.insert_text((322, 280), "Table 2: Accuracy on RankSeg by length.", fontsize=9)
    doc.save(path)
    return path


def test_tables_side_by_side_with_groups_and_a_header_of_lengths(tmp_path: Path) -> None:
    assert _read(_side_by_side_pdf(tmp_path / "pair.pdf"))[0] == [
        "Table 1: RankSeg: Length 2k; Cases 200; Tokens 1,846",
        "Table 1: RankSeg: Length 4k; Cases 200; Tokens 3,771",
        "Table 1: RankSeg: Length 8k; Cases 100; Tokens 7,512",
        "Table 1: PickBest: Length 1k; Cases 200; Tokens 955",
        "Table 1: PickBest: Length 4k; Cases 100; Tokens 3,624",
        "Table 2: GPT-4: 2k 61.5; 4k 45.0; 8k 31.5; 16k 22.0",
        "Table 2: Claude-2: 2k 31.0; 4k 24.5; 8k 15.0; 16k 12.5",
    ]


def test_rows_of_words_under_the_header_are_rows() -> None:
    from core.ingest.tables import Cell, _table

    def line(y: float, *cells: str) -> list[Cell]:
        return [Cell(t, (60 + 90 * k, y, 60 + 90 * k + 40, y + 9)) for k, t in enumerate(cells)]

    rows = [
        line(100, "Statistics", "TabFact", "FEVEROUS", "Ours"),
        line(112, "Domain", "Wiki", "Wiki", "Science"),
        line(124, "Annotator", "AMT", "AMT", "Experts"),
        line(136, "Max. hops", "7", "2", "11"),
        line(148, "Claims", "117,854", "87,026", "1,225"),
    ]
    table = _table(rows, 3, 4, 1, None)
    assert [r.text for r in table.rows] == [
        "Domain: TabFact Wiki; FEVEROUS Wiki; Ours Science",
        "Annotator: TabFact AMT; FEVEROUS AMT; Ours Experts",
        "Max. hops: TabFact 7; FEVEROUS 2; Ours 11",
        "Claims: TabFact 117,854; FEVEROUS 87,026; Ours 1,225",
    ]
    # A header printing its names twice over is one header.
    rows[1] = line(112, "Statistics", "TabFact", "FEVEROUS", "Ours")
    rows[2] = line(124, "Statistics", "Acc", "Acc", "Acc")
    table = _table(rows, 3, 4, 1, None)
    assert [c.text for c in table.header] == [
        "Statistics",
        "TabFact Acc",
        "FEVEROUS Acc",
        "Ours Acc",
    ]


def test_label_value_rows_with_values_set_flush_right(tmp_path: Path) -> None:
    pymupdf = pytest.importorskip("pymupdf")
    rows = [("Refuted reason", "Prop. (%)"), ("Wrong calculation", "41.7")]
    rows += [("Wrong approximation", "33.3"), ("Values mismatch", "8.3"), ("Wrong type", "6.7")]
    texts = [(72.0, 200.0, "Table 2: Reasons why refuted claims are false.", 9.0)]
    for r, (label, value) in enumerate(rows):
        width = pymupdf.get_text_length(value, fontsize=9)
        texts += [(72.0, 130.0 + 12 * r, label, 9.0), (260.0 - width, 130.0 + 12 * r, value, 9.0)]
    assert _read(_page_pdf(tmp_path / "pairs.pdf", texts))[0] == [
        "Table 2: Wrong calculation: Prop. (%) 41.7",
        "Table 2: Wrong approximation: Prop. (%) 33.3",
        "Table 2: Values mismatch: Prop. (%) 8.3",
        "Table 2: Wrong type: Prop. (%) 6.7",
    ]
