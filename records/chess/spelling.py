"""Spelling a move in English descriptive notation (`Kt-KB3`, `PxP`, `Castles`).
"""
from __future__ import annotations

import chess

from records.chess import descriptive as dn
from records.chess.moves import (
    FILE_NAME,
    LETTER,
    _literal_moves,
    _side_of,
    initial_labels,
    moved_labels,
)


# -- spelling a move in descriptive notation ---------------------------------------------------
def square_name(sq: int, white: bool, short: bool) -> str:
    file_name = FILE_NAME[chess.square_file(sq)]
    rank = chess.square_rank(sq) + 1 if white else 8 - chess.square_rank(sq)
    if short and len(file_name) > 1:
        file_name = file_name[1:]
    return f"{file_name}{rank}"


def _man_names(board, labels, sq, ptype) -> list[str]:
    letter = LETTER[ptype]
    if ptype == chess.PAWN:
        file_name = FILE_NAME[chess.square_file(sq)]
        names = ["P", f"{file_name[1:] or file_name}P" if len(file_name) > 1 else f"{file_name}P",
                 f"{file_name}P"]
    elif ptype in (chess.KING, chess.QUEEN):
        names = [letter]
    else:
        names = [letter, labels.get(sq) or _side_of(sq) + letter]
    return list(dict.fromkeys(names))


def spellings(board: chess.Board, labels: dict, move: chess.Move) -> list[str]:
    """Descriptive spellings of a legal move, shortest unambiguous first."""
    return _spelled(board, labels, move, every=True)


def spelling(board: chess.Board, labels: dict, move: chess.Move) -> str:
    """spellings(board, labels, move)[0], the longer forms not tried once one is exact."""
    return _spelled(board, labels, move, every=False)[0]


def _spelled(board: chess.Board, labels: dict, move: chess.Move, every: bool) -> list[str]:
    suffix = _suffix(board, move)
    if board.is_castling(move):
        return ["Castles" + ("" if chess.square_file(move.to_square) > 4 else " QR") + suffix]
    white = board.turn == chess.WHITE
    ptype = board.piece_type_at(move.from_square)
    movers = _man_names(board, labels, move.from_square, ptype)
    promo = f"({LETTER[move.promotion]})" if move.promotion else ""
    if board.is_capture(move):
        victim_sq = move.to_square
        vtype = board.piece_type_at(victim_sq) or chess.PAWN
        if board.is_en_passant(move):
            victim_sq = chess.square(chess.square_file(move.to_square), chess.square_rank(move.from_square))
        victims = _man_names(board, labels, victim_sq, vtype)
        forms = [f"{m}x{v}" for m in movers for v in victims]
        target = square_name(move.to_square, white, False)
        forms += [f"{m}x{v}({target})" for m in movers for v in victims[:1]]
        origin = square_name(move.from_square, white, False)   # two pieces alike, either man
        forms += [f"{movers[0]}({origin})x{v}" for v in victims[:1]]   # (two queens)
        forms += [f"{movers[0]}({origin})x{v}({target})" for v in victims[:1]]
        if board.is_en_passant(move):
            forms = [f + " e.p." for f in forms]
    else:
        targets = [square_name(move.to_square, white, True), square_name(move.to_square, white, False)]
        forms = [f"{m}-{t}" for m in movers for t in dict.fromkeys(targets)]
        origin = square_name(move.from_square, white, False)
        forms += [f"{m}({origin})-{targets[-1]}" for m in movers[:1]]
    forms = sorted(forms, key=len)
    exact = []
    for form in forms:
        tok = dn.parse_move(form + promo)
        if tok is not None and _literal_moves(board, labels, tok) == [move]:
            exact.append(form + promo + suffix)
            if not every:
                break
    return exact or [forms[-1] + promo + suffix]


def _suffix(board, move) -> str:
    board.push(move)
    try:
        return " mate" if board.is_checkmate() else " ch" if board.is_check() else ""
    finally:
        board.pop()


def to_descriptive(board: chess.Board, moves: list[chess.Move]) -> list[str]:
    """The moves spelled in turn; a null move (the side that gave odds of two moves passes)
    as `...`, the moves after it spelled for the side that makes them."""
    board = board.copy(stack=False)
    labels = initial_labels(board)
    out = []
    for move in moves:
        if not move:
            out.append("...")
            board.push(move)
            continue
        out.append(spelling(board, labels, move))
        labels = moved_labels(labels, board, move)
        board.push(move)
    return out


