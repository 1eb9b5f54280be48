"""The bulk PGN reader: a compiled, validating reader (rust-pgn-reader-python-binding, which
replays every move with the Rust shakmaty library) reads a batch of games into board arrays;
numpy turns those into each ply's SAN and position key. A game it refuses, or whose moves
the plain tokenizer does not count the same way, is left to python-chess (pgn_visitor).

SAN is made from the move and the board before it, never copied from the file: the mover,
the capture, the check (every position tested at once), the disambiguation (other men of the
same kind that reach the square; when some do, python-chess decides, pins and all).
"""
from __future__ import annotations

import chess
import numpy as np

from records.chess.pgn_text import RESULTS, plain
from records.core.model import WARNING, Ply, Record

_compiled = None


def compiled_reader():
    """The compiled reader's module, or None when it is not installed."""
    global _compiled
    if _compiled is None:
        try:
            import rust_pgn_reader_python_binding as module
        except ImportError:  # an optional extra: python-chess reads everything then
            module = False
        _compiled = module
    return _compiled or None


# -- square tables (64 is a square that is always empty) -------------------------------------
def _steps(square: int, deltas, slide: bool) -> list[list[int]]:
    rays = []
    for df, dr in deltas:
        f, r, ray = square & 7, square >> 3, []
        while True:
            f, r = f + df, r + dr
            if not (0 <= f < 8 and 0 <= r < 8):
                break
            ray.append(r * 8 + f)
            if not slide:
                break
        rays.append(ray)
    return rays


ORTHOGONAL = ((0, 1), (0, -1), (1, 0), (-1, 0))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
KNIGHT = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
RAYS = np.array([[ray + [64] * (7 - len(ray)) for ray in _steps(sq, ORTHOGONAL + DIAGONAL, True)]
                 for sq in range(64)], dtype=np.intp)                       # (64, 8, 7)
KNIGHTS = np.array([[s[0] if s else 64 for s in _steps(sq, KNIGHT, False)] for sq in range(64)],
                   dtype=np.intp)                                           # (64, 8)
# where an enemy pawn stands when it attacks a king of the side to move on the square
PAWN_FROM = np.array([[[s[0] if s else 64 for s in _steps(sq, ((-1, dr), (1, dr)), False)]
                       for sq in range(64)] for dr in (-1, 1)], dtype=np.intp)  # (2, 64, 2)
PAWN, KNIGHT_, BISHOP, ROOK, QUEEN, KING = range(1, 7)  # the compiled reader's codes (+6: Black)


def _first_on_rays(boards: np.ndarray, rows: np.ndarray, squares: np.ndarray) -> np.ndarray:
    """The first man (code) met along each of the 8 rays from each square; 0 for none."""
    seen = boards[rows[:, None, None], RAYS[squares]]
    first = (seen != 0).argmax(2)
    return np.take_along_axis(seen, first[..., None], 2)[..., 0]


def checks(boards: np.ndarray, turn: np.ndarray) -> np.ndarray:
    """Whether the side to move is in check, for every position at once."""
    rows = np.arange(len(boards))
    enemy = np.where(turn, 6, 0).astype(np.uint8)[:, None]  # an enemy man of kind k is k + enemy
    king = np.where(turn, KING, KING + 6).astype(np.uint8)
    square = (boards[:, :64] == king[:, None]).argmax(1)
    hit = (boards[rows[:, None], KNIGHTS[square]] == KNIGHT_ + enemy).any(1)
    hit |= (boards[rows[:, None], PAWN_FROM[turn.astype(np.intp), square]] == PAWN + enemy).any(1)
    first = _first_on_rays(boards, rows, square)
    straight, diagonal = first[:, :4], first[:, 4:]
    hit |= ((straight == QUEEN + enemy) | (straight == ROOK + enemy)).any(1)
    hit |= ((diagonal == QUEEN + enemy) | (diagonal == BISHOP + enemy)).any(1)
    return hit


def _others_reach(boards, before, movers, kinds, targets) -> np.ndarray:
    """Whether another man of the mover's kind and side reaches the target square (ignoring
    pins: python-chess settles the few moves this flags)."""
    out = np.zeros(len(before), dtype=bool)
    knights = kinds == KNIGHT_
    if knights.any():
        seen = boards[before[knights, None], KNIGHTS[targets[knights]]]
        out[knights] = (seen == movers[knights, None]).sum(1) > 1
    sliders = (kinds >= BISHOP) & (kinds <= QUEEN)
    if sliders.any():
        first = _first_on_rays(boards, before[sliders], targets[sliders])
        same = first == movers[sliders, None]
        kind = kinds[sliders, None]
        allowed = np.concatenate([np.broadcast_to(kind != BISHOP, (len(kind), 4)),
                                  np.broadcast_to(kind != ROOK, (len(kind), 4))], 1)
        out[sliders] = (same & allowed).sum(1) > 1
    return out


# -- SAN from a move's facts ---------------------------------------------------------------
_SAN: dict[int, str] = {}
FILES = "abcdefgh"
LETTERS = " PNBRQK"
PROMOTION = {2: "=N", 3: "=B", 4: "=R", 5: "=Q"}


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
        san = (FILES[from_file] + "x" if capture else "") + chess.SQUARE_NAMES[to] + \
            PROMOTION.get(promo, "")
    else:
        san = LETTERS[kind] + ("x" if capture else "") + chess.SQUARE_NAMES[to]
    san += suffix[check]
    _SAN[code] = san
    return san


