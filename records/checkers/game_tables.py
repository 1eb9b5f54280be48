"""Games printed as tables under a heading (`Game No. 1.--"Ayrshire Lassie" Opening.`), in
columns read top to bottom then left to right, as the Encyclopaedia Britannica (1911) prints
them. A lower-case letter before a move (`a 11-15`, `c}` / `d}` on the lines above) marks a
move where a variation branches; the variation is a table headed `(c)`, or one whose first
move carries the letter (`c 8-11`), printed below the game.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from records.checkers import book, diagrams
from records.checkers.book import PrintedLine, Token

_GAME = re.compile(r"^\s*Game\s+No\.?\s*(\d+)\.?\s*(?:-+|\u2014)?\s*(.*)$", re.I)
_VARIATION = re.compile(r"^\s*\(([a-z])\)\s*$")
_BRACE = re.compile(r"^\s*[a-z]\}\s*$")
_LETTER = re.compile(r"^[a-z]\}?$")
MIN_ROWS = 3
MIN_NOTE_MOVES = 2
_THUS = re.compile(r"\bthus:?-*\s*$")
_PROBLEM = re.compile(r"^\s*(?:Problem|Position|\+-{3})")
GAME_REACH = 40   # lines after a game's tables where its notes and variations may stand
_NOTE = re.compile(r"^\s*([a-z])\.\s")


@dataclass
class GameTable:
    printed: PrintedLine
    labels: dict[str, int] = field(default_factory=dict)   # letter -> index of its move
    branch: str = ""           # for a variation: the letter of the move it replaces
    opening: str = ""


def game_tables(lines: list[str]) -> list[GameTable]:
    """Every headed game and the variation tables printed under it, in order."""
    out: list[GameTable] = []
    in_game = False
    game_title = ""
    i = 0
    last_end = 0
    while i < len(lines):
        text = lines[i]
        game = _GAME.match(text)
        in_game = in_game and i - last_end <= GAME_REACH and not _PROBLEM.match(text)
        variation = _VARIATION.match(text)
        note = in_game and not game and _NOTE.match(text)
        if note:
            table = _note(lines, i, note.group(1), game_title)
            if table is not None:
                out.append(table)
                i = last_end = table.printed.end_line
                continue
        formed = not in_game and _THUS.search(text) and _opening_above(lines, i)
        if formed:
            table = _formed_game(lines, i, formed)
            if table is not None:
                out.append(table)
                i = table.printed.end_line
                continue
        letter_led = in_game and not game and not variation and _letter_led(lines, i)
        if not (game or (in_game and variation) or letter_led):
            i += 1
            continue
        rows, end = _rows(lines, i if letter_led else i + 1)
        if len(rows) < MIN_ROWS or any(t.kind == "number" for row in rows for t in row):
            # numbered moves in running text are read as a passage
            i += 1
            continue
        first_letter = _mark_letters(rows)
        stream = [diagrams.unglued(t) for t in diagrams.down_then_across(rows)]
        table = _table(stream, "" if letter_led else text.strip(), end)
        if game:
            in_game = True
            table.opening = _opening(game.group(2))
            table.printed.title = game_title = _game_title(game)
        else:
            table.branch = variation.group(1) if variation else first_letter
            table.printed.title = f"{game_title}, variation {table.branch}"
        out.append(table)
        i = last_end = max(end, i + 1)
    return out


def _note(lines: list[str], i: int, letter: str, game_title: str) -> GameTable | None:
    """A note on a lettered move (`b. 16-20, 25-22, ... Drawn.`): its moves, after the last
    `thus` when the note first names a move in passing; or the table under a note that
    ends `thus:--`."""
    j, toks = i, []
    while j < len(lines) and lines[j].strip():
        toks.extend(book.tokens(lines[j], j + 1))
        j += 1
    thus = [k for k, t in enumerate(toks) if t.kind == "word" and t.text.lower().startswith("thus")]
    moves = [t for t in toks[thus[-1] + 1 if thus else 0:] if t.kind in ("move", "result")]
    end = j
    if not any(t.kind == "move" for t in moves) and thus:
        rows, end = _rows(lines, j)
        _mark_letters(rows)
        moves = [t for t in diagrams.down_then_across(rows) if t.kind in ("move", "result")]
    table = _table([diagrams.unglued(t) for t in moves], lines[i].strip()[:60], end)
    if len(table.printed.moves) < MIN_NOTE_MOVES:
        return None
    table.branch = letter
    table.printed.title = f"{game_title}, note {letter}"
    table.printed.layout = "game-note"
    table.printed.line = i + 1
    return table


def _letter_led(lines: list[str], i: int) -> bool:
    """A table whose first move is marked by its variation letter (`c 8-11  27-18 ...`),
    after a blank line."""
    if i == 0 or lines[i - 1].strip():
        return False
    toks = book.tokens(lines[i].strip())
    return len(toks) > 2 and toks[0].kind == "word" and bool(_LETTER.match(toks[0].text)) \
        and toks[1].kind == "move" and diagrams.notation_row(lines[i])


def _rows(lines: list[str], j: int) -> tuple[list[list[Token]], int]:
    """Table rows from line index j (blank lines before it skipped); a blank line or a brace
    line inside the table is passed over when a row follows it."""
    while j < len(lines) and not lines[j].strip():
        j += 1
    rows: list[list[Token]] = []
    end = j
    while j < len(lines):
        text = lines[j]
        if text.strip() and diagrams.notation_row(text):
            rows.append([t for t in book.tokens(text, j + 1) if t.kind != "other"])
            end = j + 1
        elif _BRACE.match(text):
            rows.append([t for t in book.tokens(text, j + 1) if t.kind != "other"])
        elif not (rows and not text.strip() and j + 1 < len(lines)
                  and diagrams.notation_row(lines[j + 1]) and _has_moves(lines[j + 1], 2)
                  and not _NOTE.match(lines[j + 1])):
            break
        j += 1
    return rows, end


def _has_moves(text: str, count: int) -> bool:
    return sum(t.kind == "move" for t in book.tokens(text.strip())) >= count


def _mark_letters(rows: list[list[Token]]) -> str:
    """Give each letter the move it marks: the next move to its right on its line, or, on a
    brace line (`c}`), the first move to its right on the next line. The letters are taken
    out of the rows; the first one is returned."""
    first = ""
    for k, row in enumerate(rows):
        letters = [t for t in row if t.kind == "word" and _LETTER.match(t.text)]
        for letter in letters:
            first = first or letter.text[0]
            here = [t for t in row if t.kind == "move" and t.column > letter.column]
            below = rows[k + 1] if k + 1 < len(rows) else []
            there = here or [t for t in below if t.kind == "move" and t.column > letter.column]
            if there:
                there[0].label += letter.text[0]
        row[:] = [t for t in row if t not in letters]
    return first


def _table(stream: list[Token], heading: str, end: int) -> GameTable:
    moves: list[Token] = []
    labels: dict[str, int] = {}
    claim = None
    for tok in stream:
        if tok.kind == "move":
            for letter in tok.label:
                labels.setdefault(letter, len(moves))
            moves.append(tok)
        elif tok.kind == "result" and claim is None:
            claim = tok
    first = moves[0].line if moves else end
    printed = PrintedLine("", first, end, moves, claim=claim, layout="game-table",
                          heading=heading)
    return GameTable(printed, labels)


def _game_title(match: re.Match) -> str:
    name = _opening(match.group(2))
    return f"Game No. {match.group(1)}" + (f", {name} Opening" if name else "")


def _opening(text: str) -> str:
    """`"Ayrshire Lassie" Opening.` -> `Ayrshire Lassie`."""
    quoted = re.search(r"[\"\u201c]([^\"\u201d]+)[\"\u201d]", text)
    return quoted.group(1).strip() if quoted else ""


def _opening_above(lines: list[str], i: int) -> str:
    """The quoted opening name in the paragraph ending at line i (`... the "Paisley"
    opening, thus:--`)."""
    k = i
    while k > 0 and lines[k - 1].strip():
        k -= 1
    text = " ".join(lines[k:i + 1])
    named = re.search(r"[\"\u201c]([^\"\u201d]+)[\"\u201d]\s+opening", text, re.I)
    return named.group(1).strip() if named else ""


def _formed_game(lines: list[str], i: int, name: str) -> GameTable | None:
    """A table of the moves forming a named opening (or a position), from the start."""
    rows, end = _rows(lines, i + 1)
    if len(rows) < MIN_ROWS or any(t.kind == "number" for row in rows for t in row):
        return None
    _mark_letters(rows)
    stream = [diagrams.unglued(t) for t in diagrams.down_then_across(rows)]
    table = _table(stream, lines[i].strip(), end)
    table.opening = name
    table.printed.title = f"{name} Opening (line {table.printed.line})"
    return table
