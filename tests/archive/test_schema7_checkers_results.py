"""Schema 7: a checkers book's verdict is stored as PDN writes English draughts' results (1-0
Black's win, 0-1 White's, 1/2-1/2), not as schema 6 wrote it (0-2, 2-0, 1-1). The schema 6
archive migrated here was made by hoyle of schema 6 (make_schema6_checkers.py): a page of
games printed as books print them, each ended by a verdict, one corrected by a person, and
a PDN file whose results are written every way PDN allows."""
from __future__ import annotations

import gzip
import os
import shutil
import sqlite3
import zlib

import pytest

import records.archive.migrate as migrate
from records.archive import Archive, review
from records.archive.schema import SCHEMA_VERSION
from records.checkers import scan
from records.core.model import CORRECTED
from records.core.reading import read_path

FIXTURE = os.path.join(os.path.dirname(__file__), "data", "schema6_checkers.db.gz")
BOOK, GAMES = "checkers_book.txt", "checkers_games.pdn"
VERDICTS = {"0-2": "1-0", "2-0": "0-1", "1-1": "1/2-1/2"}   # schema 6's -> 7's


@pytest.fixture
def v6(tmp_path) -> str:
    path = str(tmp_path / "v6.db")
    with gzip.open(FIXTURE, "rb") as src, open(path, "wb") as dst:
        shutil.copyfileobj(src, dst)
    return path


def rows(path: str, table: str) -> dict:
    conn = sqlite3.connect(path)
    try:
        return {row[0]: row for row in conn.execute(f"SELECT * FROM {table} ORDER BY id")}
    finally:
        conn.close()


def results(path: str) -> dict:
    conn = sqlite3.connect(path)
    try:
        return dict(conn.execute("SELECT r.id, json_extract(r.tags, '$.Result') FROM records r"))
    finally:
        conn.close()


def source_ids(path: str) -> dict:
    conn = sqlite3.connect(path)
    try:
        return {name: sid for sid, name in conn.execute("SELECT id, name FROM sources")}
    finally:
        conn.close()


def by_source(path: str, name: str) -> list[int]:
    conn = sqlite3.connect(path)
    try:
        return [rid for (rid,) in conn.execute(
            "SELECT r.id FROM records r JOIN sources s ON s.id = r.source_id WHERE s.name = ?"
            " ORDER BY r.id", [name])]
    finally:
        conn.close()


def source_file(archive: Archive, name: str, folder) -> str:
    """The source's bytes as the archive keeps them, written back to a file."""
    (source_id,) = archive.db.execute("SELECT id FROM sources WHERE name = ?", [name]).fetchone()
    blobs = archive.db.execute("SELECT raw FROM source_chunks WHERE source_id = ? ORDER BY"
                               " first_line", [source_id]).fetchall()
    path = folder / name
    path.write_bytes(b"".join(zlib.decompress(raw) for (raw,) in blobs))
    return str(path)


def test_the_fixture_is_a_schema_6_archive_with_both_kinds_of_results(v6):
    conn = sqlite3.connect(v6)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 6
    conn.close()
    said = results(v6)
    assert sorted(said[i] for i in by_source(v6, BOOK)) == ["0-2", "0-2", "1-1", "2-0"]
    assert sorted(said[i] for i in by_source(v6, GAMES)) == \
        sorted(["1-0", "2-0", "0-1", "0-2", "1/2-1/2", "1-1", "*"])
    assert len(rows(v6, "corrections")) == 1


