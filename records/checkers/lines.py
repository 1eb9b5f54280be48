"""Checkers records from a book (put together by scan.py): opening tables, ending solutions (with the
1914 Hoyle's lost diagrams from data/checkers/endings_hoyle1914.json), other tables and lines
of play in running text, each replayed by records/checkers/replay.py.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache

from records.checkers import book, engine
from records.checkers.book import PrintedLine, Token
from records.checkers.reconstruct import reconstruct_start, solution_lines  # noqa: F401
from records.checkers.replay import (
    COLOUR,
    KIND,
    Replay,
    candidates,
    check_claim,
    claim_of,
    pdn_text,
    replay_line,
    replays,
)
from records.core.model import ERROR, INFO, Ply, Record
from records.core.resources import data_path


# -- the Hoyle's ending positions ------------------------------------------------------
@cache
def endings() -> list[dict]:
    return json.loads(data_path("checkers", "endings_hoyle1914.json").read_text())["endings"]


def lines_of(solution: book.Solution) -> list[str]:
    """The solution's heading and the few lines printed above it (where a setup may be)."""
    return solution.context.split("\n")


def ending_start(solution: book.Solution, printed: PrintedLine) -> tuple[str, dict] | None:
    """The start FEN for a printed ending line: a shipped position whose number matches and
    from which the line's first moves are legal, set for the side the line starts with."""
    side = printed.side or solution.side or "B"
    heading = _letters(solution.heading)
    for entry in endings():
        clauses = [_letters(c) for c in entry["stipulation"].split(";")]
        if entry["number"] != solution.number or not all(c in heading for c in clauses):
            continue
        fen = side + entry["fen"][1:]
        if printed.moves and replays(engine.from_fen(fen), printed.moves[:4]):
            return fen, entry
    return None


def _letters(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalpha())


# -- records from a book -----------------------------------------------------------------
def new_record(printed: PrintedLine, path: str, text: str, start: str) -> Record:
    rec = Record(KIND, printed.title, source=path, line=printed.line,
                 end_line=printed.end_line, text=text, start_position=start)
    rec.data["layout"] = printed.layout
    return rec


def finish_record(rec: Record, replay: Replay, printed: PrintedLine, start: engine.Position,
            typography: bool) -> Record:
    if printed.claim is not None:   # where it is printed, to check again after a correction
        rec.data["claim_at"] = [printed.claim.text, printed.claim.line, printed.claim.column]
    if replay.complete and printed.claim is not None:
        check_claim(rec, replay.positions[-1] if replay.positions else start, printed.claim)
    elif printed.claim is not None:
        rec.tags["Result"] = {"B": "0-2", "W": "2-0", "draw": "1-1"}[claim_of(printed.claim.text)]
    rec.plies = replay.plies
    rec.normal = pdn_text(rec)
    rec.tags["_plies"] = len(rec.plies)
    rec.settle_status()
    return rec


def opening_records(lines: list[str], path: str) -> list[Record]:
    """Every column of every opening table in which at least one column replays from the
    initial position (a table of something else is left alone)."""
    out = []
    start = engine.initial()
    columns = book.opening_tables(lines)
    checkers_blocks = {line for line in {p.line for p in columns}
                       if mostly_replays(start, [p for p in columns if p.line == line])}
    for printed in columns:
        if printed.line not in checkers_blocks:
            continue
        block = "\n".join(lines[printed.line - 1:printed.end_line])
        rec = new_record(printed, path, block, engine.to_fen(start))
        rec.tags["Opening"] = opening_name(printed.title)
        replay = replay_line(rec, start, printed.moves, typography=True)
        _compare_name(rec, printed, replay)
        out.append(finish_record(rec, replay, printed, start, True))
    return out


def mostly_replays(start: engine.Position, block: list[PrintedLine]) -> bool:
    """A table of openings: at least half of its columns replay from the start (a table
    of moves read across, say BLACK. / WHITE., is left to the general table reader)."""
    whole = sum(1 for p in block if p.moves and replays(start, p.moves))
    return whole * 2 >= len(block) and whole > 0


