"""Chess in books: find every game, ending and variation in running text, give each its
setup (odds, positions in words, diagrams, "as in Game 12") and validate it by replay.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

import chess

from records.chess import descriptive as dn
from records.chess import results
from records.chess.resolver import Setup, resolve
from records.chess.setups import book_setups, odds_setup
from records.chess.spelling import square_name
from records.chess.coverage import check_coverage
from records.chess.notes import attach_notes
from records.chess.validation import validate_line
from records.core.review import needs_decision


NUMBERED = re.compile(r"^\s*(?:\d+\s?\.|\$|-\s+\d)")  # rows of moves, not notes
PARALLEL_PLIES = 4000  # below this a second process costs more than it saves
PARALLEL_CHARS = 60_000  # a book this long is found and replayed from both ends at once
MAIN_SHARE = 0.52    # the other process also pickles what it made: it gets a little less


def scan_book(text: str, path: str) -> list:
    """Every chess line in a book's text, replayed and titled as the book prints it.

    Lines that stand alone (most games) are replayed on every core when there are many;
    variations and lines that start from another line's position follow in book order.
    """
    from records.core.parallel import collector_paused
    with collector_paused():
        return _scan(text, path)


def _scan(text: str, path: str) -> list:
    from records.chess.book import find_games, split_point
    from records.core import parallel
    lines = text.splitlines()
    facts = book_setups(text)
    if not facts and len(text) >= PARALLEL_CHARS and parallel.worthwhile():
        cut = split_point(text, lines, MAIN_SHARE)
        records = _scan_in_two(text, path, lines, cut) if cut else None
        if records is not None:
            return records
    raws = find_games(text)
    _mark_limits(raws)
    titles = _titles(raws, path)
    marks = _marks_checks(raws)
    jobs = [(raw, title, facts.get(title, {}), path, lines, marks)
            for raw, title in zip(raws, titles)]
    ready = _records_of([job for job in jobs if _stands_alone(job[0], job[2])])
    records = _in_book_order(jobs, ready)
    return records


def _scan_in_two(text: str, path: str, lines: list[str], cut: int) -> list | None:
    """The book read from its two ends at once: this process finds and replays the games
    before line cut, a forked one those from it on (find_games reads from cut afresh, as
    split_point promises). Lines that hang on others are replayed here afterwards, in order.
    None if the halves disagree on whether the book marks its checks (read it whole then)."""
    from records.core import parallel

    def half(start: int, stop: int | None) -> tuple[list, bool, list]:
        from records.chess.book import find_games
        raws = find_games(text, start, stop)
        _mark_limits(raws)
        marks = _marks_checks(raws)
        alone = [raw for raw in raws if _stands_alone(raw, {})]
        return raws, marks, [_record_of((raw, raw.heading, {}, path, lines, marks), {})
                             for raw in alone]

    def second() -> tuple:
        raws, marks, records = half(cut, None)
        summaries = [_Summary(raw.heading, raw.first_number, raw.black_first)
                     if _stands_alone(raw, {}) else raw for raw in raws]
        return summaries, marks, parallel.packed(records)

    (raws_a, marks_a, records_a), (raws_b, marks_b, packed_b) = parallel.in_two(
        lambda: half(1, cut), second)
    if marks_a != marks_b:
        return None
    raws = raws_a + raws_b
    jobs = [(raw, title, {}, path, lines, marks_a) for raw, title in zip(raws, _titles(raws, path))]
    ready = records_a + parallel.unpacked(packed_b)
    for rec, job in zip(ready, [job for job in jobs if _stands_alone(job[0], {})]):
        rec.title = rec.tags["BookTitle"] = job[1]
    records = _in_book_order(jobs, ready)
    return records


@dataclass
class _Summary:
    """What the titles need of a game replayed in the other process."""
    heading: str
    first_number: int
    black_first: bool
    tags: dict = field(default_factory=dict)


def _marks_checks(raws: list) -> bool:
    """Does the book print its checks? Then a move printed without one gives none."""
    return any(getattr(t, "check", False) or getattr(t, "mate", False)
               for raw in raws for t in raw.moves())


def _stands_alone(raw, fact: dict) -> bool:
    """A line that starts from its own position, not from another line's."""
    return not fact.get("branch_of") and not _is_fragment(raw) and not raw.tags.get("_as_in")


