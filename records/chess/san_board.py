"""A plain game's moves checked in plain Python: each printed move must be exactly the SAN
python-chess would print for a legal move (check and mate signs included), and each position's
archive key is made as the game goes.

Why not python-chess's board: building its attack tables is most of its import, about 0.1 s,
half of what a one-game import may take in all. This board knows only what that check needs (the
standard start, castling, en passant, promotion, check and mate); anything else it refuses, and
python-chess or the compiled reader reads the game as before. It is tested move by move against
python-chess on the corpus and on random games.

Squares are numbered as python-chess numbers them (a1 = 0, b1 = 1, ..., h8 = 63); a man is
its kind (1 pawn .. 6 king, the key's order) plus BLACK for Black's men.
"""
from __future__ import annotations

import re

from records.chess.keys import HASH_MULTIPLIER, HASH_SEED, KEY_FORMAT, MASK64

PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = range(1, 7)
BLACK = 8
KINDS = {"N": KNIGHT, "B": BISHOP, "R": ROOK, "Q": QUEEN, "K": KING}
LETTERS = " PNBRQK"
FILES, RANKS = "abcdefgh", "12345678"

SAN = re.compile(r"(?:(?P<castle>O-O(?:-O)?)"
                 r"|(?P<piece>[NBRQK])(?P<file>[a-h])?(?P<rank>[1-8])?x?(?P<to>[a-h][1-8])"
                 r"|(?:(?P<pawn_file>[a-h])x)?(?P<pawn_to>[a-h][1-8])(?:=(?P<promotion>[NBRQ]))?)"
                 r"(?P<sign>[+#]?)")


def _in_board(file: int, rank: int) -> bool:
    return 0 <= file < 8 and 0 <= rank < 8


def _steps(deltas) -> list[tuple[int, ...]]:
    return [tuple((s >> 3) * 8 + df + dr * 8 + (s & 7) for df, dr in deltas
                  if _in_board((s & 7) + df, (s >> 3) + dr)) for s in range(64)]


def _rays(deltas) -> list[tuple[tuple[int, ...], ...]]:
    def ray(square: int, df: int, dr: int) -> tuple[int, ...]:
        out, file, rank = [], square & 7, square >> 3
        while _in_board(file + df, rank + dr):
            file, rank = file + df, rank + dr
            out.append(rank * 8 + file)
        return tuple(out)
    return [tuple(r for r in (ray(s, df, dr) for df, dr in deltas) if r) for s in range(64)]


KNIGHT_STEPS = _steps(((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)))
KING_STEPS = _steps(((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)))
DIAGONALS = _rays(((1, 1), (1, -1), (-1, 1), (-1, -1)))
LINES = _rays(((1, 0), (-1, 0), (0, 1), (0, -1)))
# the squares a pawn of each side attacks a square from
PAWN_ATTACKERS = {0: _steps(((-1, -1), (1, -1))), BLACK: _steps(((-1, 1), (1, 1)))}
FORWARD = {0: 8, BLACK: -8}
CORNERS = {0: "Q", 7: "K", 56: "q", 63: "k"}   # a rook's square: the castling right it keeps
CASTLING = {   # (side, long): king from, king to, rook from, rook to, squares to be empty,
    # squares no enemy may attack (the king's, the one it crosses, the one it reaches)
    (0, False): (4, 6, 7, 5, (5, 6), (4, 5, 6)),
    (0, True): (4, 2, 0, 3, (1, 2, 3), (4, 3, 2)),
    (BLACK, False): (60, 62, 63, 61, (61, 62), (60, 61, 62)),
    (BLACK, True): (60, 58, 56, 59, (57, 58, 59), (60, 59, 58))}


