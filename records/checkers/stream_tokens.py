"""A block's tokens as the stream replay reads them: a move (a move token, or two squares printed
in cells of their own), the segments structure tokens cut the stream into, and how far a
segment's moves replay from a position (the first legal reading of each move's squares)."""
from __future__ import annotations

from functools import lru_cache

from records.checkers import engine
from records.checkers.notation import Token

STRUCTURE = {"variation", "note", "side", "result", "break", "verdict-side", "verdict-wins",
             "thus", "alternative", "resume", "named"}
FIX_CHECK = 3          # moves after a misprint that must replay for a one-square edit to fit


@lru_cache(maxsize=200_000)
def step(pos: engine.Position, squares: tuple[int, ...]) -> engine.Position | None:
    """The position after the first legal move the printed squares may mean, or None."""
    if len(squares) < 2 or not all(1 <= s <= 32 for s in squares):
        return None
    after = engine.play_path(pos, squares)
    if after is not None or len(squares) != 2:
        return after
    found = engine.moves_matching(pos, squares[0], squares[1])
    return engine.play(pos, found[0]) if found else None


def segment_after(tokens: list, i: int) -> list[tuple[int, ...]]:
    """The squares of the moves after token i, to the end of its segment."""
    out = []
    i += 1
    while i < len(tokens) and not ends_segment(tokens[i]):
        tok, width = move_at(tokens, i) if tokens[i].kind in ("move", "num") else (None, 1)
        if tok is not None:
            out.append(squares(tok))
        i += width
    return out


def moves_replay(pos: engine.Position, printed: list[tuple[int, ...]]) -> bool:
    """Whether printed moves (their squares) replay in turn from pos."""
    for path in printed:
        pos = step(pos, path)
        if pos is None:
            return False
    return True


def squares(tok: Token) -> tuple[int, ...]:
    return tuple(s.value for s in tok.squares)


def move_at(tokens: list, i: int) -> tuple[Token | None, int]:
    """The move at i: a move token, or two squares printed in cells of their own."""
    tok = tokens[i]
    if tok.kind == "move":
        return tok, 1
    after = tokens[i + 1] if i + 1 < len(tokens) else None
    if getattr(after, "kind", "") == "num" and after.line == tok.line:
        pair = Token("move", f"{tok.text} {after.text}", tok.line, tok.column,
                     [*tok.squares, *after.squares], "spaced", label=tok.label, star=tok.star)
        return pair, 2
    return None, 1


def next_is_move(tokens: list, i: int) -> bool:
    after = tokens[i + 1] if i + 1 < len(tokens) else None
    return getattr(after, "kind", "") in ("move", "num")


UNCOUNTED = {"break", "number", "colour", "mark"}


def counts(tok) -> bool:
    """Whether a token counts when readings are compared: a move, a verdict, a heading; not
    the order's Breaks, nor the numbers, colours and marks any order reads past."""
    return getattr(tok, "kind", "break") not in UNCOUNTED


def segment_end(tokens: list, i: int) -> int:
    while i < len(tokens) and not ends_segment(tokens[i]):
        i += 1
    return i


def quick_fixes(tokens: list, i: int, pos: engine.Position) -> list[engine.Position]:
    """A misprint read through, for ranking orders only: the positions after the legal moves
    whose squares differ from the printed ones by one square and after which the next moves
    replay (the record's replay says it properly)."""
    tok, width = move_at(tokens, i)
    printed = squares(tok)
    found = []
    for move in engine.legal_moves(pos):
        shown = (move.path[0], move.path[-1]) if len(printed) == 2 else move.path
        if len(shown) == len(printed) and sum(a != b for a, b in zip(shown, printed)) == 1:
            after = engine.play(pos, move)
            wanted = min(FIX_CHECK, segment_moves(tokens, i + width))
            if segment_reach(tokens, i + width, after, FIX_CHECK) >= wanted:
                found.append(after)
    return found


def ends_segment(tok) -> bool:
    kind = getattr(tok, "kind", "break")
    return kind in STRUCTURE or kind == "letter" and tok.value not in "BW"


def segment_moves(tokens: list, i: int) -> int:
    return sum(tok.kind in ("move", "num") for tok in tokens[i:segment_end(tokens, i)])


def segment_reach(tokens: list, i: int, pos: engine.Position | None, limit: int = 10_000) -> int:
    """How many moves of the segment from i replay from pos (up to limit)."""
    done = 0
    while pos is not None and i < len(tokens) and done < limit:
        if ends_segment(tokens[i]):
            break
        kind = tokens[i].kind
        if kind not in ("move", "num"):
            i += 1
            continue
        tok, width = move_at(tokens, i)
        if tok is None:
            i += 1
            continue
        pos = step(pos, squares(tok))
        if pos is None:
            break
        done += 1
        i += width
    return done
