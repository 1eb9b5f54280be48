"""The careful PGN reader: python-chess's own reader (chess.pgn.read_game) with a visitor that
builds no game tree. Every game the compiled reader refuses comes here, so that each fault gets
its diagnostic with line and column; variants and Chess960 are read here too.

Plain moves are found with a few bitboard lookups before python-chess's full SAN parser is
asked, and the SAN as written is reused when it is already canonical.
"""
from __future__ import annotations

import difflib
import re

import chess
import chess.pgn

from records.chess import pgn_text
from records.chess.moves import move_of_san, position_key, reaching
from records.chess.pgn_finish import finish, title_of
from records.core.model import ERROR, WARNING, Ply, Record


class LineFeed:
    """A text handle for chess.pgn.read_game that knows which line it handed out last."""
    __slots__ = ("lines", "n", "stop")

    def __init__(self, lines: list[str], start: int, stop: int):
        self.lines, self.n, self.stop = lines, start, stop

    def readline(self) -> str:
        n = self.n
        if n < self.stop:
            self.n = n + 1
            return self.lines[n]
        return ""


def read_lines(lines: list[str], path: str, start: int, stop: int,
               games_before: int) -> list[Record]:
    """Every game in lines[start:stop], read by python-chess."""
    feed = LineFeed(lines, start, stop)
    records: list[Record] = []
    make = lambda: _GameCollector(feed, path, games_before + len(records) + 1)  # noqa: E731
    while True:
        rec = chess.pgn.read_game(feed, Visitor=make)
        if rec is None:
            return records
        records.append(rec)


# -- SAN as written versus canonical SAN -------------------------------------------------
CANONICAL_PIECE = re.compile(r"^[NBRQK]x?[a-h][1-8]$")
CANONICAL_PAWN = re.compile(r"^(?:[a-h]x)?[a-h][1-8](?:=[NBRQ])?$")
_TOKEN_FORM: dict[str, int] = {}
PAWN_FORM, PIECE_FORM, CASTLES_FORM, OTHER_FORM = range(1, 5)  # all truthy


def _token_form(token: str) -> int:
    form = _TOKEN_FORM.get(token)
    if form is None:
        if CANONICAL_PAWN.match(token):
            form = PAWN_FORM
        elif CANONICAL_PIECE.match(token):
            form = PIECE_FORM
        elif token in ("O-O", "O-O-O", "0-0", "0-0-0"):
            form = CASTLES_FORM
        else:
            form = OTHER_FORM
        _TOKEN_FORM[token] = form
    return form


def _san_without_suffix(board: chess.Board, move: chess.Move) -> str:
    without = getattr(board, "_algebraic_without_suffix", None)  # python-chess internals
    return without(move) if without else board.san(move).rstrip("+#")


# -- the common moves, found without generating every legal move ---------------------------
_SQUARE = {name: index for index, name in enumerate(chess.SQUARE_NAMES)}
_PIECE = {"N": chess.KNIGHT, "B": chess.BISHOP, "R": chess.ROOK, "Q": chess.QUEEN}


