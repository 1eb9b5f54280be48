"""Cards, hands and deals as printed (grammars/cards.lark), read into engine cards.

    parse_hand("♥ K Q 6 4 3 ♣ A 5 4 ♦ K 10 3 2 ♠ 8.")  -> ParsedHand (cards, tokens with columns)
    parse_cards("4♢ Qn♢ A♢ 2♢")                       -> the cards in the order printed
    parse_deal("N: KQ643.8.KT32.A54\\nE: ...\\ndealer N\\ntrumps ♠") -> ParsedDeal (.deal())
    parse_card("Knv♢") -> "DJ"
    parse_compass(diagram)                            -> ParsedDeal from a North/West-East/South diagram

A card is the trick engine's 2-character code, suit then rank ("DJ"). Old rank names
(Kg, Qn, Knv, Kn, knave, deuce, tray) and outline suit marks (♤ ♡ ◇ ♢ ♧) are read as
the cards they stand for. Errors raise CardsSyntaxError with line and column.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from records.cards.tricks import DECK, Deal, card_text, sort_cards
from records.core.cards import RANK_ABBREVIATIONS, RANK_WORDS, SUIT_MARKS
from records.core.resources import lalr_parser

RANK_WORDS = {**RANK_WORDS, **RANK_ABBREVIATIONS, "10": "T"}
SEAT_WORDS = {"north": "N", "east": "E", "south": "S", "west": "W"}
# clockwise playing orders: compass seats, and Cavendish's A Y B Z (A-B against Y-Z)
SEAT_ORDERS = (("N", "E", "S", "W"), ("A", "Y", "B", "Z"))


class CardsSyntaxError(ValueError):
    def __init__(self, message: str, line: int, column: int):
        super().__init__(f"{line}:{column}: {message}")
        self.message, self.line, self.column = message, line, column


@dataclass
class CardToken:
    card: str          # "DJ"; "" for a small card printed as x
    text: str          # as printed ("Knv", "10", "x")
    line: int
    column: int


@dataclass
class ParsedHand:
    """A hand as printed: its cards (None when the hand is given as unknown)."""
    cards: frozenset | None
    tokens: list[CardToken] = field(default_factory=list)
    smalls: dict = field(default_factory=dict)     # suit -> count of unnamed small cards (x)
    suit_order: str = ""                            # the suits in the order printed
    problems: list[tuple[str, int, int]] = field(default_factory=list)  # message, line, column
    line: int = 1
    column: int = 1

    @property
    def known(self) -> bool:
        return self.cards is not None

    def suit(self, suit: str) -> list[str]:
        return sort_cards(c for c in (self.cards or ()) if c[0] == suit)


@dataclass
class ParsedDeal:
    seats: tuple
    hands: dict                         # seat -> ParsedHand | None (unknown)
    dealer: str | None = None
    leader: str | None = None
    trump: str | None = None            # suit letter, None for no-trump or not given
    trump_given: bool = False
    turn_up: str | None = None          # the turned-up card, when printed
    problems: list[tuple[str, int, int]] = field(default_factory=list)

    def deal(self) -> Deal:
        """The trick engine's Deal (completed when three hands are known)."""
        hands = {s: (h.cards if h is not None else None) for s, h in self.hands.items()}
        found = Deal(self.seats, hands, self.dealer, self.trump, self.leader)
        if len(found.known) == 3 and not found.problems:
            return found.complete_deal()
        return found


@cache
def _parser() -> Lark:
    return lalr_parser("cards", start=["start_hand", "start_deal"],
                propagate_positions=True, maybe_placeholders=False)


def _parse(text: str, start: str) -> Tree:
    try:
        return _parser().parse(text, start=start)
    except UnexpectedInput as exc:
        line, column = getattr(exc, "line", 1), getattr(exc, "column", 1)
        near = text.splitlines()[line - 1][max(column - 1, 0):][:12] if text.strip() else ""
        what = "a hand" if start == "start_hand" else "a deal"
        raise CardsSyntaxError(f"cannot read {what} at {near!r}", line, column) from None


