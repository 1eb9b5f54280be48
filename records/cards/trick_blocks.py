"""Deals printed a trick a block: a heading for the hand, one player's hand (or none) with the
score and the turn-up, then each trick under its own heading (the running count, the seats in
the order printed with a mark on one of them or on a card, the four cards), the result line,
and a table of the other hands (``Y'S HAND. | B'S HAND.``).

Structure only: who won each trick and whether the marks are right is the replay's work
(records/cards/deal_play.py).
"""
from __future__ import annotations

import re
from functools import cache

from lark import Lark, UnexpectedInput

from records.cards.raw_deals import (
    RANK_TOKEN,
    RawDeal,
    RawTrick,
    Token,
    holding,
    read_card,
    read_named_card,
)
from records.core.cards import SUIT_GLYPHS
from records.core.resources import grammar


# -- tricks printed one to a block ---------------------------------------------------
HAND_HEADING = re.compile(r"^\s*HAND ([IVXL]+|\d+)\.?\s*$")
KNOWN_HAND = re.compile(r"^\s*(?:\[Illustration:\s*)?([AYBZ])'S HAND\.?\s*(?:\]\s*)?$")
TRICK_START = re.compile(r"^\s*(?:\[Illustration:\s*)?TRICK \d+\.?\s*$")
LAST_TRICK = re.compile(r"^TRICK 13\.--\s*([AYBZ]) makes the (\w+ of \w+)")
RESULT = re.compile(r"^\s*(?:and\s+)?((?:AB|YZ)\s+(?:win|score|make|save)\b.*?)\.?\s*$")
TABLE_HEADER = re.compile(r"([AYBZ])'S HAND\.")
SCORE = re.compile(r"^\s*Score:\s*([^.\]\n]+)")
TURNUP = re.compile(r"(\w+ of \w+) turned up")


@cache
def _trick_parser() -> Lark:
    return Lark(grammar("trick_block"), parser="lalr", propagate_positions=True)


def find_trick_blocks(text: str) -> list[RawDeal]:
    lines = text.split("\n")
    starts = [i for i, l in enumerate(lines) if HAND_HEADING.match(l)]
    deals = []
    for k, start in enumerate(starts):
        stop = starts[k + 1] if k + 1 < len(starts) else len(lines)
        deal = _read_deal(lines, start, stop)
        if deal is not None:
            deals.append(deal)
    return deals


def _read_deal(lines: list[str], start: int, stop: int) -> RawDeal | None:
    """One hand's passage (lines[start:stop], 0-based) -> RawDeal, or None if it has no play."""
    known = next((i for i in range(start, stop) if KNOWN_HAND.match(lines[i])), None)
    trick_starts = [i for i in range(start, stop) if TRICK_START.match(lines[i])]
    if not trick_starts:
        return None
    title = lines[start].strip().rstrip(".")
    first = known if known is not None else trick_starts[0]
    subtitle = next((l.strip() for l in lines[start + 1:first]
                     if l.strip() and not SCORE.match(l) and not TURNUP.search(l)), "")
    deal = RawDeal(title, subtitle, start + 1, start + 1, "")
    if known is not None:            # one player's hand first; the others in THE HANDS
        deal.known_seat = KNOWN_HAND.match(lines[known]).group(1)
        i = _read_known_hand(deal, lines, known + 1, stop)
    else:                            # all four hands in the table after the play
        i = start + 1
        score = next((j for j in range(i, first) if SCORE.match(lines[j])), None)
        if score is not None:
            m = SCORE.match(lines[score])
            deal.score = Token(m.group(1), score + 1, m.start(1) + 1)
    for j in range(i, trick_starts[0]):
        m = TURNUP.search(lines[j])
        if m:
            deal.turnup = Token(m.group(1), j + 1, m.start() + 1, read_named_card(m.group(1)))
            break
    for t in trick_starts:
        _read_trick(deal, lines, t, stop)
    deal.unread = len(deal.tricks) * 2 < len(trick_starts)
    after = deal.tricks[-1].end_line if deal.tricks else trick_starts[-1] + 1
    table = None
    for j in range(after, stop):
        m = RESULT.match(lines[j])
        if m and deal.result is None and table is None:
            deal.result = Token(m.group(1), j + 1, m.start(1) + 1)
        last = LAST_TRICK.match(lines[j])
        if last and deal.last_trick is None:
            deal.last_trick = Token(last.group(1), j + 1, last.start(2) + 1,
                                    read_named_card(last.group(2)))
        if table is None and "'S HAND." in lines[j] and "|" in lines[j]:
            table = j
            break
    end = _read_table(deal, lines, table, stop) if table is not None else after
    deal.end_line = end
    deal.text = "\n".join(lines[start:end])
    return deal


