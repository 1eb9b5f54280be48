"""PGN in and out. Reading goes through python-chess's own reader (chess.pgn.read_game) with
a visitor that builds no game tree: it keeps the headers, the mainline moves as written, their
position keys and places in the file, and the errors; comments and variations are noted only.

Speed matters here (an archive import must keep up with chess.pgn.read_game alone), so plain
moves are found with a few bitboard lookups before python-chess's full SAN parser is asked,
the SAN as written is reused when it is already canonical, and large files are read by two
processes.
"""
from __future__ import annotations

import difflib
import os
import re

import chess
import chess.pgn

from records.core import parallel
from records.chess.moves import fen_of_key, move_of_san, position_key, reaching
from records.chess.openings import classify_keys
from records.core.model import ERROR, INFO, WARNING, Ply, Record

SEVEN_TAG_ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
ROSTER_DEFAULTS = {"Date": "????.??.??", "Result": "*"}
INITIAL_KEY = position_key(chess.Board())
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
TAG_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_+#=:-]*$")


# -- reading ----------------------------------------------------------------------------
def read(text: str, path: str) -> list[Record]:
    """Every game in a PGN file as a record; None when the file holds no game at all."""
    lines = _split_lines(text)
    chunks = _chunks(lines) if _parallel_worthwhile(text) else [(0, len(lines))]
    with parallel.collector_paused():
        if len(chunks) == 1:
            records = _read_lines(lines, path, 0, len(lines), 0)
        else:
            records = _read_in_parallel(lines, path, chunks)
    return records or None


def _split_lines(text: str) -> list[str]:
    """The file's lines as python-chess reads them (split at \\n, ends kept)."""
    parts = text.split("\n")
    lines = [p + "\n" for p in parts[:-1]]
    if parts[-1]:
        lines.append(parts[-1])
    return lines


class _LineFeed:
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


def _read_lines(lines: list[str], path: str, start: int, stop: int,
                games_before: int) -> list[Record]:
    feed = _LineFeed(lines, start, stop)
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

    def __init__(self, feed: _LineFeed, path: str, number: int):
        self.feed, self.path, self.number = feed, path, number
        self.first_line = 0
        self.headers: dict[str, str] = {}
        self.plies: list[Ply] = []
        self.keys: list[str] = []
        self.diagnostics: list = []
        self.comments: list[str] = []
        self.variations = 0
        self.nags = 0
        self.result_token = ""
        self.started = False     # the start position has been seen
        self.white_starts = True
        self.standard = False    # standard chess (not a variant, not Chess960)
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
            if self.in_check:
                ply.normal += "#" if board.is_checkmate() else "+"
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
        self.comments.append(comment.strip())
        self._skip_past("}")

    def visit_nag(self, nag: int) -> None:
        self.nags += 1

    def begin_variation(self):
        self.variations += 1
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
        tags = self.headers
        rec = Record(kind="chess", title=_title(tags, self.number), source=self.path,
                     line=self.first_line, end_line=end, text=text.rstrip("\r\n"), tags=tags,
                     plies=self.plies, start_position=self.start_key)
        for severity, code, message, line, column, suggestion in self.diagnostics:
            rec.add(severity, code, message, line, column, suggestion)
        self._classify(rec)
        if "FEN" in tags:
            rec.data["fen"] = tags["FEN"]
        if self.comments:
            tags.setdefault("Annotations", " ".join(c for c in self.comments if c))
        if self.nags:
            rec.data["nags"] = self.nags
        if self.variations:
            rec.data["variations_skipped"] = self.variations
            rec.add(INFO, "CHESS-VARIATIONS", f"{self.variations} variation(s) not imported;"
                    " only the main line is kept", self.first_line)
        self._check_result(rec)
        rec.normal = game_pgn(tags, rec.plies, result=self._result(tags),
                              start_fen=tags.get("FEN"))
        return rec

    def _classify(self, rec: Record) -> None:
        if self.start_key != INITIAL_KEY or not self.keys:
            return
        eco, name, _ = classify_keys(self.keys, [p.normal for p in self.plies])
        if not name:
            return
        tags = rec.tags
        for tag, value in (("Opening", name), ("ECO", eco)):
            own = tags.get(tag)
            if own and own != value:
                tags["PGN" + tag] = own
            tags[tag] = value

    def _check_result(self, rec: Record) -> None:
        """The result in the tags, at the end of the moves, and after a mate must agree."""
        stated = rec.tags.get("Result", "")
        if stated in RESULTS and self.result_token and self.result_token != stated:
            rec.add(WARNING, "CHESS-RESULT", f'the tags say "{stated}" but the moves end with'
                    f' "{self.result_token}"', rec.end_line)
        if rec.plies and rec.plies[-1].normal.endswith("#") and not self.stopped:
            white_mated = (len(rec.plies) % 2 == 0) == self.white_starts
            winner = "0-1" if white_mated else "1-0"
            claimed = self.result_token or stated
            if claimed in RESULTS and claimed not in (winner, "*"):
                rec.add(WARNING, "CHESS-RESULT", f'the game ends in mate, so the result is'
                        f' "{winner}", not "{claimed}"', rec.end_line)

    def _result(self, tags: dict) -> str:
        return self.result_token or tags.get("Result", "*")


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


