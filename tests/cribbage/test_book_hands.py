"""Hands told in a book's sentences: the cards are those listed before the count begins; every
number word of the count (`fifteen two`, `are seven`, `a pair royal six`, `, 7.`) is a count,
never a card, and a card token the reader cannot read is said where it stands."""
import random

import pytest

from records.cribbage import engine as crib
from records.cribbage.scoring import Card, score

from layouts.cribbage_printer import MARK, RANK_WORDS, SUIT_WORDS, said

PROBES = {   # the probe texts that read a count number as a card (c31, c20, c17, c18)
    "c31": ("Five of hearts, six of hearts, eight of hearts, king of clubs; starter, two of "
            "spades: fifteen-two, fifteen-four, and a run of three are seven."),
    "c20": ("Hand: the five, six and seven of hearts and the king of clubs; starter, the two of "
            "spades: fifteen-two, fifteen-four, and a run of three are seven."),
    "c17": ("The pone held the two, four, six and eight of hearts, and the king of\nspades was "
            "turned up; fifteen-two, fifteen-four, and a flush are eight."),
    "c17crib": ("In the crib: the three, four and five of clubs and the knave of diamonds,\nthe "
                "starter the queen of diamonds; fifteen-two, fifteen-four, a run of\nthree are "
                "seven, and his nob are eight."),
    "c18": ("Hand: the five, six, seven and eight of hearts; starter, the two of spades: fifteen "
            "two, fifteen four, a run of four and a flush of four, twelve."),
}


def read(body: str):
    records = crib.scan_book(f"CRIBBAGE.\n\n{body}\n", "book.txt")
    assert len(records) == 1, [r.title for r in records]
    rec = records[0]
    return rec, rec.settle_status()


@pytest.mark.parametrize("name, hand, starter, stated, status", [
    ("c31", ["5H", "6H", "8H", "KC"], "2S", 7, "needs_review"),   # the rules give 4
    ("c20", ["5H", "6H", "7H", "KC"], "2S", 7, "valid"),
    ("c17", ["2H", "4H", "6H", "8H"], "KS", 8, "needs_review"),   # a flush, 4
    ("c17crib", ["3C", "4C", "5C", "JD"], "QD", 8, "valid"),
    ("c18", ["5H", "6H", "7H", "8H"], "2S", 12, "needs_review"),  # the rules give 14
])
def test_the_number_words_of_a_count_are_not_cards(name, hand, starter, stated, status):
    rec, got = read(PROBES[name])
    assert (rec.data["hand"], rec.data["starter"], rec.tags["Stated"], got) == \
        (hand, starter, stated, status)
    assert rec.tags["Variant"] != "seven-card"
    codes = {d.code for d in rec.diagnostics}
    assert ("CRIB-COUNT-MISMATCH" in codes) == (status == "needs_review")
    assert "CRIB-IMPOSSIBLE-CARDS" not in codes
    if name == "c31":
        (total,) = [d for d in rec.diagnostics if d.code == "CRIB-COUNT-MISMATCH"]
        assert (total.line, total.column) == (3, PROBES[name].index("seven") + 1)


def _words(card: Card, suited: bool = True) -> str:
    return RANK_WORDS[card.rank - 1] + (f" of {SUIT_WORDS[card.suit]}" if suited else "")


def _hand_in_words(cards: list[Card], rnd: random.Random) -> str:
    """Each card with its suit, or a list of ranks sharing the suit named last (`the two, four
    and six of hearts`) where the cards held of one suit stand together."""
    by_suit: dict[str, list[Card]] = {}
    for c in cards:
        by_suit.setdefault(c.suit, []).append(c)
    pieces = []
    for suit, same in by_suit.items():
        if len(same) > 1 and rnd.random() < 0.5:
            ranks = [RANK_WORDS[c.rank - 1] for c in same]
            pieces.append("the " + ", ".join(ranks[:-1]) + " and " + ranks[-1] + " of " + SUIT_WORDS[suit])
        else:
            pieces += [_words(c) for c in same]
    return ", ".join(pieces)


def _deal(rnd: random.Random) -> tuple[list[Card], Card]:
    """Four cards and a starter whose count is not nothing."""
    while True:
        pack = [Card(r, s) for r in range(1, 14) for s in "SHDC"]
        rnd.shuffle(pack)
        hand, starter = sorted(pack[:4], key=lambda c: c.suit), pack[4]
        if score(hand, starter, False).total:
            return hand, starter


@pytest.mark.parametrize("seed", range(60))
def test_a_random_hand_in_words_then_its_count_called_aloud(seed):
    """A random hand in words, `; starter, the X of S:` (or `;`), the count called aloud in words
    or digits, `fifteen two` spaced or hyphened, sometimes misprinted: the hand is the four cards,
    the starter the one named, and the count is checked (needs_review exactly when misprinted)."""
    rnd = random.Random(seed)
    hand, starter = _deal(rnd)
    wrong = rnd.choice([0, 0, 2, 3])
    count, true = said(hand, starter, False, rnd, rnd.choice(["items", "digits", "total"]), wrong)
    count = count.replace(MARK, "")
    if rnd.random() < 0.5:
        count = count.replace("fifteen ", "fifteen-")
    stop = rnd.choice([":", ";"])
    body = f"{_hand_in_words(hand, rnd).capitalize()}; starter, the {_words(starter)}{stop} {count}."
    rec, status = read(body)
    assert rec.data["hand"] == [str(c) for c in hand], body
    assert rec.data["starter"] == str(starter), body
    assert (rec.tags["Stated"] == true) == (not wrong), body
    assert status == ("needs_review" if wrong else "valid"), (body, rec.diagnostics)


