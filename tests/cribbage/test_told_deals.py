"""A deal told whole in dialogue: six cards dealt and two laid out for the crib, the play said
by its players, the hands shown again by their ranks and counted; and the honesty of a play
whose cards are not all read."""
import pytest

from records.cribbage import engine as crib
from records.cribbage.told_calls import pegging_call
from records.cribbage.told_words import lex


def read(text):
    records = crib.scan_book(text, "told.txt")
    for rec in records:
        rec.settle_status()
    return records


def problems(records):
    return [(d.line, d.code) for r in records for d in r.diagnostics if d.severity != "info"]


def hands(records):
    return [(r.data.get("owner") or ("crib" if r.data.get("crib") else ""), " ".join(r.data["hand"]),
             r.data["starter"], r.tags["Score"], r.status) for r in records if r.data["type"] in ("hand", "crib")]


SIX_DEALT = """Bob holds the four of spades, the four of diamonds, the six of clubs, the seven of
diamonds, the king of clubs and the ace of diamonds.

BOB. I lay out the king of clubs and the ace of diamonds.

The five of spades is cut.

BOB. Fifteen two, fifteen four, fifteen six, and a double run of four is sixteen.
"""


def test_six_cards_dealt_and_two_laid_out_leave_the_hand_of_four():
    records = read(SIX_DEALT)
    assert hands(records) == [("bob", "4S 4D 6C 7D", "5S", 16, "valid")]
    assert problems(records) == []
    wrong = read(SIX_DEALT.replace("is sixteen", "is eighteen"))
    assert problems(wrong) == [(8, "CRIB-COUNT-MISMATCH")]
    kept = read(SIX_DEALT.replace("BOB. I lay out the king of clubs and the ace of diamonds.\n", ""))
    assert hands(kept) == []              # six cards are never counted as a hand


@pytest.mark.parametrize("text", [
    "Bob is dealt 5H 6H 7H 8D JC KS, discards 8D KS. The starter is 4C. Bob counts fifteen two,"
    " fifteen four, a run of four is eight and one for his nob, nine.\n",
    "Bob: dealt 5H 6H 7H 8D JC KS, discards 8D KS\nStarter: 4C\nBob: fifteen two, fifteen four,"
    " a run of four is eight and one for his nob, nine.\n",
    "Bob holds 5H 6H 7H 8D JC KS and throws 8D KS into the crib. The starter is 4C. Bob counts"
    " fifteen two, fifteen four, a run of four is eight and one for his nob, nine.\n",
    "Bob, holding 5H 6H 7H 8D JC KS, discards 8D KS. The starter is 4C. Bob counts fifteen two,"
    " fifteen four, a run of four is eight and one for his nob, nine.\n",
    "Bob's hand is 5H 6H 7H 8D JC KS; he lays out 8D KS. The starter is 4C. Bob counts fifteen two,"
    " fifteen four, a run of four is eight and one for his nob, nine.\n",
    "Bob holds the five, six and seven of hearts, the eight of diamonds, the knave of clubs and the"
    " king of spades, and gives the eight and the king to the crib. The starter is the four of clubs."
    " Bob counts fifteen two, fifteen four, a run of four is eight and one for his nob, nine.\n",
])
def test_discards_told_in_letters_and_words(text):
    records = read(text)
    assert hands(records) == [("bob", "5H 6H 7H JC", "4C", 9, "valid")]


PLAYED_THROUGH = """Alice deals six cards to each. Alice holds the five and six of hearts, the
seven of clubs, the knave of diamonds, the queen of spades and the two of clubs. Bob holds the
four of spades, the four of diamonds, the six of clubs, the seven of diamonds, the king of clubs
and the ace of diamonds.

ALICE. I shall lay out the queen of spades and the two of clubs.

BOB. And I the king of clubs and the ace of diamonds.

The five of spades is cut.

BOB (playing the four of spades). "Four."

ALICE (playing the five of hearts). "Nine."

BOB (playing the six of clubs). "Fifteen two, and a run of three, five."

ALICE (playing the seven of clubs). "Twenty-two, and a run of four, four."

BOB (playing the four of diamonds). "Twenty-six, and a run of four, four."

ALICE. "Go."

BOB. I cannot play either. "One for the go."

ALICE (playing the six of hearts). "Six."

BOB (playing the seven of diamonds). "Thirteen."

ALICE (playing the knave of diamonds). "Twenty-three, and one for last."

BOB. Four, four, six, seven and the five: fifteen two, fifteen four,
fifteen six, and a double run of four is sixteen.

ALICE. Five, six, seven, knave and the five: fifteen two, fifteen four,
and a double run of three is twelve. And in my crib, the queen of spades,
the two of clubs, the king of clubs and the ace of diamonds with the five:
fifteen two, fifteen four.
"""


