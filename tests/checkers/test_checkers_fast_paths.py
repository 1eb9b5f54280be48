"""The endgame search's fast path reads as the engine: its packed positions and successor
generator against engine.legal_moves and engine.play."""
import random

from records.checkers import endgame, engine


def _positions(games: int, seed: int):
    """Positions met in random games from the start and from random small endings."""
    rng = random.Random(seed)
    for g in range(games):
        if g % 2:
            pos = engine.initial()
        else:
            squares = rng.sample(range(32), rng.randint(2, 7))
            boards = [0, 0, 0, 0]
            for k, s in enumerate(squares):
                boards[k % 2 * 2 + rng.randint(0, 1)] |= 1 << s
            pos = engine.Position(*boards, rng.choice("BW"))
        for _ in range(120):
            yield pos
            moves = engine.legal_moves(pos)
            if not moves:
                break
            pos = engine.play(pos, rng.choice(moves))


def test_children_are_the_engine_moves_in_order():
    met = 0
    for pos in _positions(400, 7):
        assert endgame.unpack(endgame.pack(pos)) == pos
        expected = tuple(endgame.pack(engine.play(pos, m)) for m in engine.legal_moves(pos))
        assert endgame.children(endgame.pack(pos)) == expected
        met += 1
    assert met > 10_000

