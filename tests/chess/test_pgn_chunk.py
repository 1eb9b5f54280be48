"""The bulk reader's two halves that turn the compiled reader's boards into SANs and hashes:
the C one (records/chess/_chunk.c, built where a compiler is) and numpy's (pgn_boards). They
must give the same SANs, position hashes, start keys and opening depths on every chunk, and
python-chess's records whichever runs; C must refuse, never crash on, arrays that do not fit."""
import random

import numpy as np
import pytest

from conftest import CORPUS, need
from pgn_generator import random_pgn
from test_pgn import random_games_pgn
from test_pgn_roundtrip import (bulk_only, comparable, crowded_games_pgn, needs_compiled,
                                python_chess_only, slow_games)

from records.chess import pgn, pgn_boards, pgn_fast



@pytest.fixture
def half(compiled_half):
    """The C half (conftest builds it from the checkout where the import has none)."""
    if compiled_half is None:
        pytest.skip("records.chess._chunk could not be built here (no C compiler)")
    return compiled_half


def chunks_of(text: str, per_batch: int = 500):
    """The compiled reader's chunks of a PGN text's games, as pgn_fast gives them games."""
    reader = pgn_fast.compiled_reader()
    games = ["[" + g if i else g for i, g in enumerate(text.split("\n\n["))]
    for k in range(0, len(games), per_batch):
        yield from reader.parse_games_from_strings(games[k:k + per_batch], num_threads=1).chunks


def assert_halves_agree(text: str) -> int:
    """Both halves on every chunk of the text; the number of moves compared."""
    moves = 0
    for chunk in chunks_of(text):
        for openings in (True, False):
            c = pgn_boards._compiled_chunk_moves(chunk, openings)
            py = pgn_boards.numpy_chunk_moves(chunk, openings)
            assert c.sans == py.sans
            assert np.array_equal(c.hashes, py.hashes)
            assert (c.move_at, c.position_at, c.start_keys, c.named, c.valid) == \
                (py.move_at, py.position_at, py.start_keys, py.named, py.valid)
        moves += len(c.sans)
    return moves


@needs_compiled
def test_both_halves_agree_on_a_real_weekly_file(half):
    text = need(CORPUS / "chess" / "twic0920.pgn").read_text(encoding="utf-8")
    assert assert_halves_agree(text) > 150_000


@needs_compiled
@pytest.mark.parametrize("seed", [1, 2])
def test_both_halves_agree_on_crowded_random_and_set_up_games(half, seed):
    """Pins and every way of naming an origin (crowded games), random games, and annotated
    games from set-up positions (promotions, castling, en passant, mate)."""
    crowded, pinned = crowded_games_pgn(count=40, seed=seed)
    assert pinned > 5
    moves = assert_halves_agree(crowded)
    moves += assert_halves_agree(random_games_pgn(60, seed=seed))
    moves += assert_halves_agree(random_pgn(40, seed=seed))
    assert moves > 4000


@needs_compiled
@pytest.mark.parametrize("which", ["c", "numpy"])
def test_crowded_games_read_as_python_chess_reads_them_with_either_half(monkeypatch, half,
                                                                         which):
    if which == "numpy":
        monkeypatch.setattr(pgn_boards, "_compiled_half", False)
    text, _ = crowded_games_pgn(count=30, seed=11)
    bulk_only(monkeypatch)
    calls = slow_games(monkeypatch)
    quick = pgn.read(text, "crowded.pgn")
    assert calls == []
    python_chess_only(monkeypatch)
    assert comparable(quick) == comparable(pgn.read(text, "crowded.pgn"))


def good_arrays(chunk) -> list:
    return [np.array(a) for a in (chunk.boards, chunk.turn, chunk.from_squares,
                                  chunk.to_squares, chunk.promotions, chunk.move_offsets,
                                  chunk.position_offsets, chunk.is_checkmate)]


