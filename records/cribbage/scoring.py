"""Cribbage cards, variants and the exact hand scorer: fifteens, pairs, runs, flushes, nobs;
the distribution of counts over all hands.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb

from records.core.cards import (
    RANKS_ACE_LOW,
    parse_card_token,
    rank_number,
)

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
    unprinted: dict[int, str] = field(default_factory=dict)   # points suits not printed may add

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
        count.unprinted = unprinted_points(hand, starter, crib)
    if starter is not None and starter.rank == JACK:
        count.notes.append("a jack turned up: two for his heels to the dealer, pegged at the cut,"
                           " not part of this count")
    return count


def score_total(hand: list[Card], starter: Card | None, crib: bool = False) -> int:
    return score(hand, starter, crib).total


# -- the count as players call it aloud --------------------------------------------
TENS = {2: "twenty", 3: "thirty", 4: "forty", 5: "fifty", 6: "sixty", 7: "seventy",
        8: "eighty", 9: "ninety"}  # hands of more than five cards count past thirty


def number_word(n: int) -> str:
    if n <= 20:
        return NUMBER_WORDS[n]
    tens = TENS.get(n // 10)
    if tens is None:
        return str(n)
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


def unprinted_points(hand: list[Card], starter: Card | None, crib: bool) -> dict[int, str]:
    """What a hand may count more than its printed cards show when suits are not printed: his
    nobs (a knave whose suit, or the starter's, is not given), a flush (cards of different ranks
    whose suits are not given), or both: {points: what makes them}."""
    out: dict[int, str] = {}
    if starter is not None and any(c.rank == JACK and (not c.suit or not starter.suit)
                                   for c in hand) and not nobs(hand, starter):
        out[1] = "his nobs, if the knave is of the starter's suit"
    suits = {c.suit for c in hand} - {""}
    ranks = [c.rank for c in hand]
    if len(hand) < 3 or len(suits) > 1 or len(set(ranks)) < len(ranks) or flush(hand, starter, crib):
        return out
    if not crib:
        out[len(hand)] = f"a flush of {len(hand)}, if the hand is of one suit"
    if starter is not None and starter.rank not in ranks and (not starter.suit or not suits
                                                               or starter.suit in suits):
        out[len(hand) + 1] = f"a flush of {len(hand) + 1}, if the hand and starter are of one suit"
        if JACK in ranks and 1 in out:
            out[len(hand) + 2] = f"a flush of {len(hand) + 1} and his nobs, if all are of one suit"
    return out
