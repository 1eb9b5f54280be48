"""Bridge hands printed as in Elwell's *Bridge* (1906): a compass diagram and a trick table.

    ILLUSTRATIVE HAND NO. 1
    ... The dealer, Z, makes it no-trump. A leads for the first trick. ...
                          [S] 9                      Y at the top, A left, B right,
         [S] K Q J 8 6 2 |    Y    | [S] 10 7 5     Z (the dealer) at the bottom;
         ...                                        a void is "[H] None"
    | TRICK |   A   |   Y   |   B   |   Z   |
    |   1   |    <f>K[S]</f>|  9[S] | 5[S] | 3[S] |  the winner wrapped in <f>..</f>

Suits are written [S] [C] [D] [H], before the rank or after it. The winner of each trick
leads the next, so the marks give the leaders; the trick engine (through the whist deal
checks) decides whether the play is sound. Read into whist_book.RawDeal so the Cavendish
checks and the unique-repair rule apply unchanged.
"""
from __future__ import annotations

import re

from records.cards.whist_book import RawDeal, RawTrick, Token

SEATS = ("A", "Y", "B", "Z")
HEADING = re.compile(r"^\s*ILLUSTRATIVE HAND NO\. (\d+)\s*$")
SUIT_GROUP = re.compile(r"\[([SCDH])\]((?:\s+(?:10|[AKQJ2-9])(?![\w]))*|\s+None)")
RANK = re.compile(r"10|[AKQJ2-9]")
TRUMP = re.compile(r"(?:makes it|declares)\s+(no-trump|hearts|diamonds|clubs|spades)", re.I)
DEALER_WINS = re.compile(r"The dealer wins (\w+) tricks")
TRICK_ROW = re.compile(r"^\s*\|\s*(\d+)\s*\|")
CARD = re.compile(r"\[([SCDH])\]\s*(10|[AKQJ2-9])|(10|[AKQJ2-9])\s*\[([SCDH])\]")
WINNER_OPEN, WINNER_CLOSE = "<f>", "</f>"
TRUMP_SUIT = {"hearts": "H", "diamonds": "D", "clubs": "C", "spades": "S"}
NUMBER_WORDS = {w: n for n, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen".split())}


def find_elwell_deals(text: str) -> list[tuple[RawDeal, dict]]:
    """Every illustrative hand: the RawDeal and what the text states about it (the trump
    declared, the dealer's tricks, the winner marks)."""
    lines = text.replace("\r", "").split("\n")
    starts = [i for i, line in enumerate(lines) if HEADING.match(line)]
    found = []
    for k, start in enumerate(starts):
        stop = starts[k + 1] if k + 1 < len(starts) else len(lines)
        stop = next((i for i in range(start + 1, stop) if lines[i].startswith("NOTES ON")), stop)
        read = _read_hand(lines, start, stop)
        if read is not None:
            found.append(read)
    return found


def _read_hand(lines: list[str], start: int, stop: int):
    table = next((i for i in range(start, stop) if TRICK_ROW.match(lines[i])), None)
    if table is None:
        return None
    number = HEADING.match(lines[start]).group(1)
    deal = RawDeal(f"HAND {number}", "", start + 1, start + 1, "")
    prose = " ".join(lines[start:table])
    trump_m = TRUMP.search(prose)
    stated = {"trump_given": bool(trump_m), "dealer_tricks": None, "winners": [], "broken": []}
    if trump_m:
        deal.trump = TRUMP_SUIT.get(trump_m.group(1).lower())
    _read_compass(deal, lines, start, table)
    end = _read_tricks(deal, stated, lines, table, stop)
    for i in range(end, stop):
        m = DEALER_WINS.search(lines[i])
        if m and m.group(1).lower() in NUMBER_WORDS:
            stated["dealer_tricks"] = Token(m.group(1), i + 1, m.start(1) + 1,
                                            str(NUMBER_WORDS[m.group(1).lower()]))
            end = i + 1
            break
    deal.end_line = end
    deal.text = "\n".join(lines[start:end])
    return deal, stated


def _read_compass(deal: RawDeal, lines: list[str], start: int, table: int) -> None:
    """Y above the box, A left of it, B right of it, Z below it: four suits each."""
    top = next((i for i in range(start, table) if lines[i].strip().startswith("+--")), None)
    if top is None:
        deal.problems.append(Token("no compass diagram before the trick table", start + 1, 1))
        return
    bottom = next((i for i in range(top + 1, table) if lines[i].strip().startswith("+--")), top)
    for i in range(start, table):
        line = lines[i]
        if i < top:
            parts = [("Y", 0, line)]
        elif i < bottom:
            first, last = line.find("|"), line.rfind("|")
            parts = [("A", 0, line[:first]), ("B", last + 1, line[last + 1:])] if first >= 0 else []
        else:
            parts = [("Z", 0, line)]
        for seat, offset, part in parts:
            for m in SUIT_GROUP.finditer(part):
                _add_suit(deal, seat, m, i, offset)


def _add_suit(deal: RawDeal, seat: str, m, i: int, offset: int) -> None:
    deal.hands.setdefault(seat, [])
    deal.hand_lines.setdefault(seat, i + 1)
    suit, body = m.group(1), m.group(2)
    for r in RANK.finditer(body):
        rank = "T" if r.group() == "10" else r.group()
        column = offset + m.start(2) + r.start() + 1
        deal.hands[seat].append(Token(r.group(), i + 1, column, suit + rank))


def _read_tricks(deal: RawDeal, stated: dict, lines: list[str], table: int, stop: int) -> int:
    leader, i = "A", table
    while i < stop and (TRICK_ROW.match(lines[i]) or lines[i].strip().startswith(("+", "|"))):
        m = TRICK_ROW.match(lines[i])
        if m:
            leader = _read_trick(deal, stated, lines[i], i, int(m.group(1)), leader)
        i += 1
    return i


def _read_trick(deal: RawDeal, stated: dict, row: str, i: int, number: int, leader):
    bars = [k for k, ch in enumerate(row) if ch == "|"]
    cards, winner = [], None
    for seat, (a, b) in zip(SEATS, zip(bars[1:], bars[2:])):
        cell = row[a + 1:b]
        m = CARD.search(cell)
        if m is None:
            deal.problems.append(Token(f"cannot read {cell.strip()!r} as {seat}'s card at "
                                       f"trick {number}", i + 1, a + 2))
            cards.append(Token(cell.strip(), i + 1, a + 2, ""))
            continue
        suit, rank = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        value = suit + ("T" if rank == "10" else rank)
        cards.append(Token(m.group(), i + 1, a + 2 + m.start(), value))
        mark = _winner_mark(cell)
        if mark:
            winner = seat
            if mark != "whole":
                stated["broken"].append(Token(cell.strip(), i + 1, a + 2, str(number)))
    deal.tricks.append(RawTrick(number=Token(str(number), i + 1, row.index(str(number)) + 1,
                                             str(number)),
                                seats=list(SEATS), leader=leader, cards=cards, count={},
                                line=i + 1, end_line=i + 1))
    stated["winners"].append((number, winner, i + 1))
    return winner


def _winner_mark(cell: str) -> str:
    """"whole" for <f>..</f>, "broken" for a tag with a lost bracket, "" for none."""
    if WINNER_OPEN in cell and WINNER_CLOSE in cell:
        return "whole"
    return "broken" if re.search(r"</?f>|<f\b|\bf>", cell) else ""
