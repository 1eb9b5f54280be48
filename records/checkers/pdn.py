"""PDN 3.0 in and out (Portable Draughts Notation).

Reading follows the standard's liberal reading grammar (grammars/pdn.lark): games separated by
results or "*", tag pairs, comments, NAGs, move strengths, nested variations, FEN setups, and
moves written with "-", "x" or ":", numeric or alpha squares, short or full multi-jump paths.
English draughts (GameType 21) is replayed by records.checkers.engine; other variants are parsed
and stored as records but never replayed with 8x8 English rules. Writing is strict PDN.
"""
from __future__ import annotations

import os
import re
from bisect import bisect_right
from functools import cache

from typing import TYPE_CHECKING

from records.checkers import engine as ck
from records.checkers.pdn_plain import PlainGame, plain_games
from records.checkers.pdn_write import (  # noqa: F401
    ENGLISH,
    RESULTS,
    VERDICT_RESULTS,
    movetext_data,
    outcome,
    same_result,
    strict_game,
    title_of,
    write,
    write_game,
)
from records.checkers.pdn_write import compact as _compact
from records.core import interchange, parallel
from records.core.model import ERROR, INFO, INVALID, WARNING, Ply, Record, shift_lines
from records.core.resources import lalr_parser

if TYPE_CHECKING:   # (lark is loaded only for a file the plain reader leaves to the grammar)
    from lark import Lark, Token, Tree

KIND = "checkers"
VARIANTS = {
    "?": "a draughts variant other than English draughts (PDN's default GameType is 20, "
         "international draughts; Italian draughts also numbers 1-32)",
    "8x8": "an 8x8 draughts variant written with alpha squares, White moving first "
           "(Russian, Czech, Brazilian ...)",
    "20": "international draughts (10x10, squares 1-50)",
    "21": "English draughts (checkers, 8x8)",
    "22": "Italian draughts (8x8)",
    "23": "American pool checkers (8x8)",
    "24": "Spanish draughts (8x8)",
    "25": "Russian draughts (8x8)",
    "26": "Brazilian draughts (8x8)",
    "27": "Canadian draughts (12x12)",
    "28": "Portuguese draughts (8x8)",
    "29": "Czech draughts (8x8)",
    "30": "Turkish draughts (8x8)",
    "31": "Thai draughts (8x8)",
    "40": "Frisian draughts (10x10)",
    "41": "Spantsiretti (8x10)",
}

_NEWLINE = re.compile("\n")
_SQUARE = re.compile(r"\d{1,2}|[a-h][1-8]")
# a move inside a MOVES token: squares joined by separators, or two alpha squares run together
_MOVE = re.compile(r"(?:\d{1,2}|[a-h][1-8])(?:\s*[-x:]\s*(?:\d{1,2}|[a-h][1-8]))+|[a-h][1-8][a-h][1-8]")


@cache
def parser() -> Lark:
    return lalr_parser("pdn", lexer="contextual")


# -- reading ----------------------------------------------------------------------------
PARALLEL_MIN_CHARS = 1_000_000
FIRST_SHARE = 0.46   # this process also unpickles the other half, so it reads a bit less


def read(text: str, path: str) -> list[Record]:
    """Every game of a PDN file as a record; a file that breaks the grammar is one invalid record.

    A large file is cut in two at a game boundary and the halves read by two processes.
    """
    cut = _cut(text) if _parallel_worthwhile(text) else None
    if cut:
        records = _read_in_parallel(text, path, cut)
        if records is not None:
            return records
    return _read_whole(text, path)


def _parallel_worthwhile(text: str) -> bool:
    return len(text) >= PARALLEL_MIN_CHARS and parallel.worthwhile()


_GAME_END = re.compile(r"(1-0|0-1|1/2-1/2|2-0|0-2|1-1|0-0|\*)\s*\n\s*\n\[")


def _cut(text: str) -> int | None:
    """An offset after the middle where a game ends (result, blank line) and tags follow."""
    match = _GAME_END.search(text, int(len(text) * FIRST_SHARE))
    return match.end() - 1 if match else None


def _read_part(text: str, path: str, start: int, stop: int) -> list[Record]:
    """The games in text[start:stop], with lines counted as in the whole file."""
    padded = "\n" * text.count("\n", 0, start) + text[start:stop]
    return _read_whole(padded, path)


