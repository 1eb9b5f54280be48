"""Checkers book notation: the 1914 Hoyle's tables, and books in other layouts."""
import json

import pytest
from conftest import HOYLE_1914, need

from records.checkers import endgame, engine, lines, notation, replay
from records.checkers.scan import scan_book
from records.core.model import ERROR, INFO, NEEDS_REVIEW, REPAIRED, VALID, WARNING
from records.core.resources import data_path

SOUND_CODES = {"CHECKERS-OCR", "CHECKERS-TYPOGRAPHY", "CHECKERS-CLAIM-UNDECIDED",
               "CHECKERS-RECONSTRUCTED"}


@pytest.fixture(scope="module")
def hoyle():
    text = need(HOYLE_1914).read_text(encoding="utf-8")
    return {r.title: r for r in scan_book(text, str(HOYLE_1914))}


def scan(text: str):
    records = scan_book(text, "book.txt")
    for rec in records:
        rec.settle_status()
    return records


def codes(rec, severities=(ERROR, WARNING)):
    return [(d.code, d.line, d.column) for d in rec.diagnostics if d.severity in severities]


# -- the grammar ----------------------------------------------------------------------
def test_tokens_keep_line_and_column_and_read_ocr_slips():
    toks = notation.tokens("A 10 6\tI-5  5- I", line=7, column=3)
    assert [(t.kind, t.text, t.line, t.column, t.label) for t in toks] == [
        ("move", "10 6", 7, 5, "A"), ("move", "I-5", 7, 10, ""), ("move", "5- I", 7, 15, "")]
    assert [(s.value, s.ocr, s.column) for s in toks[2].squares] == [(5, False, 15), (1, True, 18)]
    assert [t.style for t in toks] == ["spaced", "joined", "joined"]


@pytest.mark.parametrize("text,kind", [
    ("VAR. A.", "variation"), ("WHITE TO MOVE", "side"), ("BLACK TO PLAY", "side"),
    ("B wins", "result"), ("W wins", "result"), ("Drawn", "result"), ("(1)", "number"),
    ("B:W18,24,27,K10:B12,16,K22", "fen"), ("27.32", "move"), ("11 to 15", "move"),
    ("15x22x29", "move"), ("3- 8", "move"), ("23 19", "move")])
def test_token_kinds(text, kind):
    assert [t.kind for t in notation.tokens(text)] == [kind]


def test_prose_words_are_not_moves():
    toks = notation.tokens("Black opened 11 to 15, and White answered 23 to 19.")
    assert [t.text for t in toks if t.kind == "move"] == ["11 to 15", "23 to 19"]


# -- the 1914 Hoyle ---------------------------------------------------------------------
def test_hoyle_openings_table(hoyle):
    openings = [r for r in hoyle.values() if "Opening" in r.tags]
    assert len(openings) == 28
    irregular = [r for r in openings if r.title.startswith("Irregular Openings")]
    assert len(irregular) == 3 and len(openings) - len(irregular) == 25
    assert all(r.status == VALID for r in openings)
    assert [p.normal for p in hoyle["Alma"].plies] == ["11-15", "23-19", "8-11", "22-17", "3-8"]
    assert [p.normal for p in hoyle["Irregular Openings (3)"].plies] == [
        "10-15", "22-18", "15x22", "25x18"]
    assert hoyle["Old 14th"].tags["Opening"] == "Old Fourteenth"
    fife = hoyle["F. E."]
    [note] = [d for d in fife.diagnostics if d.code == "CHECKERS-NAME"]
    assert (note.severity, note.line, note.column) == (INFO, 2864, 40)
    assert fife.tags["Opening"] == "Fife" and fife.status == VALID
    assert {"F. E.", "Will o' the Wisp", "Maid of the Mill", "Second Double Corner"} <= set(hoyle)
    assert fife.data["layout"] == "each column on its own, top to bottom"


