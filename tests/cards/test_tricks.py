"""The trick engine: deals, winners, renounces, revokes, completion, by-seat play."""
import random

import pytest

from records.cards.tricks import (DECK, Deal, card_text, hand_text, play, play_by_seat,
                                  sort_cards, trick_winner)

NESW = ("N", "E", "S", "W")


def random_deal(seed, trump="H", dealer="N"):
    deck = sorted(DECK)
    random.Random(seed).shuffle(deck)
    hands = {s: frozenset(deck[i * 13:(i + 1) * 13]) for i, s in enumerate(NESW)}
    return Deal(NESW, hands, dealer=dealer, trump=trump)


def legal_play(deal, pick=min, seed=0):
    """Thirteen legal tricks, each card chosen from the legal ones."""
    rnd = random.Random(seed)
    rest = {s: set(h) for s, h in deal.hands.items()}
    tricks, leader = [], deal.leader
    for _ in range(13):
        lead_i = NESW.index(leader)
        order = []
        for k in range(4):
            seat = NESW[(lead_i + k) % 4]
            legal = [c for c in rest[seat] if order and c[0] == order[0][0]] or sorted(rest[seat])
            card = rnd.choice(sorted(legal))
            rest[seat].discard(card)
            order.append(card)
        tricks.append(order)
        leader = trick_winner(order, lead_i, NESW, deal.trump)
    return tricks


def test_card_text_and_sorting():
    assert card_text("D9") == "9♦"
    assert card_text("ST") == "10♠"
    assert card_text("CA", "letter") == "CA"
    assert sort_cards(["C2", "SA", "HT", "S2"]) == ["SA", "S2", "HT", "C2"]
    assert hand_text(frozenset(["SK", "SQ", "H8", "DT", "CA"])) == "KQ.8.T.A"
    assert hand_text(None) == "-"


def test_trick_winner_follows_suit_trumps_and_no_trump():
    # led ♦, a higher ♦ wins, an off-suit ace does not
    assert trick_winner(["D4", "DQ", "SA", "D2"], 0, NESW, None) == "E"
    # a trump beats the suit led; the higher trump wins
    assert trick_winner(["D4", "DQ", "H2", "H5"], 1, NESW, "H") == "N"
    # no trumps: the 2 of the suit led beats an ace of another suit
    assert trick_winner(["C2", "SA", "HA", "DA"], 3, NESW, None) == "W"


def test_deal_checks_size_duplicates_and_cards():
    deal = random_deal(1)
    assert deal.problems == []
    hands = dict(deal.hands)
    n_hand = set(hands["N"])
    moved = next(iter(n_hand))
    hands["E"] = frozenset(set(hands["E"]) | {moved})
    bad = Deal(NESW, hands)
    codes = {p.code for p in bad.problems}
    assert "DEAL-DUPLICATE" in codes and "DEAL-SIZE" in codes
    assert any(card_text(moved) in p.message for p in bad.problems)
    wrong = Deal(NESW, {**deal.hands, "S": frozenset(sorted(deal.hands["S"])[:12] + ["S1"])})
    assert any(p.code == "DEAL-CARD" for p in wrong.problems)


def test_complete_deal_from_three_hands():
    deal = random_deal(2)
    partial = Deal(NESW, {**deal.hands, "W": None}, dealer="N")
    full = partial.complete_deal()
    assert full.hands["W"] == deal.hands["W"]
    with pytest.raises(ValueError):
        Deal(NESW, {"N": deal.hands["N"], "E": None, "S": None, "W": None}).complete_deal()


def test_leader_is_left_of_dealer_and_sides_are_named_by_seats():
    deal = Deal(("A", "Y", "B", "Z"), {s: None for s in "AYBZ"}, dealer="Z")
    assert deal.leader == "A"
    assert deal.sides == ("AB", "YZ")
    assert deal.partner("Y") == "Z"


def test_legal_play_counts_thirteen_tricks():
    for seed in range(20):
        deal = random_deal(seed, trump=random.Random(seed).choice(["S", "H", "D", "C", None]))
        result = play(deal, legal_play(deal, seed=seed))
        assert result.errors == [] and result.revokes == []
        assert result.complete
        assert sum(result.won.values()) == 13
        assert sum(result.won_by_side.values()) == 13
        assert result.running[-1] == result.won_by_side
        # each trick after the first is led by the winner of the one before
        for before, after in zip(result.tricks, result.tricks[1:]):
            assert after.leader == before.winner


