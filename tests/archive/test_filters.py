"""Family search filters run in SQL (filter_sql) and agree with the families' own matches."""
import json

import pytest
from typer.testing import CliRunner

from records.archive import Archive
from records.cli import app
from records.core.family import family
from records.core.resources import data_path

FILTERS = [{"result": "1-0"}, {"result": "1/2-1/2"}, {"score": "12"}, {"score": "29"},
           {"variant": "short"}, {"variant": "six-card"}, {"variant": "english"},
           {"result": "odd trick"}, {"result": "down 1"}, {"holding": "four aces"},
           {"contract": "3S"}, {"trumps": "S"}, {"cards": "5H 5D"}, {"score": "NS 420"},
           {"result": "1-0", "variant": "english"}, {"variant": "nine-card"}]


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory):
    db = str(tmp_path_factory.mktemp("filters") / "demo.db")
    result = CliRunner().invoke(app, ["--db", db, "import", str(data_path("demo")), "--json"])
    assert result.exit_code in (0, 1), result.output
    return db


def expected_ids(records, filters) -> list[int]:
    """What each family's matches says; a chess game meets no card or cribbage filter."""
    return [r.id for r in records if family(r.kind).matches(r, filters)
            and (r.kind != "chess" or set(filters) <= {"result"})]


@pytest.mark.parametrize("filters", FILTERS, ids=lambda f: "-".join(f"{k}={v}" for k, v in f.items()))
def test_search_filters_agree_with_matches(demo_db, filters):
    every = Archive(demo_db).search(full=True)
    args = [arg for key, value in filters.items() for arg in (f"--{key}", value)]
    found = CliRunner().invoke(app, ["--db", demo_db, "search", "--json", *args])
    assert found.exit_code == 0, found.output
    ids = [r["id"] for r in json.loads(found.output)["records"]]
    assert ids == expected_ids(every, filters)


def test_filters_meet_records_of_their_own_family_only(demo_db):
    def kinds(*args):
        out = CliRunner().invoke(app, ["--db", demo_db, "search", "--json", *args]).output
        return {r["kind"] for r in json.loads(out)["records"]}
    assert kinds("--result", "1-0") <= {"chess", "checkers"} and "chess" in kinds("--result", "1-0")
    assert kinds("--contract", "3S") == {"bridge"}
    assert kinds("--score", "12") <= {"cribbage", "whist", "bridge", "checkers"}
    assert "chess" not in kinds("--holding", "four aces")


def test_filters_page_in_sql(demo_db):
    def ids(*args):
        out = CliRunner().invoke(app, ["--db", demo_db, "search", "--json", "--result", "1-0",
                                       *args]).output
        return [r["id"] for r in json.loads(out)["records"]]
    every = ids()
    assert len(every) > 3
    assert ids("--limit", "2", "--offset", "1") == every[1:3]


@pytest.mark.parametrize("args, said", [
    (["--position", "not a fen"], "--position 'not a fen': not a position (FEN) of chess or checkers"),
    (["--kind", "chess", "--position", "rnbqkbnr/pppppppp/8/8 w"], "(FEN) of chess hoyle"),
    (["--moves", "e4 e5 Ke3"], '"Ke3" is not a legal move for White at move 2'),
    (["--kind", "chess", "--moves", "P-K4 P-K4 K-K3"], '"K-K3" is not a legal move'),
    (["--moves", "xyzzy"], "--moves 'xyzzy': cannot be read as moves"),
    (["--kind", "checkers", "--moves", "e4 e5"], "not moves of checkers"),
    (["--holding", "xyz"], "--holding 'xyz': cannot be read (bridge: not a holding"),
    (["--kind", "bridge", "--contract", "9Z"], "--contract '9Z': cannot be read"),
    (["--trumps", "Q"], "--trumps 'Q': cannot be read"),
    (["--cards", "5H ZZ"], "'ZZ' is not a card"),
    (["--kind", "cribbage", "--score", "nine"], "--score 'nine': cannot be read (cribbage: not"
                                                " a count"),
    (["--score", "nine"], "--score 'nine': cannot be read"),
])
@pytest.mark.parametrize("command", ["search", "export"])
def test_unreadable_search_input_is_an_error_saying_what(demo_db, command, args, said):
    result = CliRunner().invoke(app, ["--db", demo_db, command, *args])
    assert result.exit_code == 2, result.output
    assert said in result.stderr and result.stderr.startswith("hoyle: ")
    assert result.stdout == ""


@pytest.mark.parametrize("command", ["search", "export"])
def test_a_score_past_sqlite_s_integers_matches_nothing(demo_db, command):
    """(It was an OverflowError binding the count to SQLite: an internal error.)"""
    for score in ("99999999999999999999", "-99999999999999999999"):
        result = CliRunner().invoke(app, ["--db", demo_db, command, "--score", score,
                                          "--json"])
        assert result.exit_code == 0 and json.loads(result.stdout)["records"] == []


def test_what_one_game_reads_is_no_error_for_the_others(demo_db):
    for args in (["--moves", "11-15 23-19"], ["--moves", "e4 e5"], ["--score", "29"],
                 ["--holding", "four aces"], ["--position", "B:W18,24,27,K10:B12,16,K22"]):
        result = CliRunner().invoke(app, ["--db", demo_db, "search", *args])
        assert result.exit_code == 0, (args, result.output)
