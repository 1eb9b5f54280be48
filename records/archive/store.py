"""Import: records stream from an iterator into SQLite in batches, inside one transaction per
source file (the sources row included), so a failure or a kill leaves the archive as it was.

Storage is compact: the source file once (compressed chunks of lines, sources.py); the moves as
one text column and what the plies hold beyond them as one compressed blob, or neither where
the family reads the plies back from the record's text (PGN); the positions passed as posting
lists (positions.py).
"""
from __future__ import annotations

import os
import sqlite3
import time
import zlib
from collections.abc import Iterable, Iterator
from itertools import islice

import records.archive.sources as sources
from records.archive.positions import PositionWriter
from records.core.files import text_path
from records.core.model import Record, json_writer, normals
from records.core.parallel import collector_paused

BATCH = 500
MOVE_SEPARATOR = " "
ZLIB_LEVEL = 6
_encode = json_writer(separators=(",", ":"))


def _to_json(value) -> str:
    if isinstance(value, dict) and not value:
        return "{}"   # most records' data and facts: no call to the encoder
    return _encode(value)

RECORD_COLUMNS = ("id", "fingerprint", "kind", "title", "status", "source_id", "line",
                  "end_line", "text_z", "normal_z", "moves", "plies_z", "start_id",
                  "ply_count", "tags", "data", "facts")
INSERT_RECORD = (f"INSERT OR IGNORE INTO records ({', '.join(RECORD_COLUMNS)})"
                 f" VALUES ({', '.join('?' * len(RECORD_COLUMNS))})")
INSERT_FTS = ("INSERT INTO records_fts (rowid, title, opening, players, event, annotations)"
              " VALUES (?, ?, ?, ?, ?, ?)")
INSERT_DIAGNOSTIC = ("INSERT INTO diagnostics (record_id, severity, code, line, column, message,"
                     " suggestion, repair) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")

def key_hasher(kind: str):
    """The family's hash of a position key (position_hash), for the position index."""
    fam = _family(kind)
    if fam is None:
        from records.core.family import key_digest
        return key_digest
    return fam.position_hash


def kinds_text(kinds) -> str:
    """The kinds an import reads, as the sources table keeps them ('' for every kind)."""
    return ",".join(sorted(set(kinds))) if kinds else ""


def unchanged_since(conn: sqlite3.Connection, path: str, kinds=None) -> float | None:
    """When the file's exact bytes (under this name or another) were imported, if reading them
    again would add nothing: the same kinds were read from them then (kinds: those wanted now,
    None for all) and none of the records stored from them was deleted since. Else None."""
    if not os.path.isfile(path):
        return None
    size, mtime = os.path.getsize(path), os.path.getmtime(path)
    columns = "imported_at, kinds"
    row = conn.execute(f"SELECT {columns} FROM sources WHERE abs_path = ? AND size = ? AND"
                       " mtime = ?", [text_path(os.path.abspath(path)), size, mtime]).fetchone()
    if row is None:   # the same bytes under another name, or touched since
        if not conn.execute("SELECT 1 FROM sources WHERE size = ? LIMIT 1", [size]).fetchone():
            return None  # no source of this size: no need to read and hash the file
        sha = sources.file_identity(path)[2]
        row = conn.execute(f"SELECT {columns} FROM sources WHERE sha256 = ? AND size = ?",
                           [sha, size]).fetchone()
    return row[0] if row is not None and _read_before(row[1], kinds) else None


def _read_before(stored: str | None, kinds) -> bool:
    """Were the kinds wanted now read when the file was imported (stored: '' all kinds, None
    once one of its records was deleted)?"""
    if stored is None:
        return False
    return stored == "" or bool(kinds) and set(kinds) <= set(stored.split(","))


def import_records(conn: sqlite3.Connection, path: str, records: Iterable[Record],
                   batch: int = BATCH, kinds=None, name: str | None = None) -> dict:
    """Store one source's records; return counts of records added and already there. kinds:
    the kinds read from it (None: every kind), kept with the source; name: what the source is
    called where that is not its path (standard input, spooled to a temporary file)."""
    writer = Writer(conn)
    with collector_paused():
        conn.execute("BEGIN IMMEDIATE")  # the write lock now: a second importer waits
        try:
            # the file is kept only once one of its records is new
            writer.new_source = lambda: _source_id(conn, path, name)
            writer.next_id = (conn.execute("SELECT max(id) FROM records").fetchone()[0] or 0) + 1
            for chunk in _chunks(iter(records), batch):
                writer.store(chunk)
            writer.finish()
            _note_source(conn, path, writer.source_id, kinds)
            if writer.added:
                analyze(conn)
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    return {"added": writer.added, "skipped": writer.skipped}


