"""From a printed line to a validated record: replay it, report what does not replay, name
the repair that makes it replay when there is exactly one.
"""
from __future__ import annotations

import chess

from records.chess import descriptive as dn
from records.chess.algebraic import LANGUAGES, in_language
from records.chess.moves import (
    initial_labels,
    mover_phrase,
    names_no_square,
    position_key,
    unreadable_moves,
)
from records.chess.repairs import (
    find_repairs,
    find_two_edit_repairs,
    nearest_readings,
    spelled_moves,
)
from records.chess.resolver import (
    Resolution,
    Setup,
    _san_list,
    resolve,
    unreadable_candidates,
)


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


def validate_line(rec, setup: Setup, items: list, later: list | None = None):
    """Replay a printed line into rec: plies, diagnostics, readings, normalised SAN.

    With `later` (a list), the search for the failures past an unmendable move, the last and
    often the dearest step, is not run but appended to it as a call: run it, and rec is what
    it would have been; a caller that throws rec's reading away never pays for it."""
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
    tokens, rivals = _in_its_language(rec, setup, tokens)
    res = resolve(start, tokens, setup.double_first, setup.marks_checks, annotate=True)
    if not res.readings:
        _explain_failure(rec, setup, tokens, res, later)
        return rec
    _report_guesses(rec, setup, tokens, res.readings)
    _settle_readings(rec, setup, tokens, _with_rivals(setup, res.readings, rivals), res.plies)
    return rec


MAX_LISTED = 8


def _in_its_language(rec, setup: Setup, tokens: list) -> tuple[list, list]:
    """Algebraic moves read in the language of piece letters the whole game replays in; and
    the readings in the other languages whose letters replay it whole to other moves."""
    from records.core.model import INFO

    def depth(trial: list) -> int:
        res = resolve(setup.board(), trial, setup.double_first, setup.marks_checks)
        return len(trial) if res.readings else res.failed_at
    tokens, languages, rivals = in_language(setup.board(), tokens, depth)
    if languages:
        first = next(t for t in tokens if getattr(t, "san", None))
        rec.tags["HoyleLanguage"] = " or ".join(languages + [name for name, _ in rivals])
        said = " or ".join(f"{name} ({' '.join(LANGUAGES[name][0])})" for name in languages)
        rec.add(INFO, "CHESS-LANGUAGE", f"the piece letters are read as {said}: "
                + ("the language the game replays in" if len(languages) == 1 else
                   "the game's letters mean the same in each, and it replays so")
                + "".join(f"; read as {name} ({' '.join(LANGUAGES[name][0])}) it replays too, "
                          "to other moves" for name, _ in rivals),
                first.line, first.column)
    return tokens, [rival for _, rival in rivals]


def _with_rivals(setup: Setup, readings: list, rivals: list) -> list:
    """The readings of the game in its language, then those of its rival languages: a move
    that reads one way in each is an ambiguity like any other."""
    for rival in rivals:
        more = resolve(setup.board(), rival, setup.double_first, setup.marks_checks).readings
        readings = readings + [r for r in more if r not in readings]
    return readings


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


def _explain_failure(rec, setup, tokens, res, later: list | None = None):
    from records.core.model import ERROR, WARNING
    if res.fail_board.is_game_over():  # no repair drops a move printed after the end
        tok = tokens[res.failed_at]
        rec.add(ERROR, "CHESS-AFTER-END", f"{_move_phrase(res.fail_board, tok)} is printed "
                f"after the game has ended ({_ending(res.fail_board)})", tok.line, tok.column,
                "the line goes on after the game has ended")
        _settle_prefix(rec, setup, tokens[:res.failed_at])
        return
    repairs, kind = find_repairs(setup, tokens, res), "one-edit"
    complete = True
    if not repairs:
        (repairs, complete), kind = find_two_edit_repairs(setup, tokens, res), "two-edit"
    if len(repairs) == 1 and complete:
        edit = repairs[0]
        at = tokens[edit.index]
        rec.add(WARNING, "CHESS-REPAIRED", f"{_move_phrase(res.fail_board, tokens[res.failed_at])}"
                f" cannot be played as printed; the only {kind} reading that replays is "
                f"{edit.label}", at.line, at.column, "check the book; the original text is kept",
                repair=True)
        rec.data["repair"] = edit.label
        _settle_readings(rec, setup, edit.tokens, edit.readings)
        return
    if kind == "two-edit":
        rec.data["two_edit_readings"] = len(repairs) if complete else f"{len(repairs)} or more"
        repairs = []  # several pairs replay: report the errors themselves
    _report_failure(rec, setup, tokens, res, repairs)
    _settle_prefix(rec, setup, tokens[:res.failed_at])
    if not repairs:
        if later is None:
            _diagnose_rest(rec, tokens, res)
        else:
            later.append(lambda: _diagnose_rest(rec, tokens, res))


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
        spelled = spelled_moves(board, res.fail_labels)
        tied.sort(key=lambda t: order.get(spelled[t[1]], 999))
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
