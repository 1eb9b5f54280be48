"""PGN round trips as properties: read -> write -> read gives the same records, and write ->
read -> write the same bytes, over seeded random games holding everything PGN allows (comments
over lines, NAGs, nested variations, set-ups, odd tags, results in the tags, the movetext,
both or neither) and over the corpus; python-chess, reading the file and its export, finds
the same tags, moves, comments, NAGs and variations. Damage (a comment, variation or tag
never closed) is named at its line and column and never takes the next game."""
import io

import chess.pgn
import pytest

from records.chess import pgn, pgn_fast
from records.core.model import ERROR, WARNING

from conftest import CORPUS, need
from pgn_generator import random_pgn


def own(tags: dict) -> dict:
    return {k: v for k, v in tags.items() if not k.startswith("Hoyle")}


def same_record(a, b) -> list[str]:
    """What differs between a record and the one read back from its export."""
    out = []
    for what, x, y in (
            ("tags", list(own(a.tags).items()), list(own(b.tags).items())),
            ("hoyle tags", {k: v for k, v in a.tags.items() if k.startswith("Hoyle")},
             {k: v for k, v in b.tags.items() if k.startswith("Hoyle") and k not in (
                 "HoyleSource", "HoyleLine", "HoyleTitle")}),
            ("plies", [(p.text, p.normal) for p in a.plies], [(p.text, p.normal) for p in b.plies]),
            ("start", a.start_position, b.start_position),
            ("status", a.settle_status(), b.settle_status()),
            ("title", a.title, b.title),
            ("notes", {k: a.data.get(k) for k in ("movetext", "termination", "annotations",
                                                   "nags", "variations")},
             {k: b.data.get(k) for k in ("movetext", "termination", "annotations", "nags",
                                          "variations")}),
            ("diagnostics", [(d.severity, d.code, d.message, d.suggestion, d.repair)
                             for d in a.diagnostics],
             [(d.severity, d.code, d.message, d.suggestion, d.repair) for d in b.diagnostics]),
            ("provenance", (a.source.rsplit("/", 1)[-1], str(a.line)),
             (b.tags.get("HoyleSource"), b.tags.get("HoyleLine")))):
        if x != y:
            out.append(f"{what}: {x!r} != {y!r}")
    return out


def round_trip(text: str, name: str):
    records = pgn.read(text, name)
    written = pgn.write(records)
    again = pgn.read(written, "export.pgn")
    assert len(again) == len(records)
    for a, b in zip(records, again):
        assert same_record(a, b) == [], a.title
    assert pgn.write(again) == written
    return records, written


def python_chess_games(text: str) -> list:
    handle, out = io.StringIO(text), []
    while (game := chess.pgn.read_game(handle)) is not None:
        out.append(game)
    return out


def python_chess_agrees(text: str, written: str) -> None:
    """Headers (but hoyle's), the main line, comments, NAGs and variations, as python-chess
    reads the file and the export."""
    before, after = python_chess_games(text), python_chess_games(written)
    assert len(before) == len(after)
    for x, y in zip(before, after):
        assert dict(x.headers) == own(dict(y.headers))
        assert x.accept(chess.pgn.StringExporter(headers=False)) == \
            y.accept(chess.pgn.StringExporter(headers=False))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_annotated_games_round_trip(seed):
    text = random_pgn(120, seed)
    records, written = round_trip(text, "random.pgn")
    python_chess_agrees(text, written)
    assert sum("movetext" in r.data for r in records) > 50      # the generator's range
    assert any(r.data.get("variations") for r in records)
    assert any("\n" in r.data.get("movetext", "") and "{" in r.data["movetext"] for r in records)
    assert any("" in r.tags.values() for r in records)


def test_the_same_through_python_chess_alone(monkeypatch):
    monkeypatch.setattr(pgn_fast, "_compiled", False)
    text = random_pgn(60, 4)
    _, written = round_trip(text, "random.pgn")
    python_chess_agrees(text, written)


