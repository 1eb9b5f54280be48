"""What the words around a printed deal say, checked against its play: the seats a compass
diagram draws (the top hand North in PBN), the tricks a side is said to win, the card turned
up told in the active voice, the declaration passed to the partner, an auction's last bid."""
import pytest

from records.cards import whist
from records.cards.deal_facts import claims_in, read_facts
from records.cards.hand_diagrams import compass_of

DIAGRAM = """\
                         HAND No. 1.

                              {top}
                           ♥ 10 7 3
                           ♣ 9 3
                           ♦ K Q 8 3 2
                           ♠ 9 8 3
             {left}                              {right}
          ♥ K 9 8 2                      ♥ J
          ♣ Q 2                          ♣ J 10 7 6 5 4
          ♦ J 7 5 4                      ♦ 9 6
          ♠ 10 7 6                       ♠ A J 4 2
                              {bottom}
                           ♥ A Q 6 5 4
                           ♣ A K 8
                           ♦ A 10
                           ♠ K Q 5
"""
TABLE = """
{words}

   Trick.      A          Y          B          Z
    1.     ♦ J        [♦ Q]      ♦ 6        ♦ 10
    2.     ♦ 4        ♦ K        ♦ 9        [♦ A]
    3.     ♣ 2        ♣ 3        ♣ 4        [♣ A]
    4.     ♠ 6        ♠ 3        [♠ A]      ♠ K
    5.     ♣ Q        ♣ 9        ♣ J        [♣ K]
    6.     ♠ 7        ♠ 8        ♠ 2        [♠ Q]
    7.     ♥ 2        [♥ 3]      ♣ 5        ♣ 8
    8.     ♦ 5        ♦ 8        ♥ J        [♥ Q]
    9.     [♠ 10]     ♠ 9        ♠ 4        ♠ 5
   10.     ♦ 7        ♦ 2        ♣ 6        [♥ 4]
   11.     ♥ 8        ♥ 7        ♣ 7        [♥ A]
   12.     ♥ 9        [♥ 10]     ♣ 10       ♥ 6
   13.     [♥ K]      ♦ 3        ♠ J        ♥ 5

{after}
"""
YZAB = {"top": "Y", "left": "A", "right": "B", "bottom": "Z"}
HEARTS = "Z deals and declares hearts. A leads."


def _deal(words=HEARTS, after="", seats=None):
    text = DIAGRAM.format(**(seats or YZAB)) + TABLE.format(words=words, after=after)
    (rec,) = [r for r in whist.scan_cards(text, "book.txt") if r.data.get("type") == "deal"]
    return rec, text


def _alarms(rec):
    return [(d.code, d.line) for d in rec.diagnostics if d.severity != "info"]


# -- C2: the compass as drawn -------------------------------------------------------------
def test_a_compass_diagram_maps_its_top_hand_to_north_in_the_pbn_deal():
    rec, _ = _deal()
    assert rec.kind == "bridge" and rec.status == "valid"
    assert (rec.tags["Dealer"], rec.tags["Declarer"]) == ("S", "S")     # Z at the bottom
    assert rec.data["hands"] == {"N": "983.T73.KQ832.93", "E": "AJ42.J.96.JT7654",
                                 "S": "KQ5.AQ654.AT.AK8", "W": "T76.K982.J754.Q2"}
    from records.cards import bridge
    pbn = bridge.export([rec], "pbn")
    assert '[Deal "S:KQ5.AQ654.AT.AK8 T76.K982.J754.Q2 983.T73.KQ832.93 AJ42.J.96.JT7654"]' in pbn
    assert rec.data["play"][0]["leader"] == "W"                   # A, on Z's left, leads


HANDS = {"Y": ["♥ 10 7 3", "♣ 9 3", "♦ K Q 8 3 2", "♠ 9 8 3"],
         "A": ["♥ K 9 8 2", "♣ Q 2", "♦ J 7 5 4", "♠ 10 7 6"],
         "B": ["♥ J", "♣ J 10 7 6 5 4", "♦ 9 6", "♠ A J 4 2"],
         "Z": ["♥ A Q 6 5 4", "♣ A K 8", "♦ A 10", "♠ K Q 5"]}