def _exact_san(planes: list[int], white: bool, move: chess.Move, check: int) -> str:
    """python-chess's SAN, for a move another man of its kind could also make."""
    board = chess.Board(None)
    board.pawns, board.knights, board.bishops, board.rooks, board.queens, board.kings, \
        own = planes
    board.occupied = occupied = board.pawns | board.knights | board.bishops | board.rooks | \
        board.queens | board.kings
    board.occupied_co[chess.WHITE], board.occupied_co[chess.BLACK] = own, occupied & ~own
    board.turn = white
    return board._algebraic_without_suffix(move) + ("", "+", "#")[check]  # python-chess internals


# -- position keys ---------------------------------------------------------------------------
KEY_FORMAT = "%x:%x:%x:%x:%x:%x:%x:"


def _plane(mask: np.ndarray) -> np.ndarray:
    return np.packbits(mask, axis=1, bitorder="little").view("<u8")[:, 0]


def bitboards(boards: np.ndarray) -> np.ndarray:
    """(pawns, knights, bishops, rooks, queens, kings, white men) of every position."""
    men = boards[:, :64]
    planes = [_plane((men == kind) | (men == kind + 6)) for kind in range(1, 7)]
    planes.append(_plane((men >= 1) & (men <= 6)))
    return np.stack(planes, 1)


def position_keys(planes: np.ndarray, turn: np.ndarray) -> list[str]:
    """records.chess.moves.position_key of every position. (Spelling the hex digits with
    numpy measured slower than this: the digits of seven 64-bit numbers are many bytes.)"""
    return [KEY_FORMAT % tuple(row) + ("w" if white else "b")
            for row, white in zip(planes.tolist(), turn.tolist())]


# -- a batch -------------------------------------------------------------------------------
def read_batch(lines: list[str], spans: list, path: str, first_number: int, build) -> list:
    """Records for the games at spans (first, movetext, stop); None in place of a game the
    python-chess reader must read. build(...) finishes a record (pgn_visitor.finish)."""
    reader = compiled_reader()
    if not spans:
        return []
    texts = ["".join(lines[first:stop]) for first, _, stop in spans]
    parsed = reader.parse_games_from_strings(texts, num_threads=1)
    out: list = []
    for chunk in parsed.chunks:
        out.extend(_chunk_records(chunk, lines, spans[len(out):], path,
                                  first_number + len(out), build))
    return out


def _chunk_records(chunk, lines, spans, path, first_number, build) -> list:
    if chunk.num_moves == 0:  # nothing for numpy: python-chess reads these few games
        return [None] * chunk.num_games
    boards = np.zeros((chunk.num_positions, 65), dtype=np.uint8)
    boards[:, :64] = np.asarray(chunk.boards).reshape(-1, 64)
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
    captures = (boards[before, targets] != 0) | ((kinds == PAWN) & ((origins & 7) != (targets & 7)))
    mated = np.asarray(chunk.is_checkmate, dtype=bool)
    last = np.zeros(len(game_of), dtype=bool)
    last[move_at[1:][np.diff(move_at) > 0] - 1] = True
    in_check = checks(boards, turn)
    check = in_check[before + 1] * (1 + (last & mated[game_of]))
    codes = ((((kinds * 2 + captures) * 8 + (origins & 7)) * 64 + targets) * 8
             + np.maximum(promotions, 0)) * 3 + check
    planes = bitboards(boards)
    ambiguous = np.flatnonzero(_others_reach(boards, before, movers, kinds, targets))
    sans = [_SAN.get(c) or _san_of(c) for c in codes.tolist()]
    for i in ambiguous.tolist():
        move = chess.Move(int(origins[i]), int(targets[i]))
        sans[i] = _exact_san(planes[before[i]].tolist(), bool(turn[before[i]]), move,
                             int(check[i]))
    keys = position_keys(planes, turn)
    valid = np.asarray(chunk.valid, dtype=bool).tolist()
    headers = chunk.headers
    out = []
    for g in range(games):
        if not valid[g]:
            out.append(None)
            continue
        first, movetext, stop = spans[g]
        m0, m1, p0 = int(move_at[g]), int(move_at[g + 1]), int(position_at[g])
        out.append(_record(lines, first, movetext, stop, path, first_number + g, headers[g],
                           sans[m0:m1], keys[p0:p0 + m1 - m0 + 1], build))
    return out


def _record(lines, first, movetext, stop, path, number, tags, sans, keys, build):
    found = plain(lines, movetext, stop)
    if found is None:
        return None
    tokens, rows, columns = found
    result = ""
    if tokens and tokens[-1] in RESULTS:
        result = tokens.pop()
    if len(tokens) != len(sans):
        return None
    rec = Record(kind="chess", title="", source=path, line=first + 1, end_line=stop,
                 text="".join(lines[first:stop]).rstrip("\r\n"), tags=_unescaped(tags),
                 start_position=keys[0])
    rec.plies = list(map(Ply, range(1, len(sans) + 1), tokens, sans, rows, columns,
                         keys[1:]))
    for i in [i for i, (token, san) in enumerate(zip(tokens, sans)) if token != san]:
        token, san = tokens[i], sans[i]
        if token[-1] in "+#" and san[-1] != "#" and san[-1] != token[-1]:
            _false_claim(rec, token, san, rows[i], columns[i])
    build(rec, number, keys[1:], movetext, stop, result)
    return rec


def _false_claim(rec: Record, token: str, san: str, line: int, column: int) -> None:
    gives = "check" if san[-1] == "+" else "no check"
    rec.add(WARNING, "CHESS-CHECK", f'"{token}" claims {"mate" if token[-1] == "#" else "check"}'
            f", but the move gives {gives}", line, column)


def _unescaped(tags: dict) -> dict:
    """PGN escapes quotes and backslashes in tag values."""
    out = dict(tags)
    for name, value in out.items():
        if "\\" in value:
            out[name] = value.replace('\\"', '"').replace("\\\\", "\\")
    return out
