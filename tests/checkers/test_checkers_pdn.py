"""PDN 3.0: the standard's test files, the ACF archive, annotations, strict writing, openings."""
import json
import time

import pytest

from records.checkers import pdn
from records.checkers import engine as ck
from records.checkers import family as ckf
from records.checkers import openings as co
from records.core.model import ERROR, INVALID, NEEDS_REVIEW, REPAIRED, VALID, WARNING
from records.core.reading import read_path
from conftest import CORPUS, need

CHECKERS = CORPUS / "checkers"
STANDARD = CHECKERS / "pdn-standard-tests" / "games"
ACF = CHECKERS / "acf_archive_9377.pdn"


def settled(records):
    for rec in records:
        rec.settle_status()
    return records


def read_text(text, path="t.pdn"):
    return settled(pdn.read(text, path))


def acf_slice(games):
    text = need(ACF).read_text()
    cut = 0
    for _ in range(games):
        cut = text.find("[Event", cut + 1)
    return text[:cut] if cut > 0 else text


# -- the PDN standard's test files ----------------------------------------------------------
def test_every_succeed_file_reads_without_error():
    files = sorted(need(STANDARD / "succeed").glob("*.pdn"))
    assert len(files) == 39
    total = 0
    for path in files:
        records = settled(read_path(str(path)))
        assert records, path.name
        errors = [d.format(path.name) for r in records for d in r.diagnostics if d.severity == ERROR]
        assert not errors, errors[:3]
        assert all(r.status != INVALID for r in records), path.name
        total += len(records)
    assert total > 1500


def test_every_fail_file_is_rejected_with_line_and_column():
    files = sorted(need(STANDARD / "fail").glob("*.pdn"))
    assert len(files) == 8
    found = {}
    for path in files:
        records = read_path(str(path))
        syntax = [d for r in records for d in r.diagnostics if d.code == "PDN-SYNTAX"]
        assert syntax, path.name       # the games that break the grammar say where
        assert all(d.severity == ERROR and d.line > 0 and d.column > 0 for d in syntax), path.name
        found[path.name] = (len(syntax), len(records))
    # a file that cannot be cut into games is one invalid record; otherwise one bad game costs
    # only itself (the Italian championship file: 45 games, one not ended by a result)
    assert found["40Camp.DamaInternazionaleAssoluto.pdn"] == (1, 45)
    nested = read_path(str(STANDARD / "fail" / "nested_comment.pdn"))
    nested = next(r for r in nested if r.status == INVALID).diagnostics[0]
    assert (nested.line, nested.column) == (1, 46) and "do not nest" in nested.message
    unended = [d for r in read_path(str(STANDARD / "fail" / "delfts.pdn")) for d in r.diagnostics
               if d.code == "PDN-SYNTAX"]
    assert [(d.line, d.column) for d in unended] == [(28, 1)]
    assert "not ended by a result" in unended[0].message


def test_international_games_are_stored_not_replayed():
    records = settled(read_path(str(need(STANDARD / "succeed" / "DUTCH96H.pdn"))))
    assert len(records) == 13
    for rec in records:
        assert rec.status == NEEDS_REVIEW
        assert [d.code for d in rec.diagnostics] == ["PDN-VARIANT"]
        assert "international draughts" in rec.diagnostics[0].message
        assert rec.plies and all(p.position == "" for p in rec.plies)
    assert any(int(s) > 32 for p in records[0].plies for s in p.normal.replace("x", "-").split("-"))


def test_english_games_in_the_standard_files_replay():
    records = settled(read_path(str(need(STANDARD / "succeed" / "OCA_2.0.pdn"))))
    assert len(records) == 43 and {r.status for r in records} == {VALID}
    first = records[0]
    assert first.plies[-1].normal == "26x17x10x1" and first.tags["White"] == "Wyllie, J."
    assert first.plies[-1].position == first.data["final_position"]


def test_a_short_jump_with_two_routes_is_settled_by_the_rest_of_the_game():
    records = settled(read_path(str(need(STANDARD / "succeed" / "Tricks traps and shots.pdn"))))
    repaired = [r for r in records if r.status == REPAIRED]
    assert len(repaired) == 2
    diag = [d for d in repaired[0].diagnostics if d.code == "CHECKERS-AMBIGUOUS"][0]
    assert diag.repair and (diag.line, diag.column) == (660, 73)
    assert "10x17x26, 10x19x26" in diag.message


