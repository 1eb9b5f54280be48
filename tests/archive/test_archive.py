import io
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import chess
import pytest

from conftest import CORPUS, need
from records.archive import SCHEMA_VERSION, Archive, NewerArchive, NotAnArchive, Query
from records.archive.query import fill_positions
from records.chess.moves import position_key
from records.chess import pgn
from records.core.model import ERROR, NEEDS_REVIEW, REPAIRED, VALID, WARNING, Ply, Record

ROOT = Path(__file__).resolve().parents[2]
COUNTERPARTS = CORPUS / "chess" / "book_games_pgn_counterparts.pgn"


def make(title, text="1 P-K4", line=1, moves=("e4",)):
    rec = Record(kind="chess", title=title, source="/x/book.txt", line=line, end_line=line,
                 text=text, tags={"Opening": "King's Pawn", "White": "Morphy"})
    board, rec.plies = chess.Board(), []
    for i, move in enumerate(moves):
        try:
            board.push_san(move)
            key = position_key(board)
        except ValueError:
            key = f"{move} unplayable"
        rec.plies.append(Ply(i + 1, move, move, line, 1, key))
    rec.start_position = position_key(chess.Board())
    rec.settle_status()
    return rec


@pytest.fixture
def games(tmp_path):
    """The 20 real games of the PGN counterparts file, copied into tmp_path."""
    path = tmp_path / "games.pgn"
    path.write_bytes(need(COUNTERPARTS).read_bytes())
    return path


def read(path: Path) -> list[Record]:
    return pgn.read(path.read_text(encoding="utf-8"), str(path))


def counts(db: str) -> tuple:
    conn = sqlite3.connect(db)
    try:
        return tuple(conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
                     for t in ("records", "sources", "source_chunks", "diagnostics")) + \
            (conn.execute("SELECT total(n) FROM position_blocks").fetchone()[0],)
    finally:
        conn.close()


# -- import: idempotent by content --------------------------------------------------------------
def test_import_is_idempotent_and_keeps_source_text(archive, tmp_path):
    src = tmp_path / "book.txt"
    src.write_text("1 P-K4\n1 P-Q4\n")
    first = archive.import_records(str(src), [make("A"), make("B", "1 P-Q4", 2, ("d4",))])
    again = archive.import_records(str(src), [make("A"), make("B", "1 P-Q4", 2, ("d4",))])
    assert first == {"added": 2, "skipped": 0}
    assert again == {"added": 0, "skipped": 2}
    rec = archive.get(1)
    assert rec.text == "1 P-K4" and rec.plies[0].normal == "e4"
    assert archive.get(2).text == "1 P-Q4"


def test_the_same_game_at_another_place_or_title_is_one_record(archive, tmp_path):
    src = tmp_path / "book.txt"
    src.write_text("x")
    result = archive.import_records(str(src), [make("A", line=1), make("Game 2", line=9)])
    assert result == {"added": 1, "skipped": 1}


def test_renamed_copy_is_skipped_and_a_blank_line_adds_nothing(archive, games, tmp_path):
    assert archive.import_records(str(games), read(games)) == {"added": 20, "skipped": 0}
    before = counts(archive.path)
    assert archive.unchanged(str(games))
    renamed = tmp_path / "renamed.pgn"
    renamed.write_bytes(games.read_bytes())
    start = time.perf_counter()
    assert archive.unchanged(str(renamed))            # same bytes: not even read again
    assert time.perf_counter() - start < 0.2
    assert archive.import_records(str(renamed), read(renamed)) == {"added": 0, "skipped": 20}
    blank = tmp_path / "blank.pgn"
    blank.write_text("\n" + games.read_text(encoding="utf-8"), encoding="utf-8")
    assert not archive.unchanged(str(blank))
    assert archive.import_records(str(blank), read(blank)) == {"added": 0, "skipped": 20}
    assert counts(archive.path) == before     # not even the changed file's bytes


