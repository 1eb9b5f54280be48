"""Cribbage hands drawn on the page: cards side by side in a row, as books print them.

The cards are playing-card glyphs (U+1F0A1-U+1F0DE), ranks with suit signs (`5♠`, `♡5`, `10♢`)
or letters (`5S`, `JC`); a drawing is in an illustration or not, framed round the row, round
each card (`+----+ +----+`, box-drawing rules) or not; a row may carry a label (`No. 1.`, a
player or a role: `Pone:--`, `Alice:`, `Crib.`) and the count at its end:

    [Illustration:                       a row of three to five cards; the starter last, or
                                         drawn apart before or after the hand
      🂭   🃃 🂤 🃔 🃕
    ]

    This is worth 10 holes ...           the count: the first "worth N" or "N points" of the
                                         paragraph after a drawing of one hand

    No. 1. [Illustration: 🃕 🂵 🂥 🃖 🃇]   numbered drawings: the count is the first "worth N"
    ...                                  after "No. 1" in the text after the last of them
    No. 1 ... is therefore worth 17.

    Pone:--    🂤 🃃 🃕 🃔     10          several hands in one drawing: each row states its
    Dealer:--  🃂 🂱 🂲 🃓     14          own count; a starter on a row of its own, labelled,
    Starter:-- 🂭                         goes with every hand of the drawing

The page is read by the layout engine (core.layout.page: blocks, rows, cells, frames); only the
stretches of text that hold cards are read. A block is a drawing when every row of it is cards,
a label and a count: a row of words makes it prose, and a row of cards in groups (pairs listed
side by side, a six-card hand with its discards apart) or a drawing of several rows with no
count on them (the order of a play) holds no hand.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from records.core.layout import Block, Cell, page
from records.cribbage.told_words import Word, glyph_card, letter_card, lex, number_at

OPENER = re.compile(r"\[Illustration:?")
STATED = re.compile(r"\bworth (?:only )?(\d+)|\b(\d+)\s+points\b")
NUMBER_LABEL = re.compile(r"^No\.\s*(\d+)\.?$")
LABEL = re.compile(r"^[A-Z][\w'’ ]{0,20}?(?::--|;--|:—|—|--|:|\.)?$")
STARTER_WORDS = ("starter", "turn-up", "turn up", "turned up", "cut", "the cut")
COUNT_WORDS = {"count", "counts", "worth", "is", "=", "makes", "points", "holes"}
CONTEXT = 2          # lines read on either side of a line with cards (a frame, a line of prose)
MAX_COUNT = 29
APART = 2            # columns more between two cards drawn each in a frame: the starter apart


@dataclass
class DrawnCard:
    rank: int
    suit: str
    line: int
    column: int
    text: str


@dataclass
class DrawnHand:
    cards: list[DrawnCard]            # the hand, then the starter when one is drawn
    line: int
    starter: bool = False             # the last card is the starter
    label: str = ""
    stated: int | None = None
    stated_line: int = 0
    stated_column: int = 0
    crib: bool = False
    number: int | None = None         # "No. n"
    rows: list[int] = field(default_factory=list)   # the lines of the drawing's rows of cards


# -- the stretches of text that hold cards -------------------------------------------------------
def unwrapped(lines: list[str]) -> list[str]:
    """The lines with the illustration brackets blanked (columns kept): `[Illustration:` and the
    `]` that closes it, on the same line or alone on a later one."""
    out = list(lines)
    for i, line in enumerate(lines):
        if "[Illustration" in line:
            m = OPENER.search(line)
            line = line[:m.start()] + " " * (m.end() - m.start()) + line[m.end():]
            close = line.find("]", m.end())
            if close >= 0:
                line = line[:close] + " " + line[close + 1:]
            out[i] = line
        elif line.strip() == "]":           # the close of a drawing (its opener may be above)
            out[i] = ""
    return out


SIGNS = "♠♤♥♡♦◇♢♣♧"
CARD_CHAR = re.compile(f"[\U0001F0A1-\U0001F0DE{SIGNS}]")
LETTER = re.compile(r"(?<![\w'’])(?:10|[2-9TJQKA])[SHDC](?![\w'’])")


def card_lines(lines: Sequence[str], near: Sequence[tuple[int, int]] = ()) -> list[int]:
    """The lines (0-based) that may hold a drawn card: a glyph or a suit sign anywhere (only
    lines not in ASCII are searched: str.isascii costs nothing), three cards in letters in a
    row in the stretches `near` (those about cribbage)."""
    places = [n for n, line in enumerate(lines) if not line.isascii() and CARD_CHAR.search(line)]
    places += [n for first, stop in near for n in range(first, min(stop, len(lines)))
               if len(LETTER.findall(lines[n])) >= 3]
    return [n for n in sorted(set(places)) if _may_be_drawn(lines[n]) and _drawn_beside(lines, n)]


CARD_TOKEN = re.compile(r"[\U0001F0A1-\U0001F0DE]|(?<![\w'’])(?:10|[2-9TJQKA])[SHDC♠♤♥♡♦◇♢♣♧](?![\w'’])"
                        r"|[♠♤♥♡♦◇♢♣♧](?:10|[2-9TJQKA])(?![\w'’])")
FRAME_MARKS = str.maketrans("", "", "|+-=_.:;*─━│┃┌┐└┘├┤┬┴┼═║╔╗╚╝ \t[]")
BESIDE = 24          # letters besides the cards a drawn row may hold (a label, a count)
DIGITS = 4           # digits besides the cards: a label's number and a count (`No. 12.`, `29`)


def _may_be_drawn(line: str) -> bool:
    """A quick look at a line with cards: three cards or more, or one with a starter's label,
    and little else (a label, a count, frame marks)."""
    cards = len(CARD_TOKEN.findall(line))
    if not 3 <= cards <= 5 and not (cards == 1 and any(w in line.lower() for w in ("start", "cut", "turn"))):
        return False
    rest = CARD_TOKEN.sub("", OPENER.sub("", line)).translate(FRAME_MARKS)
    return len(rest) <= BESIDE and sum(ch.isdigit() for ch in rest) <= DIGITS


def _drawn_beside(lines: Sequence[str], n: int) -> bool:
    """The lines just above and below a row of cards, in its block, are blank, an illustration's
    bracket, a frame's rule or another row of cards (not a heading of seats, not prose)."""
    for k in (n - 1, n + 1):
        if not 0 <= k < len(lines) or not lines[k].strip():
            continue
        line = OPENER.sub("", lines[k])
        if line.translate(FRAME_MARKS) and not _may_be_drawn(line):
            return False
    return True


