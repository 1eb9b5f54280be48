"""The checkers page reader: what the layout engine (records/core/pages.py) asks a family.

Tokens: a cell's moves (`11-15`, `23 19`, `27.32`, `11 to 15`, `15x22x29`), with the label
printed before them (`A 10 6`, `a 11-15`), the variation number glued to them (`2-28-24`,
`3-a-24-28`) and the losing move's star (`*27 24`, `10*14`); a square alone in its cell (`11`
in `1.   B.   11    15`); verdicts (`Black wins.`, `Drawn.`, and `white` over `wins.`);
variation headings (`VAR. A.`, `V.1`, `Var. II.`, `(c)`, a letter alone over a column, a
lettered note `b. 16-20, ...`); side headings (`WHITE TO MOVE`); move numbers and a row's
colour (`B.`); a brace label (`c}`); `thus`, after which a note gives its line. Words are not
tokens, and a board's cells are not either.

Setups: a diagram drawn in the block (every reading of its marks and orientation, each side
the print allows), a FEN line, a position in words, a heading that repeats a diagram's
caption, or one naming a position hoyle ships (data/checkers/endings_hoyle1914.json).

Replay: records/checkers/stream.py, from the start the engine offers.
"""
from __future__ import annotations

import re
from bisect import bisect_left, bisect_right

from records.checkers import diagrams, engine, lines as named
from records.checkers.notation import TURN, Token, diagonal_shape, stated_position, tokens
from records.checkers.stream import PROSE, Reading, Start, replay
from records.checkers.titles import headline as _headline
from records.core.layout import Block, Grid, roman_value
from records.core.orders import Replay

_DIGIT = re.compile(r"\d")
_SQ = r"(?:[0-9][0-9IlOS]?|[Il][0-9O]|[OS][0-9]|[Il]{1,2})"
_MOVE_LIKE = re.compile(rf"(?<![\w.]){_SQ}(?: ?[-\u2013\u2014x\u00d7:.*] ?| {{1,2}}| {{1,2}}(?:to|takes) {{1,2}}){_SQ}"
                        rf"(?:[-x\u00d7]{_SQ})*(?!\w)|[BW]:[WB]")   # (a jump's further squares: `16x23x30`)
_NUMBERED = re.compile(r"--\s?\d|\(\d{1,3}\)|\d\.\s|[a-h]\}|\bV\. ?\d")    # `V.1.`: a variation
_NAMED = re.compile(r"^((?:The\s+)?[A-Z][\w'\u2019 .-]{2,40}?):\s*(?=\d)")   # `The Dyke: 11 to 15`
_WORDS = re.compile(r"[A-Za-z]{3,}")
_WORTH = re.compile(r"wins|WINS|loses|LOSES|Drawn?\b|drawn?\b|DRAW|VAR|Var\b|ariation|ARIATION|"
                    r"to move|to play|TO MOVE|TO PLAY|thus")   # a cell worth reading, besides
