"""The trick engine shared by whist and bridge: deals, trick-by-trick play, revokes.

A card is a 2-character string, suit then rank: "SA", "HT", "D9", "C2".
A hand is a frozenset of cards. Seats are names the caller gives in clockwise
playing order, e.g. ("N", "E", "S", "W") or Cavendish's ("A", "Y", "B", "Z");
seats 0 and 2 are partners against seats 1 and 3.

The engine knows no notation and no diagnostics: it reports problems as small
objects carrying the trick number, the seat, the card and its place in the trick,
so a caller can point at the token in its source text.
"""
from __future__ import annotations

from typing import NamedTuple

from records.core.cards import RANKS_HIGH_FIRST as RANKS
from records.core.cards import SUIT_NAMES, SUIT_SYMBOLS, SUITS

RANK_NAMES = {"A": "ace", "K": "king", "Q": "queen", "J": "knave", "T": "ten"}
DECK = frozenset(s + r for s in SUITS for r in RANKS)
# higher value wins within a suit
RANK_VALUE = {r: 14 - i for i, r in enumerate(RANKS)}
CARD_VALUE = {c: RANK_VALUE[c[1]] for c in DECK}
# sort key: suits S H D C, ranks descending
CARD_ORDER = {s + r: i * 13 + j for i, s in enumerate(SUITS) for j, r in enumerate(RANKS)}


def card_text(card: str, style: str = "symbol") -> str:
    """"D9" -> "9♦" (symbol style, ten as "10") or "D9" (letter style, as stored)."""
    if style == "letter":
        return card
    if style != "symbol":
        raise ValueError(f"unknown card style {style!r}")
    rank = "10" if card[1] == "T" else card[1]
    return rank + SUIT_SYMBOLS.get(card[0], card[0])


def sort_cards(cards) -> list[str]:
    """Cards in the standard order: spades, hearts, diamonds, clubs; high to low."""
    return sorted(cards, key=CARD_ORDER.__getitem__)


def suit_holding(hand, suit: str) -> str:
    """The ranks a hand holds in one suit, high to low ("AKT2"; "" for a void)."""
    return "".join(c[1] for c in sort_cards(c for c in hand if c[0] == suit))


def is_card(text: str) -> bool:
    return text in DECK


class Problem(NamedTuple):
    """Something wrong with a deal or the play, with where it happened."""
    code: str            # DEAL-SIZE, DEAL-DUPLICATE, DEAL-CARD, CARD-UNKNOWN, CARD-NOT-HELD,
    #                      CARD-TWICE, TRICK-SIZE, SEAT-UNKNOWN
    message: str
    trick: int = 0       # 1-based trick number, 0 for the deal itself
    index: int = -1      # place of the card within the trick as given (0 = led), -1 none
    seat: str = ""
    card: str = ""