def test_revoke_proved_by_a_later_card_without_hands():
    deal = Deal(NESW, {s: None for s in NESW}, dealer="W", trump=None)  # N leads
    tricks = [["D2", "D5", "C3", "D9"],      # N leads; S renounces diamonds; W wins with the 9
              ["DA", "D3", "D4", "D6"]]      # W leads: W DA, N D3, E D4, S D6 shows a diamond
    result = play(deal, tricks)
    assert [(r.seat, r.trick, r.suit) for r in result.renounces] == [("S", 1, "D")]
    assert len(result.revokes) == 1
    revoke = result.revokes[0]
    assert (revoke.seat, revoke.trick, revoke.proof_trick, revoke.proof_card) == ("S", 1, 2, "D6")
    assert revoke.message == "S renounced diamonds at trick 1 but plays the 6♦ at trick 2"


def test_revoke_proved_by_the_hand_and_cards_not_held_or_twice():
    deal = random_deal(3, trump="S")
    tricks = legal_play(deal, seed=3)
    leader_i = NESW.index(deal.leader)
    second = NESW[(leader_i + 1) % 4]
    led = tricks[0][0]
    holding = sorted(c for c in deal.hands[second] if c[0] == led[0] and c != tricks[0][1])
    other = sorted(c for c in deal.hands[second] if c[0] != led[0])
    if holding and other:
        bad = [list(t) for t in tricks[:1]]
        bad[0][1] = other[0]
        result = play(deal, bad)
        assert any(r.seat == second and r.trick == 1 for r in result.revokes)
    # a card not in the hand and a card played twice
    first = [list(tricks[0])]
    stranger = next(c for c in DECK if c not in deal.hands[deal.leader])
    first[0][0] = stranger
    result = play(deal, first)
    assert [e.code for e in result.errors][:1] == ["CARD-NOT-HELD"]
    assert result.errors[0].trick == 1 and result.errors[0].index == 0
    twice = play(deal, [tricks[0], [tricks[0][0]] + list(tricks[1][1:])])
    assert any(e.code == "CARD-TWICE" and e.trick == 2 for e in twice.errors)


def test_wrong_trick_sizes():
    deal = random_deal(4)
    tricks = legal_play(deal, seed=4)
    result = play(deal, [tricks[0][:3], tricks[1]])
    assert result.errors[0].code == "TRICK-SIZE" and result.errors[0].trick == 1
    partial = play(deal, [tricks[0], tricks[1][:2]])    # stopped by a claim: allowed
    assert partial.errors == [] and not partial.complete
    assert partial.tricks[-1].winner is None
    assert play(deal, [tricks[0] + ["C2"]]).errors[0].code == "TRICK-SIZE"
    assert play(deal, [["XX", "D2", "D3", "D4"]]).errors[0].code == "CARD-UNKNOWN"


def test_play_by_seat_matches_play_in_order():
    deal = random_deal(5, trump="D", dealer="E")
    tricks = legal_play(deal, seed=5)
    first_i = NESW.index(deal.leader)
    rows, leader = [], deal.leader
    for order in tricks:
        lead_i = NESW.index(leader)
        by_seat = {NESW[(lead_i + k) % 4]: c for k, c in enumerate(order)}
        rows.append([by_seat[NESW[(first_i + k) % 4]] for k in range(4)])
        leader = trick_winner(order, lead_i, NESW, deal.trump)
    a, b = play(deal, tricks), play_by_seat(deal, rows)
    assert [t.order for t in a.tricks] == [t.order for t in b.tricks]
    assert a.won == b.won and b.errors == []
    # a row with a gap before a played card is reported
    gap = [list(r) for r in rows[:2]]
    lead2 = b.tricks[1].leader
    col_of_leader = (NESW.index(lead2) - first_i) % 4
    gap[1][col_of_leader] = "-"
    broken = play_by_seat(deal, gap)
    assert broken.errors and broken.errors[0].code == "TRICK-GAP"
