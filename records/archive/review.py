"""Review and correction in the archive (hoyle review, hoyle fix, the record page): the records
that need a decision, a person's correction replayed by the record's family and stored, the
last correction taken back, and the errata of every book error and correction.

A correction rewrites the record's row (moves, plies, normal form, status, tags, facts, its
diagnostics, its positions in the index and its words) but never its text, its source or its
fingerprint: the fingerprint stays the content as printed, so importing the book again still
finds the record there and adds nothing. Before a row is rewritten it is copied into the
`corrections` table, the journal that --undo takes the last state back from.
"""
from __future__ import annotations

import copy
import getpass
import json
import os
import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import replace
from datetime import datetime, timezone

from records.archive.positions import PositionWriter, forget
from records.archive.schema import CORRECTED_COLUMNS as ROW_COLUMNS
from records.archive.store import Writer, fts_row, position_hashes
from records.core.model import CORRECTION_CODE, NEEDS_REVIEW, Diagnostic, Record
from records.core.review import (BOOK_ERROR, BOOK_ERROR_CODE, READ, SETTLED, Correction, Fault,
                                 Reading, corrections_of, finish, generic_faults, needs_decision,
                                 same_reading, settled, undecided)

class Refused(ValueError):
    """A correction that asks for what the record does not have (no such record, no fault at
    that place, no such candidate)."""


class NotReplayed(Refused):
    """A correction the record's family does not replay, or a value the rules do not give."""


def person() -> str:
    """Who is correcting: $HOYLE_USER, else the login name."""
    for name in ("HOYLE_USER", "USER", "LOGNAME", "USERNAME"):
        if os.environ.get(name):
            return os.environ[name]
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "unknown"


def utc_now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


def _family(kind: str):
    from records.core.family import family
    return family(kind)


# -- what needs a decision -----------------------------------------------------------------------
def faults(rec: Record, repairs: bool = False) -> list[Fault]:
    """The record's faults as its family finds them, one per place (several diagnostics at
    one place are one decision); with repairs, the places hoyle repaired too (a person may
    read them otherwise)."""
    out: dict[tuple[int, int], Fault] = {}
    found = [_order_kept(f) for f in _family(rec.kind).faults(rec)]
    if repairs:
        found += [f for f in generic_faults(_repairs_only(rec)) if f.code]
    for fault in found:
        place = (fault.line, fault.column)
        if place in out:
            out[place].message += f"; {fault.code}: {fault.message}"
            known = {r.text for r in out[place].readings}
            out[place].readings += [r for r in fault.readings if r.text not in known]
        else:
            out[place] = fault
    return list(out.values())


ORDER_CODES = ("LAYOUT", "CHECKERS-BRANCH-AMBIGUOUS")   # which reading order, or branch
AS_READ = "as read"


def _order_kept(fault: Fault) -> Fault:
    """A doubt about the reading order (several orders replay, a line read on that replays as
    well on its own, a branch that fits two places) is settled by a person: "as read" keeps
    the order hoyle followed and drops the doubt; each other way the diagnostic names (`2
    readings of the tricks replay every card: N leads; S leads`) reads the record again from
    its source that way (_read_in_order)."""
    if fault.code in ORDER_CODES and not fault.readings:
        fault.readings = [Reading(AS_READ, "the order hoyle followed is the book's")]
        if fault.code == "LAYOUT" and ": " in fault.message:
            named = fault.message.split("; LAYOUT: ")[0].rsplit(": ", 1)[1]
            fault.readings += [Reading(way.strip(), "read the block this way")
                               for way in named.split("; ") if way.strip()]
        fault.settles = True
    return fault


def _repairs_only(rec: Record) -> Record:
    """The record with its repairs as the diagnostics that need a decision."""
    shown = copy.copy(rec)
    shown.diagnostics = [replace(d, repair=False) for d in rec.diagnostics if d.repair]
    return shown


def open_faults(rec: Record, repairs: bool = False) -> list[Fault]:
    """The faults nobody has decided yet."""
    return undecided(rec, faults(rec, repairs))


