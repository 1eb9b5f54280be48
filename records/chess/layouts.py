"""Rows of a game that the plain movetext reading leaves out, kept inside their game.

A numbered row that carries on a game but will not read whole (a note after the move,
`7. Q's Kt. to B's 3d, with the better position.`, or a move no grammar reads,
`3. Q. checks.`) must not end the game: it would leave a valid-looking stub and a headless
"variation". Such a row is read cell by cell (columns two or more spaces apart); a cell that
reads once its note is cut off is a move, one that does not is kept as dn.Unreadable, and
the resolver tries every legal move consistent with what can be read of it.
"""
from __future__ import annotations

import re

from records.chess import descriptive as dn
from records.chess.text import prose

CARRIED_ROW = re.compile(r"^\s*(?P<n>\d{1,3})\s?[.:]\s+(?=[A-Z0-9(])")
CELL = re.compile(r"\S+(?: \S+)*")
NOTE_START = re.compile(r",\s+(?=[a-z(&])|\s+\((?![a-z]\)|ch|dis|check|mate|best)[^)]*\b[a-z]{2,}")
MOVE_START = re.compile(r"^(?:[KQ](?:'s|\.)?\s?)?(?:Kt|[KQRBPN]|Castles)\b")
BLACK_COLUMN = 25     # a move this far in, alone on its row, is in Black's column
NEAR_LINES = 12       # a carried row is at most this far below the game's last row
MAX_CELL = 70


def carried_row(line: str, lineno: int, game) -> list | None:
    """Items of a numbered row that carries on the open game (it bears the number that game
    expects next, set where the game sets its numbers), read cell by cell; None when the line
    is not such a row."""
    m = CARRIED_ROW.match(line)
    if not m or lineno - game.end_line > NEAR_LINES:
        return None
    number, black = game.expected()
    if int(m.group("n")) != number or black and m.start("n") < BLACK_COLUMN:
        return None
    if not black and m.end("n") not in _number_ends(game):
        return None  # a note that quotes moves, not a row of the game
    items: list = [dn.move_number(number, lineno, m.start("n") + 1, black)]
    cells = [_without_number(c) for c in CELL.finditer(line, m.end())]
    if not 1 <= len(cells) <= 2 or any(len(text) > MAX_CELL for text, _ in cells):
        return None
    for text, column in cells:
        move = cell_move(text, lineno, column)
        if isinstance(move, dn.Unreadable) and not MOVE_START.match(move.text):
            break  # "Even Game.": words where the next move would be, not a move
        items.append(move)
    if len(items) == 1 or all(isinstance(i, dn.Unreadable) for i in items[1:]) \
            and _prose_like([text for text, _ in cells]):
        return None
    return items


def _number_ends(game) -> set[int]:
    """Columns where the game's move numbers end (books right-align them), give or take one."""
    ends = {i.column - 1 + len(str(i.number)) for i in game.items if isinstance(i, dn.MoveNumber)}
    return {e + d for e in ends for d in (-1, 0, 1)}


def cell_move(cell: str, lineno: int, column: int):
    """One column's move: as printed, or with a trailing note cut off, or kept unreadable."""
    for text in _readings(cell):
        move = dn.parse_move(text)
        if move is not None:
            return dn.placed(move, lineno, column)
    return dn.Unreadable(cell.strip(), lineno, column, f"cannot read {cell.strip()!r} as a move")


def _readings(cell: str) -> list[str]:
    out = [cell]
    note = NOTE_START.search(cell)
    if note:
        out.append(cell[:note.start()])
    return out


def _without_number(cell) -> tuple[str, int]:
    """A column's text and 1-based column, past the move number a book repeats in it."""
    number = re.match(r"\d{1,3}\s?\.\s+", cell.group())
    skip = number.end() if number else 0
    return cell.group()[skip:], cell.start() + skip + 1


def _prose_like(cells: list[str]) -> bool:
    words = re.findall(r"\b[a-z]{3,}\b", " ".join(cells))
    return len([w for w in words if w not in ("takes", "checks", "mates", "queens", "square",
                                              "castles", "check", "mate")]) > 3


