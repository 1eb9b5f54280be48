"""Big reads: two cores, and no cyclic garbage collector while records are made or stored.

in_order shares a stream of jobs (the pieces of a big file) with a forked process: each
process takes the next job nobody has taken whenever it is free, so the more time this one
spends on what it does with the results (storing them), the more the child reads. in_two runs
the second half of a read in a forked process while this one does the first. A child's
results come back pickled through a pipe, records as plain data (plies as columns pickle
several times faster than objects). Where fork is missing, or the child fails, this process
does the child's work itself, so the answer never depends on the split.
"""
from __future__ import annotations

import gc
from array import array
import os
import pickle
import queue
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from records.core.model import Ply, PlyColumns, Record

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


_in_child = False   # a forked worker forks no workers of its own


def worthwhile() -> bool:
    """A second core this process may run on exists, and the user has not asked for one
    process (HOYLE_WORKERS=1)."""
    return (hasattr(os, "fork") and _cores() > 1 and not _in_child
            and os.environ.get("HOYLE_WORKERS", "2") != "1")


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))   # the cores this process may use (Linux)
    except AttributeError:
        return os.cpu_count() or 1


def _fork() -> int | None:
    """os.fork(), or None where it fails; the child knows it is one."""
    global _in_child
    try:
        pid = os.fork()
    except OSError:
        return None
    if pid == 0:
        _in_child = True
    return pid


# -- a stream of jobs shared in order ---------------------------------------------------------
class Claims:
    """The number of the next job no process has taken: the one 8-byte message in a pipe.
    Taking it is reading it, so a second process waits until the first puts the next back."""

    def __init__(self):
        self.read_end, self.write_end = os.pipe()
        self._put(0)

    def take(self) -> int:
        number = int.from_bytes(os.read(self.read_end, 8), "little")
        self._put(number + 1)
        return number

    def _put(self, number: int) -> None:
        os.write(self.write_end, number.to_bytes(8, "little"))

    def close(self) -> None:
        os.close(self.read_end)
        os.close(self.write_end)


def in_order(make_jobs: Callable[[], Iterator[T]], work: Callable[[T], U],
             send: Callable[[U], object] = lambda x: x,
             receive: Callable[[object], U] = lambda x: x) -> Iterator[U]:
    """work(job) for each job make_jobs() yields, in order, a forked child taking jobs too.
    Each process calls make_jobs() itself (so no file offset is shared) and skips the jobs the
    other took; the child's results travel as send(result), come back as receive(...)."""
    if not worthwhile():   # (a busy machine is no reason: the parent then does more itself)
        yield from map(work, make_jobs())
        return
    claims, (read_end, write_end), parent = Claims(), os.pipe(), os.getpid()
    _widen(write_end)
    pid = _fork()
    if pid == 0:
        os.close(read_end)
        _serve(make_jobs, work, send, claims, write_end, parent)
    os.close(write_end)
    if pid is None:
        os.close(read_end)
        claims.close()
        yield from map(work, make_jobs())
        return
    inbox = _Inbox(read_end)
    try:
        yield from _Parent(make_jobs, work, receive, claims, inbox).results()
    finally:
        _stop(pid)
        inbox.close()
        claims.close()


class _Parent:
    """This process's side of in_order. It takes a job when it reaches one nobody has taken,
    and, while the child's next result is not there yet, does its own next job ahead of its
    turn rather than wait (holding at most one job of its own at a time)."""

    def __init__(self, make_jobs, work, receive, claims: Claims, inbox: _Inbox):
        self.make_jobs, self.work, self.receive, self.claims = make_jobs, work, receive, claims
        self.inbox = inbox
        self.jobs = enumerate(make_jobs())
        self.at = -1                      # the index of the job self.jobs gave last
        self.taken: int | None = None     # a job taken here, not done yet
        self.ahead: dict[int, object] = {}   # a job done here before its turn
        self.frontier = 0                 # every job below it is taken, here or by the child
        self.child = True

    def results(self) -> Iterator:
        index = 0
        while True:
            if index in self.ahead:
                result = self.ahead.pop(index)
            elif not self.child or self.taken == index:
                result = self._do(index)
            elif index >= self.frontier:
                self._take()
                continue
            elif self._work_ahead():
                continue
            else:
                result = self._from_child(index)
            if result is _NONE:
                return
            yield result
            index += 1

    def _take(self) -> None:
        self.taken = self.claims.take()
        self.frontier = self.taken + 1

    def _work_ahead(self) -> bool:
        """Do something useful while the child's result is on its way: False if it is
        there already, or this process has done its own next job."""
        if self.inbox.ready() or self.ahead:
            return False
        if self.taken is None:
            self._take()
        else:
            job = self.taken
            self.ahead[job] = self._do(job)
        return True

    def _do(self, index: int):
        """work() on job index (from the start again, should the jobs be past it)."""
        if self.taken == index:
            self.taken = None
        if index <= self.at:
            self.jobs, self.at = enumerate(self.make_jobs()), -1
        for self.at, job in self.jobs:
            if self.at == index:
                return self.work(job)
        return _NONE

    def _from_child(self, index: int):
        found = self.inbox.take()
        if found is None or found[0] != index:   # the child failed: the rest is done here
            self.child = False
            return self._do(index)
        return self.receive(found[1])


