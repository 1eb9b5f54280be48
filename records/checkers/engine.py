"""English draughts (checkers): a 32-square bitboard move generator, FEN.

Squares are numbered 1..32 in the standard English way: Black's men start on 1-12 and move
first, towards 32; White's start on 21-32. Square s is bit s-1 of a bitboard. Row r (0 at
Black's side) holds squares 4r+1..4r+4; even rows use columns 1,3,5,7, odd rows 0,2,4,6.
"""
from __future__ import annotations

import re
from typing import NamedTuple

FULL = (1 << 32) - 1
BLACK, WHITE = "B", "W"

# -- board geometry (precomputed once) ---------------------------------------------
# direction index: 0 down-left, 1 down-right (Black's forward), 2 up-left, 3 up-right
DIRECTIONS = ((1, -1), (1, 1), (-1, -1), (-1, 1))
FORWARD = {BLACK: (0, 1), WHITE: (2, 3)}
ALL_DIRS = (0, 1, 2, 3)


def _row_col(square: int) -> tuple[int, int]:
    row, i = divmod(square - 1, 4)
    return row, 2 * i + (1 if row % 2 == 0 else 0)


_AT = {_row_col(s): s for s in range(1, 33)}


def square_at(row: int, col: int) -> int | None:
    """The playable square at (row, col), row 0 on Black's side, col 0 on the left."""
    return _AT.get((row, col))


def _neighbour(square: int, direction: int) -> int:
    row, col = _row_col(square)
    dr, dc = DIRECTIONS[direction]
    return _AT.get((row + dr, col + dc), 0)


# STEP[i][d]: bit index of the neighbour of bit index i in direction d, or -1
STEP = [[_neighbour(i + 1, d) - 1 for d in range(4)] for i in range(32)]
# JUMP[i][d]: (over index, landing index) or None
JUMP = [[(STEP[i][d], STEP[STEP[i][d]][d]) if STEP[i][d] >= 0 and STEP[STEP[i][d]][d] >= 0
         else None for d in range(4)] for i in range(32)]
BLACK_CROWN = 0xF0000000   # squares 29-32: a Black man reaching them is crowned
WHITE_CROWN = 0x0000000F   # squares 1-4
# (from, to) index pairs -> direction, for simple steps and for jumps
STEP_DIR = {(i, STEP[i][d]): d for i in range(32) for d in range(4) if STEP[i][d] >= 0}
JUMP_DIR = {(i, JUMP[i][d][1]): d for i in range(32) for d in range(4) if JUMP[i][d]}


def _shift_pairs(direction: int) -> list[tuple[int, int]]:
    """The direction as bitboard shifts: (source mask, delta) pairs, one per row parity."""
    by_delta: dict[int, int] = {}
    for i in range(32):
        j = STEP[i][direction]
        if j >= 0:
            by_delta[j - i] = by_delta.get(j - i, 0) | (1 << i)
    return [(mask, delta) for delta, mask in sorted(by_delta.items())]


SHIFTS = [_shift_pairs(d) for d in range(4)]


def _shift(bb: int, direction: int) -> int:
    out = 0
    for mask, delta in SHIFTS[direction]:
        out |= (bb & mask) << delta if delta > 0 else (bb & mask) >> -delta
    return out


def _shifter(direction: int):
    """A fast one-step shift of a whole bitboard in one direction (two row parities)."""
    (m1, k1), (m2, k2) = SHIFTS[direction]
    if k1 > 0:
        return lambda bb: ((bb & m1) << k1) | ((bb & m2) << k2)
    return lambda bb: ((bb & m1) >> -k1) | ((bb & m2) >> -k2)


SHIFT_FN = [_shifter(d) for d in range(4)]
_FORWARD_FN = {BLACK: (SHIFT_FN[0], SHIFT_FN[1]), WHITE: (SHIFT_FN[2], SHIFT_FN[3])}
_BACKWARD_FN = {BLACK: (SHIFT_FN[2], SHIFT_FN[3]), WHITE: (SHIFT_FN[0], SHIFT_FN[1])}


# -- positions and moves -------------------------------------------------------
class Position(NamedTuple):
    black_men: int
    black_kings: int
    white_men: int
    white_kings: int
    turn: str   # "B" or "W"

    def __str__(self) -> str:
        return to_fen(self)


_new_position = tuple.__new__


class Move(NamedTuple):
    path: tuple[int, ...]       # squares from first to last (every landing square)
    captured: tuple[int, ...]   # squares of the pieces jumped, in order
    crowns: bool = False

    @property
    def is_capture(self) -> bool:
        return bool(self.captured)

    @property
    def start(self) -> int:
        return self.path[0]

    @property
    def end(self) -> int:
        return self.path[-1]

    def __str__(self) -> str:
        sep = "x" if self.captured else "-"
        return sep.join(map(str, self.path))


