"""Checkers positions printed as diagrams, and the solutions printed for them.

A diagram is an 8x8 board drawn in text: a box board (`+---+` rules and `|` cells) or a bare
letter grid (eight lines of eight cells). A cell holds `B`/`b` (a Black man), `W`/`w` (a White
man), `BB`/`BK` or `WW`/`WK` (kings), the draughts glyphs ⛂ ⛃ (Black man, king) and ⛀ ⛁
(White man, king), or nothing (blank, `.`, `-`, `_`). Books print the board with Black at the
top or White at the top, and some turn or mirror it, so every one of the eight symmetries that
puts each piece on a playable square is a candidate; the one with which the printed solution
replays furthest is taken (records/checkers/lines.py says which in an info diagnostic).

The solution of a diagram is the block of moves under a heading repeating its title (`First
Position`), or under a `Solution` line printed just after it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from records.checkers import book, engine
from records.checkers.book import Cell, Token

PIECES = {"B": "b", "b": "b", "W": "w", "w": "w", "BB": "B", "BK": "B", "WW": "W", "WK": "W",
          "\u26c2": "b", "\u26c3": "B", "\u26c0": "w", "\u26c1": "W"}
EMPTY = {"", ".", "-", "_"}

# printed (row, col) -> board (row, col), row 0 on Black's side; named as the book prints it
ORIENTATIONS = (
    ("Black at the top", lambda r, c: (r, c)),
    ("White at the top", lambda r, c: (7 - r, 7 - c)),
    ("Black at the top, mirrored", lambda r, c: (r, 7 - c)),
    ("White at the top, mirrored", lambda r, c: (7 - r, c)),
    ("turned, Black on the left", lambda r, c: (c, 7 - r)),
    ("turned, Black on the right", lambda r, c: (7 - c, r)),
    ("turned and mirrored, Black on the left", lambda r, c: (c, r)),
    ("turned and mirrored, Black on the right", lambda r, c: (7 - c, 7 - r)),
)

_BOX_RULE = re.compile(r"^\s*\+(?:-+\+){8}\s*$")
_BOX_ROW = re.compile(r"^\s*\|(?:[^|]*\|){8}\s*$")
_GRID_CELL = re.compile(r"BB|WW|BK|WK|[BbWw.\-_\u26c0-\u26c3]")
_LABEL = re.compile(r"^\W*(BLACK|WHITE|Black|White)\W*$")
_TURN = re.compile(r"\b(Black|White|Either|BLACK|WHITE|EITHER)\s+to\s+(?:move|play)", re.I)
_CAPTION = re.compile(r"\[Illustration:?|_=|=_|\]")


@dataclass
class Diagram:
    line: int                       # first line of the board
    end_line: int                   # last line of the board
    grid: list[list[Cell]]          # 8 rows of 8 cells, as printed
    title: str = ""                 # the caption or heading above (`First Position`)
    top: str = ""                   # "B" / "W" when a BLACK. / WHITE. label is printed above
    side: str = ""                  # the side stated to move, if any
    title_line: int = 0


@dataclass
class Placement:
    orientation: str
    fen: str                        # Black to move; the side is chosen with the solution


@dataclass
class Unreadable:
    text: str
    line: int
    column: int


# -- finding boards ------------------------------------------------------------------
def _box_cells(text: str, number: int) -> list[Cell]:
    bars = [i for i, ch in enumerate(text) if ch == "|"]
    return [Cell(k, text[a + 1:b].strip(), number, a + 2) for k, (a, b)
            in enumerate(zip(bars, bars[1:]))]


def _grid_cells(text: str, number: int) -> list[Cell] | None:
    stripped = text.strip()
    if not stripped or _GRID_CELL.sub("", stripped).strip():
        return None
    found = [Cell(k, m.group(), number, m.start() + 1) for k, m in
             enumerate(_GRID_CELL.finditer(text))]
    if len(found) != 8:
        return None
    return [Cell(c.index, "" if c.text in EMPTY else c.text, c.line, c.column) for c in found]


def find_boards(lines: list[str]) -> list[Diagram]:
    """Every box board and letter grid in the text, with its caption, labels and turn."""
    found: list[Diagram] = []
    i = 0
    while i < len(lines):
        board = _box_board(lines, i) or _letter_grid(lines, i)
        if board is None:
            i += 1
            continue
        _describe(lines, board)
        found.append(board)
        i = board.end_line
    return found


def _box_board(lines: list[str], i: int) -> Diagram | None:
    if not _BOX_RULE.match(lines[i]):
        return None
    rows, j = [], i + 1
    while j + 1 < len(lines) and len(rows) < 8 and _BOX_ROW.match(lines[j]) \
            and _BOX_RULE.match(lines[j + 1]):
        rows.append(_box_cells(lines[j], j + 1))
        j += 2
    return Diagram(i + 1, j, rows) if len(rows) == 8 else None


def _letter_grid(lines: list[str], i: int) -> Diagram | None:
    rows = []
    for j in range(i, min(i + 8, len(lines))):
        row = _grid_cells(lines[j], j + 1)
        if row is None:
            return None
        rows.append(row)
    if len(rows) < 8 or not any(c.text for row in rows for c in row):
        return None
    return Diagram(i + 1, i + 8, rows)


def _describe(lines: list[str], board: Diagram) -> None:
    """Caption, BLACK./WHITE. label and stated turn from the lines around the board."""
    above = range(board.line - 2, max(-1, board.line - 9), -1)
    for k in above:
        text = lines[k].strip()
        label = _LABEL.match(text)
        if label and not board.top and k >= board.line - 3:
            board.top = label.group(1)[0].upper()
            continue
        turn = _TURN.search(text)
        if turn and not board.side:
            board.side = _side_word(turn.group(1))
            continue
        caption = _CAPTION.sub("", text).strip(" .:")
        if caption and not board.title and not _LABEL.match(text) \
                and not any(t.kind == "move" for t in book.tokens(caption)):
            board.title, board.title_line = _short_title(caption), k + 1
            break
    for k in range(board.end_line, min(len(lines), board.end_line + 4)):
        turn = _TURN.search(lines[k])
        if turn and not board.side:
            board.side = _side_word(turn.group(1))


def _side_word(word: str) -> str:
    return {"b": "B", "w": "W"}.get(word[0].lower(), "")


def _short_title(caption: str) -> str:
    """`Problem No. 1, by Wm. Payne` -> `Problem No. 1`."""
    return re.split(r",\s+by\b", caption)[0].strip(" .")


# -- placing the pieces --------------------------------------------------------------
def placements(board: Diagram) -> list[Placement] | Unreadable:
    """The orientations that put every piece on a playable square, each as a FEN."""
    pieces = []
    for r, row in enumerate(board.grid):
        for c, cell in enumerate(row):
            if cell.text in EMPTY:
                continue
            if cell.text not in PIECES:
                return Unreadable(cell.text, cell.line, cell.column)
            pieces.append((r, c, PIECES[cell.text]))
    out = []
    for name, turn in ORIENTATIONS:
        squares = [(engine.square_at(*turn(r, c)), kind) for r, c, kind in pieces]
        if all(s for s, _ in squares):
            out.append(Placement(name, _fen(squares)))
    return out


def _fen(squares: list[tuple[int, str]]) -> str:
    def side(colour: str) -> str:
        return ",".join(("K" if kind.isupper() else "") + str(s)
                        for s, kind in sorted(squares) if kind.lower() == colour)
    return f"B:W{side('w')}:B{side('b')}"


def preferred(board: Diagram, placement: Placement) -> bool:
    """Whether the orientation agrees with the printed label (WHITE. at the top, say)."""
    if not board.top:
        return placement.orientation == ORIENTATIONS[0][0]
    top = "Black" if board.top == "B" else "White"
    return placement.orientation == f"{top} at the top"


# -- the printed solution ----------------------------------------------------------------
@dataclass
class Block:
    heading: str
    line: int
    end_line: int
    stream: list[Token] = field(default_factory=list)


_SOLUTION_WORD = re.compile(r"^\s*Solution\b", re.I)
SOLUTION_AFTER = 24      # lines after a board in which a `Solution` heading belongs to it
TITLE_REACH = 400        # lines after a board in which a heading repeating its title is sought


def solution_block(lines: list[str], board: Diagram, stop: int) -> Block | None:
    """The solution printed for the board: under a `Solution` line just after it (before
    line `stop`, where the next board begins), else under the next heading repeating its
    title."""
    heading = _solution_heading(lines, board.end_line, min(stop, len(lines)))
    want = _letters(board.title)
    if heading is None and want:
        for k in range(board.end_line, min(len(lines), board.end_line + TITLE_REACH)):
            if _letters(_CAPTION.sub("", lines[k])) == want:
                heading = k
                break
    if heading is None:
        return None
    return _read_block(lines, heading, stop)


_INTRODUCES = re.compile(r"(?::|--|follows\W*)\s*$")


def _solution_heading(lines: list[str], start: int, stop: int) -> int | None:
    """`Solution:--`, or `The solution is as / follows:--`: the line that introduces it."""
    for k in range(start, min(stop, start + SOLUTION_AFTER)):
        if re.search(r"\bsolution\b", lines[k], re.I):
            for h in range(k, min(len(lines), k + 3)):
                if _INTRODUCES.search(lines[h].strip()):
                    return h
            return k
    return None


def _letters(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


_RULE_LINE = re.compile(r"^\s*[-=_*]{3,}\s*$")


def _read_block(lines: list[str], heading: int, stop: int | None = None) -> Block | None:
    found = _table_at(lines, heading + 1)
    if found is None:
        return None
    stream, end = found
    if stop is not None:
        more, end = _numbered_variations(lines, end, stop)
        stream += more
    return Block(lines[heading].strip(), heading + 1, end, stream)


def _table_at(lines: list[str], j: int) -> tuple[list[Token], int] | None:
    """The table starting at line index j (blank lines skipped), read down then across, with
    a result printed just under it; and its last line."""
    while j < len(lines) and not lines[j].strip():
        j += 1
    rows: list[list[Token]] = []
    while j < len(lines) and lines[j].strip() and notation_row(lines[j]):
        if not _RULE_LINE.match(lines[j]):
            rows.append([t for t in book.tokens(lines[j], j + 1) if t.kind != "other"])
        j += 1
    if not rows:
        return None
    for row in rows:
        _number_labels(row)
    stream = [unglued(t) for t in down_then_across(rows)]
    end = rows[-1][0].line
    claim = _claim_below(lines, end)
    if claim is not None:
        stream.append(claim)
        end = claim.line
    return stream, end


def _number_labels(row: list[Token]) -> None:
    """`3-a-24-28`: the variation number 3 (apart from the move, after a hyphen) labels the
    next move on its line."""
    for k, tok in enumerate(row):
        if tok.kind == "word" and tok.text.isdigit():
            after = next((t for t in row[k + 1:] if t.kind == "move"), None)
            if after is not None and not after.label:
                after.label = tok.text


_NUMBERED_VAR = re.compile(r"^\s*Var\.?\s+([IVX]+|\d+)\.?(?=\s|$)")
_NOTE_LINE = re.compile(r"^\s*[a-z]\.\s")
_ROMAN = {"I": 1, "V": 5, "X": 10}


def _numbered_variations(lines: list[str], end: int, stop: int) -> tuple[list[Token], int]:
    """`Var. I.` (a table below) and `Var. II. 12-16, 15-11, ...` (moves in prose) printed
    after a solution whose moves carry the glued numbers (`1-24-20`); notes on lettered moves
    (`a. 12-16 same as Var. I.`) between them are passed over. The heading becomes a
    variation token `Var. 1`, so the variation leaves the move numbered 1."""
    out: list[Token] = []
    k = end
    while k < min(stop, len(lines)):
        text = lines[k]
        head = _NUMBERED_VAR.match(text)
        if not text.strip():
            k += 1
        elif _NOTE_LINE.match(text):
            while k < len(lines) and lines[k].strip():
                k += 1
        elif head:
            out.append(Token("variation", f"Var. {_number(head.group(1))}", k + 1,
                             head.start(1) + 1))
            toks, k = _paragraph(lines, k, head.end())
            if not any(t.kind == "move" for t in toks):
                found = _table_at(lines, k)
                if found is None:
                    break
                toks, k = found
            out.extend(toks)
            end = k
        else:
            break
    return out, end


def _paragraph(lines: list[str], k: int, skip: int) -> tuple[list[Token], int]:
    toks = []
    first = True
    while k < len(lines) and lines[k].strip():
        text = lines[k][skip:] if first else lines[k]
        offset = skip if first else 0
        toks.extend(t for t in book.tokens(text, k + 1, offset + 1)
                    if t.kind in ("move", "result"))
        first = False
        k += 1
    return toks, k


def _number(text: str) -> int:
    if text.isdigit():
        return int(text)
    values = [_ROMAN[ch] for ch in text]
    return sum(-v if i + 1 < len(values) and v < values[i + 1] else v
               for i, v in enumerate(values))


def down_then_across(rows: list[list[Token]]) -> list[Token]:
    """The tokens of a table read down each column, then across. Columns are found from
    where the moves end (numbers are right-aligned), since books separate them by as little
    as one space: the row with most moves fixes them; every token joins the nearest."""
    widest = max(rows, key=lambda r: sum(t.kind == "move" for t in r))
    anchors = [t.column + len(t.text) for t in widest if t.kind == "move"] or [0]
    placed = []
    for row in rows:
        for tok in row:
            end = tok.column + len(tok.text)
            index = min(range(len(anchors)), key=lambda k: abs(anchors[k] - end))
            placed.append((index, tok.line, tok.column, tok))
    return [t for *_, t in sorted(placed, key=lambda p: p[:3])]


def _claim_below(lines: list[str], end: int) -> Token | None:
    """A result printed a blank line under the block (`White wins.`)."""
    for k in range(end, min(len(lines), end + 2)):
        toks = book.tokens(lines[k], k + 1) if lines[k].strip() else []
        if toks:
            return toks[0] if toks[0].kind == "result" else None
    return None


_ROW_KINDS = {"move", "result", "variation", "side", "number"}


def notation_row(text: str) -> bool:
    """A line of a solution block: notation only (a stray word, such as the `a` of
    `3-a-24-28`, is allowed among more moves)."""
    if _RULE_LINE.match(text):
        return True
    toks = [t for t in book.tokens(text.strip()) if t.kind != "other"]
    moves = sum(t.kind == "move" for t in toks)
    words = sum(t.kind == "word" for t in toks)
    notation = sum(t.kind in _ROW_KINDS for t in toks)
    return notation > 0 and notation + words == len(toks) and words <= moves


def unglued(tok: Token) -> Token:
    """`2-28-24`: a variation number glued to the move 28-24 (read as the label 2)."""
    values = [s.value for s in tok.squares]
    if tok.kind == "move" and len(values) == 3 and not book.diagonal_shape(values) \
            and book.diagonal_shape(values[1:]):
        tok.label, tok.squares = str(values[0]), tok.squares[1:]
    return tok
