"""The forms a page prints cards, hands and the words about a deal in (card_forms, hand_diagrams,
deal_facts, trick_prose), and what the page reader makes of them: a deal read once, as bridge
when the words say so; readings that all fit named and left for review."""
import pytest

from records.cards import whist
from records.cards.card_forms import cell_cards, seat_label
from records.cards.deal_facts import read_facts
from records.cards.hand_diagrams import cell_pieces, find_diagrams
from records.cards.trick_prose import trick_of
from records.cards.trick_tables import ANY


@pytest.mark.parametrize("text, card, marks", [
    ("K♠", "SK", ()), ("♡ 4", "H4", ()), ("10♢", "DT", ()), ("Kg♠", "SK", ()), ("Knv♢", "DJ", ()),
    ("K[S]", "SK", ()), ("[C]10", "CT", ()), ("KS", "SK", ()), ("TD", "DT", ()), ("S10", "ST", ()),
    ("[K♠]", "SK", ("bracket",)), ("(K♠)", "SK", ("paren",)), ("_♣K_", "CK", ("underline",)),
    ("<b>Q♥</b>", "HQ", ("tag:b",)), ("<f>K[S]</f>", "SK", ("tag:f",)), ("K♠*", "SK", ("star",)),
    ("*K♠", "SK", ("star",)), ("->K♠", "SK", ("arrow",)), ("K♠ ←", "SK", ("arrow",)),
    ("(K)♠", "SK", ("paren",)), ("♠[K]", "SK", ("bracket",)), ("[K][S]", "SK", ("bracket",)),
    ("[K]", "?K", ("bracket",)), ("(Qn)", "?Q", ("paren",)), ("1. KS", "SK", ()),
])
def test_a_cell_prints_one_card_in_any_form_with_its_marks(text, card, marks):
    (tok,) = cell_cards(text, 3, 5)
    assert (tok.card, tok.marks, tok.line) == (card, marks, 3)


def test_a_tag_that_lost_a_bracket_is_a_broken_mark_and_words_are_no_cards():
    (tok,) = cell_cards("f>10[D]</f>", 1, 1)
    assert tok.card == "DT" and tok.broken and tok.marks == ("tag:f",)
    for text in ("A", "10", "12", "(1)", "TRICK", "♡ J 8 6 4 2; ♣ K 3 2", "Kg"):
        assert cell_cards(text, 1, 1) == [], text


def test_seat_labels():
    assert [seat_label(t) for t in ("A", "N.", "North", "Y's hand", "DUMMY", "Pone", "X")] == \
        ["A", "N", "N", "Y", "Y", "B", ""]


@pytest.mark.parametrize("text, suits, cards", [
    ("♠ K Q 6 4 3", "S", 5), ("S: A K Q 2", "S", 4), ("Spades: A, K, 7", "S", 3),
    ("[S] K Q J 8 6 2", "S", 6), ("Qn, 10, 5, 3        ♠", "S", 4), ("♥ —", "H", 0),
    ("♦ None", "D", 0), ("S: AKQ2 H: KJ3 D: - C: T98", "SHDC", 10),
    ("♠ Ace Kg Knave 10", "S", 4),
])
def test_holdings_in_every_form(text, suits, cards):
    pieces = [p for p in cell_pieces(text, 1) if p[0] == "holding"]
    assert "".join(p[1].suit for p in pieces) == suits
    assert sum(len(p[1].cards) for p in pieces) == cards


COMPASS = """\
                  ♠ 9 4
                  ♥ K 10 9 7 3
                  ♦ A Q J 7 6 5
                  ♣ —
♠ A K 10 7 3 2                   ♠ J 8 6 5
♥ Q                              ♥ 6 4
♦ —                              ♦ K 4
♣ Q J 9 8 4 2                    ♣ K 10 7 6 3
                  ♠ Q
                  ♥ A J 8 5 2
                  ♦ 10 9 8 3 2
                  ♣ A 5
"""


def test_an_unlabelled_compass_is_offered_in_its_four_turns():
    (diagram,) = find_diagrams(COMPASS.splitlines(), 0, 12)
    readings = diagram.readings(("N", "E", "S", "W"))
    assert [name for name, _ in readings][0] == "the diagram with N at the top"
    assert len(readings) == 4
    named = dict(readings[0][1])
    assert [c.card for c in named["N"].cards][:2] == ["S9", "S4"]
    assert [c.card for c in named["W"].cards][0] == "SA"


def test_the_words_say_bridge_or_whist_the_trump_and_the_leader():
    (f,) = read_facts([(1, 1, "Z deals and declares hearts. A leads.")])
    assert (f.kind, f.trump_value, f.leader.value, f.dealer.value) == ("bridge", "H", "A", "Z")
    (f,) = read_facts([(1, 1, "Score: love-all. ♡5 turned.")])
    assert (f.kind, f.trump_value, f.turnup.value) == ("whist", "H", "H5")
    (f,) = read_facts([(1, 1, "The dealer, South, makes it no-trump; West leads.")])
    assert (f.kind, f.trump_value, f.leader.value, f.dealer.value) == ("bridge", None, "W", "S")
    (f,) = read_facts([(1, 1, "Some words with no facts in them.")])
    assert (f.kind, f.trump_value, f.leader) == ("whist", ANY, None)


