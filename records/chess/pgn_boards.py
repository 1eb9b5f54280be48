"""The bulk PGN reader's numpy half: the compiled reader's boards of a batch of games turned
into each ply's SAN, the checks, and every position's hash, for all positions at once.

SAN is made from the move and the board before it, never copied from the file: the mover,
the capture, the check (every position tested at once), the disambiguation (other men of the
same kind that reach the square; when some do, python-chess's rule decides, pins and all).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from records.chess.keys import KEY_FORMAT, key_hashes
from records.chess.openings import depth as opening_depth
from records.chess.openings import hash_array as opening_hashes

# -- bitboards for many positions at once (numpy uint64 arrays) -------------------------------
U64 = np.uint64
NOT_A, NOT_H = U64(0xFEFEFEFEFEFEFEFE), U64(0x7F7F7F7F7F7F7F7F)
NOT_AB, NOT_GH = U64(0xFCFCFCFCFCFCFCFC), U64(0x3F3F3F3F3F3F3F3F)
FILE_A, RANK_1 = 0x0101010101010101, 0xFF   # (Python ints: for one move's squares)
PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = range(1, 7)  # the compiled reader's codes (+6: Black)
PAWNS, KNIGHTS, BISHOPS, ROOKS, QUEENS, KINGS, WHITE_MEN = range(7)  # columns of bitboards()


def _up(b, n, mask=None):
    out = np.left_shift(b, U64(n))
    return out if mask is None else out & mask


def _down(b, n, mask=None):
    out = np.right_shift(b, U64(n))
    return out if mask is None else out & mask


# one step in each direction: (shift, amount, mask that stops wrapping round the board)
STRAIGHT = ((_up, 8, None), (_down, 8, None), (_up, 1, NOT_A), (_down, 1, NOT_H))
DIAGONAL = ((_up, 9, NOT_A), (_up, 7, NOT_H), (_down, 7, NOT_A), (_down, 9, NOT_H))


def slider_attacks(origin, empty, steps) -> np.ndarray:
    """The squares men on `origin` attack along the given directions, blocked by the first
    man met (which is attacked)."""
    attacked = np.zeros_like(origin)
    for shift, n, mask in steps:
        flood = origin
        for _ in range(6):
            flood = flood | (shift(flood, n, mask) & empty)
        attacked |= shift(flood, n, mask)
    return attacked


def knight_attacks(b) -> np.ndarray:
    return (_up(b, 17, NOT_A) | _up(b, 15, NOT_H) | _up(b, 10, NOT_AB) | _up(b, 6, NOT_GH) |
            _down(b, 17, NOT_H) | _down(b, 15, NOT_A) | _down(b, 10, NOT_GH) | _down(b, 6, NOT_AB))


# the men that reach a square on an empty board, by the square
SQUARE_BITS = np.left_shift(U64(1), np.arange(64, dtype=U64))
KNIGHT_FROM = knight_attacks(SQUARE_BITS)
STRAIGHT_FROM = slider_attacks(SQUARE_BITS, ~np.zeros(64, dtype=U64), STRAIGHT)
DIAGONAL_FROM = slider_attacks(SQUARE_BITS, ~np.zeros(64, dtype=U64), DIAGONAL)
PAWN_FROM = np.stack([_down(SQUARE_BITS, 7, NOT_A) | _down(SQUARE_BITS, 9, NOT_H),   # Black
                      _up(SQUARE_BITS, 7, NOT_H) | _up(SQUARE_BITS, 9, NOT_A)])     # White
# by the compiled reader's kind of man (1 to 6): where one of the kind may come from
REACH_FROM = np.stack([np.zeros(64, dtype=U64), np.zeros(64, dtype=U64), KNIGHT_FROM,
                       DIAGONAL_FROM, STRAIGHT_FROM, STRAIGHT_FROM | DIAGONAL_FROM,
                       np.zeros(64, dtype=U64)])


def square_of(one_man: np.ndarray) -> np.ndarray:
    """The square of a bitboard of one man (a power of two: exact as a float)."""
    return np.frexp(one_man.astype(np.float64))[1].astype(np.intp) - 1


def checks(planes: np.ndarray, turn: np.ndarray) -> np.ndarray:
    """Whether the side to move is in check, for every position at once. Knights and pawns
    are looked up by the king's square; lines are followed only where an enemy queen, rook
    or bishop stands on one of the king's lines at all."""
    white_men = planes[:, WHITE_MEN]
    occupied = planes[:, :6].sum(1, dtype=U64)  # the six kinds never overlap
    own = np.where(turn, white_men, occupied & ~white_men)
    enemy = occupied & ~own
    king = planes[:, KINGS] & own
    at = np.maximum(square_of(king), 0)
    hit = (KNIGHT_FROM[at] & planes[:, KNIGHTS] & enemy) | \
        (PAWN_FROM[turn.view(np.uint8), at] & planes[:, PAWNS] & enemy)
    straight = STRAIGHT_FROM[at] & (planes[:, ROOKS] | planes[:, QUEENS]) & enemy
    diagonal = DIAGONAL_FROM[at] & (planes[:, BISHOPS] | planes[:, QUEENS]) & enemy
    lines = np.flatnonzero(((straight | diagonal) != 0) & (hit == 0))
    empty = ~occupied[lines]
    hit[lines] = (slider_attacks(king[lines], empty, STRAIGHT) & straight[lines]) | \
        (slider_attacks(king[lines], empty, DIAGONAL) & diagonal[lines])
    return (hit != 0) & (king != 0)


