"""Whist deals through PBN: hoyle writes a whist deal as a PBN game with tags of its own and
reads it back as the same whist deal, replayed by the whist rules (it was read back as a
bridge deal without a contract: trumps lost, the tricks won by other cards, revokes and
cards not held reported that the book never printed). Real deals: Cavendish on Whist."""
import copy
from functools import cache

import pytest

from conftest import CORPUS, need
from records.archive import Archive, Query
from records.archive.export import write_stream
from records.cards import pbn, whist
from records.core.reading import read_path

CAVENDISH = CORPUS / "whist" / "cavendish_on_whist_pg51039.txt"


@cache
def book_deals():
    recs = [r for r in whist.scan_cards(need(CAVENDISH).read_text(encoding="utf-8-sig"),
                                        str(CAVENDISH)) if r.data.get("type") == "deal"]
    for rec in recs:
        rec.settle_status()
    return recs


def exported(tmp_path, records):
    """The records as `hoyle export --format pbn` writes them, and the file."""
    archive = Archive(str(tmp_path / "book.db"))
    archive.import_records(str(CAVENDISH), records)
    path = tmp_path / "deals.pbn"
    with open(path, "w", encoding="utf-8") as out:
        write_stream(archive, Query(kind="whist"), "pbn", out)
    archive.close()
    return path


def test_whist_deals_read_back_as_the_same_whist_deals(tmp_path):
    deals = book_deals()
    assert len(deals) >= 35
    path = exported(tmp_path, deals)
    back = read_path(str(path))
    assert [r.kind for r in back] == ["whist"] * len(deals)
    for before, after in zip(deals, back):
        after.settle_status()
        assert [p.normal for p in after.plies] == [p.normal for p in before.plies]
        assert after.title == before.title and after.status == before.status
        for key in ("variant", "trump", "turnup", "dealer", "leader", "hands", "score_before",
                    "claim", "tricks_played", "honours", "points"):
            assert after.data.get(key) == before.data.get(key), (before.title, key)
        assert {k: v for k, v in after.tags.items() if not k.startswith(("Hoyle", "_"))} == \
            {k: v for k, v in before.tags.items() if not k.startswith("_")}


def test_a_deal_drawn_with_its_first_seat_south_reads_back_with_its_seats(tmp_path):
    """A compass diagram may put A at South: the seats are written at their compass points
    and [HoyleSeats] keeps their order, so A, Y, B, Z and their hands come back as they were."""
    deal = next(r for r in book_deals() if r.status == "valid")
    turned = copy.deepcopy(deal)
    turned.data["compass"] = {"A": "S", "Y": "W", "B": "N", "Z": "E"}
    text = exported(tmp_path, [turned]).read_text(encoding="utf-8")
    assert '[North "B"]' in text and '[HoyleSeats "A Y B Z"]' in text
    back = read_path(str(tmp_path / "deals.pbn"))[0]
    back.settle_status()
    assert back.status == "valid" and back.data["seats"] == deal.data["seats"]
    assert back.data["hands"] == deal.data["hands"]
    assert [p.normal for p in back.plies] == [p.normal for p in deal.plies]


def test_a_card_changed_in_the_file_is_found_at_its_line_and_column(tmp_path):
    deal = next(r for r in book_deals() if r.status == "valid" and len(r.plies) >= 40)
    text = exported(tmp_path, [deal]).read_text(encoding="utf-8")
    lines = text.split("\n")
    row = lines.index(f'[Play "{_compass(deal)}"]') + 3          # the third trick's row
    first = lines[row].split(" ")[0]
    lines[row] = lines[row].replace(first, _card_not_in(lines[row], deal), 1)
    edited = tmp_path / "edited.pbn"
    edited.write_text("\n".join(lines), encoding="utf-8")
    rec = read_path(str(edited))[0]
    rec.settle_status()
    assert rec.kind == "whist" and rec.status != "valid"
    found = [(d.code, d.line, d.column) for d in rec.diagnostics if d.severity != "info"]
    assert found and found[0][1:] == (row + 1, 1), found
    assert found[0][0].startswith("WHIST-"), found


def test_an_import_of_whist_takes_the_whist_deals_of_a_pbn_file(tmp_path):
    path = exported(tmp_path, book_deals()[:5])
    assert [r.kind for r in read_path(str(path), ["whist"])] == ["whist"] * 5
    assert read_path(str(path), ["bridge"]) == []
    bridge = need(CORPUS / "bridge" / "eytc1998_vienna_80_boards.pbn")
    assert read_path(str(bridge), ["whist"]) == []


def test_a_bridge_game_is_not_taken_for_whist():
    text = need(CORPUS / "bridge" / "eytc1998_vienna_80_boards.pbn").read_text(encoding="utf-8")
    assert {r.kind for r in pbn.read(text, "vienna.pbn")} == {"bridge"}
    marked = text.replace("[Board ", '[HoyleKind "bridge"]\n[Board ', 1)
    assert {r.kind for r in pbn.read(marked, "vienna.pbn")} == {"bridge"}


def _compass(deal) -> str:
    """The compass seat of the deal's first leader as the export writes it (A-Y-B-Z: N-E-S-W)."""
    return "NESW"[deal.data["seats"].index(deal.data["tricks"][0]["leader"])]


def _card_not_in(row: str, deal) -> str:
    """A card the trick's first player does not hold (another seat's)."""
    seats = deal.data["seats"]
    first_seat = seats["NESW".index(_compass(deal))]
    other = seats[(seats.index(first_seat) + 2) % 4]
    return next(c for c in sorted(deal.data["hands"][other]) if c not in row)


if __name__ == "__main__":
    pytest.main([__file__])


def test_a_single_whist_hand_reads_back_as_the_same_hand(tmp_path):
    """A hand printed alone (`Hand: ♥ K Q 6 4 3 ♣ A 5 4 ...`) is a PBN deal of one hand marked
    [HoyleKind "whist"]: read back it is the whist hand again (it was a bridge deal of one
    hand, no cards played), its cards in PBN's suit order."""
    book = tmp_path / "hands.txt"
    book.write_text("HANDS.\n\nHand: ♥ K Q 6 4 3 ♣ A 5 4 ♦ K 10 3 2 ♠ 8\n", encoding="utf-8")
    (hand,) = read_path(str(book))
    archive = Archive(str(tmp_path / "hands.db"))
    archive.import_records(str(book), [hand])
    path = tmp_path / "hands.pbn"
    with open(path, "w", encoding="utf-8") as out:
        write_stream(archive, Query(kind="whist"), "pbn", out)
    archive.close()
    (back,) = read_path(str(path))
    assert (back.kind, back.title, back.data["type"]) == ("whist", hand.title, "hand")
    assert back.tags["Hand"] == hand.tags["Hand"] == "8.KQ643.KT32.A54"
    assert sorted(p.normal for p in back.plies) == sorted(p.normal for p in hand.plies)
    assert back.settle_status() == "valid"