def analyze(conn: sqlite3.Connection) -> None:
    """Statistics for the query planner, sampled (milliseconds at a million records): without
    them it walks the kind index of a million chess games to find the few a position holds."""
    conn.execute("PRAGMA analysis_limit = 1000")
    conn.execute("ANALYZE")


def _chunks(records: Iterator[Record], size: int) -> Iterator[list[Record]]:
    while chunk := list(islice(records, size)):
        yield chunk


def _note_source(conn, path: str, source_id: int, kinds) -> None:
    """The kinds read from the source (with those read before; a file read again after one
    of its records was deleted gives its records back: those read now are its kinds). A file
    none of whose records was new has no row but when it had one before."""
    if not source_id:
        size, _, sha = sources.file_identity(path)
        row = conn.execute("SELECT id FROM sources WHERE sha256 = ? AND size = ?",
                           [sha, size]).fetchone()
        if row is None:
            return
        source_id = row[0]
    stored = conn.execute("SELECT kinds FROM sources WHERE id = ?", [source_id]).fetchone()[0]
    wanted = kinds_text(kinds)
    if stored is not None and wanted and stored:
        wanted = kinds_text(set(stored.split(",")) | set(wanted.split(",")))
    elif stored == "":
        wanted = ""
    conn.execute("UPDATE sources SET kinds = ? WHERE id = ?", [wanted, source_id])


def _source_id(conn, path: str, name: str | None = None) -> int:
    size, mtime, sha = sources.file_identity(path)
    row = conn.execute("SELECT id FROM sources WHERE sha256 = ? AND size = ?",
                       [sha, size]).fetchone()
    if row:
        return row[0]
    if name is None or name == text_path(path):
        names = [os.path.relpath(path), os.path.basename(path), os.path.abspath(path)]
    else:
        names = [name, name, name]
    relative, base, absolute = map(text_path, names)
    source_id = conn.execute(
        "INSERT INTO sources (path, name, sha256, size, mtime, imported_at, encoding, abs_path)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [relative, base, sha, size, mtime, time.time(), _encoding(path) if size else "",
         absolute]).lastrowid
    if size:
        sources.store_chunks(conn, source_id, sources.file_blocks(path))
    return source_id


def _encoding(path: str) -> str:
    """The encoding the file reads in (for people browsing the sources table)."""
    with open(path, "rb") as handle:
        return sources.decode(handle.read(sources.CHUNK_BYTES * 4))[1]


class Writer:
    """Turns batches of records into rows; remembers the counts and the next id."""

    def __init__(self, conn: sqlite3.Connection, keep_ids: bool = False):
        self.conn, self.keep_ids = conn, keep_ids
        self.source_id = 0
        self.new_source = None   # makes the sources row when the first record is added
        self.next_id = 1
        self.added = self.skipped = 0
        self.texts = sources.SourceLines(conn)
        self.positions = PositionWriter(conn)
        self._starts: dict[str, int] = {}

    def store(self, chunk: list[Record]) -> None:
        fingerprints = [bytes.fromhex(rec.fingerprint) for rec in chunk]
        marks = ", ".join("?" * len(fingerprints))
        seen = {row[0] for row in self.conn.execute(
            f"SELECT fingerprint FROM records WHERE fingerprint IN ({marks})", fingerprints)}
        rows, fts, diagnostics, hashes, ids = [], [], [], [], []
        for rec, fp in zip(chunk, fingerprints):
            if fp in seen:
                self.skipped += 1
                continue
            seen.add(fp)
            if self.new_source:
                self.source_id, self.new_source = self.new_source(), None
            if not self.keep_ids:
                rec.id = self.next_id
                self.next_id += 1
            rows.append(self._row(rec, fp))
            fts.append(fts_row(rec))
            hashes.append(position_hashes(rec))
            ids.append(rec.id)
            diagnostics.extend((rec.id, d.severity, d.code, d.line, d.column, d.message,
                                d.suggestion, int(d.repair)) for d in rec.diagnostics)
        conn = self.conn
        if conn.executemany(INSERT_RECORD, rows).rowcount != len(rows):
            raise sqlite3.IntegrityError("a record's fingerprint appeared while importing")
        conn.executemany(INSERT_FTS, fts)
        conn.executemany(INSERT_DIAGNOSTIC, diagnostics)
        self.positions.add_records(hashes, ids)
        self.added += len(rows)

    def finish(self) -> None:
        self.positions.flush()

    def _row(self, rec: Record, fingerprint: bytes) -> tuple:
        text_z = None
        if rec.text and self._source_text(rec) != rec.text:
            text_z = zlib.compress(rec.text.encode(), ZLIB_LEVEL)
        tags = _to_json(rec.tags)
        if rec.plies_in_text and text_z is None:
            moves = plies = None   # the family reads them back from the text, and writes
            normal = b""           # the normal form again
        else:
            moves = MOVE_SEPARATOR.join(normals(rec.plies))
            normal, plies = self._normal(rec, moves, tags), plies_blob(rec)
        return (rec.id, fingerprint, rec.kind, rec.title, rec.status or rec.settle_status(),
                self.source_id, rec.line, rec.end_line, text_z, normal, moves or None, plies,
                self._start_id(rec.start_position), len(rec.plies), tags, _to_json(rec.data),
                _to_json(facts_of(rec)))

    def _source_text(self, rec: Record) -> str:
        return self.texts.text(self.source_id, rec.line, rec.end_line) if self.source_id else ""

    @staticmethod
    def _normal(rec: Record, moves: str, tags: str) -> bytes | None:
        """The normal form compressed; an empty blob when the family writes it again
        from the record's tags and plies exactly (the archive then keeps none of it)."""
        if rec.normal and rewrites_normal(rec):
            return b""
        return compress_normal(rec.normal, moves, tags)

    def _start_id(self, key: str) -> int | None:
        if not key:
            return None
        found = self._starts.get(key)
        if found is None:
            conn = self.conn
            conn.execute("INSERT OR IGNORE INTO starts (key) VALUES (?)", [key])
            found = conn.execute("SELECT id FROM starts WHERE key = ?", [key]).fetchone()[0]
            self._starts[key] = found
        return found


