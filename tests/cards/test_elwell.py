"""Elwell's Bridge (1906): 12 illustrative hands, compass diagrams and trick tables with the
winner tagged <f>..</f>, read by the general trick-table reader (no layout of this book is
coded): each deal is read once, as bridge (the text declares no-trump, names the dealer).
The three errors the corpus README lists, and a fourth broken tag it does not, each get
exactly one diagnostic; everything else replays."""
from functools import cache

from conftest import CORPUS, need
from records.cards import whist

ELWELL = CORPUS / "bridge" / "elwell_bridge_pg38000.txt"


def _text():
    return need(ELWELL).read_text(encoding="utf-8", errors="replace")


@cache
def deals():
    return [r for r in whist.scan_cards(_text(), str(ELWELL)) if r.data.get("type") == "deal"]


def _alarms(rec):
    return [(d.line, d.code) for d in rec.diagnostics if d.severity != "info"]


def test_all_twelve_hands_are_read_and_played_out():
    found = deals()
    assert [r.tags["Deal"] for r in found] == [f"HAND {n}" for n in range(1, 13)]
    for rec in found:
        assert rec.kind == "bridge"
        assert sorted(len(h) for h in rec.data["book_hands"].values()) == [13, 13, 13, 13]
        assert any(d.code == "LAYOUT" and "in seat order (A Y B Z), marks on the winner"
                   in d.message for d in rec.diagnostics)
        assert rec.data["tricks_played"] == 13 and len(rec.plies) == 52
    assert [r.data["trump"] for r in found] == [None] * 5 + ["H", "D"] + [None] * 5


def test_each_printed_error_is_one_diagnostic_and_nothing_else():
    found = {r.tags["Deal"]: r for r in deals()}
    flagged = {k: _alarms(r) for k, r in found.items() if _alarms(r)}
    assert flagged == {
        "HAND 2": [(2323, "WHIST-CARD-REPAIRED")],    # 4[C] for Y's 4 of spades
        "HAND 5": [(2508, "WHIST-WINNER-MARK")],      # <f>[H]A</f : the README misses it
        "HAND 8": [(2712, "WHIST-WINNER-MARK")],      # f>10[D]</f
        "HAND 12": [(2963, "WHIST-CARD-REPAIRED")],   # 8[S] twice, the 6 of spades meant
    }
    assert "6♠" in next(d for d in found["HAND 12"].diagnostics if d.severity != "info").message
    assert "4♠" in next(d for d in found["HAND 2"].diagnostics if d.severity != "info").message
    statuses = [r.status for r in deals()]
    assert statuses.count("valid") == 8 and statuses.count("repaired") == 4


def test_the_dealers_tricks_and_the_winner_marks_are_checked():
    text = _text()
    first = text.index("The dealer wins ten tricks.")
    wrong = text[:first] + "The dealer wins nine tricks." + text[first + 27:]
    rec = next(r for r in whist.scan_cards(wrong, "x.txt") if r.data.get("type") == "deal")
    assert [d.code for d in rec.diagnostics if d.severity != "info"] == ["WHIST-RESULT"]
    # move hand 1's last winner tag to a card that does not win
    last = text.index("|  13   |    [H]10      |       5[D]    |    [H]A       |    <f>A[D]</f>|")
    moved = text[:last] + "|  13   | <f>[H]10</f>  |       5[D]    |    [H]A       |       A[D]    |" \
        + text[last + 74:]
    rec = next(r for r in whist.scan_cards(moved, "x.txt") if r.data.get("type") == "deal")
    assert [d.code for d in rec.diagnostics if d.severity != "info"] == ["WHIST-LEADER"]
