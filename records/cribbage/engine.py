"""Cribbage: the exact scorer, itemised counts, the pegging engine and record validation.

Hand counts: fifteens (2 each), pairs (2), pairs royal (6), double pairs royal (12), runs with
their multiplicity, flushes by variant, his nobs (1). His heels (2 to the dealer for a jack
turned up) is pegged when the starter is cut and is never part of a hand count.
"""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb

from records.core.cards import RANKS_ACE_LOW, SUIT_NAMES, parse_card_token, rank_number
from records.core.model import ERROR, INFO, WARNING, Ply, Record

RANKS = RANKS_ACE_LOW
RANK_NAMES = ["ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
              "jack", "queen", "king"]
NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
                "seventeen", "eighteen", "nineteen", "twenty"]
JACK = 11


@dataclass(frozen=True)
class Variant:
    name: str
    hand_size: int       # cards each player keeps to play and count
    crib_size: int       # cards in the crib before the starter
    game: int            # points to win
    last: int            # points the non-dealer marks for "last" at the start of a game
    play_on_after_go: bool  # six-card rule: the play goes on after a go or 31


VARIANTS = {
    "five-card": Variant("five-card", 3, 4, 61, 3, False),
    "six-card": Variant("six-card", 4, 4, 61, 0, True),
    "seven-card": Variant("seven-card", 5, 4, 121, 0, True),
    "three-hand": Variant("three-hand", 4, 4, 61, 0, False),
    "four-hand": Variant("four-hand", 4, 4, 121, 0, False),
}
VARIANT_BY_HAND_SIZE = {3: "five-card", 4: "six-card", 5: "seven-card"}


def variant_named(name: str | None) -> Variant | None:
    if not name:
        return None
    key = name.strip().lower().replace(" ", "-").replace("_", "-")
    key = {"5": "five-card", "6": "six-card", "7": "seven-card", "five": "five-card",
           "six": "six-card", "seven": "seven-card", "3-hand": "three-hand",
           "4-hand": "four-hand"}.get(key, key)
    if key not in VARIANTS:
        raise ValueError(f"unknown cribbage variant {name!r}; known: {', '.join(VARIANTS)}")
    return VARIANTS[key]


def is_lurched(loser_score: int, game: int = 61) -> bool:
    """A player who has not gone half way round the board when the other wins loses double."""
    return loser_score < (game + 1) // 2


# -- cards ---------------------------------------------------------------------
@dataclass(frozen=True, order=True)
class Card:
    rank: int          # 1 (ace) .. 13 (king)
    suit: str = ""     # S H D C, or "" when the text does not say

    @property
    def value(self) -> int:
        return min(self.rank, 10)

    def __str__(self) -> str:
        return RANKS[self.rank - 1] + self.suit

    @property
    def name(self) -> str:
        return RANK_NAMES[self.rank - 1]


def parse_card(text: str) -> Card:
    """A card as typed: 5H, 10♥, TD, JC, or a bare rank (5, K, A, 10) when the suit is unknown."""
    rank, suit = parse_card_token(text)
    return Card(rank_number(rank), suit)


def parse_cards(text: str) -> list[Card]:
    return [parse_card(tok) for tok in text.replace(",", " ").split()]


def card_set_problems(cards: list[Card]) -> list[str]:
    """Why a set of cards cannot come from one pack: a card twice, five of a rank."""
    problems = []
    for card, n in Counter(c for c in cards if c.suit).items():
        if n > 1:
            problems.append(f"{card} appears {n} times; a pack has one")
    for rank, n in Counter(c.rank for c in cards).items():
        if n > 4:
            problems.append(f"{n} cards of rank {RANKS[rank - 1]}; a pack has four")
    return problems


# -- counting a hand -------------------------------------------------------------
@dataclass
class Item:
    kind: str          # fifteen, pair, pair royal, double pair royal, run, flush, nobs
    cards: list[Card]
    points: int

    def to_dict(self) -> dict:
        return {"kind": self.kind, "cards": [str(c) for c in self.cards], "points": self.points}


@dataclass
class Count:
    items: list[Item]
    notes: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(i.points for i in self.items)

    def points(self, *kinds: str) -> int:
        return sum(i.points for i in self.items if i.kind in kinds)

    def number(self, kind: str) -> int:
        return sum(1 for i in self.items if i.kind == kind)

    def to_dict(self) -> dict:
        return {"total": self.total, "call": spoken(self),
                "items": [i.to_dict() for i in self.items], "notes": self.notes}


@cache
def _mask_plan(n: int) -> tuple[tuple[int, int, int], ...]:
    """Every subset of n cards as (mask, mask without its lowest card, that card's index)."""
    return tuple((m, m & (m - 1), (m & -m).bit_length() - 1) for m in range(1, 1 << n))


def fifteens(cards: list[Card]) -> list[Item]:
    """Each set of two or more cards adding to 15 (subset sums built one card at a time)."""
    values = [min(c.rank, 10) for c in cards]
    sums = [0] * (1 << len(cards))
    hits = []
    for mask, rest, i in _mask_plan(len(cards)):
        total = sums[mask] = sums[rest] + values[i]
        if total == 15 and rest:
            hits.append(mask)
    hits.sort(key=lambda mask: (bin(mask).count("1"), mask))
    return [Item("fifteen", [c for i, c in enumerate(cards) if mask >> i & 1], 2) for mask in hits]


PAIR_KINDS = {2: ("pair", 2), 3: ("pair royal", 6), 4: ("double pair royal", 12)}


def pairs(cards: list[Card]) -> list[Item]:
    out = []
    for rank in sorted({c.rank for c in cards}):
        same = [c for c in cards if c.rank == rank]
        if len(same) >= 2:
            kind, points = PAIR_KINDS[len(same)]
            out.append(Item(kind, same, points))
    return out


def runs(cards: list[Card]) -> list[Item]:
    """Every run of three or more, once per combination of duplicate ranks (a double run is two)."""
    by_rank: dict[int, list[Card]] = {}
    for c in cards:
        by_rank.setdefault(c.rank, []).append(c)
    out = []
    rank = 1
    while rank <= 13:
        end = rank
        while end + 1 in by_rank and end in by_rank:
            end += 1
        if rank in by_rank and end - rank + 1 >= 3:
            out.extend(_run_items([by_rank[r] for r in range(rank, end + 1)]))
        rank = end + 1
    return out


