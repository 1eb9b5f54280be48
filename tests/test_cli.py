"""The command line as a new user meets it: exit codes, one JSON shape, global options anywhere,
input checked before it is read, output printed literally, pipes and odd terminals."""
import json
import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from records.cli import app
from records.core import reading

from conftest import HOYLE_1914, ROOT, need

runner = CliRunner()
DEMO = ROOT / "data" / "demo"
GAMES = DEMO / "chess_demo.pgn"
DESCRIPTIVE = DEMO / "chess_descriptive.txt"
SHAPE = {"id", "kind", "title", "status", "source", "line", "diagnostics"}
COUNTS = {"records", "valid", "repaired", "needs_review", "invalid", "by_kind"}
MARKUP_PGN = '[Event "a [/x] b [bold]"]\n[White "[red]W"]\n[Black "B"]\n\n1. e4 e5 2. Nf3 *\n'


def hoyle(*args, **kw):
    return runner.invoke(app, [str(a) for a in args], **kw)


def cli(*args, env=None, input=None, cwd=None):
    """hoyle in its own process, as a shell runs it."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.run([sys.executable, "-m", "records.cli", *map(str, args)], env=env,
                          input=input, capture_output=True, cwd=cwd, timeout=120)


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    """An archive of every bundled file: five kinds, one record with an error."""
    path = tmp_path_factory.mktemp("cli") / "demo.db"
    result = hoyle("demo", "--db", path)
    assert result.exit_code == 0, result.output
    return path


def shape(result) -> dict:
    payload = json.loads(result.stdout)
    assert COUNTS <= set(payload["counts"]), payload["counts"]
    assert isinstance(payload["records"], list)
    for rec in payload["records"]:
        assert SHAPE <= set(rec), rec
        for d in rec["diagnostics"]:
            assert {"severity", "code", "line", "column", "message", "suggestion"} <= set(d)
    return payload


# -- options and help -------------------------------------------------------------------------
def test_help_version_and_words_for_metavars():
    assert hoyle("-h").exit_code == 0
    version = hoyle("--version")
    assert version.exit_code == 0 and version.stdout.startswith("hoyle ")
    top = hoyle("--help").stdout
    assert "--db FILE" in top and "--install-completion" in top
    for command in ("import", "list", "search", "export", "replay", "show", "delete", "demo"):
        text = hoyle(command, "-h").stdout
        assert "--json" in text, command
        assert "<" not in text.replace("<stdin>", ""), (command, text)  # no <str>, <int>
    assert "--limit N" in hoyle("list", "-h").stdout
    assert "--svg FILE" in hoyle("replay", "-h").stdout


def test_db_before_or_after_the_command_and_from_the_environment(tmp_path):
    path = tmp_path / "a.db"
    assert hoyle("import", GAMES, "--db", path).exit_code == 0
    assert shape(hoyle("list", "--json", "--db", path))["counts"]["records"] == 3
    assert shape(hoyle("--db", path, "list", "--json"))["counts"]["records"] == 3
    assert shape(hoyle(f"--db={path}", "list", "--json"))["counts"]["records"] == 3
    by_env = hoyle("list", "--json", env={"HOYLE_DB": str(path)})
    assert shape(by_env)["counts"]["records"] == 3


# -- one JSON shape everywhere ----------------------------------------------------------------
def test_every_command_speaks_the_same_json(db, tmp_path):
    counts = shape(hoyle("list", "--json", "--db", db))["counts"]
    assert counts["records"] == 28 and set(counts["by_kind"]) == {
        "chess", "checkers", "bridge", "whist", "cribbage"}
    assert shape(hoyle("validate", DEMO, "--json"))["counts"]["records"] == 28
    assert len(shape(hoyle("search", "--kind", "bridge", "--json", "--db", db))["records"]) == 2
    shown = shape(hoyle("show", "1", "--json", "--db", db))
    assert shown["counts"]["records"] == 1 and shown["records"][0]["id"] == 1
    assert json.loads(hoyle("show", "1", "--format", "json", "--db", db).stdout) == shown
    replayed = shape(hoyle("replay", "1", "--ply", "2", "--json", "--db", db))["records"][0]
    assert replayed["ply"] == 2 and replayed["board"]
    assert shape(hoyle("export", "--kind", "whist", "--json", "--db", db))["counts"]["records"] == 2
    imported = shape(hoyle("import", GAMES, "--json", "--db", tmp_path / "n.db"))
    assert imported["counts"]["added"] == 3 and imported["records"] == []  # only records with diagnostics
    assert shape(hoyle("delete", "3", "--json", "--db", tmp_path / "n.db"))["records"][0]["id"] == 3
    demo = shape(hoyle("demo", "--json", "--db", tmp_path / "d.db"))
    assert demo["counts"]["records"] == 28


def test_show_prints_a_pbn_game_s_note_tags(tmp_path):
    """A PBN game's [Note] tags are kept as strings, a book's notes as dicts: `show` prints
    both (it took every note for a dict, and a corpus deal with notes was an internal error)."""
    from conftest import CORPUS, need
    pbn = need(CORPUS / "bridge" / "realbridge_2021_online_qual_open_r2.pbn")
    db = tmp_path / "notes.db"
    assert hoyle("import", pbn, "--db", db).exit_code == 0
    exported = hoyle("export", "--format", "jsonl", "--db", db).stdout.splitlines()
    noted = [(n, r) for n, r in enumerate(map(json.loads, exported), start=1)
             if r["data"].get("notes")]   # (a fresh archive: ids in the export's order)
    assert len(noted) > 50
    for record_id, record in noted[:5]:
        shown = hoyle("show", record_id, "--db", db)
        assert shown.exit_code == 0, shown.output
        assert shown.stdout.split("notes:\n")[1].startswith(record["data"]["notes"][0] + "\n")


# -- exit codes -------------------------------------------------------------------------------
def test_exit_codes_for_success_errors_and_bad_usage(tmp_path):
    assert hoyle("validate", GAMES).exit_code == 0
    bad = tmp_path / "bad.txt"
    bad.write_text("GAME No. 1\n\n   1. P-K4   P-K5\n   2. Kt-KB3  Kt-QB3\n")
    result = hoyle("validate", bad)
    assert result.exit_code == 1
    assert f"{bad}:3:" in result.stderr and "CHESS-ILLEGAL" in result.stderr
    assert "CHESS-ILLEGAL" not in result.stdout and "have errors (exit 1)" in result.stdout
    unknown = hoyle("validate", GAMES, "--kind", "nosuch")
    assert unknown.exit_code == 2 and "chess, checkers, bridge, whist, cribbage" in unknown.stderr
    empty = tmp_path / "empty.pgn"
    empty.write_text("")
    assert hoyle("validate", empty).exit_code == 2
    assert hoyle("validate", tmp_path / "missing.txt").exit_code == 2
    (tmp_path / "nothing").mkdir()
    assert hoyle("validate", tmp_path / "nothing").exit_code == 2
    assert hoyle("show", "x").exit_code == 2
    assert hoyle("list", "--status", "lost", "--db", tmp_path / "n.db").exit_code == 2


HUGE = "99999999999999999999"   # past SQLite's 64-bit integers


@pytest.mark.parametrize("args", [
    ["show", HUGE], ["replay", HUGE], ["replay", "1", "--ply", HUGE], ["delete", "1", HUGE],
    ["fix", HUGE, "--undo"], ["fix", "1", "--at", "1:1", "--choose", HUGE],
    ["list", "--limit", HUGE], ["list", "--offset", HUGE], ["export", "--limit", HUGE]])
def test_a_number_past_what_an_archive_holds_is_bad_usage(db, args):
    """(Each was an OverflowError from SQLite: an internal error, exit 3.)"""
    result = hoyle(*args, "--db", db)
    assert result.exit_code == 2 and "past the largest number an archive holds" in result.stderr


def test_import_summary_agrees_with_its_exit_code(tmp_path):
    result = hoyle("import", need(HOYLE_1914), "--kind", "chess", "--db", tmp_path / "b.db")
    assert result.exit_code == 1
    line = next(ln for ln in result.stdout.splitlines() if "have errors" in ln)
    errors = int(line.split()[0])
    assert errors > 0 and "exit 1" in line


def test_a_file_that_is_not_an_archive_and_a_missing_one(tmp_path):
    text = tmp_path / "notes.txt"
    text.write_text("not a database\n")
    result = hoyle("list", "--db", text)
    assert result.exit_code == 2 and "not a hoyle archive" in result.stderr
    assert hoyle("list", "--db", tmp_path / "none.db").exit_code == 2
    assert not (tmp_path / "none.db").exists()  # looking does not create an archive
    nowhere = hoyle("import", GAMES, "--db", tmp_path / "no" / "where.db")
    assert nowhere.exit_code == 2 and "no directory" in nowhere.stderr


def test_bad_output_paths_are_usage_errors(db, tmp_path):
    svg = hoyle("replay", "1", "--svg", tmp_path / "no" / "b.svg", "--db", db)
    assert svg.exit_code == 2 and "cannot write" in svg.stderr
    out = hoyle("export", "--output", tmp_path / "no" / "a.json", "--db", db)
    assert out.exit_code == 2 and "cannot write" in out.stderr
    fine = tmp_path / "all.pgn"
    assert hoyle("export", "--kind", "chess", "--format", "pgn", "--output", fine, "--db", db).exit_code == 0
    assert fine.read_text().startswith("[Event") and not list(tmp_path.glob(".all.pgn*"))
    assert hoyle("export", "--format", "docx", "--db", db).exit_code == 2


def test_an_internal_error_is_one_line_and_exit_3(monkeypatch, tmp_path):
    def broken(*_):
        raise KeyError(4)
    monkeypatch.setattr(reading, "scan_book", broken)
    book = tmp_path / "book.txt"
    book.write_text("GAME No. 1\n\n   1. P-K4   P-K4\n")
    result = hoyle("validate", book)
    assert result.exit_code == 3
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.output
    assert f"reading {book}" in result.stderr and "KeyError: 4" in result.stderr
    debug = hoyle("validate", book, "--debug")
    assert debug.exit_code == 3 and "Traceback" in debug.stderr


def test_an_internal_error_under_json_still_ends_the_json(monkeypatch, tmp_path):
    """The first file's records are written, the second file's reading fails: stdout is
    still one JSON object, with the records and counts so far and the error; exit 3."""
    real = reading.scan_book

    def broken_on_the_second(text, path, *rest, **kw):
        if path.endswith("second.txt"):
            raise KeyError(4)
        return real(text, path, *rest, **kw)
    monkeypatch.setattr(reading, "scan_book", broken_on_the_second)
    first, second = tmp_path / "first.txt", tmp_path / "second.txt"
    first.write_text("GAME No. 1\n\n   1. P-K4   P-K4\n   2. Kt-KB3   Kt-QB9\n")
    second.write_text("GAME No. 2\n\n   1. P-Q4   P-Q4\n")
    for command in ("validate", "import"):
        result = hoyle(command, first, second, "--json", "--db", tmp_path / "a.db")
        assert result.exit_code == 3, result.output
        out = json.loads(result.stdout)
        assert "KeyError: 4" in out["error"] and out["counts"]["records"] >= 1
        assert [r["source"] for r in out["records"]] == [str(first)] * len(out["records"])
        assert result.stderr.count("\n") == 1 and "Traceback" not in result.output


# -- input ------------------------------------------------------------------------------------
def test_only_regular_files_are_read(tmp_path):
    fifo = tmp_path / "pipe.pgn"
    os.mkfifo(fifo)
    result = cli("validate", fifo)  # a FIFO with no writer would hang a reader
    assert result.returncode == 2 and b"FIFO" in result.stderr
    assert cli("validate", "/dev/zero").returncode == 2
    binary = tmp_path / "x.pgn"
    binary.write_bytes(b"\0" * 1000)
    assert hoyle("validate", binary).exit_code == 2


def test_stdin_is_read_with_a_dash():
    result = cli("validate", "-", "--json", input=GAMES.read_bytes())
    assert result.returncode == 0, result.stderr
    payload = json.loads(result.stdout)
    assert payload["counts"]["records"] == 3
    assert {r["source"] for r in payload["records"]} == {"<stdin>"}
    book = cli("validate", "-", "--json", input=b"GAME No. 1\n\n   1. P-K4   P-K5\n")
    assert book.returncode == 1 and b"CHESS-ILLEGAL" in book.stdout
    figure = cli("validate", "-", "--json", input=b"[Illustration]\n\n" + DESCRIPTIVE.read_bytes())
    assert json.loads(figure.stdout)["counts"] == shape(hoyle("validate", DESCRIPTIVE, "--json"))[
        "counts"]   # a book opening with a figure is no tag pair: read as a book


def test_an_archive_names_stdin_so_and_keeps_a_file_name_that_is_not_utf8(tmp_path):
    """Standard input is kept as <stdin> (not the temporary file it was spooled to); a file
    name whose bytes are not UTF-8 is kept with them written \\xNN (it was an internal error)."""
    db = tmp_path / "a.db"
    piped = cli("import", "-", "--db", db, input=GAMES.read_bytes())
    assert piped.returncode == 0, piped.stderr
    odd = os.fsdecode(bytes(tmp_path) + b"/lat\xe9.pgn")
    with open(odd, "w", encoding="utf-8") as handle:
        handle.write(MARKUP_PGN)
    named = cli("import", odd, "--db", db, "--json")
    assert named.returncode == 0 and b"Traceback" not in named.stderr, named.stderr
    assert json.loads(named.stdout)["counts"]["records"] == 1
    listed = json.loads(cli("list", "--db", db, "--json").stdout)["records"]
    assert [r["source"] for r in listed][:3] == ["<stdin>"] * 3
    assert listed[3]["source"].endswith("/lat\\xe9.pgn")
    again = cli("import", odd, "--db", db)      # found unchanged by its (written) path
    assert again.returncode == 0 and b"unchanged" in again.stderr


def test_json_nested_too_deeply_is_refused_with_its_place(tmp_path):
    deep = '{"records": [{"kind": "chess", "tags": ' + '{"a": ' * 50_000 + "1" + "}" * 50_000
    for text in ("[" * 100_000 + "]" * 100_000, deep + "}]}"):
        path = tmp_path / "deep.json"
        path.write_text(text)
        result = hoyle("import", path, "--db", tmp_path / "a.db")
        assert result.exit_code == 2 and "deep.json:1: JSON nested too deeply" in result.stderr
    # on stdin, told JSON by its opening, however long its first line
    piped = cli("import", "-", "--db", tmp_path / "a.db", input=text.encode())
    assert piped.returncode == 2 and b"<stdin>:1: JSON nested too deeply" in piped.stderr


@pytest.mark.parametrize("name", ["bridge/eytc1998_vienna_80_boards.pbn",
                                  "bridge/realbridge_2021_online_qual_open_r2.pbn",
                                  "checkers/standard_positions.pdn",
                                  "chess/book_games_pgn_counterparts.pgn"])
@pytest.mark.parametrize("piece_bytes", [None, 4096])
def test_stdin_is_read_by_the_reader_that_replays_it(name, piece_bytes, monkeypatch):
    """Stdin names no format: a PBN or PDN file (with "% PBN 2.1" comment lines before its
    first tag, or without) was tags and movetext to the PGN reader, read as chess with no
    move; or, opening with a comment line, read as no interchange file at all. Each reader
    now reads its opening and the one that replays most of it reads the whole, in pieces
    when it is big."""
    from conftest import CORPUS, need
    path = need(CORPUS / name)
    if piece_bytes:
        monkeypatch.setattr(reading, "PIECE_BYTES", piece_bytes)
    text = path.read_text(encoding="utf-8")
    for given in (text, "".join(line for line in text.splitlines(keepends=True)
                                if not line.startswith("%"))):
        piped = shape(hoyle("validate", "-", "--json", input=given.encode()))["counts"]
        from_file = shape(hoyle("validate", path, "--json"))["counts"]
        assert piped["by_kind"] == from_file["by_kind"] and piped["records"] > 0


@pytest.mark.parametrize("name", ["chess_demo.pgn", "bridge_demo.pbn", "checkers_demo.pdn"])
def test_an_interchange_file_saved_as_text_is_read_as_what_it_holds(tmp_path, name):
    """A .txt (an extension no reader owns) that opens with a tag pair is read as stdin is:
    by the interchange reader that replays it (it was "no records found")."""
    saved = tmp_path / (name + ".txt")
    saved.write_bytes((DEMO / name).read_bytes())
    as_text = shape(hoyle("validate", saved, "--json"))
    as_named = shape(hoyle("validate", DEMO / name, "--json"))
    assert as_text["counts"] == as_named["counts"] and as_text["counts"]["records"] > 0
    assert [r["title"] for r in as_text["records"]] == [r["title"] for r in as_named["records"]]


def test_tag_pairs_over_descriptive_moves_read_as_a_book(tmp_path):
    """A text no extension names that opens with tag pairs but prints its moves in
    descriptive notation: the PGN reader replays none of them, the book reader all; the
    reading that replays more is kept (on stdin too)."""
    text = ('[Event "Old"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n'
            "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5 P-QR3 1-0\n")
    saved = tmp_path / "old.txt"
    saved.write_text(text)
    for result in (hoyle("validate", saved, "--json"),
                   hoyle("validate", "-", "--json", input=text.encode())):
        (record,) = shape(result)["records"]
        assert record["status"] == "valid" and record["moves"] == "e4 e5 Nf3 Nc6 Bb5 a6".split()


def test_a_folder_that_holds_the_archive_is_imported_without_reading_it(tmp_path):
    """`hoyle import .` where ./hoyle.db is: the archive and its -wal and -shm files are
    passed over quietly (they were "not a text file" three times); named alone, it is said."""
    (tmp_path / "games.pgn").write_bytes(GAMES.read_bytes())
    db = tmp_path / "hoyle.db"
    first = hoyle("import", tmp_path, "--db", db)
    again = hoyle("import", tmp_path, "--db", db, "--force")
    assert first.exit_code == again.exit_code == 0 and "not a text file" not in again.stderr
    alone = hoyle("import", db, "--db", db)
    assert alone.exit_code == 2 and "the archive being written to, not read" in alone.stderr


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
def test_line_ends_read_alike(tmp_path, end):
    text = GAMES.read_text(encoding="utf-8")
    path = tmp_path / "games.pgn"
    path.write_bytes(text.replace("\n", end).encode())
    got = [(r.line, r.end_line, r.title, [p.normal for p in r.plies])
           for r in reading.read_path(str(path))]
    want = [(r.line, r.end_line, r.title, [p.normal for p in r.plies])
            for r in reading.read_path(str(GAMES))]
    assert got == want and len(got) == 3 and all(moves for *_, moves in got)


def test_a_bom_and_cp1252_are_read_and_noted(tmp_path):
    text = '[Event "Réti Gambit"]\n[White "Réti"]\n[Black "B"]\n\n1. Nf3 d5 *\n'
    bom, cp = tmp_path / "bom.pgn", tmp_path / "cp.pgn"
    bom.write_bytes(b"\xef\xbb\xbf" + text.encode())
    cp.write_bytes(text.encode("cp1252"))
    for path, code in ((bom, "READ-BOM"), (cp, "READ-ENCODING")):
        (rec,) = reading.read_path(str(path))
        assert rec.tags["White"] == "Réti" and [p.normal for p in rec.plies] == ["Nf3", "d5"]
        assert [(d.severity, d.code, d.line) for d in rec.diagnostics] == [("info", code, 1)]
        result = hoyle("validate", path)
        assert result.exit_code == 0 and code in result.stderr


def test_big_interchange_files_are_read_in_pieces_with_the_same_records(tmp_path, monkeypatch):
    games = GAMES.read_text(encoding="utf-8")
    path = tmp_path / "many.pgn"
    path.write_text((games.rstrip("\n") + "\n\n") * 40)
    whole = [(r.line, r.end_line, len(r.plies), r.status) for r in reading.read_path(str(path))]
    monkeypatch.setattr(reading, "PIECE_BYTES", 3000)
    pieces = list(reading.read_source(reading.sources([str(path)])[0]))
    assert len(pieces) > 10
    assert [(r.line, r.end_line, len(r.plies), r.status) for p in pieces for r in p] == whole
    assert len(whole) == 120


def test_running_text_over_the_cap_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(reading, "MAX_WHOLE_BYTES", 1000)
    book = tmp_path / "book.txt"
    book.write_text("GAME No. 1\n" + "   1. P-K4   P-K4\n" * 100)
    result = hoyle("validate", book)
    assert result.exit_code == 2 and "split the file" in result.stderr


def test_deep_nesting_is_refused_not_a_traceback(tmp_path):
    nested = tmp_path / "nested.pdn"
    nested.write_text('[Event "x"]\n\n1. 11-15 ' + "(" * 977 + "23-19" + ")" * 977 + " *\n")
    result = cli("validate", nested)
    assert result.returncode in (1, 2) and b"Traceback" not in result.stderr


# -- output -----------------------------------------------------------------------------------
def test_user_text_is_printed_literally_and_not_wrapped(tmp_path):
    pgn = tmp_path / "markup.pgn"
    long_name = "Anderssen, Adolf Karl Ernst - Kieseritzky, Lionel Adalbert Bagration Felix"
    pgn.write_text(MARKUP_PGN + "\n" + MARKUP_PGN.replace('"a [/x] b [bold]"', f'"{long_name}"'))
    path = tmp_path / "m.db"
    assert hoyle("import", pgn, "--db", path).exit_code == 0
    listed = hoyle("list", "--db", path)
    assert listed.exit_code == 0 and "a [/x] b [bold]" in listed.stdout
    assert any(long_name in line for line in listed.stdout.splitlines()), listed.stdout  # unwrapped
    shown = hoyle("show", "1", "--db", path)
    assert shown.exit_code == 0 and "[red]W" in shown.stdout
    found = hoyle("search", "--name", "a", "--db", path)
    assert found.exit_code == 0 and "[/x]" in found.stdout


def test_a_closed_pipe_ends_quietly(db):
    proc = subprocess.Popen([sys.executable, "-m", "records.cli", "export", "--db", str(db)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.stdout.readline().startswith(b"[")
    proc.stdout.close()  # like | head -1
    assert proc.wait(timeout=60) == 0
    assert proc.stderr.read() == b""


def test_unencodable_characters_are_replaced(db):
    chess_id = shape(hoyle("list", "--kind", "chess", "--json", "--db", db))["records"][0]["id"]
    result = cli("replay", chess_id, "--ply", "2", "--db", db, env={"PYTHONIOENCODING": "cp1252"})
    assert result.returncode == 0 and b"Traceback" not in result.stderr
    assert b"?" in result.stdout


# -- commands ---------------------------------------------------------------------------------
def test_demo_uses_its_own_archive(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = cli("demo", cwd=tmp_path, env={"HOYLE_DB": str(tmp_path / "mine.db")})
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "hoyle-demo.db").exists()
    assert not (tmp_path / "mine.db").exists() and not (tmp_path / "hoyle.db").exists()


def test_delete_removes_records_and_refuses_unknown_ids(tmp_path):
    path = tmp_path / "d.db"
    hoyle("import", GAMES, "--db", path)
    assert hoyle("delete", "9", "2", "--db", path).exit_code == 2  # nothing deleted
    assert shape(hoyle("list", "--json", "--db", path))["counts"]["records"] == 3
    result = hoyle("delete", "1", "2", "--db", path)
    assert result.exit_code == 0 and "deleted 2 records" in result.stdout
    left = shape(hoyle("list", "--json", "--db", path))["records"]
    assert [r["id"] for r in left] == [3]
    from records.archive import Archive
    archive = Archive(str(path))
    from records.archive.positions import decode
    indexed = {int(i) for first, n, blob in archive.db.execute(
        "SELECT first_id, n, entries FROM position_blocks") for i in decode(blob, n, first)[0]}
    assert indexed == {3}
    assert archive.db.execute("SELECT DISTINCT record_id FROM diagnostics").fetchall() in ([], [(3,)])


def test_browse_without_datasette_says_how_to_get_it(db, monkeypatch):
    import importlib.util
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "datasette" else real(name, *a))
    result = hoyle("browse", "--db", db)
    assert result.exit_code == 2 and "hoyle[web]" in result.stderr


def test_browse_json_prints_the_datasette_command_and_facets(db):
    payload = shape(hoyle("browse", "--json", "--db", db))
    assert payload["counts"]["records"] == sum(
        by["records"] for by in payload["counts"]["by_kind"].values()) > 0
    assert set(payload["counts"]["by_kind"]) >= {"chess", "checkers", "bridge", "cribbage"}
    browse = payload["browse"]
    assert browse["command"][1:4] == ["-m", "datasette", str(db)]
    tables = next(iter(browse["metadata"]["databases"].values()))["tables"]
    assert tables["records_browse"]["facets"] == ["kind", "status", "opening"]
    assert "positions_fen" in tables


def test_positions_fen_view_reads_every_position_as_fen(db):
    """The FEN view Datasette shows: ply 0 is the start, each FEN the position after that ply,
    the same as replaying the game; the function comes with hoyle's plugin hook."""
    import sqlite3

    import chess

    from records.archive import Archive
    from records.archive.browse import register_functions
    archive = Archive(str(db))
    chess_id = archive.search(kind="chess", limit=1)[0].id
    game = archive.get(chess_id)
    rows = archive.db.execute("SELECT ply, fen FROM positions_fen WHERE record_id = ?",
                              [chess_id]).fetchall()
    board = chess.Board()
    assert rows[0] == (0, chess.STARTING_FEN.split(" ")[0] + " w - - 0 1")
    assert len(rows) == len(game.plies) + 1
    for (ply, fen), p in zip(rows[1:], game.plies):
        board.push_san(p.normal)
        assert fen.split()[:2] == board.fen().split()[:2], ply
    checkers_id = archive.search(kind="checkers", limit=1)[0].id
    first = archive.db.execute("SELECT fen FROM positions_fen WHERE record_id = ? AND ply = 0",
                               [checkers_id]).fetchone()[0]
    assert first == archive.get(checkers_id).start_position
    plain = sqlite3.connect(str(db))   # another program's connection, as Datasette's
    register_functions(plain)   # what the Datasette plugin's prepare_connection does
    assert plain.execute("SELECT fen FROM positions_fen WHERE record_id = ? AND ply = 0",
                         [chess_id]).fetchone() == rows[0][1:]



