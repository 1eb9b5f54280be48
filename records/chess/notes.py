"""Notes printed under a game (or between its rows), each kept with the move it belongs to.

A book marks a move with (a), (b) ..., (1), [A], * or a dagger (`12. P-KB4 (a)`) and prints the
note below, beginning with the same mark (`(a) If 12. Kt-K4, then P-Q4; 13. ...`). Each note
is stored in the record's data (data["notes"]) with the index of its move, its mark and its
text; the moves the note names, when they replay from the position before the marked move
(another move in its place) or after it (another reply), and in one way only, are stored as
SAN from where they part from the game: the PGN writer gives them as a variation. Moves that
do not replay stay in the text only (marked "unplayed").
"""
from __future__ import annotations

import re

import chess

from records.chess import descriptive as dn
from records.chess.layouts import in_turn, moves_in_prose
from records.chess.resolver import Given, resolve
from records.chess.text import plain

MARK = r"\((?:[a-z]|\d{1,2})\)|\[[A-Za-z0-9]{1,2}\]|[*\u2020\u2021\u00a7]+|[\u00b9\u00b2\u00b3\u2070-\u2079]+"
MARK_CHARS = re.compile(r"[(\[*\u2020\u2021\u00a7\u00b9\u00b2\u00b3\u2070-\u2079]")
MARK_AFTER = re.compile(rf"^\s?(?P<mark>{MARK})")
NOTE_START = re.compile(rf"^\s*(?P<mark>{MARK})\s*(?P<text>[\w\"'(].*)$")   # (not `*  *  *`)
ROW = re.compile(r"^\s*\d{1,3}\s?\.")
FIRST_NUMBER = re.compile(r"(?<![\w.])\d{1,3}\s?\.(?=\s)")
CONNECTIVE = re.compile(r"(?i)\b(?:if|then|and|followed\s+by|with|after\s+which|whereupon|"
                        r"e\.\s?g\.|i\.\s?e\.)\b,?")
LOOK_BELOW = 60        # a note is printed at most this far below its game's last row
BEFORE, AFTER = 0, 1   # a variation from the position before the marked move, or after it


def attach_notes(rec, lines: list[str], until: int | None) -> None:
    """Find the note of every marked move of rec in lines (the book's, 1-based line numbers)
    from the move's line down to the next game (until) and store them in rec.data["notes"]."""
    if not rec.plies:
        return
    marked = []
    for index, ply in enumerate(rec.plies):
        if not 1 <= ply.line <= len(lines) or ply.column < 1 or not ply.text \
                or not MARK_CHARS.search(lines[ply.line - 1]):   # (most lines: no mark)
            continue
        line = plain(lines[ply.line - 1])
        at = line.find(ply.text, ply.column - 1)
        if at != ply.column - 1:
            continue
        mark = MARK_AFTER.match(line[at + len(ply.text):])
        if mark:
            marked.append((index, mark.group("mark")))
    if not marked:
        return
    stop = min(until - 1 if until else len(lines), rec.end_line + LOOK_BELOW, len(lines))
    used: set[int] = set()
    notes = []
    for index, mark in marked:
        found = _note_body(lines, rec.plies[index].line + 1, stop, mark, used)
        if found is None:
            continue
        line, text = found
        note = {"ply": index, "mark": mark, "line": line, "text": text}
        variation = _variation(rec, index, text)
        if isinstance(variation, dict):
            note["variation"] = variation
        elif variation is False and _numbered_moves(text):
            note["unplayed"] = True   # it names moves that replay from neither position
        notes.append(note)
    if notes:
        rec.data["notes"] = notes


def _note_body(lines, start: int, stop: int, mark: str, used: set) -> tuple[int, str] | None:
    """The first note not taken yet that begins with mark between lines start and stop: its
    line and its text (the lines that carry it on joined, up to a blank line, a row of moves
    or the next note)."""
    for lineno in range(start, stop + 1):
        m = NOTE_START.match(plain(lines[lineno - 1]))
        if not m or m.group("mark") != mark or lineno in used:
            continue
        used.add(lineno)
        text = [m.group("text").strip()]
        for more in range(lineno + 1, stop + 1):
            following = plain(lines[more - 1])
            if not following.strip() or NOTE_START.match(following) or ROW.match(following):
                break
            text.append(following.strip())
        return lineno, " ".join(text)
    return None


def _numbered_moves(text: str) -> list:
    """The moves a note names from its first move number on, read as far as they read in turn
    (words that join them, `If ... then ...`, are passed over)."""
    first = FIRST_NUMBER.search(text)
    if not first:
        return []
    body = CONNECTIVE.sub(lambda m: " " * len(m.group()), text[first.start():])
    runs = moves_in_prose(body, 1)
    items = runs[0] if runs else []
    if not items or not isinstance(items[0], dn.MoveNumber) or \
            any(isinstance(i, dn.Unreadable) for i in items):
        return []
    items, _ = in_turn(items, (items[0].number, items[0].continuation))
    return items


def _variation(rec, index: int, text: str) -> dict | bool:
    """The note's moves as a variation of the game, {"ply": the index of the game's move it
    takes the place of, "moves": SAN}: its moves replayed from the position before the
    marked move or after it (the one of the two where they replay whole, in one reading and
    at their printed number), less the moves they share with the game. True when they replay
    but part from the game nowhere before its end (no variation), False when they do not."""
    items = _numbered_moves(text)
    moves = [i for i in items if isinstance(i, dn.Move)]
    if not moves:
        return False
    first = items[0]
    start = chess.Board(rec.data.get("start_fen") or chess.STARTING_FEN)
    board = start.copy()
    game = []
    for ply in rec.plies:
        try:
            game.append(board.push_san(ply.normal))
        except ValueError:
            return False
    found = []
    for where in (BEFORE, AFTER):
        played = game[:index + where]
        position = start.copy(stack=False)
        for move in played:
            position.push(move)
        if (first.number, first.continuation) != \
                (position.fullmove_number, position.turn == chess.BLACK):
            continue
        res = resolve(start, [Given(m) for m in played] + moves)
        readings = {tuple(r[len(played):]) for r in res.readings}
        if len(readings) == 1:
            found.append((len(played), list(readings.pop()), position))
    if len(found) != 1:
        return False
    at, line, position = found[0]
    shared = 0
    while shared < len(line) and at + shared < len(game) and line[shared] == game[at + shared]:
        position.push(line[shared])
        shared += 1
    if shared == len(line) or at + shared >= len(game):
        return True
    sans = []
    for move in line[shared:]:
        sans.append(position.san(move))
        position.push(move)
    return {"ply": at + shared, "moves": sans}
