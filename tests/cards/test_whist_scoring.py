"""Scoring rules per variant (from the seed books) and Foster's score pads."""
import pytest

from conftest import HOYLE_1914, need
from records.cards import whist
from records.cards import whist_scoring as sc
from records.cards import whist_pads

SEATS = ("A", "Y", "B", "Z")


def pads_of(text, path="pad.txt"):
    return [r for r in whist.scan_book(text, path) if r.data.get("type") == "score pad"]


def problems(rec):
    return [(d.code, d.line, d.column) for d in rec.diagnostics if d.severity != "info"]


# -- the 1914 Hoyle's two pads -----------------------------------------------------------
@pytest.fixture(scope="module")
def hoyle_pads():
    return pads_of(need(HOYLE_1914).read_text(encoding="utf-8"), str(HOYLE_1914))


def test_both_foster_pads_import_and_add_up(hoyle_pads):
    two, four = hoyle_pads
    assert (two.data["style"], two.line, four.data["style"], four.line) == (2, 1821, 4, 1845)
    for pad in (two, four):
        assert pad.status == "valid" and problems(pad) == []
        assert pad.data["totals"] == {"WE": 258, "THEY": 146}
        assert pad.data["value"] == 112
        assert [g["winner"] for g in pad.data["games"]] == ["WE", "THEY", "WE"]
        assert pad.data["winner"] == "WE" and pad.data["rubber_bonus_to"] == "WE"
        assert sum(pad.data["tricks"]["WE"]) == 80 and sum(pad.data["tricks"]["THEY"]) == 72
        assert pad.data["players"] == ["R. Y.", "M. D."]
    assert four.data["printed"]["WE carried"] == 178          # 78 honours + 100 rubber
    assert two.data["honours"]["WE"] == [30, 32, 16]          # the 100 at their head is the bonus
    assert any(d.code == "PAD-SAME" for d in four.diagnostics)


FOUR_LINE = """FOSTER'S 4-LINE
BRIDGE PAD

WE\t\tTHEY\t
TRICKS\tHONORS\tTRICKS\tHONORS
8\t16\t12\t12
32\t32\t\t
4\t\t36\t4
\t\t\t30
12\t\t\t12
\t\t24\t16
24\t30\t\t
80\t{we_honours}\t72\t74
178\t\t74\t
\t\t146\t
258\t\t\t
146\t\t\t
{diff}\t\t\t

the next paragraph of the book goes on at length about something else entirely, as prose does in these books.
"""


def test_a_four_line_pad_with_a_wrong_column_total_is_reported_where_it_stands():
    (pad,) = pads_of(FOUR_LINE.format(we_honours=88, diff=112))
    found = problems(pad)
    assert ("PAD-SUM", 13, 4) in found                 # the 88 under WE's honours
    bad = next(d for d in pad.diagnostics if d.line == 13)
    assert "WE honours is printed as 88 but WE's honours column adds up to 78" in bad.message
    assert pad.status == "needs_review"


def test_a_wrong_rubber_value_is_reported():
    (pad,) = pads_of(FOUR_LINE.format(we_honours=78, diff=122))
    assert problems(pad) == [("PAD-SUM", 18, 1)]
    assert "258 - 146 = 112" in pad.diagnostics[0].message


TWO_LINE = """FOSTER'S 2-LINE
BRIDGE PAD

WE\tTHEY
\tHONORS
{bonus}\t12
30\t4
--------
8\t12
32\t
4\t36
12\t24
24\t
\tTRICKS
{we}\t88
88\t
{diff}\t

"""


def test_two_line_pad_bonus_to_the_wrong_side_and_an_impossible_honour():
    good = pads_of(TWO_LINE.format(bonus=100, we=210, diff=122))[0]
    assert problems(good) == [] and good.data["value"] == 122
    (bad,) = pads_of(TWO_LINE.format(bonus=7, we=210, diff=122))
    codes = [c for c, _, _ in problems(bad)]
    assert "PAD-BONUS" in codes and "PAD-ITEM" in codes
    assert ("PAD-ITEM", 6, 1) in problems(bad)


def test_pad_reader_keeps_cells_with_their_columns():
    (raw,) = whist_pads.find_score_pads(TWO_LINE.format(bonus=100, we=210, diff=122))
    honours, tricks, totals = raw.sections
    assert [[c and c.text for c in row] for row in honours] == [["100", "12"], ["30", "4"]]
    assert tricks[1][0].text == "32" and tricks[1][1] is None
    assert (totals[0][1].line, totals[0][1].column) == (15, 5)


# -- whist ----------------------------------------------------------------------------
def test_short_whist_honours_and_tricks():
    # three honours score 2 (000:283), not at the score of four (000:286)
    assert sc.whist_honour_points("short whist", {"AB": 3, "YZ": 1}, {"AB": 0, "YZ": 0}) == \
        {"AB": 2, "YZ": 0}
    assert sc.whist_honour_points("short whist", {"AB": 4, "YZ": 0}, {"AB": 4, "YZ": 0})["AB"] == 0
    # tricks score before honours: YZ go out by cards, AB's honours do not count
    pts = sc.whist_deal_points("short whist", {"AB": 4, "YZ": 9}, {"AB": 3, "YZ": 1},
                               {"AB": 3, "YZ": 2})
    assert pts == {"AB": {"tricks": 0, "honours": 0}, "YZ": {"tricks": 3, "honours": 0}}


