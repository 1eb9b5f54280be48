"""Reading the archive back: search, pages, counts and whole records, with every condition,
LIMIT and OFFSET in SQL."""
from __future__ import annotations

import itertools
import json
import sqlite3
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from records.archive.positions import records_passing
from records.archive.sources import SourceLines
from records.archive.store import MOVE_SEPARATOR, decompress_normal, key_hasher
from records.core.model import ERROR, Diagnostic, Ply, Record

SELECT = ("SELECT r.id, r.kind, r.title, r.status, s.path, r.line, r.end_line, r.text_z,"
          " r.normal_z, r.moves, r.plies_z, st.key, r.ply_count, r.tags, r.data,"
          " r.source_id, r.fingerprint FROM records r LEFT JOIN sources s ON s.id = r.source_id"
          " LEFT JOIN starts st ON st.id = r.start_id")
CHUNK = 500
INLINE_HITS = 500   # more records passing a position than this go to a temporary table
_tables = itertools.count(1)


@dataclass
class Query:
    """What a search asks for; every part becomes a SQL condition."""
    name: str | None = None
    kind: str | list[str] | None = None    # a kind, or any of several
    status: str | None = None
    conditions: list[tuple[str, list]] = field(default_factory=list)  # family filters

    def where(self) -> tuple[str, list]:
        clauses, args = [], []
        kinds = kinds_list(self.kind)
        if len(kinds) == 1:
            clauses.append("r.kind = ?")
        elif kinds:
            clauses.append(f"r.kind IN ({', '.join('?' * len(kinds))})")
        args += kinds
        if self.status:
            clauses.append("r.status = ?")
            args.append(self.status)
        if self.name:
            # the full-text index alone (a LIKE beside it would read every record)
            clauses.append("r.id IN (SELECT rowid FROM records_fts WHERE records_fts MATCH ?)")
            args.append(fts_query(self.name))
        for sql, params in self.conditions:
            clauses.append(f"({sql})")
            args += params
        return (" WHERE " + " AND ".join(clauses) if clauses else ""), args


def kinds_list(kind: str | Iterable[str] | None) -> list[str]:
    """A kind, several, or none (any), as a list."""
    if not kind:
        return []
    return [kind] if isinstance(kind, str) else list(kind)


def begins_with(moves: list[str]) -> tuple[str, list]:
    """A condition: the record's moves column begins with these moves."""
    typed = MOVE_SEPARATOR.join(moves)
    return "(r.moves = ? OR substr(r.moves, 1, ?) = ?)", [typed, len(typed) + 1,
                                                          typed + MOVE_SEPARATOR]


def passing(conn: sqlite3.Connection, keys: Iterable[str],
            kinds: Iterable[str] | None = None) -> tuple[str, list]:
    """A condition: the record passes through one of these positions (or starts at it), as the
    families of these kinds (or all) hash them. The ids are looked up now, in the position
    index; many go to a temporary table."""
    from records.core.family import known_kinds
    keys = list(keys)
    hashes = {hashed for kind in (kinds or known_kinds()) for hashed in map(key_hasher(kind), keys)}
    ids = records_passing(conn, sorted(hashes))
    if len(ids) <= INLINE_HITS:
        return f"r.id IN ({', '.join('?' * len(ids))})", ids
    table = f"hits_{next(_tables)}"
    conn.execute(f"CREATE TEMP TABLE {table} (id INTEGER PRIMARY KEY)")
    conn.executemany(f"INSERT OR IGNORE INTO temp.{table} VALUES (?)", ((i,) for i in ids))
    return f"r.id IN (SELECT id FROM temp.{table})", []


def search(conn: sqlite3.Connection, query: Query, limit: int | None = None,
           offset: int = 0, full: bool = False) -> list[Record]:
    where, args = query.where()
    sql = f"{SELECT}{where} ORDER BY r.id"
    if limit:
        sql += " LIMIT ? OFFSET ?"
        args += [int(limit), int(offset)]
    elif offset:
        sql += " LIMIT -1 OFFSET ?"
        args.append(int(offset))
    return _records(conn, conn.execute(sql, args).fetchall(), full, SourceLines(conn))


def count(conn: sqlite3.Connection, query: Query) -> int:
    where, args = query.where()
    return conn.execute(f"SELECT count(*) FROM records r{where}", args).fetchone()[0]


def iterate(conn: sqlite3.Connection, query: Query, full: bool = True,
            limit: int | None = None, offset: int = 0) -> Iterator[Record]:
    """Every matching record in id order, CHUNK at a time (memory stays flat)."""
    where, args = query.where()
    joiner = " AND " if where else " WHERE "
    sources, last, left = SourceLines(conn), 0, limit or -1
    if offset:  # the id just before the first one wanted
        row = conn.execute(f"SELECT r.id FROM records r{where} ORDER BY r.id LIMIT 1 OFFSET ?",
                           args + [offset - 1]).fetchone()
        if row is None:
            return
        last = row[0]
    while left:
        step = CHUNK if left < 0 else min(CHUNK, left)
        rows = conn.execute(f"{SELECT}{where}{joiner}r.id > ? ORDER BY r.id LIMIT ?",
                            args + [last, step]).fetchall()
        if not rows:
            return
        yield from _records(conn, rows, full, sources)
        last = rows[-1][0]
        left = left - len(rows) if left > 0 else left


def get(conn: sqlite3.Connection, record_id: int, positions: bool = True) -> Record | None:
    """One record, whole; positions=False: its plies without their position keys (no replay
    where the plies as printed are proven right: a record shown, not replayed)."""
    rows = conn.execute(f"{SELECT} WHERE r.id = ?", [record_id]).fetchall()
    if not rows:
        return None
    rec = _records(conn, rows, True, SourceLines(conn), printed=True)[0]
    if positions:
        fill_positions(rec)
    return rec


