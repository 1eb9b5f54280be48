"""Cribbage told in prose and dialogue: cards, starters, spoken counts and calls, each form
read and checked by the scorer or the pegging engine, on the page and in the book scanner."""
import pytest

from records.cribbage import engine as crib
from records.cribbage.scoring import Card, score
from records.cribbage.told import told_records
from records.cribbage.told_calls import count_problems, pegging_call, spoken_count
from records.cribbage.told_phrases import card_list
from records.cribbage.told_words import lex

from conftest import CORPUS, SEEDS, need


def cards(text, free=False):
    got = card_list(lex(text, 1, 1), 0, free)
    return [str(Card(c.rank, c.suit)) for c in got[0]] if got else None


@pytest.mark.parametrize("text, free, expected", [
    ("a pair of sevens, an eight and the queen of clubs", False, ["7", "7", "8", "QC"]),
    ("two fives, a knave and a ten", False, ["5", "5", "J", "T"]),
    ("the five, six and seven of hearts", False, ["5H", "6H", "7H"]),
    ("the ace of spades, two and three of hearts", False, ["AS", "2H", "3H"]),
    ("a pair royal of fives and the jack of clubs", False, ["5", "5", "5", "JC"]),
    ("two 8's and a 7", False, ["8", "8", "7"]),
    ("5H 5D 5S JC", False, ["5H", "5D", "5S", "JC"]),
    ("5♥ ♣Q 10d", False, ["5H", "QC", "TD"]),
    ("five of hearts", False, ["5H"]),
    ("🂵 🃅 🂥 🃛", False, ["5H", "5D", "5S", "JC"]),
    ("7 7 8 9", True, ["7", "7", "8", "9"]),
    ("K Q J 10", True, ["K", "Q", "J", "T"]),
    ("A 10 8 K", True, ["A", "T", "8", "K"]),
])
def test_cards_in_words_letters_signs_glyphs_and_ranks(text, free, expected):
    assert cards(text, free) == expected


@pytest.mark.parametrize("text", ["7 7 8 9", "two points and a five", "A K Q J 10 9 8 7 6",
                                  "counts five", "a run of three"])
def test_what_is_not_a_hand(text):
    assert cards(text) is None


def spoken(text, total_first=False):
    return spoken_count(lex(text, 1, 1), 0, total_first)


@pytest.mark.parametrize("text, total, items", [
    ("fifteen two, fifteen four, and a run of three are seven", 7,
     [("fifteens", 2), ("fifteens", 2), ("runs", 3)]),
    ("fifteen two, fifteen four, and a pair is six", 6, [("fifteens", 2), ("fifteens", 2), ("pairs", 2)]),
    ("a double run of three, eight", 8, [("runs", 6), ("pairs", 2)]),
    ("fifteen two, four, six", 6, [("fifteens", 2)] * 3),
    ("15-2, 15-4 and a pair is 6", 6, [("fifteens", 2), ("fifteens", 2), ("pairs", 2)]),
    ("two fifteens are four and a pair is six", 6, [("fifteens", 4), ("pairs", 2)]),
    ("fifteen two and one for his nob is three", 3, [("fifteens", 2), ("nobs", 1)]),
    ("two for his heels", None, [("heels", 2)]),
])
def test_spoken_counts_item_by_item(text, total, items):
    said = spoken(text)
    hand = [Card(5), Card(5), Card(6), Card(4)]
    count_problems(score(hand, Card(6)), said)            # chooses each item's reading
    assert said.total == total
    assert [(c, p) for s in said.items for c, p in s.chosen.items()] == items


@pytest.mark.parametrize("text, total", [("twenty-nine", 29), ("19", 19), ("nineteen", 19),
                                         ("nothing", 0), ("12 points", 12)])
def test_a_count_said_as_its_total(text, total):
    assert spoken(text, total_first=True).total == total


def test_a_count_that_does_not_hold_is_named_item_by_item():
    hand, starter = [Card(7), Card(7), Card(8), Card(12, "C")], Card(5, "S")   # 8 by the rules
    assert count_problems(score(hand, starter), spoken("fifteen two, fifteen four, fifteen six, and a pair is eight")) == []
    found = count_problems(score(hand, starter), spoken("fifteen two, fifteen four, and a pair is six"))
    assert [p[1] for p in found] == ["CRIB-COUNT-MISMATCH", "CRIB-COUNT-MISMATCH"]   # fifteens, total
    assert "the rules give 8" in found[-1][2]
    found = count_problems(score(hand, starter), spoken("fifteen two, fifteen six, fifteen eight, and a pair is ten"))
    assert found[0][1] == "CRIB-BREAKDOWN" and found[0][4] == 22          # `six`, where the calls go wrong