def black_alone(segment: list, expected: tuple[int, bool], game=None) -> bool:
    """`3. P. takes P.` set in Black's column on a row of its own, under White's 3rd move; or,
    in a line whose first move (White's) the book set in Black's column, Black's reply set in
    White's: the columns of that line are swapped."""
    first = segment[0]
    moves = [i for i in segment if isinstance(i, (dn.Move, dn.Unreadable))]
    if not (isinstance(first, dn.MoveNumber) and expected == (first.number, True)
            and len(moves) == 1 and not first.continuation):
        return False
    return first.column > BLACK_COLUMN or game is not None and (
        _swapped(game) or _in_black_column(moves[0], first, game))


def _in_black_column(move, number, game) -> bool:
    """`2.         Kt-QB3`: a gap where White's move would stand, and the move set where the
    game's rows set Black's moves."""
    if move.line != number.line or move.column - number.column < 8:
        return False
    columns = {b.column for a, b in zip(game.items, game.items[1:])
               if isinstance(a, (dn.Move, dn.Unreadable)) and isinstance(b, (dn.Move, dn.Unreadable))
               and a.line == b.line}
    return any(abs(move.column - c) <= 2 for c in columns)


def _swapped(game) -> bool:
    numbers = [i for i in game.items if isinstance(i, dn.MoveNumber)]
    return (not game.black_first and game.count == 1 and len(numbers) == 1
            and numbers[0].column > BLACK_COLUMN)


def renumbered(items: list, game, line: str) -> list:
    """A row numbered in both columns whose numbers disagree (`6. Kt. to K's 5th.   5. P. to
    K. R's 4th.`) while one of them is the number the open game expects for White: the row
    is that move, the other number a misprint, noted in the game's tags for the record."""
    numbers = [(m.start(1) + 1, int(m.group(1))) for m in ROW_NUMBERS.finditer(line)]
    moves = [i for i in items if isinstance(i, (dn.Move, dn.Unreadable))]
    expected, black = game.expected()
    if len(numbers) != 2 or len(moves) != 2 or black or numbers[0][1] == numbers[1][1] \
            or expected not in (numbers[0][1], numbers[1][1]) \
            or not isinstance(items[0], dn.MoveNumber) or items[0].line != moves[1].line:
        return items
    column, printed = next(n for n in numbers if n[1] != expected)
    game.tags.setdefault("_misnumbered", []).append(
        (items[0].line, column, printed, expected, f"the other column of the row says {expected}"))
    return [dn.move_number(expected, items[0].line, items[0].column)] + moves


ROW_NUMBERS = re.compile(r"(?:^|\s{2,})\s*(\d{1,3})\s?\.\s")


# -- moves printed without numbers: a paragraph of nothing but moves ("P-K4", "e4 e6 / d4 d5") --
MAX_BARE_LINES = 40
NUMBER_IN_LINE = re.compile(r"(?:^|\s)\d{1,3}\s?\.(?:\s|$)")   # a move number: not bare


def bare_moves(lines: list[str], lineno: int, seen: dict[int, bool], first: int) -> list | None:
    """The moves of a line in a paragraph (from line first) that prints only moves and no move
    numbers (a single move, or rows of unnumbered pairs), or None. seen caches each paragraph's
    verdict."""
    if first not in seen:
        seen[first] = _all_bare(lines, first)
    if not seen[first]:
        return None
    return dn.parse(lines[lineno - 1], lineno)


def _all_bare(lines: list[str], first: int) -> bool:
    last = first
    while last < len(lines) and lines[last].strip():
        last += 1
    if last - first + 1 > MAX_BARE_LINES:
        return False
    for line in lines[first - 1:last]:
        if len(line) > 160 or NUMBER_IN_LINE.search(line) or _prose_like([line]):
            return False
    for line in lines[first - 1:last]:
        items = dn.parse(line)
        if not any(isinstance(i, dn.Move) for i in items) or any(
                isinstance(i, (dn.Unreadable, dn.MoveNumber)) for i in items):
            return False
    return True


# -- numbered moves inside sentences: a position's solution told in prose ---------------------------
RUN_START = re.compile(r"(?<![\w.])\d{1,3}\s?\.(?=\s|[a-hKQRBNO][a-h1-8x-])")   # (`1.e4`)
RUN_BREAK = re.compile(r"[,;.]")
ASIDE = re.compile(r"\((?:or|now|if|not|threatening|with)\b[^()]*\)")