def _read_in_parallel(text: str, path: str, cut: int) -> list[Record] | None:
    first, rest = parallel.records_in_two(lambda: _read_part(text, path, 0, cut),
                                  lambda: _read_part(text, path, cut, len(text)))
    records = first + rest
    if any(rec.status == INVALID for rec in records):
        return None   # a syntax error: read the whole file again to report it as a whole
    return records


def _read_whole(text: str, path: str) -> list[Record]:
    with parallel.collector_paused():
        return _parse_records(text, path)


GAME_START = re.compile(r"(?:\A|\n[ \t]*\n)(?=[ \t]*\[)")  # a tag block after a blank line


def _parse_records(text: str, path: str) -> list[Record]:
    """The file's games: read without the grammar when they are plain (pdn_plain), else by
    it; when the file as a whole breaks the grammar (or nests variations deeper than can be
    followed), game by game, so one bad game costs only itself."""
    plain = plain_games(text)
    if plain is not None:
        return [_plain_record(text, path, game) for game in plain]
    from lark.exceptions import UnexpectedInput
    from records.checkers.pdn_errors import unreadable as _unreadable
    try:
        return _records_of(parser().parse(text), text, path)
    except (UnexpectedInput, RecursionError) as exc:
        starts = sorted({m.end() for m in GAME_START.finditer(text)} | {0})
        if len(starts) < 2:
            return [_unreadable(text, path, exc)]
    records, offset = [], 0
    for start, stop in zip(starts, starts[1:] + [len(text)]):
        records += shift_lines(_game_alone(text[start:stop], path, stop < len(text)), offset)
        offset += text.count("\n", start, stop)
    return records


def _game_alone(text: str, path: str, more_follow: bool) -> list[Record]:
    from lark.exceptions import UnexpectedInput
    from records.checkers.pdn_errors import unreadable as _unreadable
    try:
        tree = parser().parse(text)
        records = _records_of(tree, text, path)
        if more_follow and records and tree.children[-1].data == "game":
            records[-1].add(ERROR, "PDN-SYNTAX", "a tag pair '[' starts inside a game: the game "
                            "before it is not ended by a result (1-0, 0-1, 1/2-1/2, 2-0, 1-1, "
                            "0-2, 0-0) or '*'", text.count("\n") + 1, 1)
        return records
    except UnexpectedInput as exc:
        return [_unreadable(text, path, exc)]
    except RecursionError:
        rec = Record(kind=KIND, title=f"{os.path.basename(path)}: unreadable PDN", source=path,
                     line=1, end_line=text.count("\n") + 1, text=text, status=INVALID)
        rec.add(ERROR, "PDN-NESTING", "variations are nested deeper than hoyle follows", 1, 1,
                "the game was not imported; the rest of the file was")
        return [rec]


def _records_of(tree: Tree, text: str, path: str) -> list[Record]:
    records = []
    pending = None
    for child in tree.children:
        if child.data == "game":
            if pending is not None:
                records.append(_game_record(text, path, pending, None))
            pending = child
        else:   # separator
            records.append(_game_record(text, path, pending, child.children[0]))
            pending = None
    if pending is not None:
        records.append(_game_record(text, path, pending, None))
    return records


class _Game:
    """One game's parsed parts, in the order the file gives them: from the grammar's tree,
    or from the plain reader's tokens (the same tokens, with the same places)."""

    def __init__(self, tag_tokens: list, has_moves: bool, first, last, result):
        self.tags: dict[str, str] = {}
        self.tag_lines: dict[str, tuple[int, int]] = {}
        self.body: Tree | None = None
        self.result = result
        for token in tag_tokens:
            name, value = _TAG.match(token.value).groups()
            self.tags[name] = _unescape(value)
            self.tag_lines[name] = (token.line, token.column)
        self.has_moves = has_moves
        self.start, self.first_line = first.start_pos, first.line
        last = result or last
        self.end, self.last_line = last.end_pos, last.end_line

    @classmethod
    def of_tree(cls, node: Tree, result: Token | None) -> _Game:
        from lark import Tree
        body = next((part for part in node.children if part.data != "tag"), None)
        game = cls([part.children[0] for part in node.children if part.data == "tag"],
                   body is not None and any(isinstance(el, Tree) and el.data == "game_move"
                                            for el in body.children),
                   _first_token(node), None if result else _last_token(node), result)
        game.body = body
        return game

    @classmethod
    def of_plain(cls, plain: PlainGame) -> _Game:
        tokens = plain.tags + plain.moves
        return cls(plain.tags, bool(plain.moves), tokens[0], tokens[-1], plain.result)


