"""PGN both ways: the compiled reader against python-chess, annotations kept through an export,
a game's status carried by a tag, games cut short exported whole, junk, nulls and line ends."""
from dataclasses import asdict
import random
import re
import types

import chess
import chess.pgn
import pytest

from records.chess import pgn, pgn_visitor
from records.chess.moves import position_key
from records.core.model import ERROR, INFO, NEEDS_REVIEW, VALID, WARNING, Ply, Record

from conftest import last_position
from test_pgn import ILLEGAL, random_games_pgn

try:
    from records.chess import pgn_fast
except ImportError:  # no numpy: the "fast" extra is not installed
    pgn_fast = None
needs_compiled = pytest.mark.skipif(pgn_fast is None or pgn_fast.compiled_reader() is None,
                                    reason="the fast extra (numpy, rust-pgn-reader) is missing")


def python_chess_only(monkeypatch):
    monkeypatch.setattr(pgn_fast, "_compiled", False)


def slow_games(monkeypatch) -> list:
    """Count the games handed to python-chess."""
    calls = []
    original = pgn_visitor.read_lines

    def counting(lines, path, start, stop, before):
        calls.append((start, stop))
        return original(lines, path, start, stop, before)
    monkeypatch.setattr(pgn_visitor, "read_lines", counting)
    return calls


def comparable(records):
    from records.archive.query import fill_positions
    for rec in records:
        fill_positions(rec)   # the bulk reader keys the opening plies only
    return [(r.title, r.line, r.end_line, r.text, list(r.tags.items()), r.start_position, r.normal,
             [asdict(p) for p in r.plies], [asdict(d) for d in r.diagnostics]) for r in records]


@needs_compiled
def test_compiled_reader_reads_like_python_chess(monkeypatch):
    """Promotions, castling, en passant, mates, ambiguous men, missing check signs: the
    compiled path's records are python-chess's, field for field."""
    text = random_games_pgn(count=60, seed=11)
    calls = slow_games(monkeypatch)
    quick = pgn.read(text, "random.pgn")
    assert calls == []                                   # all 60 went the quick way
    python_chess_only(monkeypatch)
    careful = pgn.read(text, "random.pgn")
    assert len(calls) == 60
    from records.chess.moves import key_hash
    for q, c in zip(quick, careful):   # every position hashed at once, as its key hashes
        assert list(q.key_hashes) == [key_hash(c.start_position)] + \
            [key_hash(p.position) for p in c.plies]
    assert comparable(quick) == comparable(careful)
    sans = {p.normal for r in quick for p in r.plies}
    disambiguated = {s for s in sans if re.match(r"[NBRQ][a-h1-8]x?[a-h][1-8]", s)}
    assert len(disambiguated) > 10 and any("=" in s for s in sans)


CLOCKS = """[Event "Blitz"]
[Result "0-1"]

1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:02:59] } 2. Qh5?! { [%clk 0:02:58] } 2... Nc6
3. Bc4 Nf6?? 4. Qxf7# { [%clk 0:02:50] } 1-0
"""


@needs_compiled
def test_annotated_games_are_read_quickly_and_like_python_chess(monkeypatch):
    text = ANNOTATED + "\n" + CLOCKS + "\n" + random_games_pgn(count=3, seed=1)
    calls = slow_games(monkeypatch)
    quick = pgn.read(text, "notes.pgn")
    assert calls == []
    python_chess_only(monkeypatch)
    assert comparable(quick) == comparable(pgn.read(text, "notes.pgn"))
    assert quick[1].plies[-1].normal == "Qxf7#" and quick[1].data["nags"] == 2


