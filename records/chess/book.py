"""Find chess movetext in running book text: which lines are moves, how they make games.

Books lay games out in several ways: White over Black in LaTeX fractions (the 1914 Hoyle's
OCR), numbered rows with Black in a second column (`1. P-K4  P-K4`, `7. ......  Kt x Kt`), or
runs of moves in a paragraph (`1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3`). A line counts as movetext
only when the grammar reads all of it; prose between rows (notes) is kept in the record's text
but never parsed as moves. This module groups rows into raw games by their move numbers and
the headings above them; it does not know whether a move is legal.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from records.chess import descriptive as dn
from records.chess import tables
from records.chess.resolver import Setup
from records.chess.setups import odds_setup
from records.chess.text import (RESULT_ALONE, WORDED_MOVE, notes_blanked, plain, prose,
                                side_labels_blanked)
from records.chess.diagrams import placements_of_men
from records.chess.heading_facts import heading_lines_facts, line_facts
from records.chess.routes import digits_read, marks_blanked, misnumbered, route, route_table
from records.chess.book_tags import (
    GAME_NUMBER, PLAYERS, column_players, _between, _contents_games, _game_tags,
    _heading_by_players, _names_in_full, _prose_tags)
from records.chess.layouts import (
    CELL, all_moves, bare_moves, black_alone, broken_off, carried_row, in_turn, may_wrap,
    moves_before_prose, moves_in_prose, number_at_the_end, paragraph_end, read_to_its_end,
    renumbered, rest_blanked, rest_of_cut_move, row_cells, surplus_mark, told_from_the_start,
    told_instead, wrapped_moves)

HEADING_COLON = re.compile(r"^\s*(?P<name>[A-Z][^:]{2,100}?)\s*:\s*[—–-]+\s*(?P<cont>\*?Continued\*?)?\s*$")
HEADING_WORD = re.compile(r"^\s*(?P<name>(?:GAME|Game|EXAMPLE|Example|PARTIE|Partie|CASE|Case|STUDY|Study|PROBLEM|Problem|END-GAME|End-[Gg]ame)\s+(?:N(?:[Oo]|r)?\.\s*)?"
                          r"(?:\d+|[IVXLC]+\b)"
                          r"(?:\s*(?:\.|--|:|—).{0,80})?)\s*$")


VARIATION_HEADING = re.compile(r"^\s*(?:Var(?:iation|\.)?|VARIATION)\s+(?:[A-Z]|\d+|[IVX]+)\.?"
                               r"(?:\s+(?:on|at)\s+(?P<side>White|Black)'s\s+\d+\w*\.?\s+[Mm]ove\.?)?\s*$")


def _black_first(segment: list, side: str | None) -> bool:
    """Does a line start with Black's move: `7. ...`, a move alone in Black's column, or what
    the variation's heading says ("on Black's 10th Move")."""
    first = segment[0]
    if not isinstance(first, dn.MoveNumber):
        return False
    if side and len([i for i in segment if isinstance(i, (dn.Move, dn.Unreadable))]) == 1:
        return side == "Black"
    return first.continuation or black_alone(segment, (first.number, True))


@dataclass
class RawGame:
    heading: str
    line: int
    end_line: int = 0
    items: list = field(default_factory=list)     # dn.MoveNumber, dn.Move, dn.Unreadable, dn.Result
    tags: dict = field(default_factory=dict)
    first_number: int = 1
    black_first: bool = False
    style: tuple = ()
    count: int = 0           # moves so far

    def add(self, segment: list) -> None:
        self.items.extend(segment)
        self.count += sum(isinstance(i, (dn.Move, dn.Unreadable)) for i in segment)

    def moves(self) -> list:
        return [i for i in self.items if isinstance(i, (dn.Move, dn.Unreadable))]

    def expected(self) -> tuple[int, bool]:
        """The move number the next row should carry, and whether Black is to move in it."""
        plies = self.count + (1 if self.black_first else 0)
        return self.first_number + plies // 2, plies % 2 == 1


