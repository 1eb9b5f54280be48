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
import string
from dataclasses import dataclass, field

from records.chess import descriptive as dn
from records.chess.diagrams import MAN_AT, MEN_OF_A_SIDE, diagram_placement, placements_of_men
from records.chess.layouts import (
    bare_moves,
    black_alone,
    carried_row,
    dashed_items,
    is_dash_row,
    renumbered,
)

FRACTION = re.compile(r"(?:(\d+)\s*)?\$\s*(?:(\d+)\s*)?\\frac\s*"
                      r"\{((?:[^{}]|\{[^{}]*\})*)\}\s*\{((?:[^{}]|\{[^{}]*\})*)\}\s*\$")
HEADING_COLON = re.compile(r"^\s*(?P<name>[A-Z][^:]{2,100}?)\s*:\s*[—–-]+\s*(?P<cont>\*?Continued\*?)?\s*$")
HEADING_WORD = re.compile(r"^\s*(?P<name>(?:GAME|Game|EXAMPLE|Example|PARTIE|Partie)\s+(?:N[Oo]\.\s*)?"
                          r"(?:\d+|[IVXLC]+\b)"
                          r"(?:\s*(?:\.|--|:|—).{0,80})?)\s*$")
PLAYERS = re.compile(r"White:\s*(?P<white>.+?)\.?\s+Black:\s*(?P<black>.+?)\.?\s*$|"
                     r"WHITE\.?\s*\((?P<white2>[^)]+?)\.?\)\s+BLACK\.?\s*\((?P<black2>[^)]+?)\.?\)")
EVENT_LINE = re.compile(r"^\s*\((?P<event>[^()]+?),\s*(?P<year>1[5-9]\d\d)\)\s*$")
PLAYED_AT = re.compile(r"[Pp]layed (?:at|in) (?:the )?(?P<event>[^.]+?),?\s+(?P<year>1[5-9]\d\d)")
CONTENTS_GAME = re.compile(r"^\s*(?P<n>\d+)\.\s+(?P<white>[A-Z][\w'. ]+?)\s*-\s*(?P<black>[A-Z][\w'. ]+?)\s+\((?P<event>[^()]+?),\s*(?P<year>1[5-9]\d\d)\)")
GAME_NUMBER = re.compile(r"(?:GAME|Game)\s+(?:N[Oo]\.\s*)?(?P<n>\d+|[IVXLC]+\b)")
ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}
COMPARE = re.compile(r"^\s*(?P<name>[A-Z][A-Za-z' -]+?)\s*\((?:compare|see) p\.\s*\d+\)\.?\s*$")
DIAGRAM_ROW = re.compile(r"^\s*(?P<rank>[1-8])\s*\|(?P<cells>(?:[^|]{3,5}\|){8})\s*$")
AS_IN_GAME = re.compile(r"[Mm]oves?\s+1\s*(?:-|to)\s*(?P<last>\d+)\s+(?:are\s+)?as in\s+(?:GAME|Game)\s+"
                        r"(?:N[Oo]\.\s*)?(?P<game>\d+)")
FEN_LINE = re.compile(r'\[FEN\s+"([^"]+)"\]')
DIAGRAM = re.compile(r"\[Illustration|\b[Dd]iagram\b|\bDiag\. \d")


QUOTES = str.maketrans("\u2019\u2018\u02bc`", "''''")  # one for one: columns hold
ITALICS = str.maketrans("_", " ")  # _en passant_: a plain-text book's italics (not LaTeX's x_4)
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


def _plain(line: str) -> str:
    line = line.translate(QUOTES)
    return line if "$" in line or "\\" in line else line.translate(ITALICS)


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


def fraction_items(line: str, lineno: int) -> list:
    """Items of a line of LaTeX fractions: number, White's move over Black's."""
    items: list = []
    for m in FRACTION.finditer(line):
        number = m.group(1) or m.group(2)
        if number is None or not re.search(r"[A-Za-z]", m.group(3)):
            continue
        col = (m.start(1) if m.group(1) else m.start(2)) + 1
        items.append(dn.MoveNumber(int(number), lineno, col))
        for group in (3, 4):
            text, cols = dn.untypeset(m.group(group), m.start(group) + 1)
            parsed = [i for i in dn.parse(text, lineno, cols) if not isinstance(i, dn.MoveNumber)]
            moves = [i for i in parsed if isinstance(i, (dn.Move, dn.Unreadable))]
            if len(moves) != 1:
                items.append(dn.Unreadable(text.strip(), lineno, cols[0] if cols else col,
                                           f"cannot read {text.strip()!r} as one move"))
            else:
                items.extend(parsed)
    return items