# -- the ACF archive ---------------------------------------------------------------------------
def test_acf_slice_replays_and_is_named():
    records = read_text(acf_slice(500), str(ACF))
    assert len(records) == 500 and {r.status for r in records} == {VALID}
    second = records[1]
    assert [p.normal for p in second.plies[8:10]] == ["9x18", "23x14x7"]
    assert second.plies[9].line == 22 and second.plies[9].column == 67
    assert second.tags["Result"] == "1-0" and second.tags["HoyleBallot"] == "104"
    assert second.data["ballot"]["moves"] == "10-15 23-19 7-10"
    assert second.start_position == ck.to_fen(ck.initial())
    assert second.plies[0].position == ck.to_fen(ck.play_path(ck.initial(), (10, 15)))
    assert sum("HoyleOpening" in r.tags for r in records) > 400
    assert sum("HoyleBallot" in r.tags for r in records) >= 499


def test_pdn_round_trip_keeps_the_games_as_written():
    text = acf_slice(60)
    records = read_text(text)
    written = pdn.write(records)
    again = read_text(written)
    assert len(again) == 60
    for a, b in zip(records, again):
        assert [p.normal for p in a.plies] == [p.normal for p in b.plies]
        assert [p.position for p in a.plies] == [p.position for p in b.plies]
        assert b.tags["Result"] == a.tags["Result"] and b.status == VALID
    first = text.split("\n\n")[0]   # its own tags, in their order, then hoyle's
    assert written.startswith(first + '\n[HoyleOpening "')
    assert pdn.write(again) == written
    strict = pdn.strict_game(records[0])   # the normal form: the roster, GameType
    assert strict.startswith('[Event "ACF archive game (anonymous)"]\n[Site "?"]')
    assert '[GameType "21"]' in strict and "Hoyle" not in strict


@pytest.mark.slow
def test_whole_acf_archive_imports_valid(archive):
    start = time.perf_counter()
    records = settled(read_path(str(need(ACF))))
    result = archive.import_records(str(ACF), records)
    elapsed = time.perf_counter() - start
    assert result == {"added": 9377, "skipped": 0}
    assert archive.counts()["by_status"] == {"valid": 9377}
    assert elapsed < 60


# -- annotations, setups, bad moves -----------------------------------------------------------
ANNOTATED = """[Event "Annotated"]
[White "W. Player"]
[Black "B. Player"]
[Result "1/2-1/2"]
[GameType "21"]

{A note before the moves} 1. 11-15 23-19 $1 2. 8-11! (2. 9-14 22-17 (2... 27-23 5-9) 5-9)
22-17 {the Old Fourteenth} 3. 4-8?! 17-13 ; a line comment
4. 15-18 1/2-1/2
"""


def test_annotations_variations_and_strict_output():
    (rec,) = read_text(ANNOTATED)
    assert rec.status == VALID and len(rec.plies) == 7
    # the 1914 Hoyle's own table, when shipped, names it first ("Old 14th (Old Fourteenth)")
    assert "Old Fourteenth" in rec.tags["HoyleOpening"]
    assert "the Old Fourteenth" in rec.data["annotations"] and "Annotations" not in rec.tags
    moves = rec.data["movetext"]["moves"]
    assert moves[2]["s"] == "!" and moves[1]["n"] == ["$1"] and len(moves[2]["v"]) == 1
    text = pdn.strict_game(rec)
    assert "{A note before the moves}" in text and "8-11!" in text and "4-8?!" in text
    # the inner variation replaces White's 22-17, so Black's reply is move 3
    assert "(2. 9-14 22-17 (2... 27-23 3. 5-9) 3. 5-9) 2... 22-17" in " ".join(text.split())
    (back,) = read_text(text)
    assert [p.normal for p in back.plies] == [p.normal for p in rec.plies]


