"""PGN in and out.

Reading streams: the file is cut into games (pgn_text), games go in batches through the
compiled reader (pgn_fast) when it is installed, and every game it refuses, every variant
and every Chess960 game is read by python-chess (pgn_visitor), which names each fault with
its line and column. Big files are read by two processes taking turns at the batches when
a core is idle.
"""
from __future__ import annotations

import os
import pickle
import signal
from collections.abc import Iterator
from itertools import islice

from records.chess.pgn_text import Movetext, game_spans, split_lines
from records.chess.pgn_visitor import finish, read_lines, title_of
from records.chess.pgn_write import (RESULTS, ROSTER_DEFAULTS, SEVEN_TAG_ROSTER, game_pgn,  # noqa: F401
                                     write)
from records.core import parallel
from records.core.model import Record

BATCH_GAMES = 500          # games per batch: bounds memory, and the unit the processes share
PARALLEL_MIN_CHARS = 400_000


def read(text: str, path: str) -> list[Record] | None:
    """Every game in a PGN file as a record; None when the file holds no game at all."""
    return list(iter_read(text, path)) or None


def iter_read(text: str, path: str) -> Iterator[Record]:
    """Every game in a PGN file as a record, in file order, a batch at a time."""
    lines = split_lines(text)
    batches = _batches(game_spans(lines))
    if len(text) >= PARALLEL_MIN_CHARS and parallel.worthwhile() and _a_core_is_idle():
        yield from _in_two_processes(lines, path, batches)
    else:
        number = 1
        for spans in batches:
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
            if rec is None:
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
            if rec is not None and rec.title.startswith("Game "):  # numbered in file order
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


# -- two processes taking turns ---------------------------------------------------------------
def _a_core_is_idle() -> bool:
    """Whether a second process would get a core of its own. Sending records back costs the
    pair about a third of what they save, so on a busy machine one process is quicker."""
    try:
        return os.getloadavg()[0] < (os.cpu_count() or 1) - 0.5
    except OSError:  # no load average here: assume the cores are free
        return True


def _in_two_processes(lines: list[str], path: str, batches) -> Iterator[Record]:
    """This process reads the even batches, a forked child the odd ones and sends them back
    pickled, one at a time, so neither holds more than a batch or two."""
    batches = list(batches)  # game places only: a few small tuples per game
    if len(batches) < 2:
        yield from (rec for spans in batches for rec in _read_batch(lines, spans, path, 1))
        return
    starts = [0]
    for spans in batches:
        starts.append(starts[-1] + len(spans))
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        _child(lines, path, batches, starts, read_end, write_end)
    os.close(write_end)
    incoming = os.fdopen(read_end, "rb")
    try:
        for n, spans in enumerate(batches):
            if n % 2 == 0:
                yield from _read_batch(lines, spans, path, starts[n] + 1)
            else:
                yield from _from_child(incoming, lines, spans, path, starts[n] + 1)
    finally:
        incoming.close()
        _end_child(pid)


def _child(lines, path, batches, starts, read_end, write_end) -> None:
    """The forked reader: the odd batches, each pickled into the pipe; it never returns."""
    os.close(read_end)
    status = 1
    try:
        with os.fdopen(write_end, "wb") as out:
            for n in range(1, len(batches), 2):
                records = _read_batch(lines, batches[n], path, starts[n] + 1)
                pickle.dump(parallel.packed(records), out, pickle.HIGHEST_PROTOCOL)
                out.flush()
        status = 0
    finally:
        os._exit(status)


def _from_child(incoming, lines, spans, path, number) -> list[Record]:
    """The child's records for a batch; should the child have died, this process reads it."""
    try:
        return parallel.unpacked(pickle.load(incoming))
    except (EOFError, pickle.UnpicklingError, OSError):
        return _read_batch(lines, spans, path, number)


def _end_child(pid: int) -> None:
    """Reap the child; stop it first if the reader was abandoned half way."""
    done, _ = os.waitpid(pid, os.WNOHANG)
    if done == 0:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
