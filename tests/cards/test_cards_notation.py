"""The cards grammar: hands in book and PBN forms, single cards, deals."""
import pytest

from records.cards.notation import (CardsSyntaxError, parse_card, parse_cards, parse_deal,
                                    parse_hand)
from records.cards.tricks import hand_text

from conftest import CORPUS, HOYLE_1914, need


def pbn(text):
    return hand_text(parse_hand(text).cards)


@pytest.mark.parametrize("text, expected", [
    ("♥ K Q 6 4 3 ♣ A 5 4 ♦ K 10 3 2 ♠ 8.", "8.KQ643.KT32.A54"),
    ("♠ K Q 6 4 3 ♥ 8 ♦ K T 3 2 ♣ A 5 4", "KQ643.8.KT32.A54"),
    ("KQ643.8.KT32.A54", "KQ643.8.KT32.A54"),
    ("3KQ64.8.2TK3.45A", "KQ643.8.KT32.A54"),            # ranks in any order
    ("S:KQ643 H:8 D:KT32 C:A54", "KQ643.8.KT32.A54"),
    ("S KQ643, H 8, D K 10 3 2, C A 5 4", "KQ643.8.KT32.A54"),
    ("Qn, 10, 5, 3 ♠ A ♡ A, 7, 6, 3 ♣ Kg, Knv, 9, 2 ♢", "QT53.A.KJ92.A763"),
    ("♤ Kg Qn Kn ♡ knave deuce tray ◇ A ♧ 10", "KQJ.J32.A.T"),
    ("spades A K hearts — diamonds Q J clubs 2", "AK..QJ.2"),
    ("ace and deuce of hearts, knave of clubs", ".A2..J"),
    ("♠AKQ ♥J109", "AKQ.JT9.."),
    ("AKQ S J109 H", "AKQ.JT9.."),
])
def test_hands_in_every_form(text, expected):
    assert pbn(text) == expected


def test_suit_order_and_columns_are_kept():
    hand = parse_hand("♥ K Q\n♣ A 5", line=40, column=3)
    assert hand.suit_order == "HC"
    assert [(t.card, t.line, t.column) for t in hand.tokens] == [
        ("HK", 40, 5), ("HQ", 40, 7), ("CA", 41, 3), ("C5", 41, 5)]


def test_unknown_hand_and_small_cards():
    assert parse_hand("-").cards is None
    hand = parse_hand("♠ A K x x ♥ Q x")
    assert hand.cards == frozenset({"SA", "SK", "HQ"})
    assert hand.smalls == {"S": 2, "H": 1}


def test_single_cards_in_order():
    assert parse_cards("4♢ Qn♢ A♢ 2♢") == ["D4", "DQ", "DA", "D2"]
    assert parse_cards("Kg♠ 10♠ SA") == ["SK", "ST", "SA"]
    assert parse_card("Knv♢") == "DJ"
    with pytest.raises(CardsSyntaxError):
        parse_card("♠A ♠K")


def test_errors_have_line_and_column():
    with pytest.raises(CardsSyntaxError) as err:
        parse_hand("♠ A K\n♥ Q Z", line=10, column=1)
    assert (err.value.line, err.value.column) == (11, 5)
    repeated = parse_hand("♠ A K A")
    assert repeated.problems == [("A♠ is printed twice", 1, 7)]


def test_deal_with_seats_dealer_leader_and_trump():
    deal = parse_deal("N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 -\n"
                      "dealer S\nleader W\ntrumps ♠")
    engine = deal.deal()                       # West completed from the other three
    assert hand_text(engine.hands["W"]) == "7643.QT3.32.KJ96"
    assert (engine.dealer, engine.leader, engine.trump) == ("S", "W", "S")


