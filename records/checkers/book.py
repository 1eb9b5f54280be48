"""Checkers book notation: tokens with line and column, column tables, and printed lines.

Recognition only. The grammar (grammars/checkers_book.lark) turns a line or a table cell into
tokens; this module reads the layouts books print them in:

- opening tables: a row of headings (`ALMA.  AYRSHIRE LASSIE. ...`), each column read top to
  bottom; a heading followed by empty heading cells spans those columns;
- solution tables: columns read down then across as one stream, cut into printed lines by
  side headings (`WHITE TO MOVE`), variation headings (`VAR. A.`), branch labels (`A 10 6`)
  and results (`B wins`);
- running text: numbered (`(1) 9-14 22-17`), prose (`11 to 15, 24 to 20`) or dotted
  (`27.32`) moves.

What a move means (its colour, which capture path a from-to pair names) is the engine's job
(records/games/checkers_lines.py).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from lark import Lark, UnexpectedInput
from lark import Token as LarkToken

from records.core.resources import grammar

MOVE_KINDS = ("JOINED", "PROSE", "DOTTED", "SPACED")
OCR_DIGITS = {"I": "1", "l": "1", "O": "0", "S": "5"}
_SQUARE = re.compile(r"[0-9][0-9IlOS]?|[Il][0-9O]|[OS][0-9]|[Il]{1,2}")


@cache
def _parser() -> Lark:
    return Lark(grammar("checkers_book"), parser="lalr", lexer="contextual")


# -- tokens ----------------------------------------------------------------------
@dataclass
class Square:
    text: str           # as printed ("I", "II", "15")
    value: int          # the number it reads as, OCR slips undone
    line: int
    column: int

    @property
    def ocr(self) -> bool:
        return not self.text.isdigit()


@dataclass
class Token:
    kind: str           # move, result, variation, side, number, fen, word, other
    text: str
    line: int
    column: int
    squares: list[Square] = field(default_factory=list)
    style: str = ""     # move typography: joined, capture, spaced, dotted, prose
    label: str = ""     # branch label printed before the move (`A` in `A 10 6`)

    @property
    def where(self) -> tuple[int, int]:
        return self.line, self.column


def _board_xy(square: int) -> tuple[int, int]:
    row, i = divmod(square - 1, 4)
    return row, 2 * i + (1 if row % 2 == 0 else 0)


def diagonal_shape(squares: list[int]) -> bool:
    """Whether printed squares trace diagonal steps or jumps on the board (shape only)."""
    if len(squares) < 2 or not all(1 <= s <= 32 for s in squares):
        return False
    for a, b in zip(squares, squares[1:]):
        (r1, c1), (r2, c2) = _board_xy(a), _board_xy(b)
        if abs(r1 - r2) != abs(c1 - c2) or abs(r1 - r2) not in (1, 2):
            return len(squares) == 2 and _multi_jump_distance(r1, c1, r2, c2)
    return True


def _multi_jump_distance(r1: int, c1: int, r2: int, c2: int) -> bool:
    """A from-to pair of a multi-jump: both distances even, at least one of them 4+."""
    dr, dc = abs(r1 - r2), abs(c1 - c2)
    return dr % 2 == 0 and dc % 2 == 0 and max(dr, dc) >= 2


def _style(kind: str, text: str) -> str:
    if kind == "JOINED":
        return "capture" if re.search(r"[x\u00d7:]", text) else "joined"
    return {"PROSE": "prose", "DOTTED": "dotted", "SPACED": "spaced"}[kind]


def _squares(text: str, line: int, column: int) -> list[Square]:
    out = []
    blanked = re.sub(r"\b(?:to|takes)\b", lambda m: "-" * len(m.group()), text)
    for match in _SQUARE.finditer(blanked):
        raw = match.group()
        value = int("".join(OCR_DIGITS.get(ch, ch) for ch in raw))
        out.append(Square(raw, value, line, column + match.start()))
    return out


def _place(tok: LarkToken, line: int, column: int) -> tuple[int, int]:
    """A token's position in the file, from its position in the parsed chunk."""
    if tok.line == 1:
        return line, column + tok.column - 1
    return line + tok.line - 1, tok.column


