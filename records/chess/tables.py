"""Chess blocks read by the layout engine (core.layout): halves or parts of a game side by side,
columns read down then across, fractions over a numbered rule, LaTeX fractions, variations set
in a column beside the trunk, and boards drawn in any frame.

The family gives the engine its tokens and its replay. A cell's tokens are its move numbers,
moves and results (`1 $\\frac{P-K_4}{P-K_4}$`, a LaTeX fraction, is a number and two moves); a
move the grammar cannot read, in a cell that reads like a move, stays as dn.Unreadable. The
replay follows the printed numbers: a printed move 1 starts another game, a number the trunk
has passed starts a variation from the trunk's position there, any other number out of turn is
the failure. The line reader (book.py) offers every paragraph here first (read_block) and reads
the running text itself; the order the engine chose is named on the record (LAYOUT).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

import chess

from records.chess import descriptive as dn
from records.chess import diagrams
from records.chess.moves import moved_labels
from records.chess.repairs import position_after
from records.chess.resolver import Setup, resolve
from records.chess.text import FILE_CAPTURE, RESULT_ALONE, plain, prose
from records.core.layout import Block, Grid, Number, grid_of, page
from records.core.orders import Choice, Replay, choose, orders

MOVES = (dn.Move, dn.Unreadable)
NUMBERS = (dn.MoveNumber, Number)
MAX_CELL_TEXT = 90    # a longer cell is a sentence: the running-text reader takes it
MAX_TABLE_CELL = 40   # a cell of a table holds a number and a move or two, no more
CONTINUING = "continuing the line above"
FRACTION = re.compile(r"(?:(\d+)\s*)?\$\s*(?:(\d+)\s*)?\\frac\s*"
                      r"\{((?:[^{}]|\{[^{}]*\})*)\}\s*\{((?:[^{}]|\{[^{}]*\})*)\}\s*\$")
# a move typeset alone, White's last when Black's reply is not printed (`27 $B-KKt_2$`)
TYPESET_MOVE = re.compile(r"(?:(\d+)\s*)?\$\s*(?:(\d+)\s*)?(?!\\frac)([^${}\\]*[A-Za-z][^${}\\]*)\$")
MOVE_HINT = re.compile(rf"\d|x|[Cc]astles|[O0]--?[O0]|\bsq\b|square|takes|\u00d7|{FILE_CAPTURE}|"
                       + "|".join(dn.RANK_NUMBERS))   # P. to K. fourth
CHESSY = re.compile(r"[KQRBNPSDTLFCA\u2654-\u265f]|[a-h][1-8]|[O0]--?[O0]|^\s*\d{1,3}\s?\.|" + FILE_CAPTURE)
MOVE_LIKE = re.compile(r"^[KQRBPNOo0][A-Za-z. '()=x\u00d7-]{0,12}[1-8]?(?:\s?(?:ch|mate))?\s?[!?]{0,2}$")


# -- what the engine hands back to the line reader ------------------------------------------------
@dataclass
class Table:
    """A block of notation read in the order replay chose, cut into its lines of play: each
    part is ("continuing", items) for the game above, ("game", items) or ("variation", items),
    the items (numbers, moves, results) in the chosen order."""
    line: int
    end_line: int
    parts: list
    layout: str                      # the order, as a LAYOUT diagnostic names it
    rivals: list = field(default_factory=list)   # other orders read whole, with other games
    start: Setup | None = None       # the diagram's setup the reading chose
    failure: tuple | None = None     # (line, column, why): a number out of turn in the best order


@dataclass
class Board:
    """A position drawn in the block: its placements either way up, named."""
    line: int
    end_line: int
    placements: list


# -- tokens -----------------------------------------------------------------------------------------
class ChessReader:
    """The chess family's Reader for the layout engine (core.pages.Reader)."""

    def __init__(self, alone: frozenset = frozenset()):
        self.running = False   # a cell of running text was seen: the block is no table
        self.alone = alone     # lines of one cell: a result there is below the table, not in it

    def tokens(self, cell) -> list:
        text = plain(cell.text)
        if "\\frac" in text or "$" in text and TYPESET_MOVE.search(text):
            return fraction_items(text, cell.line, cell.column - 1)
        if len(text) <= MAX_TABLE_CELL and RESULT_ALONE.match(text.strip()):   # `Resigns`, `½–½`
            if cell.line in self.alone:
                return []   # the line reader gives it to the game the table holds
            found = dn.parse(text, cell.line, list(range(cell.column, cell.column + len(text) + 1)))
            if found and all(isinstance(i, dn.Result) for i in found):
                return found
        if len(text) > MAX_CELL_TEXT or not MOVE_HINT.search(text) or not CHESSY.search(text) \
                or prose(text):
            return []
        items = [_placed(item, cell.line, cell.column) for item in _cell_items(text)]
        if sum(isinstance(i, NUMBERS) for i in items) > 1 or sum(isinstance(i, MOVES)
                                                                for i in items) > 2:
            self.running = True   # `4. Kt-KB3, P-KKt4; 5. P-Q4`: moves in a sentence
        return items

    def notation(self, grid: Grid) -> bool:
        """Is the block a table whose order must be chosen (and not rows of one game, or moves
        in sentences, which the running-text reader reads): a numbered rule, LaTeX fractions,
        a row holding moves of two numbers in cells of their own (halves, a variation beside
        the trunk), or unnumbered moves in columns."""
        rows = grid.block.rows
        moves = sum(isinstance(t, MOVES) for t in grid.tokens())
        if not moves:
            return False
        if any(r.rule == "numbered" for r in rows) or any("\\frac" in r.text for r in rows):
            return True
        if self.running:
            return False
        if any(_two_numbers(row) or _lines_side_by_side(row) for row in grid.rows) or \
                any(map(_over_unnumbered, grid.rows, grid.rows[1:])) or \
                _numbers_across(grid.rows):
            return True
        numbered = any(isinstance(t, NUMBERS) for t in grid.tokens())
        return not numbered and grid.width >= 2 and len(grid.rows) >= 2 and moves >= 4

    def setups(self, block: Block) -> list:
        ranks = diagrams.drawn_ranks([r.text for r in block.rows])
        if ranks is None:
            return []
        return [(drawn_name(f"the diagram, {name.lower()}"),
                 drawn_setup(placement, f"the diagram, {name.lower()}"))
                for name, placement in diagrams.placements(ranks)]

    def heading(self, block: Block) -> str:
        return ""   # the line reader keeps the headings

    def start(self):
        return "", Setup()

    def replay(self, tokens: list, start: Setup) -> Replay:
        return replay(tokens, start)

    def continuation(self, replay: Replay):
        return _end_setup(replay)

    def beyond(self, replay: Replay) -> int:
        return misprint_reach(replay)