def test_cavendish_seats_and_turn_up():
    deal = parse_deal("A: ♠ Qn 10 5 3 ♡ A ♣ A 7 6 3 ♢ Kg Knv 9 2\n"
                      "Y: -\nB: -\nZ: -\ndealer Z\nturned up: 2♠")
    assert deal.seats == ("A", "Y", "B", "Z")
    assert deal.trump == "S" and deal.turn_up == "S2"
    engine = deal.deal()
    assert engine.leader == "A" and engine.sides == ("AB", "YZ")


def test_deal_words_and_no_trumps():
    deal = parse_deal("North: S AKQ H 32\nSouth's hand: ♠ J 10\ntrumps: no trumps")
    assert deal.trump is None and deal.trump_given
    assert deal.hands["N"].cards == frozenset({"SA", "SK", "SQ", "H3", "H2"})
    assert deal.hands["E"] is None


def test_seed_book_hand_reads():
    text = need(HOYLE_1914).read_text(encoding="utf-8")
    line = next(l for l in text.splitlines() if l.startswith("♥ K Q 6 4 3 ♣"))
    assert pbn(line) == "8.KQ643.KT32.A54"


def test_pbn_deals_of_the_corpus_read():
    path = need(CORPUS / "bridge" / "eytc1998_vienna_80_boards.pbn")
    deals = [l.split('"')[1] for l in path.read_text().splitlines() if l.startswith("[Deal ")]
    for value in deals:
        engine = parse_deal(value).deal()
        assert engine.problems == [] and len(engine.known) == 4


DIAGRAM = """
                 North
               ♠ A K 5
               ♥ Q 10 3
               ♦ K J 9 8 2
               ♣ 7 4
  West                       East
♠ Q J 10 9 4               ♠ 8 7 6
♥ 8 7                      ♥ A K J 6
♦ 6 5                      ♦ A Q 10
♣ K Q J 6                  ♣ 10 9 8
                 South
               ♠ 3 2
               ♥ 9 5 4 2
               ♦ 7 4 3
               ♣ A 5 3 2
"""


def test_compass_diagram():
    from records.cards.notation import parse_compass
    deal = parse_compass(DIAGRAM, line=100)
    hands = {s: hand_text(h.cards) for s, h in deal.hands.items()}
    assert hands == {"N": "AK5.QT3.KJ982.74", "E": "876.AKJ6.AQT.T98",
                     "S": "32.9542.743.A532", "W": "QJT94.87.65.KQJ6"}
    assert deal.deal().problems == []
    assert (deal.hands["E"].line, deal.hands["E"].column) == (107, 28)
    # Cavendish's seats, one hand left out (unknown), completed from the other three
    partial = "\n".join(l for l in DIAGRAM.split("\n") if not l.startswith("               "))
    cav = parse_compass(partial, positions=("A", "Y", "B", "Z"))
    assert cav.seats == ("A", "Y", "B", "Z") and cav.hands["A"] is None and cav.hands["B"] is None


def test_a_search_s_moves_are_read_as_cards_only_where_the_grammar_could_read_them():
    """bridge.move_prefixes skips the grammar (and lark) for a text with no suit, dot, dash
    or question mark; on every such text the grammar itself reads no cards either."""
    from records.cards import bridge
    from records.cards.notation import CardsSyntaxError, parse_cards
    texts = ["Nf3 g6 e4", "e4 e5 Nf3 Nc6", "11 15 23 19", "P-K4", "1. e4", "♠A ♠2", "SA S2",
             "A♠ K♠", "spade ace", "AKQ2.KJ3..T98", "-", "?", "Kg♠ SA", "10 of hearts", "Qn Kg",
             "x y z", "A K Q J", "ten", "knave", "four ten"]
    skipped = 0
    for text in texts:
        try:
            grammar = [parse_cards(text)]
        except CardsSyntaxError:
            grammar = []
        assert bridge.move_prefixes(text) == grammar, text
        if not bridge.CARDS_AT_ALL.search(text):
            skipped += 1
            assert grammar == [], text
    assert skipped >= 8
