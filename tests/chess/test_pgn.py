"""PGN import and export, the opening classifier, and the chess CSV columns."""
import csv
from dataclasses import asdict
import io
import json
import os
import random
import re
import time

import chess
import chess.pgn
import pytest

from records.chess import pgn
from records.chess import openings as chess_openings
from records.chess.moves import key_hash, position_key
from records.core.reading import read_path
from records.core.model import ERROR, INFO, NEEDS_REVIEW, VALID, WARNING, Ply, Record

from conftest import CORPUS, last_position, need

COUNTERPARTS = CORPUS / "chess" / "book_games_pgn_counterparts.pgn"


@pytest.fixture(scope="module")
def counterparts():
    text = need(COUNTERPARTS).read_text(encoding="utf-8")
    return text, pgn.read(text, str(COUNTERPARTS))


def python_chess_games(text):
    handle = io.StringIO(text)
    while (game := chess.pgn.read_game(handle)) is not None:
        yield game


def assert_same_as_python_chess(text, records):
    """Every ply's SAN and position key agree with a plain python-chess replay."""
    games = list(python_chess_games(text))
    assert len(records) == len(games)
    for rec, game in zip(records, games):
        board = game.board()
        assert rec.start_position == position_key(board)
        moves = list(game.mainline_moves())
        assert len(rec.plies) == len(moves), rec.title
        for i, (ply, move) in enumerate(zip(rec.plies, moves), 1):
            assert ply.normal == board.san(move), (rec.title, ply)
            board.push(move)
            # the bulk reader keys the opening plies and hashes every position
            assert ply.position in ("", position_key(board)), (rec.title, ply)
            if rec.key_hashes is not None:
                assert rec.key_hashes[i] == key_hash(position_key(board)), (rec.title, ply)
            else:
                assert ply.position, (rec.title, ply)


# -- the 20 counterpart games ------------------------------------------------------------
def test_counterparts_headers_plies_and_spans(counterparts):
    text, records = counterparts
    lines = text.split("\n")
    event_lines = [i + 1 for i, line in enumerate(lines) if line.startswith("[Event ")]
    assert len(records) == 20
    assert [r.line for r in records] == event_lines
    for rec in records:
        assert rec.kind == "chess"
        assert rec.source == str(COUNTERPARTS)
        assert len(rec.plies) == int(rec.tags["PGNPlies"])
        assert rec.text == "\n".join(lines[rec.line - 1:rec.end_line])
        assert rec.text.rstrip().endswith(rec.tags["Result"])
        assert lines[rec.end_line].strip() == ""      # the blank line after the movetext
        assert rec.settle_status() == VALID and not rec.diagnostics
    first = records[0]
    assert first.tags["White"] == "Marshall, Frank James"
    assert first.tags["Black"] == "Capablanca, Jose Raul"
    assert first.tags["Event"] == "USA m" and first.tags["Result"] == "1-0"
    assert first.title == "Marshall, Frank James - Capablanca, Jose Raul, USA m 1909"
    assert [p.normal for p in first.plies[:4]] == ["d4", "d5", "c4", "e6"]


def test_counterparts_agree_with_python_chess(counterparts):
    assert_same_as_python_chess(*counterparts)


def test_ply_places_point_at_the_move_in_the_file(counterparts):
    text, records = counterparts
    lines = text.split("\n")
    for rec in records:
        for ply in rec.plies:
            line = lines[ply.line - 1]
            assert line[ply.column - 1:].startswith(ply.text), (rec.title, ply)


def test_counterparts_are_classified_beside_their_own_eco(counterparts):
    _, records = counterparts
    for rec in records:
        assert rec.tags["HoyleOpening"] and re.fullmatch(r"[A-E]\d\d", rec.tags["HoyleECO"])
    # game 9 of the file: the database says C10, the deepest lichess line is C11; the game's
    # own tag stays as it was
    french = records[8]
    assert french.tags["HoyleOpening"].startswith("French Defense")
    assert french.tags["ECO"] == "C10" and french.tags["HoyleECO"] == "C11"
    assert records[0].tags["ECO"] == records[0].tags["HoyleECO"] == "D53"
    assert not {"PGNOpening", "PGNECO"} & {tag for rec in records for tag in rec.tags}


