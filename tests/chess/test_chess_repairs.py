"""Repairs of more than one edit, and records that must not pass for whole when they are not."""
from records.chess import descriptive as dn
from records.chess.book import RawGame
from records.chess.repairs import TWO_EDIT_WINDOW
from records.chess.resolver import Setup
from records.chess.coverage import check_coverage
from records.chess.validation import validate_line
from records.core.model import NEEDS_REVIEW, REPAIRED, Record

from test_chess_descriptive import OPERA_GAME


def read_book(text: str) -> Record:
    from records.chess.book import find_games
    (game,) = find_games(text)
    rec = Record(kind="chess", title="t", source="s", line=game.line, end_line=game.end_line,
                 text="")
    validate_line(rec, Setup(), game.items)
    rec.settle_status()
    return rec


def test_two_misprints_close_together_are_repaired_when_one_pair_replays():
    text = OPERA_GAME.replace("7. Q. to her Kt's 3d.", "7. Q. to her Kt's 4th.") \
                     .replace("8. Q. Kt. to B's 3d.", "8. Q. Kt. to B's 4th.")
    rec = read_book(text)
    assert rec.status == REPAIRED
    (diag,) = rec.diagnostics
    assert diag.code == "CHESS-REPAIRED" and "two-edit" in diag.message
    assert "Q. to her Kt's 3" in diag.message and "Q. Kt. to B's 3" in diag.message
    assert len(rec.plies) == 33 and rec.plies[-1].normal == "Rd8#"


def test_two_misprints_far_apart_are_both_reported():
    text = OPERA_GAME.replace("2. K. Kt. to B's 3d.", "2. K. Kt. to B's 5th.") \
                     .replace("14. R. to Q's sq.", "14. R. to Q's 5th.")
    assert 2 * (14 - 2) > TWO_EDIT_WINDOW
    rec = read_book(text)
    assert rec.status == NEEDS_REVIEW
    illegal = [d for d in rec.diagnostics if d.code == "CHESS-ILLEGAL"]
    assert [d.line for d in illegal] == [6, 18]


def test_a_game_whose_numbers_run_past_its_moves_is_truncated():
    items = dn.parse("1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3.", line=7)
    raw = RawGame(heading="G", line=7, end_line=7)
    raw.add(items)
    rec = Record(kind="chess", title="t", source="s", line=7, end_line=7, text="")
    validate_line(rec, Setup(), items)
    check_coverage(rec, raw)  # "3." printed with no move read after it
    assert [d.code for d in rec.diagnostics] == []  # a number with no move is no move
    raw.items.append(dn.Unreadable("Q. blunders", 7, 34))
    rec.plies = rec.plies[:3]  # as if reading had stopped at Black's 2nd move
    check_coverage(rec, raw)
    (diag,) = rec.diagnostics
    assert diag.code == "CHESS-TRUNCATED" and (diag.line, diag.column) == (7, 24)
    rec.settle_status()
    assert rec.status == NEEDS_REVIEW


def test_a_row_numbered_wrongly_in_one_column_is_read_at_the_game_s_number():
    from records.chess.scan import scan_book
    text = ("GAME I.\n\n         WHITE.                            BLACK.\n"
            "  1. P. to K's 4th.                 1. P. to K's 4th.\n"
            "  3. K. Kt. to B's 3d.              2. Q. Kt. to B's 3d.\n"
            "  3. B. to Q. Kt.'s 5th.            3. P. to Q. R's 3d.\n")
    (rec,) = scan_book(text, "misnumbered.txt")
    rec.settle_status()
    assert rec.status == REPAIRED and len(rec.plies) == 6
    (diag,) = rec.diagnostics
    assert diag.code == "CHESS-MISNUMBERED" and (diag.line, diag.column) == (5, 3)