def test_a_deal_played_through_in_dialogue_gives_its_hands_crib_and_play_checked():
    records = read(PLAYED_THROUGH)
    assert problems(records) == []
    assert hands(records) == [("bob", "4S 4D 6C 7D", "5S", 16, "valid"),
                              ("alice", "5H 6H 7C JD", "5S", 12, "valid"),
                              ("crib", "QS 2C KC AD", "5S", 4, "valid")]
    play = next(r for r in records if r.data["type"] == "play")
    assert play.status == "valid"
    assert [c for _, c, _, _ in play.data["called"]] == ["4S", "5H", "6C", "7C", "4D", "go", None,
                                                         "6H", "7D", "JD"]
    wrong = read(PLAYED_THROUGH.replace('"Thirteen."', '"Fourteen."'))
    assert problems(wrong) == [(28, "CRIB-CALL-MISMATCH")]


def test_a_speaker_and_his_play_in_a_parenthesis_then_a_period():
    text = ('Bob (playing the four of spades). "Four."\nAlice (playing the five of hearts). "Nine."\n'
            'Bob (playing the six of clubs). "Fifteen and a run of three, five."\n')
    records = read(text)
    assert [r.data["type"] for r in records] == ["play"] and problems(records) == []
    assert [(n, c, t, p) for n, c, t, p in records[0].data["called"]] == [
        ("bob", "4S", 4, None), ("alice", "5H", 9, None), ("bob", "6C", 15, 5)]


@pytest.mark.parametrize("text, points, expects", [
    ("Fifteen two and a run of three is five", 5, ["fifteens", "runs"]),
    ("Fifteen two, and a run of three, five", 5, ["fifteens", "runs"]),
    ("Fifteen two and a pair is four", 4, ["fifteens", "pairs"]),
    ("Fifteen two", 2, ["fifteens"]),
])
def test_fifteen_two_and_more_is_the_points_said_last(text, points, expects):
    call = pegging_call(lex(text, 1, 1), 0)
    assert (call.total, call.points, call.expects) == (15, points, expects)


def test_fifteen_two_and_a_run_called_in_the_play_is_checked_not_misread():
    text = 'Bob plays a four, "Four"; Alice a five, "Nine"; Bob a six, "Fifteen two and a run of three is five".\n'
    assert problems(read(text)) == []
    wrong = read(text.replace("is five", "is seven"))
    assert problems(wrong) == [(1, "CRIB-PEG-MISMATCH")]


PLAY_ON_ONE_LINE = ('Bob plays the four of spades, "Four"; Alice the five of hearts, "Nine"; Bob the six of'
                    ' clubs, "Fifteen and a run of three, five"; Alice the seven of clubs, "Twenty-two, and a'
                    ' run of four, four"; Bob the four of diamonds, "Twenty-six, and a run of four, four";'
                    ' Alice, "Go"; Bob, "One for the go"; Alice the six of hearts, "Six"; Bob the seven of'
                    ' diamonds, "Thirteen"; Alice the knave of diamonds, "Twenty-three, and one for last".\n')


def test_a_play_on_one_long_line_reads_to_its_last_card():
    records = read(PLAY_ON_ONE_LINE)
    assert len(PLAY_ON_ONE_LINE) > 400 and problems(records) == []
    assert records[0].title.endswith(" 7D JD") and records[0].status == "valid"


def test_a_card_printed_in_the_play_but_not_read_as_played_is_never_valid():
    text = PLAY_ON_ONE_LINE.replace('Alice the knave of diamonds, "Twenty-three, and one for last"',
                                    'Alice the knave of diamonds, and she pegs')
    records = read(text)
    assert records[0].status != "valid"
    unread = [(d.line, d.column, d.code) for d in records[0].diagnostics if d.severity == "error"]
    assert unread == [(1, text.index("the knave of diamonds") + 1, "CRIB-UNREAD")]


def test_a_play_said_in_a_parenthesis_that_names_no_card_read_is_never_valid():
    text = ('Bob (playing the four of spades). "Four."\nAlice (playing the five of hearts). "Nine."\n'
            'Bob (playing the sixth card). "Fifteen."\n'
            'Alice (playing the seven of clubs). "Twenty-two."\n')
    records = read(text)
    assert [r.status for r in records] == ["needs_review"]
    assert [(d.line, d.code) for d in records[0].diagnostics if d.severity == "error"] == [(3, "CRIB-UNREAD")]