TRICKY = "\ufeff" + """[Event "Bom"]
[White "A \\"q\\" \\\\ b"]
[Result "1-0"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6?? 4. Qxf7# 1-0

% escape line
[Event "Long"]

1. e2e4 e7e5 2. Ng1f3 Nb8c6 3. Bf1b5 a7a6 *

[Event "NoChecks"]
[Result "1-0"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7 1-0

[Event "FalseCheck"]

1. e4+ e5 2. Nf3# Nc6 *

[Event "Fen"]
[SetUp "1"]
[FEN "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"]

1. O-O-O+ Kf7 2. Rd7+ Kg6 3. Rxa7 Rxa7 *

[Event "Promo"]
[SetUp "1"]
[FEN "8/P6k/8/8/8/8/8/K7 w - - 0 1"]

1. a8=Q Kg6 2. Qb7 Kf6 *

[Event "Illegal"]

1. e4 e5 2. Ke3 *

[Event "Comment
over"]

1. d4 {a comment
that goes on} d5 ; rest of line
2. c4 (2. Nf3 Nf6) 2... e6 $14 *

1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *

[Event "Ambig"]

1. Nf3 Nf6 2. Nc3 Nc6 3. Nd4 Nd5 4. Ndb5 Ndb4 5. Nd4 Nd5 6. Nf3 Nf6 *

[Event "EP"]

1. e4 a6 2. e5 d5 3. exd6 cxd6 *

[Event "960"]
[Variant "Chess960"]
[FEN "nnrkbbqr/pppppppp/8/8/8/8/PPPPPPPP/NNRKBBQR w KQkq - 0 1"]
[SetUp "1"]

1. O-O-O Nb6 *

[Event "Pinned"]

1. e4 e5 2. Nc3 Bb4 3. Nge2 d6 4. d3 Bg4 5. Ng3 Nc6 6. Nge2 *
"""


@needs_compiled
def test_tricky_games_read_the_same_both_ways(monkeypatch):
    """A byte-order mark, escapes, a "%" line, long algebraic, missing and false check signs,
    castling with check from a FEN, promotion, an illegal king move, a header broken over two
    lines (its words are junk), a comment over lines, a game without headers, ambiguous and
    pinned knights, en passant, Chess960."""
    quick = pgn.read(TRICKY, "tricky.pgn")
    python_chess_only(monkeypatch)
    assert comparable(quick) == comparable(pgn.read(TRICKY, "tricky.pgn"))
    by_title = {r.title: r for r in quick}
    assert by_title["Bom"].tags["White"] == 'A "q" \\ b' and by_title["Bom"].line == 1
    assert [p.normal for p in by_title["Long"].plies] == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]
    assert by_title["NoChecks"].plies[-1].normal == "Qxf7#"
    assert [d.code for d in by_title["FalseCheck"].diagnostics] == ["CHESS-CHECK"] * 2
    assert by_title["Promo"].plies[0].normal == "a8=Q"
    assert [p.normal for p in by_title["Pinned"].plies][-1] == "Ne2"   # the c3 knight is pinned
    assert [p.normal for p in by_title["EP"].plies][-2] == "exd6"
    assert [r.title for r in quick if r.settle_status() != VALID] == \
        ["FalseCheck", "Fen", "Illegal", "Game 8"]


@needs_compiled
def test_a_refused_game_goes_to_python_chess_and_the_rest_stays_quick(monkeypatch):
    calls = slow_games(monkeypatch)
    broken, fine = pgn.read(ILLEGAL, "broken.pgn")
    assert calls == [(0, 7)]                              # only the broken game
    assert [d.code for d in broken.diagnostics if d.severity == ERROR] == ["CHESS-ILLEGAL"]
    assert fine.settle_status() == VALID and fine.plies[-1].normal == "Qh4#"


def test_iter_read_streams():
    text = random_games_pgn(count=5)
    games = pgn.iter_read(text, "x.pgn")
    assert isinstance(games, types.GeneratorType)
    assert next(games).title == "Random 0"
    assert len(list(games)) == 4


# -- annotations -----------------------------------------------------------------------------
ANNOTATED = """[Event "Annotated"]
[Result "1-0"]

1. e4 $1 {King's pawn} e5 2. Nf3 (2. f4 exf4 (2... d5 {the counter-gambit} 3. exd5)
3. Nf3) 2... Nc6 $2 3. Bb5 a6!? {Morphy's move} 4. Ba4 Nf6 5. O-O 1-0
"""


def test_variations_comments_and_nags_survive_a_round_trip():
    rec = pgn.read(ANNOTATED, "notes.pgn")[0]
    assert [p.normal for p in rec.plies] == \
        ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O"]
    assert rec.data["variations"] == 1 and rec.data["nags"] == 3
    assert rec.data["annotations"] == "King's pawn Morphy's move"
    assert "Annotations" not in rec.tags    # the comments stay where they were printed
    written = pgn.write([rec])
    assert written.split("\n\n", 1)[1] == ANNOTATED.split("\n\n", 1)[1] + "\n"  # as printed
    again = pgn.read(written, "again.pgn")[0]
    assert [p.normal for p in again.plies] == [p.normal for p in rec.plies]
    assert [p.position for p in again.plies] == [p.position for p in rec.plies]
    assert again.data["movetext"] == rec.data["movetext"]
    assert again.settle_status() == VALID
    assert again.tags["HoyleSource"] == "notes.pgn" and again.tags["HoyleLine"] == "1"
    assert pgn.write([again]) == written    # provenance kept: the same bytes