def _quick_move(board: chess.Board, san: str, form: int) -> chess.Move | None:
    """The move a plain SAN token ("Nf3", "Bxc6", "e4", "exd5") means when the side to move
    is not in check; None whenever python-chess's full parser must decide (kings, castling,
    promotions, en passant, pinned men, ambiguity, anything illegal).

    Not in check, a move by an unpinned man that is not the king is legal as soon as it is
    pseudo-legal, which a few bitboard lookups establish."""
    to = _SQUARE.get(san[-2:])
    if to is None:
        return None
    white = board.turn
    own = board.occupied_co[white]
    target = chess.BB_SQUARES[to]
    if own & target:
        return None
    if form == PIECE_FORM:
        piece = _PIECE.get(san[0])
        if piece is None:
            return None
        movers = reaching(piece, to, board.occupied) & board.pieces_mask(piece, white)
        if not movers or movers & (movers - 1):
            return None
        origin = movers.bit_length() - 1
    elif len(san) == 2:  # a pawn push
        rank = to >> 3
        if rank in (0, 7) or board.occupied & target:
            return None
        pawns = board.pawns & own
        origin = to - 8 if white else to + 8
        if not pawns & chess.BB_SQUARES[origin]:
            double = (rank == 3) if white else (rank == 4)
            if not double or board.occupied & chess.BB_SQUARES[origin]:
                return None
            origin = origin - 8 if white else origin + 8
            if not pawns & chess.BB_SQUARES[origin]:
                return None
    elif len(san) == 4 and san[1] == "x":  # a pawn capture
        rank = to >> 3
        file = ord(san[0]) - 97
        if rank in (0, 7) or abs(file - (to & 7)) != 1 or not board.occupied_co[not white] & target:
            return None
        origin = (rank - 1 if white else rank + 1) * 8 + file
        if not board.pawns & own & chess.BB_SQUARES[origin]:
            return None
    else:
        return None
    kings = board.kings & own
    if not kings:
        return None
    if _may_be_pinned(board, kings.bit_length() - 1, origin, white) and \
            board.pin_mask(white, origin) != chess.BB_ALL:
        return None
    return chess.Move(origin, to)


def _may_be_pinned(board: chess.Board, king: int, square: int, white: bool) -> bool:
    """Only a man on a line with its king and an enemy slider of that line's kind can be
    pinned; python-chess's pin_mask settles the few that pass this test."""
    line = chess.BB_RAYS[king][square]
    if not line:
        return False
    straight = (king & 7) == (square & 7) or (king >> 3) == (square >> 3)
    sliders = board.queens | (board.rooks if straight else board.bishops)
    return bool(line & sliders & board.occupied_co[not white])


# -- the visitor ---------------------------------------------------------------------------
class _Stopped(ValueError):
    """A move after the game's first unreadable one: not read, not reported again."""