def test_an_illegal_move_in_a_variation_is_found():
    (rec,) = read_text(ANNOTATED.replace("(2... 27-23 5-9)", "(2... 27-23 5-8)"))
    errors = [d for d in rec.diagnostics if d.severity == ERROR]
    assert [(d.code, d.line, d.column) for d in errors] == [("CHECKERS-ILLEGAL", 7, 81)]
    assert rec.status == NEEDS_REVIEW


def test_illegal_mainline_move_keeps_the_record_and_the_rest():
    (rec,) = read_text('[GameType "21"]\n1. 11-15 23-19 2. 15-18 22-17 3. 9-14 *\n')
    (diag,) = [d for d in rec.diagnostics if d.severity == ERROR]
    # after 15-18 White must jump (22x15), so 22-17 is the illegal move
    assert (diag.code, diag.line, diag.column) == ("CHECKERS-ILLEGAL", 2, 25)
    assert "'22-17'" in diag.message and "compulsory" in diag.message
    assert "22x15" in diag.suggestion
    assert rec.status == NEEDS_REVIEW and len(rec.plies) == 5
    assert [bool(p.position) for p in rec.plies] == [True, True, True, False, False]


def test_capture_not_taken_is_named():
    (rec,) = read_text('[SetUp "1"]\n[FEN "B:W18:B1,14"]\n[GameType "21"]\n1. 1-5 *\n')
    (diag,) = [d for d in rec.diagnostics if d.severity == ERROR]
    assert "compulsory" in diag.message and "14x23" in diag.suggestion


def test_setup_with_white_to_move_and_result_check():
    # the king's jump is written with a hyphen; Black is left without a piece: White won,
    # 0-1 (the first score is Black's, who moves first in English draughts)
    text = ('[SetUp "1"]\n[FEN "W:W18,K10:B5,14"]\n[Result "0-1"]\n[GameType "21"]\n'
            '1... 18x9 2. 5x14 10-17 0-1\n')
    (rec,) = read_text(text)
    assert rec.start_position == "W:WK10,18:B5,14"
    assert [p.normal for p in rec.plies] == ["18x9", "5x14", "10x17"]
    assert rec.status == VALID and rec.data["winner"] == "W"
    written = pdn.strict_game(rec)   # the normal form; an export writes the game as read
    assert '[FEN "W:WK10,18:B5,14"]' in written and "1... 18x9 2. 5x14 10x17 0-1" in written
    assert pdn.write_game(rec).startswith(text.split("1...")[0])


def test_result_against_a_finished_position_is_checked():
    """What a result says, however written: 1-0 and 2-0 the first player's (Black's) win,
    0-1 and 0-2 White's, 1/2-1/2 and 1-1 a draw."""
    for result in ("0-1", "0-2", "1/2-1/2", "1-1"):
        (rec,) = read_text(f'[SetUp "1"]\n[FEN "B:W18:B14"]\n[GameType "21"]\n14x23 {result}\n')
        assert rec.data["winner"] == "B"
        (diag,) = [d for d in rec.diagnostics if d.code == "PDN-RESULT"]
        assert diag.severity == WARNING and "Black has won" in diag.message and result in diag.message
    for result in ("1-0", "2-0"):
        (rec,) = read_text(f'[SetUp "1"]\n[FEN "B:W18:B14"]\n[GameType "21"]\n14x23 {result}\n')
        assert rec.status == VALID and not [d for d in rec.diagnostics if d.code == "PDN-RESULT"]


def test_the_result_tag_and_the_game_end_agree_by_what_they_say():
    game = '[Result "{}"]\n[GameType "21"]\n11-15 23-19 {}\n'
    for tag, end in (("1-1", "1/2-1/2"), ("1/2-1/2", "1-1"), ("2-0", "1-0"), ("0-2", "0-1")):
        (rec,) = read_text(game.format(tag, end))
        assert not [d for d in rec.diagnostics if d.code == "PDN-RESULT"], (tag, end)
        assert rec.tags["Result"] == tag and pdn.write_game(rec).endswith(f"{end}\n")
        # a search by result finds what the result says, however the file writes it
        assert ckf.matches(rec, {"result": end, "variant": "english"})
        assert not ckf.matches(rec, {"result": "0-1" if tag in ("2-0", "1-1") else "1-0"})
    (rec,) = read_text(game.format("1-0", "0-1"))
    (diag,) = [d for d in rec.diagnostics if d.code == "PDN-RESULT"]
    assert "the Result tag says 1-0 but the game text ends with 0-1" in diag.message