# -- awkward but legal movetext ------------------------------------------------------------
def random_games_pgn(count=40, seed=7):
    """Random legal games: castling both ways, en passant, promotions, mates, written with
    0-0 castling in some games and without check signs in others."""
    rng = random.Random(seed)
    out = []
    for n in range(count):
        board, game = chess.Board(), chess.pgn.Game()
        node = game
        game.headers["Event"] = f"Random {n}"
        while not board.is_game_over() and board.ply() < 240:
            move = rng.choice(list(board.legal_moves))
            node = node.add_variation(move)
            board.push(move)
        game.headers["Result"] = board.result()
        text = str(game)
        if n % 3 == 0:
            text = re.sub(r"O-O(-O)?", lambda m: m.group(0).replace("O", "0"), text)
        if n % 5 == 0:
            text = text.replace("+", "")
        out.append(text)
    return "\n\n".join(out) + "\n"


def test_random_games_agree_with_python_chess():
    text = random_games_pgn()
    records = pgn.read(text, "random.pgn")
    assert_same_as_python_chess(text, records)
    sans = {p.normal for r in records for p in r.plies}
    assert any("=" in s for s in sans) and "O-O" in sans and "O-O-O" in sans
    written = {p.text for r in records for p in r.plies}
    assert "0-0" in written


def test_non_canonical_san_is_normalised_and_kept_as_written():
    text = ("[Event \"Odd\"]\n\n1. e2e4 e5 2. Ng1f3 Nb8c6 3. Bb5 a6 4. Bxc6 dc6 5. 0-0 f6"
            " 6. d4 exd4 7. Nxd4 *\n")
    rec = pgn.read(text, "odd.pgn")[0]
    assert [(p.text, p.normal) for p in rec.plies] == [
        ("e2e4", "e4"), ("e5", "e5"), ("Ng1f3", "Nf3"), ("Nb8c6", "Nc6"), ("Bb5", "Bb5"),
        ("a6", "a6"), ("Bxc6", "Bxc6"), ("dc6", "dxc6"), ("0-0", "O-O"), ("f6", "f6"),
        ("d4", "d4"), ("exd4", "exd4"), ("Nxd4", "Nxd4")]
    assert rec.settle_status() == VALID


def test_comments_and_variations_do_not_shift_columns():
    line = "1. e4 {a (comment) e5} e5 2. Nf3 (2. Nc3 {x} Nc6 (2... Nf6) 3. f4) 2... Nc6 3. Bb5 *"
    text = "[Event \"Notes\"]\n\n" + line + "\n"
    rec = pgn.read(text, "notes.pgn")[0]
    for ply in rec.plies:
        assert ply.line == 3 and line[ply.column - 1:].startswith(ply.text)
    assert [p.column for p in rec.plies] == [4, 24, 30, 73, 80]
    assert rec.data["annotations"] == "a (comment) e5" and "Annotations" not in rec.tags
    assert rec.data.get("nags") is None
    assert rec.data["variations"] == 1
    assert "(2. Nc3 {x} Nc6 (2... Nf6) 3. f4)" in rec.data["movetext"]
    assert [d.code for d in rec.diagnostics] == ["CHESS-VARIATIONS"]
    assert rec.diagnostics[0].severity == INFO and rec.settle_status() == VALID


# -- errors ---------------------------------------------------------------------------------
ILLEGAL = """[Event "Broken"]
[White "A"]
[Black "B"]
[Result "*"]

1. e4 e5 2. Nf3 Nc6
3. Bb5 a6 4. Bxc6 Qxg2 5. Nxe5 *

[Event "Fine"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4# 0-1
"""


def test_illegal_move_is_an_error_with_line_and_column():
    broken, fine = pgn.read(ILLEGAL, "broken.pgn")
    errors = [d for d in broken.diagnostics if d.severity == ERROR]
    assert [(d.code, d.line, d.column) for d in errors] == [("CHESS-ILLEGAL", 7, 19)]
    assert '"Qxg2" is not a legal move for Black at move 4' in errors[0].message
    assert "nearest legal readings" in errors[0].suggestion
    assert [p.normal for p in broken.plies] == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6"]
    assert broken.settle_status() == NEEDS_REVIEW
    assert (broken.line, broken.end_line) == (1, 7)
    # the next game is read as if nothing happened; a mate gets its sign
    assert fine.line == 9 and [p.normal for p in fine.plies][-1] == "Qh4#"
    assert fine.settle_status() == VALID


def test_ambiguous_move_lists_its_readings():
    # knights on c3 and d2 both reach e4
    text = "[Event \"Amb\"]\n\n1. Nf3 d5 2. Nc3 e6 3. d3 c5 4. Nd2 h6 5. Ne4 *\n"
    rec = pgn.read(text, "amb.pgn")[0]
    diag = [d for d in rec.diagnostics if d.severity == ERROR][0]
    assert diag.code == "CHESS-AMBIGUOUS" and diag.line == 3
    assert "Nce4" in diag.suggestion and "Nde4" in diag.suggestion