def _compass(top, right, bottom, left) -> str:
    """The same four hands, each under its own label, drawn with `top` at the top."""
    out = [" " * 30 + top] + [" " * 27 + h for h in HANDS[top]]
    out.append(" " * 13 + left + " " * 30 + right)
    out += [" " * 10 + a.ljust(31) + b for a, b in zip(HANDS[left], HANDS[right])]
    out += [" " * 30 + bottom] + [" " * 27 + h for h in HANDS[bottom]]
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("drawn, north", [(("Y", "B", "Z", "A"), "Y"), (("A", "Y", "B", "Z"), "A"),
                                          (("Z", "A", "Y", "B"), "Z")])
def test_a_compass_drawn_another_way_round_keeps_its_top_hand_north(drawn, north):
    text = _compass(*drawn) + TABLE.format(words=HEARTS, after="")
    (rec,) = [r for r in whist.scan_cards(text, "book.txt") if r.data.get("type") == "deal"]
    assert rec.status == "valid" and _alarms(rec) == []
    hand = rec.data["hands"]["N"]                       # the hand drawn at the top is North
    assert sorted(hand.replace(".", "")) == sorted("".join(HANDS[north]).replace("♥", "")
                                                   .replace("♣", "").replace("♦", "")
                                                   .replace("♠", "").replace("10", "T")
                                                   .replace(" ", ""))
    assert rec.tags["Dealer"] == "NESW"[drawn.index("Z")]


@pytest.mark.parametrize("seats, top, north", [
    (("A", "Y", "B", "Z"), "", "Y"), (("A", "Y", "B", "Z"), "A", "A"),
    (("A", "Y", "B", "Z"), "Z", "Z"), (("N", "E", "S", "W"), "S", "N")])
def test_book_seats_take_the_compass_seat_they_are_drawn_in(seats, top, north):
    compass = compass_of(seats, top)
    assert [s for s in seats if compass[s] == "N"] == [north]
    assert [compass[s] for s in seats[seats.index(north):] + seats[:seats.index(north)]] == \
        list("NESW")


# -- C3: trick-result claims --------------------------------------------------------------
@pytest.mark.parametrize("text, parts", [
    ("Y Z win ten tricks and A B three.", [("YZ", 10, 10), ("AB", 3, 3)]),
    ("A B make six tricks, Y Z seven.", [("AB", 6, 6), ("YZ", 7, 7)]),
    ("A-B win the odd trick.", [("AB", 7, 7)]),
    ("Z makes four by cards.", [("Z", 10, 10)]),
    ("The declarer makes game.", [("declarer", 7, 13)]),
    ("North and South take 12 tricks.", [("NS", 12, 12)]),
    ("Y makes a little slam.", [("Y", 12, 12)]),
])
def test_a_claim_is_read_as_the_tricks_its_side_took(text, parts):
    (said,) = claims_in(text, 7)
    assert said.value == parts and said.line == 7


@pytest.mark.parametrize("text", ["A leads and Y makes the king.", "Z wins the trick.",
                                  "A rubber is the best of three games."])
def test_words_that_claim_no_tricks_are_no_claim(text):
    assert claims_in(text, 1) == []


@pytest.mark.parametrize("after", ["Y Z win ten tricks and A B three.", "Z makes four by cards.",
                                   "A-B win three tricks.", "The declarer makes game."])
def test_a_true_claim_raises_no_alarm(after):
    rec, _ = _deal(after=after)
    assert rec.status == "valid" and _alarms(rec) == []


@pytest.mark.parametrize("after", ["Y Z win nine tricks and A B four.", "Z makes three by cards.",
                                   "A-B win the odd trick.", "A B make game."])
def test_a_false_claim_is_flagged_at_its_line(after):
    rec, text = _deal(after=after)
    line = text.splitlines().index(after) + 1
    assert _alarms(rec) == [("WHIST-RESULT", line)]
    assert rec.status == "needs_review" and "the play gives" in rec.diagnostics[-1].message


