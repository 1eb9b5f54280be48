"""A block's tokens, in one reading order, replayed as lines of play.

The layout engine (records/core/layout.py) proposes orders; this module says how far each goes.
A stream of tokens is cut into lines as books print them:

- moves follow each other in turn; a verdict (`Black wins.`, `Drawn.`) closes the line;
- a variation heading (`VAR. A.`, `V.1`, `Var. II.`, `(c)`, a letter over a column, a lettered
  note `b.`) starts a line that leaves an earlier one at the move printed with its label
  (`A 10 6`, `a 11-15`, `10.15 A`); with no such move, where its moves replay;
- a side heading (`WHITE TO MOVE`) starts a line from the block's start with that side;
- in a table read a column at a time (`Break`), each column starts afresh: from the block's
  start (a table of openings) or where it replays (a variation column beside the trunk);
- a line that stops replaying, when the rest replays from the block's start, is a new line
  (openings named one after another in a sentence);
- squares printed in cells of their own (`11    15`) pair into a move; move numbers, the
  colour of a row (`B.`) and the losing move's star are read and checked, never played.

A line branching from an earlier one without a printed label must share at least one ply with
it (a line that replays only from the very start is a new line, not a variation). Where several
earlier positions fit a variation equally, the line is marked ambiguous (the record will need
review). Every move is matched with the first legal reading of its squares; the full replay,
with repairs and diagnostics, is records/checkers/replay.py's, once the order is chosen.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from records.checkers import engine
from records.checkers.notation import Token
from records.checkers.stream_tokens import (counts, ends_segment, move_at, next_is_move, quick_fixes,
                                            segment_end, segment_moves, segment_reach, squares,
                                            step)
from records.core.orders import Replay

MIN_RESTART = 2        # moves that must replay from the start for a failing line to restart
MAX_FAILURES = 3       # lines that may stop before a reading is given up
PROSE = "in running text"   # a move token's value when a sentence prints it
MAX_BACK = 2           # moves before a stop where openings named in a row may be cut


@dataclass(eq=False)
class Start:
    """A candidate start of a block: the initial position, a setup, or the line going on."""
    position: engine.Position | None
    name: str = ""
    kind: str = "standard"          # standard, setup, continuing
    title: str = ""                 # a setup's own title (a diagram's caption)
    setup: dict | None = None       # for the record: fen, from, orientation, reading
    previous: Reading | None = None    # continuing: the reading it goes on from
    line: Line | None = None        # continuing: the line it goes on
    rank: int = 0                   # among readings that replay alike, the lower is preferred
    label: str = ""                 # continuing: a variation heading printed in between
    heading: Token | None = None    # ... as printed


@dataclass(eq=False)
class Line:
    kind: str                       # trunk, side, variation, note, column, after, restart
    head: Token | None = None       # the heading that opened it
    label: str = ""                 # the branch label it leaves its parent at
    moves: list[Token] = field(default_factory=list)
    played: list[engine.Position] = field(default_factory=list)   # after each move
    decorations: list[Token] = field(default_factory=list)
    claim: Token | None = None
    start: engine.Position | None = None
    parent: Line | None = None      # the line it branches from (None: from a start)
    at: int = 0                     # plies of the parent before the branch
    continues: Line | None = None   # the line of an earlier block it goes on with
    how: str = ""                   # how its start was found
    ambiguous: list[str] = field(default_factory=list)
    failed: bool = False
    beyond: int = 0     # moves from a misprint on that replay with each of its one-edit
                        # readings (the record stops there, naming them): for ranking readings
    repairs: int = 0    # edits the record's replay made to the line (for ranking readings)
    marked: dict[int, list[str]] = field(default_factory=dict)   # move index -> brace labels
    indexes: list[int] = field(default_factory=list)   # each move's place in the token stream
    ends: list[engine.Position] = field(default_factory=list)   # a misprint last: where it may be
    numbered: bool = False          # its rows print move numbers (`--4--`)
    stopped: int = -1               # the token it stopped at, in the stream read
    resumes: Line | None = None     # an alternative: the line that goes on after it

    @property
    def end(self) -> engine.Position | None:
        return self.played[-1] if self.played else self.start

    def position_before(self, ply: int) -> engine.Position | None:
        """The position before this line's ply `ply` (0-based, counting the parent's)."""
        if self.parent is not None and ply < self.at:
            return self.parent.position_before(ply)
        own = ply - self.at
        if own == 0:
            return self.start
        return self.played[own - 1] if 0 < own <= len(self.played) else None

    def labels(self) -> dict[str, int]:
        """Branch label -> the ply (0-based, the parent's included) of the move it marks."""
        out: dict[str, int] = {}
        for k, move in enumerate(self.moves):
            for label in [move.label, *self.marked.get(k, ())]:
                if label:
                    out.setdefault(label, self.at + k)
        return out


@dataclass(eq=False)
class Reading:
    """What a stream replays to: its lines, in the order printed."""
    lines: list[Line]
    start: Start
    current: Line | None = None     # the line the last tokens went to

    def outcome(self) -> tuple:
        return tuple((line.start, tuple(line.played)) for line in self.lines)

    def open_line(self) -> Line | None:
        """The line a next block may go on with: the last one read, unless it branched off
        (a comment's variation): then the one the block went on from."""
        last = self.current
        if last is not None and last.how in ("branch", "label") and self.start.kind == "continuing":
            last = self.start.line
        return last if last is not None and last.claim is None and not last.failed else None


def turned(pos: engine.Position, side: str) -> engine.Position:
    return pos if pos.turn == side else pos._replace(turn=side)


# -- the replay -------------------------------------------------------------------------------
def replay(tokens: list, start: Start, tolerant: bool = False) -> Replay:
    """How far the tokens go as lines of play from start (engine's Replay; value: Reading).
    Tolerant: a line that stops is repaired where one edit lets it go on (as the record's
    replay will), or left there, and the lines after it are read all the same."""
    run = _Run(tokens, start, tolerant)
    run.go()
    reading = Reading(run.lines, start, run.line)
    total = sum(map(counts, tokens))
    if run.failures:
        why, at = run.failures[0]
        return Replay(total - run.lost, total, why, at, reading)
    return Replay(total, total, "", None, reading)


class _Run:
    def __init__(self, tokens: list, start: Start, tolerant: bool = False):
        self.tokens, self.start, self.tolerant = tokens, start, tolerant
        self.lines: list[Line] = []
        self.line: Line | None = None
        self.failures: list[tuple[str, Token]] = []   # why and where lines stopped
        self.lost = 0                       # printed tokens not read legally
        self.marks: list[Token] = []     # brace labels (`c}`) waiting for their move
        self.verdict: Token | None = None   # `white` printed over `wins.`
        self.colours: list[Token] = []      # `B.` / `W.` printed on the rows
        self.labels: dict[int, str] = {}    # move token id -> a letter printed before it
        self.rows: dict[int, int] = {}      # printed line -> the ply its row number counts
        self.numbered: dict[int, int] | None = None
        self.stack: list[Line] = []         # lines an alternative in brackets interrupts
        self.lead: list[Token] = []         # numbers read before the first line opens

    def go(self) -> None:
        i = self._numbering(0)
        if i and i < len(self.tokens) and getattr(self.tokens[i], "kind", "break") == "break":
            i += 1         # the row numbers were the first column: the next is the first line
        while i < len(self.tokens):
            i = self._token(i)
        if self.line is not None and self.line.claim is not None and self.line.resumes is not None:
            self.line = self.line.resumes       # after an alternative, its line is the open one

    def _lose(self, i: int, why: str) -> int:
        """A token that is not read legally: noted, and passed over."""
        self.failures.append((why, self.tokens[i]))
        self.lost += 1
        return i + 1

    def _fail(self, line: Line, i: int, why: str) -> int:
        """A line that stops: the rest of its segment is not read; after MAX_FAILURES lines
        have stopped, nothing more is."""
        self.failures.append((why, self.tokens[i]))
        line.failed, line.stopped = True, i
        end = len(self.tokens) if len(self.failures) > MAX_FAILURES else segment_end(self.tokens, i)
        self.lost += sum(map(counts, self.tokens[i:end]))
        return end

    def _token(self, i: int) -> int:
        tok = self.tokens[i]
        kind = getattr(tok, "kind", "break")
        if kind in ("move", "num"):
            return self._move(i)
        if kind == "result":
            self._result(tok)
        elif kind in ("variation", "note"):
            self._open(kind, tok, tok.value)
        elif kind == "side":
            self._open("side", tok)
        elif kind == "named":
            self._open("named", tok)
        elif kind == "break":
            self._open("column", None)
            return self._numbering(i + 1)
        elif kind == "letter":
            self._letter(i)
        elif kind == "mark":
            self.marks.append(tok)
        elif kind == "verdict-side":
            self.verdict = tok
        elif kind == "verdict-wins" and self.verdict is not None:
            side = self.verdict
            self._result(Token("result", f"{side.text} {tok.text}", side.line, side.column,
                               value=side.value))
        elif kind == "thus":
            self._thus()
        elif kind == "alternative":
            if self.line is not None:
                self.stack.append(self.line)
            self._open("variation", tok)
        elif kind == "resume" and self.stack:
            self.line = self.stack.pop()
        elif kind in ("number", "colour"):
            (self.line.decorations if self.line is not None else self.lead).append(tok)
        return i + 1

    def _numbering(self, i: int) -> int:
        """A column of row numbers (1, 2, 3, ...) read on its own: read past it, and keep
        which row counts which ply."""
        j, last = i, None
        while j < len(self.tokens) and getattr(self.tokens[j], "kind", "") == "num":
            value = int(self.tokens[j].text)
            if last is not None and value != last + 1:
                return i
            last, j = value, j + 1
        ends = j == len(self.tokens) or getattr(self.tokens[j], "kind", "break") == "break"
        if not (ends and j - i >= 3):
            return i
        self.rows.update((tok.line, int(tok.text)) for tok in self.tokens[i:j])
        return j

    def _open(self, kind: str, head: Token | None, label: str = "") -> None:
        if not self.lines and self.start.label and kind == "trunk":
            head = self.start.heading
            kind, label = ("note" if head.kind == "note" else "variation"), self.start.label
        self.line = Line(kind, head, label, decorations=self.lead)
        self.lead = []
        self.lines.append(self.line)

    def _letter(self, i: int) -> None:
        """A letter printed before a move on its row: the row's colour (`B.`) when it is that
        side's turn, else the move's label (`B  9  5`); a letter alone over a column (`A`)
        heads a variation."""
        tok = self.tokens[i]
        after = self.tokens[i + 1] if i + 1 < len(self.tokens) else None
        if getattr(after, "kind", "") in ("move", "num") and after.line == tok.line:
            line = self.line
            open_line = line is not None and line.claim is None and not line.failed
            turn = line.end.turn if open_line and line.end is not None else \
                (self.start.position.turn if not self.lines and self.start.position else "")
            if tok.value in "BW" and turn == tok.value:
                self.colours.append(tok)
            else:
                self.labels[id(after)] = tok.value
            return
        self._open("variation", tok, tok.value)

    def _thus(self) -> None:
        """`... but 25-22 is stronger, thus: 25-22, 16-19, ...`: the moves named before `thus`
        were mentions; the line starts again where it started."""
        line = self.line
        if line is not None and line.claim is None and line.moves and line.kind in ("note", "variation"):
            line.decorations += line.moves
            line.moves, line.played, line.marked, line.indexes = [], [], {}, []

    def _result(self, tok: Token) -> None:
        line = self.line
        if line is not None and line.claim is None and line.moves:
            line.claim = tok
        elif line is not None:
            line.decorations.append(tok)

    def _move(self, i: int) -> int:
        tok, width = move_at(self.tokens, i)
        if tok is None:
            return self._lone_number(i)
        line = self.line
        if line is not None and line.claim is not None and line.resumes is not None:
            self.line = line = line.resumes      # the line an alternative interrupted goes on
        if line is None or line.claim is not None or line.failed:
            self._open("trunk" if not self.lines else "after", None)
            line = self.line
        if line.start is None and not line.moves and not self._place(line, i):
            if self.tolerant:
                return self._skip(line, i)
            return self._fail(line, i, f'no position is known from which "{tok.text}" is legal')
        after = step(line.end, squares(tok))
        if after is None:
            return self._restart(line, tok, i)
        printed = self.labels.get(id(self.tokens[i]))
        labels = self._claim_marks(tok) + ([printed] if printed else [])
        if labels:
            line.marked[len(line.moves)] = labels
        line.moves.append(tok)
        line.played.append(after)
        line.indexes.append(i)
        line.numbered = line.numbered or tok.line in self._numbers()
        return i + width

    def _lone_number(self, i: int) -> int:
        """A square printed alone that pairs with nothing: the row's number, when it counts the
        plies or the moves of the line and the row's move follows."""
        tok, line = self.tokens[i], self.line
        if line is not None and line.kind == "column" and line.head is None and not line.moves \
                and next_is_move(self.tokens, i):
            line.head = Token("variation", tok.text, tok.line, tok.column, value=tok.text)
            return i + 1           # a number over a column: the variation's
        done = (line.at + len(line.played)) if line is not None else self._carried()
        if int(tok.text) in (done + 1, done // 2 + 1) and next_is_move(self.tokens, i):
            if line is not None:
                line.decorations.append(tok)
            return i + 1
        return self._lose(i, f'"{tok.text}" is a number alone, neither a move nor the row\'s number')

    def _carried(self) -> int:
        line = self.start.line
        return line.at + len(line.played) if line is not None else 0

    def _restart(self, line: Line, tok: Token, i: int) -> int:
        """Openings named one after another (`11-15, 23-19 and 9-14, 22-17`): when the line
        stops and the moves from it (or from one or two moves before it) replay from the
        block's start, a new line starts there."""
        if self._alternative(line, tok, i):
            return self._move(i)
        base = _base(self.start) if not _numbered_on(line, tok) else None
        misread = self._misprint_reach(line, i) if base is not None else 0
        for back in range(0, MAX_BACK + 1) if base is not None else ():
            if len(line.moves) - back < MIN_RESTART:
                break
            j = line.indexes[-back] if back else i
            reach = segment_reach(self.tokens, j, base)
            if reach >= max(back + 1, MIN_RESTART) and reach - back >= misread:
                del line.moves[len(line.moves) - back:], line.played[len(line.played) - back:]
                del line.indexes[len(line.indexes) - back:]
                self._open("restart", None)
                self.line.start, self.line.how = base, "from the start again"
                return j
        if self.tolerant:
            return self._mend(line, i)
        fixes = quick_fixes(self.tokens, i, line.end)
        last = segment_moves(self.tokens, i + move_at(self.tokens, i)[1]) == 0
        if len(fixes) == 1 or fixes and last:
            line.moves.append(tok)
            line.played.append(fixes[0])
            line.indexes.append(i)
            line.ends = fixes if len(fixes) > 1 else []
            self.failures.append((f'"{tok.text}" is not a legal move here', self.tokens[i]))
            self.lost += 1
            return i + move_at(self.tokens, i)[1]
        return self._fail(line, i, f'"{tok.text}" is not a legal move here')

    def _misprint_reach(self, line: Line, i: int) -> int:
        """How far the line goes on from move i when that move is read as a misprint (one
        square changed): a new line from the start must go at least as far to be preferred
        (a table's misprinted move that is also an opening move does not restart the game)."""
        width = move_at(self.tokens, i)[1]
        return max((1 + segment_reach(self.tokens, i + width, after)
                    for after in quick_fixes(self.tokens, i, line.end)), default=0)

    def _alternative(self, line: Line, tok: Token, i: int) -> bool:
        """`17 to 13  24 to 19 W. wins`: a move printed after another of the same side, in
        its place, with a verdict after it, is an alternative to that move: a variation
        leaving the line there, after which the line goes on."""
        after, width = move_at(self.tokens, i)
        verdict = i + width < len(self.tokens) and \
            getattr(self.tokens[i + width], "kind", "") in ("result", "verdict-side")
        if not line.moves or not verdict or line.resumes is not None:
            return False
        ply = line.at + len(line.played) - 1
        before = line.position_before(ply)
        if before is None or step(before, squares(tok)) is None:
            return False
        self._open("variation", Token("alternative", "", tok.line, tok.column))
        self.line.start, self.line.parent, self.line.at, self.line.how = before, line, ply, "branch"
        self.line.resumes = line
        return True

    def _segment(self, i: int) -> tuple[list[Token], int, list[int]]:
        """The moves from i to the end of the line's segment, where it ends, and where each
        move is in the stream."""
        out, at = [], []
        while i < len(self.tokens) and not ends_segment(self.tokens[i]):
            tok, width = move_at(self.tokens, i) if self.tokens[i].kind in ("move", "num") \
                else (None, 1)
            if tok is not None:
                out.append(tok)
                at.append(i)
            i += width
        return out, i, at

    def _skip(self, line: Line, i: int) -> int:
        moves, end, at = self._segment(i)
        line.moves += moves
        line.indexes += at
        line.failed = True
        return end

    def _mend(self, line: Line, i: int) -> int:
        """The record's replay (repairs included) over the rest of the line."""
        from records.checkers.replay import KIND, replay_line
        from records.core.model import Record
        moves, end, at = self._segment(i)
        record = Record(KIND, "")
        done = replay_line(record, line.start, line.moves + moves, typography=False)
        line.moves += moves
        line.indexes += at     # (a later stop may cut the line back to one of them)
        line.played = done.positions
        line.failed = not done.complete
        if record.data.get("repair_candidates"):
            line.beyond = len(line.moves) - len(done.positions)
        line.repairs = sum(d.repair for d in record.diagnostics)
        return end

    def _claim_marks(self, tok: Token) -> list[str]:
        """A brace label (`c}`, `d}` on the lines around a move) marks the first move after
        it to its right, on its line or the next."""
        claimed = [m for m in self.marks
                   if tok.line in (m.line, m.line + 1) and tok.column > m.column]
        for mark in claimed:
            self.marks.remove(mark)
        return [m.value for m in claimed]

    # -- where a line starts --------------------------------------------------------------
    def _place(self, line: Line, i: int) -> bool:
        self._first_move = i
        fixed = self._fixed(line)
        if fixed is not None:
            line.how, line.start, line.parent, line.at = fixed
            return line.start is not None
        want = max(segment_moves(self.tokens, i), 1)
        base = _base(self.start)
        if line is self.lines[0] and self.start.kind == "continuing":
            if base is not None and segment_reach(self.tokens, i, base, want) >= want:
                return False     # a new line from the start, not a variation of the one above
            base = None      # a block read on from above goes on from a line above, or fails
        from_base = segment_reach(self.tokens, i, base, want) if base is not None else -1
        branches = self._branches(i, want)
        fresh = line.kind in ("column", "after", "named")
        reach = -branches[0][0] if branches else 0
        if branches and (reach > from_base or reach == from_base and not fresh):
            key, pos, parent, ply = branches[0][:3], *branches[0][3:]
            line.how, line.start, line.parent, line.at = "branch", pos, parent, ply
            rivals = [b for b in branches[1:] if b[:3] == key and b[3] != pos]
            line.ambiguous = [f"ply {b[5] + 1} of {b[4].kind}" for b in rivals[:3]]
            return True
        if base is None:
            return False
        line.how, line.start = "start", base
        return True

    def _fixed(self, line: Line) -> tuple | None:
        """A start the print fixes: the block's own, the line it goes on with, a side's, or
        the move its label marks."""
        start = self.start
        if line.kind == "trunk":
            if start.kind != "continuing":
                return "start", start.position, None, 0
            before = start.line
            if before is not None and self._goes_on(before):
                line.continues = before
                return "continuing", self._end_of(before), before, before.at + len(before.played)
        first = self.tokens[self._first_move]
        label = line.label or (first.label if line.kind in ("trunk", "after") else "")
        if line.kind == "side" and _base(start) is not None:
            return "side", turned(_base(start), line.head.value), None, 0
        if label:
            for earlier in reversed(self._earlier_lines()):
                at = earlier.labels().get(label)
                if at is not None:
                    return "label", earlier.position_before(at), earlier, at
        return None

    def _end_of(self, before: Line) -> engine.Position:
        """Where the line above ended; when it ended on a misprint, the reading of it from
        which this block goes on furthest."""
        ends = before.ends or [before.end]
        return max(ends, key=lambda end: segment_reach(self.tokens, self._first_move, end))

    def _goes_on(self, before: Line) -> bool:
        """Whether the block's first line goes on with the line above: its first move is legal
        there, and its row's printed number (a move's or a ply's) is the one due; not when
        the line above numbers its moves and this block does not (a comment's moves)."""
        i = self._first_move
        if segment_reach(self.tokens, i, self._end_of(before), 1) == 0:
            return False
        done = before.at + len(before.played)
        number, row = self._numbers().get(self.tokens[i].line), self.rows.get(self.tokens[i].line)
        if before.numbered and number is None and row is None and self.tokens[i].value == PROSE:
            return False
        return (number is None or number == done // 2 + 1) and (row is None or row == done + 1)

    def _earlier_lines(self) -> list[Line]:
        previous = self.start.previous.lines if self.start.previous is not None else []
        return [ln for ln in previous + self.lines[:-1] if ln.start is not None]

    def _branches(self, i: int, want: int) -> list[tuple]:
        """Branch points: the position before each ply (the first excepted) of the earlier
        lines; the ones that replay furthest first, then the one printed on the same row (or
        numbered as that row), the nearest rows next, then the latest line."""
        first = self.tokens[i]
        row = self.rows.get(first.line)
        number = self._numbers().get(first.line)
        found = []
        for order, earlier in enumerate(reversed(self._earlier_lines())):
            for ply in range(max(1, earlier.at), earlier.at + len(earlier.played)):
                pos = earlier.position_before(ply)
                reach = segment_reach(self.tokens, i, pos, want)
                if not reach:
                    continue
                if row:
                    away = abs(row - ply - 1)
                elif number:
                    away = min(abs(2 * number - 2 - ply), abs(2 * number - 1 - ply))
                else:
                    away = _rows_away(earlier, ply, first.line)
                found.append((reach, away == 0, away, pos, earlier, ply, order))
        found.sort(key=lambda f: (-f[0], not f[1], f[2], f[6], -f[5]))
        return [(-f[0], not f[1], f[2], *f[3:6]) for f in found]

    def _numbers(self) -> dict[int, int]:
        """Printed line -> the move number printed on it (`--15--`, `15.`, `(15)`)."""
        if self.numbered is None:
            self.numbered = {}
            for tok in self.tokens:
                if getattr(tok, "kind", "") == "number":
                    digits = re.sub(r"\D", "", tok.text)
                    if digits:
                        self.numbered.setdefault(tok.line, int(digits))
        return self.numbered


def _numbered_on(line: Line, tok: Token) -> bool:
    """The failing move's row prints the line's next move number, past the first (`7. 11-15
    22-18`): the row goes on the line, so its move is a misprint in it, not an opening
    named again from the start."""
    return any(d.kind == "number" and d.line == tok.line and int(d.text.rstrip(".")) > 1
               for d in line.decorations if d.text.rstrip(".").isdigit())


def _base(start: Start) -> engine.Position | None:
    """The start a restart, a side heading or a column returns to: the block's own."""
    if start.kind != "continuing":
        return start.position
    previous = start.previous
    while previous is not None and previous.start.kind == "continuing":
        previous = previous.start.previous
    return previous.start.position if previous is not None else engine.initial()


def _rows_away(line: Line, ply: int, row: int) -> int:
    """How many printed lines apart the ply's move and the row are (far when not printed)."""
    own = ply - line.at
    if 0 <= own < len(line.moves):
        return abs(line.moves[own].line - row)
    return 10_000
