"""Notes under a game, marked (a), (b) ... or * after their moves, are kept with their moves
(data["notes"]) and exported in PGN as a comment after the move, with a variation where the
note's moves replay (from before the marked move, or after it), and as a comment only, named
HoyleVariation, where they do not: never a wrong variation."""
import io
import random
import sys
from pathlib import Path

import chess
import chess.pgn
import pytest

from records.chess import pgn
from records.chess.scan import scan_book
from records.core.model import VALID

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "layouts"))
from chess_printer import (LAYOUTS, descriptive, notes_between_rows,  # noqa: E402
                           random_game, sans, told, with_notes)


def read(lines: list[str]) -> list:
    records = scan_book("\n".join(["GAME 1.", ""] + lines) + "\n", "notes.txt")
    for rec in records:
        rec.settle_status()
    return records


def exported(rec) -> chess.pgn.Game:
    game = chess.pgn.read_game(io.StringIO(pgn.write([rec])))
    assert not game.errors
    return game


def side_lines(game: chess.pgn.Game) -> dict:
    """The ply index (0-based) each side line replaces -> (its SAN moves, the comment of the
    move before it in the main line)."""
    out, node, index = {}, game, 0
    while node.variations:
        for side in node.variations[1:]:
            moves, at = [], side
            while True:
                moves.append(at.san())
                if not at.variations:
                    break
                at = at.variations[0]
            out[index] = moves
        node, index = node.variations[0], index + 1
    return out


def comments(game: chess.pgn.Game) -> list[str]:
    return [" ".join(node.comment.split()) for node in game.mainline() if node.comment]


def alternative(rnd, start, moves, at: int, plies: int) -> list:
    """A line of `plies` random legal moves from the position before move `at`, whose first
    move is not the game's."""
    board = start.copy()
    for move in moves[:at]:
        board.push(move)
    legal = [m for m in board.legal_moves if m != moves[at]]
    if not legal:
        return []
    line = [rnd.choice(legal)]
    board.push(line[0])
    while len(line) < plies and list(board.legal_moves) and not board.is_game_over():
        line.append(rnd.choice(list(board.legal_moves)))
        board.push(line[-1])
    return line


@pytest.mark.parametrize("style", ["letters", "stars", "daggers", "superscripts", "numbers"])
@pytest.mark.parametrize("seed", range(6))
def test_notes_with_variations_that_replay_are_exported_as_variations(seed, style):
    rnd = random.Random(seed)
    start, moves = random_game(rnd, rnd.randint(10, 24))
    spelled = descriptive(start, moves)
    notes, expected = {}, {}
    for at in sorted(rnd.sample(range(1, len(moves) - 1), 2)):
        line = alternative(rnd, start, moves, at, rnd.randint(1, 4))
        if not line:
            continue
        said = descriptive(start, moves[:at] + line)[at:]
        board = start.copy()
        for move in moves[:at]:
            board.push(move)
        notes[at] = rnd.choice(["If ", "Or ", "Better was ", ""]) + told(
            said, board.fullmove_number, board.turn == chess.WHITE) + \
            rnd.choice([", with a good game.", ".", "; and wins."])
        expected[at] = sans(board, line)
    rec = read(with_notes(spelled, notes, style))[0]   # (a note of moves alone is also a line)
    assert rec.status == VALID and [p.normal for p in rec.plies] == sans(start, moves)
    assert [(n["ply"], n["text"]) for n in rec.data["notes"]] == sorted(notes.items())
    game = exported(rec)
    assert side_lines(game) == expected
    assert [c.split(" ", 1)[1] for c in comments(game)] == [notes[k] for k in sorted(notes)]
    assert [m.move for m in game.mainline()] == moves


