"""Repairs of a printed line that does not replay: one edit near the failure (a misprint,
an OCR slip, a move printed twice or left out), and when none works, two edits within a
window; a repair is offered only when exactly one replays.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

import chess

from records.chess import descriptive as dn
from records.chess.misprints import text_variants
from records.chess.moves import initial_labels, moved_labels
from records.chess.resolver import Given, Resolution, Setup, resolve
from records.chess.spelling import spelling


@dataclass
class Edit:
    label: str                    # what the edit does, for people
    tokens: list
    index: int                    # token the edit is made at
    known_ocr: bool = False
    readings: list = field(default_factory=list)


def _edits_at(tokens: list, i: int) -> list[Edit]:
    tok = tokens[i]
    edits = []
    # nothing after the last move confirms a change to it: only its own check or mate claim,
    # or a known OCR confusion (K for Kt), which needs no confirming
    unconfirmed = i == len(tokens) - 1 and not (getattr(tok, "check", False)
                                                 or getattr(tok, "mate", False))
    for text, change, ocr in text_variants(tok.text):
        if unconfirmed and not ocr:
            continue
        new = dn.parse_move(text)
        if new is None:
            continue
        new = dn.Move(**{**new.__dict__, "text": tok.text, "line": tok.line, "column": tok.column})
        edits.append(Edit(f'"{text}" ({change})', tokens[:i] + [new] + tokens[i + 1:], i, ocr))
    if i < len(tokens) - 1:  # dropping the last move always "replays": that is truncation
        edits.append(Edit(f'without "{tok.text}" (printed once too often)',
                          tokens[:i] + tokens[i + 1:], i))
    return edits


def find_repairs(setup: Setup, tokens: list, res: Resolution) -> list[Edit]:
    """The one-edit changes near the failure that let the whole line replay, deduplicated.

    Known OCR confusions (K for Kt, a dropped piece letter) are tried first: when exactly one
    of them replays it is the repair, whatever a freer misprint might also allow.
    """
    f = res.failed_at
    edits = [e for i in range(f, max(0, f - 2) - 1, -1) for e in _edits_at(tokens, i)]
    seen: set = set()
    known = _replaying(setup, [e for e in edits if e.known_ocr], seen, res)
    if len(known) == 1:
        return known
    seen.clear()
    return _replaying(setup, edits, seen, res) + _insertions(setup, tokens, res, seen)


def _replaying(setup: Setup, edits: list[Edit], seen: set, res: Resolution) -> list[Edit]:
    found = []
    for edit in edits:
        readings = _resolve_after(setup, edit.tokens, edit.index, res.fail_path)
        if readings:
            key = tuple(tuple(r) for r in readings)
            if key not in seen:
                seen.add(key)
                edit.readings = readings
                found.append(edit)
    return found


def _resolve_after(setup: Setup, tokens: list, j: int, path: list,
                   budget: list | None = None) -> list:
    """Readings of tokens that keep the first j moves of path (the line up to an edit)."""
    return [path[:j] + r for r in _trial(setup, tokens, j, path, budget).readings]


def _insertions(setup, tokens, res, seen) -> list[Edit]:
    """A move missing before the failing token: insert each legal move and see if the rest replays."""
    board, f = res.fail_board, res.failed_at
    found = []
    for move in list(board.legal_moves):
        trial_tokens = tokens[:f] + [Given(move)] + tokens[f:]
        readings = _resolve_after(setup, trial_tokens, f, res.fail_path)
        if readings:
            key = tuple(tuple(r) for r in readings)
            if key not in seen:
                seen.add(key)
                spelled = spelling(board, res.fail_labels, move)
                ghost = Given(move, spelled, tokens[f].line, tokens[f].column)
                found.append(Edit(f'a missing move "{spelled}" inserted',
                                  tokens[:f] + [ghost] + tokens[f:], f, readings=readings))
    return found


def nearest_readings(board: chess.Board, labels: dict, printed: str, limit: int = 3) -> list[str]:
    """The legal moves' spellings nearest the printed text (edit distance, then length)."""
    key = (board.fen(), tuple(labels.items()), printed)
    ranked = _RANKED.get(key)
    if ranked is None:   # (a failure is ranked for its error, and again for what follows it)
        spelled = list(spelled_moves(board, labels).values())
        norm = _squash(printed)
        ranked = sorted(spelled, key=lambda s: (_distance(_squash(s), norm), len(s)))
        if len(_RANKED) >= 64:
            _RANKED.clear()
        _RANKED[key] = ranked
    return ranked[:limit]


