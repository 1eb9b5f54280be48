"""Chess in real books: the 1914 Hoyle, Lasker's Chess Strategy, Capablanca's Chess
Fundamentals, and the independent PGN of 20 of their games."""
import io

import chess
import chess.pgn
import pytest

from records.chess.moves import fen_of_key
from records.chess.scan import scan_book
from records.core import parallel
from records.core.model import INFO, REPAIRED, VALID

from conftest import CORPUS, HOYLE_1914, need

FUNDAMENTALS = CORPUS / "chess" / "chess_fundamentals_pg33870.txt"
STRATEGY = CORPUS / "chess" / "chess_strategy_pg5614.txt"
COUNTERPARTS = CORPUS / "chess" / "book_games_pgn_counterparts.pgn"


def scanned(path):
    records = scan_book(need(path).read_text(encoding="utf-8"), str(path))
    for rec in records:
        rec.settle_status()
    return records


@pytest.fixture(scope="module")
def hoyle():
    return scanned(HOYLE_1914)


@pytest.fixture(scope="module")
def books():
    return {"Capablanca": scanned(FUNDAMENTALS), "Lasker": scanned(STRATEGY)}


def by_title(records):
    return {r.title: r for r in records}


def test_hoyle_finds_every_chess_line_titled_as_printed(hoyle):
    titles = by_title(hoyle)
    assert len(hoyle) == 76
    assert {"Chess Notation", "Ruy Lopez", "Allgaier Gambit", "Zukertort's Opening",
            "King's Gambit (3)", "King's Knight Opening. Irregular Defences (4)",
            "Irregular Openings (4)", "Pawn and Move (4)", "Pawn and Two Moves (4)",
            "Odds of Queen's Knight (2)", "Odds of King's Knight (2)", "Endings (1)",
            "Endings (2)", "Endings (2), variation at Black's 4th move"} <= set(titles)
    assert titles["Ruy Lopez"].line == 3479
    assert [p.normal for p in titles["Ruy Lopez"].plies] == \
        "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6".split()
    assert titles["Ruy Lopez"].tags["HoyleOpening"].startswith("Ruy Lopez")
    assert titles["Ruy Lopez"].text.startswith("1 $\\frac{P-K_4}{P-K_4}$")


# Every line of the 1914 Hoyle's chess that does not replay as printed, and why.
HOYLE_FLAGGED = {
    "Petroff's Counter Attack": {(3443, 92, "CHESS-REPAIRED")},          # K-KB3: K for Kt
    "Pawn and Move (4)": {(3534, 103, "CHESS-REPAIRED")},                # Kt-B2: Kt for K
    "Pawn and Two Moves (1)": {(3538, 17, "CHESS-REPAIRED")},            # an extra Black 1st move
    "Pawn and Two Moves (2)": {(3539, 17, "CHESS-REPAIRED")},
    "Pawn and Two Moves (3)": {(3540, 17, "CHESS-REPAIRED")},
    "Pawn and Two Moves (4)": {(3541, 17, "CHESS-REPAIRED")},
    "Odds of King's Knight (2)": {(3551, 34, "CHESS-ILLEGAL"), (3551, 60, "CHESS-ILLEGAL")},
    "Endings (1)": {(3560, 73, "CHESS-ILLEGAL"), (3560, 121, "CHESS-ILLEGAL")},
}