def test_hoyle_typography_contradiction_is_only_a_note(hoyle):
    old = hoyle["Old 14th"]
    notes = [d for d in old.diagnostics if d.code == "CHECKERS-TYPOGRAPHY"]
    assert [(d.severity, d.line, d.column) for d in notes] == [(INFO, 2875, 13)]
    assert old.plies[3].normal == "22-17" and old.status == VALID


def test_hoyle_every_ending_line_titled_as_printed(hoyle):
    endings = sorted(t for t in hoyle if t.startswith("Position No."))
    assert {hoyle[t].data["layout"] for t in endings} == {"down each column, then across"}
    assert endings == sorted([
        "Position No. 1", "Position No. 1, Var. A", "Position No. 1, Var. B",
        "Position No. 2",
        "Position No. 3, White to move", "Position No. 3, Var. A", "Position No. 3, Var. B",
        "Position No. 3, Black to move", "Position No. 3, Var. C", "Position No. 3, Var. D",
        "Position No. 4, Black to play", "Position No. 4, White to play"])
    assert [len(hoyle[t].plies) for t in endings if t.startswith("Position No. 1")] == [68, 50, 39]
    assert all(hoyle[t].plies for t in endings)


def test_hoyle_real_errors_exactly(hoyle):
    found = sorted((r.title, d.code, d.line, d.column, d.suggestion)
                   for r in hoyle.values() for d in r.diagnostics
                   if d.severity in (ERROR, WARNING) and d.code not in SOUND_CODES)
    assert found == [
        ("Position No. 1", "CHECKERS-REPAIRED", 2935, 6, 'read "14-10"'),
        ("Position No. 1, Var. A", "CHECKERS-MISSING-MOVE", 2945, 22, 'insert "9-6"'),
        ("Position No. 2", "CHECKERS-REPAIRED", 2958, 1, 'read "9-14"'),
    ]
    assert all(d.repair for r in hoyle.values() for d in r.diagnostics
               if d.severity == WARNING)
    statuses = {t: r.status for t, r in hoyle.items() if r.status != VALID}
    assert statuses == {t: REPAIRED for t in ("Position No. 1", "Position No. 1, Var. A",
                                             "Position No. 1, Var. B", "Position No. 2")}


def test_hoyle_ocr_slips_are_named_where_they_are(hoyle):
    slips = [(d.line, d.column) for d in hoyle["Position No. 1"].diagnostics
             if d.code == "CHECKERS-OCR"]
    assert (2931, 3) in slips            # "8 II" on the second row
    every = [(d.line, d.column) for r in hoyle.values() for d in r.diagnostics
             if d.code == "CHECKERS-OCR"]
    assert len(every) == len(set(every)) == 33      # each I of Position No. 1, once
    assert hoyle["Position No. 1"].plies[1].text == "8 II"
    assert hoyle["Position No. 1"].plies[1].normal == "8-11"
    assert all(not d.repair or d.severity == WARNING for d in hoyle["Position No. 2"].diagnostics)


def test_hoyle_variation_carries_its_parents_moves(hoyle):
    main, var_a = hoyle["Position No. 1"], hoyle["Position No. 1, Var. A"]
    assert var_a.data["branch"] == {"parent": "Position No. 1", "at_ply": 8}
    assert [p.normal for p in var_a.plies[:7]] == [p.normal for p in main.plies[:7]]
    assert var_a.plies[7].normal == "30-25" and main.plies[7].normal == "10-6"
    assert var_a.start_position == main.start_position == "B:WK8,30:B22,27"
    assert var_a.plies[-1].position == engine.to_fen(
        replay.replay_line(var_a, engine.from_fen(var_a.start_position),
                          [t for p in var_a.plies for t in notation.tokens(p.normal.replace("x", "-"))],
                          typography=False).positions[-1])


