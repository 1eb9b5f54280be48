"""Trick tables read through the layout engine (records/core/layout.py).

A trick table prints one trick a row (or one hand a row, the tricks down the columns), its cards
in seat order under the seats' names (A Y B Z, N E S W, Leader Dummy Pone Dealer) or in playing
order from whoever led; two or three deals may stand side by side, sharing a column of trick
numbers. Marks on cards (brackets, underlining, tags, asterisks, arrows) show each trick's
winner or its leader. None of this is assumed: the engine proposes the reading orders of the
grid (row by row, down the columns, halves side by side) and this module replays each from
every plausible start (seat order under the printed seats or playing order; marks on the winner
or on the leader; the first leader and the trump when the text leaves them open; the hands when
a diagram gives them), keeping what consumes every printed card legally.
"""
from __future__ import annotations

import itertools
import re
from functools import lru_cache
from dataclasses import dataclass, field

from records.cards.card_forms import (
    GLYPH_IN,
    CardTok,
    cell_cards,
    header_seats,
    seat_label,
    seats_of,
    suit_of,
)
from records.cards.trick_prose import trick_heading
from records.cards import tricks
from records.cards.tricks import sort_cards, trick_winner
from records.core.layout import Block, Grid, Row, grid_of, row_of, set_aside
from records.core.orders import Choice, Replay, choose

DECK = tuple(sort_cards(tricks.DECK))   # (in order: the cards an unsure print may be are named so)

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", None: "no-trump"}
ANY = "any"          # a fact the text leaves open: every value is tried
MIN_ROWS = 3         # a table prints at least three tricks
MAX_STARTS = 1500    # bound on the starts one table is replayed from


@dataclass(frozen=True)
class Side:
    """What is known of one deal of a table before its play is read."""
    seats: tuple                     # clockwise
    hands: tuple | None = None       # per seat (in seats' order) a frozenset; None: not given
    leader: str | None = ANY         # the first leader; ANY: try each seat
    trump: str | None = ANY          # a suit, None for no-trump, ANY: try each
    hands_name: str = ""


@dataclass(frozen=True)
class Setup:
    columns: tuple | None            # the seat of each printed place (seat order); None: playing order
    marks: str                       # "winner", "leader", "" (nothing marked)
    sides: tuple                     # a Side per deal, leader and trump given
    name: str


@dataclass
class PlayedTrick:
    deal: int
    number: int                      # 1-based within its deal
    leader: str
    seats: list                      # the seat of each printed place
    tokens: list                     # stream indexes of its printed cards
    winner: str | None


@dataclass
class Played:
    """A table's cards as one reading places them."""
    setup: Setup
    seats: list = field(default_factory=list)      # per token
    cards: list = field(default_factory=list)      # per token (suits supplied)
    tricks: list = field(default_factory=list)
    problems: list = field(default_factory=list)   # (token index, message)
    fits: dict = field(default_factory=dict)       # token index -> the cards an unsure print
                                                   # may be that fit the play (OCR, unreadable)

    def outcome(self) -> tuple:
        return (tuple((s.trump, s.leader) for s in self.setup.sides),
                tuple(zip(self.seats, self.cards)))

    def deal_outcome(self, deal: int) -> tuple:
        """One deal's trump, first leader and cards by seat, as this reading has them."""
        side = self.setup.sides[deal] if deal < len(self.setup.sides) else None
        cards = tuple((self.seats[i], self.cards[i]) for t in self.tricks if t.deal == deal
                      for i in t.tokens)
        return (side.trump if side else None, side.leader if side else None, cards)


# -- finding tables ------------------------------------------------------------------------
CARD_HINT = re.compile(r"[♠♥♦♣♤♡◇♢♧]|\[[SHDC]\]|(?<![A-Za-z0-9])(?:10|[AKQJT2-9])[SHDC](?![A-Za-z0-9])|"
                       r"[\[(_*](?:10|[AKQJ2-9]|Kg|Qn|Knv|Kn|Ace|King|Queen|Knave|Jack)[\])_*]|"
                       r"(?<![A-Za-z0-9])[SHDC](?:10|[AKQJT2-9])(?![A-Za-z0-9])")


GLYPH_SET = frozenset("♠♥♦♣♤♡◇♢♧")


