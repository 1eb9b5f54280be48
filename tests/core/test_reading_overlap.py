"""Records of different kinds on the same lines: one that does not replay, lying wholly on the
lines of another kind's record that does, is that print misread and is no record."""
from records.core import reading
from records.core.model import ERROR, WARNING, Record

COMPASS = """\
                              Y
                           ♥ 10 7 3
                           ♣ 9 3
                           ♦ K Q 8 3 2
                           ♠ 9 8 3
             A                              B
          ♥ K 9 8 2                      ♥ J
          ♣ Q 2                          ♣ J 10 7 6 5 4
          ♦ J 7 5 4                      ♦ 9 6
          ♠ 10 7 6                       ♠ A J 4 2
"""


def _rec(kind, line, end, severity=None):
    rec = Record(kind=kind, title=kind, line=line, end_line=end)
    if severity:
        rec.add(severity, "X", "a fault", line, 1)
    return rec


def test_a_record_that_does_not_replay_inside_another_kinds_sound_record_is_dropped():
    deal, stray, own, apart = (_rec("whist", 2, 10), _rec("checkers", 2, 10, ERROR),
                               _rec("whist", 4, 6, ERROR), _rec("checkers", 9, 14, ERROR))
    kept = reading.unshadowed([deal, stray, own, apart])
    # the same kind's faults stay, and so does a record reaching past the sound one
    assert kept == [deal, own, apart]


def test_a_record_that_replays_is_never_dropped_and_a_warning_still_replays():
    a, b = _rec("chess", 1, 20), _rec("checkers", 5, 8)
    assert reading.unshadowed([a, b]) == [a, b]
    warned, stray = _rec("whist", 1, 20, WARNING), _rec("checkers", 5, 8, ERROR)
    assert reading.unshadowed([warned, b]) == [warned, b]      # both replay: both kept
    assert reading.unshadowed([warned, stray]) == [warned]     # a false claim is no misreading


def test_a_card_diagram_is_no_draughts_record_when_the_cards_read_it():
    found = reading.scan_book(COMPASS, "compass.txt")
    assert [(r.kind, r.data.get("type"), r.status) for r in found] == [("whist", "deal", "valid")]


PBN_NO_PLAY = ('[Event "Club game"]\n[Board "1"]\n[Dealer "S"]\n[Vulnerable "None"]\n'
               '[Deal "S:J82.KT54.AKQ.AQ3 653.72.9643.9872 AK74.QJ3.T82.K65 QT9.A986.J75.JT4"]\n'
               '[Declarer "S"]\n[Contract "3NT"]\n[Result "9"]\n')
PDN_NO_MOVES = '[Event "Problem"]\n[GameType "21"]\n[FEN "W:W18,K30:B6,7"]\n[Result "*"]\n'


def test_a_file_no_extension_names_holding_no_play_is_read_by_the_format_its_tags_name(tmp_path):
    """A PBN deal with no play (or a PDN position with no moves) saved as .txt replays no
    move in any reader: the tags only PBN (PDN) writes decide, not the first reader to try
    (it was read as a chess game of no moves, `valid`)."""
    for text, kind in ((PBN_NO_PLAY, "bridge"), (PDN_NO_MOVES, "checkers")):
        path = tmp_path / f"{kind}.txt"
        path.write_text(text, encoding="utf-8")
        assert [r.kind for r in reading.read_path(str(path))] == [kind]
