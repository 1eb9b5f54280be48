"""Random legal checkers records printed the ways books print them, for the layout zoo.

A record is a line of play from a start (the initial position, or a position from random
play drawn as a diagram, stated in words or as a FEN), its moves from hoyle's engine, and the
variations that leave it. A layout prints a page of records; it also says on which printed line
each move stands, so that a misprint planted in one move can be looked for at its line.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from records.checkers import engine
from records.checkers.diagrams import ORIENTATIONS

INITIAL = engine.to_fen(engine.initial())


@dataclass
class Line:
    """One record the page prints: its start and every move from it (a variation holds the
    moves it shares with its parent too)."""
    start: str
    moves: list[engine.Move]
    parent: int | None = None      # for a variation: the index of the line it leaves
    at: int = 0                    # ... and the ply where it leaves it
    label: str = ""
    verdict: str = ""              # printed only when the game is over: who has no move


@dataclass
class Page:
    text: str
    lines: list[Line]
    where: dict[tuple[int, int], int] = field(default_factory=dict)   # (record, ply) -> line
    layout: str = ""               # the reading the engine should name, when one is right
    orientation: str = ""          # a diagram's, as printed
    ocr: int = 0                   # squares printed with an OCR confusion
    misprint: tuple[int, int] | None = None   # the (record, ply) printed wrong


# -- random play ---------------------------------------------------------------------------------
def play(rnd: random.Random, pos: engine.Position, plies: int) -> list[engine.Move]:
    moves = []
    for _ in range(plies):
        legal = engine.legal_moves(pos)
        if not legal:
            break
        move = rnd.choice(legal)
        moves.append(move)
        pos = engine.play(pos, move)
    return moves


def after(start: str, moves: list[engine.Move]) -> engine.Position:
    pos = engine.from_fen(start)
    for move in moves:
        pos = engine.play(pos, move)
    return pos


def verdict(start: str, moves: list[engine.Move]) -> str:
    end = after(start, moves)
    if engine.legal_moves(end):
        return ""
    return "White wins." if end.turn == "B" else "Black wins."


def game(rnd: random.Random, low: int = 12, high: int = 50, start: str = INITIAL) -> Line:
    moves = play(rnd, engine.from_fen(start), rnd.randint(low, high))
    return Line(start, moves, verdict=verdict(start, moves))


def position(rnd: random.Random, low: int = 16, high: int = 40) -> str:
    """A position from random play that still has a few plies to go."""
    while True:
        moves = play(rnd, engine.initial(), rnd.randint(low, high))
        pos = after(INITIAL, moves)
        if len(engine.legal_moves(pos)) >= 2 and len(moves) >= low:
            return engine.to_fen(pos)


def with_variation(rnd: random.Random, trunk: Line, index: int, label: str) -> Line | None:
    """A line leaving the trunk at a random ply (a different legal move there)."""
    if len(trunk.moves) < 4:
        return None
    at = rnd.randint(1, len(trunk.moves) - 2)
    pos = after(trunk.start, trunk.moves[:at])
    others = [m for m in engine.legal_moves(pos) if m != trunk.moves[at]]
    if not others:
        return None
    first = rnd.choice(others)
    rest = play(rnd, engine.play(pos, first), rnd.randint(3, 8))
    moves = trunk.moves[:at] + [first] + rest
    return Line(trunk.start, moves, index, at, label, verdict(trunk.start, moves))


# -- how a move is printed ------------------------------------------------------------------------
def squares(pos: engine.Position, move: engine.Move, full: bool) -> list[int]:
    """From and to, or every square when asked or when from and to fit several jumps."""
    if full or len(engine.moves_matching(pos, move.path[0], move.path[-1])) > 1:
        return list(move.path)
    return [move.path[0], move.path[-1]]


def move_text(pos: engine.Position, move: engine.Move, style: str) -> str:
    shown = squares(pos, move, style.endswith("+path"))
    style = style.removesuffix("+path")
    joiner = {"joined": "-", "capture": "x" if move.captured else "-", "dotted": ".",
              "prose": " to ", "spaced": " ", "stray": "-" if pos.turn == "B" else " "}.get(style)
    if style == "typography":     # Black joined, White not: `11-15`, `23 19`
        joiner = "-" if pos.turn == "B" else " "
    if style == "takes":
        joiner = " takes " if move.captured else " to "
    return joiner.join(map(str, shown))


def misprinted(pos: engine.Position, move: engine.Move, style: str, rnd: random.Random) -> str:
    """The move with one square changed so that no legal move fits it."""
    shown = squares(pos, move, style.endswith("+path"))
    while True:
        wrong = list(shown)
        k = rnd.randrange(len(wrong))
        wrong[k] = rnd.randint(1, 32)
        if wrong[k] != shown[k] and not _fits(pos, wrong):
            break
    fake = engine.Move(tuple(wrong), move.captured, move.crowns)
    return move_text(pos, fake, style.replace("+path", "") + ("+path" if len(wrong) > 2 else ""))


def _fits(pos: engine.Position, printed: list[int]) -> bool:
    if len(printed) == 2:
        return bool(engine.moves_matching(pos, *printed)) or printed[0] == printed[1]
    return any(list(m.path) == printed for m in engine.legal_moves(pos))


OCR = {"1": ("I", "l"), "0": ("O",)}


def with_ocr(text: str, rnd: random.Random) -> tuple[str, int]:
    """One square of the move printed with an OCR confusion (`I5`, `1O`), if it has a digit
    that OCR confuses."""
    spots = [k for k, ch in enumerate(text) if ch in OCR and (k == 0 or not text[k - 1].isalpha())]
    if not spots:
        return text, 0
    k = rnd.choice(spots)
    return text[:k] + rnd.choice(OCR[text[k]]) + text[k + 1:], 1


@dataclass
class Texts:
    """The printed text of every move of every record, misprints and OCR slips planted."""
    lines: list[Line]
    style: str
    rnd: random.Random
    misprint: tuple[int, int] | None = None
    ocr: float = 0.0
    confused: int = 0
    stray: int = 0                 # White moves printed joined in a book that joins Black's
    cache: dict = field(default_factory=dict)

    def __call__(self, record: int, ply: int) -> str:
        key = (record, ply)
        if key not in self.cache:
            line = self.lines[record]
            pos = after(line.start, line.moves[:ply])
            move = line.moves[ply]
            text = misprinted(pos, move, self.style, self.rnd) if key == self.misprint \
                else move_text(pos, move, self.style)
            if self.style == "stray" and pos.turn == "W" and key != self.misprint \
                    and self.rnd.random() < 0.2:
                text = move_text(pos, move, "joined")     # a stray hyphen
                self.stray += 1
            if self.ocr and key != self.misprint and self.rnd.random() < self.ocr:
                text, n = with_ocr(text, self.rnd)
                self.confused += n
            self.cache[key] = text
        return self.cache[key]


Printer = Callable[[list[Line], Texts, random.Random], Page]


# -- diagrams -------------------------------------------------------------------------------------
MARKS = {
    "letters": {"b": "B", "B": "BB", "w": "W", "W": "WW"},
    "cases": {"b": "b", "B": "B", "w": "w", "W": "W"},
    "glyphs": {"b": "\u26c2", "B": "\u26c3", "w": "\u26c0", "W": "\u26c1"},
    "marks": {"b": "x", "B": "X", "w": "o", "W": "O"},
}
FRAMES = ("box", "bars", "dashes", "plain bars", "grid")


def board_rows(fen: str, orientation: str, marks: str, frame: str) -> list[str]:
    """The position drawn as the book draws it, in the orientation named."""
    turn = dict(ORIENTATIONS)[orientation]
    where = {turn(r, c): (r, c) for r in range(8) for c in range(8)}
    grid = [[""] * 8 for _ in range(8)]
    for square, piece in engine.pieces(engine.from_fen(fen)).items():
        row, i = divmod(square - 1, 4)
        r, c = where[(row, 2 * i + (1 if row % 2 == 0 else 0))]
        grid[r][c] = MARKS[marks][piece]
    if frame == "grid":
        return ["    " + " ".join(f"{cell or '.':<2}" for cell in row) for row in grid]
    rule = {"box": "    +" + "---+" * 8, "bars": "    |" + "---+" * 7 + "---|",
            "dashes": "    " + "-" * 33, "plain bars": None}[frame]
    out = [rule] if rule and frame == "box" else []
    for k, row in enumerate(grid):
        out.append("    |" + "".join(f"{cell:^3}|" for cell in row))
        if rule and (frame == "box" or k < 7):
            out.append(rule)
    return out


# -- layouts --------------------------------------------------------------------------------------
class Sheet:
    """Rows of a page, and the row each printed move stands on."""

    def __init__(self):
        self.rows: list[str] = []
        self.where: dict[tuple[int, int], int] = {}

    def add(self, text: str = "", keys=()) -> None:
        self.rows.append(text.rstrip())
        for key in keys:
            self.where[key] = len(self.rows)

    def page(self, lines: list[Line], layout: str, **kw) -> Page:
        return Page("\n".join(self.rows) + "\n", lines, self.where, layout, **kw)


NAMES = ["Single Corner", "Double Corner", "Old Fourteenth", "Laird and Lady", "Glasgow",
         "Whilter", "Souter", "Bristol", "Dyke", "Defiance", "Switcher", "Kelso", "Cross",
         "Maid of the Mill", "Second Double Corner", "Paisley", "Fife", "Denny"]
SHORT = ["ALMA", "BRISTOL", "CENTRE", "CROSS", "DEFIANCE", "DENNY", "DYKE", "DUNDEE",
         "EDINBURG", "FIFE", "GLASGOW", "KELSO", "PAISLEY", "SOUTER", "SWITCHER", "WHILTER"]


def pairs_per_row(lines, texts, rnd) -> Page:
    """`11-15   23-19` a row, each game under its heading."""
    sheet = Sheet()
    for r, line in enumerate(lines):
        sheet.add(f"GAME No. {r + 1}.")
        sheet.add()
        for k in range(0, len(line.moves), 2):
            keys = [(r, j) for j in range(k, min(k + 2, len(line.moves)))]
            sheet.add("  " + "   ".join(texts(*key) for key in keys), keys)
        if line.verdict:
            sheet.add("  " + line.verdict)
        sheet.add()
    return sheet.page(lines, "row by row")


# what a page prints where it turns ({} is the page's number): alone, or beside a running head
PAGE_FURNITURE = ["{}", "    {}", "{}                    HOYLE'S GAMES", "CHECKERS                    {}",
                  "{}        Draughts and Checkers"]


def with_page_turn(page: Page, rnd: random.Random, furniture: str = "",
                   blank: bool | None = None) -> tuple[Page, int]:
    """The page with its furniture (a page number, a running head) printed where the page
    turns between two rows of moves of one record, with a blank line either side or not;
    and the furniture's line."""
    rows = page.text.split("\n")
    moved = sorted(set(page.where.values()))
    inside = [n for n in moved[:-1] if n + 1 in moved]   # a row of moves with one under it
    at = rnd.choice(inside)
    blank = rnd.random() < 0.5 if blank is None else blank
    shown = (furniture or rnd.choice(PAGE_FURNITURE)).format(rnd.randint(10, 999))
    added = ["", shown, ""] if blank else [shown]
    where = {key: n + len(added) if n > at else n for key, n in page.where.items()}
    text = "\n".join(rows[:at] + added + rows[at:])
    return Page(text, page.lines, where, page.layout), at + 1 + blank