def spelled_moves(board: chess.Board, labels: dict) -> dict:
    """Each legal move's spelling (spelling()), in the order of board.legal_moves; kept for
    the position and labels, which a failure's diagnosis asks for more than once."""
    key = (board.fen(), tuple(labels.items()))
    found = _SPELLED.get(key)
    if found is None:
        found = {m: spelling(board, labels, m) for m in board.legal_moves}
        if len(_SPELLED) >= 64:
            _SPELLED.clear()
        _SPELLED[key] = found
    return found


_RANKED: dict = {}   # (position, labels, printed text) -> every legal move's spelling, nearest first
_SPELLED: dict = {}  # (position, labels) -> {legal move: its spelling}


def _squash(text: str) -> str:
    return re.sub(r"[\s.]|ch$|mate$", "", text.replace("sq", "1").replace("×", "x"))


def _distance(a: str, b: str) -> int:
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


# -- two misprints: when no single edit replays -------------------------------------------------
TWO_EDIT_WINDOW = 8      # the second edit lies at most this many moves past the first failure
TWO_EDIT_BUDGET = 4000   # resolutions tried in all, whatever the line: the search is bounded
TWO_EDIT_NODES = 40_000  # and positions visited by all of them together


def find_two_edit_repairs(setup: Setup, tokens: list, res: Resolution) -> tuple[list, bool]:
    """Pairs of edits that let the whole line replay, deduplicated by the moves they give, and
    whether the search was complete (a pair found by an incomplete search is not unique).

    The first edit is one of the one-edit changes at the failure or the two moves before it
    that lets the line replay further; the second is a one-edit change at the next failure or
    the two moves before it (but after the first edit), no more than TWO_EDIT_WINDOW moves
    past the first failure. At most TWO_EDIT_BUDGET resolutions are tried, visiting at most
    TWO_EDIT_NODES positions in all; past that the search stops with what it found.
    """
    f, budget, nodes = res.failed_at, [TWO_EDIT_BUDGET], [TWO_EDIT_NODES]
    found: list[Edit] = []
    seen: set = set()
    for first in (e for i in range(f, max(0, f - 2) - 1, -1) for e in _edits_at(tokens, i)):
        if budget[0] <= 0 or nodes[0] <= 0:
            break
        budget[0] -= 1
        trial = _trial(setup, first.tokens, first.index, res.fail_path, nodes)
        if trial.readings or len(trial.fail_path) <= len(res.fail_path) \
                or trial.failed_at - f > TWO_EDIT_WINDOW:
            continue  # replays already (a one-edit repair), or gets no further
        g = trial.failed_at
        for i in range(g, max(first.index + 1, g - 2) - 1, -1):
            for second in _edits_at(first.tokens, i):
                if budget[0] <= 0 or nodes[0] <= 0:
                    break
                budget[0] -= 1
                readings = _resolve_after(setup, second.tokens, second.index, trial.fail_path,
                                          nodes)
                key = tuple(tuple(r) for r in readings)
                if readings and key not in seen:
                    seen.add(key)
                    found.append(Edit(f"{first.label} and {second.label}", second.tokens,
                                      first.index, readings=readings))
    return found, budget[0] > 0 and nodes[0] > 0


def _trial(setup: Setup, tokens: list, j: int, path: list, budget: list | None) -> Resolution:
    """resolve() of tokens from the position after path[:j], its failure counted from the
    start of the line."""
    board, labels = position_after(setup, path[:j])
    trial = resolve(board, tokens[j:], setup.double_first and j == 0, setup.marks_checks,
                    labels=labels, budget=budget)
    if not trial.readings:
        trial.failed_at += j
        trial.fail_path = path[:j] + trial.fail_path
    return trial


_PREFIXES: dict = {}   # (setup's position, moves) -> (board, labels) after them


def position_after(setup: Setup, moves: list) -> tuple[chess.Board, dict]:
    """The board and labels after moves from the setup: the many trials of one repair search
    start from the same few prefixes. resolve() copies the board it is given, never changes
    it, and only reads the labels."""
    key = (setup.fen, setup.remove, setup.double_first, tuple(moves))
    found = _PREFIXES.get(key)
    if found is None:
        board = setup.board()
        labels = initial_labels(board)
        for i, move in enumerate(moves):
            labels = moved_labels(labels, board, move)
            board.push(move)
            if setup.double_first and i == 0:
                board.push(chess.Move.null())
        if len(_PREFIXES) >= 256:
            _PREFIXES.clear()
        found = _PREFIXES[key] = (board, labels)
    return found
