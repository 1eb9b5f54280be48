"""Exact analysis of small checkers endings (at most three pieces) with numpy, for
records/checkers/endgame.py: the closure of a position (every position reachable from it
without passing one already solved) walked a level at a time, each level's moves found at
once, and the retrograde values of the closure computed over arrays.

The positions met, the ones expanded (every one met not already solved, and the start), the
values and the count of positions looked at are those of endgame._solve_by_search, which
does the same position by position (tests/checkers/test_checkers_fast_paths.py compares).

Positions of at most three pieces are numbered by a key: their piece codes (32 * kind + bit
index, kinds as in a packed position: black man, black king, white man, white king) sorted
and padded with EMPTY, bytes 0-2 of key >> 1; bit 0 set when White is to move.
"""
from __future__ import annotations

import itertools

from records.checkers import engine

PIECES = 3
UNCOVERED = "uncovered"   # what solve says of a position it does not cover
EMPTY = 255
_OFF = 32   # the square past the edge, in _move_tables()
_RESULTS = ("W", "B", "draw", "draw", "B", "W")   # [(value + 1) * 2 + white]
_M32 = engine.FULL
_BOARD = (1 << 128) - 1
_MOVE_TABLES: list = []


def _distinct(values):
    """np.unique by sorting (the distinct values, in order)."""
    import numpy as np
    values = np.sort(values)
    if len(values) > 1:
        values = values[np.concatenate(([True], values[1:] != values[:-1]))]
    return values


def key_of(p: int) -> int | None:
    """The key of packed position p, None when it is not a position of at most
    PIECES pieces on distinct squares."""
    codes = []
    for kind in range(4):
        bb = p >> 32 * kind & _M32
        while bb:
            low = bb & -bb
            bb ^= low
            codes.append(32 * kind + low.bit_length() - 1)
    if len(codes) > PIECES or len({c & 31 for c in codes}) < len(codes):
        return None
    codes.sort()
    codes += [EMPTY] * (3 - len(codes))
    return p >> 128 | (codes[0] | codes[1] << 8 | codes[2] << 16) << 1


class Solved:
    """The keys of the small positions in a table of solved positions (packed position ->
    "B" / "W" / "draw", values only ever added unless cleared, its `clears` counting the
    clears), sorted, and their values for the side to move, brought in step with the table
    (sync) before each use."""

    def __init__(self, table):
        self.table = table
        self.keys = self.values = None
        self.size = -1   # len(table) when last in step
        self.clears = 0  # table.clears then

    def sync(self):
        """The table only grows (a value once found stays): the positions added since the
        last call are the last ones in it; read again when it was emptied."""
        import numpy as np
        table = self.table
        size = len(table)
        if self.size == size and self.clears == table.clears:
            return
        added = size - self.size
        if self.size < 0 or added < 0 or self.clears != table.clears:
            self.keys, self.values = np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int8)
            added = size
        pairs = {}
        for q, found in itertools.islice(reversed(table.items()), added):
            if (q & _BOARD).bit_count() <= PIECES:
                key = key_of(q)
                if key is not None:
                    turn = "W" if q >> 128 else "B"
                    pairs[key] = 0 if found == "draw" else (1 if found == turn else -1)
        keys = np.array(sorted(pairs), dtype=np.int64)
        self.add(keys, np.array([pairs[k] for k in keys.tolist()], dtype=np.int8))
        self.size, self.clears = size, table.clears

    def contains(self, keys):
        import numpy as np
        at = np.searchsorted(self.keys, keys).clip(0, max(len(self.keys) - 1, 0))
        return (self.keys[at] == keys) if len(self.keys) else np.zeros(len(keys), dtype=bool)

    def add(self, keys, values):
        """Record sorted keys (those not there yet) with their values."""
        import numpy as np
        new = ~self.contains(keys)
        at = np.searchsorted(self.keys, keys[new])
        self.keys = np.insert(self.keys, at, keys[new])
        self.values = np.insert(self.values, at, values[new])



def _decode(keys):
    """Piece codes (rows of three, sorted, EMPTY padded) and side to move of keys."""
    import numpy as np
    rest = keys >> 1
    return np.stack([rest & 255, rest >> 8 & 255, rest >> 16 & 255], axis=1), keys & 1


def _encode(codes, white):
    """The keys of rows of three piece codes (in any order) with the side to move."""
    import numpy as np
    a, b, c = codes[:, 0], codes[:, 1], codes[:, 2]
    a, b = np.minimum(a, b), np.maximum(a, b)   # three compare-exchanges sort them
    b, c = np.minimum(b, c), np.maximum(b, c)
    a, b = np.minimum(a, b), np.maximum(a, b)
    return white | (a | b << 8 | c << 16) << 1