def row_items(line: str, lineno: int, below: str = "") -> list | None:
    """Items of a line that is all movetext, or None for prose (below: the next line, whose
    head may end the line's last move: `9. Castles` / `QR, PxBP;`, `1. P-Q8` / `(Kt), ...`)."""
    line = _last_move_ended(line, below)
    fast = _numbered_row(line, lineno)  # every cell a move: movetext, no prose test needed
    if fast is not None:
        return fast
    stripped = line.strip()
    if len(stripped) <= MAX_RESULT_LINE and RESULT_ALONE.match(stripped):
        alone = dn.parse(line, lineno)   # `½–½`, `Drawn.`, `Black resigned a few moves later.`
        if alone and all(isinstance(i, dn.Result) for i in alone):
            return alone
    if not stripped or len(stripped) > 160 or not (
            re.search(r"\d", stripped) or WORDED_MOVE.search(stripped)) or prose(stripped):
        return None
    items = dn.parse(line, lineno)
    if any(isinstance(i, dn.Unreadable) and not isinstance(i, dn.Blot) for i in items):
        return row_cells(line, lineno)
    if not any(isinstance(i, (dn.Move, dn.Blot)) for i in items):
        return items if any(isinstance(i, dn.Result) for i in items) else None
    if not any(isinstance(i, dn.MoveNumber) for i in items) and (
            len(items) > 2 or not line[:1].isspace()):
        return None  # a lone indented move (Black's reply below a note) is movetext
    if _ends_without_rank(items) and not ROW_START.match(below):
        return None  # "P. to Q. B." at a line's end: its rank may be on the next line (not
        # when that begins a row of its own: `R--Q`, the rank not printed)
    descriptive = [i for i in items if isinstance(i, dn.Move) and not i.san and i.castles is None]
    if descriptive and any(isinstance(i, dn.Move) and i.san for i in items):
        # a book printing both notations side by side: read the descriptive columns only
        cut = next(k for k, i in enumerate(items) if isinstance(i, dn.Move) and i.san)
        while cut and isinstance(items[cut - 1], dn.MoveNumber):
            cut -= 1
        items = items[:cut]
    return items


# what a move whole without it may take from the next line: the side castled on, the man a
# pawn becomes (`QR`, `Q R`, `(Q R)`, `(Q)`, `(Kt)`, `(Knight)`, `= Kt`)
QUALIFIER = re.compile(r"\(?\s*(?:[QK]\.?\s?R\.?|[QK]\.?|Kt\.?|Knight|Queen|Rook|Bishop|[BRN]\.?)"
                       r"\s*\)?|=\s?(?:Kt|[QRBN])")
QUALIFIED = re.compile(r"(?:Castles|8|8th|eighth)\.?$")


def _last_move_ended(line: str, below: str) -> str:
    """The line with the head of the line below that finishes its last move, a castling or a
    pawn's move to the last rank (`9. Castles` / `QR, PxBP;`, `1. P-Q8` / `(Kt), ...`)."""
    if not QUALIFIED.search(line.rstrip()):
        return line
    rest = rest_of_cut_move(line, below)
    return line.rstrip() + " " + rest.strip() if QUALIFIER.fullmatch(rest.strip()) else line


def _ends_without_rank(items: list) -> bool:
    last = items[-1]
    return isinstance(last, dn.Move) and bool(last.target) and not last.target[-1].isdigit()


ROW_START = re.compile(r"^\s*(?:\d{1,3}\s?[.:]?\s|$)")   # a numbered row's start, or a blank
ROW_NUMBER = re.compile(r"^\s*(\d+)\s?[.:](?:\s*(\.{2,}|…))?(?=\s)")


