"""The command line's edges: exit codes in every path (a reader that stops early, a file that
vanishes), cribbage counts that cannot be counted, --kind in any case and as a list, a ply
past the end, the modes of files written, diagnostics in line order, help with examples."""
import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from records.cli import app
from records.core import reading
from records.core.model import ERROR, WARNING, Record
from records.core.report import Report

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "data" / "demo"
GAMES = DEMO / "chess_demo.pgn"
runner = CliRunner()


def hoyle(*args):
    return runner.invoke(app, [str(a) for a in args])


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    path = tmp_path_factory.mktemp("edges") / "demo.db"
    assert hoyle("demo", "--db", path).exit_code == 0
    return path


@pytest.fixture(scope="module")
def many(tmp_path_factory):
    """An archive whose list is far more than a pipe holds (600 games)."""
    folder = tmp_path_factory.mktemp("many")
    games = GAMES.read_text(encoding="utf-8")
    pgn = folder / "many.pgn"
    pgn.write_text("\n".join(games.replace('[Event "', f'[Event "{n} ') for n in range(200)))
    assert hoyle("import", pgn, "--db", folder / "many.db").exit_code == 0
    return folder / "many.db"


@pytest.mark.parametrize("command", [["list", "--limit", "0"], ["export", "--format", "pgn"]])
def test_a_reader_that_stops_early_is_exit_0(many, command):
    """hoyle list --limit 0 | head -3: the output was cut by its reader, not failed."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "records.cli", *command, "--db", str(many)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    assert proc.stdout.read(300)
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=120) == 0 and b"Traceback" not in err and b"Broken" not in err


def test_a_file_that_vanishes_is_one_diagnostic_and_exit_2(tmp_path, monkeypatch):
    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("a", "b", "c"):
        text = GAMES.read_text(encoding="utf-8").replace('[Event "', f'[Event "{name} ')
        (folder / f"{name}.pgn").write_text(text)
    listed = reading.sources

    def sources_then_gone(paths, skipped=None):
        found = listed(paths, skipped)
        (folder / "b.pgn").unlink()
        return found

    monkeypatch.setattr(reading, "sources", sources_then_gone)
    result = hoyle("import", folder, "--db", tmp_path / "a.db")
    assert result.exit_code == 2 and "added: 6" in result.stdout
    assert result.stderr.count("\n") == 1 and "b.pgn: gone before it was read" in result.stderr


@pytest.mark.parametrize("args, message", [
    (["5H 5D 5S JC 2H 3H 4H", "--starter", "5C"], "has 3, 4 or 5 cards"),
    (["5H 5D 5S JC 2H 3H 4H", "--starter", "5C", "--variant", "five-card"],
     "a five-card hand has 3 cards, not 7"),
    (["5H 5D 5S JC 2H", "--starter", "5C", "--crib"], "a crib has 4 cards"),
    (["5H 5D 5S JC"], "--no-starter"),
    (["5H 5D 5S", "--variant", "five-card"], "none was given")])
def test_a_count_that_cannot_be_made_is_exit_2(args, message):
    result = hoyle("count", *args)
    assert result.exit_code == 2 and message in result.stderr, result.output


def test_a_count_without_a_starter_when_asked_for():
    result = hoyle("count", "5H 5D 5S JC", "--no-starter", "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["total"] == 14
    assert json.loads(hoyle("count", "5H 5D 5S JC | 5C", "--json").stdout)["total"] == 29


@pytest.mark.parametrize("command", [["list"], ["search"], ["export", "--format", "json"]])
def test_kind_in_any_case_and_as_a_list(db, command):
    def kinds(*given):
        result = hoyle(*command, *given, "--db", db, "--limit", "0", "--json")
        assert result.exit_code == 0, result.output
        return {r["kind"] for r in json.loads(result.stdout)["records"]}

    assert kinds("--kind", "Chess") == {"chess"}
    assert kinds("--kind", "chess,CHECKERS") == kinds("--kind", "chess", "--kind", "checkers") \
        == {"chess", "checkers"}
    bad = hoyle(*command, "--kind", "chess,go", "--db", db)
    assert bad.exit_code == 2 and "unknown --kind 'go'" in bad.stderr


def test_a_ply_past_the_end_is_exit_2(db):
    listed = json.loads(hoyle("list", "--kind", "chess", "--db", db, "--json").stdout)["records"]
    game = max(listed, key=lambda r: len(r["moves"]))
    plies = len(game["moves"])
    assert hoyle("replay", game["id"], "--ply", plies, "--db", db).exit_code == 0
    past = hoyle("replay", game["id"], "--ply", plies + 1, "--db", db)
    assert past.exit_code == 2 and f"has {plies} plies" in past.stderr


def test_files_written_get_the_users_umask(db, tmp_path):
    old = os.umask(0o022)
    try:
        assert hoyle("export", "--kind", "chess", "--format", "pgn", "--output",
                     tmp_path / "out.pgn", "--db", db).exit_code == 0
        assert hoyle("replay", "10", "--svg", tmp_path / "b.svg", "--db", db).exit_code == 0
        os.umask(0o027)
        assert hoyle("export", "--format", "parquet", "--output", tmp_path / "pq",
                     "--db", db).exit_code == 0
    finally:
        os.umask(old)
    modes = {p.name: stat.S_IMODE(p.stat().st_mode) for p in tmp_path.rglob("*") if p.is_file()}
    assert modes == {"out.pgn": 0o644, "b.svg": 0o644, "records.parquet": 0o640,
                     "positions.parquet": 0o640}


def test_diagnostics_print_in_line_order_across_a_books_records(capsys):
    """A book's table holds several records side by side: their diagnostics come out by
    line and column, whichever record they belong to; in JSON, by line within a record."""
    left, right = (Record(kind="checkers", title=t, line=10, end_line=20) for t in "LR")
    left.add(WARNING, "B", "b", 15, 3)
    left.add(ERROR, "A", "a", 12, 3)
    right.add(WARNING, "C", "c", 13, 30)
    right.add(WARNING, "D", "d", 12, 30)
    for rec in (left, right):
        rec.source = "book.txt"
    Report(as_json=False).add([left, right])
    printed = [line.split()[0] for line in capsys.readouterr().err.splitlines()]
    assert printed == ["book.txt:12:3", "book.txt:12:30", "book.txt:13:30", "book.txt:15:3"]
    assert [d["code"] for d in left.to_dict()["diagnostics"]] == ["A", "B"]


def test_every_command_help_names_the_archive_and_ends_with_examples():
    command = typer.main.get_command(app)
    names = list(command.commands)
    assert {"import", "list", "browse", "count"} <= set(names)
    for name in names:
        result = hoyle(name, "--help")
        assert result.exit_code == 0, name
        text = result.stdout.rstrip()
        assert "--db FILE" in text and "--wait SECONDS" in text, name
        examples = text.rsplit("Examples:", 1)
        assert len(examples) == 2 and all(line.strip().startswith("hoyle ")
                                          for line in examples[1].strip().splitlines()), name