def suit_of(mark: str) -> str:
    suit = SUIT_MARKS.get(mark) or SUIT_MARKS.get(mark[:1].upper())
    if suit is None:
        raise ValueError(f"{mark!r} is not a suit")
    return suit


def rank_of(text: str) -> str:
    return RANK_WORDS.get(text.lower(), text.upper() if len(text) == 1 else "?")


def parse_card(text: str) -> str:
    """One card in any printed form ("Knv♢", "10♠", "SA", "♠A", "ace of spades" is not read)."""
    cards = parse_cards(text)
    if len(cards) != 1:
        raise CardsSyntaxError(f"{text!r} is {len(cards)} cards, not one", 1, 1)
    return cards[0]


def parse_cards(text: str) -> list[str]:
    """The cards of a list or trick in the order printed ("4♢ Qn♢ A♢ 2♢", "SA H2 3♠")."""
    try:
        return [t.card for t in parse_hand(text, allow_repeats=True).tokens]
    except CardsSyntaxError:
        pass
    # forms mixed card by card ("Kg♠ SA"): read each card on its own
    import re
    cards = []
    for m in re.finditer(r"[^\s,]+", text):
        before = text[:m.start()]
        line = before.count("\n") + 1
        column = m.start() - (before.rfind("\n") + 1) + 1
        cards.extend(t.card for t in parse_hand(m.group(), line, column, True).tokens)
    return cards


def parse_hand(text: str, line: int = 1, column: int = 1,
               allow_repeats: bool = False) -> ParsedHand:
    """Read one hand; line/column place the text inside a larger source."""
    flat = text.replace("\r", " ").replace("\n", " ")  # same offsets, one line for the grammar
    try:
        tree = _parse(flat, "start_hand")
    except CardsSyntaxError as exc:
        at = Locator(text, line, column)(exc.column - 1)
        raise CardsSyntaxError(exc.message, *at) from None
    hand = _hand(tree.children[0], Locator(text, line, column))
    if not allow_repeats:
        _check_repeats(hand)
    return hand


class Locator:
    """Turns offsets in a parsed text into line and column in the whole source."""
    def __init__(self, text: str, line: int = 1, column: int = 1):
        self.starts = [0] + [i + 1 for i, ch in enumerate(text) if ch == "\n"]
        self.line, self.column = line, column

    def __call__(self, pos: int) -> tuple[int, int]:
        from bisect import bisect_right
        k = bisect_right(self.starts, pos) - 1
        col = pos - self.starts[k] + 1
        return self.line + k, (self.column + col - 1) if k == 0 else col


def _at(tok: Token, locate: Locator) -> tuple[int, int]:
    return locate(tok.start_pos)


def _hand(node: Tree, locate: Locator) -> ParsedHand:
    where = locate(node.meta.start_pos if not node.meta.empty else 0)
    if node.data == "unknown":
        return ParsedHand(None, line=where[0], column=where[1])
    hand = ParsedHand(frozenset(), line=where[0], column=where[1])
    if node.data == "pbn_hand":
        _pbn_tokens(hand, node.children[0], locate)
    else:
        for group in node.children:
            suit_tok = next(t for t in group.children if t.type == "SUIT")
            suit = suit_of(str(suit_tok))
            hand.suit_order += suit
            for tok in group.children:
                if tok.type in ("RANK", "SMALL"):
                    _add(hand, suit, tok, str(tok), locate)
    hand.cards = frozenset(t.card for t in hand.tokens if t.card)
    return hand


def _add(hand: ParsedHand, suit: str, tok: Token, text: str, locate: Locator,
         offset: int = 0) -> None:
    at_line, at_col = _at(tok, locate)
    if text.lower() == "x":
        hand.smalls[suit] = hand.smalls.get(suit, 0) + 1
        hand.tokens.append(CardToken("", text, at_line, at_col + offset))
        return
    rank = rank_of(text)
    card = suit + rank
    if card not in DECK:
        hand.problems.append((f"{text!r} is not a rank", at_line, at_col + offset))
        return
    hand.tokens.append(CardToken(card, text, at_line, at_col + offset))


