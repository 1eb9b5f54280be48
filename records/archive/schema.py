"""The archive's tables, its schema version, and the refusal of files that are not archives.

The version lives in PRAGMA user_version. A newer archive is refused (this hoyle would not know
its tables); an older one is migrated in one transaction; a SQLite file that holds other tables
and none of ours is refused and left untouched.
"""
from __future__ import annotations

import sqlite3

from records.archive.browse import register_functions
from records.archive.locking import (DEFAULT_WAIT_S, ArchiveBusy, ArchiveReadOnly,
                                     WaitingConnection, busy_message, is_busy, is_read_only,
                                     open_read_only)

SCHEMA_VERSION = 7   # 7: checkers books' verdicts as PDN's English results (1-0 Black's)
PAGE_SIZE = 16384       # a page holds many position blocks (440 bytes on average at 20,000
                        # games: 5.4 MB of blocks in 5.8 MB of pages)
BUSY_TIMEOUT_S = DEFAULT_WAIT_S  # a second writer waits this long for the first one's lock
OUR_TABLES = {"records", "sources", "diagnostics", "meta"}
# what a person's correction rewrites on a record's row (hoyle fix), and the journal keeps
CORRECTED_COLUMNS = ("status", "title", "normal_z", "moves", "plies_z", "start_id", "ply_count",
                     "tags", "data", "facts")
# schema 5: the journal of corrections, each with the row and diagnostics as they were before
# it (hoyle fix --undo takes the last one back)
JOURNAL = [
    "CREATE TABLE IF NOT EXISTS corrections (id INTEGER PRIMARY KEY, record_id INTEGER"
    " REFERENCES records (id), made_at TEXT, made_by TEXT, line INTEGER, column INTEGER,"
    " printed TEXT, reading TEXT, how TEXT, code TEXT, "
    + ", ".join(f"before_{c} {'BLOB' if c.endswith('_z') else 'TEXT'}" for c in CORRECTED_COLUMNS)
    + ", before_diagnostics TEXT)",
    "CREATE INDEX IF NOT EXISTS corrections_record ON corrections (record_id, id)"]
FTS_COLUMNS = ("title", "opening", "players", "event", "annotations")
MAX_VIEW_PLIES = 4095

TABLES = [
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)",
    # path: as imported, relative to the folder it was imported from; abs_path: where that was;
    # kinds: the kinds read from it ('' every kind; NULL once one of its records is deleted:
    # reading it again is no longer a skip)
    "CREATE TABLE sources (id INTEGER PRIMARY KEY, path TEXT, name TEXT, sha256 TEXT,"
    " size INTEGER, mtime REAL, imported_at REAL, encoding TEXT, abs_path TEXT, kinds TEXT)",
    "CREATE INDEX sources_sha256 ON sources (sha256)",
    # the file's bytes once, verbatim, in zlib-compressed chunks of whole lines (sources.py);
    # a record's text is a slice of its lines
    "CREATE TABLE source_chunks (id INTEGER PRIMARY KEY, source_id INTEGER REFERENCES"
    " sources (id), first_line INTEGER, line_count INTEGER, raw BLOB)",
    "CREATE UNIQUE INDEX source_chunks_line ON source_chunks (source_id, first_line)",
    # text_z: the record's text, compressed, only where it is not the slice of its source lines
    # normal_z: the normalised form, compressed with a preset dictionary of its moves and tags
    # moves: the normalised moves, space-separated
    # plies_z: what the plies hold beyond moves (lines, columns, printed text, positions)
    # moves and plies_z are both empty for a record with plies whose family reads them again
    # from its text (a PGN game: the text holds them already)
    # (its dictionary is the moves and tags, so it costs little beside them); tags hold the
    # players, event, opening and result that SQL reads with json_extract
    "CREATE TABLE records (id INTEGER PRIMARY KEY, fingerprint BLOB NOT NULL, kind TEXT,"
    " title TEXT, status TEXT, source_id INTEGER REFERENCES sources (id), line INTEGER,"
    " end_line INTEGER, text_z BLOB, normal_z BLOB, moves TEXT, plies_z BLOB,"
    " start_id INTEGER REFERENCES starts (id), ply_count INTEGER, tags TEXT, data TEXT,"
    " facts TEXT)",
    # start positions are few (the initial one, mostly): each is kept once
    "CREATE TABLE starts (id INTEGER PRIMARY KEY, key TEXT UNIQUE)",
    "CREATE UNIQUE INDEX records_fingerprint ON records (fingerprint)",
    "CREATE INDEX records_kind_status ON records (kind, status)",
    # the records each position passes through (its start included), as posting lists of a
    # bucket of position hashes (positions.py): about four bytes a position
    "CREATE TABLE position_blocks (id INTEGER PRIMARY KEY, bucket INTEGER, first_id INTEGER"
    " REFERENCES records (id), last_id INTEGER REFERENCES records (id), n INTEGER,"
    " entries BLOB)",
    "CREATE INDEX position_blocks_bucket ON position_blocks (bucket, last_id)",
    "CREATE TABLE diagnostics (id INTEGER PRIMARY KEY, record_id INTEGER REFERENCES records (id),"
    " severity TEXT,"
    " code TEXT, line INTEGER, column INTEGER, message TEXT, suggestion TEXT, repair INTEGER)",
    "CREATE INDEX diagnostics_record ON diagnostics (record_id)",
    # contentless: the words are indexed, the texts stay in records (records are never deleted)
    # for people browsing the archive (hoyle browse, Datasette): one readable row per record
    # (the game's own opening and ECO, else hoyle's)
    "CREATE VIEW records_browse AS SELECT r.id, r.kind, r.title, r.status,"
    " coalesce(json_extract(r.tags, '$.Opening'), json_extract(r.tags, '$.HoyleOpening'))"
    " AS opening, coalesce(json_extract(r.tags, '$.ECO'), json_extract(r.tags, '$.HoyleECO'))"
    " AS eco,"
    " json_extract(r.tags, '$.White') AS white, json_extract(r.tags, '$.Black') AS black,"
    " json_extract(r.tags, '$.Result') AS result, r.ply_count, r.moves, s.path AS source,"
    " r.line FROM records r LEFT JOIN sources s ON s.id = r.source_id",
    # 0, 1, 2 ... : the ply numbers positions_fen counts through (longer games end at the last)
    "CREATE TABLE ply_numbers (ply INTEGER PRIMARY KEY)",
    f"INSERT INTO ply_numbers (ply) WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1"
    f" FROM n WHERE i < {MAX_VIEW_PLIES}) SELECT i FROM n",
    # a row per position a record passes through (ply 0: its start) with its FEN, made when the
    # row is read by hoyle_fen (browse.py), which hoyle and its Datasette plugin define
    "CREATE VIEW positions_fen AS SELECT r.id AS record_id, r.kind, n.ply,"
    " hoyle_fen(r.id, n.ply) AS fen FROM records r JOIN ply_numbers n ON n.ply <= r.ply_count"
    " WHERE r.kind IN ('chess', 'checkers')",
    f"CREATE VIRTUAL TABLE records_fts USING fts5 ({', '.join(FTS_COLUMNS)}, content='',"
    " tokenize='porter', detail='none')",
    *JOURNAL,
]


