"""Enquire Within (1894), section 85: 44 hands counted in words, one a line, with ditto marks.
Counted by hand from lines 3918-3969: 37 hands named card by card, 2 rules given with an
example, 5 rules that name no cards. The two misprints the corpus README lists are reported,
nothing else is."""
from functools import cache

from conftest import CORPUS, need
from records.cribbage import engine
from records.cribbage.counted_lists import _ranks

ENQUIRE = CORPUS / "cribbage" / "enquire_within_pg10766.txt"


@cache
def counted():
    text = need(ENQUIRE).read_text(encoding="latin-1")
    recs = [r for r in engine.scan_book(text, str(ENQUIRE)) if 3918 <= r.line <= 3969]
    for rec in recs:
        rec.settle_status()
    return recs


def test_all_44_counts_are_found_one_record_each():
    recs = counted()
    assert len(recs) == 44
    assert len({r.line for r in recs}) == 44
    rules = [r for r in recs if r.data["type"] == "rule"]
    assert [r.line for r in rules] == [3963, 3966, 3967, 3968, 3969]
    assert all(r.status == "needs_review" for r in rules)


def test_the_two_misprints_and_nothing_else():
    flagged = {r.line: [(d.line, d.code) for d in r.diagnostics if d.severity != "info"]
               for r in counted() if r.data["type"] != "rule" and r.status != "valid"}
    assert flagged == {3929: [(3931, "CRIB-BREAKDOWN")],          # 16-4 for 15-4
                       3960: [(3962, "CRIB-COUNT-MISMATCH")]}     # J Q K K is 8, not 6
    ragged = next(r for r in counted() if r.line == 3929)
    assert ragged.data["count"]["total"] == 13
    assert next(d for d in ragged.diagnostics if d.code == "CRIB-BREAKDOWN").suggestion == "15-4"
    assert sum(r.status == "valid" for r in counted()) == 37


def test_rank_words_with_quantities():
    assert _ranks("Two sevens, two eights, and a nine") == [7, 7, 8, 8, 9]
    assert _ranks("Two aces, two twos, and a three") == [1, 1, 2, 2, 3]
    assert _ranks("Two tenth cards (not a pair) and two fives") == [10, 11, 5, 5]
    assert _ranks("Three fives and a tenth card") == [5, 5, 5, 13]
    assert _ranks("knave, queen, and two kings") == [11, 12, 13, 13]
    assert _ranks("Two sevens and a pie") == []


OTHER_GAMES = ["chess/chess_strategy_pg5614.txt", "chess/every_boys_book_pg42172.txt",
               "checkers/eb1911_draughts_pg32783.txt", "checkers/boys_own_indoor_games_pg49415.txt",
               "whist/cavendish_on_whist_pg51039.txt", "bridge/elwell_bridge_pg38000.txt"]


def test_books_of_other_games_give_no_cribbage():
    """Lists and drawings are looked for everywhere, yet the chess, draughts, whist and bridge
    books (their trick tables drawn in suit signs, their counts of honours) give no cribbage
    record."""
    for name in OTHER_GAMES:
        raw = need(CORPUS / name).read_bytes()
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = raw.decode("latin-1")
        assert engine.scan_book(text, name) == [], name


def test_a_list_is_cribbage_when_its_counts_are():
    """Outside a chapter about cribbage: two hands whose counts the scorer gives make a list;
    one line ending in "count 4" does not."""
    lines = ["Examples.", "",
             "Two sevens, two eights, and a nine count 24",
             "Two eights, a seven, and two nines    \"  20", ""]
    recs = engine.scan_book("\n".join(lines) + "\n", "list.txt")
    assert [(r.line, r.tags["Score"], r.tags["Stated"]) for r in recs] == [(3, 24, 24), (4, 20, 20)]
    alone = engine.scan_book("The honours, ace, king, queen and knave count 4\n", "whist.txt")
    assert alone == []
