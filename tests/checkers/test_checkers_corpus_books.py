"""Checkers in four books of the corpus, counted by hand (by line) against what hoyle reads.

EB 1911 (l. 7879-8427): 3 games in 6-column tables with 3 lettered variation tables, and 2
problems printed as B/W/BB/WW diagrams with Black at the top. Foster's Hoyle (l. 30408-31645):
28 opening columns (25 named, 3 irregular) and 7 games in box tables, 4 positions drawn with
draughts glyphs and WHITE at the top, their solutions in single columns with variations.
Every Boy's Book (l. 29677-29898): 2 games, a ply per row, 53 plies each.
"""
import pytest

from conftest import CORPUS, need
from records.checkers.scan import scan_book
from records.core.model import ERROR, REPAIRED, VALID, WARNING

BOOKS = {
    "eb1911": ("checkers/eb1911_draughts_pg32783.txt", 7879, 8427),
    "boysown": ("checkers/boys_own_indoor_games_pg49415.txt", 7807, 8966),
    "foster": ("whist/fosters_complete_hoyle_pg53881.txt", 30408, 31645),
    "everyboy": ("chess/every_boys_book_pg42172.txt", 29677, 29898),
}


def _read(path) -> str:
    raw = path.read_bytes()
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


@pytest.fixture(scope="module", params=sorted(BOOKS))
def book(request):
    name, (rel, first, last) = request.param, BOOKS[request.param]
    path = need(CORPUS / rel)
    records = [r for r in scan_book(_read(path), str(path)) if first <= r.line <= last]
    return name, records


@pytest.fixture(scope="module")
def records_of():
    cache = {}

    def get(name):
        if name not in cache:
            rel, first, last = BOOKS[name]
            path = need(CORPUS / rel)
            cache[name] = [r for r in scan_book(_read(path), str(path))
                           if first <= r.line <= last]
        return cache[name]
    return get


def by_title(records, prefix=""):
    return {r.title: r for r in records if r.title.startswith(prefix)}


def test_every_record_replays_or_says_where_it_fails(book):
    _, records = book
    for rec in records:
        if rec.status in (VALID, REPAIRED):
            assert rec.plies and all(p.position for p in rec.plies), rec.title
        else:    # an error, or a warning no repair settles (several jump paths, two readings)
            severe = [d for d in rec.diagnostics if d.severity == ERROR
                      or d.severity == WARNING and not d.repair]
            assert severe and all(d.line >= rec.line - 200 and d.column >= 1 for d in severe), \
                rec.title
        assert any(d.code == "LAYOUT" for d in rec.diagnostics) or not rec.plies, rec.title