def _pbn_tokens(hand: ParsedHand, tok: Token, locate: Locator) -> None:
    offset = 0
    for suit, holding in zip("SHDC", str(tok).split(".")):
        hand.suit_order += suit
        i = 0
        while i < len(holding):
            text = holding[i:i + 2] if holding.startswith("10", i) else holding[i]
            _add(hand, suit, tok, text, locate, offset + i)
            i += len(text)
        offset += len(holding) + 1


def _check_repeats(hand: ParsedHand) -> None:
    seen: set[str] = set()
    for t in hand.tokens:
        if t.card and t.card in seen:
            hand.problems.append((f"{card_text(t.card)} is printed twice", t.line, t.column))
        seen.add(t.card)


def seat_order(labels) -> tuple:
    labels = set(labels)
    for order in SEAT_ORDERS:
        if labels <= set(order):
            return order
    raise ValueError(f"seats {sorted(labels)} are neither N E S W nor A Y B Z")


def _seat(label: str) -> str:
    word = label.split("'")[0].rstrip(": \t").strip()
    return SEAT_WORDS.get(word.lower(), word.upper())


def parse_deal(text: str, line: int = 1, column: int = 1) -> ParsedDeal:
    """Read a deal: one seat's hand (or a PBN "N:h h h h") or one fact a line."""
    locate = Locator(text, line, column)
    try:
        tree = _parse(text, "start_deal")
    except CardsSyntaxError as exc:
        at_line, at_col = exc.line + line - 1, (exc.column + column - 1) if exc.line == 1 else exc.column
        raise CardsSyntaxError(exc.message, at_line, at_col) from None
    hands: dict[str, ParsedHand | None] = {}
    facts: list[tuple[str, str, int, int]] = []
    problems: list[tuple[str, int, int]] = []
    for entry in tree.children:
        label = entry.children[0]
        if entry.data == "fact":
            value = entry.children[-1]
            facts.append((str(label).lower(), str(value).strip(), *_at(value, locate)))
        elif entry.data == "seat_hand":
            hands[_seat(str(label))] = _hand(entry.children[1], locate)
        else:  # pbn_deal: hands clockwise from the labelled seat
            first = _seat(str(label))
            order = seat_order([first])
            i = order.index(first)
            for k, tok in enumerate(entry.children[1:]):
                seat = order[(i + k) % 4]
                hands[seat] = None if str(tok) in ("-", "?") else _pbn_hand(tok, locate)
    order = seat_order(hands) if hands else SEAT_ORDERS[0]
    deal = ParsedDeal(order, {s: hands.get(s) for s in order}, problems=problems)
    for hand in hands.values():
        if hand is not None:
            _check_repeats(hand)
            problems.extend(hand.problems)
    for key, value, at_line, at_col in facts:
        _apply_fact(deal, key, value, at_line, at_col)
    return deal


def _pbn_hand(tok: Token, locate: Locator) -> ParsedHand:
    at = _at(tok, locate)
    hand = ParsedHand(frozenset(), line=at[0], column=at[1])
    _pbn_tokens(hand, tok, locate)
    hand.cards = frozenset(t.card for t in hand.tokens if t.card)
    return hand


NO_TRUMP_WORDS = ("nt", "no trump", "no trumps", "no-trump", "no-trumps", "notrump", "n.t.")


