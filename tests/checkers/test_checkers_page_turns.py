"""Where the page turns inside a game's column of moves, the page's furniture (its number
alone, or with a running head) is passed over and the game goes on; a game whose moves after
the turn do not carry it on is never taken as whole."""
import os
import random
import sys

import pytest

from records.checkers.scan import scan_book
from records.core.model import NEEDS_REVIEW, VALID, WARNING

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "layouts"))
import checkers_printer as cp  # noqa: E402


@pytest.mark.parametrize("furniture", cp.PAGE_FURNITURE)
@pytest.mark.parametrize("layout", [cp.pairs_per_row, cp.ply_per_row])
def test_a_game_goes_on_past_the_page_turn(furniture, layout):
    rnd = random.Random(f"page turn {furniture} {layout.__name__}")
    for _ in range(6):
        lines = [cp.game(rnd, 16, 40) for _ in range(rnd.randint(1, 2))]
        texts = cp.Texts(lines, rnd.choice(["joined", "dotted", "capture"]), rnd)
        page, turn = cp.with_page_turn(layout(lines, texts, rnd), rnd, furniture)
        records = scan_book(page.text, "turns.txt")
        assert len(records) == len(lines), page.text
        for rec, line in zip(records, lines):
            assert [p.normal for p in rec.plies] == [str(m) for m in line.moves], page.text
            assert rec.status == VALID, (page.text, rec.diagnostics)


PROBE = """GAME 4.--"WHILTER."

10-14     24-19
11-16     19-15
9-13      15-11
8-15      22-17
13-22     25-18-9
5-14      21-17
14-21     23-19
16-23     26-19-10
6-15      30-25
21-30     31-26
30-23     27-18-11
7-16      28-24

{}

{}       32-28
1-5       29-25
8-11      24-20
11-15     20-11
2-7       11-2
15-19     25-21
19-23     2-7
12-16     28-24
16-20     7-11
20-27     11-15
Drawn.
"""


@pytest.mark.parametrize("furniture", ["152                    HOYLE'S GAMES",
                                       "CHECKERS                    153", "152"])
def test_probe_page_turn(furniture):
    [rec] = scan_book(PROBE.format(furniture, "3-8 "), "probe.txt")
    assert len(rec.plies) == 44 and rec.plies[24].normal == "3-8"
    assert rec.plies[-1].normal == "11-15" and rec.status == VALID


def test_moves_after_the_turn_that_do_not_carry_the_game_on():
    """`17-14` cannot follow the game (nor start one): the game above stops at the turn and
    is not valid; the warning stands at the turn's line."""
    records = scan_book(PROBE.format("152                    HOYLE'S GAMES", "17-14"), "probe.txt")
    first = records[0]
    assert len(first.plies) == 24
    [diag] = [d for d in first.diagnostics if d.severity == WARNING]
    assert (diag.code, diag.line, diag.column) == ("CHECKERS-PAGE-TURN", 16, 1)
    assert first.status == NEEDS_REVIEW

