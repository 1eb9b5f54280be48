"""Hands with a stated count are read under any heading or none; `the knave of the suit turned
up` is the hand's knave, of the starter's suit (his nobs), not the starter."""
import random

import pytest

from records.cribbage import engine as crib
from records.cribbage.scoring import Card, score

from layouts.cribbage_printer import deal


def hands(text: str) -> list[tuple[str, str, int | None, str]]:
    """(title, status, stated count, line) of every cribbage record read from text."""
    out = []
    for rec in crib.scan_book(text, "probe.txt"):
        out.append((rec.title, rec.settle_status(), rec.tags.get("Stated"), rec.line))
    return out


# -- a line stating a hand's count, under any heading -----------------------------------------
PROBE_C1 = """CRIBBAGE.

EXAMPLES OF COUNTING.

The hand 5H 5S 5D JC, starter 5C = 29.
The hand 4H 5S 6D 6C, starter 6H = 17.
The hand 7H 8S 8D 9C, starter 2H = 16.
The hand 2H 3H 4H 9H, starter KS = 10.
"""


def test_a_sub_heading_between_cribbage_and_its_hands_hides_none_of_them():
    """c1.txt: `EXAMPLES OF COUNTING.` under `CRIBBAGE.` ended the chapter: 0 records, the
    three wrong counts unseen. Each is read, the wrong ones needs_review at their count."""
    assert hands(PROBE_C1) == [("hand 5H 5S 5D JC | 5C", "valid", 29, 5),
                               ("hand 4H 5S 6D 6C | 6H", "needs_review", 17, 6),
                               ("hand 7H 8S 8D 9C | 2H", "needs_review", 16, 7),
                               ("hand 2H 3H 4H 9H | KS", "needs_review", 10, 8)]
    for rec in crib.scan_book(PROBE_C1, "c1.txt")[1:]:
        (wrong,) = [d for d in rec.diagnostics if d.code == "CRIB-COUNT-MISMATCH"]
        assert (wrong.line, wrong.column) == (rec.line, 36)


@pytest.mark.parametrize("text, title, stated, line", [
    ("The hand 5H 5S 5D JC, starter 5C = 29.\n", "hand 5H 5S 5D JC | 5C", 29, 1),     # c4
    ("CRIBBAGE.\n\nEXAMPLES OF COUNTING.\n\nThe highest hand: 5C 5D 5H JS, starter 5S = 29.\n",
     "hand 5C 5D 5H JS | 5S", 29, 5),                                                 # c9
    ("CRIBBAGE.\n\nExamples of Counting\n\nThe hand 4H 5S 6D 6C, starter 6H = 17.\n",
     "hand 4H 5S 6D 6C | 6H", 17, 5),                                                 # c11
    ("WHIST.\n\nThe hand 4C 5D 6C 6H with 6S turned up counts 21.\n",
     "hand 4C 5D 6C 6H | 6S", 21, 3),
])
def test_a_hand_with_its_count_is_read_with_no_cribbage_heading_above(text, title, stated, line):
    (read,) = hands(text)
    assert read[0] == title and read[2:] == (stated, line)
    assert read[1] == ("valid" if stated != 17 else "needs_review")


@pytest.mark.parametrize("text", [
    "WHIST.\n\nThe knave of hearts was turned up, and A led the king of spades.\n",
    "WHIST.\n\nThe dealer turned up the five of clubs; North held the king, queen and ten.\n",
    "POKER.\n\nHe held 5H 5S 5D JC and the starter of the game counted the chips.\n",
    "The knave of the suit turned up reckons for one point; if a knave be turned up, the "
    "dealer marks two.\n",
])
def test_prose_that_names_cards_without_a_hand_and_its_count_makes_no_record(text):
    assert hands(text) == []


HEADINGS = [None, "EXAMPLES OF COUNTING.", "Examples of Counting", "WHIST.", "Hands"]


def _printed_hand(rnd: random.Random, wrong: int) -> tuple[str, list[Card], Card, int]:
    """A random dealt hand printed as `The hand 5H 5S 5D JC, starter 5C = 29.` or `4C 5D 6C 6H
    with 6S turned up counts 21.`, its count off by `wrong`."""
    d = deal(rnd)
    held, starter = d.hands["pone"].cards, d.starter
    stated = score(held, starter).total + wrong
    stated = stated if stated >= 0 else stated - 2 * wrong     # (no count below nothing)
    cards = " ".join(str(c) for c in held)
    if rnd.random() < 0.5:
        return f"The hand {cards}, starter {starter} = {stated}.", held, starter, stated
    return f"{cards} with {starter} turned up counts {stated}.", held, starter, stated