@needs_compiled
def test_arrays_that_do_not_fit_are_refused_not_read(half):
    """Offsets past the arrays, squares off the board, lengths that disagree: ValueError (the
    caller then uses numpy), never a read outside an array. Boards of any bytes still read."""
    chunk = next(chunks_of(random_games_pgn(8, seed=3)))
    known = np.zeros(0, dtype=np.int64)
    assert len(half.sans(*good_arrays(chunk), known, 40)[0]) == len(chunk.from_squares)
    rng = random.Random(7)
    refused = 0
    for trial in range(300):
        arrays = good_arrays(chunk)
        which = rng.randrange(len(arrays))
        raw = arrays[which].reshape(-1).view(np.uint8)   # any byte of any array
        if len(raw):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        if trial % 3 == 0:   # a shorter array
            arrays[which] = arrays[which].reshape(-1)[:-1].copy() if which else \
                arrays[which][:-1].copy()
        try:
            sans, hashes, starts, named = half.sans(*arrays, known, 40)
        except ValueError:
            refused += 1
            continue
        assert len(sans) == len(arrays[2]) and len(hashes) == 8 * len(arrays[1])
    assert refused >= 100
    with pytest.raises(TypeError):
        half.sans(*good_arrays(chunk)[:5], known, 40)
    # nothing the garbage made is remembered for real moves (SANs are kept by what spells them)
    assert assert_halves_agree(crowded_games_pgn(count=20, seed=4)[0]) > 500
    assert assert_halves_agree(random_games_pgn(40, seed=5)) > 2000


# -- the plain movetext cutter (pgn_lines.main_lines) -----------------------------------------
ODD_PLAIN = ["1.e4 e5 *\n",                       # a number run into its move: the line reader's
             "1. e4 e5 1-0 2. Nf3 *\n",           # a result before the last token
             "1. e4 e5 2. Nf3 Nc6 1/2-1/2\n",
             "1. e4 0-0 2. 0-0-0 *\n",            # castling written with zeros
             "1. e4 *e5 *\n", "1. e4 e5 5x *\n",  # a "*" or a digit starting no result
             "\n", "1. e4\x0b e5\x1c 2. d4 *\n",  # nothing; every space str.split() knows
             "1... e5 2. Nf3 0-1"]                # a black first move, no line end (the last)


def main_lines_both_ways(monkeypatch, text: str):
    from records.chess import pgn_lines, pgn_text
    lines = pgn_text.split_lines(text)
    spans = list(pgn_text.game_spans(lines))
    quick = pgn_lines.main_lines(lines, spans)
    with monkeypatch.context() as patch:
        patch.setattr(pgn_lines, "_compiled_plain", lambda movetexts, spans: None)
        slow = pgn_lines.main_lines(lines, spans)

    def plain(found):
        return [None if f is None else (f[0], f[1].tolist(), f[2].tolist(), f[3]) for f in found]
    return plain(quick), plain(slow), spans


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
def test_the_c_movetext_cutter_cuts_plain_games_as_numpy_does(monkeypatch, half, end):
    text = random_games_pgn(40, seed=9).replace("\n", end)
    text += end + (end + end).join(f'[Event "Odd {n}"]{end}{end}{odd.replace(chr(10), end)}'
                                   for n, odd in enumerate(ODD_PLAIN))
    quick, slow, spans = main_lines_both_ways(monkeypatch, text)
    assert quick == slow and len(quick) == 40 + len(ODD_PLAIN)
    assert [n for n, found in enumerate(quick) if found is None] == [40, 41, 44, 45]


def test_a_batch_with_notes_or_not_ascii_is_left_to_numpy(half):
    assert half.plain_lines(["1. e4 {good} e5 *\n"], [0]) is None
    assert half.plain_lines(["1. e4 e5 $1 *\n"], [0]) is None
    assert half.plain_lines(["1. e4 e5 *\n", "1. d4 — *\n"], [0, 3]) is None
    assert half.plain_lines(["1. e4 e5 *\n"], [0])[0] == ["e4 e5 *"]
