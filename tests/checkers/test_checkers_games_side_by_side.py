"""Two games printed side by side, each in its own pair of columns under its heading (`GAME 1.`
centred over its pair or set at its left): each game read whole, down its own columns, and
titled by its heading; a game read across the row (stopping where its row goes on with the
other game's first move) is never taken as whole."""
import os
import re
import sys

import pytest

from records.checkers.scan import scan_book
from records.checkers.titles import named
from records.core.model import NEEDS_REVIEW, VALID, WARNING

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "layouts"))
import test_checkers_zoo as zoo  # noqa: E402

ROWS = [("10-15", "21-17", "10-15", "23-19"), ("6-10", "17-13", "7-10", "22-17"),
        ("11-16", "13-6", "9-13", "26-23"), ("2-9", "22-18", "13-22", "25-18"),
        ("15-22", "26-17", "15-22", "19-16"), ("7-11", "24-20", "11-20", "21-17"),
        ("10-15", "30-26", "2-7", "29-25"), ("9-13", "28-24", "22-29", "30-25"),
        ("13-22", "25-18", "29-22-13", "23-19"), ("15-22", "26-17", "12-16", "19-12"),
        ("1-6", "31-26", "10-14", "31-26"), ("16-19", "24-15", "5-9", "26-23"),
        ("11-18", "23-14", "14-17", "23-18"), ("5-9", "14-5", "", ""), ("6-9", "26-22", "", "")]
HEADINGS = {"centred": "        GAME 1.                      GAME 2.",
            "at the left": "   GAME 1.                     GAME 2."}


def _page(heading: str) -> str:
    rows = [heading, "   Black.     White.           Black.     White."]
    rows += ["   " + f"{a:<11}{b:<17}{c:<11}{d}".rstrip() for a, b, c, d in ROWS]
    return "\n".join(rows) + "\n"


@pytest.mark.parametrize("where", sorted(HEADINGS))
def test_two_games_side_by_side_under_their_headings(where):
    """Both games open 10-15: read across the rows they replay two plies, then fail."""
    records = scan_book(_page(HEADINGS[where]), "side.txt")
    assert [(r.title, r.status, r.line, r.end_line, len(r.plies)) for r in records] == \
        [("Game 1", VALID, 3, 17, 30), ("Game 2", VALID, 3, 15, 26)]
    assert [p.normal for p in records[0].plies][:4] == ["10-15", "21-17", "6-10", "17-13"]
    assert [p.normal for p in records[1].plies][-2:] == ["14-17", "23-18"]
    layouts = {d.message for r in records for d in r.diagnostics if d.code == "LAYOUT"}
    assert layouts == {"read two halves side by side, each row by row"}


RAGGED = """GAME 1 AND GAME 2.

   10-15  21-17      10-15  23-19
   6-10  17-13     7-10  22-17
   11-16  13-6        9-13  26-23
   2-9  22-18    13-22  25-18
"""


def test_a_game_that_stops_where_its_row_goes_on_is_not_whole():
    """Columns that do not line up are read across: the first game stops after `21-17`, the
    row going on with the second game's `10-15` read as a game from the start. It replays
    every move it kept, yet it is not the whole printed record: flagged where the row goes on."""
    records = scan_book(RAGGED, "ragged.txt")
    first = records[0]
    assert [p.normal for p in first.plies] == ["10-15", "21-17"]
    assert first.status == NEEDS_REVIEW
    cut = [d for d in first.diagnostics if d.severity == WARNING and d.code == "LAYOUT"]
    assert [(d.line, d.column) for d in cut] == [(3, 22)]
    assert '"10-15"' in cut[0].message and '"21-17"' in cut[0].message


def test_openings_named_in_one_sentence_are_not_cut_rows():
    """`11-15, 23-19 and 9-14, 22-17` in one run of text: two openings, each whole."""
    text = "The two openings are these: 11-15, 23-19, 8-11 and 9-14, 22-17, 11-15.\n"
    records = scan_book(text, "sentence.txt")
    assert [[p.normal for p in r.plies] for r in records] == \
        [["11-15", "23-19", "8-11"], ["9-14", "22-17", "11-15"]]
    assert all(r.status == VALID for r in records)


# seeds of the zoo: headings centred or not, `GAME 1.`, `Game No. 1.`, `GAME NUMBER 1.` or `1.`,
# games sharing their first moves or not; on 45, 47, 56 and 70 the page was read across its
# rows (a centred heading reaches across the gap between its game's columns)
@pytest.mark.parametrize("seed", [0, 1, 6, 11, 40, 45, 47, 56, 70])
def test_random_games_side_by_side_each_read_whole_and_titled(seed):
    name = "games side by side under their headings"
    zoo.read_back(name, seed)
    page = zoo._print(name, seed)
    records = scan_book(page.text, "zoo.txt")
    heads = re.split(r"\s{2,}", page.text.split("\n")[0].strip())
    assert [r.title for r in records] == [named(h) for h in heads], page.text
    assert [r.title for r in records][-1].endswith(str(len(page.lines)))
    assert all(r.status == VALID for r in records), page.text
