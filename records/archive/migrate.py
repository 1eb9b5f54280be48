"""Older archives brought up to the current schema, inside the caller's transaction."""
from __future__ import annotations

import json
import zlib
import sqlite3
from collections.abc import Callable, Iterator

import records.archive.positions as positions
import records.archive.sources as sources
import records.archive.query as query
from records.archive.store import (Writer, compress_normal, decompress_normal,
                                   position_hashes)
from records.archive.store import _to_json as store_json
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
    if version <= 6:
        from_version_6(conn)


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
        for (record_id, *_), game in zip(rows, chess_family.read_again(pairs, whole=True)):
            if game is None:
                continue
            conn.execute("UPDATE records SET tags = ?, data = ? WHERE id = ?",
                         [_json(game.tags), _json(game.data), record_id])
            try:
                conn.execute("UPDATE records SET fingerprint = ? WHERE id = ?",
                             [bytes.fromhex(game.fingerprint), record_id])
            except sqlite3.IntegrityError:   # another record holds that content: both stay
                pass


# schema 6 wrote a checkers book's verdict with international draughts' scores, White's first
# (Black wins 0-2, White wins 2-0, drawn 1-1); schema 7 writes PDN's results for English
# draughts (GameType 21), the first score Black's: 1-0, 0-1, 1/2-1/2
BOOK_RESULTS_6_TO_7 = {"0-2": "1-0", "2-0": "0-1", "1-1": "1/2-1/2"}
_OLD_RESULTS = ", ".join(f"'{r}'" for r in BOOK_RESULTS_6_TO_7)
# a checkers record from a book (one read from PDN keeps its terminator, and its printed
# result as it is)
_FROM_A_BOOK = "r.kind = 'checkers' AND json_extract(r.data, '$.terminator') IS NULL"


def from_version_6(conn: sqlite3.Connection) -> None:
    """Version 7 stores a checkers book's verdict ("Black wins.", "White wins.", "Drawn.") as
    PDN writes English draughts' results (1-0 Black's win, 0-1 White's, 1/2-1/2). Each book
    record with a verdict of version 6 gets the new result in its tags and its normal form,
    and the fingerprint it would have if read now (a corrected record: its reading before the
    first correction, as at import); the journal of corrections keeps the rows as they were
    before each correction in the new results too. Records read from PDN keep their results
    as printed. A batch of rows at a time, by id."""
    sources_ = sources.SourceLines(conn)
    last = 0
    while rows := conn.execute(
            f"SELECT r.id, r.fingerprint FROM records r WHERE r.id > ? AND {_FROM_A_BOOK} AND"
            f" (json_extract(r.tags, '$.Result') IN ({_OLD_RESULTS}) OR r.id IN"
            " (SELECT record_id FROM corrections)) ORDER BY r.id LIMIT ?",
            [last, REREAD_BATCH]).fetchall():
        last = rows[-1][0]
        for record_id, fingerprint in rows:
            new_fingerprint = _fingerprint_with_new_result(conn, record_id, fingerprint, sources_)
            tags, normal_z, moves = conn.execute(
                "SELECT tags, normal_z, moves FROM records WHERE id = ?", [record_id]).fetchone()
            changed = _with_new_result(tags, normal_z, moves)
            if changed:
                conn.execute("UPDATE records SET tags = ?, normal_z = ? WHERE id = ?",
                             [*changed, record_id])
            if new_fingerprint and new_fingerprint != fingerprint:
                try:
                    conn.execute("UPDATE records SET fingerprint = ? WHERE id = ?",
                                 [new_fingerprint, record_id])
                except sqlite3.IntegrityError:   # another record holds that content: both stay
                    pass
    last = 0
    while rows := conn.execute(
            "SELECT c.id, c.before_tags, c.before_normal_z, c.before_moves FROM corrections c"
            f" JOIN records r ON r.id = c.record_id WHERE c.id > ? AND {_FROM_A_BOOK} AND"
            f" json_extract(c.before_tags, '$.Result') IN ({_OLD_RESULTS}) ORDER BY c.id"
            " LIMIT ?", [last, REREAD_BATCH]).fetchall():
        last = rows[-1][0]
        for correction_id, tags, normal_z, moves in rows:
            conn.execute("UPDATE corrections SET before_tags = ?, before_normal_z = ?"
                         " WHERE id = ?", [*_with_new_result(tags, normal_z, moves),
                                           correction_id])


def _with_new_result(tags: str, normal_z: bytes | None, moves: str | None):
    """A row's tags and compressed normal form with version 7's result (None: no version 6
    verdict). The normal form's dictionary is the tags and moves: it is packed again."""
    found = json.loads(tags or "{}")
    new = BOOK_RESULTS_6_TO_7.get(found.get("Result"))
    if new is None:
        return None
    old, found["Result"] = found["Result"], new
    new_tags = store_json(found)
    if normal_z:   # b"": the family writes the normal form again from the tags
        normal = _normal_with_result(decompress_normal(normal_z, moves, tags), old, new)
        normal_z = compress_normal(normal, moves, new_tags)
    return new_tags, normal_z


def _normal_with_result(normal: str, old: str, new: str) -> str:
    """The normal form (PDN) with its Result tag and the result ending its moves changed."""
    normal = normal.replace(f'[Result "{old}"]', f'[Result "{new}"]', 1)
    body = normal.rstrip()
    if body.endswith(old) and (len(body) == len(old) or body[-len(old) - 1].isspace()):
        normal = body[:-len(old)] + new + normal[len(body):]
    return normal


def _fingerprint_with_new_result(conn: sqlite3.Connection, record_id: int, stored: bytes,
                                 texts: sources.SourceLines) -> bytes | None:
    """The fingerprint of the record as read at import (before its first correction, if it
    has one) with version 7's result; None where the stored fingerprint is not that reading's
    under version 6 (it is then left as it is)."""
    row = conn.execute(
        "SELECT r.id, r.kind, c.before_title, c.before_status, s.path, r.line, r.end_line,"
        " r.text_z, c.before_normal_z, c.before_moves, c.before_plies_z, st.key,"
        " c.before_ply_count, c.before_tags, c.before_data, r.source_id FROM corrections c"
        " JOIN records r ON r.id = c.record_id LEFT JOIN sources s ON s.id = r.source_id"
        " LEFT JOIN starts st ON st.id = c.before_start_id WHERE c.record_id = ?"
        " ORDER BY c.id LIMIT 1", [record_id]).fetchone()
    if row is None:
        row = conn.execute(f"{query.SELECT} WHERE r.id = ?", [record_id]).fetchone()
    changed = _with_new_result(row[13], row[8], row[9])
    if changed is None or query._record(row, True, texts).content_digest() != stored.hex():
        return None
    new = list(row)
    new[13], new[8] = changed
    return bytes.fromhex(query._record(tuple(new), True, texts).content_digest())


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