class Deal:
    """Four seats, up to four known hands, the dealer, the trump suit and the first leader."""
    __slots__ = ("dealer", "hands", "leader", "problems", "seats", "trump")

    def __init__(self, seats, hands: dict, dealer: str | None = None,
                 trump: str | None = None, leader: str | None = None):
        self.seats = tuple(seats)
        self.hands = {s: (frozenset(hands[s]) if hands.get(s) is not None else None)
                      for s in self.seats}
        self.dealer = dealer
        self.trump = trump
        # whist: the player on the dealer's left leads; bridge callers pass the leader
        if leader is None and dealer in self.seats:
            leader = self.next_seat(dealer)
        self.leader = leader
        self.problems: list[Problem] = self._check(hands)

    def next_seat(self, seat: str) -> str:
        return self.seats[(self.seats.index(seat) + 1) % 4]

    def partner(self, seat: str) -> str:
        return self.seats[(self.seats.index(seat) + 2) % 4]

    def side(self, seat: str) -> str:
        """The partnership a seat belongs to, named by its two seats ("NS", "EW", "AB")."""
        i = self.seats.index(seat) % 2
        return self.seats[i] + self.seats[i + 2]

    @property
    def sides(self) -> tuple[str, str]:
        return (self.seats[0] + self.seats[2], self.seats[1] + self.seats[3])

    @property
    def known(self) -> list[str]:
        return [s for s in self.seats if self.hands[s] is not None]

    def _check(self, given: dict) -> list[Problem]:
        known = [self.hands[s] for s in self.seats if self.hands[s] is not None]
        union = frozenset().union(*known)
        if (len(set(self.seats)) == 4 and all(len(h) == 13 for h in known)
                and union <= DECK and len(union) == 13 * len(known)
                and all(s in self.seats for s in given) and self.trump in (None, "S", "H", "D", "C")
                and self.dealer in (None, *self.seats) and self.leader in (None, *self.seats)):
            return []  # the usual sound deal, checked without building messages
        problems = []
        if len(set(self.seats)) != 4:
            problems.append(Problem("DEAL-SEATS", f"a deal needs four different seats, not {self.seats}"))
        for seat in given:
            if seat not in self.seats:
                problems.append(Problem("SEAT-UNKNOWN", f"hand for unknown seat {seat!r}", seat=seat))
        for name, value in (("dealer", self.dealer), ("leader", self.leader)):
            if value is not None and value not in self.seats:
                problems.append(Problem("SEAT-UNKNOWN", f"the {name} {value!r} is not one of the seats {'/'.join(self.seats)}"))
        if self.trump is not None and self.trump not in SUITS:
            problems.append(Problem("DEAL-TRUMP", f"trump {self.trump!r} is not a suit (S, H, D, C or None)"))
        owner: dict[str, str] = {}
        for seat in self.known:
            hand = self.hands[seat]
            for card in sort_cards(c for c in hand if c in DECK):
                if card in owner:
                    problems.append(Problem(
                        "DEAL-DUPLICATE",
                        f"{card_text(card)} is in both {owner[card]}'s and {seat}'s hands",
                        seat=seat, card=card))
                else:
                    owner[card] = seat
            for card in sorted(c for c in hand if c not in DECK):
                problems.append(Problem("DEAL-CARD", f"{card!r} in {seat}'s hand is not a card",
                                        seat=seat, card=card))
            if len(hand) != 13:
                problems.append(Problem("DEAL-SIZE", f"{seat}'s hand has {len(hand)} cards, not 13",
                                        seat=seat))
        return problems

    def complete_deal(self) -> Deal:
        """The same deal with the one unknown hand filled from the cards the others lack."""
        missing = [s for s in self.seats if self.hands[s] is None]
        if len(missing) != 1:
            raise ValueError(f"a deal can be completed only when exactly three hands are known "
                             f"({len(missing)} unknown)")
        if self.problems:
            raise ValueError(f"cannot complete a faulty deal: {self.problems[0].message}")
        rest = DECK.difference(*(self.hands[s] for s in self.known))
        hands = dict(self.hands)
        hands[missing[0]] = frozenset(rest)
        return Deal(self.seats, hands, self.dealer, self.trump, self.leader)

    def __repr__(self) -> str:
        hands = " ".join(f"{s}:{hand_text(self.hands[s])}" for s in self.seats)
        return f"Deal({hands}, dealer={self.dealer}, trump={self.trump}, leader={self.leader})"


def hand_text(hand) -> str:
    """A hand in PBN form, "KQ643.8.KT32.A54" (S.H.D.C); "-" when unknown."""
    if hand is None:
        return "-"
    parts = {"S": "", "H": "", "D": "", "C": ""}
    for card in sorted(hand, key=CARD_ORDER.__getitem__):
        parts[card[0]] += card[1]
    return ".".join(parts.values())


class Trick(NamedTuple):
    number: int
    leader: str
    cards: dict          # seat -> card
    order: tuple         # the cards as played, from the leader
    winner: str | None   # None for an incomplete trick


class Renounce(NamedTuple):
    seat: str
    trick: int
    suit: str


class Revoke(NamedTuple):
    """A renounce while holding the suit led; proved by a later card, or by the known hand."""
    seat: str
    trick: int              # the trick of the renounce
    suit: str
    proof_trick: int        # the trick where the seat plays that suit later (0: never seen)
    proof_card: str         # the card that proves it (from the later trick or the hand)
    message: str