def test_comment_across_lines_keeps_the_game_whole():
    text = ('[Event "C"]\n\n1. e4 {a comment\n\nwith a blank line} e5 2. Nf3 *\n\n'
            '[Event "D"]\n\n1. d4 *\n')
    c, d = pgn.read(text, "c.pgn")
    assert [p.normal for p in c.plies] == ["e4", "e5", "Nf3"]
    assert (c.plies[1].line, c.plies[1].column) == (5, 20)
    assert d.line == 7 and [p.normal for p in d.plies] == ["d4"]


# -- status travels with the game ---------------------------------------------------------------
def test_a_game_needing_review_never_comes_back_valid():
    broken, fine = pgn.read(ILLEGAL, "broken.pgn")
    written = pgn.write([broken, fine])
    assert written.count("[HoyleStatus ") == 1
    assert '[HoyleStatus "needs_review"]' in written
    assert '[HoyleDiagnostic1 "7:19 error CHESS-ILLEGAL \\"Qxg2\\" is not a legal move' in written
    assert '[HoyleSuggestion1 "nearest legal readings: ' in written
    assert "4. Bxc6 Qxg2 5. Nxe5 *" in written            # exported whole, not cut
    again, fine_again = pgn.read(written, "again.pgn")
    assert again.settle_status() == NEEDS_REVIEW
    assert again.diagnostics == broken.diagnostics        # lines of the first source's
    assert "HoyleStatus" not in again.tags and fine_again.settle_status() == VALID
    assert not any(tag.startswith("HoyleDiagnostic") for tag in again.tags)
    assert pgn.write([again, fine_again]) == written
    # an export of an older hoyle: a status and a summary, no diagnostics one by one
    older = written.replace('[HoyleDiagnostic1 "7:19 error CHESS-ILLEGAL ',
                            '[HoyleDiagnostics "CHESS-ILLEGAL 7:19 ')
    older = re.sub(r'\[HoyleSuggestion1 .*\n', "", older)
    again = pgn.read(older, "again.pgn")[0]
    status = [d for d in again.diagnostics if d.code == "CHESS-STATUS"]
    assert len(status) == 1 and status[0].severity == WARNING
    assert 'exported as needs review: CHESS-ILLEGAL 7:19 "Qxg2"' in status[0].message


def test_a_book_game_cut_short_is_exported_whole():
    board = chess.Board()
    plies = []
    for i, (book, san) in enumerate([("P-K4", "e4"), ("P-K4", "e5")], 1):
        board.push_san(san)
        plies.append(Ply(i, book, san, 3, 5 + 10 * (i - 1), position_key(board)))
    text = "GAME No. 1\n\n1  P-K4      P-K4\n2  Kt-KB8    Kt-QB3\n3  B-Kt5     1-0"
    rec = Record(kind="chess", title="Book game", source="book.txt", line=1, end_line=5,
                 text=text, plies=plies, tags={"White": "A", "Black": "B"})
    rec.add(ERROR, "CHESS-ILLEGAL", '"Kt-KB8" is not a legal move', 4, 4)
    written = pgn.write([rec])
    assert "\n\n1. e4 e5 *\n" in written                    # no comment added to the moves
    assert '[HoyleUnread "2 Kt-KB8 Kt-QB3 3 B-Kt5 1-0"]' in written
    assert '[HoylePrinted "P-K4, P-K4"]' in written
    assert '[HoyleStatus "needs_review"]' in written
    again = pgn.read(written, "again.pgn")[0]
    assert [p.normal for p in again.plies] == ["e4", "e5"]
    assert again.settle_status() == NEEDS_REVIEW and again.diagnostics == rec.diagnostics
    assert again.title == "Book game"
    assert pgn.write([again]) == written.replace(   # its opening, named when read again
        "\n[HoyleTitle", '\n[HoyleOpening "King\'s Pawn Game"]\n[HoyleECO "C20"]\n[HoyleTitle')


# -- odd movetext ---------------------------------------------------------------------------
def test_junk_in_movetext_is_named_not_skipped_silently():
    rec = pgn.read('[Event "J"]\n\n1. e4 foo e5 2. Nf3 e9 Nc6 *\n', "j.pgn")[0]
    assert [p.normal for p in rec.plies] == ["e4", "e5", "Nf3", "Nc6"]
    junk = [(d.severity, d.code, d.line, d.column) for d in rec.diagnostics]
    assert junk == [(WARNING, "CHESS-JUNK", 3, 7), (WARNING, "CHESS-JUNK", 3, 21)]
    assert '"foo"' in rec.diagnostics[0].message and rec.settle_status() == NEEDS_REVIEW


