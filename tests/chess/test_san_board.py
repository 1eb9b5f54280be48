"""san_board: the plain-Python board that checks a plain game's moves takes exactly the SANs
python-chess prints for legal moves, and makes each position's archive key as python-chess's
board does. python-chess is the oracle throughout: on random games (every kind of move), on
wrong spellings of every legal move, and on the corpus's games."""
import copy
import io
import random
import re

import chess
import chess.pgn
import pytest

from records.chess import san_board
from records.chess.keys import key_hash, position_key

from conftest import CORPUS, need

TWIC = CORPUS / "chess" / "twic0920.pgn"
COUNTERPARTS = CORPUS / "chess" / "book_games_pgn_counterparts.pgn"


def oracle_hashes(board: chess.Board) -> int:
    return key_hash(position_key(board))


def random_game(rng: random.Random, plies: int) -> tuple[list[str], list[int]]:
    """A random legal game's SANs, and the key hash of its start and of each position."""
    board = chess.Board()
    sans, hashes = [], [oracle_hashes(board)]
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        # captures and promotions first now and then, so games reach their late forms
        move = (max(moves, key=lambda m: (m.promotion or 0, board.is_capture(m)))
                if rng.random() < 0.2 else rng.choice(moves))
        sans.append(board.san(move))
        board.push(move)
        hashes.append(oracle_hashes(board))
    return sans, hashes


SHAPES = {   # every form of SAN the random games must have met
    "short castling": r"O-O[+#]?", "long castling": r"O-O-O[+#]?",
    "promotion": r"[a-h](?:x[a-h])?[18]=[NBRQ][+#]?",
    "disambiguated by file": r"[NBRQ][a-h]x?[a-h][1-8][+#]?",
    "disambiguated by rank": r"[NBRQ][1-8]x?[a-h][1-8][+#]?",
    "mate": r".*#", "check": r".*\+",
}


def test_random_games_replay_as_python_chess_replays_them():
    rng = random.Random(20261127)
    seen, en_passant = set(), 0
    for _ in range(120):
        sans, hashes = random_game(rng, rng.randint(30, 400))
        assert san_board.replayed(sans) == hashes, sans
        seen |= {name for name, shape in SHAPES.items()
                 for san in sans if re.fullmatch(shape, san)}
        en_passant += _en_passant_captures(sans)
    assert seen == set(SHAPES)
    assert en_passant > 0


def _en_passant_captures(sans: list[str]) -> int:
    board, count = chess.Board(), 0
    for san in sans:
        move = board.parse_san(san)
        count += board.is_en_passant(move)
        board.push(move)
    return count


def board_like(fen: str) -> san_board.Board:
    """A san_board.Board set to a FEN's position (its reader only ever starts from the
    standard start; the test sets the men itself, to try positions games rarely reach)."""
    oracle, board = chess.Board(fen), san_board.Board()
    board.men = [0] * 64
    for square, piece in oracle.piece_map().items():
        board.men[square] = piece.piece_type | (0 if piece.color else san_board.BLACK)
    board.kinds = [0, *(int(oracle.pieces_mask(kind, True) | oracle.pieces_mask(kind, False))
                        for kind in chess.PIECE_TYPES)]
    board.white = int(oracle.occupied_co[True])
    board.kings = {0: oracle.king(True), san_board.BLACK: oracle.king(False)}
    board.side = 0 if oracle.turn else san_board.BLACK
    board.rights = set(oracle.castling_xfen().replace("-", ""))
    board.en_passant = oracle.ep_square
    return board


def clone(board: san_board.Board) -> san_board.Board:
    twin = copy.copy(board)
    twin.men, twin.kinds = board.men[:], board.kinds[:]
    twin.rights, twin.kings = set(board.rights), dict(board.kings)
    return twin


def spellings(san: str) -> set[str]:
    """The SAN and wrong spellings of it: signs added or dropped, squares of origin added, a
    capture's x dropped or one added, a promotion's piece changed or dropped."""
    bare = san.rstrip("+#")
    out = {san, bare, bare + "+", bare + "#"}
    if bare[0] in "NBRQK":
        to, capture = bare[-2:], "x" in bare
        for origin in ("", "a", "h", "1", "8", "b2", "e4"):
            out |= {bare[0] + origin + x + to for x in ("", "x")}
        out.add(bare.replace("x", "") if capture else bare[0] + "x" + bare[1:])
    elif bare[0] in "abcdefgh":
        out.add(bare.replace("x", ""))
        if "=" in bare:
            out |= {bare.split("=")[0], bare[:-1] + ("N" if bare[-1] != "N" else "Q")}
    return out


def test_a_move_is_taken_exactly_when_it_is_the_san_of_a_legal_move():
    rng = random.Random(7)
    tried = 0
    for _ in range(16):
        board, mine = chess.Board(), san_board.Board()
        for _ in range(rng.randint(20, 200)):
            legal = list(board.legal_moves)
            if not legal:
                break
            sans = {board.san(m) for m in legal}
            for san in rng.sample(sorted(sans), min(6, len(sans))):
                for token in spellings(san):
                    trial = clone(mine)
                    assert trial.play(token) == (token in sans), (board.fen(), token)
                    tried += 1
            move = rng.choice(legal)
            assert mine.play(board.san(move))
            board.push(move)
            assert mine.key_hash() == oracle_hashes(board)
    assert tried > 4_000