_TAG = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s*"((?:\\.|[^"\\])*)"')


def _first_token(tree: Tree) -> Token:
    from lark import Token
    for tok in tree.scan_values(lambda v: isinstance(v, Token)):
        return tok
    raise ValueError("empty game")


def _last_token(tree: Tree) -> Token:
    from lark import Token
    last = None
    for tok in tree.scan_values(lambda v: isinstance(v, Token)):
        last = tok
    return last


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value) if "\\" in value else value


class _Move:
    __slots__ = ("text", "line", "column", "strength", "nags", "comments", "variations", "normal")

    def __init__(self, text, line, column):
        self.text, self.line, self.column = text, line, column
        self.normal = ""
        self.strength = ""
        self.nags: list[str] = []
        self.comments: list[str] = []
        self.variations: list[list] = []


def _line_items(body: Tree | None) -> tuple[list, list[str]]:
    """A body as [_Move...] with their annotations; comments before the first move apart."""
    moves: list[_Move] = []
    leading: list[str] = []
    if body is None:
        return moves, leading
    from lark import Token
    for el in body.children:
        if isinstance(el, Token):
            if el.type in ("COMMENT", "LINE_COMMENT"):
                note = el.value[1:-1] if el.type == "COMMENT" else el.value[1:]
                (moves[-1].comments if moves else leading).append(note.strip())
            elif el.type == "NAG" and moves:
                moves[-1].nags.append(el.value)
            elif el.type == "SETUP":
                leading.append(el.value)
        elif el.data == "game_move":
            moves.extend(_split_moves(el.children[0]))
            if len(el.children) > 1 and moves:
                moves[-1].strength = el.children[1].value
        elif el.data == "variation":
            sub = el.children[0] if el.children else None
            line = _line_items(sub)
            if moves:
                moves[-1].variations.append(line)
            else:
                leading.append(line)
    return moves, leading


def _split_moves(token: Token) -> list[_Move]:
    """A MOVES token into moves with their own line and column (move numbers dropped)."""
    value = token.value
    first_line, first_column = token.line, token.column
    if "\n" not in value:
        return [_Move(m.group(), first_line, first_column + m.start())
                for m in _MOVE.finditer(value)]
    breaks = [m.start() for m in _NEWLINE.finditer(value)]
    out = []
    for m in _MOVE.finditer(value):
        offset = m.start()
        n = bisect_right(breaks, offset)
        if n:
            out.append(_Move(m.group(), first_line + n, offset - breaks[n - 1]))
        else:
            out.append(_Move(m.group(), first_line, first_column + offset))
    return out


def _game_record(text: str, path: str, node: Tree, result: Token | None) -> Record:
    game = _Game.of_tree(node, result)
    return _record_of(text, path, game, *_line_items(game.body))


def _plain_record(text: str, path: str, plain: PlainGame) -> Record:
    return _record_of(text, path, _Game.of_plain(plain),
                      [move for token in plain.moves for move in _split_moves(token)], [])


def _record_of(text: str, path: str, game: _Game, moves: list[_Move], leading: list) -> Record:
    tags, result = game.tags, game.result
    rec = Record(kind=KIND, title=title_of(tags), source=path, line=game.first_line,
                 end_line=game.last_line, text=text[game.start:game.end], tags=dict(tags))
    terminator = result.value if result is not None else ""
    rec.data["terminator"] = terminator
    variant = _variant(rec, moves)
    if variant != ENGLISH:
        _store_unreplayed(rec, moves, variant)
    else:
        _replay_game(rec, moves, game)
        if rec.data.get("gametype_inferred") and _fails_as_english(rec, moves):
            variant = _not_english_after_all(rec, moves)
        else:
            _check_result(rec, tags.get("Result", ""), terminator, result)
    annotated = leading or any(m.comments or m.nags or m.strength or m.variations for m in moves)
    if annotated:
        rec.data["movetext"] = movetext_data(moves, leading)
        notes = [c for m in moves for c in m.comments] + [c for c in leading if isinstance(c, str)]
        words = " ".join(" ".join(note.split()) for note in notes)
        if words:   # for the word search; the comments stay in the movetext
            rec.data["annotations"] = words[:2000]
    if variant == ENGLISH:
        from records.checkers.openings import name_record
        name_record(rec)
    interchange.take_back(rec, "PDN-STATUS")
    rec.normal = strict_game(rec)
    return rec


