"""English descriptive chess notation: text in, raw moves with line and column out.

Nothing here knows the rules of chess. A move comes out as the printed designators, normalised
("K. Kt." -> "KKt", "K's 4th" -> "K4", "Q sq" -> "Q1"), and the chess engine decides which legal
moves they can mean.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from lark import Lark, Token, UnexpectedInput

from records.chess.algebraic import plain
from records.core.resources import lalr_parser


@dataclass(frozen=True)
class Move:
    text: str                    # as printed (after typesetting is removed)
    line: int
    column: int                  # 1-based column in the source line
    castles: str | None = None   # "K", "Q" or "" (side not printed)
    san: str | None = None       # a SAN move mixed into the text
    piece: str | None = None     # normalised designator of the man moved: "P", "KKt", "QBP"
    origin: str | None = None    # "(R5)" -> "R5"
    capture: bool = False
    target: str | None = None    # normalised square moved to: "KB3"
    victim: str | None = None    # normalised designator of the man taken
    victim_square: str | None = None
    promotion: str | None = None  # "Q", "R", "B", "Kt"
    check: bool = False
    mate: bool = False
    en_passant: bool = False
    steps: int = 0               # "K. P. two": a pawn advanced so many squares (no square named)
    annotations: tuple = ()
    ocr: tuple = ()              # (printed, read) pairs of OCR slips mended while normalising


@dataclass(frozen=True)
class Given(Move):
    """A move a person typed for a printed one (a correction): in English letters, as the
    candidates are offered, it is read as typed, not in the book's language (algebraic)."""
    typed = True


def placed(move: Move, line: int, column: int) -> Move:
    """A copy of a (cached) move at another line and column, made without __init__."""
    fields = move.__dict__.copy()
    fields["line"], fields["column"] = line, column
    copy = object.__new__(Move)
    object.__setattr__(copy, "__dict__", fields)
    return copy


@dataclass(frozen=True)
class MoveNumber:
    number: int
    line: int
    column: int
    continuation: bool = False   # "7. ...." or "4...": Black's move follows

    @property
    def text(self) -> str:
        return f"{self.number}." + (" ..." if self.continuation else "")


def move_number(number: int, line: int, column: int, continuation: bool = False) -> MoveNumber:
    """MoveNumber(...) made without the frozen dataclass's slow __init__ (one per book row)."""
    made = object.__new__(MoveNumber)
    object.__setattr__(made, "__dict__", {"number": number, "line": line, "column": column,
                                          "continuation": continuation})
    return made


@dataclass(frozen=True)
class Result:
    text: str
    line: int
    column: int


@dataclass
class Unreadable:
    text: str
    line: int
    column: int
    message: str = ""


@dataclass
class Blot(Unreadable):
    """An unreadable mark standing where one move should, between moves that read (`#*@`)."""


PIECE_WORDS = {"Pawn": "P", "Knight": "Kt", "Bishop": "B", "Rook": "R", "Castle": "R",
               "Queen": "Q", "King": "K"}
PROMOTION_WORDS = {"queens": "Q", "Queen": "Q", "Rook": "R", "Bishop": "B", "Knight": "Kt",
                   "N": "Kt", "Kt": "Kt", "Q": "Q", "R": "R", "B": "B"}