# (each branch begins with a letter: the search skips to where one of them stands)
_SHORT_WORTH = re.compile(r"\s*(?:\(?[a-hA-H]\)?[.}]?|white|black|WHITE|BLACK|White|Black)\.?\s*")
_NOTE_START = re.compile(r"\s*[a-h]\.\s")     # digits: one letter alone, a note's letter
_FEN = re.compile(r"(?<!\w)[BW]:[WB]")
_OPENING = engine.to_fen(engine.initial())
_SQUARE_ALONE = re.compile(r"\d{1,3}")
_GARBLED = re.compile(r"\d{1,2}[?!%/]{1,2}\s?-?\s?\d{1,2}|\d{1,2}\s?-?\s?[?!%/]{1,2}\d{0,2}")
_SPLIT_MOVE = re.compile(r"[*A-Ha-h]?\s*\d{1,2}\s{2,}\d{1,2}")
_MARKED_SQUARE = re.compile(r"(?:([A-Ha-h])|(\*))\s*(\d{1,2})")
_LETTER_HEAD = re.compile(r"\(([a-hA-H])\)|([a-h])\.")
_CAPITAL = re.compile(r"[A-H]\.?")
_SMALL = re.compile(r"[a-h]")
_NOTE = re.compile(r"^([a-h])\.$")
_CROSS_REFERENCE = re.compile(r"\bsame as\b", re.I)
_VERDICT_SIDE = re.compile(r"^([Ww]hite|[Bb]lack)\.?$")
_VERDICT_WINS = re.compile(r"^wins\.?$")
_INTRODUCES = re.compile(r"(?::|--|\u2014|follows\W*)\s*$")
_LABEL_LINE = re.compile(r"^\W*(?:(?:black|white|move|moves)\W*)+$", re.I)
_SOLUTION_OF = re.compile(r"^\s*Solution\s+(?:of|to)\s+(.*?)(?:,|\u2014|--|$)", re.I)
DENSITY = 0.2   # running text is notation when its moves make up this share of its letters,
ROW_DENSITY = 0.25   # or this share of one of its lines,
SPARSE = 0.15   # or this share with three moves or more (commentary mentions fewer)
TURN_REACH = 60  # lines under a diagram where a sentence may give the other side the move
# a page's furniture printed across a column of moves where the page turns: its number alone,
# or with a running head set apart from it (`152      HOYLE'S GAMES`, `Checkers    153`)
_RUNNING_HEAD = r"[A-Z][A-Za-z'\u2019.,&\- ]*[A-Za-z.]"
_PAGE_LINE = re.compile(rf"^\s*(?:{_RUNNING_HEAD}\s{{3,}})?\d{{1,4}}(?:\s{{3,}}{_RUNNING_HEAD})?\s*$")
PAGE_TURN_REACH = 3   # lines above and below a page's furniture where the moves it interrupts stand


