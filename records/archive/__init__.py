"""The SQLite archive: schema, transactional import, search and retrieval.

It stores records as the game layers produced them and knows no grammar and no rules;
position search compares position keys computed by the caller.
"""
from __future__ import annotations

import hashlib
import json
import os
import time
from operator import attrgetter
from collections.abc import Iterable

import sqlite_utils

from records.core.model import Diagnostic, Ply, Record
from records.core.parallel import collector_paused

SCHEMA_VERSION = 1
PLY_FIELDS = attrgetter("index", "text", "normal", "line", "column", "position")
FTS_COLUMNS = ["title", "opening", "players", "event", "annotations"]
FTS_BULK_MIN = 100  # records in one import above which the FTS index is filled in bulk
_to_json = json.JSONEncoder(ensure_ascii=False).encode  # json.dumps(..., ensure_ascii=False)


def default_path() -> str:
    return os.environ.get("HOYLE_DB", "hoyle.db")


class Archive:
    def __init__(self, path: str | None = None):
        self.path = path or default_path()
        self.db = sqlite_utils.Database(self.path)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA cache_size=-65536")  # up to 64 MB: big imports touch many pages
        self._ensure_schema()

    # -- schema ---------------------------------------------------------------
    def _ensure_schema(self) -> None:
        db = self.db
        if "records" in db.table_names():
            return
        with db.conn:
            db["sources"].create({"id": int, "path": str, "name": str, "sha256": str,
                                  "size": int, "imported_at": float}, pk="id")
            db["records"].create({
                "id": int, "fingerprint": str, "kind": str, "title": str, "status": str,
                "source_id": int, "source": str, "line": int, "end_line": int, "text": str,
                "normal": str, "start_position": str, "opening": str, "eco": str,
                "players": str, "event": str, "result": str, "annotations": str,
                "ply_count": int, "tags": str, "data": str,
            }, pk="id", foreign_keys=[("source_id", "sources", "id")])
            db["records"].create_index(["fingerprint"], unique=True)
            db["records"].create_index(["kind", "status"])
            # clustered by record and ply, as the plies of one game are always read together
            db.execute("CREATE TABLE plies (record_id INTEGER, ply INTEGER, text TEXT, normal TEXT,"
                       " line INTEGER, column INTEGER, position TEXT,"
                       " PRIMARY KEY (record_id, ply)) WITHOUT ROWID")
            db["plies"].create_index(["position"])
            db["diagnostics"].create({"id": int, "record_id": int, "severity": str,
                                      "code": str, "line": int, "column": int,
                                      "message": str, "suggestion": str, "repair": int},
                                     pk="id")
            db["diagnostics"].create_index(["record_id"])
            db["records"].enable_fts(FTS_COLUMNS, create_triggers=True, tokenize="porter")
            db["meta"].insert({"key": "schema", "value": str(SCHEMA_VERSION)}, pk="key")

    # -- import ---------------------------------------------------------------
    def import_records(self, path: str, records: Iterable[Record]) -> dict:
        """Store one source's records in one transaction; return counts of added/skipped."""
        raw = open(path, "rb").read() if os.path.exists(path) else b""
        added = skipped = 0
        conn = self.db.conn
        with conn, collector_paused():  # one transaction: a failure rolls everything back
            source_id = self._source_id(path, raw)
            known = {row[0] for row in conn.execute("SELECT fingerprint FROM records")}
            rows, ply_rows, diag_rows = [], [], []
            next_id = (conn.execute("SELECT max(id) FROM records").fetchone()[0] or 0) + 1
            for rec in records:
                fp = rec.fingerprint
                if fp in known:
                    skipped += 1
                    continue
                known.add(fp)
                rec.id = next_id
                next_id += 1
                rows.append(self._record_row(rec, fp, source_id))
                rid = (rec.id,)
                ply_rows.extend(rid + PLY_FIELDS(p) for p in rec.plies)
                diag_rows.extend((rec.id, d.severity, d.code, d.line, d.column, d.message,
                                  d.suggestion, int(d.repair)) for d in rec.diagnostics)
                added += 1
            if rows:
                self._insert_records(rows)
            conn.executemany("INSERT INTO plies VALUES (?,?,?,?,?,?,?)", ply_rows)
            conn.executemany(
                "INSERT INTO diagnostics (record_id, severity, code, line, column, message,"
                " suggestion, repair) VALUES (?,?,?,?,?,?,?,?)", diag_rows)
        return {"added": added, "skipped": skipped}

    def _insert_records(self, rows: list[dict]) -> None:
        """Insert record rows; a big batch fills the full-text index in one statement
        instead of through the per-row trigger (same index, a fraction of the time)."""
        conn = self.db.conn
        cols = list(rows[0])
        insert = (f"INSERT INTO records ({', '.join(cols)})"
                  f" VALUES ({', '.join('?' * len(cols))})")
        values = [tuple(r[c] for c in cols) for r in rows]
        trigger = None
        if len(rows) >= FTS_BULK_MIN:
            trigger = conn.execute("SELECT sql FROM sqlite_master WHERE type = 'trigger'"
                                   " AND name = 'records_ai'").fetchone()
        if not trigger:
            conn.executemany(insert, values)
            return
        if not conn.in_transaction:  # the DDL below must be inside the import's transaction
            conn.execute("BEGIN")
        conn.execute("DROP TRIGGER records_ai")
        conn.executemany(insert, values)
        fts = ", ".join(FTS_COLUMNS)
        conn.execute(f"INSERT INTO records_fts (rowid, {fts}) SELECT id, {fts} FROM records"
                     " WHERE id >= ?", [rows[0]["id"]])
        conn.execute(trigger[0])

    def _source_id(self, path: str, raw: bytes) -> int:
        sha = hashlib.sha256(raw).hexdigest()
        row = self.db.execute("SELECT id FROM sources WHERE sha256 = ?", [sha]).fetchone()
        if row:
            return row[0]
        return self.db["sources"].insert({
            "path": path, "name": os.path.basename(path), "sha256": sha, "size": len(raw),
            "imported_at": time.time()}).last_pk

    @staticmethod
    def _record_row(rec: Record, fingerprint: str, source_id: int) -> dict:
        tags = rec.tags
        players = " - ".join(p for p in (tags.get("White"), tags.get("Black")) if p)
        return {
            "id": rec.id, "fingerprint": fingerprint, "kind": rec.kind, "title": rec.title,
            "status": rec.status or rec.settle_status(), "source_id": source_id,
            "source": rec.source, "line": rec.line, "end_line": rec.end_line, "text": rec.text,
            "normal": rec.normal, "start_position": rec.start_position,
            "opening": tags.get("Opening", ""), "eco": tags.get("ECO", ""),
            "players": players or tags.get("Players", ""), "event": tags.get("Event", ""),
            "result": tags.get("Result", ""),
            "annotations": rec.data.get("annotations") or tags.get("Annotations", ""),
            "ply_count": len(rec.plies),
            "tags": _to_json(tags),
            "data": _to_json(rec.data),
        }

    # -- retrieval ------------------------------------------------------------
    def get(self, record_id: int) -> Record | None:
        row = self.db.execute("SELECT * FROM records WHERE id = ?", [record_id]).fetchone()
        if row is None:
            return None
        return self._to_record(dict(zip(self._columns("records"), row)), full=True)

    def _columns(self, table: str) -> list[str]:
        return [c.name for c in self.db[table].columns]

    def _to_record(self, row: dict, full: bool = False) -> Record:
        rec = Record(kind=row["kind"], title=row["title"], source=row["source"],
                     line=row["line"], end_line=row["end_line"], text=row["text"],
                     normal=row["normal"], tags=json.loads(row["tags"] or "{}"),
                     data=json.loads(row["data"] or "{}"),
                     start_position=row["start_position"], status=row["status"], id=row["id"],
                     ply_count=row["ply_count"] or 0)
        if full:
            rec.plies = [Ply(*r) for r in self.db.execute(
                "SELECT ply, text, normal, line, column, position FROM plies"
                " WHERE record_id = ? ORDER BY ply", [rec.id])]
        rec.diagnostics = [Diagnostic(*r[:6], repair=bool(r[6])) for r in self.db.execute(
            "SELECT severity, code, message, line, column, suggestion, repair FROM diagnostics"
            " WHERE record_id = ? ORDER BY id", [rec.id])]
        return rec

    def search(self, *, name: str | None = None, kind: str | None = None,
               status: str | None = None, positions: Iterable[str] = (),
               move_prefix: list[str] | None = None, where: str | None = None,
               params: list | None = None, limit: int | None = None,
               full: bool = False) -> list[Record]:
        """Records matching every given criterion, in id order.

        positions: position keys any of which a record must pass through (or start at).
        move_prefix: normalised moves the record must begin with.
        where/params: an extra SQL condition on the records table (used by game families).
        """
        clauses, args = [], []
        if kind:
            clauses.append("r.kind = ?")
            args.append(kind)
        if status:
            clauses.append("r.status = ?")
            args.append(status)
        if name:
            clauses.append("(r.id IN (SELECT rowid FROM records_fts WHERE records_fts MATCH ?)"
                           " OR r.title LIKE ? OR r.opening LIKE ?)")
            args += [_fts_query(name), f"%{name}%", f"%{name}%"]
        keys = list(positions)
        if keys:
            marks = ", ".join("?" * len(keys))
            clauses.append(f"(r.id IN (SELECT record_id FROM plies WHERE position IN ({marks}))"
                           f" OR r.start_position IN ({marks}))")
            args += keys + keys
        for i, move in enumerate(move_prefix or [], start=1):
            clauses.append("EXISTS (SELECT 1 FROM plies p WHERE p.record_id = r.id"
                           " AND p.ply = ? AND p.normal = ?)")
            args += [i, move]
        if where:
            clauses.append(f"({where})")
            args += params or []
        sql = "SELECT r.* FROM records r"
        if clauses:
            sql += " WHERE " + " AND ".join(clauses)
        sql += " ORDER BY r.id"
        if limit:
            sql += f" LIMIT {int(limit)}"
        cols = self._columns("records")
        return [self._to_record(dict(zip(cols, row)), full=full)
                for row in self.db.execute(sql, args).fetchall()]

    def delete(self, record_ids: Iterable[int]) -> int:
        """Remove records with their plies and diagnostics; return how many were removed."""
        ids = [(int(i),) for i in record_ids]
        conn = self.db.conn
        with conn:
            conn.executemany("DELETE FROM plies WHERE record_id = ?", ids)
            conn.executemany("DELETE FROM diagnostics WHERE record_id = ?", ids)
            before = conn.total_changes
            conn.executemany("DELETE FROM records WHERE id = ?", ids)
            return conn.total_changes - before

    def counts(self) -> dict:
        out = {"records": 0, "by_kind": {}, "by_status": {}}
        for kind, status, n in self.db.execute(
                "SELECT kind, status, count(*) FROM records GROUP BY kind, status"):
            out["records"] += n
            out["by_kind"][kind] = out["by_kind"].get(kind, 0) + n
            out["by_status"][status] = out["by_status"].get(status, 0) + n
        return out


def _fts_query(text: str) -> str:
    words = [w for w in "".join(c if c.isalnum() else " " for c in text).split() if w]
    return " ".join(f'"{w}"' for w in words) or '""'