def card_count(line: str) -> int:
    """How many cards a line prints, cheaply: a table row splits its cells (two spaces, a
    rule, a tab) or is short and prints suit marks; fewer than four hints, fewer than four
    cards."""
    if line.isascii() or GLYPH_SET.isdisjoint(line):
        if "|" not in line and "\t" not in line and "  " not in line.strip():
            return 0             # no suit marks, no cells: not a row of a table
    elif len(line) > 60 and "|" not in line and "\t" not in line and "  " not in line.strip():
        return 0                 # running text that names a card or two
    if len(CARD_HINT.findall(line)) < 4:
        return 0
    row = _row(line)
    found = [t for c in row.cells for t in cell_cards(c.text, 0, c.column)]
    readable = sum(1 for t in found if t.card)
    return len(found) if readable >= 2 else readable    # a card past reading among cards


@dataclass
class Region:
    first: int          # 0-based line of the first card row
    last: int           # 0-based line of the last card row
    rows: list          # Row objects of the card rows
    header: list        # (seat, start, end) named over the columns, [] when none

    @property
    def row_seats(self) -> tuple:
        """The seats the rows begin with, when each row is a hand ("A  K♠ 10♠ Q♥ ...")."""
        labels = tuple(seat_label(r.cells[0].text) if r.cells else "" for r in self.rows)
        return labels if len(labels) == 4 and seats_of(labels) and len(set(labels)) == 4 \
            else ()


def find_regions(lines: list[str], counts: list[int], claimed) -> list[Region]:
    """Runs of at least MIN_ROWS rows of four or more cards, frame and rule rows between
    them allowed, none of them already read as something else."""
    out, i, n = [], 0, len(lines)
    while i < n:
        if counts[i] < 4 or claimed(i):
            i += 1
            continue
        rows, j, last, gap = [], i, i, 0
        while j < n and not claimed(j) and gap <= 4:
            if counts[j] >= 4:
                rows.append(row_of(lines[j], j + 1))
                last, gap = j, 0
            elif not _between_rows(lines[j]) or not lines[j].strip() and not _heading_next(lines, j):
                break
            else:
                gap += 1
            j += 1
        if len(rows) >= MIN_ROWS and not _prose(rows):
            out.append(Region(i, last, rows, _header(lines, i)))
        i = last + 1
    return out


@lru_cache(maxsize=1024)
def _row(line: str) -> Row:
    return row_of(line, 0)


def _between_rows(line: str) -> bool:
    """Lines a table prints between its tricks: rules and frames, and for a trick printed a
    block at a time, blank lines, the trick's heading and the seats over it."""
    if not line.strip() or trick_heading(line):
        return True
    if not set_aside(line)[0].strip():
        return True              # a page number, an illustration: set aside
    row = row_of(line, 0)
    if row.rule or not line.strip(" |+-=_\u2500\u2502"):
        return True
    named = header_seats(row.cells)
    return len(named) == 4 and len(named) == len(line.split())


def _heading_next(lines: list[str], j: int) -> bool:
    """A blank line inside a table only before the next trick's heading, or before or after
    what a page prints between its lines (a page number, an illustration)."""
    around = [lines[k] for k in (j - 1, j + 1, j + 2) if 0 <= k < len(lines) and lines[k].strip()]
    return any(trick_heading(x) or not set_aside(x)[0].strip() for x in around[:2])


def _prose(rows: list[Row]) -> bool:
    """Running text that names cards is no table: its rows are long runs of words."""
    words = sum(len(re.findall(r"[a-z]{3,}", r.text)) for r in rows)
    return words > 4 * len(rows)


def _header(lines: list[str], first: int) -> list:
    """The nearest row above the table (within its frame) that names the seats."""
    for j in range(first - 1, max(-1, first - 6), -1):
        if not lines[j].strip():
            return []
        row = row_of(lines[j], j + 1)
        named = header_seats(row.cells)
        if len(named) >= 4 and seats_of(s for s, _, _ in named):
            return named
    return []


# -- the grid and its starts -----------------------------------------------------------------
def tokens_of(cell) -> list[CardTok]:
    return cell_cards(cell.text, cell.line, cell.column)


