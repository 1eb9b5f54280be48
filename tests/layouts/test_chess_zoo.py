"""The chess layout zoo: random legal games (python-chess, seeded) spelled by hoyle's own
speller or in algebraic in each language, printed in each layout books use, and read back
move for move: one record, valid, the same SAN; a misprint planted in a game is flagged at its
line. A fresh seed runs under -m benchmark (the seed is printed on failure)."""
import os
import random

import chess
import pytest

from chess_printer import (LAYOUTS, algebraic, descriptive, diagram, pairs, random_game, sans)
from records.chess.scan import scan_book
from records.core.model import ERROR, INFO, VALID, WARNING

SEEDS = range(3)
def read(lines: list[str]) -> list:
    records = scan_book("\n".join(["GAME 1.", ""] + lines) + "\n", "zoo.txt")
    for rec in records:
        rec.settle_status()
    return records


def assert_reads_back(lines, start, moves, seed, layout):
    records = read(lines)
    text = "\n".join(lines)
    assert len(records) == 1, (seed, layout, [(r.line, r.status) for r in records], text)
    rec = records[0]
    assert [p.normal for p in rec.plies] == sans(start, moves), (seed, layout, text)
    assert rec.status == VALID, (seed, layout, [(d.code, d.message) for d in rec.diagnostics], text)
    assert not [d for d in rec.diagnostics if d.severity != INFO]
    return rec


def game(seed: int, plies: int = 24):
    rnd = random.Random(seed)
    start, moves = random_game(rnd, rnd.randint(plies // 2, plies))
    return rnd, start, moves


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_a_random_game_reads_back_in_every_layout(layout, seed):
    rnd, start, moves = game(seed)
    lines = LAYOUTS[layout](descriptive(start, moves), rnd)
    assert_reads_back(lines, start, moves, seed, layout)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("variant", ["N for the knight", "annotation marks", "note marks"])
def test_the_vocabulary_variants_read_back(variant, seed):
    rnd, start, moves = game(seed)
    spelled = descriptive(start, moves, knight="N" if variant.startswith("N") else "Kt")
    if variant == "annotation marks":
        spelled = [m + rnd.choice(["", "!", "!!", "?", "?!"]) for m in spelled]
    if variant == "note marks":
        spelled = [m + rnd.choice(["", " (a)", "*", "[A]"]) for m in spelled]
    assert_reads_back(LAYOUTS["rows"](spelled, rnd), start, moves, seed, variant)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("language", ["English", "German", "French", "Spanish", "Dutch", "figurines"])
def test_algebraic_in_every_language_reads_back(language, seed):
    rnd, start, moves = game(seed, 30)
    spelled = algebraic(start, moves, "English" if language == "figurines" else language,
                        figurines=language == "figurines")
    rec = assert_reads_back(LAYOUTS["rows"](spelled, rnd), start, moves, seed, language)
    if language not in ("English", "figurines") and any(m[0].isupper() for m in spelled):
        assert rec.tags.get("HoyleLanguage", "").startswith(language)


def study(seed: int):
    """A position some random moves into a game, and a few random moves from it."""
    rnd = random.Random(seed)
    while True:
        _, before = random_game(rnd, rnd.randint(12, 30))
        board = chess.Board()
        for move in before:
            board.push(move)
        board = chess.Board(board.fen().rsplit(" ", 4)[0] + " - - 0 1")   # no castling, no e.p.
        start, moves = random_game(rnd, rnd.randint(3, 7), board.copy())
        if moves and not board.is_game_over():
            return rnd, board, start, moves


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("style", ["two letters", "one letter", "marks"])
@pytest.mark.parametrize("bottom", [False, True], ids=["black at the top", "black at the bottom"])
def test_a_study_drawn_in_a_frame_reads_from_its_diagram(style, bottom, seed):
    rnd, board, start, moves = study(seed)
    spelled = descriptive(start, moves)
    if board.turn == chess.BLACK:
        spelled = ["..."] + spelled
    sentence = "; ".join(f"{n}. {w}" + (f", {b}" if b else "") for n, w, b in pairs(spelled)) + "."
    lines = diagram(board, style, bottom) + ["", sentence.replace("1. ..., ", "1. ... ")]
    rec = assert_reads_back(lines, start, moves, seed, style)
    assert rec.data["start_fen"].split()[0] == board.fen().split()[0]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("layout", ["rows", "halves with a rule", "fractions numbered", "paragraph"])
def test_a_misprint_is_flagged_at_its_line(layout, seed):
    rnd, start, moves = game(seed, 30)
    spelled = descriptive(start, moves)
    k = rnd.randrange(2, len(spelled))
    spelled[k] = "K-QR8" if spelled[k] != "K-QR8" else "K-KR8"   # nowhere a king can go
    lines = LAYOUTS[layout](spelled, rnd)
    records = read(lines)
    flagged = [d for r in records for d in r.diagnostics if d.severity in (ERROR, WARNING)]
    where = [n for n, line in enumerate(["GAME 1.", ""] + lines, start=1) if "K-QR8" in line
             or "K-KR8" in line]
    assert flagged and flagged[0].line in where, (seed, layout, [(d.line, d.code) for d in flagged])
    assert not any(r.status == VALID for r in records)


@pytest.mark.benchmark
def test_a_fresh_seed_in_every_layout():
    seed = int(os.environ.get("HOYLE_ZOO_SEED", random.randrange(10 ** 6)))
    for layout in sorted(LAYOUTS):
        rnd, start, moves = game(seed, 60)
        assert_reads_back(LAYOUTS[layout](descriptive(start, moves), rnd), start, moves,
                          f"seed {seed}", layout)