def test_eb1911_games_variations_and_problems(records_of):
    records = records_of("eb1911")
    games = by_title(records, "Game No.")
    # a variation or note holds the moves it shares with the line it leaves, and its own
    assert {t: (r.status, len(r.plies)) for t, r in games.items() if r.status == VALID} == {
        "Game No. 1, Ayrshire Lassie Opening": (VALID, 39),
        "Game No. 1, Ayrshire Lassie Opening, note a": (VALID, 2),
        "Game No. 1, Ayrshire Lassie Opening, note b": (VALID, 28 + 14),
        "Game No. 1, Ayrshire Lassie Opening, variation c": (VALID, 17 + 56),
        "Game No. 1, Ayrshire Lassie Opening, variation d": (VALID, 17 + 27),
        "Game No. 2, Kelso-Cross Opening": (VALID, 59),
        "Game No. 2, Kelso-Cross Opening, note b": (VALID, 9 + 1),
        "Game No. 2, Kelso-Cross Opening, note c": (VALID, 19 + 14),
        "Game No. 2, Kelso-Cross Opening, note d": (VALID, 22 + 20),
        "Game No. 2, Kelso-Cross Opening, note e": (VALID, 26 + 14),     # a letter in note d
        "Game No. 3, Dundee Opening": (VALID, 47),
        "Game No. 3, Dundee Opening, note b": (VALID, 12 + 20),
        "Game No. 3, Dundee Opening, variation c": (VALID, 16 + 30)}
    game1, var_c = games["Game No. 1, Ayrshire Lassie Opening"], \
        games["Game No. 1, Ayrshire Lassie Opening, variation c"]
    assert [p.normal for p in var_c.plies[:17]] == [p.normal for p in game1.plies[:17]]
    assert var_c.data["branch"] == {"parent": game1.title, "at_ply": 18}   # the move c} marks
    assert games["Game No. 2, Kelso-Cross Opening, note e"].data["branch"]["parent"] == \
        "Game No. 2, Kelso-Cross Opening, note d"
    # note a of game 3 lists alternatives (`27-24, 22-17, 23-19 or 22-18`): an error there
    [alternatives] = [d for d in games["Game No. 3, Dundee Opening, note a"].diagnostics
                      if d.severity == ERROR]
    assert (alternatives.line, alternatives.column) == (8242, 37)
    assert games["Game No. 2, Kelso-Cross Opening"].tags["Opening"] == "Kelso-Cross"
    assert {r.data["layout"] for t, r in games.items() if ", " not in t.split("Opening")[1]} == \
        {"down each column, then across"}
    problems = by_title(records, "Problem No.")
    assert {t: (r.status, len(r.plies)) for t, r in problems.items()} == {
        "Problem No. 1": (VALID, 21), "Problem No. 2": (VALID, 15),
        # `Var. I.` leaves the move numbered 1 (`1-24-20`), and so on; Var. I is a table,
        # II and III are prose; each record holds the shared moves and its own
        "Problem No. 1, Var. 1": (VALID, 33), "Problem No. 1, Var. 2": (VALID, 15),
        "Problem No. 1, Var. 3": (VALID, 11)}
    assert problems["Problem No. 1, Var. 3"].data["branch"]["parent"] == "Problem No. 1"
    first = problems["Problem No. 1"]
    assert first.start_position == "W:WK23,K27:B12,K28"     # First Position, White to move
    assert first.data["setup"]["orientation"] == "Black at the top"
    # `2-28-24`: the variation number 2 glued to the move 28-24
    assert [(p.text, p.normal) for p in first.plies[5:8]] == [
        ("2-28-24", "28-24"), ("32-28", "32-28"), ("1-24-20", "24-20")]
    paisley = records_of("eb1911")
    [formed] = [r for r in paisley if r.title.startswith("Paisley Opening")]
    assert (formed.status, len(formed.plies), formed.tags["Opening"]) == (VALID, 27, "Paisley")
    # 25 records, 19 valid; the 6 others (openings named in passing in the introduction with
    # their alternatives, `10-15 are 23-18, 22-18 and 21-17`, and note a of game 3) carry an
    # error where their reading stops
    assert (len(records), sum(r.status == VALID for r in records)) == (25, 19)


def test_foster_openings_games_and_positions(records_of):
    records = records_of("foster")
    openings = [r for r in records if "Opening" in r.tags]
    assert len(openings) == 28 and all(r.status == VALID for r in openings)
    assert {r.data["layout"] for r in openings} == {"each column on its own, top to bottom"}
    named = {r.title: r for r in openings}
    assert " ".join(p.normal for p in named["White Dyke"].plies) == "11-15 22-17 8-11 17-14"
    assert {"Will o\u2019 the Wisp", "Irregular Openings (3)"} <= set(named)
    games = [r for r in records if ", Game " in r.title]
    assert [len(r.plies) for r in games] == [23, 23, 15, 12, 16, 14, 26]
    assert all(r.status == VALID and r.tags["Result"] in ("1-0", "0-1") for r in games)
    positions = {r.title: r for r in records if r.title.split(",")[0].endswith("Position")}
    assert len(positions) == 12
    assert {r.status for r in positions.values()} == {VALID, REPAIRED}
    assert all(r.data["setup"]["orientation"] == "White at the top"
               for r in positions.values() if "branch" not in r.data)
    first = positions["First Position"]
    assert first.start_position == "B:WK8,30:B22,27"
    [fix] = [d for d in first.diagnostics if d.code == "CHECKERS-REPAIRED"]
    assert (fix.line, fix.column, fix.suggestion) == (30874, 5, 'read "14-10"')   # `14-13`
    assert positions["First Position, Var. B"].data["branch"]["parent"] == "First Position, Var. A"


