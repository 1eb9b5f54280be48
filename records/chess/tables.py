"""Chess pages read through the layout engine (core.layout, core.pages): the family gives its
tokens (move numbers and moves, cell by cell), the setups a block draws (a board in a frame,
either way up), and its replay; the engine chooses the order of every block (rows, halves or
four columns side by side, fractions over a numbered rule, columns down then across) and names
it in a LAYOUT diagnostic.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import chess

from records.chess import descriptive as dn
from records.chess import diagrams
from records.chess.resolver import Setup, resolve
from records.core.layout import Block, Grid, Number, Replay

MOVES = (dn.Move, dn.Unreadable)
MAX_CELL_TEXT = 90    # a longer cell is a sentence: the running-text reader takes it


@dataclass
class Reading:
    """What a replay made: the setup, the moves in order, and the first reading."""
    setup: Setup
    moves: list
    readings: list

    def outcome(self):
        first = self.readings[0] if self.readings else []
        return (self.setup.fen, tuple(m.uci() for m in first))


class ChessReader:
    """The chess family's Reader for core.pages.read_page. Plain rows of one game (`1. P-K4
    P-K4`) are the running-text reader's; the engine takes the blocks whose order needs
    choosing: more columns than a number and two moves, a numbered rule, or the solution of a
    diagram drawn just above."""

    def __init__(self, settled: frozenset = frozenset()):
        self.after_diagram = False
        self.settled = settled   # lines the running-text reader read whole already

    def tokens(self, cell) -> list:
        from records.chess.book import _plain, _prose
        if cell.line in self.settled:
            return []
        text = _plain(cell.text)
        if len(text) > MAX_CELL_TEXT or _prose(text) or not any(ch.isalpha() for ch in text):
            return []
        if not MOVE_HINT.search(text):
            return []
        return [_placed(item, cell.line, cell.column) for item in _cell_items(text)]

    def notation(self, grid: Grid) -> bool:
        if grid.block.framed and diagrams.drawn_ranks([r.text for r in grid.block.rows]):
            return False
        moves = sum(isinstance(t, dn.Move) for t in grid.tokens())
        if moves < (1 if self.after_diagram else 2):
            return False
        tabular = grid.width > 3 or any(r.rule == "numbered" for r in grid.block.rows) \
            or self.after_diagram or any(len(row) > 3 for row in grid.rows)
        self.after_diagram = False
        return tabular

    def setups(self, block: Block) -> list:
        ranks = diagrams.drawn_ranks([r.text for r in block.rows])
        if ranks is None:
            return []
        self.after_diagram = True
        return [(f"the diagram read with {name.lower()}", Setup(fen=f"{placement} w - - 0 1",
                                                              note=f"the diagram, {name.lower()}"))
                for name, placement in diagrams.placements(ranks)]

    def heading(self, block: Block) -> str:
        from records.chess.book import heading_of
        if len(block.rows) > 2:
            return ""
        found = heading_of(block.rows[0].text)
        return found[0] if found else ""

    def start(self):
        return "", Setup()

    def replay(self, tokens: list, start: Setup) -> Replay:
        setup = _first_turn(start, tokens)
        if setup is None:
            return Replay(0, len(tokens), "the diagram is no legal position with that side to "
                          "move", tokens[0] if tokens else None)
        board = setup.board()
        moves, numbers_fail = [], None
        plies = 0 if board.turn == chess.WHITE else 1
        first = board.fullmove_number
        for k, tok in enumerate(tokens):
            if isinstance(tok, MOVES):
                moves.append((k, tok))
                plies += 1
            elif isinstance(tok, (dn.MoveNumber, Number)):
                due = first + plies // 2
                if _number_of(tok) != due and numbers_fail is None:
                    numbers_fail = (k, f"move {_number_of(tok)} is printed where move {due} is due")
        printed = [t for _, t in moves]
        res = resolve(board, printed, setup.double_first, setup.marks_checks, strict_claims=True)
        if not res.readings:   # a false "ch" or "mate" is the book's to answer for, later
            loose = resolve(board, printed, setup.double_first, setup.marks_checks)
            res = loose if loose.readings else res
        stop, why = len(tokens), ""
        if res.readings and not _claims_hold(board, printed, res.readings[0]):
            res.failed_at, res.readings = len(printed) - 1, []
        if not res.readings and moves:
            at = res.failed_at if 0 <= res.failed_at < len(moves) else 0
            stop, why = moves[at][0], f"{moves[at][1].text!r} does not replay there"
        if numbers_fail and numbers_fail[0] < stop:
            stop, why = numbers_fail
        value = Reading(setup, [t for _, t in moves], res.readings)
        return Replay(stop, len(tokens), why, tokens[stop] if stop < len(tokens) else None, value)

    def continuation(self, replay: Replay):
        reading = replay.value
        if not replay.whole or reading is None or not reading.readings:
            return None
        board = reading.setup.board()
        for move in reading.readings[0]:
            board.push(move)
        return Setup(fen=board.fen(), note=reading.setup.note)


MOVE_HINT = re.compile(r"\d|x|[Cc]astles|O-O")


@lru_cache(maxsize=8192)
def _cell_items(text: str) -> tuple:
    """A cell's numbers, moves and results at columns from 0 (cached: books repeat cells)."""
    items = dn.parse(text, 0, list(range(len(text) + 1)))
    if any(isinstance(i, dn.Unreadable) for i in items):
        return ()
    return tuple(i for i in items if isinstance(i, (dn.Move, dn.MoveNumber, dn.Result)))


def _placed(item, line: int, column: int):
    if isinstance(item, dn.Move):
        return dn.placed(item, line, column + item.column)
    if isinstance(item, dn.MoveNumber):
        return dn.move_number(item.number, line, column + item.column, item.continuation)
    return dn.Result(item.text, line, column + item.column)


def _claims_hold(board: chess.Board, printed: list, moves: list) -> bool:
    """Does every printed check and mate of a reading hold?"""
    board = board.copy(stack=False)
    for tok, move in zip(printed, moves):
        board.push(move)
        if getattr(tok, "mate", False) and not board.is_checkmate() or \
                getattr(tok, "check", False) and not board.is_check():
            return False
    return True


def _number_of(tok) -> int:
    return tok.number if isinstance(tok, dn.MoveNumber) else tok.value


def _first_turn(start: Setup, tokens: list) -> Setup | None:
    """A diagram's setup with the side to move the printed line says (`1. ...`: Black) and its
    first move number; other setups as they are."""
    if not start.note.startswith("the diagram"):
        return start
    first = next((t for t in tokens if isinstance(t, (dn.MoveNumber, Number))), None)
    black = isinstance(first, dn.MoveNumber) and first.continuation
    fen = diagrams.start_fen(start.fen.split()[0], not black, _number_of(first) if first else 1)
    return Setup(fen=fen, note=start.note) if fen else None


# -- records from the engine's spans, and which reading of a stretch of page to keep ----------
STATUS_RANK = {"valid": 3, "repaired": 2, "needs_review": 1, "invalid": 0}


def page_records(text: str, path: str, lines: list[str], records: list) -> list:
    """A record for every span of the page whose blocks the engine read (see ChessReader),
    leaving out the lines that records of the running-text reader read whole already."""
    from records.core.pages import read_page
    settled = _settled_lines(records)
    out = []
    for span in read_page(text, ChessReader(settled)):
        if span.choices and all(c.best is not None and c.best.replay.whole for c in span.choices):
            out.append(_record_of_span(span, path, lines))   # else the running text's stand
    return out


def _settled_lines(records: list) -> frozenset:
    """Lines one record alone covers, read whole, a line of its own (not a variation the
    running text hung on another: two games side by side may be one game in halves)."""
    count: dict[int, int] = {}
    for rec in records:
        for n in range(rec.line, rec.end_line + 1):
            count[n] = count.get(n, 0) + 1
    return frozenset(n for rec in records if _rank(rec)[0] >= STATUS_RANK["repaired"]
                     and "Variation" not in rec.tags
                     for n in range(rec.line, rec.end_line + 1) if count[n] == 1)


def _record_of_span(span, path: str, lines: list[str]):
    from records.chess.validation import validate_line
    from records.core.model import INFO, WARNING, Record
    first = span.choices[0].best
    rec = Record(kind="chess", title=span.heading or path.rsplit("/", 1)[-1], source=path,
                 line=span.line, end_line=span.end_line,
                 text="\n".join(lines[span.line - 1:span.end_line]))
    rec.tags["BookTitle"] = rec.title
    setup = _first_turn(first.start, first.order.tokens) or first.start
    if setup.note:
        rec.tags["SetUpNote"] = setup.note
    for block, choice in zip(span.blocks, span.choices):
        rec.add(INFO, "LAYOUT", f"read {choice.named()}", block.line, 1)
        winners = choice.winners
        if len(winners) > 1:
            rec.add(WARNING, "LAYOUT", "the block reads whole in several orders, with different "
                    "games: " + "; ".join(w.order.name + (f", {w.start_name}" if w.start_name
                                                          else "") for w in winners),
                    block.line, 1, "choose the order the book means")
    validate_line(rec, setup, span.tokens())
    rec.settle_status()
    return rec


def merged(records: list, found: list) -> list:
    """The book's records with the engine's: where a record the engine made covers lines that
    running-text records cover too, the better reading of them stays (valid before repaired
    before needs review; then the one that replays more moves); the rest keep book order."""
    out = list(records)
    for new in found:
        over = [r for r in out if r.line <= new.end_line and new.line <= r.end_line]
        if _rank(new)[0] < STATUS_RANK["repaired"] or over and not _better(new, over):
            for old in over:
                _name_layout(old, new)
            continue
        at = out.index(over[0]) if over else next((k for k, r in enumerate(out)
                                                   if r.line > new.line), len(out))
        if over:
            new.title = over[0].title
            new.tags = {**over[0].tags, **new.tags, "BookTitle": over[0].tags.get("BookTitle", new.title)}
        out = [r for r in out if r not in over]
        out.insert(min(at, len(out)), new)
    return out


def _better(new, old: list) -> bool:
    """The engine's reading replaces those of the running-text reader when it reads at least
    their moves, as well or better, and joins them or reads more."""
    if any(d.code == "CHESS-TRUNCATED" for r in old for d in r.diagnostics):
        return False   # the print goes on past what the engine read: the gap stays reported
    plies = sum(len(r.plies) for r in old)
    rank = max(_rank(r)[0] for r in old)
    return len(new.plies) >= plies and _rank(new)[0] >= rank and (
        len(new.plies) > plies or _rank(new)[0] > rank or len(old) > 1)


def _rank(rec) -> tuple[int, int]:
    rec.settle_status()
    return STATUS_RANK.get(rec.status, 0), len(rec.plies)


def _name_layout(old, new) -> None:
    """A running-text record the engine read the same way gets the engine's LAYOUT notes."""
    if old.plies and [p.normal for p in old.plies] == [p.normal for p in new.plies]:
        old.diagnostics += [d for d in new.diagnostics if d.code == "LAYOUT"]