def test_tags_and_movetext_are_written_as_read():
    text = ('[White ""]\n[Event "E"]\n[Source "the club\'s book"]\n[Opening "My name"]\n'
            '[ECO "Z99"]\n[SetUp "0"]\n[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq'
            ' - 0 1"]\n\n1.e4 e5 {a comment\nover two lines} 2.Nf3 $1 (2.f4 exf4) Nc6 1-0\n')
    (rec,) = pgn.read(text, "own.pgn")
    written = pgn.write([rec])
    head, movetext = written.split("\n\n", 1)
    assert head.split("\n")[:7] == text.split("\n\n")[0].split("\n")
    assert movetext == "1.e4 e5 {a comment\nover two lines} 2.Nf3 $1 (2.f4 exf4) Nc6 1-0\n\n"
    assert '[HoyleOpening "King\'s Knight Opening: Normal Variation"]' in head
    assert "Annotations" not in written and "PGNOpening" not in written


def test_a_result_printed_only_at_the_end_of_the_moves_comes_back():
    (rec,) = pgn.read('[Event "E"]\n\n1. e4 e5 0-1\n', "r.pgn")
    written = pgn.write([rec])
    assert "[Result" not in written and written.endswith("\n1. e4 e5 0-1\n\n")
    (rec,) = pgn.read('[Event "E"]\n[Result "1-0"]\n\n1. e4 e5\n', "r.pgn")
    assert pgn.write([rec]).endswith("\n1. e4 e5 1-0\n\n")   # no marker printed: the tag's


@pytest.mark.parametrize("name", ["book_games_pgn_counterparts.pgn", "twic0920.pgn"])
def test_corpus_files_round_trip(name):
    """Every game of the corpus's PGN files (twic0920: 2,245 games, a few seconds)."""
    text = need(CORPUS / "chess" / name).read_text(encoding="utf-8")
    records, written = round_trip(text, name)
    sample = "\n\n".join(text.split("\n\n[")[:200])   # python-chess reads a sample
    python_chess_agrees(sample, pgn.write(pgn.read(sample, name)))
    assert len(records) == text.count("[Event ")


# -- damage is named and stays where it is --------------------------------------------------
DAMAGED = """[Event "A"]
[White "x]

1. e4 {never closed e5 2. Nf3

[Event "B"]

1. d4 (1. c4 d5 2. Nf3 *

[Event "C"]
[Result "1-0"]

1. e4 e5 {a comment
over lines} 2. Nf3 Nc6 {another never closed
[Event "D"]

1. c4 *
"""


@pytest.mark.parametrize("compiled", [True, False])
def test_nothing_never_closed_takes_the_next_game(monkeypatch, compiled):
    if not compiled:
        monkeypatch.setattr(pgn_fast, "_compiled", False)
    a, b, c, d = pgn.read(DAMAGED, "damaged.pgn")
    assert [(r.title, r.line) for r in (a, b, c, d)] == [("A", 1), ("B", 6), ("C", 10), ("D", 15)]
    found = {r.title: [(x.severity, x.code, x.line, x.column) for x in r.diagnostics
                       if x.severity != "info"] for r in (a, b, c, d)}
    assert found == {"A": [(WARNING, "CHESS-TAG", 2, 1), (ERROR, "CHESS-UNCLOSED", 4, 7)],
                     "B": [(ERROR, "CHESS-UNCLOSED", 8, 7)],
                     "C": [(ERROR, "CHESS-UNCLOSED", 14, 24)], "D": []}
    assert [p.normal for p in c.plies] == ["e4", "e5", "Nf3", "Nc6"]
    assert [p.normal for p in d.plies] == ["c4"]
    again = pgn.read(pgn.write([a, b, c, d]), "export.pgn")   # damage and all, read back
    assert [[x.code for x in r.diagnostics] for r in again] == \
        [[x.code for x in r.diagnostics] for r in (a, b, c, d)]