def test_records_come_back_as_they_were_read(archive, games):
    originals = read(games)
    archive.import_records(str(games), originals)
    for original in originals:
        back = archive.get(original.id)
        fill_positions(original)   # the bulk reader keys the opening plies only
        assert back.text == original.text and back.normal == original.normal
        assert back.tags == original.tags and back.start_position == original.start_position
        assert [(p.index, p.text, p.normal, p.line, p.column, p.position) for p in back.plies] \
            == [(p.index, p.text, p.normal, p.line, p.column, p.position) for p in original.plies]
        assert [d.format() for d in back.diagnostics] == [d.format() for d in original.diagnostics]


TRICKY = [
    '[Event "Notes"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 {best by test} e5 $1 '
    '2. Nf3 (2. f4 exf4 3. Nf3) 2... Nc6 3. Bb5 a6 1-0',
    '[Event "Odds"]\n[White "C"]\n[Black "D"]\n[Result "*"]\n\n1. e4 -- 2. d4 e5 *',
    '[Event "Mate left open"]\n[Result "*"]\n\n1. f3 e5 2. g4 Qh4# *',
    '[Event "Junk"]\n[Result "1/2-1/2"]\n\n1. d4 d5 xyzzy 2. c4 1/2-1/2',
    '[Event "Check claimed"]\n[Result "*"]\n\n1. e4+ e5 2. Nf3 *',
    '[Event "Run together"]\n[White "M\u00fcller"]\n[Result "0-1"]\n\n1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6 '
    '4.Qxf7# 1-0',
]


def test_games_kept_only_in_their_text_come_back_as_read(archive, tmp_path):
    """A PGN game is stored without its moves when the reader gets them from its text again:
    tricky games (notes, variations, null moves, junk, false check claims, an open mate, CRLF
    line ends) come back exactly as they were read, in a batch and alone."""
    plain = need(COUNTERPARTS).read_text(encoding="utf-8")
    path = tmp_path / "tricky.pgn"
    path.write_bytes(("\n\n".join(TRICKY) + "\n\n" + plain).replace("\n", "\r\n").encode())
    originals = read(path)
    archive.import_records(str(path), originals)
    kept_in_text = archive.db.execute("SELECT count(*) FROM records WHERE moves IS NULL AND"
                                      " plies_z IS NULL AND ply_count > 0").fetchone()[0]
    assert kept_in_text >= len(originals) - 2
    in_batches = {rec.id: rec for rec in archive.iterate(archive.query())}   # read again at once
    for original in originals:
        back = archive.get(original.id)
        fill_positions(original)
        batched = in_batches[original.id]
        fill_positions(batched)
        assert [(p.index, p.text, p.normal, p.line, p.column, p.position) for p in batched.plies] \
            == [(p.index, p.text, p.normal, p.line, p.column, p.position) for p in back.plies]
        assert batched.normal == back.normal
        assert back.text == original.text and back.normal == original.normal, original.title
        assert [(p.index, p.text, p.normal, p.line, p.column, p.position) for p in back.plies] \
            == [(p.index, p.text, p.normal, p.line, p.column, p.position) for p in original.plies]
        assert back.tags == original.tags and back.data == original.data
        assert [d.format() for d in back.diagnostics] == [d.format() for d in original.diagnostics]


def test_a_game_whose_text_no_longer_reads_says_so(archive, games, monkeypatch):
    originals = read(games)
    archive.import_records(str(games), originals)
    from records.core.family import family
    monkeypatch.setattr(family("chess"), "read_again", lambda texts: [None] * len(texts))
    monkeypatch.setattr(family("chess"), "printed_plies", lambda rec, fingerprint: None)
    back = archive.get(originals[0].id)
    assert [d.code for d in back.diagnostics][-1] == "ARCHIVE-REREAD"


# -- import: one transaction per file -----------------------------------------------------------
def test_failed_import_leaves_archive_as_it_was(archive, tmp_path):
    src = tmp_path / "book.txt"
    src.write_text("x")
    archive.import_records(str(src), [make("A")])
    before = counts(archive.path)

    def exploding():
        for i in range(1200):  # past two batches: those rows were written, then rolled back
            yield make(f"B{i}", line=5, moves=("d4", f"m{i}"))
        raise RuntimeError("crash in the middle of a file")

    other = tmp_path / "other.txt"
    other.write_text("y")
    with pytest.raises(RuntimeError):
        archive.import_records(str(other), exploding())
    assert [r.title for r in archive.search()] == ["A"]
    assert counts(archive.path) == before


