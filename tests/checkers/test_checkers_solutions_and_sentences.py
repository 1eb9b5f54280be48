"""Layouts QA found misread in books hoyle was not tuned to (issue #19, K1-K5, C1), each as a
general rule: a diagram's solution in dotted columns read down then across with a caption
over them, a `V.1.` column as a variation, a closing verdict checked against the diagram's
stipulation, a side given the move in a sentence under the diagram, openings named in
sentences, tabbed columns with a short last one, and no checkers from card diagrams."""
from records.checkers.scan import scan_book
from records.core.model import NEEDS_REVIEW, VALID, WARNING

RULE = "        +" + "----+" * 8
EMPTY = "        |" + "    |" * 8


def _board(rows: dict[int, str]) -> list[str]:
    """An ASCII board, Black at the top; rows[i] gives rank i's cells as 8 marks."""
    out = [RULE]
    for rank in range(8):
        marks = rows.get(rank)
        out.append(EMPTY if marks is None else
                   "        |" + "".join(f" {m:<3}|" for m in marks.split(",")))
        out.append(RULE)
    return out


# the Fourth Position: B:W30,K31,K32:B21,K22,K23,K28, Black to move and win
FOURTH = _board({5: "B,,BB,,BB,,,", 6: ",,,,,,,BB", 7: ",,W,,WW,,WW,"})
TRUNK = ["28.24", "32.28", "24.20", "28.32", "22.18", "31.27", "23.19", "27.31", "19.24",
         "32.27", "24.28", "27.32", "18.22", "31.27", "22.26", "30.23", "28.24"]
VARIATION = ["31.27", "24.31", "30.25", "21.30", "32.28", "22.25", "28.32", "23.26", "32.28",
             "25.22", "28.24", "31.27", "24.31", "26.23", "31.26", "22.31"]
WHITE_FIRST = ["31.27", "23.19", "27.31", "19.24", "32.27", "24.20", "27.32",
               "22.18", "31.27", "28.24", "27.31", "18.23", "31.26"]


def _columns(*columns: list[str], width: int = 13, indent: int = 8) -> list[str]:
    rows = max(map(len, columns))
    return [(" " * indent + "".join(f"{(c[r] if r < len(c) else ''):<{width}}" for c in columns)).rstrip()
            for r in range(rows)]


def _scan(lines: list[str]):
    return scan_book("\n".join(lines) + "\n", "sample.txt")


def _verdict(moves: list[str], verdict: str) -> list[str]:
    return moves + [verdict]


def test_solution_in_two_dotted_columns_under_its_caption_reads_down_then_across():
    lines = ["FOURTH POSITION.", "", *FOURTH, "", "           Black to move and win.",
             *_columns(TRUNK[:9], _verdict(TRUNK[9:], "Black wins."))]
    [rec] = _scan(lines)
    assert rec.status == VALID
    assert [p.normal.replace("x", "-") for p in rec.plies] == [m.replace(".", "-") for m in TRUNK]
    assert rec.start_position == "B:W30,K31,K32:B21,K22,K23,K28"
    assert rec.tags["Result"] == "1-0" and rec.title.startswith("FOURTH POSITION")
    [layout] = [d for d in rec.diagnostics if d.code == "LAYOUT"]
    assert "down each column, then across" in layout.message


def test_v1_column_beside_the_trunk_is_a_variation_and_the_other_side_to_move_is_a_new_start():
    trunk = TRUNK[:1] + ["32.28(1)"] + TRUNK[2:]
    lines = ["FOURTH POSITION.", "", *FOURTH, "", "           Black to move and win.", "",
             " " * 34 + "V.1.",
             *_columns(trunk[:9], _verdict(trunk[9:], "Black wins."), VARIATION[:9],
                       _verdict(VARIATION[9:], "Black wins.")),
             "", "With White to move the position is only a draw, thus:", "",
             *_columns(WHITE_FIRST[:7], _verdict(WHITE_FIRST[7:], "Drawn."))]
    trunk_rec, variation, white = _scan(lines)
    assert (trunk_rec.status, len(trunk_rec.plies)) == (VALID, 17)
    # the variation holds the move it shares with the trunk, then its own 16
    assert (variation.status, len(variation.plies)) == (VALID, 1 + 16)
    assert variation.data["branch"] == {"parent": trunk_rec.title, "at_ply": 2}
    assert variation.title == f"{trunk_rec.title}, Var. 1"
    assert (white.status, len(white.plies), white.tags["Result"]) == (VALID, 13, "1/2-1/2")
    assert white.start_position == "W:W30,K31,K32:B21,K22,K23,K28"
    assert white.title == "FOURTH POSITION, White to move"


