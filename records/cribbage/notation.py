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

from records.core import cards
from records.core.cards import rank_number
from records.core.resources import grammar

# rank words as numbers, ace low: "knave" -> 11 (the old abbreviations are not cribbage's)
RANK_WORDS = {word: rank_number(rank) for word, rank in cards.RANK_WORDS.items()}
RANK_SIGNS = {sign: rank_number(rank) for sign, rank in cards.RANK_SIGNS.items()}
SUIT_LETTERS = cards.SUIT_MARKS
SUIT_WORDS = cards.SUIT_WORDS
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
    claims: list = field(default_factory=list)   # RawClaims read from a spoken count


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
            out.claims = spoken_claims([Tok(t.type, str(t), t.line + first_line - 1, t.column)
                                        for t in said.children])
        else:
            out.stated = int(said)
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


def spoken_claims(toks: list[Tok]) -> list:
    """A count as it is called aloud: 'fifteen two, fifteen four and a pair is six'.

    The last 'fifteen N' gives the points for fifteens; the number after the last 'is' (or
    the last fifteen when nothing follows) gives the total; 'one for his nobs' and the like
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
        elif word in ("is", "makes", "=") and i + 1 < len(toks) and number_of(toks[i + 1]) is not None:
            nxt = toks[i + 1]
            total = RawClaim("total", number_of(nxt), nxt.text, nxt.line, nxt.column)
        elif word == "nineteen" and len(toks) <= 2:
            total = RawClaim("total", 0, tok.text, tok.line, tok.column)
    if fifteen:
        out.append(fifteen)
    out += [c for c in claims_in(toks) if c.what in ("nobs", "flush")]
    if total is None and fifteen is not None and not any(
            w in ("pair", "run", "flush", "nobs", "royal") for w in words):
        total = RawClaim("total", fifteen.value, fifteen.text, fifteen.line, fifteen.column)
    if total:
        out.append(total)
    return out


# -- book text: the cribbage chapters and their worked examples ----------------------------
# A chapter starts at a heading line naming cribbage and runs to the next heading of another
# game (a short line in capitals). Sub-headings name the variant the text describes.
HEADING = re.compile(r"^\s*([A-Z][A-Z ,'-]{2,40}|[A-Z][\w-]*(?: [A-Z][\w-]*){0,3})\s*$")
VARIANT_HEADINGS = [("seven", "seven-card"), ("six", "six-card"), ("five", "five-card"),
                    ("three", "three-hand"), ("four", "four-hand")]
PAGE_HEADER = re.compile(r"^\s*(?:[A-Z]+ +\d+|\d+|[A-Z]+ *\.?\d+)\s*$")

PLAYER_WORDS = {"pone": "pone", "non-dealer": "pone", "dealer": "dealer", "i": "self",
                "adversary": "other", "he": "same", "other": "other", "second": "other",
                "latter": "other"}
PLAY_VERBS = {"play", "plays", "played", "playing", "leads", "lead", "begins",
              "fall", "fell", "rejoin", "responds", "coming", "held", "hold", "holds"}
CATEGORY_WORDS = {"fifteen": "fifteens", "fifteens": "fifteens", "pair": "pairs",
                  "pairs": "pairs", "pairing": "pairs", "royal": "pairs", "run": "runs",
                  "runs": "runs", "sequence": "runs", "sequences": "runs", "flush": "flush",
                  "flushes": "flush", "nobs": "nobs", "nob": "nobs"}
NOT_A_CARD_AFTER = {"cards", "card", "points", "point", "holes", "hole", "players", "player",
                    "persons", "times", "more", "pips", "tricks", "hands", "deals",
                    "games", "ways", "sides", "of", "others", "different", "separate",
                    *CATEGORY_WORDS}
TOTAL_CUES = {"score", "scores", "worth", "count", "counts", "amount", "being", "altogether"}
QUANTITIES = {"two": 2, "three": 3, "four": 4, "2": 2, "3": 3, "4": 4}
NUMBERISH = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
CLAIM_AFTER_FOR = {"heels", "nobs", "nob", "go", "last", "reaching", "it", "each", "pairing",
                   *CATEGORY_WORDS}
FINAL = {".", "?", "!"}


@dataclass
class Mention:
    card: RawCard
    index: int          # token index of the rank
    count: int = 1


@dataclass
class RawClaim:
    what: str           # total | fifteens | pairs | runs | flush | nobs | number of <category>
    value: int
    text: str
    line: int
    column: int
    owner: str = ""


@dataclass
class HandExample:
    cards: list[RawCard]
    starter: RawCard
    crib: bool
    same_suit_as_starter: list[int]
    claims: list[RawClaim]
    variant: str
    line: int
    end_line: int
    text: str
    kind: str = "hand"


@dataclass
class PlayEvent:
    card: RawCard | None
    player: str | None = None
    go: bool = False
    reset: bool = False
    claimed: int | None = None
    called: int | None = None
    parts: dict[str, int] = field(default_factory=dict)  # "two for the pair": category points
    expects: list[str] = field(default_factory=list)   # categories said to score
    denies: list[str] = field(default_factory=list)    # categories said not to score
    line: int = 0
    column: int = 0
    text: str = ""


@dataclass
class PlayExample:
    events: list[PlayEvent]
    variant: str
    line: int
    end_line: int
    text: str
    hands: dict[str, list[RawCard]] = field(default_factory=dict)
    kind: str = "play"


@dataclass
class DealExample:
    dealt: dict[str, list[RawCard]]
    discards: dict[str, list[RawCard]]
    starter: RawCard | None
    events: list[PlayEvent]
    claims: list[RawClaim]
    variant: str
    line: int
    end_line: int
    text: str
    kind: str = "deal"


@dataclass
class Sentence:
    toks: list[Tok]
    new_block: bool       # starts after a blank line
    table_row: bool = False

    @property
    def words(self) -> list[str]:
        return [t.text.lower() for t in self.toks]


def _is_heading(lines: list[str], k: int) -> bool:
    """A short title on a line of its own, with blank lines (or the file's edge) around it."""
    line = lines[k].strip()
    if not line or len(line.split()) > 5 or len(line) > 40 or PAGE_HEADER.match(line):
        return False
    alone = (k == 0 or not lines[k - 1].strip()) and (k + 1 == len(lines) or not lines[k + 1].strip())
    titled = all(w[0].isupper() or not w[0].isalpha() or w.lower() in ("and", "of", "the")
                 for w in line.replace("-", " ").split())
    return alone and titled


def _variant_named(line: str, default: str) -> str:
    lower = line.lower()
    return next((v for word, v in VARIANT_HEADINGS if word + "-" in lower or word + " " in lower
                 or lower.endswith(word)), default)


def cribbage_sections(text: str) -> list[tuple[int, int, str]]:
    """(first line, last line, variant) of every stretch of text about cribbage.

    A chapter starts at a heading naming cribbage and ends at the next heading of anything
    else; headings of a variant ("Six-Card", "CRIBBAGE, SIX-CARD") open a new stretch.
    """
    lines = text.splitlines()
    out, start, variant = [], None, "five-card"
    for k in range(len(lines)):
        if not _is_heading(lines, k):
            continue
        lower = lines[k].lower()
        names_variant = ("card" in lower or "hand" in lower) and "-" in lower
        if "cribbage" in lower or (start is not None and names_variant):
            if start is not None:
                out.append((start, k, variant))
            start = k + 1
            variant = _variant_named(lines[k], variant if start is not None else "five-card")
        elif start is not None:
            out.append((start, k, variant))
            start = None
    if start is not None:
        out.append((start, len(lines), variant))
    return out


def _sentences(lines: list[str], first_line: int) -> list[Sentence]:
    body = "\n".join("" if PAGE_HEADER.match(l) else l for l in lines)
    toks = prose_tokens(body, first_line)
    out: list[Sentence] = []
    current: list[Tok] = []
    new_block = True

    def flush(next_new_block: bool):
        nonlocal current, new_block
        if current:
            raw = lines[current[0].line - first_line]
            row = "\t" in raw and current[-1].line == current[0].line and \
                number_of(current[-1]) is not None
            out.append(Sentence(current, new_block, row))
        current, new_block = [], next_new_block

    last_line = None
    for i, tok in enumerate(toks):
        if not current and last_line is not None:
            new_block = new_block or tok.line - last_line > 1
        last_line = tok.line
        if current and tok.line > current[-1].line:
            prev = current[-1]
            gap = tok.line - prev.line > 1
            raw_prev = lines[prev.line - first_line]
            prev_row = "\t" in raw_prev and number_of(prev) is not None
            if prev_row or (gap and (prev.text in FINAL | {":", "—", "-"} or tok.text[0].isupper())):
                flush(gap)
        current.append(tok)
        if tok.type == "PUNCT" and tok.text in FINAL:
            flush(False)
    flush(False)
    return out


# -- card mentions -----------------------------------------------------------------------------
def mentions(toks: list[Tok], start: int = 0, end: int | None = None) -> list[Mention]:
    """The cards a stretch of prose names, with quantities ("two 8's", "three other fives")."""
    end = len(toks) if end is None else end
    out: list[Mention] = []
    i = start
    while i < end:
        tok = toks[i]
        card = card_of(tok) if tok.type in ("CARD", "RANK_SIGN", "RANK_WORD") else None
        if card is None:
            i += 1
            continue
        quantity = QUANTITIES.get(tok.text.lower())
        j = i + 1
        if j < end and toks[j].text.lower() in ("other", "more"):
            j += 1
        nxt = card_of(toks[j]) if j < end and toks[j].type in ("RANK_SIGN", "RANK_WORD") else None
        if quantity and nxt is not None and nxt.plural:
            out.append(Mention(nxt, j, quantity))
            i = j + 1
            continue
        if _is_card(toks, i, card, end):
            if i + 2 < end and toks[i + 1].text.lower() == "of" and suit_of(toks[i + 2]):
                card.suit = suit_of(toks[i + 2])
            out.append(Mention(card, i))
        i += 1
    return out


def _is_card(toks: list[Tok], i: int, card: RawCard, end: int) -> bool:
    after = toks[i + 1].text.lower() if i + 1 < end else ""
    before = toks[i - 1].text.lower() if i > 0 else ""
    if card.rank not in NUMBERISH:
        return not (card.rank == 1 and toks[i].text == "A" and i + 1 < end
                    and card_of(toks[i + 1]) is not None and toks[i + 1].type != "CARD")
    if after == "of" and i + 2 < end and suit_of(toks[i + 2]):
        return True
    if after in NOT_A_CARD_AFTER or before in TOTAL_CUES or before in ("of", "each", "be"):
        return False
    if after == "for" and any(t.text.lower().strip('"“”') in CLAIM_AFTER_FOR
                              for t in toks[i + 2:min(end, i + 5)]):
        return False
    if after == "-" and i + 2 < end and toks[i + 2].text.lower() in ("card", "hand", "handed"):
        return False
    if after in ("-", "—") and i + 2 < end and toks[i + 2].text.lower() in ("two", "fifteen"):
        return False   # "six—two fifteens": a count being called
    return True


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
        elif before in TOTAL_CUES - {"altogether"} or (before == "to" and i > 1 and words[i - 2] == "amount"):
            claim = ("total", value)
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


def _row_claim(sentence: Sentence) -> RawClaim | None:
    """A table row: '<cards or words> .... 3' -- the number is the points of what the row names."""
    toks = sentence.toks
    last = toks[-1]
    value = number_of(last)
    words = [t.text.lower() for t in toks[:-1]]
    category = next((CATEGORY_WORDS[w] for w in words if w in CATEGORY_WORDS), None)
    if category is None:
        ranks = sorted(m.card.rank for m in mentions(toks, 0, len(toks) - 1))
        if len(ranks) >= 3 and all(b - a == 1 for a, b in zip(ranks, ranks[1:])):
            category = "runs"
        elif len(ranks) == 2 and ranks[0] == ranks[1]:
            category = "pairs"
        elif ranks and sum(min(r, 10) for r in ranks) == 15:
            category = "fifteens"
    if value is None:
        return None
    return RawClaim(category or "", value, last.text, last.line, last.column)


def _sum_line(sentence: Sentence, lines: list[str], first_line: int) -> RawClaim | None:
    """A line holding nothing but a number after a table: the printed total."""
    toks = sentence.toks
    numbers = [t for t in toks if number_of(t) is not None]
    if len(numbers) != 1 or any(t.type in ("WORD", "RANK_WORD") for t in toks):
        return None
    raw = lines[numbers[0].line - first_line].strip()
    return RawClaim("total", number_of(numbers[0]), raw, numbers[0].line, numbers[0].column)


# -- hands described in prose ----------------------------------------------------------------
def _starter_marker_indices(toks: list[Tok]) -> list[int]:
    return [i for i, t in enumerate(toks) if t.type in ("TURNUP", "STARTER_WORD")]


def _is_suit_relation(words: list[str], i: int) -> bool:
    """'... of the same suit as the starter': names a suit, not where the starter is."""
    return i >= 2 and words[i - 1] == "the" and words[i - 2] == "as"


def _find_hand(s: Sentence):
    toks, words = s.toks, s.words
    markers = [i for i in _starter_marker_indices(toks) if not _is_suit_relation(words, i)]
    if not markers:
        return None
    marker = markers[0]
    cut = next((j for j in range(marker + 1, len(toks)) if words[j] in TOTAL_CUES), len(toks))
    found = mentions(toks, 0, cut)
    starter = _starter_near(toks, words, marker, found)
    if starter is None:
        return None
    held = [m for m in found if m is not starter]
    if sum(m.count for m in held) < 2:
        return None
    same_suit = []
    for j in range(len(words) - 3):
        if words[j:j + 3] == ["of", "the", "same"] and "suit" in words[j + 3:j + 5]:
            before = [k for k, m in enumerate(held) if m.index < j]
            if before:
                same_suit.append(before[-1])
    crib = any(t.type == "CRIB" for t in toks[:cut])
    return held, starter, crib, same_suit


def _starter_near(toks, words, marker, found) -> Mention | None:
    if toks[marker].type == "STARTER_WORD" and marker + 1 < len(toks) and words[marker + 1] in ("is", "was"):
        after = [m for m in found if marker < m.index <= marker + 4]
        if after:
            return after[0]
    before = [m for m in found if marker - 6 <= m.index < marker]
    if before:
        return before[-1]
    after = [m for m in found if marker < m.index <= marker + 3]
    return after[0] if after else None


def _expand(ms: list[Mention]) -> list[RawCard]:
    out = []
    for m in ms:
        out.extend(RawCard(m.card.rank, m.card.suit, m.card.text, m.card.line, m.card.column)
                   for _ in range(m.count))
    return out


# -- plays told in prose -----------------------------------------------------------------------
DETERMINERS = {"a", "an", "his", "another", "the", "first", "second", "third", "fourth",
               "with", "by", "other"}
MODALS = {"would", "could", "may", "might", "should"}


def _play_mentions(toks: list[Tok]) -> list[Mention]:
    """Cards laid in a narrated play: each with an article, a possessive or a list before it."""
    out: list[Mention] = []
    for m in mentions(toks):
        if m.card.text == "A" and not _beside_card(toks, m.index):
            continue
        if _describes(toks, m.index):
            continue
        before = toks[m.index - 1].text.lower() if m.index else ""
        near_previous = out and m.index - out[-1].index <= 3
        if m.count > 1 or before in DETERMINERS or before in PLAYER_WORDS or \
                (before in ("and", "or", ",") and near_previous):
            out.append(m)
    return out


def _beside_card(toks: list[Tok], i: int) -> bool:
    return any(0 <= j < len(toks) and toks[j].type in ("RANK_SIGN", "CARD") and toks[j].text != "A"
               for j in (i - 1, i + 1))


def _describes(toks: list[Tok], i: int) -> bool:
    """'a run of 3 4 5', 'the sequence--four, five, six', 'the fifteen (seven and eight)'."""
    j = i - 1
    while j >= 0 and (toks[j].text.lower() in (",", "and", "—", "-", "(", "of")
                      or card_of(toks[j]) is not None):
        j -= 1
    k = j + 1
    links = {t.text.lower() for t in toks[k:i]}
    return j >= 0 and toks[j].text.lower() in CATEGORY_WORDS and bool(links & {"of", "—", "-", "("})


def _player_before(toks: list[Tok], start: int, end: int) -> str | None:
    for j in range(end - 1, start - 1, -1):
        word = re.sub(r"['’]s$", "", toks[j].text.lower())
        if word in PLAYER_WORDS:
            return word
    return None


class _Narration:
    """Follows who plays what through a passage: people, the main line and its branches."""

    def __init__(self):
        self.main: list[PlayEvent] = []
        self.lines: list[list[PlayEvent]] = []
        self.people: dict[str, str] = {}
        self.third: str | None = None
        self.hands: dict[str, list[RawCard]] = {}
        self.last_branch: list[PlayEvent] | None = None

    def who(self, word: str | None, previous: str | None) -> str | None:
        if word is None:
            return None
        role = PLAYER_WORDS[word]
        if role in ("pone", "dealer"):
            self.third = role
            return role
        if role == "self":
            self.people.setdefault("i", "pone" if "he" not in self.people else "dealer")
            return self.people["i"]
        if role == "same":
            return self.third or (_other(previous) if previous else None)
        mine = self.people.get("i")
        player = _other(mine) if mine else _other(previous)
        self.third = player
        return player

    def finish(self) -> None:
        if self.main:
            self.lines.append(self.main)
        self.main, self.last_branch = [], None


def _other(player: str | None) -> str | None:
    return {"pone": "dealer", "dealer": "pone"}.get(player)


def read_narration(sentences: list[Sentence]) -> tuple[list[list[PlayEvent]], dict]:
    """The plays a passage narrates: its main line and every line it says could follow."""
    story = _Narration()
    for s in sentences:
        words = s.words
        if story.main and any(w in ("suppose", "instance", "begins") for w in words):
            story.finish()
        for n, clause in enumerate(_clauses(s.toks)):
            _read_clause(story, clause, first_clause=n == 0)
    story.finish()
    return _merge_prefixes(story.lines), story.hands


def _clauses(toks: list[Tok]) -> list[list[Tok]]:
    out, current = [], []
    for t in toks:
        if t.text == ";":
            if current:
                out.append(current)
            current = []
        else:
            current.append(t)
    if current:
        out.append(current)
    return out


def _read_clause(story: _Narration, toks: list[Tok], first_clause: bool) -> None:
    words = [t.text.lower() for t in toks]
    ms = _play_mentions(toks)
    if "first" in words and story.main and ms and ms[0].index > words.index("first"):
        story.finish()
    if any(w in ("holds", "hold", "held") for w in words) and ms and not _verb_before(words, ms[0].index) \
            and not any(w in MODALS for w in words) and words[0] != "if":
        player = story.who(_player_before(toks, 0, ms[0].index), None) or "pone"
        story.hands[player] = _expand(ms)
        return
    if not ms:
        if story.main and any(w in ("here", "this", "which", "it") or w in PEG_VERBS for w in words):
            _claims_on(story.main[-1], toks, 0, len(toks), set())
        return
    opener = " ".join(words[:2])
    conditional = (first_clause and (words[0] in ("if", "should") or opener == "but if")) or \
        any(w in MODALS for w in words)
    if conditional and not ("first" in words and not story.main):
        _read_branches(story, toks, ms)
    else:
        _read_line(story, toks, ms, story.main)
        story.last_branch = None


def _verb_before(words: list[str], i: int) -> bool:
    window = words[max(0, i - 6):i]
    return any(w in PLAY_VERBS - {"holds", "hold", "held"} for w in window) or \
        any(a == "throws" and b == "down" for a, b in zip(window, window[1:]))


def _read_line(story: _Narration, toks: list[Tok], ms: list[Mention], line: list[PlayEvent]) -> None:
    """Lay each mentioned card on the line, with who played it and what the text says it made."""
    cards = {m.index for m in ms}
    previous_end = 0
    for n, m in enumerate(ms):
        _go_and_reset(story, toks, previous_end, m.index, line, cards)
        last = line[-1].player if line else None
        named = _player_before(toks, previous_end, m.index)
        between = {t.text.lower() for t in toks[previous_end:m.index]}
        if named:
            player = story.who(named, last)
        elif "then" in between and n and line:
            player = line[-1].player          # "... another 2, and then an ace": the same hand
        elif line and line[-1].go:
            player = _other(line[-1].player)
        else:
            player = _other(last) if last else None
        for _ in range(m.count):
            line.append(PlayEvent(m.card, player, line=m.card.line, column=m.card.column,
                                  text=m.card.text))
        end = ms[n + 1].index if n + 1 < len(ms) else len(toks)
        stop = _go_and_reset(story, toks, m.index + 1, end, line, cards, probe=True)
        _claims_on(line[-1], toks, m.index + 1, stop, cards)
        previous_end = m.index + 1 if stop == end else stop
    _go_and_reset(story, toks, previous_end, len(toks), line, cards)


def _read_branches(story: _Narration, toks: list[Tok], ms: list[Mention]) -> None:
    """A clause that says what would happen: each alternative branches from the main line."""
    words = [t.text.lower() for t in toks]
    groups: list[list[Mention]] = []
    for m in ms:
        if groups:
            between = words[groups[-1][-1].index + 1:m.index]
            joined = "and" in between or any(w in PLAY_VERBS or w in PLAYER_WORDS for w in between)
            if joined and "or" not in between:
                groups[-1].append(m)
                continue
        groups.append([m])
    fresh = toks[0].text.lower() in ("a", "an") or (toks[0].text == "A" and len(ms) > 1)
    base = story.last_branch if "then" in words and story.last_branch else story.main
    made = []
    for g, group in enumerate(groups):
        line = [] if fresh else [_copy(e) for e in base]
        end = groups[g + 1][0].index if g + 1 < len(groups) else len(toks)
        _read_line(story, toks[:end], group, line)
        story.lines.append(line)
        made.append(line)
    _share_predicates(toks, words, groups, made, {m.index for m in ms})
    story.last_branch = made[0] if len(made) == 1 else None


ALTERNATIVE_LINKS = {"or", ",", "a", "an", "another"}


def _share_predicates(toks, words, groups, made, cards) -> None:
    """'a queen and five, or an eight and seven would make fifteen-two': what follows a list
    of alternatives is said of each of them."""
    cluster = [0]
    for g in range(1, len(groups) + 1):
        linked = g < len(groups) and set(
            words[groups[g - 1][-1].index + 1:groups[g][0].index]) <= ALTERNATIVE_LINKS
        if linked:
            cluster.append(g)
            continue
        end = groups[g][0].index if g < len(groups) else len(toks)
        start = groups[cluster[-1]][-1].index + 1
        for k in cluster[:-1]:
            if made[k] and made[k][-1].card is not None:
                _claims_on(made[k][-1], toks, start, end, cards)
        cluster = [g]


def _copy(e: PlayEvent) -> PlayEvent:
    return PlayEvent(e.card, e.player, e.go, e.reset, e.claimed, e.called, dict(e.parts),
                     list(e.expects), list(e.denies), e.line, e.column, e.text)


def _go_and_reset(story, toks, start, end, line, cards, probe=False) -> int:
    """A go ('the pone has to say go', 'the dealer says, "go,"') or the cards turned down.

    Returns where the claims of the card before it stop (the go takes the claims after it)."""
    words = [t.text.lower() for t in toks]
    for k in range(start, end):
        w = words[k]
        if w == "go" and k and (words[k - 1] in ("say", "says") or
                                (words[k - 1] in ('"', "“", ",") and "says" in words[max(0, k - 3):k])):
            if probe or not line:
                return k
            player = story.who(_player_before(toks, start, k), line[-1].player) or \
                _other(line[-1].player)
            line.append(PlayEvent(None, player, go=True, line=toks[k].line, column=toks[k].column,
                                  text="go"))
            _claims_on(line[-1], toks, k + 1, end, cards)
            return k
        if w == "turned" and k + 1 < len(words) and words[k + 1] == "down" and line:
            line.append(PlayEvent(None, None, reset=True, line=toks[k].line,
                                  column=toks[k].column, text="turned down"))
            return k
    return end


PEG_VERBS = {"scores", "score", "pegs", "peg", "marks", "mark", "count", "pegged", "pegging"}


def _claims_on(event: PlayEvent | None, toks: list[Tok], start: int, end: int,
               cards: set[int]) -> None:
    """What the text says a card scored: points, the count called, what it makes or fails to make."""
    if event is None:
        return
    words = [t.text.lower() for t in toks]
    stated, call_points = [], 0
    for j in range(start, end):
        w, tok = words[j], toks[j]
        nxt = words[j + 1] if j + 1 < len(words) else ""
        prev = words[j - 1] if j else ""
        if w in ("calling", "calls") or (w == "says" and nxt in ('"', "“")):
            called = _called(toks, j + 1, end)
            if called is not None and event.called is None and not event.go:
                event.called, fifteen_two = called
                if fifteen_two:
                    event.expects.append("fifteens")
                    call_points = 2
        value = number_of(tok)
        if value is not None and j not in cards and prev not in ("being", "of", "to", "than"):
            category = _category_after(words, j + 1) if nxt == "for" and \
                words[j + 2:j + 3] != ["each"] else None
            if category:
                event.parts[category] = value       # "count 2 for the fifteen": one part
            elif nxt in ("holes", "hole", "points", "point", "more") or prev in PEG_VERBS:
                stated.append(value)
        if w.startswith("fifteen-") and "fifteens" not in event.expects:
            event.expects.append("fifteens")
        last_card = w == "last" and nxt == "card" and words[j + 2:j + 3] != ["played"]
        if w in CATEGORY_WORDS or last_card or w == "go":
            if w == "go" and not (prev == "his" or (prev == "the" and "for" in words[max(start, j - 3):j])):
                continue
            if w == "run" and prev == "the" and words[j - 2:j - 1] == ["continue"]:
                pass
            negated = any(x in ("no", "not", "without") for x in words[max(start, j - 4):j])
            cat = "last card" if last_card else "go" if w == "go" else CATEGORY_WORDS[w]
            target = event.denies if negated else event.expects
            if cat not in target:
                target.append(cat)
    if stated or call_points:
        event.claimed = (event.claimed or 0) + (sum(stated) or call_points)


def _called(toks: list[Tok], start: int, end: int) -> tuple[int, bool] | None:
    for j in range(start, min(end, start + 4)):
        tok = toks[j]
        if tok.type == "NUMBER_WORD" or tok.type == "NUMBER":
            text = tok.text.lower()
            if text.startswith("fifteen") and "-" in text:
                return 15, True
            value = number_of(tok)
            if value is not None:
                return value, False
        if tok.type == "RANK_WORD" and number_of(tok) is not None:
            return number_of(tok), False
    return None


def _merge_prefixes(lines: list[list[PlayEvent]]) -> list[list[PlayEvent]]:
    """A line that another line continues is the same play: keep the longer, with both claims."""
    def key(line):
        return [(e.card.rank if e.card else None, e.go, e.reset) for e in line]
    kept: list[list[PlayEvent]] = []
    for line in sorted(lines, key=len, reverse=True):
        k = key(line)
        longer = [o for o in kept if key(o)[:len(k)] == k]
        if not longer:
            kept.append(line)
            continue
        for other in longer:
            for mine, theirs in zip(line, other):
                theirs.expects += [c for c in mine.expects if c not in theirs.expects]
                theirs.denies += [c for c in mine.denies if c not in theirs.denies]
                if theirs.claimed is None:
                    theirs.claimed = mine.claimed
                if theirs.called is None:
                    theirs.called = mine.called
                if theirs.player is None:
                    theirs.player = mine.player
    order = {id(line): n for n, line in enumerate(lines)}
    return sorted(kept, key=lambda line: order.get(id(line), 0))


# -- the examples of a chapter ----------------------------------------------------------------
def book_examples(text: str) -> list:
    """Every worked example in the cribbage chapters: hands, deals and plays, as raw records."""
    lines = text.splitlines()
    out = []
    for first, last, variant in cribbage_sections(text):
        out += _examples_in(_sentences(lines[first - 1:last], first), variant, lines)
    return out


def _span(sentences: list[Sentence], lines: list[str]) -> tuple[int, int, str]:
    first = sentences[0].toks[0].line
    last = sentences[-1].toks[-1].line
    return first, last, "\n".join(lines[first - 1:last])


def _is_deal_label(s: Sentence) -> bool:
    words = s.words
    return any(t.type == "HAND" and i and words[i - 1].endswith(("'s", "’s"))
               and words[i - 1].rstrip("'’s").rstrip("'’") in ("dealer", "non-dealer", "pone")
               for i, t in enumerate(s.toks))


def _has_play(s: Sentence) -> bool:
    """A sentence that lays cards: a play verb shortly before a card it names."""
    words = s.words
    return any(_verb_before(words, m.index) for m in _play_mentions(s.toks))


def _examples_in(sentences: list[Sentence], variant: str, lines: list[str]) -> list:
    out, group, i = [], [], 0
    topic = None
    while i < len(sentences):
        s = sentences[i]
        if s.new_block or i == 0:
            topic = CATEGORY_WORDS.get(s.words[0]) if s.words else None
        if _is_deal_label(s):
            i = _read_deal(sentences, i, variant, lines, out)
            group = []
            continue
        hand = _find_hand(s)
        if hand is not None:
            i, example = _read_hand(sentences, i, hand, variant, lines)
            out.append(example)
            group = group + [example] if not example.claims else []
            if any(w in ("case", "cases") for w in sentences[i - 1].words) and group:
                _distribute_cases(sentences[i - 1], group)
                group = []
            continue
        if _compact_runs(s.toks):
            i = _read_compact(sentences, i, variant, lines, out)
            continue
        if _has_play(s):
            i = _read_passage(sentences, i, variant, lines, topic, out)
            continue
        if any(w in ("case", "cases") for w in s.words) and group:
            _distribute_cases(s, group)
            group = []
        i += 1
    return out


def _window_ends(sentences: list[Sentence], j: int) -> bool:
    s = sentences[j]
    if _is_deal_label(s) or _find_hand(s) is not None or _compact_runs(s.toks):
        return True
    if any(t.type == "PLAY" for t in s.toks) or _has_play(s):
        return True
    if s.new_block and s.words and s.words[0] in CATEGORY_WORDS:
        return True
    has_claim = bool(claims_in(s.toks)) or s.table_row
    return s.new_block and not has_claim and not _sum_like(s)


def _sum_like(s: Sentence) -> bool:
    return len([t for t in s.toks if number_of(t) is not None]) == 1 and \
        not any(t.type in ("WORD", "RANK_WORD") for t in s.toks)


def _read_hand(sentences, i, hand, variant, lines):
    held, starter, crib, same_suit = hand
    s = sentences[i]
    claims = claims_in(s.toks)
    j = i + 1
    first = s.toks[0].line
    while j < len(sentences) and not _window_ends(sentences, j):
        t = sentences[j]
        if any(w in ("case", "cases") for w in t.words):
            j += 1
            break
        if _sum_like(t) and any(c.what != "total" for c in claims):
            total = _sum_line(t, lines, 1)
            if total:
                claims.append(total)
        elif t.table_row:
            row = _row_claim(t)
            if row and not row.what:   # a row cut short in the scan: the column above says what
                row.what = next((c.what for c in reversed(claims) if c.what in CATEGORY_WORDS.values()), "")
            if row and row.what:
                claims.append(row)
        elif _sum_like(t) and any(c.what != "total" for c in claims):
            total = _sum_line(t, lines, 1)
            if total:
                claims.append(total)
        else:
            claims += claims_in(t.toks)
        j += 1
    cards = _expand(held)
    suits = [k for k in same_suit]
    last = sentences[j - 1].toks[-1].line
    example = HandExample(cards, starter.card, crib, _same_suit_cards(held, suits), claims,
                          variant, first, last, "\n".join(lines[first - 1:last]))
    return j, example


def _same_suit_cards(held: list[Mention], picks: list[int]) -> list[int]:
    out, position = [], 0
    for k, m in enumerate(held):
        if k in picks:
            out.append(position)
        position += m.count
    return out


ORDINALS = {"first": 0, "second": 1, "third": 2, "fourth": 3, "last": -1}


def _distribute_cases(s: Sentence, group: list[HandExample]) -> None:
    """'In the first two cases there are two fifteens, and in the last three fifteens ...'."""
    toks, words = s.toks, s.words
    marks = []
    for j, w in enumerate(words):
        if w in ORDINALS:
            count = number_of(toks[j + 1]) if j + 1 < len(toks) else None
            takes_count = count is not None and j + 2 < len(words) and words[j + 2] in ("case", "cases")
            start = ORDINALS[w]
            picked = list(range(len(group)))[start:start + count] if takes_count and start >= 0 \
                else [start]
            marks.append((j + (2 if takes_count else 0), picked))
    for n, (j, picked) in enumerate(marks):
        end = marks[n + 1][0] if n + 1 < len(marks) else len(toks)
        claims = claims_in(toks[j + 1:end])
        for k in picked:
            if -len(group) <= k < len(group):
                group[k].claims.extend(RawClaim(c.what, c.value, c.text, c.line, c.column)
                                       for c in claims)


def _compact_runs(toks: list[Tok]) -> list[tuple[int, int]]:
    """Stretches of three or more bare cards in a row, like '6 2 5 4 A 3' (not after 'run of')."""
    out, start = [], None
    for j, t in enumerate(toks + [Tok("END", "", 0, 0)]):
        is_card = t.type in ("RANK_SIGN", "CARD") and not t.text.endswith(("s", "'s", "’s"))
        if is_card and start is not None and toks[j - 1].line == t.line and \
                t.column > toks[j - 1].column + len(toks[j - 1].text):
            continue
        if start is not None and j - start >= 3 and \
                not (start >= 1 and toks[start - 1].text.lower() == "of"):
            out.append((start, j))
        start = j if is_card else None
    return out


def _read_compact(sentences, i, variant, lines, out) -> int:
    """Bare sequences in running text ('the cards fall 6 2 5 4 A 3'), each with what is said of it."""
    j = i + 1
    while j < len(sentences) and not sentences[j].new_block and not _find_hand(sentences[j]):
        j += 1
    toks = [t for s in sentences[i:j] for t in s.toks]
    runs = _compact_runs(toks)
    for n, (a, b) in enumerate(runs):
        events = [PlayEvent(card_of(t), line=t.line, column=t.column, text=t.text)
                  for t in toks[a:b]]
        after = toks[b:runs[n + 1][0]] if n + 1 < len(runs) else toks[b:]
        _run_verdict(events[-1], after)
        first, last = events[0].line, events[-1].line
        out.append(PlayExample(events, variant, first, last, lines[first - 1]))
    return j


def _run_verdict(event: PlayEvent, toks: list[Tok]) -> None:
    """'This is a run' / 'there is no run' / 'is not a run' said of a sequence."""
    words = [t.text.lower() for t in toks]
    for j, w in enumerate(words):
        if w == "run":
            window = words[max(0, j - 3):j]
            (event.denies if "no" in window or "not" in window else event.expects).append("runs")
            return


def _read_passage(sentences, i, variant, lines, topic, out) -> int:
    if i and not sentences[i].new_block and any(
            w in ("holds", "held") for w in sentences[i - 1].words) and mentions(sentences[i - 1].toks):
        i -= 1
    j = i + 1
    while j < len(sentences) and not sentences[j].new_block and not _window_ends_play(sentences[j]):
        j += 1
    passage = sentences[i:j]
    story_lines, hands = read_narration(passage)
    first, last, text = _span(passage, lines)
    for events in story_lines:
        if not any(e.card for e in events):
            continue
        if topic and events[-1].card and not (events[-1].expects or events[-1].denies
                                              or events[-1].claimed is not None):
            events[-1].expects.append(topic)
        out.append(PlayExample(events, variant, events[0].line or first, last, text,
                               hands=dict(hands)))
    return j


def _window_ends_play(s: Sentence) -> bool:
    return _is_deal_label(s) or _find_hand(s) is not None or bool(_compact_runs(s.toks))


# -- a worked deal: the hands, the crib, the starter, the play and the counts ------------------
def _read_deal(sentences, i, variant, lines, out) -> int:
    dealt: dict[str, list[RawCard]] = {}
    j = i
    toks = [t for s in sentences[i:i + 6] for t in s.toks]
    k = 0
    while k < len(toks):
        t = toks[k]
        if t.type == "HAND" and k and toks[k - 1].text.lower().rstrip("'’s").rstrip("'’") in (
                "dealer", "non-dealer", "pone"):
            who = "dealer" if toks[k - 1].text.lower().startswith("dealer") else "pone"
            end = k + 1
            while end < len(toks) and toks[end].type not in ("WORD", "HAND"):
                end += 1
            dealt[who] = _expand(mentions(toks, k + 1, end))
            k = end
            continue
        k += 1
    last_label_line = max(c.line for cards in dealt.values() for c in cards) if dealt else 0
    while j < len(sentences) and sentences[j].toks[0].line <= last_label_line:
        j += 1
    discards: dict[str, list[RawCard]] = {}
    starter = None
    claims: list[RawClaim] = []
    play_sentences = []
    owner = ""
    start = j
    while j < len(sentences):
        s = sentences[j]
        words = s.words
        if s.new_block and j > start and not (mentions(s.toks) or claims_in(s.toks)):
            break
        if _is_deal_label(s) or _find_hand(s) is not None and discards:
            break
        if not discards and any(t.type == "CRIB" for t in s.toks):
            discards, starter = _discards(s)
        elif _has_play(s) and not any(w in ("would", "count", "score") for w in words):
            play_sentences.append(s)
        else:
            owner = _owner(s, owner)
            claims += claims_in(s.toks, owner)
        j += 1
    story_lines, _ = read_narration(play_sentences)
    events = story_lines[0] if story_lines else []
    first = sentences[i].toks[0].line
    last = sentences[j - 1].toks[-1].line
    out.append(DealExample(dealt, discards, starter, events, claims, variant, first, last,
                           "\n".join(lines[first - 1:last])))
    return j


def _owner(s: Sentence, previous: str) -> str:
    if any(t.type == "CRIB" for t in s.toks):
        return "crib"
    for w in s.words:
        if w in ("non-dealer", "pone"):
            return "pone"
        if w == "dealer":
            return "dealer"
    return previous


def _discards(s: Sentence) -> tuple[dict[str, list[RawCard]], RawCard | None]:
    toks, words = s.toks, s.words
    out: dict[str, list[RawCard]] = {}
    starter = None
    markers = _starter_marker_indices(toks)
    stop = next((j for j, t in enumerate(toks) if t.text == ";"), len(toks))
    who, begin = None, 0
    for j in range(stop + 1):
        w = words[j] if j < stop else None
        if j == stop or w in ("dealer", "non-dealer", "pone"):
            if who:
                out[who] = _expand([m for m in mentions(toks, begin, j)])
            if j < stop:
                who, begin = ("dealer" if w == "dealer" else "pone"), j + 1
    if markers:
        found = mentions(toks, stop, len(toks))
        near = _starter_near(toks, words, markers[0], found)
        starter = near.card if near else None
    return out, starter
