"""Deals as a book prints them, before any replay: the hands, tricks, counts and words a
reader found, each printed card or number with its line and column, and how a holding (the ranks
printed before or after one suit mark) is read.

Every layout reader (trick blocks, trick tables, tricks told in sentences, compass diagrams)
makes these; records/cards/deal_play.py replays them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from records.cards.notation import CardsSyntaxError, parse_card, parse_hand
from records.core.cards import (
    RANK_ABBREVIATIONS,
    RANK_SIGNS,
    RANK_WORDS,
    SUIT_MARKS,
    SUIT_WORDS,
)

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
    leader: str | None           # the seat that leads, as the marks say (None: the play says)
    cards: list[Token]           # in the printed order, value = engine card or ""
    count: dict[str, Token]      # "AB"/"YZ" -> the printed running count
    line: int = 0
    end_line: int = 0
    marked: int | None = None    # the printed place (seat or card) a mark is on


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
    ocr: list[Token] = field(default_factory=list)  # a known OCR confusion read through in a
                                                    # hand (text = as printed, value = read)
    said: list = field(default_factory=list)  # (severity, code, message, line, column,
                                              # suggestion, repair) of hands read in part
    trump: str | None = None           # a trump declared (bridge), when no card is turned up
    first_leader: str = "A"            # the dealer's left; another seat after an auction
    leader_said: bool = False          # the words name the first leader ("A leads")
    seats: tuple = ("A", "Y", "B", "Z")   # the book's seats, clockwise
    dealer: str = ""                   # "" : the seat on the first leader's right
    leaders_printed: bool = True       # does each trick mark its leader?
    seat_rows: tuple = ()              # a table in seat order: its places' seats, clockwise
    leaders_given: dict = field(default_factory=dict)   # trick -> seat, where the marks say
    unread: bool = False               # most of its tricks are not in the form looked for
    top: str = ""                      # the seat a compass diagram draws at the top (North)
    claims: list = field(default_factory=list)   # what the words say the sides took (Said)


@dataclass
class RawHand:
    """A single hand printed suit mark first (a bridge or whist example)."""
    cards: list[Token]
    line: int
    text: str


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


def holding(body: str, mark: str, line: int, offset: int, who: str,
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