class Board:
    """The standard start, and the moves played on it one printed SAN at a time."""

    def __init__(self):
        back = (ROOK, KNIGHT, BISHOP, QUEEN, KING, BISHOP, KNIGHT, ROOK)
        self.men = ([*back] + [PAWN] * 8 + [0] * 32 + [PAWN | BLACK] * 8
                    + [man | BLACK for man in back])
        self.kinds = [0] * 7   # a bitboard per kind (index 0 unused)
        self.white = 0
        for square, man in enumerate(self.men):
            if man:
                self.kinds[man & 7] |= 1 << square
                self.white |= (1 << square) if man < BLACK else 0
        self.side, self.rights, self.en_passant = 0, set("KQkq"), None
        self.kings = {0: 4, BLACK: 60}

    # -- the archive's key ------------------------------------------------------------------
    def key(self) -> str:
        """keys.position_key of this position."""
        return KEY_FORMAT % (*self.kinds[1:], self.white, "b" if self.side else "w")

    def key_hash(self) -> int:
        """keys.key_hash of this position's key, made from the bitboards at once."""
        h = HASH_SEED ^ (self.side == 0)
        for value in (*self.kinds[1:], self.white):
            h = ((h ^ value) * HASH_MULTIPLIER) & MASK64
            h ^= h >> 31
        return h - (1 << 64) if h >> 63 else h

    # -- a printed move ---------------------------------------------------------------------
    def play(self, token: str) -> bool:
        """Play the move token names when it is exactly that move's SAN; False (the board
        then in no defined state) when it is not, or names no legal move."""
        found = SAN.fullmatch(token)
        if found is None:
            return False
        moves, rivals = self._named(found)
        if len(moves) != 1:
            return False
        move = moves[0]
        san = self._san(move, rivals)
        self._push(move)
        if self._attacked(self.kings[self.side], self.side ^ BLACK):
            san += "+" if self._can_move() else "#"
        return san == token

    def _named(self, found: re.Match) -> tuple[list[tuple], list[tuple]]:
        """The legal moves that fit the token's piece, squares and promotion; and, for a
        piece, every legal move of its kind to its square (what its SAN tells apart)."""
        if found["castle"]:
            move = ("castle", len(found["castle"]) == 5)
            return ([move] if self._may_castle(move[1]) else []), []
        if found["piece"]:
            kind, to = KINDS[found["piece"]], _square(found["to"])
            file = FILES.index(found["file"]) if found["file"] else None
            rank = RANKS.index(found["rank"]) if found["rank"] else None
            rivals = self._piece_moves(kind, to)
            return [move for move in rivals
                    if (file is None or move[0] & 7 == file)
                    and (rank is None or move[0] >> 3 == rank)], rivals
        return self._pawn_moves(found), []

    def _piece_moves(self, kind: int, to: int) -> list[tuple]:
        """The legal moves of the side's men of a kind (not pawns) to a square."""
        man, target = kind | self.side, self.men[to]
        if target and (target & BLACK) == self.side:
            return []
        if kind == KNIGHT or kind == KING:
            sources = [s for s in (KNIGHT_STEPS if kind == KNIGHT else KING_STEPS)[to]
                       if self.men[s] == man]
        else:
            rays = (DIAGONALS[to] if kind == BISHOP else LINES[to] if kind == ROOK
                    else DIAGONALS[to] + LINES[to])
            sources = [s for s in (self._first(ray) for ray in rays)
                       if s is not None and self.men[s] == man]
        return [(s, to, 0) for s in sources if self._legal((s, to, 0))]

    def _first(self, ray: tuple[int, ...]) -> int | None:
        for square in ray:
            if self.men[square]:
                return square
        return None

    def _pawn_moves(self, found: re.Match) -> list[tuple]:
        to, side = _square(found["pawn_to"]), self.side
        last = (to >> 3) == (7 if side == 0 else 0)
        promotion = KINDS[found["promotion"]] if found["promotion"] else 0
        if last != bool(promotion):
            return []
        back = to - FORWARD[side]
        if not 0 <= back < 64:
            return []
        pawn, target = PAWN | side, self.men[to]
        if found["pawn_file"]:   # a capture: the enemy man there, or en passant
            source = (back & ~7) | FILES.index(found["pawn_file"])
            if abs((source & 7) - (to & 7)) != 1 or self.men[source] != pawn:
                return []
            if not (target and (target & BLACK) != side) and to != self.en_passant:
                return []
        else:
            if target:
                return []
            source = back
            start = 1 if side == 0 else 6
            if self.men[back] == 0 and (back - FORWARD[side]) >> 3 == start:
                source = back - FORWARD[side]   # two squares from the start
            if self.men[source] != pawn:
                return []
        move = (source, to, promotion)
        return [move] if self._legal(move) else []

    # -- SAN as python-chess writes it (Board.san without the check sign) -------------------
    def _san(self, move: tuple, rivals: list[tuple]) -> str:
        """rivals: every legal move of the moving piece's kind to its square."""
        if move[0] == "castle":
            return "O-O-O" if move[1] else "O-O"
        source, to, promotion = move
        kind = self.men[source] & 7
        capture = bool(self.men[to]) or (kind == PAWN and to == self.en_passant)
        square = FILES[to & 7] + RANKS[to >> 3]
        if kind == PAWN:
            san = (FILES[source & 7] + "x" if capture else "") + square
            return san + ("=" + LETTERS[promotion] if promotion else "")
        others = [m[0] for m in rivals if m[0] != source]
        san = LETTERS[kind]
        if others:
            same_rank = any(o >> 3 == source >> 3 for o in others)
            same_file = any(o & 7 == source & 7 for o in others)
            if same_rank or not same_file:
                san += FILES[source & 7]
            if same_file:
                san += RANKS[source >> 3]
        return san + ("x" if capture else "") + square

    # -- making moves -------------------------------------------------------------------------
    def _push(self, move: tuple) -> None:
        side = self.side
        if move[0] == "castle":
            king_from, king_to, rook_from, rook_to, _, _ = CASTLING[side, move[1]]
            self._move(king_from, king_to, KING | side)
            self._move(rook_from, rook_to, ROOK | side)
            self.kings[side] = king_to
            self.rights -= {"K", "Q"} if side == 0 else {"k", "q"}
            self.en_passant, self.side = None, side ^ BLACK
            return
        source, to, promotion = move
        man = self.men[source]
        if man & 7 == PAWN and to == self.en_passant:
            self._remove(to - FORWARD[side])
        if self.men[to]:
            self._remove(to)
        self._move(source, to, (promotion | side) if promotion else man)
        if man & 7 == KING:
            self.kings[side] = to
            self.rights -= {"K", "Q"} if side == 0 else {"k", "q"}
        self.rights -= {CORNERS.get(source), CORNERS.get(to)}
        self.en_passant = ((source + to) // 2 if man & 7 == PAWN and abs(to - source) == 16
                           else None)
        self.side = side ^ BLACK

    def _move(self, source: int, to: int, man: int) -> None:
        self._remove(source)
        self.men[to] = man
        self.kinds[man & 7] |= 1 << to
        if man < BLACK:
            self.white |= 1 << to

    def _remove(self, square: int) -> None:
        man, bit = self.men[square], 1 << square
        self.men[square] = 0
        self.kinds[man & 7] &= ~bit
        self.white &= ~bit

    # -- legality -------------------------------------------------------------------------------
    def _legal(self, move: tuple) -> bool:
        """Whether the side's king is safe after the (otherwise possible) move."""
        source, to, _ = move
        men, side = self.men, self.side
        man, taken = men[source], men[to]
        passed = to - FORWARD[side] if man & 7 == PAWN and to == self.en_passant else None
        men[source], men[to] = 0, man
        if passed is not None:
            lost, men[passed] = men[passed], 0
        king = to if man & 7 == KING else self.kings[side]
        safe = not self._attacked(king, side ^ BLACK)
        men[source], men[to] = man, taken
        if passed is not None:
            men[passed] = lost
        return safe

    def _attacked(self, square: int, by: int) -> bool:
        """Whether a man of side by attacks square."""
        men = self.men
        knight, king, pawn = KNIGHT | by, KING | by, PAWN | by
        if any(men[s] == knight for s in KNIGHT_STEPS[square]):
            return True
        if any(men[s] == king for s in KING_STEPS[square]):
            return True
        if any(men[s] == pawn for s in PAWN_ATTACKERS[by][square]):
            return True
        for rays, kind in ((DIAGONALS, BISHOP), (LINES, ROOK)):
            for ray in rays[square]:
                for s in ray:
                    found = men[s]
                    if found:
                        if found == kind | by or found == QUEEN | by:
                            return True
                        break
        return False

    def _may_castle(self, long: bool) -> bool:
        side = self.side
        right = "Q" if long else "K"
        if (right.lower() if side else right) not in self.rights:
            return False
        *_, empty, safe = CASTLING[side, long]
        if any(self.men[s] for s in empty):
            return False
        return not any(self._attacked(s, side ^ BLACK) for s in safe)

    def _can_move(self) -> bool:
        """Whether the side to move has a legal move (asked only when it is in check, so
        castling, never legal then, is left out)."""
        side = self.side
        for source, man in enumerate(self.men):
            if not man or (man & BLACK) != side:
                continue
            if any(self._legal((source, to, 0)) for to in self._targets(source, man & 7)):
                return True
        return False

    def _targets(self, source: int, kind: int) -> list[int]:
        """The squares a man could move to, its own king's safety aside."""
        men, side = self.men, self.side

        def free_or_enemy(s: int) -> bool:
            return not men[s] or (men[s] & BLACK) != side
        if kind == PAWN:
            ahead, out = source + FORWARD[side], []
            if 0 <= ahead < 64 and not men[ahead]:
                out.append(ahead)
                start = 1 if side == 0 else 6
                if source >> 3 == start and not men[ahead + FORWARD[side]]:
                    out.append(ahead + FORWARD[side])
            for to in KING_STEPS[source]:
                if to >> 3 == ahead >> 3 and to & 7 != source & 7 and (
                        (men[to] and (men[to] & BLACK) != side) or to == self.en_passant):
                    out.append(to)
            return out
        if kind == KNIGHT or kind == KING:
            return [s for s in (KNIGHT_STEPS if kind == KNIGHT else KING_STEPS)[source]
                    if free_or_enemy(s)]
        rays = (DIAGONALS[source] if kind == BISHOP else LINES[source] if kind == ROOK
                else DIAGONALS[source] + LINES[source])
        out = []
        for ray in rays:
            for s in ray:
                if men[s]:
                    if (men[s] & BLACK) != side:
                        out.append(s)
                    break
                out.append(s)
        return out


def _square(name: str) -> int:
    return FILES.index(name[0]) + 8 * RANKS.index(name[1])


def position_after(tokens: list[str]) -> str | None:
    """The key of the position after these moves from the start, when each is exactly the
    SAN of a legal move; None when any is not."""
    board = Board()
    return board.key() if all(map(board.play, tokens)) else None


def replayed(tokens: list[str]) -> list[int] | None:
    """The key hashes of the start and of the position after each move, when every token is
    exactly the SAN of a legal move from the standard start; None when any is not."""
    board = Board()
    hashes = [board.key_hash()]
    for token in tokens:
        if not board.play(token):
            return None
        hashes.append(board.key_hash())
    return hashes