def initial() -> Position:
    return _new_position(Position, (0x00000FFF, 0, 0xFFF00000, 0, BLACK))


# -- move generation -------------------------------------------------------------
def _sides(pos: Position):
    """(own men, own kings, opponent pieces, forward directions, crown row) for the mover."""
    if pos[4] == BLACK:
        return pos[0], pos[1], pos[2] | pos[3], FORWARD[BLACK], BLACK_CROWN
    return pos[2], pos[3], pos[0] | pos[1], FORWARD[WHITE], WHITE_CROWN


def can_capture(pos: Position) -> bool:
    """Whether the side to move has a jump (bitboard test, no move generation)."""
    bm, bk, wm, wk, turn = pos
    if turn == BLACK:
        movers, kings, opp = bm | bk, bk, wm | wk
    else:
        movers, kings, opp = wm | wk, wk, bm | bk
    empty = FULL & ~(movers | opp)
    for step in _FORWARD_FN[turn]:
        if step(step(movers) & opp) & empty:
            return True
    if kings:
        for step in _BACKWARD_FN[turn]:
            if step(step(kings) & opp) & empty:
                return True
    return False


def has_move(pos: Position) -> bool:
    men, kings, opp, forward, _ = _sides(pos)
    empty = FULL & ~(men | kings | opp)
    for d in ALL_DIRS:
        movers = kings | men if d in forward else kings
        if movers and _shift(movers, d) & empty:
            return True
    return can_capture(pos)


def _jumps_from(index: int, is_king: bool, opp: int, empty: int, forward, crown: int,
                path: list[int], taken: list[int], out: list[Move]) -> None:
    """Extend a capture sequence from bit index `index`; append every completed one to out."""
    extended = False
    for d in (ALL_DIRS if is_king else forward):
        jump = JUMP[index][d]
        if jump is None:
            continue
        over, land = jump
        if not (opp >> over) & 1 or not (empty >> land) & 1:
            continue
        extended = True
        path.append(land + 1)
        taken.append(over + 1)
        if not is_king and (crown >> land) & 1:   # a man that is crowned stops
            out.append(Move(tuple(path), tuple(taken), True))
        else:
            _jumps_from(land, is_king, opp & ~(1 << over), empty, forward, crown, path, taken, out)
        path.pop()
        taken.pop()
    if not extended and taken:
        out.append(Move(tuple(path), tuple(taken), False))


def legal_moves(pos: Position) -> list[Move]:
    """Every legal move: captures only when any exists, each multi-jump followed to its end."""
    men, kings, opp, forward, crown = _sides(pos)
    empty = FULL & ~(men | kings | opp)
    if can_capture(pos):
        out: list[Move] = []
        for pieces, is_king in ((men, False), (kings, True)):
            while pieces:
                low = pieces & -pieces
                index = low.bit_length() - 1
                pieces ^= low
                # the mover's own square is vacated while it jumps
                _jumps_from(index, is_king, opp, empty | low, forward, crown,
                            [index + 1], [], out)
        return out
    out = []
    for pieces, is_king in ((men, False), (kings, True)):
        while pieces:
            low = pieces & -pieces
            index = low.bit_length() - 1
            pieces ^= low
            for d in (ALL_DIRS if is_king else forward):
                to = STEP[index][d]
                if to >= 0 and (empty >> to) & 1:
                    crowns = not is_king and bool((crown >> to) & 1)
                    out.append(Move((index + 1, to + 1), (), crowns))
    return out


def play(pos: Position, move: Move) -> Position:
    """The position after a move (trusted to be legal in pos)."""
    return _apply(pos, move.path[0] - 1, move.path[-1] - 1,
                  sum(1 << (s - 1) for s in move.captured))


def _apply(pos: Position, frm: int, to: int, taken: int) -> Position:
    bm, bk, wm, wk, turn = pos
    f, t = 1 << frm, 1 << to
    keep = ~taken
    if turn == BLACK:
        if bk & f:
            bk = (bk ^ f) | t
        elif t & BLACK_CROWN:
            bm ^= f
            bk |= t
        else:
            bm = (bm ^ f) | t
        return _new_position(Position, (bm, bk, wm & keep, wk & keep, WHITE))
    if wk & f:
        wk = (wk ^ f) | t
    elif t & WHITE_CROWN:
        wm ^= f
        wk |= t
    else:
        wm = (wm ^ f) | t
    return _new_position(Position, (bm & keep, bk & keep, wm, wk, BLACK))