def _run_items(columns: list[list[Card]]) -> list[Item]:
    combos: list[list[Card]] = [[]]
    for column in columns:
        combos = [combo + [c] for combo in combos for c in column]
    return [Item("run", combo, len(combo)) for combo in combos]


def flush(hand: list[Card], starter: Card | None, crib: bool) -> list[Item]:
    """A hand flush counts its length (+1 with the starter); a crib flush needs the starter too."""
    suits = {c.suit for c in hand}
    if len(suits) != 1 or "" in suits or len(hand) < 3:
        return []
    with_starter = starter is not None and starter.suit == hand[0].suit
    if with_starter:
        return [Item("flush", [*hand, starter], len(hand) + 1)]
    return [] if crib else [Item("flush", list(hand), len(hand))]


def nobs(hand: list[Card], starter: Card | None) -> list[Item]:
    if starter is None or not starter.suit:
        return []
    return [Item("nobs", [c], 1) for c in hand if c.rank == JACK and c.suit == starter.suit]


def score(hand: list[Card], starter: Card | None, crib: bool = False) -> Count:
    """The count of a hand (or crib) with its starter, item by item."""
    cards = [*hand, starter] if starter is not None else list(hand)
    count = Count(fifteens(cards) + pairs(cards) + runs(cards) + flush(hand, starter, crib)
                  + nobs(hand, starter))
    if any(not c.suit for c in cards):
        count.notes.append("suits not given: flush and his nobs not counted")
    if starter is not None and starter.rank == JACK:
        count.notes.append("a jack turned up: two for his heels to the dealer, pegged at the cut,"
                           " not part of this count")
    return count


def score_total(hand: list[Card], starter: Card | None, crib: bool = False) -> int:
    return score(hand, starter, crib).total