@cache
def published_names() -> dict[str, list[str]]:
    """Moves -> the names published for exactly those moves (data/checkers/openings.tsv)."""
    path = data_path("checkers", "openings.tsv")
    names: dict[str, list[str]] = {}
    if path.exists():
        for row in path.read_text(encoding="utf-8").splitlines():
            fields = row.split("\t")
            if len(fields) > 1 and not row.startswith("#") and fields[0] != "name":
                names.setdefault(fields[1], []).append(fields[0])
    return names


def _compare_name(rec: Record, printed: PrintedLine, replay: Replay) -> None:
    """A heading that is none of the names published for its moves is noted (and the
    published name kept for search): `F. E.` prints the moves of the Fife."""
    names = published_names().get(" ".join(p.normal for p in replay.plies), [])
    said = _letters(rec.tags["Opening"])
    if not names or not said or any(_letters(n).startswith(said) for n in names):
        return
    rec.tags["Opening"] = names[0]
    rec.add(INFO, "CHECKERS-NAME", f'the heading "{printed.heading}" is not a published name '
            f'for these moves, which are published as "{names[0]}" (an OCR slip in the '
            "heading?)", printed.line, printed.column)


_ORDINALS = {"14th": "Fourteenth"}


def opening_name(title: str) -> str:
    """The opening's name for search: the printed title, with a printed ordinal spelled out."""
    return " ".join(_ORDINALS.get(w.lower(), w) for w in title.split())


def solution_records(lines: list[str], path: str) -> list[Record]:
    out = []
    for solution in book.solutions(lines):
        made: dict[int, tuple[Record, Replay, dict]] = {}
        for index, printed in enumerate(solution.lines):
            rec = solution_record(solution, printed, index, made, path)
            out.append(rec)
    return out


@dataclass
class _Start:
    fen: str
    pos: engine.Position
    prefix: Replay = field(default_factory=Replay)   # moves shared with the parent line


def solution_record(solution: book.Solution, printed: PrintedLine, index: int,
                     made: dict, path: str, given: engine.Position | None = None) -> Record:
    """One printed line of a solution, replayed from the diagram (a variation from its
    parent's position at the branch); `made` collects the lines replayed so far."""
    rec = Record(KIND, printed.title, source=path, line=printed.line,
                 end_line=printed.end_line, text=solution.text)
    rec.data["layout"] = printed.layout
    rec.tags["Event"] = printed.title
    if printed.parent is not None and printed.parent in made:
        start = _branch_start(rec, printed, *made[printed.parent])
    elif given is not None:
        fen = (printed.side or given.turn) + engine.to_fen(given)[1:]
        start = _Start(fen, engine.from_fen(fen))
    else:
        start = _setup_start(rec, solution, printed)
    if start is None:
        rec.settle_status()
        return rec
    rec.start_position = start.fen
    typography = any(m.style == "spaced" for p in solution.lines for m in p.moves)
    shared = len(start.prefix.plies)
    replay = replay_line(rec, start.pos, printed.moves, typography=typography,
                         first_index=shared + 1)
    full = Replay(start.prefix.plies + replay.plies, start.prefix.moves + replay.moves,
                  start.prefix.positions + replay.positions, replay.complete)
    made[index] = (rec, full, _labelled_plies(printed, replay, shared))
    return finish_record(rec, full, printed, start.pos, True)


def _labelled_plies(printed: PrintedLine, replay: Replay, shared: int) -> dict[str, int]:
    """Branch label -> index (0-based, in the whole line) of the ply it marks."""
    out = {}
    for tok in printed.moves:
        if tok.label:
            for k, ply in enumerate(replay.plies):
                if (ply.line, ply.column) == (tok.line, tok.column):
                    out[tok.label] = shared + k
    return out


def _branch_start(rec: Record, printed: PrintedLine, parent: Record, parent_replay: Replay,
                  labelled: dict[str, int]) -> _Start | None:
    at = labelled.get(printed.branch_label)
    if at is None:
        rec.start_position = parent.start_position
        rec.add(ERROR, "CHECKERS-BRANCH", f'{printed.heading} leaves "{parent.title}" at the '
                f"move labelled {printed.branch_label}, which that line does not reach",
                printed.line, 1)
        return None
    prefix = Replay(parent_replay.plies[:at], parent_replay.moves[:at],
                    parent_replay.positions[:at])
    pos = prefix.positions[-1] if at else engine.from_fen(parent.start_position)
    rec.data["branch"] = {"parent": parent.title, "at_ply": at + 1}
    _note_inherited_repairs(rec, parent, prefix.plies)
    return _Start(parent.start_position, pos, prefix)