def test_mate_with_an_unfinished_result_is_corrected_with_a_note():
    rec = pgn.read('[Event "M"]\n[Result "*"]\n\n1. f3 e5 2. g4 Qh4# *\n', "m.pgn")[0]
    assert rec.tags["Result"] == "*" and rec.tags["HoyleResult"] == "0-1"   # the tag as read
    assert [(d.severity, d.code) for d in rec.diagnostics] == [(INFO, "CHESS-RESULT")]
    assert rec.settle_status() == VALID
    assert "2. g4 Qh4# *" in pgn.write([rec]) and "2. g4 Qh4# 0-1" in rec.normal


def test_null_moves_of_odds_games_are_read():
    rec = pgn.read('[Event "Odds"]\n\n1. e4 -- 2. d4 e5 3. -- Nf6 *\n', "odds.pgn")[0]
    assert [p.normal for p in rec.plies] == ["e4", "--", "d4", "e5", "--", "Nf6"]
    board = chess.Board()
    for san in ("e4", "--", "d4", "e5", "--", "Nf6"):
        board.push_san(san)
    assert last_position(rec) == position_key(board)
    assert rec.settle_status() == VALID and "Opening" not in rec.tags
    again = pgn.read(pgn.write([rec]), "again.pgn")[0]
    assert [p.normal for p in again.plies] == [p.normal for p in rec.plies]


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
def test_every_line_end_reads_two_games_as_two(end):
    text = end.join(['[Event "A"]', "", "1. e4 e5", "2. Nf3 *", "", '[Event "B"]', "",
                     "1. d4 d5 *", ""])
    a, b = pgn.read(text, "ends.pgn")
    assert [p.normal for p in a.plies] == ["e4", "e5", "Nf3"]
    assert [(p.line, p.column) for p in a.plies] == [(3, 4), (3, 7), (4, 4)]
    assert (b.line, [p.normal for p in b.plies]) == (6, ["d4", "d5"])
    assert a.text == end.join(['[Event "A"]', "", "1. e4 e5", "2. Nf3 *"])


@needs_compiled
def test_batch_tokenizer_agrees_with_the_line_tokenizer():
    from records.chess import pgn_text
    from conftest import CORPUS, need
    real = need(CORPUS / "chess" / "book_games_pgn_counterparts.pgn").read_text(encoding="utf-8")
    odd = ('[E "x"]\n\n1. e4 e5\r\n2. Nf3 *\r\n\r\n12. e4\n12... e5 0-0 1-0\n\n'
           '[E "y"]\r\r1. d4\r2. c4 *\r\r1. e4 {note} *\n')
    for text in (real, random_games_pgn(count=30, seed=3), odd, odd.replace("\n", "\r\n")):
        lines = pgn_text.split_lines(text)
        spans = list(pgn_text.game_spans(lines))
        batch = [found and (found[0], list(map(int, found[1])), list(map(int, found[2])))
                 for found in pgn_fast.plain_batch(lines, spans)]
        assert batch == \
            [pgn_fast._joined(pgn_text.plain(lines, start, stop)) for _, start, stop in spans]
    lines = pgn_text.split_lines("1.e4 e5 *\n")     # run together: left to the line tokenizer
    assert pgn_fast.plain_batch(lines, list(pgn_text.game_spans(lines))) == [None]
    assert pgn.read("1.e4 e5 *\n", "x.pgn")[0].plies[0].column == 3


@needs_compiled
def test_a_fault_in_the_compiled_reader_leaves_python_chess_to_read(monkeypatch):
    text = random_games_pgn(count=8, seed=5)
    expected = comparable(pgn.read(text, "r.pgn"))

    def broken(*args):
        raise IndexError("a reader bug")
    monkeypatch.setattr(pgn_fast, "read_batch", broken)
    calls = slow_games(monkeypatch)
    assert comparable(pgn.read(text, "r.pgn")) == expected
    assert len(calls) == 8


def test_text_with_no_tag_no_move_and_no_result_is_no_valid_game():
    """40,000 '[' (a fuzz case) once came out as one empty valid game."""
    (junk,) = pgn.read("[" * 40_000 + "\n", "junk.pgn")
    assert junk.settle_status() == NEEDS_REVIEW
    assert [d.code for d in junk.diagnostics if d.severity == ERROR] == ["CHESS-NO-GAME"]
    (empty,) = pgn.read('[Event "x"]\n\n*\n', "empty.pgn")  # a game with tags and no moves
    assert empty.settle_status() == VALID


