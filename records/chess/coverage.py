"""Is the whole printed game in the record? A record is whole only when every printed move
was replayed; a game whose reading stopped where the print goes on (a later row, or a move
number later in its paragraph, carrying it on) is cut short, and says where: CHESS-TRUNCATED.
"""
from __future__ import annotations

import re

from records.chess import descriptive as dn
from records.chess.layouts import told_beyond
from records.chess.text import a_move
from records.core.model import ERROR, WARNING


def _printed_rest(rec, raw, lines: list[str]) -> None:
    beyond = _printed_beyond(raw, lines) if raw.style != ("prose",) else told_beyond(raw, lines)
    if beyond is None and raw.style != ("prose",):
        beyond = _paragraph_goes_on(raw, lines)
    if beyond is None:
        return
    line, column, number = beyond
    rec.add(ERROR, "CHESS-TRUNCATED", f"the game goes on in print at line {line} (move "
            f"{number}), but its reading stopped at line {raw.end_line}", line, column,
            "the rest of the printed game is not in the record")


def check_coverage(rec, raw, lines: list[str] = ()) -> None:
    """A record is whole only when every printed move was replayed: the moves read and the
    last move number printed (with its side) against the plies made. A line cut short with no
    other error to say so gets CHESS-TRUNCATED, at the place where reading stopped."""
    if any(d.severity in (ERROR, WARNING) and not d.repair for d in rec.diagnostics):
        return  # already needs review, and says why
    dropped = rec.data.get("repair", "").count('without "')  # a move printed twice
    printed = len(raw.moves()) - dropped
    numbers = _numbers_of_moves(raw.items)  # "40. Resigns.": a number with no move
    if numbers:
        last = numbers[-1]  # Black's "--" in pawn and two moves counts in the numbering
        printed = max(printed, 2 * (last.number - raw.first_number) + last.continuation
                      - raw.black_first + 1 - sum(p.normal == "--" for p in rec.plies))
    printed -= rec.data.get("dropped", 0)   # moves a person dropped (hoyle fix)
    made = sum(p.normal != "--" for p in rec.plies)
    if made >= printed:
        _printed_rest(rec, raw, lines)
        return
    moves = raw.moves()
    stop = moves[made] if made < len(moves) else (numbers[-1] if numbers else None)
    line, column = (stop.line, stop.column) if stop else (rec.end_line, 1)
    rec.add(ERROR, "CHESS-TRUNCATED", f"the line prints {printed} moves but only {made} were "
            f"replayed; reading stopped at line {line}", line, column,
            "the rest of the printed game is not in the record")


LOOK_AHEAD = 40     # lines after a game's last row searched for rows that carry it on


def _read_through(raw) -> int:
    """The last line of what was read for the game: its last move's, or the end of a table
    that carried it on (the table's other columns are its variations, not its rest)."""
    return max([raw.end_line] + [table.end_line for table in raw.tags.get("_layouts", ())])


def _look_ahead_end(raw, lines: list[str]) -> int:
    """The line before which a search for the game's rest stops."""
    return min(raw.end_line + LOOK_AHEAD, raw.tags.get("_until") or len(lines) + 1, len(lines) + 1)


def _printed_beyond(raw, lines: list[str]):
    """The first row after a game's last one that prints the move the game expects next (or,
    the first such row, one further on), set where the game sets its numbers, with a move in
    it: the game goes on in print, so its reading stopped early. (line, column, number) or
    None."""
    if raw.style[:1] != ("row",) or not raw.moves():
        return None
    number, black = raw.expected()
    ends = _number_ends(raw)
    stop = _look_ahead_end(raw, lines)
    from records.chess.book import VARIATION_HEADING, heading_of
    from records.chess.text import plain, prose
    first_row = True
    for lineno in range(_read_through(raw) + 1, stop):
        line = plain(lines[lineno - 1])
        if VARIATION_HEADING.match(line) or heading_of(line):
            return None   # what follows is another line of play, under its own heading
        m = ROW_NUMBER.match(line)
        if not m or m.end(1) not in ends:
            continue
        printed = (int(m.group(1)), bool(m.group(2)))
        skipped = first_row and black and printed == (number + 1, False) \
            and lineno - raw.end_line <= 2   # the next row, Black's move left out
        ahead = first_row and not black and not printed[1] and printed[0] > number
        first_row = False    # (a whole row whose number is misprinted, or moves left out)
        if printed != (number, black) and not skipped and not ahead:
            continue
        rest = re.split(r"\s{2,}", line[m.end():].strip())[0]
        if rest and re.search(r"[A-Za-z]", rest) and (not prose(rest) or _begins_with_a_move(rest)):
            return lineno, m.start(1) + 1, printed[0]
    return None


NUMBER_IN_TEXT = re.compile(r"(?<![\d.])(\d{1,3})\.\s*(?=(?:Kt|[KQRBNP])\s?[-x(]|Castles)")


def _paragraph_goes_on(raw, lines: list[str]):
    """The game goes on later in the same paragraph (no blank line between), where the reader
    could not take a line (`when, P-Q4; 7. Q-Q1, ...`): its next move number printed in a
    sentence, a line beginning with its move when the line above ended with that move's number
    (`3.` / `BxKt, the usual move, R-R3`) or with Black's reply. (line, column, number) or
    None."""
    if not raw.moves() or raw.style[:1] != ("row",) or isinstance(raw.items[-1], dn.Result):
        return None   # (`6. K-K6, and wins; or 5. ... B-B2`: what follows a result is not it)
    number, black = raw.expected()
    due = {number + 1} if black else {number}
    numbered = isinstance(raw.items[-1], dn.MoveNumber)   # `3.` ended its last line
    for lineno in range(_read_through(raw) + 1, _look_ahead_end(raw, lines)):
        line = lines[lineno - 1]
        if not line.strip():
            return None
        m = next((m for m in NUMBER_IN_TEXT.finditer(line) if int(m.group(1)) in due
                  and line[:m.start()].strip()), None)   # (in a sentence, not a row's head)
        if m:
            return lineno, m.start(1) + 1, int(m.group(1))
        if (black or numbered) and _begins_with_a_move(line):   # the move due, under a line
            return lineno, len(line) - len(line.lstrip()) + 1, number   # not read
    return None


MOVE_SHAPE = re.compile(r"\d|x|-|[Cc]astles|\bsq\b")


def _begins_with_a_move(line: str) -> bool:
    """Do the first words of a line make a move (`BxKt an old favourite`, `Q-B2;`)?"""
    words = line.split()
    for n in range(1, min(5, len(words)) + 1):
        head = " ".join(words[:n]).rstrip(",;.")
        if len(head) <= 30 and MOVE_SHAPE.search(head) and a_move(head):
            return True
    return False


def _number_ends(raw) -> set[int]:
    ends = {i.column - 1 + len(str(i.number)) for i in raw.items if isinstance(i, dn.MoveNumber)}
    return {e + d for e in ends for d in (-1, 0, 1)}


ROW_NUMBER = re.compile(r"^\s*(\d{1,3})(?:\s?[.:]|(?=\s))(\s*(?:\.{2,}|\u2026))?\s")  # `12.`, `12`


def _numbers_of_moves(items: list) -> list:
    out, number = [], None
    for item in items:
        if isinstance(item, dn.MoveNumber):
            number = item
        elif isinstance(item, (dn.Move, dn.Unreadable)) and number is not None:
            out.append(number)
            number = None
    return out