class CheckersReader:
    """One page's reader: it knows the page's boards, so that their cells are no tokens and
    a heading repeating a board's caption can offer the board."""

    apart = True    # columns (rows) are also read each on its own: a column per opening

    def __init__(self, lines: list[str]):
        self.lines = lines
        self.boards = diagrams.find_boards(lines)
        self.board_lines = {n for b in self.boards for n in range(b.line, b.end_line + 1)}
        self.titled = {_letters(b.title): b for b in self.boards if b.title}
        # the boards' first and last lines, for finding those near a block by bisection (when
        # the boards come in the order of both; else each block looks at every board)
        firsts, lasts = [b.line for b in self.boards], [b.end_line for b in self.boards]
        ordered = firsts == sorted(firsts) and lasts == sorted(lasts)
        self._firsts, self._lasts = (firsts, lasts) if ordered else (None, None)
        self.label: Token | None = None   # a variation heading printed alone, for the block
        self.waiting: Token | None = None   # after it
        self._seen: dict = {}    # cell -> its tokens (a block's cells are asked for again)
        self._lines: dict[int, list[Token]] = {}

    # -- tokens ----------------------------------------------------------------------------
    def tokens(self, cell) -> list[Token]:
        found = self._seen.get(cell)
        if found is None:
            found = self._seen[cell] = self._tokens(cell)
        return found

    def _tokens(self, cell) -> list[Token]:
        text = cell.text
        if cell.line in self.board_lines or self.page_turn(cell.line) \
                or not (_DIGIT.search(text) or _WORTH.search(text)
                                                 or _SHORT_WORTH.fullmatch(text)
                                                 or _NOTE_START.match(text)):
            return []
        if _CROSS_REFERENCE.search(text):
            return []
        boxed = self._box(cell)
        if boxed is not None:
            return boxed
        end = cell.column + len(text)
        line = self._line_tokens(cell.line, force=not _DIGIT.search(text))
        owned = [t for t in line if cell.column <= t.column < end]
        across = any(t.column < cell.column < t.column + len(t.text) for t in line) or \
            any(t.column + len(t.text) > end for t in owned)    # `4 to  8`, `22  8`
        alone = None if across else _alone(cell)
        if alone is not None:
            return alone
        found = _cell_tokens(owned)
        if not found:
            return found
        named = _NAMED.match(text) if found[0].kind == "move" else None
        if named:
            found.insert(0, Token("named", named.group(1), cell.line, cell.column, value=named.group(1)))
        if len(_WORDS.findall(text)) >= 3:
            for tok in found:
                if tok.kind == "move":
                    tok.value = PROSE
        return found

    def page_turn(self, number: int) -> bool:
        """Whether the line is where the page turns inside a column of moves: a page number
        alone (or with a running head in capitals), moves printed just above and just below
        it. It is no notation and no heading: the moves go on past it."""
        text = self.lines[number - 1] if 0 < number <= len(self.lines) else ""
        if not _PAGE_LINE.match(text):
            return False
        return self._moves_near(number, -1) and self._moves_near(number, 1)

    def _moves_near(self, number: int, step: int) -> bool:
        """Whether the nearest printed line from `number` that way (within PAGE_TURN_REACH)
        prints a move."""
        for at in range(number + step, number + step * (PAGE_TURN_REACH + 1), step):
            text = self.lines[at - 1] if 0 < at <= len(self.lines) else ""
            if text.strip():
                return bool(_MOVE_LIKE.search(text)) and not _PAGE_LINE.match(text)
        return False

    def _line_tokens(self, number: int, force: bool = False) -> list[Token]:
        """A line's tokens, read whole: a move whose squares a wide space splits into two cells
        (`4 to  8`) belongs to the cell it starts in. A line printing nothing like a move, a
        verdict or a number is not tokenized (speed), unless a cell of it is a word worth reading
        (`a. This move ...`, `White`): `force`."""
        found = self._lines.get(number)
        if found is None or force and not found:
            text = self.lines[number - 1] if number <= len(self.lines) else ""
            worth = force or _MOVE_LIKE.search(text) or _WORTH.search(text) or _NUMBERED.search(text)
            found = self._lines[number] = tokens(text, number, 1, words=False) if worth else []
        return found

    def _box(self, cell) -> list[Token] | None:
        """In a boxed table (`| 18   9 |`), a move whose squares wide spaces split into two
        cells: read whole from the box's first cell, nothing from the rest."""
        text = self.lines[cell.line - 1] if cell.line <= len(self.lines) else ""
        if "|" not in text:
            return None
        left = text.rfind("|", 0, cell.column - 1)
        right = text.find("|", cell.column - 1)
        if left < 0 or right < 0:
            return None
        inside = text[left + 1:right]
        if inside.strip() == cell.text or not _SPLIT_MOVE.fullmatch(inside.strip()):
            return None
        if cell.column - 1 > left + 1 + len(inside) - len(inside.lstrip()):
            return []
        joined = re.sub(r"\s+", " ", inside.strip())
        found = _cell_tokens(tokens(joined, cell.line, cell.column))
        for tok in found:
            tok.text = inside.strip()
        return found

    def notation(self, grid: Grid) -> bool:
        found = [t for row in grid.rows for t in row]
        moves = [t for t in found if t.kind in ("move", "num")]
        if not moves:
            return False
        if grid.width > 1 or found[0].kind in ("note", "variation"):
            return True
        rows = grid.block.text_rows()
        letters = sum(len(r.text.replace(" ", "")) for r in rows)
        printed = sum(len(t.text.replace(" ", "")) for t in found if t.kind != "word")
        densest = max(sum(len(t.text.replace(" ", "")) for t in row) /
                      max(len(" ".join(c.text for r in rows if r.line == row[0].line
                                       for c in r.cells).replace(" ", "")), 1)
                      for row in grid.rows)
        return printed >= DENSITY * letters or densest >= ROW_DENSITY or \
            len(moves) >= 3 and printed >= SPARSE * letters

    # -- setups and headings -------------------------------------------------------------
    def setups(self, block: Block) -> list[tuple[str, Start]]:
        self._note_labels(block)
        boards = self._boards_within(block.line, block.end_line)
        if boards:
            return board_starts(boards[-1])
        texts = [r.text for r in block.rows if not r.rule]
        joined = " ".join(texts)
        worded = ("Black" in joined or "BLACK" in joined) and ("White" in joined or "WHITE" in joined) \
            or "B." in joined and "W." in joined
        found = _fen_starts(block) or (_worded_starts([r for r in block.rows if not r.rule],
                                                      block.line) if worded else [])
        if found:
            title = _clean(texts[0]) if len(block.rows) > 1 and _headline(texts[0]) \
                and not stated_position(texts[0]) and not _FEN.search(texts[0]) else ""
            for _, start in found:
                start.title = title
            return found
        head = _clean(texts[0]) if self.titled and texts and len(texts[0]) <= 80 else ""
        board = self.titled.get(_letters(head)) if head else None
        if board is not None and head:
            return board_starts(board)
        return (_ending_starts(texts[0]) if texts else []) or self._turn_starts(block, joined)

    def _boards_within(self, first: int, last: int) -> list:
        """The boards whose drawing begins on lines first..last, in the order found."""
        if self._firsts is None:
            return [b for b in self.boards if first <= b.line <= last]
        return self.boards[bisect_left(self._firsts, first):bisect_right(self._firsts, last)]

    def _boards_ending(self, first: int, last: int) -> list:
        """The boards whose drawing ends on lines first..last, in the order found."""
        if self._lasts is None:
            return [b for b in self.boards if first <= b.end_line <= last]
        return self.boards[bisect_left(self._lasts, first):bisect_right(self._lasts, last)]

    def _turn_starts(self, block: Block, text: str) -> list[tuple[str, Start]]:
        """A sentence giving the other side the move (`With White to move the position is
        only a draw, thus:`) under a diagram whose side was stated: the diagram again, with
        that side to move, for the solution below it."""
        above = self._boards_ending(block.line - TURN_REACH, block.line - 1)
        if not above or not above[-1].sides:
            return []
        turn = TURN.search(text)
        if turn is None:
            return []
        side = turn.group(1)[0].upper()
        if side in above[-1].sides:
            return []
        found = board_starts(above[-1], side, diagrams.goal_of(text))
        for _, start in found:
            start.title = f"{above[-1].title}, {turn.group(1).capitalize()} to move" \
                if above[-1].title else ""
        return found

    def _note_labels(self, block: Block) -> None:
        """A variation heading printed alone (`(c)`, `Var. I.`, `d. ... thus:--`) names the
        variation in the block below it."""
        found = [t for r in block.text_rows() for c in r.cells for t in self.tokens(c)]
        heads = [t for t in found if t.kind in ("variation", "note")]
        if heads and not any(t.kind in ("move", "num") for t in found):
            self.waiting = heads[-1]
        elif any(t.kind in ("move", "num") for t in found):
            self.label, self.waiting = self.waiting, None

    def heading(self, block: Block) -> str:
        rows = block.text_rows()
        if len(rows) > 2 or all(self.page_turn(r.line) for r in rows):
            return ""
        text = " ".join(r.text.strip() for r in rows)
        if len(text) > 70 or not text or any(len(r.cells) > 1 for r in rows):
            return ""
        if TURN.search(text) or re.search(r"\bEither\b", text, re.I) or _LABEL_LINE.match(text):
            return ""
        if _INTRODUCES.search(text) or re.match(r"^\s*Solution\b", text, re.I) and len(text) < 20:
            return ""
        clean = _clean(text)
        if not clean or not (clean[0].isupper() or clean[0].isdigit()) or not _headline(text):
            return ""
        if any(t.kind in ("variation", "note", "move", "result") for r in rows for c in r.cells
               for t in self.tokens(c)):
            return ""
        return clean

    # -- replay ----------------------------------------------------------------------------
    def start(self) -> tuple[str, Start]:
        return "", Start(engine.initial())

    def replay(self, toks: list, start: Start) -> Replay:
        return replay(toks, start)

    def continuation(self, done: Replay) -> Start | None:
        reading: Reading = done.value
        if reading is None:
            return None
        earlier = reading.start.previous.lines if reading.start.previous is not None else []
        whole = Reading(earlier + reading.lines, reading.start, reading.current)
        line = reading.open_line()
        head = self.label
        return Start(line.end if line else None, "", "continuing", previous=whole, line=line,
                     label=head.value if head else "", heading=head)


