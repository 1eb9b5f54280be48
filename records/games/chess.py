"""Chess: replay and validation through python-chess, descriptive resolution, display."""
from __future__ import annotations

import chess


def position_key(board: chess.Board) -> str:
    """The archive's key for a position: piece placement and side to move.

    Castling rights and en passant are left out on purpose: a user searching for a position
    means the men on the board, and a FEN typed by hand rarely gets those fields right.
    """
    return f"{board.board_fen()} {'w' if board.turn else 'b'}"