def _numbered_row(line: str, lineno: int) -> list | None:
    """The common case quickly: `12. P-K4      Kt-KB3`, each column a move read once per
    distinct spelling (books repeat their moves), or None to leave it to the full parse."""
    number = ROW_NUMBER.match(line)
    if not number:
        return None
    items: list = [dn.move_number(int(number.group(1)), lineno, number.start(1) + 1,
                                  bool(number.group(2)))]
    for m in CELL.finditer(line, number.end()):
        move = dn.parse_move(m.group())
        if move is None or RESULT_WORD.search(m.group(), move.column - 1 + len(move.text)):
            return None   # a result after the move ("P-R8(Q) Resigns"): the full parse keeps it
        items.append(dn.placed(move, lineno, m.start() + move.column))
    return items if 2 <= len(items) <= 3 else None
MAX_RESULT_LINE = 50
RESULT_WORD = re.compile(r"[Rr]esign|[Dd]rawn?\b|wins|\d\s?[-\u2013\u2014]\s?\d|\u00bd")
def heading_of(line: str) -> tuple[str, bool] | None:
    m = HEADING_COLON.match(line)
    if m and not re.search(r"\d", m.group("name")) and len(m.group("name").split()) <= 8:
        return m.group("name").strip(), bool(m.group("cont"))
    m = HEADING_WORD.match(line)
    if m:
        return re.split(r"--|—|–", m.group("name"))[0].strip().rstrip(".:").strip(), False
    stripped = line.strip()
    bare = stripped.rstrip(".")
    remark = REMARK.search(bare)   # `BENKO GAMBIT (declined in effect).`
    caps = bare[:remark.start()].rstrip() if remark else bare
    if 3 <= len(caps) <= 50 and caps.isupper() and re.fullmatch(r"[A-Z' .,-]+", caps) \
            and not set(re.findall(r"[A-Z]+", caps)) <= {"WHITE", "BLACK"} \
            and len(caps.split()) <= 6:
        return bare, False
    if (3 <= len(stripped) <= 40 and stripped[-1].isalpha() and _title_case(stripped)
            and not re.search(r"\d|\$|\||[<>{}():,]", stripped)):
        return stripped, False
    return None


REMARK = re.compile(r"\s\([^()]{1,40}\)$")
SMALL_WORDS = {"of", "the", "and", "to", "a", "an", "in", "on", "at", "by", "for", "with"}


def _title_case(text: str) -> bool:
    """Short lines set as titles: 'Chess Notation', 'Giuoco Piano', 'THE END-GAME'."""
    words = text.split()
    if not 1 <= len(words) <= 5 or not words[0][0].isupper():
        return False
    return all(w[0].isupper() or w.lower() in SMALL_WORDS for w in words if w[0].isalpha())


def find_games(text: str, start: int = 1, stop: int | None = None) -> list[RawGame]:
    """The games in lines start..stop-1 (1-based) of text, reading from start as if the book
    began there: split_point() gives lines where that is so."""
    return _LineReader(text, start, stop).games()