RANK_WORD = "|".join(dn.RANK_NUMBERS)  # first ... eighth
NOT_PROSE = re.compile(rf"Kt|[Cc]heck|ch|square|sq|mate|takes|{RANK_WORD}|"
                       r"\bto\b|e\.\s?p\.|(?<=\d)(?:st|nd|rd|th|d)|'s|x|[Cc]astles|"
                       r"\b(?:on|side|his|her|one|two|en passant)\b|\((?:best|good|bad|weak|strong|better|forced)\.?\)|"
                       r"[Rr]esign(?:s|ed)|[Dd]rawn?|dis|dbl|(?<![A-Za-z])[KQRBNDTLSFCAP\u2654-\u265f]?[a-h]?[1-8]?[x:\u00d7-]?[a-h][1-8]\b")
WORDED_MOVE = re.compile(rf"^(?:[Cc]astles|O\s?-\s?O)|\b(?:sq|square|{RANK_WORD}|one|two)\b|"
                         r"\bx\b|x[KQRBP]|takes|×")  # a move with no digit in it


def _prose(text: str) -> bool:
    """Words in small letters, beyond the few that moves use, mark a line as prose."""
    return len(re.findall(r"[a-z]", NOT_PROSE.sub("", text))) > 3


def row_items(line: str, lineno: int) -> list | None:
    """Items of a line that is all movetext, or None for prose."""
    fast = _numbered_row(line, lineno)  # every cell a move: movetext, no prose test needed
    if fast is not None:
        return fast
    stripped = line.strip()
    if not stripped or len(stripped) > 160 or not (
            re.search(r"\d", stripped) or WORDED_MOVE.search(stripped)) or _prose(stripped):
        return None
    items = dn.parse(line, lineno)
    if any(isinstance(i, dn.Unreadable) for i in items):
        return _row_cells(line, lineno)
    if not any(isinstance(i, dn.Move) for i in items):
        return items if any(isinstance(i, dn.Result) for i in items) else None
    if not any(isinstance(i, dn.MoveNumber) for i in items) and (
            len(items) > 2 or not line[:1].isspace()):
        return None  # a lone indented move (Black's reply below a note) is movetext
    if _ends_without_rank(items):
        return None  # "P. to Q. B." at a line's end: its rank may be on the next line
    descriptive = [i for i in items if isinstance(i, dn.Move) and not i.san and i.castles is None]
    if descriptive and any(isinstance(i, dn.Move) and i.san for i in items):
        # a book printing both notations side by side: read the descriptive columns only
        cut = next(k for k, i in enumerate(items) if isinstance(i, dn.Move) and i.san)
        while cut and isinstance(items[cut - 1], dn.MoveNumber):
            cut -= 1
        items = items[:cut]
    return items


def _ends_without_rank(items: list) -> bool:
    last = items[-1]
    return isinstance(last, dn.Move) and bool(last.target) and not last.target[-1].isdigit()


ROW_SHAPE = re.compile(r"^\s+\d+\s?\.\s+\S")
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
CELL = re.compile(r"\S+(?: \S+)*")  # columns are two or more spaces apart
RESULT_WORD = re.compile(r"[Rr]esign|[Dd]rawn?\b|wins|\d\s?[-\u2013\u2014]\s?\d|\u00bd")
MOVE_LIKE = re.compile(r"^[KQRBPNOo0][A-Za-z. '()=x×-]{0,12}[1-8]?(?:\s?(?:ch|mate))?\s?[!?]{0,2}$")
MOVE_WORDS = {"ch", "x", "to", "takes", "sq", "mate", "e.p.", "dis", "dbl"}


