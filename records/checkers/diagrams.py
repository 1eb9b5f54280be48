"""Checkers positions printed as diagrams: an 8x8 board drawn in text, in any frame.

A board is eight rank rows, each of eight cells: cells between vertical rules (`|   | b |`,
`│ ⛂ │`, square numbers printed outside the frame ignored), or eight marks apart (`B . W . .`),
with rule lines (`+---+---+`, `|---+---|`, `-----`, `+-.-+`) between the ranks or none. A cell
holds a man or a king, or nothing (blank, `.`, `-`, `_`, or the square's number). Men and kings
are printed in many ways: `B W` with `BB WW` (or `BK WK`) for kings, `b w` with `B W` for kings,
the draughts glyphs ⛀ ⛁ ⛂ ⛃, or two other marks (`x o`, `* o`, `● ○`, doubled or capitalised
for kings) whose colours are not printed: each way of reading the marks is a candidate.
Books print the board with Black at the top or at the bottom, and some turn or mirror it:
every orientation that puts the men on playable squares (and no man on its crowning row) is a
candidate too. Which one the book meant is decided by the solution printed with the diagram:
the page reader replays it from every candidate (records/checkers/reading.py).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from records.checkers import engine
from records.checkers.notation import TURN

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
GLYPHS = {"\u26c2": "b", "\u26c3": "B", "\u26c0": "w", "\u26c1": "W"}
EMPTY = re.compile(r"^(?:|[.\-_\u00b7:]|\d{1,2})$")
_BARS = "|\u2502\u2551\u2503"
_RULE_CHARS = set("-=_+|.:~*#\u2500\u2501\u2550\u253c\u251c\u2524\u252c\u2534\u250c\u2510\u2514\u2518"
                  "\u254b\u2502\u2551\u2503\u255e\u2561\u256a\u2560\u2563\u256c\u2554\u2557\u255a\u255d")
_GRID_ITEM = re.compile(r"^(?:[BWRbwrXxOo@*#\u25cf\u25cb\u25c9\u25ce\u26c0-\u26c3]{1,2}K?|"
                        r"[.\-_\u00b7:]|\d{1,2})$")
_ITEM = re.compile(r"\S+")
_LABEL = re.compile(r"^\W*(BLACK|WHITE|Black|White)\W*$")
_EITHER = re.compile(r"\b(?:Either|EITHER|either)\s+to\s+(?:move|play)", re.I)
_CAPTION = re.compile(r"\[(?:Illustration|Diagram)[^\]:]*:?|_=|=_|[\[\]_]")
MAX_MARK = 3


@dataclass
class Board:
    line: int                      # first line of the drawing (frame included)
    end_line: int                  # last line of the drawing
    cells: list[list[tuple[str, int, int]]]   # 8 ranks of 8 (mark, line, column), as printed
    title: str = ""                # the caption or heading above (`First Position`)
    title_line: int = 0
    top: str = ""                  # "B" / "W" when a BLACK / WHITE label is printed above
    sides: str = ""                # the sides stated to move ("B", "W", "BW"), "" if none
    goals: dict[str, str] = field(default_factory=dict)   # side to move -> what the
                                   # stipulation promises: "B", "W" (wins) or "draw"
    rank_lines: set[int] = field(default_factory=set)

    @property
    def marks(self) -> set[str]:
        return {m for row in self.cells for m, _, _ in row if not EMPTY.match(m)}


@dataclass(frozen=True)
class Placement:
    orientation: str
    reading: str                   # how the marks were read ("" for the printed letters' sense)
    fen: str                       # Black to move; the side is the stipulation's or replay's
    rank: int                      # 0: agrees with a printed label (or no label is printed)


# -- finding boards ----------------------------------------------------------------------------
def _bar_cells(text: str, number: int) -> list[tuple[str, int, int]] | None:
    if text.count("|") < 9 and not any(bar in text for bar in _BARS[1:]):
        return None
    bars = [i for i, ch in enumerate(text) if ch in _BARS]
    if len(bars) < 9:
        return None
    cells = [(text[a + 1:b].strip(), number, a + 2) for a, b in zip(bars, bars[1:])]
    if len(cells) != 8 or not all(_mark_or_square(m) for m, _, _ in cells):
        return None
    if any(m and set(m) <= _RULE_CHARS and not EMPTY.match(m) for m, _, _ in cells):
        return None
    return cells


def _mark_or_square(mark: str) -> bool:
    if mark.isdigit():
        return 1 <= int(mark) <= 32
    return len(mark) <= MAX_MARK and not any(ch.isdigit() for ch in mark)


def _grid_cells(text: str, number: int) -> list[tuple[str, int, int]] | None:
    if len(text) > 80 or text.count(" ") < 7:
        return None
    words = text.split()
    if len(words) != 8 or max(map(len, words)) > 3:
        return None
    items = [(m.group(), number, m.start() + 1) for m in _ITEM.finditer(text)]
    if len(items) != 8 or not all(_GRID_ITEM.match(m) for m, _, _ in items):
        return None
    return items


def _is_rule(text: str) -> bool:
    bare = re.sub(r"[\s\d]", "", text)
    return len(bare) >= 3 and set(bare) <= _RULE_CHARS


def _ranks(lines: list[str], i: int, read) -> tuple[list, int] | None:
    """Eight rank rows from line index i, rule lines allowed between them; and the index of
    the last line of the drawing."""
    rows, j = [], i
    while j < len(lines) and len(rows) < 8:
        cells = read(lines[j], j + 1)
        if cells is not None:
            rows.append(cells)
        elif not (rows and _is_rule(lines[j]) and j + 1 < len(lines)):
            return None
        j += 1
    if len(rows) < 8:
        return None
    end = j
    while end < len(lines) and _is_rule(lines[end]):
        end += 1
    return rows, end


def find_boards(lines: list[str]) -> list[Board]:
    """Every board drawn in the text, with its caption, its labels and the sides to move."""
    found: list[Board] = []
    i = 0
    while i < len(lines):
        text = lines[i]
        read = _bar_cells if _bar_cells(text, i + 1) else _grid_cells if _grid_cells(text, i + 1) else None
        got = _ranks(lines, i, read) if read else None
        if got is None or not any(not EMPTY.match(m) for row in got[0] for m, _, _ in row):
            i += 1
            continue
        rows, end = got
        first = i
        while first > 0 and _is_rule(lines[first - 1]):
            first -= 1
        board = Board(first + 1, end, rows, rank_lines={row[0][1] for row in rows})
        _describe(lines, board)
        found.append(board)
        i = end
    return found


def _describe(lines: list[str], board: Board) -> None:
    """Caption, BLACK / WHITE label and stated sides from the lines around the board."""
    sides = ""
    for k in range(board.line - 2, max(-1, board.line - 10), -1):
        text = lines[k].strip()
        if not text:
            continue
        label = _LABEL.match(text)
        if label:
            if not board.top and k >= board.line - 3:
                board.top = label.group(1)[0].upper()
            continue
        stated = _sides(text)
        if stated:
            sides += stated
            board.goals = goal_of(text) | board.goals
            continue
        caption = _CAPTION.sub(" ", text).strip(" .:")
        if caption and len(caption) <= 70 and not re.search(r"\d+\s*[-.x]\s*\d+", caption):
            board.title, board.title_line = _short_title(caption), k + 1
        break
    for k in range(board.end_line, min(len(lines), board.end_line + 5)):
        sides += _sides(lines[k])
        board.goals = goal_of(lines[k]) | board.goals
    board.sides = "".join(s for s in "BW" if s in sides)


def _sides(text: str) -> str:
    if _EITHER.search(text):
        return "BW"
    return "".join(m.group(1)[0].upper() for m in TURN.finditer(text))


_GOAL = re.compile(r"\b(Black|White)\s+to\s+(?:move|play)\b(?:\W+\w+){0,8}?\W+(win|draw)",
                   re.I)


def goal_of(text: str) -> dict[str, str]:
    """What a stipulation promises, by side to move: `Black to play and win. White to play and
    draw.` -> {"B": "B", "W": "draw"}; `With White to move the position is only a draw` ->
    {"W": "draw"}."""
    if _EITHER.search(text):
        return {}
    out: dict[str, str] = {}
    for found in _GOAL.finditer(text):
        side = found.group(1)[0].upper()
        out.setdefault(side, "draw" if found.group(2).lower() == "draw" else side)
    return out


def _short_title(caption: str) -> str:
    """`Problem No. 1, by Wm. Payne` -> `Problem No. 1`."""
    caption = re.sub(r"\s+", " ", caption)
    return re.split(r",\s+by\b", caption)[0].strip(" .")


# -- reading the marks ---------------------------------------------------------------------------
def readings(marks: set[str]) -> list[tuple[str, dict[str, str]]]:
    """The ways the printed marks may be read, each (name, mark -> b, B, w or W)."""
    if marks <= set(GLYPHS):
        return [("", dict(GLYPHS))]
    bases = {_base(m) for m in marks}
    if bases <= {"B", "W", "R"}:
        return [("", {m: _letter_piece(m, marks) for m in marks})]
    if len(bases) > 2:
        return []
    first, *rest = sorted(bases)
    second = rest[0] if rest else ""
    out = []
    for black, white in ((first, second), (second, first)):
        if not black:
            continue
        table = {m: ("b" if _base(m) == black else "w") for m in marks}
        table = {m: p.upper() if _crowned(m, marks) else p for m, p in table.items()}
        out.append((f'"{black}" as Black' + (f', "{white}" as White' if white else ""), table))
    return out


def _base(mark: str) -> str:
    """The man a mark shows: `BB` -> B, `bK` -> B, `x` -> X, `**` -> *."""
    return mark.rstrip("K").upper()[:1] if len(mark) > 1 and mark[-1] == "K" else mark[:1].upper()


def _crowned(mark: str, marks: set[str]) -> bool:
    """A king: a doubled mark or one with K after it, or a capital where the small letter of the
    same mark is printed too (`b w B W`)."""
    if len(mark) == 2 and (mark[0] == mark[1] or mark[1] == "K"):
        return True
    return mark.isupper() and mark.lower() in marks and mark.lower() != mark


def _letter_piece(mark: str, marks: set[str]) -> str:
    colour = "w" if _base(mark) == "W" else "b"
    return colour.upper() if _crowned(mark, marks) else colour


# -- placing the pieces --------------------------------------------------------------------------
def placements(board: Board) -> list[Placement]:
    """Every reading of the marks in every orientation that puts each man on a playable square
    short of its crowning row, as a FEN with Black to move."""
    marks = board.marks
    out = []
    for reading, table in readings(marks):
        pieces = [(r, c, table[m]) for r, row in enumerate(board.cells)
                  for c, (m, _, _) in enumerate(row) if m in table]
        for name, turn in ORIENTATIONS:
            squares = [(engine.square_at(*turn(r, c)), kind) for r, c, kind in pieces]
            if all(s and _may_stand(s, kind) for s, kind in squares):
                out.append(Placement(name, reading, _fen(squares), _rank(board, name)))
    return out


def _may_stand(square: int, kind: str) -> bool:
    return not (kind == "b" and square > 28 or kind == "w" and square < 5)


def _rank(board: Board, orientation: str) -> int:
    if not board.top:
        return 0
    top = "Black" if board.top == "B" else "White"
    return 0 if orientation.startswith(f"{top} at the top") else 1


def _fen(squares: list[tuple[int, str]]) -> str:
    def side(colour: str) -> str:
        return ",".join(("K" if kind.isupper() else "") + str(s)
                        for s, kind in sorted(squares) if kind.lower() == colour)
    return f"B:W{side('w')}:B{side('b')}"