def test_hoyle_claims(hoyle):
    assert hoyle["Position No. 2"].data["claim"] == {"printed": "B wins", "searched": "B"}
    searched = {t: r.data["claim"]["searched"] for t, r in hoyle.items() if "claim" in r.data}
    assert len(searched) == 12
    assert searched["Position No. 1"] == searched["Position No. 1, Var. A"] == "B"
    assert searched["Position No. 3, White to move"] == searched["Position No. 3, Var. C"] == "W"
    undecided = {t for t, v in searched.items() if v is None}
    assert all(any(d.code == "CHECKERS-CLAIM-UNDECIDED" and d.severity == INFO
                   for d in hoyle[t].diagnostics) for t in undecided)
    assert hoyle["Position No. 4, White to play"].tags["Result"] == "1/2-1/2"
    for rec in hoyle.values():
        assert not any(d.code == "CHECKERS-CLAIM" for d in rec.diagnostics)


def test_hoyle_position_3_is_reconstructed(hoyle):
    entry = {e["number"]: e for e in lines.endings()}["3"]
    assert entry["reconstructed"] and "reconstructed" in entry["from"]
    rec = hoyle["Position No. 3, Black to move"]
    assert rec.start_position == "B" + entry["fen"][1:]
    assert any(d.code == "CHECKERS-RECONSTRUCTED" for d in rec.diagnostics)
    solution = [r for t, r in hoyle.items() if t.startswith("Position No. 3")]
    assert len(solution) == 6
    assert lines.reconstruct_start(lines.solution_lines(solution)) == [
        entry["fen"], *entry["alternatives"]]


def test_shipped_endings_match_the_standard_positions():
    data = json.loads(data_path("checkers", "endings_hoyle1914.json").read_text())
    fens = {e["number"]: e["fen"] for e in data["endings"]}
    assert fens["1"] == "B:WK8,30:B22,27" and fens["4"] == "B:W30,K31,K32:B21,K22,K23,K28"
    # No. 2 is two plies before Hoffmann's Second Position
    after = engine.from_fen(fens["2"])
    for frm, to in ((1, 5), (8, 11)):
        after = engine.play(after, engine.moves_matching(after, frm, to)[0])
    assert engine.to_fen(after) == engine.to_fen(engine.from_fen("B:WK11,12,13:B3,K5,6"))


def test_openings_tsv_matches_the_book(hoyle):
    rows = [r.split("\t") for r in data_path("checkers", "hoyle1914_openings.tsv")
            .read_text().splitlines() if r and not r.startswith("#")][1:]
    assert len(rows) == 28
    for name, _, moves in rows:
        assert moves.split() == [p.normal for p in hoyle[name].plies]


# -- other layouts --------------------------------------------------------------------------
PROSE = """A GAME AT DRAUGHTS

The Laird and Lady, as played at the club.
Black opened 11 to 15, and White answered 23 to 19; then 8 to 11, 22 to 17;
9 to 13, 17 to 14; 10 to 17, 21 to 14; 15 to 18, 24 to 20.

The rest of the evening passed quietly.
"""


def test_prose_moves():
    [rec] = scan(PROSE)
    assert rec.title == "The Laird and Lady, as played at the club"
    assert [p.normal for p in rec.plies] == ["11-15", "23-19", "8-11", "22-17", "9-13",
                                             "17-14", "10x17", "21x14", "15-18", "24-20"]
    assert rec.status == VALID and rec.data["layout"] == "row by row"
    assert (rec.plies[6].line, rec.plies[6].column) == (5, 20)


def test_numbered_moves_with_an_ocr_slip_and_a_misprint():
    text = ("GAME No. 3. Single Corner.\n\n"
            "(1) 11-15 22-18 (2) 15-22 25-18 (3) 8-11 29-25 (4) 4-8 25-22\n"
            "(5) l2-16 24-20 (6) 10-15 27-24 (7) 8-12 23-19\n")
    [rec] = scan(text)
    assert rec.title == "GAME No. 3. Single Corner"
    assert [d.code for d in rec.diagnostics if d.severity == WARNING] == ["CHECKERS-OCR"]
    assert rec.plies[8].normal == "12-16" and rec.status == REPAIRED
    [bad] = scan(text.replace("27-24", "27-23"))     # 23 is taken: the book slipped
    [fix] = [d for d in bad.diagnostics if d.code == "CHECKERS-REPAIRED"]
    assert (fix.line, fix.column, fix.suggestion, fix.repair) == (4, 27, 'read "27-24"', True)
    assert [p.normal for p in bad.plies] == [p.normal for p in rec.plies]