def _in_book_order(jobs: list, ready: list) -> list:
    """The records in book order: those made already for the lines that stand alone, and the
    others made now, from the records before them."""
    ready_iter = iter(ready)
    done: dict[str, object] = {}
    records = []
    for job in jobs:
        rec = next(ready_iter) if _stands_alone(job[0], job[2]) else _record_of(job, done)
        done[job[1]] = rec
        records += _from_a_board_within(rec, job, done)
    return records


def _from_a_board_within(rec, job, done) -> list:
    """A line printed from mid-game whose start the text does not give, with a board drawn
    between its moves: the moves after the board, replayed from it, are a record of their
    own when they replay (the moves before it stay as they were, kept but not replayed)."""
    from records.chess.book import RawGame
    raw, title = job[0], job[1]
    drawn = raw.tags.get("_drawn_within")
    if not drawn or not any(d.code == "CHESS-NO-SETUP" for d in rec.diagnostics):
        return [rec]
    count, placements = drawn[0]
    cut = _item_of_move(raw.items, count)
    if cut is None or not isinstance(raw.items[cut], dn.MoveNumber):
        return [rec]
    head, tail = raw.items[:cut], raw.items[cut:]
    first = tail[0]
    after = RawGame(raw.heading, first.line, raw.end_line, [], {**raw.tags, "_boards": placements,
                                                                "_drawn_within": None},
                    first.number, first.continuation, raw.style)
    after.add(tail)
    rest = _record_of((after, f"{title}, from the board at move {first.number}", {}, *job[3:]),
                      done)
    if rest.settle_status() not in ("valid", "repaired"):
        return [rec]
    before = RawGame(raw.heading, raw.line, max(i.line for i in head), [],
                     {**raw.tags, "_drawn_within": None}, raw.first_number, raw.black_first,
                     raw.style)
    before.add(head)
    return [_record_of((before, title, *job[2:]), done), rest]


def _item_of_move(items: list, count: int) -> int | None:
    """The index of the number before the count-th move (0-based) of items, or None."""
    seen, number = 0, None
    for k, item in enumerate(items):
        if isinstance(item, dn.MoveNumber):
            number = k
        elif isinstance(item, (dn.Move, dn.Unreadable)):
            if seen == count:
                return number if number is not None and number > 0 else None
            seen, number = seen + 1, None
    return None


def _records_of(jobs: list) -> list:
    from records.core import parallel
    plies = sum(job[0].count for job in jobs)
    if plies < PARALLEL_PLIES or not parallel.worthwhile():
        return [_record_of(job, {}) for job in jobs]
    cut, done = 0, 0
    while cut < len(jobs) and done < plies * MAIN_SHARE:
        done += jobs[cut][0].count
        cut += 1
    mine, theirs = parallel.records_in_two(lambda: [_record_of(job, {}) for job in jobs[:cut]],
                                           lambda: [_record_of(job, {}) for job in jobs[cut:]])
    return mine + theirs


def _record_of(job, done: dict):
    from records.core.model import Record
    raw, title, fact, path, lines, marks = job
    rec = Record(kind="chess", title=fact.get("title", title), source=path, line=raw.line,
                 end_line=raw.end_line, text="\n".join(lines[raw.line - 1:raw.end_line]))
    rec.tags = {k: v for k, v in raw.tags.items() if not k.startswith("_") and v}
    rec.tags["BookTitle"] = title
    notes = [line.strip() for line in lines[raw.line - 1:raw.end_line]
             if line.strip() and not NUMBERED.match(line)]
    if notes:
        rec.data["annotations"] = " ".join(notes)
    _note_misnumbered(rec, raw)
    _validate_raw(rec, raw, fact, done, marks)
    _name_layouts(rec, raw)
    check_coverage(rec, raw, lines)
    results.settle(rec, _printed_results(raw), len(raw.moves()))
    if any(needs_decision(d) for d in rec.diagnostics):
        rec.data["marks_checks"] = marks   # the book's way, for a person's correction later
    _classify(rec)
    _printed_result(rec, raw, lines)
    attach_notes(rec, lines, raw.tags.get("_until"))
    rec.normal = san_movetext(rec)
    return rec


