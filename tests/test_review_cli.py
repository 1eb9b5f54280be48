"""hoyle review, hoyle fix and hoyle export --format errata as a person digitising a book uses
them: on real book records, through typer's runner, in a process of their own, and the
questions of hoyle review answered from a script."""
import json
import os
import re
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from records.archive import Archive
from records.cli import app
from records.cli.review import walk
from records.archive import review
from review_books import built_once, copy_into

runner = CliRunner()


def hoyle(*args):
    return runner.invoke(app, [str(a) for a in args])


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    return built_once(tmp_path_factory)


@pytest.fixture
def db(built, tmp_path):
    return copy_into(built, tmp_path)


def ids(db) -> dict:
    archive = Archive(str(db))
    try:
        return {(r.kind, r.line): r.id for r in archive.iterate(archive.query(), full=False)}
    finally:
        archive.close()


def test_review_lists_each_fault_with_its_text_readings_and_board(db):
    result = hoyle("review", "--db", db, "--kind", "chess")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "fault 1 of 1: " in out and "27294:6 error CHESS-ILLEGAL" in out
    assert " 27294 |   6. B. to Q. B’s 4th." in out.replace("'", "’")
    assert re.search(r"\n +\| +\^\n", out)                    # the column marked
    assert '   1. "Nxf2"  this reading replays to the end' in out
    assert "after ply 17 of 17; Black to move" in out          # the board at the fault
    assert "3 records need a decision" in result.stderr


def test_review_json_lists_faults_and_counts(db):
    result = hoyle("review", "--db", db, "--json")
    payload = json.loads(result.stdout)
    assert payload["counts"]["records"] == 6 == payload["counts"]["needs_review"]   # 3 chess,
    assert payload["counts"]["by_kind"]["bridge"]["records"] == 1   # 1 checkers, 1 cribbage
    by_line = {r["line"]: r for r in payload["records"]}
    (fault,) = by_line[26592]["faults"]
    assert [r["text"] for r in fault["readings"]] == ["Nxf2", "Nxf6"]
    assert by_line[24130]["faults"][0]["settles"] is True


def test_fix_chooses_reads_marks_and_undoes(db):
    game = ids(db)[("chess", 26592)]
    chosen = hoyle("fix", game, "--db", db, "--at", "26615:41", "--choose", "2")
    assert chosen.exit_code == 0, chosen.output
    assert chosen.stdout.startswith(f"#{game} ") and ": corrected\n" in chosen.stdout
    assert 'CORRECTED "Kt. takes P." read as "Nxf6"' in chosen.stdout
    listed = json.loads(hoyle("list", "--db", db, "--status", "corrected", "--json").stdout)
    assert [r["id"] for r in listed["records"]] == [game] and listed["counts"]["corrected"] == 1
    undone = hoyle("fix", game, "--db", db, "--undo")
    assert undone.exit_code == 0 and ": needs_review\n" in undone.stdout
    hand = ids(db)[("cribbage", 24130)]
    told = hoyle("fix", hand, "--db", db, "--at", "24136:7", "--read", "4", "--json")
    payload = json.loads(told.stdout)
    assert payload["records"][0]["status"] == "corrected"
    assert payload["counts"]["corrected"] == 1
    marked = hoyle("fix", ids(db)[("chess", 26917)], "--db", db, "--at", "26935:42",
                   "--book-error")
    assert marked.exit_code == 0 and "BOOK-ERROR" in marked.stdout


def test_fix_refusals_and_their_exit_codes(db):
    game = ids(db)[("chess", 27282)]
    refused = hoyle("fix", game, "--db", db, "--at", "27294:6", "--read", "Q-Q8")
    assert refused.exit_code == 1
    assert refused.stderr.startswith("hoyle: refused: with \"Q-Q8\" at 27294:6")
    assert "CHESS-ILLEGAL" in refused.stderr
    for args, says in [(["--at", "1:1", "--choose", "1"], "no fault at 1:1"),
                       (["--at", "27294:6", "--choose", "99"], "no reading 99"),
                       (["--at", "27294", "--choose", "1"], "--at wants LINE:COL"),
                       (["--at", "27294:6"], "give --at LINE:COL with one of"),
                       (["--undo"], "no correction to take back")]:
        result = hoyle("fix", game, "--db", db, *args)
        assert result.exit_code == 2 and says in result.stderr, (args, result.stderr)
    assert hoyle("fix", 9999, "--db", db, "--undo").exit_code == 2


