"""Descriptive notation: the grammar's styles, what a move can mean, and line resolution."""
import chess
import pytest

from records.chess.resolver import Setup, resolve
from records.chess.validation import validate_line
from records.chess.moves import fen_of_key, position_key
from records.chess.family import move_prefixes
from records.chess.spelling import to_descriptive
from records.core.model import ERROR, NEEDS_REVIEW, REPAIRED, VALID, WARNING, Ply, Record
from records.chess import descriptive as dn
from records.core import reading as core_reading


def moves_of(text):
    return [i for i in dn.parse(text) if isinstance(i, (dn.Move, dn.Unreadable))]


@pytest.mark.parametrize("text, piece, target, capture, victim", [
    ("P-K4", "P", "K4", False, None),
    ("P - Q 4", "P", "Q4", False, None),
    ("P. to K's 4th.", "P", "K4", False, None),
    ("K. Kt. to B's 3rd", "KKt", "B3", False, None),
    ("Kt-KB3", "Kt", "KB3", False, None),
    ("QR-Q sq", "QR", "Q1", False, None),
    ("K-B sq", "K", "B1", False, None),
    ("Q takes P", "Q", None, True, "P"),
    ("B x Kt ch", "B", None, True, "Kt"),
    ("PxP", "P", None, True, "P"),
    ("BxKtP", "B", None, True, "KtP"),
    ("P×QP", "P", None, True, "QP"),
    ("Kt x P(K5)", "Kt", None, True, "P"),
    # Staunton's style: "3d", "K.'s", squares named from the man's own side, footnote marks
    ("K. Kt. to K. B's 3d.", "KKt", "KB3", False, None),
    ("Kt. to K.'s 5th.", "Kt", "K5", False, None),
    ("K. B. to his sq.", "KB", "KB1", False, None),
    ("Q. to her Kt.'s 3d.", "Q", "QKt3", False, None),
    ("K. to his B's sq.", "K", "KB1", False, None),
    ("Q. Kt. to his 3d.", "QKt", "QKt3", False, None),
    ("P. to K. Kt's 4th.[A]", "P", "KKt4", False, None),
    ("Q. Kt. takes Q. B. P.", "QKt", None, True, "QBP"),
    ("P. takes P. en pass.", "P", None, True, "P"),
])
def test_styles_of_printed_moves(text, piece, target, capture, victim):
    (move,) = moves_of(text)
    assert (move.piece, move.target, move.capture, move.victim) == (piece, target, capture, victim)


def test_suffixes_promotions_castling_and_disambiguation():
    assert moves_of("Q-R5ch")[0].check
    assert moves_of("Kt-B7 dis. ch")[0].check
    assert moves_of("Q. to K. R's fifth (ch.)")[0].check
    assert moves_of("B. takes P. (check)")[0].check
    assert moves_of("B-B6 mate")[0].mate
    assert moves_of("PxP e.p.")[0].en_passant
    assert moves_of("P-Q8(Q)")[0].promotion == "Q"
    assert moves_of("P-Kt8=Kt")[0].promotion == "Kt"
    assert moves_of("R(R5)-QR5")[0].origin == "R5"
    assert moves_of("B-Kt5!")[0].annotations == ("!",)
    assert [m.castles for m in moves_of("Castles O-O-O Castles (Q R) o-o")] == ["", "Q", "Q", "K"]
    items = dn.parse("7. ........   Kt x Kt")
    assert items[0].continuation and items[1].piece == "Kt"
    assert [type(i).__name__ for i in dn.parse("1. P-K4 P-K4 2. resigns")] == [
        "MoveNumber", "Move", "Move", "MoveNumber", "Result"]


def test_typesetting_is_removed_with_columns_kept():
    line = r"3 $\frac{Kt \times P}{Q-Q \text{ sq}}$"
    text, cols = dn.untypeset(line)
    assert "Kt  x  P" in text
    start = text.index("Q-Q")
    assert line[cols[start] - 1:cols[start] + 2] == "Q-Q"


def test_ocr_l_for_1_is_read_and_noted():
    (move,) = moves_of("K-Kt l")
    assert move.target == "Kt1" and move.ocr == (("l", "1"),)


