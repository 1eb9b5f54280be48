"""Forms older books print games in that hoyle was not tuned to (QA's reproductions, each a
few lines): a record is valid only when every printed move was read, and the moves a reading
left out are named at their line."""
import pytest

from records.chess.scan import scan_book
from records.core.model import ERROR, INFO, VALID


def read(text: str) -> list:
    records = scan_book(text, "forms.txt")
    for rec in records:
        rec.settle_status()
    return records


def sans(rec) -> str:
    return " ".join(p.normal for p in rec.plies)


RUY_LOPEZ = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6"


@pytest.mark.parametrize("placeholder", ["—", "–", "--", "...", ""])
def test_blacks_move_after_a_note_carries_the_game_on(placeholder):
    """`2. —  Kt-QB3` (or a gap where White's move stood) under a note: Black's 2nd move."""
    text = ("1. P-K4    P-K4\n2. Kt-KB3 (a)\n\n(a) The usual move.\n\n"
            f"2. {placeholder:<8}Kt-QB3\n3. B-Kt5   P-QR3\n4. B-R4    Kt-B3\n")
    (rec,) = read(text)
    assert (sans(rec), rec.status) == (RUY_LOPEZ, VALID)


def test_a_row_that_leaves_blacks_move_out_is_never_valid():
    records = read("1. P-K4    P-K4\n2. Kt-KB3\n3. B-Kt5   P-QR3\n4. B-R4    Kt-B3\n")
    assert all(r.status != VALID for r in records)
    cut = [d for d in records[0].diagnostics if d.code == "CHESS-TRUNCATED"]
    assert cut and (cut[0].line, cut[0].severity) == (3, ERROR)


@pytest.mark.parametrize("printed, result", [
    ("½–½", "1/2-1/2"), ("½-½", "1/2-1/2"), ("Drawn.", "1/2-1/2"), ("Draw.", "1/2-1/2"),
    ("and White wins.", "1-0"), ("   Black resigned a few moves later.", "1-0")])
def test_a_result_on_a_line_of_its_own_is_stored(printed, result):
    (rec,) = read(f"1. P-K4 P-K4\n2. Kt-KB3 Kt-QB3\n{printed}\n")
    assert rec.tags.get("Result") == result and rec.status == VALID


@pytest.mark.parametrize("check", ["dbl.ch", " dbl. ch", " double ch", " dble. ch"])
def test_double_check_in_every_spelling_even_glued_to_a_capture(check):
    fen = "rn3r2/pbppq1pk/1p2pb2/4N3/3PN3/3B4/PPP2PPP/R3K2R w KQ - 0 12"
    (rec,) = read(f'[FEN "{fen}"]\n\n12. KtxB{check}  K-R3\n')
    assert (sans(rec), rec.status) == ("Nxf6+ Kh6", VALID)


def test_headings_numbered_as_cases_and_headings_with_a_remark_start_their_own_games():
    text = ("Case 4. A single move\n\nP-K4\n\nCase 5. Another single move\n\nN-KB3\n\n"
            "                    BENKO GAMBIT (declined in effect).\n\n"
            "  1. P–Q4              Kt–KB3\n  2. P–QB4             P–B4\n")
    records = read(text)
    assert [(r.title, sans(r)) for r in records] == [
        ("Case 4. A single move", "e4"), ("Case 5. Another single move", "Nf3"),
        ("BENKO GAMBIT (declined in effect)", "d4 Nf6 c4 c5")]


def test_players_and_event_named_in_the_heading():
    (rec,) = read("Case 2. Ed. Lasker v. Thomas, London 1912 (glued checks)\n\n"
                  "1. P-Q4 P-K3\n2. Kt-KB3 P-KB4\n")
    assert {k: rec.tags.get(k) for k in ("White", "Black", "Event", "Date")} == {
        "White": "Ed. Lasker", "Black": "Thomas", "Event": "London", "Date": "1912.??.??"}


