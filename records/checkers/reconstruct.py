"""Start positions rebuilt from a solution's printed lines when the book's diagram is lost
(used to build data/checkers/endings_hoyle1914.json)."""
from __future__ import annotations

from records.checkers import endgame, engine
from records.checkers.notation import Token, tokens
from records.checkers.replay import replays


# -- reconstructing a lost diagram -----------------------------------------------------------
def _pieces_seen(lines: list[tuple[str, list[Token]]]) -> tuple[dict, set] | None:
    """From printed lines (side to move first, moves): the start square and colour of every
    piece the moves use, and which of them must be kings (a move backwards before crowning).
    None when the lines contradict each other about a square's colour."""
    colour: dict[int, str] = {}
    kings: set[int] = set()
    for side, toks in lines:
        here: dict[int, list] = {}      # square now -> [start square, colour, crowned]
        turn = side
        for tok in toks:
            path = [s.value for s in tok.squares]
            if not path or not all(1 <= s <= 32 for s in path):
                break
            piece = here.pop(path[0], None)
            if piece is None:
                if colour.setdefault(path[0], turn) != turn:
                    return None
                piece = [path[0], turn, False]
            forward = path[-1] > path[0] if turn == "B" else path[-1] < path[0]
            if not forward and not piece[2] and len(path) == 2 and abs(path[0] - path[1]) < 6:
                kings.add(piece[0])
            crown = range(29, 33) if turn == "B" else range(1, 5)
            piece[2] = piece[2] or path[-1] in crown
            here[path[-1]] = piece
            turn = endgame.other(turn)
    return colour, kings


def reconstruct_start(lines: list[tuple[str, list[Token]]]) -> list[str]:
    """Start positions (FEN, Black to move) from which every printed line replays, holding
    exactly the pieces the moves use: kings where a move requires one, men or kings
    elsewhere. Fewest kings first."""
    seen = _pieces_seen(lines)
    if seen is None:
        return []
    colour, kings = seen
    free = sorted(s for s in colour if s not in kings)
    found = []
    for mask in range(1 << len(free)):
        crowned = kings | {s for i, s in enumerate(free) if mask >> i & 1}
        if any(s not in crowned and (s > 28 if colour[s] == "B" else s < 5) for s in colour):
            continue
        fen = _fen_of(colour, crowned)
        if all(replays(engine.from_fen(side + fen[1:]), toks) for side, toks in lines):
            found.append((len(crowned), fen))
    return [fen for _, fen in sorted(found)]


def _fen_of(colour: dict[int, str], kings: set[int]) -> str:
    def side(c: str) -> str:
        return ",".join(("K" if s in kings else "") + str(s)
                        for s in sorted(s for s in colour if colour[s] == c))
    return engine.to_fen(engine.from_fen(f"B:W{side('W')}:B{side('B')}"))


def solution_lines(records) -> list[tuple[str, list[Token]]]:
    """Each line of a solution as its records hold it (a variation with its parent's moves up
    to the branch), with the side that moves first: the printed moves, read again."""
    out = []
    for rec in records:
        moves = [tok for ply in rec.plies
                 for tok in tokens(ply.text or ply.normal.replace("x", "-")) if tok.kind == "move"]
        out.append((rec.start_position[:1] or "B", moves))
    return out
