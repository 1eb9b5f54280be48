"""A PGN game shown from the archive: its moves are taken as printed, with no replay and no
python-chess, only where the stored fingerprint proves the printed moves are its SANs; any
other game is read again. Either way the record is the one a replay gives."""
import subprocess
import sys

import pytest

from conftest import CORPUS, need
from records.archive import Archive, query
from records.core.family import family
from records.core.reading import read_path

# printed otherwise than as SAN: a mate without "#", a needless file, a false check
NOT_SAN = """[Event "Printed loosely"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0

[Event "A needless file"]
[Result "*"]

1. Ngf3 d5 2. d4 Nf6 *

[Event "Printed as SAN, with a comment"]
[Result "*"]

1. e4 {the king's pawn} e5 2. Nf3 Nc6 (2... d6) 3. Bb5 a6 *

[Event "A false check"]
[Result "*"]

1. e4 e5 2. Nf3 Nc6 3. Bb5+ a6 *
"""


@pytest.fixture(scope="module")
def archive(tmp_path_factory):
    folder = tmp_path_factory.mktemp("printed")
    loose = folder / "loose.pgn"
    loose.write_text(NOT_SAN, encoding="utf-8")
    db = Archive(str(folder / "a.db"))
    for path in (need(CORPUS / "chess" / "book_games_pgn_counterparts.pgn"), loose):
        db.import_records(str(path), read_path(str(path)))
    return db


def replayed(archive, record_id):
    """The record as the archive gives it when the family reads every game again."""
    rows = archive.db.execute(f"{query.SELECT} WHERE r.id = ?", [record_id]).fetchall()
    return query._records(archive.db, rows, True, query.SourceLines(archive.db))[0]


def plies(rec):
    return [(p.index, p.text, p.normal, p.line, p.column) for p in rec.plies]


def test_a_shown_game_is_the_replayed_one(archive):
    ids = [row[0] for row in archive.db.execute("SELECT id FROM records ORDER BY id")]
    assert len(ids) >= 20
    for record_id in ids:
        shown, again = archive.get(record_id, positions=False), replayed(archive, record_id)
        assert plies(shown) == plies(again)
        assert shown.normal == again.normal
        assert [d.format() for d in shown.diagnostics] == [d.format() for d in again.diagnostics]


def test_only_moves_printed_as_san_are_taken_as_printed(archive):
    chess = family("chess")
    taken = {}
    for record_id, title, fingerprint in archive.db.execute(
            "SELECT r.id, r.title, r.fingerprint FROM records r JOIN sources s"
            " ON s.id = r.source_id WHERE s.name = 'loose.pgn' ORDER BY r.id"):
        rec = replayed(archive, record_id)
        taken[rec.tags["Event"]] = chess.printed_plies(rec, fingerprint) is not None
    assert taken == {"Printed loosely": False, "A needless file": False,
                     "Printed as SAN, with a comment": True, "A false check": False}
    loose = [rec for rec in (archive.get(i) for i in range(1, 200)) if rec and
             rec.tags.get("Event") == "Printed loosely"][0]
    assert [p.normal for p in loose.plies][-1] == "Qxf7#"   # read again: the SAN, not the print


def test_showing_a_game_printed_as_san_loads_no_python_chess(archive):
    record_id = archive.db.execute("SELECT min(id) FROM records").fetchone()[0]
    probe = ("import sys; from records.archive import Archive; "
             f"rec = Archive({archive.path!r}).get({record_id}, positions=False); "
             "assert rec.plies and rec.normal; print('chess' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "False"