IMPORTER = """
import sys, time
from records.archive import Archive
from records.chess import pgn
db, path, pause = sys.argv[1], sys.argv[2], sys.argv[3] == "pause"
records = pgn.read(open(path, encoding="utf-8").read(), path)
def slowly():
    for i, rec in enumerate(records * 40):
        if pause and i == 700:  # a batch of 500 is written; now wait to be killed
            print("written", flush=True)
            time.sleep(60)
        rec = pgn.read(rec.text, path)[0]
        rec.tags["Round"] = str(i)
        yield rec
print(Archive(db).import_records(path, slowly()), flush=True)
"""


def importer(db, path, mode):
    return subprocess.Popen([sys.executable, "-c", IMPORTER, db, str(path), mode], cwd=ROOT,
                            stdout=subprocess.PIPE, text=True)


def test_a_killed_import_leaves_the_archive_untouched(tmp_path, games):
    db = str(tmp_path / "k.db")
    Archive(db).import_records(str(games), read(games))
    before = counts(db)
    proc = importer(db, games, "pause")
    assert proc.stdout.readline().strip() == "written"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    archive = Archive(db)
    assert archive.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert counts(db) == before


def test_two_imports_at_once_both_land(tmp_path, games):
    db = str(tmp_path / "c.db")
    Archive(db)
    other = tmp_path / "other.pgn"
    other.write_text(games.read_text(encoding="utf-8").replace("[Event \"", "[Event \"Other "),
                     encoding="utf-8")
    procs = [importer(db, games, "go"), importer(db, other, "go")]
    outputs = [proc.communicate(timeout=300)[0] for proc in procs]
    assert all(proc.returncode == 0 for proc in procs), outputs
    assert counts(db)[:2] == (1600, 2)


# -- what is not an archive ---------------------------------------------------------------------
def test_a_foreign_database_is_refused_untouched(tmp_path):
    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(NotAnArchive):
        Archive(str(path))
    assert path.read_bytes() == before and not Path(str(path) + "-wal").exists()
    text = tmp_path / "notes.db"
    text.write_text("not a database at all, just words " * 100)
    with pytest.raises(NotAnArchive):
        Archive(str(text))


def test_a_newer_archive_is_refused_and_the_cli_says_so(tmp_path):
    from typer.testing import CliRunner

    from records.cli import app
    path = str(tmp_path / "new.db")
    Archive(path).close()
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    with pytest.raises(NewerArchive):
        Archive(path)
    result = CliRunner().invoke(app, ["--db", path, "list"])
    assert result.exit_code == 2 and "newer" in result.output


V1 = [
    "CREATE TABLE sources (id INTEGER PRIMARY KEY, path TEXT, name TEXT, sha256 TEXT,"
    " size INTEGER, imported_at FLOAT)",
    "CREATE TABLE records (id INTEGER PRIMARY KEY, fingerprint TEXT, kind TEXT, title TEXT,"
    " status TEXT, source_id INTEGER, source TEXT, line INTEGER, end_line INTEGER, text TEXT,"
    " normal TEXT, start_position TEXT, opening TEXT, eco TEXT, players TEXT, event TEXT,"
    " result TEXT, annotations TEXT, ply_count INTEGER, tags TEXT, data TEXT)",
    "CREATE TABLE plies (record_id INTEGER, ply INTEGER, text TEXT, normal TEXT, line INTEGER,"
    " column INTEGER, position TEXT, PRIMARY KEY (record_id, ply)) WITHOUT ROWID",
    "CREATE TABLE diagnostics (id INTEGER PRIMARY KEY, record_id INTEGER, severity TEXT,"
    " code TEXT, line INTEGER, column INTEGER, message TEXT, suggestion TEXT, repair INTEGER)",
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)",
    "INSERT INTO meta VALUES ('schema', '1')",
]


