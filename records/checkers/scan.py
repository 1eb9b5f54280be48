"""Every checkers record in a book, read through the layout engine (records/core/pages.py).

The page reader (records/checkers/reading.py) gives the engine checkers tokens, the setups a
block draws and the replay of a stream of tokens as lines of play (records/checkers/stream.py);
the engine proposes the reading orders of each block and the starts it may be read from, and
replay chooses. Here each block's choice becomes records: one per line of play (a game, an
opening, a solution, each variation), replayed in full with repairs and diagnostics
(records/checkers/replay.py), named by what the page prints (records/checkers/titles.py), the
layout and the start the reading took said in an info diagnostic (`LAYOUT`).

A block read from the standard start whose reading replays fewer than MIN_PLIES plies is not a
game: running text that mentions a move or two, or numbers that look like moves (`10-4`, `3 to
2` in a bridge book's prose). Two plies, because a pair of numbers is a legal opening move by
chance about once in 140 (7 of the 992 ordered pairs of squares), and two in a row about once in
20,000; a printed setup, a table of several columns or a line carried on from above is taken at
any length.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from records.checkers import engine, notation, titles
from records.checkers.lines import PRINTED, compare_name, opening_name
from records.checkers.openings import name_record
from records.checkers.notation import Token, step_shape
from records.checkers.pdn_write import VERDICT_RESULTS
from records.checkers.reading import CheckersReader
from records.checkers.reading import value_of as reading_value
from records.checkers.replay import COLOUR, KIND, check_claim, pdn_text, replay_line
from records.checkers.stream import Line, Reading, Start, replay
from records.checkers.stream_tokens import moves_replay, segment_after
from records.core.layout import Block
from records.core.orders import Choice, Reading as Tried
from records.core.model import ERROR, INFO, WARNING, Ply, Record
from records.core.pages import Span, read_page

MIN_PLIES = 2
UNPLACED_MIN_MOVES = 8
UNPLACED_MIN_SQUARES = 6
EACH_COLUMN = "each column on its own, top to bottom"
EACH_ROW = "each row on its own"
COLUMNS = (EACH_COLUMN, "down each column, then across")
HEADING_REACH = 200    # lines below a heading where it still names the lines of play
VERDICT_GAP = 4        # lines under a game where its verdict, printed alone, may stand
_QUOTED = re.compile(r"[\"\u201c]([^\"\u201d]{2,40})[\"\u201d]\s+Opening", re.I)
_ANNOUNCES = re.compile(r"\b(?:Solution|Problem|Position|Study|Ending)\b", re.I)


def scan_book(text: str, path: str) -> list[Record]:
    """Every checkers record in a book: games, openings, solutions and their variations."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    reader = CheckersReader(lines)
    out: list[Record] = []
    used: set[str] = set()
    for span in read_page(lines, reader):
        out += SpanRecords(span, lines, path, used, reader).records()
    out.sort(key=lambda r: r.line)
    for rec in out:   # the published opening and ballot, as a PDN game's are named
        name_record(rec)
    return out


def _check_goal(rec: Record, piece: Piece) -> None:
    """The verdict closing a solution against what its diagram's stipulation promised (`Black
    to move and win` over a solution ending `Drawn.`): one of the two is misprinted. Only the
    solution itself (its variations may show how a weaker move fails)."""
    setup = piece.tried.start.setup if piece.tried.start.kind == "setup" else None
    line = piece.line
    if setup is None or line.parent is not None or line.start is None:
        return
    goal = (setup.get("goals") or {}).get(line.start.turn, "")
    if not goal or piece.claim.value == goal:
        return
    promised = {"B": "Black wins", "W": "White wins", "draw": "a draw"}[goal]
    rec.add(WARNING, "CHECKERS-CLAIM", f'the solution ends "{piece.claim.text}" but its '
            f'diagram (line {setup["line"]}) promises {promised}', piece.claim.line,
            piece.claim.column, suggestion=f"verdict: {promised}")


# -- which reading ---------------------------------------------------------------------------
_KIND_ORDER = {"setup": 0, "continuing": 1, "standard": 2}


def _preference(tried: Tried) -> tuple:
    reading: Reading = tried.replay.value
    restarts = sum(line.kind in ("restart", "after") for line in reading.lines)
    return (tried.start.rank, restarts, len(reading.lines), _KIND_ORDER[tried.start.kind])


