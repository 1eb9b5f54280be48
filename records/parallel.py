"""Two cores for a big read: the second half in a forked process while this one does the first.

The child sends its records back through a pipe as plain data (plies as tuples pickle several
times faster than objects). Where fork is missing, or the child fails, this process does the
second half itself, so the answer never depends on the split.
"""
from __future__ import annotations

import os
import pickle
from collections.abc import Callable

from .model import Ply, Record


def worthwhile() -> bool:
    """A second core exists and the user has not asked for one process (HOYLE_WORKERS=1)."""
    return (hasattr(os, "fork") and (os.cpu_count() or 1) > 1
            and os.environ.get("HOYLE_WORKERS", "2") != "1")


def in_two(first: Callable[[], list[Record]],
           second: Callable[[], list[Record]]) -> tuple[list[Record], list[Record]]:
    """first() here and second() in a forked child at the same time."""
    if not hasattr(os, "fork"):
        return first(), second()
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: do the second half, send it, and leave without any cleanup
        os.close(read_end)
        status = 1
        try:
            with os.fdopen(write_end, "wb") as out:
                pickle.dump([_packed(rec) for rec in second()], out, pickle.HIGHEST_PROTOCOL)
            status = 0
        finally:
            os._exit(status)
    os.close(write_end)
    try:
        mine = first()
    except BaseException:
        os.close(read_end)
        _reap(pid)
        raise
    with os.fdopen(read_end, "rb") as inp:
        data = inp.read()
    if _reap(pid) != 0 or not data:
        return mine, second()
    return mine, [_unpacked(fields) for fields in pickle.loads(data)]


def _reap(pid: int) -> int:
    _, status = os.waitpid(pid, 0)
    return status


def _packed(rec: Record) -> dict:
    fields = dict(rec.__dict__)
    fields["plies"] = [(p.index, p.text, p.normal, p.line, p.column, p.position)
                       for p in rec.plies]
    return fields


def _unpacked(fields: dict) -> Record:
    fields["plies"] = [Ply(*p) for p in fields["plies"]]
    return Record(**fields)