def to_review(archive, kinds: Iterable[str] | None = None,
              status: str = NEEDS_REVIEW) -> Iterator[tuple[Record, list[Fault]]]:
    """Records of this status (of these kinds) with faults nobody has decided, streamed."""
    for kind in list(kinds or [None]):
        for rec in archive.iterate(archive.query(kind=kind, status=status), full=True):
            found = open_faults(rec, repairs=status != NEEDS_REVIEW)
            if found:
                yield rec, found


def fault_at(rec: Record, line: int, column: int, printed_too: bool = False) -> Fault:
    """The fault at line:column; with printed_too, a printed move, card or count there that
    hoyle found no fault in will do (a person may read it otherwise)."""
    found = faults(rec, repairs=True)
    for fault in found:
        if (fault.line, fault.column) == (line, column):
            return fault
    ply = next((p for p in rec.plies if (p.line, p.column) == (line, column) and p.text), None)
    if printed_too and ply is not None:
        return Fault(line, column, ply.text, "", "info", "read otherwise by a person", [],
                     ply.index - 1)
    places = ", ".join(f"{f.line}:{f.column} {f.code}" for f in found) or "none"
    raise Refused(f"record {rec.id} has no fault at {line}:{column} (its faults: {places})")


def context(rec: Record, line: int, column: int, around: int = 2) -> str:
    """The printed text a few lines around line:column, numbered, the column marked."""
    lines = rec.text.split("\n")
    at = line - rec.line
    out = []
    for i in range(max(0, at - around), min(len(lines), at + around + 1)):
        out.append(f"{rec.line + i:>6} | {lines[i]}")
        if i == at and column > 0:
            out.append(" " * 6 + " | " + " " * _width(lines[i][:column - 1]) + "^")
    return "\n".join(out)


def _width(text: str) -> int:
    import unicodedata
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def picture(rec: Record, fault: Fault) -> str:
    """The board, hands or count just before the fault (the family's render_text)."""
    try:
        return _family(rec.kind).render_text(rec, fault.ply)
    except (ValueError, KeyError, IndexError) as exc:
        return f"(no picture at ply {fault.ply}: {exc})"


# -- a correction ----------------------------------------------------------------------------------
def correct(archive, record_id: int, line: int, column: int, *, choose: int | None = None,
            read: str | None = None, book_error: bool = False, by: str | None = None,
            at: str | None = None) -> Record:
    """Decide the fault at line:column of a record (a candidate, a typed reading, or a mark
    that the book is wrong there), replay the record with it and store it; Refused (nothing
    stored) when it does not replay."""
    rec = archive.get(record_id)
    if rec is None:
        raise Refused(f"no record {record_id}")
    fault = fault_at(rec, line, column, printed_too=read is not None)
    earlier = next((c for c in corrections_of(rec) if (c.line, c.column) == (line, column)), None)
    if earlier is not None:   # read otherwise before: what is printed there is what it was
        fault.printed = earlier.printed
    new = _correction(fault, choose, read, book_error, by or person(), at or utc_now())
    every = [c for c in corrections_of(rec) if (c.line, c.column) != (new.line, new.column)]
    every.append(new)   # a second decision at a place replaces the first
    try:
        if new.how == BOOK_ERROR:
            fresh = copy.copy(rec)
            fresh.data, fresh.diagnostics = dict(rec.data), list(rec.diagnostics)
        elif new.how == SETTLED:
            fresh = settled(rec, fault, new.reading)   # (a reading the fault offers)
            if fault.code == "LAYOUT" and not same_reading(new.reading, AS_READ):
                way = next(r.text for r in fault.readings if same_reading(new.reading, r.text))
                fresh = _read_in_order(archive, rec, fault, way,
                                       [c for c in every if c.how == READ])
        else:
            fresh = _family(rec.kind).correct(rec, [c for c in every if c.how == READ])
    except ValueError as exc:
        raise NotReplayed(str(exc)) from exc
    fresh = finish(fresh, every)
    _store(archive.db, rec, fresh, new)
    return archive.get(record_id)