# -- a cell's tokens ---------------------------------------------------------------------------
def _alone(cell) -> list[Token] | None:
    """What a cell printing one thing alone means: a square, a letter heading, a lettered
    note, a variation letter in brackets, half a verdict printed over two rows."""
    text = cell.text.strip()
    at = (cell.line, cell.column + len(cell.text) - len(cell.text.lstrip()))
    if _SQUARE_ALONE.fullmatch(text) and 1 <= int(text):
        return [_num(text, *at)]      # a square, or a row's number
    if _GARBLED.fullmatch(text):      # `1?-16`: a move the print garbled, kept to be named
        return [Token("move", text, *at)]
    marked = _MARKED_SQUARE.fullmatch(text)     # `A 10`, `*27` over `  6`
    if marked and 1 <= int(marked.group(3)) <= 32:
        num = _num(marked.group(3), at[0], at[1] + marked.start(3))
        num.label, num.star = marked.group(1) or "", bool(marked.group(2))
        return [num]
    match = _LETTER_HEAD.fullmatch(text)
    if match:
        letter = match.group(1) or match.group(2)
        return [Token("variation" if match.group(1) else "note", text, *at, value=letter)]
    if _CAPITAL.fullmatch(text):
        return [Token("letter", text, *at, value=text[0])]
    if text.lower().rstrip(".") in ("draw", "drawn"):
        return [Token("result", text, *at, value="draw")]
    if _VERDICT_SIDE.match(text):
        return [Token("verdict-side", text, *at, value=text[0].upper())]
    if _VERDICT_WINS.match(text):
        return [Token("verdict-wins", text, *at)]
    return None


