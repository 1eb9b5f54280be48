"""The layout engine: how a printed page is read, found by replay (DESIGN.md, "Reading a page").

A span of text becomes blocks (lines between blank lines); a block becomes rows of cells (runs
of text split by two or more spaces, tabs, `|` and other rules), with rule rows (`-----`,
`+---+`, `1 ---- 2 ----`) and frames recognised; what a page prints between records (page
numbers `{160}`, `[Illustration]`, footnote marks) is set aside, kept, and never breaks a block.

A family gives only its tokens (`Reader.tokens`: the moves, squares, cards or counts a cell
prints) and its replay (`Reader.replay`: how far a stream of tokens goes legally from a start).
The engine places every token in a grid (columns found by alignment), proposes the few
plausible reading orders of the grid (records/core/orders.py: `orders`), has the family replay
each from each candidate start (`choose`), and keeps the order that consumes every printed
token, naming it. Several orders that consume everything, yet read differently, are all kept
(the record needs review); none: the best order's first failure is the error. Adding a layout
is one entry in ORDERS and one generator in the layout zoo (tests/layouts/).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, Protocol

# -- what a page prints besides its records --------------------------------------------------
PAGE_NUMBER = re.compile(r"\{(?:\d{1,4}|[ivxlc]{1,6})\}|\[(?:Pg|Page|p\.)\s*\d+\]", re.I)
ILLUSTRATION = re.compile(r"\[(?:Illustration|Footnote|Sidenote|Transcriber)[^\]]*\]?", re.I)
RULE_CHARS = "-=_~.\u2014\u2013\u2500\u2550\u2501+|x*#:\u2502\u2551\u2503\u250c\u2510\u2514\u2518\u251c\u2524\u252c\u2534\u253c\u2554\u2557\u255a\u255d\u2560\u2563\u2566\u2569\u256c"
RULE = re.compile(r"^\s*[-=_~\u2014\u2013\u2500\u2550\u2501]{3,}\s*$")
# a frame row: runs of rule characters between corners, possibly several frames side by side
# (`+---+  +---+`); the runs are possessive, so a long rule that is not a frame fails at once
_CORNER = (r"[+x*#|\u250c\u2510\u2514\u2518\u251c\u2524\u252c\u2534\u253c\u2554\u2557"
           r"\u255a\u255d\u2560\u2563\u2566\u2569\u256c\u2502\u2551]")
FRAME = re.compile(rf"^\s*(?:{_CORNER}?[-=_~\u2500\u2550\u2501]{{2,}}+{_CORNER}?\s*)++$")
NUMBERED_RULE = re.compile(r"^\s*(?:\d{1,3}\.?\s*[-_=\u2013\u2014\u2500]{3,}\s*)+$")
RULE_NUMBER = re.compile(r"(\d{1,3})\.?\s*[-_=\u2013\u2014\u2500]{3,}")
NUMBERED_CHARS = set("0123456789. -_=\u2013\u2014\u2500\t")
FRAME_CHARS = set(RULE_CHARS) | set(" \t")
# cells are runs of text: two or more spaces, a tab, or a vertical rule end one
CELL_BREAK = re.compile(r"\s{2,}|\t|[|\u2502\u2551\u2503]+")
MAX_CELL = 400         # a longer run is prose, cut into pieces of this size for the tokenizer
MAX_ROWS = 400         # a longer block is read in pieces of this many rows
RUNNING_TEXT = 30      # a cell this long, of words, is running text
FRAME_PIECE = re.compile(r"\+|[-=]{2,}")
_WORDS = re.compile(r"[A-Za-z]{3,}")


@dataclass(frozen=True, slots=True)
class Cell:
    text: str
    line: int     # 1-based
    column: int   # 1-based, in the line as printed
    slot: int = -1   # in a line whose cells are split by tabs: the field it stands in

    @property
    def end(self) -> int:
        return self.column + len(self.text)


@dataclass(slots=True)
class Row:
    line: int
    text: str
    cells: list[Cell]
    rule: str = ""      # "" (text), "rule" (a dashed line), "frame" (+---+), "numbered"
    numbers: list[Cell] = field(default_factory=list)   # a numbered rule's numbers


@dataclass
class Block:
    rows: list[Row]
    aside: list[Cell] = field(default_factory=list)   # set aside: page numbers, illustrations

    @property
    def line(self) -> int:
        return self.rows[0].line if self.rows else 0

    @property
    def end_line(self) -> int:
        return self.rows[-1].line if self.rows else 0

    @property
    def framed(self) -> bool:
        return any(row.rule == "frame" for row in self.rows)

    def text_rows(self) -> list[Row]:
        return [row for row in self.rows if not row.rule]

    def text(self) -> str:
        return "\n".join(row.text for row in self.rows)


def row_of(text: str, line: int) -> Row:
    """One printed line as a row: its cells, or the kind of rule it is."""
    chars = set(text.strip())
    if chars <= NUMBERED_CHARS and NUMBERED_RULE.match(text):
        numbers = [Cell(m.group(1), line, m.start(1) + 1) for m in RULE_NUMBER.finditer(text)]
        return Row(line, text, [], "numbered", numbers)
    if chars <= FRAME_CHARS:   # only then the regexes (a long line of prose would cost them)
        if RULE.match(text):
            return Row(line, text, [], "rule")
        if FRAME.match(text) and any(c in text for c in "+x*#|\u2502\u2551\u250c\u2514\u251c\u2554"):
            return Row(line, text, [], "frame")
    return Row(line, text, cells_of(text, line))


def cells_of(text: str, line: int) -> list[Cell]:
    out, start = [], 0
    tabbed = "\t" in text
    for brk in CELL_BREAK.finditer(text):
        _add_cell(out, text, start, brk.start(), line, tabbed)
        start = brk.end()
    _add_cell(out, text, start, len(text), line, tabbed)
    return out


def _add_cell(out: list[Cell], text: str, start: int, stop: int, line: int, tabbed: bool) -> None:
    piece = text[start:stop]
    lead = len(piece) - len(piece.lstrip())
    piece = piece.strip().strip("+").strip()
    if not piece:
        return
    first = text.index(piece, start + lead)
    slot = text.count("\t", 0, first) if tabbed else -1
    if len(piece) <= MAX_CELL:      # (most cells: one piece)
        out.append(Cell(piece, line, first + 1, slot))
        return
    at = 0
    while at < len(piece):
        stop = len(piece) if len(piece) - at <= MAX_CELL else piece.rfind(" ", at + 1, at + MAX_CELL)
        stop = stop if stop > at else at + MAX_CELL      # a long run is cut between words
        out.append(Cell(piece[at:stop], line, first + at + 1, slot))
        at = stop
        while at < len(piece) and piece[at] == " ":
            at += 1


def set_aside(text: str) -> tuple[str, list[tuple[int, str]]]:
    """The line with page numbers and illustrations blanked (columns kept), and what was cut."""
    if "{" not in text and "[" not in text:
        return text, []
    cut = []
    for pattern in (PAGE_NUMBER, ILLUSTRATION):
        for m in pattern.finditer(text):
            cut.append((m.start() + 1, m.group()))
        text = pattern.sub(lambda m: " " * len(m.group()), text)
    return text, cut


def page(text: str | Sequence[str], first_line: int = 1) -> Iterator[Block]:
    """The blocks of a span of text: lines between blank lines, each as rows. A line that is
    only set-aside matter (a page number, an illustration) is kept with the block's aside and
    neither ends the block nor joins its rows; nor does a blank line between two rows of one
    table (cells starting at the same columns, three or more)."""
    lines = text.splitlines() if isinstance(text, str) else text
    rows: list[Row] = []
    aside: list[Cell] = []
    for index, raw in enumerate(lines):
        number = index + first_line
        clean, cut = set_aside(raw)
        aside += [Cell(what, number, column) for column, what in cut]
        if clean.strip():
            rows.append(row_of(clean.rstrip(), number))
            if len(rows) >= MAX_ROWS:
                yield Block(rows, aside)
                rows, aside = [], []
        elif not cut and rows and not _table_goes_on(rows[-1], lines, index + 1, number + 1):
            yield Block(rows, aside)
            rows, aside = [], []
    if rows:
        yield Block(rows, aside)


TABLE_CELLS = 3


def _table_goes_on(last: Row, lines: Sequence[str], at: int, number: int) -> bool:
    """Whether the row after a single blank line is the same table's: both rows hold three
    cells or more, and three of them start at the same columns."""
    if len(last.cells) < TABLE_CELLS or at >= len(lines) or not lines[at].strip():
        return False
    after = row_of(set_aside(lines[at])[0].rstrip(), number)
    starts = {c.column for c in last.cells}
    shared = sum(1 for c in after.cells if c.column in starts)
    return not after.rule and shared >= TABLE_CELLS


# -- tokens in a grid ----------------------------------------------------------------------------
class Token(Protocol):
    """What a family's tokenizer hands back: anything with a line and a column (1-based) and
    the text it was read from."""
    line: int
    column: int
    text: str


_ROMAN_VALUE = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def roman_value(text: str) -> int:
    """A number printed in Roman numerals, as books number games, tricks and variations:
    "XIV" -> 14, in either case; 0 for text that is no Roman number."""
    total, last = 0, 0
    for ch in reversed(text.upper()):
        value = _ROMAN_VALUE.get(ch, 0)
        if not value:
            return 0
        total, last = (total - value, last) if value < last else (total + value, value)
    return total


@dataclass(frozen=True, slots=True)
class Number:
    """A number the layout itself prints (on a fraction's rule): the family says what it means."""
    value: int
    line: int
    column: int

    @property
    def text(self) -> str:
        return str(self.value)


@dataclass
class Grid:
    """A block's tokens, by row, and the columns they fall into (None: not a table). A row
    of words (headings) or a rule printed between rows of tokens starts a new section: a
    table stacked under another, whose columns are found and read on their own."""
    block: Block
    rows: list[list[Any]]              # tokens of each text row, left to right
    columns: list[int] | None = None   # for each token of each row flattened: its column index
    width: int = 0                     # number of columns found (the widest section's)
    slots: list[int] = field(default_factory=list)     # each token's tab field (-1: none)
    sections: list[int] = field(default_factory=lambda: [0])   # first row of each section
    footer: int | None = None          # a last row read after the table (see _footer)
    spans: list[tuple[int, int]] = field(default_factory=list)   # each token's printed reach

    def tokens(self) -> list:
        return [t for row in self.rows for t in row]

    def column_of(self) -> list[list[int]]:
        """Each row's tokens' column indexes."""
        out, k = [], 0
        for row in self.rows:
            out.append(self.columns[k:k + len(row)] if self.columns else [])
            k += len(row)
        return out


def grid_of(block: Block, tokenize: Callable[[Cell], list]) -> Grid:
    rows: list[list] = []
    slots: list[int] = []
    spans: list[tuple[int, int]] = []
    sections = [0]
    between = False          # a row without tokens, or a rule, since the last row of tokens
    running = 0              # rows that are running text
    for row in block.rows:
        running += any(_running(cell) for cell in row.cells)
        found = [(t, cell) for cell in row.cells for t in tokenize(cell)]
        if not found:
            between = between or bool(rows) and _divides(row)
            continue
        if between and rows and not (len(rows) - sections[-1] == 1 and len(rows[-1]) > 1):
            sections.append(len(rows))     # (one row above a rule is the columns' header)
        between = False
        rows.append([t for t, _ in found])
        slots += [cell.slot for _, cell in found]
        alone = {id(cell): sum(c is cell for _, c in found) == 1 and not FRAME_PIECE.search(cell.text)
                 for _, cell in found}
        spans += [(cell.column, _span(t, -1)[1]) if alone[id(cell)] else _span(t, -1)
                  for t, cell in found]
    if _caption_over_table(block, rows, sections, tokenize):
        sections.insert(1, 1)
    grid = Grid(block, rows, slots=slots, sections=sections, spans=spans)
    if running * 2 <= len(block.text_rows()):
        _find_columns(grid)
    return grid


CAPTION_WORDS = 2     # a sentence (two words or more, three spaced pieces) in one cell over
                      # a table is its caption; `Game No. 2.` or `Var. 1.` heads one column


def _caption_over_table(block: Block, rows: list[list], sections: list[int],
                        tokenize: Callable[[Cell], list]) -> bool:
    """A sentence printed in one cell over a table (`Black to move and win.` centred over
    two columns of moves): read before the table in any order, never as the head of the
    column it happens to stand over."""
    if len(rows) < 3 or len(rows[1]) < 2 or 1 in sections:
        return False
    first = next(row for row in block.rows if any(tokenize(cell) for cell in row.cells))
    cells = [cell for cell in first.cells if tokenize(cell)]
    text = cells[0].text if len(cells) == 1 else ""
    return len(_WORDS.findall(text)) >= CAPTION_WORDS and len(text.split()) >= 3


def _divides(row: Row) -> bool:
    """A row between rows of tokens that starts a new section: a rule across the block, or a
    row of words (the headings of a table stacked under the first); not the pieces of frame
    drawn inside some columns (`+-------+   |   |`)."""
    return bool(row.rule) or any(ch.isalnum() for ch in row.text)


def _running(cell: Cell) -> bool:
    """A cell of running text (prose that mentions moves): read row by row, never as a table."""
    text = cell.text
    return len(text) >= RUNNING_TEXT and text.count(" ") >= 2 and \
        sum(1 for _ in islice(_WORDS.finditer(text), 3)) == 3    # three words: no need of more


def _span(token, slot: int) -> tuple[int, int]:
    if slot >= 0:
        return slot * 10_000, slot * 10_000 + 1
    return token.column, token.column + max(len(token.text), 1)


def _find_columns(grid: Grid) -> None:
    """Columns by alignment, section by section: tokens of different rows whose printed spans
    overlap share a column (in lines split by tabs, the tokens of one field); two tokens of
    one row never do (else the section is running text: the grid is not a table)."""
    found = _columns(grid, None)
    if found is None and _footer(grid) is not None:
        grid.footer = _footer(grid)
        found = _columns(grid, grid.footer)
    if found is None or len(grid.rows) < 2:
        grid.width = 0
        return
    columns, grid.width = found
    if grid.footer is not None:
        columns.append(grid.width)
    grid.columns = columns


def _columns(grid: Grid, footer: int | None) -> tuple[list[int], int] | None:
    columns: list[int] = []
    width = 0
    bounds = [*grid.sections, len(grid.rows) if footer is None else footer]
    at = 0
    for first, stop in zip(bounds, bounds[1:]):
        count = sum(len(row) for row in grid.rows[first:stop])
        found = _section_columns(grid.rows[first:stop], grid.slots[at:at + count],
                                 grid.spans[at:at + count])
        if found is None:
            return None
        columns += found
        width = max(width, max(found, default=-1) + 1)
        at += count
    return columns, width


def _section_columns(rows: list[list], slots: list[int],
                     reach: list[tuple[int, int]]) -> list[int] | None:
    """A token alone in its cell reaches back to the cell's start (`Game 1.` over `11.15`)."""
    tabbed = sum(s >= 0 for s in slots) * 2 >= len(slots) > 0
    tokens = [t for row in rows for t in row]
    spans = [_span(t, s) if tabbed else (reach[k] if k < len(reach) else _span(t, -1))
             for k, (t, s) in enumerate(zip(tokens, slots))]
    if not spans:
        return []
    row_of_token = [r for r, row in enumerate(rows) for _ in row]
    found = _grouped(spans, row_of_token)
    if found is None and not tabbed and len(rows) > 2:
        found = _under_headings(spans, row_of_token, len(rows[0]))
    if found is None and not tabbed:
        found = _long_entries_cut(spans, row_of_token)
    return found


def _grouped_or_cut(spans: list[tuple[int, int]], row_of_token: list[int]) -> list[int] | None:
    found = _grouped(spans, row_of_token)
    return _long_entries_cut(spans, row_of_token) if found is None else found


def _long_entries_cut(spans: list[tuple[int, int]], row_of_token: list[int]) -> list[int] | None:
    """An entry far longer than its column's (a multi-jump, `7-14-21-30  26-23`) reaches under
    the next one: the columns with its span cut to the section's usual width, where it
    starts."""
    if not spans:
        return None
    usual = sorted(b - a for a, b in spans)[len(spans) // 2]
    return _grouped([(a, a + usual) if b - a > 2 * usual else (a, b) for a, b in spans],
                    row_of_token)


def _under_headings(spans: list[tuple[int, int]], row_of_token: list[int],
                    heads: int) -> list[int] | None:
    """A first row of headings centred over groups of columns (`GAME 1.` over a game's Black
    and White columns, `GAME 2.` over the next pair) reaches across the gap between two
    columns: the columns are those of the rows under it, and each heading stands in the
    leftmost column it reaches over (the first of the group it heads). None when a heading
    reaches over no column, or two headings over the same one."""
    below = _grouped_or_cut(spans[heads:], [r - 1 for r in row_of_token[heads:]])
    if below is None:
        return None
    extent: dict[int, tuple[int, int]] = {}
    for (a, b), c in zip(spans[heads:], below):
        low, high = extent.get(c, (a, b))
        extent[c] = (min(low, a), max(high, b))
    placed = []
    for a, b in spans[:heads]:
        over = [c for c, (low, high) in sorted(extent.items()) if a < high and low < b]
        if not over or over[0] in placed:
            return None
        placed.append(over[0])
    return placed + below


def _grouped(spans: list[tuple[int, int]], row_of_token: list[int]) -> list[int] | None:
    """Tokens grouped into columns where their spans overlap; None when a column would hold
    two tokens of one row."""
    order = sorted(range(len(spans)), key=lambda i: spans[i])
    groups: list[list[int]] = []
    reach = -1
    for i in order:
        if groups and spans[i][0] < reach:
            groups[-1].append(i)
            reach = max(reach, spans[i][1])
        else:
            groups.append([i])
            reach = spans[i][1]
    for group in groups:
        taken = [row_of_token[i] for i in group]
        if len(taken) != len(set(taken)):
            return None
    columns = [0] * len(spans)
    for index, group in enumerate(groups):
        for i in group:
            columns[i] = index
    return columns


def _footer(grid: Grid) -> int | None:
    """A last row holding one token under a table of wider rows, standing under no column of
    its own (a verdict or a total printed across the foot): read after the whole table,
    whatever the order."""
    if len(grid.rows) < 3 or len(grid.rows[-1]) != 1 or len(grid.rows[-2]) < 2 \
            or len(grid.sections) > 1 and grid.sections[-1] == len(grid.rows) - 1:
        return None
    return len(grid.rows) - 1
