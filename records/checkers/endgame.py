"""Endgame search for checkers: is a position won, lost or drawn with best play?

Used to check a book's claimed results (`B wins`, `W wins`, `Drawn`) from a line's final
position. Two tools over the engine (records/games/checkers.py), both sound:

- exact retrograde analysis of every position reachable from a small one (a position with
  no move is lost; cycles are draws); every value found is kept and reused; beyond a few
  positions it runs a level at a time with numpy (records/checkers/small_endings.py);
- for larger positions, a full-width search for a forced win, deepened two plies at a time
  within a work budget, whose captures into small endings are solved exactly.

`None` means the search could not tell within its limits, never a guess.
"""
from __future__ import annotations

import os

from records.checkers import engine, small_endings
from records.core.parallel import collector_paused

# Exact analysis up to this many pieces, over at most this many reachable positions.
# HOYLE_CHECKERS_DEEP=1 raises both (two kings against king and man then takes ~10 s).
DEEP = os.environ.get("HOYLE_CHECKERS_DEEP", "") not in ("", "0")
CLOSURE_PIECES = 4 if DEEP else 3
CLOSURE_LIMIT = 1_000_000 if DEEP else 60_000
QUICK_DEPTH = 10            # plies of full-width search for a forced win beyond that ...
QUICK_WORK = int(os.environ.get("HOYLE_CHECKERS_WORK", 0)) or (400_000 if DEEP else 60_000)
# ... deepened two plies at a time while the positions it looks at (small endings it
# meets solved exactly included) stay within QUICK_WORK for the claim


class _Values(dict):
    """packed position -> "B" / "W" / "draw": values only ever added, unless cleared (the
    count of clears tells small_endings.Solved to read it again)."""
    clears = 0

    def clear(self) -> None:
        self.clears += 1
        super().clear()


_SOLVED: dict[int, str] = _Values()   # packed position -> "B" / "W" / "draw", exact
_TOO_BIG: set[int] = set()      # small packed positions past CLOSURE_LIMIT
_last_closure = [0]             # positions the last exact analysis looked at
_SOLVED_SMALL = small_endings.Solved(_SOLVED)   # its small positions, by key (numpy)
_TINY = 48                      # closures up to this size are solved position by position
_UNCOVERED = small_endings.UNCOVERED

# The searches work on positions packed into one int (black men, black kings, white men,
# white kings at bits 0, 32, 64 and 96; bit 128 set when White is to move), with their
# successors generated straight from the engine's tables, in the engine's move order.
_M32 = engine.FULL
_BOARD = (1 << 128) - 1
_WHITE_TO_MOVE = 1 << 128


def pack(pos: engine.Position) -> int:
    return (pos[0] | pos[1] << 32 | pos[2] << 64 | pos[3] << 96
            | (_WHITE_TO_MOVE if pos[4] == engine.WHITE else 0))


def unpack(p: int) -> engine.Position:
    return engine.Position(p & _M32, p >> 32 & _M32, p >> 64 & _M32, p >> 96 & _M32,
                           engine.WHITE if p >> 128 else engine.BLACK)


def other(side: str) -> str:
    return "W" if side == "B" else "B"


def piece_count(pos: engine.Position) -> int:
    return sum(bin(bb).count("1") for bb in pos[:4])


def _tables(white: int):
    """For the side to move (White when `white`): per bit index, a man's and a king's simple
    steps as (landing mask, xor that plays it on a packed position) and their jumps as
    (over mask, landing mask, landing index), in the engine's direction order."""
    men_at, kings_at = (64, 96) if white else (0, 32)
    crown = engine.WHITE_CROWN if white else engine.BLACK_CROWN
    forward = engine.FORWARD[engine.WHITE if white else engine.BLACK]
    man_steps, king_steps, man_jumps, king_jumps = [], [], [], []
    for i in range(32):
        f = 1 << i
        steps, kings, mjumps, kjumps = [], [], [], []
        for d in (0, 1, 2, 3):
            to = engine.STEP[i][d]
            if to >= 0:
                t = 1 << to
                kings.append((t, (f | t) << kings_at | _WHITE_TO_MOVE))
                if d in forward:
                    steps.append((t, (f << men_at | t << kings_at if t & crown
                                      else (f | t) << men_at) | _WHITE_TO_MOVE))
            jump = engine.JUMP[i][d]
            if jump:
                kjumps.append((1 << jump[0], 1 << jump[1], jump[1]))
                if d in forward:
                    mjumps.append((1 << jump[0], 1 << jump[1], jump[1]))
        man_steps.append(tuple(steps))
        king_steps.append(tuple(kings))
        man_jumps.append(tuple(mjumps))
        king_jumps.append(tuple(kjumps))
    return men_at, kings_at, crown, man_steps, king_steps, man_jumps, king_jumps