def pick(choice: Choice) -> tuple[Tried, list[Tried]]:
    """The reading taken: of those that replay every printed token, the one the print prefers
    (a diagram as labelled, fewest lines, a printed setup first); and the others that replay
    alike but differently (the record then needs review)."""
    whole = [t for t in choice.readings if t.replay.whole]
    if not whole:
        best = choice.best
        if not any(len(line.played) >= MIN_PLIES for line in best.replay.value.lines):
            mended = _mended(choice)     # a misprint in the first moves: play goes on past it
            if sum(len(line.played) + line.beyond
                   for line in mended.mended.lines) >= 2 * MIN_PLIES:
                return mended, []
            ties = [t for t in choice.readings if t.replay.consumed == best.replay.consumed]
            return min(ties, key=lambda t: (t.start.rank, _KIND_ORDER[t.start.kind])), []
        return _mended(choice), []
    best = min(whole, key=_preference)
    key = _preference(best)[:3]
    rivals, seen = [], {best.replay.value.outcome()}
    for tried in whole:
        outcome = tried.replay.value.outcome()
        if _preference(tried)[:3] == key and outcome not in seen:
            seen.add(outcome)
            rivals.append(tried)
    return best, rivals


MENDED = 6     # readings, the most read first, replayed with repairs when none reads whole


def _mended(choice: Choice) -> Tried:
    """When no reading replays everything (a misprint): of the readings that read most, the
    one that replays most plies once its lines are repaired where one edit lets them go on
    (the record's replay, which names the repair or the error); among equals, the fewest
    repairs, the printed start's, then the fewest lines."""
    tried = choice.readings[:MENDED]
    scored = []
    for rank, one in enumerate(tried):
        mended = replay(one.order.tokens, one.start, tolerant=True).value
        plies = sum(len(line.played) + line.beyond for line in mended.lines)
        repairs = sum(line.repairs for line in mended.lines)
        scored.append((-plies, repairs, one.start.rank, _KIND_ORDER[one.start.kind],
                       len(mended.lines), rank))
        one.mended = mended
    return tried[min(scored)[-1]]


def _fresh_too(choice: Choice, tried: Tried) -> bool:
    """A block read on from the line above (the preferred start) that replays whole from
    the standard start too, to another end: which the book means, the board cannot say."""
    if tried.start.kind != "continuing" or not tried.replay.whole:
        return False
    ends = tried.replay.value.outcome()
    return any(t.replay.whole and t.start.kind == "standard" and t.replay.value.outcome() != ends
               for t in choice.readings)


def named(tried: Tried) -> str:
    return tried.order.name + (f", {tried.start_name}" if tried.start_name else "")


# -- a span's records ---------------------------------------------------------------------------
@dataclass
class Piece:
    """One record's worth: a line of play and the lines of later blocks that carry it on."""
    line: Line
    block: Block
    tried: Tried
    title: str
    moves: list[Token] = field(default_factory=list)
    claim: Token | None = None
    record: Record | None = None
    unfinished: bool = False      # the moves stop short (`&c.`): the result is stated only