# -- the knave written Kn, and a card that cannot be read --------------------------------------
@pytest.mark.parametrize("line", ["The hand 5♥ 5♠ 5♦ Kn♣, starter 5♣ = 29.",
                                  "The hand 5H 5S 5D KnC, starter 5C = 29.",
                                  "The hand 5♥ 5♠ 5♦ ♣Kn, starter 5♣ = 29."])
def test_the_knave_written_kn_is_the_jack(line):
    """`KnC`, `Kn♣` (c33): the old books' knave; it had vanished, the 29 hand read as 3 cards."""
    rec, status = read(line)
    assert (rec.data["hand"], rec.data["starter"], status) == (["5H", "5S", "5D", "JC"], "5C", "valid")


def test_a_table_of_hands_with_the_knave_written_kn():
    """c27: `5, 5, 5, Kn.` and a starter `Kn.`: the knave is read in both rows."""
    table = ("   Hand.                 Starter.     Points.\n"
             "   5, 5, 5, Kn.          5            29\n"
             "   5, 5, 5, 5            Kn.          28\n"
             "   4, 4, 5, 6            6            24\n")
    records = crib.scan_book(f"CRIBBAGE.\n\nTABLE OF HANDS.\n\n{table}", "table.txt")
    got = [(r.data["hand"], r.data["starter"], r.tags["Stated"]) for r in records]
    assert got == [(["5", "5", "5", "J"], "5", 29), (["5", "5", "5", "5"], "J", 28),
                   (["4", "4", "5", "6"], "6", 24)]


@pytest.mark.parametrize("seed", range(20))
def test_random_hands_with_the_knave_written_kn(seed):
    rnd = random.Random(seed)
    hand, starter = _deal(rnd)
    hand[rnd.randrange(4)] = next(Card(11, s) for s in "SHDC" if Card(11, s) not in hand + [starter])
    signs = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
    glyphs = rnd.random() < 0.5

    def shown(c: Card) -> str:
        rank = "Kn" if c.rank == 11 else "A23456789TJQK"[c.rank - 1]
        return rank + (signs[c.suit] if glyphs else c.suit)
    true = score(hand, starter, False).total
    rec, status = read(f"The hand {' '.join(map(shown, hand))}, starter {shown(starter)} = {true}.")
    assert (rec.data["hand"], rec.data["starter"], status) == \
        ([str(c) for c in hand], str(starter), "valid")


@pytest.mark.parametrize("line, word", [
    ("The hand 5H 5S 5D QxC, starter 5C = 29.", "QxC"),
    ("The hand 5♥ 5♠ 5♦ Kv♣, starter 5♣ = 29.", "Kv"),
    ("Hand: five of hearts, five of spades, five of diamonds, knav of clubs; starter, five of "
     "clubs: twenty-nine.", "knav"),
])
def test_a_card_that_cannot_be_read_is_said_where_it_stands(line, word):
    rec, status = read(line)
    (unread,) = [d for d in rec.diagnostics if d.code == "CRIB-UNREADABLE"]
    assert (unread.line, unread.column, status) == (3, line.index(word) + 1, "needs_review")
    assert rec.data["hand"] == ["5H", "5S", "5D"]


# -- suits not printed: what they may add is said, not warned ----------------------------------
def test_a_table_without_suits_knave_and_nobs_unknown():
    """c28: `5, 5, 5, J  5  29`: without suits his nobs may or may not count; the 29 is said to
    hold if the knave is of the starter's suit (CRIB-SUITS-UNKNOWN at the 29), not warned; a 27
    stays a wrong count."""
    row = "   5, 5, 5, J            5            {}\n"
    head = "CRIBBAGE.\n\nTABLE OF HANDS.\n\n   Hand.                 Starter.     Points.\n"
    for stated, status in ((29, "valid"), (27, "needs_review")):
        (rec,) = crib.scan_book(head + row.format(stated) + row.format(28).replace("J ", "Q "), "t.txt")[:1]
        assert rec.settle_status() == status
        said = [d for d in rec.diagnostics if d.code == "CRIB-SUITS-UNKNOWN"]
        assert [(d.line, d.column) for d in said] == ([(6, 39)] if stated == 29 else [])


@pytest.mark.parametrize("hand, starter, crib, extras", [
    ("5 5 5 J", "5", False, {1}),
    ("2 4 6 8", "K", False, {4, 5}),
    ("2 4 6 8", "K", True, {5}),
    ("2 4 6 J", "K", False, {1, 4, 5, 6}),
    ("2 4 6 8", "8", False, {4}),          # the starter pairs a card: not of the flush
    ("2H 4H 6H 8S", "K", False, set()),    # two suits printed: no flush
    ("5 5 6 7", "8", False, set()),
])
def test_what_unprinted_suits_may_add(hand, starter, crib, extras):
    from records.cribbage.scoring import parse_card
    count = score([parse_card(c) for c in hand.split()], parse_card(starter), crib)
    assert set(count.unprinted) == extras


def test_too_many_cards_points_at_the_first_surplus_card_and_notes_at_the_cards():
    line = "The hand 5H 6S 7D 8C 9H 2C, starter KD = 12."
    rec, _ = read(line)
    (bad,) = [d for d in rec.diagnostics if d.code == "CRIB-IMPOSSIBLE-CARDS"]
    assert (bad.line, bad.column) == (3, line.index("2C") + 1)
    rec, _ = read("Hand: five, six, seven and eight; starter, the two: fourteen.")
    assert all(d.column >= 1 for d in rec.diagnostics if d.code == "CRIB-NOTE")