def test_false_check_sign_is_a_warning():
    rec = pgn.read("[Event \"X\"]\n\n1. e4+ e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7+ *\n", "x.pgn")[0]
    codes = [(d.severity, d.code, d.column) for d in rec.diagnostics]
    # "Qxf7+" is mate: a "+" there is no lie; the "*" after a mate is "1-0", with a note (in
    # a tag of hoyle's: the game gives no Result tag, and none is made up for it)
    assert codes == [(WARNING, "CHESS-CHECK", 4), (INFO, "CHESS-RESULT", 0)]
    assert rec.plies[-1].normal == "Qxf7#" and rec.tags["HoyleResult"] == "1-0"
    assert "Result" not in rec.tags


def test_bad_fen_is_reported():
    rec = pgn.read("[Event \"X\"]\n[SetUp \"1\"]\n[FEN \"not a fen\"]\n\n1. e4 *\n", "x.pgn")[0]
    assert [(d.code, d.line, d.column) for d in rec.diagnostics] == [("CHESS-PGN", 3, 1)]
    assert not rec.plies and rec.settle_status() == NEEDS_REVIEW


# -- set-up positions ---------------------------------------------------------------------
SETUP = """[Event "Ending"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 30"]
[Result "*"]

30... Kd7 31. e4 Kc6 32. e5 *
"""


def test_setup_fen_game():
    rec = pgn.read(SETUP, "ending.pgn")[0]
    assert rec.start_position == position_key("4k3/8/8/8/8/8/4P3/4K3 b")
    assert [p.normal for p in rec.plies] == ["Kd7", "e4", "Kc6", "e5"]
    assert last_position(rec) == position_key("8/8/2k5/4P3/8/8/8/4K3 b")
    assert rec.data["fen"] == "4k3/8/8/8/8/8/4P3/4K3 b - - 0 30"
    assert "Opening" not in rec.tags
    again = pgn.read(pgn.write([rec]), "again.pgn")[0]
    assert again.start_position == rec.start_position
    assert [p.normal for p in again.plies] == [p.normal for p in rec.plies]
    assert "30... Kd7 31. e4" in pgn.write([rec])


# -- writing -------------------------------------------------------------------------------
def test_export_reimports_to_the_same_moves(counterparts):
    _, records = counterparts
    written = pgn.write(records)
    again = pgn.read(written, "again.pgn")
    assert [[p.normal for p in r.plies] for r in again] == \
        [[p.normal for p in r.plies] for r in records]
    head = written.split("\n\n")[0].split("\n")
    assert [h.split()[0][1:] for h in head[:7]] == list(pgn.SEVEN_TAG_ROSTER)
    assert f'[HoyleSource "{COUNTERPARTS.name}"]' in head
    assert '[HoyleLine "1"]' in head
    assert again[1].tags["HoyleLine"] == str(records[1].line)
    assert all(r.settle_status() == VALID for r in again)
    assert pgn.write(again) == written   # the same bytes again


