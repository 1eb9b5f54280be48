"""Older archives brought up to the current schema, inside the caller's transaction."""
from __future__ import annotations

import json
import zlib
import sqlite3
from collections.abc import Callable, Iterator

import records.archive.positions as positions
import records.archive.sources as sources
import records.archive.query as query
from records.archive.store import Writer, position_hashes
from records.core.model import Diagnostic, Ply, Record

OLD_TABLES = ("records", "plies", "sources", "diagnostics")


def upgrade(conn: sqlite3.Connection, version: int, create_tables: Callable,
            tables: list[str]) -> None:
    """Bring an archive of an older version up to date; tables: the current CREATE statements."""
    if version <= 1:
        from_version_1(conn, create_tables)
    elif version == 2:
        from_version_2(conn, tables)
    if version <= 4:
        add_corrections_journal(conn, tables)
    if version <= 5:
        from_version_5(conn, tables)


def add_corrections_journal(conn: sqlite3.Connection, tables: list[str]) -> None:
    """Version 5 adds the journal of corrections (hoyle fix); a record's status may now be
    "corrected"."""
    for statement in tables:
        if "EXISTS corrections" in statement:
            conn.execute(statement)


REREAD_BATCH = 500


def from_version_5(conn: sqlite3.Connection, tables: list[str]) -> None:
    """Version 6 writes a PGN game back as it was read: its own tags untouched, hoyle's
    findings in tags of its own (HoyleOpening ...), its comments out of the tags; and it knows
    which kinds were read from a source, and whether a record it gave was deleted since, so
    that a file is skipped as unchanged only when reading it would add nothing (an older
    archive's sources count
    as read for every kind, as it took them: reading them all again would store their PDN and
    book games a second time, under version 6's fingerprints). Each game read from a PGN file
    is read again from its text for its tags, notes and fingerprint (version 4's from the
    normal form of version 3 too). The browsing view shows a game's own opening, else
    hoyle's."""
    if "kinds" not in {row[1] for row in conn.execute("PRAGMA table_info(sources)")}:
        conn.execute("ALTER TABLE sources ADD COLUMN kinds TEXT")
    conn.execute("UPDATE sources SET kinds = '' WHERE kinds IS NULL")
    conn.execute("DROP VIEW IF EXISTS records_browse")   # openings: the game's, else hoyle's
    conn.execute(next(t for t in tables if t.startswith("CREATE VIEW records_browse")))
    _read_pgn_games_again(conn)


def _read_pgn_games_again(conn: sqlite3.Connection) -> None:
    from records.core.family import family
    chess_family, texts, last = family("chess"), sources.SourceLines(conn), 0
    while rows := conn.execute(
            "SELECT r.id, r.line, r.end_line, r.text_z, r.source_id FROM records r LEFT JOIN"
            " sources s ON s.id = r.source_id WHERE r.id > ? AND r.kind = 'chess' AND"
            " ((r.moves IS NULL AND r.plies_z IS NULL) OR lower(s.name) LIKE '%.pgn')"
            " AND r.status != 'corrected'"   # a person's correction is not read over
            " ORDER BY r.id LIMIT ?", [last, REREAD_BATCH]).fetchall():
        last = rows[-1][0]
        pairs = [(zlib.decompress(text_z).decode() if text_z else
                  texts.text(source_id, line, end_line) if source_id else "", line)
                 for _, line, end_line, text_z, source_id in rows]
        for (record_id, *_), game in zip(rows, chess_family.read_again(pairs)):
            if game is None:
                continue
            conn.execute("UPDATE records SET tags = ?, data = ? WHERE id = ?",
                         [_json(game.tags), _json(game.data), record_id])
            try:
                conn.execute("UPDATE records SET fingerprint = ? WHERE id = ?",
                             [bytes.fromhex(game.fingerprint), record_id])
            except sqlite3.IntegrityError:   # another record holds that content: both stay
                pass


def _json(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


V3_NEW = ("source_chunks", "position_blocks", "ply_numbers", "positions_fen")


def from_version_2(conn: sqlite3.Connection, tables: list[str]) -> None:
    """Version 2 (each source in one compressed blob, a row per position): the sources are cut
    into chunks of lines, and the positions become posting lists (hashed again: version 2
    hashed chess keys another way)."""
    for statement in tables:
        if any(name in statement for name in V3_NEW):
            conn.execute(statement)
    for (source_id,) in conn.execute("SELECT id FROM sources").fetchall():
        raw = conn.execute("SELECT raw FROM sources WHERE id = ?", [source_id]).fetchone()[0]
        if raw:
            data = zlib.decompress(raw)
            blocks = (data[at:at + sources.READ_BYTES]
                      for at in range(0, len(data), sources.READ_BYTES))
            sources.store_chunks(conn, source_id, blocks)
    conn.execute("ALTER TABLE sources DROP COLUMN raw")
    conn.execute("DROP TABLE positions")   # hashed otherwise then: every record is hashed again
    writer = positions.PositionWriter(conn)
    for rec in query.iterate(conn, query.Query(), full=True):
        query.fill_positions(rec)
        writer.add(position_hashes(rec), rec.id)
    writer.flush()


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
    writer = Writer(conn, keep_ids=True)
    batch: list[Record] = []
    for rec, source_id in _old_records(conn):
        if batch and (source_id != writer.source_id or len(batch) >= 500):
            writer.store(batch)
            batch = []
        writer.source_id = source_id
        batch.append(rec)
    if batch:
        writer.store(batch)
    writer.finish()
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
