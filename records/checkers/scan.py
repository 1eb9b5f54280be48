"""Every checkers record in a book: positions printed as diagrams with their solutions, box
tables, tables of a ply per row, opening tables, the 1914 Hoyle's solution tables, other
column tables and lines of play in running text (each reader in its own module; replaying
in records/checkers/replay.py and lines.py).
"""
from __future__ import annotations

from records.checkers import (
    book,
    boxes,
    diagrams,
    engine,
    game_tables,
    ply_columns,
    ply_tables,
)
from records.checkers.book import PrintedLine
from records.checkers.lines import (
    Board,
    _replay_depth,
    block_records,
    finish_record,
    heading_above,
    mostly_replays,
    new_record,
    opening_name,
    opening_records,
    passage_records,
    replayed_plies,
    solution_record,
    solution_records,
)
from records.checkers.replay import COLOUR, KIND, candidates, replay_line
from records.core.model import ERROR, INFO, WARNING, Record


def scan_book(text: str, path: str) -> list[Record]:
    """Every checkers record in a book: opening tables, ending solutions, lines of play."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    drawn, used, boards = diagram_records(lines, path)
    boxed, box_lines = box_records(lines, path)
    by_ply, ply_lines = ply_table_records(lines, path)
    games, game_lines = game_table_records(lines, path)
    by_row, row_lines = ply_column_records(lines, path)
    named, named_lines = opening_row_records(lines, path)
    used |= box_lines | ply_lines | game_lines | row_lines | named_lines
    records = drawn + boxed + by_ply + games + by_row + named + opening_records(lines, path) + solution_records(lines, path)
    used |= {n for rec in records for n in range(rec.line, rec.end_line + 1)}
    for sol in book.solutions(lines):
        used.update(range(sol.line, sol.end_line + 1))
    blocks = block_records(lines, path, used)
    records += blocks
    used.update(n for rec in blocks for n in range(rec.line, rec.end_line + 1))
    records += passage_records(lines, path, used, boards)
    records.sort(key=lambda r: r.line)
    from records.checkers.openings import name_record
    for rec in records:   # the published opening and ballot, as a PDN game's are named
        name_record(rec)
    return records


# -- positions printed as diagrams -------------------------------------------------------------
def diagram_records(lines: list[str], path: str) -> tuple[list[Record], set[int], list]:
    """A record per printed line of the solution of every diagram that has one, the lines
    the diagrams and solutions take (so they are not read again as other records), and
    every readable diagram as a Board for lines of play printed under it."""
    out: list[Record] = []
    used: set[int] = set()
    placed: list[Board] = []
    boards = diagrams.find_boards(lines)
    for i, board in enumerate(boards):
        stop = boards[i + 1].line if i + 1 < len(boards) else len(lines)
        block = diagrams.solution_block(lines, board, stop)
        if block is not None:
            used.update(range(board.line, board.end_line + 1))
            used.update(range(block.line, block.end_line + 1))
            made = _diagram_solution(lines, path, board, block)
            out.extend(made)
            setup = made[0].data.get("setup")
            if setup:
                fen = setup["fen"]
                placed.append(Board(board.line, [engine.from_fen(s + fen[1:]) for s in "BW"],
                                    setup["orientation"]))
            continue
        readable = diagrams.placements(board)
        if isinstance(readable, diagrams.Unreadable):
            continue
        fitting = [p for p in readable if diagrams.preferred(board, p)]
        if fitting:
            sides = board.side or "BW"
            placed.append(Board(board.line, [engine.from_fen(s + fitting[0].fen[1:])
                                             for s in sides], fitting[0].orientation))
    return out, used, placed


def _diagram_solution(lines: list[str], path: str, board: diagrams.Diagram,
                      block: diagrams.Block) -> list[Record]:
    name = board.title or f"Diagram at line {board.line}"
    text = "\n".join(lines[board.line - 1:board.end_line] + lines[block.line - 1:block.end_line])
    placed = diagrams.placements(board)
    if isinstance(placed, diagrams.Unreadable) or not placed:
        return [_unread_diagram(board, block, name, path, text, placed)]
    sides = [board.side] if board.side else ["B", "W"]
    scored = []
    for placement in placed:
        for side in sides:
            sol = _diagram_sol(name, block, side, text)
            start = engine.from_fen(side + placement.fen[1:])
            scored.append((replayed_plies(start, sol), diagrams.preferred(board, placement),
                           side == "B", placement, side, sol, start))
    plies, _, _, placement, side, sol, start = max(scored, key=lambda s: s[:3])
    rivals = [s for s in scored if s[0] == plies and s[3] is not placement]
    made: dict = {}
    out = []
    for index, printed in enumerate(sol.lines):
        rec = solution_record(sol, printed, index, made, path, start)
        rec.data["setup"] = {"fen": rec.start_position, "from": f"diagram at line {board.line}",
                             "orientation": placement.orientation}
        how = f"read with {placement.orientation}"
        if board.side:
            how += f", {COLOUR[side]} to move as stated"
        rec.add(INFO, "CHECKERS-DIAGRAM", f"start position {rec.start_position} from the "
                f"diagram at line {board.line}, {how}: that reading replays {plies} plies of "
                "the solution" + (", as many as another reading" if rivals else
                                  ", more than any other"), board.line, 1)
        out.append(rec)
    return out


def _diagram_sol(name: str, block: diagrams.Block, side: str, text: str) -> book.Solution:
    printed = book.split_stream(block.stream, name, side)
    for line in printed:
        line.layout = "diagram-solution"
    return book.Solution(name, "", block.heading, block.line, block.end_line, side, printed,
                         text)


def _unread_diagram(board: diagrams.Diagram, block: diagrams.Block, name: str, path: str,
                    text: str, placed) -> Record:
    rec = Record(KIND, name, source=path, line=block.line, end_line=block.end_line, text=text)
    if isinstance(placed, diagrams.Unreadable):
        rec.add(ERROR, "CHECKERS-DIAGRAM", f"the diagram above the solution cannot be read: "
                f"{placed.text!r} is not a piece (B, W, BB, WW, b, w or a draughts glyph)",
                placed.line, placed.column)
    else:
        rec.add(ERROR, "CHECKERS-DIAGRAM", "the pieces of the diagram do not all stand on "
                "playable squares, however the board is turned", board.line, 1)
    rec.settle_status()
    return rec


# -- tables drawn as boxes ----------------------------------------------------------------------
def box_records(lines: list[str], path: str) -> tuple[list[Record], set[int]]:
    """A record per column of moves of every box table that holds checkers (at least half
    of its columns replay from the initial position), and the lines the tables take."""
    out: list[Record] = []
    used: set[int] = set()
    start = engine.initial()
    for table in boxes.box_tables(lines):
        if not mostly_replays(start, table.columns):
            continue
        used.update(range(table.line, table.end_line + 1))
        block = "\n".join(lines[table.line - 1:table.end_line])
        for printed in table.columns:
            rec = new_record(printed, path, block, engine.to_fen(start))
            if printed.heading.isupper() and printed.claim is None:
                rec.tags["Opening"] = opening_name(printed.title)
            replay = replay_line(rec, start, printed.moves, typography=True)
            out.append(finish_record(rec, replay, printed, start, True))
    return out, used


# -- a ply per row, colour named ----------------------------------------------------------------
def ply_table_records(lines: list[str], path: str) -> tuple[list[Record], set[int]]:
    """Games printed a ply per row (`1.   B.     11    15`), from the initial position; a
    row whose printed colour is not the side to move is noted."""
    out: list[Record] = []
    used: set[int] = set()
    start = engine.initial()
    for table in ply_tables.ply_tables(lines):
        printed = table.printed
        used.update(range(printed.line, printed.end_line + 1))
        text = "\n".join(lines[printed.line - 1:printed.end_line])
        rec = new_record(printed, path, text, engine.to_fen(start))
        rec.title = rec.title or f"Game at line {printed.line}"
        replay = replay_line(rec, start, printed.moves, typography=False)
        for ply, colour, tok in zip(replay.plies, table.colours, printed.moves):
            mover = "B" if ply.index % 2 else "W"
            if colour != mover:
                rec.add(WARNING, "CHECKERS-COLOUR", f'row {ply.index} names {COLOUR[colour]} '
                        f"but it is {COLOUR[mover]}'s move by turn", tok.line, tok.column)
        if table.result:
            rec.tags["Result"] = {"B": "0-2", "W": "2-0", "draw": "1-1"}[table.result]
            rec.add(INFO, "CHECKERS-UNFINISHED", "the game is printed only to a point (&c.); "
                    "its result is stated, not checked", table.result_line, 1)
        out.append(finish_record(rec, replay, printed, start, False))
    return out, used


# -- games under a heading, with lettered variations ---------------------------------------------
def game_table_records(lines: list[str], path: str) -> tuple[list[Record], set[int]]:
    """Headed game tables from the initial position; a variation or note from the position
    before the move its letter marks (in the game, or in a variation or note before it)."""
    out: list[Record] = []
    used: set[int] = set()
    marked: dict[str, engine.Position] = {}     # letter -> position before its move
    for table in game_tables.game_tables(lines):
        printed = table.printed
        used.update(range(printed.line, printed.end_line + 1))
        text = "\n".join(lines[printed.line - 1:printed.end_line])
        start = marked.get(table.branch) if table.branch else engine.initial()
        if start is None:
            rec = new_record(printed, path, text, "")
            rec.add(ERROR, "CHECKERS-BRANCH", f"{printed.title} leaves the game at the move "
                    f'marked "{table.branch}", which the game does not print or reach',
                    printed.line, printed.column)
            rec.settle_status()
            out.append(rec)
            continue
        rec = new_record(printed, path, text, engine.to_fen(start))
        if table.opening:
            rec.tags["Opening"] = table.opening
        replay = replay_line(rec, start, printed.moves, typography=False)
        if table.branch:
            rec.add(INFO, "CHECKERS-BRANCH-START", f"{printed.title} starts from the game's "
                    f'position before the move marked "{table.branch}"', printed.line, 1)
        else:
            marked = {}
        positions = [start, *replay.positions]
        for letter, at in table.labels.items():
            if at < len(positions):
                marked.setdefault(letter, positions[at])
        out.append(finish_record(rec, replay, printed, start, False))
    return out, used


# -- variation tables numbered by ply ----------------------------------------------------------
PREFIX_REACH = 60    # lines above a table where the prose game it carries on is printed
MIN_COLUMN_PLIES = 4
SHIFTS = (0, -1, 1, -2, 2)   # rows a variation may be printed away from its ply


def ply_column_records(lines: list[str], path: str) -> tuple[list[Record], set[int]]:
    """The key game and each variation of a ply-numbered table, each from its position at
    the row it starts (the key game's early plies from the prose game above)."""
    out: list[Record] = []
    used: set[int] = set()
    for table in ply_columns.ply_column_tables(lines):
        name = heading_above(lines, table.line) or f"Table at line {table.line}"
        text = "\n".join(lines[table.line - 1:table.end_line])
        before: dict[int, dict[int, engine.Position]] = {}   # column -> row -> position
        prefix = _prose_prefix(lines, table.line)
        made = []
        for column in table.columns:
            rec, rows = _ply_column(column, table, name, text, path, prefix, before)
            before[column.index] = rows
            made.append(rec)
        if max(len(r.plies) for r in made) >= MIN_COLUMN_PLIES:   # else not checkers
            used.update(range(table.line, table.end_line + 1))
            out.extend(made)
    return out, used


def _prose_prefix(lines: list[str], line: int) -> list[engine.Position]:
    """Positions after 0, 1, 2 ... plies of the prose game printed above the table."""
    first = max(0, line - 1 - PREFIX_REACH)
    moves = [m for p in book.move_passages(lines[first:line - 1], min_moves=1) for m in p.moves]
    positions = [engine.initial()]
    for tok in moves:
        found = candidates(positions[-1], tok)
        if not found:
            break
        positions.append(engine.play(positions[-1], found[0]))
    return positions


def _ply_column(column, table, name, text, path, prefix, before):
    moves = [column.rows[n] for n in sorted(column.rows)]
    first_row = min(column.rows)
    title = f"{name}, key game" if column.index == 1 else \
        f"{name}, variation {column.heading if column.heading.isdigit() else column.index}"
    printed = PrintedLine(title, moves[0].line, moves[-1].line, moves, claim=column.claim,
                          layout="ply-columns", heading=column.heading)
    if column.index == 1:
        choices = [(0, dict(enumerate(prefix, start=1)), "the prose game above")]
    else:
        choices = [(shift, before[k], f"column {k}") for shift in SHIFTS
                   for k in sorted(before, reverse=True)]
    scored = [(_replay_depth(rows[first_row + shift], moves), -n, shift, rows, whence)
              for n, (shift, rows, whence) in enumerate(choices) if first_row + shift in rows]
    if not scored:
        rec = new_record(printed, path, text, "")
        rec.add(ERROR, "CHECKERS-NO-POSITION", f"{title} starts at ply {first_row}, which the "
                "game printed above the table does not reach", moves[0].line, moves[0].column)
        rec.settle_status()
        return rec, {}
    _, _, shift, rows, whence = max(scored, key=lambda s: s[:2])
    ply = first_row + shift
    start = rows[ply]
    rec = new_record(printed, path, text, engine.to_fen(start))
    replay = replay_line(rec, start, moves, typography=True, first_index=ply)
    where = f"from the position before ply {ply} of {whence}"
    if shift:
        rec.add(WARNING, "CHECKERS-ROW", f"{title} is printed from row {first_row}, but it "
                f"replays {where}", moves[0].line, moves[0].column, repair=True,
                suggestion=f"move the column {abs(shift)} row(s) {'up' if shift < 0 else 'down'}")
    else:
        rec.add(INFO, "CHECKERS-BRANCH-START", f"{title} starts {where}", moves[0].line, 1)
    own = {n: p for n, p in rows.items() if n <= ply}
    own.update({ply + 1 + k: p for k, p in enumerate(replay.positions)})
    return finish_record(rec, replay, printed, start, True), own


def opening_row_records(lines: list[str], path: str) -> tuple[list[Record], set[int]]:
    """A table of named openings, one a row read across, when most rows replay."""
    out: list[Record] = []
    used: set[int] = set()
    start = engine.initial()
    for first, last, rows in ply_columns.opening_rows(lines):
        printed = [PrintedLine(r.name, r.line, r.line, r.moves, layout="opening-rows",
                               heading=r.name, column=r.column) for r in rows]
        if not mostly_replays(start, printed):
            continue
        used.update(range(first, last + 1))
        text = "\n".join(lines[first - 1:last])
        for line in printed:
            rec = new_record(line, path, text, engine.to_fen(start))
            rec.tags["Opening"] = opening_name(line.title)
            replay = replay_line(rec, start, line.moves, typography=True)
            out.append(finish_record(rec, replay, line, start, True))
    return out, used