def numbered_plies(lines, texts, rnd) -> Page:
    """`1. Black 11-16` / `2. White 23-18`: a ply a line, numbered and given its side."""
    sheet = Sheet()
    for r, line in enumerate(lines):
        sheet.add(f"GAME {r + 1}.")
        sheet.add()
        black = line.start[0] == "B"
        for j in range(len(line.moves)):
            side = "Black" if (j % 2 == 0) == black else "White"
            sheet.add(f"{j + 1}. {side} {texts(r, j)}", [(r, j)])
        if line.verdict:
            sheet.add(line.verdict)
        sheet.add()
    return sheet.page(lines, "row by row")


def ply_per_row(lines, texts, rnd) -> Page:
    """A move a line (the book's single column)."""
    sheet = Sheet()
    for r, line in enumerate(lines):
        sheet.add(f"Game {r + 1}.")
        for j in range(len(line.moves)):
            sheet.add("    " + texts(r, j), [(r, j)])
        if line.verdict:
            sheet.add("    " + line.verdict)
        sheet.add()
    return sheet.page(lines, "row by row")


def numbered_rows(lines, texts, rnd) -> Page:
    """`1. 11-15  23-19` a row, or `(1) 11-15 22-18 (2) ...` run on in a paragraph."""
    sheet = Sheet()
    for r, line in enumerate(lines):
        sheet.add(f"GAME {r + 1}.")
        sheet.add()
        form = rnd.choice(["{}.", "({})"])
        per_row = rnd.choice([1, 3])
        pairs = [list(range(k, min(k + 2, len(line.moves)))) for k in range(0, len(line.moves), 2)]
        for start in range(0, len(pairs), per_row):
            chunk = pairs[start:start + per_row]
            text = "  ".join(form.format(start + n + 1) + " " + "  ".join(texts(r, j) for j in pair)
                             for n, pair in enumerate(chunk))
            sheet.add("  " + text, [(r, j) for pair in chunk for j in pair])
        sheet.add()
    return sheet.page(lines, "row by row")