# -- C4: the turn-up in the active voice ----------------------------------------------------
@pytest.mark.parametrize("words, card, dealer", [
    ("Z deals and turns up the seven of hearts.", "H7", "Z"),
    ("Z turns up the seven of hearts.", "H7", "Z"),
    ("Y deals, turning up ♥ 7.", "H7", "Y"),
    ("The dealer turns the ace.", "?A", None),
    ("Z turns up the knave.", "?J", "Z"),
])
def test_the_card_turned_up_told_in_the_active_voice(words, card, dealer):
    facts = read_facts([(1, 1, words)])[0]
    assert facts.turnup.value == card
    assert (facts.dealer.value if facts.dealer else None) == dealer
    assert facts.game == "whist"


@pytest.mark.parametrize("words", ["Z deals and turns up the four of hearts. A leads.",
                                   "Z deals, and the dealer turns the four. A leads."])
def test_a_whist_deal_takes_its_trump_from_the_card_the_dealer_turns(words):
    rec, _ = _deal(words=words)
    assert rec.kind == "whist" and rec.status == "valid" and _alarms(rec) == []
    assert (rec.tags["Trumps"], rec.tags["TurnUp"]) == ("H", "H4")


# -- C5: the declaration passed, an auction told ---------------------------------------------
@pytest.mark.parametrize("words", [
    "Z deals and passes the declaration, and Y, holding five hearts, declares hearts. A leads.",
    "Z deals. Z, who might have declared clubs, leaves it to Y. Y declares hearts. A leads.",
])
def test_a_declaration_passed_makes_the_partner_declarer_in_the_strain_named(words):
    facts = read_facts([(1, 1, words)])[0]
    assert facts.trump.value == "H" and facts.passed.value == "Z"
    rec, _ = _deal(words=words)
    assert rec.kind == "bridge" and rec.status == "valid"
    assert (rec.tags["Trumps"], rec.tags["Declarer"], rec.tags["Dealer"]) == ("H", "N", "S")


def test_an_auction_told_bid_by_bid_names_trumps_by_its_last_bid():
    words = "Z deals. Z bids one heart, A two clubs, Y two spades, B passes; Z bids three hearts."
    facts = read_facts([(1, 1, words)])[0]
    assert [b.value for b in facts.bids] == ["H", "C", "S", "H"] and facts.trump.value == "H"
    assert read_facts([(1, 1, "Clubs: Q, J, 9, 8, 4, 2        Spades: J, 8")])[0].bids == []


# -- C5: a compass with no play is one deal ----------------------------------------------------
def test_a_compass_diagram_with_no_trick_table_is_one_deal():
    text = DIAGRAM.format(**YZAB) + "\nZ deals and declares hearts.\n"
    recs = whist.scan_cards(text, "book.txt")
    assert [(r.kind, r.data["type"], r.status, r.tags["Deal"]) for r in recs] == \
        [("bridge", "deal", "valid", "HAND 1")]
    (rec,) = recs
    assert rec.data["hands"]["N"] == "983.T73.KQ832.93" and rec.tags["Trumps"] == "H"
    assert rec.data["tricks_played"] == 0 and (rec.line, rec.end_line) == (1, 17)


def test_three_hands_of_a_compass_are_a_deal_whose_fourth_hand_is_the_cards_left():
    three = "\n".join(DIAGRAM.format(**YZAB).splitlines()[2:12]) + "\n"
    (rec,) = whist.scan_cards(three, "book.txt")
    assert rec.data["type"] == "deal" and rec.status == "valid" and rec.tags["Trumps"] == ""
    assert rec.data["hands"]["Z"] == ["SK", "SQ", "S5", "HA", "HQ", "H6", "H5", "H4", "DA",
                                      "DT", "CA", "CK", "C8"]
    assert "Z the cards left" in rec.diagnostics[0].message


def test_an_unlabelled_compass_is_read_as_drawn_top_north():
    bare = DIAGRAM.format(top="", left="", right="", bottom="")
    (rec,) = whist.scan_cards(bare, "book.txt")
    assert rec.data["seats"] == ["N", "E", "S", "W"]
    assert rec.data["hands"]["N"][:3] == ["S9", "S8", "S3"]
    assert rec.data["hands"]["E"][:4] == ["SA", "SJ", "S4", "S2"]