FOUR_COLUMNS = """\
                         SICILIAN DEFENCE.

     White.           Black.          {rule}     White.           Black.
    Kabanov.        Ganzhurov.        {rule}    Kabanov.        Ganzhurov.
  1. P–K4            P–QB4            {rule} 7. Castles         B–Q3
  2. Kt–KB3          P–K3             {rule} 8. B–Kt2           Kt–K2
  3. P–QKt3          P–Q4             {rule} 9. B × P           R–KKt sq
  4. P × P           P × P            {rule}10. B–Kt2           Q–B2
  5. B–Kt5 ch        B–Q2             {rule}11. P–Q4            P–B5
  6. B × B ch        Kt × B           {rule}12. Kt–B3           {last}
"""
SICILIAN = ("e4 c5 Nf3 e6 b3 d5 exd5 exd5 Bb5+ Bd7 Bxd7+ Nxd7 O-O Bd6 Bb2 Ne7 Bxg7 Rg8 Bb2 "
            "Qc7 d4 c4 Nc3")


@pytest.mark.parametrize("rule", ["|", " "])
@pytest.mark.parametrize("last, below, result", [
    ("Resigns", "", "1-0"), ("", "              Draw.", "1/2-1/2"), ("", "      0–1", "0-1")])
def test_four_columns_with_players_under_the_heads_and_the_result(rule, last, below, result):
    """Two halves split by a rule or a gap, en dashes, `×`, `sq`, the players under `White.` and
    `Black.`, the result in the last cell or on a line below: one game, read whole."""
    (rec,) = read(FOUR_COLUMNS.format(rule=rule, last=last) + below + "\n")
    assert (sans(rec), rec.status, rec.tags.get("Result")) == (SICILIAN, VALID, result)
    assert (rec.tags.get("White"), rec.tags.get("Black")) == ("Kabanov", "Ganzhurov")
    assert any("two halves" in d.message for d in rec.diagnostics if d.code == "LAYOUT")


@pytest.mark.parametrize("rule", ["––––", "----", "————"])
def test_fractions_ruled_with_any_dash_read_as_fractions(rule):
    text = (f"   P–K4     Kt–KB3\n1. {rule}  2. {rule}––\n   P–K4     Kt–QB3\n")
    (rec,) = read(text)
    assert (sans(rec), rec.status) == ("e4 e5 Nf3 Nc6", VALID)
    assert [d.message for d in rec.diagnostics if d.severity == INFO and d.code == "LAYOUT"] == [
        "read fractions: above the rule, then below it"]


BOARD = """\
                         STUDY No. 1.

      +----+----+----+----+----+----+----+----+
      |    |    |    |    |    |    | BK |    |
      +----+----+----+----+----+----+----+----+
      | BP | BP |    |    |    | BP | BP |    |
      +----+----+----+----+----+----+----+----+
      |    |    |    |    |    |    |    |    |
      +----+----+----+----+----+----+----+----+
      |    |    |    |    |    |    |    |    |
      +----+----+----+----+----+----+----+----+
      |    |    |    |    |    |    |    |    |
      +----+----+----+----+----+----+----+----+
      |    | BQ |    |    |    |    |    |    |
      +----+----+----+----+----+----+----+----+
      |    |    |    |    | WQ | WP | WP | WP |
      +----+----+----+----+----+----+----+----+
      |    |    |    | WR |    |    | WK |    |
      +----+----+----+----+----+----+----+----+

"""


@pytest.mark.parametrize("told", [
    "White to play and win. The way is short: 1. R–Q8 ch, K–R2; 2. Q–R5 mate.",
    "White to play and win: 1. R–Q8 ch, K–R2;\n2. Q–R5 mate, and wins.",
    "The rook goes first. 1. R–Q8 ch, K–R2; 2. Q–R5 mate. Black could not avoid it.",
])
def test_a_study_solution_told_in_a_sentence_reads_from_its_board(told):
    (rec,) = read(BOARD + told + "\n")
    assert (sans(rec), rec.status, rec.title) == ("Rd8+ Kh7 Qh5#", VALID, "STUDY No. 1")