RESULT_LINE = re.compile(r"\s*(resigns|drawn(?: game)?|game drawn|draw|white wins|black wins|"
                         r"1-0|0-1|½-½|1/2-1/2)\.?\s*", re.I)


def _printed_result(rec, raw, lines: list[str]) -> None:
    """The result the book prints ("Resigns.", "Drawn.", "White wins", "1-0"), among the moves
    or on the line after them, as a PGN Result tag, or, when it prints none, the mate the game
    ends in. A resignation or a win is told by
    the side to move after the last move, so it is read only when the whole line replayed."""
    from records.core.model import ERROR
    if rec.tags.get("Result") or not rec.plies or \
            any(d.severity == ERROR for d in rec.diagnostics):
        return
    printed = [item.text for item in raw.items if isinstance(item, dn.Result)]
    after = next((line for line in lines[raw.end_line:raw.end_line + 2] if line.strip()), "")
    if not printed and RESULT_LINE.fullmatch(after):   # "Resigns." on a line of its own
        printed = [after.strip()]
    white_to_move = (rec.start_position.endswith("w")) == (len(rec.plies) % 2 == 0)
    mover, other = ("0-1", "1-0") if white_to_move else ("1-0", "0-1")  # who made the last move
    words = printed[-1].lower() if printed else ""
    if not words:
        result = mover if rec.plies[-1].normal.endswith("#") else ""
    elif results.SCORE.match(words) or "resign" in words:   # `1–0`; the side named resigns,
        result = results.meaning(words, not white_to_move)[0]   # else the side to move
    elif "draw" in words:
        result = "1/2-1/2"
    elif words.startswith(("white", "black")):
        result = "1-0" if words.startswith("white") else "0-1"
    elif words.startswith("and wins"):
        result = mover
    else:                       # "mates in two", "wins in three": the side to move
        result = other
    if result:
        rec.tags["Result"] = result


def _note_misnumbered(rec, raw) -> None:
    from records.core.model import WARNING
    for line, column, printed, read, why in raw.tags.get("_misnumbered", ()):
        rec.add(WARNING, "CHESS-MISNUMBERED", f"move number {printed} is printed where the "
                f"game is at move {read} ({why})", line, column, "read as move " + str(read),
                repair=True)


def _name_layouts(rec, raw) -> None:
    """The order the layout engine read each table of the line in (LAYOUT, info); several
    orders that read whole, with different games, or a number out of turn in the best one:
    the record needs review."""
    from records.core.model import INFO, WARNING
    for table in raw.tags.get("_layouts", ()):
        rec.add(INFO, "LAYOUT", table.layout, table.line, 1)
        if table.rivals:
            rec.add(WARNING, "LAYOUT", "the block reads whole in several orders, with different "
                    "games: " + "; ".join(table.rivals), table.line, 1,
                    "choose the order the book means")
        if table.failure:
            line, column, why = table.failure
            rec.add(WARNING, "LAYOUT", f"no reading order of the block replays it whole; in the "
                    f"best ({table.layout[5:]}) {why}", line, column)


def _mark_limits(raws: list) -> None:
    """Each line's reach: up to the next line that stands alone (a variation printed after a
    game may be the game's own rest, cut off)."""
    until = None
    for raw in reversed(raws):
        raw.tags["_until"] = until
        if not _is_fragment(raw):
            until = raw.line