MISPRINT_BUDGET = 2000   # resolver nodes for each move tried in a misprint's place


def misprint_reach(replay: Replay) -> int:
    """How many tokens a reading that stops at a move replays with that move taken as a
    misprint: the stop, the misprint, and the moves of its line replayed after it when the
    legal move that goes furthest stands in its place (a reading that stops elsewhere: how far
    it replays). An order whose misprint comes early goes on to its end; an order that is
    not the book's stops again soon after."""
    reading, stop = replay.value, replay.consumed
    if replay.whole or not isinstance(reading, Reading) or not isinstance(replay.at, dn.Move):
        return stop
    line = reading.lines[reading.owner[stop]]
    k = next((i for i, (index, _) in enumerate(line.moves) if index == stop), None)
    if k is None or len(line.made) != k:
        return stop
    before = (line.parent.made[:line.at] if line.parent is not None else []) + line.made
    board, labels = position_after(reading.setup, before)
    rest = [tok for _, tok in line.moves[k + 1:]]
    best = 0
    for move in board.legal_moves:
        after = board.copy(stack=False)
        after.push(move)
        res = resolve(after, rest, marks_checks=reading.setup.marks_checks,
                      labels=moved_labels(labels, board, move), budget=[MISPRINT_BUDGET])
        best = max(best, len(rest) if res.readings else max(res.failed_at, 0))
        if best == len(rest):
            break
    return stop + 1 + best


def _lines_side_by_side(row: list) -> bool:
    """A row of a number and three moves or more (`4.  P-QKt4  P-B3  P-Q3`): a table of lines
    of play, the number each line's (an opening's variations, a column each)."""
    return sum(isinstance(t, NUMBERS) for t in row) == 1 and isinstance(row[0], NUMBERS) \
        and sum(isinstance(t, MOVES) for t in row) >= 3


def _over_unnumbered(row: list, below: list) -> bool:
    """A numbered row of moves over a row of as many moves without a number (`4.  P-Q3
    P-QKt3` over `P-QB4  Q-B3`): White's moves over Black's, a column for each line of play."""
    moves = sum(isinstance(t, MOVES) for t in row)
    return isinstance(row[0], NUMBERS) and moves >= 2 and len(below) == moves and \
        all(isinstance(t, MOVES) for t in below)


