"""Which open game a segment of moves carries on, and move numbers a book misprints, found by
the rows around them.

A row whose number is not the one its game expects is usually a variation or another game.
But a row set right under the game's last one, numbered past where the game has got to (no
variation of it can begin there), or between two rows whose numbers say which move it is
(`12.`, `18.`, `14.`), is the game's next row with its number misprinted: the game goes on
through it, and the record says so (CHESS-MISNUMBERED). Numbering that skips ahead and goes on
from there (`7.`, `9.`, `10.`, ...) is noted once and followed. A number the OCR printed with
letters for digits (`1O.`, `1l.`, `l5.`) is read as its digits, and noted too.
"""
from __future__ import annotations

import re

from records.chess import descriptive as dn
from records.chess.layouts import black_alone

OCR_DIGITS = str.maketrans("lIO", "110")
OCR_ROW_NUMBER = re.compile(r"^\s*([0-9lIO]{2,3})(?=\s?\.\s)")
NEXT_NUMBER = re.compile(r"(?<![\w.])(\d{1,3})\s?\.(?!\d)(\s*(?:\.{2,}|\u2026))?")


TRANSCRIBERS_MARKS = re.compile(r"\{\d{1,4}\}|/\*|\*/")   # `{207} /*  35. K - Kt 1 ... */`


def marks_blanked(line: str) -> str:
    """The line without a transcriber's page numbers in braces and the marks round lines
    set apart (an e-text sets a row that fell at a page's foot so), columns kept."""
    if "{" not in line and "/*" not in line and "*/" not in line:
        return line
    return TRANSCRIBERS_MARKS.sub(lambda m: " " * len(m.group()), line)


def digits_read(line: str) -> tuple[str, tuple | None]:
    """The line with a row number printed with letters for digits (`1O.`) read as digits
    (columns kept), and (column, printed, read), or None when there is none."""
    m = OCR_ROW_NUMBER.match(line)
    if m is None or m.group(1).isdigit() or not m.group(1).strip("I"):   # (`II.`: a numeral)
        return line, None
    read = m.group(1).translate(OCR_DIGITS)
    return line[:m.start(1)] + read + line[m.end(1):], (m.start(1) + 1, m.group(1), int(read))


def number_after(segments: list[list], k: int, below: str) -> tuple[int, bool] | None:
    """The move number printed next after segment k, and whether it is Black's (`10. ...`):
    in the line's later segments, else the first in the line below."""
    for segment in segments[k + 1:]:
        if isinstance(segment[0], dn.MoveNumber):
            return segment[0].number, segment[0].continuation
    m = NEXT_NUMBER.search(below)
    return (int(m.group(1)), bool(m.group(2))) if m else None


def misnumbered(segments: list[list], k: int, open_games: list, style: tuple, lineno: int,
                below: str):
    """The open game segment k of a line carries on though its number is not the one the
    game expects (its number set right, in place, and noted in the game's tags), or None.
    (Its moves may be on the line below: `...; 37.` / `Kt-KB3, P-KB4.`)"""
    game = open_games[-1] if open_games else None
    segment, first = segments[k], segments[k][0]
    if game is None or style[0] != "row" or game.style[0] != "row" or not isinstance(
            first, dn.MoveNumber) or first.number == 1 or not game.items \
            or isinstance(game.items[-1], dn.Result):
        return None
    number, black = game.expected()
    shift = game.tags.get("_number_shift", 0)
    if shift and (first.number - shift, first.continuation) == (number, black):
        segment[0] = dn.move_number(number, first.line, first.column, black)
        return game       # numbering gone ahead, followed
    if black or first.continuation or first.number == number \
            or k < len(segments) - 1 and not any(isinstance(i, (dn.Move, dn.Unreadable))
                                                 for i in segment):
        return None
    following = number_after(segments, k, below)
    next_number = None if following is None else following[0] + following[1]   # (`10. ...`)
    if game.end_line < lineno - 1 and next_number != number + 1:
        return None       # (not right under the game's last row, nor between its rows)
    if first.number < number and next_number not in (number + 1, None):
        return None          # (a variation from an earlier move, or a number out of turn)
    if first.number > number:   # (rows that go on from its number are followed quietly)
        game.tags["_number_shift"] = first.number - number
    if first.number > number and next_number == first.number + 1:
        why = f"the numbers from here on are {first.number - number} ahead of the game's moves"
    elif next_number == number + 1:
        why = f"the rows around it are moves {number - 1} and {number + 1}"
    elif first.number > number:
        why = f"the game has reached move {number}: no variation of it begins at move " \
            f"{first.number}"
    else:
        why = f"the game's last row, right under move {number - 1}"
    game.tags.setdefault("_misnumbered", []).append(
        (first.line, first.column, first.number, number, why))
    segment[0] = dn.move_number(number, first.line, first.column)
    return game


def route(segment: list, open_games: list, style: tuple,
           lineno: int, whole_line: bool = False):
    """The open game this segment continues, or None when it starts a new one. Where two
    games are printed side by side, both expect the same number: the one whose numbers stand
    in the segment's column gets it."""
    first = segment[0]
    if all(isinstance(i, dn.Result) for i in segment):   # a result on a line of its own
        return open_games[-1] if open_games and lineno - open_games[-1].end_line <= 3 else None
    fitting = []
    for game in reversed(open_games):
        if game.style != style and game.style != ("table",):
            continue
        if not isinstance(first, dn.MoveNumber):   # moves without their number carry on the
            # line above; past words, only Black's reply alone on its line (under a note) does
            alone = whole_line and game.expected()[1] and \
                sum(isinstance(i, dn.Move) for i in segment) == 1
            return game if game.end_line >= lineno - 1 or alone else None
        if first.number == 1 and not first.continuation:
            return None
        number, black = game.expected()
        if first.number == number and first.continuation == black \
                or black_alone(segment, (number, black), game):
            fitting.append(game)
    if fitting:
        # the game read last; of two read on the same rows (side by side), the one in this column
        return min(fitting, key=lambda game: (-game.end_line, column_distance(game, first.column)))
    if style == ("row", True) and len(segment) == 1 and open_games:
        # Black's reply on a line of its own, set in right under White's move
        game = open_games[-1]
        if game.style[0] == "row" and game.end_line == lineno - 1 and game.expected()[1]:
            return game
    return None


def route_table(segment: list, open_games: list, kind: str):
    """The game a table's line of play carries on: the open game the engine read the block on
    from; a new game at a printed move 1 or for a variation; else, by its printed number, the
    open game that expects it (of any style)."""
    if kind == "continuing" and open_games:
        return open_games[-1]
    first = segment[0]
    if kind == "variation" or not isinstance(first, dn.MoveNumber) \
            or first.number == 1 and not first.continuation:
        return None
    fitting = [g for g in reversed(open_games)
               if g.expected() == (first.number, first.continuation)]
    return min(fitting, key=lambda g: (-g.end_line, column_distance(g, first.column))) \
        if fitting else None


def column_distance(game, column: int) -> int:
    """How far column is from where the game prints its move numbers (0 for the latest game
    when it prints none)."""
    columns = [i.column for i in game.items[-12:] if isinstance(i, dn.MoveNumber)]
    return min((abs(c - column) for c in columns), default=0)