class _LineReader:
    """The book read line by line: running text (rows, paragraphs, notes, headings) here, and
    each paragraph first offered to the layout engine (tables.read_block), whose tables come
    back as numbers and moves in the order replay chose and whose boards become setups."""

    def __init__(self, text: str, start: int, stop: int | None):
        lines = [side_labels_blanked(plain(marks_blanked(line))) for line in text.splitlines()]
        self.misread_numbers: dict[int, tuple] = {}   # row numbers printed `1O.`, `l5.`
        for n, line in enumerate(lines, start=1):
            lines[n - 1], misread = digits_read(line)
            if misread:
                self.misread_numbers[n] = misread
        self.lines = notes_blanked(lines)
        self.start = start
        self.stop = len(self.lines) + 1 if stop is None else stop
        self.contents = _contents_games(self.lines)
        self.found: list[RawGame] = []
        self.open_games: list[RawGame] = []
        self.heading, self.heading_line, self.continued = "", 0, False
        self.tags: dict = {}
        self.read_to = self.tried_to = 0  # lines read already; paragraphs tried for wrapped moves
        self.offered_to = self.paragraph = self.previous = 0   # paragraphs (their first lines)
        self.solving = False              # the line carries on a solution told in prose
        self.told_dropped = None          # where a solution's sentence went on unread
        self.board_end = 0                # the last line of the board drawn last
        self.diagram_at = self.play_at = 0   # the last line naming a diagram; of play
        self.table: tables.Table | None = None   # the engine's reading of this paragraph
        self.bare: dict[int, bool] = {}   # paragraphs of moves printed without numbers

    def games(self) -> list[RawGame]:
        for lineno in range(self.start, self.stop):
            if lineno > self.read_to:
                self._line(lineno, self.lines[lineno - 1])
        return [g for g in self.found if g.moves()]

    def _line(self, lineno: int, line: str) -> None:
        if lineno > self.offered_to and line.strip():
            self.previous, self.paragraph = self.paragraph, lineno
            self._offer(lineno)
        if lineno <= self.read_to:
            return
        table = self.table if self.table is not None and self.table.line == lineno else None
        if table is not None:
            self.read_to = table.end_line
            for kind, items in table.parts:
                self._add(items, ("table",), lineno, lineno, table, kind)
            return
        if MARK_ALONE.match(line) and self.open_games and \
                self.open_games[-1].end_line == lineno - 1:
            self.open_games[-1].end_line = lineno   # a note's last line, passed over
            return
        items, style, last = self._items_of(lineno, line)
        variation = VARIATION_HEADING.match(line) if not items else None
        if variation and not self.lines[lineno - 2].strip():
            self.open_games = []  # the rows below branch from the game above: a fragment of it
            self.tags["_variation_side"] = variation.group("side")
        elif not items:
            self._text(lineno, line)
        else:
            if style[0] == "row" and self.open_games:
                read = renumbered(items, self.open_games[-1], line)
                if read is not items:   # the open game's row (` 6.` set out of line with `12.`)
                    items, style = read, self.open_games[-1].style
            self._add(items, style, lineno, last)

    def _offer(self, lineno: int) -> None:
        """The paragraph from lineno, offered to the layout engine: a board drawn in it becomes
        the setups of the next game; a table is read where it starts."""
        end = min(paragraph_end(self.lines, lineno), self.stop - 1)
        self.offered_to = end
        found = tables.read_block(self.lines[lineno - 1:end], lineno, self._starts)
        self.table = found if isinstance(found, tables.Table) else None
        if isinstance(found, tables.Board):
            self.tags["_boards"] = found.placements
            self.read_to = self.board_end = found.end_line
            game = self.open_games[-1] if self.open_games else None
            if game is not None and (game.first_number > 1 or game.black_first):
                game.tags.setdefault("_drawn_within", []).append((game.count, found.placements))

    def _starts(self, number) -> list:
        """The starts a table (whose first printed number is given) is replayed from besides
        the usual one: the open game's end when the table prints its next number (or none), a
        position drawn or given in words, a FEN, the odds the heading names."""
        game = self.open_games[-1] if self.open_games else None
        carries = game is not None and (number is None or game.expected() == (
            tables.number_of(number), getattr(number, "continuation", False)))
        setup = _end_of(game) if carries else None
        odds = odds_setup(self.heading) if self.heading else None
        drawn = self.tags.get("_boards", []) + self.tags.get("_board_words", [])
        fen = self.tags.get("_fen")
        return ([(tables.CONTINUING, setup)] if setup is not None else []) + \
            [(tables.drawn_name(note), tables.drawn_setup(placement, note))
             for placement, note in drawn] + \
            ([("from the FEN above it", Setup(fen=fen))] if fen and _fen_ok(fen) else []) + \
            ([("at the odds the heading names", odds)] if odds is not None else [])

    def _items_of(self, lineno: int, line: str) -> tuple[list | None, tuple, int]:
        """A line's numbers and moves as running text, their style, and the last line read."""
        if self._ends_a_cut_move(lineno, line):   # (the sentence of a game told in prose)
            items = self._in_prose(lineno, line)
            return items, ("prose",), lineno
        items, style, last = row_items(line, lineno, self._below(lineno)), \
            ("row", _indented(line)), lineno
        if items and style == ("row", True) and self._carries_sentence(lineno, items):
            style = ("row", False)
        if items is None and lineno > self.tried_to and may_wrap(line):
            wrapped = wrapped_moves(self.lines, lineno)
            if wrapped:
                items, last = wrapped
                self.read_to = last
            self.tried_to = paragraph_end(self.lines, lineno)
        if items and self._carries_solution(lineno, items):
            style, self.solving = ("prose",), True
        if not items and self.open_games and self.open_games[-1].style[0] == "row":
            items = carried_row(line, lineno, self.open_games[-1])
            style = self.open_games[-1].style if items else style
        if items is None and line.strip():
            items = self._tail(lineno, line)
            style = self.open_games[-1].style if items else style
        if items is None and line.strip():
            items = self._in_prose(lineno, line)
            style = ("prose",) if items else style
        if items is None and line.strip():
            items = bare_moves(self.lines, lineno, self.bare, self.paragraph)
            style = ("bare",) if items else style
        return items, style, last

    def _ends_a_cut_move(self, lineno: int, line: str) -> bool:
        """Does the line begin with the rest of a move that a game told in prose began on the
        line above (`12. B takes Q B, Q` / `Kt to K's 2nd; 13. ...`)?"""
        game = self.open_games[-1] if self.open_games else None
        return game is not None and game.style == ("prose",) and game.end_line == lineno - 1 \
            and bool(rest_of_cut_move(self.lines[lineno - 2], line))

    def _carries_sentence(self, lineno: int, items: list) -> bool:
        """An indented line that begins with the move the game above expects next, right
        under a line that broke its sentence off (`3. B-Kt5 (a note the line break cut` /
        `       late), P-QR3;`): the rest of that sentence, not a variation set in."""
        game = self.open_games[-1] if self.open_games else None
        if game is None or game.style != ("row", False) or game.end_line != lineno - 1 \
                or not broken_off(self.lines[lineno - 2]):
            return False
        first, (number, black) = items[0], game.expected()
        if isinstance(first, dn.MoveNumber):
            return (first.number, first.continuation) == (number, black)
        return isinstance(first, (dn.Move, dn.Blot)) and black

    def _carries_solution(self, lineno: int, items: list) -> bool:
        """A line of moves right under a solution told in prose whose sentence the line
        break cut (`...1. Q-K6 ch, K-R sq;` / `2. Kt-B7 ch, ...`) carries that solution on."""
        game = self.open_games[-1] if self.open_games else None
        first = items[0]
        if game is None or game.style != ("prose",) or not self._sentence_goes_on(game, lineno):
            return False
        if isinstance(first, dn.MoveNumber):
            return game.expected() == (first.number, first.continuation)
        return isinstance(first, (dn.Move, dn.Blot)) and (   # `... 4.` / `P-B3, Kt-B3; 5. ...`
            isinstance(game.items[-1], dn.MoveNumber) or bool(game.expected()[1]))

    def _sentence_goes_on(self, game: RawGame, lineno: int) -> bool:
        """Does the sentence telling the game go on at lineno: the line above read to its end,
        and broken off there (after a comma, a number, inside a move) or at least not
        stopped (`6.Qd2` / `Bxg4 7.Ra3 ...`)?"""
        above, line = self.lines[lineno - 2] if lineno > 1 else "", self.lines[lineno - 1]
        return game.end_line == lineno - 1 and read_to_its_end(game, above, lineno - 1) and (
            broken_off(above, line) or not above.rstrip().endswith("."))

    def _in_prose(self, lineno: int, line: str) -> list | None:
        """A game told in a sentence: numbered moves in the prose under a board drawn (its
        solution), or a sentence that tells a game from move 1 (told_from_the_start); and the
        rest of them in that paragraph, as long as the numbers carry on."""
        game = self.open_games[-1] if self.open_games else None
        solving = game is not None and game.tags.get("_solution", -1) >= self.previous
        under_board = self.tags.get("_boards") and lineno - self.board_end <= SOLUTION_NEAR
        if not solving and (not any(ch.isdigit() for ch in line) or not (
                under_board or told_from_the_start(line, lineno, self._below(lineno)))):
            return None   # (a sentence's last line may print a move and no number: `BxQP.`)
        items: list = []
        expected = game.expected() if solving else (1, None)
        tail = solving and self._sentence_goes_on(game, lineno)
        below = self._below(lineno)   # `5. K-` / `Q5, K-Kt3`: a move the line break cut
        after = rest_of_cut_move(line, below).strip()
        after = (" " if after and not line.rstrip().endswith("-") else "") + after
        if tail:
            line = rest_blanked(line, rest_of_cut_move(self.lines[lineno - 2], line))
        text = line.rstrip() + after.rstrip(",;.")
        for run in moves_in_prose(text, lineno, tail=tail):
            kept, expected = in_turn(run, expected)
            items, rest = items + kept, run[len(kept):]
            if rest and (items or solving) and told_instead(rest[0], expected, text):
                kept, expected = in_turn(rest, (rest[0].number, None))
                items, rest = items + kept, rest[len(kept):]   # (`..., or 5. ... B-Kt3; 6.`)
            if rest:
                left = rest[0]   # the line goes on, Black's move left out: say so
                if expected[1] and (left.number, left.continuation) == (expected[0] + 1, False):
                    dropped = (left.line, left.column, left.number)
                    if solving:
                        game.tags.setdefault("_told_dropped", []).append(dropped)
                    elif items:
                        self.told_dropped = dropped
                break
        last = number_at_the_end(line, lineno, below)   # `... the moves ran: 1.` / `P-K4, ...`
        if last is not None and (last.number == 1 and not items and not (solving or under_board)
                                 or (items or solving) and told_instead(last, expected, line)):
            items.append(last)                     # (`...; or 5.` / `B-B4, ...`: a variation)
        self.solving = solving
        return items or None

    def _below(self, lineno: int) -> str:
        return self.lines[lineno] if lineno < len(self.lines) else ""

    def _tail(self, lineno: int, line: str) -> list | None:
        """The end of a sentence of moves the line above broke off (`... 7. Q-B1,` / `P-K3.`):
        a line of moves alone, carrying on the open game's last line."""
        game = self.open_games[-1] if self.open_games else None
        above = self.lines[lineno - 2].rstrip() if lineno > 1 else ""
        cut = broken_off(above, line)
        line = rest_blanked(line, rest_of_cut_move(above, line))   # (the line above read it)
        if game is None or game.end_line != lineno - 1 or not cut \
                or len(line) > 160 or not read_to_its_end(game, above, lineno - 1) \
                or game.style == ("prose",):   # (a sentence's rest: _in_prose reads it)
            return None
        if prose(line.strip()):   # `R-Kt5, with interesting possibilities.`
            return moves_before_prose(line, lineno)
        items = dn.parse(_last_move_ended(line, self._below(lineno)), lineno)
        return items if all_moves(items) else None

    def _text(self, lineno: int, line: str) -> None:
        """A line of prose: a heading, an opening's name, players, a position in words."""
        found = heading_of(line) if line.strip() else None
        if found and SOLUTION_HEADING.match(found[0]):
            return    # `SOLUTION.` under a problem: its position stays the one above
        if found and _names_opening(found[0], self.heading, self.open_games, line):
            self.tags["BookOpening"] = found[0].rstrip(".")
        elif found and found[0] != self.heading:
            self.heading, self.continued = found
            self.heading_line = lineno
            if not self.continued:
                self.open_games = []
                self.tags = _game_tags(self.heading, self.contents)
                if self.diagram_at > self.play_at:   # a figure since the last line of play:
                    self.tags["_diagram"] = True     # the start of the line under this heading
                self.tags.update(_between(line))
                for name, value in heading_lines_facts(self.lines, lineno).items():
                    self.tags.setdefault(name, value)
        elif line.strip():
            players = PLAYERS.search(line)
            if players and self.open_games:
                # a second game under one heading (the book dropped its heading)
                self.heading = _heading_by_players(players, self.contents) or self.heading
                self.heading_line, self.open_games = lineno, []
                self.tags = _game_tags(self.heading, self.contents)
            facts, told = line_facts(self.lines, lineno, self.heading_line, _prose_tags(line))
            self.diagram_at = lineno if "_diagram" in facts or "_diagram" in told else \
                self.diagram_at
            for name, value in facts.items():
                self.tags.setdefault(name, value)
            self.tags.update(told)
            self.tags.update(column_players(self.lines[lineno - 2] if lineno > 1 else "", line))
            _names_in_full(self.tags)
            if "_men_white" in self.tags and "_men_black" in self.tags:
                placements = placements_of_men(self.tags.pop("_men_white"),
                                               self.tags.pop("_men_black"))
                if placements:
                    self.tags["_board_words"] = placements

    def _add(self, items: list, style: tuple, lineno: int, last: int, table=None,
             kind: str = "") -> None:
        """A line's items, segment by segment (a table's, line of play by line of play), to
        the games they carry on or begin."""
        if table is None and self.open_games and surplus_mark(items, self.open_games[-1]):
            items = items[1:]      # `6. PxP` / `#*@, P-Q4; 7. ...`: marks, not Black's move
        segments = [items] if table is not None else _segments(items)
        for k, segment in enumerate(segments):
            if table is not None:
                game = route_table(segment, self.open_games, kind)
            elif style == ("prose",) and not self.solving:
                game = None   # a solution under a board drawn above begins a game of its own
            elif style == ("prose",):   # the game told, or (a move gone back to) a variation
                game = route(segment, self.open_games[-1:], style, lineno)
            else:
                game = route(segment, self.open_games, style, lineno,
                             whole_line=len(segment) == len(items)) or misnumbered(
                    segments, k, self.open_games, style, lineno, self._below(last))
            if game is None and not isinstance(segment[0], dn.MoveNumber) \
                    and style not in (("bare",), ("table",)):
                continue  # the tail of a move whose number is in the prose before it
            if game is None:
                game = self._begin(segment, style, lineno, table)
            game.add(segment)
            misread = self.misread_numbers.get(segment[0].line, (0,))
            if isinstance(segment[0], dn.MoveNumber) and segment[0].column == misread[0]:
                game.tags.setdefault("_misnumbered", []).append(
                    (segment[0].line, *misread, "letters printed for its digits"))
            if style == ("prose",) and self.told_dropped:
                game.tags.setdefault("_told_dropped", []).append(self.told_dropped)
                self.told_dropped = None
            game.end_line = max(game.end_line, max(i.line for i in segment)) \
                if table is not None else last
            self.play_at = max(self.play_at, game.end_line)
            if table is not None and table not in game.tags.setdefault("_layouts", []):
                game.tags["_layouts"].append(table)

    def _begin(self, segment: list, style: tuple, lineno: int, table) -> RawGame:
        first = segment[0]
        tags = self.tags
        numbered = isinstance(first, dn.MoveNumber)
        side = tags.pop("_variation_side", None)
        game = RawGame(heading=self.heading, tags=dict(tags), style=style,
                       line=min(i.line for i in segment) if table is not None else lineno,
                       first_number=first.number if numbered else 1,
                       black_first=numbered and first.continuation
                       if table is not None or style == ("prose",) else _black_first(segment, side))
        game.tags["_heading_line"] = self.heading_line
        game.tags["_continued"] = self.continued
        if table is not None and table.start is not None:
            game.tags["_start"] = table.start
        if style == ("prose",):
            game.tags["_solution"] = self.paragraph
            self.solving = True   # its other runs on this line carry it on
        for used in ("_boards", "_board_words", "_as_in", "_fen"):
            tags.pop(used, None)
        self.found.append(game)
        self.open_games.append(game)
        return game


