"""The command line on chess, as a user runs it: import, validate, list, show, replay, search,
export and their round trips."""
import json

import pytest
from typer.testing import CliRunner

from records.cli import app
from records.chess.scan import scan_book

from conftest import HOYLE_1914, ROOT, need

runner = CliRunner()
DEMO = ROOT / "data" / "demo" / "chess_descriptive.txt"


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    path = tmp_path_factory.mktemp("cli") / "hoyle.db"
    result = runner.invoke(app, ["--db", str(path), "import", str(need(HOYLE_1914)), str(DEMO),
                                 "--kind", "chess", "--json"])
    assert result.exit_code == 1, result.output  # the book has real errors
    payload = json.loads(result.output)
    assert payload["counts"]["records"] == 79
    assert payload["counts"]["by_kind"]["chess"]["records"] == 79
    return path, payload


def hoyle(db, *args):
    return runner.invoke(app, ["--db", str(db[0]), *args])


def test_import_json_has_the_contract_shape(db):
    _, payload = db
    counts = payload["counts"]
    assert set(counts) >= {"records", "valid", "repaired", "needs_review", "invalid", "by_kind"}
    assert counts["valid"] + counts["repaired"] + counts["needs_review"] + counts["invalid"] == 79
    rec = next(r for r in payload["records"] if r["title"] == "Petroff's Counter Attack")
    assert {"id", "kind", "title", "status", "source", "line", "diagnostics"} <= set(rec)
    assert rec["status"] == "repaired" and rec["line"] == 3443
    (diag,) = [d for d in rec["diagnostics"] if d["severity"] != "info"]
    assert {"severity", "code", "line", "column", "message", "suggestion"} <= set(diag)
    assert (diag["line"], diag["column"], diag["code"]) == (3443, 92, "CHESS-REPAIRED")
    (layout,) = [d for d in rec["diagnostics"] if d["code"] == "LAYOUT"]
    assert layout["severity"] == "info" and layout["message"] == "read row by row"


def test_reimport_changes_nothing(db):
    result = hoyle(db, "import", str(DEMO), "--json")
    assert json.loads(result.output)["added"] == 0
    listed = json.loads(hoyle(db, "list", "--limit", "0", "--json").output)
    assert listed["counts"]["records"] == 79
    page = hoyle(db, "list", "--limit", "30", "--offset", "60")
    assert "19 more" not in page.output and "more (--offset" not in page.output
    assert "49 more (--offset 30)" in hoyle(db, "list", "--limit", "30").output


def test_validate_exit_codes(db, tmp_path):
    assert runner.invoke(app, ["validate", str(DEMO)]).exit_code == 0
    bad = tmp_path / "bad.txt"
    bad.write_text("GAME No. 1\n\n   1. P-K4   P-K5\n   2. Kt-KB3  Kt-QB3\n")
    result = runner.invoke(app, ["validate", str(bad)])
    assert result.exit_code == 1
    assert f"{bad}:3:" in result.output and "CHESS-ILLEGAL" in result.output
    assert runner.invoke(app, ["validate", str(tmp_path / "missing.txt")]).exit_code == 2


def test_search_by_name_moves_and_position(db):
    def titles(*args):
        return [r["title"] for r in json.loads(hoyle(db, "search", *args, "--json").output)["records"]]
    assert "Ruy Lopez" in titles("--name", "Ruy Lopez")
    by_descriptive = titles("--moves", "P-K4 P-K4 Kt-KB3 Kt-QB3 B-Kt5", "--kind", "chess")
    assert by_descriptive == titles("--moves", "e4 e5 Nf3 Nc6 Bb5")
    assert "Ruy Lopez" in by_descriptive and "Chess Notation" in by_descriptive
    # the Philidor position after 3...Bg4 is reached by the table line and by Morphy's game
    fen = "rn1qkbnr/ppp2ppp/3p4/4p3/3PP1b1/5N2/PPP2PPP/RNBQKB1R w KQkq - 1 4"
    assert set(titles("--position", fen)) == {"Philidor's Defence", "GAME No. 1"}
    assert "Petroff's Counter Attack" in titles("--status", "repaired")


def record_id(db, title):
    records = json.loads(hoyle(db, "search", "--name", title, "--json").output)["records"]
    return str(next(r["id"] for r in records if r["title"] == title))


def test_replay_and_svg(db, tmp_path):
    rid = record_id(db, "GAME No. 1")
    out = hoyle(db, "replay", rid, "--ply", "4").output
    assert "after ply 4 of 33" in out and "♙" in out
    svg = tmp_path / "board.svg"
    assert hoyle(db, "replay", rid, "--svg", str(svg)).exit_code == 0
    assert svg.read_text().startswith("<svg")


def test_pgn_export_reimports_to_the_same_moves(db, tmp_path):
    out = tmp_path / "all.pgn"
    assert hoyle(db, "export", "--kind", "chess", "--format", "pgn", "--output", str(out)).exit_code == 0
    text = out.read_text()
    assert '[HoylePrinted "P-K4, P-K4, Kt-KB3' in text and '[HoyleLine "3443"]' in text
    movetexts = [block for block in text.split("\n\n") if block and block[0] != "["]
    assert len(movetexts) == text.count("[HoyleSource ") and "{" not in "".join(movetexts)
    again = runner.invoke(app, ["--db", str(tmp_path / "again.db"), "import", str(out), "--json"])
    report = json.loads(again.output)   # counts, and only the records with diagnostics
    assert all(r["diagnostics"] for r in report["records"])
    assert report["added"] == report["counts"]["records"] > 0
    exported = runner.invoke(app, ["--db", str(tmp_path / "again.db"), "export", "--format",
                                   "jsonl"]).output
    reread = {(r["title"], tuple(m["normal"] for m in r["moves"]))
              for r in map(json.loads, exported.splitlines())}
    original = json.loads(hoyle(db, "export", "--kind", "chess", "--format", "json").output)
    for rec in original:
        moves = tuple(m["normal"] for m in rec["moves"])
        assert any(m == moves for _, m in reread), rec["title"]
    by_title = {r["title"]: r for r in map(json.loads, exported.splitlines())}
    for rec in original:   # titles, statuses and diagnostics as they were
        again = by_title[rec["title"]]
        assert again["status"] == rec["status"], rec["title"]
        if rec["status"] != "valid":
            assert again["diagnostics"] == rec["diagnostics"], rec["title"]


def test_descriptive_export_parses_back_to_the_same_moves(db, tmp_path):
    out = tmp_path / "descriptive.txt"
    hoyle(db, "export", "--kind", "chess", "--format", "descriptive", "--output", str(out))
    original = {str(r["id"]): [m["normal"] for m in r["moves"]] for r in json.loads(hoyle(
        db, "export", "--kind", "chess", "--status", "valid", "--json").output)["records"]}
    back = {r.tags["BookGame"]: [p.normal for p in r.plies]
            for r in scan_book(out.read_text(), str(out)) if r.tags.get("BookGame")}
    from_start = {i: m for i, m in original.items() if m and i in back and back[i]}
    # every valid record comes back, the endings and odds through their [FEN] line
    assert len(from_start) == len([m for m in original.values() if m]) == 68
    for number, moves in from_start.items():
        assert back[number] == moves, number