def test_export_keeps_book_notation_and_start_fen():
    board = chess.Board("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
    plies = []
    for i, (book, san) in enumerate([("P-K4", "e4"), ("K-Q2", "Kd7"), ("K-K2", "Ke2")], 1):
        board.push_san(san)
        plies.append(Ply(i, book, san, 10 + i, 5, position_key(board)))
    rec = Record(kind="chess", title="Ending (1)", source="/books/hoyle.txt", line=11,
                 end_line=13, plies=plies, tags={"White": "White", "Black": "Black"},
                 data={"fen": "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"},
                 start_position="4k3/8/8/8/8/8/4P3/4K3 w")
    written = pgn.write([rec])
    assert "\n\n1. e4 Kd7 2. Ke2 *\n" in written   # no comment added to the moves
    assert '[HoylePrinted "P-K4, K-Q2, K-K2"]' in written
    assert '[HoyleTitle "Ending (1)"]' in written and "[Event " not in written
    assert '[HoyleSource "hoyle.txt"]' in written and '[HoyleLine "11"]' in written
    assert '[SetUp "1"]' in written and '[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]' in written
    again = pgn.read(written, "again.pgn")[0]
    assert [p.normal for p in again.plies] == ["e4", "Kd7", "Ke2"]
    from records.chess.family import replay_positions
    assert replay_positions(again) == [p.position for p in plies]


def test_tag_values_are_escaped():
    rec = Record(kind="chess", title="t", tags={"Event": 'The "Big" \\ Game'})
    written = pgn.write([rec])
    assert '[Event "The \\"Big\\" \\\\ Game"]' in written
    assert pgn.read(written, "x.pgn")[0].tags["Event"] == 'The "Big" \\ Game'


# -- untitled games ---------------------------------------------------------------------------
def test_untitled_games_are_numbered_in_file_order(monkeypatch):
    text = "\n".join(f"1. e4 e5 {n % 2 and '1-0' or '0-1'}\n" for n in range(10))
    monkeypatch.setattr(pgn, "BATCH_GAMES", 3)
    assert [r.title for r in pgn.read(text, "x.pgn")] == [f"Game {n}" for n in range(1, 11)]


# -- openings -------------------------------------------------------------------------------
def test_classify_ruy_lopez():
    assert chess_openings.classify("e4 e5 Nf3 Nc6 Bb5".split()) == ("C60", "Ruy Lopez", 5)


def test_classify_deepest_line_wins():
    eco, name, plies = chess_openings.classify("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7".split())
    assert name.startswith("Ruy Lopez: ") and plies == 10 and eco.startswith("C8")
    assert chess_openings.classify("e4 e5 Nf3 Nc6 Bb5 a6".split())[1] == "Ruy Lopez: Morphy Defense"


def test_classify_by_position_finds_transpositions():
    assert chess_openings.classify("Nf3 Nc6 e4 e5 Bb5".split()) == ("C60", "Ruy Lopez", 5)


def test_classify_no_match_and_set_up_positions():
    assert chess_openings.classify([]) == ("", "", 0)
    assert chess_openings.classify(["Kd7"], "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1") == ("", "", 0)


def test_opening_table_loads_quickly():
    chess_openings.table.cache_clear()
    start = time.perf_counter()
    by_key, longest = chess_openings.table()
    elapsed = time.perf_counter() - start
    print(f"opening table: {sum(map(len, by_key.values()))} lines in {elapsed:.3f} s")
    assert sum(map(len, by_key.values())) == 3807 and longest == 36
    assert elapsed < 1.0  # about 0.01 s on an idle machine; generous for a busy one


# -- archive, CLI, CSV ---------------------------------------------------------------------
def test_archive_import_twice_adds_nothing(archive, counterparts):
    text, records = counterparts
    first = archive.import_records(str(COUNTERPARTS), records)
    assert first == {"added": 20, "skipped": 0}
    second = archive.import_records(str(COUNTERPARTS), pgn.read(text, str(COUNTERPARTS)))
    assert second == {"added": 0, "skipped": 20}
    assert archive.counts()["records"] == 20
    stored = archive.get(records[3].id)
    assert [p.normal for p in stored.plies] == [p.normal for p in records[3].plies]
    found = archive.search(positions=[stored.plies[20].position])   # keyed when asked for
    assert records[3].id in {r.id for r in found}
    assert {r.id for r in archive.search(name="Capablanca")} >= {records[0].id}


def test_cli_import_json(tmp_path):
    from typer.testing import CliRunner

    from records.cli import app
    path = tmp_path / "games.pgn"
    path.write_text(ILLEGAL, encoding="utf-8")
    result = CliRunner().invoke(app, ["--db", str(tmp_path / "h.db"), "import", str(path),
                                      "--json"])
    assert result.exit_code == 1, result.output        # a record with an error
    payload = json.loads(result.stdout)
    counts = payload["counts"]
    assert counts["records"] == 2 and counts["valid"] == 1 and counts["needs_review"] == 1
    assert counts["by_kind"]["chess"]["records"] == 2
    (broken,) = payload["records"]        # only the records that carry diagnostics
    for rec in payload["records"]:
        assert {"id", "kind", "title", "status", "source", "line", "diagnostics"} <= set(rec)
    assert broken["kind"] == "chess" and broken["line"] == 1
    assert broken["title"] == "A - B, Broken" and broken["status"] == NEEDS_REVIEW
    diag = broken["diagnostics"][0]
    assert {"severity", "code", "line", "column", "message", "suggestion"} <= set(diag)
    assert (diag["code"], diag["line"], diag["column"]) == ("CHESS-ILLEGAL", 7, 19)
    again = CliRunner().invoke(app, ["--db", str(tmp_path / "h.db"), "import", str(path),
                                     "--json"])
    assert json.loads(again.stdout)["files unchanged"] == 1   # not even read again
    path.write_text("\n" + ILLEGAL, encoding="utf-8")
    moved = CliRunner().invoke(app, ["--db", str(tmp_path / "h.db"), "import", str(path),
                                     "--json"])
    assert json.loads(moved.stdout)["unchanged"] == 2 and json.loads(moved.stdout)["added"] == 0


def test_csv_has_the_chess_columns(counterparts):
    from records.core.tabular import export_csv
    _, records = counterparts
    rows = list(csv.DictReader(io.StringIO(export_csv(records[:2]))))
    assert rows[0]["white"] == "Marshall, Frank James"
    assert rows[0]["black"] == "Capablanca, Jose Raul"
    assert rows[0]["event"] == "USA m" and rows[0]["result"] == "1-0"
    assert rows[0]["eco"] == "D53" and rows[0]["opening"].startswith("Queen's Gambit Declined")
    assert rows[0]["opening"] == records[0].tags["HoyleOpening"]   # the game gives none
    assert rows[1]["moves"].split()[:4] == ["d4", "d5", "Nf3", "c5"]
    assert len(rows[1]["moves"].split()) == 83


def test_big_import_fills_full_text_index_and_rolls_back_whole(archive, counterparts):
    text, _ = counterparts
    big = "\n".join([text] * 6)
    records = pgn.read(big, "six.pgn")
    assert len(records) == 120
    broken = pgn.read(big, "broken.pgn")
    broken[19].data["unstorable"] = object()   # the 20th game cannot be stored: all roll back
    with pytest.raises(TypeError):
        archive.import_records("broken.pgn", broken)
    assert archive.counts()["records"] == 0
    assert archive.db.execute("SELECT count(*) FROM sources").fetchone()[0] == 0
    # six copies of the same 20 games are the same 20 records: stored once
    assert archive.import_records("six.pgn", records) == {"added": 20, "skipped": 100}
    assert len(archive.search(name="Bernstein")) == 1
    fts = archive.db.execute("SELECT count(*) FROM records_fts WHERE records_fts MATCH"
                             " 'Capablanca'").fetchone()[0]
    assert fts == sum("Capablanca" in r.title for r in records[:20])
    archive.import_records("one.pgn", pgn.read(SETUP, "one.pgn"))
    assert [r.title for r in archive.search(name="Ending")] == ["Ending"]


def test_opening_keys_are_rebuilt_when_the_key_format_changes(tmp_path, monkeypatch):
    rows = need(chess_openings.data_path(*chess_openings.TABLE)).read_text(encoding="utf-8")
    stale = tmp_path / "stale.tsv"
    fresh = chess_openings.table_by_hash()
    stale.write_text("\n".join("\t".join(fields[:4] + ["stale-key", fields[5], "1"])
                               for fields in (line.split("\t") for line in rows.splitlines()))
                     + "\n", encoding="utf-8")
    monkeypatch.setattr(chess_openings, "data_path", lambda *parts: stale)
    loaded = (chess_openings._rows, chess_openings.table, chess_openings.table_by_hash)
    for cached in loaded:
        cached.cache_clear()
    try:
        assert chess_openings.classify("e4 e5 Nf3 Nc6 Bb5".split()) == ("C60", "Ruy Lopez", 5)
        assert chess_openings.table_by_hash() == fresh   # hashes made afresh too
    finally:
        for cached in loaded:
            cached.cache_clear()


def test_demo_file_reads_cleanly():
    from records.core.resources import data_path
    path = data_path("demo", "chess_demo.pgn")
    records = pgn.read(path.read_text(encoding="utf-8"), str(path))
    assert len(records) == 3 and all(r.settle_status() == VALID for r in records)
    assert all(r.tags["HoyleOpening"] for r in records)


@pytest.mark.parametrize("moves, bad", [
    ("1. e4 e5 2. Nc3 Bb4 3. d3 h6 4. Nd5 *", "Nd5"),       # the knight is pinned
    ("1. e4 f5 2. Qh5+ Nf6 *", "Nf6"),                       # Black is in check
    ("1. d4 e5 2. e4 Bb4+ 3. Kf3 *", "Kf3"),                 # no such king move
    ("1. e4 d5 2. exd5 c5 3. dxc6 bxc6 4. d4 e5 5. dxe6 *", "dxe6"),  # no en passant
])
def test_quick_path_refuses_what_python_chess_refuses(moves, bad):
    rec = pgn.read(f"[Event \"X\"]\n\n{moves}\n", "x.pgn")[0]
    errors = [d for d in rec.diagnostics if d.severity == ERROR]
    assert [(d.code, d.line, d.column) for d in errors] == \
        [("CHESS-ILLEGAL", 3, moves.rindex(bad) + 1)]
    assert f'"{bad}"' in errors[0].message


def test_result_claims_are_checked():
    text = ('[Event "A"]\n[Result "1-0"]\n\n1. e4 e5 0-1\n\n'
            '[Event "B"]\n[Result "1-0"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n\n'
            '[Event "C"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n')
    a, b, c = pgn.read(text, "results.pgn")
    assert [(d.code, d.line) for d in a.diagnostics] == [("CHESS-RESULT", 4)]
    assert [d.code for d in b.diagnostics] == ["CHESS-RESULT"]
    assert '"0-1", not "1-0"' in b.diagnostics[0].message
    assert not c.diagnostics and c.settle_status() == VALID


def test_nags_are_counted_and_do_not_shift_columns():
    line = "1. e4! e5 $2 2. Nf3!? Nc6?? *"
    rec = pgn.read(f"[Event \"N\"]\n\n{line}\n", "n.pgn")[0]
    assert rec.data["nags"] == 4   # !, $2, !? and ??
    assert [line[p.column - 1:p.column - 1 + len(p.text)] for p in rec.plies] == \
        ["e4", "e5", "Nf3", "Nc6"]


def test_crlf_files_read_the_same(counterparts):
    text, records = counterparts
    crlf = pgn.read(text.replace("\n", "\r\n"), "crlf.pgn")
    assert [(r.line, r.end_line, r.tags, [asdict(p) for p in r.plies]) for r in crlf] == \
        [(r.line, r.end_line, r.tags, [asdict(p) for p in r.plies]) for r in records]
    assert crlf[0].text == records[0].text.replace("\n", "\r\n")


def test_chess960_games_replay_on_a_chess960_board():
    """Castling in Chess960 (king and rook anywhere on the back rank): replay and the position
    after each ply (it was an internal error: the king's castling read on a standard board)."""
    from records.chess.family import board_at, render_text, replay_positions
    rng = random.Random(960)
    for number in rng.sample(range(960), 12):
        board = chess.Board.from_chess960_pos(number)
        game = chess.pgn.Game.from_board(board)
        node = game
        while board.ply() < 80 and not board.is_game_over():
            moves = list(board.legal_moves)
            castles = [m for m in moves if board.is_castling(m)]
            move = castles[0] if castles and rng.random() < 0.7 else rng.choice(moves)
            node = node.add_variation(move)
            board.push(move)
        (rec,) = pgn.read(str(game) + "\n", "960.pgn")
        assert rec.settle_status() == VALID
        start, moves = board_at(rec)
        assert start.chess960 and moves == list(game.mainline_moves())
        assert board.fen() in render_text(rec) and "" not in replay_positions(rec)


def test_chess960_and_variants_go_through_python_chess():
    start = "nnrkbbqr/pppppppp/8/8/8/8/PPPPPPPP/NNRKBBQR w KQkq - 0 1"   # Chess960 no. 74
    text = (f'[Event "960"]\n[Variant "Chess960"]\n[SetUp "1"]\n[FEN "{start}"]\n\n'
            '1. O-O-O Nb6 2. d4 *\n\n'
            '[Event "KotH"]\n[Variant "King of the Hill"]\n\n1. e4 e5 2. Ke2 Ke7 3. Ke3 Ke6 4. Kd3 *\n')
    fischer, hill = pgn.read(text, "variants.pgn")
    board = chess.Board(start, chess960=True)
    for san in ("O-O-O", "Nb6", "d4"):
        board.push_san(san)
    assert [p.normal for p in fischer.plies] == ["O-O-O", "Nb6", "d4"]
    assert last_position(fischer) == position_key(board)
    assert "Opening" not in fischer.tags and not fischer.diagnostics
    assert [p.normal for p in hill.plies][-1] == "Kd3" and not hill.diagnostics


@pytest.mark.parametrize("games", [1, 40])     # a few games (plain Python) and the bulk reader
def test_piece_letters_in_lower_case_and_en_passant_marks(games):
    """`nf3`, `bb5`, `qxd8+`: python-chess took the letter for junk and played the pawn move
    after it (2. nf3 read as 2. f3); each is raised (`Nf3`) as a named repair, and only where
    the token is junk or illegal as read (`bxc6` stays a pawn's capture where that is legal).
    `e.p.` after a capture is the en passant mark, not junk."""
    board, sans = chess.Board(), []
    rng = random.Random(3)
    while len(sans) < 40 and not board.is_game_over():
        move = rng.choice(list(board.legal_moves))
        sans.append(board.san(move))
        board.push(move)
    lowered = [san[0].lower() + san[1:] if san[0] in "NBRQK" else san for san in sans]
    movetext = " ".join(f"{n // 2 + 1}. {m}" if n % 2 == 0 else m for n, m in enumerate(lowered))
    text = "".join(f'[Event "g{k}"]\n\n{movetext} *\n\n' for k in range(games))
    records = pgn.read(text, "lower.pgn")
    assert len(records) == games
    never_pawns = sum(1 for m in lowered if m[0] in "nrqk")     # no file is n, r, q or k
    for rec in records:
        assert [p.normal for p in rec.plies] == sans and rec.settle_status() == "repaired"
        raised = [d for d in rec.diagnostics if d.code == "CHESS-PIECE-CASE"]
        assert never_pawns <= len(raised) <= sum(1 for m in lowered if m[0] in "nbrqk")
        assert all(d.repair for d in raised) and movetext in rec.text   # the text as printed
    (ep,) = pgn.read('[Event "ep"]\n\n1. e4 d5 2. e5 f5 3. exf6 e.p. e6 *\n', "ep.pgn")
    assert ep.settle_status() == "valid" and [p.normal for p in ep.plies][4] == "exf6"


@pytest.mark.parametrize("copies", [1, 20])     # a few games (plain Python) and the bulk reader
def test_results_as_other_programs_write_them(copies):
    """`½-½`, `1:0`, `0:1`, `½:½`, an en dash: read as PGN's result, in the tag and after the
    moves, each noted (they were junk, the game needing review, and the tag exported as read)."""
    forms = [("½-½", "½-½", "1/2-1/2"), ("1:0", "1:0", "1-0"), ("0:1", "0:1", "0-1"),
             ("1/2-1/2", "½:½", "1/2-1/2"), ("0-1", "0–1", "0-1")]
    text = "".join(f'[Event "r{k}"]\n[Result "{tag}"]\n\n1. e4 e5 2. Nf3 Nc6 {token}\n\n'
                   for _ in range(copies) for k, (tag, token, _) in enumerate(forms))
    records = pgn.read(text, "results.pgn")
    assert len(records) == len(forms) * copies
    for rec, (tag, token, result) in zip(records, forms * copies):
        assert rec.settle_status() == VALID and rec.tags["Result"] == result, rec.diagnostics
        noted = [d.message for d in rec.diagnostics if d.code == "CHESS-RESULT-FORM"]
        assert f'"{token}" is read as the result "{result}"' in noted
        assert (tag != result) == any("Result tag" in m for m in noted)


def test_variant_games_played_to_their_own_ends_are_valid_and_read_back():
    """Random games of every variant python-chess knows, played to the end: a variant's own
    win (the centre reached, a third check, an explosion, antichess's side left bare or
    stalemated) is its "#", and its result is the variant's, not a mate's; the PGN export
    reads back with the same moves, variant and result."""
    import chess.variant
    from records.chess.pgn_write import record_pgn
    rng = random.Random(11)
    games = []
    for board_class in chess.variant.VARIANTS:
        if board_class is chess.Board:
            continue
        for k in range(6):
            board = board_class()
            game = chess.pgn.Game.from_board(board)
            game.headers["Event"] = f"{board_class.uci_variant} {k}"
            node = game
            while not board.is_game_over() and board.ply() < 400:
                move = rng.choice(list(board.legal_moves))
                node = node.add_variation(move)
                board.push(move)
            game.headers["Result"] = board.result()
            games.append(str(game))
    records = pgn.read("\n\n".join(games) + "\n", "variants.pgn")
    assert len(records) == len(games)
    from records.chess.family import board_at, descriptive_text, render_svg, render_text
    for rec, printed in zip(records, games):
        assert rec.settle_status() == VALID, (rec.title, [d.format() for d in rec.diagnostics])
        # replay draws it on its variant's board (it was an internal error: crazyhouse's
        # pockets in the FEN, horde's start); descriptive notation refuses it by name
        game = chess.pgn.read_game(io.StringIO(printed))
        start, moves = board_at(rec)
        assert type(start) is type(game.board()) and moves == list(game.mainline_moves())
        assert game.end().board().fen() in render_text(rec) and render_svg(rec, 1)
        with pytest.raises(ValueError, match="descriptive notation writes chess"):
            descriptive_text(rec)
        again, = pgn.read(record_pgn(rec), "again.pgn")
        assert [p.normal for p in again.plies] == [p.normal for p in rec.plies], rec.title
        assert again.tags["Result"] == rec.tags["Result"] == chess.pgn.read_game(
            io.StringIO(printed)).headers["Result"], rec.title


def test_bulk_reader_hashes_positions_as_the_keys_hash(counterparts):
    """The position index takes the bulk reader's hashes, made from bitboards at once; they
    must be the hashes of the keys a user's FEN or a replay gives."""
    from records.chess.family import position_hash
    from records.chess.moves import key_hash
    _, records = counterparts
    hashed = [rec for rec in records if rec.key_hashes is not None]
    assert len(hashed) >= len(records) - 2
    from records.chess.family import replay_positions
    for rec in hashed:
        keys = [rec.start_position] + replay_positions(rec)
        assert list(rec.key_hashes) == [key_hash(k) for k in keys] == [position_hash(k) for k in keys]
    assert position_hash("not a bitboard key") != position_hash("another")


# -- a big file in pieces, read by two processes ------------------------------------------------
def test_two_processes_read_a_big_file_as_one_does(counterparts, tmp_path, monkeypatch):
    from records.core import parallel, reading
    text, _ = counterparts
    path = tmp_path / "big.pgn"
    path.write_text("\n".join([text] * 6), encoding="utf-8")
    monkeypatch.setattr(reading, "PIECE_BYTES", 4000)   # many pieces, shared by the processes
    monkeypatch.setattr(parallel, "_cores", lambda: 2)

    def read(workers: str) -> list:
        monkeypatch.setenv("HOYLE_WORKERS", workers)
        source = reading.sources([str(path)])[0]
        return [rec for piece in reading.read_source(source) for rec in piece]

    single = read("1")
    forks, real_fork = [], os.fork
    monkeypatch.setattr(os, "fork", lambda: forks.append(1) or real_fork())
    double = read("2")
    assert forks == [1]   # one child for the whole file
    assert len(single) > 20
    assert [(r.title, r.line, r.end_line, r.text, r.tags, r.status, r.fingerprint)
            for r in double] == \
        [(r.title, r.line, r.end_line, r.text, r.tags, r.status, r.fingerprint) for r in single]
    assert [[asdict(p) for p in r.plies] for r in double] == \
        [[asdict(p) for p in r.plies] for r in single]
    assert [[d.to_dict() for d in r.diagnostics] for r in double] == \
        [[d.to_dict() for d in r.diagnostics] for r in single]


def test_untitled_games_of_a_big_file_are_numbered_in_the_file(tmp_path, monkeypatch):
    from records.core import reading
    path = tmp_path / "untitled.pgn"
    path.write_text("\n".join(f'[Event "?"]\n\n1. e4 e5 2. Nf3 {"Nc6" if n % 2 else "d6"} *\n'
                              for n in range(300)), encoding="utf-8")
    monkeypatch.setattr(reading, "PIECE_BYTES", 2000)   # pieces, each read from its Game 1
    pieces = list(reading.read_source(reading.sources([str(path)])[0]))
    records = [rec for piece in pieces for rec in piece]
    assert len(pieces) > 5
    assert [r.title for r in records] == [f"Game {n}" for n in range(1, 301)]
    assert records[0].line == 1 and records[-1].line == 1197


IMPOSSIBLE_FENS = [("8/8/8/8/8/8/8/K7 w - - 0 1", "Ka2", "no black king"),
                   ("4k3/8/8/8/8/8/8/4K2P w - - 0 1", "Kd2", "a pawn on the first or last rank"),
                   ("8/8/8/8/8/8/1k6/K7 w - - 0 1", "Kb1", "the side not to move is in check"),
                   ("4k3/8/8/8/8/8/8/2KK4 w - - 0 1", "Kb1", "more than one king a side")]


@pytest.mark.parametrize("fen, move, why", IMPOSSIBLE_FENS)
def test_a_game_set_up_in_a_position_no_game_can_reach_is_never_valid(fen, move, why, tmp_path):
    """A FEN with no black king, a pawn on the first rank, the side not to move in check, or
    two white kings: python-chess's status says the position is impossible, and hoyle said the
    game was `valid`. It is an error at the FEN's line, in a .pgn and in a .txt (which was read
    as a PBN game of nothing, `valid`, once the chess reading had an error)."""
    assert chess.Board(fen).status() != chess.STATUS_VALID
    text = f'[SetUp "1"]\n[FEN "{fen}"]\n\n1. {move} *\n'
    (rec,) = pgn.read(text, "set-up.pgn")
    bad = [d for d in rec.diagnostics if d.code == "CHESS-BAD-SETUP"]
    assert rec.settle_status() != VALID and [(d.line, d.severity) for d in bad] == [(2, ERROR)]
    assert why in bad[0].message
    path = tmp_path / "set-up.txt"
    path.write_text(text, encoding="utf-8")
    (as_text,) = read_path(str(path))
    assert as_text.kind == "chess" and as_text.settle_status() != VALID


def test_a_game_set_up_in_a_reachable_position_stays_valid():
    (rec,) = pgn.read('[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n\n1. e4 Kd7 *\n',
                      "ok.pgn")
    assert rec.settle_status() == VALID and not rec.diagnostics