# -- variants ---------------------------------------------------------------------------
def _variant(rec: Record, moves: list[_Move]) -> str:
    """The GameType code; without one, read as English when every square fits 1-32."""
    declared = rec.tags.get("GameType", "").split(",")[0].strip()
    if declared:
        rec.data["gametype"] = declared
        return declared
    squares = [int(s) for m in moves for s in re.findall(r"\d+", m.text)]
    fen = rec.tags.get("FEN", "")
    squares += [int(s) for s in re.findall(r"\d+", fen)]
    if any(s > 32 for s in squares):
        rec.data["gametype"] = "20"
        rec.data["gametype_inferred"] = True
        return "20"
    line, col = rec.line, 1
    rec.add(INFO, "PDN-GAMETYPE", "no GameType tag: read as English draughts (GameType 21), "
            "every square being within 1-32", line, col)
    rec.data["gametype"] = ENGLISH
    rec.data["gametype_inferred"] = True
    return ENGLISH


def _fails_as_english(rec: Record, moves: list[_Move]) -> bool:
    """A game without GameType is taken for another variant when its setup is no English
    FEN, when it is written in alpha squares and does not replay, or when its main line
    fails at once (ply 1 or 2). A later failure is a misprint in an English game."""
    if any(d.code == "PDN-FEN" for d in rec.diagnostics):
        return True
    failed = rec.data.get("failed_ply")
    if failed is None:
        return False
    alpha = any(m.text[:1].isalpha() for m in moves)
    return alpha or failed <= 2


def _not_english_after_all(rec: Record, moves: list[_Move]) -> str:
    """A game without GameType whose moves do not replay as English draughts.

    PDN's default GameType is 20 (international); alpha squares mean an 8x8 variant in
    which White moves first (Russian, Czech, Brazilian ...). The English failure is named.
    """
    failure = next(d for d in rec.diagnostics if d.code in ("CHECKERS-ILLEGAL", "PDN-FEN"))
    rec.diagnostics = [d for d in rec.diagnostics if d.code != "PDN-GAMETYPE"
                       and d.severity == INFO]
    rec.start_position = ""
    rec.data.pop("final_position", None)
    alpha = any(m.text[:1].isalpha() for m in moves)
    variant = "8x8" if alpha else "?"
    rec.data["gametype"] = variant
    rec.data["english_failure"] = f"{failure.line}:{failure.column} {failure.message}"
    reason = (f"no GameType tag, and the game is not English draughts (at {failure.line}:"
              f"{failure.column}: {failure.message})")
    _store_unreplayed(rec, moves, variant, reason)
    return variant


def _store_unreplayed(rec: Record, moves: list[_Move], variant: str, reason: str = "") -> None:
    name = VARIANTS.get(variant, f"draughts variant GameType {variant}")
    how = reason or ("inferred from squares above 32, PDN's default GameType 20"
                     if rec.data.get("gametype_inferred") else f"GameType {variant}")
    rec.data["variant"] = name
    rec.add(WARNING, "PDN-VARIANT", f"{name} ({how}) is stored as read but not replayed: "
            "hoyle's engine plays English draughts only", rec.line, 1)
    rec.plies = [Ply(i, m.text, _compact(m.text), m.line, m.column, "")
                 for i, m in enumerate(moves, start=1)]
    if rec.tags.get("FEN"):
        rec.start_position = rec.tags["FEN"].strip()