def moves_in_prose(line: str, lineno: int, tail: bool = False) -> list[list]:
    """The runs of numbered moves a line of prose holds (`...the following manoeuvre:  1. R-B2,
    R-Q2;`), each as far as it reads, with its line and columns; with tail, also the moves the
    line begins with (a run the line above broke off)."""
    line = ASIDE.sub(lambda m: " " * len(m.group()), line)   # `B-B5 (or R2);`: an aside
    starts = ([len(line) - len(line.lstrip())] if tail else []) + \
        [m.start() for m in RUN_START.finditer(line)]
    runs, reached = [], 0
    for start in starts:
        if start < reached:
            continue
        items, reached = _longest_run(line, start, lineno)
        if items:
            runs.append(items)
        reached = max(reached, start + 1)
    return runs


# words the grammar reads in movetext (men, squares, checks, results, `etc`); any other word of
# three letters or more ends a run of moves
MOVE_TEXT_WORDS = ("ch|checks?|check(?:ing)?|mates?|sq|square|squares|takes|tks|castles?|double|dble|dbl|dis|"
                   "disc|discovered|en|passant|pass|pawn|knight|bishop|rook|queen|king|his|her|first|second|"
                   "third|fourth|fifth|sixth|seventh|eighth|one|two|three|four|five|six|steps?|and|so|on|etc|"
                   "wins?|white|black|resigns?|resigned|drawn|draw|game|few|after|at|soon|shortly|several|"
                   "some|the|next|in|moves?|best|good|bad|weak|strong|better|forced|only|with|long|short|side")
PROSE_WORD = re.compile(rf"(?<![\w'.-])(?!(?i:{MOVE_TEXT_WORDS})(?:'s)?\b)[A-Za-z][a-z]{{2,}}\b")


def _longest_run(line: str, start: int, lineno: int) -> tuple[list, int]:
    """The items of the longest stretch of line from start that reads as moves only, cut at a
    comma, semicolon or full stop, and where it ends."""
    prose_word = PROSE_WORD.search(line, start)   # no move reads past it: parse no further
    cut = prose_word.start() if prose_word else len(line)
    while cut > start:
        items = dn.parse(line[start:cut], lineno, list(range(start + 1, cut + 2)))
        bad = next((i for i in items if isinstance(i, dn.Unreadable)
                    and not isinstance(i, dn.Blot)), None)   # (a blot: an unreadable move)
        if bad is None:
            return (items, cut) if any(isinstance(i, dn.Move) for i in items) else ([], cut)
        breaks = [m.end() for m in RUN_BREAK.finditer(line, start, min(bad.column - 1, cut - 1))]
        word = bad.column - 1 if line[bad.column - 2:bad.column - 1].isspace() else start
        cut = max(breaks[-1] if breaks else start, word)   # `3. K-K3 if Black...`: at the word
    return [], start


TOLD_OPENING = re.compile(r"(?<![\w.])1\s?\.(?:\s+(?!\.)|\s*$|(?=[a-hKQRBNO][a-h1-8x-]))")
TOLD_MOVES = 3      # a game told in a sentence prints at least this many moves from move 1
TOLD_SPACED = 6     # ... or this many, set apart by spaces alone (`1.e4 e5 2.Nf3 Nc6 ...`)


def told_from_the_start(line: str, lineno: int, below: str = "") -> bool:
    """Does a sentence tell a game from its first move (`The game went: 1. P-K4, P-K4; 2.
    Kt-KB3, ...`), White's move first, a few moves running in turn, a comma or semicolon
    after a move (on into the line below, where the line break cut the sentence)? (A table's
    row, `a. 1. P-K4   P-K4`, sets its moves apart by spaces.)"""
    if not TOLD_OPENING.search(line):
        return False
    text = line.rstrip() + " " + below.strip()
    for run in moves_in_prose(text, lineno):
        kept, _ = in_turn(run, (1, False))
        moves = [i for i in kept if isinstance(i, dn.Move)]
        if len(moves) >= TOLD_SPACED or len(moves) >= TOLD_MOVES and any(
                text[m.column - 1 + len(m.text):].lstrip()[:1] in (",", ";") for m in moves):
            return True
    return False