def _row_cells(line: str, lineno: int) -> list | None:
    """A numbered row with a misprinted move (`30. P K 4 !   Q - Q 8 ch`): read it cell by
    cell, columns being separated by two or more spaces, and keep what will not read."""
    if not ROW_SHAPE.match(line) or len(line.strip()) > 70:
        return None
    words = re.findall(r"[A-Za-z.]+", line)
    if any(w.islower() and w not in MOVE_WORDS for w in words):
        return None
    number = re.match(r"^\s+\d+\s?\.", line)
    items: list = dn.parse(number.group(), lineno)
    for m in CELL.finditer(line, number.end()):
        cell = m.group()
        cols = list(range(m.start() + 1, m.end() + 2))
        parsed = dn.parse(cell, lineno, cols)
        if any(isinstance(i, dn.Unreadable) for i in parsed):
            if not MOVE_LIKE.match(cell):
                return None
            parsed = [dn.Unreadable(cell, lineno, m.start() + 1, f"cannot read {cell!r} as a move")]
        items.extend(parsed)
    unreadable = sum(isinstance(i, dn.Unreadable) for i in items)
    if not isinstance(items[0], dn.MoveNumber) or unreadable != 1 or len(items) > 4:
        return None
    return items


def heading_of(line: str) -> tuple[str, bool] | None:
    m = HEADING_COLON.match(line)
    if m and not re.search(r"\d", m.group("name")) and len(m.group("name").split()) <= 8:
        return m.group("name").strip(), bool(m.group("cont"))
    m = HEADING_WORD.match(line)
    if m:
        return re.split(r"--|—|–", m.group("name"))[0].strip().rstrip(".:").strip(), False
    stripped = line.strip()
    bare = stripped.rstrip(".")
    if 3 <= len(bare) <= 50 and bare.isupper() and re.fullmatch(r"[A-Z' .,-]+", bare) \
            and not set(re.findall(r"[A-Z]+", bare)) <= {"WHITE", "BLACK"} \
            and len(bare.split()) <= 6:
        return bare, False
    if (3 <= len(stripped) <= 40 and stripped[-1].isalpha() and _title_case(stripped)
            and not re.search(r"\d|\$|\||[<>{}():,]", stripped)):
        return stripped, False
    return None


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
    lines = [_plain(line) for line in text.splitlines()]
    contents = _contents_games(lines)
    games: list[RawGame] = []
    open_games: list[RawGame] = []
    heading, heading_line, continued = "", 0, False
    tags: dict = {}
    diagram: dict[int, str] = {}
    read_to = tried_to = 0  # lines read already as wrapped moves; paragraphs tried for them
    bare: dict[int, bool] = {}  # paragraphs of moves printed without numbers, by first line
    stop = len(lines) + 1 if stop is None else stop
    for lineno, line in enumerate(lines[start - 1:stop - 1], start=start):
        if lineno <= read_to:
            continue
        last = lineno
        row = DIAGRAM_ROW.match(line)
        if row:
            diagram[int(row.group("rank"))] = row.group("cells")
            if len(diagram) == 8:
                tags["_board"] = diagram_placement(diagram)
                diagram = {}
            continue
        if lineno < len(lines) and is_dash_row(lines[lineno]) and not is_dash_row(line):
            continue  # White's moves over a row of dashes: read with that row
        dashed = dashed_items(lines, lineno)
        if dashed:
            items, style = dashed, ("dashed",)
            if lineno < len(lines) and lines[lineno].strip() and not is_dash_row(lines[lineno]):
                last = read_to = lineno + 1  # Black's moves under the dashes
        elif "\\frac" in line:
            items, style = fraction_items(line, lineno), ("fraction",)
        else:
            items = row_items(line, lineno)
            style = ("row", _indented(line))
            if items is None and lineno > tried_to and _may_wrap(line):
                wrapped = wrapped_moves(lines, lineno)
                if wrapped:
                    items, last = wrapped
                    read_to = last
                tried_to = _paragraph_end(lines, lineno)
        if not items and open_games and open_games[-1].style[0] == "row":
            items = carried_row(line, lineno, open_games[-1])
            style = open_games[-1].style if items else style
        if items is None and line.strip():
            items = bare_moves(lines, lineno, bare)
            style = ("bare",) if items else style
        variation = VARIATION_HEADING.match(line) if not items else None
        if variation and not lines[lineno - 2].strip():
            open_games = []  # the rows below branch from the game above: a fragment of it
            tags["_variation_side"] = variation.group("side")
            continue
        if not items:
            found = heading_of(line) if line.strip() else None
            if found and _names_opening(found[0], heading, open_games, line):
                tags["BookOpening"] = found[0].rstrip(".")
            elif found and found[0] != heading:
                heading, continued = found
                heading_line = lineno
                if not continued:
                    open_games = []
                    tags = _game_tags(heading, contents)
                    tags.update(_between(line))
            elif line.strip():
                players = PLAYERS.search(line)
                if players and open_games:
                    # a second game under one heading (the book dropped its heading)
                    heading = _heading_by_players(players, contents) or heading
                    heading_line, open_games = lineno, []
                    tags = _game_tags(heading, contents)
                tags.update(_prose_tags(line))
                _names_in_full(tags)
                if "_men_white" in tags and "_men_black" in tags:
                    placements = placements_of_men(tags.pop("_men_white"), tags.pop("_men_black"))
                    if placements:
                        tags["_board_words"] = placements
            continue
        if style[0] == "row" and open_games:
            items = renumbered(items, open_games[-1], line)
        for segment in ([items] if style == ("dashed",) else _segments(items)):
            game = _route(segment, open_games, style, lineno)
            if game is None and not isinstance(segment[0], dn.MoveNumber) and style != ("bare",):
                continue  # the tail of a move whose number is in the prose before it
            if game is None:
                first = segment[0]
                game = RawGame(heading=heading, line=lineno - (style == ("dashed",)), tags=dict(tags),
                               first_number=first.number if isinstance(first, dn.MoveNumber) else 1,
                               black_first=_black_first(segment, tags.pop("_variation_side", None)),
                               style=style)
                game.tags["_heading_line"] = heading_line
                game.tags["_continued"] = continued
                tags.pop("_board", None)
                tags.pop("_board_words", None)
                tags.pop("_as_in", None)
                tags.pop("_fen", None)
                games.append(game)
                open_games.append(game)
            game.add(segment)
            game.end_line = last
    return [g for g in games if g.moves()]


