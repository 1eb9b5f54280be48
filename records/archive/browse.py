"""The archive for people browsing it (hoyle browse, Datasette): metadata with facets, and the
SQL function behind the positions_fen view.

positions_fen has a row per position a record passes through (ply 0: its start) with its FEN.
The archive keeps positions only as hashes, so the FEN is made when a row is read, by
hoyle_fen(record_id, ply), which replays the record. hoyle's own connections have the function;
Datasette gets it from the plugin in datasette_plugin.py (registered when hoyle is installed),
so the view reads in `hoyle browse`.
"""
from __future__ import annotations

import os
import sqlite3

FACETS = ["kind", "status", "opening"]


def metadata(path: str) -> dict:
    """Datasette's metadata for an archive: records faceted by kind, status and opening."""
    database = os.path.splitext(os.path.basename(path))[0]
    return {"title": "hoyle archive",
            "databases": {database: {"tables": {
                "records_browse": {"facets": FACETS},
                "records": {"facets": ["kind", "status"]},
                "positions_fen": {"description": "every position a record passes through, "
                                                 "ply 0 its start, as FEN"}}}}}


class _Fens:
    """hoyle_fen(record_id, ply) on one connection, the last record's FENs kept (a page of
    the view reads one record's plies one after another)."""

    def __init__(self, conn: sqlite3.Connection):
        self.conn, self.record_id, self.fens = conn, None, []

    def __call__(self, record_id, ply):
        if record_id != self.record_id:
            self.record_id, self.fens = record_id, self._fens(record_id)
        try:
            return self.fens[int(ply)]
        except (IndexError, TypeError, ValueError):
            return None

    def _fens(self, record_id) -> list:
        from records.archive.query import fill_positions, get
        from records.core.family import family
        try:
            rec = get(self.conn, int(record_id))
            if rec is None:
                return []
            fill_positions(rec)
            fam = family(rec.kind)
            keys = [rec.start_position] + [p.position for p in rec.plies]
            return [fam.fen_of_key(key) if key else None for key in keys]
        except Exception:  # a view must never fail a page: no FEN for what cannot be replayed
            return []


def register_functions(conn: sqlite3.Connection) -> None:
    conn.create_function("hoyle_fen", 2, _Fens(conn))
