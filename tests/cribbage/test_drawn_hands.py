"""Foster's Complete Hoyle, cribbage (l. 23830-24834): hands drawn as playing-card glyphs.
Counted by hand: 19 drawings of one hand (3-5 cards, or a starter drawn apart before four),
each with the count the text gives it; the other drawings list pairs side by side, a six-card
hand before the discard, or a play (not hands)."""
from functools import cache

from conftest import CORPUS, need
from records.cribbage import engine
from records.cribbage.drawn_hands import drawn_card

FOSTER = CORPUS / "whist" / "fosters_complete_hoyle_pg53881.txt"


@cache
def hands():
    text = need(FOSTER).read_text(encoding="utf-8-sig")
    recs = [r for r in engine.scan_book(text, str(FOSTER))
            if 23830 <= r.line <= 24834 and r.data.get("type") == "hand"]
    for rec in recs:
        rec.settle_status()
    return recs


def test_glyphs_are_cards():
    assert drawn_card("🂡") == (1, "S") and drawn_card("🂾") == (13, "H")
    assert drawn_card("🃋") == (11, "D") and drawn_card("🃝") == (12, "C")
    assert drawn_card("🂬") is None          # the knight of the tarot pack is no cribbage card


def test_signs_and_letters_are_cards():
    assert drawn_card("A♠") == (1, "S") and drawn_card("♡5") == (5, "H")
    assert drawn_card("10♢") == (10, "D") and drawn_card("JC") == (11, "C")
    assert drawn_card("Jack") is None


def test_every_drawn_hand_is_counted_against_the_text():
    recs = hands()
    assert len(recs) == 19
    assert all(r.tags.get("Stated") is not None for r in recs)
    show = next(r for r in recs if r.line == 24410)      # the dealer's crib with the starter
    assert show.data["hand"] == ["JC", "JS", "TC", "AS"] and show.data["starter"] == "QS"
    assert show.data["count"]["total"] == 9              # 8 and one for his nobs
    numbered = [r.data["count"]["total"] for r in recs if 24242 <= r.line <= 24248]
    assert numbered == [17, 21, 16, 24]


def test_only_the_drawing_its_paragraph_does_not_describe_is_flagged():
    flagged = [(r.line, [d.code for d in r.diagnostics if d.severity != "info"])
               for r in hands() if r.status != "valid"]
    # K J 5: the paragraph gives 6 for a fifteen with a duplicate and a pair, then says the
    # drawing's tenth cards make no pair; the drawing itself is worth 4
    assert flagged == [(24130, ["CRIB-COUNT-MISMATCH"])]