# the words before another way a sentence tells the game may go (`..., or 5. ... B-Kt3; ...`)
OTHER_WAY_WORDS = r"\b(?:or|if|instead\s+of|otherwise)\b"
OTHER_WAY = re.compile(OTHER_WAY_WORDS, re.I)
INSTEAD = re.compile(OTHER_WAY_WORDS + r"[^.;]{0,30}$", re.I)   # ... a few words before a number


def told_instead(item, expected: tuple, text: str) -> bool:
    """Does a sentence telling a game go back to an earlier move after `or` or `if` (`7.
    B-B3, and wins, or 5. ... B-Kt3; 6. ...`): the moves another way the game may go?"""
    number, black = expected
    return isinstance(item, dn.MoveNumber) and \
        (item.number, item.continuation) < (number, bool(black)) and \
        INSTEAD.search(text, max(0, item.column - 41), item.column - 1) is not None


def number_at_the_end(line: str, lineno: int, below: str = ""):
    """`... the moves ran: 1.`, `...; or 5.`: a move number whose move the line break put on
    the next line (Black's, when that begins `...`), or None."""
    m = re.search(r"(?<![\w.])(\d{1,3})\s?\.\s*$", line)
    black = bool(re.match(r"\s*(?:\.{2,}|\u2026)", below))
    return dn.move_number(int(m.group(1)), lineno, m.start(1) + 1, black) if m else None


BROKEN_MOVE = re.compile(r"(?:\bKt|\b[KQRBP])-$")
TAIL_BREAK = re.compile(r"(?:[,;]|\b\d{1,3}\.|,[^,;]*\s\d{1,3})$")   # (`..., P-K5 12`)


CLAUSE_END = re.compile(r"[,;]|(?<![\w.])\d{1,3}\s?\.(?=\s|$)")


def broken_off(above: str, line: str = "") -> bool:
    """Did the line above break off a sentence of moves (after a comma, a number, or inside a
    move)?"""
    above = above.rstrip()
    return bool(TAIL_BREAK.search(above) or rest_of_cut_move(above, line))


def rest_of_cut_move(line: str, below: str) -> str:
    """The start of the line below that ends a move the line break cut in two (`5. K-` /
    `Kt3`, `K's Kt to B's` / `3rd`, `4. P` / `to Q B's 3rd,`, `7. K` / `Kt to K2`, `B-Kt5` /
    `ch;`), or "": where the line's last clause and the next line's first make one move,
    and not two moves of their own."""
    line = line.rstrip()
    if BROKEN_MOVE.search(line):
        return below.split(None, 1)[0] if below.strip() else ""
    if not below.strip() or line.endswith((",", ";")):
        return ""
    ends = [m.end() for m in CLAUSE_END.finditer(line)]
    tail = line[ends[-1] if ends else 0:].strip()
    cut = CLAUSE_END.search(below)
    head = below[:cut.start() if cut else len(below)]
    if not tail or not head.strip() or len(tail) > 30 or len(head.rstrip()) > 30:
        return ""
    if dn.parse_move(f"{tail} {head.strip()}".rstrip(".")) is None:
        return ""
    alone = dn.parse_move(tail.rstrip(".")) is not None and \
        dn.parse_move(head.strip().rstrip(".")) is not None
    return "" if alone else head.rstrip()


def rest_blanked(line: str, rest: str) -> str:
    """The line without the rest of the move the line above began (columns kept)."""
    return " " * len(rest) + line[len(rest):] if rest else line


def in_turn(items: list, expected: tuple) -> tuple[list, tuple]:
    """The items up to the first number out of turn (`1. P-QR3, 2. P-QKt4`: Black's move left
    out), and the number and side due after them; expected's side None: as the first says."""
    number, black = expected
    for k, item in enumerate(items):
        if isinstance(item, dn.MoveNumber):
            if (item.number, item.continuation) != (number, black) and \
                    not (black is None and item.number == number):
                return items[:k], (number, black)
            number, black = item.number, item.continuation
        elif isinstance(item, (dn.Move, dn.Unreadable)):
            number, black = (number + 1, False) if black else (number, True)
    return items, (number, black)


NEXT_WORD_MOVE = re.compile(r"^[\s,;]*(?:[KQ](?:\.?'s|\.)?\s?)?(?:(?:Kt|[BR])(?:\.?'s|\.)?\s?)?"
                            r"(?:Kt|[KQRBPN])\.?\s?(?:[-x\u00d7\u2013]|to\b|takes\b)")