def test_a_version_1_archive_is_migrated(tmp_path, games):
    path = str(tmp_path / "v1.db")
    conn = sqlite3.connect(path)
    for statement in V1:
        conn.execute(statement)
    originals = read(games)[:3]
    for rec in originals:
        fill_positions(rec)   # version 1 kept every ply's position key
    conn.execute("INSERT INTO sources VALUES (1, ?, 'games.pgn', 'x', 1, 0)", [str(games)])
    for rid, rec in enumerate(originals, start=7):
        conn.execute("INSERT INTO records (id, fingerprint, kind, title, status, source_id,"
                     " source, line, end_line, text, normal, start_position, ply_count, tags,"
                     " data) VALUES (?, ?, 'chess', ?, 'valid', 1, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                     [rid, str(rid), rec.title, str(games), rec.line, rec.end_line, rec.text,
                      rec.normal, rec.start_position, len(rec.plies), json.dumps(rec.tags),
                      json.dumps(rec.data)])
        conn.executemany("INSERT INTO plies VALUES (?, ?, ?, ?, ?, ?, ?)",
                         [(rid, p.index, p.text, p.normal, p.line, p.column, p.position)
                          for p in rec.plies])
    conn.commit()
    conn.close()
    archive = Archive(path)
    assert archive.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    back = archive.get(8)
    assert back.title == originals[1].title and back.text == originals[1].text
    assert [p.normal for p in back.plies] == [p.normal for p in originals[1].plies]
    assert archive.search(name=originals[2].tags["White"].split(",")[0])[0].id == 9
    assert archive.search(positions=[originals[0].plies[9].position])[0].id == 7


def test_a_version_2_archive_is_migrated(tmp_path, games):
    """Version 2 kept each source in one blob and a row per position: both are rebuilt."""
    import zlib

    from records.chess.moves import key_hash as position_hash
    path = str(tmp_path / "v2.db")
    archive = Archive(path)
    originals = read(games)
    archive.import_records(str(games), originals)
    kept = [archive.get(i) for i in range(1, len(originals) + 1)]
    db = archive.db
    db.execute("ALTER TABLE sources ADD COLUMN raw BLOB")
    db.execute("UPDATE sources SET raw = ?", [zlib.compress(games.read_bytes())])
    db.execute("CREATE TABLE positions (hash INTEGER, record_id INTEGER, ply INTEGER,"
               " PRIMARY KEY (hash, record_id, ply)) WITHOUT ROWID")
    for rec in kept:
        fill_positions(rec)
        db.executemany("INSERT OR IGNORE INTO positions VALUES (?, ?, ?)",
                       [(position_hash(p.position), rec.id, p.index) for p in rec.plies])
    db.execute("DROP TABLE source_chunks")
    db.execute("DROP TABLE position_blocks")
    db.execute("DROP VIEW positions_fen")
    db.execute("DROP TABLE ply_numbers")
    db.execute("PRAGMA user_version = 2")
    archive.close()
    archive = Archive(path)
    assert archive.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert "raw" not in {row[1] for row in archive.db.execute("PRAGMA table_info(sources)")}
    assert archive.db.execute("SELECT count(*) FROM positions_fen WHERE record_id = 5").fetchone()[0] \
        == len(kept[4].plies) + 1
    back = archive.get(5)
    assert back.text == originals[4].text and back.plies == kept[4].plies
    key = kept[4].plies[6].position
    assert 5 in [r.id for r in archive.search(positions=[key])]
    assert archive.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def version_3_fingerprint(rec: Record) -> bytes:
    """A record's fingerprint as schema 3 made it: the normal form always in it."""
    import hashlib
    tags = sorted((k, str(v)) for k, v in rec.tags.items() if not k.startswith("_"))
    key = json.dumps([rec.kind, rec.start_position, [p.normal for p in rec.plies], rec.normal,
                      tags], ensure_ascii=False)
    return hashlib.blake2b(key.encode(), digest_size=16).digest()