def tokens(text: str, line: int = 1, column: int = 1) -> list[Token]:
    """The tokens of one line or cell that starts at (line, column) of its file."""
    out: list[Token] = []
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as exc:   # the grammar admits any text; kept as a safety net
        return [Token("other", text, line, column + getattr(exc, "column", 1) - 1)]
    for node in tree.children:
        kind = str(node.data)
        leaves = [t for t in node.scan_values(lambda v: isinstance(v, LarkToken))]
        label = ""
        if kind == "labelled":
            label = leaves[0].value
            kind = "move"
            leaves = leaves[1:]
        tok = leaves[0]
        at_line, at_col = _place(tok, line, column)
        item = Token(kind, tok.value, at_line, at_col, label=label)
        if kind == "move":
            item.squares = _squares(tok.value, at_line, at_col)
            item.style = _style(tok.type, tok.value)
        out.append(item)
    return out


# -- table cells -------------------------------------------------------------------
@dataclass
class Cell:
    index: int          # column of the table
    text: str
    line: int
    column: int


_SPACE_COLUMNS = re.compile(r" {2,}")


def cells(text: str, line: int) -> list[Cell]:
    """A table row's cells: split on tabs, or on runs of two or more spaces."""
    out = []
    splitter = re.compile(r"\t") if "\t" in text else _SPACE_COLUMNS
    pos = 0 if "\t" in text else len(text) - len(text.lstrip(" "))
    pieces = []
    for match in splitter.finditer(text, pos):
        pieces.append((pos, text[pos:match.start()]))
        pos = match.end()
    pieces.append((pos, text[pos:]))
    for index, (start, piece) in enumerate(pieces):
        lead = len(piece) - len(piece.lstrip())
        out.append(Cell(index, piece.strip(), line, start + lead + 1))
    return out


def is_move_text(text: str) -> bool:
    toks = tokens(text) if text else []
    return bool(toks) and all(t.kind in ("move", "result", "number") for t in toks)


# -- opening tables ------------------------------------------------------------------
@dataclass
class PrintedLine:
    """One printed line of play: its moves in order, as tokens, with what the book says."""
    title: str
    line: int
    end_line: int
    moves: list[Token] = field(default_factory=list)
    side: str = ""              # "B" / "W" when a heading says who moves first
    claim: Token | None = None  # the printed result, if any
    parent: int | None = None   # index (in the same block) of the line this one branches from
    branch_label: str = ""      # the label in the parent marking the replaced move
    layout: str = ""            # opening-table, solution-table, numbered, prose, dotted
    heading: str = ""           # the printed heading, verbatim
    column: int = 1             # where the heading (or the first move) is printed


_HEADING_CELL = re.compile(r"^[A-Z][A-Z0-9 .'\u2019&-]*\.$")
_SMALL_WORDS = {"and", "of", "the", "o'", "o\u2019", "to", "in", "a"}


def is_heading_row(row: list[Cell]) -> bool:
    named = [c for c in row if c.text]
    return len(named) >= 2 and all(_HEADING_CELL.match(c.text) and not is_move_text(c.text)
                                   for c in named)


def title_case(heading: str) -> str:
    """`OLD 14TH.` -> `Old 14th`, `MAID OF THE MILL.` -> `Maid of the Mill`; initials stay."""
    words = heading.strip().split()
    if words and not re.fullmatch(r"[A-Z]\.", words[-1]):
        words[-1] = words[-1].rstrip(".")
    out = []
    for i, word in enumerate(words):
        low = word.lower()
        if re.fullmatch(r"[A-Z]\.?", word):
            out.append(word)
        elif i and low in _SMALL_WORDS:
            out.append(low)
        else:
            out.append(low[:1].upper() + low[1:])
    return " ".join(out)