class SpanRecords:
    def __init__(self, span: Span, lines: list[str], path: str, used: set[str],
                 reader: CheckersReader):
        self.span, self.lines, self.path, self.used = span, lines, path, used
        self.reader = reader
        self.turns: list[tuple[int, int, Piece]] = []   # a page turn a line may not go past
        self.pieces: list[Piece] = []
        self.of_line: dict[int, Piece] = {}
        self.base = ""
        self.rivals: list[Tried] = []
        self.fresh: list[Block] = []   # blocks read on from the line above that replay as
        #                                well as lines of their own from the start
        self.headed: dict[int, tuple[str, int, int]] = {}   # line id -> its column's heading
        self.generic = False   # the base title is the block's place, no printed name
        self.opening = ""      # the opening a heading names (`Game No. 2.--"Kelso-Cross" Opening.`)

    def records(self) -> list[Record]:
        previous: Reading | None = None
        for index, (block, choice) in enumerate(zip(self.span.blocks, self.span.choices)):
            tried, rivals = pick(choice)
            if index == 0:
                if not self._worth(block, choice, tried):
                    return self._unplaced(block, choice, tried)
                self.base, self.rivals = self._base_title(block, choice, tried), rivals
            if index and _fresh_too(choice, tried):
                self.fresh.append(block)
            if index and self.pieces:
                self._note_page_turn(block, choice)
            start = tried.start if index == 0 else _carry(previous, tried.start)
            reading: Reading = getattr(tried, "mended", None) if index == 0 else None
            if reading is None and index == 0 and not tried.replay.failure:
                reading = tried.replay.value   # from the same start, and no line stopped: the
                # tolerant replay would take none of its other turns and read the same lines
            reading = reading or replay(tried.order.tokens, start, tolerant=True).value
            self._collect(block, choice, tried, reading)
            earlier = previous.lines if previous is not None else []
            previous = Reading(earlier + reading.lines, start, reading.current)
        self._verdict_below()
        out = [self._record(piece) for piece in self.pieces if piece.moves or piece.line.failed]
        self._cut_at_page_turns()
        self._cut_mid_row()
        return out

    def _cut_mid_row(self) -> None:
        """A line of play that stops, with no verdict, where its printed row goes on in another
        cell, the rest of the row read as a line of its own from the start: the row was most
        likely misread (two games side by side read across): never whole (a warning, where
        the row goes on). Openings named one after another in a sentence share a cell."""
        firsts = {(p.moves[0].line, p.moves[0].column): p for p in self.pieces
                  if p.moves and p.line.parent is None and p.line.kind in ("restart", "after")}
        for piece in self.pieces:
            rec = piece.record
            if rec is None or not piece.moves or piece.claim is not None:
                continue
            last = piece.moves[-1]
            row = next((r for r in piece.block.rows if r.line == last.line), None)
            cell = next((c for c in row.cells if c.column <= last.column < c.end), None) \
                if row is not None else None
            nxt = next((q for (line, column), q in sorted(firsts.items())
                        if line == last.line and cell is not None and column >= cell.end), None)
            if nxt is None or nxt is piece:
                continue
            begin = nxt.moves[0]
            rec.add(WARNING, "LAYOUT", f'{rec.title} stops at "{last.text}" but its row goes '
                    f'on with "{begin.text}", read as {nxt.title} from the start: the row may be '
                    "misread (games side by side read across?)", begin.line, begin.column)
            rec.settle_status()

    def _note_page_turn(self, block: Block, choice: Choice) -> None:
        """A block after the page turns (its number, a running head: page furniture passed
        over) that replays from no start: the line above it may go on there, misprinted."""
        above = self.span.blocks[self.span.blocks.index(block) - 1]
        turns = [n for n in range(above.end_line + 1, block.line)
                 if self.reader.page_turn(n)]
        if turns and not any(t.replay.whole for t in choice.readings):
            self.turns.append((turns[0], block.line, self.pieces[-1]))

    def _cut_at_page_turns(self) -> None:
        """The line of play that stops at a page turn when moves printed after the turn do
        not carry it on: not whole, whatever it replays (a warning, at the turn)."""
        for turn, after, piece in self.turns:
            rec = piece.record
            if rec is None or "Result" in rec.tags or any(m.line > turn for m in piece.moves):
                continue
            rec.add(WARNING, "CHECKERS-PAGE-TURN", f"the page turns at line {turn} and the moves "
                    f"from line {after} on do not carry {rec.title} on from where it stops: "
                    "the game may be cut short there", turn, 1)
            rec.settle_status()

    def _verdict_below(self) -> None:
        """A verdict printed on its own under the last block (`&c.` then `White loses.`): the
        last line's result; stated, not checked, when the moves stop short (`&c.`)."""
        last = self.span.blocks[-1]
        piece = self.pieces[-1] if self.pieces else None
        if piece is None or piece.claim is not None:
            return
        for note in self.span.notes:
            if 0 < note.line - last.end_line <= VERDICT_GAP:
                found = [t for r in note.text_rows() for t in notation.tokens(r.text, r.line)
                         if t.kind not in ("word", "other")]
                if len(found) == 1 and found[0].kind == "result":
                    found[0].value = reading_value(found[0])
                    piece.claim = found[0]
                    piece.unfinished = "&c" in "\n".join(self.lines[last.line - 1:note.line])
                return

    def _worth(self, block: Block, choice: Choice, tried: Tried) -> bool:
        """Checkers, not numbers that look like moves: a line replays MIN_PLIES plies (twice
        that when its moves are squares printed in cells of their own, as tables of figures
        print numbers), or the block is read from a printed setup."""
        if tried.start.kind == "setup":
            return True
        reading: Reading = tried.replay.value
        return any(len(line.played) + line.beyond
                   >= (MIN_PLIES if any(m.kind == "move" for m in line.moves) else 2 * MIN_PLIES)
                   or _misprint_then_play(line, tried.order.tokens) for line in reading.lines)

    def _collect(self, block: Block, choice: Choice, tried: Tried, reading: Reading) -> None:
        heads = titles.column_titles(_grid_of(choice)) if tried.order.name in COLUMNS else \
            titles.band_titles(_grid_of(choice), tried.order.band) if tried.order.band else {}
        for index, line in enumerate(reading.lines):
            if not line.moves and not line.failed:
                continue
            carried = self.of_line.get(id(line.continues)) if line.continues is not None else None
            if carried is not None:
                carried.moves += line.moves
                carried.claim = line.claim or carried.claim
                self.of_line[id(line)] = carried
                continue
            piece = Piece(line, block, tried, self._title(line, block, tried, heads, index),
                          list(line.moves), line.claim)
            self.pieces.append(piece)
            self.of_line[id(line)] = piece

    # -- titles --------------------------------------------------------------------------
    def _base_title(self, block: Block, choice: Choice, tried: Tried) -> str:
        first = next((t for t in tried.order.tokens if getattr(t, "kind", "") in ("move", "num")),
                     None)
        found = (tried.start.title or titles.block_title(block, _grid_of(choice))
                 or (titles.lead_words(self.lines, first) if first is not None else "")
                 or titles.title_above(self.lines, block.line))
        opening = titles.quoted_opening(self.lines, block.line)
        if not found and opening:
            found = f"{opening} Opening (line {first.line if first else block.line})"
        heading = titles.clean(self.span.heading) \
            if 0 < block.line - self.span.heading_line <= HEADING_REACH else ""
        above = " ".join(self.lines[max(0, block.line - 4):block.line - 1])
        named_opening = _QUOTED.search(above) or (_QUOTED.search(self.lines[self.span.heading_line - 1])
                                                  if heading and not found else None)
        self.opening = named_opening.group(1).strip() if named_opening else ""
        if not found and heading:
            found = heading if heading not in self.used else \
                f"{heading}, game at line {first.line if first else block.line}"
        self.generic = not found     # no name printed: the place is the title
        found = found or f"Game at line {first.line if first else block.line}"
        self.used.add(heading)
        return found

    def _title(self, line: Line, block: Block, tried: Tried, heads: dict[int, str],
               index: int) -> str:
        first = line.moves[0] if line.moves else None
        head = line.head
        if tried.order.name == EACH_ROW and first is not None:
            own = titles.row_title(block, first)
            if own:
                return own
        column, *where = heads.get(id(first), ("", 0, 0)) if first is not None else ("", 0, 0)
        if not column and tried.order.name == EACH_COLUMN and first is not None:
            column = titles.header_cell(block, line.decorations, first)
        if column:
            self.headed[id(line)] = (column, *where)
            if column.startswith("Game ") and line.parent is not None:
                column = "variation " + column[5:]
            numbered = column.startswith(("Game", "variation")) or column[:1].isdigit() \
                or line.parent is not None and not column.startswith(self.base)
            own = self.generic and column.startswith("Game ")   # (`Game 2.` needs no place)
            return f"{self.base}, {column}" if numbered and not own else column
        if head is None and line.how == "label" and first is not None and first.label:
            return f"{self.base}, variation {first.label}"
        if line.kind == "column" and (head is not None or line.parent is not None):
            number = head.value if head is not None else str(index + 1)
            return f"{self.base}, variation {number}"
        if head is None or line.kind in ("trunk", "after", "restart", "column"):
            return self.base if not self.pieces else f"{self.base} ({len(self.pieces) + 1})"
        if line.kind == "side":
            return f"{self.base}, {head.text.strip().capitalize()}"
        if line.kind == "named":
            return titles.clean(head.value)
        if line.kind == "note":
            return f"{self.base}, note {head.value}"
        if head.kind == "alternative":
            return f"{self.base}, alternative at line {first.line if first else head.line}"
        if head.kind == "variation" and head.text.startswith("("):
            return f"{self.base}, variation {head.value}"
        return f"{self.base}, Var. {head.value}"

    # -- records -------------------------------------------------------------------------
    def _record(self, piece: Piece) -> Record:
        line = piece.line
        tokens = piece.moves
        first = tokens[0] if tokens else None
        last = max([t.line for t in tokens] + ([piece.claim.line] if piece.claim else []),
                   default=piece.block.line)
        begin = first.line if first is not None else piece.block.line
        rec = Record(KIND, _unique(self.pieces, piece), source=self.path, line=begin,
                     end_line=last, text="\n".join(self.lines[begin - 1:last]))
        rec.tags["Event"] = rec.title
        rec.data["layout"] = piece.tried.order.name
        piece.record = rec
        root, prefix = self._root(piece)
        if root is None:
            return _unreplayed(rec, piece)
        rec.start_position = engine.to_fen(root)
        typography = _typography(piece.block, tokens)
        done = replay_line(rec, line.start, tokens, typography, first_index=len(prefix) + 1)
        rec.plies = prefix + done.plies
        self._describe(rec, piece)
        if piece.claim is not None and piece.unfinished:
            rec.tags["Result"] = VERDICT_RESULTS[piece.claim.value]
            rec.add(INFO, "CHECKERS-UNFINISHED", "the game is printed only to a point (&c.); "
                    "its result is stated, not checked", piece.claim.line, piece.claim.column)
        elif piece.claim is not None:   # where it is printed, to check again after a correction
            rec.data["claim_at"] = [piece.claim.text, piece.claim.line, piece.claim.column]
            if done.complete:
                check_claim(rec, done.positions[-1] if done.positions else line.start, piece.claim)
            else:
                rec.tags["Result"] = VERDICT_RESULTS[piece.claim.value]
            _check_goal(rec, piece)
        elif done.complete and done.positions and engine.winner(done.positions[-1]):
            won = engine.winner(done.positions[-1])   # the side to move has no move: it lost
            rec.tags["Result"] = VERDICT_RESULTS[won]
            rec.add(INFO, "CHECKERS-RESULT", f"the line ends with "
                    f"{'White' if won == engine.BLACK else 'Black'} unable to move: "
                    f"{'Black' if won == engine.BLACK else 'White'} wins "
                    f"({VERDICT_RESULTS[won]})", rec.end_line, 1)
        self._opening(rec, piece)
        rec.normal = pdn_text(rec)
        rec.tags["_plies"] = len(rec.plies)
        rec.settle_status()
        return rec

    def _root(self, piece: Piece) -> tuple[engine.Position | None, list[Ply]]:
        """The position the record starts from, and the plies it shares with its parent."""
        line = piece.line
        if line.start is None:
            return None, []
        parent = self.of_line.get(id(line.parent)) if line.parent is not None else None
        if parent is None or parent.record is None or not parent.record.start_position:
            return line.start, []
        prefix = parent.record.plies[:line.at]
        rec = piece.record
        rec.data["branch"] = {"parent": parent.record.title, "at_ply": line.at + 1}
        _inherit_repairs(rec, parent.record, prefix)
        return engine.from_fen(parent.record.start_position), prefix

    def _describe(self, rec: Record, piece: Piece) -> None:
        tried, line = piece.tried, piece.line
        start = tried.start
        rec.add(INFO, "LAYOUT", f"read {named(tried)}", piece.block.line, 1)
        if start.kind == "setup" and start.setup and not line.parent:
            _setup_notes(rec, start, line)
        if line.how == "branch" or line.how == "label":
            where = rec.data.get("branch", {}).get("at_ply", line.at + 1)
            rec.add(INFO, "CHECKERS-BRANCH-START", f"{rec.title} leaves the line above at ply "
                    f"{where}" + (" (the move its label marks)" if line.how == "label" else
                                  " (where its moves replay)"), rec.line, 1)
        if line.ambiguous:
            rec.add(WARNING, "CHECKERS-BRANCH-AMBIGUOUS", f"{rec.title} replays as well from "
                    + ", ".join(line.ambiguous) + "; the first is followed", rec.line, 1)
        for block in self.fresh:
            if any(block.line <= t.line <= block.end_line for t in piece.moves):
                rec.add(WARNING, "LAYOUT", f"the moves from line {block.line} are read on from "
                        "the line above, but they replay as well as a line of their own from "
                        "the start (an opening printed after another?)", block.line, 1)
        if self.rivals and piece.block is self.span.blocks[0]:
            rec.data["readings"] = [named(tried)] + [named(r) for r in self.rivals]
            rec.add(WARNING, "LAYOUT", "the block reads as well another way: "
                    + "; ".join(named(r) for r in self.rivals), piece.block.line, 1)

    def _opening(self, rec: Record, piece: Piece) -> None:
        """A line from the initial position printed under a name of its own (over a column,
        at the start of a row), with no verdict, names an opening."""
        initial = rec.start_position == engine.to_fen(engine.initial())
        if self.opening and piece.line.parent is None and piece.block is self.span.blocks[0] \
                and initial:
            rec.tags["Opening"] = self.opening
        elif piece.line.kind == "named" and piece.line.parent is None and initial \
                and piece.claim is None:      # `The Dyke: 11 to 15, 22 to 17, 15 to 19.`
            rec.tags["Opening"] = opening_name(re.sub(r"^(?:The|THE)\s+", "",
                                                      titles.clean(piece.line.head.value)))
            return
        head, line, column = self.headed.get(id(piece.line), (piece.title, rec.line, 1))
        if piece.tried.order.name not in (EACH_COLUMN, EACH_ROW) or piece.claim is not None:
            return
        if rec.start_position != engine.to_fen(engine.initial()) or not rec.plies \
                or head.startswith(("Game", "variation")):
            return
        rec.tags["Opening"] = opening_name(head)
        compare_name(rec, head, line or rec.line, column or 1)

    def _unplaced(self, block: Block, choice: Choice, tried: Tried) -> list[Record]:
        """Moves that start from no known position: kept, with an error, when they are play
        (a table of moves, or a solution announced above, or a long run of moves), never
        replayed from a guessed position."""
        moves = [t for t in tried.order.tokens if getattr(t, "kind", "") == "move"]
        table = choice.grid.width > 1 and len(choice.grid.rows) > 1
        announced = any(_ANNOUNCES.search(self.lines[k]) for k in
                        range(max(0, block.line - 4), block.line - 1))
        least = UNPLACED_MIN_MOVES // 2 if table or announced else UNPLACED_MIN_MOVES
        if tried.start.kind == "standard" and _looks_like_play(moves, least):
            return [_unplaced(block, moves, self.path, self.lines)]
        return []