ORDINAL = re.compile(r"(?<=\d)(?:st|nd|rd|th|d)")
RANK_NUMBERS = {w: n for n, w in enumerate(
    ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"), start=1)}
RANK_WORDS = re.compile("|".join(RANK_NUMBERS) + "$")


@lru_cache(maxsize=1)
def parser() -> Lark:
    return lalr_parser("descriptive", propagate_positions=True, maybe_placeholders=False)


def normalise_designator(text: str) -> str:
    text = text.strip()
    word = text.rstrip("'s")
    if word in PIECE_WORDS:
        return PIECE_WORDS[word]
    text = text.replace("'s", "").replace(".", "").replace(" ", "")
    if text == "S":  # Springer: the knight in German books, and in some English ones
        return "Kt"
    return text.replace("KT", "Kt").replace("N", "Kt")


def normalise_square(text: str) -> tuple[str, tuple]:
    """'K's 4th' -> 'K4', 'Q sq' -> 'Q1', 'KB l' -> 'KB1' (the l noted as an OCR slip)."""
    ocr = ()
    core = text.replace("'s", "").replace(".", "").replace(" ", "")
    core = re.sub(r"^(?:his|her)", "@", core)  # the moving man's own side: see _own_square
    core = re.sub(r"sq(?:uare)?$", "1", core)
    core = RANK_WORDS.sub(lambda m: str(RANK_NUMBERS[m.group()]), core)
    core = ORDINAL.sub("", core)
    if core[-1] in "Il":
        ocr = ((core[-1], "1"),)
        core = core[:-1] + "1"
    return core.replace("KT", "Kt").replace("N", "Kt"), ocr


def _tokens(tree, name):
    return [t for t in tree.children if isinstance(t, Token) and t.type == name]


def _build_move(node, text: str, line: int, cols: list[int]) -> Move:
    start, end = node.meta.start_pos, node.meta.end_pos
    fields: dict = {"annotations": []}
    ocr: list = []
    for child in node.children:
        if isinstance(child, Token):
            kind = child.type
            if kind == "SAN":
                fields["san"] = plain(str(child))
            elif kind in ("CHECK",):
                fields["check"] = True
            elif kind == "MATE":
                fields["mate"] = True
            elif kind == "CHECKS_AT":
                fields["mate" if "mate" in child else "check"] = True
            elif kind == "EN_PASSANT":
                fields["en_passant"] = True
            elif kind == "ANNOTATION":
                fields["annotations"].append(str(child))
            elif kind == "CAPTURE_SEP":
                fields["capture"] = True
            elif kind == "STEPS":
                fields["steps"] = 2 if child.startswith("two") else 1
            continue
        value = child.children[0] if child.children else None
        if child.data == "castles":
            fields["castles"] = _castle_side(str(value))
        elif child.data == "piece":
            fields["piece"] = normalise_designator(str(value))
        elif child.data == "origin":
            fields["origin"], slips = normalise_square(str(value))
            ocr += slips
        elif child.data == "destination":
            fields["target"], slips = normalise_square(str(value))
            ocr += slips
        elif child.data == "victim":
            first = child.children[0]
            if first.type == "SQUARE":
                fields["victim_square"], slips = normalise_square(str(first))
                ocr += slips
            else:
                fields["victim"] = normalise_designator(str(first))
                if len(child.children) > 1:
                    sq = child.children[1].children[0]
                    fields["victim_square"], slips = normalise_square(str(sq))
                    ocr += slips
        elif child.data == "promotion":
            word = re.sub(r"[=()\s]", "", str(value))
            fields["promotion"] = PROMOTION_WORDS.get(word, word)
            if fields.get("san"):  # "e8(Q)": the promotion belongs to the algebraic move
                fields["san"] += "=" + word[:1]
                fields.pop("promotion")
    fields["annotations"] = tuple(fields["annotations"])
    if fields.get("target", "").startswith("@"):
        fields["target"] = _own_square(fields["target"][1:], fields.get("piece") or "")
    return Move(text=text[start:end], line=line, column=cols[start], ocr=tuple(ocr), **fields)


def _own_square(square: str, piece: str) -> str:
    """'his sq.' and 'her Kt.'s 3d' on the moving man's own side: K. B. to his sq. is KB1,
    K. to his B's sq. is KB1, Q. to her 3d is Q3, Q. Kt. to his 3d is QKt3."""
    file, rank = square[:-1], square[-1]
    if piece in ("K", "Q"):
        return piece + file + rank
    if len(piece) > 1 and piece[0] in "KQ" and piece[1:] in ("Kt", "B", "R"):
        return piece[0] + (file or piece[1:]) + rank
    return (file or piece) + rank


def _castle_side(text: str) -> str:
    side = re.search(r"\bon\s+(?:the\s+)?([KQ])", text)
    if side:
        return side.group(1)
    length = re.search(r"\b(long|short)\b", text)
    if length:
        return "Q" if length.group(1) == "long" else "K"
    body = text.replace(" ", "").replace(".", "").replace("—", "-").replace("–", "-")
    if re.search(r"[Oo0]-{1,2}[Oo0]-{1,2}[Oo0]", body):
        return "Q"
    if re.search(r"[Oo0]-{1,2}[Oo0]", body):
        return "K"
    side = re.search(r"\(?([KQ])(?:R|side)?\)?$", body[7:] if body.lower().startswith("castles") else "")
    return side.group(1) if side else ""


def parse(text: str, line: int = 1, cols: list[int] | None = None) -> list:
    """Parse one stretch of movetext (one source line, typesetting removed).

    cols maps each character of text to its 1-based column in the source line (identity when
    the text is the line itself). Returns MoveNumber, Move, Result and, for text the grammar
    cannot read, Unreadable items.
    """
    cols = cols if cols is not None else list(range(1, len(text) + 2))
    if len(cols) <= len(text):
        cols = cols + [cols[-1] + 1] * (len(text) + 1 - len(cols))
    tree = _tree(text)
    if isinstance(tree, int):
        carried = CHECK_CARRIED.match(text)
        if carried:   # "ch; 10. K-K2": the check of the move the line above ends with
            return parse(" " * carried.end() + text[carried.end():], line, cols)
        side = SIDE_PREFIX.match(text)
        if side:  # "W. P. to K's 4th.", "B. Kt. takes P.": the side that moves, one per line
            items = parse(text[:side.start(1)] + " " * len(side.group(1)) + text[side.end(1):],
                          line, cols)
            if not any(type(i) is Unreadable for i in items):
                return items
        return _around_a_blot(text, tree, line, cols) or (items if side else [
            Unreadable(text.strip(), line, cols[min(tree, len(text))],
                       f"cannot read {text.strip()!r} as chess moves")])
    items: list = []
    for child in tree.children:
        if isinstance(child, Token):
            if child.type == "RESULT":
                items.append(Result(str(child), line, cols[child.start_pos]))
            elif child.type == "ELLIPSIS" and items and isinstance(items[-1], MoveNumber):
                items[-1] = MoveNumber(items[-1].number, items[-1].line, items[-1].column, True)
            continue
        if child.data == "move_number":
            tok = child.children[0]
            number = int(re.match(r"\d+", tok).group())
            cont = bool(re.search(r"\.\s?\.", text[tok.start_pos:tok.end_pos + 3]))
            items.append(MoveNumber(number, line, cols[tok.start_pos], cont))
        elif child.data == "move":
            items.append(_build_move(child, text, line, cols))
    return items


@lru_cache(maxsize=8192)
def _tree(text: str):
    """The grammar's tree of a stretch of movetext, or where it cannot be read (an int):
    cached, for a book's lines are read again by several readers and its moves repeat. The
    tree is only read, never changed."""
    try:
        return parser().parse(_numbers_kept_apart(text))
    except UnexpectedInput as exc:
        return getattr(exc, "pos_in_stream", None) or 0


BLOT = re.compile(r"(?<![^\s,;])[^\sA-Za-z0-9,;]{1,6}(?=\s*[,;])")
# a misprinted move where a move should be: a man, a dash or cross, and what no square is
# (`B-Zq4,`), one token before a comma or semicolon or the text's end; a word (`Black,`) is
# none. Alone, with its number and the next (`5. ... Kt-Zq3`, `B-Zq3; 5.`), it is a row.
MISPRINT_SHAPE = r"(?:Kt|[KQRBPN])\.?\s?[-x\u00d7][^\s,;()]{1,6}"
MISPRINT = re.compile(r"(?<![^\s,;])" + MISPRINT_SHAPE + r"(?=\s*(?:[,;]|$)|\s+\d{1,3}(?:\s|$))")
NUMBER_TEXT = r"\d{1,3}\s?\.\s*"
MISPRINT_ALONE = re.compile(rf"\s*(?:{NUMBER_TEXT}(?:(?:\.{{2,}}|\u2026)\s*)?)?{MISPRINT_SHAPE}"
                            rf"\s*[,;]?\s*(?:{NUMBER_TEXT})?")


def misprinted(text: str) -> bool:
    """Is the text one misprinted move (and its number), shaped as a move and no word
    (`B-Zq4`, `5. ... Kt-Zq3`)?"""
    return MISPRINT_ALONE.fullmatch(text) is not None and re.search(r"[a-z]{3}", text) is None


def _around_a_blot(text: str, pos: int, line: int, cols: list[int]) -> list | None:
    """A stretch of movetext with one blot in it where a move should be (`#*@`: an OCR
    smudge, marks and no letter or digit, before a comma or semicolon): the moves on each
    side read, the blot an Unreadable move between them, so that the game goes on past it
    (the blot its one error) rather than the whole line being lost. None when the rest is
    not movetext with two moves or more. (A word is not a blot: a line of prose that names
    moves stays prose.)"""
    start = text.rfind(" ", 0, pos + 1) + 1
    for sep in (",", ";"):
        start = max(start, text.rfind(sep, 0, pos) + 1)
    at = start + len(text[start:]) - len(text[start:].lstrip())
    blot = BLOT.match(text, at) or MISPRINT.match(text, at)
    if blot is None or blot.end() < pos or blot.re is MISPRINT and not misprinted(blot.group()):
        return None
    head, tail = text[:blot.start()], text[blot.end():]
    before = parse(head, line, cols) if head.strip() else []
    after = parse(" " * blot.end() + tail, line, cols)
    unread = after[-1:] if after and type(after[-1]) is Unreadable else []   # (the text's end,
    after = after[:len(after) - len(unread)]            # `... 5th, P`: where a caller cuts it)
    alone = MISPRINT_ALONE.fullmatch(text) is not None   # (`5. ... Kt-Zq3`: a row of its own)
    if any(isinstance(i, Unreadable) for i in before + after) or not alone and \
            sum(isinstance(i, Move) for i in before + after) < (2 if blot.re is BLOT else 1):
        return None
    word = blot.group().strip()
    last = next((k for k in range(len(before) - 1, -1, -1) if isinstance(before[k], MoveNumber)),
                None)
    if last is not None and blot.re is BLOT and turns_filled(
            before[last].number, before[last].continuation, before[last + 1:] + after):
        return before + after + unread   # marks, no move: the numbers leave no place for one
    return before + [Blot(word, line, cols[blot.start()], f"cannot read {word!r} as a chess move")] \
        + after + unread


def turns_filled(number: int, black: bool, following: list) -> bool:
    """The moves in `following` up to its first number fill the turns left of move `number`
    (Black's alone, or both sides'), and that number is the next: no place for another."""
    nxt = next((k for k, i in enumerate(following) if isinstance(i, MoveNumber)), None)
    if nxt is None or following[nxt].number != number + 1:
        return False
    return sum(isinstance(i, Move) for i in following[:nxt]) == (1 if black else 2)


SIDE_PREFIX = re.compile(r"^\s*(?:\d{1,3}\s?[.:]\s*)?((?:W|B|White|Black)\.?)(?=\s)")
# a check or mate sign a line break carried to the head of the next line, then more moves
CHECK_CARRIED = re.compile(r"^\s*(?:(?:dis(?:\.|covered)?|dble?\.?|double)\s+)?"
                           r"(?:ch(?:eck)?|mate|e\.\s?p|en passant)\.?"
                           r"\s*[;,]\s*(?=\d|[KQRBNP])")
NUMBER_AFTER_A_STOP = re.compile(r"(?:(?<=^)|(?<=\s))(\d{1,3})\.(?=\s|$)")


def _numbers_kept_apart(text: str) -> str:
    """In running movetext "B. takes Kt. 5. Q. takes B." the 5 could end the square "Kt. 5";
    a number that follows a full stop and carries on the count of moves is a move number, so
    a line break (which no square spans) is put before it. Columns are unchanged."""
    if ". " not in text:
        return _dotless_numbers_kept_apart(text)
    chars, expected = None, None
    for m in NUMBER_AFTER_A_STOP.finditer(text):
        number = int(m.group(1))
        if expected is not None and number not in (expected, expected + 1):
            continue
        expected = number
        start = m.start()
        if start >= 2 and text[start - 1] == " " and text[start - 2] == ".":
            chars = chars or list(text)
            chars[start - 1] = "\n"
    return "".join(chars) if chars else text


DOTLESS_NUMBER = re.compile(r"(?:^|(?<=[\s,;]))(\d{1,3})(?=\s+(?:Kt|[KQRBPN]|Castles|O-O)|\s*$)")
DOTLESS_RUN = 3     # numbers counting on in turn, with no stop, that make a text's move numbers


def _dotless_numbers_kept_apart(text: str) -> str:
    """Move numbers printed without a stop, as later books print notes (`4 PxP, BxKt 5 QxB,
    PxP 6 B-QB4`): the 5 could end the square `Kt 5`. Where numbers before moves count on
    one by one, three or more, a comma between each two (White's move, Black's), each is a
    move number, and a line break is put before it (`P--Q 4   B--Kt 5`, a row in spaced
    notation, has no comma: its ranks stay ranks). Columns are unchanged."""
    if "," not in text:
        return text
    run: list = []
    for m in DOTLESS_NUMBER.finditer(text):
        if run and int(m.group(1)) == int(run[-1].group(1)) + 1 \
                and "," in text[run[-1].end():m.start()]:   # (White's move, Black's)
            run.append(m)
        elif len(run) < DOTLESS_RUN:
            run = [m]
    if len(run) < DOTLESS_RUN:
        return text
    chars = list(text)
    for m in run:
        if m.start() >= 1 and text[m.start() - 1] == " ":
            chars[m.start() - 1] = "\n"
    return "".join(chars)


@lru_cache(maxsize=4096)
def parse_move(text: str) -> Move | None:
    """One move on its own (cached: books repeat the same moves endlessly). The plainest
    forms (`Kt-KB3`, `P - Q B 4`, `BxP ch`), which the grammar reads one way only, are read
    without it: most of a book's cells, and of the misprints and spellings a repair tries."""
    plain = _plain_move(text)
    if plain is not None:
        return plain
    items = parse(text)
    moves = [i for i in items if isinstance(i, Move)]
    if len(moves) != 1 or any(isinstance(i, Unreadable) for i in items):
        return None
    return moves[0]


# The plainest moves: a man (`P`, `QBP`, `KKt`) moving to a square (`KB3`) or taking a man, with
# "ch" after it or not, printed close (`Kt-KB3`, `BxPch`) or spaced (`Q Kt - Q B 3`, `B x P ch`).
# The forms are the product of these parts, each read as the grammar reads it (the test
# compares the two on every one of them).
PLAIN_MEN = (("P",), ("K", "P"), ("Q", "P"), ("B", "P"), ("Kt", "P"), ("R", "P"),
             ("K", "B", "P"), ("Q", "B", "P"), ("K", "Kt", "P"), ("Q", "Kt", "P"),
             ("K", "R", "P"), ("Q", "R", "P"), ("K",), ("Q",), ("B",), ("Kt",), ("R",),
             ("K", "B"), ("Q", "B"), ("K", "Kt"), ("Q", "Kt"), ("K", "R"), ("Q", "R"))
PLAIN_FILES = (("K",), ("Q",), ("B",), ("Kt",), ("R",), ("K", "B"), ("Q", "B"), ("K", "Kt"),
               ("Q", "Kt"), ("K", "R"), ("Q", "R"))


def _either(parts: tuple, joiner: str) -> str:
    names = sorted({joiner.join(p) for p in parts}, key=len, reverse=True)
    return "|".join(re.escape(n) for n in names)


_CLOSE_MAN, _SPACED_MAN = _either(PLAIN_MEN, ""), _either(PLAIN_MEN, " ")
PLAIN_CLOSE = re.compile(rf"({_CLOSE_MAN})(?:-({_either(PLAIN_FILES, '')})([1-8])|x({_CLOSE_MAN}))"
                         r"( ?ch)?")
PLAIN_SPACED = re.compile(rf"({_SPACED_MAN})(?: - ({_either(PLAIN_FILES, ' ')}) ([1-8])"
                          rf"| x ({_SPACED_MAN}))( ch)?")


def _plain_move(text: str) -> Move | None:
    """A move of the plainest forms (PLAIN_CLOSE, PLAIN_SPACED) as the grammar reads it, or
    None for any other text."""
    m = PLAIN_CLOSE.fullmatch(text) or PLAIN_SPACED.fullmatch(text)
    if m is None:
        return None
    man, file, rank, victim, check = m.groups()
    return Move(text=text, line=1, column=1, piece=man.replace(" ", ""),
                target=file.replace(" ", "") + rank if file else None, capture=victim is not None,
                victim=victim.replace(" ", "") if victim else None, check=check is not None)


# -- typesetting ---------------------------------------------------------------
SUBSCRIPTS = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")
LATEX = re.compile(r"\\text\{([^}]*)\}|\\times|\\mathrm\{([^}]*)\}|_\{?(\d)\}?|\\,|\\ |[{}$]")


def untypeset(text: str, first_column: int = 1) -> tuple[str, list[int]]:
    """Remove LaTeX wrappers and subscripts, keeping a map back to source columns."""
    out: list[str] = []
    cols: list[int] = []
    pos = 0
    for m in LATEX.finditer(text):
        _copy(text, pos, m.start(), first_column, out, cols)
        whole = m.group(0)
        if whole == "\\times":
            out.append(" x ")
            cols += [first_column + m.start()] * 3
        elif m.group(1) is not None or m.group(2) is not None:
            inner = m.group(1) if m.group(1) is not None else m.group(2)
            offset = m.start() + whole.index("{") + 1
            if not inner.startswith(" ") and out and not "".join(out).endswith(" "):
                out.append(" ")
                cols.append(first_column + offset)
            _copy(text, offset, offset + len(inner), first_column, out, cols)
        elif m.group(3) is not None:
            out.append(m.group(3))
            cols.append(first_column + m.start(3))
        pos = m.end()
    _copy(text, pos, len(text), first_column, out, cols)
    return "".join(out).translate(SUBSCRIPTS), cols


def _copy(text, start, end, first_column, out, cols):
    out.append(text[start:end])
    cols.extend(range(first_column + start, first_column + end))