def _fen_ok(fen: str) -> bool:
    import chess
    try:
        chess.Board(fen)
    except ValueError:
        return False
    return True


def _end_of(game: RawGame):
    """Where an open game's moves lead, from its own setup (a diagram, the standard start), or
    None when they do not replay: the start a table that carries it on is read from."""
    from records.chess.resolver import resolve
    cached = game.tags.get("_end")
    if cached is not None and cached[0] == game.count:
        return cached[1]
    setup = game.tags.get("_start") or Setup()
    end = None
    if not game.black_first and game.first_number == 1:
        board = setup.board()
        res = resolve(board, game.moves())
        if res.readings:
            for move in res.readings[0]:
                board.push(move)
            end = Setup(fen=board.fen(), note=setup.note)
    game.tags["_end"] = (game.count, end)
    return end


SOLUTION_HEADING = re.compile(r"^\s*(?:the\s+)?solutions?\b\.?\s*$", re.I)
SOLUTION_NEAR = 12    # a solution told in prose begins this near the board drawn above it
def split_point(text: str, lines: list[str], share: float = 0.5) -> int | None:
    """A line after share of the book where reading may start afresh: a game's numbered
    heading (`GAME No. 51`), found nowhere else, after a blank line. Everything about the
    games before it (heading, players, open games, diagrams) is reset there."""
    middle, seen = int(len(text) * share), 0
    names = [m.group("name") for line in lines if (m := HEADING_WORD.match(line))]
    for lineno, line in enumerate(lines, start=1):
        seen += len(line) + 1
        if seen < middle or lineno < 3:
            continue
        if seen > len(text) * (share + 0.25):
            return None
        m = HEADING_WORD.match(line)
        if m and not lines[lineno - 2].strip() and names.count(m.group("name")) == 1:
            return lineno
    return None