def _misprint_then_play(line: Line, tokens: list) -> bool:
    """A line that stops at a printed move and replays on for MIN_PLIES plies after one legal
    move played in its place: play with a misprint in it, not numbers in prose. A line of
    moves printed as moves (`11 to 16`, `9-13`) that has replayed before the stop may end a
    move after it (`11 to 16, 22 to 30, 9 to 13.`: an opening, its second move misprinted)."""
    if not line.failed or line.end is None or line.stopped < 0:
        return False
    rest = segment_after(tokens, line.stopped)[:MIN_PLIES]
    need = 1 if line.played and all(m.kind == "move" for m in line.moves) else MIN_PLIES
    return len(rest) >= need and any(moves_replay(engine.play(line.end, move), rest)
                                     for move in engine.legal_moves(line.end))


def _carry(previous: Reading, start: Start) -> Start:
    line = previous.open_line()
    return Start(line.end if line else None, start.name, "continuing", previous=previous,
                 line=line, label=start.label, heading=start.heading)


def _grid_of(choice: Choice):
    return choice.grid


def _unique(pieces: list[Piece], piece: Piece) -> str:
    same = [p for p in pieces if p.title == piece.title]
    return piece.title if len(same) == 1 else f"{piece.title} ({same.index(piece) + 1})"