def test_a_solution_told_in_prose_that_stops_before_its_moves_end_is_not_valid():
    """The sentence goes on in a parenthesis the reading does not take, its moves on the next
    line: not valid, and the move it stopped before is named at its line."""
    text = BOARD + "White wins: 1. R–Q8 ch, K–R2; 2. Q–Q3 ch, P–Kt3 (if\nK–R3, then Q–R3 mate).\n"
    records = read(text)
    assert records and records[0].status != VALID
    cut = [d for d in records[0].diagnostics if d.code == "CHESS-TRUNCATED"]
    assert cut and cut[0].line == 22


PARAGRAPH = ("GAME 1.\n\n1. P-Q4, P-KKt3; 2. B-Kt5, P-Kt4; 3. B-B4,\n"
             "P-KB3; 4. Q-B1, P-QR4; 5. P-Q5, P-K4; 6. PxP\n"
             "{head}, P-Q4; 7. Q-Q1, {black7}; 8. P-QKt4, B-Q3;\n"
             "9. B-K5, Kt-Q2; 10. P-KR4, B-R3.\n")
WHOLE = "d4 g6 Bg5 b5 Bf4 f6 Qc1 a5 d5 e5 dxe6 d5 Qd1 c5 b4 Bd6 Be5 Nd7 h4 Ba6"


@pytest.mark.parametrize("head", ["e.p.", "e. p.", "en passant"])
def test_en_passant_carried_to_the_head_of_the_next_line(head):
    """`6. PxP` / `e.p., P-Q4; 7. ...`: the line break carried the capture's `e.p.` to the next
    line, which was then unreadable: the game was `valid` with eleven plies, moves 6 to 8
    gone without a word, and 9 and 10 a line with no setup."""
    (rec,) = read(PARAGRAPH.format(head=head, black7="P-QB4"))
    assert (sans(rec), rec.status) == (WHOLE, VALID)


def test_marks_where_no_move_fits_are_passed_over_and_a_blot_for_a_move_is_flagged():
    """An OCR smudge (`#*@`, no letter or digit) opening the line where the numbers leave no
    turn for it is no move; the same smudge where Black's 7th move stands is that move,
    unreadable: the game is kept to there and flagged at the smudge (it was cut, `valid`)."""
    (rec,) = read(PARAGRAPH.format(head="#*@", black7="P-QB4"))
    assert (sans(rec), rec.status) == (WHOLE, VALID)
    text = PARAGRAPH.format(head="e.p.", black7="#*@")
    records = read(text)
    assert records[0].status != VALID
    flagged = [(d.code, d.line, d.column) for d in records[0].diagnostics if d.severity == ERROR]
    assert flagged[0] == ("CHESS-UNREADABLE", 5, text.splitlines()[4].index("#*@") + 1)


def test_a_line_of_the_game_read_as_prose_cuts_it_short_and_says_so():
    """A line the reader cannot take (`when, P-Q4; 7. Q-Q1, ...`: a word where Black's move
    stands) ends the game above it; the next move number printed later in the paragraph says
    the game goes on: CHESS-TRUNCATED there, never `valid`."""
    records = read(PARAGRAPH.format(head="when", black7="P-QB4"))
    assert records[0].status != VALID
    cut = [(d.line, d.column) for d in records[0].diagnostics if d.code == "CHESS-TRUNCATED"]
    assert cut == [(5, 13)]


SPANISH_WITH_NOTES = """GAME II.

1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3; 3. B-Kt5 (the Spanish game, much favoured of
late), P-QR3; 4. B-R4 (the usual retreat), Kt-B3; 5. Castles, B-K2.
"""


