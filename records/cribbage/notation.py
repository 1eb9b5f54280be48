"""Parse how cribbage is written (grammars/cribbage.lark) into raw tokens and card mentions.

Nothing here knows the rules: a rank word stays a rank word and a number stays a number
until records/games/cribbage.py decides what it counts for.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from lark import Lark, Tree
from lark.exceptions import LarkError

from records.core import cards
from records.core.cards import rank_number
from records.core.resources import lalr_parser

# rank words as numbers, ace low: "knave" -> 11 (of the old abbreviations, Kn is read: `KnC`)
RANK_WORDS = {word: rank_number(rank) for word, rank in cards.RANK_WORDS.items()}
RANK_SIGNS = {sign: rank_number(rank) for sign, rank in cards.RANK_SIGNS.items()}
SUIT_LETTERS = cards.SUIT_MARKS
SUIT_WORDS = cards.SUIT_WORDS
UNITS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
         "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
         "eighteen", "nineteen"]
TENS = {"twenty": 20, "thirty": 30}

CATEGORY_WORDS = {"fifteen": "fifteens", "fifteens": "fifteens", "pair": "pairs",
                  "pairs": "pairs", "pairing": "pairs", "royal": "pairs", "run": "runs",
                  "runs": "runs", "sequence": "runs", "sequences": "runs", "flush": "flush",
                  "flushes": "flush", "nobs": "nobs", "nob": "nobs"}
TOTAL_CUES = {"score", "scores", "worth", "count", "counts", "amount", "being", "altogether", "total",
              "totals", "equals", "="}   # (not "make": `he can make two separate runs`)


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
class RawClaim:
    what: str           # total | fifteens | pairs | runs | flush | nobs | number of <category>
    value: int
    text: str
    line: int
    column: int
    owner: str = ""


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
    claims: list = field(default_factory=list)   # RawClaims read from a spoken count


@cache
def _parser() -> Lark:
    return lalr_parser("cribbage", start=["notation", "prose"],
                propagate_positions=True)


# -- tokens ------------------------------------------------------------------------
@cache
def _unnamed() -> frozenset[str]:
    """The grammar's string terminals (`|`, `/`, `=`, `:`): a parse tree leaves them out."""
    from lark.lexer import PatternStr
    return frozenset(t.name for t in _parser().terminals if isinstance(t.pattern, PatternStr))


def prose_tokens(text: str, first_line: int = 1) -> list[Tok]:
    """Every token of running text, with its line (counted from first_line) and column.

    The prose rule accepts any sequence of tokens, so the lexer alone gives what a parse would
    (the same tokens on every book of the corpus) in a quarter of the time."""
    unnamed = _unnamed()
    kept = ("=", ":")   # `= 29`, a count stated; `starter, 2S: seven`, the count after a colon
    try:
        return [Tok("PUNCT" if t in kept else t.type, str(t), t.line + first_line - 1, t.column)
                for t in _parser().lex(text) if t.type not in unnamed or t in kept]
    except LarkError as exc:  # every character is some token; this is a safety net
        raise NotationError(f"cannot read: {exc}") from exc


def card_of(tok: Tok) -> RawCard | None:
    """The card a single token names (rank, and suit when it gives one), else None."""
    text = tok.text
    if tok.type == "CARD":
        if text[0] in SUIT_LETTERS:   # "♦K": the sign first
            return RawCard(_sign_rank(text[1:]), SUIT_LETTERS[text[0]], text, tok.line,
                           tok.column)
        suit = SUIT_LETTERS[text[-1]]
        return RawCard(_sign_rank(text[:-1]), suit, text, tok.line, tok.column)
    if tok.type == "RANK_SIGN":
        base = re.sub(r"(['’]s|s)$", "", text)
        return RawCard(_sign_rank(base), "", text, tok.line, tok.column, plural=base != text)
    if tok.type == "RANK_WORD":
        word = text.lower()
        base = word if word in RANK_WORDS else re.sub(r"e?s$", "", word)
        if base not in RANK_WORDS:
            base = word[:-1]
        return RawCard(RANK_WORDS[base], "", text, tok.line, tok.column, plural=base != word)
    return None


def _sign_rank(sign: str) -> int:
    """The rank of a sign: `K`, `10`, and the old books' `Kn` (`Kn.`) for the knave."""
    sign = sign.removesuffix(".")
    return RANK_SIGNS.get(sign.upper()) or rank_number(cards.RANK_ABBREVIATIONS[sign.lower()])


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
STARTER_COMMA = re.compile(r",(?=\s*(?:starter|turn(?:ed)?[- ]?up)\b)", re.I)
# `turn-up 7C. 15-2, 15-4, ...`: the stop between the cards and the count, read as a colon
COUNT_STOP = re.compile(r"(?<=[\dTJQKA][SHDC\u2660-\u2667])\.(?=\s*(?:15\s?[-\u2013]|[Ff]ifteen))")