MARK_ALONE = re.compile(r"\s*;\s*$")   # what text.notes_blanked leaves of a line a note filled


def _indented(line: str) -> bool:
    """Is a row set in from the margin (as books set variations)? A right-aligned move
    number (` 9.` over `10.`) is no indent: it is measured to its last digit."""
    number = LEADING_NUMBER.match(line)
    return (number.end() - 1 if number else len(line) - len(line.lstrip())) > 1


LEADING_NUMBER = re.compile(r"\s*\d+")


def _names_opening(name: str, heading: str, open_games: list, line: str) -> bool:
    """A short title between a game's heading and its first move names its opening."""
    return (bool(GAME_NUMBER.match(heading) or heading.upper().startswith("EXAMPLE"))
            and not open_games and not HEADING_WORD.match(line) and not HEADING_COLON.match(line))


def _segments(items: list) -> list[list]:
    """Split a line's items at each move number that starts White's move. A book that numbers
    both columns (`1. P-K4  1. P-K4`) repeats the number before Black's move: that is no split,
    unless two moves follow it (`25. QxP   25. KtxP  R-K5`: a second game beside the first)."""
    out: list[list] = []
    for k, item in enumerate(items):
        if isinstance(item, dn.MoveNumber) and out and _repeats_number(out[-1], item) \
                and _moves_after(items, k) == 1:
            continue
        if isinstance(item, dn.MoveNumber) or not out:
            out.append([item])
        else:
            out[-1].append(item)
    return out


def _moves_after(items: list, k: int) -> int:
    """The moves between item k (a move number) and the next move number."""
    count = 0
    for item in items[k + 1:]:
        if isinstance(item, dn.MoveNumber):
            break
        count += isinstance(item, (dn.Move, dn.Unreadable))
    return count


def _repeats_number(segment: list, number: dn.MoveNumber) -> bool:
    first = segment[0]
    moves = sum(isinstance(i, (dn.Move, dn.Unreadable)) for i in segment)
    return (isinstance(first, dn.MoveNumber) and first.number == number.number
            and not first.continuation and moves == 1)
