"""Foster's Complete Hoyle (1914): trick tables with the winner underlined, two hands side by
side. Counted by hand in lines 3254-10160: bridge 2 (l. 3616), auction 2 (l. 3264), whist 4
(l. 6749, 6770), solo whist 2 (l. 9822), Scotch whist 1 (l. 10137, a 36-card pack of nine
tricks: not read). Hearts 2 tables (l. 20057, 20106) are read too."""
from functools import cache

from conftest import CORPUS, need
from records.cards import whist

FOSTER = CORPUS / "whist" / "fosters_complete_hoyle_pg53881.txt"


@cache
def tables():
    text = need(FOSTER).read_text(encoding="utf-8-sig")
    recs = [r for r in whist.scan_cards(text, str(FOSTER)) if r.data.get("type") == "deal"]
    for rec in recs:
        rec.settle_status()
    return {r.tags["Deal"]: r for r in recs}


def _alarms(rec):
    return [(d.line, d.code) for d in rec.diagnostics if d.severity != "info"]


def test_every_thirteen_trick_table_is_read_and_played_out():
    found = {k: r for k, r in tables().items() if not k.startswith("DIAGRAM")}
    whist_section = [k for k, r in found.items() if 3254 <= r.line <= 10160]
    assert whist_section == ["TABLE 3264a", "TABLE 3264b", "TABLE 3616a", "TABLE 3616b",
                             "TABLE 6749a", "TABLE 6749b", "TABLE 6770a", "TABLE 6770b",
                             "TABLE 9822a", "TABLE 9822b"]
    for rec in found.values():
        assert rec.data["tricks_played"] == 13 and len(rec.plies) == 52
        hands = rec.data["book_hands"] if rec.kind == "bridge" else rec.data["hands"]
        assert sorted(len(h) for h in hands.values()) == [13] * 4
    kinds = {k: r.kind for k, r in found.items() if 3254 <= r.line <= 10160}
    assert [k for k, kind in kinds.items() if kind == "bridge"] == \
        ["TABLE 3264a", "TABLE 3264b", "TABLE 3616a", "TABLE 3616b"]   # auction and bridge


def test_a_compass_of_four_hands_with_no_play_is_one_deal():
    """l. 5350: four hands around a framed square, Z turning up the ♡6 in the words above."""
    (deal,) = [r for k, r in tables().items() if k.startswith("DIAGRAM")]
    assert (deal.line, deal.kind, deal.status, deal.tags["TurnUp"]) == (5350, "whist", "valid", "H6")
    assert sorted(len(h) for h in deal.data["hands"].values()) == [13] * 4
    assert deal.data["hands"]["Z"][:3] == ["SJ", "ST", "S3"] and deal.data["tricks_played"] == 0
    assert deal.data["compass"] == {"Y": "N", "B": "E", "Z": "S", "A": "W"}


def test_trumps_and_leaders_from_the_text():
    found = tables()
    assert found["TABLE 3264a"].data["leader"] == "B"          # Y's declaration: B leads
    assert [found[f"TABLE 6749{s}"].data["turnup"] for s in "ab"] == ["H5", "HQ"]
    assert found["TABLE 9822a"].data["trump"] == "H"           # a solo in the turned suit
    assert found["TABLE 9822b"].data["trump"] is None          # a misère has no trumps
    assert found["TABLE 3616a"].data["trump"] is None          # no-trump declared


def test_the_books_faults_are_each_one_diagnostic():
    found = tables()
    flagged = {k: _alarms(r) for k, r in found.items() if _alarms(r)}
    assert flagged == {
        # the text never names the auction's trump, and its winners fit more than one strain
        # (the second table is "a nullo": no trumps, and it replays as such)
        "TABLE 3264a": [(3264, "WHIST-TRUMP")],
        "TABLE 6749a": [(6761, "WHIST-WINNER-MARK")],   # two cards underlined at trick 13
        "TABLE 6770a": [(6782, "WHIST-WINNER-MARK")],
        "TABLE 6749b": [(6760, "WHIST-REVOKE")],        # Y keeps the ace of clubs at trick 12
    }
    valid = [k for k, r in found.items() if r.status == "valid"]
    assert len(valid) == 11                             # the ten tables and the diagram at 5350
    assert [found[f"TABLE {t}"].data["trump"] for t in ("20057a", "20057b", "20106a", "20106b")] \
        == [None] * 4                                   # Hearts is played without trumps


def test_the_moves_are_the_cards_in_the_order_they_were_played():
    """The tables print each trick in seat order: the moves are the cards from each trick's
    leader, each with its own printed text (they were in seat order, with the text of the
    card so many places on from the leader: the king of diamonds printed as the six)."""
    checked = 0
    for rec in tables().values():
        if rec.status != "valid":
            continue
        played = [card for trick in rec.data["tricks"] for card in trick["cards"]]
        assert [p.normal for p in rec.plies] == played[:len(rec.plies)], rec.tags["Deal"]
        for ply in rec.plies:
            rank = ply.normal[1]
            assert (rank if rank != "T" else "10") in ply.text.replace("[", "").upper(), \
                (rec.tags["Deal"], ply)
        checked += 1
    assert checked >= 8