def parse_notation(text: str, first_line: int = 1) -> RawNotation:
    """'5H 5D 5S JC | 5C', 'crib AS 2D 3H JS | 4S = 12', 'play 3 7 7 7 go 5', '5H 5D 5S JC,
    starter 5C: fifteen 2, ...' (the comma read as a space, so every column stays), '5H 5D 5S
    JC, turn-up 5C. 15-2, ...' (the stop read as a colon)."""
    text = COUNT_STOP.sub(":", STARTER_COMMA.sub(" ", text))
    text = re.sub(r"(?<=\d)\.(\s*)$", r" \1", text)   # `... starter 5S = 29.`: the sentence's stop
    try:
        tree = _parser().parse(text, start="notation")
    except LarkError as exc:
        line, column = getattr(exc, "line", 1), getattr(exc, "column", 1)
        raise NotationError(_explain(text, exc), line + first_line - 1, column) from exc
    if tree.data == "hand":
        return _hand(tree, first_line)
    return _play(tree, first_line)


def _explain(text: str, exc: LarkError) -> str:
    column = getattr(exc, "column", 0)
    line = text.splitlines()[getattr(exc, "line", 1) - 1] if text.strip() else ""
    rest = line[column - 1:].split() if column else []
    if rest:
        return f"cannot read {rest[0]!r} as a card (write rank and suit, e.g. 5H, TD, 10♥, JC)"
    return f"cannot read {text!r} as cards: it ends too soon"


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
        said = stated.children[0]
        if isinstance(said, Tree):
            out.claims = spoken_claims(_toks(said, first_line))
        else:
            out.stated = int(said)
    return out


def _toks(spoken: Tree, first_line: int) -> list[Tok]:
    return [Tok(t.type, str(t), t.line + first_line - 1, t.column) for t in spoken.children]


def _play(tree: Tree, first_line: int) -> RawNotation:
    out = RawNotation("play")
    for child in tree.children:
        if not isinstance(child, Tree):
            continue
        if child.data == "stated":   # a number, or a count called aloud ("= ... is six")
            said = child.children[0]
            if isinstance(said, Tree):
                totals = [c.value for c in spoken_claims(_toks(said, first_line))
                          if c.what == "total"]
                out.stated = totals[-1] if totals else None
            else:
                out.stated = int(said)
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
# a label, then a card or a go (prose that begins "Crib holds ..." is not notation)
COMPACT_LINE = re.compile(r"^\s*(hand|crib|play)\b\s*:?\s+(?:(?:10|[1-9TJQKA])[SHDC♠♥♦♣]?(?![\w'])"
                          r"|[♠♥♦♣](?:10|[2-9TJQKA])(?![\w'])|go\b)", re.I)
SUITED = re.compile(r"(?<![\w'])(10|[2-9TJQKA])[SHDC♠♥♦♣](?![\w'])|[♠♥♦♣](10|[2-9TJQKA])(?![\w'])")
PLAY_LINE = re.compile(r"^\s*play\s*:?(\s+((10|[2-9TJQKA])[SHDC♠♥♦♣]?|go|/))+(\s*=\s*\d+)?\s*$",
                       re.I)



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
        cards = body.partition("=")[0]
        if not (PLAY_LINE.match(body) or PLAY_LINE.match(cards) or len(SUITED.findall(cards)) >= 2):
            continue
        try:
            out.append((number, line, parse_notation(body, number)))
        except NotationError as exc:
            out.append((number, line, exc))
    return out


# a count written short names an item and the running total after it: `pair 8`, `run of
# three 11`
SAID_AFTER = {"pair", "pairs", "royal", "run", "runs", "flush", "nob", "nobs", "sequence"}


