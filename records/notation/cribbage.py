"""Parse how cribbage is written (grammars/cribbage.lark) into raw tokens and card mentions.

Nothing here knows the rules: a rank word stays a rank word and a number stays a number
until records/games/cribbage.py decides what it counts for.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from lark import Lark, Token, Tree
from lark.exceptions import LarkError

from ..resources import grammar

RANK_WORDS = {"ace": 1, "deuce": 2, "two": 2, "tray": 3, "trey": 3, "three": 3, "four": 4,
              "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "jack": 11,
              "knave": 11, "queen": 12, "king": 13}
RANK_SIGNS = {"A": 1, "T": 10, "10": 10, "J": 11, "Q": 12, "K": 13,
              **{str(n): n for n in range(2, 10)}}
SUIT_LETTERS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "S": "S", "H": "H", "D": "D", "C": "C"}
SUIT_WORDS = {"heart": "H", "diamond": "D", "spade": "S", "club": "C"}
UNITS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
         "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
         "eighteen", "nineteen"]
TENS = {"twenty": 20, "thirty": 30}


class NotationError(ValueError):
    """Text that is not cribbage notation; line and column say where reading stopped."""

    def __init__(self, message: str, line: int = 1, column: int = 1):
        super().__init__(message)
        self.line, self.column = line, column


@dataclass
class Tok:
    type: str
    text: str
    line: int
    column: int


@dataclass
class RawCard:
    rank: int
    suit: str
    text: str
    line: int
    column: int
    plural: bool = False   # "8's", "fives": more than one card of the rank may be meant


@dataclass
class RawNotation:
    """A compact line: a hand (with starter and stated count) or a play sequence."""
    kind: str                              # "hand" or "play"
    crib: bool = False
    held: list[RawCard] = field(default_factory=list)
    starter: RawCard | None = None
    stated: int | None = None
    plays: list[tuple[str, RawCard | None, int, int]] = field(default_factory=list)
    # plays: ("card", card, line, col) | ("go", None, line, col) | ("reset", None, line, col)


@cache
def _parser() -> Lark:
    return Lark(grammar("cribbage"), parser="lalr", start=["notation", "prose"],
                propagate_positions=True)


# -- tokens ------------------------------------------------------------------------
def prose_tokens(text: str, first_line: int = 1) -> list[Tok]:
    """Every token of running text, with its line (counted from first_line) and column."""
    try:
        tree = _parser().parse(text, start="prose")
    except LarkError as exc:  # the prose grammar accepts any text; this is a safety net
        raise NotationError(f"cannot read: {exc}") from exc
    return [Tok(t.type, str(t), t.line + first_line - 1, t.column)
            for t in tree.scan_values(lambda v: isinstance(v, Token))]


def card_of(tok: Tok) -> RawCard | None:
    """The card a single token names (rank, and suit when it gives one), else None."""
    text = tok.text
    if tok.type == "CARD":
        suit = SUIT_LETTERS[text[-1]]
        return RawCard(RANK_SIGNS[text[:-1].upper()], suit, text, tok.line, tok.column)
    if tok.type == "RANK_SIGN":
        base = re.sub(r"(['’]s|s)$", "", text)
        return RawCard(RANK_SIGNS[base.upper()], "", text, tok.line, tok.column,
                       plural=base != text)
    if tok.type == "RANK_WORD":
        word = text.lower()
        base = word if word in RANK_WORDS else re.sub(r"e?s$", "", word)
        if base not in RANK_WORDS:
            base = word[:-1]
        return RawCard(RANK_WORDS[base], "", text, tok.line, tok.column, plural=base != word)
    return None


def number_of(tok: Tok) -> int | None:
    """The number a token states: 29, six, twenty-nine, ten. None for anything else."""
    if tok.type == "NUMBER":
        return int(tok.text)
    if tok.type == "RANK_SIGN" and tok.text.isdigit():
        return int(tok.text)
    word = tok.text.lower()
    if tok.type == "RANK_WORD" and word in UNITS:
        return UNITS.index(word)
    if tok.type == "NUMBER_WORD":
        head, _, tail = word.partition("-")
        if word in UNITS:
            return UNITS.index(word)
        for tens, value in TENS.items():
            if word.startswith(tens):
                rest = word[len(tens):].lstrip("-")
                return value + (UNITS.index(rest) if rest else 0)
        if head in UNITS and tail in UNITS:   # "fifteen-two": a call, the points come last
            return UNITS.index(head)
    return None


def suit_of(tok: Tok) -> str | None:
    if tok.type != "SUIT_WORD":
        return None
    return SUIT_WORDS[re.sub(r"s$", "", tok.text.lower())]


# -- compact notation ---------------------------------------------------------------------
def parse_notation(text: str, first_line: int = 1) -> RawNotation:
    """'5H 5D 5S JC | 5C', 'crib AS 2D 3H JS | 4S = 12', 'play 3 7 7 7 go 5'."""
    try:
        tree = _parser().parse(text, start="notation")
    except LarkError as exc:
        line, column = getattr(exc, "line", 1), getattr(exc, "column", 1)
        raise NotationError(_explain(text, exc), line + first_line - 1, column) from exc
    if tree.data == "hand":
        return _hand(tree, first_line)
    return _play(tree, first_line)


def _explain(text: str, exc: LarkError) -> str:
    bad = getattr(exc, "token", None) or getattr(exc, "char", None)
    if bad is not None and str(bad).strip():
        return f"cannot read {str(bad)!r} as a card (write rank and suit, e.g. 5H, TD, 10♥, JC)"
    return f"cannot read {text!r} as cards"


def _raw(card_tree: Tree, first_line: int) -> RawCard:
    token = card_tree.children[0]
    raw = card_of(Tok(token.type, str(token), token.line + first_line - 1, token.column))
    if raw is None:  # pragma: no cover (the grammar only lets card tokens through)
        raise NotationError(f"{token!s} is not a card", token.line, token.column)
    return raw


def _hand(tree: Tree, first_line: int) -> RawNotation:
    label, held, starter, stated = tree.children
    out = RawNotation("hand", crib=label is not None and label.type == "CRIB")
    out.held = [_raw(c, first_line) for c in held.children]
    if starter is not None:
        out.starter = _raw([c for c in starter.children if isinstance(c, Tree)][0], first_line)
    if stated is not None:
        out.stated = int(stated.children[0])
    return out


def _play(tree: Tree, first_line: int) -> RawNotation:
    out = RawNotation("play")
    for child in tree.children:
        if not isinstance(child, Tree):
            continue
        if child.data == "stated":
            out.stated = int(child.children[0])
        elif child.data == "go":
            tok = child.children[0]
            out.plays.append(("go", None, tok.line + first_line - 1, tok.column))
        elif child.data == "reset":
            meta = child.meta
            out.plays.append(("reset", None, getattr(meta, "line", 1) + first_line - 1,
                              getattr(meta, "column", 1)))
        else:
            card = _raw(child.children[0], first_line)
            out.plays.append(("card", card, card.line, card.column))
    return out


# -- compact lines inside any text --------------------------------------------------------
COMPACT_LINE = re.compile(r"^\s*(hand|crib|play)\b\s*:?\s+\S", re.I)
SUITED = re.compile(r"(?<![\w'])(10|[2-9TJQKA])[SHDC♠♥♦♣](?![\w'])")
PLAY_LINE = re.compile(r"^\s*play\s*:?(\s+((10|[2-9TJQKA])[SHDC♠♥♦♣]?|go|/))+(\s*=\s*\d+)?\s*$",
                       re.I)


def book_examples(text: str) -> list:
    return []


def compact_lines(text: str) -> list[tuple[int, str, RawNotation | NotationError]]:
    """Lines written in the compact notation: 'hand 5H 5D 5S JC | 5C = 29', 'play 6 2 5 4 A 3'.

    Only lines that start with a label and hold a rank-and-suit card or a play are taken, so
    running prose that happens to begin with "hand" is left alone.
    """
    out = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not COMPACT_LINE.match(line):
            continue
        body = line.split("#", 1)[0].rstrip()
        if not (PLAY_LINE.match(body) or len(SUITED.findall(body)) >= 2):
            continue
        try:
            out.append((number, line, parse_notation(body, number)))
        except NotationError as exc:
            out.append((number, line, exc))
    return out