def table_grid(region: Region) -> Grid:
    grid = grid_of(Block(region.rows), tokens_of)
    for r, (row, cols) in enumerate(zip(grid.rows, grid.column_of())):
        for k, tok in enumerate(row):
            tok.row, tok.col = r, (cols[k] if cols else k)
    return grid


def bands(grid: Grid) -> int:
    """How many deals the table holds (side by side, or one below the other): a deal is 52
    cards."""
    return max(1, round(len(grid.tokens()) / 52))


def column_seats(grid: Grid, header: list) -> list[tuple]:
    """The seats of a band's four places, as the header names them over the columns."""
    if not header or not grid.columns:
        return []
    centres: dict[int, list] = {}
    for tok in grid.tokens():
        centres.setdefault(tok.col, []).append(tok.column + len(tok.text) / 2)
    middle = {c: sum(v) / len(v) for c, v in centres.items()}
    named = []
    for seat, start, end in header:
        centre = (start + end) / 2
        col = min(middle, key=lambda c: abs(middle[c] - centre))
        named.append((col, seat))
    places = {}
    for col, seat in named:
        places.setdefault(col % 4, seat)
    if len(places) != 4 or len(set(places.values())) != 4:
        return []
    return [tuple(places[k] for k in range(4))]


def starts(grid: Grid, sides: list[list[Side]], header: list,
           row_seats: tuple = ()) -> list[tuple[str, Setup]]:
    """Every plausible start of the table: seat order under the named (or rotated) seats, or
    playing order; marks on the winner or the leader; for each deal side by side, each way
    its hands may be drawn and each open leader and trump."""
    seats = sides[0][0].seats
    named = column_seats(grid, header)
    layouts = [(f"in seat order ({' '.join(c)})", c) for c in named] or \
              [(f"in seat order ({' '.join(seats[k:] + seats[:k])})", seats[k:] + seats[:k])
               for k in range(4)]
    if row_seats:
        layouts = [(f"a hand a row ({' '.join(row_seats)})", row_seats)] + layouts
    layouts = [(n, c) for n, c in layouts if set(c) == set(seats)]
    layouts.append(("in playing order", None))
    marked = any(t.marks for t in grid.tokens())
    meanings = [("marks on the winner", "winner"), ("marks on the leader", "leader")] \
        if marked else [("", "")]
    options = [[o for side in alternatives for o in _side_options(side)] for alternatives in sides]
    out = []
    for (lname, columns), (mname, meaning) in itertools.product(layouts, meanings):
        for combo in itertools.product(*options):
            name = ", ".join(x for x in [lname, mname] + [c[0] for c in combo] if x)
            out.append((name, Setup(columns, meaning, tuple(c[1] for c in combo), name)))
            if len(out) >= MAX_STARTS:
                return out
    return out


def _side_options(side: Side) -> list[tuple[str, Side]]:
    leaders = [side.leader] if side.leader != ANY else list(side.seats)
    trumps = [side.trump] if side.trump != ANY else [None, "S", "H", "D", "C"]
    out = []
    for leader, trump in itertools.product(leaders, trumps):
        bits = [side.hands_name] if side.hands_name else []
        if side.leader == ANY:
            bits.append(f"{leader} leads")
        if side.trump == ANY:
            bits.append(f"{SUIT_NAMES[trump]} trumps" if trump else "no trumps")
        out.append((", ".join(bits), Side(side.seats, side.hands, leader, trump, side.hands_name)))
    return out


def read_table(grid: Grid, sides: list[list[Side]], region: Region) -> Choice:
    return choose(grid, replay, starts(grid, sides, region.header, region.row_seats))


# -- replay ------------------------------------------------------------------------------------
class _DealState:
    __slots__ = ("hands", "leader", "out_of", "played", "printed", "seats", "trump")

    def __init__(self, side: Side, printed: frozenset = frozenset()):
        self.printed = printed    # the cards printed with their suits: no rank alone is one
        self.seats = side.seats
        self.hands = ({s: set(h) for s, h in zip(side.seats, side.hands)}
                      if side.hands is not None else None)
        self.played: set = set()
        self.out_of = {s: set() for s in side.seats}
        self.leader, self.trump = side.leader, side.trump