def test_a_version_3_archive_gets_the_new_fingerprints(tmp_path, games):
    """Version 3 fingerprinted PGN games with their normal form: after the migration, the
    same file imported again adds nothing; records from books keep their fingerprints."""
    path = str(tmp_path / "v3.db")
    archive = Archive(path)
    archive.import_records(str(games), read(games))
    book = make("Book game", moves=("e4", "e5", "Nf3"))
    archive.import_records("/x/book.txt", [book])
    db = archive.db
    new = dict(db.execute("SELECT id, fingerprint FROM records"))
    for rec in list(archive.iterate(Query())):
        db.execute("UPDATE records SET fingerprint = ? WHERE id = ?",
                   [version_3_fingerprint(rec), rec.id])
    old = dict(db.execute("SELECT id, fingerprint FROM records"))
    book_id = max(old)
    assert all(old[i] != new[i] for i in old if i != book_id)   # every PGN game's changed
    db.execute("PRAGMA user_version = 3")
    archive.close()
    archive = Archive(path)
    assert archive.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert dict(archive.db.execute("SELECT id, fingerprint FROM records")) == new
    assert new[book_id] == bytes.fromhex(book.fingerprint) == old[book_id]
    os.utime(games, (1, 1))   # not skipped as an unchanged file: read and matched game by game
    assert archive.import_records(str(games), read(games))["added"] == 0


# -- search --------------------------------------------------------------------------------------
def test_search_by_name_position_and_prefix(archive, tmp_path):
    src = tmp_path / "b.txt"
    src.write_text("x")
    archive.import_records(str(src), [make("Ruy Lopez", moves=("e4", "e5")),
                                      make("Sicilian", line=3, moves=("e4", "c5"))])
    assert [r.title for r in archive.search(name="ruy")] == ["Ruy Lopez"]
    assert [r.title for r in archive.search(name="Morphy")] == ["Ruy Lopez", "Sicilian"]
    assert [r.title for r in archive.search(move_prefix=["e4", "c5"])] == ["Sicilian"]
    assert [r.title for r in archive.search(move_prefix=["e4"])] == ["Ruy Lopez", "Sicilian"]
    assert archive.search(move_prefix=["e"]) == []
    after_e4 = chess.Board()
    after_e4.push_san("e4")
    assert len(archive.search(positions=[position_key(after_e4)])) == 2


def test_pages_come_from_sql(archive, games):
    archive.import_records(str(games), read(games))
    every = [r.id for r in archive.search()]
    assert [r.id for r in archive.search(limit=5, offset=10)] == every[10:15]
    query = archive.query(kind="chess")
    assert archive.count(query) == 20
    assert [r.id for r in archive.iterate(query, limit=7)] == every[:7]


def test_export_streams_to_a_file_renamed_at_the_end(archive, games, tmp_path):
    from records.archive.export import output_file, write_stream
    archive.import_records(str(games), read(games))
    target = tmp_path / "out" / "all.pgn"
    target.parent.mkdir()
    with output_file(str(target), sys.stdout) as out:
        assert write_stream(archive, archive.query(), "pgn", out) == 20
        assert os.listdir(target.parent) != ["all.pgn"]   # still the temporary file
    assert os.listdir(target.parent) == ["all.pgn"]
    again = pgn.read(target.read_text(encoding="utf-8"), str(target))
    assert [[p.normal for p in r.plies] for r in again] == \
        [[p.normal for p in r.plies] for r in read(games)]
    with pytest.raises(RuntimeError):
        with output_file(str(target), sys.stdout) as out:
            out.write("half")
            raise RuntimeError("interrupted")
    assert os.listdir(target.parent) == ["all.pgn"] and target.read_text().startswith("[Event")


def test_status_follows_diagnostics():
    rec = make("A")
    assert rec.status == VALID
    rec.add(WARNING, "CHESS-REPAIR", "K for Kt", repair=True)
    assert rec.settle_status() == REPAIRED
    rec.add(ERROR, "CHESS-ILLEGAL", "no legal move")
    assert rec.settle_status() == NEEDS_REVIEW