def _printed_results(raw) -> list:
    """The results printed right after the line's last move (on its line or the next two)."""
    moves = raw.moves()
    # the lowest move printed: a fraction's last move may be White's above the rule, its
    # last line Black's reply below it
    last = max(((m.line, m.column) for m in moves), default=(0, 0))
    return [i for i in raw.items if isinstance(i, dn.Result)
            and last <= (i.line, i.column) and i.line <= last[0] + 2]


def _is_fragment(raw) -> bool:
    return raw.first_number > 1 or raw.black_first


def _titles(raws, path) -> list[str]:
    """Titles as printed: the heading, numbered when it heads several lines; a line that
    starts in mid-game is named as a variation of the line above it."""
    import os
    groups: dict[str, int] = {}
    for raw in raws:
        if not _is_fragment(raw):
            groups[raw.heading] = groups.get(raw.heading, 0) + 1
    seen: dict[str, int] = {}
    last_full: dict[str, str] = {}
    out = []
    for raw in raws:
        name = raw.heading or os.path.basename(path)
        if _is_fragment(raw) and raw.heading in last_full:
            dots = "..." if raw.black_first else ""
            out.append(f"{last_full[raw.heading]}, variation at move {raw.first_number}{dots}")
            continue
        if _is_fragment(raw):  # a game printed from mid-game: the heading's own line
            last_full[raw.heading] = name
            out.append(name)
            continue
        seen[raw.heading] = seen.get(raw.heading, 0) + 1
        title = f"{name} ({seen[raw.heading]})" if groups[raw.heading] > 1 else name
        last_full[raw.heading] = title
        out.append(title)
    return out


def _validate_raw(rec, raw, fact: dict, done: dict, marks_checks: bool) -> None:
    from records.core.model import INFO, WARNING
    setup = _setup_for(rec, raw, fact, done)
    if setup is None:
        return
    setup.marks_checks = marks_checks
    if setup.note:
        rec.tags["SetUpNote"] = setup.note
    items = raw.items
    if fact.get("moves"):
        items = [dn.placed(dn.parse_move(m), rec.line, 0) for m in fact["moves"]] + list(items)
        rec.add(INFO, "CHESS-WORDS", f"the line starts with {', '.join(fact['moves'])}, given in "
                f"words: \"{fact['words']}\"", rec.line, 1)
    if raw.tags.get("_diagram") and not fact and _fails_at_once(setup, items):
        rec.add(WARNING, "CHESS-NO-SETUP", "the line starts from a diagram whose position the "
                "text does not give; it is kept but not replayed", rec.line, 1,
                "give the position as FEN to replay it")
        return
    if not fact.get("fen"):
        validate_line(rec, setup, items)
        return
    # a position given in words: when the line fails at once, one man moved may mend it, and
    # the reading from the words is thrown away; the search past its failure is made only
    # when it is kept (or when its findings decide whether the line failed at once)
    later: list = []
    validate_line(rec, setup, items, later)
    if not _failed_early(rec, raw):
        for step in later:
            step()
        later = []
    if _failed_early(rec, raw) and not _try_setup_repair(rec, raw, setup, items):
        for step in later:
            step()


def _failed_early(rec, raw) -> bool:
    return any(d.code in ("CHESS-ILLEGAL", "CHESS-UNREADABLE") and _token_index(raw, d) <= 1
               for d in rec.diagnostics)


FAILS_WITHIN = 6   # a line failing before its 6th move (or its last) fails at once


def _fails_at_once(setup: Setup, items: list, within: int = FAILS_WITHIN) -> bool:
    tokens = [t for t in items if isinstance(t, (dn.Move, dn.Unreadable))]
    res = resolve(setup.board(), tokens, setup.double_first, setup.marks_checks)
    return not res.readings and res.failed_at < min(within, len(tokens))


def _token_index(raw, diag) -> int:
    for i, tok in enumerate(raw.moves()):
        if tok.line == diag.line and tok.column == diag.column:
            return i
    return 99


