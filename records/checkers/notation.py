"""Checkers book notation: the tokens of a line or a table cell, with line and column.

The terminals are the grammar's (grammars/checkers_book.lark); they are matched here by one
compiled regular expression in the order Lark's lexer tries them (priority, then width), which
reads the same tokens as Lark's parser at a fraction of its cost (a book has tens of thousands
of cells). A move's squares are read with the OCR slips books print (`I`, `l` for 1, `O` for 0,
`S` for 5); what a move means (its colour, which capture path a pair of squares names) is the
engine's business, and how the cells of a page are read together is the layout engine's.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from records.core.resources import lalr_parser

OCR_DIGITS = {"I": "1", "l": "1", "O": "0", "S": "5"}
_SQUARE = re.compile(r"[0-9][0-9IlOS]?|[Il][0-9O]|[OS][0-9]|[Il]{1,2}")
_KINDS = {"JOINED": "move", "PROSE": "move", "DOTTED": "move", "SPACED": "move",
          "RESULT": "result", "VARIATION": "variation", "SIDE": "side", "NUMBER": "number",
          "FEN": "fen", "WORD": "word", "BARE": "word", "OTHER": "other", "LABEL": "label",
          "SMALL": "word"}


@dataclass(slots=True)
class Square:
    text: str           # as printed ("I", "II", "15")
    value: int          # the number it reads as, OCR slips undone
    line: int
    column: int

    @property
    def ocr(self) -> bool:
        return not self.text.isdigit()


@dataclass(slots=True, eq=False)
class Token:
    kind: str           # move, result, variation, side, number, fen, word, other; and, as the
    # page reader makes them: num (a square alone in a cell), colour, letter, mark, note
    text: str
    line: int
    column: int
    squares: list[Square] = field(default_factory=list)
    style: str = ""     # move typography: joined, capture, spaced, dotted, prose
    label: str = ""     # the branch letter or number printed with a move (`A 10 6`, `a 11-15`)
    star: bool = False  # `*` printed with the move (the losing move)
    value: str = ""     # what a heading, colour or result token says (a label, "B", "W", "draw")

    @property
    def where(self) -> tuple[int, int]:
        return self.line, self.column


# the words a page reader needs beside notation: a letter marking a move (`a 11-15`, `c}`), a
# lettered note (`b.`), `thus`, `(or`, a number glued to a move by a note letter (`3-a-24-28`)
_READER_WORDS = r"(?<![\w'\u2019])(?:[a-h]\.?|thus|or)(?![\w'\u2019])|\d{1,2}(?=-[a-h]-)|[()*}\-]"


@cache
def _terminals() -> list:
    terminals = lalr_parser("checkers_book", lexer="basic").terminals
    return sorted(terminals, key=lambda t: (-t.priority, -t.pattern.max_width,
                                            -len(t.pattern.value), t.name))


@cache
def _scanner(words: bool = True) -> re.Pattern:
    """The grammar's terminals as one alternation, in the order Lark's lexer tries them;
    without words, only the notation and the few words a page reader asks for (running text
    is scanned in the regular expression engine, not word by word in Python)."""
    # The ignored whitespace is left out: no terminal starts with a space, so the search steps
    # over it and finds the same tokens.
    ordered = [t for t in _terminals() if not t.name.startswith("__")]
    if not words:
        ordered = [t for t in ordered if t.name not in ("WORD", "BARE", "OTHER")]
    parts = [f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in ordered]
    if words:
        return re.compile("|".join(parts))
    parts.append(f"(?P<SMALL>{_READER_WORDS})")
    return re.compile(_STARTS + "(?:" + "|".join(parts) + ")")


# Without words, every token starts with a digit, one of ( ) * } -, or a letter that follows no
# letter or digit (each terminal that starts with a letter says so by a look-behind), and only
# a letter some terminal begins with: a label or note letter (A-H, a-h), a square's OCR slip
# (I, l, O, S), a side or verdict (B, W, Black, Drawn), a variation (V), `thus`, `or`. Checked
# first, the letters inside words of running text, and the words no token begins, are passed
# over at once. The same tokens as without it (tests/checkers/test_checkers_fast_paths.py).
_STARTS = r"(?:(?=[\d()*}\-])|(?<!\w)(?=[A-IOSVWa-hlot]))"


_NOTE_LETTERS = "abcdefgh"   # a note's letter glued to the move it marks (`8-11a`)
_STYLES = {"PROSE": "prose", "DOTTED": "dotted", "SPACED": "spaced"}


def _style(name: str, text: str) -> str:
    if name == "JOINED":
        return "capture" if re.search(r"[x\u00d7:]", text) else "joined"
    return _STYLES[name]


def squares_of(text: str, line: int, column: int) -> list[Square]:
    out = []
    blanked = re.sub(r"\b(?:to|takes)\b", lambda m: "-" * len(m.group()), text)
    for match in _SQUARE.finditer(blanked):
        raw = match.group()
        value = int("".join(OCR_DIGITS.get(ch, ch) for ch in raw))
        out.append(Square(raw, value, line, column + match.start()))
    return out


_QUICK = re.compile(r"[0-9A-Za-z]")


def tokens(text: str, line: int = 1, column: int = 1, words: bool = True) -> list[Token]:
    """The tokens of one line or cell that starts at (line, column) of its file; a branch
    label (`A` of `A 10 6`) is kept on the move it marks. Without words: notation only, and
    the few words a page reader asks for."""
    out: list[Token] = []
    if not _QUICK.search(text):
        return [Token("other", ch, line, column + i) for i, ch in enumerate(text) if not ch.isspace()]
    label = ""
    for match in _scanner(words).finditer(text):
        name = match.lastgroup
        if name.startswith("__"):
            continue
        kind = _KINDS[name]
        if name == "SMALL" and not match.group()[0].isalnum():
            kind = "other"
        at = column + match.start()
        if kind == "label":
            label = match.group()
            continue
        tok = Token(kind, match.group(), line, at)
        if kind == "move":
            note = tok.text[-1] if tok.text[-1] in _NOTE_LETTERS else ""
            tok.text = tok.text[:len(tok.text) - len(note)]
            tok.squares = squares_of(tok.text, line, at)
            tok.style = _style(name, tok.text)
            tok.star = "*" in tok.text
            tok.label, label = label or note, ""
        out.append(tok)
    return out


# -- shapes and names ----------------------------------------------------------------------
def _board_xy(square: int) -> tuple[int, int]:
    row, i = divmod(square - 1, 4)
    return row, 2 * i + (1 if row % 2 == 0 else 0)


def diagonal_shape(squares: list[int]) -> bool:
    """Whether printed squares trace diagonal steps or jumps on the board (shape only)."""
    if len(squares) < 2 or not all(1 <= s <= 32 for s in squares):
        return False
    for a, b in zip(squares, squares[1:]):
        (r1, c1), (r2, c2) = _board_xy(a), _board_xy(b)
        if abs(r1 - r2) != abs(c1 - c2) or abs(r1 - r2) not in (1, 2):
            return len(squares) == 2 and _multi_jump_distance(r1, c1, r2, c2)
    return True


def step_shape(squares: list[int]) -> bool:
    """Whether a from-to pair is one diagonal step or one jump (what most printed moves are)."""
    if len(squares) != 2 or not all(1 <= s <= 32 for s in squares):
        return False
    (r1, c1), (r2, c2) = _board_xy(squares[0]), _board_xy(squares[1])
    return abs(r1 - r2) == abs(c1 - c2) and abs(r1 - r2) in (1, 2)


def _multi_jump_distance(r1: int, c1: int, r2: int, c2: int) -> bool:
    """A from-to pair of a multi-jump: both distances even, at least one of them 4+."""
    dr, dc = abs(r1 - r2), abs(c1 - c2)
    return dr % 2 == 0 and dc % 2 == 0 and max(dr, dc) >= 2


_SMALL_WORDS = {"and", "of", "the", "o'", "o\u2019", "to", "in", "a"}


def title_case(heading: str) -> str:
    """`OLD 14TH.` -> `Old 14th`, `MAID OF THE MILL.` -> `Maid of the Mill`; initials stay."""
    words = heading.strip().split()
    if words and not re.fullmatch(r"[A-Z]\.", words[-1]):
        words[-1] = words[-1].rstrip(".")
    out = []
    for i, word in enumerate(words):
        low = word.lower()
        if re.fullmatch(r"[A-Z]\.?", word) or re.fullmatch(r"[IVX]+", word):
            out.append(word)
        elif i and low in _SMALL_WORDS:
            out.append(low)
        else:
            out.append(low[:1].upper() + low[1:])
    return " ".join(out)


# -- a position stated in words ---------------------------------------------------------------
_SIDE_PART = re.compile(r"\b(Black|White|BLACK|WHITE)\b(?!\s+(?:to|TO)\b)\s*(?:\u2014|--|-)?\s*[:,]?\s*"
                        r"([^.;]*(?:[.;]\s*(?:[Kk]ings?\b|K\b|K\d)[^.;]*)*)")
# A king marked beside its square: before it (`K 19`, `K. 19`) or after it (`19K`, `19k`,
# `19*`, `19 (king)`, `19 (K)`); each is rewritten `K19` before the sides are read.
_KING_BEFORE = re.compile(r"\bK\.?\s*(?=\d{1,2}\b)")
_KING_AFTER = re.compile(r"\b(\d{1,2})(?:[Kk]\b|\*|\s*\(\s*(?:[Kk]ing|[Kk])\.?\s*\))")
_PIECE_LIST = re.compile(r"(?:(men|man|kings?|pieces?)\s*(?:on|at)?\s*)?"
                         r"((?:K?\d{1,2}(?:\s*(?:,|and|&)\s*K?\d{1,2})*))", re.I)
_MOVE_IN_LIST = re.compile(r"\d\s*[-x\u2013]\s*\d")
# a side named by its initial (`B. 3, 6, K8. W. 5, 16.`): only a list of squares between
# commas, ended by a stop (a row's colour over its move, `B. 11 15`, is no position)
_INITIAL_SIDE = re.compile(r"(?<![\w.])([BW])\.\s*(K?\d{1,2}(?:\s*,\s*K?\d{1,2})*)\s*(?=[.;]|$)")
TURN = re.compile(r"\b(Black|White|BLACK|WHITE)\s+(?:to|TO)\s+(?:move|play|MOVE|PLAY)\b")


def stated_position(text: str) -> str | None:
    """A position written in words, as a FEN: `Black men on 1, 5; king on 9. White men on
    18, 22; king on 30. White to move.`, `Black: 1, 5, K9. White: 18, 22, K30.` or
    `Black--6, 10; Kings 19, 25. White--11, 14.`, a king also marked `K. 9`, `9K`, `9*` or
    `9 (king)`; the sides may be named by their initials (`B. 1, 5, K9. W. 18, 22.`). None
    unless both colours are given."""
    sides: dict[str, list[str]] = {}
    text = _KING_AFTER.sub(r"K\1", _KING_BEFORE.sub("K", text))
    for match in _SIDE_PART.finditer(text):
        if _MOVE_IN_LIST.search(match.group(2)):
            continue     # `1. Black 11-16`: a move told, not the side's pieces
        colour = match.group(1)[0].upper()
        squares = []
        for part in _PIECE_LIST.finditer(match.group(2)):
            kind = (part.group(1) or "").lower()
            for item in re.findall(r"K?\d{1,2}", part.group(2)):
                king = kind.startswith("king") or item.startswith("K")
                squares.append(("K" if king else "") + item.lstrip("K"))
        if squares:
            sides.setdefault(colour, []).extend(squares)
    if set(sides) != {"B", "W"}:
        sides = {}
        for match in _INITIAL_SIDE.finditer(text):
            sides.setdefault(match.group(1), []).extend(re.findall(r"K?\d{1,2}", match.group(2)))
        if set(sides) != {"B", "W"}:
            return None
    turn = TURN.search(text)
    first = turn.group(1)[0].upper() if turn else "B"
    return f"{first}:W{','.join(sides['W'])}:B{','.join(sides['B'])}"