MAX_WRAPPED_LINES = 40
NUMBERED_MOVE = re.compile(r"(?:^|\s)\d+\s?\.\s")


def _may_wrap(line: str) -> bool:
    """A numbered line of moves that the grammar could not finish may run on to the next."""
    return bool(NUMBERED_MOVE.search(line)) and len(line) <= 160 and not _prose(line.strip())


def _paragraph_end(lines: list[str], lineno: int) -> int:
    end = lineno
    while end < len(lines) and lines[end].strip():
        end += 1
    return end


def wrapped_moves(lines: list[str], lineno: int) -> tuple[list, int] | None:
    """Moves in a paragraph whose lines break inside a move ("2. P. to Q's" / "3d. 3. ..."):
    the items of the most lines from lineno on that read together as moves, each placed on
    its own line and column, and the last line used; None when no such lines follow."""
    text, places, ends = "", [], []  # ends: (line, length of text up to its end)
    for n in range(lineno, min(lineno + MAX_WRAPPED_LINES, len(lines)) + 1):
        line = lines[n - 1]
        if not line.strip() or (n > lineno and _prose(line.strip())):
            break
        if text:
            text += " "
            places.append((n, 1))
        text += line
        places += [(n, col) for col in range(1, len(line) + 1)]
        ends.append((n, len(text)))
    # the whole paragraph first (one parse, the usual case), then ever fewer of its lines
    for last, length in reversed(ends):
        items = dn.parse(text[:length], lineno, list(range(length + 1)))
        if not any(isinstance(i, dn.Unreadable) for i in items) and \
                any(isinstance(i, dn.Move) for i in items):
            places[length:] = [(last, len(lines[last - 1]) + 1)]
            return [_placed_at(item, places[item.column]) for item in items], last
    return None


def _placed_at(item, place: tuple[int, int]):
    line, column = place
    if isinstance(item, dn.Move):
        return dn.placed(item, line, column)
    if isinstance(item, dn.MoveNumber):
        return dn.move_number(item.number, line, column, item.continuation)
    return dn.Result(item.text, line, column)


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


def _route(segment: list, open_games: list[RawGame], style: tuple,
           lineno: int) -> RawGame | None:
    """The open game this segment continues, or None when it starts a new one. Where two
    games are printed side by side, both expect the same number: the one whose numbers stand
    in the segment's column gets it."""
    first = segment[0]
    fitting = []
    for game in reversed(open_games):
        if game.style != style:
            continue
        if not isinstance(first, dn.MoveNumber):
            return game
        if first.number == 1 and not first.continuation:
            return None
        number, black = game.expected()
        if first.number == number and first.continuation == black \
                or black_alone(segment, (number, black), game):
            fitting.append(game)
    if fitting:
        # the game read last; of two read on the same rows (side by side), the one in this column
        return min(fitting, key=lambda game: (-game.end_line, _column_distance(game, first.column)))
    if style == ("row", True) and len(segment) == 1 and open_games:
        # Black's reply on a line of its own, set in right under White's move
        game = open_games[-1]
        if game.style[0] == "row" and game.end_line == lineno - 1 and game.expected()[1]:
            return game
    return None