def _column_titles(row: list[Cell], width: int) -> list[tuple[str, str, int]]:
    """(title, printed heading, column count of its span) per column of a heading row."""
    spans: list[list] = []
    for index in range(width):
        cell = row[index] if index < len(row) else Cell(index, "", row[0].line, 0)
        if cell.text or not spans:
            spans.append([cell.text, 1])
        else:
            spans[-1][1] += 1
    out = []
    for text, count in spans:
        name = title_case(text)
        if count == 1:
            out.append((name, text, 1))
        else:
            out.extend((f"{name} ({k})", text, count) for k in range(1, count + 1))
    return out


def opening_tables(lines: list[str]) -> list[PrintedLine]:
    """Every column of every block of named columns: heading row, then rows of moves."""
    found: list[PrintedLine] = []
    i = 0
    while i < len(lines):
        row = cells(lines[i], i + 1)
        if not is_heading_row(row):
            i += 1
            continue
        body, j = [], i + 1
        while j < len(lines) and lines[j].strip() and not is_heading_row(cells(lines[j], j + 1)):
            body.append(cells(lines[j], j + 1))
            j += 1
        if body and all(is_move_text(c.text) for r in body for c in r if c.text):
            found.extend(_read_columns(row, body))
        i = j
    return found


def _read_columns(heading: list[Cell], body: list[list[Cell]]) -> list[PrintedLine]:
    width = max(len(heading), *(len(r) for r in body))
    titles = _column_titles(heading, width)
    out = []
    for index, (title, printed, _) in enumerate(titles):
        moves = []
        for row in body:
            if index < len(row) and row[index].text:
                cell = row[index]
                moves.extend(t for t in tokens(cell.text, cell.line, cell.column)
                             if t.kind == "move")
        if not title and not moves:
            continue
        head_cell = heading[index] if index < len(heading) else heading[0]
        end = max((m.line for m in moves), default=head_cell.line)
        out.append(PrintedLine(title or f"Column {index + 1}", head_cell.line, end, moves,
                               layout="opening-table", heading=printed,
                               column=head_cell.column if head_cell.text else 1))
    return out


# -- solution tables -------------------------------------------------------------------
@dataclass
class Solution:
    """A printed solution: its heading and the lines its columns hold."""
    name: str                   # "Position No. 1"
    number: str
    heading: str                # the heading line, verbatim
    line: int
    end_line: int
    side: str                   # who moves first by the heading ("B", "W", or "" for either)
    lines: list[PrintedLine] = field(default_factory=list)
    text: str = ""
    context: str = ""           # the heading and up to four lines above it


_SOLUTION = re.compile(r"^\s*Solution\s+(?:of|to)\s+(Position\s+No\.?\s*(\d+))(.*)$", re.I)


def _heading_side(rest: str) -> str:
    first = re.search(r"\b(black|white|either)\b", rest, re.I)
    if not first:
        return ""
    return {"black": "B", "white": "W"}.get(first.group(1).lower(), "")


def solutions(lines: list[str]) -> list[Solution]:
    found = []
    for i, text in enumerate(lines):
        match = _SOLUTION.match(text)
        if not match:
            continue
        j = i + 1
        while j < len(lines) and not lines[j].strip():
            j += 1
        rows = []
        while j < len(lines) and lines[j].strip() and ("\t" in lines[j] or
                                                         is_move_text(lines[j].strip())):
            rows.append(cells(lines[j], j + 1))
            j += 1
        if not rows:
            continue
        if not any("\t" in lines[r[0].line - 1] for r in rows):
            align(rows)
        name = re.sub(r"\s+", " ", match.group(1))
        sol = Solution(name, match.group(2), text.strip(), i + 1, rows[-1][0].line,
                       _heading_side(match.group(3)))
        sol.text = "\n".join(lines[i:j])
        sol.context = "\n".join(lines[max(0, i - 4):i + 1])
        sol.lines = split_stream(column_stream(rows), sol.name, sol.side)
        for printed in sol.lines:
            printed.layout = "solution-table"
        found.append(sol)
    return found


def column_stream(rows: list[list[Cell]]) -> list[Token]:
    """The tokens of a table read down each column, then across."""
    out = []
    for index in range(width_of(rows)):
        for row in rows:
            for cell in row:
                if cell.index == index and cell.text:
                    out.extend(tokens(cell.text, cell.line, cell.column))
    return out