def play_path(pos: Position, path: tuple[int, ...] | list[int]) -> Position | None:
    """Validate and play a move given by its full path (squares); None if it is not legal.

    The fast replay route: no move list is generated. A capture path must take every jump
    to the end (or stop where a man is crowned); a simple step is legal only when no jump is.
    """
    bm, bk, wm, wk, turn = pos
    if turn == BLACK:
        men, kings, opp, forward, crown = bm, bk, wm | wk, (0, 1), BLACK_CROWN
    else:
        men, kings, opp, forward, crown = wm, wk, bm | bk, (2, 3), WHITE_CROWN
    frm = path[0] - 1
    if not 0 <= frm < 32:
        return None
    f = 1 << frm
    is_king = bool(kings & f)
    if not (is_king or men & f):
        return None
    occupied = men | kings | opp
    if len(path) == 2:
        d = STEP_DIR.get((frm, path[1] - 1))
        if d is not None:
            to = path[1] - 1
            if (occupied >> to) & 1 or not (is_king or d in forward) or can_capture(pos):
                return None
            return _apply(pos, frm, to, 0)
    empty = (FULL & ~occupied) | f
    taken = 0
    at = frm
    last = len(path) - 1
    for k in range(1, len(path)):
        land = path[k] - 1
        d = JUMP_DIR.get((at, land))
        if d is None or not (is_king or d in forward):
            return None
        over = JUMP[at][d][0]
        if not ((opp & ~taken) >> over) & 1 or not (empty >> land) & 1:
            return None
        taken |= 1 << over
        at = land
        if not is_king and (crown >> land) & 1:
            if k != last:
                return None
            return _apply(pos, frm, land, taken)
    # the capture must be complete: no further jump from the landing square
    rest = opp & ~taken
    for d in (ALL_DIRS if is_king else forward):
        jump = JUMP[at][d]
        if jump and (rest >> jump[0]) & 1 and (empty >> jump[1]) & 1:
            return None
    return _apply(pos, frm, at, taken)


def moves_matching(pos: Position, from_sq: int, to_sq: int) -> list[Move]:
    """Legal moves that start on from_sq and end on to_sq (several jumps may)."""
    return [m for m in legal_moves(pos) if m.path[0] == from_sq and m.path[-1] == to_sq]


def winner(pos: Position) -> str | None:
    """The side to move with no legal move loses."""
    if has_move(pos):
        return None
    return WHITE if pos[4] == BLACK else BLACK


def pieces(pos: Position) -> dict[int, str]:
    """square -> piece letter: b, B (Black man, king), w, W."""
    out = {}
    for bb, letter in zip(pos[:4], "bBwW"):
        while bb:
            low = bb & -bb
            out[low.bit_length()] = letter
            bb ^= low
    return out


# -- FEN ---------------------------------------------------------------------------
class FenError(ValueError):
    pass


def _squares_text(men: int, kings: int) -> str:
    out = []
    bb = men | kings
    while bb:
        low = bb & -bb
        out.append(("K%d" if kings & low else "%d") % low.bit_length())
        bb ^= low
    return ",".join(out)


class _ByteTexts(dict):
    """For one byte of the board: (men | kings << 8) -> its squares as FEN text, each square
    followed by a comma (so the four bytes of a side concatenate). Filled as met."""

    def __init__(self, byte: int):
        super().__init__()
        self.shift = 8 * byte

    def __missing__(self, key: int) -> str:
        text = _squares_text((key & 255) << self.shift, (key >> 8) << self.shift)
        text = self[key] = text + "," if text else ""
        return text


_B0, _B1, _B2, _B3 = (_ByteTexts(k) for k in range(4))


def _side_text(men: int, kings: int) -> str:
    return (_B0[(men & 255) | (kings & 255) << 8] + _B1[(men >> 8 & 255) | (kings >> 8 & 255) << 8]
            + _B2[(men >> 16 & 255) | (kings >> 16 & 255) << 8]
            + _B3[(men >> 24) | (kings >> 24) << 8])[:-1]


def to_fen(pos: Position) -> str:
    """Canonical PDN FEN: turn, White then Black, squares ascending, kings marked K."""
    return f"{pos[4]}:W{_side_text(pos[2], pos[3])}:B{_side_text(pos[0], pos[1])}"


_FEN_SQUARE = re.compile(r"^(K?)(\d+)(?:-(\d+))?$")