def test_a_misprint_that_reads_as_a_revoke_is_one_repair_not_a_cascade():
    # B leads the J♣ at trick 5; printed as the J♠ it looks like a spade lead the others
    # renounce, and B's J♠ at trick 13 a card played twice
    _, text = _deal()
    row = next(line for line in text.splitlines() if line.startswith("    5."))
    misprinted = text.replace(row, row.replace("♣ J", "♠ J"))
    (rec,) = [r for r in whist.scan_cards(misprinted, "book.txt") if r.data.get("type") == "deal"]
    line = misprinted.splitlines().index(row.replace("♣ J", "♠ J")) + 1
    assert _alarms(rec) == [("WHIST-CARD-REPAIRED", line)] and rec.status == "repaired"
    assert "J♣ is the only card" in next(d.message for d in rec.diagnostics
                                         if d.code == "WHIST-CARD-REPAIRED")


@pytest.mark.parametrize("words, declarer", [
    ("Z is the dealer in both instances, but Y makes the winning declaration.", "Y"),
    ("In the second, Dummy, Y, makes it no-trump.", "Y"),
    ("The declarer is B.", "B"), ("A wins the contract.", "A")])
def test_the_declarer_named_in_words(words, declarer):
    assert read_facts([(1, 1, words)])[0].declarer.value == declarer


AUCTION = """The bidding:

      Z          A          Y          B
     1 ♦        1 ♠        2 ♦        Pass
     2 ♥        Pass       3 ♥        Pass
     4 ♥        Pass       Pass       Pass

A leads, and the dummy is laid on the table after the opening card."""


def test_an_auction_printed_as_a_table_names_trumps_by_its_last_bid():
    rec, _ = _deal(words=AUCTION)
    assert rec.kind == "bridge" and rec.status == "valid" and rec.tags["Trumps"] == "H"
    assert not [d for d in rec.diagnostics if d.code == "WHIST-TRUMP"]   # the auction names it
    facts = read_facts([(k + 1, 1, t) for k, t in enumerate(AUCTION.splitlines())])[0]
    assert [b.text for b in facts.bids] == ["1 ♦", "1 ♠", "2 ♦", "2 ♥", "3 ♥", "4 ♥"]


@pytest.mark.parametrize("row", ["2♠   3♥   4♦   5♣", "K♠  Q♠  J♠  10♠", "the 7 ♠ and 2 ♥"])
def test_cards_in_a_row_are_no_auction(row):
    from records.cards.deal_facts import auction_row
    assert auction_row(row, 1) is None


TOLD = """DEAL No. 12.

                    NORTH
               ♠ A K 7 4
               ♥ Q J 3
               ♦ 8 6 2
               ♣ A 10 5
    WEST                        EAST
♠ Q 9 2                     ♠ J 10 8
♥ 10 8 6 4                  ♥ A 9 7 2
♦ K J 10                    ♦ 7 5 4 3
♣ K 9 8                     ♣ J 3
                    SOUTH
               ♠ 6 5 3
               ♥ K 5
               ♦ A Q 9
               ♣ Q 7 6 4 2

{auction}
"""


@pytest.mark.parametrize("auction, calls", [
    ("The bidding: South, one club; West, pass; North, one spade; East, pass;\nSouth, one "
     "no-trump; West, pass; North, three no-trumps; all pass.",
     ["1C", "Pass", "1S", "Pass", "1NT", "Pass", "3NT", "Pass", "Pass", "Pass"]),
    ("South bid one club, West passed, North bid one spade, East passed, South bid one\n"
     "no-trump, West passed, North bid 3 NT, and the others passed.",
     ["1C", "Pass", "1S", "Pass", "1NT", "Pass", "3NT", "Pass", "Pass", "Pass"]),
])
def test_an_auction_told_seat_by_seat_gives_the_contract_and_declarer(auction, calls):
    """`South, one club; West, pass; ...; all pass` under a compass diagram: the auction was
    left in the words (only the trump read from `no-trumps`); it is the deal's auction now,
    replayed to its contract (3NT) and declarer (South, who named no-trump first)."""
    (rec,) = whist.scan_cards(TOLD.format(auction=auction), "book.txt")
    assert (rec.kind, rec.status) == ("bridge", "valid")
    assert (rec.tags["Contract"], rec.tags["Declarer"], rec.tags["Dealer"]) == ("3NT", "S", "S")
    from records.cards.auction_tables import find_told_auction
    pieces = [(20 + k, 1, text) for k, text in enumerate(auction.splitlines())]
    assert find_told_auction(pieces).calls == calls


