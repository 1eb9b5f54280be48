"""The card vocabulary, written once for every card family (whist, bridge, cribbage).

A suit is one letter (S H D C); a rank is one character (A K Q J T 9 .. 2). What each
family makes of them (a trick engine's "DJ", cribbage's Card(11, "D")) is its own affair;
this module only says which printed marks, letters and words stand for which suit and rank.

    parse_card_token("KH") -> ("K", "H")     parse_card_token("10♠") -> ("T", "S")
    parse_card_token("K♥") -> ("K", "H")     parse_card_token("Knave") -> ("J", "")
"""
from __future__ import annotations

SUITS = "SHDC"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
# every mark a book prints for a suit: solid and outline symbols, and the letters
SUIT_MARKS = {"♠": "S", "♤": "S", "♥": "H", "♡": "H", "♦": "D", "◇": "D", "♢": "D",
              "♣": "C", "♧": "C", "S": "S", "H": "H", "D": "D", "C": "C"}
SUIT_GLYPHS = "".join(m for m in SUIT_MARKS if not m.isascii())
SUIT_WORDS = {"spade": "S", "heart": "H", "diamond": "D", "club": "C"}

RANKS_HIGH_FIRST = "AKQJT98765432"
RANKS_ACE_LOW = "A23456789TJQK"
# ranks spelled out, old and new
RANK_WORDS = {"ace": "A", "deuce": "2", "two": "2", "tray": "3", "trey": "3", "three": "3",
              "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8", "nine": "9",
              "ten": "T", "jack": "J", "knave": "J", "queen": "Q", "king": "K"}
# the abbreviations of old whist books (Kg, Qn, Knv, Kn)
RANK_ABBREVIATIONS = {"kg": "K", "qn": "Q", "knv": "J", "kn": "J"}
RANK_SIGNS = {"10": "T", "1": "A", **{r: r for r in RANKS_HIGH_FIRST}}


def rank_number(rank: str) -> int:
    """Ace low: "A" -> 1, "T" -> 10, "K" -> 13."""
    return RANKS_ACE_LOW.index(rank) + 1


def rank_letter(text: str) -> str | None:
    """The rank a sign or word stands for ("10", "t", "Knave", "Kg"), None if none."""
    low = text.strip().lower()
    return (RANK_SIGNS.get(low.upper()) or RANK_WORDS.get(low)
            or RANK_ABBREVIATIONS.get(low))


def suit_letter(mark: str) -> str | None:
    """The suit a mark, letter or word names ("♡", "h", "Hearts"), None if none."""
    mark = mark.strip()
    found = SUIT_MARKS.get(mark) or SUIT_MARKS.get(mark.upper())
    if found is None:
        found = SUIT_WORDS.get(mark.lower().removesuffix("s"))
    return found


def parse_card_token(text: str) -> tuple[str, str]:
    """One printed card: (rank, suit), suit "" when the text gives only the rank.

    Reads KH, K♥, ♥K, 10S, TD, a bare rank (T, 10, Knave). Raises ValueError otherwise.
    """
    t = text.strip()
    rank = rank_letter(t)
    if rank is not None:
        return rank, ""
    for body, mark in ((t[:-1], t[-1:]), (t[1:], t[:1])):
        suit = SUIT_MARKS.get(mark) or SUIT_MARKS.get(mark.upper())
        rank = rank_letter(body) if suit and body else None
        if rank is not None:
            return rank, suit
    raise ValueError(f"{text!r} is not a card (write rank and suit, e.g. 5H, TD, 10♥, JC)")
