"""A book game whose reading stops at a move that can mean several moves (each reading replays
to the end) is exported up to that move, then the printed move with its readings and the
printed text not read, as comments: nothing printed is lost, nothing is chosen silently."""
import random
import re
import sys
from pathlib import Path

import pytest

from records.chess import descriptive as dn
from records.chess import pgn
from records.chess.resolver import resolve
from records.chess.scan import scan_book
from records.core.model import NEEDS_REVIEW

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "layouts"))
from chess_printer import LAYOUTS, descriptive, random_game, sans  # noqa: E402

SIDE_LETTER = re.compile(r"(?<=[-x])[KQ](?=(?:Kt|B|R)\d)|^[KQ](?=(?:Kt|B|R)[-x])")


def book(moves: list[str]) -> str:
    return "\n".join(["GAME 1.", ""] + LAYOUTS["rows"](moves, None)) + "\n"


def tokens(spelled: list[str]) -> list:
    return [dn.placed(dn.parse_move(s), 1, 1) for s in spelled]


def ambiguous_game(seed: int):
    """A random game, a move of it spelled too briefly (its side letter left out) so that
    several legal moves fit it, and a reply that replays after each of them."""
    rnd = random.Random(seed)
    for _ in range(500):
        start, moves = random_game(rnd, rnd.randint(4, 14))
        if len(moves) < 4:
            continue
        spelled = descriptive(start, moves)
        for k in range(2, len(moves) - 1):
            brief = SIDE_LETTER.sub("", spelled[k])
            if brief == spelled[k]:
                continue
            readings = resolve(start, tokens(spelled[:k] + [brief])).readings
            if len({tuple(r) for r in readings}) < 2:
                continue
            both = resolve(start, tokens(spelled[:k] + [brief, spelled[k + 1]])).readings
            if len({r[k] for r in both}) >= 2:
                board = start.copy()
                for move in moves[:k]:
                    board.push(move)
                meant = sorted({board.san(r[k]) for r in both})
                return spelled[:k] + [brief, spelled[k + 1]], sans(start, moves[:k]), brief, meant
    pytest.skip("no ambiguous move found")


@pytest.mark.parametrize("seed", range(4))
def test_an_ambiguous_move_and_the_rest_are_exported_as_comments(seed):
    printed, before, brief, meant = ambiguous_game(seed)
    rec = scan_book(book(printed), "amb.txt")[0]
    assert rec.settle_status() == NEEDS_REVIEW
    assert [p.normal for p in rec.plies] == before
    written = pgn.write([rec])
    movetext = " ".join(written.split("\n\n", 1)[1].split())
    assert f"{{HoyleAmbiguous: {brief} = {' | '.join(meant)}}}" in movetext, movetext
    unread = re.search(r"\{HoyleUnread: ([^}]*)\}", movetext)
    assert unread and unread.group(1).split()[-1] == printed[-1].split()[-1], movetext
    again = pgn.read(written, "again.pgn")[0]
    assert [p.normal for p in again.plies] == before
    assert pgn.write([again]) == written


def test_the_ambiguous_knight_of_the_second_move():
    rec = scan_book(book(["P-K4", "P-K4", "Kt-B3", "Kt-QB3", "B-B4", "B-B4"]), "amb.txt")[0]
    rec.settle_status()
    movetext = pgn.write([rec]).split("\n\n", 1)[1]
    assert " ".join(movetext.split()) == ("1. e4 e5 {HoyleAmbiguous: Kt-B3 = Nc3 | Nf3} "
                                          "{HoyleUnread: Kt-QB3 3. B-B4 B-B4} *")


def test_a_game_read_whole_gets_no_such_comment():
    rec = scan_book(book(["P-K4", "P-K4", "Kt-KB3", "Kt-QB3"]), "amb.txt")[0]
    rec.settle_status()
    assert "Hoyle" not in pgn.write([rec]).split("\n\n", 1)[1]


def test_a_pawn_capture_named_by_its_files_keeps_both_readings_when_both_replay():
    """`exd` with pawns on e4 and e5 and Black's on d5 and d6 names two captures; when the
    rest of the game replays after each, the game is cut there with both named; when only
    one lets the game go on, that one is read."""
    fen = "4k3/8/3p4/3pP3/4P3/8/8/4K3 w - - 0 1"
    both, = scan_book(f'GAME 1.\n\n[FEN "{fen}"]\n\n1. exd Kf7\n', "exd.txt")
    assert both.settle_status() == NEEDS_REVIEW and not both.plies
    said = [d.message for d in both.diagnostics if d.code == "CHESS-AMBIGUOUS"]
    assert said and "exd5 or exd6" in said[0]
    one, = scan_book(f'GAME 1.\n\n[FEN "{fen}"]\n\n1. exd Kd7 2. Kd2 Ke6\n', "exd.txt")
    assert one.settle_status() == "valid"
    assert [p.normal for p in one.plies] == ["exd6", "Kd7", "Kd2", "Ke6"]
