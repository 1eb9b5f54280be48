"""What a line of a book is: plain text (quotes and italics made plain, columns kept), prose,
or moves. Shared by the running-text reader (book.py) and the layout engine's tokens (tables.py).
"""
from __future__ import annotations

import re

from records.chess import descriptive as dn

QUOTES = str.maketrans("\u2019\u2018\u02bc`", "''''")  # one for one: columns hold
ITALICS = str.maketrans("_", " ")  # _en passant_: a plain-text book's italics (not LaTeX's x_4)


# `2. —  Kt-QB3`: a dash where White's move would stand holds its place, as `2. ...` does
DASH_FOR_MOVE = re.compile(r"(?<![\w.])(\d{1,3}\s?\.\s+)([—–]{1,2}|--)(?=\s{2,}\S)")


# a cell or line that is a result alone (the grammar reads it; this only spares it the others)
RESULT_ALONE = re.compile(r"^(?:(?:and\s+)?(?:White|Black)\s+(?:wins|resigns?|resigned)\b.{0,40}|"
                          r"[Rr]esigns?\.?|(?:[Gg]ame\s+)?[Dd]rawn?(?:\s+game)?\.?|and\s+wins\.?|"
                          r"\u00bd\s?[-\u2013\u2014]\s?\u00bd|[01]\s?[-\u2013\u2014]\s?[01]|"
                          r"1/2\s?[-\u2013\u2014]\s?1/2)$")


# `e2—e4`, `Sg1–f3`, `0—0—0`: long algebraic and castles set with a typesetter's dash
ALGEBRAIC_DASH = re.compile(r"(?<=[a-h][1-8])[—–](?=[a-h][1-8])|(?<=[O0])[—–](?=[O0])")


def plain(line: str) -> str:
    if "`" in line or not line.isascii():   # (the other quotes are not ASCII)
        line = line.translate(QUOTES)
    if "—" in line or "–" in line or "--" in line:
        line = DASH_FOR_MOVE.sub(lambda m: m.group(1) + "…" * len(m.group(2)), line)
        line = ALGEBRAIC_DASH.sub("-", line)
    return line if "_" not in line or "$" in line or "\\" in line else line.translate(ITALICS)


RANK_WORD = "|".join(dn.RANK_NUMBERS)  # first ... eighth
# a pawn's capture named by its files (`exd`, `e:d`, German `ed:`), as the grammar's SAN has it
FILE_CAPTURE = r"(?<![A-Za-z0-9])[a-h](?:[x:\u00d7][a-h]|[a-h]:)(?![A-Za-z0-9])"
NOT_PROSE = re.compile(rf"Kt|[Cc]heck|ch|square|sq|mate|takes|{RANK_WORD}|"
                       r"\bto\b|e\.\s?p\.|(?<=\d)(?:st|nd|rd|th|d)|'s|x|[Cc]astles(?:\s+(?:long|short)\b)?|"
                       r"\b(?:on|side|his|her|one|two|en passant)\b|\((?:best|good|bad|weak|strong|better|forced)\.?\)|"
                       r"[Rr]esign(?:s|ed)|[Dd]rawn?|discovered|double|dble|dis|dbl|(?<![A-Za-z])[KQRBNDTLSFCAP\u2654-\u265f]?[a-h]?[1-8]?[x:\u00d7-]?[a-h][1-8]\b|"
                       + FILE_CAPTURE)
WORDED_MOVE = re.compile(rf"^(?:[Cc]astles|O\s?-\s?O)|\b(?:sq|square|{RANK_WORD}|one|two)\b|"
                         r"\bx\b|x[KQRBP]|takes|×|" + FILE_CAPTURE)  # a move with no digit in it


def prose(text: str) -> bool:
    """Words in small letters, beyond the few that moves use, mark a line as prose."""
    return len(re.findall(r"[a-z]", NOT_PROSE.sub("", text))) > 3


# a note in parentheses, over at most three lines, with no parentheses inside it
NOTE = re.compile(r"\(([^()\n]{0,300}(?:\n[^()\n]{0,300}){0,2})\)")
# a paragraph that is a game's moves from its first line: `1. P-K4, P-K4; 2. ...`
PARAGRAPH_OF_MOVES = re.compile(r"\s*\d{1,3}\s?\.\s*(?:(?:\.{2,}|\u2026)\s*)?[A-Za-z0-9]")
# a move in a note (a variation, `(threatening R-QB3)`): the reader's own business, not blanked
MOVE_IN_NOTE = re.compile(r"\d\s?\.|(?<![A-Za-z])[A-Z][A-Za-z]{0,2}\s?[-x\u00d7]\s?[A-Z]?\w{0,2}\d|"
                          r"(?<![A-Za-z])[KQRBNP]x[A-Z]|(?<![A-Za-z])[a-h]x?[a-h]?[1-8](?![A-Za-z0-9])|"
                          r"[Cc]astles|(?<![A-Za-z])[O0]-[O0]")
