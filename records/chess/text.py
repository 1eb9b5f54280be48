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
                       r"\bto\b|e\.\s?p\.|(?<=\d)(?:st|nd|rd|th|d)|'s|x|[Cc]astles|"
                       r"\b(?:on|side|his|her|one|two|en passant)\b|\((?:best|good|bad|weak|strong|better|forced)\.?\)|"
                       r"[Rr]esign(?:s|ed)|[Dd]rawn?|discovered|double|dble|dis|dbl|(?<![A-Za-z])[KQRBNDTLSFCAP\u2654-\u265f]?[a-h]?[1-8]?[x:\u00d7-]?[a-h][1-8]\b|"
                       + FILE_CAPTURE)
WORDED_MOVE = re.compile(rf"^(?:[Cc]astles|O\s?-\s?O)|\b(?:sq|square|{RANK_WORD}|one|two)\b|"
                         r"\bx\b|x[KQRBP]|takes|×|" + FILE_CAPTURE)  # a move with no digit in it


def prose(text: str) -> bool:
    """Words in small letters, beyond the few that moves use, mark a line as prose."""
    return len(re.findall(r"[a-z]", NOT_PROSE.sub("", text))) > 3