def test_errata_export_lists_book_errors_and_corrections(db):
    game = ids(db)[("chess", 26592)]
    hoyle("fix", game, "--db", db, "--at", "26615:41", "--choose", "1")
    result = hoyle("export", "--db", db, "--format", "errata")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert all(re.match(r"^\S+:\d+:\d+  .+  ->  .+  \(.+\)$", line) for line in lines), lines
    assert any(':26615:41  "Kt. takes P."  ->  "Nxf2"  (corrected by ' in line for line in lines)
    assert any(":24136:7  -  ->  the count is fifteen two" in line for line in lines)
    assert not any(":26615:41" in line and "(CHESS-AMBIGUOUS:" in line for line in lines)


def test_review_asks_and_the_answers_are_replayed(db):
    """The questions answered from a script: nonsense and a reading that does not replay are
    asked again, then a candidate is taken; a fault skipped, one marked a book error; quit."""
    answers = iter(["x", "r Q-Q8", "2", "s", "b", "q"])
    said: list[str] = []
    archive = Archive(str(db))
    try:
        found = review.to_review(archive, ["chess"])
        done = walk(archive, found, lambda: next(answers, None), said.append)
        records = {r.line: r for r in archive.iterate(archive.query(kind="chess"), full=True)}
    finally:
        archive.close()
    text = "\n".join(said)
    assert "type a candidate's number, r TEXT, b, s or q" in text
    assert 'refused: with "Q-Q8" at 26615:41' in text
    assert done == {"corrected": 1, "book errors": 1, "skipped": 1, "records": 3}
    assert records[26592].status == "corrected"
    assert records[26592].plies[17].normal == "Nxf6"
    marks = [d for d in records[26917].diagnostics if d.code == "BOOK-ERROR"]
    assert [(d.line, d.column) for d in marks] == [(26935, 8)]
    assert records[27282].status == "needs_review"     # quit before deciding it


def test_fix_in_a_process_of_its_own(db):
    game = ids(db)[("chess", 26592)]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HOYLE_USER": "a.transcriber"}
    run = subprocess.run([sys.executable, "-m", "records.cli", "fix", str(game), "--at",
                          "26615:41", "--choose", "1", "--db", str(db)], env=env,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert 'read as "Nxf2" by a.transcriber at ' in run.stdout
    run = subprocess.run([sys.executable, "-m", "records.cli", "review", "--db", str(db),
                          "--kind", "chess"], env=env, capture_output=True, text=True,
                         timeout=120, stdin=subprocess.DEVNULL)
    assert run.returncode == 0 and "26615:41" not in run.stdout   # decided: not listed
    assert "2 records need a decision" in run.stderr


def test_a_line_from_a_position_not_given_is_fixed_by_typing_the_position(tmp_path):
    """CHESS-NO-SETUP suggests "give the position as FEN": `fix --read FEN` at its place now
    replays the line from it (it was refused: no printed move there). A FEN that is none, or
    from which the line does not replay, is refused; --undo takes it back."""
    page = tmp_path / "figure.txt"
    page.write_text("1. THE OPPOSITION\n\n[Illustration]\n\nEXAMPLE 5.--Thus:\n\n"
                    "        1. K - K 2                K - K 2\n"
                    "        2. K - Q 3                K - Q 2\n")
    db = tmp_path / "f.db"
    assert hoyle("import", page, "--db", db).exit_code == 0
    (fault,) = json.loads(hoyle("review", "--json", "--db", db).stdout)["records"][0]["faults"]
    assert (fault["code"], fault["line"], fault["column"]) == ("CHESS-NO-SETUP", 7, 1)
    bad = hoyle("fix", 1, "--at", "7:1", "--read", "nonsense", "--db", db)
    assert bad.exit_code == 1 and "is not a position in FEN" in bad.stderr
    blocked = hoyle("fix", 1, "--at", "7:1", "--read", "4k3/8/8/8/8/3P4/8/4K3 w - - 0 1",
                    "--db", db)   # (a pawn on d3: the king cannot go to Q3 at move 2)
    assert blocked.exit_code == 1 and "does not replay" in blocked.stderr
    fixed = hoyle("fix", 1, "--at", "7:1", "--read", "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
                  "--db", db)
    assert fixed.exit_code == 0 and "corrected" in fixed.stdout
    shown = json.loads(hoyle("show", 1, "--json", "--db", db).stdout)["records"][0]
    assert shown["status"] == "corrected"
    assert [m["normal"] for m in shown["moves"]] == ["Ke2", "Ke7", "Kd3", "Kd7"]
    assert '[FEN "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]' in hoyle("show", 1, "--format", "pgn",
                                                           "--db", db).stdout
    assert hoyle("fix", 1, "--undo", "--db", db).exit_code == 0
    assert json.loads(hoyle("show", 1, "--json", "--db", db).stdout)["records"][0][
        "status"] == "needs_review"