class _Inbox:
    """The child's messages, read off the pipe by a thread as they come (so the child never
    waits to send while this process is busy), at most LIMIT of them held."""

    LIMIT = 8

    def __init__(self, read_end: int):
        self.read_end = read_end
        self.messages: queue.Queue = queue.Queue(self.LIMIT)
        self.thread = threading.Thread(target=self._drain, daemon=True)
        self.thread.start()

    def _drain(self) -> None:
        while True:
            head = _read_exactly(self.read_end, 8)
            body = head and _read_exactly(self.read_end, int.from_bytes(head, "little"))
            self.messages.put(body)   # None: the child has ended
            if body is None:
                return

    def ready(self) -> bool:
        return not self.messages.empty()

    def take(self) -> tuple | None:
        """The next (index, result) the child sent; None when it ended without one."""
        body = self.messages.get()
        if body is None:
            self.messages.put(None)
            return None
        try:
            return pickle.loads(body)
        except pickle.UnpicklingError:
            return None

    def close(self) -> None:
        """After the child has gone: let the thread see the pipe's end, then close it."""
        while self.thread.is_alive():
            try:
                self.messages.get(timeout=0.05)   # room for the thread's last put
            except queue.Empty:
                pass
        os.close(self.read_end)


def _read_exactly(fd: int, size: int) -> bytes | None:
    parts, left = [], size
    while left:
        part = os.read(fd, min(left, 1 << 20))
        if not part:
            return None
        parts.append(part)
        left -= len(part)
    return b"".join(parts)


F_SETPIPE_SZ = 1031   # Linux: fcntl's command to change a pipe's buffer


def _widen(pipe_end: int) -> None:
    """A pipe buffer of a megabyte (Linux; elsewhere as it is): a piece's records are some
    500 KB, and through the usual 64 KB the child waited for the inbox thread, which gets the
    interpreter lock only between this process's own steps, to read each part of them."""
    try:
        import fcntl
        fcntl.fcntl(pipe_end, F_SETPIPE_SZ, 1 << 20)
    except (ImportError, OSError):
        pass


def _serve(make_jobs, work, send, claims: Claims, write_end: int, parent: int) -> None:
    """The child of in_order: take a job, do it, send it, until none is left; never returns."""
    status = 1
    try:
        die_with_parent(parent)
        with os.fdopen(write_end, "wb") as out:
            jobs = enumerate(make_jobs())
            while True:
                wanted = claims.take()
                job = next((job for index, job in jobs if index == wanted), _NONE)
                if job is _NONE:
                    break
                body = pickle.dumps((wanted, send(work(job))), pickle.HIGHEST_PROTOCOL)
                out.write(len(body).to_bytes(8, "little") + body)
                out.flush()
        status = 0
    finally:
        os._exit(status)


_NONE = object()


def _stop(pid: int) -> None:
    """Reap a child; stop it first when its work is no longer wanted."""
    done, _ = os.waitpid(pid, os.WNOHANG)
    if done == 0:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)


def in_two(first: Callable[[], T], second: Callable[[], U]) -> tuple[T, U]:
    """first() here and second() in a forked child at the same time. second's result comes
    back pickled: records should travel as packed(records) and be unpacked() here."""
    if not hasattr(os, "fork"):
        return first(), second()
    read_end, write_end = os.pipe()
    parent = os.getpid()
    pid = _fork()
    if pid is None:
        os.close(read_end)
        os.close(write_end)
        return first(), second()
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


def packed(records: list[Record] | None) -> list[dict] | None:
    """Records as plain data, quick to pickle: each record's plies as a few columns (one
    string of moves, line and column numbers as bytes, only the texts and positions that
    differ from nothing), not thousands of small objects; the fingerprint computed here."""
    if records is None:
        return None
    out = []
    for rec in records:
        rec.digest = rec.fingerprint
        fields = dict(rec.__dict__)   # (a normal form of None stays None: written when asked)
        fields["plies"] = _ply_columns(rec.plies)
        if fields["key_hashes"] is not None:
            fields["key_hashes"] = fields["key_hashes"].tobytes()
        out.append(fields)
    return out


def _ply_columns(plies) -> tuple:
    found = plies.columns() if isinstance(plies, PlyColumns) else None
    if found:
        texts, normals, lines, columns, shift = found
        joined = "\n".join(normals)
        if normals and joined.count("\n") == len(normals) - 1:
            return ("columns", None if texts == normals else texts, joined,
                    _int32_bytes(lines), _int32_bytes(columns), shift)
    return ("plies", [(p.index, p.text, p.normal, p.line, p.column, p.position) for p in plies])


def _int32_bytes(values) -> bytes:
    if getattr(values, "itemsize", 0) == 4:   # an array of 32-bit ints already
        return values.tobytes()
    return array("i", values).tobytes()


def _plies(packed_plies: tuple) -> list[Ply] | PlyColumns:
    if packed_plies[0] == "plies":
        return [Ply(*p) for p in packed_plies[1]]
    _, texts, joined, lines, columns, shift = packed_plies
    return PlyColumns(texts, joined, array("i", lines), array("i", columns), shift)


def unpacked(data: list[dict] | None) -> list[Record] | None:
    if data is None:
        return None
    out = []
    for fields in data:
        fields["plies"] = _plies(fields["plies"])
        if fields["key_hashes"] is not None:
            import numpy as np
            fields["key_hashes"] = np.frombuffer(fields["key_hashes"], dtype=np.int64)
        rec = Record.__new__(Record)   # the fields as packed() took them: no __init__ to run
        rec.__dict__ = fields
        out.append(rec)
    return out
