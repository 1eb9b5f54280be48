"""PGN tag pairs over moves printed in descriptive notation: the PGN reader passes each move
over as junk; the game is read again as a book's line (records/chess/pgn_descriptive.py)."""
from records.chess import pgn
from records.core.model import NEEDS_REVIEW, VALID

OLD = ('[Event "Old"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n'
       "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3\n3. B-Kt5 P-QR3 1-0\n\n"
       '[Event "New"]\n[Result "*"]\n\n1. e4 e5 *\n')


def test_descriptive_moves_under_pgn_tags_are_read_as_a_book_s():
    old, new = pgn.read(OLD, "old.pgn")
    assert old.settle_status() == VALID
    assert [p.normal for p in old.plies] == "e4 e5 Nf3 Nc6 Bb5 a6".split()
    assert [p.text for p in old.plies][:3] == ["P-K4", "P-K4", "Kt-KB3"]
    assert [(p.line, p.column) for p in old.plies][2:5] == [(6, 17), (6, 24), (7, 4)]
    assert (old.tags["White"], old.tags["Event"], old.tags["HoyleECO"]) == ("A", "Old", "C70")
    assert [d.code for d in old.diagnostics] == ["CHESS-DESCRIPTIVE"]
    assert (old.line, old.end_line, new.line) == (1, 7, 9)
    assert [p.normal for p in new.plies] == ["e4", "e5"] and not new.diagnostics


def test_a_descriptive_move_that_does_not_replay_is_flagged_where_it_stands():
    (rec,) = pgn.read(OLD.split("\n\n[Event \"New\"")[0].replace("Kt-QB3", "Kt-QB5") + "\n",
                      "old.pgn")
    assert rec.settle_status() == NEEDS_REVIEW and len(rec.plies) == 3
    (illegal,) = [d for d in rec.diagnostics if d.code == "CHESS-ILLEGAL"]
    assert (illegal.line, illegal.column) == (6, 24) and "Kt-QB5" in illegal.message


def test_san_games_with_junk_stay_pgn_s_reading():
    """Only a game whose moves PGN's reader replayed none of is read again."""
    (rec,) = pgn.read('[Event "x"]\n\n1. e4 e5 2. Nf3 P-K4 *\n', "junk.pgn")
    assert [p.normal for p in rec.plies] == ["e4", "e5", "Nf3"]
    assert "CHESS-DESCRIPTIVE" not in {d.code for d in rec.diagnostics}
