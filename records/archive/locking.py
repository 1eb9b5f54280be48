"""Opening an archive as the command needs it: writers wait, said aloud, for another writer's
lock; readers never write (read-only, or immutable where no -wal or -shm file can be made).

SQLite in WAL mode lets readers read while one process writes; a second writer waits for the
write lock. Python's sqlite3 has no busy handler to hook, so a writer's BEGIN IMMEDIATE is
tried with a short busy timeout first; when another process holds the lock, `on_wait` is told
(the command line prints it) and the BEGIN is tried again for the rest of the wait.
"""
from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Callable
from urllib.parse import quote

DEFAULT_WAIT_S = 300.0
FIRST_TRY_S = 1.0      # a lock held less than this (or half the wait) passes unremarked
BUSY = ("SQLITE_BUSY", "SQLITE_LOCKED")
READ_ONLY = ("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_AUTH", "SQLITE_PERM")


class ArchiveBusy(Exception):
    """Another process held the archive's write lock for all of the wait."""


class ArchiveReadOnly(Exception):
    """A write was asked for and this user may not write the archive (or its directory)."""


def is_busy(exc: BaseException) -> bool:
    name = getattr(exc, "sqlite_errorname", "") or ""
    return name.startswith(BUSY) or "database is locked" in str(exc)


def is_read_only(exc: BaseException) -> bool:
    name = getattr(exc, "sqlite_errorname", "") or ""
    return name.startswith(READ_ONLY) or "readonly database" in str(exc)


class WaitingConnection(sqlite3.Connection):
    """A connection whose BEGIN IMMEDIATE waits up to `wait` seconds for another writer,
    telling `on_wait` once when it starts waiting, and raises ArchiveBusy when the wait is over."""

    wait: float = DEFAULT_WAIT_S
    on_wait: Callable[[str], None] | None = None
    name: str = ""

    def set_wait(self, wait: float | None, on_wait, name: str) -> None:
        self.wait = DEFAULT_WAIT_S if wait is None else max(float(wait), 0.0)
        self.on_wait, self.name = on_wait, name
        self._busy_ms(self.wait * 1000)

    def execute(self, sql, *args):
        if isinstance(sql, str) and sql.startswith(("BEGIN IMMEDIATE", "BEGIN EXCLUSIVE")):
            return self._begin(sql)
        return super().execute(sql, *args)

    def _busy_ms(self, ms: float) -> None:
        super().execute(f"PRAGMA busy_timeout = {int(ms)}")

    def _begin(self, sql: str):
        started = time.monotonic()
        self._busy_ms(min(FIRST_TRY_S, self.wait / 2) * 1000)
        try:
            return super().execute(sql)
        except sqlite3.OperationalError as exc:
            if not is_busy(exc):
                raise
        finally:
            self._busy_ms(self.wait * 1000)
        left = self.wait - (time.monotonic() - started)
        if left > 0 and self.on_wait:
            self.on_wait(f"waiting for another hoyle writing to {self.name} ... (up to "
                         f"{self.wait:g} s, --wait SECONDS)")
        try:
            self._busy_ms(max(left, 0) * 1000)
            return super().execute(sql)
        except sqlite3.OperationalError as exc:
            if is_busy(exc):
                raise ArchiveBusy(busy_message(self.name, self.wait)) from exc
            raise
        finally:
            self._busy_ms(self.wait * 1000)


def busy_message(name: str, wait: float) -> str:
    return (f"{name}: another process held the archive's write lock for {wait:g} s (the wait "
            f"allowed: --wait SECONDS waits longer); nothing was written")


def writable(path: str) -> bool:
    """This user may write the file and make the -wal and -shm files beside it."""
    folder = os.path.dirname(os.path.abspath(path))
    return os.access(path, os.W_OK) and os.access(folder, os.W_OK)


def check_writable(path: str, what: str) -> None:
    """Refuse, before anything is begun, a write this user cannot make."""
    folder = os.path.dirname(os.path.abspath(path)) or "."
    if os.path.exists(path) and not os.access(path, os.W_OK):
        raise ArchiveReadOnly(f"{path}: {what} writes the archive, and this user may not write "
                              f"it (read-only file); list, show, search and export only read")
    if not os.access(folder, os.W_OK):
        raise ArchiveReadOnly(f"{path}: {what} writes the archive, and this user may not write "
                              f"its directory {folder} (SQLite makes its -wal and -shm files "
                              f"there); list, show, search and export only read")


def open_read_only(path: str) -> sqlite3.Connection:
    """A connection that writes nothing: mode=ro, or immutable=1 when SQLite cannot make the
    -shm file a WAL reader needs (the directory is not this user's to write)."""
    uri = f"file:{quote(os.path.abspath(path))}"
    conn = sqlite3.connect(f"{uri}?mode=ro", uri=True, isolation_level=None)
    try:
        conn.execute("PRAGMA user_version").fetchone()
        conn.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchone()
        return conn
    except sqlite3.OperationalError as exc:
        conn.close()
        folder = os.path.dirname(os.path.abspath(path))
        if not (is_read_only(exc) and not os.access(folder, os.W_OK)):
            raise
    return sqlite3.connect(f"{uri}?mode=ro&immutable=1", uri=True, isolation_level=None)