def test_short_whist_game_values_and_the_books_rubber():
    assert [sc.whist_game_value("short whist", n) for n in range(5)] == [3, 2, 2, 1, 1]
    # 002:6813: A-B win a triple and a single to Y-Z's double: the rubber is worth 4
    rubber = sc.whist_rubber("short whist", [("AB", 0), ("YZ", 2), ("AB", 3)])
    assert rubber == {"points": {"AB": 6, "YZ": 2}, "winner": "AB", "value": 4}


def test_long_and_american_whist():
    assert sc.whist_rules("long whist")["game"] == 10
    assert sc.whist_honour_points("long whist", {"AB": 4, "YZ": 0}, {"AB": 8, "YZ": 0})["AB"] == 4
    assert sc.whist_honour_points("long whist", {"AB": 4, "YZ": 0}, {"AB": 9, "YZ": 0})["AB"] == 0
    assert [sc.whist_game_value("long whist", n) for n in (0, 4, 5)] == [3, 2, 1]
    assert sc.whist_rules("american whist")["game"] == 7
    assert sc.whist_honour_points("american whist", {"AB": 4, "YZ": 0}, {})["AB"] == 0
    with pytest.raises(ValueError):
        sc.whist_rules("solo whist")


def test_duplicate_whist_compares_the_two_tables():
    # 002:6872: N-S make 8 on a tray; on the overplay they should make 5 to tie
    assert sc.duplicate_gain(8, 5) == 0
    assert sc.duplicate_gain(8, 7) == 2
    assert sc.duplicate_gain(6, 5) == -2


def test_honours_counted_from_a_cavendish_deal():
    hands = {"A": ["SA", "SK", "H2"], "Y": ["SQ"], "B": ["SJ"], "Z": ["S2"]}
    assert sc.honours_by_side(hands, SEATS, "S") == {"AB": 3, "YZ": 1}


# -- bridge, 1914 ---------------------------------------------------------------------
def test_bridge_trick_values_and_doubling():
    assert [sc.trick_value(s) for s in ("S", "C", "D", "H", "NT")] == [2, 4, 6, 8, 12]
    assert sc.trick_value("H", 2) == 32                 # 002:1712 hearts doubled and redoubled
    assert sc.doubling_levels("S") == [2, 4, 8, 16, 32, 64, 128]
    assert sc.doubling_levels("NT") == [12, 24, 48, 96, 192]  # no doubling once at 100
    assert 5 * sc.trick_value("NT") == 60               # 002:1720 five by cards at no-trump
    assert 36 in sc.possible_trick_scores() and 7 not in sc.possible_trick_scores()


def test_the_honour_table_is_the_law_6_multiples_of_the_trick_values():
    rule = sc.bridge_rules()
    for name, row in rule["honour_table"].items():
        for suit, value in row.items():
            assert value == rule["honour_multiples"][name] * rule["trick_values"][suit]


def _deal(**by_seat):
    rest = sorted(set(s + r for s in "SHDC" for r in "AKQJT98765432")
                  - {c for cards in by_seat.values() for c in cards})
    hands = {s: list(by_seat.get(s, [])) for s in SEATS}
    for seat in SEATS:
        while len(hands[seat]) < 13:
            hands[seat].append(rest.pop())
    return hands


def test_bridge_honours_chicane_and_no_trump_aces():
    four_in_one = _deal(A=["HA", "HK", "HQ", "HJ"], Y=["HT"], B=["H9"], Z=["H8"])
    assert sc.bridge_honours(four_in_one, SEATS, "H")["AB"] == 64
    five = _deal(A=["SA", "SK", "SQ", "SJ"], B=["ST"], Y=["S9"], Z=["S8"])
    assert sc.bridge_honours(five, SEATS, "S")["AB"] == 18
    aces = _deal(Y=["SA", "HA", "DA", "CA"])
    assert sc.bridge_honours(aces, SEATS, None) == {"AB": 0, "YZ": 100}
    # chicane: Y holds no trump; AB hold simple honours in hearts (16), less Y's chicane
    hands = _deal(A=["HA", "HK"], B=["HQ"], Z=["HJ", "HT"], Y=["SA", "SK", "SQ", "SJ", "ST", "S9", "S8",
                                               "S7", "S6", "S5", "S4", "S3", "S2"])
    assert sc.bridge_honours(hands, SEATS, "H") == {"AB": 0, "YZ": 0}
    assert sc.slam_points(12) == 20 and sc.slam_points(13) == 40 and sc.slam_points(11) == 0


def test_auction_bridge():
    assert sc.auction_deal_score(2, "H", 0, 9) == {"declarer_tricks": 24, "declarer_bonus": 0,
                                                   "penalty": 0}
    assert sc.auction_deal_score(2, "H", 1, 9)["declarer_bonus"] == 100   # 50 + 50 overtrick
    assert sc.auction_deal_score(3, "NT", 0, 7)["penalty"] == 100         # 2 down at 50
    assert sc.auction_deal_score(1, "S", 1, 3)["penalty"] == 100          # limited (Law 48)
    assert sc.auction_deal_score(1, "S", 2, 3)["penalty"] == 800
    assert sc.bridge_rules("auction bridge")["rubber_bonus"] == 250


def test_two_pads_of_one_rubber_must_hold_the_same_entries():
    text = TWO_LINE.format(bonus=100, we=210, diff=122) + FOUR_LINE.format(we_honours=78, diff=112)
    first, second = pads_of(text)
    differs = [d for d in second.diagnostics if d.code == "PAD-DIFFERS"]
    assert differs and "WE's honours differ from the pad at line 1" in differs[0].message