def _apply_fact(deal: ParsedDeal, key: str, value: str, line: int, column: int) -> None:
    if key.startswith(("dealer", "dealt")) or key.startswith(("lead", "led", "opening")):
        seat = _seat(value.split()[0])
        if seat not in deal.seats:
            deal.problems.append((f"{value!r} is not one of the seats {' '.join(deal.seats)}",
                                  line, column))
        elif key.startswith(("dealer", "dealt")):
            deal.dealer = seat
        else:
            deal.leader = seat
        return
    deal.trump_given = True
    if value.lower().rstrip(".") in NO_TRUMP_WORDS:
        deal.trump = None
        return
    try:
        cards = parse_hand(value, line, column, allow_repeats=True)
    except CardsSyntaxError as exc:
        deal.problems.append((f"cannot read the trump {value!r}: {exc.message}", line, column))
        return
    suits = {suit_of(s) for s in cards.suit_order}
    if len(suits) != 1:
        deal.problems.append((f"the trump {value!r} names {len(suits)} suits", line, column))
        return
    deal.trump = suits.pop()
    if cards.tokens and cards.tokens[0].card:
        deal.turn_up = cards.tokens[0].card


# -- compass diagrams ----------------------------------------------------------------------
COMPASS_MARKS = "♠♥♦♣♤♡◇♢♧"


def parse_compass(text: str, line: int = 1, positions: tuple = ("N", "E", "S", "W")) -> ParsedDeal:
    """A deal printed as a diagram: the top hand's suits above, the left and right hands
    side by side, the bottom hand below, each suit line led by its mark (♠ A K 5 ...).
    Seat names printed over the hands are skipped; hands missing from the diagram stay
    unknown. positions names the seats at top, right, bottom and left (("A", "Y", "B", "Z")
    for Cavendish's table).
    """
    import re
    top, right_seat, bottom, left_seat = positions
    pieces = _compass_pieces(text.split("\n"), re.compile(f"[{COMPASS_MARKS}]"))
    if not pieces:
        raise CardsSyntaxError("no suit lines (♠ ♥ ♦ ♣) in the diagram", line, 1)
    left = min(p for _, p, _ in pieces)
    right = max(p for _, p, _ in pieces)
    side_rows = {r for r, p, _ in pieces if p == left} & {r for r, p, _ in pieces if p == right}
    first_side = min(side_rows) if side_rows and left != right else None
    parts: dict[str, list] = {top: [], right_seat: [], bottom: [], left_seat: []}
    for r, p, piece in pieces:
        if first_side is not None and r in side_rows:
            parts[left_seat if p == left else right_seat].append((r, p, piece))
        elif first_side is None or r < first_side:
            parts[top].append((r, p, piece))
        else:
            parts[bottom].append((r, p, piece))
    order = seat_order(parts)
    hands = {seat: _compass_hand(parts[seat], line) if parts[seat] else None for seat in order}
    problems = [p for h in hands.values() if h is not None for p in h.problems]
    return ParsedDeal(order, hands, problems=problems)


def _compass_pieces(rows: list[str], marks_re) -> list[tuple[int, int, str]]:
    """(row, column, text) of each suit line; a mark after a gap of two or more spaces
    begins another hand's line on the same row."""
    pieces = []
    for r, row in enumerate(rows):
        begins = []
        for m in marks_re.finditer(row):
            if not begins or "  " in row[begins[-1]:m.start()]:
                begins.append(m.start())
        for k, start in enumerate(begins):
            end = begins[k + 1] if k + 1 < len(begins) else len(row)
            pieces.append((r, start, row[start:end].rstrip()))
    return pieces


def _compass_hand(parts, line: int) -> ParsedHand:
    hand = ParsedHand(frozenset(), line=line + parts[0][0], column=parts[0][1] + 1)
    for r, p, piece in parts:
        one = parse_hand(piece, line + r, p + 1, allow_repeats=True)
        hand.tokens.extend(one.tokens)
        hand.suit_order += one.suit_order
        for suit, count in one.smalls.items():
            hand.smalls[suit] = hand.smalls.get(suit, 0) + count
        hand.problems.extend(one.problems)
    hand.cards = frozenset(t.card for t in hand.tokens if t.card)
    _check_repeats(hand)
    return hand
