"""A position stated in words over its solution: every way books mark a king in a side's list
of squares (`K 19`, `K. 19`, `K19`, `19K`, `19k`, `19*`, `19 (king)`) sets up a king, and a
man printed on its own crowning row (where it would have been crowned) is said, not replayed
around in silence; a side given a move (`1. Black 11-16`) is no position."""
import os
import random
import sys

import pytest

from records.checkers import engine, notation
from records.checkers.scan import scan_book
from records.core.model import NEEDS_REVIEW, VALID, WARNING

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "layouts"))
import checkers_printer as cp  # noqa: E402


def _position_with_kings(rnd: random.Random) -> str:
    """A random legal position holding at least one king of each side, the side to move with
    a move to make; no man on its own crowning row."""
    while True:
        squares = rnd.sample(range(1, 33), rnd.randint(5, 10))
        sides = {"B": [], "W": []}
        for k, square in enumerate(squares):
            colour = "BW"[k % 2]
            crowning = square >= 29 if colour == "B" else square <= 4
            king = k < 2 or crowning or rnd.random() < 0.3
            sides[colour].append(("K" if king else "") + str(square))
        fen = f"{rnd.choice('BW')}:W{','.join(sides['W'])}:B{','.join(sides['B'])}"
        if len(engine.legal_moves(engine.from_fen(fen))) >= 2:
            return engine.to_fen(engine.from_fen(fen))


def _problem(fen: str, moves: list[engine.Move], king_mark: str, side_form: str) -> str:
    pos, texts = engine.from_fen(fen), []
    for move in moves:
        texts.append(cp.move_text(pos, move, "joined+path"))
        pos = engine.play(pos, move)
    return (f"PROBLEM No. 7.\n\n{cp.side_words(fen, king_mark, side_form)}\n\n"
            f"Solution.--{' '.join(texts)}.\n")


def _reads_back(rnd: random.Random, king_mark: str, side_form: str) -> None:
    """A random position with kings, its sides printed so, and a few moves: read back."""
    fen = _position_with_kings(rnd)
    moves = cp.play(rnd, engine.from_fen(fen), rnd.randint(3, 8))
    text = _problem(fen, moves, king_mark, side_form)
    [rec] = scan_book(text, "kings.txt")
    assert rec.start_position == fen, text
    assert [p.normal for p in rec.plies] == [str(m) for m in moves], text
    assert rec.status == VALID, (text, rec.diagnostics)


@pytest.mark.parametrize("king_mark", cp.KING_MARKS)
def test_every_king_mark_sets_up_a_king(king_mark):
    rnd = random.Random(f"kings {king_mark}")
    for _ in range(12):
        _reads_back(rnd, king_mark, rnd.choice(cp.SIDE_FORMS))


@pytest.mark.parametrize("sides", [
    "Black, 6, 7, 19 (king). White, 22, 25, 30 (king).",
    "Black 6, 7, 19k. White 22, 25, 30k.",
    "Black pieces on 6, 7, 19K. White pieces on 22, 25, 30K.",
    "Black--6, 7, 19*. White--22, 25, 30*.",
    "Black: 6, 7, K 19.  White: 22, 25, K 30.",
    "Black: men 6, 7; K. 19.  White: men 22, 25; K. 30.",
    "Black men on 6, 7, and a king on 19; White men on 22, 25, and a king on 30.",
])
def test_probe_king_marks(sides):
    text = f"PROBLEM No. 7.\n\n{sides}\nBlack to move.\n\nSolution.--19-24 25-21 24-28 22-18 28-32.\n"
    [rec] = scan_book(text, "probe.txt")
    assert rec.start_position == "B:W22,25,K30:B6,7,K19"
    assert [p.normal for p in rec.plies] == ["19-24", "25-21", "24-28", "22-18", "28-32"]
    assert rec.status == VALID


@pytest.mark.parametrize("king_mark", cp.KING_MARKS)
def test_sides_named_by_their_initials(king_mark):
    rnd = random.Random(f"initials {king_mark}")
    for _ in range(8):
        _reads_back(rnd, king_mark, "{0[0]}. ")


def test_a_row_of_colour_initials_is_no_position():
    assert notation.stated_position("B. 11 15\nW. 23 19") is None
    assert notation.stated_position("1. B. 11-15 W. 23-19.") is None
    assert notation.stated_position("B. 3, 6, 8, 12, 14. W. 5, 16, 25. Black to move.") == \
        "B:W5,16,25:B3,6,8,12,14"


def test_stated_position_reads_king_marks():
    assert notation.stated_position("Black: 1, 5, K. 9. White: 18, 22, 30*. White to move.") == \
        "W:W18,22,K30:B1,5,K9"
    assert notation.stated_position("Black, 1, 5, 9 (K). White, 18, 22, 30k.") == \
        "B:W18,22,K30:B1,5,K9"


KING_BACKWARDS = ("PROBLEM No. 2.\n\nBlack: 1, 4, 12, 15. White: 10, 21, 23, 25, 28, 31, 32, {}.\n"
                  "Black to move.\n\nSolution.--1-5 2-6 12-16 31-27 5-9 6-13.\n")


def test_a_king_that_moves_backwards_is_read_as_printed():
    [rec] = scan_book(KING_BACKWARDS.format("K 2"), "probe.txt")
    assert rec.start_position == "B:WK2,10,21,23,25,28,31,32:B1,4,12,15"
    assert [p.normal for p in rec.plies] == ["1-5", "2-6", "12-16", "31-27", "5-9", "6x13"]
    assert rec.status == VALID


def test_a_man_on_its_crowning_row_is_said_not_repaired_around():
    """A White man printed on 2 cannot stand there: the record says so at the square, the
    piece is set up as the king it must be, and no move is mended around it."""
    [rec] = scan_book(KING_BACKWARDS.format("2"), "probe.txt")
    assert rec.start_position == "B:WK2,10,21,23,25,28,31,32:B1,4,12,15"
    assert [p.normal for p in rec.plies] == ["1-5", "2-6", "12-16", "31-27", "5-9", "6x13"]
    [diag] = [d for d in rec.diagnostics if d.severity == WARNING]
    assert (diag.code, diag.line, diag.column) == ("CHECKERS-SETUP-UNCROWNED", 3, 57)
    assert rec.status == NEEDS_REVIEW
    assert not any(d.repair for d in rec.diagnostics)


def test_a_black_man_on_its_crowning_row_in_a_fen():
    text = "PROBLEM No. 3.\n\nB:W9,K1:B6,30\n\nSolution.--30-26 1x10.\n"
    [rec] = scan_book(text, "probe.txt")
    assert rec.start_position == "B:WK1,9:B6,K30"
    assert [d.code for d in rec.diagnostics if d.severity == WARNING] == ["CHECKERS-SETUP-UNCROWNED"]
    assert rec.status == NEEDS_REVIEW


def test_numbered_plies_told_with_their_side_are_no_position():
    """`1. Black 11-16` / `2. White 23-18`: a game of numbered plies, not a position stated in
    words (whose sides list squares, never moves)."""
    rnd = random.Random("numbered plies")
    for _ in range(6):
        lines = [cp.game(rnd, 12, 40)]
        page = cp.numbered_plies(lines, cp.Texts(lines, rnd.choice(["joined", "capture"]), rnd), rnd)
        [rec] = scan_book(page.text, "plies.txt")
        assert rec.start_position == cp.INITIAL and rec.status == VALID, page.text
        assert [p.normal for p in rec.plies] == [str(m) for m in lines[0].moves]
