"""Descriptive notation as books printed it, 1750-1950: one test per phrasing.

Each phrasing is read in a real position and must come out as the one legal move it means
(or the item it is: a result, a move number), so a rule that reads the words but picks the
wrong move fails too.
"""
import chess
import pytest

from records.chess import descriptive as dn
from records.chess.moves import initial_labels, token_moves
from records.chess.resolver import Setup
from records.chess.validation import validate_line
from records.core.model import ERROR, NEEDS_REVIEW, REPAIRED, VALID, Record


def one_move(text: str) -> dn.Move:
    items = [i for i in dn.parse(text) if isinstance(i, dn.Move)]
    assert len(items) == 1, (text, dn.parse(text))
    return items[0]


def sans(fen: str, text: str) -> list[str]:
    board = chess.Board(fen)
    return sorted(board.san(m) for m in token_moves(board, initial_labels(board),
                                                       one_move(text), marks_checks=True))


def replayed(text: str, fen: str | None = None) -> Record:
    rec = Record(kind="chess", title="t", source="s", line=1, end_line=1, text=text)
    validate_line(rec, Setup(fen=fen), dn.parse(text))
    rec.settle_status()
    return rec


AFTER_E4_E5_NF3_NC6_BC4_BC5 = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
SCHOLAR = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
EN_PASSANT = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"
BOTH_CASTLE = "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 8"


# -- checks and mates in words ----------------------------------------------------------
@pytest.mark.parametrize("printed", ["B. takes P. (ch.)", "B. takes P. ch.", "B x P +",
                                     "B. takes P., check", "B. takes P. checks"])
def test_a_check_in_words(printed):
    move = one_move(printed)
    assert move.check and not move.mate
    assert sans(AFTER_E4_E5_NF3_NC6_BC4_BC5, printed) == ["Bxf7+"]


@pytest.mark.parametrize("printed", ["R-K sq dis. ch.", "R-K sq disc. check",
                                     "R-K sq (dis. ch.)", "R-K sq discovered check"])
def test_a_discovered_check_is_a_check(printed):
    assert one_move(printed).check


@pytest.mark.parametrize("printed", ["Q. takes P. mate", "Q. takes P., mates", "QxP mate.",
                                     "Q x KBP checkmate", "Q takes P. (mate)", "QxBP#"])
def test_a_mate_in_words(printed):
    assert one_move(printed).mate
    assert sans(SCHOLAR, printed) == ["Qxf7#"]


def test_a_move_named_by_its_man_and_a_check_only():
    """`Q. checks.`: every queen move that gives check, narrowed by the rest of the game."""
    move = one_move("Q. checks.")
    assert move.piece == "Q" and move.target is None and move.check
    assert sans("rnbqkbnr/ppppp2p/5p2/6p1/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 3",
                "Q. checks.") == ["Qh5#"]


def test_a_move_named_by_its_man_and_a_mate_only():
    assert sans(SCHOLAR, "Q. mates") == ["Qxf7#"]


def test_a_pawn_that_queens():
    fen = "8/4P3/8/8/8/k7/8/4K3 w - - 0 1"
    assert one_move("P. queens").promotion == "Q"
    assert sans(fen, "P. queens") == ["e8=Q"]


# -- en passant ---------------------------------------------------------------------------
@pytest.mark.parametrize("printed", ["P. takes P. en passant", "P. takes P. e.p.",
                                     "PxP e. p.", "P takes P en pass."])
def test_en_passant(printed):
    assert one_move(printed).en_passant
    assert sans(EN_PASSANT, printed) == ["exf6"]


# -- castling ------------------------------------------------------------------------------
@pytest.mark.parametrize("printed, san", [
    ("Castles", "O-O"), ("Castles on K's side", "O-O"), ("Castles (K. R.)", "O-O"),
    ("Castles KR", "O-O"), ("O-O", "O-O"), ("Castles QR", "O-O-O"),
    ("Castles with Q. R.", "O-O-O"), ("Castles on the Queen's side", "O-O-O"),
    ("Castles (Q. R.)", "O-O-O"), ("O-O-O", "O-O-O"), ("0-0-0", "O-O-O")])
def test_castling_phrasings(printed, san):
    assert sans(BOTH_CASTLE, printed) == [san]


# -- squares --------------------------------------------------------------------------------
@pytest.mark.parametrize("printed, target", [
    ("K. to his 2d.", "K2"), ("Q. to her 4th", "Q4"), ("K. B. to his sq.", "KB1"),
    ("Q. to her Kt's 3d", "QKt3"), ("P. to K's 4th", "K4"), ("P. to K. 4", "K4"),
    ("Kt. to B's 3rd", "B3"), ("Kt to KB third", "KB3"), ("R. to Q's square", "Q1"),
    ("R. to Q. sq.", "Q1"), ("P. to Q. R's 2nd", "QR2"), ("P. to K's 1st", "K1"),
    ("P to QB 8th", "QB8"), ("B. to Q. Kt.'s 5th.", "QKt5"), ("K to B2d", "B2")])
def test_ordinals_own_side_squares_and_sq(printed, target):
    assert one_move(printed).target == target


@pytest.mark.parametrize("printed", ["Kt-KB3", "N-KB3", "S-KB3", "K. Kt. to B's 3d.",
                                     "Knight to K. B's 3d."])
def test_the_knight_as_kt_n_s_or_a_word(printed):
    assert sans(chess.STARTING_FEN, printed.replace("S-", "N-")) == ["Nf3"]
    assert one_move(printed.replace("S-", "N-")).piece in ("Kt", "KKt")


