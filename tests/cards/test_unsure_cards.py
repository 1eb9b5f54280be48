"""Cards a trick table prints that OCR misread: a ten as `1O`, `IO`, `lO`, `l0`, `I0` or
`lo` is read as the ten and said (WHIST-OCR, the record repaired); a lone `O` is the queen or
the ten, the one the play allows; a card past reading (`Zq♠`) keeps its place in its row as
the deal's one error, and the table goes on past it (it had been cut in two there, the second
half read as a deal of its own full of revokes)."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "layouts"))
from cards_printer import LAYOUTS, VOCAB, print_deal  # noqa: E402

from records.cards import whist  # noqa: E402
from records.cards.tricks import card_text  # noqa: E402

TABLE_LAYOUTS = [x for x in LAYOUTS if x.name.startswith((
    "seat order, framed, A Y B Z", "compass N at the top, seat order N E S W"))]
GLYPHS = VOCAB["glyphs, 10"]


def _with_a_ten_misprinted(layout, seed: int, misprint):
    """The deal printed, and one ten played in its table printed as misprint(card text)."""
    printed, _ = print_deal(layout, GLYPHS, seed)
    deal = printed.deals[0]
    n, seat, card = next((n, s, c) for n, (_, played, _) in enumerate(deal.tricks)
                         for s, c in played.items() if c[1] == "T")
    at = printed.where[(0, n, seat)]
    text = GLYPHS.card(card)
    column = printed.lines[at].index(text) + 1
    printed.lines[at] = printed.lines[at].replace(text, misprint(text))
    moves = [c for k in range(13) for _, c in deal.cards_in_order(k)]
    return printed, at + 1, column, card, moves


def _only_record(printed):
    records = [r for r in whist.scan_cards(printed.text, "t.txt") if r.data.get("type") == "deal"]
    assert len(records) == 1, [(r.line, r.end_line, r.status) for r in records]
    return records[0]


def _alarms(rec):
    return [(d.code, d.line, d.column) for d in rec.diagnostics if d.severity != "info"]


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("ocr", ["1O", "IO", "lO", "l0", "I0", "lo"])
@pytest.mark.parametrize("layout", TABLE_LAYOUTS, ids=lambda x: x.name[:30])
def test_a_ten_misread_by_ocr_is_read_as_the_ten_and_said(layout, ocr, seed):
    printed, line, column, card, moves = _with_a_ten_misprinted(
        layout, seed, lambda text: text.replace("10", ocr))
    rec = _only_record(printed)
    assert [p.normal for p in rec.plies] == moves, printed.text
    assert rec.status == "repaired" and _alarms(rec) == [("WHIST-OCR", line, column)], \
        (_alarms(rec), printed.text)
    said = next(d.message for d in rec.diagnostics if d.code == "WHIST-OCR")
    assert said.startswith(f'"{ocr}" in ') and 'read as "10"' in said


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("layout", TABLE_LAYOUTS, ids=lambda x: x.name[:30])
def test_a_card_past_reading_keeps_its_place_as_the_deals_one_error(layout, seed):
    printed, line, column, card, moves = _with_a_ten_misprinted(
        layout, seed, lambda text: text.replace("10", "Zq"))
    rec = _only_record(printed)
    assert _alarms(rec) == [("WHIST-UNREADABLE", line, column)], (_alarms(rec), printed.text)
    assert rec.status == "needs_review"
    said = next(d.message for d in rec.diagnostics if d.code == "WHIST-UNREADABLE")
    assert f"the one card that fits is the {card_text(card)}" in said, said
    assert [p.normal for p in rec.plies] == moves      # the play goes on past it


PROBE = """CHAPTER V.

HAND No. 1

South deals and declares spades. West leads.

North:  ♠ 53  ♥ 92  ♦ K42  ♣ K105432
East:  ♠ Q102  ♥ K10876  ♦ AQ986  ♣ —
South:  ♠ A9876  ♥ A43  ♦ 1053  ♣ J8
West:  ♠ KJ4  ♥ QJ5  ♦ J7  ♣ AQ976

  Trick     N       E       S       W
    1.  ♦4      ♦A      ♦5      ♦J
    2.  ♥2      ♥7      ♥A      ♥Q
    3.  ♠3      ♠2      ♠9      ♠J
    4.  ♣K      ♦6      ♣8      ♣6
    5.  ♥9      ♥8      ♥3      ♥5
    6.  ♣2      ♦Q      ♣J      ♣7
    7.  ♠5      ♠1O     ♠6      ♠K
    8.  ♣3      ♠Q      ♠8      ♠4
    9.  ♣5      ♥K      ♥4      ♥J
   10.  ♦2      ♥10     ♦3      ♦7
   11.  ♦K      ♦8      ♦10     ♣A
   12.  ♣4      ♦9      ♠7      ♣9
   13.  ♣10     ♥6      ♠A      ♣Q

More words.
"""


def _probe_record(text):
    records = whist.scan_cards(text, "p15.txt")
    assert len(records) == 1, [(r.line, r.end_line, r.status) for r in records]
    return records[0]


def test_the_probe_with_1O_is_one_deal_repaired():
    rec = _probe_record(PROBE)
    assert (rec.line, rec.end_line, len(rec.plies)) == (3, 25, 52)
    assert rec.status == "repaired" and _alarms(rec) == [("WHIST-OCR", 19, 17)]


def test_a_lone_O_is_the_queen_when_the_ten_is_held_elsewhere():
    rec = _probe_record(PROBE.replace("♠1O", "♠10").replace("♥A      ♥Q", "♥A      ♥O"))
    assert rec.status == "repaired" and _alarms(rec) == [("WHIST-OCR", 14, 33)]
    said = next(d.message for d in rec.diagnostics if d.code == "WHIST-OCR")
    assert "read as Q♥" in said and len(rec.plies) == 52
    assert "HQ" in [p.normal for p in rec.plies][4:8]


def test_a_lone_O_both_readings_fit_keeps_the_candidates():
    """No hands printed, and neither the queen nor the ten of hearts printed elsewhere: the
    `O` may be either, and the record says so (not repaired)."""
    text = PROBE.replace("♠1O", "♠10")
    text = "\n".join(x for x in text.split("\n") if not x.startswith(("North:", "East:",
                                                                      "South:", "West:")))
    text = text.replace("♥A      ♥Q", "♥A      ♥O").replace("♥10     ♦3", "♥Zq     ♦3")
    rec = _probe_record(text)
    assert rec.status == "needs_review" and len(rec.plies) == 52
    assert _alarms(rec) == [("WHIST-OCR", 10, 33), ("WHIST-UNREADABLE", 18, 17)]
    said = next(d.message for d in rec.diagnostics if d.code == "WHIST-OCR")
    assert said.endswith("it may be the Q♥ or the 10♥"), said