PRINTED = "printed with the solution"


def _setup_start(rec: Record, solution: book.Solution, printed: PrintedLine) -> _Start | None:
    """The diagram: a setup printed by the solution, else the shipped ending it matches."""
    context = lines_of(solution)
    stated = _stated_start(context, book.PrintedLine("", len(context), len(context)))
    if isinstance(stated, BadSetup):
        _bad_setup(rec, stated)
        return None
    found = (engine.to_fen(stated), None) if stated else ending_start(solution, printed)
    if found is None:
        rec.add(ERROR, "CHECKERS-NO-POSITION",
                f"no start position is known for {solution.name} (the diagram is not in "
                "the text) from which its first move is legal", printed.line, 1)
        return None
    fen, entry = found
    if printed.side and printed.side != fen[0]:
        fen = printed.side + fen[1:]
    entry = entry or {"fen": fen, "from": PRINTED}
    rec.data["setup"] = {"fen": entry["fen"], "from": entry["from"],
                         "reconstructed": entry.get("reconstructed", False)}
    if entry["from"] != PRINTED:
        rec.add(INFO, "CHECKERS-SETUP", f"start position {entry['fen']} from hoyle's "
                f"endings data: {entry['from'].split(';')[0]}", printed.line, 1)
    if entry.get("reconstructed"):
        rec.add(INFO, "CHECKERS-RECONSTRUCTED", f"the diagram of {solution.name} is lost in "
                "the text; its start position was reconstructed so that every printed line "
                f"replays ({fen})", printed.line, 1)
    position = engine.from_fen(fen)
    return _Start(engine.to_fen(position), position)   # keyed as every position is


def _note_inherited_repairs(rec: Record, parent: Record, prefix: list[Ply]) -> None:
    where = {(p.line, p.column) for p in prefix}
    for diag in parent.diagnostics:
        if diag.repair and diag.code != "CHECKERS-OCR" and (diag.line, diag.column) in where:
            rec.add(INFO, "CHECKERS-INHERITED", f"the moves shared with {parent.title} "
                    f"include a repair made there ({diag.suggestion})", diag.line, diag.column)


MIN_GAME_MOVES = 4


@dataclass
class Board:
    """A position printed as a diagram, for the lines of play printed under it."""
    line: int
    starts: list[engine.Position]    # with each side to move that may be meant
    orientation: str


BOARD_REACH = 80   # lines under a diagram where a line of play may start from it


def _from_board(boards: list[Board], printed: PrintedLine, fresh: int):
    """The diagram just above a line of play that does not start from the initial position,
    and the side to move with which the line replays furthest (the stated side, else the
    one whose move is legal)."""
    above = [b for b in boards if 0 < printed.line - b.line <= BOARD_REACH]
    if not above:
        return None
    board = above[-1]
    depth, start = max(((_replay_depth(p, printed.moves), p) for p in board.starts),
                       key=lambda d: d[0])
    return (board, start) if depth > fresh and depth >= 2 else None