@pytest.mark.parametrize("words", [
    "North and South held the cards; West, who led, and East could do nothing.",
    "South, one club; and then the play began.",           # one call is no auction
    "North passes the ball to South, who passes it to West.",
])
def test_seats_in_words_that_are_no_auction_give_none(words):
    from records.cards.auction_tables import find_told_auction
    assert find_told_auction([(1, 1, words)]) is None


@pytest.mark.parametrize("said, contract, declarer", [
    ("South dealt and bid one no trump; all passed.", "1NT", "S"),
    ("South opened with one no trump, West passed, North bid three no trumps, and all passed.",
     "3NT", "S"),
    ("South, the dealer, bid 1 NT; North raised to 3 NT, which closed the auction.", "3NT", "S"),
    ("West opened with one spade, North doubled, East passed, South bid two hearts, West "
     "passed, North raised to four hearts, and all passed.", "4H", "S"),
    ("South opened with one no trump, North raised to three no trumps.", None, None)])
def test_an_auction_told_as_a_story_gives_the_contract(said, contract, declarer):
    """`opened with`, `raised to`, the passes between two calls left out, `which closed the
    auction`; an auction not told to its end gives no contract. `South opened ..., West
    passed, North ...` was read from West (South's call unread): dealer West, declarer North."""
    hands = ("North: Spades A K 7 4; Hearts Q J 3; Diamonds 10 8 2; Clubs K 6 5.\n"
             "East: Spades Q 10 9; Hearts A 9 8 6; Diamonds J 7 5; Clubs J 10 4.\n"
             "South: Spades J 8 2; Hearts K 10 5 4; Diamonds A K Q; Clubs A Q 3.\n"
             "West: Spades 6 5 3; Hearts 7 2; Diamonds 9 6 4 3; Clubs 9 8 7 2.\n")
    (rec,) = whist.scan_cards(f"DEAL No. 14.\n\n{hands}\n{said}\n", "story.txt")
    assert (rec.tags.get("Contract"), rec.tags.get("Declarer")) == (contract, declarer)


@pytest.mark.parametrize("said, contract, declarer, trumps", [
    ("The contract is three no trumps.", "3NT", None, "NT"),
    ("South plays four spades.", "4S", "S", "S"),
    ("The contract was four hearts doubled, by North.", "4HX", "N", "H"),
    ("Contract: 4♠ by East.", "4S", "E", "S"),
    ("South plays the four of spades.", None, None, "")])
def test_a_contract_said_in_words_is_the_deals_contract(said, contract, declarer, trumps):
    """No auction printed, the contract in a sentence: its level and strain, doubled or not,
    and the declarer where a seat is named (a card played, `the four of spades`, is none)."""
    hands = ("North: Spades A K 7 4; Hearts Q J 3; Diamonds 10 8 2; Clubs K 6 5.\n"
             "East: Spades Q 10 9; Hearts A 9 8 6; Diamonds J 7 5; Clubs J 10 4.\n"
             "South: Spades J 8 2; Hearts K 10 5 4; Diamonds A K Q; Clubs A Q 3.\n"
             "West: Spades 6 5 3; Hearts 7 2; Diamonds 9 6 4 3; Clubs 9 8 7 2.\n")
    (rec,) = whist.scan_cards(f"DEAL No. 14.\n\n{hands}\n{said}\n", "contract.txt")
    assert (rec.tags.get("Contract"), rec.tags.get("Declarer"), rec.tags.get("Trumps")) == \
        (contract, declarer, trumps)