def test_s_for_springer_is_read_as_a_knight():
    """German books' S (Springer) for the knight, as Foster's Hoyle explains it."""
    move = one_move("S-KB3")
    assert move.piece == "Kt" and sans(chess.STARTING_FEN, "S-KB3") == ["Nf3"]


@pytest.mark.parametrize("printed, san", [
    ("Q. R. P. one", "a3"), ("K. B. P. one", "f3"), ("K. P. two", "e4"), ("Q. B. P. two", "c4"),
    ("K. Kt. P. to Kt's 3d", "g3"), ("Q. R. P. to R's 4th", "a4")])
def test_named_pawns(printed, san):
    assert sans(chess.STARTING_FEN, printed) == [san]


@pytest.mark.parametrize("printed, target", [("Q to Q", "Q"), ("R to K", "K"),
                                             ("Q. to K. B.", "KB")])
def test_a_missing_rank_is_any_square_of_the_file(printed, target):
    assert one_move(printed).target == target
    fen = "4k3/8/8/8/8/8/8/R2QK3 w - - 0 1"
    if printed == "R to K":
        assert sans(fen, printed) == []          # the rook cannot reach the king's file here
        assert sans("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "R to Q") == ["Rd1"]
    if printed == "Q to Q":  # Qd7 and Qd8 check: a book marking its checks would say so
        assert sans(fen, printed) == ["Qd2", "Qd3", "Qd4", "Qd5", "Qd6"]


# -- results, numbers, prefixes, notes ----------------------------------------------------------
@pytest.mark.parametrize("printed", ["and wins", "Resigns", "resigns.", "Drawn game",
                                     "mates in two moves", "White mates in 3", "Black wins.",
                                     "1-0", "½-½", "Game drawn."])
def test_result_lines(printed):
    items = dn.parse(printed)
    assert len(items) == 1 and isinstance(items[0], dn.Result), items


def test_move_numbers_followed_by_a_colon():
    items = dn.parse("1: P-K4  P-K4")
    assert isinstance(items[0], dn.MoveNumber) and items[0].number == 1
    assert [i.target for i in items[1:]] == ["K4", "K4"]


@pytest.mark.parametrize("printed", ["W. P. to K's 4th.", "1. W. P-K4", "White. P-K4",
                                     "Black. P-K4"])  # "B. P." would be the bishop's pawn
def test_white_and_black_prefixes(printed):
    move = one_move(printed)
    assert move.piece == "P" and move.target == "K4"


@pytest.mark.parametrize("printed", ["Kt-B3 *", "Kt-B3†", "Kt-B3 (a)", "Kt-B3 [1]", "Kt-B3²",
                                     "Kt-B3 (best.)", "Kt-B3 !", "Kt-B3 [A]"])
def test_footnote_marks_and_short_notes_between_moves(printed):
    move = one_move(printed)
    assert move.piece == "Kt" and move.target == "B3"


def test_curly_apostrophes_read_as_straight_ones_in_a_book():
    from records.chess.book import find_games
    text = "GAME I.\n\n  1. P. to K\u2019s 4th.     1. P. to K\u2019s 4th.\n" \
           "  2. K\u2019s Kt. to B\u2019s 3d.   2. Q\u2019s Kt. to B\u2019s 3d.\n"
    (game,) = find_games(text)
    assert [m.target for m in game.moves()] == ["K4", "K4", "B3", "B3"]


# -- the whole line: nothing dropped, nothing cut short -------------------------------------------
FOOLS_MATE = """GAME I.

         WHITE.                            BLACK.
  1. P. to K. B.'s 3d.              1. P. to K.'s 4th.
  2. P. to K. Kt.'s 4th.            2. Q. checkes and mates.
"""


def test_an_unreadable_move_stays_in_its_game_and_is_read_as_a_repair():
    """`Q. checkes and mates.` will not read; it is a queen move that mates, and only one does:
    the record is repaired, says which move it read and where, and nothing is split off."""
    from records.chess.scan import scan_book
    (rec,) = scan_book(FOOLS_MATE, "fools.txt")
    rec.settle_status()
    assert rec.status == REPAIRED, rec.diagnostics
    assert [p.normal for p in rec.plies] == ["f3", "e5", "g4", "Qh4#"]
    (diag,) = [d for d in rec.diagnostics if d.code == "CHESS-GUESSED"]
    assert (diag.line, diag.column) == (5, 40) and "Qh4#" in diag.message


def test_an_unreadable_move_with_several_readings_is_an_error_listing_them():
    rec = replayed("1. P-K4 P-K4 2. Kt. zzz.")
    assert rec.status == NEEDS_REVIEW
    (err,) = [d for d in rec.diagnostics if d.code == "CHESS-UNREADABLE"]
    assert err.severity == ERROR and "Na3" in err.message and "Nf3" in err.message


def test_a_move_printed_after_mate_is_an_error_not_dropped():
    text = "1. P-KB3 P-K4 2. P-KKt4 Q-R5 mate 3. P-K4"
    rec = replayed(text)
    assert rec.status == NEEDS_REVIEW
    (err,) = [d for d in rec.diagnostics if d.code == "CHESS-AFTER-END"]
    assert (err.line, err.column) == (1, text.index("3. P-K4") + 4)
    assert [p.normal for p in rec.plies] == ["f3", "e5", "g4", "Qh4#"]


def test_a_whole_line_is_valid():
    rec = replayed("1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5 P-QR3")
    assert rec.status == VALID and len(rec.plies) == 6