def _column_distance(game: RawGame, column: int) -> int:
    """How far column is from where the game prints its move numbers (0 for the latest game
    when it prints none)."""
    columns = [i.column for i in game.items[-12:] if isinstance(i, dn.MoveNumber)]
    return min((abs(c - column) for c in columns), default=0)


def _contents_games(lines: list[str]) -> dict[int, dict]:
    found = {}
    for line in lines[:400]:
        m = CONTENTS_GAME.match(line)
        if m:
            found[int(m.group("n"))] = {"White": m.group("white").strip(),
                                        "Black": m.group("black").strip(),
                                        "Event": m.group("event").strip(),
                                        "Date": f"{m.group('year')}.??.??"}
    return found


def _heading_by_players(players, contents: dict) -> str | None:
    def last(name):
        return name.strip(" .").split()[-1].lower() if name.strip(" .") else ""
    white = last(players.group("white") or players.group("white2"))
    black = last(players.group("black") or players.group("black2"))
    for number, game in contents.items():
        if last(game["White"]) == white and last(game["Black"]) == black:
            return f"GAME No. {number}"
    return None


def game_number(text: str) -> int:
    """'12' -> 12, 'XIV' -> 14 (older books number their games in Roman numerals)."""
    if text.isdigit():
        return int(text)
    values = [ROMAN[c] for c in text]
    return sum(-v if v < after else v for v, after in zip(values, values[1:] + [0]))


def _game_tags(heading: str, contents: dict) -> dict:
    tags = {}
    m = GAME_NUMBER.match(heading)
    if m:
        number = game_number(m.group("n"))
        tags["BookGame"] = str(number)
        tags.update(contents.get(number, {}))
        rest = heading[m.end():].strip(" .")
        if rest and not rest.lower().startswith("no"):
            tags["BookOpening"] = string.capwords(rest.lower())
    return tags


BETWEEN = re.compile(r"\bBetween\s+(?P<one>[A-Z][^,;]+?)\s+and\s+(?P<other>[A-Z][^,;]+?)\.?\s*$")


def _between(line: str) -> dict:
    """'GAME II.--Between Mr. Morphy and Mr. Harrwitz.': the two players, colours not said."""
    m = BETWEEN.search(line)
    return {"_between": (m.group("one").strip(), m.group("other").strip())} if m else {}


def _names_in_full(tags: dict) -> None:
    """Players printed by their initials over the columns (WHITE. (Mr. M.)) are named in full
    from the heading's "Between Mr. Morphy and Mr. Harrwitz" when the initials fit one name."""
    for side in ("White", "Black"):
        if side in tags and "_between" in tags:
            fits = [name for name in tags["_between"] if _abbreviates(tags[side], name)]
            if len(fits) == 1:
                tags[side] = fits[0]


def _abbreviates(short: str, name: str) -> bool:
    shorts, names = short.replace(".", " ").split(), name.replace(".", " ").split()
    return len(shorts) == len(names) and short != name and all(
        full.startswith(part) for part, full in zip(shorts, names))


def _prose_tags(line: str) -> dict:
    tags = {}
    m = PLAYERS.search(line)
    if m:
        tags["White"] = (m.group("white") or m.group("white2")).strip()
        tags["Black"] = (m.group("black") or m.group("black2")).strip()
    m = EVENT_LINE.match(line) or PLAYED_AT.search(line)
    if m:
        tags["Event"], tags["Date"] = m.group("event").strip(), f"{m.group('year')}.??.??"
    m = FEN_LINE.search(line)
    if m:
        tags["_fen"] = m.group(1)
    m = AS_IN_GAME.search(line)
    if m:
        tags["_as_in"] = (int(m.group("game")), int(m.group("last")))
    m = MEN_OF_A_SIDE.search(line)
    if m:
        tags[f"_men_{m.group('side').lower()}"] = MAN_AT.findall(m.group("men"))
    m = COMPARE.match(line)
    if m:
        tags["BookOpening"] = m.group("name").strip()
    if DIAGRAM.search(line):
        tags["_diagram"] = True
    return tags