@pytest.mark.parametrize("seed", range(6))
def test_a_reply_the_note_gives_is_a_variation_of_the_next_move(seed):
    rnd = random.Random(seed)
    start, moves = random_game(rnd, rnd.randint(10, 24))
    spelled = descriptive(start, moves)
    at = rnd.randrange(1, len(moves) - 2)
    line = alternative(rnd, start, moves, at + 1, 2)
    said = descriptive(start, moves[:at + 1] + line)[at + 1:]
    board = start.copy()
    for move in moves[:at + 1]:
        board.push(move)
    note = "Here " + told(said, board.fullmove_number, board.turn == chess.WHITE) + " is met by force."
    rec, = read(with_notes(spelled, {at: note}))
    assert rec.data["notes"][0]["variation"]["ply"] == at + 1
    assert side_lines(exported(rec)) == {at + 1: sans(board, line)}


@pytest.mark.parametrize("seed", range(6))
def test_a_note_whose_moves_do_not_replay_stays_a_comment(seed):
    rnd = random.Random(seed)
    start, moves = random_game(rnd, rnd.randint(10, 24))
    spelled = descriptive(start, moves)
    at = rnd.randrange(1, len(moves) - 1)
    board = start.copy()
    for move in moves[:at]:
        board.push(move)
    number = board.fullmove_number + 7   # a move number the game is not at
    note = f"If {number}. P-QR8, then all is lost."
    rec, = read(with_notes(spelled, {at: note}))
    assert rec.status == VALID and [p.normal for p in rec.plies] == sans(start, moves)
    game = exported(rec)
    assert side_lines(game) == {}
    assert comments(game) == [f"HoyleVariation: (a) {note}"]


def test_a_note_without_moves_is_a_comment_and_reads_back():
    rec, = read(with_notes(["P-K4", "P-K4", "Kt-KB3", "Kt-QB3", "B-Kt5", "P-QR3"],
                           {4: "The Ruy Lopez, the strongest of the openings."}))
    written = pgn.write([rec])
    assert "3. Bb5 {(a) The Ruy Lopez, the strongest of the openings.} 3... a6" in \
        " ".join(written.split())
    again = pgn.read(written, "again.pgn")[0]
    assert [p.normal for p in again.plies] == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]
    assert pgn.write([again]) == written


@pytest.mark.parametrize("layout", ["rows", "paragraph", "one side per line",
                                    "Black's reply under White's", "rows numbered twice",
                                    "halves with a rule", "columns down then across"])
@pytest.mark.parametrize("seed", range(3))
def test_notes_are_found_in_every_running_layout(seed, layout):
    rnd = random.Random(seed)
    start, moves = random_game(rnd, rnd.randint(10, 24))
    at = rnd.randrange(1, len(moves) - 1)
    line = alternative(rnd, start, moves, at, 3)
    board = start.copy()
    for move in moves[:at]:
        board.push(move)
    note = "If " + told(descriptive(start, moves[:at] + line)[at:], board.fullmove_number,
                        board.turn == chess.WHITE) + ", with equality."
    lines = with_notes(descriptive(start, moves), {at: note}, layout=LAYOUTS[layout], rnd=rnd)
    rec = read(lines)[0]
    assert rec.status == VALID and [p.normal for p in rec.plies] == sans(start, moves), lines
    assert [(n["ply"], n["text"]) for n in rec.data["notes"]] == [(at, note)], lines
    assert side_lines(exported(rec)) == {at: sans(board, line)}


@pytest.mark.parametrize("seed", range(4))
def test_notes_printed_between_the_rows_do_not_break_the_game(seed):
    rnd = random.Random(seed)
    start, moves = random_game(rnd, rnd.randint(12, 24))
    notes, expected = {}, {}
    for at in sorted(rnd.sample(range(1, len(moves) - 2), 2)):
        line = alternative(rnd, start, moves, at, 2)
        board = start.copy()
        for move in moves[:at]:
            board.push(move)
        notes[at] = "If " + told(descriptive(start, moves[:at] + line)[at:],
                                 board.fullmove_number, board.turn == chess.WHITE) + \
            ", Black holds."
        expected[at] = sans(board, line)
    rec = read(notes_between_rows(descriptive(start, moves), notes))[0]
    assert rec.status == VALID and [p.normal for p in rec.plies] == sans(start, moves)
    assert [(n["ply"], n["text"]) for n in rec.data["notes"]] == sorted(notes.items())
    assert side_lines(exported(rec)) == expected