LEAD_AGAINST_THE_AUCTION = """HAND No. 1

North:  ♠ J 8 4 3  ♥ A 8 5  ♦ A Q J 8 4  ♣ 2
East:  ♠ K Q 9  ♥ 10 9 6 3  ♦ 9 7  ♣ 10 9 6 5
South:  ♠ 7 5 2  ♥ K J 7 2  ♦ K 5  ♣ A Q J 4
West:  ♠ A 10 6  ♥ Q 4  ♦ 10 6 3 2  ♣ K 8 7 3

The bidding:

  South     West      North     East
{auction}

West leads.

  Trick     N       E       S       W
    1.  ♥5      ♥3      ♥7      ♥4
    2.  ♦4      ♦7      ♦K      ♦2
    3.  ♣2      ♣6      ♣Q      ♣3
    4.  ♠8      ♠9      ♠7      ♠10
    5.  ♦A      ♦9      ♦5      ♦3
    6.  ♥8      ♥10     ♥K      ♥Q
    7.  ♥A      ♣10     ♣4      ♣7
    8.  ♠4      ♥9      ♥J      ♦6
    9.  ♠J      ♠Q      ♠2      ♠6
   10.  ♠3      ♠K      ♠5      ♠A
   11.  ♦8      ♣5      ♣J      ♣8
   12.  ♦J      ♥6      ♥2      ♦10
   13.  ♦Q      ♣9      ♣A      ♣K
"""
NORTH_DECLARES = "  Pass      Pass      1 ♠       Pass\n  2 ♠       Pass      4 ♠       Pass\n  Pass      Pass"
SOUTH_DECLARES = "  1 ♠       Pass      2 ♠       Pass\n  4 ♠       Pass      Pass      Pass"


@pytest.mark.parametrize("auction, declarer, flagged", [(NORTH_DECLARES, "N", True),
                                                        (SOUTH_DECLARES, "S", False)],
                         ids=["north declares", "south declares"])
def test_an_opening_lead_from_the_wrong_seat_is_against_the_auction(auction, declarer, flagged):
    """North declares four spades, and the page says West leads (the table agrees): the
    opening lead is East's, so the deal, or the auction, is misprinted. It was `valid`."""
    from records.cards.family import Bridge
    text = "CHAPTER V.\n\n" + LEAD_AGAINST_THE_AUCTION.format(auction=auction)
    (rec,) = [r for r in Bridge().scan_book(text, "lead.txt") if r.plies]
    rec.settle_status()
    assert rec.tags["Declarer"] == declarer and len(rec.plies) == 52
    wrong = [d for d in rec.diagnostics if "opening lead" in d.message]
    assert bool(wrong) == flagged and rec.status == ("needs_review" if flagged else "valid")
    if flagged:
        assert (wrong[0].code, wrong[0].line) == ("BRIDGE-AUCTION", 17)   # `West leads.`


@pytest.mark.parametrize("said, flagged", [
    ("Result: four spades, down two.", False), ("South went down two.", False),
    ("South made eight tricks.", False), ("The declarer takes eight tricks.", False),
    ("Result: four spades, made four.", True), ("Four spades, just made.", True),
    ("Four spades bid and made, with an overtrick.", True), ("South made ten tricks.", True),
    ("South made his contract.", True), ("The declarer makes eleven tricks.", True)])
def test_a_contracts_result_said_after_the_play_is_checked(said, flagged):
    """South declares four spades and takes eight tricks: `down two` is right; `made four`,
    `just made`, `bid and made`, `made his contract`, `South made ten tricks` were all left
    unread and the deal `valid`. (`The declarer makes ...` counts the declarer's side, not
    the dealer's.)"""
    from records.cards.family import Bridge
    text = "CHAPTER V.\n\n" + LEAD_AGAINST_THE_AUCTION.format(auction=SOUTH_DECLARES) \
        + "\n" + said + "\n"
    (rec,) = [r for r in Bridge().scan_book(text, "result.txt") if r.plies]
    rec.settle_status()
    wrong = [d for d in rec.diagnostics if d.code == "WHIST-RESULT"]
    assert (rec.tags["Contract"], rec.tags["Declarer"]) == ("4S", "S")
    assert bool(wrong) == flagged, [d.message for d in wrong]
    assert rec.status == ("needs_review" if flagged else "valid")
    if flagged:
        assert wrong[0].line == text.count("\n", 0, text.index(said)) + 1
