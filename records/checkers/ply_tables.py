"""Games printed a ply per row with the colour named: `No. Colour. from to` over rows such as
`1.   B.     11    15` (Every Boy's Book, 1869). A jump is given by its start and end only;
the game may stop with `&c.`, and a result (`White loses.`, `Drawn.`) may follow.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from records.checkers import book
from records.checkers.book import Square, Token

_ROW = re.compile(r"^\s*(\d{1,3})\.\s+([BW])\.\s+(\d{1,2})\s+(\d{1,2})\s*$")
_HEADER = re.compile(r"^\s*No\.\s+Colou?r\.\s+from\s+to\s*$", re.I)
_RESULT = re.compile(r"^\s*(White|Black)\s+(wins|loses)\.?\s*$|^\s*Drawn\.?\s*$", re.I)
MIN_ROWS = 4


@dataclass
class PlyTable:
    printed: book.PrintedLine
    colours: list[str] = field(default_factory=list)   # the colour printed on each row
    result: str = ""                                   # "B", "W" or "draw" when printed
    result_line: int = 0


def ply_tables(lines: list[str]) -> list[PlyTable]:
    out = []
    i = 0
    while i < len(lines):
        if not _ROW.match(lines[i]):
            i += 1
            continue
        table = _table(lines, i)
        i = table.printed.end_line
        if len(table.printed.moves) >= MIN_ROWS:
            out.append(table)
    return out


def _table(lines: list[str], first: int) -> PlyTable:
    head = first - 1
    while head >= 0 and (not lines[head].strip() or _HEADER.match(lines[head])):
        head -= 1
    title = lines[head].strip().rstrip(".") if head >= 0 and len(lines[head]) < 60 else ""
    if title.isupper():   # `GAME II` -> `Game II`
        title = " ".join(w if re.fullmatch(r"[IVX]+", w) else book.title_case(w)
                         for w in title.split())
    printed = book.PrintedLine(title, first + 1, first + 1, layout="ply-table")
    table = PlyTable(printed)
    j = first
    while j < len(lines) and (match := _ROW.match(lines[j])):
        printed.moves.append(_move(lines[j], j + 1, match))
        table.colours.append(match.group(2))
        printed.end_line = j + 1
        j += 1
    _result_below(lines, j, table)
    return table


def _move(text: str, number: int, match: re.Match) -> Token:
    squares = [Square(match.group(k), int(match.group(k)), number, match.start(k) + 1)
               for k in (3, 4)]
    shown = text[match.start(3):match.end(4)]
    return Token("move", shown, number, match.start(3) + 1, squares=squares, style="table")


def _result_below(lines: list[str], j: int, table: PlyTable) -> None:
    """`&c.` then `White loses.` (or `Drawn.`) within a few lines of the last row."""
    for k in range(j, min(len(lines), j + 5)):
        match = _RESULT.match(lines[k])
        if match:
            if match.group(1):
                side = match.group(1)[0].upper()
                loses = match.group(2).lower() == "loses"
                table.result = ("W" if side == "B" else "B") if loses else side
            else:
                table.result = "draw"
            table.result_line = k + 1
            table.printed.end_line = k + 1
            return