def passage_records(lines: list[str], path: str, skip: set[int],
                    boards: list[Board] = ()) -> list[Record]:
    """Lines of play in running text (numbered, prose, dotted), from the initial position
    unless a setup is printed with them (or a diagram above, from which they replay). A
    passage that carries on the game above it (a page or paragraph break in the middle of
    a game) is joined to it; one that starts from no known position is kept with an error."""
    out: list[Record] = []
    games: list[tuple[PrintedLine, engine.Position]] = []
    drawn: dict[int, Board] = {}
    passages = book.move_passages(lines, skip, min_moves=1)
    for printed in (part for whole in passages for part in _restarts(lines, whole)):
        stated = _stated_start(lines, printed)
        if isinstance(stated, BadSetup):
            rec = new_record(printed, path, _text(lines, printed), "")
            rec.title = rec.title or f"Moves at line {printed.line}"
            rec.data["printed_moves"] = [m.text for m in printed.moves]
            out.append(_bad_setup(rec, stated))
            continue
        start = stated or engine.initial()
        fresh = _replay_depth(start, printed.moves)
        carried = _carried_depth(games, printed, lines) if stated is None else 0
        placed = _from_board(boards, printed, max(fresh, carried)) if stated is None else None
        if placed is not None:
            drawn[printed.line] = placed[0]
            games.append((printed, placed[1]))
        elif carried > fresh:
            previous = games[-1][0]
            previous.moves.extend(printed.moves)
            previous.end_line, previous.claim = printed.end_line, printed.claim
        elif fresh >= 2 and (stated is not None or len(printed.moves) >= MIN_GAME_MOVES):
            games.append((printed, start))
        elif stated is None and _looks_like_play(printed.moves):
            out.append(_unplaced(printed, path, _text(lines, printed)))
    for printed, start in games:
        rec = new_record(printed, path, _text(lines, printed), engine.to_fen(start))
        rec.title = _passage_title(lines, printed, "Game")
        typography = any(m.style == "spaced" for m in printed.moves)
        if printed.line in drawn:
            rec.add(INFO, "CHECKERS-DIAGRAM", f"start position {engine.to_fen(start)} from "
                    f"the diagram at line {drawn[printed.line].line} (read with "
                    f"{drawn[printed.line].orientation}), {COLOUR[start.turn]} to move: the "
                    "side with which the line replays", printed.line, 1)
        replay = replay_line(rec, start, printed.moves, typography)
        out.append(finish_record(rec, replay, printed, start, typography))
    return out


RESTART_MAX_MOVES = 40   # passages longer than this are games, never lists of openings


def _restarts(lines: list[str], printed: PrintedLine) -> list[PrintedLine]:
    """A passage that names several openings (`10-14, 22-17 on a slip of paper; 10-14, 24-19
    on another`) and does not replay as one line: cut into the fewest lines of two moves or
    more that each replay from the initial position, when there is such a cut. Not when a
    setup is printed."""
    moves = printed.moves
    initial = engine.initial()
    if len(moves) > RESTART_MAX_MOVES or _replay_depth(initial, moves) == len(moves) \
            or _stated_start(lines, printed) is not None:
        return [printed]
    cuts = _fewest_cuts(initial, moves)
    if cuts is None:
        return [printed]
    bounds = [0, *cuts, len(moves)]
    parts = [moves[a:b] for a, b in zip(bounds, bounds[1:])]
    return [PrintedLine(printed.title if k == 0 else "", part[0].line, part[-1].line, part,
                        claim=printed.claim if k == len(parts) - 1 else None,
                        layout=printed.layout, heading=printed.heading)
            for k, part in enumerate(parts)]


def _fewest_cuts(start: engine.Position, moves: list[Token]) -> list[int] | None:
    """Where to cut the moves so that every part (two moves or more) replays from start;
    the fewest parts, None when no cut does (quadratic in the moves, at most 40)."""
    n = len(moves)
    best: list[tuple[int, list[int]] | None] = [None] * n + [(0, [])]
    for i in range(n - 2, -1, -1):
        reach = _replay_depth(start, moves[i:])
        for j in range(i + 2, i + reach + 1):
            if best[j] is not None and (best[i] is None or best[j][0] + 1 < best[i][0]):
                best[i] = (best[j][0] + 1, [j, *best[j][1]] if j < n else [])
    return best[0][1] if best[0] is not None and best[0][0] > 1 else None


HEADING_REACH = 200   # lines above a line of play where its chapter heading is sought


def heading_above(lines: list[str], line: int) -> str:
    """The nearest heading in capitals above a line (`THE OLD FOURTEENTH.`), title-cased;
    column heads (`BLACK.  WHITE.`) are not headings."""
    for k in range(line - 2, max(-1, line - HEADING_REACH), -1):
        text = lines[k].strip().rstrip(".")
        if text.isupper() and 3 < len(text) < 40 and not re.search(r"\d|\s{3,}", text) \
                and not set(re.findall(r"[A-Z]+", text)) <= {"BLACK", "WHITE"}:
            return book.title_case(text)
    return ""


def _passage_title(lines: list[str], printed: PrintedLine, what: str) -> str:
    """The heading printed above the passage, verbatim; a fragment of a sentence (the line
    above is prose) gives way to the chapter heading."""
    title = printed.title
    if title and title[0].isupper():
        return title
    chapter = heading_above(lines, printed.line)
    return f"{chapter}, {what.lower()} at line {printed.line}" if chapter else \
        f"{what} at line {printed.line}"