_SIDE = (_tables(0), _tables(1))
_KIDS: dict[int, tuple[int, ...]] = {}   # packed position -> its successors, as met


def _jump_ends(index: int, jumps, opp: int, empty: int, crown: int, taken: int,
               out: list) -> None:
    """Every completed capture sequence from bit index `index`, as (landing mask, taken)."""
    extended = False
    for over, landing, land in jumps[index]:
        if opp & over and empty & landing:
            extended = True
            if crown & landing:   # a man that is crowned stops (crown is 0 for a king)
                out.append((landing, taken | over))
            else:
                _jump_ends(land, jumps, opp ^ over, empty, crown, taken | over, out)
    if not extended and taken:
        out.append((1 << index, taken))


def children(p: int) -> tuple[int, ...]:
    """The positions after each legal move of packed position p, in engine.legal_moves'
    order, each once (two capture paths with the same landing and captures give one)."""
    kids = _KIDS.get(p)
    if kids is not None:
        return kids
    white = p >> 128
    men_at, kings_at, crown, man_steps, king_steps, man_jumps, king_jumps = _SIDE[white]
    men, kings = p >> men_at & _M32, p >> kings_at & _M32
    opp = (p >> 32 | p) & _M32 if white else (p >> 64 | p >> 96) & _M32
    empty = _M32 & ~(men | kings | opp)
    out = []
    for pieces, jumps, at, crowns in ((men, man_jumps, men_at, crown),
                                      (kings, king_jumps, kings_at, 0)):
        while pieces:   # captures, men's then kings' (a king is never crowned: crowns 0)
            low = pieces & -pieces
            pieces ^= low
            index = low.bit_length() - 1
            for over, landing, _ in jumps[index]:
                if opp & over and empty & landing:
                    ends: list = []
                    _jump_ends(index, jumps, opp, empty | low, crowns, 0, ends)
                    for t, taken in ends:
                        q = p ^ (low << at ^ t << kings_at if t & crowns else (low ^ t) << at)
                        q &= ~(taken | taken << 32) if white else ~(taken << 64 | taken << 96)
                        out.append(q ^ _WHITE_TO_MOVE)
                    break
    if out:   # two capture paths may give one position: kept once, where first met
        out = list(dict.fromkeys(out))
    else:   # no capture: the simple steps (each gives a position of its own)
        for pieces, steps in ((men, man_steps), (kings, king_steps)):
            while pieces:
                low = pieces & -pieces
                pieces ^= low
                for t, xor in steps[low.bit_length() - 1]:
                    if empty & t:
                        out.append(p ^ xor)
    kids = tuple(out)
    if len(_KIDS) >= 2_000_000:
        _KIDS.clear()
    _KIDS[p] = kids
    return kids


def _reach(directions) -> dict[int, int]:
    """engine.SHIFTS of those directions merged by shift: {delta: the squares it moves}."""
    out: dict[int, int] = {}
    for d in directions:
        for mask, delta in engine.SHIFTS[d]:
            out[delta] = out.get(delta, 0) | mask
    return out


_DOWN, _UP = _reach((0, 1)), _reach((2, 3))   # Black's forward steps, White's
assert sorted(_DOWN) == [3, 4, 5] and sorted(_UP) == [-5, -4, -3]
_D3, _D4, _D5 = _DOWN[3], _DOWN[4], _DOWN[5]
_U3, _U4, _U5 = _UP[-3], _UP[-4], _UP[-5]