def test_tag_sections_are_read_as_python_chess_reads_tag_lines():
    from chess.pgn import TAG_REGEX
    from conftest import CORPUS, need
    from records.chess import pgn_text
    odd = ('[Event "a \\"quoted\\" \\\\ b"]  \n[Site  "two spaces"]\n% a comment line\n'
           '[Bad"no space"]\n[White "v"] junk after\n[Date ""]\n  [Lead "space before"]\n'
           '[Tab\t"tab"]\t\n[Black "x] y"]\n\n1. e4 *\n')
    real = need(CORPUS / "chess" / "book_games_pgn_counterparts.pgn").read_text(encoding="utf-8")
    seen = 0
    for text in (odd, real, random_games_pgn(count=20, seed=9)):
        lines = pgn_text.split_lines(text)
        for first, movetext, _ in pgn_text.game_spans(lines):
            expected = {}
            for line in lines[first:movetext]:
                found = TAG_REGEX.match(line)
                if found:
                    expected[found[1]] = re.sub(r'\\([\\"])', r"\1", found[2])
            got = pgn_fast._tags("".join(lines[first:movetext]))
            assert list(got.items()) == list(expected.items())
            seen += len(got)
    assert seen > 100
    assert pgn_fast._tags(odd.split("\n\n")[0] + "\n") == {
        "Event": 'a "quoted" \\ b', "Site": "two spaces", "Date": "", "Tab": "tab",
        "Black": "x] y"}


CROWDED = ["r2qk2r/1q3q2/2n1bn2/8/3Q4/1NB1QN2/4R3/R3K1Q1 w Qkq - 0 1",
           "1n2k1q1/1qr1r1b1/2q5/8/4Q3/N4N2/2B1Q1B1/R3K2R b KQ - 0 1",
           "4k3/1R3n2/2n5/q1N1b1Q1/4Kq2/2N5/1R6/b4Q2 w - - 0 1",
           "r3k3/8/8/8/8/Q1Q5/8/Q1Q1K3 w - - 0 1"]   # a square of queens: file and rank


def crowded_games_pgn(count: int, seed: int) -> tuple[str, int]:
    """Random games from positions crowded with queens, rooks, knights and bishops, and how
    many of their moves had a rival of the mover's kind held back by a pin."""
    rng, out, pinned = random.Random(seed), [], 0
    for n in range(count):
        board = chess.Board(CROWDED[n % len(CROWDED)])
        game = chess.pgn.Game.from_board(board)
        game.headers["Event"] = f"Crowded {n}"
        node = game
        while not board.is_game_over() and board.ply() < 80:
            move = rng.choice(list(board.legal_moves))
            man = board.piece_type_at(move.from_square)
            reach = {m.from_square for m in board.generate_pseudo_legal_moves(
                board.pieces_mask(man, board.turn), chess.BB_SQUARES[move.to_square])}
            legal = {m.from_square for m in board.generate_legal_moves(
                board.pieces_mask(man, board.turn), chess.BB_SQUARES[move.to_square])}
            pinned += man != chess.PAWN and reach != legal
            node = node.add_variation(move)
            board.push(move)
        game.headers["Result"] = board.result()
        out.append(str(game))
    return "\n\n".join(out) + "\n", pinned


@needs_compiled
def test_disambiguation_with_many_men_and_pins_is_python_chess_s(monkeypatch):
    """SAN made by numpy names the origin's file, rank or both exactly when python-chess does,
    a pinned rival (or one whose leaving would open a line) counting for nothing."""
    text, pinned = crowded_games_pgn(count=60, seed=5)
    calls = slow_games(monkeypatch)
    quick = pgn.read(text, "crowded.pgn")
    assert calls == []
    python_chess_only(monkeypatch)
    assert comparable(quick) == comparable(pgn.read(text, "crowded.pgn"))
    sans = {p.normal for r in quick for p in r.plies}
    assert pinned >= 20
    assert any(re.fullmatch(r"[NBRQ][a-h]x?[a-h][1-8][+#]?", s) for s in sans)      # by file
    assert any(re.fullmatch(r"[NBRQ][1-8]x?[a-h][1-8][+#]?", s) for s in sans)      # by rank
    assert any(re.fullmatch(r"[NBRQ][a-h][1-8]x?[a-h][1-8][+#]?", s) for s in sans)  # both