def _typography(block: Block, tokens: list[Token]) -> bool:
    """Books that join Black's moves and not White's (`11-15`, `23 19`): a move printed the
    other way is noted."""
    styles = {t.style for t in tokens}
    return {"joined", "spaced"} <= styles


def _setup_notes(rec: Record, start: Start, line: Line) -> None:
    setup = dict(start.setup)
    rec.data["setup"] = {k: v for k, v in setup.items() if k in ("fen", "from", "orientation",
                                                                 "reading", "reconstructed")}
    if setup.get("orientation"):
        rec.add(INFO, "CHECKERS-DIAGRAM", f"start position {rec.start_position} from the "
                f"{setup['from']}, read with {setup['orientation']}"
                + (f", {setup['reading']}" if setup.get("reading") else "")
                + f", {COLOUR[line.start.turn]} to move", setup.get("line", rec.line), 1)
    elif setup.get("data"):
        rec.add(INFO, "CHECKERS-SETUP", f"start position {setup['fen']} from hoyle's endings "
                f"data: {setup['from'].split(';')[0]}", rec.line, 1)
        if setup.get("reconstructed"):
            rec.add(INFO, "CHECKERS-RECONSTRUCTED", "the diagram is lost in the text; its start "
                    "position was reconstructed so that every printed line replays "
                    f"({rec.start_position})", rec.line, 1)
    else:
        rec.data["setup"]["from"] = PRINTED
        for man in setup.get("uncrowned", []):
            rec.add(WARNING, "CHECKERS-SETUP-UNCROWNED", f"the printed setup puts a "
                    f"{COLOUR[man['colour']]} man on {man['square']}, its own crowning row, "
                    "where no man can stand (it would have been crowned): read as a king",
                    man["line"], man["column"], suggestion=f"K{man['square']}")


