"""Position keys and their hashes, without python-chess (which takes longer to load than a
big file's first batch takes to read): what the archive and the bulk reader need of a
position, the men on the board and the side to move.

A key is the piece bitboards in hex (fast to make on every ply of a big import); a FEN typed
by a user is keyed the same way. Castling rights and en passant are left out on purpose: a
user searching for a position means the men, and a hand-typed FEN rarely gets those fields
right. moves.fen_of_key turns a key back into a FEN.
"""
from __future__ import annotations

KEY_FORMAT = "%x:%x:%x:%x:%x:%x:%x:%s"
STARTING_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
HASH_SEED, HASH_MULTIPLIER, MASK64 = 0x243F6A8885A308D3, 0x9E3779B97F4A7C15, (1 << 64) - 1
MEN = "pnbrqk"   # the key's order of kinds


def board_key(fen: str) -> str:
    """position_key of a well-formed FEN (the openings table's), read without python-chess."""
    fields = fen.split()
    kinds, white = [0] * 6, 0
    for rank, row in enumerate(fields[0].split("/")):
        square = (7 - rank) * 8
        for mark in row:
            if mark.isdigit():
                square += int(mark)
                continue
            kinds[MEN.index(mark.lower())] |= 1 << square
            white |= (1 << square) if mark.isupper() else 0
            square += 1
    return KEY_FORMAT % (*kinds, white, "b" if len(fields) > 1 and fields[1] == "b" else "w")


INITIAL_KEY = board_key(STARTING_FEN)


def position_key(board_or_fen) -> str | None:
    """The archive's key for a position: a python-chess board's, or a FEN's (None when the
    FEN's board does not read)."""
    if not isinstance(board_or_fen, str):
        b = board_or_fen
        return KEY_FORMAT % (b.pawns, b.knights, b.bishops, b.rooks, b.queens, b.kings,
                             b.occupied_co[True], "w" if b.turn else "b")
    import chess   # a typed FEN is checked by python-chess
    fields = board_or_fen.strip().split()
    try:
        board = chess.Board(None)
        board.set_board_fen(fields[0])
    except (ValueError, IndexError):
        return None
    board.turn = not (len(fields) > 1 and fields[1] == "b")
    return position_key(board)


def key_hash(key: str) -> int | None:
    """A position key's 64-bit hash for the archive's position index (signed, as SQLite keeps
    integers); key_hashes makes the same hashes from bitboards for many positions at once."""
    fields = key.split(":")
    if len(fields) != 8 or fields[7] not in ("w", "b"):
        return None
    try:
        values = [int(field, 16) for field in fields[:7]]
    except ValueError:
        return None
    h = HASH_SEED ^ (fields[7] == "w")
    for value in values:
        h = ((h ^ value) * HASH_MULTIPLIER) & MASK64
        h ^= h >> 31
    return h - (1 << 64) if h >> 63 else h


def key_hashes(planes, turn):
    """key_hash of many positions at once: numpy arrays of their seven bitboards (uint64, in
    the key's order) and whether White is to move; signed 64-bit hashes."""
    import numpy as np
    u64 = np.uint64
    h = np.full(len(planes), HASH_SEED, dtype=u64) ^ turn.astype(u64)
    for column in range(7):
        h = (h ^ planes[:, column]) * u64(HASH_MULTIPLIER)
        h ^= h >> u64(31)
    return h.view(np.int64)


def hashes_of_keys(keys: list[str]) -> list[int]:
    """key_hash of many well-formed keys at once."""
    import numpy as np
    fields = [key.split(":") for key in keys]
    planes = np.array([[int(f, 16) for f in row[:7]] for row in fields], dtype=np.uint64)
    turn = np.array([row[7] == "w" for row in fields], dtype=bool)
    return key_hashes(planes.reshape(-1, 7), turn).tolist()