def _title(tags: dict, number: int) -> str:
    known = {k: v for k, v in tags.items() if v and v.strip("?.- ")}
    white, black, event = known.get("White"), known.get("Black"), known.get("Event")
    date = known.get("Date", "").replace(".??", "")
    if white and black:
        where = " ".join(x for x in (event, date) if x)
        return f"{white} - {black}" + (f", {where}" if where else "")
    if event:
        return f"{event} {date}".strip()
    return f"Game {number}"


# -- two processes for big files ----------------------------------------------------------
PARALLEL_MIN_CHARS = 400_000
MAIN_SHARE = 0.42  # about half: this process also unpickles what the other one read
HEADER_WORK = 5  # a header line costs about as much to read as 5 characters of movetext


def _parallel_worthwhile(text: str) -> bool:
    return len(text) >= PARALLEL_MIN_CHARS and parallel.worthwhile()


def _chunks(lines: list[str]) -> list[tuple[int, int]]:
    """Cut the file in two at a game boundary (a header after a blank line that ends a game)."""
    work = [HEADER_WORK if line.startswith("[") else len(line) for line in lines]
    target, done, cut = sum(work) * MAIN_SHARE, 0, 1
    while cut < len(lines) and done < target:
        done += work[cut - 1]
        cut += 1
    for i in range(cut, len(lines)):
        if lines[i].startswith("[") and lines[i - 1].isspace() and _ends_game(lines, i - 1):
            return [(0, i), (i, len(lines))]
    return [(0, len(lines))]


def _ends_game(lines: list[str], blank: int) -> bool:
    """Whether the blank line at index `blank` closes a game's movetext (not a comment's)."""
    previous = lines[blank - 1].rstrip() if blank else ""
    return previous.endswith(RESULTS) and "{" not in previous.rpartition("}")[2]


def _read_in_parallel(lines: list[str], path: str, chunks: list[tuple[int, int]]) -> list[Record]:
    """The second half is read in a forked process while this one reads the first half."""
    (start, stop), (second, end) = chunks
    first, rest = parallel.records_in_two(lambda: _read_lines(lines, path, start, stop, 0),
                                  lambda: _read_lines(lines, path, second, end, 0))
    for rec in rest:
        if rec.title.startswith("Game "):
            rec.title = _title(rec.tags, len(first) + int(rec.title[5:]))
    return first + rest


# -- writing ------------------------------------------------------------------------------
def write(records: list[Record]) -> str:
    """Strict PGN: the seven-tag roster first, the source in tags, the book's notation in a
    comment after every move where it differs from the SAN."""
    return "".join(game_pgn(_export_tags(rec), rec.plies, result=_result_of(rec),
                            start_fen=_start_fen(rec)) + "\n" for rec in records)


def _export_tags(rec: Record) -> dict:
    tags = {k: str(v) for k, v in rec.tags.items() if TAG_NAME.match(k) and not k.startswith("_")}
    tags.setdefault("Event", rec.title)
    if rec.source:
        tags["Source"] = os.path.basename(rec.source)
        tags["SourceLine"] = str(rec.line)
    return tags


def _start_fen(rec: Record) -> str | None:
    fen = rec.data.get("fen") or rec.data.get("start_fen") or rec.tags.get("FEN")
    if fen:
        return None if fen == chess.STARTING_FEN else fen
    if rec.start_position and rec.start_position != INITIAL_KEY:
        return fen_of_key(rec.start_position)
    return None


def _result_of(rec: Record) -> str:
    result = rec.tags.get("Result", "*")
    return result if result in RESULTS else "*"


def _tag_line(name: str, value: str) -> str:
    if "\\" in value or '"' in value:
        value = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{value}"]\n'


def game_pgn(tags: dict, plies: list[Ply], result: str = "*", start_fen: str | None = None) -> str:
    """One game as PGN text (headers, blank line, movetext wrapped at 79 columns)."""
    tags = dict(tags)
    tags["Result"] = result if result in RESULTS else "*"
    if start_fen and start_fen != chess.STARTING_FEN:
        tags["SetUp"], tags["FEN"] = "1", start_fen
    else:
        tags.pop("SetUp", None)
        tags.pop("FEN", None)
    head = [_tag_line(k, tags.get(k) or ROSTER_DEFAULTS.get(k, "?")) for k in SEVEN_TAG_ROSTER]
    head += [_tag_line(k, v) for k, v in tags.items() if k not in SEVEN_TAG_ROSTER]
    return "".join(head) + "\n" + _wrap(_movetext(plies, start_fen) + [tags["Result"]]) + "\n"


def _movetext(plies: list[Ply], start_fen: str | None) -> list[str]:
    """Movetext tokens; a move number and its move stay together on one line."""
    number, white = 1, True
    if start_fen:
        fields = start_fen.split()
        white = len(fields) < 2 or fields[1] == "w"
        number = int(fields[5]) if len(fields) > 5 and fields[5].isdigit() else 1
    tokens: list[str] = []
    if not white and plies:
        tokens.append(f"{number}...")
    for ply in plies:
        normal = ply.normal
        if white:
            tokens.append(f"{number}. {normal}")
        else:
            tokens.append(normal)
            number += 1
        if ply.text != normal and ply.text:
            tokens.append("{" + ply.text.replace("}", ")") + "}")
        white = not white
    return tokens


def _wrap(tokens: list[str], width: int = 79) -> str:
    lines, line, used = [], [], -1
    for tok in tokens:
        if used + 1 + len(tok) > width and line:
            lines.append(" ".join(line))
            line, used = [tok], len(tok)
        else:
            line.append(tok)
            used += 1 + len(tok)
    lines.append(" ".join(line))
    return "\n".join(lines)