def columns(lines, texts, rnd) -> Page:
    """The 1914 Hoyle's layout: a game's moves down each column, then across, the columns
    split by tabs or by spaces (a verdict last, in its place)."""
    sheet = Sheet()
    tabs = rnd.random() < 0.5
    for r, line in enumerate(lines):
        sheet.add(f"Game No. {r + 1}.")
        sheet.add()
        cells = [(texts(r, j), (r, j)) for j in range(len(line.moves))]
        if line.verdict:
            cells.append((line.verdict.replace("Black", "B").replace("White", "W").rstrip("."), None))
        count = rnd.randint(2, 8)
        height = max(2, -(-len(cells) // count))
        for row in range(height):
            here = [cells[c * height + row] for c in range(count) if c * height + row < len(cells)]
            text = "\t".join(t for t, _ in here) if tabs else "".join(f"{t:<8}" for t, _ in here)
            sheet.add(text if tabs else "  " + text, [k for _, k in here if k])
        sheet.add()
    return sheet.page(lines, "down each column, then across")


def fraction_groups(lines, texts, rnd) -> Page:
    """A game a group of moves at a time, Black's moves in a row over White's (a fraction
    bar of dashes between them, a rule across, or nothing), a blank line between groups
    whose columns line up."""
    sheet = Sheet()
    for r, line in enumerate(lines):
        sheet.add(f"GAME {r + 1}.")
        sheet.add()
        pairs = [list(range(k, min(k + 2, len(line.moves)))) for k in range(0, len(line.moves), 2)]
        count = rnd.randint(3, max(3, min(8, (len(pairs) + 1) // 2)))    # two groups or more
        width = max(rnd.choice([7, 8]), 2 + max(len(texts(r, j)) for j in range(len(line.moves))))
        align = rnd.choice(["^", "<"])
        bar = rnd.choice(["cells", "rule", ""])
        groups = [pairs[k:k + count] for k in range(0, len(pairs), count)]
        if len(groups[-1]) < 3:   # (a row of one or two moves alone would also replay afresh)
            groups[-2:] = [groups[-2] + groups[-1]]
        for group in groups:
            top = " ".join(f"{texts(r, p[0]):{align}{width}}" for p in group)
            sheet.add(" " + top, [(r, p[0]) for p in group])
            if bar:
                sheet.add(" " + (" ".join("-" * width for _ in group) if bar == "cells"
                                 else "-" * (len(group) * (width + 1) - 1)))
            low = [p for p in group if len(p) > 1]
            sheet.add(" " + " ".join(f"{texts(r, p[1]):{align}{width}}" for p in low),
                      [(r, p[1]) for p in low])
            sheet.add()
        if line.verdict:
            sheet.add("  " + line.verdict)
            sheet.add()
    # (groups whose columns do not line up are blocks of their own, each read down its columns)
    return sheet.page(lines, "down each column, then across")


def halves(lines, texts, rnd) -> Page:
    """Numbered pairs, the first half of the game on the left, the rest on the right."""
    sheet = Sheet()
    for r, line in enumerate(lines):
        sheet.add(f"GAME {r + 1}.")
        sheet.add()
        pairs = [list(range(k, min(k + 2, len(line.moves)))) for k in range(0, len(line.moves), 2)]
        half = -(-len(pairs) // 2)
        split = rnd.choice(["   |   ", "        "])
        for k in range(half):
            left = f"{k + 1:>3}. " + "  ".join(f"{texts(r, j):<6}" for j in pairs[k])
            keys = [(r, j) for j in pairs[k]]
            right = ""
            if k + half < len(pairs):
                right = f"{k + half + 1:>3}. " + "  ".join(f"{texts(r, j):<6}" for j in pairs[k + half])
                keys += [(r, j) for j in pairs[k + half]]
            sheet.add(f"{left:<24}" + (split + right if right else ""), keys)
        sheet.add()
    return sheet.page(lines, "two halves side by side, each row by row")


SIDE_HEADS = ["GAME {}.", "Game No. {}.", "GAME NUMBER {}.", "{}."]   # what heads each game


def games_side_by_side(lines, texts, rnd) -> Page:
    """Two or three games side by side, each in its own pair of columns (Black's, White's)
    read down, a heading over each (`GAME 1.`), centred over its pair or set at its left, a
    row naming the sides under the headings or not; a game that ends first leaves its
    columns empty below (its verdict, when it has one, in the cell after its last move)."""
    sheet = Sheet()
    width = max([len(texts(r, j)) for r, line in enumerate(lines) for j in range(len(line.moves))]
                + [len(line.verdict) for line in lines])
    cell = max(width, 6) + rnd.randint(3, 5)
    gap = rnd.randint(4, 8)
    pair = 2 * cell + gap
    align = rnd.choice(["^", "<"])
    head = rnd.choice(SIDE_HEADS)
    heads = "".join(f"{head.format(r + 1):{align}{2 * cell}}" + " " * gap
                    for r in range(len(lines)))
    sheet.add("   " + heads)
    if rnd.random() < 0.7:
        sheet.add("   " + "".join(f"{'Black.':<{cell}}{'White.':<{cell}}" + " " * gap
                                   for _ in lines))
    rows = [[texts(r, j) for j in range(len(line.moves))] + ([line.verdict] if line.verdict else [])
            for r, line in enumerate(lines)]
    for k in range(0, max(len(cells) for cells in rows), 2):
        text, keys = "", []
        for r, cells in enumerate(rows):
            here = cells[k:k + 2]
            text = f"{text:<{r * pair}}" + "".join(f"{t:<{cell}}" for t in here)
            keys += [(r, j) for j in range(k, min(k + 2, len(lines[r].moves)))]
        sheet.add("   " + text, keys)
    return sheet.page(lines, "two halves side by side, each row by row" if len(lines) == 2
                      else "three parts side by side, each row by row")


def colour_rows(lines, texts, rnd) -> Page:
    """A ply a row, the colour named: `1.   B.     11    15`."""
    sheet = Sheet()
    for r, line in enumerate(lines):
        sheet.add(f"GAME {'I' * (r + 1)}.")
        sheet.add()
        sheet.add("  No. Colour. from   to")
        sheet.add()
        pos = engine.from_fen(line.start)
        for j, move in enumerate(line.moves):
            shown = texts(r, j).replace("-", " ").split()
            colour = "B." if pos.turn == "B" else "W."
            sheet.add(f"  {j + 1:>2}.   {colour}   " + "".join(f"{s:>6}" for s in shown), [(r, j)])
            pos = engine.play(pos, move)
        sheet.add()
    return sheet.page(lines, "row by row")


def numbered_pairs(lines, texts, rnd) -> Page:
    """Prose pairs numbered between the moves: `11 to 15  --1--  23 to 19`."""
    sheet = Sheet()
    for r, line in enumerate(lines):
        sheet.add(f"THE {NAMES[r % len(NAMES)].upper()} GAME.")
        sheet.add()
        sheet.add("   BLACK.           WHITE.")
        for k in range(0, len(line.moves), 2):
            keys = [(r, j) for j in range(k, min(k + 2, len(line.moves)))]
            cells = [f"{texts(*key):>8}" for key in keys]
            sheet.add(f"  {cells[0]}  --{k // 2 + 1:>2}--  " + (cells[1].strip() if len(cells) > 1 else ""),
                      keys)
        sheet.add()
    return sheet.page(lines, "row by row")


def box_table(lines, texts, rnd) -> Page:
    """Games or openings in a table drawn with rules, a column each, named over the columns;
    `*` before the losing move."""
    sheet = Sheet()
    width = 9
    rule = "  +" + "+".join("-" * width for _ in lines) + "+"
    names = rnd.sample(SHORT, len(lines))
    sheet.add(rule)
    sheet.add("  |" + "|".join(f"{name + '.':^{width}}" for name in names) + "|")
    sheet.add(rule)
    height = max(len(line.moves) + bool(line.verdict) for line in lines)
    starred = {r: rnd.randrange(len(line.moves)) for r, line in enumerate(lines) if rnd.random() < 0.5}
    for row in range(height):
        cells, keys = [], []
        for r, line in enumerate(lines):
            if row < len(line.moves):
                text = ("*" if starred.get(r) == row else "") + texts(r, row)
                keys.append((r, row))
            elif row == len(line.moves) and line.verdict:
                text = line.verdict.replace("Black", "B.").replace("White", "W.")
            else:
                text = ""
            cells.append(f"{text:^{width}}")
        sheet.add("  |" + "|".join(cells) + "|", keys)
    sheet.add(rule)
    for line, name in zip(lines, names):
        line.label = name.title()
    return sheet.page(lines, "each column on its own, top to bottom")


def row_per_opening(lines, texts, rnd) -> Page:
    """A table of openings, one a row: the name, then the moves across."""
    sheet = Sheet()
    width = max(len(line.moves) for line in lines)
    rule = "  " + "-" * 18 + "+" + "+".join("-------" for _ in range(width))
    sheet.add(rule)
    names = rnd.sample(NAMES, len(lines))
    for r, (line, name) in enumerate(zip(lines, names)):
        cells = [f" {texts(r, j):>5} " for j in range(len(line.moves))]
        cells += ["       "] * (width - len(cells))
        sheet.add(f"  {name:<17}|" + "|".join(cells), [(r, j) for j in range(len(line.moves))])
        line.label = name
    sheet.add(rule)
    return sheet.page(lines, "each row on its own")


def opening_sentences(lines, texts, rnd) -> Page:
    """Openings named in sentences: `The Single Corner: 11 to 15, 22 to 18, 15 to 22.`, or
    given without a name: `9 to 14, 22 to 17, 11 to 15.`"""
    sheet = Sheet()
    sheet.add("THE OPENINGS.")
    sheet.add()
    names = rnd.sample(NAMES, len(lines)) if rnd.random() < 0.6 else [""] * len(lines)
    for r, (line, name) in enumerate(zip(lines, names)):
        moves = ", ".join(texts(r, j) for j in range(len(line.moves)))
        sheet.add(f"The {name}: {moves}." if name else f"{moves}.",
                  [(r, j) for j in range(len(line.moves))])
        sheet.add()
        line.label = name
    return sheet.page(lines, "row by row")


PROSE = ["Black opened {}, and White answered {};", "then {} and {};", "after {}, {};",
         "he went on with {}, met by {};", "{}, {};"]


def prose(lines, texts, rnd) -> Page:
    """A game told in running text: `Black opened 11 to 15, and White answered 23 to 19; ...`"""
    sheet = Sheet()
    for r, line in enumerate(lines):
        sheet.add(f"THE {NAMES[r].upper()}.")
        sheet.add("As played at the club.")
        words, keys = [], []
        for k in range(0, len(line.moves) - 1, 2):
            form = PROSE[0] if k == 0 else rnd.choice(PROSE[1:])
            words.append(form.format(texts(r, k), texts(r, k + 1)))
            keys.append([(r, k), (r, k + 1)])
        if len(line.moves) % 2:
            words.append(f"and lastly {texts(r, len(line.moves) - 1)}.")
            keys.append([(r, len(line.moves) - 1)])
        row, row_keys = "", []
        for text, key in zip(words, keys):
            if len(row) + len(text) > 72:
                sheet.add(row, row_keys)
                row, row_keys = "", []
            row, row_keys = (row + " " + text).strip(), row_keys + key
        sheet.add(row, row_keys)
        sheet.add()
        sheet.add("The rest of the evening passed quietly.")
        sheet.add()
    return sheet.page(lines, "row by row")


def game_with_notes(lines, texts, rnd, after: bool = False) -> Page:
    """A game in pairs with a letter before the move a note leaves it at (`a 11-15`), and the
    note under the game: `a. 9-14, 22-17, 11-15, ...`; after: the letter in brackets after
    the move (`8-11 (a)`) or glued to it (`8-11a`) and the note in words under the game
    (`(a) 9-14 is also good, thus: 9-14, 22-17, ...`)."""
    sheet = Sheet()
    trunk, note = lines[0], lines[1]
    mark = rnd.choice([" (a)", "a"])
    sheet.add("GAME No. 1.")
    sheet.add()
    for k in range(0, len(trunk.moves), 2):
        keys = [(0, j) for j in range(k, min(k + 2, len(trunk.moves)))]
        if after:
            cells = [(texts(0, j) + (mark if j == note.at else "")).ljust(12) for _, j in keys]
        else:
            cells = [("a " if j == note.at else "  ") + texts(0, j) for _, j in keys]
        sheet.add("    " + "   ".join(cells).rstrip(), keys)
    sheet.add()
    own = range(note.at, len(note.moves))
    head = "  (a) The move here may be varied: " if after else "  a. "
    sheet.add(head + ", ".join(texts(1, j) for j in own) + ".", [(1, j) for j in own])
    sheet.add()
    return sheet.page(lines, "row by row")


def game_with_notes_after(lines, texts, rnd) -> Page:
    return game_with_notes(lines, texts, rnd, after=True)


# -- setups over their solutions ------------------------------------------------------------------
# A king marked beside its square in a side's list of squares ({} is the square), and how the
# side's name is set before its list
KING_MARKS = ["K{}", "K {}", "K. {}", "{}K", "{}k", "{}*", "{} (king)", "{} (K)"]
SIDE_FORMS = ["{}, ", "{}: ", "{}--", "{} ", "{} pieces on ", "{0[0]}. "]


def side_words(fen: str, king_mark: str = "", side_form: str = "{} ") -> str:
    """`Black men on 1, 5; kings on 9. White men on 18, 22; king on 30. White to move.`; with
    a king mark (`K {}`, `{}*`, ...) each side's squares in one list, kings marked:
    `Black: 1, 5, K 9. White: 18, 22, K 30. White to move.`"""
    pos = engine.from_fen(fen)
    pieces = engine.pieces(pos)
    out = []
    for colour, name in (("b", "Black"), ("w", "White")):
        men = [str(s) for s, p in sorted(pieces.items()) if p == colour]
        kings = [str(s) for s, p in sorted(pieces.items()) if p == colour.upper()]
        if king_mark:
            out.append(side_form.format(name) + ", ".join(men + [king_mark.format(k) for k in kings])
                       + ".")
            continue
        parts = ([f"men on {', '.join(men)}"] if men else []) + \
            ([f"king{'s' if len(kings) > 1 else ''} on {', '.join(kings)}"] if kings else [])
        out.append(f"{name} " + "; ".join(parts) + ".")
    return " ".join(out) + f" {'Black' if pos.turn == 'B' else 'White'} to move."


def stipulation(line: Line) -> str:
    """`Black to move and win.`, or only `Black to move.` when the line does not end in the
    win of the side to move (a page never contradicts itself)."""
    side = "Black" if line.start[0] == "B" else "White"
    return f"{side} to move" + (" and win." if line.verdict == f"{side} wins." else ".")


def setup_rows(fen: str, how: str, rnd: random.Random,
               drawing: tuple[str, str, str] | None = None, said: str = "") -> tuple[list[str], dict]:
    """The position printed before its solution: as a FEN, in words, or drawn (in the
    orientation, with the marks and in the frame given, else chosen at random)."""
    side = "Black" if fen[0] == "B" else "White"
    if how == "fen":
        return [f'[FEN "{fen}"]', ""], {}
    if how == "words":
        return [side_words(fen), ""], {}
    orientation, marks, frame = drawing or (rnd.choice([name for name, _ in ORIENTATIONS]),
                                            rnd.choice(sorted(MARKS)), rnd.choice(FRAMES))
    top = {"Black at the top": "BLACK.", "White at the top": "WHITE."}.get(orientation, "")
    bottom = {"BLACK.": "WHITE.", "WHITE.": "BLACK."}.get(top, "")
    rows = ["      " + top] if top and rnd.random() < 0.7 else []
    rows += board_rows(fen, orientation, marks, frame)
    rows += ["      " + bottom] if rows[0].strip() == top and top else []
    rows += ["", f"  {said or side + ' to move and win.'}", ""]
    return rows, {"orientation": orientation, "marks": marks, "frame": frame}


HEADINGS = [("VAR. {}.", "letters"), ("{}", "letters"), ("V.{}", "numbers"), ("Var. {}", "numbers")]


def solution(lines, texts, rnd, drawing=None, caption: bool = False) -> Page:
    """A position (drawn, in words, or a FEN) over its solution: the trunk, then each variation
    under its heading (`VAR. A.`, `A`, `V.1`), a verdict where a line ends the game, all read
    down each column, then across; the trunk's move a lettered variation leaves it at carries
    the letter (`A 10.15`). With `caption`, the stipulation stands centred right over the
    columns (no blank line between)."""
    sheet = Sheet()
    trunk = lines[0]
    sheet.add(f"Problem No. {rnd.randint(1, 99)}.")
    said = stipulation(trunk)
    rows, drawn = setup_rows(trunk.start, lines[0].label or "diagram", rnd, drawing, said)
    for row in rows[:-2] if caption else rows:
        sheet.add(row)
    if caption:
        sheet.add(" " * rnd.randint(8, 24) + said)
    else:
        sheet.add("Solution:--")
        sheet.add()
    form, kind = rnd.choice(HEADINGS)
    names = "ABCDEFGH" if kind == "letters" else "12345678"
    marks = {line.at: names[k] for k, line in enumerate(lines[1:])} if kind == "letters" else {}
    cells = [((marks[j] + " " if j in marks else "") + texts(0, j), (0, j))
             for j in range(len(trunk.moves))] + _verdict_cell(trunk)
    for k, line in enumerate(lines[1:], start=1):
        cells.append((form.format(names[k - 1]), None))
        cells += [(texts(k, j), (k, j)) for j in range(line.at, len(line.moves))] + _verdict_cell(line)
        line.label = names[k - 1]
    count = rnd.randint(2, 6)
    height = max(2, -(-len(cells) // count))
    for row in range(height):
        here = [cells[c * height + row] for c in range(count) if c * height + row < len(cells)]
        sheet.add("  " + "".join(f"{t:<9}" for t, _ in here), [key for _, key in here if key])
    sheet.add()
    return sheet.page(lines, "down each column, then across", orientation=drawn.get("orientation", ""))


def captioned_solution(lines, texts, rnd) -> Page:
    return solution(lines, texts, rnd, caption=True)


def _verdict_cell(line: Line) -> list:
    return [(line.verdict.replace("Black", "B.").replace("White", "W.").rstrip("."), None)] \
        if line.verdict else []


def setup_over_pairs(lines, texts, rnd) -> Page:
    """A position (drawn, in words, or a FEN) over its moves in numbered pairs."""
    sheet = Sheet()
    line = lines[0]
    sheet.add(f"STUDY No. {rnd.randint(1, 99)}.")
    rows, drawn = setup_rows(line.start, line.label or "diagram", rnd, said=stipulation(line))
    for row in rows:
        sheet.add(row)
    plies = list(range(len(line.moves)))
    first = 1 if line.start[0] == "W" else 0     # White moves first: `1. ... 23-19`
    chunks = [plies[:first]] if first else []
    chunks += [plies[k:k + 2] for k in range(first, len(plies), 2)]
    for n, chunk in enumerate(chunks, start=1):
        text = "  ".join(texts(0, j) for j in chunk)
        sheet.add(f"  {n}. " + ("...  " if n == 1 and first else "") + text, [(0, j) for j in chunk])
    if line.verdict:
        sheet.add("  " + line.verdict)
    sheet.add()
    return sheet.page(lines, "row by row", orientation=drawn.get("orientation", ""))