def test_missing_move_is_reported_as_missing():
    text = "(1) 11-15 23-19 (2) 8-11 22-17 (3) 9-13 (4) 10-17 21-14 (5) 15-18 24-20\n"
    [rec] = scan(text)
    [miss] = [d for d in rec.diagnostics if d.severity == WARNING]
    assert miss.code == "CHECKERS-MISSING-MOVE" and (miss.line, miss.column) == (1, 45)
    assert miss.suggestion == 'insert "17-14"'
    assert rec.plies[5].text == "" and rec.plies[6].normal == "10x17"
    assert rec.status == REPAIRED


def test_impossible_move_with_no_single_repair_is_an_error():
    [rec] = scan("(1) 11-15 23-19 (2) 8-11 22-17 (3) 32-1 17-13\n")
    [err] = [d for d in rec.diagnostics if d.severity == ERROR]
    assert err.code == "CHECKERS-ILLEGAL" and (err.line, err.column) == (1, 36)
    assert rec.status == NEEDS_REVIEW and len(rec.plies) == 4


DOTTED = """FIRST POSITION. Black to move and win.
B:WK8,30:B22,27

27.32   27.23   26.31
8.11    7.10    6.9
32.27   22.26   31.26
11.7    10.6    B. wins.
"""


def test_dotted_columns_from_a_printed_setup():
    [rec] = scan(DOTTED)
    assert rec.start_position == "B:WK8,30:B22,27"
    assert [p.normal for p in rec.plies][:6] == ["27-32", "8-11", "32-27", "11-7", "27-23",
                                                 "7-10"]
    assert rec.tags["Result"] == "1-0" and rec.status == VALID
    assert any(d.code == "LAYOUT" and d.severity == INFO and "down each column, then across"
               in d.message for d in rec.diagnostics)


def test_rows_of_move_pairs_read_across():
    text = "Game.\n11-15   23 19\n8-11    22 17\n4-8     17 13\n"
    [rec] = scan(text)
    assert [p.normal for p in rec.plies] == ["11-15", "23-19", "8-11", "22-17", "4-8", "17-13"]


def test_several_jump_paths_are_all_kept():
    text = "B:W7,8,14,15,16,30:BK3\n(1) 3-17 30-26 (2) 17-21 26-22\n"
    [rec] = scan(text)
    assert rec.status == NEEDS_REVIEW
    assert sorted(rec.data["candidates"]["1"]) == ["3x10x17", "3x12x19x10x17"]


def test_exact_analysis_of_small_endings():
    assert endgame.solve_exactly(engine.from_fen("B:WK1:BK5,K32"), 100_000) == "B"
    assert endgame.solve_exactly(engine.from_fen("W:WK1:BK5,K32"), 100_000) == "B"
    assert endgame.solve_exactly(engine.from_fen("B:WK1:BK32"), 100_000) == "draw"
    # a side with no move has lost
    assert endgame.outcome(engine.from_fen("W:W29:B25,K22")) == "B"


def test_a_false_claim_is_reported():
    [rec] = scan("B:WK1:BK32\n32-27 1-6 27-23 6-10 B wins\n")
    [claim] = [d for d in rec.diagnostics if d.code == "CHECKERS-CLAIM"]
    assert claim.severity == WARNING and "draw" in claim.message
    assert rec.data["claim"]["searched"] == "draw"


