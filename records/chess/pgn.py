"""PGN in and out.

Reading streams: the file is cut into games (pgn_text), games go in batches through the
compiled reader (pgn_fast, with numpy: pgn_boards) when it is installed, a batch of a few
plain games in plain Python (pgn_small, with san_board), and every game the compiled reader
refuses, every variant and every Chess960 game is read by python-chess's PGN reader
(pgn_visitor), which names each fault with its line and column. (Big files come in pieces, which two processes share: core.reading.)
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import islice

from records.chess.pgn_finish import finish, title_of
from records.chess.pgn_text import Movetext, game_spans, split_lines
from records.chess.pgn_write import (RESULTS, ROSTER_DEFAULTS, SEVEN_TAG_ROSTER, game_pgn,  # noqa: F401
                                     write)
from records.core import parallel
from records.core.model import Record

BATCH_GAMES = 500          # games per batch: bounds memory, and the unit the processes share
FEW_GAMES = 16             # up to this many games a batch is read by pgn_small (about 3 ms a
                           # game, against some 60 ms to load numpy and the compiled reader)


def read(text: str, path: str, openings: bool = True) -> list[Record] | None:
    """Every game in a PGN file as a record; None when the file holds no game at all.
    openings=False: games read again for their moves alone, not named by the openings table."""
    return list(iter_read(text, path, openings)) or None


def iter_read(text: str, path: str, openings: bool = True) -> Iterator[Record]:
    """Every game in a PGN file as a record, in file order, a batch at a time."""
    lines = split_lines(text)
    number = 1
    for spans in _batches(game_spans(lines)):
        records = _read_batch(lines, spans, path, number, openings)
        number += len(spans)
        yield from records


def _batches(spans) -> Iterator[list]:
    while batch := list(islice(spans, BATCH_GAMES)):
        yield batch


def _read_batch(lines: list[str], spans: list, path: str, number: int,
                openings: bool = True) -> list[Record]:
    """The batch's records: the compiled reader's where it read the game, python-chess's
    for the rest. (No cyclic garbage collection meanwhile: many small objects, no cycles.)"""
    with parallel.collector_paused():
        quick = _read_quickly(lines, spans, path, number, openings)
        out: list[Record] = []
        for i, ((first, _, stop), rec) in enumerate(zip(spans, quick)):
            if rec is None:   # python-chess's reader, imported only when a game needs it
                from records.chess.pgn_visitor import read_lines
                found = read_lines(lines, path, first, stop, number + i - 1)
            else:
                found = [rec]
            out.extend(_piece_letters_raised(r, lines, path, first, stop, number + i - 1)
                       if r.diagnostics and _lower_pieces(r) else r for r in found)
    return out


# a piece's move with its letter in lower case (`nf3`, `qxd8+`, `bb5`): python-chess takes the
# letter for junk and plays the pawn move after it (`f3`); only a token that is junk or illegal
# as read is raised (`bxc6` stays a pawn's capture where that is legal)
LOWER_PIECE = re.compile(r"[nbrqk][a-h]?[1-8]?x?[a-h][1-8][+#]?")


def _lower_pieces(rec: Record) -> list:
    return [d for d in rec.diagnostics if d.code in ("CHESS-JUNK", "CHESS-ILLEGAL")
            and d.message.startswith('"')
            and LOWER_PIECE.fullmatch(d.message[1:d.message.find('"', 1)])]


def _piece_letters_raised(rec: Record, lines: list[str], path: str, first: int, stop: int,
                          games_before: int) -> Record:
    """The game read again with each piece letter printed in lower case raised (`nf3` as
    Nf3), each named as a repair, until no such fault is left (a game stops at its first
    illegal move, so each reading may find the next); kept when it reads with fewer errors."""
    from records.chess.pgn_visitor import read_lines
    from records.core.model import WARNING
    fixed, raised, best = list(lines), [], rec
    for _ in range(64):
        faults = _lower_pieces(best)
        if not faults:
            break
        for diag in faults:
            token = diag.message[1:diag.message.find('"', 1)]
            line, at = fixed[diag.line - 1], diag.column - 1
            if line[at:at + len(token)] != token:
                return rec
            fixed[diag.line - 1] = line[:at] + token[0].upper() + line[at + 1:]
            raised.append((diag.line, diag.column, token))
        again = read_lines(fixed, path, first, stop, games_before)
        if len(again) != 1:
            return rec
        best = again[0]
    if best is rec or _errors(best) >= _errors(rec) and len(best.plies) <= len(rec.plies):
        return rec
    best.text = rec.text
    for line, column, token in raised:
        best.add(WARNING, "CHESS-PIECE-CASE", f'"{token}": a piece\'s letter printed in lower '
                 f"case, read as {token[0].upper()}{token[1:]}", line, column, repair=True)
    return best


def _errors(rec: Record) -> int:
    return sum(1 for d in rec.diagnostics if d.severity in ("error", "warning") and not d.repair)


def prepare_bulk() -> None:
    """numpy, the compiled reader, its C half and the openings table, loaded before a big
    file's reading is shared with a forked process (core.reading): once, not in each."""
    fast = _compiled()
    if fast is None:
        return
    from records.chess import openings, pgn_boards, pgn_lines  # noqa: F401
    pgn_boards.compiled_half()
    openings.hash_array()
    openings.table_by_hash()


def _compiled():
    """pgn_fast when numpy and the compiled reader (the "fast" extra) are installed."""
    try:
        from records.chess import pgn_fast
    except ImportError:
        return None
    return pgn_fast if pgn_fast.compiled_reader() else None


def _read_quickly(lines: list[str], spans: list, path: str, number: int,
                  openings: bool = True) -> list:
    if len(spans) <= FEW_GAMES:   # a few plain games: no numpy to load (python-chess instead)
        from records.chess import pgn_small
        found = pgn_small.read_batch(lines, spans, path, number, _builder(lines), openings)
        if found is not None:
            return found
    pgn_fast = _compiled()
    if not pgn_fast:
        return [None] * len(spans)
    try:   # (variants and Chess960 come back None: python-chess reads them)
        return pgn_fast.read_batch(lines, spans, path, number, _builder(lines), openings)
    except BaseException as error:  # a fault in the compiled reader: python-chess reads all
        if not isinstance(error, Exception) and type(error).__name__ != "PanicException":
            raise  # Ctrl-C and the like; a Rust panic arrives as a BaseException
        return [None] * len(spans)


def _builder(lines: list[str]):
    def build(rec: Record, number: int, keys: list[str], movetext: int, stop: int,
              result: str, notes: Movetext | None) -> None:
        rec.title = title_of(rec.tags, number)
        finish(rec, keys, notes or Movetext(), lines, movetext, stop, stopped=False,
               white_starts=rec.start_position.endswith("w"), result_token=result)
    return build