def test_every_boys_book_games(records_of):
    records = records_of("everyboy")
    assert [(r.title, r.status, len(r.plies)) for r in records] == [
        ("GAME I", VALID, 53), ("GAME II", VALID, 53)]
    assert [r.tags["Result"] for r in records] == ["1-0", "1/2-1/2"]   # White loses; Drawn
    assert all(r.data["layout"] == "row by row" for r in records)


def test_boys_own_known_misprints_are_named(records_of):
    """The README's impossible moves, each named where it is printed."""
    records = records_of("boysown")
    where = {(d.line, d.code) for r in records for d in r.diagnostics}
    assert {(8725, "CHECKERS-REPAIRED"),      # `20 19`: 28x19
            (8801, "CHECKERS-ILLEGAL"),       # `1?-16`
            (8863, "CHECKERS-REPAIRED"),      # `22 to 19`: 22-17
            (8871, "CHECKERS-REPAIRED"),      # `27 to 17`, two misprints in one game
            (8753, "CHECKERS-ILLEGAL")} <= where   # `11-18`, where the first copy has `11  8`


def test_boys_own_ply_numbered_tables(records_of):
    """3 tables of 7 columns (the key game and 6 variations each), rows counting plies; the
    first table carries on the game printed in prose above it."""
    records = records_of("boysown")
    tables = [r for r in records if r.title.startswith((
        "THE OLD FOURTEENTH", "OLD FOURTEENTH, game at line 8708",
        "THE SINGLE CORNER GAME, game at line 8794"))]
    assert len(tables) == 21
    old = by_title(records_of("boysown"), "THE OLD FOURTEENTH")
    key = old["THE OLD FOURTEENTH"]
    # the key game: the 12 plies of the prose game above, then the table's 34 from row 13
    assert key.status == VALID and len(key.plies) == 12 + 34 and key.plies[12].line == 8539
    assert old["THE OLD FOURTEENTH, variation 2"].data["branch"]["at_ply"] == 12  # row 12
    # the three that need review: `11-18` (l. 8753), `1?-16` (l. 8801), and `10-26`, which
    # two jump paths fit (l. 8819)
    assert sum(r.status in (VALID, REPAIRED) for r in tables) == 18
    assert old["THE OLD FOURTEENTH, variation 2"].tags["Result"] == "0-1"   # white wins


def test_boys_own_table_of_openings(records_of):
    """14 named openings, one a row read across; `Second Double / Corner` over two rows."""
    rows = {r.title: r for r in records_of("boysown") if r.data["layout"] == "each row on its own"}
    assert len(rows) == 14 and all(r.status == VALID for r in rows.values())
    assert " ".join(p.normal for p in rows["Second Double Corner"].plies) == "11-15 24-19"
    assert " ".join(p.normal for p in rows["Fife"].plies) == "11-15 23-19 9-14 22-17 5-9"
    assert rows["Fife"].tags["Opening"] == "Fife"


@pytest.mark.parametrize("rel", ["bridge/elwell_bridge_pg38000.txt",
                                 "whist/cavendish_on_whist_pg51039.txt"])
def test_no_checkers_in_books_of_other_games(rel):
    """Scores and card numbers in prose (`10-4`, `3 to 2`) are not moves: no record at all."""
    path = need(CORPUS / rel)
    assert scan_book(_read(path), str(path)) == []
