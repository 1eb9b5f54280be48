"""Tables drawn as boxes (`+-----+` rules, `|` between cells), as Foster's Hoyle prints its
openings and games: each column of moves is one printed line of play, titled by the text
cells above it (a heading cell spanning several columns titles each of them, numbered).

Sections between rules are either headings (no moves) or moves; a heading section may hold a
heading over two or three lines (`AYRSHIRE` / `LASSIE.`). A `*` before a move (the losing
move, in Foster's games) is not part of the move.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from records.checkers import book
from records.checkers.book import PrintedLine

_RULE = re.compile(r"^\s*\+[-=+]+\+\s*$")
_ROW = re.compile(r"^\s*\|.*\|\s*$")
_SPREAD = re.compile(r"(?<=\d) {3,}(?=\d)")   # `18   9` in a narrow cell: one move


@dataclass
class _Cell:
    start: int          # 0-based offset of the cell's text area in the line
    end: int
    text: str
    line: int


@dataclass
class BoxTable:
    line: int
    end_line: int
    columns: list[PrintedLine]


def _row_cells(text: str, number: int) -> list[_Cell]:
    bars = [i for i, ch in enumerate(text) if ch == "|"]
    return [_Cell(a + 1, b, text[a + 1:b], number) for a, b in zip(bars, bars[1:])]


def _sections(lines: list[str], first: int, last: int) -> list[list[list[_Cell]]]:
    sections: list[list[list[_Cell]]] = [[]]
    for k in range(first, last + 1):
        if _RULE.match(lines[k]):
            if sections[-1]:
                sections.append([])
        else:
            sections[-1].append(_row_cells(lines[k], k + 1))
    return [s for s in sections if s]


def box_tables(lines: list[str]) -> list[BoxTable]:
    """Every box table with at least one column of moves."""
    out = []
    i = 0
    while i < len(lines):
        if not _RULE.match(lines[i]):
            i += 1
            continue
        j = i
        while j + 1 < len(lines) and (_RULE.match(lines[j + 1]) or _ROW.match(lines[j + 1])):
            j += 1
        columns = _columns(_sections(lines, i, j))
        if columns:
            out.append(BoxTable(i + 1, j + 1, columns))
        i = j + 1
    return out


def _has_moves(section: list[list[_Cell]]) -> bool:
    return any(t.kind == "move" for row in section for c in row for t in book.tokens(c.text))


def _columns(sections: list[list[list[_Cell]]]) -> list[PrintedLine]:
    out: list[PrintedLine] = []
    headings: list[list[list[_Cell]]] = []
    for section in sections:
        first = next((k for k, row in enumerate(section) if _has_moves([row])), None)
        if first is None:
            headings.append(section)
            continue
        if first:
            headings.append(section[:first])
        body = section[first:]
        for index, top in enumerate(max(body, key=len)):
            out.append(_column(body, index, top, headings))
        headings = []
    out = [p for p in out if p.moves]
    shared = {}
    for printed in out:
        shared[printed.title] = shared.get(printed.title, 0) + 1
    seen: dict[str, int] = {}
    for printed in out:
        if shared[printed.title] > 1:
            seen[printed.title] = seen.get(printed.title, 0) + 1
            printed.title = f"{printed.title} ({seen[printed.title]})"
    return out


def _column(section, index: int, top: _Cell, headings) -> PrintedLine:
    middle = (top.start + top.end) / 2
    parts = []
    for heading in headings:
        over = [c for c in heading[0] if c.start <= middle < c.end]
        if over:
            cell = over[0]
            text = " ".join(c.text.strip() for r in heading for c in r
                            if c.start == cell.start and c.text.strip())
            parts.append(text.strip("_ ").strip())
    moves, claim = [], None
    for row in section:
        if index < len(row):
            cell = row[index]
            text = _SPREAD.sub("  ", cell.text.replace("*", " "))
            for tok in book.tokens(text, cell.line, cell.start + 1):
                if tok.kind == "move":
                    moves.append(tok)
                elif tok.kind == "result":
                    claim = tok
    title = _title([p for p in parts if p])
    line = moves[0].line if moves else section[0][0].line
    end = max([m.line for m in moves] + ([claim.line] if claim else []), default=line)
    return PrintedLine(title, line, end, moves, claim=claim, layout="box-table",
                       heading=" / ".join(parts), column=top.start + 1)


def _title(parts: list[str]) -> str:
    words = [book.title_case(p) if p.isupper() else p.rstrip(".") for p in parts]
    words = [f"Game {w}" if w.isdigit() else w for w in words]
    return ", ".join(words)