def test_cli_imports_the_hoyle(tmp_path):
    from typer.testing import CliRunner

    from records.cli import app
    need(HOYLE_1914)
    result = CliRunner().invoke(app, ["--db", str(tmp_path / "h.db"), "import",
                                      str(HOYLE_1914), "--kind", "checkers", "--json"])
    payload = json.loads(result.stdout)
    assert payload["counts"]["by_kind"]["checkers"]["records"] == 40
    assert payload["counts"]["by_kind"]["checkers"]["repaired"] == 4


LEES = """SINGLE CORNER.

   Game 1.     Game 2.     Game 3.
   11.15       11.15       11.15
   22.18       22.18       22.18
   15.22       15.22       15.22
   25.18       25.18       25.18
    8.11       12.16        8.11
   29.25       29.25       26.22
    4.8         9.13       10.15
   25.22       18.14
"""


def test_a_column_per_game():
    records = scan(LEES)
    assert [r.title for r in records] == ["SINGLE CORNER, Game 1", "SINGLE CORNER, Game 2",
                                          "SINGLE CORNER, Game 3"]
    assert [len(r.plies) for r in records] == [8, 8, 7]
    assert records[1].plies[4].normal == "12-16" and all(r.status == VALID for r in records)
    assert (records[2].plies[5].line, records[2].plies[5].column) == (9, 28)


def test_position_stated_in_words():
    text = ("PROBLEM 7.\nBlack men on 6 and 10; king on 27. White men on 22 and 31; king on 18.\n"
            "Black to move.\n\n10-14  31-24  14-23  24-20  6-9  22-18  9-13  18-15\n")
    [rec] = scan(text)
    assert rec.title == "PROBLEM 7" and rec.start_position == "B:WK18,22,31:B6,10,K27"
    assert rec.plies[1].normal == "31x24" and rec.status == VALID
    assert notation.stated_position("Black: 1, 5, K9. White: 18, 22, K30. White to move.") == \
        "W:W18,22,K30:B1,5,K9"


SOLUTION = ("FIRST POSITION.\nB:WK8,30:B22,27\n\n"
            "Solution of Position No. 1, Black to move and win.\n\n"
            "27-32\t27-23\t26-31\t23-18\n8 11\t7 10\tB wins\t10 6\n"
            "32-27\t22-26\tVAR. A.\t18-14\n11 3\tA 10 6\t30 25\t6 1\n")


def test_solution_with_a_variation_and_a_printed_setup():
    main, var_a = scan(SOLUTION)
    assert (main.title, var_a.title) == ("Position No. 1", "Position No. 1, Var. A")
    assert main.start_position == var_a.start_position == "B:WK8,30:B22,27"
    [fix] = [d for d in main.diagnostics if d.code == "CHECKERS-REPAIRED"]
    assert (fix.line, fix.column, fix.suggestion) == (9, 1, 'read "11-7"')
    assert var_a.data["branch"] == {"parent": "Position No. 1", "at_ply": 8}
    assert [p.normal for p in var_a.plies[7:]] == ["30-25", "23-18", "10-6", "18-14", "6-1"]
    assert [d.code for d in var_a.diagnostics if d.severity != INFO or d.code == "CHECKERS-INHERITED"] \
        == ["CHECKERS-INHERITED"]
    assert any(d.code == "CHECKERS-BRANCH-START" and "label" in d.message for d in var_a.diagnostics)
    assert var_a.status == VALID and main.status == REPAIRED


def test_solution_without_any_known_setup_is_kept_with_an_error():
    text = ("Solution of Position No. 9, White to move and win.\n\n"
            "27-32\t27-23\n8 11\t7 10\n")
    [rec] = scan(text)
    assert [d.code for d in rec.diagnostics] == ["CHECKERS-NO-POSITION"]
    assert rec.status == NEEDS_REVIEW and rec.plies == []


@pytest.mark.parametrize("text,squares", [("lO-15", [10, 15]), ("1S-19", [15, 19]),
                                          ("8 II", [8, 11]), ("IO 6", [10, 6])])