def _read_known_hand(deal: RawDeal, lines: list[str], i: int, stop: int) -> int:
    """The one hand shown first: rows of ranks ending in a suit mark; a void is a blank row."""
    cards: list[Token] = []
    deal.hand_lines[deal.known_seat] = i + 1
    while i < stop and not (SCORE.match(lines[i]) or TRICK_START.match(lines[i])
                            or TURNUP.search(lines[i])):
        row = lines[i].rstrip().rstrip("]")
        m = re.search(f"([{SUIT_GLYPHS}])\\s*$", row)
        lead = re.match(f"\\s*([{SUIT_GLYPHS}])", row)
        if m:
            cards += holding(row[:m.start()], m.group(1), i + 1, 0, deal.known_seat,
                              deal.problems, deal.notes)
        elif lead:                   # the suit mark first: "♠ Qn, 10, 5, 3"
            body = " " * lead.end() + row[lead.end():]
            cards += holding(body, lead.group(1), i + 1, 0, deal.known_seat, deal.problems,
                              deal.notes)
        elif row.strip():
            deal.problems.append(Token(f"cannot read {row.strip()!r} as a suit of "
                                       f"{deal.known_seat}'s hand", i + 1, 1))
        i += 1
    deal.hands[deal.known_seat] = cards
    if i < stop:
        m = SCORE.match(lines[i])
        if m:
            deal.score = Token(m.group(1), i + 1, m.start(1) + 1)
    return i


def _read_trick(deal: RawDeal, lines: list[str], t: int, stop: int) -> None:
    end = _trick_end(lines, t, stop)
    block = "\n".join(lines[t:end + 1])
    try:
        tree = _trick_parser().parse(block)
    except UnexpectedInput as exc:
        line, column = t + exc.line, exc.column
        near = lines[line - 1][column - 1:].split()[0] if lines[line - 1][column - 1:].strip() else ""
        deal.problems.append(Token(f"cannot read this trick at {near!r} (a trick is the count, "
                                   "four seats with the leader marked, four cards)", line, column))
        return
    deal.tricks.append(_trick_from_tree(tree, t, end))


def _trick_end(lines: list[str], t: int, stop: int) -> int:
    """The last line of a trick: its closing bracket, else its line of four cards."""
    for end in range(t, min(stop, t + 10)):
        if "]" in lines[end]:
            return end
        if end > t and len(re.findall(f"[{SUIT_GLYPHS}]", lines[end])) >= 4:
            return end
    return t


def _trick_from_tree(tree, t: int, end: int) -> RawTrick:
    def tok(token, value=""):
        return Token(str(token), t + token.line, token.column, value)

    parts = {child.data: child for child in tree.children}
    order, cards = parts["order"], parts["cards"]
    count = {}
    if "tally" in parts:
        side1, n1, side2, n2 = parts["tally"].children
        count = {str(side1): tok(n1, str(n1)), str(side2): tok(n2, str(n2))}
    seats, leader = [], None
    for seat in order.children[1:]:
        name = str(seat.children[0]).strip("_")
        seats.append(name)
        if len(seat.children) > 1 or seat.children[0].type == "UNDERLINED_SEAT":
            leader = name
    played = []
    for k, c in enumerate(cards.children):
        text = str(c).strip("_")
        if c.type == "LED_CARD" and k < len(seats):
            leader = seats[k]             # the card led, underlined
        played.append(tok(c, read_card(text)))
    return RawTrick(number=tok(order.children[0], str(order.children[0])), seats=seats,
                    leader=leader, cards=played,
                    count=count,
                    line=t + 1, end_line=end + 1)


def _read_table(deal: RawDeal, lines: list[str], header: int, stop: int) -> int:
    """THE HANDS: three hands side by side, one suit a row, cells split by '|'.

    A void shows as an empty cell, and the OCR then loses the column's place, so cards
    are put in the column whose header span holds them when a row has extra cells.
    """
    head = lines[header]
    seats = TABLE_HEADER.findall(head)
    bars = [m.start() for m in re.finditer(r"\|", head)]
    for seat in seats:
        deal.hands.setdefault(seat, [])
        deal.hand_lines[seat] = header + 2
    i = header + 1
    while i < stop and lines[i].strip():
        row = lines[i]
        marks = re.findall(f"[{SUIT_GLYPHS}]", row)
        if not marks:
            deal.problems.append(Token("a row of the hands table has no suit mark", i + 1, 1))
            i += 1
            continue
        cells = _cells(row)
        filled = [(pos, cell) for pos, cell in cells if RANK_TOKEN.search(cell)]
        if len(cells) == len(seats):
            placed = [(seats[k], pos, cell) for k, (pos, cell) in enumerate(cells)]
        else:
            placed = [(seats[min(_column(pos + _lead_space(cell), bars), len(seats) - 1)],
                       pos, cell) for pos, cell in filled]
        for seat, pos, cell in placed:
            body = re.sub(f"[{SUIT_GLYPHS}]", " ", cell)
            deal.hands[seat] += holding(body, marks[0], i + 1, pos, seat, deal.problems,
                                         deal.notes)
        i += 1
    return i


def _cells(row: str) -> list[tuple[int, str]]:
    """Cells of a table row split at '|' with their 0-based start; a trailing empty drops."""
    out, pos = [], 0
    for cell in row.split("|"):
        out.append((pos, cell))
        pos += len(cell) + 1
    while out and not out[-1][1].strip():
        out.pop()
    return out


def _lead_space(cell: str) -> int:
    return len(cell) - len(cell.lstrip())


def _column(pos: int, bars: list[int]) -> int:
    return sum(1 for b in bars if pos >= b - 1)