# -- replay -----------------------------------------------------------------------------
def _start_position(rec: Record, game: _Game) -> ck.Position | None:
    fen = rec.tags.get("FEN")
    if not fen:
        if rec.tags.get("SetUp", "0").strip() == "1":
            line, col = game.tag_lines["SetUp"]
            rec.add(ERROR, "PDN-SETUP", 'SetUp "1" without a FEN tag: the start position is '
                    "unknown", line, col)
            return None
        return ck.initial()
    line, col = game.tag_lines["FEN"]
    try:
        return ck.from_fen(fen)
    except ck.FenError as exc:
        unknown_turn = fen.strip().startswith("?")
        if unknown_turn:
            try:
                ck.from_fen("B" + fen.strip()[1:])
            except ck.FenError:
                unknown_turn = False
        if unknown_turn and not game.has_moves:
            rec.add(WARNING, "PDN-FEN", f"FEN {fen!r} does not say whose turn it is ('?'); "
                    "the position is kept as given", line, col)
            rec.start_position = fen.strip()
        else:
            rec.add(ERROR, "PDN-FEN", str(exc), line, col)
        return None


def _replay_game(rec: Record, moves: list[_Move], game: _Game) -> None:
    start = _start_position(rec, game)
    if start is None:
        rec.plies = [Ply(i, m.text, _compact(m.text), m.line, m.column, "")
                     for i, m in enumerate(moves, start=1)]
        return
    rec.start_position = ck.to_fen(start)
    rec.data["black_first"] = start.turn == ck.BLACK
    if not (start.black_men | start.black_kings | start.white_men | start.white_kings):
        rec.add(INFO, "PDN-EMPTY-BOARD", "the setup is an empty board", *game.tag_lines["FEN"])
        rec.plies = [Ply(i, m.text, _compact(m.text), m.line, m.column, "")
                     for i, m in enumerate(moves, start=1)]
        return
    plies, final = replay_line(rec, moves, start, 1, main=True)
    rec.plies = plies
    if final is not None:
        rec.data["final_position"] = ck.to_fen(final)
        won = ck.winner(final)
        if won:
            rec.data["winner"] = won


def replay_line(rec: Record, moves: list[_Move], start: ck.Position, first_index: int,
                main: bool = False):
    """Replay one line (and, recursively, its variations) into plies.

    Returns (plies, final position or None when a move failed). After a failed move the
    rest of the line is kept as printed, without positions.
    """
    plies = []
    append = plies.append
    pos = start
    play_path, to_fen, paths = ck.play_path, ck.to_fen, _PATHS
    index = first_index - 1
    noted = False
    for position_in_line, move in enumerate(moves):
        index += 1
        text = move.text
        if pos is None:
            append(Ply(index, text, _compact(text), move.line, move.column, ""))
            continue
        if move.variations:
            for sub_moves, _ in move.variations:
                replay_line(rec, sub_moves, pos, index)
        known = paths.get(text) or _path(text)
        path, normal = known
        after = play_path(pos, path) if path else None
        if after is None:
            found = ck.find_moves(pos, path) if path else []
            if len(found) > 1:
                found = _resolve_by_continuation(rec, move, pos, found, moves[position_in_line + 1:],
                                                 index)
            if len(found) != 1:
                _report_bad_move(rec, move, pos, path, found, index)
                if main:
                    rec.data["failed_ply"] = index
                pos = None
                append(Ply(index, text, _compact(text), move.line, move.column, ""))
                continue
            after = ck.play(pos, found[0])
            normal = str(found[0])
        pos = after
        move.normal = normal
        if normal != text and not noted:
            noted = _note_normalised(rec, move, normal)
        append(Ply(index, text, normal, move.line, move.column, to_fen(after)))
    return plies, pos


def _note_normalised(rec: Record, move: _Move, normal: str) -> bool:
    """Say once per line how a move was normalised (a jump written with '-', a short jump)."""
    if _compact(move.text).replace(":", "x") == normal:
        return False
    rec.add(INFO, "PDN-NORMALISED", f"{move.text!r} is written {normal} in strict PDN "
            "(jumps with 'x' and their full path)", move.line, move.column)
    return True


def _resolve_by_continuation(rec, move, pos, found, rest, index) -> list:
    """Of several jumps a short-form capture may mean, the one the rest of the line needs."""
    fitting = []
    for candidate in found:
        trial = Record(kind=KIND, title="")
        replay_line(trial, rest, ck.play(pos, candidate), index + 1)
        if not any(d.severity == ERROR for d in trial.diagnostics):
            fitting.append(candidate)
    if len(fitting) == 1:
        rec.add(WARNING, "CHECKERS-AMBIGUOUS", f"{move.text!r} at ply {index} fits "
                f"{', '.join(map(str, found))}; read as {fitting[0]}, the only one with which "
                "the rest of the game replays", move.line, move.column,
                f"write the full path {fitting[0]}", repair=True)
        return fitting
    return found