def test_book_verdicts_are_rewritten_and_pdn_results_kept(v6, tmp_path):
    before = results(v6)
    pdn_rows = {i: row for i, row in rows(v6, "records").items() if i in by_source(v6, GAMES)}
    archive = Archive(v6)
    assert archive.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 7
    after = results(v6)
    for rid in by_source(v6, BOOK):
        assert after[rid] == VERDICTS[before[rid]]
        rec = archive.get(rid)   # the normal form unpacks with the new tags, and says the same
        assert f'[Result "{after[rid]}"]' in rec.normal
        assert rec.normal.rstrip().endswith(" " + after[rid])
    # a PDN file's results are as printed, row for row (2-0, 1-1 and 0-2 among them)
    assert {i: row for i, row in rows(v6, "records").items() if i in pdn_rows} == pdn_rows
    # the browsing view and the search by result read the new results
    view = dict(archive.db.execute("SELECT id, result FROM records_browse"))
    assert view == after
    condition, _ = archive.family_condition(["checkers"], None, None, {"result": "1-0"})
    found = {r.id for r in archive.search(kind="checkers", conditions=[condition])}
    assert found == {i for i, r in after.items() if r in ("1-0", "2-0")}
    assert {i for i in found if i in pdn_rows} == \
        {i for i in pdn_rows if before[i] in ("1-0", "2-0")}   # a PDN 2-0 is a first player's win
    condition, _ = archive.family_condition(["checkers"], None, None, {"result": "1/2-1/2"})
    assert {r.id for r in archive.search(kind="checkers", conditions=[condition])} == \
        {i for i, r in after.items() if r in ("1/2-1/2", "1-1")}
    archive.close()


def test_migrated_book_records_are_the_records_read_now(v6, tmp_path):
    """Fingerprints, tags and normal forms as a fresh import makes them; the same book read
    again adds nothing (the corrected record keeps the fingerprint of its reading at import)."""
    archive = Archive(v6)
    book = source_file(archive, BOOK, tmp_path)
    fresh = {r.line: r for r in scan.scan_book(open(book, encoding="utf-8").read(), book)}
    for r in fresh.values():
        r.settle_status()
    stored = dict(archive.db.execute("SELECT id, fingerprint FROM records"))
    corrected = 0
    for rid in by_source(v6, BOOK):
        rec = archive.get(rid)
        new = fresh[rec.line]
        assert stored[rid].hex() == new.fingerprint
        if rec.status == CORRECTED:
            corrected += 1
            assert rec.tags["Result"] == new.tags["Result"] == "1-0"
            continue
        assert (rec.tags, rec.normal, rec.content_digest()) == \
            (new.tags, new.normal, new.fingerprint)
    assert corrected == 1
    os.utime(book, (1, 1))
    assert archive.import_records(book, read_path(book))["added"] == 0
    games = source_file(archive, GAMES, tmp_path)
    assert archive.import_records(games, read_path(games))["added"] == 0
    archive.close()


def test_the_journal_keeps_the_row_before_a_correction_in_the_new_results(v6, tmp_path):
    """Taking the correction back gives the record as it is read now."""
    archive = Archive(v6)
    [(record_id, tags)] = archive.db.execute("SELECT record_id, before_tags FROM corrections")
    assert '"Result":"1-0"' in tags
    book = source_file(archive, BOOK, tmp_path)
    restored = review.undo(archive, record_id)
    [fresh] = [r for r in scan.scan_book(open(book, encoding="utf-8").read(), book)
               if r.line == restored.line]
    fresh.settle_status()
    assert restored.status == fresh.status != CORRECTED
    assert (restored.tags, restored.normal) == (fresh.tags, fresh.normal)
    assert restored.tags["Result"] == "1-0"
    archive.close()


def test_the_migration_is_idempotent(v6):
    Archive(v6).close()
    once = {t: rows(v6, t) for t in ("records", "corrections", "sources")}
    conn = sqlite3.connect(v6, isolation_level=None)
    conn.execute("BEGIN")
    migrate.from_version_6(conn)   # again on the migrated rows: nothing changes
    conn.execute("COMMIT")
    conn.execute("PRAGMA user_version = 6")   # and through a whole upgrade
    conn.close()
    Archive(v6).close()
    assert {t: rows(v6, t) for t in ("records", "corrections", "sources")} == once


def test_a_failed_migration_leaves_the_archive_as_it_was(v6, monkeypatch):
    before = {t: rows(v6, t) for t in ("records", "corrections")}
    done = []
    real = migrate._with_new_result

    def failing(*args):
        if done:
            raise RuntimeError("killed half way")
        done.append(1)
        return real(*args)
    monkeypatch.setattr(migrate, "_with_new_result", failing)
    with pytest.raises(RuntimeError):
        Archive(v6)
    conn = sqlite3.connect(v6)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 6
    conn.close()
    assert {t: rows(v6, t) for t in ("records", "corrections")} == before
    monkeypatch.undo()
    Archive(v6).close()   # and it migrates once it can
    assert results(v6)[by_source(v6, BOOK)[0]] == "1-0"
