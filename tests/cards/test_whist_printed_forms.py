"""Whist hands as books print them (issue #13): voids as None, —, -, void or an empty column;
ranks in words; the leader marked by an arrow, a star, a dagger, "led" or underlining. Deals
made up at random, played out legally and printed in Cavendish's layout, must all be read
whole and replay with no false alarm."""
import pytest
from cavendish_layout import LEADER_MARKS, RANK_STYLES, VOIDS, cavendish_text

from records.cards import whist


def _read(text):
    return [r for r in whist.scan_book(text, "made_up.txt") if r.data.get("type") == "deal"]


@pytest.mark.parametrize("void", VOIDS)
@pytest.mark.parametrize("ranks", sorted(RANK_STYLES))
@pytest.mark.parametrize("mark", LEADER_MARKS)
def test_every_printed_form_reads_whole_and_sound(void, ranks, mark):
    for seed in range(3):
        text, hands, tricks = cavendish_text(seed, void, ranks, mark)
        (rec,) = _read(text)
        alarms = [d.format() for d in rec.diagnostics if d.severity != "info"]
        assert rec.status == "valid" and not alarms, (seed, alarms)
        assert {s: sorted(h) for s, h in rec.data["hands"].items()} == \
               {s: sorted(h) for s, h in hands.items()}
        assert [t["leader"] for t in rec.data["tricks"]] == [leader for leader, _, _ in tricks]
        assert [t["winner"] for t in rec.data["tricks"]] == [w for _, _, w in tricks]


def test_a_wrong_card_in_a_made_up_deal_is_still_caught():
    text, hands, tricks = cavendish_text(1, "None", "words", "†")
    leader, played, _ = tricks[0]
    follower = next(s for s in "YBZA" if s != leader)
    card = played[follower]
    names = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Knave", "T": "ten"}
    marks = {"S": "♠", "H": "♡", "D": "♢", "C": "♣"}
    other = next(c for c in hands[leader] if c != played[leader])   # a card the leader keeps
    printed = names.get(card[1], card[1]) + marks[card[0]]
    trick_line = next(i for i, line in enumerate(text.splitlines()) if line.startswith("  1. "))
    lines = text.splitlines()
    lines[trick_line + 1] = lines[trick_line + 1].replace(
        printed, names.get(other[1], other[1]) + marks[other[0]], 1)
    (rec,) = _read("\n".join(lines))
    assert rec.status != "valid"