def _setup_for(rec, raw, fact, done) -> Setup | None:
    from records.chess.moves import impossible
    from records.core.model import ERROR, WARNING
    if fact.get("branch_of"):
        setup = _position_of(done.get(fact["branch_of"]), fact["after_plies"], fact["words"])
        if setup is None:
            rec.add(WARNING, "CHESS-NO-SETUP", f"the line branches from {fact['branch_of']!r}, "
                    "which does not replay that far", rec.line, 1)
            return None
        rec.tags["Variation"] = f"of {fact['branch_of']} after ply {fact['after_plies']}"
        return setup
    if fact.get("fen"):
        return Setup(fen=fact["fen"], note=fact.get("words", ""))
    odds = odds_setup(raw.heading)
    if odds:
        return odds
    if raw.tags.get("_fen"):
        try:
            board = chess.Board(raw.tags["_fen"])
            wrong = impossible(board.fen())
            if wrong:
                rec.add(ERROR, "CHESS-BAD-SETUP", "the FEN above the line gives a position no"
                        f" game can reach: {'; '.join(wrong)}", rec.line, 1)
            return Setup(fen=board.fen(), note="the FEN printed above the line")
        except ValueError:
            rec.add(WARNING, "CHESS-BAD-FEN", f"the FEN above the line cannot be read: "
                    f"{raw.tags['_fen']}", rec.line, 1)
            return None
    if raw.tags.get("_as_in"):
        game, last = raw.tags["_as_in"]
        base = next((r for r in reversed(list(done.values()))
                     if r.tags.get("BookGame") == str(game) and "Variation" not in r.tags), None)
        setup = _position_of(base, 2 * last, f"moves 1-{last} as in game {game}")
        if setup is not None and not _fails_at_once(setup, raw.items):
            return setup
    if raw.tags.get("_start"):
        return raw.tags["_start"]   # the diagram, the way up the layout engine's replay chose
    drawn = _drawn_setup(raw, raw.tags.get("_boards", []) + raw.tags.get("_board_words", []))
    if drawn is not None:
        return drawn
    if _is_fragment(raw):
        return _branch_setup(rec, raw, done)
    return Setup()


def _drawn_setup(raw, placements: list) -> Setup | None:
    """Of a position drawn above the line (either way up) or given in words (Black's squares
    counted either way), the reading the line replays furthest from, if it does not fail at
    once; the first of equals."""
    from records.chess.diagrams import start_fen
    best, reach = None, -1
    printed = sum(isinstance(t, (dn.Move, dn.Unreadable)) for t in raw.items)
    for placement, note in placements:
        fen = start_fen(placement, not raw.black_first, raw.first_number)
        if fen is None:
            continue
        depth = _depth(Setup(fen=fen), raw.items)
        # (_fails_at_once would replay the line again from the same start, to the same depth)
        if depth > reach and depth >= min(FAILS_WITHIN, printed):
            best, reach = Setup(fen=fen, note=note), depth
    return best


def _depth(setup: Setup, items: list) -> int:
    tokens = [t for t in items if isinstance(t, (dn.Move, dn.Unreadable))]
    res = resolve(setup.board(), tokens, setup.double_first, setup.marks_checks)
    return len(tokens) if res.readings else res.failed_at


def _position_of(base, plies: int, note: str) -> Setup | None:
    if base is None or not base.data.get("start_fen") or len(base.plies) < plies:
        return None
    board = chess.Board(base.data["start_fen"])
    for ply in base.plies[:plies]:
        board.push_san(ply.normal)
    return Setup(fen=board.fen(), note=note)


def _branch_setup(rec, raw, done) -> Setup | None:
    """A line printed from move n on: a variation of the line above it, from its position
    before move n (or before Black's move n)."""
    from records.core.model import WARNING
    base_title = rec.tags["BookTitle"].rsplit(", variation at move", 1)[0]
    base = done.get(base_title)
    start = chess.Board(base.data["start_fen"]) if base is not None and base.data.get("start_fen") \
        else chess.Board()
    plies = 2 * (raw.first_number - start.fullmove_number) + (1 if raw.black_first else 0) \
        - (1 if start.turn == chess.BLACK else 0)
    setup = _position_of(base, plies, f"the position of {base_title} before this move")
    if setup is not None and not _fails_at_once(setup, raw.items):
        rec.tags["Variation"] = f"of {base_title} at move {raw.first_number}"
        return setup
    rec.add(WARNING, "CHESS-NO-SETUP", f"the line starts at move {raw.first_number} from a "
            "position the text does not give; it is kept but not replayed", rec.line, 1,
            "give the position as FEN to replay it")
    return None


