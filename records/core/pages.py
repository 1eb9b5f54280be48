"""A page read with a family's Reader: blocks of notation chosen by replay (core.layout) and
stitched into records, setups (diagrams, positions in words) offered as starts, notes between
blocks set aside inside the record they interrupt.

The family gives a Reader: its tokens, the setups a block draws, the standard start, its replay,
and where a reading ends (the start a next block may continue from). Everything about the page's
arrangement is decided here, the same way for every game.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from records.core.layout import Block, Grid, grid_of, page
from records.core.orders import Choice, Replay, choose

CONTINUING = "continuing the line above"


class Reader(Protocol):
    def tokens(self, cell) -> list:
        """The tokens a cell prints (moves, squares, cards, counts, numbers), each with its
        line, column and text; none for words that are not notation."""

    def notation(self, grid: Grid) -> bool:
        """Is the block notation at all (and not prose that mentions a move)?"""

    def setups(self, block: Block) -> list[tuple[str, Any]]:
        """The candidate starts a block draws (a diagram in each orientation, a position given
        in words), named; [] for a block that draws none."""

    def heading(self, block: Block) -> str:
        """The block's text as a heading that begins a new record, or ""."""

    def start(self) -> tuple[str, Any]:
        """The standard start, named ("" for the usual one)."""

    def replay(self, tokens: list, start: Any) -> Replay:
        """How far the tokens go legally from start; value: the family's reading."""

    def continuation(self, replay: Replay) -> Any:
        """The start a following block continues from, or None when nothing may follow."""

    # optional: `apart = True` has each column (row) also read on its own, a Break between


@dataclass
class Span:
    """One record's worth of page: a heading, the setups it was offered, and its blocks of
    notation, each with the engine's choice; notes are blocks set aside between them."""
    heading: str = ""
    heading_line: int = 0
    setups: list[tuple[str, Any]] = field(default_factory=list)
    setup_block: Block | None = None
    blocks: list[Block] = field(default_factory=list)
    choices: list[Choice] = field(default_factory=list)
    notes: list[Block] = field(default_factory=list)

    @property
    def line(self) -> int:
        first = [b.line for b in ([self.setup_block] if self.setup_block else []) + self.blocks]
        return min(first) if first else self.heading_line

    @property
    def end_line(self) -> int:
        return max(b.end_line for b in self.blocks) if self.blocks else self.line

    def tokens(self) -> list:
        """The tokens of the chosen reading of every block, in order."""
        return [t for c in self.choices if c.best for t in c.best.order.tokens]

    def layouts(self) -> list[str]:
        return [c.named() for c in self.choices]

    @property
    def last(self) -> Replay | None:
        return self.choices[-1].best.replay if self.choices and self.choices[-1].best else None


MAX_NOTES = 6   # a line of play resumes within this many blocks of notes, or it has ended


def read_page(text: str | Sequence[str], reader: Reader, first_line: int = 1) -> Iterator[Span]:
    """Every span of notation on the page, in order, each block read the way replay chose.

    A block is read from the setups it prints itself (a position above its moves) and from no
    other start; else from those drawn before it, from where the line above stopped, or from
    the standard start, in that order of preference among readings that consume everything
    alike. Setups drawn before
    stay pending until a block is read from one of them (a game printed between a diagram and
    its solution does not use them up); a heading or new setups replace them."""
    open_span: Span | None = None
    heading, heading_line, setups, setup_block = "", 0, [], None
    for block in page(text, first_line):
        grid = grid_of(block, reader.tokens)
        found = reader.setups(block)
        if not grid.rows or not reader.notation(grid):
            title = "" if found else reader.heading(block)
            if found or title:
                if open_span:
                    yield open_span
                open_span = None
                if found:
                    setups, setup_block = found, block
                else:
                    heading, heading_line, setups, setup_block = title, block.line, [], None
            elif open_span:
                open_span.notes.append(block)
                if _notes_since(open_span) > MAX_NOTES:
                    yield open_span
                    open_span = None
            continue
        above = None if _titled(block, grid, reader) else open_span
        choice = _read_block(grid, reader, above, found + setups, standard=not found)
        best = choice.best
        if open_span and best and best.start_name == CONTINUING:
            open_span.blocks.append(block)
            open_span.choices.append(choice)
            continue
        if open_span:
            yield open_span
        used = best is not None and any(best.start is start for _, start in found + setups)
        open_span = Span(heading, heading_line, found or setups, block if found else setup_block,
                         [block], [choice])
        if used and not found:
            setups, setup_block = [], None
    if open_span:
        yield open_span


def _titled(block: Block, grid: Grid, reader: Reader) -> bool:
    """Does the block open with a title of its own (`Game 2.` on the row above its moves)? It
    then starts a record of its own: it does not go on from the line above (where a misprinted
    first move could replay)."""
    first = block.rows[0]
    if not grid.rows or grid.rows[0][0].line == first.line or "contin" in first.text.lower():
        return False
    return bool(reader.heading(Block([first])))


def _notes_since(span: Span) -> int:
    """Blocks of notes since the span's last block of notation."""
    last = span.blocks[-1].line
    return sum(note.line > last for note in span.notes)


def _read_block(grid: Grid, reader: Reader, open_span: Span | None, setups: list,
                standard: bool) -> Choice:
    """A block printing its own setup is read from it alone; else from the setups drawn
    before it, the line above, or the standard start."""
    starts: list[tuple[str, Any]] = list(setups)
    if standard and open_span and open_span.last is not None:
        resume = reader.continuation(open_span.last)
        if resume is not None:
            starts.append((CONTINUING, resume))
    if standard:
        starts.append(reader.start())
    return choose(grid, reader.replay, starts, apart=getattr(reader, "apart", False),
                  beyond=getattr(reader, "beyond", None))