def windows(lines: Sequence[str], near: Sequence[tuple[int, int]] = ()) -> list[tuple[int, int]]:
    """(first, stop) 0-based spans of the lines around every line that holds a card."""
    spans: list[tuple[int, int]] = []
    for i in card_lines(lines, near):
        first, stop = max(0, i - CONTEXT), min(len(lines), i + CONTEXT + 1)
        if spans and first <= spans[-1][1]:
            spans[-1] = (spans[-1][0], stop)
        else:
            spans.append((first, stop))
    return spans


# -- rows of a block ------------------------------------------------------------------------------
@dataclass
class DrawnRow:
    line: int
    groups: list[list[DrawnCard]]     # the card cells, left to right
    label: str = ""
    count: tuple[int, int, int] | None = None     # (value, line, column)

    @property
    def cards(self) -> list[DrawnCard]:
        return [c for g in self.groups for c in g]


def card_of(w: Word) -> tuple[int, str] | None:
    if w.kind == "glyph":
        return glyph_card(w)
    if w.kind == "card":
        return letter_card(w)
    return None


def drawn_card(text: str) -> tuple[int, str] | None:
    """One card as drawn (`🂡`, `A♠`, `♡5`, `10♢`, `JC`): (rank, suit); None for anything
    else (the knight of the tarot pack, a word)."""
    words = lex(text, 1, 1)
    return card_of(words[0]) if len(words) == 1 else None


def _cards_of(cell: Cell) -> list[DrawnCard] | None:
    """The cards of a cell that prints nothing else, or None."""
    words = lex(cell.text, cell.line, cell.column)
    out = []
    for w in words:
        card = card_of(w)
        if card is None:
            return None
        out.append(DrawnCard(card[0], card[1], w.line, w.column, w.text))
    return out or None


def _count_of(cell: Cell) -> tuple[int, int, int] | None:
    """A count at a row's end: `10`, `ten`, `= 10`, `10 points`, `worth 10`, `count 10`."""
    words = [w for w in lex(cell.text, cell.line, cell.column) if w.low not in COUNT_WORDS]
    found = number_at(words, 0) if words else None
    if found is None or found[1] != len(words) or not 0 <= found[0] <= MAX_COUNT:
        return None
    return found[0], words[0].line, words[0].column


def row_of(cells: list[Cell], line: int) -> DrawnRow | None:
    """A row of cards: an optional label, card cells, an optional count; None for anything
    else (a row of words)."""
    groups, label, count = [], "", None
    for k, cell in enumerate(cells):
        cards = _cards_of(cell)
        if cards is not None and count is None:
            groups.append(cards)
        elif k == 0 and LABEL.match(cell.text) or NUMBER_LABEL.match(cell.text):
            if k:
                return None
            label = cell.text
        elif k == len(cells) - 1 and groups and count is None:
            count = _count_of(cell)
            if count is None:
                return None
        else:
            return None
    if not groups:
        return None
    return DrawnRow(line, groups, label, count)