class NotAnArchive(Exception):
    """The file is a SQLite database of something else, or not SQLite at all."""


class NewerArchive(NotAnArchive):
    """The archive was written by a newer hoyle whose tables this one does not know."""


class OlderArchive(NotAnArchive):
    """An older hoyle's archive, opened read-only: it is migrated only when written."""


def connect(path: str, read_only: bool = False, wait: float | None = None,
            on_wait=None) -> sqlite3.Connection:
    """A connection in autocommit mode (transactions are begun explicitly), WAL journal, whose
    BEGIN IMMEDIATE waits up to `wait` seconds for another writer (locking.py); or, for
    reading commands, a read-only one."""
    if read_only:
        return connect_read_only(path)
    try:
        conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None,
                               factory=WaitingConnection)
        conn.set_wait(wait, on_wait, path)
        ensure_schema(conn, path)
    except sqlite3.DatabaseError as exc:
        if is_busy(exc):
            raise ArchiveBusy(busy_message(path, DEFAULT_WAIT_S if wait is None else wait)) from exc
        if is_read_only(exc):
            raise ArchiveReadOnly(f"{path}: cannot write the archive ({exc})") from exc
        raise NotAnArchive(f"{path}: not a hoyle archive ({exc})") from exc
    register_functions(conn)
    conn.execute("PRAGMA synchronous = NORMAL")
    # 16 MB: 200,000 games import as fast as with 32 MB, in 132 MB, not 148
    conn.execute("PRAGMA cache_size = -16384")
    return conn


def connect_read_only(path: str) -> sqlite3.Connection:
    """Open without writing anything (no WAL switch, no migration); refuse what is not ours."""
    try:
        conn = open_read_only(path)
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        names = table_names(conn)
    except sqlite3.DatabaseError as exc:
        raise NotAnArchive(f"{path}: not a hoyle archive ({exc})") from exc
    if version > SCHEMA_VERSION:
        raise NewerArchive(f"{path}: archive schema {version} is newer than this hoyle's "
                           f"({SCHEMA_VERSION}); upgrade hoyle to open it")
    if version < SCHEMA_VERSION and OUR_TABLES & names:
        raise OlderArchive(f"{path}: an archive of an older hoyle (schema {version}), which "
                           f"this user may not write to migrate it to schema {SCHEMA_VERSION}")
    if not OUR_TABLES <= names:
        raise NotAnArchive(f"{path}: not a hoyle archive (no hoyle tables)")
    register_functions(conn)
    return conn


def ensure_schema(conn: sqlite3.Connection, path: str) -> None:
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise NewerArchive(f"{path}: archive schema {version} is newer than this hoyle's "
                           f"({SCHEMA_VERSION}); upgrade hoyle to open it")
    if version == SCHEMA_VERSION:
        return
    names = table_names(conn)
    if names and not OUR_TABLES & names:
        raise NotAnArchive(f"{path}: a SQLite database without hoyle's tables; left untouched")
    if not names:   # a new file: its pages hold several position blocks each (positions.py)
        conn.execute(f"PRAGMA page_size = {PAGE_SIZE}")
    if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
        conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("BEGIN IMMEDIATE")
    try:
        names = table_names(conn)  # again, under the lock: another process may have made them
        found = conn.execute("PRAGMA user_version").fetchone()[0]
        if found == SCHEMA_VERSION:
            conn.execute("COMMIT")
            return
        if "records" in names:
            import records.archive.migrate as migrate
            migrate.upgrade(conn, found, create_tables, TABLES)
        else:
            create_tables(conn)
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


def create_tables(conn: sqlite3.Connection) -> None:
    for statement in TABLES:
        conn.execute(statement)
    conn.execute("INSERT OR REPLACE INTO meta VALUES ('schema', ?)", [str(SCHEMA_VERSION)])


def table_names(conn: sqlite3.Connection) -> set[str]:
    return {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