def _inherit_repairs(rec: Record, parent: Record, prefix: list[Ply]) -> None:
    where = {(p.line, p.column) for p in prefix}
    for diag in parent.diagnostics:
        if diag.repair and diag.code != "CHECKERS-OCR" and (diag.line, diag.column) in where:
            rec.add(INFO, "CHECKERS-INHERITED", f"the moves shared with {parent.title} include "
                    f"a repair made there ({diag.suggestion})", diag.line, diag.column)


def _unreplayed(rec: Record, piece: Piece) -> Record:
    """A line with no position to start from: an unreadable setup, or none known."""
    setup = piece.tried.start.setup or {}
    rec.data["printed_moves"] = [m.text for m in piece.moves]
    if setup.get("error"):
        rec.add(ERROR, "CHECKERS-SETUP-UNREADABLE", f"the printed setup {setup['fen']!r} cannot "
                f"be read ({setup['error']}); the moves are kept unreplayed",
                setup.get("line", rec.line), setup.get("column", 1))
    else:
        first = piece.moves[0] if piece.moves else None
        rec.add(ERROR, "CHECKERS-NO-POSITION", f"no position is known from which "
                f"{rec.title}'s first move is legal", first.line if first else rec.line,
                first.column if first else 1)
    rec.settle_status()
    return rec


