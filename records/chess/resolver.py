"""Chess: replaying a printed line.

A printed descriptive move denotes the set of legal moves it can mean (`B-B4` may be either
bishop's file, `PxP` several captures). `resolve` finds the readings of a whole line that
replay to the end, backtracking where a move fits several; repairs are searched only when
none does, and offered only when exactly one edit makes the line replay.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import chess
from chess import (
    BB_SQUARES,
)

from records.chess import descriptive as dn
from records.chess.misprints import text_variants
from records.chess.moves import (
    MAX_READINGS,
    SEARCH_BUDGET,
    TracedLabels,
    _cached_board,
    initial_labels,
    position_key,
    san_and_push,
    token_moves,
    unreadable_moves,
)


# -- replaying a printed line ------------------------------------------------------------------
class Resolution:
    """What resolve() found: the readings, or how far the line got.

    The failure's board and labels are made only when asked for: most resolutions are trials
    (a repair, a language, a move past an error) whose failure is read for its depth alone.
    Until then the resolver's own board, which nothing else holds, stands in for them: the
    moves that reach the failure are replayed on it from the start when they are wanted."""

    def __init__(self, readings: list | None = None, plies: list | None = None,
                 failed_at: int = -1, fail_board: chess.Board | None = None,
                 fail_labels: dict | None = None, fail_path: list | None = None,
                 exhausted: bool = False):
        self.readings: list[list[chess.Move]] = readings if readings is not None else []
        self.plies: list = plies if plies is not None else []  # per reading, with annotate
        self.failed_at = failed_at           # index of the first token no reading gets past
        self._fail_board = fail_board
        self._fail_labels = fail_labels if fail_labels is not None else {}
        self.fail_path: list = fail_path if fail_path is not None else []  # moves to the failure
        self.exhausted = exhausted           # the search budget ran out
        self._pending = None   # (resolver's board, start labels, castled, double_first)

    def failed(self, at: int, path: list, castled: list, board: chess.Board, labels: dict,
               double_first: bool) -> None:
        """The line fails at token at, reached by path (castled[i]: path[i] castles); board,
        the resolver's, is taken over once the search is done (it changes until then)."""
        self.failed_at, self.fail_path = at, list(path)
        # (a path of its own: a caller may count fail_path from further back, as _trial does)
        self._pending = (board, labels, tuple(path), tuple(castled), double_first)

    def _settle(self) -> None:
        board, labels, path, castled, double_first = self._pending
        self._pending = None
        while board.move_stack:   # back to the start: the board began with no moves
            board.pop()
        for i, move in enumerate(path):
            board.push(move)
            if double_first and i == 0:
                board.push(chess.Move.null())
        self._fail_board = board
        self._fail_labels = TracedLabels(labels, path, castled).snapshot(board)

    @property
    def fail_board(self) -> chess.Board | None:
        if self._pending is not None:
            self._settle()
        return self._fail_board

    @fail_board.setter
    def fail_board(self, board: chess.Board | None) -> None:
        if self._pending is not None:
            self._settle()
        self._fail_board = board

    @property
    def fail_labels(self) -> dict:
        if self._pending is not None:
            self._settle()
        return self._fail_labels

    @fail_labels.setter
    def fail_labels(self, labels: dict) -> None:
        if self._pending is not None:
            self._settle()
        self._fail_labels = labels