def test_the_corpus_wins_are_the_first_players_at_1_0():
    """The evidence for reading 1-0 as Black's win in English draughts: in the American
    Checker Federation archive, the side that made the last move (mostly the winner, the
    loser resigning) is Black in most 1-0 games and White in most 0-1 games."""
    records = pdn.read(acf_slice(1500), "acf.pdn")
    last = {"1-0": {"B": 0, "W": 0}, "0-1": {"B": 0, "W": 0}}
    initial = ck.to_fen(ck.initial())
    for rec in records:
        if rec.tags.get("Result") in last and rec.plies and rec.start_position in ("", initial):
            last[rec.tags["Result"]]["B" if len(rec.plies) % 2 else "W"] += 1
    assert last["1-0"]["B"] > 4 * last["1-0"]["W"] and last["0-1"]["W"] > 4 * last["0-1"]["B"]


def test_fen_errors_and_tolerant_fen():
    (bad,) = read_text('[SetUp "1"]\n[FEN "B:W18:B18"]\n[GameType "21"]\n*\n')
    assert [d.code for d in bad.diagnostics] == ["PDN-FEN"] and bad.diagnostics[0].line == 2
    (ranged,) = read_text('[SetUp "1"]\n[FEN "B:W21-32:B1-12."]\n[GameType "21"]\n11-15 *\n')
    assert ranged.status == VALID and ranged.start_position == ck.to_fen(ck.initial())


# -- openings ---------------------------------------------------------------------------------
def test_opening_named_by_deepest_position_even_by_transposition():
    (rec,) = read_text("11-15 23-19 8-11 22-17 9-13 *")
    assert rec.tags["HoyleOpening"] == "Laird and Lady" and rec.data["opening"]["ply"] == 5
    # the same position reached in another order still gets the name
    (other,) = read_text("11-15 22-17 8-11 23-19 9-13 *")
    assert other.tags["HoyleOpening"] == "Laird and Lady"
    (ballot,) = read_text("9-13 22-17 13x22 25x18 *")
    assert ballot.tags["HoyleBallot"] == "4" and ballot.data["ballot"]["deck"] == "standard"


def test_shipped_opening_facts_are_what_the_corpus_gives(tmp_path):
    need(CHECKERS / "named_openings.tsv")
    counts = co.rebuild(CHECKERS, tmp_path)
    assert counts == {"openings": 119, "ballots": 174}
    from records.core.resources import data_path
    for name in ("openings.tsv", "ballots_3move.tsv"):
        assert (tmp_path / name).read_text() == data_path("checkers", name).read_text()


def test_ballot_fens_agree_with_their_moves():
    rows = co.ballots()
    assert len(rows) == 174 and sum(r["deck"] == "standard" for r in rows) == 157
    for row in rows:
        moves, pos = co.replay_moves(row["moves"])
        assert ck.to_fen(pos) == row["fen"]


def test_hoyle_table_is_read_when_present(tmp_path, monkeypatch):
    from records.core import resources
    (tmp_path / "checkers").mkdir()
    for name in ("openings.tsv", "ballots_3move.tsv"):
        (tmp_path / "checkers" / name).write_text(resources.data_path("checkers", name).read_text())
    (tmp_path / "checkers" / "hoyle1914_openings.tsv").write_text(
        "name\tmoves\nDyke\t11-15 22-17 15-19\nNot a line\t11-15 11-15\n")
    monkeypatch.setattr(co, "data_path", lambda *parts: tmp_path.joinpath(*parts))
    for fn in (co.openings, co._names_by_position):
        fn.cache_clear()
    try:
        (rec,) = read_text("11-15 22-17 15-19 24x15 *")
        assert rec.tags["HoyleOpening"] == "Dyke" and rec.data["opening"]["source"] == "hoyle1914"
    finally:
        for fn in (co.openings, co._names_by_position):
            fn.cache_clear()