@pytest.mark.parametrize("spelled", ["descriptive", "old", "algebraic"])
def test_notes_in_parentheses_inside_a_paragraph_of_moves_are_passed_over(spelled):
    """`3. B-Kt5 (the Spanish game, much favoured of` / `late), P-QR3;`: the note's words made
    the line prose and the game a fragment with no setup; now the moves around it read, the
    note kept in the record's text."""
    text = SPANISH_WITH_NOTES
    if spelled == "old":
        text = text.replace("P-K4", "P to K 4th").replace("Kt-KB3", "K Kt to B 3rd")
    if spelled == "algebraic":
        for old, new in (("P-K4, P-K4", "e4, e5"), ("Kt-KB3, Kt-QB3", "Nf3, Nc6"),
                         ("B-Kt5", "Bb5"), ("P-QR3", "a6"), ("B-R4", "Ba4"), ("Kt-B3", "Nf6"),
                         ("Castles", "O-O"), ("B-K2", "Be7")):
            text = text.replace(old, new)
    (rec,) = read(text)
    assert (sans(rec), rec.status) == (RUY_LOPEZ + " O-O Be7", VALID), text
    assert "(the usual retreat)" in rec.text


def test_long_algebraic_set_with_a_typesetters_dash_reads():
    """`e2—e4`, `Sg1–f3`, `0—0`: no record was found at all."""
    rows = ["e2—e4    e7—e5", "Sg1–f3   Sb8–c6", "Lf1—b5   a7—a6", "0—0      Sg8—f6"]
    (rec,) = read("GAME I.\n\n" + "\n".join(f"{n}. {row}" for n, row in enumerate(rows, 1)))
    assert (sans(rec), rec.status) == ("e4 e5 Nf3 Nc6 Bb5 a6 O-O Nf6", VALID)


def test_moves_that_begin_a_line_of_words_carry_the_game_on():
    """`...; 27.` / `R-Kt5, with interesting possibilities.`: the last move was left unread
    and the game `valid`; `5.` / `K-B5, K-R3; 6. K-B6, and wins, as Black must ...` too."""
    (rec,) = read("GAME III.\n\n1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3; 3. B-Kt5, P-QR3; 4.\n"
                  "B-R4, Kt-B3, and Black has the freer game, as the sequel shows.\n")
    assert (sans(rec), rec.status) == (RUY_LOPEZ, VALID)


@pytest.mark.parametrize("lost", [
    "4. B-R4\n(the bishop retires rather than exchange itself for the knight\nat once)\n"
    "Kt-B3 follows, with a fine game.\n",                        # Black's reply under words
    "4.\nB-R4 retreats, as it must, Kt-B3.\n",                    # the move under its number
])
def test_a_game_that_goes_on_under_a_line_not_read_is_never_valid(lost):
    """Past a line the reader cannot take, the paragraph goes on with the move the game is
    due: CHESS-TRUNCATED, never `valid` with the rest left out."""
    records = read("GAME III.\n\n1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3; 3. B-Kt5, P-QR3; " + lost)
    assert records and all(r.status != VALID for r in records), \
        [(r.status, sans(r)) for r in records]
    assert "CHESS-TRUNCATED" in [d.code for d in records[0].diagnostics]


def test_moves_without_a_number_past_a_line_of_words_do_not_join_the_game():
    """`3.` ending a line, words, then `P-KKt3, P-QR4; 7. ...` (move 6's moves): they were
    read as move 3 (both legal) and the game was `valid`, wrong."""
    text = ("GAME IV.\n\n1. P-KR4, P-QB4; 2. P-R3, P-Q3; 3.\n"
            "P-Q3, P-B3; 4. Kt-Q2, B-R6 better is\nthe other knight; 5. Kt-K4, P-KR3; 6.\n"
            "P-KKt3, P-QR4; 7. BxP, K-B2\n")
    records = read(text)
    assert records[0].status != VALID and "P-KKt3" not in [p.text for p in records[0].plies]