def resolve(start: chess.Board, tokens: list, double_first: bool = False,
            marks_checks: bool | None = None, strict_claims: bool = False,
            labels: dict | None = None, annotate: bool = False,
            read_unreadable: bool = True, budget: list | None = None) -> Resolution:
    """All readings (up to MAX_READINGS) of tokens that replay from start to the end.

    With annotate, each reading also gets its plies (SAN, position keys, the book's text and
    place, in res.plies), made on the way so that a record needs no second replay.
    """
    from records.core.model import Ply
    res = Resolution()
    plies: list = []
    if marks_checks is None:
        marks_checks = any(getattr(t, "check", False) or getattr(t, "mate", False) for t in tokens)
    board = start.copy(stack=False)
    budget = budget if budget is not None else [SEARCH_BUDGET]  # shared by a repair search
    path: list[chess.Move] = []
    castled: list[bool] = []
    labels = TracedLabels(labels if labels is not None else initial_labels(board), path, castled)

    def candidates(tok, pool) -> list:
        if isinstance(tok, dn.Move):
            return token_moves(board, labels, tok, marks_checks, strict_claims,
                               pool if annotate else None)
        if isinstance(tok, Given):
            return [tok.move] if board.is_legal(tok.move) else []
        if isinstance(tok, dn.Unreadable) and read_unreadable:
            return unreadable_candidates(board, labels, tok.text, marks_checks)
        return []

    def play(move: chess.Move, i: int, pool: list) -> None:
        castled.append(bool(board.kings & BB_SQUARES[move.from_square]) and board.is_castling(move))
        tok = tokens[i]
        if annotate:
            san = san_and_push(board, move, pool)
            plies.append(Ply(len(plies) + 1, tok.text, san, tok.line, tok.column,
                             position_key(board)))
        else:
            board.push(move)
        if double_first and i == 0:  # White's second move comes before Black's first
            board.push(chess.Move.null())
            if annotate:
                plies.append(Ply(len(plies) + 1, "", "--", tok.line, tok.column,
                                 position_key(board)))
        path.append(move)

    def take_back(i: int) -> None:
        path.pop()
        castled.pop()
        board.pop()
        extra = double_first and i == 0
        if extra:
            board.pop()
        if annotate:
            del plies[-2 if extra else -1:]

    def walk(i: int, restore: bool) -> None:
        """Read tokens[i:]: straight on while a token has one reading, branching where it
        has several. With restore, the board is left as found (a later branch needs it)."""
        first = i
        while True:
            if i == len(tokens):
                res.readings.append(list(path))
                res.plies.append(list(plies))
                break
            budget[0] -= 1
            if budget[0] < 0:
                res.exhausted = True
                break
            pool: list = []
            moves = candidates(tokens[i], pool)
            if len(moves) == 1:
                play(moves[0], i, pool)
                i += 1
                continue
            if not moves and i > res.failed_at:
                res.failed(i, path, castled, board, labels.start, double_first)
            for k, move in enumerate(moves):
                again = restore or k < len(moves) - 1
                play(move, i, pool)
                walk(i + 1, again)
                if again:
                    take_back(i)
                if len(res.readings) >= MAX_READINGS or res.exhausted:
                    break
            break
        if restore:
            for j in range(i - 1, first - 1, -1):
                take_back(j)

    try:
        walk(0, False)
    finally:   # walk calls itself through its own closure: a cycle, which would keep the boards,
        walk = None   # moves and lists of every search alive until the cyclic collector ran
    if res.readings:
        res.failed_at = -1
    return res


def unreadable_candidates(board, labels, text: str, marks_checks: bool) -> list[chess.Move]:
    """What an unreadable printed move may be: the moves of its one-edit spellings that read
    (`P. to Q. R's. 3d.`), else every legal move consistent with what can be read of it."""
    found: list[chess.Move] = []
    for variant in readable_variants(text):
        for move in token_moves(board, labels, variant, marks_checks):
            if move not in found:
                found.append(move)
    return found or unreadable_moves(board, text)


@lru_cache(maxsize=1024)
def readable_variants(text: str) -> tuple:
    return tuple(m for t, _, _ in text_variants(text) if (m := dn.parse_move(t)) is not None)


# -- from a printed line to a validated record --------------------------------------------------
@dataclass
class Setup:
    fen: str | None = None
    remove: tuple = ()            # squares emptied for odds ("f7" for pawn and move)
    double_first: bool = False    # pawn and two moves: White plays twice before Black
    note: str = ""                # where the setup comes from, in words
    marks_checks: bool | None = None  # the book prints "ch" on its checks (None: judge by the line)

    def board(self) -> chess.Board:
        return _cached_board(self.fen, self.remove).copy(stack=False)


@dataclass(frozen=True)
class Given:
    """A move supplied by the resolver itself (a missing move tried in a gap)."""
    move: chess.Move
    text: str = ""
    line: int = 0
    column: int = 0


def _san_list(setup: Setup, moves: list) -> list[str]:
    board, out = setup.board(), []
    for i, move in enumerate(moves):
        out.append(board.san(move))
        board.push(move)
        if setup.double_first and i == 0:
            board.push(chess.Move.null())
    return out