def _rivals(planes, before, kinds, origins, targets, white) -> np.ndarray:
    """For every move: the other men of the mover's kind and side that reach its target square
    (a bitboard; pins are left to _unpinned, for the few moves that have any). Only men on
    a line (or a knight's jump) from the target are followed along it."""
    out = np.zeros(len(before), dtype=U64)
    pieces = np.flatnonzero((kinds >= KNIGHT) & (kinds <= QUEEN))
    if not len(pieces):
        return out
    board = planes[before[pieces]]
    kind = kinds[pieces]
    own = np.where(white[pieces], board[:, WHITE_MEN],
                   board[:, :6].sum(1, dtype=U64) & ~board[:, WHITE_MEN])
    same = board[np.arange(len(pieces)), kind - 1] & own & \
        ~np.left_shift(U64(1), origins[pieces].astype(U64)) & REACH_FROM[kind, targets[pieces]]
    paired = np.flatnonzero(same)   # only these have another man of the kind to look at
    pieces, board, kind, same = pieces[paired], board[paired], kind[paired], same[paired]
    out[pieces] = same   # a knight's rivals: every one a jump away
    lines = np.flatnonzero(kind != KNIGHT)
    pieces, board, kind, same = pieces[lines], board[lines], kind[lines], same[lines]
    target = np.left_shift(U64(1), targets[pieces].astype(U64))
    empty = ~board[:, :6].sum(1, dtype=U64)
    reach = np.where((kind == ROOK) | (kind == QUEEN), slider_attacks(target, empty, STRAIGHT),
                     U64(0))
    reach |= np.where((kind == BISHOP) | (kind == QUEEN),
                      slider_attacks(target, empty, DIAGONAL), U64(0))
    out[pieces] = reach & same
    return out


def _unpinned(board: np.ndarray, white: np.ndarray, rivals: np.ndarray,
              targets: np.ndarray) -> np.ndarray:
    """The rivals (one bitboard a move, board its position's planes) that may legally go to
    the target. The move itself is legal, so a check it answers there a rival answers too:
    a rival is held back only when leaving its square opens a line onto its own king."""
    occupied = board[:, :6].sum(1, dtype=U64)
    own = np.where(white, board[:, WHITE_MEN], occupied & ~board[:, WHITE_MEN])
    target = np.left_shift(U64(1), targets.astype(U64))
    enemy = occupied & ~own & ~target   # a man taken on the target attacks no more
    king = board[:, KINGS] & own
    straight = (board[:, ROOKS] | board[:, QUEENS]) & enemy
    diagonal = (board[:, BISHOPS] | board[:, QUEENS]) & enemy
    legal, left = np.zeros_like(rivals), rivals.copy()
    while left.any():
        rival = left & (~left + U64(1))   # the lowest square left (0 where none is)
        empty = ~((occupied & ~rival) | target)
        exposed = (slider_attacks(king, empty, STRAIGHT) & straight) | \
            (slider_attacks(king, empty, DIAGONAL) & diagonal)
        legal |= np.where(exposed == 0, rival, U64(0))
        left &= ~rival
    return legal


def _disambiguated(san: str, origin: int, others: int) -> str:
    """A piece's SAN with its origin's file, rank or both, as python-chess (and the PGN
    standard) chooses them: the file unless another man shares it, the rank where one does."""
    file, rank = origin & 7, origin >> 3
    on_file, on_rank = others & (FILE_A << file), others & (RANK_1 << 8 * rank)
    by_file, by_rank = bool(on_rank or not on_file), bool(on_file)
    return san[0] + (FILES[file] if by_file else "") + (str(rank + 1) if by_rank else "") + \
        san[1:]