def _can_move(p: int) -> bool:
    """Whether the side to move in packed position p has a legal move (children(p) is not
    empty): a simple step seen on the whole board at once, else a capture."""
    kids = _KIDS.get(p)
    if kids is not None:
        return bool(kids)
    empty = _M32 & ~((p | p >> 32 | p >> 64 | p >> 96) & _M32)
    if p >> 128:
        men, kings = p >> 64 & _M32, p >> 96 & _M32
        pieces = men | kings
        if ((pieces & _U3) >> 3 | (pieces & _U4) >> 4 | (pieces & _U5) >> 5) & empty:
            return True
        if kings and ((kings & _D3) << 3 | (kings & _D4) << 4 | (kings & _D5) << 5) & empty:
            return True
    else:
        men, kings = p & _M32, p >> 32 & _M32
        pieces = men | kings
        if ((pieces & _D3) << 3 | (pieces & _D4) << 4 | (pieces & _D5) << 5) & empty:
            return True
        if kings and ((kings & _U3) >> 3 | (kings & _U4) >> 4 | (kings & _U5) >> 5) & empty:
            return True
    return bool(children(p))


def outcome(pos: engine.Position, claim: str = "") -> str | None:
    """The result with best play ("B", "W", "draw"), or None when the search cannot tell.

    Small positions are solved exactly by retrograde analysis over every position reachable
    from them; larger ones are searched QUICK_DEPTH plies deep for a forced win by either
    side (a draw is only ever established by the exact analysis).
    """
    with collector_paused():   # the searches make many small objects, none in a cycle
        return _outcome(pack(pos), claim)


def _outcome(p: int, claim: str) -> str | None:
    if p in _SOLVED:
        return _SOLVED[p]
    if (p & _BOARD).bit_count() <= CLOSURE_PIECES:
        found = _solve(p, CLOSURE_LIMIT)
        if found is not None:
            return found
    budget = _Budget(QUICK_WORK)
    for side in ([claim] if claim in ("B", "W") else []) + [s for s in "BW" if s != claim]:
        if _deepening_win(p, side, budget):
            return side
    return None


class _OutOfWork(Exception):
    pass


class _Budget:
    def __init__(self, left: int):
        self.left = left

    def spend(self, amount: int = 1) -> None:
        self.left -= amount
        if self.left < 0:
            raise _OutOfWork


def _deepening_win(p: int, side: str, budget: _Budget) -> bool:
    try:
        return any(_win(p, 1 if side == "W" else 0, side, depth, {}, budget)
                   for depth in range(2, QUICK_DEPTH + 1, 2))
    except _OutOfWork:
        return False


def forced_win(pos: engine.Position, side: str, depth: int, seen: dict,
               budget: _Budget | None = None) -> bool:
    """Whether `side` can leave the opponent without a move within `depth` plies."""
    return _win(pack(pos), 1 if side == "W" else 0, side, depth, seen,
                budget or _Budget(1 << 62))


def _win(p: int, mover: int, side: str, depth: int, seen: dict, budget: _Budget) -> bool:
    """forced_win over packed positions; `mover` is 1 when `side` is White."""
    key = p << 4 | depth
    result = seen.get(key)
    if result is not None:
        return result
    budget.left -= 1
    if budget.left < 0:
        raise _OutOfWork
    known = _SOLVED.get(p)
    if known is None and (p & _BOARD).bit_count() <= CLOSURE_PIECES and p not in _TOO_BIG:
        known = _solve(p, min(CLOSURE_LIMIT, budget.left))   # a capture into a small ending
        if known is None:
            _TOO_BIG.add(p)
            budget.spend(budget.left + 1)
        budget.spend(_last_closure[0])
    if known is not None:
        result = known == side
    elif depth == 0:   # a leaf: lost for the side to move when it has no move
        result = p >> 128 != mover and not _can_move(p)
    else:
        kids = children(p)
        if not kids:
            result = p >> 128 != mover
        elif p >> 128 == mover:
            result = False
            for q in kids:
                if _win(q, mover, side, depth - 1, seen, budget):
                    result = True
                    break
        else:
            result = True
            for q in kids:
                if not _win(q, mover, side, depth - 1, seen, budget):
                    result = False
                    break
    seen[key] = result
    return result