class _GameCollector(chess.pgn.BaseVisitor):
    """Collects one game as a Record while python-chess reads it."""

    def __init__(self, feed: LineFeed, path: str, number: int):
        self.feed, self.path, self.number = feed, path, number
        self.first_line = 0
        self.headers: dict[str, str] = {}
        self.plies: list[Ply] = []
        self.keys: list[str] = []
        self.diagnostics: list = []
        self.result_token = ""  # comments, variations and NAGs: pgn_text.scan counts them
        self.started = False     # the start position has been seen
        self.white_starts = True
        self.standard = False    # standard chess (not a variant, not Chess960)
        self.decided = ""        # a variant's end, the result its rules give
        self.start_key = ""
        self.stopped = False
        self.plies_failed = False
        self.fresh = False       # a move was just played and its board not yet seen
        self.in_check = True     # the side to move is in check (unknown: assume so)
        self.cursor_line = -1    # column search state within the current line
        self.cursor = 0
        self.record: Record | None = None

    # headers
    def begin_game(self):
        self.first_line = self.feed.n

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        if "\\" in tagvalue:  # PGN escapes quotes and backslashes; python-chess keeps them
            tagvalue = re.sub(r'\\([\\"])', r"\1", tagvalue)
        self.headers[tagname] = tagvalue

    # moves
    def visit_board(self, board: chess.Board) -> None:
        if self.fresh:  # the board just after a move
            self.fresh = False
            ply = self.plies[-1]
            ply.position = key = position_key(board)
            self.keys.append(key)
            if self.standard:  # board.is_check(), without its two extra calls
                turn = board.turn
                kings = board.kings & board.occupied_co[turn]
                self.in_check = bool(kings) and bool(
                    board.attackers_mask(not turn, kings.bit_length() - 1))
            else:
                self.in_check = board.is_check()
            won = not self.standard and (board.is_variant_win() or board.is_variant_loss())
            if self.in_check or won:   # a variant's own win (the centre reached, a third check)
                ply.normal += "#" if won or board.is_checkmate() else "+"
            self.decided = board.result() if won else ""    # (antichess: the side left bare)
            if ply.text[-1] in "+#":
                self._check_claim(ply)
        elif not self.started:  # the start position
            self.started = True
            self.start_key = position_key(board)
            self.in_check = board.is_check()
            self.white_starts = board.turn
            self.standard = type(board) is chess.Board and not board.chess960

    def parse_san(self, board: chess.Board, san: str) -> chess.Move:
        """python-chess's parse, plus the ply as written and its SAN (the position key
        follows in visit_board, once the reader has played the move)."""
        if self.stopped:
            raise _Stopped(san)
        n = self.feed.n
        line = self.feed.lines[n - 1]
        cursor = self.cursor if n == self.cursor_line else 0
        column = line.find(san, cursor)
        form = _TOKEN_FORM.get(san) or _token_form(san)
        move = None
        if form <= PIECE_FORM and not self.in_check and self.standard:
            move = _quick_move(board, san, form)
        if move is None and self.standard:
            move = move_of_san(board, san)
        if move is None:
            try:
                move = board.parse_san(san)
            except ValueError as error:
                self._illegal(board, error, san, n, column + 1)
                raise
        end = column + len(san)
        written = san
        if column >= 0:
            if line[end:end + 1] in ("+", "#"):
                written += line[end]
                end += 1
            self.cursor_line, self.cursor = n, end
        if form == PAWN_FORM or (form == PIECE_FORM and ("x" in san) == bool(
                board.occupied_co[not board.turn] & chess.BB_SQUARES[move.to_square])):
            normal = san
        elif form == CASTLES_FORM:
            normal = san.replace("0", "O")
        else:
            normal = _san_without_suffix(board, move)
        self.fresh = True
        self.plies.append(Ply(len(self.plies) + 1, written, normal, n, column + 1))
        return move

    def _check_claim(self, ply: Ply) -> None:
        """A printed check or mate sign the position does not bear out is a warning."""
        said, is_ = ply.text[-1], ply.normal[-1]
        if is_ == "#" or is_ == said:  # a "+" on a mate is no false claim
            return
        gives = {"+": "check"}.get(is_, "no check")
        self.diagnostics.append((WARNING, "CHESS-CHECK", f'"{ply.text}" claims '
                                 f'{"mate" if said == "#" else "check"}, but the move gives '
                                 f"{gives}", ply.line, ply.column, ""))

    def handle_error(self, error: Exception) -> None:
        if not self.stopped and not isinstance(error, _Stopped) and not self.plies_failed:
            line = self._tag_line_number("FEN") or self._tag_line_number("Variant")
            self.diagnostics.append((ERROR, "CHESS-PGN", f"cannot read this game: {error}",
                                     line or self.first_line, 1 if line else 0, ""))
        self.stopped = True

    def _tag_line_number(self, tag: str) -> int:
        lines = self.feed.lines
        for n in range(self.first_line, self.feed.n + 1):
            if lines[n - 1].startswith(f"[{tag} "):
                return n
        return 0

    def _illegal(self, board: chess.Board, error: Exception, token: str, line: int,
                 column: int) -> None:
        self.plies_failed = True
        side = "White" if board.turn else "Black"
        if isinstance(error, chess.AmbiguousMoveError):
            code, what = "CHESS-AMBIGUOUS", "is ambiguous"
            readings = _readings_of(board, token)
            suggestion = f"it can be {', '.join(readings)}" if readings else ""
        else:
            code, what = "CHESS-ILLEGAL", "is not a legal move"
            near = _nearest_legal(board, token)
            suggestion = f"nearest legal readings: {', '.join(near)}" if near else ""
        message = f'"{token}" {what} for {side} at move {board.fullmove_number}'
        self.diagnostics.append((ERROR, code, message, line, column, suggestion))

    # notes
    def visit_comment(self, comment: str) -> None:
        self._skip_past("}")

    def begin_variation(self):
        self._skip_variation_columns()
        return chess.pgn.SKIP

    def visit_result(self, result: str) -> None:
        self.result_token = result

    def _skip_past(self, closing: str) -> None:
        line_no = self.feed.n
        if line_no != self.cursor_line:
            self.cursor_line, self.cursor = line_no, 0
        found = self.feed.lines[line_no - 1].find(closing, self.cursor)
        if found >= 0:
            self.cursor = found + 1

    def _skip_variation_columns(self) -> None:
        """Move the column cursor past the variation python-chess is about to skip."""
        line_no = self.feed.n
        if line_no != self.cursor_line:
            self.cursor_line, self.cursor = line_no, 0
        start = self.feed.lines[line_no - 1].find("(", self.cursor)
        if start >= 0:
            end_line, end_col = _matching_paren(self.feed.lines, line_no - 1, start)
            self.cursor_line, self.cursor = end_line + 1, end_col + 1

    # the record
    def end_game(self) -> None:
        self.record = self._build()

    def result(self) -> Record:
        return self.record

    def _build(self) -> Record:
        feed = self.feed
        end = feed.n
        while end > self.first_line and feed.lines[end - 1].isspace():
            end -= 1
        text = "".join(feed.lines[self.first_line - 1:end])
        rec = Record(kind="chess", title=title_of(self.headers, self.number), source=self.path,
                     line=self.first_line, end_line=end, text=text.rstrip("\r\n"),
                     tags=self.headers, plies=self.plies, start_position=self.start_key)
        for severity, code, message, line, column, suggestion in self.diagnostics:
            rec.add(severity, code, message, line, column, suggestion)
        start = _movetext_start(feed.lines, self.first_line - 1, end)
        notes = pgn_text.scan(feed.lines, start, end)
        finish(rec, self.keys, notes, feed.lines, start, end,
               stopped=self.stopped, white_starts=self.white_starts,
               result_token=self.result_token, decided=self.decided)
        if not rec.plies and notes.junk:   # "1. P-K4 P-K4": a book's moves under PGN's tags
            from records.chess.pgn_descriptive import read_as_descriptive
            return read_as_descriptive(rec, feed.lines, start, end, self.result_token) or rec
        return rec


