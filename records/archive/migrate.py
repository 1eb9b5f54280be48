"""Older archives brought up to the current schema, inside the caller's transaction."""
from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator

from records.archive.store import Writer
from records.core.model import Diagnostic, Ply, Record

OLD_TABLES = ("records", "plies", "sources", "diagnostics")


def from_version_1(conn: sqlite3.Connection, create_tables: Callable) -> None:
    """Version 1 (one row per ply, full-text index kept by triggers): every record is read
    back and stored again the compact way, under its old id."""
    for trigger in ("records_ai", "records_ad", "records_au"):
        conn.execute(f"DROP TRIGGER IF EXISTS {trigger}")
    conn.execute("DROP TABLE IF EXISTS records_fts")
    conn.execute("DROP TABLE IF EXISTS meta")
    for table in OLD_TABLES:
        conn.execute(f"ALTER TABLE {table} RENAME TO v1_{table}")
    create_tables(conn)
    conn.execute("INSERT INTO sources (id, path, name, sha256, size, mtime, imported_at)"
                 " SELECT id, path, name, sha256, size, 0, imported_at FROM v1_sources")
    writer = Writer(conn, b"", keep_ids=True)
    batch: list[Record] = []
    for rec, source_id in _old_records(conn):
        if batch and (source_id != writer.source_id or len(batch) >= 500):
            writer.store(batch)
            batch = []
        writer.source_id = source_id
        batch.append(rec)
    if batch:
        writer.store(batch)
    for table in OLD_TABLES:
        conn.execute(f"DROP TABLE v1_{table}")


def _old_records(conn: sqlite3.Connection) -> Iterator[tuple[Record, int]]:
    columns = ("id, kind, title, status, source_id, source, line, end_line, text, normal,"
               " start_position, tags, data")
    for row in conn.execute(f"SELECT {columns} FROM v1_records ORDER BY source_id, id"):
        (rid, kind, title, status, source_id, source, line, end_line, text, normal, start,
         tags, data) = row
        rec = Record(kind=kind, title=title, source=source, line=line, end_line=end_line,
                     text=text or "", normal=normal or "", tags=json.loads(tags or "{}"),
                     data=json.loads(data or "{}"), start_position=start or "",
                     status=status, id=rid)
        rec.plies = [Ply(*r) for r in conn.execute(
            "SELECT ply, text, normal, line, column, position FROM v1_plies"
            " WHERE record_id = ? ORDER BY ply", [rid])]
        rec.diagnostics = [Diagnostic(*r[:6], repair=bool(r[6])) for r in conn.execute(
            "SELECT severity, code, message, line, column, suggestion, repair"
            " FROM v1_diagnostics WHERE record_id = ? ORDER BY id", [rid])]
        yield rec, source_id