def _numbers_across(rows: list) -> bool:
    """A first row of move numbers alone (`2.  3.  4.  5.`) over rows of moves: a table of
    lines of play, a pair of rows each, the numbers heading the columns."""
    return len(rows) >= 3 and len(rows[0]) >= 2 and all(isinstance(t, NUMBERS) for t in rows[0]) \
        and all(isinstance(t, MOVES) for row in rows[1:] for t in row)


def _two_numbers(row: list) -> bool:
    """A row with two numbered cells, and more than a move for each side of one. The numbers
    may be the same: a variation that leaves the trunk at White's move is printed beside it
    under the trunk's own number (`5. Q-B1  Q-Kt3     5. R-R2  PxQP`)."""
    numbers = sum(isinstance(t, NUMBERS) for t in row)
    moves = sum(isinstance(t, MOVES) for t in row)
    return moves > 2 and numbers >= 2


@lru_cache(maxsize=8192)
def _cell_items(text: str) -> tuple:
    """A cell's numbers, moves and results at columns from 0 (cached: books repeat cells); a
    cell that reads like a move but will not parse is one Unreadable move."""
    items = dn.parse(text, 0, list(range(len(text) + 1)))
    if any(isinstance(i, dn.Unreadable) for i in items):
        number = re.match(r"\s*(\d{1,3})\s?\.\s*", text)
        rest = text[number.end():] if number else text
        if len(rest) > MAX_TABLE_CELL or not MOVE_LIKE.match(rest.strip()):
            return ()
        head = (dn.move_number(int(number.group(1)), 0, number.start(1)),) if number else ()
        skip = number.end() if number else 0
        return head + (dn.Unreadable(rest.strip(), 0, skip + len(rest) - len(rest.lstrip()),
                                     f"cannot read {rest.strip()!r} as a move"),)
    return tuple(i for i in items if isinstance(i, (dn.Move, dn.MoveNumber, dn.Result)))


def _placed(item, line: int, column: int):
    if isinstance(item, dn.Move):
        return dn.placed(item, line, column + item.column)
    if isinstance(item, dn.MoveNumber):
        return dn.move_number(item.number, line, column + item.column, item.continuation)
    if isinstance(item, dn.Unreadable):
        return dn.Unreadable(item.text, line, column + item.column, item.message)
    return dn.Result(item.text, line, column + item.column)


def fraction_items(text: str, lineno: int, offset: int = 0) -> list:
    """A LaTeX fraction's number, White's move over Black's (`1 $\\frac{P-K_4}{P-K_4}$`), or a
    number and White's move alone (`27 $B-KKt_2$`), each at its column (offset: the text's
    first column less one)."""
    items: list = []
    found = sorted([*FRACTION.finditer(text), *TYPESET_MOVE.finditer(text)], key=lambda m: m.start())
    for m in found:
        number = m.group(1) or m.group(2)
        if number is None or not re.search(r"[A-Za-z]", m.group(3)):
            continue
        column = (m.start(1) if m.group(1) else m.start(2)) + 1 + offset
        items.append(dn.move_number(int(number), lineno, column))
        for group in range(3, m.re.groups + 1):
            moved, cols = dn.untypeset(m.group(group), m.start(group) + 1 + offset)
            parsed = [i for i in dn.parse(moved, lineno, cols) if not isinstance(i, dn.MoveNumber)]
            if sum(isinstance(i, MOVES) for i in parsed) != 1:
                parsed = [dn.Unreadable(moved.strip(), lineno, cols[0] if cols else column,
                                        f"cannot read {moved.strip()!r} as one move")]
            items += parsed if moved.strip() else []
    return items


# -- the replay: games, variations and the printed numbers -----------------------------------------
@dataclass
class Line:
    """One line of play in a block's token stream: the trunk of a game, or a variation that
    leaves the trunk before its ply `at`."""
    number: int                  # the first move's number
    black: bool                  # Black moves first
    parent: Line | None = None
    at: int = 0
    skip: int = 0                # plies not printed: Black's first, when White moves twice
    index: int = 0               # its place among the block's lines
    column: int = 0              # where its last number was printed
    moves: list = field(default_factory=list)   # (index in the stream, token)
    made: list = field(default_factory=list)    # the moves of its first reading

    def due(self) -> tuple[int, bool]:
        plies = len(self.moves) + self.black + (self.skip if self.moves else 0)
        return self.number + plies // 2, plies % 2 == 1

    def ply_of(self, number: int, black: bool) -> int:
        return 2 * (number - self.number) + black - self.black


