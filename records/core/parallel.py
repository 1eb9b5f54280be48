"""Big reads: two cores, and no cyclic garbage collector while records are made or stored.

in_two runs the second half of a read in a forked process while this one does the first; the
child's result comes back pickled through a pipe, records as plain data (plies as tuples pickle
several times faster than objects). Where fork is missing, or the child fails, this process
does the second half itself, so the answer never depends on the split.
"""
from __future__ import annotations

import gc
from array import array
import os
import pickle
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from records.core.model import Ply, Record

T = TypeVar("T")
U = TypeVar("U")


@contextmanager
def collector_paused() -> Iterator[None]:
    """Records, plies and rows are many small objects without cycles: the cyclic collector
    would walk them again and again (and every other object in the process) for nothing."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def worthwhile() -> bool:
    """A second core exists and the user has not asked for one process (HOYLE_WORKERS=1)."""
    return (hasattr(os, "fork") and (os.cpu_count() or 1) > 1
            and os.environ.get("HOYLE_WORKERS", "2") != "1")


def in_two(first: Callable[[], T], second: Callable[[], U]) -> tuple[T, U]:
    """first() here and second() in a forked child at the same time. second's result comes
    back pickled: records should travel as packed(records) and be unpacked() here."""
    if not hasattr(os, "fork"):
        return first(), second()
    read_end, write_end = os.pipe()
    parent = os.getpid()
    pid = os.fork()
    if pid == 0:  # the child: do the second half, send it, and leave without any cleanup
        os.close(read_end)
        status = 1
        try:
            die_with_parent(parent)
            with os.fdopen(write_end, "wb") as out:
                pickle.dump(second(), out, pickle.HIGHEST_PROTOCOL)
            status = 0
        finally:
            os._exit(status)
    os.close(write_end)
    try:
        mine = first()
    except BaseException:  # no answer is wanted from the child any more
        os.close(read_end)
        os.kill(pid, signal.SIGKILL)
        _reap(pid)
        raise
    with os.fdopen(read_end, "rb") as inp:
        data = inp.read()
    if _reap(pid) != 0 or not data:
        return mine, second()
    return mine, pickle.loads(data)


def records_in_two(first: Callable[[], list[Record]],
                   second: Callable[[], list[Record]]) -> tuple[list[Record], list[Record]]:
    """in_two for two lists of records."""
    mine, theirs = in_two(first, lambda: packed(second()))
    return mine, unpacked(theirs)


PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int) -> None:
    """A worker is killed when the process that forked it dies (Linux: the kernel sends
    SIGKILL; elsewhere a thread watches the parent id), so no orphan keeps working."""
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0:
            if os.getppid() != parent:  # the parent died before prctl took effect
                os._exit(1)
            return
    except (OSError, AttributeError):
        pass
    import threading

    def watch() -> None:
        while os.getppid() == parent:
            threading.Event().wait(0.5)
        os._exit(1)
    threading.Thread(target=watch, daemon=True).start()


def _reap(pid: int) -> int:
    _, status = os.waitpid(pid, 0)
    return status


def packed(records: list[Record]) -> list[dict]:
    """Records as plain data, quick to pickle: each record's plies as a few columns (one
    string of moves, line and column numbers as bytes, only the texts and positions that
    differ from nothing), not thousands of small objects."""
    out = []
    for rec in records:
        fields = dict(rec.__dict__)
        fields["plies"] = _ply_columns(rec.plies)
        if fields["key_hashes"] is not None:
            fields["key_hashes"] = fields["key_hashes"].tobytes()
        out.append(fields)
    return out


def _ply_columns(plies: list[Ply]) -> tuple:
    normals = [p.normal for p in plies]
    joined = "\n".join(normals)
    if joined.count("\n") != max(len(normals) - 1, 0):
        return ("tuples", [(p.index, p.text, p.normal, p.line, p.column, p.position)
                           for p in plies])
    numbers = [p.index for p in plies]
    return ("columns", joined,
            [(i, p.text) for i, p in enumerate(plies) if p.text != p.normal],
            array("q", [p.line for p in plies]).tobytes(),
            array("q", [p.column for p in plies]).tobytes(),
            [(i, p.position) for i, p in enumerate(plies) if p.position],
            None if numbers == list(range(1, len(plies) + 1)) else numbers)


def _plies(packed_plies: tuple) -> list[Ply]:
    if packed_plies[0] == "tuples":
        return [Ply(*p) for p in packed_plies[1]]
    _, joined, texts, lines, columns, positions, numbers = packed_plies
    normals = joined.split("\n") if joined else []
    printed = list(normals)
    for i, text in texts:
        printed[i] = text
    keys = [""] * len(normals)
    for i, key in positions:
        keys[i] = key
    return list(map(Ply, numbers or range(1, len(normals) + 1), printed, normals,
                    array("q", lines), array("q", columns), keys))


def unpacked(data: list[dict]) -> list[Record]:
    out = []
    for fields in data:
        fields["plies"] = _plies(fields["plies"])
        if fields["key_hashes"] is not None:
            import numpy as np
            fields["key_hashes"] = np.frombuffer(fields["key_hashes"], dtype=np.int64)
        out.append(Record(**fields))
    return out