def test_parquet_export_reads_back_in_duckdb(archive, games, tmp_path):
    pytest.importorskip("pyarrow", reason="parquet export needs the parquet extra (pyarrow)")
    duckdb = pytest.importorskip("duckdb", reason="the test extra's duckdb is not installed")
    from typer.testing import CliRunner

    from records.cli import app
    originals = read(games)
    archive.import_records(str(games), originals)
    folder = tmp_path / "parquet"
    result = CliRunner().invoke(app, ["--db", archive.path, "export", "--format", "parquet",
                                      "--output", str(folder)])
    assert result.exit_code == 0, result.output
    assert sorted(os.listdir(folder)) == ["positions.parquet", "records.parquet"]
    con = duckdb.connect()
    rows = con.execute(f"SELECT id, title, ply_count, moves FROM '{folder}/records.parquet'"
                       " ORDER BY id").fetchall()
    assert [(r[1], r[2], r[3].split()) for r in rows] == \
        [(o.title, len(o.plies), [p.normal for p in o.plies]) for o in originals]
    plies = sum(len(o.plies) + 1 for o in originals)   # and the start of each
    assert con.execute(f"SELECT count(*) FROM '{folder}/positions.parquet'").fetchone()[0] == plies
    from records.chess.moves import key_hash as position_hash
    fill_positions(originals[3])
    key = originals[3].plies[7].position
    hit = con.execute(f"SELECT record_id, ply FROM '{folder}/positions.parquet' WHERE hash = ?",
                      [position_hash(key)]).fetchall()
    assert (originals[3].id, 8) in hit


def test_cli_import_skips_an_unchanged_file_and_lists_pages(tmp_path, games):
    from typer.testing import CliRunner

    from records.cli import app
    runner = CliRunner()
    db = str(tmp_path / "cli.db")
    first = json.loads(runner.invoke(app, ["--db", db, "import", str(games), "--json"]).output)
    assert first["added"] == first["counts"]["records"] == 20
    assert all(r["diagnostics"] for r in first["records"])
    skipped = runner.invoke(app, ["--db", db, "import", str(games), "--json"])
    again = json.loads(skipped.stdout)
    assert again["added"] == 0 and again["files unchanged"] == 1
    assert again["counts"]["records"] == 0          # not even read, and said so
    assert re.fullmatch(rf"hoyle: {re.escape(str(games))}: unchanged since \d{{4}}-\d\d-\d\d "
                        r"\d\d:\d\d, skipped \(--force to read again\)\n", skipped.stderr)
    page = runner.invoke(app, ["--db", db, "list", "--limit", "5", "--offset", "5"]).output
    assert "10 more (--offset 10)" in page
    listed = json.loads(runner.invoke(app, ["--db", db, "list", "--limit", "5", "--offset", "5",
                                            "--json"]).output)
    assert [r["id"] for r in listed["records"]] == [6, 7, 8, 9, 10]
    not_db = tmp_path / "other.db"
    not_db.write_text("plain words, not SQLite " * 50)
    refused = runner.invoke(app, ["--db", str(not_db), "list"])
    assert refused.exit_code == 2 and "not a hoyle archive" in refused.output


def test_cli_export_streams_jsonl_and_refuses_a_format_of_another_kind(tmp_path, games):
    from typer.testing import CliRunner

    from records.cli import app
    runner = CliRunner()
    db = str(tmp_path / "x.db")
    runner.invoke(app, ["--db", db, "import", str(games)])
    out = runner.invoke(app, ["--db", db, "export", "--format", "jsonl", "--limit", "3"]).output
    firsts = [(r.title, r.line) for r in Archive(db).search(limit=3)]
    assert [(r["title"], r["line"]) for r in map(json.loads, out.splitlines())] == firsts
    target = tmp_path / "deals.pbn"
    refused = runner.invoke(app, ["--db", db, "export", "--kind", "chess", "--format", "pbn",
                                  "--output", str(target)])
    assert refused.exit_code == 2 and not target.exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".hoyle-export")] == []