@dataclass
class Reading:
    """What a replay made: the setup, its lines of play, and the line each token is in."""
    setup: Setup
    lines: list
    owner: list

    def outcome(self):
        return (self.setup.fen, tuple((line.at if line.parent else -1,
                                       tuple(m.uci() for m in line.made)) for line in self.lines))


def replay(tokens: list, start: Setup, moves: bool = True) -> Replay:
    """How far the tokens replay from start: their numbers cut into lines of play, each line's
    moves replayed up to the first number out of turn (without moves: the numbers alone, for a
    block with one order and one start, whose moves the record replays anyway)."""
    setup = _first_turn(start, tokens)
    if setup is None:
        return Replay(0, len(tokens), "the diagram is no legal position with that side to move",
                      tokens[0] if tokens else None)
    board = setup.board()
    first, black = board.fullmove_number, board.turn == chess.BLACK
    printed = next((t for t in tokens if isinstance(t, NUMBERS)), None)
    unknown = False
    if setup.fen is None and printed is not None:   # a line printed from its nth move on
        first, black = number_of(printed), getattr(printed, "continuation", False)
        unknown = (first, black) != (1, False)
    lines, owner, stop, why = _lines_of(tokens, Line(first, black, skip=setup.double_first))
    agree = stop
    if unknown:   # its position is not given here: only its numbers can be followed
        return Replay(0, len(tokens), f"the position before move {first} is not given",
                      None, Reading(setup, lines, owner), agree)
    for line in lines if moves else ():
        failed = _resolve_line(line, setup, stop)
        if failed is not None and failed[0] < stop:
            stop, why = failed
    return Replay(stop, len(tokens), why, tokens[stop] if stop < len(tokens) else None,
                  Reading(setup, lines, owner), agree, len(lines), _unnumbered(tokens))


def _unnumbered(tokens: list) -> int:
    """Moves a numbered stream runs on past a move pair without a number (`4. P-QKt3 R-R2
    P-KKt4 P-Kt3`: two); 0 for a stream with no numbers."""
    if not any(isinstance(t, NUMBERS) for t in tokens):
        return 0
    out = run = 0
    for tok in tokens:
        if isinstance(tok, MOVES):
            run += 1
            out += run > 2
        elif isinstance(tok, NUMBERS):
            run = 0
    return out


def _lines_of(tokens: list, trunk: Line) -> tuple[list, list, int, str]:
    """The stream cut into lines of play by its printed numbers: (the lines, the line of each
    token, the index of the first number out of turn or len(tokens), why). A number out of
    turn leaves its token in the line it interrupts."""
    line, lines, owner = trunk, [trunk], []
    stop, why = len(tokens), ""
    for k, tok in enumerate(tokens):
        if isinstance(tok, NUMBERS):
            line, out = _line_at(tok, line, trunk, lines)
            trunk = line if line.parent is None else trunk
            if out and k < stop:
                stop, why = k, out
        elif isinstance(tok, MOVES):
            line.moves.append((k, tok))
        owner.append(line.index)
    return lines, owner, stop, why


def _line_at(tok, line: Line, trunk: Line, lines: list) -> tuple[Line, str]:
    """The line a printed number carries on or begins: a line of this game it is due in (of
    two, the one whose numbers stand in its column; the current one first), another game at a
    printed 1, a variation where the trunk has passed it."""
    number, dots = number_of(tok), getattr(tok, "continuation", False)
    due = [c for c in [line] + lines[trunk.index:] if c is line or c.parent is trunk or c is trunk
           if c.due()[0] == number and (c.due()[1] or not dots)]
    if due:
        found = min(due, key=lambda c: abs(c.column - tok.column) if c.column else 0)
        found.column = tok.column
        return found, ""
    if number == 1 and not dots and trunk.moves:          # another game
        lines.append(Line(1, False, index=len(lines), column=tok.column))
        return lines[-1], ""
    at = trunk.ply_of(number, dots)
    if 0 <= at < len(trunk.moves) + (trunk.skip if trunk.moves else 0):   # a variation
        lines.append(Line(number, dots, trunk, at, index=len(lines), column=tok.column))
        return lines[-1], ""
    return line, f"move {number} is printed where move {line.due()[0]} is due"


