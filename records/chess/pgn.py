"""PGN in and out.

Reading streams: the file is cut into games (pgn_text), games go in batches through the
compiled reader (pgn_fast) when it is installed, and every game it refuses, every variant
and every Chess960 game is read by python-chess (pgn_visitor), which names each fault with
its line and column. (Big files come in pieces, which two processes share: core.reading.)
"""
from __future__ import annotations

from collections.abc import Iterator
from itertools import islice

from records.chess.pgn_finish import finish, title_of
from records.chess.pgn_text import Movetext, game_spans, split_lines
from records.chess.pgn_write import (RESULTS, ROSTER_DEFAULTS, SEVEN_TAG_ROSTER, game_pgn,  # noqa: F401
                                     write)
from records.core import parallel
from records.core.interchange import TITLE
from records.core.model import Record

BATCH_GAMES = 500          # games per batch: bounds memory, and the unit the processes share


def read(text: str, path: str) -> list[Record] | None:
    """Every game in a PGN file as a record; None when the file holds no game at all."""
    return list(iter_read(text, path)) or None


def iter_read(text: str, path: str) -> Iterator[Record]:
    """Every game in a PGN file as a record, in file order, a batch at a time."""
    lines = split_lines(text)
    number = 1
    for spans in _batches(game_spans(lines)):
        records = _read_batch(lines, spans, path, number)
        number += len(spans)
        yield from records


def _batches(spans) -> Iterator[list]:
    while batch := list(islice(spans, BATCH_GAMES)):
        yield batch


def _read_batch(lines: list[str], spans: list, path: str, number: int) -> list[Record]:
    """The batch's records: the compiled reader's where it read the game, python-chess's
    for the rest. (No cyclic garbage collection meanwhile: many small objects, no cycles.)"""
    with parallel.collector_paused():
        quick = _read_quickly(lines, spans, path, number)
        out: list[Record] = []
        for i, ((first, _, stop), rec) in enumerate(zip(spans, quick)):
            if rec is None:   # python-chess's reader, imported only when a game needs it
                from records.chess.pgn_visitor import read_lines
                out.extend(read_lines(lines, path, first, stop, number + i - 1))
            else:
                out.append(rec)
    return out


def _compiled():
    """pgn_fast when numpy and the compiled reader (the "fast" extra) are installed."""
    try:
        from records.chess import pgn_fast
    except ImportError:
        return None
    return pgn_fast if pgn_fast.compiled_reader() else None


def _read_quickly(lines: list[str], spans: list, path: str, number: int) -> list:
    """The compiled reader's records (None where python-chess must read the game), untitled
    games numbered in file order."""
    quick: list = [None] * len(spans)
    pgn_fast = _compiled()
    if pgn_fast:
        standard = [i for i, span in enumerate(spans) if not _is_variant(lines, span)]
        try:
            found = pgn_fast.read_batch(lines, [spans[i] for i in standard], path, number,
                                        _builder(lines))
        except BaseException as error:  # a fault in the compiled reader: python-chess reads all
            if not isinstance(error, Exception) and type(error).__name__ != "PanicException":
                raise  # Ctrl-C and the like; a Rust panic arrives as a BaseException
            found = []
        for i, rec in zip(standard, found):
            quick[i] = rec
            if rec is not None and rec.title.startswith("Game ") and TITLE not in rec.tags:
                rec.title = title_of(rec.tags, number + i)
    return quick


def _is_variant(lines: list[str], span: tuple) -> bool:
    first, movetext, _ = span
    return any(line.startswith("[Variant ") for line in lines[first:movetext])


def _builder(lines: list[str]):
    def build(rec: Record, number: int, keys: list[str], movetext: int, stop: int,
              result: str, notes: Movetext | None) -> None:
        rec.title = title_of(rec.tags, number)
        finish(rec, keys, notes or Movetext(), lines, movetext, stop, stopped=False,
               white_starts=rec.start_position.endswith("w"), result_token=result)
    return build
