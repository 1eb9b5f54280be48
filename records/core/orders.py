"""Reading orders, and the choice among them by replay (DESIGN.md, "Reading a page").

The layout engine (records/core/layout.py) places a block's tokens in a grid; here are the few
plausible orders of a grid (`orders`: row by row, down the columns, in bands side by side,
each column or row on its own, fractions, each column a line under the row numbers, each pair
of rows a line under the numbers across the top), and
`choose`, which has the family replay each order from each candidate start and keeps the one
that consumes every printed token, naming it. Adding a layout is one entry in ORDERS and one
generator in the layout zoo (tests/layouts/).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from records.core.layout import Grid, Number

# -- reading orders ----------------------------------------------------------------------------
@dataclass
class Order:
    name: str       # as the LAYOUT diagnostic names it
    tokens: list
    band: int = 0   # read in bands side by side: the columns of each band


def by_rows(grid: Grid) -> Iterator[Order]:
    yield Order("row by row", grid.tokens())


def _in_columns(grid: Grid) -> bool:
    """Does the block print cells apart (a gap, a tab, a rule between them) on some row? A
    paragraph of running text, one cell a line, has no columns to read down or in bands."""
    return any(len(row.cells) > 1 for row in grid.block.rows)


def by_columns(grid: Grid) -> Iterator[Order]:
    """Down each column, then across."""
    if grid.width > 1 and _in_columns(grid):
        yield Order("down each column, then across", _bands(grid, 1))


def by_columns_in_groups(grid: Grid) -> Iterator[Order]:
    """Down each column, then across, a group of rows at a time: a table whose groups of rows
    stand apart by a blank line (a game a pair of rows at a time, the first side's moves over
    the second's, six moves a group) but whose columns line up from group to group."""
    groups = _row_groups(grid)
    if grid.width > 1 and len(set(groups)) > 1 and len(groups) > len(set(groups)) \
            and _in_columns(grid):
        yield Order("down each column, then across, a group of rows at a time",
                    _bands(grid, 1, groups))


def _row_groups(grid: Grid) -> list[int]:
    """Each token row's group: rows of a block one after another, no blank line between."""
    out, group, last = [], 0, None
    for row in grid.rows:
        line = row[0].line
        if last is not None and line - last > 1 and _blank_between(grid, last, line):
            group += 1
        out.append(group)
        last = row[-1].line
    return out


def _blank_between(grid: Grid, above: int, below: int) -> bool:
    """Is a line between two token rows neither a row of the block (a rule between a
    fraction's moves) nor set aside (a page number): a blank line?"""
    printed = {row.line for row in grid.block.rows} | {cell.line for cell in grid.block.aside}
    return any(line not in printed for line in range(above + 1, below))


def by_bands(grid: Grid) -> Iterator[Order]:
    """Side-by-side halves (thirds, ...): the columns in bands of equal width, each band read
    row by row, bands left to right (moves 1-12 on the left, 13-24 on the right). The last
    band may lack its last columns, empty in every row (a game whose last part is White's
    move alone: `7. P-B3` in the third part's first row, its Black column never printed)."""
    for size in range(2, grid.width // 2 + 1) if _in_columns(grid) else ():
        short = grid.width % size
        if short == 0 or short > size // 2:
            count = -(-grid.width // size)
            yield Order(f"{_how_many(count)} side by side, each row by row", _bands(grid, size),
                        size)


def by_each_column(grid: Grid) -> Iterator[Order]:
    """Each column on its own, top to bottom (a column per game or opening, or a variation
    beside the trunk): a Break between columns says the next one is read afresh."""
    if grid.width > 1 and _in_columns(grid):
        out: list = []
        for band in _band_lists(grid, 1):
            if out:
                first = band[0]
                out.append(Break(first.line, first.column))
            out += band
        yield Order("each column on its own, top to bottom", out)


def by_each_row(grid: Grid) -> Iterator[Order]:
    """Each row on its own (a table of openings, one a row): a Break between rows."""
    if grid.width > 1 and len(grid.rows) > 1:
        out: list = []
        for row in grid.rows:
            if out:
                out.append(Break(row[0].line, row[0].column))
            out += row
        yield Order("each row on its own", out)


DITTO = re.compile(r"^(?:\.{2,}|\u2026+|\"|,,|do\.?)$")   # dots, an ellipsis, a ditto mark


def by_columns_under_labels(grid: Grid) -> Iterator[Order]:
    """Each column read top to bottom under the labels its rows print at the left: a table of
    lines of play side by side (a chess opening's variations, the move numbers printed once
    down the left, each column a line from where its moves begin). A cell of dots (or a ditto
    mark) repeats the cell to its left: a line that shares that move with the one beside it."""
    if grid.width < 3 or len(grid.sections) > 1 or not _in_columns(grid):
        return
    rows = _rows_by_column(grid)
    if sum(bool(row.get(0)) for row in rows) < 2 or \
            any(set(row) == {0} for row in rows):
        return       # (a row of labels alone is no row of a table of lines)
    out: list = []
    lines = 0
    for c in range(1, grid.width):
        if not any(row.get(c) for row in rows):
            continue
        lines += 1
        for row in rows:
            if row.get(c):
                out += row.get(0, []) + row[c]
    if lines >= 2:
        yield Order("each column a line of play, under the row numbers", out)


def by_rows_under_heads(grid: Grid) -> Iterator[Order]:
    """Each line of play a pair of rows (the first side's moves over the second's; a label at
    the left of the first, when the family reads one, before the line) under the heads across
    the top (the move numbers, printed once): a table of an opening's variations a row each,
    as later opening books print them. Each cell is read after the head over it."""
    if grid.width < 2 or len(grid.sections) > 1 or not _in_columns(grid):
        return
    rows = _rows_by_column(grid)
    head, body = (rows[0], rows[1:]) if rows else ({}, [])
    if len(head) < 2 or len(body) < 4 or len(body) % 2:
        return
    labels = [min(first) for first in body[::2] if min(first) not in head]
    if labels and (len(labels) < len(body) // 2 or max(labels) >= min(head)):
        return           # a label column: one label a line, left of the heads
    out: list = []
    for first, second in zip(body[::2], body[1::2]):
        if set(second) - set(head) or set(first) - set(head) - set(labels):
            return       # a cell under no head
        out += first.get(labels[0], []) if labels else []
        for c in sorted(head):
            cells = first.get(c, []) + second.get(c, [])
            out += head[c] + cells if cells else []
    yield Order("each pair of rows a line of play, under the move numbers across the top", out)


def _rows_by_column(grid: Grid) -> list[dict[int, list]]:
    """Each printed row's tokens by column, a ditto cell given the tokens of the cell to its
    left (in the same row)."""
    cols = grid.column_of()
    starts: dict[int, int] = {}
    for row, cs in zip(grid.rows, cols):
        for t, c in zip(row, cs):
            starts[c] = min(starts.get(c, t.column), t.column)
    of_line = {row[0].line: (row, cs) for row, cs in zip(grid.rows, cols) if row}
    out = []
    for text_row in grid.block.text_rows():
        row, cs = of_line.get(text_row.line, ([], []))
        found: dict[int, list] = {}
        for t, c in zip(row, cs):
            found.setdefault(c, []).append(t)
        for cell in text_row.cells:
            if DITTO.match(cell.text.strip()) and starts:
                c = min(starts, key=lambda k: abs(starts[k] - cell.column))
                if c > 0 and c not in found and found.get(c - 1):
                    found[c] = found[c - 1]
        if found:
            out.append(found)
    return out


@dataclass(frozen=True, slots=True)
class Break:
    """Between two columns read each on its own: what follows is read afresh (a token of
    kind "break", so that a family's replay may pass over it as over any token it ignores)."""
    line: int
    column: int
    text: str = ""
    kind: str = "break"


def by_fraction(grid: Grid) -> Iterator[Order]:
    """Fractions: above each numbered rule the first side's moves, below it the second's, the
    number on the rule; a move belongs to the fraction whose number it stands nearest after."""
    rows = grid.block.rows
    if not any(row.rule == "numbered" for row in rows):
        return
    tokens_at = {}
    for tokens in grid.rows:
        if tokens:
            tokens_at[tokens[0].line] = tokens
    out: list = []
    for i, row in enumerate(rows):
        if row.rule != "numbered":
            continue
        above = tokens_at.get(rows[i - 1].line, []) if i and not rows[i - 1].rule else []
        below = (tokens_at.get(rows[i + 1].line, [])
                 if i + 1 < len(rows) and not rows[i + 1].rule else [])
        starts = [n.column for n in row.numbers]
        for k, number in enumerate(row.numbers):
            out.append(Number(int(number.text), number.line, number.column))
            out += [t for t in above if _segment(t.column, starts) == k]
            out += [t for t in below if _segment(t.column, starts) == k]
    if out:
        yield Order("fractions: above the rule, then below it", out)


def _segment(column: int, starts: list[int]) -> int:
    return max([k for k, start in enumerate(starts) if start <= column + 1] or [0])


def _bands(grid: Grid, size: int, section_of: list[int] | None = None) -> list:
    return [t for band in _band_lists(grid, size, section_of) for t in band]


def _band_lists(grid: Grid, size: int, section_of: list[int] | None = None) -> list[list]:
    """Section by section (the grid's, or each row's as given), the columns grouped `size`
    at a time; each group read row by row, groups left to right."""
    if section_of is None:
        section_of = [0] * len(grid.rows)
        for k, first in enumerate(grid.sections):
            for r in range(first, len(grid.rows)):
                section_of[r] = k
    footer = grid.footer
    placed = [(section_of[r], c // size, r, c, t)
              for r, (row, cols) in enumerate(zip(grid.rows, grid.column_of()))
              for t, c in zip(row, cols) if r != footer]
    placed.sort(key=lambda p: p[:4])
    out: list[list] = []
    key = None
    for section, band, *_, tok in placed:
        if (section, band) != key:
            out.append([])
            key = (section, band)
        out[-1].append(tok)
    if footer is not None and out:
        out[-1] += grid.rows[footer]
    return out


def _how_many(count: int) -> str:
    return {2: "two halves", 3: "three parts", 4: "four parts"}.get(count, f"{count} parts")


ORDERS: list[Callable[[Grid], Iterable[Order]]] = [by_rows, by_columns, by_columns_in_groups,
                                                   by_bands, by_each_column,
                                                   by_each_row, by_fraction,
                                                   by_columns_under_labels, by_rows_under_heads]
APART = (by_each_column, by_each_row)   # Breaks between columns or rows: for a family that asks


def orders(grid: Grid, apart: bool = False) -> list[Order]:
    """The plausible orders of a grid, each distinct token sequence once (the first name).
    An order that leaves printed tokens out (rows read past a fraction's numbered rule) is
    dropped when another places them all. `apart`: the orders reading each column (row) on
    its own, a Break between, are proposed too (for a family whose replay reads Breaks)."""
    seen, out = set(), []
    for propose in ORDERS if apart else [p for p in ORDERS if p not in APART]:
        for order in propose(grid):
            key = tuple(map(id, order.tokens))
            if order.tokens and key not in seen:
                seen.add(key)
                out.append(order)
    placed = max(map(_printed, out), default=0)
    return [order for order in out if _printed(order) == placed]   # none leaves tokens out


def _printed(order: Order) -> int:
    """The printed tokens an order places (the Breaks it puts between columns are not; a
    row's label read before each column's cells is one token placed)."""
    return len({id(t) for t in order.tokens if not isinstance(t, Break)})


# -- choosing by replay --------------------------------------------------------------------------
@dataclass
class Replay:
    """How far a family's replay took a stream of tokens."""
    consumed: int                  # tokens read legally, from the first
    total: int                     # tokens printed
    failure: str = ""              # why it stopped (empty when it consumed them all)
    at: Any = None                 # the token where it stopped
    value: Any = None              # whatever the family made (its record, its end position)
    agree: int = 0                 # tokens that keep the print's own order (its numbers), for
                                   # choosing among readings that replay equally far
    pieces: int = 1                # lines of play the reading cut the tokens into (games and
                                   # variations): among equals, the fewest is the print's order
    gaps: int = 0                  # moves the reading leaves without the number the print
                                   # gives the others: a rival with more is no rival

    @property
    def whole(self) -> bool:
        return self.consumed == self.total and not self.failure


@dataclass
class Reading:
    order: Order
    start: Any                     # the setup the order was replayed from
    start_name: str
    replay: Replay


@dataclass
class Choice:
    readings: list[Reading]        # every reading tried, best first
    grid: Grid | None = None       # the grid they read

    def __post_init__(self):
        _put_first_the_order_chosen(self.readings)

    @property
    def best(self) -> Reading | None:
        return self.readings[0] if self.readings else None

    @property
    def winners(self) -> list[Reading]:
        """The readings that consume every printed token in the fewest lines of play, one per
        distinct outcome (a reading that cuts the block into more games and variations than
        another is no rival of it: two games side by side are not read row by row; nor is one
        that leaves more moves without their numbers: `4. P-QKt3 R-R2 P-KKt4 P-Kt3`)."""
        whole = [r for r in self.readings if r.replay.whole]
        whole = [r for r in whole if r.replay.pieces == whole[0].replay.pieces
                 and r.replay.gaps <= whole[0].replay.gaps]
        distinct, seen = [], set()
        for r in whole:
            key = _outcome(r)
            if key not in seen:
                seen.add(key)
                distinct.append(r)
        return distinct

    def named(self) -> str:
        """The winning layout as a LAYOUT diagnostic says it."""
        best = self.best
        if best is None:
            return ""
        return best.order.name + (f", {best.start_name}" if best.start_name else "")


# -- a person's choice among the orders that read whole (hoyle review) ----------------------------
_CHOSEN: ContextVar[dict | None] = ContextVar("chosen_order", default=None)
CHOSEN_REACH = 60   # lines after a LAYOUT doubt's place where the block it names begins its tokens


@contextmanager
def choosing(name: str, line: int):
    """Read the block whose LAYOUT doubt stands at `line` (the first choice among orders whose
    tokens begin there or in the lines after) the way named `name`, where that way reads it
    whole: what a person decided in review. Every other block is read as before."""
    token = _CHOSEN.set({"name": name, "line": line, "used": False})
    try:
        yield
    finally:
        _CHOSEN.reset(token)


def names_of(reading: Reading) -> set[str]:
    """The ways a LAYOUT diagnostic names a reading: its order, its start, or both."""
    order, start = reading.order.name, reading.start_name
    return {order, start, f"{order}, {start}" if start else order} - {""}


def _put_first_the_order_chosen(readings: list[Reading]) -> None:
    chosen = _CHOSEN.get()
    if chosen is None or chosen["used"] or not readings:
        return
    lines = [r.order.tokens[0].line for r in readings if r.order.tokens]
    if not lines or not chosen["line"] <= min(lines) <= chosen["line"] + CHOSEN_REACH:
        return
    chosen["used"] = True
    match = next((r for r in readings if r.replay.whole and chosen["name"] in names_of(r)), None)
    if match is not None:
        readings.remove(match)
        readings.insert(0, match)


def _outcome(reading: Reading) -> Any:
    value = reading.replay.value
    key = getattr(value, "outcome", None)
    return key() if callable(key) else (reading.start_name, tuple(map(id, reading.order.tokens)))


def choose(grid: Grid, replay: Callable[[list, Any], Replay],
           starts: Sequence[tuple[str, Any]] = (("", None),), apart: bool = False,
           beyond: Callable[[Replay], int] | None = None) -> Choice:
    """Every order of the grid replayed from every candidate start (a diagram's orientations,
    the open game's position): the readings, those consuming the most tokens first. Where no
    reading replays whole and the family says how far a reading goes past the move it stopped
    at taken as a misprint (beyond), that decides: the book's order, misprinted early, goes on
    to its end; another order, which got further by chance, stops again soon after."""
    readings = []
    for order in orders(grid, apart):
        for name, start in starts:
            readings.append(Reading(order, start, name, replay(order.tokens, start)))
    reach = {}
    if beyond is not None and len(readings) > 1 and not any(r.replay.whole for r in readings):
        reach = {id(r): beyond(r.replay) for r in readings}
    readings.sort(key=lambda r: (-reach.get(id(r), 0) / max(r.replay.total, 1),
                                 -r.replay.consumed / max(r.replay.total, 1),
                                 -r.replay.consumed, -r.replay.agree, r.replay.pieces))
    return Choice(readings, grid)
