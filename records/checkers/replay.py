"""Printed checkers lines resolved through the engine: colours, jumps, misprints, claims.

The notation layer (records/checkers/notation.py) hands over printed lines as tokens; here each
is replayed from its start position:

- the colour of a move comes from turn alternation; a move whose typography (joined for
  Black, unjoined for White, in books that print that way) contradicts its turn gets a note;
- a jump printed by its start and end is matched with `moves_matching`; several paths ->
  the record needs review and keeps every candidate;
- OCR slips (`I`, `l` for 1, `O` for 0, `S` for 5) are read as digits and named;
- an impossible move is repaired only when exactly one one-square edit lets the whole rest
  of the line replay; a missing move is reported when inserting exactly one move does;
- a claimed result (`B wins`, `W wins`, `Drawn`) is checked by an endgame search from the
  final position (records/checkers/endgame.py).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from records.checkers import endgame, engine
from records.checkers.notation import Token
from records.checkers.pdn_write import VERDICT_RESULTS
from records.core.model import ERROR, INFO, WARNING, Ply, Record

COLOUR = {"B": "Black", "W": "White"}
KIND = "checkers"


# -- matching a printed move ---------------------------------------------------------
def candidates(pos: engine.Position, tok: Token) -> list[engine.Move]:
    """Legal moves the printed squares may mean (a from-to pair matches any jump path)."""
    squares = [s.value for s in tok.squares]
    if len(squares) < 2 or not all(1 <= s <= 32 for s in squares):
        return []
    if len(squares) == 2:
        return engine.moves_matching(pos, squares[0], squares[1])
    return [m for m in engine.legal_moves(pos) if list(m.path) == squares]


def replays(pos: engine.Position, toks: list[Token], budget: int = 0) -> bool:
    """Whether every token replays in turn (any candidate path will do), with up to
    `budget` impossible moves read as one-square edits."""
    for i, tok in enumerate(toks):
        found = candidates(pos, tok)
        if not found:
            return budget > 0 and any(replays(engine.play(pos, m), toks[i + 1:], budget - 1)
                                      for m in one_square_edits(pos, tok))
        if len(found) > 1:
            return any(replays(engine.play(pos, m), toks[i + 1:], budget) for m in found)
        pos = engine.play(pos, found[0])
    return True


def one_square_edits(pos: engine.Position, tok: Token) -> list[engine.Move]:
    """Legal moves whose printed squares differ from the token's in exactly one square."""
    printed = [s.value for s in tok.squares]
    out = []
    for move in engine.legal_moves(pos):
        shown = [move.path[0], move.path[-1]] if len(printed) == 2 else list(move.path)
        if len(shown) == len(printed) and sum(a != b for a, b in zip(shown, printed)) == 1:
            out.append(move)
    return out


@dataclass
class Fix:
    kind: str                       # "edit" or "insert"
    moves: list[engine.Move]        # the edits (or insertions) with which the rest replays
    later: bool = False             # the rest replays only with one more edit further on


def find_fix(pos: engine.Position, toks: list[Token], index: int) -> list[Fix]:
    """The one-edit ways the line replays from toks[index] on (each kind kept apart); when
    there is none, the ways with which it replays given a misprint or two further on (several
    misprints in one line, each then repaired where it stands)."""
    return next((f for budget in range(MAX_LATER + 1) if (f := _fixes(pos, toks, index, budget))), [])


def _fixes(pos: engine.Position, toks: list[Token], index: int, budget: int) -> list[Fix]:
    rest = toks[index + 1:]
    edits = [m for m in one_square_edits(pos, toks[index])
             if replays(engine.play(pos, m), rest, budget)]
    inserts = [m for m in engine.legal_moves(pos)
               if replays(engine.play(pos, m), toks[index:], budget)]
    return [f for f in (Fix("edit", edits, budget > 0), Fix("insert", inserts, budget > 0))
            if f.moves]


# -- replaying a line ------------------------------------------------------------------
@dataclass
class Replay:
    plies: list[Ply] = field(default_factory=list)
    moves: list[engine.Move] = field(default_factory=list)
    positions: list[engine.Position] = field(default_factory=list)  # after each ply
    complete: bool = True


def _typography_note(rec: Record, tok: Token, turn: str) -> None:
    expected = "joined" if turn == "B" else "spaced"
    if tok.style in ("joined", "spaced") and tok.style != expected:
        how = "joined by a hyphen" if tok.style == "joined" else "not joined"
        rec.add(INFO, "CHECKERS-TYPOGRAPHY",
                f'"{tok.text}" is printed {how}, the book\'s style for '
                f'{COLOUR["B" if tok.style == "joined" else "W"]}, but it is '
                f"{COLOUR[turn]}'s move by turn", tok.line, tok.column)