def _read_in_order(archive, rec: Record, fault: Fault, way: str, reads: list) -> Record:
    """The record read again from its source, the block its LAYOUT doubt stands at read the
    way a person chose (core.orders.choosing), the other corrections made again on it."""
    from records.archive.sources import SourceLines
    from records.core.orders import choosing
    conn = archive.db
    source_id, = conn.execute("SELECT source_id FROM records WHERE id = ?", [rec.id]).fetchone()
    last, = conn.execute("SELECT MAX(first_line + line_count) FROM source_chunks WHERE"
                         " source_id = ?", [source_id]).fetchone()
    text = SourceLines(conn).text(source_id, 1, last or 1)
    with choosing(way, fault.line):
        found = _family(rec.kind).scan_book(text, rec.source)
    again = next((r for r in found if r.kind == rec.kind and r.line == rec.line), None)
    if again is None:
        raise ValueError(f"read {way}, the text has no {rec.kind} record at line {rec.line}")
    read_so = any(way in d.message for d in rec.diagnostics if d.code == "LAYOUT"
                  and d.severity == "info")
    if not read_so and [p.normal for p in again.plies] == [p.normal for p in rec.plies] \
            and again.data == rec.data:
        raise ValueError(f"read {way}, the record is the same: that way is not one hoyle can "
                         "read it in")
    again.id, again.text = rec.id, rec.text
    return _family(rec.kind).correct(again, reads) if reads else again


def _correction(fault: Fault, choose, read, book_error, by: str, at: str) -> Correction:
    given = sum(x is not None and x is not False for x in (choose, read, book_error or None))
    if given != 1:
        raise Refused("give one of: a candidate number, a reading, or book error")
    how = SETTLED if fault.settles else READ
    if book_error:
        return Correction(fault.line, fault.column, fault.printed, "", BOOK_ERROR, fault.code,
                          by, at, "marked")
    if choose is not None:
        try:
            chosen = fault.reading(choose)
        except ValueError as exc:
            raise Refused(str(exc)) from exc
        return Correction(chosen.line, chosen.column, chosen.printed, chosen.text, how,
                          fault.code, by, at, f"candidate {choose} of {len(fault.readings)}")
    return Correction(fault.line, fault.column, fault.printed, read.strip(), how, fault.code,
                      by, at, "typed")


def undo(archive, record_id: int) -> Record:
    """Take the record's last correction back: its row, diagnostics, positions and words as
    they were before it."""
    conn = archive.db
    row = conn.execute("SELECT id, " + ", ".join(f"before_{c}" for c in ROW_COLUMNS)
                       + ", before_diagnostics FROM corrections WHERE record_id = ?"
                       " ORDER BY id DESC LIMIT 1", [record_id]).fetchone()
    if row is None:
        raise Refused(f"record {record_id} has no correction to take back")
    current = archive.get(record_id)
    conn.execute("BEGIN IMMEDIATE")
    try:
        _forget_words(conn, current)
        conn.execute("UPDATE records SET " + ", ".join(f"{c} = ?" for c in ROW_COLUMNS)
                     + " WHERE id = ?", [*row[1:-1], record_id])
        diagnostics = [Diagnostic(*d[:6], repair=bool(d[6])) for d in json.loads(row[-1])]
        _write_diagnostics(conn, record_id, diagnostics)
        conn.execute("DELETE FROM corrections WHERE id = ?", [row[0]])
        restored = archive.get(record_id)
        _index(conn, restored)
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return restored


def _store(conn: sqlite3.Connection, old: Record, fresh: Record, new: Correction) -> None:
    """Journal the row as it is, then write the corrected record over it."""
    fresh.plies_in_text = False   # the text holds the printed moves, not the corrected ones
    writer = Writer(conn)
    writer.source_id = conn.execute("SELECT source_id FROM records WHERE id = ?",
                                    [old.id]).fetchone()[0]
    row = dict(zip(("id", "fingerprint", "kind", "title", "status", "source_id", "line",
                    "end_line", "text_z", "normal_z", "moves", "plies_z", "start_id",
                    "ply_count", "tags", "data", "facts"), writer._row(fresh, b"")))
    conn.execute("BEGIN IMMEDIATE")
    try:
        _journal(conn, old.id, new)
        _forget_words(conn, old)
        conn.execute("UPDATE records SET " + ", ".join(f"{c} = ?" for c in ROW_COLUMNS)
                     + " WHERE id = ?", [row[c] for c in ROW_COLUMNS] + [old.id])
        _write_diagnostics(conn, old.id, fresh.diagnostics)
        fresh.id = old.id
        _index(conn, fresh)
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


