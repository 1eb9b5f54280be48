"""Vugraph-style archives break a deal's tags in consistent ways; each is one edit. Real deals
(the European Youth Teams 1998 file, every one of them consistent) are broken in each of those
ways, and every broken copy must come back repaired by the one edit, named, at its tag; two
breaks at once are not one edit and must be left for review."""
import re

import pytest

from conftest import CORPUS, need
from records.cards import pbn
from records.core.model import NEEDS_REVIEW, REPAIRED, VALID

SEATS = "NESW"


@pytest.fixture(scope="module")
def games():
    text = need(CORPUS / "bridge" / "eytc1998_vienna_80_boards.pbn").read_text(encoding="utf-8")
    return [g for g in re.split(r"\n\s*\n", text) if "[Deal" in g]


def _get(game, name):
    found = re.search(rf'\[{name} "([^"]*)"\]', game)
    return found.group(1) if found else None


def _set(game, name, value):
    return re.sub(rf'\[{name} "[^"]*"\]', f'[{name} "{value}"]', game)


def dealer_passes_left_out(game):
    found = re.search(r'\[Auction "[NESW]"\]\n((?:Pass\s+)+)', game)
    return game[:found.start(1)] + game[found.end(1):] if found else None


def auction_from_next_seat(game):
    return _set(game, "Auction", SEATS[(SEATS.index(_get(game, "Auction")) + 1) % 4])


def declarer_partner(game):
    seat = _get(game, "Declarer")
    return _set(game, "Declarer", SEATS[(SEATS.index(seat) + 2) % 4]) if seat in SEATS else None


def double_dropped(game):
    contract = _get(game, "Contract")
    return _set(game, "Contract", contract.rstrip("X")) if contract.endswith("X") else None


def defenders_tricks(game):
    result = _get(game, "Result")
    return _set(game, "Result", str(13 - int(result))) if result.isdigit() else None


BREAKS = {dealer_passes_left_out: ("Auction", "leaves out the opening pass"),
          auction_from_next_seat: ("Auction", "the auction starts with"),
          declarer_partner: ("Declarer", "declarer's partner"),
          double_dropped: ("Contract", "as the auction ends"),
          defenders_tricks: ("Result", "defenders' tricks")}


def _record(text):
    rec = pbn.read(text, "deals.pbn")[0]
    rec.settle_status()
    return rec


def test_the_deals_as_published_agree(games):
    assert len(games) == 40
    assert all(_record(g).status == VALID for g in games)


@pytest.mark.parametrize("breaking", list(BREAKS), ids=lambda f: f.__name__)
def test_each_break_is_repaired_by_its_one_edit_named_at_its_tag(games, breaking):
    tag, words = BREAKS[breaking]
    broken = [b for g in games if (b := breaking(g)) is not None]
    assert len(broken) >= 3
    for text in broken:
        rec = _record(text)
        assert rec.status == REPAIRED, [d.format() for d in rec.diagnostics]
        [fix] = [d for d in rec.diagnostics if d.code == "PBN-RECONCILED"]
        assert words in fix.message and rec.data["reconciled"]["tag"] == tag
        line = text.splitlines()[fix.line - 1]
        assert line.startswith(f"[{tag} "), (fix.line, line)
        assert not [d for d in rec.diagnostics if d.code in ("PBN-DECLARER", "PBN-LEADER",
                                                             "PBN-SCORE", "PBN-RESULT")]


def test_two_breaks_are_not_one_edit(games):
    for game in games[:10]:
        rec = _record(declarer_partner(defenders_tricks(game)))
        assert rec.status == NEEDS_REVIEW
        assert not [d for d in rec.diagnostics if d.code == "PBN-RECONCILED"]


def test_an_auction_that_leaves_out_the_dealers_pass_in_a_real_archive():
    path = need(CORPUS / "bridge" / "bridgebots_shared_deals_spingold.pbn")
    records = pbn.read(path.read_text(encoding="utf-8"), str(path))
    fixed = [d for rec in records for d in rec.diagnostics if d.code == "PBN-RECONCILED"]
    assert len(fixed) == 2 and all("opening pass of S" in d.message for d in fixed)


@pytest.mark.parametrize("turn", [1, 2, 3])
def test_hands_given_from_the_wrong_seat_are_seated_by_the_play(games, turn):
    """The Deal's first seat misnamed: every trick would be played from the wrong hands; with
    the hands seated one way only, every card is played from the hand holding it."""
    seated = 0
    for game in games:
        if game.count("\n", game.index("[Play")) < 6:
            continue   # a play of a trick or two fits more than one seating
        first = re.search(r'\[Deal "([NESW]):', game).group(1)
        moved = SEATS[(SEATS.index(first) + turn) % 4]
        rec = _record(game.replace(f'[Deal "{first}:', f'[Deal "{moved}:'))
        assert rec.status == REPAIRED, [d.format() for d in rec.diagnostics]
        [fix] = [d for d in rec.diagnostics if d.severity != "info"]
        assert fix.code == "PBN-RECONCILED" and rec.data["reconciled"]["tag"] == "Deal"
        assert rec.data["hands"] == _record(game).data["hands"]
        seated += 1
    assert seated >= 30