_ALPHA_FILES = "abcdefgh"
_PATHS: dict[str, tuple] = {}


def _path(text: str) -> tuple[tuple[int, ...] | None, str]:
    """A move's squares (alpha squares turned into numbers) and its PDN form when it is
    played as written (a step or a jump is told by the board's geometry alone)."""
    if len(_PATHS) > 100_000:
        _PATHS.clear()
    path = _read_path(text)
    if not path:
        normal = _compact(text)
    elif len(path) == 2 and (path[0] - 1, path[1] - 1) in ck.STEP_DIR:
        normal = f"{path[0]}-{path[1]}"
    else:
        normal = "x".join(map(str, path))
    _PATHS[text] = (path, normal)
    return path, normal


def _read_path(text: str) -> tuple[int, ...] | None:
    squares = _SQUARE.findall(text)
    try:
        if squares[0][0] in _ALPHA_FILES:
            return tuple(_alpha_square(s) for s in squares)
        return tuple(int(s) for s in squares)
    except (KeyError, IndexError, ValueError):  # ValueError: numeric and alpha squares mixed
        return None


def _alpha_square(square: str) -> int:
    """a1 (White's left corner) is square 29; dark squares only."""
    row, col = 8 - int(square[1]), _ALPHA_FILES.index(square[0])
    return ck._AT[(row, col)]


def _report_bad_move(rec, move, pos, path, found, index) -> None:
    side = "Black" if pos.turn == ck.BLACK else "White"
    shift = 0 if rec.data.get("black_first", True) else 1
    where = f"move {(index + shift + 1) // 2} (ply {index})"
    if found:
        rec.add(ERROR, "CHECKERS-AMBIGUOUS",
                f"{move.text!r} at {where} fits several captures for {side}: "
                f"{', '.join(map(str, found))}", move.line, move.column,
                "write the full path of the jump")
        rec.data.setdefault("candidates", {})[str(index)] = [str(m) for m in found]
        return
    legal = ck.legal_moves(pos)
    near = [m for m in legal if path and (m.path[0] == path[0] or m.path[-1] == path[-1])]
    hint = f"legal moves: {', '.join(map(str, (near or legal)[:8]))}" if legal else \
        f"{side} has no legal move"
    why = _why_illegal(pos, path)
    rec.add(ERROR, "CHECKERS-ILLEGAL", f"{move.text!r} is not a legal move for {side} at "
            f"{where}{why}", move.line, move.column, hint)


def _why_illegal(pos: ck.Position, path) -> str:
    if not path:
        return ": not a square on the 32-square board"
    if any(not 1 <= s <= 32 for s in path):
        return ": a square is off the 32-square board"
    piece = ck.pieces(pos).get(path[0])
    side = pos.turn
    if piece is None:
        return f" (square {path[0]} is empty)"
    if (piece in "bB") != (side == ck.BLACK):
        return f" (the piece on {path[0]} is the opponent's)"
    if ck.can_capture(pos) and len(path) == 2 and (path[0] - 1, path[1] - 1) in ck.STEP_DIR:
        return " (a capture is compulsory)"
    return ""


def _check_result(rec: Record, tag: str, terminator: str, token: Token | None) -> None:
    line, col = (token.line, token.column) if token is not None else (rec.end_line, 1)
    tag = tag.strip()
    if tag and terminator and terminator != "*" and not same_result(tag, terminator):
        rec.add(WARNING, "PDN-RESULT", f"the Result tag says {tag} but the game text ends "
                f"with {terminator}", line, col)
    claim = terminator if terminator and terminator != "*" else tag
    won = rec.data.get("winner")
    if won and outcome(claim):   # the first score is Black's, who moves first (pdn_write)
        if not same_result(claim, VERDICT_RESULTS[won]):
            side = "White" if won == ck.WHITE else "Black"
            rec.add(WARNING, "PDN-RESULT", f"the game ends with the side to move unable to "
                    f"move, so {side} has won, but the result given is {claim}", line, col)