def _looks_like_play(moves: list[Token], least: int) -> bool:
    """Enough moves over enough squares, nearly all of them one diagonal step or jump: moves
    from a position the page does not give (not a column of scores)."""
    squares = {s.value for m in moves for s in m.squares}
    if len(moves) < least or len(squares) < min(UNPLACED_MIN_SQUARES, 2 * least):
        return False
    shaped = sum(1 for m in moves if step_shape([s.value for s in m.squares]))
    return shaped >= 0.8 * len(moves)


def _unplaced(block: Block, moves: list[Token], path: str, lines: list[str]) -> Record:
    first = moves[0]
    title = titles.title_above(lines, block.line) or f"Moves at line {first.line}"
    rec = Record(KIND, title, source=path, line=first.line, end_line=moves[-1].line,
                 text="\n".join(lines[first.line - 1:moves[-1].line]))
    rec.add(ERROR, "CHECKERS-NO-POSITION", f"{len(moves)} moves from \"{first.text}\" on do not "
            "start from the initial position and no setup (FEN, diagram or a position in words) "
            "is printed with them", first.line, first.column,
            suggestion="print the position before the moves, e.g. B:W18,24:B12,16")
    rec.data["printed_moves"] = [m.text for m in moves]
    rec.data["layout"] = ""
    rec.settle_status()
    return rec