def _resolve_line(line: Line, setup: Setup, stop: int) -> tuple[int, str] | None:
    """Replay one line's moves before stream index stop (from the setup, or from its trunk's
    position where it leaves it); the stream index where it fails and why, or None."""
    from records.chess.algebraic import in_language
    board = setup.board()
    if line.parent is not None:
        if len(line.parent.made) < line.at:
            return (line.moves[0][0], "the variation leaves the trunk where it does not replay") \
                if line.moves else None
        for move in line.parent.made[:line.at]:
            board.push(move)
    printed = [t for k, t in line.moves if k < stop]
    if not printed:
        return None

    def depth(trial: list) -> int:
        res = resolve(board, trial)
        return len(trial) if res.readings else res.failed_at
    printed = in_language(board, printed, depth)[0]
    res = resolve(board, printed, setup.double_first, setup.marks_checks, strict_claims=True)
    if not res.readings:   # a false "ch" or "mate" is the book's to answer for, later
        loose = resolve(board, printed, setup.double_first, setup.marks_checks)
        res = loose if loose.readings else res
    if res.readings and not _claims_hold(board, printed, res.readings[0]):
        res.failed_at, res.readings = len(printed) - 1, []
    if res.readings:
        line.made = res.readings[0]
        return None
    at = res.failed_at if 0 <= res.failed_at < len(printed) else 0
    line.made = list(res.fail_path[:at]) if res.fail_path else []
    return line.moves[at][0], f"{printed[at].text!r} does not replay there"


def _claims_hold(board: chess.Board, printed: list, moves: list) -> bool:
    """Does every printed check and mate of a reading hold?"""
    board = board.copy(stack=False)
    for tok, move in zip(printed, moves):
        board.push(move)
        if getattr(tok, "mate", False) and not board.is_checkmate() or \
                getattr(tok, "check", False) and not board.is_check():
            return False
    return True


def number_of(tok) -> int:
    return tok.number if isinstance(tok, dn.MoveNumber) else tok.value


DRAWN = ("the diagram", "the position given in words")


def drawn_setup(placement: str, note: str) -> Setup:
    """A position drawn or given in words: whose move it is the printed line says."""
    return Setup(fen=f"{placement} w - - 0 1", note=note)


def drawn_name(note: str) -> str:
    return note.replace("the diagram, ", "the diagram read with ")


def _first_turn(start: Setup, tokens: list) -> Setup | None:
    """A drawn position's setup with the side to move the printed line says (`1. ...`: Black)
    and its first move number; other setups as they are."""
    if not start.note.startswith(DRAWN):
        return start
    first = next((t for t in tokens if isinstance(t, NUMBERS)), None)
    black = getattr(first, "continuation", False)
    fen = diagrams.start_fen(start.fen.split()[0], not black, number_of(first) if first else 1)
    return Setup(fen=fen, note=start.note) if fen else None


def _end_setup(replay: Replay) -> Setup | None:
    """Where the last line of a whole reading ends: the start of a block that carries it on."""
    reading = replay.value
    if not replay.whole or reading is None or not reading.lines:
        return None
    line = reading.lines[-1]
    board = reading.setup.board()
    for move in (line.parent.made[:line.at] if line.parent else []) + line.made:
        board.push(move)
    return Setup(fen=board.fen(), note=reading.setup.note)


# -- a paragraph offered by the line reader ---------------------------------------------------------
def read_block(lines: list[str], first: int, starts=lambda number: []) -> Table | Board | None:
    """What the engine reads in a paragraph (lines from line `first` on): a drawn board, a
    table in the order replay chose from one of the starts (starts(the block's first printed
    number) gives (name, Setup) pairs; the standard start comes last), or None for running
    text."""
    if not _may_be_table(lines):
        return None
    block = next(page(lines, first), None)
    if block is None:
        return None
    reader = ChessReader(frozenset(r.line for r in block.text_rows() if len(r.cells) == 1))
    found = reader.setups(block) if _may_be_board(lines) else []
    if found:
        drawn = [r.line for r in block.rows if diagrams.squares_of(r.text) is not None]
        return Board(block.line, max(drawn), [(s.fen.split()[0], s.note) for _, s in found])
    grid = grid_of(block, reader.tokens)
    if not grid.rows or not reader.notation(grid):
        return None
    offered = list(starts(_first_number(grid))) + [reader.start()]
    if len(orders(grid)) == 1 and len(offered) == 1:   # nothing to choose: the numbers alone
        return _table_of(grid, choose(grid, lambda t, s: replay(t, s, moves=False), offered))
    return _table_of(grid, choose(grid, reader.replay, offered, beyond=reader.beyond))