def _matching_paren(lines: list[str], line_index: int, column: int) -> tuple[int, int]:
    """Where the ')' closing the '(' at (line_index, column) is, skipping {comments}."""
    depth, in_comment = 0, False
    i, col = line_index, column
    while i < len(lines):
        line = lines[i]
        while col < len(line):
            ch = line[col]
            if in_comment:
                in_comment = ch != "}"
            elif ch == "{":
                in_comment = True
            elif ch == ";":
                break
            elif ch == "(":
                depth += 1
            elif ch == ")":
                depth -= 1
                if depth == 0:
                    return i, col
            col += 1
        i, col = i + 1, 0
    return line_index, column


def _legal_sans(board: chess.Board) -> list[str]:
    return [board.san(m) for m in board.legal_moves]


def _nearest_legal(board: chess.Board, token: str) -> list[str]:
    sans = _legal_sans(board)
    return difflib.get_close_matches(token, sans, n=3, cutoff=0.5) or \
        difflib.get_close_matches(token, sans, n=3, cutoff=0.0)


def _readings_of(board: chess.Board, token: str) -> list[str]:
    """The legal moves an ambiguous SAN token can stand for."""
    to_square = re.search(r"([a-h][1-8])(?:=?[NBRQ])?$", token)
    piece = chess.PIECE_SYMBOLS.index(token[0].lower()) if token[0] in "NBRQK" else chess.PAWN
    if not to_square:
        return []
    target = chess.parse_square(to_square.group(1))
    return [board.san(m) for m in board.legal_moves
            if m.to_square == target and board.piece_type_at(m.from_square) == piece]


def _movetext_start(lines: list[str], first: int, end: int) -> int:
    i = first
    while i < end and (lines[i].startswith(("[", "%", ";")) or lines[i].isspace()):
        i += 1
    return i
