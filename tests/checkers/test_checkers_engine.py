"""The checkers engine: rules, FEN, and agreement with pydraughts on real games."""
import re

import pytest

from records.checkers import engine as ck
from conftest import CORPUS, need

ACF = CORPUS / "checkers" / "acf_archive_9377.pdn"


def moves_of(fen):
    return sorted(str(m) for m in ck.legal_moves(ck.from_fen(fen)))


def test_initial_position_and_first_moves():
    pos = ck.initial()
    assert ck.to_fen(pos) == "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    assert sorted(str(m) for m in ck.legal_moves(pos)) == [
        "10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]
    assert ck.winner(pos) is None


def test_fen_canonical_and_tolerant_forms():
    pos = ck.from_fen("B:W18,24,27,K10:B12,16,K22")
    assert ck.to_fen(pos) == "B:WK10,18,24,27:B12,16,K22"
    assert ck.from_fen(" W : B 1-12 : W 21-32 . ") == ck.from_fen(
        "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12")
    assert ck.from_fen("B:WK1-2:B31") == ck.from_fen("B:WK1,K2:B31")
    assert hash(pos) == hash(ck.from_fen(ck.to_fen(pos)))
    with pytest.raises(ck.FenError, match="off the 32-square board"):
        ck.from_fen("W:W33:B1")
    with pytest.raises(ck.FenError, match="two pieces"):
        ck.from_fen("W:W1:B1")


def test_multi_jump_is_followed_to_the_end_and_king_jumps_both_ways():
    assert moves_of("B:W18,24,27,K10:B12,16,K22") == ["22x15x6"]
    # a man may not jump backwards; the king may
    assert moves_of("B:W18:BK22") == ["22x15"]
    assert moves_of("B:W18:B22") == ["22-25", "22-26"]


def test_a_man_crowned_by_a_jump_stops():
    # Black man on 23 jumps 27 to reach 32 and is crowned; it may not go on over 28
    pos = ck.from_fen("B:W27,28:B23")
    moves = ck.legal_moves(pos)
    assert [str(m) for m in moves] == ["23x32"] and moves[0].crowns
    after = ck.play(pos, moves[0])
    assert after.black_kings == 1 << 31 and after.turn == "W"


def test_capture_is_compulsory_and_winner_when_no_move():
    pos = ck.from_fen("B:W18,30:B14,1")
    assert moves_of(ck.to_fen(pos)) == ["14x23"]
    assert ck.play_path(pos, (1, 5)) is None          # a step while a jump is on
    assert ck.play_path(pos, (14, 23)) is not None
    blocked = ck.from_fen("W:W29:B25,22")            # White's man on 29 cannot move
    assert ck.legal_moves(blocked) == [] and ck.winner(blocked) == "B"
    assert ck.winner(ck.from_fen("B:W1:B")) == "W"


def test_moves_matching_keeps_every_route():
    # the king on 10 jumps the ring 14, 22, 23, 15 either way round, back to 10
    pos = ck.from_fen("B:W14,15,22,23:BK10")
    routes = ck.moves_matching(pos, 10, 10)
    assert sorted(str(m) for m in routes) == ["10x17x26x19x10", "10x19x26x17x10"]
    assert ck.play(pos, routes[0]) == ck.from_fen("W:W:BK10")


def test_move_text_and_str():
    assert ck.parse_move_text("11-15") == ((11, 15), False)
    assert ck.parse_move_text("23 19") == ((23, 19), None)
    assert ck.parse_move_text("15x22x29") == ((15, 22, 29), True)
    assert str(ck.Move((15, 22, 29), (18, 25))) == "15x22x29"
    assert ck.Move((11, 15), ()).is_capture is False


def acf_games(limit):
    text = need(ACF).read_text()
    games = []
    for block in text.split("\n\n["):
        body = re.sub(r"(1-0|0-1|1/2-1/2|2-0|0-2|1-1|0-0|\*)\s*$", "", block.split("\n\n", 1)[-1])
        moves = re.findall(r"\b\d+(?:[-x]\d+)+\b", body)
        if moves:
            games.append(moves)
        if len(games) >= limit:
            break
    return games


def test_replay_agrees_with_pydraughts_on_real_games():
    draughts = pytest.importorskip("draughts")
    compared = 0
    for moves in acf_games(4):
        pos = ck.initial()
        board = draughts.Board(variant="english")
        for text in moves:
            ours = sorted("x".join(map(str, m.path)) if m.captured else str(m)
                          for m in ck.legal_moves(pos))
            theirs = sorted(("x" if abs(s[0] - s[1]) > 5 or len(s) > 2 else "-").join(map(str, s))
                            for s in (m.steps_move for m in board.legal_moves()))
            assert ours == theirs, (ck.to_fen(pos), text)
            compared += 1
            pos = ck.play_path(pos, ck.parse_move_text(text)[0])
            assert pos is not None, text
            board.push([m for m in board.legal_moves() if "x".join(map(str, m.steps_move))
                        == text.replace("-", "x")][0])
            assert ck.from_fen(board.fen) == pos
    assert compared > 200


def test_random_games_with_kings_agree_with_pydraughts():
    draughts = pytest.importorskip("draughts")
    import random
    rng = random.Random(1914)
    kings_seen = jumps_seen = 0
    for _ in range(2):
        pos = ck.initial()
        board = draughts.Board(variant="english")
        for _ply in range(160):
            ours = {m.path: m for m in ck.legal_moves(pos)}
            theirs = {tuple(m.steps_move): m for m in board.legal_moves()}
            assert set(ours) == set(theirs), ck.to_fen(pos)
            assert (ck.winner(pos) is None) == bool(ours)
            if not ours:
                break
            path = rng.choice(sorted(ours))
            jumps_seen += len(ours[path].captured) > 1
            pos = ck.play(pos, ours[path])
            board.push(theirs[path])
            assert ck.from_fen(board.fen) == pos
            kings_seen += bool(pos.black_kings or pos.white_kings)
    assert kings_seen > 20 and jumps_seen > 0