def _family(kind: str):
    from records.core.family import family
    return family(kind)


def fill_positions(rec: Record) -> None:
    """Positions the archive left out because the family computes them from the moves."""
    if all(p.position for p in rec.plies):
        return
    try:
        keys = _family(rec.kind).replay_positions(rec)
    except (KeyError, AttributeError, ValueError):
        return
    for ply, key in zip(rec.plies, keys):
        ply.position = key


def counts(conn: sqlite3.Connection) -> dict:
    """Records in all, by kind and by status (the statuses some record has)."""
    found = summary(conn)
    return {"records": found["records"],
            "by_kind": {kind: by["records"] for kind, by in found["by_kind"].items()},
            "by_status": {status: n for status, n in found.items()
                          if status not in ("records", "by_kind") and n}}


def summary(conn: sqlite3.Connection) -> dict:
    """The archive's records counted in the --json shape (by status, and by kind and status)."""
    from records.core.model import STATUSES
    out = {"records": 0, **{s: 0 for s in STATUSES}, "by_kind": {}}
    for kind, status, n in conn.execute(
            "SELECT kind, status, count(*) FROM records GROUP BY kind, status"):
        by = out["by_kind"].setdefault(kind, {"records": 0, **{s: 0 for s in STATUSES}})
        for place in (out, by):
            place["records"] += n
            place[status] = place.get(status, 0) + n
    return out


def _records(conn, rows: list, full: bool, sources: SourceLines,
             printed: bool = False) -> list[Record]:
    """printed: plies taken as printed where the stored fingerprint proves them (one record
    at a time; a bulk read has the family read them again, with their position hashes)."""
    records = [_record(row, full, sources) for row in rows]
    if full:
        stored = {row[0]: row[16] for row in rows} if printed else {}
        _read_plies_again([rec for rec in records if rec.plies_in_text], stored)
    by_id = {rec.id: rec for rec in records}
    for start in range(0, len(records), CHUNK):
        ids = [rec.id for rec in records[start:start + CHUNK]]
        for rid, *fields in conn.execute(
                "SELECT record_id, severity, code, message, line, column, suggestion, repair"
                f" FROM diagnostics WHERE record_id IN ({', '.join('?' * len(ids))})"
                " ORDER BY id", ids):
            by_id[rid].diagnostics.append(Diagnostic(*fields[:6], repair=bool(fields[6])))
    return records


def _record(row: tuple, full: bool, sources: SourceLines) -> Record:
    (rid, kind, title, status, path, line, end_line, text_z, normal_z, moves, plies_z, start,
     ply_count, tags, data, source_id) = row[:16]   # (and SELECT's fingerprint)
    rec = Record(kind=kind, title=title, source=path or "", line=line, end_line=end_line,
                 tags=json.loads(tags or "{}"), data=json.loads(data or "{}"),
                 start_position=start or "", status=status, id=rid, ply_count=ply_count or 0,
                 plies_in_text=bool(ply_count) and moves is None and plies_z is None)
    if full:
        rec.text = (zlib.decompress(text_z).decode() if text_z
                    else sources.text(source_id, line, end_line))
        if rec.plies_in_text:
            return rec  # plies and normal form once the family has read the text again
        rec.plies = plies_of(moves, plies_z, line, ply_count)
        rec.normal = (decompress_normal(normal_z, moves, tags) if normal_z != b""
                      else _family(kind).normal_of(rec))
    return rec


def _read_plies_again(records: list[Record], fingerprints: dict[int, bytes]) -> None:
    """Plies the archive left in the record's text: taken from the text where the stored
    fingerprint proves them (Family.printed_plies), else the family reads them again, a kind's
    records at once."""
    for kind in {rec.kind for rec in records}:
        fam = _family(kind)
        mine = []
        for rec in records:
            if rec.kind == kind:
                fingerprint = fingerprints.get(rec.id)
                plies = fingerprint and fam.printed_plies(rec, fingerprint)
                if not plies:
                    mine.append(rec)
                else:
                    rec.plies, rec.normal = plies, None
        for rec, again in zip(mine, fam.read_again([(rec.text, rec.line) for rec in mine])):
            if again is not None and len(again.plies) == rec.ply_count:
                rec.plies, rec.key_hashes = again.plies, again.key_hashes
            else:   # never seen; said rather than shown as a game without moves
                rec.add(ERROR, "ARCHIVE-REREAD", f"the {rec.ply_count} moves stored in this"
                        " record's text did not read again; the text is kept as it was")
            rec.normal = None   # written when asked for, by the reader that read it again


def plies_of(moves: str, blob: bytes | None, line: int, ply_count: int) -> list[Ply]:
    """The plies back from the moves column and the blob store.plies_blob wrote."""
    if not ply_count or blob is None:
        return []
    steps, columns, printed, positions, normals, numbers = json.loads(zlib.decompress(blob))
    normals = normals or (moves or "").split(MOVE_SEPARATOR)
    texts = list(normals)
    for i, text in printed:
        texts[i] = text
    positions = positions or [""] * len(normals)
    numbers = numbers or range(1, len(normals) + 1)
    plies, at = [], line
    for i, normal in enumerate(normals):
        at += steps[i]
        plies.append(Ply(numbers[i], texts[i], normal, at, columns[i], positions[i]))
    return plies


def fts_query(text: str) -> str:
    """Every typed word, as a word or the start of one ("isou" finds Isouard)."""
    words = [w for w in "".join(c if c.isalnum() else " " for c in text).split() if w]
    return " AND ".join(f'("{w}" OR "{w}"*)' for w in words) or '""'