def _text(lines: list[str], printed: PrintedLine) -> str:
    return "\n".join(lines[printed.line - 1:printed.end_line])


def _replay_depth(pos: engine.Position, toks: list[Token]) -> int:
    """How many of the moves replay in turn (the first reading of each)."""
    for depth, tok in enumerate(toks):
        found = candidates(pos, tok)
        if not found:
            return depth
        pos = engine.play(pos, found[0])
    return len(toks)


CARRY_GAP = 4   # lines between the end of a game and a passage that carries it on
PAIR_GAP = 40   # ... or when the passage numbers its pairs on from the game's last pair
_PAIR = re.compile(r"--\s*(\d{1,3})\s*--")


def _pair_number(text: str) -> int:
    """The number printed between a pair of moves, `11 to 15  --1--  23 to 19`; 0 if none."""
    found = _PAIR.findall(text)
    return int(found[-1]) if found else 0


def _carried_depth(games: list[tuple[PrintedLine, engine.Position]],
                   printed: PrintedLine, lines: list[str]) -> int:
    """How far the passage replays as the continuation of the last game, when that game
    has no result yet, ends just above (or its numbered pairs, `--3--`, go on in the
    passage, `--4--`, a few paragraphs below), and replays to its end."""
    if not games:
        return 0
    previous, start = games[-1]
    gap = printed.line - previous.end_line
    first = next((n for n in map(_pair_number, lines[printed.line - 1:printed.end_line]) if n), 0)
    numbered_on = gap <= PAIR_GAP and first == _pair_number(lines[previous.end_line - 1]) + 1 > 1
    if previous.claim is not None or (gap > CARRY_GAP and not numbered_on):
        return 0
    replay = replay_line(Record(KIND, ""), start, previous.moves, False)   # repairs too
    if not replay.complete:
        return 0
    return _replay_depth(replay.positions[-1] if replay.positions else start, printed.moves)


UNPLACED_MIN_MOVES = 8
UNPLACED_MIN_SQUARES = 6


def _looks_like_play(moves: list[Token]) -> bool:
    """Enough moves over enough squares (a cipher of 1s, 2s and 3s is no play), nearly all
    of them diagonal steps or jumps on the 32-square board."""
    squares = {s.value for m in moves for s in m.squares}
    if len(moves) < UNPLACED_MIN_MOVES or len(squares) < UNPLACED_MIN_SQUARES:
        return False
    shaped = sum(1 for m in moves if book.diagonal_shape([s.value for s in m.squares]))
    return shaped >= 0.8 * len(moves)


def _unplaced(printed: PrintedLine, path: str, block: str) -> Record:
    """A line of play that does not start from the initial position, with no setup
    printed: kept as text with an error, never replayed from a guessed position."""
    rec = new_record(printed, path, block, "")
    rec.title = rec.title or f"Moves at line {printed.line}"
    first = printed.moves[0]
    rec.add(ERROR, "CHECKERS-NO-POSITION", f"{len(printed.moves)} moves from \"{first.text}\" on "
            "do not start from the initial position and no setup (FEN or a position in "
            "words) is printed with them", first.line, first.column,
            suggestion="print the position before the moves, e.g. B:W18,24:B12,16")
    rec.data["printed_moves"] = [m.text for m in printed.moves]
    rec.settle_status()
    return rec


@dataclass
class BadSetup:
    """A setup printed in the text that cannot be read."""
    text: str
    line: int
    column: int
    why: str


def _stated_start(lines: list[str], printed: PrintedLine) -> engine.Position | BadSetup | None:
    """A setup printed just above (or on the first line of) a line of play: a PDN FEN, or
    the position in words (`Black men on 1, 5; king on 9. White ...`)."""
    above = range(printed.line, max(0, printed.line - 5), -1)
    for number in above:
        for tok in book.tokens(lines[number - 1], number):
            if tok.kind == "fen":
                try:
                    return engine.from_fen(tok.text)
                except engine.FenError as exc:
                    return BadSetup(tok.text, tok.line, tok.column, str(exc))
    words = " ".join(lines[n - 1] for n in reversed(above) if n < printed.line)
    fen = book.stated_position(words)
    if not fen:
        return None
    try:
        return engine.from_fen(fen)
    except engine.FenError as exc:
        return BadSetup(fen, printed.line, 1, f"the position stated in words: {exc}")