def normal_dictionary(moves: str | None, tags: str) -> bytes:
    """What a normal form mostly repeats: the record's tags and moves (zlib's preset
    dictionary may be 32 KB; the end of it is what counts most)."""
    return (tags + "\n" + (moves or "")).encode()[-32768:]


def compress_normal(normal: str, moves: str | None, tags: str) -> bytes | None:
    if not normal:
        return None
    packer = zlib.compressobj(ZLIB_LEVEL, zdict=normal_dictionary(moves, tags))
    return packer.compress(normal.encode()) + packer.flush()


def decompress_normal(blob: bytes | None, moves: str | None, tags: str) -> str:
    if not blob:
        return ""
    unpacker = zlib.decompressobj(zdict=normal_dictionary(moves, tags))
    return (unpacker.decompress(blob) + unpacker.flush()).decode()


# the record's own opening names and the ones hoyle found (every family's tags of that name)
OPENING_TAGS = ("Opening", "BookOpening", "HoyleOpening")


def players(tags: dict) -> str:
    named = " - ".join(p for p in (tags.get("White"), tags.get("Black")) if p)
    return named or tags.get("Players", "")


def fts_row(rec: Record) -> tuple:
    tags = rec.tags
    opening = " ".join(dict.fromkeys(tags[k] for k in OPENING_TAGS if tags.get(k)))
    return (rec.id, rec.title, opening, players(tags), tags.get("Event", ""),
            rec.data.get("annotations") or tags.get("Annotations", ""))


def position_hashes(rec: Record):
    """The hashes of the positions the record passes through, its start included."""
    if rec.key_hashes is not None:
        return rec.key_hashes
    keys = [p.position for p in rec.plies if p.position]
    if rec.start_position:
        keys.append(rec.start_position)
    return list(map(key_hasher(rec.kind), keys))


def plies_blob(rec: Record) -> bytes | None:
    """Lines (as steps from the previous ply's) and columns; the printed text where it is not
    the normal form; positions unless the family replays them; normal forms that hold the
    move separator; ply numbers that are not 1, 2, 3 ..."""
    plies = rec.plies
    if not plies:
        return None
    lines = [p.line for p in plies]
    steps = [b - a for a, b in zip([rec.line] + lines, lines)]
    printed = [[i, p.text] for i, p in enumerate(plies) if p.text != p.normal]
    positions = [p.position for p in plies]
    if replays_positions(rec.kind):
        positions = None
    normals = [p.normal for p in plies]
    if MOVE_SEPARATOR not in "".join(normals):
        normals = None
    numbers = [p.index for p in plies]
    if numbers == list(range(1, len(plies) + 1)):
        numbers = None
    fields = [steps, [p.column for p in plies], printed, positions, normals, numbers]
    return zlib.compress(_to_json(fields).encode(), ZLIB_LEVEL)


def _family(kind: str):
    from records.core.family import family
    try:
        return family(kind)
    except KeyError:
        return None


def replays_positions(kind: str) -> bool:
    fam = _family(kind)
    return bool(fam and getattr(fam, "replays_positions", False))


def rewrites_normal(rec: Record) -> bool:
    write = getattr(_family(rec.kind), "normal_of", None)
    return write is not None and write(rec) == rec.normal


def facts_of(rec: Record) -> dict:
    """The family's searchable facts of a record (kept as JSON for SQL filters)."""
    fam = _family(rec.kind)
    facts = getattr(fam, "facts", None)
    return facts(rec) if facts else {}