# -- SAN from a move's facts ---------------------------------------------------------------
_SAN: dict[int, str] = {}
FILES = "abcdefgh"
SQUARE_NAMES = [file + rank for rank in "12345678" for file in FILES]
LETTERS = " PNBRQK"
PROMOTION = {2: "=N", 3: "=B", 4: "=R", 5: "=Q"}


def _sans(codes: list[int]) -> list[str]:
    """The SAN of each move code (spelt once per code and remembered)."""
    try:
        return list(map(_SAN.__getitem__, codes))
    except KeyError:   # a code not spelt before: spell every new one, then look again
        for code in set(codes).difference(_SAN):
            _san_of(code)
        return list(map(_SAN.__getitem__, codes))


def _san_of(code: int) -> str:
    suffix = "", "+", "#"
    rest, check = divmod(code, 3)
    rest, promo = divmod(rest, 8)
    rest, to = divmod(rest, 64)
    rest, from_file = divmod(rest, 8)
    kind, capture = divmod(rest, 2)
    if kind == KING and abs(from_file - (to & 7)) == 2:
        san = "O-O" if to & 7 == 6 else "O-O-O"
    elif kind == PAWN:
        san = (FILES[from_file] + "x" if capture else "") + SQUARE_NAMES[to] + \
            PROMOTION.get(promo, "")
    else:
        san = LETTERS[kind] + ("x" if capture else "") + SQUARE_NAMES[to]
    san += suffix[check]
    _SAN[code] = san
    return san


# -- position keys ---------------------------------------------------------------------------
SIDES = np.array(["b", "w"], dtype=object)


def _plane(mask: np.ndarray) -> np.ndarray:
    return np.packbits(mask, axis=1, bitorder="little").view("<u8")[:, 0]


def bitboards(boards: np.ndarray) -> np.ndarray:
    """(pawns, knights, bishops, rooks, queens, kings, white men) of every position. The
    squares' codes (0 to 12) are packed a bit at a time into four 64-bit planes, and each
    code's squares found with bitwise logic on those: a third of the passes over the boards
    that comparing every square with every code takes."""
    bits = [_plane(boards & bit) for bit in (1, 2, 4, 8)]

    def squares_of(code: int) -> np.ndarray:
        found = bits[0] if code & 1 else ~bits[0]
        for n in (1, 2, 3):
            found = found & (bits[n] if code >> n & 1 else ~bits[n])
        return found

    planes = np.empty((len(boards), 7), dtype=U64)
    planes[:, WHITE_MEN] = 0
    for kind in range(PAWN, KING + 1):   # white men's codes are 1 to 6, black men's 7 to 12
        white = squares_of(kind)
        planes[:, kind - 1] = white | squares_of(kind + 6)
        planes[:, WHITE_MEN] |= white
    return planes


def position_keys(planes: np.ndarray, turn: np.ndarray) -> list[str]:
    """records.chess.moves.position_key of every position. (Spelling the hex digits with
    numpy measured slower than this: the digits of seven 64-bit numbers are many bytes.)"""
    sides = SIDES[turn.view(np.uint8)].tolist()
    return [KEY_FORMAT % fields for fields in zip(*planes.T.tolist(), sides)]




# -- a chunk of the compiled reader's games ---------------------------------------------------
@dataclass
class ChunkMoves:
    """What numpy made of a chunk: every ply's SAN (sans[move_at[g]:move_at[g + 1]] are game
    g's), every position's hash (hashes[position_at[g]:] from game g's start), each game's
    start key and how deep the openings table names its positions, and whether the compiled
    reader found it valid."""
    sans: list
    hashes: np.ndarray
    move_at: list
    position_at: list
    start_keys: list
    named: list
    valid: list


def chunk_moves(chunk, openings: bool = True) -> ChunkMoves:
    """What the compiled half (_chunk.c, where it was built) or numpy makes of a chunk."""
    if compiled_half() is not None:
        try:
            return _compiled_chunk_moves(chunk, openings)
        except ValueError:   # arrays the C code does not take: numpy reads them
            pass
    return numpy_chunk_moves(chunk, openings)


_compiled_half = None


def compiled_half():
    """records.chess._chunk, or None where it was not built (it is optional: numpy then)."""
    global _compiled_half
    if _compiled_half is None:
        try:
            from records.chess import _chunk
        except ImportError:
            _chunk = False
        _compiled_half = _chunk
    return _compiled_half or None