OPERA = ["P--K 4  P--K 4", "Kt--K B 3  P--Q 3", "P--Q 4  B--Kt 5", "P x P  B x Kt", "Q x B  P x P",
         "B--Q B 4  Kt--K B 3", "Q--Q Kt 3  Q--K 2", "Kt--B 3  P--B 3", "B--K Kt 5  P--Kt 4",
         "Kt x P  P x Kt", "B x Kt P (ch)  Q Kt--Q 2", "Castles (Q R)  R--Q", "R x Kt  R x R",
         "R--Q  Q--K 3", "B x R (ch)  Kt x B", "Q--Kt 8 (ch)  Kt x Q", "R--Q 8 mate."]


def _rows(moves: list[str], dotted: bool) -> str:
    return "WHITE.      BLACK.\n" + "\n".join(
        f"{n:>2}{'.' if dotted else ''} " + "    ".join(f"{m:<20}" for m in row.split("  "))
        for n, row in enumerate(moves, 1)) + "\n"


@pytest.mark.parametrize("dotted", [False, True])
def test_a_rook_to_a_file_its_rank_not_printed_ends_a_row(dotted):
    """`12 Castles (Q R)   R--Q`: the rank is implied (the rook's first), not on the next line,
    which begins a row of its own; with or without a dot after the row's number."""
    (rec,) = read(_rows(OPERA, dotted))
    assert rec.status == VALID and len(rec.plies) == 33 and sans(rec).endswith("Nxb8 Rd8#")


def test_a_row_numbered_without_a_dot_that_cannot_be_read_cuts_the_game_short():
    """A row under the game printing the move due (`12 ...`), unread: the game is not valid."""
    moves = OPERA[:11] + ["Castles (Q R)  R~~Q"] + OPERA[12:]
    records = read(_rows(moves, dotted=False))
    cut = [d for d in records[0].diagnostics if d.code == "CHESS-TRUNCATED"]
    assert records[0].status != VALID and cut and cut[0].line == 13


TOLD = ("The game proceeded: 1. P to K's 4th, P to K's 4th; 2. K's Kt to B's\n"
        "3rd, Q's Kt to B's 3rd; 3. K's B to Q B's 4th, K's B to Q B's 4th; 4. P\n"
        "to Q B's 3rd, K's Kt to B's 3rd; 5. P to Q's 4th, P takes P; 6. P takes\n"
        "P, B checks at Q Kt's 5th.\n")
TOLD_SAN = "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d4 exd4 cxd4 Bb4+"


def test_a_game_told_in_a_sentence_after_words_is_read_across_its_line_breaks():
    """A game told in prose from move 1 after words that introduce it, the line breaks
    cutting moves anywhere (`B's` / `3rd`, `4. P` / `to Q B's 3rd`, `P takes` / `P`), and
    `B checks at Q Kt's 5th` for B-QKt5 ch."""
    (rec,) = read(TOLD)
    assert (sans(rec), rec.status) == (TOLD_SAN, VALID)
    (rec,) = read("The moves were: 1.\nP-K4, P-K4; 2. Kt-KB3, Kt-QB3; 3. B-B4, B-B4; 4.\nP-B3, "
                  "Kt-B3; 5. P-Q4, PxP; 6. PxP, B-Kt5\nch.\n")
    assert (sans(rec), rec.status) == (TOLD_SAN, VALID)


@pytest.mark.parametrize("old, new, line", [("P, B checks", "P, B chocks", 4),
                                            ("5. P to Q's 4th", "5. P to Qzz 4th", 3)])
def test_a_misprint_in_a_told_game_stops_it_short_and_says_where(old, new, line):
    """A move that will not read in the sentence (its last, or one in the middle, after which
    the moves are not read as the move due): never `valid`, CHESS-TRUNCATED at its line."""
    records = read(TOLD.replace(old, new))
    cut = [d for d in records[0].diagnostics if d.code == "CHESS-TRUNCATED"]
    assert records[0].status != VALID and cut and cut[0].line == line
    assert TOLD_SAN.startswith(sans(records[0]))


PROBLEM = ("PROBLEM No. 5.\n\nWhite: K at K B 6; R at Q R sq.\nBlack: K at K R sq.\n\n"
           "White to play and mate in two moves.\n\n")