@pytest.mark.parametrize("text, total, points, expects, go", [
    ("Five", 5, None, [], False),
    ("Fifteen two", 15, 2, ["fifteens"], False),
    ("Twenty and a pair, two", 20, 2, ["pairs"], False),
    ("Thirty-one for two", 31, 2, ["thirty-one"], False),
    ("Twenty-four and a run of three, three", 24, 3, ["runs"], False),
    ("Twenty-nine, and one for the go", 29, 1, ["go"], False),
    ("Go", None, None, [], True),
    ("one for last", None, 1, ["last card"], False),
])
def test_calls_of_the_play(text, total, points, expects, go):
    call = pegging_call(lex(text, 1, 1), 0)
    assert (call.total, call.points, call.expects, call.go) == (total, points, expects, go)


def read(text):
    records = crib.scan_book(text, "told.txt")
    for rec in records:
        rec.settle_status()
    return records


def warnings(records):
    return [(d.line, d.code) for r in records for d in r.diagnostics if d.severity != "info"]


DIALOGUE = """A WORKED DEAL

Alice deals, and Bob, the pone, cuts. Bob holds a pair of sevens, an
eight and the queen of clubs; Alice holds two fives, a knave and a ten.
The crib holds the ace, two and three of hearts and the king of
spades. The five of spades is cut.

Bob leads a seven, "Seven"; Alice a five, "Twelve"; Bob a seven,
"Nineteen"; Alice a ten, "Twenty-nine"; Bob, "Go"; Alice, "One for the go."

Bob: "Fifteen two, fifteen four, fifteen six, and a pair is eight."
Alice: "Fifteen two, fifteen four, fifteen six, fifteen eight, fifteen
ten, fifteen twelve, fifteen fourteen, and a pair royal is twenty."
Alice: "And the crib: fifteen two, fifteen four, and a run of three
are seven."
"""


def test_a_worked_deal_told_as_a_dialogue():
    records = read(DIALOGUE)
    hands = {(tuple(r.data["hand"]), r.data["starter"], r.tags["Score"]) for r in records
             if r.data["type"] in ("hand", "crib")}
    assert hands == {(("7", "7", "8", "QC"), "5S", 8), (("5", "5", "J", "T"), "5S", 20),
                     (("AH", "2H", "3H", "KS"), "5S", 7)}
    play = next(r for r in records if r.data["type"] == "play")
    assert [c for _, c, *_ in play.data["called"]] == ["7", "5", "7", "T", "go", None]
    assert warnings(records) == []
    assert all(any(d.code == "LAYOUT" for d in r.diagnostics) for r in records)


def test_a_miscount_in_the_dialogue_is_flagged_at_its_line_with_the_scorers_count():
    records = read(DIALOGUE.replace("and a pair is eight", "and a pair is nine"))
    assert warnings(records) == [(11, "CRIB-COUNT-MISMATCH")]
    rec = next(r for r in records if r.tags.get("Stated") == 9)
    assert "the rules give 8" in next(d.message for d in rec.diagnostics if d.severity == "warning")


def test_a_wrong_call_in_the_play_is_flagged_by_the_pegging_engine():
    records = read(DIALOGUE.replace('"Twelve"', '"Thirteen"'))
    assert warnings(records) == [(8, "CRIB-CALL-MISMATCH")]


def test_a_pair_called_where_there_is_none():
    text = ('A deals.\n\nB plays a five, "Five"; A a ten, "Fifteen two"; B a five,'
            ' "Twenty and a pair, two"; A a six, "Twenty-six".\n')
    records = read(text)
    assert [r.data["type"] for r in records] == ["play"]
    assert warnings(records) == [(3, "CRIB-PEG-MISMATCH")]


@pytest.mark.parametrize("starter", ["The five of spades is cut.", "The turn-up is the five of spades.",
                                     "Starter: 5S.", "Alice turns up the five of spades."])
def test_the_starter_however_it_is_named(starter):
    text = f"Alice deals. Bob holds two fives, a knave and a ten. {starter}\n\nBob: \"Twenty.\"\n"
    records = read(text)
    assert [(r.data["starter"], r.tags["Score"]) for r in records] == [("5S", 20)]
    assert warnings(records) == []