# -- books in PGN: their printed result and a PGN date ------------------------------------
BOOK = """                GAME No. 1

     White: Morphy. Black: Duke of Brunswick.
     (Paris, 1858)

          1. P-K4         P-K4
          2. Kt-KB3       P-Q3
          3. P-Q4         B-Kt5
          4. PxP          BxKt
          5. QxB          PxP
          6. B-QB4        Kt-KB3
          7. Q-QKt3       Q-K2
          8. Kt-B3        P-B3
          9. B-KKt5       P-QKt4
         10. KtxP         PxKt
         11. BxKtPch      QKt-Q2
         12. Castles QR   R-Q1
         13. RxKt         RxR
         14. R-Q1         Q-K3
         15. BxRch        KtxB
         16. Q-Kt8ch      KtxQ
         17. R-Q8 mate


                GAME No. 2

     White: Anderssen. Black: Dufresne.
     (Berlin, 1852)

          1. P-K4         P-K4
          2. Kt-KB3       Kt-QB3
          3. B-B4         B-B4
              Resigns.


                GAME No. 3

     White: Steinitz. Black: Zukertort.
     (London, 1872)

          1. P-K4         P-K4
          2. Kt-KB3       Kt-QB3
          3. B-B4         B-B4   4. Castles      Drawn.
"""


def test_book_games_export_their_printed_result_and_a_pgn_date(tmp_path):
    from records.core.reading import read_path
    path = tmp_path / "book.txt"
    path.write_text(BOOK, encoding="utf-8")
    games = read_path(str(path), ["chess"])
    assert [(g.tags["Date"], g.tags["Result"]) for g in games] == [
        ("1858.??.??", "1-0"), ("1852.??.??", "0-1"), ("1872.??.??", "1/2-1/2")]
    written = pgn.write(games)
    assert written.count("[Date ") == 3 and '[Date "1858.??.??"]' in written
    assert "17. Rd8# 1-0\n" in written and "3. Bc4 Bc5 0-1\n" in written
    assert "4. O-O 1/2-1/2\n" in written and " *\n" not in written
    again = pgn.read(written, "export.pgn")
    assert [g.title for g in again] == ["GAME No. 1", "GAME No. 2", "GAME No. 3"]
    assert [g.tags["Result"] for g in again] == ["1-0", "0-1", "1/2-1/2"]
    assert pgn.write(again) == written


def test_a_line_from_a_position_not_given_exports_its_printed_moves(tmp_path):
    """A book line read from a position the text does not give has no plies: its PGN export
    carried none of its printed moves (two such lines under one heading read back as one
    record). Its text goes in HoyleUnread now, and each reads back as itself."""
    from records.chess.scan import scan_book
    page = ("1. THE OPPOSITION\n\n[Illustration]\n\nEXAMPLE 5.--Thus:\n\n"
            "        1. K - K 2                K - K 2\n\nOr else:\n\n"
            "        1. K - Q 2                K - Q 2\n")
    lines = scan_book(page, "figure.txt")
    assert len(lines) == 2 and not any(rec.plies for rec in lines)
    written = pgn.write(lines)
    assert '[HoyleUnread "1. K - K 2 K - K 2"]' in written
    assert '[HoyleUnread "1. K - Q 2 K - Q 2"]' in written
    again = pgn.read(written, "export.pgn")
    assert len({rec.fingerprint for rec in again}) == 2
    assert [rec.settle_status() for rec in again] == ["needs_review"] * 2


def test_search_by_opening_finds_the_games_name_and_hoyles(archive, tmp_path):
    text = ('[Event "Own"]\n[Opening "Grandfather\'s Line"]\n[ECO "Z00"]\n\n'
            "1. e4 e5 2. Nf3 d6 *\n")
    path = tmp_path / "own.pgn"
    path.write_text(text, encoding="utf-8")
    archive.import_records(str(path), pgn.read(text, str(path)))
    for words in ("grandfather", "Philidor Defense"):
        assert [r.title for r in archive.search(name=words)] == ["Own"], words
    (rec,) = archive.search(name="philidor", full=True)
    assert (rec.tags["Opening"], rec.tags["ECO"]) == ("Grandfather's Line", "Z00")
    assert rec.tags["HoyleOpening"] == "Philidor Defense" and rec.tags["HoyleECO"] == "C41"