# -- the count as players call it aloud --------------------------------------------
def number_word(n: int) -> str:
    if n <= 20:
        return NUMBER_WORDS[n]
    tens = {2: "twenty", 3: "thirty"}[n // 10]
    return tens + ("-" + NUMBER_WORDS[n % 10] if n % 10 else "")


def _item_phrase(item: Item) -> str:
    names = "-".join(RANKS[c.rank - 1] for c in item.cards)
    if item.kind == "run":
        return f"a run of {number_word(len(item.cards))} ({names})"
    if item.kind == "flush":
        return f"a flush of {number_word(item.points)}"
    if item.kind == "nobs":
        return "one for his nobs"
    name = RANK_NAMES[item.cards[0].rank - 1]
    return f"a {item.kind} of {name}{'es' if name == 'six' else 's'}"


def spoken(count: Count) -> str:
    """'fifteen two, fifteen four, and a pair is six' -- each combination named in turn."""
    parts, running, runs_said = [], 0, set()
    for item in count.items:
        running += item.points
        if item.kind == "run":
            again = len(item.cards) in runs_said
            runs_said.add(len(item.cards))
            names = "-".join(RANKS[c.rank - 1] for c in item.cards)
            parts.append(f"{'another' if again else 'a'} run of {number_word(len(item.cards))}"
                         f" ({names}) is {number_word(running)}")
            continue
        if item.kind == "fifteen":
            names = "+".join(str(c) for c in item.cards)
            parts.append(f"fifteen {number_word(running)} ({names})")
        else:
            parts.append(f"{_item_phrase(item)} is {number_word(running)}")
    if not parts:
        return "nineteen (nothing: a hand that counts nothing is called nineteen)"
    if len(parts) > 1:
        parts[-1] = "and " + parts[-1]
    return ", ".join(parts)


# -- the distribution over every (hand, starter) --------------------------------------
SUBSETS_OF_FIVE = [c for size in range(2, 6) for c in combinations(range(5), size)]


@cache
def _rank_points(ranks: tuple[int, ...]) -> int:
    """Fifteens, pairs and runs of five ranks (sorted): what suits cannot change."""
    values = [min(r, 10) for r in ranks]
    points = 2 * sum(1 for idx in SUBSETS_OF_FIVE if sum(values[i] for i in idx) == 15)
    held = Counter(ranks)
    points += sum(n * (n - 1) for n in held.values())   # 2 per pair: 2, 6, 12
    rank = 1
    while rank <= 13:
        end = rank
        while end + 1 in held and end in held:
            end += 1
        if rank in held and end - rank >= 2:
            multiplicity = 1
            for r in range(rank, end + 1):
                multiplicity *= held[r]
            points += (end - rank + 1) * multiplicity
        rank = end + 1
    return points


def distribution(crib: bool = False, variant: str | None = None) -> dict[int, int]:
    """How many of the 12,994,800 (four-card hand, starter) deals score each total.

    Counts over rank patterns (1,820 hands x 13 starters), not deals: each pattern's
    fifteens, pairs and runs are scored once, and the suits that add a flush or his nobs
    are counted by combinatorics.
    """
    if variant is not None and variant_named(variant).hand_size != 4:
        raise ValueError("the distribution is over four-card hands"
                         " (six-card, three-hand and four-hand rules)")
    out: Counter = Counter()
    for hand in combinations_with_replacement(range(1, 14), 4):
        held = Counter(hand)
        if max(held.values()) > 4:
            continue
        for starter in range(1, 14):
            if held[starter] == 4:
                continue
            base = _rank_points(tuple(sorted((*hand, starter))))
            for extra, deals in _suit_classes(held, starter, crib):
                if deals:
                    out[base + extra] += deals
    return dict(sorted(out.items()))


def _suit_classes(held: Counter, starter: int, crib: bool) -> list[tuple[int, int]]:
    """(extra points, number of deals) for flushes and his nobs over every suit assignment."""
    ways_hand = 1
    for n in held.values():
        ways_hand *= comb(4, n)
    starters = 4 - held[starter]
    total = ways_hand * starters
    jacks = held[JACK]
    all_distinct = len(held) == 4
    flush5 = 4 if all_distinct and held[starter] == 0 else 0
    flush4 = 4 * (starters - (1 if held[starter] == 0 else 0)) if all_distinct else 0
    nobs_all = 0
    if jacks and starter != JACK:
        others = 1
        for rank, n in held.items():
            if rank not in (JACK, starter):
                others *= comb(4, n)
        nobs_all = 4 * comb(3, jacks - 1) * comb(3, held[starter]) * others
    nobs_plain = nobs_all - (flush5 if jacks else 0)
    flush5_points = 5 + (1 if jacks else 0)
    return [(0, total - flush5 - flush4 - nobs_plain), (1, nobs_plain),
            (0 if crib else 4, flush4), (flush5_points, flush5)]


# -- pegging ----------------------------------------------------------------------
PONE, DEALER = "pone", "dealer"


def other(player: str) -> str:
    return DEALER if player == PONE else PONE


@dataclass
class Play:
    """One event of the play: a card laid by a player, a go, or the end of a series."""
    card: Card | None = None
    go: bool = False
    reset: bool = False      # cards turned down: a new series to 31 begins
    player: str | None = None
    text: str = ""
    line: int = 0
    column: int = 0
    claimed: int | None = None  # points the text says this card (or go) scored
    called: int | None = None   # the running total the text says was called
    parts: dict = field(default_factory=dict)      # category -> points the text gives it
    expects: list = field(default_factory=list)    # categories the text says it scores
    denies: list = field(default_factory=list)     # categories the text says it does not


@dataclass
class PegStep:
    index: int               # index of the event
    player: str
    card: Card | None
    total: int               # running count after the card
    scores: list[tuple[str, int]]

    @property
    def points(self) -> int:
        return sum(p for _, p in self.scores)


@dataclass
class PegResult:
    steps: list[PegStep]
    problems: list[tuple[int, str, str, str]]  # (event index, severity, code, message)

    def points_of(self, player: str) -> int:
        return sum(s.points for s in self.steps if s.player == player)


def _card_points(pile: list[Card], total: int) -> list[tuple[str, int]]:
    scores = []
    if total == 15:
        scores.append(("fifteen", 2))
    if total == 31:
        scores.append(("thirty-one", 2))
    same = 1
    while same < len(pile) and pile[-1 - same].rank == pile[-1].rank:
        same += 1
    if same >= 2:
        scores.append(PAIR_KINDS[same])
    for length in range(len(pile), 2, -1):
        ranks = [c.rank for c in pile[-length:]]
        if len(set(ranks)) == length and max(ranks) - min(ranks) == length - 1:
            scores.append((f"run of {length}", length))
            break
    return scores


class _Table:
    """The state of the play: whose turn, the cards of this series, what each still holds."""

    def __init__(self, variant: Variant | None, hands: dict[str, list[Card]] | None, start: str):
        self.variant, self.turn = variant, start
        self.held = {p: list(cards) for p, cards in hands.items()} if hands else None
        self.played = Counter()
        self.pile: list[Card] = []
        self.total = 0
        self.out: set[str] = set()   # players who said go in this series
        self.last: str | None = None
        self.last_index = 0          # event index of the last card laid
        self.ended = False

    def has_cards(self, player: str) -> bool:
        if self.held is not None and player in self.held:
            return bool(self.held[player])
        return self.variant is None or self.played[player] < self.variant.hand_size

    def can_play(self, player: str) -> bool:
        if self.held is not None and player in self.held:
            return any(self.total + c.value <= 31 for c in self.held[player])
        return self.has_cards(player)

    def next_player(self, after: str) -> str:
        nxt = other(after)
        if nxt in self.out or not self.has_cards(nxt):
            return after if self.has_cards(after) else nxt
        return nxt

    def take(self, player: str, card: Card) -> bool:
        """Remove the card from the player's hand; False when he does not hold it."""
        self.played[player] += 1
        if self.held is None or player not in self.held:
            return True
        for c in self.held[player]:
            if c.rank == card.rank and (not card.suit or not c.suit or c.suit == card.suit):
                self.held[player].remove(c)
                return True
        return False


def peg(events: list[Play], variant: Variant | None = None,
        hands: dict[str, list[Card]] | None = None, start: str = PONE,
        last_card: bool = True) -> PegResult:
    """Score a play sequence card by card.

    Five-card rule: the play ends at the first go or 31 (hands thrown up). Six- and seven-card
    rule: the cards are turned down and the play goes on until every card is played; the last
    card scores one unless it makes 31. hands (pone/dealer -> cards kept) lets the engine
    check that each card is held and that a go is true.
    """
    table = _Table(variant, hands, start)
    steps: list[PegStep] = []
    problems: list[tuple[int, str, str, str]] = []
    for i, ev in enumerate(events):
        if table.ended:
            problems.append((i, ERROR, "CRIB-PLAY-AFTER-END",
                             "the play is over (five-card rule: hands are thrown up after the"
                             " go or 31), yet the text goes on playing"))
            break
        if ev.reset:
            _close_series(table, steps, i)
            continue
        if ev.go:
            _say_go(table, ev, i, steps, problems)
            continue
        _lay_card(table, ev, i, steps, problems)
    if not table.ended and table.pile and table.total != 31 and (last_card or table.out):
        steps.append(PegStep(table.last_index, table.last, None, table.total,
                             [("go" if table.out else "last card", 1)]))
    return PegResult(steps, problems)


def _say_go(table: _Table, ev: Play, i: int, steps, problems) -> None:
    who = ev.player or table.turn
    if table.held is not None and who in table.held and table.can_play(who):
        playable = [str(c) for c in table.held[who] if table.total + c.value <= 31]
        problems.append((i, ERROR, "CRIB-FALSE-GO",
                         f"the {who} says go at {table.total} but could play {', '.join(playable)}"))
    table.out.add(who)
    if not table.pile:
        return
    opponent = other(who)
    if opponent in table.out or (table.held is not None and opponent in table.held
                                 and not table.can_play(opponent)):
        _close_series(table, steps, i)
    else:
        table.turn = opponent


def _close_series(table: _Table, steps, i: int) -> None:
    """Nobody can play on: one for the go to the last player (31 has already scored two)."""
    if table.pile and table.total != 31:
        steps.append(PegStep(table.last_index, table.last, None, table.total, [("go", 1)]))
    _new_series(table)


def _new_series(table: _Table) -> None:
    starter = other(table.last) if table.last else table.turn
    table.pile, table.total, table.out = [], 0, set()
    if table.variant is not None and not table.variant.play_on_after_go:
        table.ended = True
    table.turn = starter if table.has_cards(starter) else other(starter)


def _lay_card(table: _Table, ev: Play, i: int, steps, problems) -> None:
    card = ev.card
    if table.total + card.value > 31:
        if table.variant is not None and not table.variant.play_on_after_go and table.pile:
            problems.append((i, ERROR, "CRIB-OVER-31",
                             f"{card} would bring the count from {table.total} to"
                             f" {table.total + card.value}, past 31"))
            return
        _close_series(table, steps, i)
        if table.ended:
            return
    who = ev.player or table.turn
    if not table.take(who, card):
        problems.append((i, ERROR, "CRIB-NOT-HELD",
                         f"the {who} plays {_card_words(card)} but does not hold one"
                         f" (still holding {', '.join(_card_words(c) for c in table.held[who]) or 'nothing'})"))
    table.pile.append(card)
    table.total += card.value
    table.last, table.last_index = who, i
    steps.append(PegStep(i, who, card, table.total, _card_points(table.pile, table.total)))
    if table.total == 31:
        _new_series(table)
        return
    table.turn = table.next_player(who)


def _card_words(card: Card) -> str:
    return f"a {card.name}" if card.rank != 1 and card.rank != 8 else f"an {card.name}"


# -- records: hands and cribs with their stated counts ---------------------------------
CATEGORY_KINDS = {"fifteens": ("fifteen",), "pairs": ("pair", "pair royal", "double pair royal"),
                  "runs": ("run",), "flush": ("flush",), "nobs": ("nobs",)}


@dataclass
class Claim:
    """A number the text states: a total, the points of one category, or how many of them."""
    what: str          # "total", a CATEGORY_KINDS key, or "number of <category>"
    value: int
    text: str = ""
    line: int = 0
    column: int = 0
    owner: str = ""    # deal records: whose count (pone, dealer, crib)


def category_points(count: Count, category: str) -> int:
    return count.points(*CATEGORY_KINDS[category])


def category_number(count: Count, category: str) -> int:
    return sum(1 for i in count.items if i.kind in CATEGORY_KINDS[category])


def describe(count: Count) -> str:
    """'fifteens 4 (5+J, 5+J), pairs 2 (8-8), runs 3 (7-8-9)' -- the count by category."""
    parts = []
    for category, kinds in CATEGORY_KINDS.items():
        items = [i for i in count.items if i.kind in kinds]
        if items:
            shown = ", ".join("+".join(str(c) for c in i.cards) for i in items)
            parts.append(f"{category} {sum(i.points for i in items)} ({shown})")
    return "; ".join(parts) or "nothing"


def check_claims(rec: Record, count: Count, claims: list[Claim], whose: str = "") -> None:
    """Compare every stated number with the rules; a wrong one is a warning naming the difference."""
    label = f"the {whose} " if whose else ""
    totals = [c for c in claims if c.what == "total"]
    has_points = {c.what for c in claims if c.what in CATEGORY_KINDS}
    for claim in [c for c in claims if c.what != "total"]:
        if claim.what.startswith("number of ") and claim.what[len("number of "):] in has_points:
            continue   # "four fifteens, 8 more holes": the points say it, partial tallies vary
        _check_part(rec, count, claim, [c for c in claims if c.what == claim.what], label)
    for claim in totals:
        _check_total(rec, count, claim, claims, label)


def _check_part(rec: Record, count: Count, claim: Claim, same: list[Claim], label: str) -> None:
    if claim.what.startswith("number of "):
        category = claim.what[len("number of "):]
        actual = category_number(count, category)
        if claim.value != actual:
            rec.add(WARNING, "CRIB-COUNT-MISMATCH",
                    f"{label}{category}: the text says {claim.value}, the rules give {actual}"
                    f" ({describe(count)})", claim.line, claim.column)
        return
    actual = category_points(count, claim.what)
    values = [c.value for c in same]
    consistent = (sum(values) == actual or claim.value == actual
                  or (max(values) == actual and sum(values) - max(values) == actual))
    if not consistent and claim is same[0]:
        rec.add(WARNING, "CRIB-COUNT-MISMATCH",
                f"{label}{claim.what}: the text counts {' + '.join(map(str, values))},"
                f" the rules give {actual} ({describe(count)})", claim.line, claim.column)


def _check_total(rec: Record, count: Count, claim: Claim, claims: list[Claim], label: str) -> None:
    actual = count.total
    if claim.value == actual:
        return
    parts = [c for c in claims if c.what in CATEGORY_KINDS]
    if parts and sum(c.value for c in parts) == actual and _one_digit_apart(claim.text, actual):
        rec.add(WARNING, "CRIB-OCR-TOTAL",
                f"{label}total printed {claim.text.strip()!r} reads {actual}: its own items add up"
                f" to {' + '.join(str(c.value) for c in parts)} = {actual}, and one digit is lost"
                " or misread in the scan", claim.line, claim.column,
                suggestion=f"read the total as {actual}", repair=True)
        return
    rec.add(WARNING, "CRIB-COUNT-MISMATCH",
            f"{label}count stated as {claim.value}, the rules give {actual}"
            f" ({abs(claim.value - actual)} {'too many' if claim.value > actual else 'too few'}):"
            f" {difference(count, claims)}",
            claim.line, claim.column, suggestion=f"the count is {spoken(count)}")


def _one_digit_apart(printed: str, actual: int) -> bool:
    digits, target = "".join(ch for ch in printed if ch.isdigit()), str(actual)
    if not digits:
        return False
    if len(digits) == len(target):
        return sum(a != b for a, b in zip(digits, target)) == 1
    longer, shorter = (target, digits) if len(target) > len(digits) else (digits, target)
    return len(longer) == len(shorter) + 1 and any(
        longer[:i] + longer[i + 1:] == shorter for i in range(len(longer)))


def difference(count: Count, claims: list[Claim]) -> str:
    """Which stated parts are wrong, then the count by the rules, item by item."""
    parts = {c.what: c.value for c in claims if c.what in CATEGORY_KINDS}
    wrong = [f"{cat} {parts[cat]} stated, {category_points(count, cat)} by the rules"
             for cat in parts if parts[cat] != category_points(count, cat)]
    return "; ".join(wrong + [f"by the rules: {describe(count)}"])


def infer_variant(size: int, crib: bool, named: Variant | None = None) -> Variant:
    if named is not None and (named.crib_size if crib else named.hand_size) == size:
        return named
    if crib:
        return named or VARIANTS["six-card"]
    return VARIANTS[VARIANT_BY_HAND_SIZE.get(size, "six-card")]


def hand_record(hand: list[Card], starter: Card | None, *, crib: bool = False,
                variant: Variant | None = None, claims: list[Claim] | None = None,
                source: str = "", line: int = 0, end_line: int = 0, text: str = "",
                title: str = "", positions: list[tuple[str, int, int]] | None = None) -> Record:
    """A record of one hand or crib with its starter, counted and checked against its claims."""
    variant = infer_variant(len(hand), crib, variant)
    cards = [*hand, *([starter] if starter else [])]
    what = "crib" if crib else "hand"
    shown = " ".join(map(str, hand)) + (f" | {starter}" if starter else "")
    rec = Record(kind="cribbage", title=title or f"{what} {shown}", source=source, line=line,
                 end_line=end_line or line, text=text)
    spots = positions or [(str(c), line, 0) for c in cards]
    rec.plies = [Ply(i + 1, spots[i][0], str(c), spots[i][1], spots[i][2])
                 for i, c in enumerate(cards)]
    rec.data = {"type": what, "variant": variant.name, "crib": crib,
                "hand": [str(c) for c in hand], "starter": str(starter) if starter else None}
    rec.tags = {"Variant": variant.name, "Type": what}
    problems = card_set_problems(cards)
    if problems:
        rec.add(ERROR, "CRIB-IMPOSSIBLE-CARDS", "impossible cards: " + "; ".join(problems),
                *_first_repeat(cards, spots, line),
                suggestion="no count is made for cards that cannot come from one pack")
        return rec
    if starter is None:
        rec.add(INFO, "CRIB-NO-STARTER", "no starter given: counted as the cards stand")
    count = score(hand, starter, crib)
    rec.data["count"] = count.to_dict()
    rec.tags["Score"] = count.total
    for claim in claims or []:
        if claim.what == "total":
            rec.tags["Stated"] = claim.value
    check_claims(rec, count, claims or [])
    for note in count.notes:
        rec.add(INFO, "CRIB-NOTE", note)
    rec.normal = json.dumps({k: rec.data[k] for k in ("variant", "crib", "hand", "starter")}
                            | {"total": count.total}, ensure_ascii=False)
    return rec


def _first_repeat(cards: list[Card], spots: list[tuple[str, int, int]], line: int):
    """Where the first card that cannot be there stands (a repeat, or a fifth of a rank)."""
    ranks: Counter = Counter()
    for i, (card, (_, at_line, column)) in enumerate(zip(cards, spots)):
        ranks[card.rank] += 1
        if (card.suit and card in cards[:i]) or ranks[card.rank] > 4:
            return at_line, column
    return (spots[0][1], spots[0][2]) if spots else (line, 0)


# -- records: play sequences -------------------------------------------------------------
def play_record(plays: list[Play], *, variant: Variant | None = None,
                hands: dict[str, list[Card]] | None = None, last_card: bool = True,
                claims: list[Claim] | None = None, source: str = "", line: int = 0,
                end_line: int = 0, text: str = "", title: str = "") -> Record:
    """A play sequence pegged card by card; each stated score and call is checked."""
    cards = [p.card for p in plays if p.card]
    shown = " ".join("go" if p.go else "/" if p.reset else RANKS[p.card.rank - 1] + p.card.suit
                     for p in plays)
    rec = Record(kind="cribbage", title=title or f"play {shown}", source=source, line=line,
                 end_line=end_line or line, text=text)
    rec.tags = {"Type": "play", "Variant": variant.name if variant else "any"}
    rec.data = {"type": "play", "variant": variant.name if variant else None}
    problems = card_set_problems(cards)
    if problems:
        rec.add(ERROR, "CRIB-IMPOSSIBLE-CARDS", "impossible cards: " + "; ".join(problems), line)
        return rec
    result = peg(plays, variant, hands, last_card=last_card)
    for index, severity, code, message in result.problems:
        ev = plays[min(index, len(plays) - 1)]
        rec.add(severity, code, message, ev.line or line, ev.column)
    _check_pegging(rec, plays, result)
    steps = [{"player": s.player, "card": str(s.card) if s.card else None, "total": s.total,
              "scores": [[name, pts] for name, pts in s.scores], "points": s.points}
             for s in result.steps]
    rec.plies = [Ply(i + 1, plays[s.index].text if s.index < len(plays) else "go",
                     str(s.card) if s.card else "go", plays[min(s.index, len(plays) - 1)].line,
                     plays[min(s.index, len(plays) - 1)].column)
                 for i, s in enumerate(result.steps)]
    total = sum(s.points for s in result.steps)
    rec.data.update({"plays": steps, "points": {p: result.points_of(p) for p in (PONE, DEALER)},
                     "total": total, "cards": [str(c) for c in cards]})
    rec.tags["Score"] = total
    rec.normal = json.dumps({"variant": rec.data["variant"], "plays": [
        [s["player"], s["card"], s["total"], s["points"]] for s in steps]}, ensure_ascii=False)
    return rec


STEP_CATEGORIES = {"fifteen": "fifteens", "thirty-one": "thirty-one", "pair": "pairs",
                   "pair royal": "pairs", "double pair royal": "pairs", "go": "go",
                   "last card": "last card"}


def _step_category(name: str) -> str:
    return "runs" if name.startswith("run of") else STEP_CATEGORIES.get(name, name)


def _check_pegging(rec: Record, plays: list[Play], result: PegResult) -> None:
    """Every call, stated score and named combination of the text against the engine."""
    cards_at: dict[int, PegStep] = {}
    extras_at: dict[int, list[PegStep]] = {}
    for step in result.steps:
        if step.card is not None:
            cards_at[step.index] = step
        else:
            extras_at.setdefault(step.index, []).append(step)
    last_card = None
    for i, ev in enumerate(plays):
        if ev.card is not None:
            last_card = i
            step = cards_at.get(i)
            if step is None:
                continue
            go_follows = i + 1 < len(plays) and plays[i + 1].go and plays[i + 1].claimed is not None
            extras = [] if go_follows else extras_at.get(i, [])
            _check_step(rec, ev, step.scores + [s for x in extras for s in x.scores], step.total)
        elif ev.go and last_card is not None:
            extras = extras_at.get(last_card, [])
            total = cards_at[last_card].total if last_card in cards_at else 0
            _check_step(rec, ev, [s for x in extras for s in x.scores], total)


def _check_step(rec: Record, ev: Play, scores: list[tuple[str, int]], total: int) -> None:
    what = ev.text or "the go"
    got = sum(p for _, p in scores)
    made = ", ".join(f"{n} {p}" for n, p in scores) or "nothing"
    by_category: dict[str, int] = {}
    for name, points in scores:
        by_category[_step_category(name)] = by_category.get(_step_category(name), 0) + points
    if ev.called is not None and not ev.go and ev.called != total:
        rec.add(WARNING, "CRIB-CALL-MISMATCH", f"{what} is called {ev.called}, but the count is {total}",
                ev.line, ev.column)
    if ev.claimed is not None and ev.claimed != got:
        rec.add(WARNING, "CRIB-PEG-MISMATCH",
                f"{what} (count {total}) is said to score {ev.claimed}, the rules give {got} ({made})",
                ev.line, ev.column)
    for category, points in ev.parts.items():
        if by_category.get(category, 0) != points:
            rec.add(WARNING, "CRIB-PEG-MISMATCH",
                    f"{what} (count {total}) is said to score {points} for {category},"
                    f" the rules give {by_category.get(category, 0)} ({made})", ev.line, ev.column)
    for category in ev.expects:
        if category not in by_category and category not in ev.parts:
            hint = f"{15 - total} more would make fifteen" if category == "fifteens" and total < 15 else ""
            rec.add(WARNING, "CRIB-PEG-MISMATCH",
                    f"{what} is said to make {_category_phrase(category)}, but it does not"
                    f" (count {total}; it scores {made})", ev.line, ev.column, suggestion=hint)
    for category in ev.denies:
        if category in by_category:
            rec.add(WARNING, "CRIB-PEG-MISMATCH",
                    f"{what} is said to make no {_category_phrase(category, plain=True)},"
                    f" but it scores {made} (count {total})", ev.line, ev.column)


def _category_phrase(category: str, plain: bool = False) -> str:
    words = {"fifteens": "fifteen", "pairs": "pair", "runs": "run", "go": "go",
             "last card": "last card", "thirty-one": "thirty-one"}
    word = words.get(category, category)
    return word if plain else ("a " + word if word not in ("go",) else "the go")


# -- family API ----------------------------------------------------------------------
def count_cards(hand_text: str, starter_text: str | None = None, crib: bool = False,
                variant: str | None = None) -> Count:
    """The count of a typed hand: '5H 5D 5S JC' with starter '5C', or '5H 5D 5S JC | 5C'.

    Raises ValueError with a message a person understands for anything that cannot be counted.
    """
    from records.cribbage.notation import NotationError, parse_notation
    text = hand_text if starter_text is None else f"{hand_text} | {starter_text}"
    text = text.replace(",", " ").upper()
    try:
        raw = parse_notation(text)
    except NotationError as exc:
        raise ValueError(f"column {exc.column}: {exc}") from exc
    if raw.kind != "hand":
        raise ValueError("give the cards of a hand, not a play sequence")
    hand = [Card(c.rank, c.suit) for c in raw.held]
    starter = Card(raw.starter.rank, raw.starter.suit) if raw.starter else None
    named = variant_named(variant)
    if named is not None:
        wanted = named.crib_size if crib or raw.crib else named.hand_size
        if len(hand) != wanted:
            raise ValueError(f"a {named.name} {'crib' if crib or raw.crib else 'hand'} has "
                             f"{wanted} cards, not {len(hand)}")
    problems = card_set_problems(hand + ([starter] if starter else []))
    if problems:
        raise ValueError("impossible cards: " + "; ".join(problems))
    return score(hand, starter, crib or raw.crib)


def render_text(record: Record, ply: int | None = None) -> str:
    data = record.data
    lines = [f"{record.title}  [{data.get('variant') or 'any variant'}]"]
    if data.get("type") in ("hand", "crib"):
        lines.append(f"{data['type']}: {' '.join(data['hand'])}   starter: {data.get('starter')}")
        count = data.get("count")
        if count:
            for item in count["items"]:
                lines.append(f"  {item['kind']:<18} {' '.join(item['cards']):<18} {item['points']:>3}")
            lines.append(f"  {'total':<37} {count['total']:>3}")
            lines.append(f"  \"{count['call']}\"")
    elif data.get("type") == "play":
        steps = data.get("plays", [])[: ply or None]
        for step in steps:
            scores = ", ".join(f"{n} {p}" for n, p in step["scores"])
            card = step["card"] or "--"
            lines.append(f"  {step['player'] or '':<7} {card:<4} {step['total']:>3}  {scores}")
        lines.append(f"  pegged: {data.get('points')}")
    elif data.get("type") == "deal":
        for who in ("pone", "dealer", "crib"):
            part = data.get(who, {})
            if part:
                lines.append(f"  {who:<7} {' '.join(part['hand'])} | {data.get('starter')}"
                             f"  = {part.get('count', {}).get('total')}")
        for step in data.get("plays", [])[: ply or None]:
            scores = ", ".join(f"{n} {p}" for n, p in step["scores"])
            lines.append(f"  {step['player'] or '':<7} {step['card'] or '--':<4} {step['total']:>3}  {scores}")
    for d in record.diagnostics:
        lines.append(d.format(record.source))
    return "\n".join(lines)


EXPORT_FORMATS = ("json",)


def export(records: list[Record], fmt: str) -> str:
    if fmt != "json":
        raise ValueError(f"cribbage records export as json, not {fmt!r}")
    return json.dumps([{"id": r.id, "title": r.title, "status": r.status, "source": r.source,
                        "line": r.line, **r.data,
                        "diagnostics": [d.to_dict() for d in r.diagnostics]} for r in records],
                      ensure_ascii=False, indent=1) + "\n"


def record_cards(record: Record) -> list[Card]:
    data = record.data
    names = data.get("cards") or [*data.get("hand", []), *([data["starter"]] if data.get("starter") else [])]
    for cards in data.get("dealt", {}).values():
        names = names + cards
    return [parse_card(n) for n in names]


def _has_cards(record: Record, wanted: list[Card]) -> bool:
    pool = record_cards(record)
    for card in wanted:
        match = next((c for c in pool if c.rank == card.rank
                      and (not card.suit or c.suit == card.suit)), None)
        if match is None:
            return False
        pool.remove(match)
    return True


def matches(record: Record, filters: dict) -> bool:
    """Family search filters: score (the count by the rules), cards, variant."""
    if record.kind != "cribbage":
        return False
    try:
        return _matches(record, filters)
    except ValueError:      # a score that is not a number, a variant or cards that do not exist
        return False


def _matches(record: Record, filters: dict) -> bool:
    if filters.get("score") not in (None, ""):
        wanted = int(filters["score"])
        if wanted not in (record.tags.get("Score"), *record.data.get("scores", [])):
            return False
    if filters.get("variant"):
        if record.data.get("variant") != variant_named(filters["variant"]).name:
            return False
    if filters.get("cards"):
        if not _has_cards(record, parse_cards(filters["cards"])):
            return False
    return not any(filters.get(k) for k in ("holding", "result", "contract", "trumps"))


# -- finding cribbage in text ---------------------------------------------------------
def scan_book(text: str, path: str) -> list[Record]:
    """Compact notation lines anywhere, and the worked examples of a book's cribbage chapters."""
    from records.cribbage import notation
    records = [_compact_record(raw, path) for raw in notation.compact_lines(text)]
    records += [_example_record(ex, path) for ex in notation.book_examples(text)]
    records.sort(key=lambda r: r.line)
    return records


def _compact_record(found, path: str) -> Record:
    line, text, raw = found
    if isinstance(raw, Exception):
        rec = Record(kind="cribbage", title=f"line {line}", source=path, line=line,
                     end_line=line, text=text)
        rec.add(ERROR, "CRIB-UNREADABLE", str(raw), line, getattr(raw, "column", 1))
        rec.status = "invalid"
        return rec
    if raw.kind == "hand":
        hand = [Card(c.rank, c.suit) for c in raw.held]
        starter = Card(raw.starter.rank, raw.starter.suit) if raw.starter else None
        spots = [(c.text, c.line, c.column) for c in [*raw.held, *([raw.starter] if raw.starter else [])]]
        claims = [Claim("total", raw.stated, str(raw.stated), line, _stated_column(text))] \
            if raw.stated is not None else _claims(raw.claims)
        return hand_record(hand, starter, crib=raw.crib, claims=claims, source=path, line=line,
                           text=text, positions=spots)
    plays = [Play(card=Card(c.rank, c.suit), text=c.text, line=ln, column=col) if kind == "card"
             else Play(go=kind == "go", reset=kind == "reset", text=kind, line=ln, column=col)
             for kind, c, ln, col in raw.plays]
    rec = play_record(plays, source=path, line=line, text=text, last_card=False)
    if raw.stated is not None and "total" in rec.data and raw.stated != rec.data["total"]:
        rec.add(WARNING, "CRIB-PEG-MISMATCH",
                f"the play is said to peg {raw.stated} in all, the rules give {rec.data['total']}"
                f" ({_peg_summary(rec)})", line, _stated_column(text))
    return rec


def _stated_column(text: str) -> int:
    """Where the stated number after '=' begins (1-based)."""
    at = text.rindex("=") + 1
    return at + len(text[at:]) - len(text[at:].lstrip()) + 1


def _peg_summary(rec: Record) -> str:
    return "; ".join(f"{s['card'] or 'go'} {', '.join(f'{n} {p}' for n, p in s['scores'])}"
                     for s in rec.data.get("plays", []) if s["points"])


# -- book examples as records ------------------------------------------------------------------
def _example_record(example, path: str) -> Record:
    if example.kind == "hand":
        return _book_hand(example, path)
    if example.kind == "play":
        return _book_play(example, path)
    return _book_deal(example, path)


def _claims(raw_claims, owner: str | None = None) -> list[Claim]:
    return [Claim(c.what, c.value, c.text, c.line, c.column, c.owner) for c in raw_claims
            if owner is None or c.owner == owner]


def _book_hand(ex, path: str) -> Record:
    hand = [Card(c.rank, c.suit) for c in ex.cards]
    starter = Card(ex.starter.rank, ex.starter.suit)
    assumed = ""
    if ex.same_suit_as_starter:
        suit = starter.suit or "S"
        starter = Card(starter.rank, suit)
        for k in ex.same_suit_as_starter:
            hand[k] = Card(hand[k].rank, suit)
        assumed = (f"the text gives no suits but puts the {hand[ex.same_suit_as_starter[0]].name}"
                   f" in the starter's suit: both written as {SUIT_WORDS_BY_LETTER[suit]}")
    spots = [(c.text, c.line, c.column) for c in [*ex.cards, ex.starter]]
    variant = VARIANTS.get(ex.variant)
    rec = hand_record(hand, starter, crib=ex.crib, variant=variant, claims=_claims(ex.claims),
                      source=path, line=ex.line, end_line=ex.end_line, text=ex.text,
                      positions=spots)
    if assumed:
        rec.add(INFO, "CRIB-SUIT-ASSUMED", assumed, ex.line)
    rec.tags["Source"] = "book"
    return rec


SUIT_WORDS_BY_LETTER = SUIT_NAMES


def _plays_of(events) -> list[Play]:
    return [Play(card=Card(e.card.rank, e.card.suit) if e.card else None, go=e.go, reset=e.reset,
                 player=e.player, text=e.text, line=e.line, column=e.column, claimed=e.claimed,
                 called=e.called, parts=dict(e.parts), expects=list(e.expects),
                 denies=list(e.denies)) for e in events]


def _book_play(ex, path: str) -> Record:
    hands = {who: [Card(c.rank, c.suit) for c in cards] for who, cards in ex.hands.items()} or None
    plays = _plays_of(ex.events)
    told_last = any("last card" in p.expects for p in plays)
    rec = play_record(plays, variant=VARIANTS.get(ex.variant), hands=hands, last_card=told_last,
                      source=path, line=ex.line, end_line=ex.end_line, text=ex.text)
    if hands:
        rec.data["hands"] = {who: [str(c) for c in cards] for who, cards in hands.items()}
    rec.tags["Source"] = "book"
    return rec


def _take_out(dealt: list[Card], laid: list[Card]) -> tuple[list[Card], list[Card]]:
    """The cards kept after laying out; laid cards the hand never held are returned apart."""
    kept, missing = list(dealt), []
    for card in laid:
        match = next((c for c in kept if c.rank == card.rank
                      and (not card.suit or not c.suit or c.suit == card.suit)), None)
        if match is None:
            missing.append(card)
        else:
            kept.remove(match)
    return kept, missing


def _book_deal(ex, path: str) -> Record:
    variant = VARIANTS.get(ex.variant) or VARIANTS["five-card"]
    dealt = {who: [Card(c.rank, c.suit) for c in cards] for who, cards in ex.dealt.items()}
    laid = {who: [Card(c.rank, c.suit) for c in cards] for who, cards in ex.discards.items()}
    starter = Card(ex.starter.rank, ex.starter.suit) if ex.starter else None
    shown = "; ".join(f"{who} {' '.join(RANKS[c.rank - 1] for c in cards)}" for who, cards in dealt.items())
    rec = Record(kind="cribbage", title=f"deal: {shown}" + (f"; starter {starter}" if starter else ""),
                 source=path, line=ex.line, end_line=ex.end_line, text=ex.text)
    rec.tags = {"Type": "deal", "Variant": variant.name, "Source": "book"}
    rec.data = {"type": "deal", "variant": variant.name, "starter": str(starter) if starter else None,
                "dealt": {w: [str(c) for c in cs] for w, cs in dealt.items()},
                "laid out": {w: [str(c) for c in cs] for w, cs in laid.items()}}
    every = [c for cs in dealt.values() for c in cs] + ([starter] if starter else [])
    problems = card_set_problems(every)
    if problems:
        rec.add(ERROR, "CRIB-IMPOSSIBLE-CARDS", "impossible cards: " + "; ".join(problems), ex.line)
        return rec
    kept = {}
    for who, cards in dealt.items():
        kept[who], missing = _take_out(cards, laid.get(who, []))
        for card in missing:
            rec.add(ERROR, "CRIB-NOT-HELD", f"the {who} lays out {_card_words(card)} he was not dealt",
                    ex.line)
    crib = [c for who in (PONE, DEALER) for c in laid.get(who, [])]
    scores = []
    for owner, cards, is_crib in ((PONE, kept.get(PONE, []), False),
                                  (DEALER, kept.get(DEALER, []), False), ("crib", crib, True)):
        if not cards:
            continue
        count = score(cards, starter, is_crib)
        rec.data[owner] = {"hand": [str(c) for c in cards], "count": count.to_dict()}
        scores.append(count.total)
        check_claims(rec, count, _claims(ex.claims, owner), whose=owner if owner == "crib" else f"{owner}'s hand")
    if starter is not None and starter.rank == JACK:
        rec.add(INFO, "CRIB-HEELS", "a jack turned up: two for his heels to the dealer")
    plays = _plays_of(ex.events)
    if plays:
        result = peg(plays, variant, {w: list(cs) for w, cs in kept.items()}, last_card=False)
        for index, severity, code, message in result.problems:
            ev = plays[min(index, len(plays) - 1)]
            rec.add(severity, code, message, ev.line, ev.column,
                    suggestion=_playable_instead(kept, plays, index, result))
        _check_pegging(rec, plays, result)
        rec.data["plays"] = [{"player": s.player, "card": str(s.card) if s.card else None,
                              "total": s.total, "scores": [[n, p] for n, p in s.scores],
                              "points": s.points} for s in result.steps]
        rec.plies = [Ply(i + 1, p.text, str(p.card) if p.card else "go", p.line, p.column)
                     for i, p in enumerate(plays)]
    rec.data["scores"] = scores
    rec.tags["Score"] = scores[0] if scores else None
    rec.normal = json.dumps({k: rec.data[k] for k in ("variant", "dealt", "laid out", "starter")},
                            ensure_ascii=False)
    return rec


def _playable_instead(kept: dict, plays: list[Play], index: int, result: PegResult) -> str:
    """The cards the player could have laid there, with the count each would make."""
    ev = plays[index]
    if ev.card is None or ev.player not in kept:
        return ""
    held = list(kept[ev.player])
    for p in plays[:index]:
        if p.player == ev.player and p.card is not None:
            held, _ = _take_out(held, [p.card])
    before = next((s.total for s in reversed(result.steps) if s.index < index and s.card), 0)
    options = [f"{_card_words(c)} ({before + c.value})" for c in held if before + c.value <= 31]
    if not options:
        return "he could not play: a go"
    return "he could play " + " or ".join(options)


# -- hoyle demo -----------------------------------------------------------------------------
def showcase(archive, console) -> None:
    """The demo's cribbage part: an itemised count, a flagged claim, a search, the distribution."""
    import time
    console.print("[bold]cribbage[/bold]")
    best = [r for r in archive.search(kind="cribbage", full=True) if matches(r, {"score": 29})]
    if best:
        console.print(render_text(best[0]), markup=False)
    flagged = [r for r in archive.search(kind="cribbage", status="needs_review")]
    for rec in flagged[:3]:
        for d in rec.diagnostics:
            if d.severity != INFO:
                console.print(f"  {d.format(rec.source)}", markup=False, soft_wrap=True)
    started = time.perf_counter()
    dist = distribution()
    took = time.perf_counter() - started
    console.print(f"  every (hand, starter): {sum(dist.values()):,} deals scored in {took:.2f} s;"
                  f" 29 occurs {dist.get(29, 0)} times; never scored:"
                  f" {', '.join(str(n) for n in range(30) if n not in dist)}", markup=False)