def _ocr_notes(rec: Record, tok: Token) -> None:
    for square in tok.squares:
        if square.ocr:
            rec.add(WARNING, "CHECKERS-OCR",
                    f'"{square.text}" in "{tok.text}" is an OCR slip for {square.value}',
                    square.line, square.column, suggestion=f"read {square.value}", repair=True)


def _describe(moves: list[engine.Move]) -> str:
    return ", ".join(f'"{m}"' for m in moves)


MAX_LATER = 2    # further misprints a repair may leave to be repaired where they stand
LOOK_BACK = 6   # plies before an impossible move where a legal-looking misprint may hide


def replay_line(rec: Record, start: engine.Position, toks: list[Token],
                typography: bool, first_index: int = 1) -> Replay:
    """Replay printed moves from start, adding diagnostics to rec as it goes."""
    out = Replay()
    pos = start
    marks: list[tuple[int, int]] = []     # per token: plies and diagnostics before it
    override: dict[int, list[engine.Move]] = {}
    i = 0
    while i < len(toks):
        tok = toks[i]
        del marks[i:]
        marks.append((len(out.plies), len(rec.diagnostics)))
        found = override.pop(i, None) or candidates(pos, tok)
        if not found:
            earlier = _earlier_misprint(rec, out, start, toks, i, marks)
            if earlier is not None:
                j, move = earlier
                _rewind(out, rec, *marks[j])
                pos = out.positions[-1] if out.positions else start
                _name_earlier_misprint(rec, toks[j], tok, move, pos)
                override[j] = [move]
                i = j
                continue
            fix = _repair(rec, pos, toks, i)
            if fix is None:
                out.complete = False
                # the printed moves not replayed, for a person's correction (hoyle fix)
                rec.data["unplayed"] = [[t.text, t.line, t.column] for t in toks[i:]]
                break
            _ocr_notes(rec, tok)
            if fix.kind == "insert":
                pos = _add_ply(out, fix.moves[0], pos, "", 0, 0, len(out.plies) + first_index)
                found = candidates(pos, tok)
                if not found:      # the insertion holds only with a further edit here: stop
                    _stops(rec, pos, tok)
                    out.complete = False
                    break
            else:
                found = fix.moves
        else:
            _ocr_notes(rec, tok)
        if len(found) > 1:
            rec.add(WARNING, "CHECKERS-AMBIGUOUS",
                    f'"{tok.text}" fits several jumps for {COLOUR[pos.turn]}: '
                    f"{_describe(found)}; the first is followed, all are kept",
                    tok.line, tok.column, suggestion="print the full path, e.g. "
                    f'"{found[0]}"')
            rec.data.setdefault("candidates", {})[str(len(out.plies) + first_index)] = \
                [str(m) for m in found]
        if typography:
            _typography_note(rec, tok, pos.turn)
        pos = _add_ply(out, found[0], pos, tok.text, tok.line, tok.column,
                       len(out.plies) + first_index)
        i += 1
    return out


def _earlier_misprint(rec: Record, out: Replay, start: engine.Position, toks: list[Token],
                      i: int, marks: list[tuple[int, int]]) -> tuple[int, engine.Move] | None:
    """When toks[i] is impossible and no edit there helps, a legal but misprinted move a
    few plies back may be the cause: the one one-square edit there with which the whole
    rest replays. Only when that edit is unique over the window and none at i exists."""
    pos = out.positions[-1] if out.positions else start
    if find_fix(pos, toks, i):
        return None
    found = []
    for j in range(i - 1, max(-1, i - 1 - LOOK_BACK), -1):
        ply_count = marks[j][0]
        if ply_count and not out.plies[ply_count - 1].text:
            break   # an inserted move: do not reach back past a repair
        before = out.positions[ply_count - 1] if ply_count else start
        for move in one_square_edits(before, toks[j]):
            if replays(engine.play(before, move), toks[j + 1:]):
                found.append((j, move))
    return found[0] if len(found) == 1 else None


def _stops(rec: Record, pos: engine.Position, tok: Token) -> None:
    rec.add(ERROR, "CHECKERS-ILLEGAL", f'"{tok.text}" is not a legal move for '
            f"{COLOUR[pos.turn]} even after the missing move; the line stops here",
            tok.line, tok.column)


def _rewind(out: Replay, rec: Record, ply_count: int, diag_count: int) -> None:
    del out.plies[ply_count:], out.moves[ply_count:], out.positions[ply_count:]
    del rec.diagnostics[diag_count:]


