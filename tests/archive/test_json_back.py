"""hoyle's own JSON and JSON lines exports read back as the records they hold (from files, from
stdin, in the {"records": [...]} shape --json prints), streamed; any other JSON is refused
with a clear message, never read as a book or another notation."""
import json

import pytest
from typer.testing import CliRunner

from conftest import CORPUS, need
from records.archive import Archive, Query
from records.cli import app
from records.core import jsonio
from records.core.model import in_line_order
from records.core.reading import UnreadableInput, read_path
from records.core.resources import data_path

runner = CliRunner()


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    folder = tmp_path_factory.mktemp("json")
    db = str(folder / "demo.db")
    runner.invoke(app, ["--db", db, "import", str(data_path("demo"))])
    return folder, db


def export(db: str, *args: str) -> str:
    result = runner.invoke(app, ["--db", db, "export", *args])
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("fmt", ["json", "jsonl"])
def test_hoyles_json_reads_back_as_its_records_never_as_checkers(demo, fmt):
    folder, db = demo
    path = folder / f"all.{fmt}"
    path.write_text(export(db, "--format", fmt), encoding="utf-8")
    records = read_path(str(path))
    originals = list(Archive(db).iterate(Query()))
    assert [(r.kind, r.title, r.status) for r in records] == \
        [(r.kind, r.title, r.status) for r in originals]
    assert {r.kind for r in records} == {"chess", "checkers", "bridge", "whist", "cribbage"}
    for rec, first in zip(records, originals):
        assert rec.tags["HoyleSource"] == first.source and rec.source == str(path)
        assert [p.normal for p in rec.plies] == [p.normal for p in first.plies]
        # the export writes diagnostics as a reader meets them, by line and column
        assert rec.text == first.text
        assert rec.diagnostics == in_line_order(first.diagnostics)
    chess = [r for r in records if r.kind == "chess" and r.plies]
    assert all(p.position for r in chess for p in r.plies)   # replayed for position search
    only = read_path(str(path), ["cribbage"])
    assert only and {r.kind for r in only} == {"cribbage"}


def test_stdin_and_the_json_shape_of_search_read_back(demo, tmp_path):
    _, db = demo
    lines = export(db, "--format", "jsonl", "--kind", "bridge")
    second = str(tmp_path / "second.db")
    piped = runner.invoke(app, ["--db", second, "import", "-", "--json"], input=lines)
    assert json.loads(piped.stdout)["added"] == 2
    full = export(db, "--kind", "whist", "--json")          # {"records": [...], "counts": ...}
    shaped = tmp_path / "shape.json"
    shaped.write_text(full, encoding="utf-8")
    assert [r.title for r in read_path(str(shaped))] == \
        [r["title"] for r in json.loads(full)["records"]]


@pytest.mark.parametrize("text, said", [
    ('{"name": "not a record"}\n', "not a record of hoyle's JSON export"),
    ("[1, 2, 3]\n", "not a record of hoyle's JSON export"),
    ('{"kind": "chess", "title": "x", "tags": {}, "moves": [], "diagnostics": []\n', "not JSON"),
    ("11-15 23-19 8-11 22-17\n", "not JSON"),
    # record-shaped, with fields of other types (each was a TypeError: an internal error)
    ('{"kind": "chess", "title": "x", "tags": {}, "moves": ["e4", "e5"], "diagnostics": []}',
     "as a command's --json lists it"),
    ('{"kind": "chess", "title": "x", "tags": "x", "moves": [], "diagnostics": []}',
     "fields are not as hoyle's JSON export writes them"),
    ('{"kind": "chess", "title": "x", "tags": {}, "moves": [{"ply": 1}], "diagnostics": []}',
     "KeyError: 'text'"),
    ('{"kind": "chess", "title": "x", "tags": {}, "moves": [], "diagnostics": [], "line": "x"}',
     '"x" is not a whole number'),
    ('{"kind": "chess", "title": "x", "tags": {}, "moves": [], "diagnostics": [{"severity": "fatal",'
     ' "code": "X", "message": "m"}]}', '"fatal" is none of error, warning, info'),
    # data its family cannot write (each was stored, then an internal error in show/export)
    ('{"kind": "bridge", "title": "x", "tags": {}, "moves": [], "diagnostics": [], "data":'
     ' {"hands": 5}}', "AttributeError"),
    ('{"kind": "chess", "title": "x", "tags": {}, "moves": [], "diagnostics": [], "data":'
     ' {"notes": 5}}', "TypeError"),
    ('{"kind": "chess", "title": "x", "tags": {}, "moves": [{"ply": 1, "text": "K9",'
     ' "normal": "Ke9"}], "diagnostics": [], "start_position": "nonsense"}', "ValueError"),
])
def test_other_json_is_refused_saying_why(tmp_path, text, said):
    path = tmp_path / "other.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(UnreadableInput, match=said):
        read_path(str(path))
    result = runner.invoke(app, ["--db", str(tmp_path / "h.db"), "import", str(path)])
    assert result.exit_code == 2 and "hoyle export --format json|jsonl" in result.stderr


def test_what_import_json_prints_is_refused_saying_what_reads_back(demo, tmp_path):
    """import --json lists records as a summary (moves as normal forms, no text): read back,
    it is refused with the command that writes records that read back."""
    printed = tmp_path / "printed.json"
    printed.write_text(runner.invoke(app, ["--db", str(tmp_path / "p.db"), "import",
                                           str(data_path("demo")), "--json"]).stdout)
    result = runner.invoke(app, ["--db", str(tmp_path / "q.db"), "import", str(printed)])
    assert result.exit_code == 2 and "`hoyle export --format json` writes" in result.stderr


def test_a_json_file_of_another_program_is_refused():
    path = need(CORPUS / "checkers" / "pydraughts_2move_english.json")
    with pytest.raises(UnreadableInput, match="pydraughts_2move_english.json:1: not a record"):
        read_path(str(path))


def test_objects_are_read_as_blocks_come(tmp_path):
    """An object cut across blocks, JSON lines, a list: each object once, with its line."""
    text = '[\n{"a": 1},\n{"b": "x\\ny"},\n {"c": [1,\n2]}\n]\n'
    for size in (1, 3, 7, 100):
        blocks = [text[i:i + size] for i in range(0, len(text), size)]
        assert list(jsonio.objects(blocks, "t")) == [({"a": 1}, 2), ({"b": "x\ny"}, 3),
                                                     ({"c": [1, 2]}, 4)]
    lines = '{"a": 1}\n{"a": 2}\n'
    assert [line for _, line in jsonio.objects([lines], "t")] == [1, 2]
