"""Chess: from a printed line to a validated record.

A printed descriptive move denotes the set of legal moves it can mean (`B-B4` may be either
bishop's file, `PxP` several captures). `resolve` finds the readings of a whole line that
replay to the end, backtracking where a move fits several; repairs are searched only when
none does, and offered only when exactly one edit makes the line replay.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

import chess
from chess import (
    BB_SQUARES,
)

from records.chess import descriptive as dn
from records.chess.moves import (
    MAX_READINGS,
    SEARCH_BUDGET,
    TracedLabels,
    _cached_board,
    initial_labels,
    moved_labels,
    mover_phrase,
    names_no_square,
    position_key,
    san_and_push,
    token_moves,
    unreadable_moves,
)
from records.chess.spelling import spellings


# -- replaying a printed line ------------------------------------------------------------------
@dataclass
class Resolution:
    readings: list[list[chess.Move]] = field(default_factory=list)
    plies: list = field(default_factory=list)  # per reading, with annotate: its Ply list
    failed_at: int = -1                  # index of the first token no reading gets past
    fail_board: chess.Board | None = None
    fail_labels: dict = field(default_factory=dict)
    fail_path: list = field(default_factory=list)  # the moves that reach the failure
    exhausted: bool = False              # the search budget ran out


def resolve(start: chess.Board, tokens: list, double_first: bool = False,
            marks_checks: bool | None = None, strict_claims: bool = False,
            labels: dict | None = None, annotate: bool = False,
            read_unreadable: bool = True) -> Resolution:
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
    budget = [SEARCH_BUDGET]
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
                res.failed_at, res.fail_board = i, board.copy()
                res.fail_labels = labels.snapshot(board)
                res.fail_path = list(path)
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

    walk(0, False)
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


@dataclass
class Edit:
    label: str                    # what the edit does, for people
    tokens: list
    index: int                    # token the edit is made at
    known_ocr: bool = False
    readings: list = field(default_factory=list)


PIECE_LETTERS = ("P", "Kt", "B", "R", "Q", "K")


def text_variants(text: str) -> list[tuple[str, str, bool]]:
    """One-edit variants of a printed move: (new text, what changed, a known OCR confusion)."""
    out = []
    for m in re.finditer(r"Kt|K(?!t)", text):
        swap = "K" if m.group() == "Kt" else "Kt"
        out.append((text[:m.start()] + swap + text[m.end():], f"{swap} for {m.group()}", True))
    for m in re.finditer(r"[1-8]", text):
        for d in "12345678":
            if d != m.group():
                out.append((text[:m.start()] + d + text[m.end():], f"{d} for {m.group()}", False))
    for m in re.finditer(r"(?<![A-Za-z])(Kt|[PBRQK])(?!t)", text):
        for letter in PIECE_LETTERS:
            if letter != m.group() and not (letter == "Kt" and m.group() == "K") \
                    and not (letter == "K" and m.group() == "Kt"):
                out.append((text[:m.start()] + letter + text[m.end():],
                            f"{letter} for {m.group()}", False))
    for m in re.finditer(r"\s*[x×]\s*|\s*-\s*", text):
        swap = "-" if "-" not in m.group() else "x"
        out.append((text[:m.start()] + swap + text[m.end():], f"{swap.strip()} for {m.group().strip()}", False))
    if "'S" in text:  # a capital S set for the small one
        out.append((text.replace("'S", "'s"), "'s for 'S", True))
    for i, ch in enumerate(text):
        if not ch.isspace():
            out.append((text[:i] + text[i + 1:], f"{ch!r} dropped", False))
    if re.search(r"(?:Kt|[KQBR])$", text.rstrip(" !?")):
        stem = text.rstrip(" !?")
        for d in "12345678":
            out.append((stem + d + text[len(stem):], f"the dropped rank {d}", False))
    for m in re.finditer(r"(?<=[A-Za-z]) (?=[A-Za-z0-9])", text):
        out.append((text[:m.start()] + "-" + text[m.end():], "a dropped '-'", True))
    if re.match(r"\s*[-x×]", text):
        for letter in PIECE_LETTERS:
            out.append((letter + text.lstrip(), f"the dropped piece letter {letter}", True))
    return out


def _edits_at(tokens: list, i: int) -> list[Edit]:
    tok = tokens[i]
    edits = []
    for text, change, ocr in text_variants(tok.text):
        new = dn.parse_move(text)
        if new is None:
            continue
        new = dn.Move(**{**new.__dict__, "text": tok.text, "line": tok.line, "column": tok.column})
        edits.append(Edit(f'"{text}" ({change})', tokens[:i] + [new] + tokens[i + 1:], i, ocr))
    edits.append(Edit(f'without "{tok.text}" (printed once too often)', tokens[:i] + tokens[i + 1:], i))
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


def _resolve_after(setup: Setup, tokens: list, j: int, path: list) -> list:
    """Readings of tokens that keep the first j moves of path (the line up to an edit)."""
    board = setup.board()
    labels = initial_labels(board)
    for i, move in enumerate(path[:j]):
        labels = moved_labels(labels, board, move)
        board.push(move)
        if setup.double_first and i == 0:
            board.push(chess.Move.null())
    trial = resolve(board, tokens[j:], setup.double_first and j == 0, setup.marks_checks,
                    labels=labels)
    return [path[:j] + r for r in trial.readings]


@dataclass(frozen=True)
class Given:
    """A move supplied by the resolver itself (a missing move tried in a gap)."""
    move: chess.Move
    text: str = ""
    line: int = 0
    column: int = 0


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
                spelled = spellings(board, res.fail_labels, move)[0]
                ghost = Given(move, spelled, tokens[f].line, tokens[f].column)
                found.append(Edit(f'a missing move "{spelled}" inserted',
                                  tokens[:f] + [ghost] + tokens[f:], f, readings=readings))
    return found


def nearest_readings(board: chess.Board, labels: dict, printed: str, limit: int = 3) -> list[str]:
    spelled = [spellings(board, labels, m)[0] for m in board.legal_moves]
    norm = _squash(printed)
    return sorted(spelled, key=lambda s: (_distance(_squash(s), norm), len(s)))[:limit]


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


def _move_phrase(board: chess.Board, tok) -> str:
    return f"\"{tok.text}\" at {mover_phrase(board)}"


def replay_into(rec, setup: Setup, tokens: list, moves: list[chess.Move], plies=None) -> None:
    """Fill rec.plies from a reading; check the printed check and mate claims on the way."""
    rec.plies = plies if plies is not None else _plies_of(setup, tokens, moves)
    made = (p for p in rec.plies if p.normal != "--")
    for tok, ply in zip(tokens, made):
        _check_claims(rec, tok, ply.normal[-1] in "+#", ply.normal[-1] == "#")


def _plies_of(setup: Setup, tokens: list, moves: list) -> list:
    from records.core.model import Ply
    board, out = setup.board(), []
    for i, (tok, move) in enumerate(zip(tokens, moves)):
        out.append(Ply(len(out) + 1, tok.text, board.san_and_push(move), tok.line, tok.column,
                       position_key(board)))
        if setup.double_first and i == 0:  # White's second move comes before Black's first
            board.push(chess.Move.null())
            out.append(Ply(len(out) + 1, "", "--", tok.line, tok.column, position_key(board)))
    return out


def _check_claims(rec, tok, check: bool, mate: bool) -> None:
    from records.core.model import WARNING
    if not isinstance(tok, dn.Move) or not (tok.check or tok.mate):
        return
    if tok.mate and not mate:
        rec.add(WARNING, "CHESS-FALSE-MATE", f"\"{tok.text}\" is printed as mate but "
                f"{'only checks' if check else 'does not even check'}", tok.line, tok.column)
    elif tok.check and not tok.mate and not check:
        rec.add(WARNING, "CHESS-FALSE-CHECK", f"\"{tok.text}\" is printed as check but "
                "gives no check", tok.line, tok.column)


def validate_line(rec, setup: Setup, items: list):
    """Replay a printed line into rec: plies, diagnostics, readings, normalised SAN."""
    from records.core.model import ERROR, WARNING
    tokens = [t for t in items if isinstance(t, (dn.Move, dn.Unreadable))]
    start = setup.board()
    rec.start_position = position_key(start)
    rec.data["start_fen"] = start.fen()
    if rec.data["start_fen"] != chess.STARTING_FEN:
        rec.data["fen"] = rec.data["start_fen"]
    for tok in tokens:
        for printed, read in getattr(tok, "ocr", ()):
            rec.add(WARNING, "CHESS-OCR", f"\"{printed}\" in \"{tok.text}\" read as \"{read}\" "
                    "(a known OCR confusion)", tok.line, tok.column, repair=True)
    if not tokens:
        rec.add(ERROR, "CHESS-EMPTY", "no moves found", rec.line, 1)
        return rec
    res = resolve(start, tokens, setup.double_first, setup.marks_checks, annotate=True)
    if not res.readings:
        _explain_failure(rec, setup, tokens, res)
        return rec
    _report_guesses(rec, setup, tokens, res.readings)
    _settle_readings(rec, setup, tokens, res.readings, res.plies)
    return rec


MAX_LISTED = 8


def _report_guesses(rec, setup, tokens, readings) -> None:
    """Moves read from what little is printed (an unreadable move, `Q. checks`): named as a
    repair when one reading of the whole line replays, else an error listing the candidates."""
    from records.core.model import ERROR, WARNING
    for i, tok in enumerate(tokens):
        unreadable = isinstance(tok, dn.Unreadable)
        if not unreadable and not names_no_square(tok):
            continue
        board = _board_before(setup, readings[0], i)
        printed = len(unreadable_candidates(board, initial_labels(board), tok.text, True)
                      if unreadable else unreadable_moves(board, tok.text))
        found = sorted({_san_list(setup, r)[i] for r in readings})
        what = "cannot be read as a move" if unreadable else "names no square"
        if len(found) == 1 and printed == 1 and not unreadable:
            continue  # "Q. mates" with one queen mate on the board: fully said
        if len(found) == 1:
            among = f"of the {printed} legal moves consistent with it, only" if printed > 1 \
                else "the one legal move consistent with it,"
            rec.add(WARNING, "CHESS-GUESSED", f"{_move_phrase(board, tok)} {what}; {among} "
                    f"{found[0]} lets the line replay to the end", tok.line, tok.column,
                    "check the book", repair=True)
        elif unreadable:
            rec.add(ERROR, "CHESS-UNREADABLE", f"{_move_phrase(board, tok)} {what}; "
                    f"{len(found)} of its {printed} candidate readings replay to the end: "
                    f"{', '.join(found[:MAX_LISTED])}", tok.line, tok.column,
                    "choose one of the readings stored with the record")


def _board_before(setup: Setup, moves: list, i: int) -> chess.Board:
    board = setup.board()
    for k, move in enumerate(moves[:i]):
        board.push(move)
        if setup.double_first and k == 0:
            board.push(chess.Move.null())
    return board


def _settle_readings(rec, setup, tokens, readings, plies=None):
    from records.core.model import WARNING
    if len(readings) == 1:
        replay_into(rec, setup, tokens, readings[0], plies[0] if plies else None)
        return
    split = next(i for i in range(len(tokens)) if len({r[i] for r in readings}) > 1)
    board = setup.board()
    for move in readings[0][:split]:
        board.push(move)
    tok = tokens[split]
    sans = sorted({board.san(r[split]) for r in readings})
    rec.data["readings"] = [_san_list(setup, r) for r in readings]
    rec.add(WARNING, "CHESS-AMBIGUOUS", f"{_move_phrase(board, tok)} can mean "
            f"{' or '.join(sans)}, and each reading replays to the end",
            tok.line, tok.column, f"keep one of the {len(readings)} readings stored with the record")
    replay_into(rec, setup, tokens[:split], readings[0][:split])


def _san_list(setup: Setup, moves: list) -> list[str]:
    board, out = setup.board(), []
    for i, move in enumerate(moves):
        out.append(board.san(move))
        board.push(move)
        if setup.double_first and i == 0:
            board.push(chess.Move.null())
    return out


def _explain_failure(rec, setup, tokens, res):
    from records.core.model import ERROR, WARNING
    if res.fail_board.is_game_over():  # no repair drops a move printed after the end
        tok = tokens[res.failed_at]
        rec.add(ERROR, "CHESS-AFTER-END", f"{_move_phrase(res.fail_board, tok)} is printed "
                f"after the game has ended ({_ending(res.fail_board)})", tok.line, tok.column,
                "the line goes on after the game has ended")
        _settle_prefix(rec, setup, tokens[:res.failed_at])
        return
    repairs = find_repairs(setup, tokens, res)
    if len(repairs) == 1:
        edit = repairs[0]
        at = tokens[edit.index]
        rec.add(WARNING, "CHESS-REPAIRED", f"{_move_phrase(res.fail_board, tokens[res.failed_at])}"
                f" cannot be played as printed; the only one-edit reading that replays is "
                f"{edit.label}", at.line, at.column, "check the book; the original text is kept",
                repair=True)
        rec.data["repair"] = edit.label
        _settle_readings(rec, setup, edit.tokens, edit.readings)
        return
    _report_failure(rec, setup, tokens, res, repairs)
    _settle_prefix(rec, setup, tokens[:res.failed_at])
    if not repairs:
        _diagnose_rest(rec, tokens, res)


def _settle_prefix(rec, setup, tokens) -> None:
    """The line as far as it replays: its plies, and what was read of its unreadable moves."""
    prefix = resolve(setup.board(), tokens, setup.double_first, setup.marks_checks)
    if prefix.readings:
        _report_guesses(rec, setup, tokens, prefix.readings)
        _settle_readings(rec, setup, tokens, prefix.readings)


def _report_failure(rec, setup, tokens, res, repairs):
    from records.core.model import ERROR
    board, tok = res.fail_board, tokens[res.failed_at]
    code = "CHESS-UNREADABLE" if isinstance(tok, dn.Unreadable) else "CHESS-ILLEGAL"
    if board.is_game_over():
        why = f"the game is already over ({_ending(board)})"
    elif isinstance(tok, dn.Unreadable):
        why = "it cannot be read as a move"
    else:
        why = "no legal move matches it"
    if repairs:
        suggestion = ("one-edit readings that replay: " if len(repairs) > 1 else
                      "the one-edit reading that replays from here: ") + \
            "; ".join(e.label for e in repairs[:5])
        rec.data.setdefault("candidates", []).extend(
            {"edit": e.label, "moves": _san_list(setup, e.readings[0])} for e in repairs)
    elif board.is_game_over():
        suggestion = "the line goes on after the game has ended"
    else:
        near = nearest_readings(board, res.fail_labels, tok.text)
        suggestion = "nearest legal readings: " + ", ".join(f'"{n}"' for n in near)
    rec.add(ERROR, code, f"{_move_phrase(board, tok)}: {why}", tok.line, tok.column, suggestion)


MAX_ERRORS = 6


def _diagnose_rest(rec, tokens, res):
    """Past an unmendable move, find the legal move that lets most of the rest replay and
    report the next failure from there, so one bad move does not hide the others."""
    from records.core.model import ERROR, INFO
    board, f = res.fail_board, res.failed_at
    rest = tokens[f + 1:]
    if not rest or board.is_game_over():
        return
    if sum(d.severity == ERROR for d in rec.diagnostics) >= MAX_ERRORS:
        rec.add(INFO, "CHESS-UNCHECKED", f"{len(rest)} further moves not checked after "
                f"{MAX_ERRORS} errors", rest[0].line, rest[0].column)
        return
    trials = []
    for move in board.legal_moves:
        after = board.copy(stack=False)
        after.push(move)
        trial = resolve(after, rest, marks_checks=True)
        trials.append((len(rest) if trial.readings else trial.failed_at, move, after, trial))
    deepest = max(t[0] for t in trials)
    tied = [t for t in trials if t[0] == deepest]
    if len(tied) > 1:
        order = {s: i for i, s in enumerate(nearest_readings(board, res.fail_labels,
                                                             tokens[f].text, limit=200))}
        tied.sort(key=lambda t: order.get(spellings(board, res.fail_labels, t[1])[0], 999))
    depth, move, after, trial = tied[0]
    if depth >= len(rest):
        rec.data["continues_after"] = board.san(move)
        return
    sub = Setup(fen=after.fen(), marks_checks=True)
    sub_res = Resolution(failed_at=trial.failed_at, fail_board=trial.fail_board,
                         fail_labels=trial.fail_labels, fail_path=trial.fail_path)
    repairs = find_repairs(sub, rest, sub_res)
    _report_failure(rec, sub, rest, sub_res, repairs)
    if not repairs:
        _diagnose_rest(rec, rest, sub_res)


def _ending(board: chess.Board) -> str:
    if board.is_checkmate():
        return "checkmate"
    if board.is_stalemate():
        return "stalemate"
    return "no legal move"