def test_hoyle_flags_exactly_the_books_errors(hoyle):
    flagged = {}
    for rec in hoyle:
        severe = {(d.line, d.column, d.code) for d in rec.diagnostics if d.severity != INFO}
        if severe:
            flagged[rec.title] = severe
    for title, expected in HOYLE_FLAGGED.items():
        assert flagged[title] == expected, title
    ending = flagged["Endings (2)"]
    assert (3566, 1, "CHESS-SETUP-REPAIRED") in ending       # the black king is not on K1
    assert (3567, 118, "CHESS-ILLEGAL") in ending            # 8 B-K6 ch cannot be played
    variation = flagged["Endings (2), variation at Black's 4th move"]
    assert (3574, 84, "CHESS-UNREADABLE") in variation       # "K-Q's" (at its K): Kb7, Kc8 or Kd8
    assert (3577, 98, "CHESS-AFTER-END") in variation        # a Black move printed after mate
    unread = next(d for d in by_title(hoyle)["Endings (2), variation at Black's 4th move"]
                  .diagnostics if d.code == "CHESS-UNREADABLE")
    assert "Kb7, Kc8, Kd8" in unread.message
    assert set(flagged) == set(HOYLE_FLAGGED) | {"Endings (2)",
                                                "Endings (2), variation at Black's 4th move"}
    sound = [r for r in hoyle if r.title not in flagged]
    assert len(sound) == 66 and all(r.status == VALID for r in sound)


def test_hoyle_repairs_name_the_edit_and_keep_the_print(hoyle):
    petroff = by_title(hoyle)["Petroff's Counter Attack"]
    assert petroff.status == REPAIRED
    assert petroff.plies[6].text == "K-KB3" and petroff.plies[6].normal == "Nf3"
    assert '"Kt-KB3" (Kt for K)' in petroff.diagnostics[0].message
    two_moves = by_title(hoyle)["Pawn and Two Moves (1)"]
    assert [p.normal for p in two_moves.plies] == "e4 -- d4 e6 Bd3 c5 d5 d6".split()
    assert fen_of_key(two_moves.start_position).startswith("rnbqkbnr/ppppp1pp/")