class PlayResult:
    __slots__ = (
        "complete",
        "deal",
        "errors",
        "renounces",
        "revokes",
        "running",
        "tricks",
        "won",
        "won_by_side",
    )

    def __init__(self, deal: Deal):
        self.deal = deal
        self.tricks: list[Trick] = []
        self.won = {s: 0 for s in deal.seats}
        self.won_by_side = {side: 0 for side in deal.sides}
        self.running: list[dict] = []       # tricks by side after each trick
        self.renounces: list[Renounce] = []
        self.revokes: list[Revoke] = []
        self.errors: list[Problem] = []
        self.complete = False               # thirteen full tricks played

    @property
    def next_leader(self) -> str | None:
        if not self.tricks:
            return self.deal.leader
        return self.tricks[-1].winner

    def played(self) -> list[str]:
        return [c for t in self.tricks for c in t.order]


def trick_winner(order, leader_index: int, seats, trump: str | None) -> str:
    """The seat that wins a trick of cards played in order from seats[leader_index]."""
    best, best_i = order[0], 0
    for i in range(1, len(order)):
        card = order[i]
        if card[0] == best[0]:
            if CARD_VALUE[card] > CARD_VALUE[best]:
                best, best_i = card, i
        elif card[0] == trump and best[0] != trump:
            best, best_i = card, i
        # a card of another plain suit never wins
    return seats[(leader_index + best_i) % 4]


def play(deal: Deal, tricks, partial_last: bool = True, leaders: dict | None = None) -> PlayResult:
    """Play the tricks (each listing its cards in the order played from its leader).

    The first trick's leader is deal.leader; each later trick is led by the previous
    winner, or by the seat `leaders` names for it (trick number -> seat: the book says who
    led where a misprinted card leaves the winner in doubt). A final trick with fewer than
    four cards (play stopped by a claim) is allowed when partial_last is true.
    Problem.index is the card's place in the trick.
    """
    tricks = [list(t) for t in tricks]

    def order_for(number: int, lead_i: int):
        given = tricks[number - 1]
        return given, list(range(len(given)))
    return _play(deal, len(tricks), order_for, partial_last, leaders or {})


def play_by_seat(deal: Deal, rows, first: str | None = None, partial_last: bool = True,
                 leaders: dict | None = None) -> PlayResult:
    """Play tricks written by seat, as PBN's Play section does: each row lists the cards of
    the seats in clockwise order from `first` (the opening leader by default), whoever led
    that trick; None or "-" for a seat that plays no card (play stopped).
    Problem.index is the card's column in its row. leaders (trick number -> seat) names the
    leader of a trick after one whose winner a misrecorded card leaves in doubt.
    """
    rows = [list(r) for r in rows]
    seats = deal.seats
    first_i = seats.index(first or deal.leader) if (first or deal.leader) in seats else 0

    columns_from = [[(lead_i + k - first_i) % 4 for k in range(4)] for lead_i in range(4)]

    def order_for(number: int, lead_i: int):
        row = rows[number - 1]
        if len(row) == 4:  # the usual full row
            cols = columns_from[lead_i]
            order = [row[c] for c in cols]
            if None not in order and "-" not in order:
                return order, cols
        order, columns = [], []
        gap = False
        for column in columns_from[lead_i]:
            card = row[column] if column < len(row) else None
            if card is None or card == "-":
                gap = True
                continue
            if gap:  # a card after a seat that played none: keep it to report it
                order.append(None)
                columns.append(column)
                order.append(card)
                columns.append(column)
                break
            order.append(card)
            columns.append(column)
        return order, columns
    return _play(deal, len(rows), order_for, partial_last, leaders or {})