def _first_number(grid: Grid):
    """The block's first printed number (top left), or None."""
    return next((t for t in grid.rows[0] if isinstance(t, NUMBERS)), None) if grid.rows else None


def _table_of(grid: Grid, choice: Choice) -> Table:
    best = choice.best
    rivals = _rivals(choice.winners)
    failure = None
    tokens = best.order.tokens
    if best.replay.agree < len(tokens):   # a number out of turn, in the best order there is
        at = tokens[best.replay.agree]
        due = best.replay.value.lines[best.replay.value.owner[best.replay.agree]].due()[0]
        failure = (at.line, at.column, f"move {number_of(at)} is printed where move {due} is due")
    start = best.start if best.start.note.startswith(DRAWN) else None
    lines = [t.line for t in best.order.tokens]
    return Table(min(lines), max(lines), _parts(best), "read " + choice.named(), rivals,
                 _first_turn(start, best.order.tokens) if start else None, failure)


def _rivals(winners: list) -> list[str]:
    """Readings that consume every token with different games, named: one per order (a start
    offered later, the usual one after the heading's odds, yields to an earlier one), and a
    diagram that reads whole either way up."""
    kept, orders = [], set()
    for reading in winners:
        key = tuple(map(id, reading.order.tokens))
        if key not in orders or reading.start_name.startswith("the diagram") and \
                any(k.start_name.startswith("the diagram") for k in kept):
            orders.add(key)
            kept.append(reading)
    return [r.order.name + (f", {r.start_name}" if r.start_name else "") for r in kept] \
        if len(kept) > 1 else []


def _parts(best) -> list:
    """The chosen order's items cut into its lines of play, in the order they begin."""
    reading = best.replay.value
    tokens = best.order.tokens
    owner = reading.owner if reading is not None else [0] * len(tokens)
    lines = reading.lines if reading is not None else [Line(1, False)]
    items: dict[int, list] = {}
    for tok, index in zip(tokens, owner):
        items.setdefault(index, []).append(
            dn.move_number(tok.value, tok.line, tok.column) if isinstance(tok, Number) else tok)
    kinds = {0: "continuing" if best.start_name == CONTINUING else "game"}
    return [(kinds.get(index, "variation" if lines[index].parent else "game"), found)
            for index, found in items.items()]


def _may_be_table(lines: list[str]) -> bool:
    """A cheap look before the engine's: a LaTeX fraction, a numbered rule, a drawn rank, a
    row with two numbered cells among three or more (halves, a variation beside the trunk),
    or two rows of unnumbered moves in cells of their own (columns)."""
    unnumbered = 0
    for line in lines:
        if "\\frac" in line or line.count("|") >= 7:
            return True
        stripped = line.strip()
        if _may_be_rank(stripped) or NUMBERED_RULE_LINE.match(stripped):
            return True   # a short rule (`6. ------ 7. ------`) holds no double space
        if "  " not in stripped and "\t" not in stripped:
            continue
        cells = [c.strip() for c in CELLS.split(stripped) if c.strip()]
        numbered = sum(bool(NUMBERED_CELL.match(c)) for c in cells)
        if numbered >= 2 and len(cells) >= 3 or numbered == 1 and len(cells) >= 4 \
                and NUMBERED_CELL.match(cells[0]):     # (lines side by side)
            return True
        moves = sum(len(c) <= MAX_TABLE_CELL and bool(MOVE_HINT.search(c)) for c in cells)
        unnumbered += not numbered and moves >= 2
    return unnumbered >= 2


CELLS = re.compile(r"\s{2,}|\t|\|")
NUMBERED_CELL = re.compile(r"\d{1,3}\s?\.")
NUMBERED_RULE_LINE = re.compile(r"^(?:\d{1,3}\.?\s*[-_=\u2013\u2014\u2500]{3,}\s*)+$")


def _may_be_rank(stripped: str) -> bool:
    words = stripped.split()
    return (8 <= len(words) <= 10 and all(len(w) <= 3 for w in words)
            or len(words) == 1 and len(stripped) == 8) and diagrams.squares_of(stripped) is not None


def _may_be_board(lines: list[str]) -> bool:
    return sum(line.count("|") >= 7 or _may_be_rank(line.strip()) for line in lines) >= 8