def told_beyond(raw, lines: list[str]):
    """A solution told in prose whose reading stopped where the sentence goes on with moves:
    the next word is a move (`K-Kt3 (if`), or the move number due next (or the one after it,
    Black's move left out) is printed before the paragraph's next line ends. (line, column,
    number) or None."""
    if raw.tags.get("_told_dropped"):
        return raw.tags["_told_dropped"][0]
    last = raw.items[-1]
    if isinstance(last, dn.Result):
        return None
    text = lines[last.line - 1] if last.line <= len(lines) else ""
    rest = text[last.column - 1 + len(getattr(last, "text", "")):]
    if NEXT_WORD_MOVE.match(rest):
        return last.line, last.column + len(last.text) + len(rest) - len(rest.lstrip(" ,;")), \
            raw.expected()[0]
    garbled = _misprinted_next(raw, lines, text)
    if garbled is not None:
        return garbled
    below = lines[last.line] if last.line < len(lines) else ""
    if len(rest.split()) <= 1 and NEXT_WORD_MOVE.match(CHECK_WORD.sub("", below, count=1)):
        return last.line + 1, 1, raw.expected()[0]   # `4. Kt-R6 double` / `ch, K-R1; ...`
    number, black = raw.expected()
    due = [number] + ([number + 1] if black else [])
    after = last.column + len(getattr(last, "text", ""))
    for lineno in (last.line, last.line + 1):
        line = lines[lineno - 1] if lineno <= len(lines) else ""
        if lineno > last.line and not line.strip():
            break
        joined = line + " " + (lines[lineno] if lineno < len(lines) else "")   # (`...; 5.` /
        start = after if lineno == last.line else 0                           # `B-B4`)
        other = OTHER_WAY.search(joined, start)   # (`; or 6. ... B-Q3; 7. ...`: not this line)
        for m in TOLD_NUMBER.finditer(joined, start, other.start() if other else len(joined)):
            if m.start() >= len(line):
                break
            told = re.split(r"[,;]", joined[m.end():].strip() + " ,")[0].strip()
            if int(m.group(1)) in due and (dn.parse_move(told) is not None
                                           or MOVE_START.match(told)):   # (or misprinted)
                return lineno, m.start(1) + 1, int(m.group(1))
        if other is not None and other.start() < len(line):
            return None          # what follows is another way the game may go
    return None


SQUARE_WORD = r"(?:Kt|[KQRB])(?:\.?'s|\.)?\s?(?:[1-8](?:st|nd|rd|th|d)?\b|sq\b)"
NEXT_CLAUSE_MOVE = re.compile(r"^\s*[,;]\s*(?=(?:[KQ](?:'s|\.)?\s?)?(?:Kt|[KQRBP])\b[^,;]{0,30}?"
                              + SQUARE_WORD + ")")


def _misprinted_next(raw, lines: list[str], text: str):
    """The clause after a told game's last move read, on its line or (the move ran on to the
    next line) the next, names a man and a square but did not read (`P, B chocks at Q Kt's
    5th`): the sentence goes on with a misprinted move. (line, column, number) or None."""
    last = raw.items[-1]
    end = last.column - 1 + len(last.text)
    line = last.line
    if end > len(text.rstrip()) and line < len(lines):   # (`6. P takes` / `P, ...`)
        below = lines[line]
        end, text, line = len(rest_of_cut_move(text, below)), below, line + 1
    m = NEXT_CLAUSE_MOVE.match(text[end:])
    return (line, end + m.end() + 1, raw.expected()[0]) if m else None


CHECK_WORD = re.compile(r"^\s*(?:ch(?:eck)?\b\.?|mate\b\.?)?[\s,;]*")
TOLD_NUMBER = re.compile(r"(?<![\w.])(\d{1,3})\s?\.(?:\s*\.{2,}|…)?\s")


def surplus_mark(segment: list, game) -> bool:
    """A line that opens with marks where a move could stand (`#*@`, no letter or digit),
    when the moves after them fill the game's turns up to the next number without them: they
    are no move (a smudged `e.p.`, a sign), not one the game would count."""
    first = segment[0]
    if not isinstance(first, dn.Blot) or any(ch.isalnum() for ch in first.text):
        return False
    return dn.turns_filled(*game.expected(), segment[1:])