@pytest.mark.parametrize("fen", [
    "Q3Q3/8/8/8/Q7/7k/8/2K5 w - - 0 1",          # three queens: Qa8e4 names file and rank
    "7k/8/8/1N3N2/8/1N6/8/K7 w - - 0 1",          # three knights around d4 and d6
    "8/8/8/KPp4r/8/8/8/7k w - c6 0 1",            # en passant would leave the king in check
    "8/8/8/1Pp5/8/8/8/K2k4 w - c6 0 1",           # en passant that is allowed
    "r3k2r/8/8/1b6/8/8/8/R3K2R w KQkq - 0 1",     # castling: one side's road attacked
    "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 0 1",         # castling rights of one side each
    "4k3/P6P/8/8/8/8/7r/4K3 w - - 0 1",           # promotions, some with check
    "6rk/6pp/8/4N3/8/8/8/6K1 w - - 0 1",          # a smothered mate
    "rnbqkbnr/ppppp2p/8/5pp1/4P3/8/PPPP1PPP/RNBQKBNR w KQkq g6 0 3",   # mate in one
])
def test_rare_positions_take_exactly_the_sans_of_their_legal_moves(fen):
    oracle = chess.Board(fen)
    sans = {oracle.san(move): move for move in oracle.legal_moves}
    for san, move in sans.items():
        for token in spellings(san):
            trial = board_like(fen)
            assert trial.play(token) == (token in sans), token
            if token in sans:
                after = oracle.copy()
                after.push(sans[token])
                assert trial.key_hash() == oracle_hashes(after), token


@pytest.mark.parametrize("moves, legal", [
    ("e4 e5 Ke2 Ke7 Ke1 Ke8 Nf3 Nf6 Bc4 Bc5 O-O", False),   # the king has moved
    ("e4 e5 Nf3 Nc6 Bc4 Bc5 O-O Nf6 Re1 O-O", True),
    ("e4 d5 exd5 Qxd5 Nc3 Qe5+ Be2 Nf6 Nf3 Qe6 O-O", True),
    ("e4 e5 Nf3 d6 Bc4 Bg4 Nc3 g6 Nxe5 Bxd1 Bxf7+ Ke7 Nd5#", True),   # Legall's mate
    ("e4 e5 Nf3 d6 Bc4 Bg4 Nc3 g6 Nxe5 Bxd1 Bxf7+ Ke7 Nd5+", False),  # a mate printed as check
    ("f3 e5 g4 Qh4", False),                                        # the mate without its sign
    ("e4 f5 exf5 g5 fxg6", True),                                   # en passant
    ("e4 f5 exf5 g5 fxg6 Nf6 gxh7 Ng8 hxg8=N", True),               # under-promotion
    ("d4 e5 dxe5 f5 exf6 Nh6 fxg7 Bd6 gxh8=Q+", True),
    ("d4 e5 dxe5 f5 exf6 Nh6 fxg7 Bd6 gxh8=Q", False),              # the check sign left out
    ("d4 e5 dxe5 f5 exf6 Nh6 fxg7 Bd6 gxh8", False),                # promotion left out
    ("Nf3 Nf6 Nc3 Nc6 Ng1 Ng8 Nb1", True),
    ("Nf3 Nf6 Nc3 Nc6 Nd4 Nd5 Ndb5", True),                         # two knights: by file
    ("Nf3 Nf6 Nc3 Nc6 Nd4 Nd5 Nb5", False),                         # ambiguous as printed
    ("Nf3 Nf6 Ngf3", False),                                        # no such knight
    ("e4 e5 Nf3 Nc6 Bb5 Nf6 Bxc6 dxc6 Nxe5 Qd4 Nf3 Qxe4+ Qe2 Qxe2+ Kxe2", True),
    ("e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 O-O Bg4 h3 Bh5 d3 Qd6 Nbd2 O-O-O", True),
])
def test_printed_lines_are_taken_as_python_chess_takes_them(moves, legal):
    tokens = moves.split()
    board, hashes = chess.Board(), None
    try:
        hashes = [oracle_hashes(board)]
        for token in tokens:
            move = board.parse_san(token)
            if board.san(move) != token:
                raise ValueError(token)
            board.push(move)
            hashes.append(oracle_hashes(board))
    except ValueError:
        hashes = None
    assert (hashes is not None) == legal
    assert san_board.replayed(tokens) == hashes
    assert san_board.position_after(tokens) == (position_key(board) if legal else None)


def corpus_games(path, limit: int):
    handle = io.StringIO(need(path).read_text(encoding="utf-8"))
    for _ in range(limit):
        game = chess.pgn.read_game(handle)
        if game is None:
            return
        if game.board() == chess.Board() and not game.errors:
            yield game


def test_the_corpus_games_replay_as_python_chess_replays_them():
    games = 0
    for path, limit in ((COUNTERPARTS, 10_000), (TWIC, 300)):
        for game in corpus_games(path, limit):
            board, sans, hashes = game.board(), [], [oracle_hashes(game.board())]
            for move in game.mainline_moves():
                sans.append(board.san(move))
                board.push(move)
                hashes.append(oracle_hashes(board))
            assert san_board.replayed(sans) == hashes, game.headers
            assert san_board.position_after(sans) == position_key(board)
            games += 1
    assert games > 300
