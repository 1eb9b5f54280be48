"""Deals printed in Cavendish's layout (corpus/whist/cavendish_on_whist_pg51039.txt), made up
from random deals played out legally, with the ways books print voids, ranks and leaders."""
from __future__ import annotations

import random

SEATS = ("A", "Y", "B", "Z")            # clockwise; A leads the first trick, Z deals
PRINTED_ORDER = ("Y", "B", "Z", "A")    # the seats as each trick prints them
SUITS = "SHDC"
MARKS = {"S": "♠", "H": "♡", "D": "♢", "C": "♣"}
RANKS = "AKQJT98765432"
SUIT_WORD = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_STYLES = {
    "book": {"A": "Ace", "K": "Kg", "Q": "Qn", "J": "Knv", "T": "10"},
    "words": {"A": "Ace", "K": "King", "Q": "Queen", "J": "Knave", "T": "ten"},
    "jack": {"A": "A", "K": "K", "Q": "Q", "J": "Jack", "T": "10"},
    "letters": {"A": "A", "K": "K", "Q": "Q", "J": "J", "T": "10"},
}
VOIDS = ("", "None", "—", "-", "void")
LEADER_MARKS = ("↷", "*", "†", " led", "_", "card_")


def deal_with_voids(rng: random.Random) -> dict[str, list[str]]:
    """A random deal where A and two other hands are void in some suit."""
    cards = [s + r for s in SUITS for r in RANKS]
    rng.shuffle(cards)
    hands = {seat: cards[13 * k:13 * k + 13] for k, seat in enumerate(SEATS)}
    for seat, suit in zip(("A", "Y", "Z"), rng.sample(SUITS, 3)):
        others = [s for s in SEATS if s != seat]
        for card in [c for c in hands[seat] if c[0] == suit]:
            giver = next(s for s in rng.sample(others, 3)
                         if any(c[0] != suit for c in hands[s]))
            swap = rng.choice([c for c in hands[giver] if c[0] != suit])
            hands[giver][hands[giver].index(swap)] = card
            hands[seat][hands[seat].index(card)] = swap
    return hands


def play_out(hands: dict, trump: str, rng: random.Random) -> list[tuple[str, dict, str]]:
    """Thirteen tricks played legally: (leader, seat -> card, winner)."""
    left = {s: list(h) for s, h in hands.items()}
    leader, tricks = "A", []
    for _ in range(13):
        i = SEATS.index(leader)
        played, led = {}, None
        for k in range(4):
            seat = SEATS[(i + k) % 4]
            follow = [c for c in left[seat] if led and c[0] == led]
            card = rng.choice(follow or left[seat])
            led = led or card[0]
            played[seat] = card
            left[seat].remove(card)
        winner = max(played, key=lambda s: (played[s][0] == trump, played[s][0] == led,
                                            -RANKS.index(played[s][1])))
        tricks.append((leader, played, winner))
        leader = winner
    return tricks


def _holding(cards, suit: str, names: dict) -> str:
    ranks = sorted((c[1] for c in cards if c[0] == suit), key=RANKS.index)
    return ", ".join(names.get(r, r) for r in ranks)


def _trick_card(card: str, names: dict) -> str:
    return names.get(card[1], card[1]) + MARKS[card[0]]


def _seat_label(seat: str, leader: str, mark: str) -> str:
    if seat != leader or mark == "card_":     # card_: the card led is underlined instead
        return seat
    return f"_{seat}_" if mark == "_" else seat + mark


def cavendish_text(seed: int, void: str, ranks: str, mark: str) -> tuple[str, dict, list]:
    """The printed hand (heading, A's hand, the play, the other hands' table); the deal."""
    rng = random.Random(seed)
    hands = deal_with_voids(rng)
    turnup = rng.choice(hands["Z"])
    tricks = play_out(hands, turnup[0], rng)
    names = RANK_STYLES[ranks]
    out = [f"HAND {seed}.", "", "                 A hand made up for the test.", "",
           "[Illustration: A'S HAND.", ""]
    for suit in SUITS:
        out.append(f"  {_holding(hands['A'], suit, names) or void:<32} {MARKS[suit]}")
    word = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Knave", "T": "Ten"}.get(turnup[1], turnup[1])
    out += ["", "Score: Love-all.", "", f"{word} of {SUIT_WORD[turnup[0]]} turned up.]", "",
            "", "THE PLAY.", ""]
    won = {"AB": 0, "YZ": 0}
    for n, (leader, played, winner) in enumerate(tricks, 1):
        won["AB" if winner in "AB" else "YZ"] += 1
        seats = " ".join(_seat_label(s, leader, mark) for s in PRINTED_ORDER)
        cards = " ".join(f"_{_trick_card(played[s], names)}_" if mark == "card_" and s == leader
                         else _trick_card(played[s], names) for s in PRINTED_ORDER)
        out += [f"[Illustration: TRICK {n}.", "", f"  TRICKS {{AB, {won['AB']} YZ, {won['YZ']}",
                "", f"  {n}. {seats}", f"  {cards}]", ""]
    out += ["", "THE HANDS.", "", "                       (A's hand is given above.)", "",
            "        Y'S HAND.      |      B'S HAND.    |      Z'S HAND."]
    for suit in SUITS:
        cells = [f"  {_holding(hands[s], suit, names) or void:<20}{MARKS[suit]}" for s in "YBZ"]
        out.append("|".join(cells))
    out += ["", ""]
    return "\n".join(out), hands, tricks
