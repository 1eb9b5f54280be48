"""The resolver's own move generator agrees with python-chess on real positions."""
import io

import chess
import chess.pgn

from records.chess.moves import legal_moves_to, san_and_push, square_set

from conftest import CORPUS, need

PIECE_TYPES = (chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN, chess.KING)
KINGSIDE = chess.BB_FILE_E | chess.BB_FILE_F | chess.BB_FILE_G | chess.BB_FILE_H
SQUARE_NAMES = [f"{side}{piece}{rank}" for side in ("", "K", "Q")
                for piece in ("R", "Kt", "B", "Q", "K") for rank in range(1, 9)]


def corpus_positions():
    handle = io.StringIO(need(CORPUS / "chess" / "book_games_pgn_counterparts.pgn")
                         .read_text(encoding="utf-8"))
    while (game := chess.pgn.read_game(handle)) is not None:
        board = game.board()
        for ply, move in enumerate(game.mainline_moves()):
            board.push(move)
            if ply % 4 == 0 or board.is_check():
                yield board.copy(stack=False)


def masks_a_book_move_makes(board: chess.Board):
    """The target masks _literal_moves asks for: every square name, moving or taking."""
    white = board.turn == chess.WHITE
    enemy = board.occupied_co[not board.turn]
    yield enemy
    yield chess.BB_ALL
    for name in SQUARE_NAMES:
        squares = square_set(name, white)
        yield squares & ~board.occupied
        yield squares & enemy


def test_legal_moves_to_matches_python_chess_in_every_corpus_position():
    checked = 0
    for board in corpus_positions():
        for ptype in PIECE_TYPES:
            men = board.pieces_mask(ptype, board.turn)
            for to_mask in set(masks_a_book_move_makes(board)):
                for from_mask in (men, men & KINGSIDE):
                    expected = [m for m in board.generate_legal_moves(from_mask, to_mask)
                                if board.piece_type_at(m.from_square) == ptype]
                    assert legal_moves_to(board, ptype, from_mask, to_mask) == expected, board.fen()
                    checked += 1
    assert checked > 400_000  # 404,172 comparisons on this corpus


def test_pins_checks_and_double_steps():
    cases = [
        # the knight on d2 is pinned by the bishop on b4
        ("rnbqk1nr/pppp1ppp/8/4p3/1b1P4/8/PPPNPPPP/R1BQKBNR w KQkq - 2 3", chess.KNIGHT,
         chess.BB_D2, []),
        # in check from the queen on h4: only the pawn that blocks on g3 may step
        ("rnb1kbnr/pppp1ppp/8/4p3/7q/5P2/PPPPP1PP/RNBQKBNR w KQkq - 1 2", chess.PAWN,
         chess.BB_ALL, ["g2g3"]),
        # a pawn that may step one or two
        (chess.STARTING_FEN, chess.PAWN, chess.BB_E2, ["e2e3", "e2e4"]),
        # en passant and promotion, which python-chess generates for us
        ("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", chess.PAWN,
         chess.BB_E5, ["e5e6", "e5f6"]),
        ("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", chess.PAWN, chess.BB_ALL,
         ["e7e8q", "e7e8r", "e7e8b", "e7e8n"]),
    ]
    for fen, ptype, from_mask, wanted in cases:
        got = legal_moves_to(chess.Board(fen), ptype, from_mask, chess.BB_ALL)
        assert [m.uci() for m in got] == wanted, fen


def test_san_from_the_moves_generated_matches_python_chess():
    checked = 0
    for board in corpus_positions():
        for move in board.legal_moves:
            ptype = board.piece_type_at(move.from_square)
            pool = legal_moves_to(board, ptype, chess.BB_ALL, chess.BB_SQUARES[move.to_square])
            expected = board.san(move)
            copy = board.copy(stack=False)
            assert san_and_push(copy, move, pool) == expected, (board.fen(), move)
            assert copy.peek() == move
            checked += 1
    assert checked > 12_000  # 12,472 legal moves


def test_san_of_castling_mate_and_king_captures():
    cases = [("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", ["O-O", "O-O-O", "Kd1", "Rxa8+"]),
             ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", ["Ra8#"]),
             ("8/8/8/8/8/4k3/6p1/6K1 w - - 0 1", ["Kxg2"])]
    for fen, sans in cases:
        for san in sans:
            board = chess.Board(fen)
            move = board.parse_san(san)
            pool = legal_moves_to(board, board.piece_type_at(move.from_square), chess.BB_ALL,
                                  chess.BB_SQUARES[move.to_square])
            assert san_and_push(board, move, pool) == san


def test_move_of_san_agrees_with_parse_san_or_leaves_it_to_it():
    from records.chess.moves import move_of_san
    checked = 0
    for board in corpus_positions():
        for move in board.legal_moves:
            san = board.san(move)
            found = move_of_san(board, san)
            assert found in (move, None), (board.fen(), san)
            checked += found is not None
            for loose in (san.replace("x", ""), san[:1] + san[2:] if len(san) > 3 else san):
                try:
                    expected = board.parse_san(loose)
                except ValueError:
                    expected = None
                assert move_of_san(board, loose) in (expected, None), (board.fen(), loose)
    assert checked > 12_000  # 12,428 of the 12,472 moves; castling is left to parse_san