def from_fen(fen: str) -> Position:
    """Read a PDN FEN (`B:W18,24,27,K10:B12,16,K22`), tolerating ranges, spaces, a final dot."""
    text = re.sub(r"\s+", "", fen.strip().strip('"')).rstrip(".")
    fields = text.split(":")
    turn = fields[0].upper()
    if turn not in (BLACK, WHITE):
        raise FenError(f"FEN {fen!r}: the side to move must be B or W, not {fields[0]!r}")
    boards = {BLACK: [0, 0], WHITE: [0, 0]}
    for field_text in fields[1:]:
        if not field_text:
            continue
        colour = field_text[0].upper()
        if colour not in boards:
            raise FenError(f"FEN {fen!r}: a piece list must start with W or B, not {field_text!r}")
        for item in filter(None, field_text[1:].split(",")):
            match = _FEN_SQUARE.match(item.upper())
            if not match:
                raise FenError(f"FEN {fen!r}: {item!r} is not a square")
            low = int(match[2])
            high = int(match[3] or low)
            for square in range(low, high + 1):
                if not 1 <= square <= 32:
                    raise FenError(f"FEN {fen!r}: square {square} is off the 32-square board")
                boards[colour][1 if match[1] else 0] |= 1 << (square - 1)
    (bm, bk), (wm, wk) = boards[BLACK], boards[WHITE]
    if (bm | bk) & (wm | wk) or bm & bk or wm & wk:
        raise FenError(f"FEN {fen!r}: a square holds two pieces")
    return _new_position(Position, (bm, bk, wm, wk, turn))


def uncrowned_men(pos: Position) -> list[tuple[str, int]]:
    """The men standing on their own crowning row ((colour, square) pairs): no game reaches
    such a position, since a man arriving there is crowned at once."""
    stranded = [(BLACK, i + 1) for i in range(32) if pos[0] & BLACK_CROWN & 1 << i]
    return stranded + [(WHITE, i + 1) for i in range(32) if pos[2] & WHITE_CROWN & 1 << i]


def crown_men(pos: Position) -> Position:
    """The position with every man that stands on its crowning row made a king."""
    black, white = pos[0] & BLACK_CROWN, pos[2] & WHITE_CROWN
    return _new_position(Position, (pos[0] ^ black, pos[1] | black, pos[2] ^ white,
                                    pos[3] | white, pos[4]))


# -- move text ---------------------------------------------------------------------
_MOVE_TEXT = re.compile(r"^\s*(\d{1,2})(?:\s*([-x:])\s*|\s+)(\d{1,2})((?:\s*[x:-]\s*\d{1,2})*)\s*$")


def parse_move_text(text: str) -> tuple[tuple[int, ...], bool | None] | None:
    """'11-15', '15x22x29', '23 19' -> (path, written as a capture or None when unmarked)."""
    match = _MOVE_TEXT.match(text)
    if not match:
        return None
    path = [int(match[1]), int(match[3])] + [int(s) for s in re.findall(r"\d+", match[4] or "")]
    sep = match[2]
    marked = None if sep is None else sep in "x:"
    if match[4] and "x" in match[4]:
        marked = True
    return tuple(path), marked


def find_moves(pos: Position, path: tuple[int, ...]) -> list[Move]:
    """Legal moves a written path may mean: the exact path, or (two squares) from and to."""
    exact = [m for m in legal_moves(pos) if m.path == tuple(path)]
    if exact or len(path) != 2:
        return exact
    return moves_matching(pos, path[0], path[1])


def replay_texts(start: Position, texts) -> list[tuple[str, Position]]:
    """Replay move texts from start; each becomes (normalised PDN move, position after).

    Raises IllegalMove at the first move that does not replay (its index and candidates).
    """
    out = []
    pos = start
    for index, text in enumerate(texts):
        parsed = parse_move_text(text)
        if parsed is None:
            raise IllegalMove(index, text, pos, [])
        path = parsed[0]
        after = play_path(pos, path)
        if after is not None:
            out.append((("x" if _is_jump(path) else "-").join(map(str, path)), after))
            pos = after
            continue
        found = find_moves(pos, path)
        if len(found) != 1:
            raise IllegalMove(index, text, pos, found)
        pos = play(pos, found[0])
        out.append((str(found[0]), pos))
    return out


def _is_jump(path) -> bool:
    return len(path) > 2 or (path[0] - 1, path[1] - 1) not in STEP_DIR


class IllegalMove(Exception):
    def __init__(self, index: int, text: str, pos: Position, candidates: list[Move]):
        self.index, self.text, self.position, self.candidates = index, text, pos, candidates
        if candidates:
            why = f"ambiguous: {', '.join(map(str, candidates))} all fit"
        else:
            why = "not a legal move"
        super().__init__(f"{text!r} {why} for {'Black' if pos.turn == BLACK else 'White'}")