def test_the_datasette_plugin_gives_connections_hoyle_fen(db, monkeypatch):
    """The entry point pyproject names: its prepare_connection hook registers hoyle_fen (a
    stand-in for Datasette's hookimpl marker here; `hoyle browse` runs the real one)."""
    import importlib
    import sqlite3
    import sys
    import tomllib
    import types
    marked = []
    fake = types.SimpleNamespace(hookimpl=lambda f: marked.append(f) or f)
    monkeypatch.setitem(sys.modules, "datasette", fake)
    sys.modules.pop("records.archive.datasette_plugin", None)
    entry = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]
    plugin = importlib.import_module(entry["datasette"]["hoyle"])
    assert marked == [plugin.prepare_connection, plugin.register_routes, plugin.render_cell]
    conn = sqlite3.connect(str(db))
    plugin.prepare_connection(conn)
    assert conn.execute("SELECT fen FROM positions_fen WHERE kind = 'chess' AND ply = 0"
                        " LIMIT 1").fetchone()[0].startswith("rnbqkbnr/pppppppp/")
    sys.modules.pop("records.archive.datasette_plugin", None)


def test_card_filters_without_a_kind_find_no_chess(db):
    for option, value in (("--holding", "S:A"), ("--cards", "5H"), ("--trumps", "S")):
        kinds = {r["kind"] for r in shape(hoyle("search", option, value, "--json", "--db", db))["records"]}
        assert "chess" not in kinds and "checkers" not in kinds, option