def test_a_move_means_every_legal_move_it_can():
    board = chess.Board()
    for san in "e4 d5 c4 e6 Nc3".split():
        board.push_san(san)
    res = resolve(board, moves_of("PxP"))
    assert sorted(board.san(r[0]) for r in res.readings) == ["dxc4", "dxe4"]


def test_backtracking_picks_the_reading_that_replays():
    # 5...PxP is ambiguous alone; only exd4 lets 6 KtxP (Nxd4) follow
    text = "1 P-K4 P-K4 2 Kt-KB3 Kt-QB3 3 P-Q4 P-Q3 4 B-QKt5 B-Q2 5 PxP PxP 6 KtxP"
    res = resolve(chess.Board(), moves_of(text))
    assert len(res.readings) >= 1
    for reading in res.readings:
        b = chess.Board()
        sans = []
        for m in reading:
            sans.append(b.san(m))
            b.push(m)
        assert sans[-1].startswith("Nx")


def line_record(text, setup=None):
    rec = Record("chess", "test", line=1)
    validate_line(rec, setup or Setup(), dn.parse(text))
    rec.settle_status()
    return rec


def test_k_for_kt_is_the_one_repair():
    rec = line_record("1 P-K4 P-K4 2 Kt-KB3 Kt-KB3 3 KtxP P-Q3 4 K-KB3 KtxP")
    assert rec.status == REPAIRED
    (diag,) = [d for d in rec.diagnostics if d.severity != "info"]
    assert diag.code == "CHESS-REPAIRED" and diag.repair and '"Kt-KB3"' in diag.message
    assert [p.normal for p in rec.plies][-2:] == ["Nf3", "Nxe4"]
    assert rec.plies[6].text == "K-KB3"  # the printed text is kept


def test_impossible_move_is_an_error_with_nearest_readings():
    rec = line_record("1 P-K4 P-K4 2 B-B2 Kt-KB3", Setup(remove=("g1",)))
    assert rec.status == NEEDS_REVIEW
    err = next(d for d in rec.diagnostics if d.severity == ERROR)
    assert err.code == "CHESS-ILLEGAL" and err.column == 15
    assert '"B-B4"' in err.suggestion and '"B-K2"' in err.suggestion


def test_false_check_claim_is_a_warning():
    rec = line_record("1 P-K4 P-K4 2 Kt-KB3 ch Kt-QB3")
    assert [d.code for d in rec.diagnostics] == ["CHESS-FALSE-CHECK"]
    assert rec.diagnostics[0].severity == WARNING


def test_several_readings_are_kept_not_guessed():
    rec = line_record("1 P-K4 P-Q4 2 P-QB4 P-K3 3 Kt-QB3 PxP")
    assert rec.status == NEEDS_REVIEW
    assert rec.diagnostics[0].code == "CHESS-AMBIGUOUS"
    assert sorted(r[-1] for r in rec.data["readings"]) == ["dxc4", "dxe4"]


def test_pawn_and_two_moves_lets_white_move_twice():
    rec = line_record("P-K4 P-Q4 P-K3 P-QB4", Setup(remove=("f7",), double_first=True))
    assert rec.status == VALID
    assert [p.normal for p in rec.plies] == ["e4", "--", "d4", "e6", "c4"]


def test_descriptive_spelling_round_trips():
    board = chess.Board()
    sans = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Na5 Bc2 c5 d4 Qc7".split()
    moves = []
    for san in sans:
        moves.append(board.parse_san(san))
        board.push(moves[-1])
    spelled = to_descriptive(chess.Board(), moves)
    assert spelled[:4] == ["P-K4", "P-K4", "Kt-KB3", "Kt-QB3"]
    again = resolve(chess.Board(), moves_of(" ".join(spelled)))
    assert again.readings == [moves]