def replay(tokens: list, setup: Setup, whole: bool = False) -> Replay:
    """How far this reading goes: the first card that cannot be played as printed (not held,
    played twice, a revoke, a mark on the wrong card) is where it stops. whole: place every
    printed card all the same (the chosen reading, made into a record)."""
    played = Played(setup, [""] * len(tokens), [""] * len(tokens))
    state, t, deal, number = None, 0, 0, 0
    while t < len(tokens):
        if number == 0:
            if deal >= len(setup.sides):
                played.problems.append((t, "more tricks than the deals given"))
                break
            state = _DealState(setup.sides[deal], frozenset(
                tok.card for tok in tokens[t:t + 52] if tok.card[:1] not in ("?", "") and
                not tok.readings))
        _trick(tokens, t, state, played, deal, number + 1)
        if played.problems and not whole:
            break
        t += 4
        number += 1
        if number == 13:
            deal, number = deal + 1, 0
    played.problems.sort()
    if played.problems:
        at, why = played.problems[0]
        return Replay(at, len(tokens), why, tokens[at], played)
    return Replay(len(tokens), len(tokens), "", None, played)


def _trick(tokens, t: int, state: _DealState, played: Played, deal: int, number: int) -> None:
    seats, setup = state.seats, played.setup
    size = min(4, len(tokens) - t)
    _leader_marked(tokens, t, size, state, played, number)
    lead_i = seats.index(state.leader)
    at = list(setup.columns[:size]) if setup.columns else \
        [seats[(lead_i + k) % 4] for k in range(size)]
    in_turn = sorted(range(size), key=lambda k: (seats.index(at[k]) - lead_i) % 4)
    if setup.columns and [(seats.index(at[k]) - lead_i) % 4 for k in in_turn] != list(range(size)):
        played.problems.append((t + size - 1, f"trick {number} is short of a card"))
    marked = _single_mark(tokens, t, size) if setup.marks == "winner" else None
    won_by = at[marked] if marked is not None else None
    order, led, faults = [], _suit_followed(tokens, t, in_turn, at, state, won_by), \
        len(played.problems)
    for k in in_turn:
        i, seat = t + k, at[k]
        card = _resolve(tokens[i].card, led, state, seat) if tokens[i].card and \
            not tokens[i].readings else _unsure(tokens[i], i, led, state, seat, played)
        played.seats[i], played.cards[i] = seat, card
        why = _fault(card, seat, led, state, number)
        if why:
            played.problems.append((i, why))
        if k == in_turn[0]:
            led = card[0] if card else None
        order.append(card)
        state.played.add(card)
        if state.hands is not None:
            state.hands[seat].discard(card)
    winner = None
    if size == 4 and all(order):
        winner = trick_winner(order, lead_i, seats, state.trump)
        _check_marks(tokens, t, at, in_turn, winner, played, number)
    played.tricks.append(PlayedTrick(deal, number, state.leader, at, list(range(t, t + size)),
                                     winner))
    state.leader = winner or state.leader
    marked = _single_mark(tokens, t, size)
    if setup.marks == "winner" and marked is not None and at[marked] != winner and \
            len(played.problems) > faults:
        state.leader = at[marked]   # a misprinted card misleads the play: the book says who won


def _single_mark(tokens, t: int, size: int) -> int | None:
    marked = [k for k in range(size) if tokens[t + k].marks]
    return marked[0] if len(marked) == 1 else None


def _leader_marked(tokens, t: int, size: int, state: _DealState, played: Played, number: int):
    """Marks on the leader name the seat that leads (a table in seat order)."""
    setup = played.setup
    marked = _single_mark(tokens, t, size)
    if setup.marks == "leader" and setup.columns and marked is not None and number > 1 and \
            played.problems and setup.columns[marked] != state.leader:
        state.leader = setup.columns[marked]