# -- what the fuzz test and new users found in the readers -------------------------------------
def test_cribbage_csv_quirks_are_records_not_tracebacks(tmp_path):
    blank_first = tmp_path / "blank.csv"
    blank_first.write_text("\nhand, turn_up, is_crib, score\n5H 5D 5C JS,5S,0,29\n")
    (rec,) = reading.read_path(str(blank_first))
    assert rec.line == 3 and rec.settle_status() == "valid"
    seven = tmp_path / "seven.csv"
    seven.write_text("hand, turn_up, is_crib, score\n5H 5D 5S JC 2H 3H 4H,5C,0,59\n")
    result = hoyle("validate", seven, "--json")
    assert result.exit_code in (0, 1) and shape(result)["counts"]["records"] == 1
    huge = tmp_path / "huge.csv"
    huge.write_text('hand, turn_up, is_crib, score\n5H 5D 5C JS,5S,0,29\n"' + "x" * 200_000 + '",5C,0,2\n')
    codes = [(r.line, d.code) for r in reading.read_path(str(huge)) for d in r.diagnostics]
    assert (3, "CRIB-UNREADABLE") in codes


def test_a_seven_card_count_is_spoken_past_thirty():
    """Seven-card cribbage keeps five cards: with the starter, six counted."""
    result = hoyle("count", "5H 5D 5S 5C JD", "--starter", "JH", "--variant", "seven-card")
    assert result.exit_code == 0 and "is thirty-eight" in result.stdout


def test_progress_counts_games_and_bytes_on_a_terminal(monkeypatch):
    """On a terminal the bar says games read and games a second, and advances a piece at a
    time through the bytes of every file (so big files show the time left)."""
    import types
    from records.core import report
    from records.core.reading import PIECE_BYTES
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    big = types.SimpleNamespace(name="big.pgn", size=2 * PIECE_BYTES + 10)
    small = types.SimpleNamespace(name="small.pgn", size=100)
    progress = report.Progress(big.size + small.size)
    try:
        task = progress.bar.tasks[0]
        progress.piece(big, 500)
        assert task.completed == PIECE_BYTES and "500 games" in task.description
        progress.piece(big, 500)
        progress.piece(big, 7)
        progress.file_done(big)
        assert task.completed == big.size and "1007 games" in task.description
        assert "games/s" in task.description
        progress.piece(small, 3)
        progress.file_done(small)
        assert task.completed == big.size + small.size
    finally:
        progress.stop()
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False)
    assert report.Progress(10).bar is None  # piped: no bar at all
