"""Whist and bridge passages in running book text -> raw deals, hands and score pads.

These forms are read here, each keeping the line and column of every printed card or number
(trick tables and compass diagrams are read through the layout engine: table_deals.py):
  * tricks printed one to a block: a heading ``HAND I.``, one player's hand with the score
    and the turn-up, then each trick on its own (the running trick count, the seats in the
    order printed with a mark (``↷``, ``*``, ``†``, ``led``, underlining) on the leader, four
    cards), the result line, and a table of the other hands (``Y'S HAND. | B'S HAND.``);
  * end positions, a seat a line;
  * hands printed suit mark first, ``♥ K Q 6 4 3 ♣ A 5 4 ♦ K 10 3 2 ♠ 8.``;
  * two-line and four-line bridge score pads (tab-separated columns).
Nothing here decides who wins a trick or whether a score adds up: that is the game layer's
work (records/games/whist.py with the trick engine).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from lark import Lark, UnexpectedInput

from records.cards.notation import CardsSyntaxError, parse_card, parse_hand
from records.core.cards import (
    RANK_ABBREVIATIONS,
    RANK_SIGNS,
    RANK_WORDS,
    SUIT_GLYPHS,
    SUIT_MARKS,
    SUIT_WORDS,
)
from records.core.resources import grammar

SUIT_OF_MARK = {mark: suit for mark, suit in SUIT_MARKS.items() if not mark.isascii()}
SUIT_OF_WORD = SUIT_WORDS
RANK_OF_WORD = {**RANK_WORDS, **RANK_ABBREVIATIONS,
                **{sign.lower(): rank for sign, rank in RANK_SIGNS.items() if sign != "1"}}


@dataclass
class Token:
    """A printed item (card, rank, number, phrase) and where it stands (1-based)."""
    text: str
    line: int
    column: int
    value: str = ""        # the card ("SQ"), rank or number it reads as; "" when unreadable


@dataclass
class RawTrick:
    number: Token
    seats: list[str]             # seats in the printed order ([]: printed in playing order)
    leader: str | None           # the seat marked with the lead arrow
    cards: list[Token]           # in the printed order, value = engine card or ""
    count: dict[str, Token]      # "AB"/"YZ" -> the printed running count
    line: int = 0
    end_line: int = 0


@dataclass
class RawDeal:
    """One deal as printed: its hands, tricks, and what the text says of it."""
    title: str
    subtitle: str
    line: int
    end_line: int
    text: str
    known_seat: str = ""
    hands: dict = field(default_factory=dict)      # seat -> list[Token] (value = card)
    hand_lines: dict = field(default_factory=dict)  # seat -> line where the hand is printed
    score: Token | None = None
    turnup: Token | None = None
    tricks: list[RawTrick] = field(default_factory=list)
    result: Token | None = None
    last_trick: Token | None = None    # "TRICK 13.--A makes the king of diamonds": text = seat
    problems: list[Token] = field(default_factory=list)  # unreadable passages (text = why)
    notes: list[Token] = field(default_factory=list)     # harmless typography (text = what)
    trump: str | None = None           # a trump declared (bridge), when no card is turned up
    first_leader: str = "A"            # the dealer's left; another seat after an auction
    seats: tuple = ("A", "Y", "B", "Z")   # the book's seats, clockwise
    dealer: str = ""                   # "" : the seat on the first leader's right
    leaders_printed: bool = True       # does each trick mark its leader?
    seat_rows: tuple = ()              # a table in seat order: its places' seats, clockwise
    leaders_given: dict = field(default_factory=dict)   # trick -> seat, where the marks say
    unread: bool = False               # most of its tricks are not in the form looked for
    top: str = ""                      # the seat a compass diagram draws at the top (North)


@dataclass
class RawHand:
    """A single hand printed suit mark first (a bridge or whist example)."""
    cards: list[Token]
    line: int
    text: str


@dataclass
class RawPad:
    """A score pad: numbers by column, in the order written, with labels."""
    style: int                    # 2 (two-line) or 4 (four-line)
    line: int
    end_line: int
    text: str
    players: list[str] = field(default_factory=list)
    sides: list[str] = field(default_factory=list)          # "WE", "THEY"
    sections: list[list[list[Token | None]]] = field(default_factory=list)  # rows of cells
    columns: list[str] = field(default_factory=list)        # four-line: TRICKS/HONORS labels


# -- cards -------------------------------------------------------------------------
@cache
def read_card(text: str) -> str:
    """"Qn♢" -> "DQ" through the cards grammar; "" when it is not one card."""
    try:
        return parse_card(text)
    except (CardsSyntaxError, ValueError):
        return ""


def read_named_card(text: str) -> str:
    """"Two of spades" -> "S2"."""
    m = re.match(r"\s*(\w+) of (\w+?)s?\b", text, re.I)
    if not m:
        return ""
    rank = RANK_OF_WORD.get(m.group(1).lower(), "")
    suit = SUIT_OF_WORD.get(m.group(2).lower(), "")
    return suit + rank if rank and suit else ""


RANK_TOKEN = re.compile(r"(?i:ace|king|queen|knave|jack|ten)|Kg|Qn|Knv|Kn|10|[AKQJT2-9](?![a-z])")
VOID = re.compile(r"^[\s,.]*(?:(?i:none|void|nil)|[—–-]+)?[\s,.]*$")


def _holding(body: str, mark: str, line: int, offset: int, who: str,
             problems: list[Token], notes: list[Token] | None = None) -> list[Token]:
    """The ranks printed before one suit mark (a row of a hand) as card Tokens."""
    body = body.rstrip()
    if VOID.match(body):
        return []                       # a void: "None", "—", "-", "void" or nothing
    try:
        hand = parse_hand(f"{body} {mark}", line, offset + 1, allow_repeats=True)
    except CardsSyntaxError as exc:
        problems.append(Token(f"cannot read {body.strip()!r} as {who}'s "
                              f"{SUIT_NAME[SUIT_OF_MARK[mark]]}: {exc.message}",
                              exc.line, exc.column))
        return []
    tokens = [Token(t.text, t.line, t.column, t.card) for t in hand.tokens]
    if notes is not None and "," in body:
        notes.extend(_missing_commas(body, offset, tokens))
    return tokens


def _missing_commas(body: str, offset: int, tokens: list[Token]) -> list[Token]:
    """Ranks printed without the comma the rest of the holding uses ("Knv, 9 8, 7")."""
    out = []
    for a, b in zip(tokens, tokens[1:]):
        between = body[a.column - 1 - offset + len(a.text):b.column - 1 - offset]
        if a.line == b.line and "," not in between:
            out.append(Token(f"no comma between {a.text} and {b.text}", a.line, a.column))
    return out


SUIT_NAME = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


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
    return Lark(grammar("whist_book"), parser="lalr", propagate_positions=True)


def find_trick_illustrations(text: str) -> list[RawDeal]:
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
            cards += _holding(row[:m.start()], m.group(1), i + 1, 0, deal.known_seat,
                              deal.problems, deal.notes)
        elif lead:                   # the suit mark first: "♠ Qn, 10, 5, 3"
            body = " " * lead.end() + row[lead.end():]
            cards += _holding(body, lead.group(1), i + 1, 0, deal.known_seat, deal.problems,
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
            deal.hands[seat] += _holding(body, marks[0], i + 1, pos, seat, deal.problems,
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


# -- endings: a few cards in each hand, one seat a line ------------------------------
ENDING_ROW = re.compile(r"^\s*([AYBZ])(?:\s+(\S.*?))?\]?\s*$")
ENDING_TRUMPS = re.compile(r"(?i)\b(spades|hearts|diamonds|clubs) (?:trumps\b|\(trumps\))|"
                           r"\btrumps \((spades|hearts|diamonds|clubs)\)")
ENDING_LEADER = re.compile(r"\b([AYBZ]) (?:to lead|leads)\b")


@dataclass
class RawEnding:
    hands: dict                  # seat -> list[Token] (empty: not given)
    line: int
    end_line: int
    text: str
    trumps: Token | None = None  # value = suit letter
    leader: Token | None = None  # text = seat
    problems: list[Token] = field(default_factory=list)
    title: str = ""


def find_endings(text: str) -> list[RawEnding]:
    """Illustrations of end positions: ``[Illustration:`` then a line per seat
    (``A  9♣, 4♣, 3♣, 2♣``), with the trumps and the leader in the sentences after."""
    lines = text.split("\n")
    out = []
    for i, line in enumerate(lines):
        if line.strip() != "[Illustration:":
            continue
        rows, j = [], i + 1
        while j < len(lines) and len(rows) < 4:
            if lines[j].strip():
                m = ENDING_ROW.match(lines[j])
                if not m:
                    break
                rows.append((j, m))
            j += 1
        if len(rows) == 4 and len({m.group(1) for _, m in rows}) == 4 and \
                any(m.group(2) for _, m in rows):
            out.append(_ending(lines, rows, i))
    return out


def _ending(lines: list[str], rows, start: int) -> RawEnding:
    last = rows[-1][0]
    ending = RawEnding({}, start + 1, last + 1, "")
    for j, m in rows:
        seat, body = m.group(1), m.group(2) or ""
        cards: list[Token] = []
        if body.strip():
            try:
                parsed = parse_hand(body.rstrip(" ]"), j + 1, m.start(2) + 1, allow_repeats=True)
                cards = [Token(t.text, t.line, t.column, t.card) for t in parsed.tokens]
            except CardsSyntaxError as exc:
                ending.problems.append(Token(f"cannot read {seat}'s cards: {exc.message}",
                                             exc.line, exc.column))
        ending.hands[seat] = cards
    for k, line in enumerate(lines[last + 1:last + 8], start=last + 2):
        t = ENDING_TRUMPS.search(line)
        if t and ending.trumps is None:
            word = (t.group(1) or t.group(2)).lower()
            ending.trumps = Token(t.group(0), k, t.start() + 1, SUIT_OF_WORD[word[:-1]])
        lead = ENDING_LEADER.search(line)
        if lead and ending.leader is None:
            ending.leader = Token(lead.group(1), k, lead.start() + 1)
    ending.text = "\n".join(lines[start:last + 1])
    ending.title = next((l.strip().rstrip(".") for l in reversed(lines[max(0, start - 3):start])
                         if re.match(r"\s*CASE [IVXL]+\.", l)), "")
    return ending


# -- hands printed suit mark first ---------------------------------------------------
SUIT_FIRST = re.compile(
    rf"(?<![\w{SUIT_GLYPHS}])([{SUIT_GLYPHS}])((?:[ ]+(?:10|[AKQJT2-9])(?![\w]))+)")


_GLYPH_SET = frozenset(SUIT_GLYPHS)


def find_suit_first_hands(text: str, claimed=frozenset()) -> list[RawHand]:
    """Lines holding a whole hand as ``♥ K Q 6 4 3 ♣ A 5 4 ♦ K 10 3 2 ♠ 8``.

    Only runs of two or more suit groups separated by single spaces are hands; tables
    (tab-separated rank orders) and single holdings are not.
    """
    hands = []
    for n, line in enumerate(text.split("\n"), start=1):
        if line.isascii() or _GLYPH_SET.isdisjoint(line) or "\t" in line or n - 1 in claimed:
            continue
        groups = list(SUIT_FIRST.finditer(line))
        if len(groups) < 2:
            continue
        run = [groups[0]]
        for g in groups[1:]:
            if line[run[-1].end():g.start()].strip(" ,;") == "":
                run.append(g)
        suits = [SUIT_OF_MARK[g.group(1)] for g in run]
        if len(run) < 2 or len(set(suits)) != len(suits):
            continue
        first, last = run[0].start(), run[-1].end()
        try:
            parsed = parse_hand(line[first:last], n, first + 1)
        except CardsSyntaxError:
            continue
        cards = [Token(t.text, t.line, t.column, t.card) for t in parsed.tokens]
        if len(cards) >= 13 or len(run) == 4:
            hands.append(RawHand(cards, n, line.strip()))
    return hands


COLUMN_ROW = re.compile(
    rf"^\s*(?:[{SUIT_GLYPHS}]|(?i:spades|hearts|diamonds|clubs))\s*[:.\u2014-]?\s*"
    r"(?:(?:(?:10|[AKQJT2-9]|Ace|King|Queen|Knave|Jack)(?![\w])[ ,]*)+|\u2014|-|(?i:void))\s*\.?\s*$")


def find_column_hands(text: str, claimed=frozenset()) -> list[RawHand]:
    """Hands printed one suit a line, suit mark (or name) first::

        ♠ A K 7
        ♥ K J 10 4
        ♦ A Q 3
        ♣ K 8 6

    Four consecutive rows with four different suits and thirteen cards in all.
    """
    lines = text.split("\n")
    hands, i = [], 0
    while i < len(lines):
        if not COLUMN_ROW.match(lines[i]) or "\t" in lines[i] or i in claimed:
            i += 1
            continue
        rows = lines[i:i + 4]
        if len(rows) == 4 and all(COLUMN_ROW.match(r) and "\t" not in r for r in rows) and \
                not claimed.intersection(range(i, i + 4)):
            hand = _column_hand(rows, i + 1)
            if hand is not None:
                hands.append(hand)
                i += 4
                continue
        i += 1
    return hands


def _column_hand(rows: list[str], first_line: int) -> RawHand | None:
    cards, suits = [], []
    for k, row in enumerate(rows):
        body = row.rstrip().rstrip(".")
        start = len(body) - len(body.lstrip())
        if re.search(r"(\u2014|-|(?i:void))\s*$", body) and not RANK_TOKEN.search(body[start + 1:]):
            body = body[:body.rfind(body.split()[-1])]     # a void: the suit alone
        try:
            parsed = parse_hand(body.strip(), first_line + k, start + 1, allow_repeats=True)
        except CardsSyntaxError:
            return None
        suits.append(parsed.suit_order or "")
        cards += [Token(t.text, t.line, t.column, t.card) for t in parsed.tokens]
    if len(set("".join(suits))) != 4 or len(cards) != 13:
        return None
    return RawHand(cards, first_line, " / ".join(r.strip() for r in rows))


# -- score pads ---------------------------------------------------------------
PAD_HEADER = re.compile(r"(\d)-LINE\b", re.I)
NUMBER = re.compile(r"^\d+$")


def find_score_pads(text: str) -> list[RawPad]:
    lines = text.split("\n")
    pads = []
    for i, line in enumerate(lines):
        m = PAD_HEADER.search(line)
        if not m or m.group(1) not in "24" or "PAD" not in " ".join(lines[i:i + 3]).upper():
            continue
        pads.append(_read_pad(lines, i, int(m.group(1))))
    return pads


def _row_cells(line: str, n: int) -> list[tuple[int, str]]:
    out, pos = [], 0
    for cell in line.split("\t")[:max(n, 1) + 4]:
        out.append((pos, cell.strip()))
        pos += len(cell) + 1
    return out


def _read_pad(lines: list[str], start: int, style: int) -> RawPad:
    """Rows of numbers split at tabs; a line with words between number rows is a rule."""
    pad = RawPad(style, start + 1, start + 1, "")
    sections: list[list[list[Token | None]]] = [[]]
    i = start + 1
    seen_numbers = False
    while i < len(lines):
        line = lines[i]
        cells = _row_cells(line, 4)
        words = [c for _, c in cells if c]
        if not words:
            if seen_numbers and _pad_ended(lines, i):
                break
            i += 1
            continue
        if len(line) > 120 or (PAD_HEADER.search(line) and i > start):
            break
        if all(NUMBER.match(w) for w in words):
            seen_numbers = True
            row = [Token(c, i + 1, pos + 1, c) if c else None for pos, c in cells]
            width = 2 if style == 2 else 4
            sections[-1].append((row + [None] * width)[:width])
        else:
            upper = [w.upper() for w in words]
            if upper == ["WE", "THEY"]:
                pad.sides = words
            elif "TRICKS" in upper and "HONORS" in upper and style == 4:
                pad.columns = upper
            elif "INITIALS" in " ".join(upper):
                pass
            elif not seen_numbers and len(words) == 2 and all("." in w for w in words):
                pad.players = words
            elif seen_numbers and sections[-1]:
                sections.append([])
        i += 1
    pad.sections = [s for s in sections if s]
    pad.end_line = i
    pad.text = "\n".join(lines[start:i])
    return pad


def _pad_ended(lines: list[str], i: int) -> bool:
    """A blank line ends a pad when what follows is prose, not more of the pad."""
    for line in lines[i + 1:i + 3]:
        if line.strip():
            return len(line) > 120 or line[0].islower()
    return True
