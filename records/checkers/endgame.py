"""Endgame search for checkers: is a position won, lost or drawn with best play?

Used to check a book's claimed results (`B wins`, `W wins`, `Drawn`) from a line's final
position. Two tools over the engine (records/games/checkers.py), both sound:

- exact retrograde analysis of every position reachable from a small one (a position with
  no move is lost; cycles are draws); every value found is kept and reused;
- for larger positions, a full-width search for a forced win, deepened two plies at a time
  within a work budget, whose captures into small endings are solved exactly.

`None` means the search could not tell within its limits, never a guess.
"""
from __future__ import annotations

import os

from records.checkers import engine

# Exact analysis up to this many pieces, over at most this many reachable positions.
# HOYLE_CHECKERS_DEEP=1 raises both (two kings against king and man then takes ~10 s).
DEEP = os.environ.get("HOYLE_CHECKERS_DEEP", "") not in ("", "0")
CLOSURE_PIECES = 4 if DEEP else 3
CLOSURE_LIMIT = 1_000_000 if DEEP else 60_000
QUICK_DEPTH = 10            # plies of full-width search for a forced win beyond that ...
QUICK_WORK = int(os.environ.get("HOYLE_CHECKERS_WORK", 0)) or (400_000 if DEEP else 60_000)
# ... deepened two plies at a time while the positions it looks at (small endings it
# meets solved exactly included) stay within QUICK_WORK for the claim
_SOLVED: dict[engine.Position, str] = {}   # position -> "B" / "W" / "draw", exact
_TOO_BIG: set[engine.Position] = set()      # small positions past CLOSURE_LIMIT
_last_closure = [0]                         # positions the last exact analysis looked at


def other(side: str) -> str:
    return "W" if side == "B" else "B"


def piece_count(pos: engine.Position) -> int:
    return sum(bin(bb).count("1") for bb in pos[:4])


def outcome(pos: engine.Position, claim: str = "") -> str | None:
    """The result with best play ("B", "W", "draw"), or None when the search cannot tell.

    Small positions are solved exactly by retrograde analysis over every position reachable
    from them; larger ones are searched QUICK_DEPTH plies deep for a forced win by either
    side (a draw is only ever established by the exact analysis).
    """
    if pos in _SOLVED:
        return _SOLVED[pos]
    if piece_count(pos) <= CLOSURE_PIECES:
        found = solve_exactly(pos, CLOSURE_LIMIT)
        if found is not None:
            return found
    budget = _Budget(QUICK_WORK)
    for side in ([claim] if claim in ("B", "W") else []) + [s for s in "BW" if s != claim]:
        if _deepening_win(pos, side, budget):
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


def _deepening_win(pos: engine.Position, side: str, budget: _Budget) -> bool:
    try:
        return any(forced_win(pos, side, depth, {}, budget)
                   for depth in range(2, QUICK_DEPTH + 1, 2))
    except _OutOfWork:
        return False


def forced_win(pos: engine.Position, side: str, depth: int, seen: dict,
               budget: _Budget | None = None) -> bool:
    """Whether `side` can leave the opponent without a move within `depth` plies."""
    key = (pos, depth)
    if key in seen:
        return seen[key]
    budget = budget or _Budget(1 << 62)
    budget.spend()
    known = _SOLVED.get(pos)
    if known is None and piece_count(pos) <= CLOSURE_PIECES and pos not in _TOO_BIG:
        known = solve_exactly(pos, min(CLOSURE_LIMIT, budget.left))  # a capture into a
        if known is None:                                            # small ending
            _TOO_BIG.add(pos)
            budget.spend(budget.left + 1)
        budget.spend(_last_closure[0])
    if known is not None:
        result = known == side
    else:
        moves = engine.legal_moves(pos)
        if not moves:
            result = pos.turn != side
        elif depth == 0:
            result = False
        elif pos.turn == side:
            result = any(forced_win(engine.play(pos, m), side, depth - 1, seen, budget)
                         for m in moves)
        else:
            result = all(forced_win(engine.play(pos, m), side, depth - 1, seen, budget)
                         for m in moves)
    seen[key] = result
    return result


def solve_exactly(pos: engine.Position, limit: int) -> str | None:
    """Retrograde analysis over every position reachable from pos (None past `limit`):
    a position with no move is lost, cycles are draws. Positions solved before are not
    expanded again; every value found is kept."""
    index = {pos: 0}
    order = [pos]
    succ: list[list[int]] = []
    fixed: dict[int, int] = {}
    i = 0
    _last_closure[0] = 0
    while i < len(order):
        known = _SOLVED.get(order[i]) if i else None
        if known is not None:
            fixed[i] = 0 if known == "draw" else (1 if known == order[i].turn else -1)
            succ.append([])
            i += 1
            continue
        kids = set()
        for move in engine.legal_moves(order[i]):
            nxt = engine.play(order[i], move)
            j = index.get(nxt)
            if j is None:
                if len(order) >= limit:
                    _last_closure[0] = len(order)
                    return None
                j = index[nxt] = len(order)
                order.append(nxt)
            kids.add(j)
        succ.append(list(kids))
        i += 1
    _last_closure[0] = len(order)
    for p, value in zip(order, _retrograde(succ, fixed)):
        _SOLVED[p] = "draw" if value == 0 else (p.turn if value > 0 else other(p.turn))
    return _SOLVED[pos]


def _retrograde(succ: list[list[int]], fixed: dict[int, int] | None = None) -> list[int]:
    """+1 won / -1 lost for the side to move, 0 drawn, over a closed move graph whose
    `fixed` nodes already have their value."""
    fixed = fixed or {}
    n = len(succ)
    value = [0] * n
    remaining = [len(k) for k in succ]
    preds: list[list[int]] = [[] for _ in range(n)]
    for a, kids in enumerate(succ):
        for b in kids:
            preds[b].append(a)
    queue = [a for a in range(n) if not succ[a] and a not in fixed]
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