@pytest.mark.parametrize("solution", [
    "SOLUTION.\n\n1. K-Kt6, K moves; 2. R-R8 mate.\n",
    "SOLUTION.\n\n    WHITE.          BLACK.\n 1. K to Kt 6       K to Kt sq.\n 2. R to R 8, mate.\n",
    "Solution: 1. K to Kt 6, K to Kt sq.; 2. R to R 8, mate.\n"])
def test_a_problem_given_in_words_is_solved_from_its_position(solution):
    """`K at K B 6; R at Q R sq.` (squares spaced, `;` between men), a `SOLUTION.` heading
    under the problem (it kept no position), and `K moves` for the reply the problem leaves
    open (here the king has one move)."""
    (rec,) = read(PROBLEM + solution)
    assert (sans(rec), rec.status) == ("Kg6 Kg8 Ra8#", VALID)


def test_a_reply_left_open_that_several_moves_fit_keeps_them_all():
    """`Kt moves` where four knight moves let the rest replay: not guessed, each named."""
    records = read("The moves were: 1. P-K4, Kt moves; 2. P-Q4, P-K3; 3. P-QB4, B-K2.\n")
    said = [d.message for d in records[0].diagnostics if d.code == "CHESS-AMBIGUOUS"]
    assert records[0].status != VALID and said and "Na6 or Nc6 or Nf6 or Nh6" in said[0]


@pytest.mark.parametrize("rows", [
    "1. White: P-K4. Black: P-K4.\n2. White: Kt-KB3. Black: Kt-QB3.\n3. White: B-B4. Black: B-B4.\n",
    "W. 1. P-K4        B. 1. P-K4\nW. 2. Kt-KB3      B. 2. Kt-QB3\nW. 3. B-B4        B. 3. B-B4\n"])
def test_a_row_that_names_the_side_before_each_move_is_read(rows):
    """`1. White: P-K4. Black: P-K4.`, `W. 1. P-K4   B. 1. P-K4`: the side's name is a label
    (no record was found)."""
    (rec,) = read("GAME 8.\n\n" + rows)
    assert (sans(rec), rec.status) == ("e4 e5 Nf3 Nc6 Bc4 Bc5", VALID)


def test_a_bishop_before_the_next_move_number_is_no_side_label():
    """`6. R. takes B.   6. Castles.` (Every Boy's Book): `B.` followed by a number is the
    bishop taken, not Black's label (that reading made `R. takes` a guess)."""
    (rec,) = read("  1. P. to K. 4th.      1. P. to K. 4th.\n"
                  "  2. K. Kt. to B. 3d.   2. Q. Kt. to B. 3d.\n"
                  "  3. K. B. to Q. B. 4th. 3. K. B. to Q. B. 4th.\n"
                  "  4. Castles.           4. K. Kt. to B. 3d.\n"
                  "  5. P. to Q. 3d.       5. P. to Q. 3d.\n"
                  "  6. Q. B. to K. Kt. 5th. 6. Q. B. to K. 3d.\n"
                  "  7. B. takes B.        7. P. takes B.\n")
    assert rec.status == VALID and sans(rec).endswith("Bxe6 fxe6")


def test_another_way_told_after_or_is_a_variation_of_the_game_told():
    """`...; 3. B-B4, B-B4; or 2. ... P-Q3; 3. P-Q4, PxP.`: the sentence goes back to Black's
    second move after `or`; those moves are a variation from the game's position there (they
    were dropped, or read on as the moves due)."""
    game, variation = read("GAME 1.\n\nThe game went: 1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3; 3. B-B4, "
                           "B-B4; or 2. ... P-Q3; 3. P-Q4, PxP.\n")
    assert (sans(game), game.status) == ("e4 e5 Nf3 Nc6 Bc4 Bc5", VALID)
    assert (sans(variation), variation.status) == ("d6 d4 exd4", VALID)
    assert variation.tags["SetUpNote"] == "the position of GAME 1 before this move"