def width_of(rows: list[list[Cell]]) -> int:
    return max((c.index + 1 for row in rows for c in row), default=0)


def _variation_name(text: str) -> str:
    match = re.search(r"(?:VAR|Var|VARIATION|Variation)\.?\s*([A-Z]|\d+)", text)
    return match.group(1) if match else text


def split_stream(stream: list[Token], name: str, side: str) -> list[PrintedLine]:
    """Cut a solution's token stream into printed lines.

    A side heading starts a new main line; `VAR. X` starts a line that leaves its parent at
    the move labelled X; a result closes the current line.
    """
    out: list[PrintedLine] = []
    labels: dict[str, int] = {}     # label -> index of the line holding that labelled move
    current: PrintedLine | None = None
    main_side = side

    def start(title: str, first: Token, **kw) -> PrintedLine:
        line = PrintedLine(title, first.line, first.line, **kw)
        out.append(line)
        return line

    for tok in stream:
        if tok.kind == "side":
            main_side = "W" if tok.text.upper().startswith("W") else "B"
            current = start(f"{name}, {tok.text.capitalize()}", tok,
                            side=main_side, heading=tok.text)
        elif tok.kind == "variation":
            label = _variation_name(tok.text)
            current = start(f"{name}, Var. {label}", tok, parent=labels.get(label),
                            branch_label=label, side=main_side, heading=tok.text)
        elif tok.kind == "move":
            if current is None or current.claim is not None:
                current = start(name if not out else f"{name} ({len(out) + 1})", tok,
                                side=main_side)
            if tok.label:
                labels[tok.label] = len(out) - 1
            current.moves.append(tok)
            current.end_line = max(current.end_line, tok.line)
        elif tok.kind == "result" and current is not None:
            current.claim = tok
            current.end_line = max(current.end_line, tok.line)
    return out


# -- running text: numbered, prose and dotted lines of play -----------------------------
_MOVE_LIKE = re.compile(r"(?<![\w.])(?:[0-9][0-9IlOS]?|[Il][0-9O]|[OS][0-9]|[Il]{1,2})"
                        r"(?: ?[-\u2013\u2014x:.] ?| {1,2}| to | takes )(?:[0-9][0-9IlOS]?|[Il][0-9O]|[OS][0-9]|[Il]{1,2})"
                        r"(?![\w])")


def move_passages(lines: list[str], skip: set[int] = frozenset(),
                  min_moves: int = 4) -> list[PrintedLine]:
    """Runs of lines in running text that are mostly moves, each one printed line of play.

    A run starts on a line with two moves or more (or one, in few words) and runs to the
    end of its paragraph or to a result; its title is the short heading line above it.
    """
    found: list[PrintedLine] = []
    current: PrintedLine | None = None
    for i, text in enumerate(lines):
        number = i + 1
        looks = number not in skip and _MOVE_LIKE.search(text)
        toks = tokens(text, number, 1) if looks else []
        moves = [t for t in toks if t.kind == "move"]
        words = [t for t in toks if t.kind == "word"]
        if not text.strip():
            current = None      # a blank line ends the paragraph, and the game with it
            continue
        if not moves or (current is None and len(moves) < 2 and len(words) > 4):
            continue            # prose; a wordy line with a single move starts no game
        if current is None:
            current = PrintedLine(title_above(lines, i), number, number,
                                  layout=_layout(moves))
            found.append(current)
        for tok in toks:
            if tok.kind == "move":
                current.moves.append(tok)
            elif tok.kind == "result":
                current.claim = tok
        current.end_line = number
        if current.claim is not None:
            current = None
    return [p for p in found if len(p.moves) >= min_moves]


def _layout(moves: list[Token]) -> str:
    styles = {m.style for m in moves}
    if "dotted" in styles:
        return "dotted"
    if "prose" in styles:
        return "prose"
    return "numbered"


