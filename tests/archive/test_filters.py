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
           {"contract": "3S"}, {"trumps": "S"}, {"cards": "5H 5D"}, {"score": "nine"},
           {"result": "1-0", "variant": "english"}]


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
