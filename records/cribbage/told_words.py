"""Cribbage told in words, the first step: a block of print as a stream of words.

A block (core.layout) is lexed cell by cell: words, numbers (`twenty-nine`, `twenty nine`, `29`),
cards in letters (`5H`, `5♥`, `♥5`, `10d`), playing-card glyphs (U+1F0A1-U+1F0DE), the calls
written `15-2`, and punctuation. A break between the cells of a table row (`¦`) and between
the rows of a table (`¶`) is a word of its own, so a phrase never runs across a column; the
lines of running text join, so a phrase may run across a line end.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from records.core import cards as vocabulary
from records.core.cards import SUIT_MARKS, rank_number

SUIT_SIGNS = "".join(m for m in SUIT_MARKS if not m.isascii())
LEX = re.compile(
    r"(?P<glyph>[\U0001F0A1-\U0001F0DE])"
    rf"|(?P<card>(?<![\w'’])(?:10|[2-9TJQKA]|Kn)[SHDC{SUIT_SIGNS}](?![\w'’])"
    r"|(?<![\w'’])(?:10|[2-9])[hdcs](?![\w'’])"
    rf"|[{SUIT_SIGNS}](?:10|[2-9TJQKA]|Kn)(?![\w'’]))"
    r"|(?P<call>(?<![\w-])15[-–]\d{1,2}(?![\w-]))"
    r"|(?P<num>\d+(?:['’]?s(?!\w))?)"
    r"|(?P<word>[^\W\d_](?:[\w'’-]*[^\W_])?)"
    r"|(?P<punct>\S)")
CELL, ROW = "¦", "¶"
QUOTES = {'"', "“", "”", "„", "‘", "’", "'", "«", "»"}
DITTO = {'"', "〃", "”", "“", "do", "ditto"}

RANK_OF = {word: rank_number(rank) for word, rank in vocabulary.RANK_WORDS.items()}
PLURAL_RANKS = {("sixes" if w == "six" else w + "s"): r for w, r in RANK_OF.items()}
PLURAL_RANKS.update({"deuces": 2, "treys": 3, "trays": 3})
LETTER_RANKS = {"A": 1, "K": 13, "Q": 12, "J": 11, "T": 10, "Kn": 11}   # Kn: the old books' knave
SUIT_OF = {"heart": "H", "hearts": "H", "diamond": "D", "diamonds": "D", "spade": "S",
           "spades": "S", "club": "C", "clubs": "C"}
UNITS = {w: n for n, w in enumerate(
    ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
     "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
     "nineteen"])}
UNITS["nought"] = 0
TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50}


@dataclass(slots=True)
class Word:
    text: str          # as printed
    low: str           # lower case, curly apostrophes straightened
    kind: str          # word | num | card | glyph | call | punct | cell | row
    line: int
    column: int
    first: bool = False   # the first word of its printed row


def lex(text: str, line: int, column: int) -> list[Word]:
    """The words of one cell, each with its line and 1-based column."""
    out = []
    for m in LEX.finditer(text):
        kind = m.lastgroup
        piece = m.group()
        out.append(Word(piece, piece.lower().replace("’", "'"), kind, line, column + m.start()))
    _lowercase_spades(out)
    return out


def _lowercase_spades(words: list[Word]) -> None:
    """`5s` is the five of spades beside other cards written in small letters (`5s 6h 7d`);
    alone it is a plural (`two 5s`)."""
    for k, w in enumerate(words):
        if w.kind == "card" and w.text[-1] == "s" and not any(
                0 <= j < len(words) and words[j].kind == "card" and words[j].text[-1] in "hdc"
                for j in (k - 1, k + 1)):
            w.kind = "num"


SLASH = re.compile(r"\s+/\s+")


def _pieces(cell) -> list[tuple[str, int]]:
    """A cell cut at ` / ` (hand / starter / count): (text, column) of each piece."""
    if "/" not in cell.text:
        return [(cell.text, cell.column)]
    out, at = [], 0
    for m in SLASH.finditer(cell.text):
        out.append((cell.text[at:m.start()], cell.column + at))
        at = m.end()
    return out + [(cell.text[at:], cell.column + at)]


def _whole_runs(row) -> list:
    """The row's cells, with a long run of prose the page cut into pieces (one space or none
    between them) joined again."""
    cells = list(row.cells)
    if len(cells) < 2:
        return cells
    out = [cells[0]]
    for cell in cells[1:]:
        last = out[-1]
        end = last.column - 1 + len(last.text)
        if cell.line == last.line and row.text[end:cell.column - 1].strip(" ") == "" and cell.column - 1 - end <= 1:
            out[-1] = replace(last, text=row.text[last.column - 1:cell.column - 1 + len(cell.text)])
        else:
            out.append(cell)
    return out


def block_words(rows) -> list[Word]:
    """The words of a block's text rows. A row of several cells (or pieces between ` / `) is a
    table row: a cell break between its cells and a row break around it (unless the next row is
    a line of text going on in small letters, as a sentence does)."""
    out: list[Word] = []
    previous_table, previous_end = False, "."
    for row in rows:
        cells = [(text, cell.line, column) for cell in _whole_runs(row) for text, column in _pieces(cell)]
        table = len(cells) > 1
        goes_on = not table and bool(cells) and (cells[0][0][:1].islower() or previous_end not in '.!?:"”')
        previous_end = row.text.rstrip()[-1:]
        if out and (table or previous_table) and not goes_on and out[-1].kind != "row":
            out.append(Word(ROW, ROW, "row", row.line, 1))
        for k, (text, line, column) in enumerate(cells):
            if k:
                out.append(Word(CELL, CELL, "cell", line, column))
            words = lex(text, line, column)
            if k == 0 and words:
                words[0].first = True
            out += words
        previous_table = table
    return out


# -- numbers, ranks and suits ------------------------------------------------------------------
def number_at(words: list[Word], i: int) -> tuple[int, int] | None:
    """The number printed at words[i] (29, twenty-nine, twenty nine) and the index after it."""
    if i >= len(words):
        return None
    w = words[i]
    if w.kind == "num" and w.low.isdigit():
        return int(w.low), i + 1
    if w.kind != "word":
        return None
    low = w.low
    if low in UNITS:
        return UNITS[low], i + 1
    head, _, tail = low.partition("-")
    if head not in TENS:
        return None
    if tail:
        return (TENS[head] + UNITS[tail], i + 1) if 1 <= UNITS.get(tail, 0) <= 9 else None
    nxt = words[i + 1].low if i + 1 < len(words) and words[i + 1].kind == "word" else ""
    if 1 <= UNITS.get(nxt, 0) <= 9:
        return TENS[head] + UNITS[nxt], i + 2
    return TENS[head], i + 1


def rank_word(w: Word) -> tuple[int, bool] | None:
    """(rank, plural) of a rank in words or digits: `knave`, `sevens`, `5`, `8's`."""
    if w.kind == "word":
        if w.low in RANK_OF:
            return RANK_OF[w.low], False
        if w.low in PLURAL_RANKS:
            return PLURAL_RANKS[w.low], True
        return None
    if w.kind == "num":
        digits = w.low.rstrip("s").rstrip("'")
        if digits.isdigit() and 1 <= int(digits) <= 10:
            return int(digits), digits != w.low
    return None


def suit_word(w: Word) -> str:
    if w.kind == "word":
        return SUIT_OF.get(w.low, "")
    if w.kind == "punct" and w.text in SUIT_SIGNS:
        return SUIT_MARKS[w.text]
    return ""


def letter_card(w: Word) -> tuple[int, str]:
    """A card in letters or signs (`5H`, `10♥`, `♣Q`, `5h`): (rank, suit)."""
    text = w.text
    if text[0] in SUIT_SIGNS:
        return rank_number(vocabulary.rank_letter(text[1:])), SUIT_MARKS[text[0]]
    return rank_number(vocabulary.rank_letter(text[:-1])), SUIT_MARKS[text[-1].upper()]


GLYPH_SUITS = {0xA: "S", 0xB: "H", 0xC: "D", 0xD: "C"}
GLYPH_RANKS = {1: 1, **{n: n for n in range(2, 11)}, 0xB: 11, 0xD: 12, 0xE: 13}   # 0xC: knight


def glyph_card(w: Word) -> tuple[int, str] | None:
    code = ord(w.text)
    suit, rank = GLYPH_SUITS.get((code >> 4) & 0xF), GLYPH_RANKS.get(code & 0xF)
    return (rank, suit) if suit and rank else None


def ends_sentence(w: Word) -> bool:
    return w.kind in ("cell", "row") or (w.kind == "punct" and w.text in ".!?;")