# -- the family API -------------------------------------------------------------------------
def test_family_api_render_export_keys_prefixes():
    (rec,) = read_text(ANNOTATED)
    board = ckf.render_text(rec, 2)
    assert "after ply 2" in board and "White" not in board.splitlines()[0]
    assert "Black to move" in board and "⛂" in board
    svg = ckf.render_svg(rec, None)
    assert svg.startswith("<svg") and svg.count("<circle") == 24
    exported = json.loads(ckf.export([rec], "json"))
    assert exported[0]["plies"][0] == {"ply": 1, "text": "11-15", "move": "11-15", "line": 7,
                                       "column": 30, "position": rec.plies[0].position}
    assert ckf.export([rec], "pdn").startswith('[Event "Annotated"]')
    with pytest.raises(ValueError):
        ckf.export([rec], "pgn")
    assert ckf.position_key("B:W21-32:B1-12") == ck.to_fen(ck.initial())
    assert ckf.position_key("not a fen") is None
    assert ckf.move_prefixes("11-15 23-19") == [["11-15", "23-19"]]
    assert ckf.move_prefixes("1. 11 15 23 19") == [["11-15", "23-19"]]
    assert ckf.move_prefixes("9-13 22-17 13-22") == [["9-13", "22-17", "13x22"]]
    assert ckf.move_prefixes("11-15 11-15") == [["11-15", "11-15"]]   # as written, for 10x10
    assert ckf.move_prefixes("33-29 17-21") == [["33-29", "17-21"]]
    assert ckf.move_prefixes("P-K4") == []


def test_archive_search_by_position_moves_and_name(archive, tmp_path):
    src = tmp_path / "games.pdn"
    src.write_text(acf_slice(40))
    records = settled(read_path(str(src)))
    archive.import_records(str(src), records)
    target = records[5]
    key = ckf.position_key(target.plies[9].position)
    found = archive.search(kind="checkers", positions=[key])
    assert target.title in [r.title for r in found]
    prefix = ckf.move_prefixes(" ".join(p.normal for p in target.plies[:4]))[0]
    hits = archive.search(kind="checkers", move_prefix=prefix)
    assert hits and all(r.title for r in hits)
    named = archive.search(kind="checkers", name=target.tags["HoyleOpening"].split(" (")[0])
    assert target.title in [r.title for r in named]


def test_two_process_reading_gives_the_same_records(monkeypatch):
    text = acf_slice(200)
    monkeypatch.setenv("HOYLE_WORKERS", "1")
    serial = pdn.read(text, "a.pdn")
    monkeypatch.setenv("HOYLE_WORKERS", "2")
    monkeypatch.setattr(pdn, "PARALLEL_MIN_CHARS", 1000)
    assert pdn._cut(text) is not None
    parallel = pdn.read(text, "a.pdn")
    assert len(parallel) == len(serial) == 200
    for a, b in zip(serial, parallel):
        assert (a.line, a.end_line, a.text, a.tags) == (b.line, b.end_line, b.text, b.tags)
        assert a.plies == b.plies


def test_a_broken_tag_pair_is_named():
    (rec,) = pdn.read('[Event "no closing quote]\n1. 11-15 *\n', "t.pdn")
    assert rec.status == INVALID
    diag = rec.diagnostics[0]
    assert (diag.line, diag.column) == (1, 1) and "tag pair" in diag.message


def test_strict_output_keeps_only_moves_that_replay():
    (rec,) = read_text('[GameType "21"]\n[Result "1-0"]\n1. 11-15 23-19 2. 15-18 22-17 3. 9-14 1-0\n')
    strict = pdn.strict_game(rec)
    assert "1. 11-15 23-19 2. 15-18 {not replayed from here: 22-17 9-14} *" in strict
    (back,) = read_text(strict)
    assert [p.normal for p in back.plies] == ["11-15", "23-19", "15-18"]
    assert not [d for d in back.diagnostics if d.severity == ERROR]
    written = pdn.write_game(rec)   # an export: the game as printed, and why it needs review
    assert written.endswith("\n\n1. 11-15 23-19 2. 15-18 22-17 3. 9-14 1-0\n")
    (back,) = read_text(written)
    assert back.diagnostics == rec.diagnostics and back.status == rec.status == NEEDS_REVIEW
    assert [(p.text, p.normal) for p in back.plies] == [(p.text, p.normal) for p in rec.plies]