def test_ocr_squares(text, squares):
    [tok] = notation.tokens(text)
    assert [s.value for s in tok.squares] == squares and any(s.ocr for s in tok.squares)


def test_words_made_of_ocr_letters_stay_words():
    assert all(t.kind != "move" for t in notation.tokens("IT IS 22 YEARS, SO 15 MEN"))


def test_prose_game_continues_through_commentary():
    text = ("THE DYKE.\n"
            "Black opens 11 to 15, White 22 to 17, and Black 15 to 19.\n"
            "White must now be careful; the natural reply, which most players would choose\n"
            "without much thought, is 24 takes 15, and Black retakes 10 to 19.\n")
    [rec] = scan(text)
    assert rec.title == "THE DYKE"
    assert [p.normal for p in rec.plies] == ["11-15", "22-17", "15-19", "24x15", "10x19"]
    assert rec.status == VALID and (rec.plies[3].line, rec.plies[3].column) == (4, 26)


def test_moves_from_an_unknown_position_are_kept_with_an_error():
    text = ("A PROBLEM.\n"
            "18-23 27-18 14-23 26-19 10-14 19-15 14-18 15-10 18-22 10-6 22-26 6-2\n")
    [rec] = scan(text)
    [err] = rec.diagnostics
    assert (err.code, err.severity, err.line, err.column) == ("CHECKERS-NO-POSITION", ERROR, 2, 1)
    assert rec.status == NEEDS_REVIEW and rec.plies == [] and rec.data["printed_moves"][0] == "18-23"


def test_a_table_from_a_lost_diagram_is_kept_with_an_error():
    text = ("Solution.\n\n18.23   10.14   18.22\n27.18   19.15   15.10\n"
            "14.23   14.18   22.26\n26.19   10.6    6.2\n")
    [rec] = scan(text)
    assert [d.code for d in rec.diagnostics] == ["CHECKERS-NO-POSITION"]
    assert rec.status == NEEDS_REVIEW and len(rec.data["printed_moves"]) == 12


def test_unreadable_setup_is_an_error_not_the_initial_position():
    [rec] = scan("B:W99:B1\n11-15 23-19 8-11 22-17 9-13 17-14\n")
    [err] = rec.diagnostics
    assert (err.code, err.line, err.column) == ("CHECKERS-SETUP-UNREADABLE", 1, 1)
    assert rec.plies == [] and rec.status == NEEDS_REVIEW


def test_a_bad_column_of_an_opening_table_is_reported():
    bad, good = scan("X.\tY.\n99-15\t11-16\n23 19\t24 20\n")
    assert good.status == VALID
    [err] = [d for d in bad.diagnostics if d.severity == ERROR]
    assert (err.code, err.line, err.column) == ("CHECKERS-ILLEGAL", 2, 1)
    assert sorted(bad.data["repair_candidates"]) == ["10-15", "11-15"]


def test_a_legal_misprint_found_from_the_impossible_move_after_it():
    good = "(1) 11-15 23-19 (2) 8-11 22-17 (3) 4-8 17-13 (4) 15-18 24-20 (5) 11-15 28-24\n"
    [rec] = scan(good.replace("17-13", "17-14"))     # legal, but 15-18 then is not
    [fix] = [d for d in rec.diagnostics if d.severity == WARNING]
    assert (fix.code, fix.line, fix.column, fix.suggestion) == (
        "CHECKERS-REPAIRED", 1, 40, 'read "17-13"')
    assert [p.normal for p in rec.plies] == [p.normal for p in scan(good)[0].plies]
    assert rec.status == REPAIRED


def test_space_aligned_columns_with_a_gap():
    text = LEES.replace("   25.22       18.14\n", "").replace(
        "    4.8         9.13       10.15\n", "    4.8                    10.15\n")
    records = scan(text)
    assert [len(r.plies) for r in records] == [7, 6, 7]
    assert records[2].plies[-1].normal == "10-15"