@pytest.mark.parametrize("seed", range(12))
def test_random_hands_with_their_count_under_any_heading(seed):
    """Random hands, a line each, under no heading, a sub-heading or another game's heading,
    with `CRIBBAGE.` above or not: every hand is read, its cards and starter as printed; a
    count misprinted is needs_review with CRIB-COUNT-MISMATCH on its line."""
    rnd = random.Random(seed)
    lines, expected = [], []
    if rnd.random() < 0.5:
        lines += ["CRIBBAGE.", ""]
    heading = rnd.choice(HEADINGS)
    if heading:
        lines += [heading, ""]
    for _ in range(rnd.randint(1, 4)):
        wrong = rnd.choice([0, 0, -2, 1, 3])
        text, held, starter, stated = _printed_hand(rnd, wrong)
        swapped = score(held[:-1] + [starter], held[-1]).total
        if wrong and swapped == stated:        # the count would name the other card the starter
            continue
        lines.append(text)
        expected.append((f"hand {' '.join(map(str, held))} | {starter}",
                         "needs_review" if wrong else "valid", stated, len(lines)))
    text = "\n".join(lines) + "\n"
    assert hands(text) == expected, text
    for rec in crib.scan_book(text, "random.txt"):
        mismatches = [d.line for d in rec.diagnostics if d.code == "CRIB-COUNT-MISMATCH"]
        assert mismatches == ([rec.line] if rec.settle_status() == "needs_review" else [])


# -- the knave of the suit turned up -----------------------------------------------------------
PROBE_C34 = """CRIBBAGE.

Three fives and the knave of clubs in hand, with the five of clubs turned up, count twenty-nine.

Three fives and the knave of the suit turned up, with a five for the starter, count twenty-nine.
"""

PROBE_C13 = """CRIBBAGE.

Cribbage is played with a full pack of fifty-two cards.

Counting the Hand.

The highest hand is three fives and the knave of the suit turned up, with
a five for the starter, which counts twenty-nine.
"""


def test_the_knave_of_the_suit_turned_up_is_the_hands_knave_with_his_nobs():
    """c34.txt: read as 5 5 5 5 with the knave for starter, and a false 29 against 28."""
    assert hands(PROBE_C34) == [("hand 5 5 5 JC | 5C", "valid", 29, 3),
                                ("hand 5 5 5 JS | 5S", "valid", 29, 5)]
    rec = crib.scan_book(PROBE_C34, "c34.txt")[1]
    assert rec.tags["Score"] == 29
    assert [i["cards"] for i in rec.data["count"]["items"] if i["kind"] == "nobs"] == [["JS"]]
    assert [(d.code, d.line) for d in rec.diagnostics if d.code == "CRIB-SUIT-ASSUMED"] == \
        [("CRIB-SUIT-ASSUMED", 5)]
    assert not [d for d in rec.diagnostics if d.severity != "info"]


def test_the_knave_of_the_suit_turned_up_under_a_sub_heading():
    """c13.txt: under `Counting the Hand.` the told reader read 5 5 5 J | 5 counting 28."""
    (read,) = hands(PROBE_C13)
    assert read == ("hand 5 5 5 JS | 5S", "valid", 29, 7)


@pytest.mark.parametrize("relation", ["of the suit turned up", "of the suit of the starter",
                                      "of the same suit as the starter"])
def test_a_card_of_the_starters_suit_is_counted_for_nobs(relation):
    text = f"CRIBBAGE.\n\nTwo sixes, a nine and the knave {relation}, with a three for the " \
           "starter, count nine.\n"
    (read,) = hands(text)
    # fifteens 6 (6+9, 6+9, 6+6+3), a pair 2, his nobs 1
    assert read[:3] == ("hand 6 6 9 JS | 3S", "valid", 9)


def test_a_capital_a_before_a_rank_word_is_the_article():
    """`Starter: A Knave`: the knave is the starter (the `A` was read as an ace)."""
    text = "Hand: The Ten Of Spades And Three Kings\nStarter: A Knave\nCount: A Pair Royal Is Six\n"
    (read,) = hands("CRIBBAGE.\n\n" + text)
    assert read[:3] == ("hand TS K K K | J", "valid", 6)