def test_a_late_misprint_without_gametype_stays_an_english_error():
    (rec,) = read_text("1. 11-15 23-19 2. 8-11 22-17 3. 15-19 *")
    assert [d.code for d in rec.diagnostics if d.severity == ERROR] == ["CHECKERS-ILLEGAL"]
    (italian,) = read_text("1. 21-17 9-13 *")
    assert [d.code for d in italian.diagnostics] == ["PDN-VARIANT"]


def test_family_filters_result_variant_ballot():
    english = read_text(acf_slice(3))
    international = settled(read_path(str(need(STANDARD / "succeed" / "DUTCH96H.pdn"))))
    assert ckf.matches(english[1], {"result": "1-0"}) and not ckf.matches(english[0], {"result": "1-0"})
    assert ckf.matches(english[0], {"variant": "english"})
    assert not ckf.matches(english[0], {"variant": "international"})
    assert ckf.matches(international[0], {"variant": "international"})
    assert ckf.matches(english[1], {"score": "104"}) and not ckf.matches(english[2], {"score": "104"})
    assert not ckf.matches(english[0], {"holding": "four aces"})


def test_other_variants_are_never_drawn_on_the_english_board():
    rec = settled(read_path(str(need(STANDARD / "succeed" / "DUTCH96H.pdn"))))[0]
    text = ckf.render_text(rec, None)
    assert "no position to show" in text and "international draughts" in text
    assert "<circle" not in ckf.render_svg(rec, 3)


def test_one_bad_game_costs_only_itself():
    """A bad token, or variations nested past what can be followed, in one game: that game is
    an invalid record with its diagnostic at its line; every other game is read as before."""
    text = need(CHECKERS / "acf_archive_9377.pdn").read_text(encoding="utf-8")
    text = text[:text.index("[Event", 60_000)]               # the first hundred-odd games
    whole = pdn.read(text, "acf.pdn")
    at = text.index("11-15", 30_000)
    line = text.count("\n", 0, at) + 1
    broken = pdn.read(text[:at] + "11-15 @@@ " + text[at + 5:], "acf.pdn")
    (bad,) = [r for r in broken if r.status == INVALID]
    assert (bad.diagnostics[0].code, bad.diagnostics[0].line) == ("PDN-SYNTAX", line)
    assert bad.line <= line <= bad.end_line
    key = lambda r: (r.line, r.end_line, r.title, [p.normal for p in r.plies], r.status)
    assert [key(r) for r in broken if r is not bad] == \
        [key(r) for r in whole if not r.line <= line <= r.end_line]
    first_game_end = text.index("[Event", 10)
    nested = "(" * 3000 + ")" * 3000
    deep = pdn.read(text[:first_game_end].replace("11-15", "11-15 " + nested, 1)
                    + text[first_game_end:], "acf.pdn")
    assert [d.code for d in deep[0].diagnostics] == ["PDN-NESTING"] and deep[0].status == INVALID
    assert [key(r) for r in deep[1:]] == [key(r) for r in whole[1:]]


def test_nothing_never_closed_takes_the_next_game():
    text = ('[Event "A"]\n\n1. 11-15 {never closed 23-19 2. 8-11 *\n\n'
            '[Event "B"]\n\n1. 9-13 (1. 10-14 22-18 *\n\n'
            '[Event "C"]\n[GameType "21"]\n\n1. 11-15 23-19 1-0\n')
    a, b, c = pdn.read(text, "damaged.pdn")
    assert [(a.status, a.line), (b.status, b.line)] == [(INVALID, 3), (INVALID, 7)]
    assert [(d.code, d.line, d.column) for d in a.diagnostics] == [("PDN-SYNTAX", 3, 10)]
    assert "this comment is never closed" in a.diagnostics[0].message
    assert [(d.code, d.line, d.column) for d in b.diagnostics] == [("PDN-SYNTAX", 7, 9)]
    assert "this variation is never closed" in b.diagnostics[0].message
    assert c.title == "C" and c.line == 9 and [p.normal for p in c.plies] == ["11-15", "23-19"]