def _hand_cards(row: DrawnRow) -> tuple[list[DrawnCard], bool] | None:
    """The cards of a row as a hand (the starter last when it is drawn): one cell of three to
    five; a card drawn apart before or after four; or each card in a cell of its own (a frame
    round each), the starter apart where one gap is wider. Groups of cards side by side are
    pairs listed, not a hand."""
    groups, cards = row.groups, row.cards
    if not 3 <= len(cards) <= 5:
        return None
    if len(groups) == 1:
        return cards, len(cards) == 5
    sizes = [len(g) for g in groups]
    if sizes == [1, 4]:
        return groups[1] + groups[0], True
    if sizes == [4, 1]:
        return cards, True
    if set(sizes) != {1}:
        return None
    if len(cards) < 5:
        return cards, False
    middles = [c.column + len(c.text) / 2 for c in cards]
    steps = [b - a for a, b in zip(middles, middles[1:])]
    wide = [k for k, s in enumerate(steps) if s >= min(steps) + APART]
    if not wide:
        return cards, True
    if wide == [0]:
        return cards[1:] + cards[:1], True
    if wide == [3]:
        return cards, True
    return None


def _is_starter_label(label: str) -> bool:
    low = label.lower().rstrip(":-—;. ")
    return low in STARTER_WORDS


def drawing_hands(block: Block) -> list[DrawnHand] | None:
    """The hands a block draws; None when the block is not a drawing of cards."""
    rows = []
    for row in block.text_rows():
        drawn = row_of(row.cells, row.line)
        if drawn is None:
            return None
        rows.append(drawn)
    if not rows:
        return None
    starter = None
    hands: list[tuple[DrawnRow, list[DrawnCard], bool]] = []
    for row in rows:
        if row.label and _is_starter_label(row.label) and len(row.cards) == 1:
            starter = row.cards[0]
            continue
        found = _hand_cards(row)
        if found is None:
            return []                 # pairs listed, a hand of six, a play: no hand drawn
        hands.append((row, *found))
    if len(hands) > 1 and any(r.count is None and not NUMBER_LABEL.match(r.label) for r, _, _ in hands):
        return []                     # rows of cards with no count: the order of a play
    out = []
    for row, cards, has_starter in hands:
        if starter is not None and not has_starter and len(cards) == 4:
            cards, has_starter = cards + [starter], True
        number = NUMBER_LABEL.match(row.label)
        hand = DrawnHand(cards, row.line, has_starter, row.label,
                         crib="crib" in row.label.lower(),
                         number=int(number.group(1)) if number else None,
                         rows=[r.line for r in rows])
        if row.count is not None:
            hand.stated, hand.stated_line, hand.stated_column = row.count
        out.append(hand)
    return out


# -- the counts stated after a drawing ------------------------------------------------------------
def find_drawn_hands(lines: Sequence[str],
                     near: Sequence[tuple[int, int]] = ((0, 1 << 30),)) -> list[DrawnHand]:
    """Every hand drawn in the text, with the count stated for it (0-based lines in, 1-based
    lines out). near: the stretches (0-based, end exclusive) where cards in letters are looked
    for (all, unless told)."""
    spans = windows(lines, near)
    if not spans:
        return []
    found: list[DrawnHand] = []
    numbered: dict[int, DrawnHand] = {}
    for first, stop in spans:
        for block in page(unwrapped(list(lines[first:stop])), first + 1):
            hands = drawing_hands(block)
            if not hands:
                continue
            if len(hands) == 1 and hands[0].stated is None and hands[0].number is None:
                _stated_after(hands[0], lines, block.end_line)
            for hand in hands:
                if hand.number is not None:
                    numbered[hand.number] = hand
                else:
                    found.append(hand)
    if numbered:
        _numbered_claims(numbered, lines)
        found += numbered.values()
    unique = {(h.line, h.cards[0].column): h for h in found}
    return sorted(unique.values(), key=lambda h: (h.line, h.cards[0].column))


def _stated_after(hand: DrawnHand, lines: list[str], k: int) -> None:
    """The first count stated in the paragraph after the drawing (it may break a line)."""
    while k < len(lines) and (not lines[k].strip() or lines[k].strip() == "]"):
        k += 1
    starts, text = [], ""
    while k < len(lines) and lines[k].strip() and "[Illustration" not in lines[k]:
        starts.append((len(text), k))
        text += lines[k] + " "
        k += 1
    m = STATED.search(text)
    if m:
        at = m.start(m.lastindex)
        offset, line = max((s for s in starts if s[0] <= at), key=lambda s: s[0])
        hand.stated = int(m.group(m.lastindex))
        hand.stated_line, hand.stated_column = line + 1, at - offset + 1


def _numbered_claims(numbered: dict[int, DrawnHand], lines: list[str]) -> None:
    """"No. 1 ... worth 17", "No. 2 is worth 21", "No. 4 ... worth 24" after the drawings."""
    last = max(h.line for h in numbered.values())
    current = None
    for n, line in enumerate(lines[last:last + 12]):
        for token in re.finditer(r"No\. (\d+)|\bworth (?:only )?(\d+)", line):
            if token.group(1):
                current = int(token.group(1))
            elif current in numbered and numbered[current].stated is None:
                hand = numbered[current]
                hand.stated = int(token.group(2))
                hand.stated_line, hand.stated_column = last + n + 1, token.start(2) + 1