def title_above(lines: list[str], index: int) -> str:
    for back in range(index - 1, max(-1, index - 5), -1):
        text = lines[back].strip()
        if not text:
            continue
        toks = tokens(text)
        if any(t.kind == "fen" for t in toks) or _TURN.match(text) or stated_position(text) \
                or _COLOUR_HEADS.match(text):
            continue
        if len(text) <= 60 and not any(t.kind == "move" for t in toks):
            return text.rstrip(".:\u2014-").strip()
        break
    return ""


# -- column blocks in books nobody has seen: rows of two or more cells of moves -----------
@dataclass
class Block:
    title: str
    line: int
    end_line: int
    rows: list[list[Cell]]


def _is_table_row(text: str, number: int) -> list[Cell] | None:
    if not _MOVE_LIKE.search(text):
        return None
    row = cells(text, number)
    filled = [c for c in row if c.text]
    if len(filled) < 2:
        return None
    for cell in filled:
        toks = tokens(cell.text, number, cell.column)
        if not all(t.kind in ("move", "result", "variation", "side", "number") for t in toks):
            return None
    return row


def column_blocks(lines: list[str], skip: set[int] = frozenset(), min_rows: int = 2) -> list[Block]:
    """Runs of table rows (cells split by tabs or wide spaces, every cell notation)."""
    found: list[Block] = []
    current: Block | None = None
    for i, text in enumerate(lines):
        number = i + 1
        row = None if number in skip else _is_table_row(text, number)
        if row is None:
            current = None
            continue
        if current is None:
            current = Block(title_above(lines, i), number, number, [])
            found.append(current)
        current.rows.append(row)
        current.end_line = number
    for block in found:
        if not any("\t" in lines[c.line - 1] for row in block.rows for c in row[:1]):
            align(block.rows)
    return [b for b in found if len(b.rows) >= min_rows]


def align(rows: list[list[Cell]]) -> None:
    """Give each cell of a space-aligned table the column it stands under: the widest row
    fixes the columns, and a cell belongs to the one whose start is nearest its own."""
    anchors = [c.column for c in max(rows, key=len)]
    for row in rows:
        for cell in row:
            cell.index = min(range(len(anchors)), key=lambda k: abs(anchors[k] - cell.column))


def row_stream(rows: list[list[Cell]]) -> list[Token]:
    """The tokens of a table read across each row, then down."""
    return [t for row in rows for cell in row if cell.text
            for t in tokens(cell.text, cell.line, cell.column)]


# -- a position stated in words ---------------------------------------------------------------
_SIDE_PART = re.compile(r"\b(Black|White|BLACK|WHITE)\b(?!\s+(?:to|TO)\b)\s*[:,]?\s*([^.;]*(?:;[^.;A-Z]*)*)")
_PIECE_LIST = re.compile(r"(?:(men|man|kings?|pieces?)\s+(?:on|at)\s+)?"
                         r"((?:K?\d{1,2}(?:\s*(?:,|and|&)\s*K?\d{1,2})*))", re.I)
_COLOUR_HEADS = re.compile(r"^\W*(?:(?:black|white|move|moves)\W*)+$", re.I)
_TURN = re.compile(r"\b(Black|White)\s+to\s+(?:move|play)\b", re.I)


def stated_position(text: str) -> str | None:
    """A position written in words, as a FEN: `Black men on 1, 5; king on 9. White men on
    18, 22; king on 30. White to move.` or `Black: 1, 5, K9. White: 18, 22, K30.`
    None unless both colours are given."""
    sides: dict[str, list[str]] = {}
    for match in _SIDE_PART.finditer(text):
        colour = match.group(1)[0].upper()
        squares = []
        for part in _PIECE_LIST.finditer(match.group(2)):
            kind = (part.group(1) or "").lower()
            for item in re.findall(r"K?\d{1,2}", part.group(2)):
                king = kind.startswith("king") or item.startswith("K")
                squares.append(("K" if king else "") + item.lstrip("K"))
        if squares:
            sides.setdefault(colour, []).extend(squares)
    if set(sides) != {"B", "W"}:
        return None
    turn = _TURN.search(text)
    first = turn.group(1)[0].upper() if turn else "B"
    return f"{first}:W{','.join(sides['W'])}:B{','.join(sides['B'])}"