# the last move before a note: what follows the last comma, semicolon, note or move number
LAST_MOVE = re.compile(r"(?:^|[,;)]|\d{1,3}\s?\.)([^,;)]*?)\s*$")
GOES_ON = re.compile(r"\s*(?:[,;.:]|\n|$|\d{1,3}\s?\.|[A-Z])")


def notes_in_movetext(text: str) -> list:
    """The notes a book sets in parentheses after a move in a sentence of moves (`3. B-Kt5
    (the Spanish game, much favoured of late), P-QR3;`): words, not moves (a variation in
    parentheses, `(Q)`, `(K R)`, `(Knight)` after a pawn queening, `(best)`, `(a)` are not
    notes)."""
    out = []
    for m in NOTE.finditer(text):
        note = " ".join(m.group(0).split())
        if not prose(note) or MOVE_IN_NOTE.search(note) or note[1:-1] in dn.PROMOTION_WORDS or not GOES_ON.match(text, m.end()) \
                or not PARAGRAPH_OF_MOVES.match(text, _paragraph_start(text, m.start())):
            continue
        here = text.rfind("\n", 0, m.start()) + 1
        above = text.rfind("\n", 0, max(here - 1, 0)) + 1 if here else here
        # (the line above too: the move may have ended there, or begun there: `BxP` / `ch (`)
        move = LAST_MOVE.search(text[above:m.start()].replace("\n", " ")).group(1)
        if len(move) <= 30 and (a_move(move) or dn.misprinted(move)):
            out.append(m)
    return out


def _paragraph_start(text: str, at: int) -> int:
    blank = max(text.rfind("\n\n", 0, at), text.rfind("\n \n", 0, at))
    return text.find("\n", blank + 1) + 1 if blank >= 0 else 0


def a_move(text: str) -> bool:
    """Is the text a move (and its number), and nothing else?"""
    items = dn.parse(text, 1)
    return any(isinstance(i, dn.Move) for i in items) and \
        all(isinstance(i, (dn.Move, dn.MoveNumber)) for i in items)


# the side named before its move in a numbered row (`1. White: P-K4. Black: P-K4.`, `W. 1. P-K4
# B. 1. P-K4`): a label, blanked so the row reads as moves (a side's name after a row's number
# is no position in words; `B.` is a side only in a row that begins `W.`: elsewhere it is a
# bishop, `6. R. takes B.   6. Castles.`, or a variation's letter)
NUMBERED_ROW = re.compile(r"^\s*\d{1,3}\s?\.\s")
SIDE_LABEL = re.compile(r"\b(?:White|Black|WHITE|BLACK)\s*[:.]\s*(?=(?:Kt|[KQRBPN])\b|Castles|"
                        r"[a-h][1-8x]|O-O)")
LETTER_ROW = re.compile(r"^\s*W\.\s*\d{1,3}\s?\.\s")
SIDE_LETTER = re.compile(r"\b[WB]\.\s*(?=\d{1,3}\s?\.\s)")


def side_labels_blanked(line: str) -> str:
    """A numbered row with each side's label blanked, columns kept."""
    if LETTER_ROW.match(line):
        return SIDE_LETTER.sub(lambda m: " " * len(m.group()), line)
    if not NUMBERED_ROW.match(line) or not SIDE_LABEL.search(line):
        return line
    return SIDE_LABEL.sub(lambda m: " " * len(m.group()), line)


def notes_blanked(lines: list[str]) -> list[str]:
    """The lines with each note in their moves (notes_in_movetext) blanked, parentheses and
    all, columns kept: the moves around a note read as if it were not printed. The comma,
    semicolon or stop after a note goes where the move before the note ends (on the line
    above when the note opens its line), so that a line the note ran on from reads as broken
    off after that move. A line the note filled keeps a `;` where its text began (left blank,
    it would end the paragraph): the line reader passes such a line over (book.MARK_ALONE)."""
    text = "\n".join(lines)
    if "(" not in text:
        return lines
    notes = notes_in_movetext(text)
    if not notes:
        return lines
    chars, after = list(text), {}
    for m in notes:
        line_start = text.rfind("\n", 0, m.start()) + 1
        opens_line = not text[line_start:m.start()].strip()
        mark = GOES_ON.match(text, m.end()).end() - 1
        moved = text[mark:mark + 1] in (",", ";", ".") and (line_start > 0 or not opens_line)
        for k in range(m.start(), mark + 1 if moved else m.end()):
            if chars[k] != "\n":
                chars[k] = " "
        if moved and opens_line:   # the move before the note ended the line above
            after[text.count("\n", 0, line_start) - 1] = text[mark]
        elif moved:                # the note began after the move, on its line
            chars[m.start()] = text[mark]
    out = "".join(chars).split("\n")
    for k, mark in after.items():
        out[k] = out[k].rstrip() + mark
    return [line if line.strip() or not printed.strip() else
            printed[:len(printed) - len(printed.lstrip())] + ";"
            for line, printed in zip(out, lines)]