def test_black_and_white_columns_read_across():
    text = ("GAME 4.\n\n   BLACK.        WHITE.\n1. 11 to 15    22 to 18\n"
            "2. 15 to 22    25 to 18\n3. 8 to 11     29 to 25\n")
    [rec] = scan(text)
    assert rec.title == "GAME 4" and rec.status == VALID
    assert [p.normal for p in rec.plies] == ["11-15", "22-18", "15x22", "25x18", "8-11", "29-25"]


def test_a_game_carried_over_a_break_is_one_game():
    text = ("GAME 5. Laird and Lady.\n\n"
            "1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17-14 4. 10x17 21x14\n\n"
            "5. 15-18 24-20 6. 4-8 26-23\n\nGAME 6.\n\n1. 11-15 23-19 2. 8-11 22-17 3. 9-13\n")
    game5, game6 = scan(text)
    assert (game5.title, game5.line, game5.end_line, len(game5.plies)) == (
        "GAME 5. Laird and Lady", 3, 5, 12)
    assert (game6.title, len(game6.plies)) == ("GAME 6", 5)
    assert game5.status == game6.status == VALID


def test_dotted_solution_under_a_solution_heading():
    text = ("Position No. 1.  Black: 22, 27. White: 30, K8. Black to move.\n"
            "Solution of Position No. 1, Black to move and win.\n\n"
            "27.32   27.23   26.31\n 8.11    7.10    6.9\n32.27   22.26   31.26\n"
            "11.7    10.6    B. wins.\n")
    [rec] = scan(text)
    assert rec.start_position == "B:WK8,30:B22,27" and rec.data["setup"]["from"] == \
        "printed with the solution"
    assert [p.normal for p in rec.plies][-3:] == ["26-31", "6-9", "31-26"]
    assert rec.status == VALID


def test_a_game_told_in_wordy_prose():
    text = ("THE CROSS.\n"
            "The game opened with 11 to 15, and White replied with the cross, 23 to 18,\n"
            "after which Black, wishing to keep the centre, played 8 to 11 and White 27 to 23.\n")
    [rec] = scan(text)
    assert rec.title == "THE CROSS"
    assert [p.normal for p in rec.plies] == ["11-15", "23-18", "8-11", "27-23"]


@pytest.mark.parametrize("printed, move, label", [("6x15a", "6x15", "a"), ("8-11b.", "8-11", "b"),
                                                  ("22x13b  7-11", "22x13", "b"),
                                                  ("11-15 23-19", "11-15", "")])
def test_a_note_letter_glued_to_a_move_labels_it(printed, move, label):
    """`8-11a`: the move, marked by the note `(a)` under the game; a word glued on is no move."""
    for words in (True, False):
        first = notation.tokens(printed, words=words)[0]
        assert (first.kind, first.text, first.label) == ("move", move, label)
    assert not [t for t in notation.tokens("8-11and 15-19ab") if t.kind == "move"]


def test_a_game_in_groups_of_rows_is_read_a_group_at_a_time():
    """Black's moves over White's, a fraction bar between, groups apart by a blank line but
    their columns in line (one table): each group read down its columns before the next."""
    moves = ["9-14", "23-19", "10-15", "19x10", "6x15", "26-23", "15-19", "23x16", "11x20",
             "31-26", "14-17", "22x13", "7-11", "21-17", "3-7", "27-23", "20x27", "26-22"]
    rows = []
    for k in range(0, len(moves), 6):
        group = moves[k:k + 6]
        rows += [" ".join(f"{m:<7}" for m in group[::2]), " ".join("------" for _ in group[::2]),
                 " ".join(f"{m:<7}" for m in group[1::2]), ""]
    (rec,) = scan_book("GAME 6.\n\n" + "\n".join(rows), "groups.txt")
    assert rec.status == VALID and [p.text for p in rec.plies] == moves
    assert any(d.message.endswith("a group of rows at a time") for d in rec.diagnostics)
