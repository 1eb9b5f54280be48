"""The SQLite archive: schema (schema.py), streaming import (store.py), search and retrieval
(query.py), streaming export (export.py).

It stores records as the game layers produced them and knows no grammar and no rules;
position search looks up hashes of the position keys the families computed (positions.py).
"""
from __future__ import annotations

import os
from collections.abc import Iterable, Iterator

from records.archive import criteria, positions as position_index, query, store
from records.archive.criteria import BadSearch
from records.archive.query import Query
from records.archive.locking import ArchiveBusy, ArchiveReadOnly
from records.archive.schema import SCHEMA_VERSION, NewerArchive, NotAnArchive, OlderArchive, connect
from records.core.model import Record

__all__ = ["Archive", "ArchiveBusy", "ArchiveReadOnly", "BadSearch", "NotAnArchive",
           "NewerArchive", "OlderArchive", "Query", "SCHEMA_VERSION", "default_path"]


def default_path() -> str:
    return os.environ.get("HOYLE_DB", "hoyle.db")


class Archive:
    def __init__(self, path: str | None = None, read_only: bool = False,
                 wait: float | None = None, on_wait=None):
        """read_only: open without writing anything (reading commands). wait: seconds a write
        waits for another process's write lock (ArchiveBusy after it); on_wait(message) is
        told when the waiting starts."""
        self.path = path or default_path()
        self.read_only = read_only
        self.db = connect(self.path, read_only, wait, on_wait)

    def close(self) -> None:
        self.db.close()

    # -- import ---------------------------------------------------------------
    def import_records(self, path: str, records: Iterable[Record],
                       kinds: Iterable[str] | None = None, name: str | None = None) -> dict:
        """Store one source's records in one transaction; return counts of added/skipped.
        kinds: the kinds read from it (None: all), so that reading it for others is no skip;
        name: what the source is called, where that is not its path (standard input)."""
        return store.import_records(self.db, path, records, kinds=kinds, name=name)

    def unchanged(self, path: str, kinds: Iterable[str] | None = None) -> float | None:
        """When the file's exact bytes were imported, if reading it again would add nothing
        (the same kinds were read, and none of its records was deleted since); else None.
        (A file gone meanwhile is not: its reading says so.)"""
        try:
            return store.unchanged_since(self.db, path, kinds)
        except FileNotFoundError:
            return None

    # -- retrieval ------------------------------------------------------------
    def get(self, record_id: int, positions: bool = True) -> Record | None:
        """One record, whole; positions=False leaves its plies' position keys out (showing a
        record needs none: no replay then where its moves are printed as SAN)."""
        return query.get(self.db, record_id, positions)

    def search(self, *, name: str | None = None, kind: str | list[str] | None = None,
               status: str | None = None, positions: Iterable[str] = (),
               move_prefix: list[str] | None = None, where: str | None = None,
               params: list | None = None, conditions: list[tuple[str, list]] | None = None,
               limit: int | None = None, offset: int = 0, full: bool = False) -> list[Record]:
        """Records matching every given criterion, in id order, one page when limit is given.

        positions: position keys any of which a record must pass through (or start at).
        move_prefix: normalised moves the record must begin with.
        conditions (or where/params): SQL conditions on the records table `r` (family filters).
        """
        q = self.query(name, kind, status, positions, move_prefix, where, params, conditions)
        return query.search(self.db, q, limit=limit, offset=offset, full=full)

    def query(self, name=None, kind=None, status=None, positions=(), move_prefix=None,
              where=None, params=None, conditions=None) -> Query:
        conds = list(conditions or [])
        if where:
            conds.append((where, list(params or [])))
        if positions:
            conds.append(self.passing(positions, query.kinds_list(kind) or None))
        if move_prefix:
            conds.append(self.after_moves(move_prefix, kind))
        return Query(name=name, kind=kind, status=status, conditions=conds)

    def after_moves(self, moves: list[str], kind: str | list[str] | None = None) -> tuple[str, list]:
        """A SQL condition: the record reaches the position after these moves (looked up in
        the position index, transpositions included) where its family can play them; else it
        begins with them."""
        from records.core.family import family, known_kinds
        parts, args = [], []
        for k in query.kinds_list(kind) or known_kinds():
            key = family(k).position_after(moves)
            sql, params = self.passing([key], [k]) if key else query.begins_with(moves)
            parts.append(f"(r.kind = ? AND {sql})")
            args += [k, *params]
        return " OR ".join(parts) or "0", args

    def family_condition(self, kinds: list[str], moves: str | None, position: str | None,
                         filters: dict) -> tuple[tuple[str, list], set[str]]:
        """The typed moves, position and family filters as one SQL condition, read by the
        families of these kinds, and the kinds whose filters `matches` must judge; BadSearch
        saying what none of them could read."""
        return criteria.family_condition(self, kinds, moves, position, filters)

    def passing(self, keys: Iterable[str], kinds: Iterable[str] | None = None) -> tuple[str, list]:
        """A SQL condition on records `r`: it passes through one of these positions."""
        return query.passing(self.db, keys, kinds)

    def count(self, q: Query) -> int:
        return query.count(self.db, q)

    def page(self, q: Query, limit: int | None, offset: int = 0,
             full: bool = False) -> list[Record]:
        return query.search(self.db, q, limit=limit, offset=offset, full=full)

    def iterate(self, q: Query, full: bool = True, limit: int | None = None,
                offset: int = 0) -> Iterator[Record]:
        """Every record the query finds, streamed in id order."""
        return query.iterate(self.db, q, full=full, limit=limit, offset=offset)

    def delete(self, record_ids: Iterable[int]) -> int:
        """Remove records with their positions and diagnostics, in one transaction; return how
        many were removed. (The contentless search index keeps their words; searches join the
        records table, so a removed record is never found.)"""
        ids = [(int(i),) for i in record_ids]
        conn = self.db
        conn.execute("BEGIN IMMEDIATE")
        try:   # their files are no longer unchanged: importing one again reads it
            conn.executemany("UPDATE sources SET kinds = NULL WHERE id = (SELECT source_id"
                             " FROM records WHERE id = ?)", ids)
            position_index.forget(conn, [i for (i,) in ids])
            conn.executemany("DELETE FROM diagnostics WHERE record_id = ?", ids)
            conn.executemany("DELETE FROM corrections WHERE record_id = ?", ids)
            before = conn.total_changes
            conn.executemany("DELETE FROM records WHERE id = ?", ids)
            removed = conn.total_changes - before
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        return removed

    def counts(self) -> dict:
        return query.counts(self.db)

    def summary(self) -> dict:
        """Counts in the --json shape: records, each status, and by kind."""
        return query.summary(self.db)


def browse_metadata(path: str) -> dict:
    """Datasette's metadata for an archive (browse.py)."""
    from records.archive.browse import metadata
    return metadata(path)