def _suit_followed(tokens, t: int, in_turn: list, at: list, state,
                   won_by: str | None = None) -> str | None:
    """A card led printed by its rank alone is of the suit the others play most; when the
    hands are known and no one follows, of a suit its leader holds that rank in and none of
    the others (who discard) holds at all; of two such suits, the one that lets the seat the
    book marks as the winner win (None: the led card prints its suit)."""
    led = tokens[t + in_turn[0]].card
    if not led.startswith("?"):
        return None
    others = [(at[k], tokens[t + k].card) for k in in_turn[1:] if not tokens[t + k].card.startswith("?")]
    suits = [card[0] for _, card in others]
    if state.hands is not None:
        ranked = [c for c in state.hands[at[in_turn[0]]] if c[1] == led[1]]
        held = {c[0] for c in ranked if c not in state.printed} or {c[0] for c in ranked}
        fits = sorted(s for s in held if all(c[0] == s or not any(h[0] == s for h in
                                                                 state.hands[seat])
                                             for seat, c in others))
        if len(fits) == 1:              # the one suit the others follow or are void in
            return fits[0]
        if len(fits) > 1 and won_by is not None and len(others) == len(in_turn) - 1:
            lead_i = state.seats.index(at[in_turn[0]])
            marked = [s for s in fits if trick_winner(
                [s + led[1]] + [card for _, card in others], lead_i, state.seats,
                state.trump) == won_by]
            if len(marked) == 1:
                return marked[0]
        suits = [s for s in suits if s in (fits or held)] or suits
    return max(sorted(set(suits)), key=suits.count) if suits else None


def _resolve(card: str, led: str | None, state: _DealState, seat: str) -> str:
    """A card; a rank printed alone takes the suit led, or the one suit its holder has it in."""
    if not card.startswith("?"):
        return card
    rank = card[1]
    if state.hands is not None:
        held = [c for c in state.hands[seat] if c[1] == rank]
        held = [c for c in held if c not in state.printed] or held
        for suit in (led, state.trump):          # it follows suit, or it trumps
            if suit and suit + rank in held:
                return suit + rank
        if len(held) == 1:
            return held[0]
        return ""
    return led + rank if led else ""


def _unsure(tok: CardTok, i: int, led, state: _DealState, seat: str, played: Played) -> str:
    """A card the print leaves unsure: an OCR form that may be two ranks ("♥O": the queen or
    the ten), or a card past reading ("♠Zq"), which may be any card of its suit. The cards it
    may be that no other card of the deal prints, its player holds (when the hands are
    given) and that follow suit when its player can; the one card left is taken (the record
    says what it read), else the first reading, or no card."""
    def fitting(candidates) -> list:
        return [c for c in candidates if c not in state.printed and c not in state.played and
                (state.hands is None or c in state.hands[seat])]
    suits = GLYPH_IN.findall(tok.text)
    fits = fitting(tok.readings or [c for c in DECK if not suits or c[0] == suit_of(suits[0])])
    if not fits and not tok.readings:
        fits = fitting(DECK)                 # its suit mark is misread too
    following = [c for c in fits if c[0] == led]
    if led and following and state.hands is not None:
        fits = following
    played.fits[i] = tuple(fits)
    if len(fits) == 1:
        return fits[0]
    return tok.readings[0] if tok.readings else ""


def _fault(card: str, seat: str, led: str | None, state: _DealState, number: int) -> str:
    if not card:
        return f"trick {number}: {seat}'s card cannot be told"
    if card in state.played:
        return f"trick {number}: {seat} plays {_name(card)}, already played"
    hand = state.hands[seat] if state.hands is not None else None
    if hand is not None and card not in hand:
        return f"trick {number}: {seat} plays {_name(card)} but does not hold it"
    suit = card[0]
    if suit in state.out_of[seat]:
        return f"trick {number}: {seat} plays a {SUIT_NAMES[suit][:-1]} after renouncing the suit"
    if led and suit != led:
        if hand is not None and any(c[0] == led for c in hand):
            return f"trick {number}: {seat} renounces {SUIT_NAMES[led]} holding one"
        state.out_of[seat].add(led)
    return ""


def _check_marks(tokens, t, at, in_turn, winner, played: Played, number: int) -> None:
    meaning = played.setup.marks
    marked = [k for k in range(4) if tokens[t + k].marks]
    if not meaning or not marked:
        return
    target = at.index(winner) if meaning == "winner" else in_turn[0]
    if marked != [target]:
        wrong = next((k for k in marked if k != target), target)
        played.problems.append((t + wrong, f"trick {number}: the mark is on {at[wrong]}'s card "
                                f"but {at[target]} {'wins' if meaning == 'winner' else 'leads'}"))


def _name(card: str) -> str:
    from records.cards.tricks import card_text
    return card_text(card)