def test_hoyle_odds_and_endings_start_where_the_book_says(hoyle):
    titles = by_title(hoyle)
    assert fen_of_key(titles["Odds of Queen's Knight (1)"].start_position).startswith(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w")
    assert fen_of_key(titles["Odds of King's Knight (1)"].start_position).startswith(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R w")
    assert titles["Pawn and Move (1)"].plies[4].normal == "Qh5+"
    first = titles["Endings (1)"]
    assert fen_of_key(first.start_position).startswith("4k3/8/5K2/5B2/5B2/8/8/8 w")
    assert first.plies[-1].normal == "Be6+"  # replayed up to Black's misprinted 5th move
    second = titles["Endings (2)"]
    assert second.data["described_fen"].startswith("4k3/")
    assert fen_of_key(second.start_position).startswith("7k/")


def counterpart_games():
    text = need(COUNTERPARTS).read_text(encoding="utf-8")
    handle = io.StringIO(text)
    while (game := chess.pgn.read_game(handle)) is not None:
        yield game


def test_book_games_agree_with_independent_pgn(books):
    """All 20 games are found; they agree move by move but for the three real differences."""
    differences = {}
    for game in counterpart_games():
        book = "Capablanca" if "Capablanca," in game.headers["Book"] else "Lasker"
        number = game.headers["BookGame"]
        found = [r for r in books[book] if r.tags.get("BookGame") == number
                 and "variation" not in r.title]
        assert found, f"{book} game {number} not found"
        rec = found[0]
        ours = [p.normal for p in rec.plies]
        board, theirs = game.board(), []
        for move in game.mainline_moves():
            theirs.append(board.san(move))
            board.push(move)
        assert len(ours) == int(game.headers["BookPlies"]) or len(ours) >= 57, (book, number)
        first = next((i for i, (a, b) in enumerate(zip(ours, theirs)) if a != b), None)
        if first is not None:
            differences[(book, number)] = (first, ours[first], theirs[first])
        assert rec.tags.get("White") and rec.tags.get("Black")
    assert differences == {("Capablanca", "13"): (74, "c4", "Ka5"),
                           ("Capablanca", "14"): (71, "Kg5", "Ke5"),
                           ("Lasker", "43"): (85, "Kg5", "Kg6")}


def test_corpus_books_find_their_games_with_players_and_events(books):
    capablanca = [r for r in books["Capablanca"] if r.title.startswith("GAME")
                  and "variation" not in r.title]
    assert len(capablanca) == 14
    assert all(r.status in (VALID, REPAIRED) for r in capablanca)
    game1 = capablanca[0]
    assert (game1.tags["White"], game1.tags["Black"], game1.tags["Event"]) == \
        ("F. J. Marshall", "J. R. Capablanca", "Match")
    lasker = {r.tags["BookGame"]: r for r in books["Lasker"]
              if r.tags.get("BookGame") and "variation" not in r.title}
    assert sorted(map(int, lasker)) == list(range(1, 49))
    assert (lasker["1"].tags["White"], lasker["1"].tags["Event"]) == ("Tartakower", "Carlsbad")
    assert sum(r.status in (VALID, REPAIRED) for r in lasker.values()) >= 42


def test_book_lines_that_cannot_be_placed_are_kept_not_replayed(books):
    no_setup = [r for r in books["Capablanca"]
                if any(d.code == "CHESS-NO-SETUP" for d in r.diagnostics)]
    assert no_setup and all(not r.plies and r.text for r in no_setup)


def test_a_figure_printed_before_an_example_s_heading_is_its_start(books):
    """A book prints the position as a figure, then an example's heading, then the line of
    play from it: the heading does not cut the line off from its figure (Chess Fundamentals'
    eleven such lines were `CHESS-ILLEGAL` at a king's move). A line after a heading with no
    figure since the last line of play is judged from the opening position as before."""
    page = ("1. THE OPPOSITION\n\n[Illustration]\n\nIn the position shown above White"
            " wins.\n\nEXAMPLE 5.--Thus:\n\n        1. K - K 2                K - K 2\n"
            "        2. K - Q 3                K - Q 2\n\n"
            "EXAMPLE 6.--Another:\n\n        1. P - K 4                P - K 4\n"
            "        2. K - Q 3                K - Q 2\n")
    first, second = scan_book(page, "figure.txt")
    assert [d.code for d in first.diagnostics if d.severity != INFO] == ["CHESS-NO-SETUP"]
    assert not first.plies and first.settle_status() == "needs_review"
    assert "CHESS-NO-SETUP" not in {d.code for d in second.diagnostics}
    assert second.settle_status() != VALID and len(second.plies) < 4
    fundamentals = [r for r in books["Capablanca"]
                    if any(d.code == "CHESS-ILLEGAL" for d in r.diagnostics)]
    assert fundamentals == []


def test_a_game_printed_beside_itself_in_algebraic_reads_as_both(books):
    """Lasker prints an opening in descriptive and, beside it, in the algebraic of his day
    (`cd:` `ed:` for pawn captures, `Ktc3`, `O--O`): each half is the same valid game (the
    algebraic half was cells the reader dropped, and the block a game cut short)."""
    beside = [r for r in books["Lasker"] if r.line == 646]
    assert len(beside) == 2, [(r.title, r.status) for r in beside]
    descriptive, algebraic = beside
    assert descriptive.status == algebraic.status == VALID
    assert [p.normal for p in descriptive.plies] == [p.normal for p in algebraic.plies] == \
        "d4 d5 c4 e6 Nc3 c5 cxd5 exd5 e4 dxe4 d5 Nf6 Bg5 Be7 Nge2 O-O".split()
    assert [p.text for p in algebraic.plies][6:10] == ["cd:", "ed:", "e4", "de:"]


def test_diagrams_drawn_in_text_give_the_start(books):
    from_diagram = [r for r in books["Lasker"] if r.tags.get("SetUpNote", "").startswith(
        "the diagram")]
    assert len(from_diagram) >= 5
    assert all(r.plies for r in from_diagram)


def test_parallel_replay_gives_the_same_records(hoyle, monkeypatch):
    from records.chess import scan as chess_family
    monkeypatch.setattr(chess_family, "PARALLEL_PLIES", 0)
    monkeypatch.setattr(parallel, "_cores", lambda: 2)
    again = scanned(HOYLE_1914)
    assert [(r.title, r.status, [p.normal for p in r.plies], [d.format() for d in r.diagnostics])
            for r in again] == \
        [(r.title, r.status, [p.normal for p in r.plies], [d.format() for d in r.diagnostics])
         for r in hoyle]


def test_positions_given_in_words_start_their_endings(books):
    """Lasker's endings: "White: K at QKt3, RKR2 / Black: K at K4" (OCR runs the words
    together); the lines wrap inside moves; each ends in the mate the book announces."""
    worded = {r.line: r for r in books["Lasker"]
              if r.tags.get("SetUpNote", "").startswith("the position given in words")}
    assert len(worded) >= 3
    rook = next(r for r in worded.values() if r.normal.startswith("1. Kc4 Kd6 2. Re2"))
    assert rook.status == REPAIRED and rook.plies[-1].normal == "Ra8#"
    (repair,) = [d for d in rook.diagnostics if d.repair]
    assert '"K-R7"' in repair.message and '"K-R2"' in repair.message
    bishops = next(r for r in worded.values() if r.normal.startswith("1. Kb2 Kg7"))
    assert bishops.status == VALID and bishops.plies[-1].normal == "Bf6#"
    assert bishops.data["start_fen"].startswith("7k/8/8/8/8/8/6B1/K5B1 w")


def test_a_book_read_from_both_ends_gives_the_records_read_whole(monkeypatch):
    """Big books are found and replayed by two processes from a heading in the middle;
    the records must be exactly those of one process reading the book from the start."""
    from records.chess.book import split_point

    def read(path, workers):
        monkeypatch.setenv("HOYLE_WORKERS", workers)
        return [(r.title, r.line, r.end_line, r.status, r.tags, r.normal,
                 [(p.text, p.line, p.column, p.position) for p in r.plies],
                 [d.format() for d in r.diagnostics]) for r in scanned(path)]

    from records.chess import scan as chess_family
    split_reads = []

    def counted(*args):
        records = whole_or_none(*args)
        split_reads.append(records is not None)
        return records

    whole_or_none = chess_family._scan_in_two
    monkeypatch.setattr(chess_family, "_scan_in_two", counted)
    monkeypatch.setattr(parallel, "_cores", lambda: 2)
    for path in (FUNDAMENTALS, STRATEGY):
        text = need(path).read_text(encoding="utf-8")
        assert split_point(text, text.splitlines())
        assert read(path, "2") == read(path, "1")
    assert split_reads == [True, True]  # both books were really read from both ends


def test_rows_a_transcriber_set_apart_at_a_page_foot_are_the_games_moves(books):
    """Chess Fundamentals' e-text sets a row that fell at a page's foot beside the page number,
    between marks: `{207} /*    35. K - Kt 1 P - Kt 5 */`. The rows were lost: game 8 was
    `valid` at 68 plies of 88, and the game from line 2529 stopped at its page foot. Read
    through the marks, both games are whole."""
    records = {r.line: r for r in books["Capablanca"]}
    for line, plies in ((944, 16), (2529, 88), (4984, 88)):
        rec = records[line]
        assert rec.status == VALID and len(rec.plies) == plies, (line, rec.diagnostics)
    assert [p.text for p in records[4984].plies[68:70]] == ["K - Kt 1", "P - Kt 5"]


def test_a_row_numbered_out_of_turn_in_a_book_is_named_a_misprint(books):
    """Chess Strategy prints `l3. ... P-KR4` for 13 (OCR), and `19. RxP` for 17 right after 16
    in a sentence: each is the move of the line it follows, said so (CHESS-MISNUMBERED)."""
    found = {(d.line, d.message.split(" (")[0]) for r in books["Lasker"] for d in r.diagnostics
             if d.code == "CHESS-MISNUMBERED"}
    assert {(4204, "move number l3 is printed where the game is at move 13"),
            (12629, "move number 19 is printed where the game is at move 17")} <= found