def spoken_claims(toks: list[Tok]) -> list:
    """A count as it is called aloud: 'fifteen two, fifteen four and a pair is six'.

    The last 'fifteen N' gives the points for fifteens; the number after the last 'is' or
    'are', or straight after an item ('pair 8', 'double run 16'), or else the last fifteen,
    gives the total; 'one for his nobs' and the like
    give their own parts. 'Nineteen', the name for a hand worth nothing, reads as 0."""
    words = [t.text.lower() for t in toks]
    out, fifteen, total = [], None, None
    for i, tok in enumerate(toks):
        word = words[i]
        if word.startswith("fifteen-") or (word == "fifteen" and i + 1 < len(toks)
                                           and number_of(toks[i + 1]) is not None):
            value = number_of(Tok("NUMBER_WORD", word.split("-", 1)[1], 0, 0)) if "-" in word \
                else number_of(toks[i + 1])
            if value is not None:
                fifteen = RawClaim("fifteens", value, tok.text, tok.line, tok.column)
        elif word == "15" and i + 2 < len(toks) and words[i + 1] in ("-", "\u2013") \
                and number_of(toks[i + 2]) is not None:   # "15-2, 15-4": fifteen two, ...
            fifteen = RawClaim("fifteens", number_of(toks[i + 2]), tok.text, tok.line, tok.column)
        elif word in ("is", "are", "makes", "make", "=") and i + 1 < len(toks) \
                and number_of(toks[i + 1]) is not None:
            nxt = toks[i + 1]
            total = RawClaim("total", number_of(nxt), nxt.text, nxt.line, nxt.column)
        elif i and (words[i - 1] in SAID_AFTER or i > 2 and words[i - 2] == "of"
                    and words[i - 3] in SAID_AFTER) and number_of(tok) is not None and (
                i + 1 == len(toks) or words[i + 1] in (",", ".", ";", "and")):
            total = RawClaim("total", number_of(tok), tok.text, tok.line, tok.column)
        elif i and words[i - 1] == "," and number_of(tok) is not None and (
                i + 1 == len(toks) or words[i + 1] in (".", ";")):   # `..., a flush of four, twelve.`
            total = RawClaim("total", number_of(tok), tok.text, tok.line, tok.column)
        elif word == "nineteen" and len(toks) <= 2:
            total = RawClaim("total", 0, tok.text, tok.line, tok.column)
        elif len(toks) == 1 and number_of(tok) is not None:   # "= six": the total alone
            total = RawClaim("total", number_of(tok), tok.text, tok.line, tok.column)
    if fifteen:
        out.append(fifteen)
    out += [c for c in claims_in(toks) if c.what in ("nobs", "flush")]
    if total is None and fifteen is not None and not any(
            w in ("pair", "run", "flush", "nobs", "royal") for w in words):
        total = RawClaim("total", fifteen.value, fifteen.text, fifteen.line, fifteen.column)
    if total:
        out.append(total)
    return out


# -- claims: the numbers a text states about a count ---------------------------------------------
def claims_in(toks: list[Tok], owner: str = "") -> list[RawClaim]:
    out: list[RawClaim] = []
    words = [t.text.lower() for t in toks]
    last_category = None
    for i, tok in enumerate(toks):
        cat = _category_at(words, i)
        if cat:
            last_category = cat
        value = number_of(tok)
        if value is None:
            continue
        after = words[i + 1] if i + 1 < len(toks) else ""
        after2 = words[i + 2] if i + 2 < len(toks) else ""
        before = words[i - 1] if i > 0 else ""
        claim = None
        if after == "for" or (after in ('"', "“") and after2 == "for"):
            target = _category_after(words, i + 1)
            if target:
                claim = (target, value)
        elif after in ("holes", "hole") or (after == "more" and after2 in ("holes", "hole")):
            claim = (last_category, value) if last_category else None
        elif before == "(" and after == ")" and last_category:
            claim = (last_category, value)
        elif (before in TOTAL_CUES - {"altogether"} or (before == "to" and i > 1 and words[i - 2] == "amount")) \
                and not (words[i] == "fifteen" and i + 1 < len(toks) and number_of(toks[i + 1]) is not None):
            claim = ("total", value)    # (`counts fifteen two, ...` is the count called aloud)
        elif after == "altogether":
            claim = ("total", value)
        elif value >= 2 and _category_at(words, i + 1) and words[i + 1] != "royal" and \
                words[i + 1] in ("fifteens", "pairs", "runs", "sequences"):
            claim = ("number of " + CATEGORY_WORDS[words[i + 1]], value)
        elif value >= 2 and after in ("separate", "different") and _category_at(words, i + 2):
            claim = ("number of " + CATEGORY_WORDS[words[i + 2]], value)
        if claim and claim[0]:
            out.append(RawClaim(claim[0], claim[1], tok.text, tok.line, tok.column, owner))
    return out


def _category_at(words: list[str], i: int) -> str | None:
    if i >= len(words):
        return None
    word = words[i]
    if word == "royal":
        return "pairs"
    return CATEGORY_WORDS.get(word)


def _category_after(words: list[str], i: int) -> str | None:
    """The category named right after 'for': 'for the pair', 'for his nobs', 'for the double sequence'."""
    for j in range(i + 1, min(i + 5, len(words))):
        cat = _category_at(words, j)
        if cat:
            return cat
        if words[j] not in ("the", "his", "a", "each", "double", "triple", '"', "“", "”"):
            return None
    return None
