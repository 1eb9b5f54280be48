"""Variation tables whose rows are numbered by ply, as the Boy's Own Book (1890) prints them:

      ----+-------+-------+-------
       12 |       | 26*22 | 25 22
       13 |  9-14 |  9-14 | 18-25

Row n holds ply n of the game counted from the initial position; the first column is the key
game, and every other column a variation that leaves it (or a column to its left) at the row
of its first move. A `*` marks the losing move; `white` / `wins.` (over two rows) or `draw.`
end a column; a `+-------+` inside a column closes it. The plies before the first row come
from the prose game printed above the table.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from records.checkers import book
from records.checkers.book import Token

_RULE = re.compile(r"^\s*-*\+[-+]*\s*$")
_ROW = re.compile(r"^\s*(\d{1,3})?\s*\|")
_CLAIM = re.compile(r"^(white|black)$|^(draw|drawn)\.?$", re.I)


@dataclass
class Column:
    index: int
    heading: str = ""
    rows: dict[int, Token] = field(default_factory=dict)    # ply number -> move
    claim: Token | None = None
    closed: int = 0             # rules met below the column's last move


@dataclass
class PlyColumns:
    line: int
    end_line: int
    columns: list[Column]


def ply_column_tables(lines: list[str]) -> list[PlyColumns]:
    tables = (_table(lines, i, j, bounds) for i, j, bounds in _ruled_blocks(lines))
    return [table for table in tables if table is not None]


def _ruled_blocks(lines: list[str]):
    """(first line, line after the last, column bounds) of each block opened by a `---+---`
    rule and carried on by rows with `|` or further rules."""
    i = 0
    while i < len(lines):
        if not (_RULE.match(lines[i]) and "-" in lines[i]):
            i += 1
            continue
        bounds = [k for k, ch in enumerate(lines[i]) if ch == "+"]
        j = i + 1
        while j < len(lines) and lines[j].strip() and ("|" in lines[j] or _RULE.match(lines[j])):
            j += 1
        yield i, j, bounds
        i = max(j, i + 1)


def _cells(text: str, bounds: list[int]) -> list[str]:
    edges = [-1, *bounds, max(len(text), bounds[-1] + 1)]
    return [text[a + 1:b] for a, b in zip(edges, edges[1:])]


def _table(lines: list[str], first: int, stop: int, bounds: list[int]) -> PlyColumns | None:
    numbered = [k for k in range(first, stop) if (m := _ROW.match(lines[k])) and m.group(1)]
    if len(numbered) < 4:
        return None
    width = len(bounds)
    columns = [Column(k) for k in range(1, width + 1)]
    pending: dict[int, Token] = {}
    for k in range(first + 1, stop):
        cells = _cells(lines[k], bounds)
        number = _ROW.match(lines[k]).group(1) if _ROW.match(lines[k]) else None
        for column, text in zip(columns, cells[1:]):
            start = bounds[column.index - 1] + 2
            if _RULE.match(lines[k]):
                continue
            if number is None and k < numbered[0]:
                column.heading = (column.heading + " " + text.strip()).strip()
            else:
                _read_cell(column, text, k + 1, start, int(number or 0), pending)
    columns = [c for c in columns if c.rows]
    if not columns:
        return None
    return PlyColumns(first + 1, stop, columns)


def _read_cell(column: Column, text: str, line: int, start: int, ply: int,
               pending: dict[int, Token]) -> None:
    word = text.strip()
    if column.claim is not None or not word or word == "..":
        return
    if set(word) <= {"-", "+"}:
        column.closed += 1          # the box around the column's result
        return
    said = _CLAIM.match(word)
    if said and said.group(1):
        pending[column.index] = Token("result", said.group(1), line, start)
    elif word.lower().startswith("wins") and column.index in pending:
        who = pending.pop(column.index)
        column.claim = Token("result", f"{who.text[0].upper()} wins", who.line, who.column)
    elif said:
        column.claim = Token("result", "Drawn", line, start)
    elif not column.closed and ply:
        moves = [t for t in book.tokens(text.replace("*", " "), line, start) if t.kind == "move"]
        if moves:
            column.rows[ply] = moves[-1]
        elif any(ch.isdigit() for ch in word):   # `1?-16`: kept, so the replay names it
            at = start + text.index(word[0])
            column.rows[ply] = Token("move", word, line, at)


# -- a table of openings, one a row: `Double Corner    |  9-14 |       |` -----------------------
@dataclass
class OpeningRow:
    name: str
    line: int
    column: int
    moves: list[Token]


def opening_rows(lines: list[str]) -> list[tuple[int, int, list[OpeningRow]]]:
    """Tables between `---+---` rules whose rows are a name then moves read across (a name
    may run over two rows, the first without moves); (first line, last line, rows) each."""
    out = []
    for i, j, bounds in _ruled_blocks(lines):
        rows = _opening_rows(lines, i + 1, j, bounds)
        if len(rows) >= 2:
            out.append((i + 1, j, rows))
    return out


def _opening_rows(lines: list[str], first: int, stop: int, bounds: list[int]) -> list[OpeningRow]:
    rows: list[OpeningRow] = []
    waiting = ""
    for k in range(first, stop):
        if _RULE.match(lines[k]):
            waiting = ""
            continue
        cells = _cells(lines[k], bounds)
        name = cells[0].strip()
        moves = [t for c, a in zip(cells[1:], bounds) for t in book.tokens(c, k + 1, a + 2)
                 if t.kind == "move"]
        if moves and (not name or any(ch.isdigit() for ch in name)):
            return []      # not a table of named rows
        if not moves:
            waiting = name if not any(c.strip() for c in cells[1:]) else ""
            continue
        column = len(lines[k]) - len(lines[k].lstrip()) + 1
        rows.append(OpeningRow(f"{waiting} {name}".strip(), k + 1, column, moves))
        waiting = ""
    return rows