def _journal(conn: sqlite3.Connection, record_id: int, new: Correction) -> None:
    before = ", ".join(f"r.{c}" for c in ROW_COLUMNS)
    conn.execute(
        "INSERT INTO corrections (record_id, made_at, made_by, line, column, printed, reading,"
        " how, code, " + ", ".join(f"before_{c}" for c in ROW_COLUMNS) + ", before_diagnostics)"
        f" SELECT r.id, ?, ?, ?, ?, ?, ?, ?, ?, {before}, (SELECT json_group_array(json_array("
        "severity, code, message, line, column, suggestion, repair)) FROM (SELECT * FROM"
        " diagnostics WHERE record_id = r.id ORDER BY id)) FROM records r WHERE r.id = ?",
        [new.at, new.by, new.line, new.column, new.printed, new.reading, new.how, new.code,
         record_id])


def _write_diagnostics(conn: sqlite3.Connection, record_id: int,
                       diagnostics: list[Diagnostic]) -> None:
    conn.execute("DELETE FROM diagnostics WHERE record_id = ?", [record_id])
    conn.executemany(
        "INSERT INTO diagnostics (record_id, severity, code, line, column, message, suggestion,"
        " repair) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [(record_id, d.severity, d.code, d.line, d.column, d.message, d.suggestion,
          int(d.repair)) for d in diagnostics])


def _forget_words(conn: sqlite3.Connection, rec: Record) -> None:
    """The record's words out of the contentless full-text index (it needs them given)."""
    conn.execute("INSERT INTO records_fts (records_fts, rowid, title, opening, players, event,"
                 " annotations) VALUES ('delete', ?, ?, ?, ?, ?, ?)", fts_row(rec))


def _index(conn: sqlite3.Connection, rec: Record) -> None:
    """The record's words and positions indexed as they are now."""
    conn.execute("INSERT INTO records_fts (rowid, title, opening, players, event, annotations)"
                 " VALUES (?, ?, ?, ?, ?, ?)", fts_row(rec))
    forget(conn, [rec.id])
    writer = PositionWriter(conn)
    writer.add(position_hashes(rec), rec.id)
    writer.flush()


def history(archive, record_id: int) -> list[dict]:
    """The record's corrections, oldest first (who, when, where, what)."""
    rows = archive.db.execute(
        "SELECT made_at, made_by, line, column, printed, reading, how, code FROM corrections"
        " WHERE record_id = ? ORDER BY id", [record_id]).fetchall()
    keys = ("at", "by", "line", "column", "printed", "reading", "how", "code")
    return [dict(zip(keys, row)) for row in rows]


# -- errata ---------------------------------------------------------------------------------------
def errata_lines(rec: Record) -> list[str]:
    """One line per book error hoyle found in the record (its errors, warnings and repairs)
    and per correction or mark a person made: `file:line:col  printed  ->  should be  (why)`."""
    from records.core.review import quoted
    decided = {(c.line, c.column): c for c in corrections_of(rec)}
    out, told = [], set()
    for diag in sorted(rec.diagnostics, key=lambda d: (d.line, d.column)):
        where = f"{rec.source}:{diag.line}:{diag.column}"
        if diag.code in (CORRECTION_CODE, BOOK_ERROR_CODE):
            c = decided.get((diag.line, diag.column))
            if c is None or (diag.code == BOOK_ERROR_CODE) != (c.how == BOOK_ERROR):
                continue
            should = f'"{c.reading}"' if c.how != BOOK_ERROR else "?"
            what = {BOOK_ERROR: "marked a book error", SETTLED: "set right"}.get(c.how,
                                                                             "corrected")
            printed = c.printed
            code = f"; {c.code}" if c.code else ""
            shown = f'"{printed}"' if printed else "-"
            out.append(f"{where}  {shown}  ->  {should}  ({what} by {c.by} at {c.at}{code})")
        elif (needs_decision(diag) or diag.repair) and (diag.line, diag.column) not in told:
            told.add((diag.line, diag.column))   # one line a place (its first diagnostic)
            printed = quoted(diag.message)
            shown = f'"{printed}"' if printed else "-"
            out.append(f"{where}  {shown}  ->  {diag.suggestion or '?'}  "
                       f"({diag.code}: {diag.message})")
    return [" ".join(line.split("\n")) for line in out]

