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
