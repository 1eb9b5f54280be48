"""Importing a file again does what it says: it is skipped as unchanged (and said so on stderr)
only when the same kinds were read from it and none of its records was deleted since; --force
reads it again; an archive of schema 4 counts its sources as read for every kind."""
import json
import re

from typer.testing import CliRunner

from conftest import CORPUS, SEEDS, need
from records.archive import SCHEMA_VERSION, Archive
from records.cli import app

runner = CliRunner()
SKIP = re.compile(r"hoyle: .*: unchanged since \d{4}-\d\d-\d\d \d\d:\d\d, skipped "
                  r"\(--force to read again\)")


def imported(db: str, *args: str) -> tuple[dict, str]:
    result = runner.invoke(app, ["--db", db, "import", *args, "--json"])
    return json.loads(result.stdout), result.stderr


def test_a_file_whose_records_were_deleted_is_read_again(tmp_path):
    games = need(CORPUS / "chess" / "book_games_pgn_counterparts.pgn")
    db = str(tmp_path / "h.db")
    first, _ = imported(db, str(games))
    assert first["added"] == 20
    again, said = imported(db, str(games))
    assert again["files unchanged"] == 1 and again["counts"]["records"] == 0
    assert SKIP.search(said) and str(games) in said
    assert runner.invoke(app, ["--db", db, "delete", "3", "7"]).exit_code == 0
    restored, said = imported(db, str(games))
    assert restored["files unchanged"] == 0 and restored["added"] == 2 and not SKIP.search(said)
    assert restored["unchanged"] == 18
    quiet, said = imported(db, str(games))
    assert quiet["files unchanged"] == 1 and SKIP.search(said)
    forced, said = imported(db, str(games), "--force")
    assert forced["files unchanged"] == 0 and forced["counts"]["records"] == 20
    assert forced["added"] == 0 and forced["unchanged"] == 20 and not SKIP.search(said)


def test_a_book_read_for_one_kind_is_read_again_for_another(tmp_path):
    book = sorted(need(SEEDS).glob("002_*.txt"))[0]
    db = str(tmp_path / "h.db")
    chess, _ = imported(db, str(book), "--kind", "chess")
    assert chess["added"] > 50 and set(chess["counts"]["by_kind"]) == {"chess"}
    again, said = imported(db, str(book), "--kind", "chess")
    assert again["files unchanged"] == 1 and SKIP.search(said)
    checkers, said = imported(db, str(book), "--kind", "checkers")
    assert checkers["files unchanged"] == 0 and not SKIP.search(said)
    assert set(checkers["counts"]["by_kind"]) == {"checkers"} and checkers["added"] > 30
    both, said = imported(db, str(book), "--kind", "checkers", "--kind", "chess")
    assert both["files unchanged"] == 1 and SKIP.search(said)   # each kind read already
    every, said = imported(db, str(book))     # every kind: whist and cribbage not read yet
    assert every["files unchanged"] == 0 and every["added"] > 0
    assert imported(db, str(book), "--kind", "whist")[0]["files unchanged"] == 1


def test_a_schema_4_archive_gets_lossless_tags_and_knows_its_sources(tmp_path):
    games = need(CORPUS / "chess" / "book_games_pgn_counterparts.pgn")
    db = str(tmp_path / "v4.db")
    imported(db, str(games))
    archive = Archive(db)
    fresh = dict(archive.db.execute("SELECT id, tags FROM records"))
    conn = archive.db
    for rid, tags in fresh.items():   # the tags as version 4 wrote them
        tags = json.loads(tags)
        tags["PGNECO"], tags["ECO"] = tags["ECO"], tags.pop("HoyleECO")
        tags["Opening"] = tags.pop("HoyleOpening")
        conn.execute("UPDATE records SET tags = ? WHERE id = ?", [json.dumps(tags), rid])
    conn.execute("ALTER TABLE sources DROP COLUMN kinds")
    conn.execute("PRAGMA user_version = 4")
    archive.close()
    archive = Archive(db)
    assert archive.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert dict(archive.db.execute("SELECT id, tags FROM records")) == fresh
    assert archive.db.execute("SELECT kinds FROM sources").fetchall() == [("",)]
    archive.close()
    assert imported(db, str(games), "--kind", "chess")[0]["files unchanged"] == 1
    assert runner.invoke(app, ["--db", db, "delete", "5"]).exit_code == 0
    again, said = imported(db, str(games))    # a record gone: read again
    assert again["files unchanged"] == 0 and again["added"] == 1 and not SKIP.search(said)
    assert imported(db, str(games))[0]["files unchanged"] == 1