def _compiled_chunk_moves(chunk, openings: bool) -> ChunkMoves:
    move_at = np.ascontiguousarray(chunk.move_offsets, dtype=np.uint32)
    position_at = np.ascontiguousarray(chunk.position_offsets, dtype=np.uint32)
    known = opening_hashes() if openings else np.zeros(0, dtype=np.int64)
    sans, hashes, start_keys, named = compiled_half().sans(
        np.ascontiguousarray(chunk.boards, dtype=np.uint8),
        np.ascontiguousarray(chunk.turn, dtype=np.bool_),
        np.ascontiguousarray(chunk.from_squares, dtype=np.uint8),
        np.ascontiguousarray(chunk.to_squares, dtype=np.uint8),
        np.ascontiguousarray(chunk.promotions, dtype=np.int8), move_at, position_at,
        np.ascontiguousarray(chunk.is_checkmate, dtype=np.bool_),
        np.ascontiguousarray(known, dtype=np.int64), opening_depth() if openings else 0)
    hashes = np.frombuffer(hashes, dtype=np.int64)
    return ChunkMoves(sans, hashes, move_at.tolist(), position_at.tolist(), start_keys, named,
                      np.asarray(chunk.valid, dtype=bool).tolist())


def numpy_chunk_moves(chunk, openings: bool = True) -> ChunkMoves:
    boards = np.asarray(chunk.boards).reshape(-1, 64)
    turn = np.asarray(chunk.turn, dtype=bool)
    move_at, position_at = (np.asarray(a, dtype=np.intp) for a in
                            (chunk.move_offsets, chunk.position_offsets))
    games = len(move_at) - 1
    game_of = np.repeat(np.arange(games), np.diff(move_at))
    before = position_at[game_of] + np.arange(len(game_of)) - move_at[game_of]
    origins = np.asarray(chunk.from_squares, dtype=np.intp)
    targets = np.asarray(chunk.to_squares, dtype=np.intp)
    promotions = np.asarray(chunk.promotions, dtype=np.intp)
    movers = boards[before, origins]
    kinds = (movers.astype(np.intp) - 1) % 6 + 1
    planes = bitboards(boards)
    captures = (boards[before, targets] != 0) | ((kinds == PAWN) & ((origins & 7) != (targets & 7)))
    mated = np.asarray(chunk.is_checkmate, dtype=bool)
    last = np.zeros(len(game_of), dtype=bool)
    last[move_at[1:][np.diff(move_at) > 0] - 1] = True
    in_check = checks(planes, turn)
    check = in_check[before + 1] * (1 + (last & mated[game_of]))
    codes = ((((kinds * 2 + captures) * 8 + (origins & 7)) * 64 + targets) * 8
             + np.maximum(promotions, 0)) * 3 + check
    sans = _sans(codes.tolist())
    rivals = _rivals(planes, before, kinds, origins, targets, turn[before])
    ambiguous = np.flatnonzero(rivals)
    at = before[ambiguous]
    others = _unpinned(planes[at], turn[at], rivals[ambiguous], targets[ambiguous])
    for i, origin, other in zip(ambiguous.tolist(), origins[ambiguous].tolist(), others.tolist()):
        if other:
            sans[i] = _disambiguated(sans[i], origin, other)
    hashes = key_hashes(planes, turn)
    starts = np.asarray(position_at[:games])
    named = _named_plies(hashes, starts, np.diff(move_at)).tolist() if openings else [0] * games
    return ChunkMoves(sans, hashes, move_at.tolist(), position_at.tolist(),
                      position_keys(planes[starts], turn[starts]), named,
                      np.asarray(chunk.valid, dtype=bool).tolist())


def _named_plies(hashes: np.ndarray, starts: np.ndarray, plies: np.ndarray) -> np.ndarray:
    """For each game (its start position's index, its ply count): the last ply, within the
    depth openings are looked for, whose position the openings table names (0: none). The
    opening's hashes up to it are all the classifier needs."""
    named = np.zeros(len(starts), dtype=np.int64)
    known = opening_hashes()   # sorted (np.isin would sort it again at every call)
    if not len(known):
        return named
    looked = np.minimum(plies, opening_depth())
    game = np.repeat(np.arange(len(starts)), looked)
    ply = np.arange(len(game)) - np.repeat(np.cumsum(looked) - looked, looked) + 1
    wanted = hashes[starts[game] + ply]
    hit = known[np.minimum(np.searchsorted(known, wanted), len(known) - 1)] == wanted
    np.maximum.at(named, game[hit], ply[hit])
    return named