def test_v1_column_in_a_game_is_a_variation_not_the_trunk_going_on():
    trunk = ["11.15", "23.19", "8.11", "22.17(1)", "4.8", "17.13", "15.18", "24.20"]
    var = ["22.18", "15.22", "25.18", "4.8", "26.23"]
    lines = ["GAME.", "", " " * 34 + "V.1.", *_columns(trunk[:4], trunk[4:], var)]
    game, variation = _scan(lines)
    assert (game.status, len(game.plies)) == (VALID, 8)
    assert (variation.status, len(variation.plies)) == (VALID, 3 + 5)
    assert variation.data["branch"]["at_ply"] == 4


def test_a_verdict_the_stipulation_contradicts_is_flagged_at_its_line():
    lines = ["FOURTH POSITION.", "", *FOURTH, "", "           Black to move and win.",
             *("        " + m for m in TRUNK), "        Drawn."]
    [rec] = _scan(lines)
    assert rec.tags["Result"] == "1/2-1/2" and len(rec.plies) == 17
    [claim] = [d for d in rec.diagnostics if d.code == "CHECKERS-CLAIM"]
    assert claim.severity == WARNING and claim.line == len(lines) and "Black wins" in claim.message
    assert rec.status == NEEDS_REVIEW
    # the true verdict passes
    lines[-1] = "        Black wins."
    [rec] = _scan(lines)
    assert rec.tags["Result"] == "1-0" and not [d for d in rec.diagnostics if d.code == "CHECKERS-CLAIM"]


def test_openings_named_in_sentences_keep_their_names_three_plies_or_more():
    lines = ["The Dyke: 11 to 15, 22 to 17, 15 to 19.",
             "The Bristol: 11 to 16, 24 to 20, 16 to 19.",
             "The Old Fourteenth: 11 to 15, 23 to 19, 8 to 11, 22 to 17, 4 to 8."]
    records = _scan(lines)
    assert [(r.title, r.tags.get("Opening"), len(r.plies), r.status) for r in records] == [
        ("The Dyke", "Dyke", 3, VALID), ("The Bristol", "Bristol", 3, VALID),
        ("The Old Fourteenth", "Old Fourteenth", 5, VALID)]


def test_tabbed_columns_with_a_short_last_column_under_a_numbered_heading():
    rows = ["9-13\t6-10\t8-24\t4- 8", "24 19\t27 24\t28 19\t29 25", "10-14\t1- 5\t14-17",
            "22 18\t24 20\t21 14", "5- 9\t11-15\t9-27", "25 22\t18 11\t32 23"]
    for heading in ("GAME No. 2.", "GAME."):
        [rec] = _scan([heading, "", *rows])
        assert (rec.status, len(rec.plies)) == (VALID, 20), heading
        assert [p.normal for p in rec.plies[-2:]] == ["4-8", "29-25"]


def test_no_checkers_record_from_a_compass_of_card_hands():
    compass = ["                    Y", "               \u2665 10 7 3", "               \u2663 9 3",
               "               \u2666 8 6 4 2", "               \u2660 K 10 5",
               "   A                              B",
               "\u2665 8 4              \u2665 K Q 9",
               "\u2663 10 8 6 4 2       \u2663 K Q J 5",
               "\u2666 10 5             \u2666 K Q 9 3",
               "\u2660 7 6 3            \u2660 9 4",
               "                    Z", "               \u2665 A J 6 5 2", "               \u2663 A 7",
               "               \u2666 A J 7", "               \u2660 A Q J",
               "", "Trick 1.  Y leads 10 \u2665, 3 to 2, 8 to 5."]
    assert _scan(compass) == []


NOTED_AFTER = """GAME 4.—"OLD FOURTEENTH."

11-15, 23-19, 8-11, 22-17, 4-8, 17-13, 15-18, 24-20, 11-15, 28-24, 8-11 (a),
26-23, 9-14, 31-26, 6-9, 13-6, 2-9, 26-22, 9-13, 20-16. Drawn.

(a) 7-11 is also good.
"""


def test_a_note_marked_after_its_move_leaves_the_game_at_that_move():
    """`8-11 (a)` and the note `(a) 7-11 is also good.`: the note's move replays at ply 3 as
    well as at ply 11; the letter after the move names the one (it was a branch found by
    replay, ambiguous, needs review)."""
    trunk, note = scan_book(NOTED_AFTER, "noted.txt")
    assert trunk.settle_status() == VALID and len(trunk.plies) == 20
    assert note.settle_status() == VALID
    assert [p.normal for p in note.plies] == [p.normal for p in trunk.plies[:10]] + ["7-11"]
    said = [d.message for d in note.diagnostics if d.code == "CHECKERS-BRANCH-START"]
    assert said and "at ply 11 (the move its label marks)" in said[0]