def test_facts_for_deals_side_by_side():
    first, second = read_facts([
        (1, 1, "Z is the dealer in both instances, and B leads for the first trick. The first"),
        (2, 1, "illustration is straight auction; the second is a nullo."),
        ((0, 3), 5, "♡5 turned."), ((1, 3), 40, "A Misère.")], sides=2)
    assert first.leader.value == second.leader.value == "B"
    assert first.trump_value == "H" and second.trump_value is None
    assert first.kind == second.kind == "whist" or first.game != second.game


def test_a_trick_told_in_a_sentence():
    trick = trick_of("Trick 3. B leads the K♠; Z plays the 4♠, A the 9♠ and Y the 2♠.", 7)
    assert [(s, t.card) for s, t, _ in trick.plays] == [("B", "SK"), ("Z", "S4"), ("A", "S9"),
                                                        ("Y", "S2")]
    trick = trick_of("North leads the king of hearts, East follows with the three, South "
                     "trumps with the two and West discards the four of clubs.", 1)
    assert [(s, t.card, trumps) for s, t, trumps in trick.plays] == \
        [("N", "HK", False), ("E", "?3", False), ("S", "?2", True), ("W", "C4", False)]
    assert trick_of("A leads the king of hearts and Y plays the 2♥.", 1) is None


TABLE = """\
ILLUSTRATIVE HAND NO. 4

{words}

  Trick     A         Y         B         Z
    1.     K♠        9♠        8♠        Q♠
    2.    10♠        4♠        5♠        3♦
    3.     Q♥        3♥        6♥        J♥
    4.     2♣        J♦        3♣        5♣
    5.     8♣        7♦        K♦        2♦
    6.     4♣        Q♦       10♣        A♣
    7.     7♠        A♦        4♦        8♦
    8.     9♣        5♦        4♥       10♦
    9.     2♠       10♥        K♣        8♥
   10.     3♠        6♦        J♠        9♦
   11.     A♠        K♥        6♣        2♥
   12.     Q♣        9♥        6♠        A♥
   13.     J♣        7♥        7♣        5♥
"""


def test_a_deal_is_read_once_as_bridge_when_the_words_say_so_else_whist():
    bridge = whist.scan_cards(TABLE.format(words="Z deals and declares no-trump. A leads."), "t.txt")
    plain = whist.scan_cards(TABLE.format(words="Score: love-all. Z deals; A leads; ♦2 turned."),
                             "t.txt")
    assert [(r.kind, r.status, r.tags["Deal"]) for r in bridge] == [("bridge", "valid", "HAND 4")]
    assert [(r.kind, r.status) for r in plain] == [("whist", "valid")]
    assert plain[0].data["turnup"] == "D2" and bridge[0].data["trump"] is None
    # no diagram: Z deals from the bottom (South), so Y sits North and A, on Z's left, West
    assert bridge[0].data["hands"]["N"] == "94.KT973.AQJ765."
    assert bridge[0].data["hands"]["W"] == "AKT732.Q..QJ9842"
    assert bridge[0].data["play"][0]["winner"] == "W" and bridge[0].tags["Dealer"] == "S"


def test_readings_that_all_fit_are_each_named_for_review():
    """No trump stated, no marks, no hands: every strain plays the cards as printed."""
    (rec,) = whist.scan_cards(TABLE.format(words="Z deals; A leads."), "t.txt")
    assert rec.status == "needs_review"
    warning = next(d for d in rec.diagnostics if d.severity == "warning")
    assert warning.code == "WHIST-TRUMP" and "strains that fit" in warning.message


def test_a_misprinted_card_is_the_error_of_the_best_reading_at_its_line():
    """Z's 5♣ at trick 4 misprinted as the K♣ B plays at trick 9: with no hands given, the
    card is in two hands (at the misprint) and played twice (where B plays it)."""
    text = TABLE.format(words="Z deals and declares no-trump. A leads.").replace(
        "4.     2♣        J♦        3♣        5♣", "4.     2♣        J♦        3♣        K♣")
    (rec,) = whist.scan_cards(text, "t.txt")
    alarms = [(d.line, d.code) for d in rec.diagnostics if d.severity != "info"]
    assert rec.status == "needs_review"
    assert alarms == [(9, "WHIST-DEAL"), (14, "WHIST-CARD-TWICE")]


def test_a_page_number_inside_a_table_is_set_aside():
    text = TABLE.format(words="Z deals and declares no-trump. A leads.")
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip().startswith("7."))
    lines[at:at] = ["", "{160}", ""]
    (rec,) = whist.scan_cards("\n".join(lines) + "\n", "t.txt")
    assert rec.status == "valid" and rec.data["tricks_played"] == 13
