"""Keys, hashes and the bulk reader's tables made without python-chess are python-chess's;
a big PGN import loads python-chess not at all (it takes longer to load than a batch to read)."""
import random

import pytest

import chess
import numpy as np

from records.chess import keys, moves, openings, pgn_boards

from conftest import CORPUS, need
from test_pgn_small import loaded


def test_keys_read_from_fens_are_python_chess_s():
    assert keys.INITIAL_KEY == moves.position_key(chess.Board())
    assert keys.STARTING_FEN == chess.STARTING_FEN
    for eco, name, pgn, position, key, plies, hashed in openings._rows():
        assert keys.board_key(position) == moves.position_key(position) == key
    rng = random.Random(3)
    board = chess.Board()
    for _ in range(300):
        if board.is_game_over():
            board = chess.Board()
        board.push(rng.choice(list(board.legal_moves)))
        assert keys.board_key(board.fen()) == keys.position_key(board) == \
            keys.position_key(board.fen())
    assert keys.position_key("not a fen") is None


def test_the_bulk_reader_s_tables_are_python_chess_s():
    def as_ints(table):
        return [int(v) for v in table]
    assert as_ints(pgn_boards.KNIGHT_FROM) == chess.BB_KNIGHT_ATTACKS
    assert as_ints(pgn_boards.STRAIGHT_FROM) == [
        chess.BB_RANK_ATTACKS[sq][0] | chess.BB_FILE_ATTACKS[sq][0] for sq in chess.SQUARES]
    assert as_ints(pgn_boards.DIAGONAL_FROM) == [chess.BB_DIAG_ATTACKS[sq][0]
                                                 for sq in chess.SQUARES]
    for side in (chess.BLACK, chess.WHITE):
        assert as_ints(pgn_boards.PAWN_FROM[int(side)]) == chess.BB_PAWN_ATTACKS[side]
    assert pgn_boards.SQUARE_NAMES == chess.SQUARE_NAMES
    assert pgn_boards.square_of(np.array([1 << sq for sq in range(64)], dtype=np.uint64)
                                ).tolist() == list(range(64))


def test_a_big_import_loads_no_python_chess(tmp_path):
    twic = need(CORPUS / "chess" / "twic0920.pgn").read_text(encoding="utf-8")
    cut = twic.index("\n\n[Event ", 200_000) + 1   # (a game cut short goes to python-chess)
    (tmp_path / "some.pgn").write_text(twic[:cut], encoding="utf-8")
    modules = loaded("import", "some.pgn", "--db", str(tmp_path / "a.db"), "--json",
                     cwd=tmp_path)
    assert "numpy" in modules and "chess" not in modules


def test_a_big_import_loads_numpy_once_for_both_processes(tmp_path):
    """The family's prepare_bulk loads numpy, the compiled reader and the openings table
    before the file's pieces are shared with a forked process, which then loads none of them
    again (both processes' imports are printed by -X importtime)."""
    import subprocess
    import sys
    from records.core import parallel
    if not parallel.worthwhile():
        pytest.skip("one core here: the file is read in one process")
    (tmp_path / "big.pgn").write_text(need(CORPUS / "chess" / "twic0920.pgn")
                                      .read_text(encoding="utf-8"), encoding="utf-8")
    run = subprocess.run([sys.executable, "-X", "importtime", "-m", "records", "import",
                          "big.pgn", "--db", "a.db", "--json"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=300)
    assert '"added": 2245' in run.stdout, run.stderr[-2000:]
    imported = [line.rsplit("|", 1)[1].strip() for line in run.stderr.splitlines()
                if line.startswith("import time:") and "|" in line]
    assert imported.count("numpy") == 1 and imported.count("records.chess.openings") == 1