def test_a_format_writing_some_of_a_kind_s_records_writes_all_of_those(tmp_path):
    """Whist deals export as PBN, its endings do not: a chunk holding both was written with
    the endings left out silently and counted as written. Each deal is written now, and the
    count and the note say what was left out."""
    from typer.testing import CliRunner

    from records.archive.export import write_stream
    from records.cli import app
    db = str(tmp_path / "w.db")
    runner = CliRunner()
    runner.invoke(app, ["--db", db, "import", str(need(CORPUS / "whist" /
                                                     "cavendish_on_whist_pg51039.txt"))])
    archive = Archive(db)
    kinds = [r.data.get("type") for r in archive.iterate(archive.query(kind="whist"), full=True)]
    deals = sum(t in ("deal", "hand") for t in kinds)
    assert 0 < deals < len(kinds)
    out, said = io.StringIO(), []
    written = write_stream(archive, archive.query(kind="whist"), "pbn", out,
                           refused=lambda reason, whole: said.append((reason, whole)))
    assert written == deals == out.getvalue().count("[Event ")
    assert out.getvalue().count("[HoyleKind \"whist\"]") == kinds.count("deal")   # (read back: whist)
    assert out.getvalue().count("% PBN 2.1") == 1   # the file's header once, not a record's
    assert said == [("only whist deals and hands export as PBN (endings and score pads:"
                     " json, text)", False)]
    cli = runner.invoke(app, ["--db", db, "export", "--kind", "whist", "--format", "pbn"])
    assert cli.exit_code == 0 and "skipped: only whist deals" in cli.stderr
    assert cli.stdout.count("[Event ") == deals


def test_ready_for_datasette(tmp_path, monkeypatch):
    """Child tables name their parent, a view reads one row per record, sources keep the path
    relative to where they were imported from beside the absolute one."""
    from records.archive import Archive, browse_metadata
    from records.core.reading import read_path
    folder = tmp_path / "books"
    folder.mkdir()
    pgn = folder / "g.pgn"
    pgn.write_text('[Event "E"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 '
                   '3. Bc4 Nf6 4. Qxf7# 1-0\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    archive = Archive(str(tmp_path / "a.db"))
    archive.import_records("books/g.pgn", read_path("books/g.pgn"))
    db = archive.db
    for child in ("position_blocks", "diagnostics"):
        assert {row[2] for row in db.execute(f"PRAGMA foreign_key_list({child})")} == {"records"}
    assert [row[2] for row in db.execute("PRAGMA foreign_key_list(source_chunks)")] == ["sources"]
    assert [row[2] for row in db.execute("PRAGMA foreign_key_list(records)")] == ["sources", "starts"] \
        or {row[2] for row in db.execute("PRAGMA foreign_key_list(records)")} == {"sources", "starts"}
    assert db.execute("SELECT path, abs_path FROM sources").fetchone() == \
        ("books/g.pgn", str(pgn))
    row = db.execute("SELECT kind, status, white, black, result, source FROM records_browse").fetchone()
    assert row == ("chess", "valid", "A", "B", "1-0", "books/g.pgn")
    assert db.execute("PRAGMA foreign_key_check").fetchall() == []
    meta = browse_metadata(str(tmp_path / "a.db"))
    assert meta["databases"]["a"]["tables"]["records_browse"]["facets"] == ["kind", "status", "opening"]


def test_a_read_only_archive_is_read_without_writing(tmp_path, monkeypatch):
    """Reading commands open an archive the user may not write with mode=ro: nothing in it
    changes. (Tests run as root, for whom permissions
    do not bind, so the user's lack of write access is simulated.)"""
    from typer.testing import CliRunner
    from records.cli import app
    db = tmp_path / "ro.db"
    runner = CliRunner()
    demo = Path(__file__).resolve().parents[2] / "data" / "demo" / "chess_demo.pgn"
    assert runner.invoke(app, ["import", str(demo), "--db", str(db)]).exit_code == 0
    before = sorted(p.name for p in tmp_path.iterdir())
    content = db.read_bytes()
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, mode: False if mode == os.W_OK else real_access(p, mode))
    listed = runner.invoke(app, ["list", "--db", str(db), "--json"])
    assert listed.exit_code == 0 and json.loads(listed.stdout)["counts"]["records"] == 3
    assert runner.invoke(app, ["search", "--moves", "e4", "--db", str(db)]).exit_code == 0
    after = {p.name for p in tmp_path.iterdir()}
    # SQLite's own shared-memory files may appear where the folder is writable (root, here)
    assert after - set(before) <= {"ro.db-wal", "ro.db-shm"} and db.read_bytes() == content