def _num(text: str, line: int, column: int) -> Token:
    from records.checkers.notation import Square
    return Token("num", text, line, column, [Square(text, int(text), line, column)])


def _cell_tokens(raw: list[Token]) -> list[Token]:
    out: list[Token] = []
    for k, tok in enumerate(raw):
        before = raw[k - 1] if k else None
        after = raw[k + 1] if k + 1 < len(raw) else None
        if tok.kind == "move":
            out.append(_move(tok, before, raw[:k]))
        elif tok.kind == "number" and _note_number(tok, after, out):
            out[-1].label = out[-1].label or tok.text.strip("()")
        elif tok.kind in ("result", "variation", "side", "number"):
            tok.value = _value(tok)
            out.append(tok)
        elif tok.kind == "word" and _bracketed_letter(raw, k):
            _note_letter(tok, before, out)
        elif tok.kind == "word":
            made = _word(tok, k, after)
            if tok.text == "or" and before is not None and before.text == "(":
                made = Token("alternative", "(or", before.line, before.column)
            if made is not None:
                out.append(made)
        elif tok.kind == "other" and tok.text == ")" and not _bracketed_letter(raw, k - 1):
            out.append(Token("resume", ")", tok.line, tok.column))
    return out


def _note_number(tok: Token, after: Token | None, out: list[Token]) -> bool:
    """`24-20 (1)`: a number in brackets after a move, last in its cell, marks that move as
    where the variation numbered so leaves (as `(a)` does); a move's own number stands
    before it (`(15) 11-15`)."""
    return after is None and bool(out) and out[-1].kind == "move" \
        and re.fullmatch(r"\(\d{1,2}\)", tok.text) is not None