@pytest.mark.parametrize("seed", range(3))
def test_the_descriptive_export_prints_the_notes_and_reads_back_to_them(seed):
    from records.chess.family import descriptive_text
    rnd = random.Random(seed)
    start, moves = random_game(rnd, rnd.randint(10, 24))
    at = rnd.randrange(1, len(moves) - 1)
    line = alternative(rnd, start, moves, at, 2)
    board = start.copy()
    for move in moves[:at]:
        board.push(move)
    note = "If " + told(descriptive(start, moves[:at] + line)[at:], board.fullmove_number,
                        board.turn == chess.WHITE) + ", with equality."
    rec = read(with_notes(descriptive(start, moves), {at: note}))[0]
    again = scan_book(descriptive_text(rec), "again.txt")[0]
    assert [p.normal for p in again.plies] == [p.normal for p in rec.plies]
    def without_line(notes):
        return [{k: v for k, v in n.items() if k != "line"} for n in notes]
    assert without_line(again.data["notes"]) == without_line(rec.data["notes"])


def test_notes_go_through_the_archive_to_show_and_export(tmp_path):
    from typer.testing import CliRunner
    from records.cli import app
    book = tmp_path / "notes.txt"
    book.write_text("\n".join(["GAME 1.", ""] + with_notes(
        ["P-K4", "P-K4", "Kt-KB3", "Kt-QB3", "B-B4", "B-B4"],
        {3: "If 2. ... P-Q3, then 3. P-Q4.", 4: "Or 3. B-Kt5, P-QR3; 4. B-R4."})) + "\n")
    db = str(tmp_path / "notes.db")
    runner = CliRunner()
    assert runner.invoke(app, ["--db", db, "import", str(book)]).exit_code == 0
    shown = runner.invoke(app, ["--db", db, "show", "1"]).output
    assert "(a) (after Kt-QB3) If 2. ... P-Q3, then 3. P-Q4." in shown
    assert "(b) (after B-B4) Or 3. B-Kt5, P-QR3; 4. B-R4." in shown
    written = runner.invoke(app, ["--db", db, "export", "--format", "pgn"]).output
    assert " ".join(written.split("\n\n", 1)[1].split()) == (
        "1. e4 e5 2. Nf3 Nc6 {(a) If 2. ... P-Q3, then 3. P-Q4.} (2... d6 3. d4) 3. Bc4 "
        "{(b) Or 3. B-Kt5, P-QR3; 4. B-R4.} (3. Bb5 a6 4. Ba4) 3... Bc5 *")


@pytest.mark.parametrize("seed", range(4))
def test_a_note_that_repeats_the_game_parts_from_it_where_it_differs(seed):
    rnd = random.Random(seed)
    start, moves = random_game(rnd, rnd.randint(12, 24))
    at = rnd.randrange(1, len(moves) - 3)
    line = alternative(rnd, start, moves, at + 1, 2)   # the marked move, then another reply
    board = start.copy()
    for move in moves[:at]:
        board.push(move)
    said = descriptive(start, moves[:at + 1] + line)[at:]
    note = "Best, for if " + told(said, board.fullmove_number, board.turn == chess.WHITE) + "."
    notes = {at: note}
    after = at + 2 if at + 2 < len(moves) - 1 else None
    if after:   # a note that tells the game's own move again
        notes[after] = "As played: " + told(descriptive(start, moves)[after:after + 1],
                                            *_number(start, moves, after)) + "."
    rec = read(with_notes(descriptive(start, moves), notes))[0]
    found = {n["ply"]: n for n in rec.data["notes"]}
    assert found[at]["variation"] == {"ply": at + 1, "moves": sans(_after(start, moves, at + 1),
                                                                    line)}
    if after:   # the game's own move, told again: no variation, and no HoyleVariation
        assert "variation" not in found[after] and "unplayed" not in found[after]
    game = exported(rec)
    assert side_lines(game) == {at + 1: found[at]["variation"]["moves"]}


def _after(start, moves, plies):
    board = start.copy()
    for move in moves[:plies]:
        board.push(move)
    return board


def _number(start, moves, plies):
    board = _after(start, moves, plies)
    return board.fullmove_number, board.turn == chess.WHITE