def solve_exactly(pos: engine.Position, limit: int) -> str | None:
    """Retrograde analysis over every position reachable from pos (None past `limit`):
    a position with no move is lost, cycles are draws. Positions solved before are not
    expanded again; every value found is kept."""
    return _solve(pack(pos), limit)


def _solve(p: int, limit: int) -> str | None:
    """solve_exactly over a packed position: a level at a time with numpy for positions of
    at most small_endings.PIECES pieces (_solve_small), else position by position."""
    if (p & _BOARD).bit_count() <= small_endings.PIECES:
        found = _solve_by_search(p, limit, _TINY)   # a few positions: one by one is quicker
        if found is _UNCOVERED:
            found = _solve_small(p, limit)
        if found is not _UNCOVERED:
            return found
    return _solve_by_search(p, limit)


def _solve_small(p: int, limit: int) -> str | None:
    """_solve_by_search a level at a time with numpy (records/checkers/small_endings.py)."""
    found, _last_closure[0] = small_endings.solve(p, limit, _SOLVED_SMALL)
    return found


def _solve_by_search(p: int, limit: int, give_up: int = 0) -> str | None:
    """_solve position by position (_UNCOVERED when it finds more than give_up positions,
    when give_up is set)."""
    index = {p: 0}
    order = [p]
    preds: list[list[int]] = [[]]   # the positions that lead to each one
    count: list[int] = []           # how many successors each has
    fixed: dict[int, int] = {}
    _last_closure[0] = 0
    solved = _SOLVED
    found = index.get
    n = 1
    for i, q in enumerate(order):   # order grows as positions are found
        known = solved.get(q) if i else None
        if known is not None:
            fixed[i] = 0 if known == "draw" else (1 if (known == "W") == bool(q >> 128) else -1)
            count.append(0)
            continue
        kids = children(q)
        for nxt in kids:
            j = found(nxt)
            if j is None:
                if n >= limit:
                    _last_closure[0] = n
                    return None
                if n == give_up:
                    return _UNCOVERED
                j = index[nxt] = n
                n += 1
                order.append(nxt)
                preds.append([i])
            else:
                preds[j].append(i)
        count.append(len(kids))
    _last_closure[0] = n
    for q, value in zip(order, _propagate(preds, count, fixed)):
        turn = "W" if q >> 128 else "B"
        solved[q] = "draw" if value == 0 else (turn if value > 0 else other(turn))
    return solved[p]


def _retrograde(succ: list[list[int]], fixed: dict[int, int] | None = None) -> list[int]:
    """+1 won / -1 lost for the side to move, 0 drawn, over a closed move graph whose
    `fixed` nodes already have their value (succ: each node's distinct successors)."""
    preds: list[list[int]] = [[] for _ in succ]
    for a, kids in enumerate(succ):
        for b in kids:
            preds[b].append(a)
    fixed = fixed or {}
    return _propagate(preds, [0 if a in fixed else len(k) for a, k in enumerate(succ)], fixed)


def _propagate(preds: list[list[int]], count: list[int], fixed: dict[int, int]) -> list[int]:
    """_retrograde over the graph given by each node's predecessors and its number of
    successors (0 for a fixed node)."""
    n = len(preds)
    value = [0] * n
    remaining = list(count)
    queue = [a for a in range(n) if not count[a] and a not in fixed]
    for a in queue:
        value[a] = -1
    for a, known in fixed.items():
        value[a] = known
        if known:
            queue.append(a)
    while queue:
        b = queue.pop()
        for a in preds[b]:
            if value[a] or a in fixed:
                continue
            if value[b] < 0:
                value[a] = 1
                queue.append(a)
            else:
                remaining[a] -= 1
                if remaining[a] == 0:
                    value[a] = -1
                    queue.append(a)
    return value