def _try_setup_repair(rec, raw, setup: Setup, items) -> bool:
    """A position given in words that the moves contradict at once: try moving one man of it.

    The candidate that lets the line replay furthest (printed checks counted as binding) wins
    if it alone does; later misprints in the line are then diagnosed as usual. Whether rec
    was read again from a mended position.
    """
    from records.core.model import WARNING, Record
    board = setup.board()
    tokens = [t for t in items if isinstance(t, (dn.Move, dn.Unreadable))]
    scored = []
    for sq, piece in board.piece_map().items():
        for target in chess.SQUARES:
            if board.piece_at(target) is not None:
                continue
            trial = board.copy(stack=False)
            trial.remove_piece_at(sq)
            trial.set_piece_at(target, piece)
            if trial.is_valid():
                scored.append((_reach(trial, tokens, setup), sq, target, piece, trial))
    if not scored:
        return False
    scored.sort(key=lambda s: s[0], reverse=True)
    best = scored[0]
    if (len(scored) > 1 and scored[1][0] == best[0]) or best[0] <= _reach(board, tokens, setup) \
            or best[0][0] < min(4, len(tokens)):
        return False
    _, sq, target, piece, trial = best
    white = piece.color == chess.WHITE
    words = (f"the {'white' if white else 'black'} {chess.piece_name(piece.piece_type)} on "
             f"{square_name(target, white, False)} instead of {square_name(sq, white, False)}")
    fresh = Record(kind=rec.kind, title=rec.title, source=rec.source, line=rec.line,
                   end_line=rec.end_line, text=rec.text, tags=rec.tags)
    validate_line(fresh, Setup(fen=trial.fen(), note=setup.note, marks_checks=setup.marks_checks),
                  items)
    fresh.add(WARNING, "CHESS-SETUP-REPAIRED", f"the position as described ({setup.note}) does "
              f"not let the line replay; with {words}, the only one-man change that does, it "
              "replays", rec.line, 1, "the described position is kept in the record's data", True)
    fresh.diagnostics.insert(0, fresh.diagnostics.pop())
    fresh.data["described_fen"] = board.fen()
    rec.plies, rec.diagnostics, rec.data = fresh.plies, fresh.diagnostics, fresh.data
    rec.start_position = fresh.start_position
    return True


def _reach(board: chess.Board, tokens: list, setup: Setup) -> tuple[int, int]:
    """How far a line replays from board: with printed checks binding, then without."""
    def depth(res):
        return len(tokens) if res.readings else res.failed_at
    strict = resolve(board, tokens, marks_checks=setup.marks_checks, strict_claims=True)
    loose = resolve(board, tokens, marks_checks=setup.marks_checks)
    return depth(strict), depth(loose)


def _classify(rec) -> None:
    try:
        from records.chess.openings import classify_keys
    except ImportError:
        return
    if not rec.plies or rec.data.get("start_fen", chess.STARTING_FEN) != chess.STARTING_FEN:
        return
    found = classify_keys([p.position for p in rec.plies], [p.normal for p in rec.plies])
    if found and found[1]:
        rec.tags["HoyleECO"], rec.tags["HoyleOpening"] = found[0], found[1]


def san_movetext(rec) -> str:
    fields = rec.data.get("start_fen", chess.STARTING_FEN).split()
    white, number = fields[1] == "w", int(fields[5])
    parts = []
    for ply in rec.plies:
        if white:
            parts.append(f"{number}.")
        elif not parts:
            parts.append(f"{number}...")
        parts.append(ply.normal)
        number += 0 if white else 1
        white = not white
    return " ".join(parts)