def _bad_setup(rec: Record, bad: BadSetup) -> Record:
    rec.add(ERROR, "CHECKERS-SETUP-UNREADABLE", f"the printed setup {bad.text!r} cannot be "
            f"read ({bad.why}); the moves are kept unreplayed", bad.line, bad.column)
    rec.settle_status()
    return rec


MIN_TABLE_PLIES = 4


def block_records(lines: list[str], path: str, skip: set[int]) -> list[Record]:
    """Move tables in books of other layouts (dotted columns `27.32`, pairs of moves a row,
    a column per game): read down then across, across then down, or a column at a time,
    whichever replays furthest (the reading taken is noted)."""
    out = []
    for block in book.column_blocks(lines, skip):
        stated = _stated_start(lines, book.PrintedLine("", block.line, block.end_line))
        if isinstance(stated, BadSetup):
            rec = Record(KIND, block.title or f"Table at line {block.line}", source=path,
                         line=block.line, end_line=block.end_line,
                         text="\n".join(lines[block.line - 1:block.end_line]))
            out.append(_bad_setup(rec, stated))
            continue
        start = stated or engine.initial()
        name = block.title or f"Table at line {block.line}"
        text = "\n".join(lines[block.line - 1:block.end_line])
        readings = []
        for how, printed in _readings(lines, block, name, start.turn):
            sol = book.Solution(name, "", block.title, block.line, block.end_line, start.turn,
                                printed, text)
            readings.append((replayed_plies(start, sol), how, sol))
        score, how, sol = max(readings, key=lambda r: r[0])
        if score < MIN_TABLE_PLIES:
            moves = [t for t in book.column_stream(block.rows) if t.kind == "move"]
            if stated is None and _looks_like_play(moves):
                out.append(_unplaced(book.PrintedLine(block.title, block.line, block.end_line,
                                                      moves, layout="column-table"),
                                     path, text))
            continue   # not checkers
        made: dict = {}
        for index, printed in enumerate(sol.lines):
            printed.layout = "dotted" if any(m.style == "dotted" for m in printed.moves) \
                else "column-table"
            rec = solution_record(sol, printed, index, made, path, start)
            rec.add(INFO, "CHECKERS-LAYOUT", f"table read {how}: that reading replays "
                    f"{score} plies, more than (or as many as) the others", block.line, 1)
            out.append(rec)
    return out


def _readings(lines: list[str], block: book.Block, name: str, side: str):
    yield "down then across", book.split_stream(book.column_stream(block.rows), name, side)
    yield "across then down", book.split_stream(book.row_stream(block.rows), name, side)
    titles = _column_headings(lines, block)
    separate: list[PrintedLine] = []
    for index in range(book.width_of(block.rows)):
        column = [[c for c in row if c.index == index] for row in block.rows]
        heading = titles[index] if index < len(titles) else ""
        if heading:
            above = book.title_above(lines, block.line - 2)
            title = f"{above}, {heading}" if above else heading
        else:
            title = f"{name}, column {index + 1}"
        printed = book.split_stream(book.column_stream([r for r in column if r]), title, side)
        for line in printed:
            if line.parent is not None:
                line.parent += len(separate)
        separate.extend(printed)
    yield "a column at a time, each from the start", separate


def _column_headings(lines: list[str], block: book.Block) -> list[str]:
    """The cells of the row just above a table, when it has one heading per column."""
    if block.line < 2:
        return []
    row = book.cells(lines[block.line - 2], block.line - 1)
    width = book.width_of(block.rows)
    if len(row) != width or any(t.kind == "move" for c in row for t in book.tokens(c.text)):
        return []
    return [c.text.rstrip(".") for c in row]


def replayed_plies(start: engine.Position, sol: book.Solution) -> int:
    total = 0
    for side, toks in solution_lines(sol):
        pos = engine.from_fen(side + engine.to_fen(start)[1:])
        for tok in toks:
            found = candidates(pos, tok)
            if not found:
                break
            pos = engine.play(pos, found[0])
            total += 1
    return total