def _play(deal: Deal, n_tricks: int, order_for, partial_last: bool, leaders=None) -> PlayResult:
    result = PlayResult(deal)
    seats = deal.seats
    trump = deal.trump
    if deal.leader not in seats:
        result.errors.append(Problem("SEAT-UNKNOWN", "the first leader is not known"))
        return result
    remaining = {s: (set(deal.hands[s]) if deal.hands[s] is not None else None) for s in seats}
    seen: dict[str, int] = {}                       # card -> trick where it was played
    void: dict[str, dict[str, int]] = {s: {} for s in seats}  # seat -> suit -> renounce trick
    errors = result.errors
    side_of = {s: deal.side(s) for s in seats}
    rotations = [seats[k:] + seats[:k] for k in range(4)]   # the seats in playing order
    seat_index = {s: k for k, s in enumerate(seats)}
    leader = deal.leader
    for number in range(1, n_tricks + 1):
        if leaders:
            leader = leaders.get(number, leader)
        lead_i = seat_index[leader]
        in_turn = rotations[lead_i]
        order, places = order_for(number, lead_i)
        size = len(order)
        if size != 4 and None not in order and (size > 4 or not (partial_last and number == n_tricks)):
            errors.append(Problem(
                "TRICK-SIZE", f"trick {number} has {len(order)} cards, not 4", trick=number,
                seat=leader))
            if len(order) > 4:
                order = order[:4]
        valid_order = []
        cards = {}
        led_suit = None
        for i, card in enumerate(order):
            seat = in_turn[i % 4]
            if card is None:
                late = order[i + 1]
                errors.append(Problem(
                    "TRICK-GAP", f"trick {number}: {seat} plays no card but "
                    f"{seats[(lead_i + i + 1) % 4]} then plays {card_text(late) if late in DECK else late}",
                    number, places[i + 1], seat, str(late)))
                break
            if card not in DECK:
                errors.append(Problem("CARD-UNKNOWN", f"{card!r} is not a card ({seat}, trick {number})",
                                      number, places[i], seat, card))
                break  # the rest of the trick cannot be placed
            twice = card in seen
            if twice:
                errors.append(Problem(
                    "CARD-TWICE", f"{card_text(card)} is played at trick {number} by {seat} "
                    f"but was already played at trick {seen[card]}", number, places[i], seat, card))
            hand = remaining[seat]
            if i == 0:
                led_suit = card[0]
            if (i and card[0] != led_suit) or card[0] in void[seat]:  # most cards just follow
                _check_follow(result, deal, seat, card, led_suit, hand, number, i, void)
            if hand is None or card in hand:
                if hand is not None:
                    hand.discard(card)
                seen.setdefault(card, number)
            elif not twice:
                # a misprinted card: its true owner may still play it later without a second fault
                errors.append(Problem(
                    "CARD-NOT-HELD", f"{seat} plays {card_text(card)} at trick {number} "
                    f"but does not hold it", number, places[i], seat, card))
            cards[seat] = card
            valid_order.append(card)
        winner = None
        if len(valid_order) == 4:
            winner = trick_winner(valid_order, lead_i, seats, trump)
            result.won[winner] += 1
            result.won_by_side[side_of[winner]] += 1
        result.tricks.append(Trick(number, leader, cards, tuple(valid_order), winner))
        result.running.append(dict(result.won_by_side))
        if winner is None:
            break
        leader = winner
    result.complete = len(result.tricks) == 13 and all(t.winner for t in result.tricks)
    return result


def _check_follow(result: PlayResult, deal: Deal, seat: str, card: str, led_suit: str,
                  hand, number: int, index: int, void: dict) -> None:
    """Record renounces, and revokes proved by the hand or by a later card of a renounced suit."""
    suit = card[0]
    renounced = void[seat]
    if suit in renounced:
        first = renounced[suit]
        proved = Revoke(seat, first, suit, number, card,
                        f"{seat} renounced {SUIT_NAMES[suit]} at trick {first} but plays the "
                        f"{card_text(card)} at trick {number}")
        for k, r in enumerate(result.revokes):
            if r.seat == seat and r.trick == first and r.suit == suit:
                if not r.proof_trick:  # known from the hand: the later card is the better proof
                    result.revokes[k] = proved
                break
        else:
            result.revokes.append(proved)
    if index == 0 or suit == led_suit:
        return
    result.renounces.append(Renounce(seat, number, led_suit))
    renounced.setdefault(led_suit, number)
    if hand is not None:
        held = [c for c in hand if c[0] == led_suit]
        if held:
            held = sort_cards(held)
            result.revokes.append(Revoke(
                seat, number, led_suit, 0, held[0],
                f"{seat} renounced {SUIT_NAMES[led_suit]} at trick {number} while holding the "
                f"{card_text(held[0])}"))