def _move_tables() -> dict:
    """numpy tables for _expand, by square (0-31, _OFF past the edge) and by piece code
    (0-127, EMPTY for none): neighbours, landings and their bits, per direction; whether
    the piece moves for the side to move, and in which directions."""
    if not _MOVE_TABLES:
        import numpy as np
        to = np.full((33, 4), _OFF, dtype=np.int64)
        for i in range(32):
            for d in range(4):
                if engine.STEP[i][d] >= 0:
                    to[i, d] = engine.STEP[i][d]
        land = to[to, np.arange(4)]
        bit = np.array([1 << i for i in range(32)] + [0], dtype=np.int64)
        square = np.full(256, _OFF, dtype=np.int64)
        square[:128] = np.arange(128) & 31
        kind = np.arange(256) >> 5
        piece = np.arange(256) < 128
        king = piece & (kind & 1 == 1)
        mover = np.stack([piece & (kind < 2), piece & (kind >= 2)], axis=1)   # [code, white]
        forward = np.array([[True, True, False, False], [False, False, True, True]])
        may = mover[:, :, None] & (king[:, None, None] | forward[None, :, :])
        crowns = np.array([[engine.BLACK_CROWN >> i & 1 for i in range(32)] + [0],
                           [engine.WHITE_CROWN >> i & 1 for i in range(32)] + [0]], dtype=bool)
        # [2 * code + white]: per direction the bit of the square a piece may step to, and
        # of its landing square jumping that way (0 where it may not)
        step_bit = np.where(may, bit[to[square]][:, None, :], 0).reshape(512, 4)
        land_bit = np.where(may, bit[land[square]][:, None, :], 0).reshape(512, 4)
        _MOVE_TABLES.append(dict(
            to=to, land=land, bit=bit, code_bit=bit[square], step_bit=step_bit,
            land_bit=land_bit, square=square, king=king, mover=mover, may=may,
            crowns=crowns))
    return _MOVE_TABLES[0]


def _expand(keys):
    """(parent index, child key) for each legal move of each position: captures only where
    a position has one, every capture sequence to its end (a man crowned stops); a child
    reached twice (two capture paths) comes twice."""
    import numpy as np
    t = _move_tables()
    codes, white = _decode(keys)
    bit = t["code_bit"][codes]                                    # (n, 3)
    occupied = bit[:, 0] | bit[:, 1] | bit[:, 2]
    mover = t["mover"][codes, white[:, None]]                     # (n, 3)
    own = np.where(mover, bit, 0)
    opp = occupied ^ (own[:, 0] | own[:, 1] | own[:, 2])
    at = 2 * codes + white[:, None]
    step_bit = t["step_bit"][at]                                  # (n, 3, 4)
    free = ~occupied[:, None, None]
    jumps = (step_bit & opp[:, None, None] != 0) & (t["land_bit"][at] & free != 0)
    captures = jumps.any(axis=(1, 2))
    steps = step_bit & free != 0
    steps[captures] = False
    parents, children = [], []

    def finish(r, j, at, taken):   # the child of a move of slot j of rows r to square at
        child = codes[r]
        moved = child[np.arange(len(r)), j]
        crowned = ~t["king"][moved] & t["crowns"][white[r], at]
        child[np.arange(len(r)), j] = ((moved >> 5) + crowned) * 32 + at
        if taken is not None:
            child[taken] = EMPTY
        parents.append(r)
        children.append(_encode(child, 1 - white[r]))

    r, j, d = np.nonzero(steps)
    if len(r):
        finish(r, j, t["to"][t["square"][codes[r, j]], d], None)
    _capture_ends(np.nonzero(jumps), codes, white, bit, occupied, mover, opp, finish)
    if not parents:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    return np.concatenate(parents), np.concatenate(children)


def _capture_ends(first, codes, white, bit, occupied, mover, opp, finish) -> None:
    """Each capture sequence from the first jumps (rows, slots, directions) followed to its
    end, given to finish(rows, slots, landing squares, slots taken)."""
    import numpy as np
    t = _move_tables()
    king, crowns, square, step, land = t["king"], t["crowns"], t["square"], t["to"], t["land"]
    r, j, d = first
    if len(r):
        start = square[codes[r, j]]
        over, at = step[start, d], land[start, d]
        taken = (square[codes[r]] == over[:, None]) & ~mover[r]   # (m, 3): the slots taken
    while len(r):
        moved = codes[r, j]
        stops = ~king[moved] & crowns[white[r], at]
        left = opp[r] & ~np.where(taken, bit[r], 0).sum(axis=1)
        empty = ~occupied[r] | bit[r, j]
        over2 = step[at]                                          # (m, 4)
        land2 = land[at]
        more = (~stops[:, None] & t["may"][codes[r, j], white[r]] & (land2 != _OFF)
                & (t["bit"][over2] & left[:, None] != 0)
                & (t["bit"][land2] & empty[:, None] != 0))
        done = ~more.any(axis=1)
        if done.any():
            finish(r[done], j[done], at[done], taken[done])
        i, d = np.nonzero(more)
        over = over2[i, d]
        taken = taken[i] | ((square[codes[r[i]]] == over[:, None]) & ~mover[r[i]])
        r, j, at = r[i], j[i], land2[i, d]


