"""Real games and positions printed in book layouts, then read back: the standard positions
as diagrams (box boards and letter grids, in each orientation, with letters or draughts
glyphs) over a solution table, and ACF games as headed 6-column tables. Every record must
come back valid, from the right position, with the same moves, and no warning or error."""
import itertools

import pytest

from conftest import CORPUS, need
from records.checkers import engine, pdn
from records.checkers.diagrams import ORIENTATIONS
from records.checkers.scan import scan_book
from records.core.model import ERROR, INFO, VALID, WARNING

LETTERS = {"b": "B", "B": "BB", "w": "W", "W": "WW"}
GLYPHS = {"b": "\u26c2", "B": "\u26c3", "w": "\u26c0", "W": "\u26c1"}
LABELS = {"Black at the top": ("BLACK.", "WHITE."), "White at the top": ("WHITE.", "BLACK.")}


def _grid(fen: str, orientation: str, symbols: dict) -> list[list[str]]:
    """The printed 8x8 grid: the inverse of the orientation's printed -> board mapping."""
    turn = dict(ORIENTATIONS)[orientation]
    where = {turn(r, c): (r, c) for r in range(8) for c in range(8)}
    grid = [[""] * 8 for _ in range(8)]
    for square, piece in engine.pieces(engine.from_fen(fen)).items():
        row, col = (square - 1) // 4, 2 * ((square - 1) % 4) + (1 if (square - 1) // 4 % 2 == 0 else 0)
        r, c = where[(row, col)]
        grid[r][c] = symbols[piece]
    return grid


def _box(grid) -> list[str]:
    rule = "    +" + "---+" * 8
    out = [rule]
    for row in grid:
        out += ["    |" + "".join(f"{cell:<3}|" for cell in row), rule]
    return out


def _letter_grid(grid) -> list[str]:
    return ["    " + " ".join(f"{cell or '.':<2}" for cell in row) for row in grid]


def _table(moves: list[str], columns: int = 6) -> list[str]:
    rows = -(-len(moves) // columns)
    width = max(map(len, moves)) + 3
    return ["  " + "".join(f"{moves[c * rows + r]:>{width}}" if c * rows + r < len(moves) else ""
                           for c in range(columns)).rstrip() for r in range(rows)]


def _position_text(n: int, fen: str, moves: list[str], orientation: str, style: str) -> str:
    symbols = GLYPHS if style == "glyph" else LETTERS
    grid = _grid(fen, orientation, symbols)
    top, bottom = LABELS.get(orientation, ("", ""))
    board = _letter_grid(grid) if style == "grid" else _box(grid)
    side = "Black" if fen[0] == "B" else "White"
    return "\n".join([f"      Position No. {n}.", f"          {top}", *board, f"          {bottom}",
                      "", f"      {side} to move and win.", "", "  Solution:--", "",
                      *_table(moves, 4), "", ""])


@pytest.fixture(scope="module")
def standard():
    path = need(CORPUS / "checkers" / "standard_positions.pdn")
    records = pdn.read(path.read_text(encoding="utf-8"), str(path))
    return [(r.start_position, [p.normal for p in r.plies]) for r in records]


def _clean(rec) -> bool:
    return rec.status == VALID and not [d for d in rec.diagnostics
                                        if d.severity in (ERROR, WARNING)]


@pytest.mark.parametrize("orientation,style", [
    ("Black at the top", "letters"), ("White at the top", "letters"),
    ("White at the top", "glyph"), ("Black at the top", "grid"),
    ("turned, Black on the left", "letters"), ("Black at the top, mirrored", "grid")])
def test_positions_printed_as_diagrams_read_back(standard, orientation, style):
    text = "".join(_position_text(n, fen, moves, orientation, style)
                   for n, (fen, moves) in enumerate(standard, 1))
    records = scan_book(text, "generated.txt")
    assert [r.title for r in records] == [f"Position No. {n}" for n in range(1, len(standard) + 1)]
    for rec, (fen, moves) in zip(records, standard):
        assert _clean(rec), [d.message for d in rec.diagnostics]
        assert rec.start_position == fen
        assert [p.normal for p in rec.plies] == moves
        assert rec.data["setup"]["orientation"] == orientation


def test_acf_games_printed_in_columns_read_back():
    path = need(CORPUS / "checkers" / "acf_archive_9377.pdn")
    with path.open(encoding="utf-8") as handle:
        head = "".join(itertools.islice(handle, 600))
    head = head[:head.rfind("\n[Event")]
    games = [r for r in pdn.read(head, str(path)) if len(r.plies) >= 12][:15]
    assert len(games) >= 10
    text = "".join(
        f'        Game No. {n}.--"Test" Opening.\n\n'
        + "\n".join(_table([p.normal for p in rec.plies])) + "\n\n  Some remarks.\n\n"
        for n, rec in enumerate(games, 1))
    records = scan_book(text, "generated.txt")
    assert len(records) == len(games)
    for rec, game in zip(records, games):
        assert _clean(rec), [d.message for d in rec.diagnostics]
        assert [p.normal for p in rec.plies] == [p.normal for p in game.plies]


@pytest.mark.parametrize("first_side", ["B", "W"])
def test_prose_under_a_diagram_moves_the_side_whose_move_is_legal(standard, first_side):
    """No side is stated: the prose line replays with the colour whose move is legal."""
    fen, moves = standard[0]
    start = engine.from_fen(first_side + fen[1:])
    if first_side == "W":    # White's line from the same diagram: its first legal moves
        moves = []
        pos = start
        for _ in range(4):
            move = engine.legal_moves(pos)[0]
            moves.append(str(move))
            pos = engine.play(pos, move)
    grid = _grid(fen, "White at the top", GLYPHS)
    prose = ", ".join(m.replace("-", " to ").replace("x", " to ") for m in moves[:4])
    text = "\n".join(["      A study.", "          WHITE.", *_box(grid), "          BLACK.", "",
                      f"  The play goes {prose}, and so on.", ""])
    [rec] = scan_book(text, "generated.txt")
    assert _clean(rec), [d.message for d in rec.diagnostics]
    assert rec.start_position == engine.to_fen(start)
    assert [p.normal for p in rec.plies] == moves[:4]


def test_a_passage_naming_two_openings_is_two_lines():
    text = ("Two sound openings are 11-15, 23-19, 8-11, 22-17 and\n"
            "9-14, 22-17, 11-15, 25-22; both are often played.\n")
    records = scan_book(text, "generated.txt")
    assert [(r.status, [p.normal for p in r.plies]) for r in records] == [
        (VALID, ["11-15", "23-19", "8-11", "22-17"]), (VALID, ["9-14", "22-17", "11-15", "25-22"])]


def test_two_slips_named_in_passing_raise_no_alarm():
    text = ("tournaments write an opening and second move, such as 10-14, 22-17\n"
            "on a slip of paper; 10-14, 24-19 on another, and so on for all possible\n"
            "openings. If it is 11-15, 22-18, the game must be opened that way.\n")
    assert [r for r in scan_book(text, "generated.txt")
            if any(d.severity != INFO for d in r.diagnostics)] == []