def test_his_heels_checked_against_the_starter():
    text = ("Alice deals and cuts a jack: two for his heels. Bob holds two fives, a knave and a"
            " ten.\n\nBob: \"Fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten,"
            " fifteen twelve, and two pairs are sixteen.\"\n")
    assert warnings(read(text)) == []
    records = read(text.replace("cuts a jack", "cuts a queen"))
    heels = [d for r in records for d in r.diagnostics if "heels" in d.message]
    assert [(d.line, d.code) for d in heels] == [(1, "CRIB-COUNT-MISMATCH")]


def test_a_table_with_ditto_marks():
    text = ("Hands at cribbage\n\n"
            "Two fives, a knave and a ten, the five of spades turned up, count 20\n"
            'A pair of sevens, an eight and a queen, the five turned up    "  8\n'
            'Three kings and a five, the ace turned up                      "  12\n')
    records = read(text)
    assert [(r.tags["Stated"], r.tags["Score"]) for r in records] == [(20, 20), (8, 8), (12, 12)]
    assert warnings(records) == []
    assert warnings(read(text.replace('"  8', '"  9'))) == [(4, "CRIB-COUNT-MISMATCH")]


def test_no_cribbage_in_books_that_have_none():
    for path in [CORPUS / "chess" / "chess_strategy_pg5614.txt",
                 CORPUS / "whist" / "cavendish_on_whist_pg51039.txt",
                 CORPUS / "bridge" / "elwell_bridge_pg38000.txt", *sorted(SEEDS.glob("00[034]_*.txt"))]:
        text = need(path).read_text(encoding="utf-8-sig", errors="replace")
        assert told_records(text, str(path)) == [], path


def test_no_told_record_outside_the_cribbage_chapter_of_a_book_of_games():
    path = need(CORPUS / "whist" / "fosters_complete_hoyle_pg53881.txt")
    records = crib.scan_book(path.read_text(encoding="utf-8-sig"), str(path))
    assert [r.line for r in records if not 23830 <= r.line <= 24834] == []


PLAYED_BY_SPEAKERS = """THE PLAY OF A HAND

Alice deals. Bob holds the five, six and seven of hearts and the knave of clubs; Alice holds a
pair of sevens, an eight and the queen of clubs. The turn-up is the knave of hearts, and Alice
marks two for his heels.

Bob (playing the seven of hearts): "Seven."
Alice (playing a seven): "Fourteen and a pair, two."
Bob (playing the knave): "Twenty-four."
Alice (playing the seven): "Thirty-one for two."
Bob plays the six of hearts. "Six," he says.
Alice plays the eight. "Fourteen," she says.
Bob plays the five. "Nineteen."
Alice (playing the queen): "Twenty-nine, and one for last."

Bob counts: "Fifteen two, fifteen four, a pair is six, and a run of three is nine."
Alice: "Fifteen two, fifteen four, and a pair is six."
"""


def test_the_play_said_by_its_players_and_calls_after_the_card():
    records = read(PLAYED_BY_SPEAKERS)
    assert warnings(records) == []
    play = next(r for r in records if r.data["type"] == "play")
    assert [(n, c, t) for n, c, t, _ in play.data["called"]] == [
        ("bob", "7H", 7), ("alice", "7", 14), ("bob", "J", 24), ("alice", "7", 31),
        ("bob", "6H", 6), ("alice", "8", 14), ("bob", "5", 19), ("alice", "Q", 29)]
    assert sorted(r.tags["Score"] for r in records if r.data["type"] == "hand") == [6, 9]
    wrong = read(PLAYED_BY_SPEAKERS.replace("Thirty-one for two", "Thirty-one for eight"))
    assert warnings(wrong) == [(10, "CRIB-PEG-MISMATCH")]


def test_a_count_that_goes_on_in_words_not_read_is_never_valid():
    text = ('Bob holds two fives, a knave and a ten. The five of spades is cut.\n\n'
            'Bob: "Fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, fifteen'
            ' twelve, and a doublet royal is twenty."\n')
    records = read(text)
    assert [(d.line, d.code) for r in records for d in r.diagnostics if d.severity == "error"] == \
        [(3, "CRIB-UNREAD")]
    assert records[0].status == "needs_review"