def solve(p: int, limit: int, solved: Solved) -> tuple[str | None, int]:
    """endgame._solve_by_search for packed position p of at most PIECES pieces, over the
    solved positions of `solved` (every value found is added to its table): the result
    ("B", "W", "draw", None past `limit` positions) and the count of positions looked at;
    (UNCOVERED, 0) when p is not such a position."""
    start = key_of(p)
    if start is None:
        return UNCOVERED, 0
    import numpy as np
    solved.sync()
    most = max(limit, 1)
    seen = np.array([start], dtype=np.int64)
    frontier = seen
    edges = []
    while len(frontier):
        parent, child = _expand(frontier)
        pairs = _distinct(frontier[parent] << 26 | child)
        edges.append(pairs)
        new = _distinct(pairs & ((1 << 26) - 1))
        at = np.searchsorted(seen, new).clip(0, len(seen) - 1)
        new = new[seen[at] != new]
        if len(seen) + len(new) > most:
            return None, most
        seen = np.insert(seen, np.searchsorted(seen, new), new)
        frontier = new[~solved.contains(new)]   # solved positions are not expanded
    n = len(seen)
    pairs = np.concatenate(edges)
    parent = np.searchsorted(seen, pairs >> 26)
    target = np.searchsorted(seen, pairs & ((1 << 26) - 1))
    fixed = solved.contains(seen)
    fixed[np.searchsorted(seen, start)] = False   # the start is expanded even when solved
    value = _closure_values(n, parent, target, fixed,
                            solved.values[np.searchsorted(solved.keys, seen[fixed])]
                            if fixed.any() else None)
    # the packed positions, every value recorded as _solve_by_search does
    codes, white = _decode(seen)
    present = codes != EMPTY
    kind, square = codes >> 5, codes & 31
    low = np.where(present & (kind < 2), np.uint64(1) << (square + 32 * kind).astype(np.uint64),
                   np.uint64(0)).sum(axis=1, dtype=np.uint64)
    high = np.where(present & (kind >= 2),
                    np.uint64(1) << (square + 32 * (kind - 2)).astype(np.uint64),
                    np.uint64(0)).sum(axis=1, dtype=np.uint64)
    found = (value.astype(np.int64) + 1) * 2 + white
    packed = (low.astype(object) | high.astype(object) << 64 | white.astype(object) << 128)
    table = solved.table
    table.update(zip(packed.tolist(), map(_RESULTS.__getitem__, found.tolist())))
    solved.add(seen, value)
    solved.size = len(table)
    return table[p], n


def _closure_values(n: int, parent, target, fixed, fixed_values):
    """_propagate over a closure given by its edges (parent -> target, each once) with numpy:
    +1 / -1 / 0 for the side to move; fixed nodes keep the values given."""
    import numpy as np
    value = np.zeros(n, dtype=np.int8)
    free = np.ones(n, dtype=bool)
    if fixed_values is not None:
        value[fixed] = fixed_values
        free[fixed] = False
    remaining = np.bincount(parent, minlength=n)
    lost = free & (remaining == 0)
    value[lost] = -1
    free[lost] = False
    order = np.argsort(target, kind="stable")
    preds = parent[order]
    start = np.searchsorted(target[order], np.arange(n + 1))

    def before(nodes):   # the predecessors of nodes, once per edge
        counts = start[nodes + 1] - start[nodes]
        total = int(counts.sum())
        if not total:
            return np.zeros(0, dtype=np.int64)
        base = np.repeat(start[nodes] - np.cumsum(counts) + counts, counts)
        return preds[base + np.arange(total)]

    new_lost = np.flatnonzero(value < 0)
    new_won = np.flatnonzero(value > 0)
    while len(new_lost) or len(new_won):
        won = before(new_lost)
        won = _distinct(won[free[won]])
        value[won] = 1
        free[won] = False
        hit = before(new_won)
        hit = hit[free[hit]]
        if len(hit):
            remaining -= np.bincount(hit, minlength=n)
            lost = _distinct(hit[remaining[hit] == 0])
        else:
            lost = hit
        value[lost] = -1
        free[lost] = False
        new_lost, new_won = lost, won
    return value