MAX_WRAPPED_LINES = 40
NUMBERED_MOVE = re.compile(r"(?:^|\s)\d+\s?\.\s")


def may_wrap(line: str) -> bool:
    """A numbered line of moves that the grammar could not finish may run on to the next."""
    return bool(NUMBERED_MOVE.search(line)) and len(line) <= 160 and not prose(line.strip())


def paragraph_end(lines: list[str], lineno: int) -> int:
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
        if not line.strip() or (n > lineno and prose(line.strip())):
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
        if all(isinstance(i, dn.Blot) for i in items if isinstance(i, dn.Unreadable)) and \
                any(isinstance(i, dn.Move) for i in items):   # (a blot: an unreadable move)
            places[length:] = [(last, len(lines[last - 1]) + 1)]
            return [placed_at(item, places[item.column]) for item in items], last
    return None


def placed_at(item, place: tuple[int, int]):
    line, column = place
    if isinstance(item, dn.Move):
        return dn.placed(item, line, column)
    if isinstance(item, dn.MoveNumber):
        return dn.move_number(item.number, line, column, item.continuation)
    if isinstance(item, dn.Unreadable):
        return type(item)(item.text, line, column, item.message)
    return dn.Result(item.text, line, column)


SENTENCE_BREAK = re.compile(r"[,;.](?=\s|$)")
MOVE_IN_WORDS = re.compile(r"\d|[Cc]astles|\b[KQRBP]\s?x|\bKt\b")
WINS = re.compile(r"\band\s+wins\b")   # a result the grammar reads, not words


def all_moves(items: list) -> bool:
    """Moves, numbers and results only (a blot standing where a move should is a move)."""
    return bool(items) and all(isinstance(i, (dn.Move, dn.MoveNumber, dn.Result, dn.Blot))
                               for i in items)


def moves_before_prose(line: str, lineno: int) -> list | None:
    """The moves a line begins with, before its words (`K-B5, K-R3; 6. K-B6, and wins, as
    Black must abandon the pawn.`): the longest run up to a comma, semicolon or stop that
    reads as moves alone, when the words after it hold no move or number (else the line is
    not the game's: `4. PxRP, P-R4 a weak reply; 5.`)."""
    for cut in reversed([m.end() for m in SENTENCE_BREAK.finditer(line)]):
        head = line[:cut]
        if not prose(WINS.sub("", head).strip()):
            items = dn.parse(head, lineno)
            if all_moves(items) and any(isinstance(i, dn.Move) for i in items):
                return None if MOVE_IN_WORDS.search(line, cut) else items
    return None


ROW_SHAPE = re.compile(r"^\s+\d+\s?\.\s+\S")
MOVE_LIKE = re.compile(r"^[KQRBPNOo0][A-Za-z. '()=x×-]{0,12}[1-8]?(?:\s?(?:ch|mate))?\s?[!?]{0,2}$")
MOVE_WORDS = {"ch", "x", "to", "takes", "sq", "mate", "e.p.", "dis", "dbl"}


def row_cells(line: str, lineno: int) -> list | None:
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
        cell, start = _without_number(m)   # (`1. P-K4     1. P-K4`: the number printed twice)
        cols = list(range(start, start + len(cell) + 1))
        parsed = dn.parse(cell, lineno, cols)
        if parsed and all(isinstance(i, dn.MoveNumber) for i in parsed):
            return None     # a number where a move should stand (`3. PAWN ENDINGS    13`)
        if any(isinstance(i, dn.Unreadable) for i in parsed):
            if not MOVE_LIKE.match(cell):
                return None
            parsed = [dn.Unreadable(cell, lineno, start, f"cannot read {cell!r} as a move")]
        items.extend(parsed)
    unreadable = sum(isinstance(i, dn.Unreadable) for i in items)
    if not isinstance(items[0], dn.MoveNumber) or unreadable != 1 or len(items) > 4:
        return None
    return items


def read_to_its_end(game, line: str, lineno: int) -> bool:
    """Was a line of the game's read to its end (its last item the line's last words)?"""
    last = game.items[-1] if game.items else None
    if last is None or last.line != lineno:
        return False
    rest = line[last.column - 1 + len(last.text):]
    return not any(ch.isalnum() for ch in re.sub(r"\b\d{1,3}\s?\.\s*$", "", rest))  # (`...; 2.`)
