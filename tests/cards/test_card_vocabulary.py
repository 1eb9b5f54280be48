"""The card vocabulary is written once (records/core/cards.py) and both card families read it."""
import pytest

from records.cards.notation import parse_card
from records.core.cards import parse_card_token, suit_letter
from records.cribbage.engine import Card
from records.cribbage.engine import parse_card as cribbage_card


@pytest.mark.parametrize("text, rank, suit", [
    ("KH", "K", "H"), ("K♥", "K", "H"), ("♥K", "K", "H"), ("10S", "T", "S"), ("TD", "T", "D"),
    ("T", "T", ""), ("10", "T", ""), ("Knave", "J", ""), ("Kg", "K", ""), ("Qn♢", "Q", "D"),
    ("deuce", "2", "")])
def test_one_card_token(text, rank, suit):
    assert parse_card_token(text) == (rank, suit)


@pytest.mark.parametrize("text", ["", "S", "XH", "11S", "KHS"])
def test_not_a_card(text):
    with pytest.raises(ValueError):
        parse_card_token(text)


def test_suit_marks_and_words():
    assert [suit_letter(m) for m in ("♡", "h", "Hearts", "club", "◇")] == ["H", "H", "H", "C", "D"]
    assert suit_letter("x") is None


def test_both_families_agree_on_a_card():
    for text in ("KH", "K♥", "10♠", "JC"):
        crib = cribbage_card(text)
        trick = parse_card(text)
        assert trick == crib.suit + ("T" if crib.rank == 10 else str(crib)[0])
    assert cribbage_card("Knave") == Card(11, "")