def _name_earlier_misprint(rec: Record, tok: Token, failing: Token, move: engine.Move,
                           pos: engine.Position) -> None:
    rec.add(WARNING, "CHECKERS-REPAIRED",
            f'"{tok.text}" is legal for {COLOUR[pos.turn]} but then "{failing.text}" is '
            f'impossible; "{move}" is the only one-square change within {LOOK_BACK} plies '
            "with which the rest of the line replays", tok.line, tok.column,
            suggestion=f'read "{move}"', repair=True)


def _add_ply(out: Replay, move: engine.Move, pos: engine.Position, text: str, line: int,
             column: int, index: int) -> engine.Position:
    after = engine.play(pos, move)
    out.plies.append(Ply(index, text, str(move), line, column, engine.to_fen(after)))
    out.moves.append(move)
    out.positions.append(after)
    return after


def _repair(rec: Record, pos: engine.Position, toks: list[Token], i: int) -> Fix | None:
    tok = toks[i]
    who = COLOUR[pos.turn]
    fixes = find_fix(pos, toks, i)
    if len(fixes) == 1 and len(fixes[0].moves) == 1:
        fix, move = fixes[0], fixes[0].moves[0]
        if fix.kind == "edit":
            rec.add(WARNING, "CHECKERS-REPAIRED",
                    f'"{tok.text}" is not a legal move for {who}; "{move}" is the only '
                    "one-square change with which the rest of the line replays"
                    + (" (with other misprints, repaired further on)" if fix.later else ""),
                    tok.line, tok.column, suggestion=f'read "{move}"', repair=True)
        else:
            rec.add(WARNING, "CHECKERS-MISSING-MOVE",
                    f'a move is missing before "{tok.text}": {who} must play "{move}" '
                    "there, the only move with which the rest of the line replays",
                    tok.line, tok.column, suggestion=f'insert "{move}"', repair=True)
        return fix
    legal = engine.legal_moves(pos)
    readings = [m for f in fixes for m in f.moves]
    why = (f"several one-edit readings fit: {_describe(readings)}" if readings else
           "no single edit makes the rest of the line replay")
    rec.add(ERROR, "CHECKERS-ILLEGAL",
            f'"{tok.text}" is not a legal move for {who} ({why}); the line stops here',
            tok.line, tok.column,
            suggestion=f"legal moves: {_describe(legal[:12])}" if legal else "no legal move")
    if readings:
        rec.data["repair_candidates"] = [str(m) for m in readings]
    return None


# -- claimed results -------------------------------------------------------------------
CLAIMS = {"b": "B", "black": "B", "w": "W", "white": "W"}


def claim_of(text: str) -> str:
    """`B wins` -> "B", `W wins` -> "W", `Drawn` -> "draw"."""
    word = text.split()[0].rstrip(".").lower()
    return CLAIMS.get(word, "draw")


def check_claim(rec: Record, final: engine.Position, claim: Token) -> None:
    said = claim_of(claim.text)
    rec.tags["Result"] = VERDICT_RESULTS[said]
    found = endgame.outcome(final, said)
    rec.data["claim"] = {"printed": claim.text, "searched": found}
    if found is None:
        rec.add(INFO, "CHECKERS-CLAIM-UNDECIDED",
                f'"{claim.text}" could not be checked within the search limits (exact up to '
                f"{endgame.CLOSURE_PIECES} pieces; beyond, no forced win found within "
                f"{endgame.QUICK_DEPTH} plies and {endgame.QUICK_WORK} positions)",
                claim.line, claim.column, suggestion=f"final position {engine.to_fen(final)}")
    elif found != said:
        truth = {"B": "Black wins", "W": "White wins", "draw": "it is a draw"}[found]
        rec.add(WARNING, "CHECKERS-CLAIM", f'the book says "{claim.text}" but with best play '
                f"from the final position {truth}", claim.line, claim.column,
                suggestion=f"final position {engine.to_fen(final)}")


# -- records from a book -----------------------------------------------------------------
def pdn_text(rec: Record) -> str:
    """The record as PDN: tags, the setup when not the initial position, numbered moves."""
    tags = [("Event", rec.title), ("GameType", "21")]
    if rec.start_position and rec.start_position != engine.to_fen(engine.initial()):
        tags += [("SetUp", "1"), ("FEN", rec.start_position)]
    result = rec.tags.get("Result", "*")
    tags.append(("Result", result))
    moves, turn = [], rec.start_position[:1] or "B"
    for n, ply in enumerate(rec.plies):
        number = (n + (turn == "W")) // 2 + 1
        if turn == "B" and n % 2 == 0:
            moves.append(f"{number}.")
        elif turn == "W" and n == 0:
            moves.append(f"{number}...")
        elif turn == "W" and n % 2 == 1:
            moves.append(f"{number}.")
        moves.append(ply.normal)
    head = "\n".join(f'[{k} "{v}"]' for k, v in tags)
    return f"{head}\n\n{' '.join(moves + [result])}\n"