def _bracketed_letter(raw: list[Token], k: int) -> bool:
    """`(a)`: a note's letter in brackets, at raw[k]."""
    return 0 < k < len(raw) - 1 and raw[k].kind == "word" and _SMALL.fullmatch(raw[k].text) \
        is not None and raw[k - 1].text == "(" and raw[k + 1].text == ")"


def _note_letter(tok: Token, before: Token, out: list[Token]) -> None:
    """`8-11 (a)`: the letter marks the move before it, where the note `(a)` branches; at the
    head of a cell (`(a) 7-11 is also good.`) it heads that note."""
    if out and out[-1].kind == "move":
        out[-1].label = out[-1].label or tok.text
    elif not out:
        out.append(Token("note", f"({tok.text})", before.line, before.column, value=tok.text))


def _move(tok: Token, before: Token | None, earlier: list[Token]) -> Token:
    if before is not None and before.kind == "other" and before.text == "*":
        tok.star = True
    if before is not None and before.kind == "word" and re.fullmatch(r"[a-h]", before.text) \
            and tok.column - before.column <= 3:
        tok.label = tok.label or before.text
    glued = _glued_number(earlier)
    if glued:
        tok.label = tok.label or glued
    values = [s.value for s in tok.squares]
    if len(values) == 3 and not diagonal_shape(values) and diagonal_shape(values[1:]):
        tok.label, tok.squares = tok.label or str(values[0]), tok.squares[1:]   # `2-28-24`
    return tok


def _glued_number(earlier: list[Token]) -> str:
    """`3-a-24-28`: the number before a hyphen, a note letter and a hyphen labels the move."""
    tail = [t.text for t in earlier[-4:]]
    if len(tail) == 4 and tail[0].isdigit() and tail[1] == "-" and re.fullmatch(r"[a-h]", tail[2]) \
            and tail[3] == "-":
        return tail[0]
    return ""


def _word(tok: Token, k: int, after: Token | None) -> Token | None:
    if len(tok.text) > 5:
        return None
    if _SMALL.fullmatch(tok.text) and after is not None and after.text == "}" \
            and after.column == tok.column + 1:
        return Token("mark", tok.text + "}", tok.line, tok.column, value=tok.text)
    if k == 0 and _NOTE.match(tok.text):
        return Token("note", tok.text, tok.line, tok.column, value=tok.text[0])
    if tok.text.lower().rstrip(".:") == "thus":
        return Token("thus", tok.text, tok.line, tok.column)
    return None


def value_of(tok: Token) -> str:
    """What a result, side or variation heading says (`White loses.` -> "B", `VAR. II` -> "2")."""
    return _value(tok)


def _value(tok: Token) -> str:
    text = tok.text
    if tok.kind == "result":
        word = text.split()[0].rstrip(".").lower()
        side = {"b": "B", "black": "B", "w": "W", "white": "W"}.get(word)
        if side is None:
            return "draw"
        return ("W" if side == "B" else "B") if "lose" in text.lower() else side
    if tok.kind == "side":
        return text.strip()[0].upper()
    if tok.kind == "variation":
        label = re.sub(r"^(?:VAR|Var|VARIATION|Variation|V)\.?\s*", "", text).rstrip(".")
        return str(roman_value(label)) if re.fullmatch(r"[IVX]+", label) else label
    return text


# -- setups ----------------------------------------------------------------------------------
def board_starts(board: diagrams.Board, sides: str = "",
                 goals: dict | None = None) -> list[tuple[str, Start]]:
    """Every placement of the board's marks, with each side the print allows to move (or
    `sides`); none for a board of the men set for play (read from the standard start)."""
    out = []
    placed = diagrams.placements(board)
    if any(p.fen == _OPENING for p in placed):
        return []
    for placement in placed:
        for side in sides or board.sides or "BW":
            fen = side + placement.fen[1:]
            how = f"the diagram at line {board.line}, read with {placement.orientation}"
            if placement.reading:
                how += f", {placement.reading}"
            name = f"from {how}, {'Black' if side == 'B' else 'White'} to move"
            setup = {"fen": fen, "from": f"diagram at line {board.line}",
                     "orientation": placement.orientation, "reading": placement.reading,
                     "stated": bool(sides or board.sides), "line": board.line,
                     "goals": goals if sides else board.goals}
            out.append((name, Start(engine.from_fen(fen), name, "setup", board.title, setup,
                                    rank=placement.rank)))
    return out