def test_odds_of_two_moves_are_spelled_for_the_side_that_makes_them():
    """Pawn and two moves: White moves twice, Black's first turn a null move. The moves after
    it were spelled for the wrong side (`P(Q7)xP(Q5)` for d4), and the export's rows one off."""
    from records.chess.family import descriptive_text
    board = chess.Board("rnbqkbnr/ppppp1pp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    moves = [chess.Move.from_uci(u) for u in ("e2e4", "0000", "d2d4", "e7e6", "f1d3")]
    assert to_descriptive(board, moves) == ["P-K4", "...", "P-Q4", "P-K3", "B-Q3"]
    rec = Record(kind="chess", title="Pawn and Two Moves", data={"start_fen": board.fen()})
    rec.plies = [Ply(i + 1, san, san) for i, san in enumerate(["e4", "--", "d4", "e6", "Bd3"])]
    rows = descriptive_text(rec).splitlines()
    assert [r.split() for r in rows[2:]] == [["1.", "P-K4", "..."], ["2.", "P-Q4", "P-K3"],
                                             ["3.", "B-Q3"]]


def _crowded_position(rnd) -> chess.Board:
    """A legal position with two or three of a kind on each side (queens after promotions)."""
    while True:
        board = chess.Board(None)
        squares = rnd.sample(range(64), 16)
        board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
        kinds = [chess.QUEEN] * 3 + [chess.ROOK, chess.KNIGHT, chess.BISHOP] * 2 + [chess.PAWN]
        for k, sq in enumerate(squares[2:]):
            pawn_rank = chess.square_rank(sq) in (0, 7)
            kind = kinds[k % len(kinds)]
            if not (kind == chess.PAWN and pawn_rank):
                board.set_piece_at(sq, chess.Piece(kind, k % 2 == 0))
        board.turn = rnd.random() < 0.5
        if board.is_valid() and any(board.legal_moves):
            return board


def test_every_spelling_names_its_move_alone():
    """Where two queens can take the same man (`QxKt(QB5)` fits both), the spelling names the
    one that moves (`Q(QR5)xKt`): a capture had no form naming its mover's square, and the
    last form tried was written though it named two moves."""
    import random
    from records.chess.moves import _literal_moves, initial_labels
    from records.chess.spelling import spellings
    checked = 0
    for seed in range(100):
        board = _crowded_position(random.Random(seed))
        labels = initial_labels(board)
        for move in board.legal_moves:
            spelled = to_descriptive(board, [move])[0]
            token = dn.parse_move(spelled.replace(" ch", "").replace(" mate", ""))
            assert _literal_moves(board, labels, token) == [move], (board.fen(), move, spelled)
            assert spellings(board, labels, move)[0] == spelled
            checked += 1
    assert checked > 2000


def test_search_helpers():
    assert move_prefixes("P-K4 P-K4 Kt-KB3") == [["e4", "e5", "Nf3"]]
    assert move_prefixes("e4 e5") == [["e4", "e5"]]
    assert position_key("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1") == \
        position_key(chess.Board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - - 0 1"))
    assert position_key("not a fen") is None
    key = position_key(chess.Board())
    assert fen_of_key(key) == chess.Board().fen().replace("KQkq", "-")


@pytest.mark.parametrize("text, exact", [
    ("e4", True), ("1. e4 e5 2. Nf3 Nc6 3. Bb5", True), ("1.d4 Nf6 2.c4 g6", True),
    ("e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#", True), ("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7", True),
    ("1. e4 e5 2. Ke2", True),
    ("e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7", False),   # the mate typed without its sign
    ("P-K4 P-K4", False), ("e4 e5 Ke3", False),
])
def test_typed_sans_are_read_without_the_grammar_as_the_grammar_reads_them(text, exact,
                                                                          monkeypatch):
    """Moves typed exactly as SANs are read by san_board alone (no grammar, no python-chess to
    load), to what the grammar and the resolver read them as; anything else goes to those."""
    from records.chess import family
    fast = family._typed_sans(text)
    assert (fast is not None) == exact
    monkeypatch.setattr(family, "_typed_sans", lambda typed: None)
    try:
        slow = move_prefixes(text)
    except ValueError:
        slow = None
    if exact:
        assert slow == [fast]


OLD_STYLES = """THE EVANS GAMBIT.

WHITE.                           BLACK.

1. P. to K's 4th.                1. P. to K's 4th.
2. K. Kt. to B's 3rd.            2. Q. Kt. to B's 3rd.
3. K. B. to Q. B's 4th.          3. K. B. to Q. B's 4th.
4. P. to Q. Kt's 4th.            4. B. takes Kt's P.
5. P. to Q. B's 3rd.             5. B. to Q. R's 4th.
6. Castles.                      6. P. to Q's 3rd.

A GAME IN A PARAGRAPH.

1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3; 3. B-B4, B-B4; 4. P-QKt4, BxKtP;
5. P-B3, B-R4; 6. P-Q4, PxP; 7. Castles, P-Q6; 8. Q-Kt3, Q-B3;
9. P-K5, Q-Kt3; 10. Kt-K sq, KKt-K2; 11. B-R3, Castles.
"""


def test_older_layouts_read_from_running_text():
    from records.chess.scan import scan_book
    records = scan_book(OLD_STYLES, "old.txt")
    assert [r.title for r in records] == ["THE EVANS GAMBIT", "A GAME IN A PARAGRAPH"]
    evans, paragraph = records
    assert [p.normal for p in evans.plies] == \
        "e4 e5 Nf3 Nc6 Bc4 Bc5 b4 Bxb4 c3 Ba5 O-O d6".split()
    assert len(paragraph.plies) == 22 and paragraph.plies[-1].normal == "O-O"
    assert all(not r.diagnostics for r in records)


def test_both_columns_numbered_on_one_line():
    from records.chess.scan import scan_book
    text = ("A GAME.\n\n1. P-K4 1. P-K4\n2. Kt-KB3 2. Kt-QB3\n3. B-Kt5 3. P-QR3\n")
    (rec,) = scan_book(text, "numbered.txt")
    assert [p.normal for p in rec.plies] == "e4 e5 Nf3 Nc6 Bb5 a6".split()


def test_ranks_in_words_and_players_over_the_columns():
    from records.chess.scan import scan_book
    text = """GAME XII.

     WHITE. (Mr. St. Amant.)        BLACK. (Mr. Staunton.)
 1. P. to K. fourth.             1. P. to K. third.
 2. P. to Q. fourth.             2. P. to Q. fourth.
 3. P. takes P.                  3. P. takes P.
 4. K. Kt. to K. B. third.       4. K. Kt. to K. B. third.
"""
    (rec,) = scan_book(text, "staunton.txt")
    assert (rec.title, rec.tags["White"], rec.tags["Black"]) == ("GAME XII", "Mr. St. Amant",
                                                                  "Mr. Staunton")
    assert [p.normal for p in rec.plies] == "e4 e6 d4 d5 exd5 exd5 Nf3 Nf6".split()


OPERA_GAME = """GAME I.--Between Mr. Morphy and the Duke of Brunswick and Count Isouard.

WHITE. (Mr. Morphy.)               BLACK. (The Allies.)

 1. P. to K's 4th.                  1. P. to K's 4th.
 2. K. Kt. to B's 3d.               2. P. to Q's 3d.
 3. P. to Q's 4th.                  3. Q. B. to K. Kt's 5th.
 4. P. takes P.                     4. B. takes Kt.
 5. Q. takes B.                     5. P. takes P.
 6. K. B. to Q. B's 4th.            6. K. Kt. to B's 3d.
 7. Q. to her Kt's 3d.              7. Q. to K's 2d.
 8. Q. Kt. to B's 3d.               8. P. to Q. B's 3d.
 9. Q. B. to K. Kt's 5th.           9. P. to Q. Kt's 4th.[A]
10. Kt. takes P.                   10. P. takes Kt.
11. B. takes P. (ch.)              11. Q. Kt. to Q's 2d.
12. Castles on Q's side.           12. R. to Q's sq.
13. R. takes Kt.                   13. R. takes R.
14. R. to Q's sq.                  14. Q. to K's 3d.
15. B. takes R. (ch.)              15. Kt. takes B.
16. Q. to her Kt's 8th. (ch.)      16. Kt. takes Q.
17. R. to Q's 8th. Checkmate.
"""


def test_a_game_in_stauntons_style_replays_whole():
    """Both columns numbered, numbers right-aligned past 9, a footnote mark after a move."""
    from records.chess.scan import scan_book
    (rec,) = scan_book(OPERA_GAME, "morphy.txt")
    rec.settle_status()
    assert (rec.title, rec.status, rec.tags["BookGame"]) == ("GAME I", VALID, "1")
    assert rec.tags["White"] == "Mr. Morphy"
    assert rec.normal == ("1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 "
                          "7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 "
                          "12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 "
                          "17. Rd8#")


def test_pawns_advanced_one_or_two_squares():
    """The oldest style names no square for a pawn: "K. P. two", "Q. P. one"."""
    line = ("1. K. P. two. 1. K. P. two. 2. K. B. P. two. 2. P. takes P. 3. K. Kt. to B.'s 3d. "
            "3. K. Kt. P. two. 4. K. R. P. two. 4. P. to K. Kt.'s 5th. 7. Q. P. two. 7. Q. P. one.")
    res = resolve(chess.Board(), moves_of(line)[:8], annotate=True)
    assert [p.normal for p in res.plies[0]] == "e4 e5 f4 exf4 Nf3 g5 h4 g4".split()
    board = chess.Board("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 1")
    (two,) = moves_of("Q. P. two.")  # the queen's pawn stands on Q4: it cannot go two more
    assert resolve(board, [two]).readings == []


def test_moves_broken_across_lines_of_a_paragraph():
    """Running movetext wraps where the line ends, even inside a move ("2. P. to Q's" /
    "3d."); "Kt. 5." before the next move is that move's number, not the square Kt5."""
    import re
    import textwrap
    from records.chess.scan import scan_book
    rows = [re.sub(r"\s{2,}", " ", line.strip()) for line in OPERA_GAME.splitlines()
            if re.match(r"\s*\d+\.", line)]
    paragraph = textwrap.wrap(" ".join(rows), 70)
    assert paragraph[0].endswith("2. P. to Q's") and paragraph[1].startswith("3d.")
    text = "GAME I.\n\n" + "\n".join(paragraph) + "\n\nA note in prose after the game.\n"
    (rec,) = scan_book(text, "wrapped.txt")
    (opera,) = scan_book(OPERA_GAME, "morphy.txt")
    assert [p.normal for p in rec.plies] == [p.normal for p in opera.plies]
    assert not rec.diagnostics
    lines = text.splitlines()
    for ply in rec.plies:  # every ply points at where its move starts on its own line
        assert lines[ply.line - 1][ply.column - 1:].startswith(ply.text.split()[0])
    assert (rec.line, rec.end_line) == (3, 3 + len(paragraph) - 1)


@pytest.mark.parametrize("word", ["double", "dble.", "discovered", "dis.", "dbl"])
def test_a_check_s_word_at_a_line_end_wraps_with_its_move(word):
    """"4. Kt-R6 double" / "ch, K-R1; ...": the grammar's words for a double or discovered
    check are no prose, so the paragraph's lines are read together (Chess Strategy's line
    963 stopped at "double")."""
    from records.chess.scan import scan_book
    text = ("White wins as follows:\n\n1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3; 3. B-B4, B-B4;"
            f" 4. BxPch, KxB; 5. Kt-Kt5 {word}\nch, K-Kt3; 6. Q-Kt4, P-Q4.\n")
    (rec,) = scan_book(text, "wrapped.txt")
    assert [p.normal for p in rec.plies][-4:] == ["Ng5+", "Kg6", "Qg4", "d5"]
    assert rec.settle_status() == VALID and rec.end_line == 4


def test_black_replies_set_in_under_whites_moves():
    from records.chess.scan import scan_book
    text = "GAME 5.\n\n1. P-K4\n   P-K4\n2. Kt-KB3\n   Kt-QB3\n3. B-Kt5\n   P-QR3\n"
    (rec,) = scan_book(text, "alternate.txt")
    assert rec.normal == "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6"
    assert [p.line for p in rec.plies] == [3, 4, 5, 6, 7, 8]


@pytest.mark.parametrize("text, side", [("Castles with K. R.", "K"), ("Castles, Q. R.", "Q"),
                                        ("Castles on the King's side", "K"), ("O—O—O", "Q")])
def test_castling_as_older_books_print_it(text, side):
    (move,) = moves_of(text)
    assert move.castles == side


def test_results_in_words():
    assert [type(i).__name__ for i in dn.parse("Drawn game. Game drawn. Resigns.")] == \
        ["Result"] * 3


def test_players_by_their_initials_named_from_the_heading():
    from records.chess.scan import scan_book
    text = """GAME II.\u2014Between Mr. Morphy and Mr. Harrwitz.

WHITE. (Mr. M.)                   BLACK. (Mr. H.)

 1. P. to K's 4th.                 1. P. to K's 4th.
 2. K. Kt. to K. B's 3d.           2. P. to Q's 3d.
 3. P. to Q's 4th.                 3. P. takes P.
 4. Q. takes P.                    4. Q. Kt. to Q. B's 3d.
"""
    (rec,) = scan_book(text, "blue.txt")
    assert (rec.title, rec.tags["White"], rec.tags["Black"]) == ("GAME II", "Mr. Morphy",
                                                                  "Mr. Harrwitz")
    assert "BookOpening" not in rec.tags
    assert rec.normal == "1. e4 e5 2. Nf3 d6 3. d4 exd4 4. Qxd4 Nc6"


# -- a check or mate sign that a line break carried to the head of the next line ----------
def test_a_line_opening_with_the_check_of_the_move_above_is_read():
    for text, number in (("ch; 10. K-K2, P-KB4.", 10), ("dis. ch; 5. P-K4", 5),
                         ("check, 7. Q-R5", 7)):
        items = dn.parse(text, 3)
        assert isinstance(items[0], dn.MoveNumber) and items[0].number == number, text
        assert all(not isinstance(i, dn.Unreadable) for i in items), text
        assert text[items[1].column - 1:].startswith(items[1].text.rstrip(".")), text
    assert isinstance(dn.parse("mate.", 1)[0], dn.Unreadable)   # a mark alone: not play


def test_a_game_whose_check_wraps_keeps_its_last_line(tmp_path):
    """The game was valid without the line after the wrap (its last move dropped)."""
    book = ("GAME 1\n\n1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3; 3. B-Kt5, P-QR3; 4. BxKt, QPxB; 5.\n"
            "P-Q4, PxP; 6. QxP, QxQ; 7. KtxQ, B-Q3; 8. Kt-QB3, Kt-K2; 9. B-K3, B-K4\n"
            "ch; 10. K-K2, P-KB4.\n")
    path = tmp_path / "wrapped.txt"
    path.write_text(book)
    (rec,) = core_reading.read_path(str(path))
    assert rec.end_line == 5 and len(rec.plies) == 20
    assert [p.normal for p in rec.plies][-2:] == ["Ke2", "f5"]


BOTH_WAYS = ("1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3; 3. B-B4, B-B4; 4. P-Q3, P-Q3; 5. B-K3, B-K3; "
             "6. Kt-B3, Kt-B3; 7. Q-Q2, Q-Q2; 8. {}, {}.")


@pytest.mark.parametrize("white, black, sans", [
    ("Castles long", "Castles short", ["O-O-O", "O-O"]),
    ("Castles (Q side)", "Castles (K side)", ["O-O-O", "O-O"]),
    ("Castles Q", "Castles K", ["O-O-O", "O-O"]),
    ("Castles with Q R", "Castles on the King's side", ["O-O-O", "O-O"]),
    ("Castles on the Queen's side", "Castles long", ["O-O-O", "O-O-O"])])
def test_castling_named_in_words_reads_its_side(white, black, sans):
    """`Castles long`, `Castles (Q side)`, `Castles Q`: where both castlings are legal, the
    words say which (they were unread, and the game dropped from that line on)."""
    from records.chess.scan import scan_book
    (rec,) = scan_book("GAME 1.\n\n" + BOTH_WAYS.format(white, black) + "\n", "castles.txt")
    rec.settle_status()
    assert rec.status == "valid" and [p.normal for p in rec.plies][14:] == sans