def _fen_starts(block: Block) -> list[tuple[str, Start]]:
    for row in block.text_rows():
        if ":" not in row.text or not _FEN.search(row.text):
            continue
        for tok in tokens(row.text, row.line):
            if tok.kind == "fen":
                return [_fixed_start(tok.text, "a FEN printed", tok.line, tok.column)]
    return []


def _worded_starts(rows: list, line: int) -> list[tuple[str, Start]]:
    fen = stated_position(" ".join(r.text for r in rows))
    if not fen:
        return []
    name, start = _fixed_start(fen, "the position stated in words", line, 1)
    for place in (start.setup or {}).get("uncrowned", []):
        place["line"], place["column"] = _square_place(rows, place["colour"], place["square"])
    return [(name, start)]


_SIDE_OR_SQUARE = re.compile(r"\b(?:(Black|White|BLACK|WHITE)|(\d{1,2}))\b")


def _square_place(rows: list, colour: str, square: int) -> tuple[int, int]:
    """Where a square is printed in a side's list of a position in words (line, column)."""
    side = ""
    for row in rows:
        for match in _SIDE_OR_SQUARE.finditer(row.text):
            if match.group(1):
                side = match.group(1)[0].upper()
            elif side == colour and int(match.group(2)) == square:
                return row.line, match.start() + 1
    return rows[0].line, 1


def _fixed_start(fen: str, what: str, line: int, column: int) -> tuple[str, Start]:
    """The start printed as a FEN or in words. A man printed on its own crowning row cannot
    stand there (it would have been crowned): it is set up as a king and the setup keeps
    where it was, for the record to say so."""
    setup = {"fen": fen, "from": named.PRINTED, "line": line, "column": column, "what": what}
    try:
        position = engine.from_fen(fen)
    except engine.FenError as exc:
        setup["error"] = str(exc)
        return f"from {what} at line {line}", Start(None, "", "setup", "", setup)
    stranded = engine.uncrowned_men(position)
    if stranded:
        setup["uncrowned"] = [{"colour": colour, "square": square, "line": line, "column": column}
                              for colour, square in stranded]
        position = engine.crown_men(position)
    setup["fen"] = engine.to_fen(position)
    name = f"from {what} at line {line}"
    return name, Start(position, name, "setup", "", setup)


def _ending_starts(text: str) -> list[tuple[str, Start]]:
    """`Solution of Position No. 1, Black to move and win`: a position hoyle ships by that
    number and stipulation, with each side the heading allows."""
    found = named.ending_for(text)
    if found is None:
        return []
    entry, sides = found
    out = []
    for side in sides:
        fen = side + entry["fen"][1:]
        name = f"from hoyle's data for {entry['from'].split(';')[0]}"
        setup = {"fen": entry["fen"], "from": entry["from"], "reconstructed": entry.get("reconstructed", False),
                 "data": True}
        out.append((name, Start(engine.from_fen(fen), name, "setup", _solution_title(text), setup)))
    return out


def _solution_title(text: str) -> str:
    match = _SOLUTION_OF.match(text)
    return re.sub(r"\s+", " ", match.group(1)).strip(" .") if match else ""


def _clean(text: str) -> str:
    text = re.sub(r"_=|=_|\[Illustration:?|\]|[\u201c\u201d\"]", "", text)
    text = re.sub(r"\s*(?:--|\u2014)\s*", ", ", text.strip())
    return re.sub(r"\s+", " ", text).strip(" .:,")


def _letters(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())
