"""Review and correction in the library (records/archive/review.py and the families' faults and
correct): real book records that need a decision, decided, replayed, stored, taken back."""
import json
import re
import sqlite3

import pytest

from records.archive import SCHEMA_VERSION, Archive, review
from records.archive.export import write_stream
from records.chess import pgn, pgn_write
from records.core.model import CORRECTED, NEEDS_REVIEW, VALID
from review_books import built_once, copy_into, record_at

ERRATA_LINE = re.compile(r"^\S+:\d+:\d+  (\"[^\"]*\"|-)  ->  .+  \(.+\)$")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    return built_once(tmp_path_factory)


@pytest.fixture
def archive(built, tmp_path):
    """A fresh copy of the archive of book pieces for each test (and the pieces beside it)."""
    opened = Archive(str(copy_into(built, tmp_path)))
    yield opened
    opened.close()


def journal_rows(archive) -> int:
    return archive.db.execute("SELECT count(*) FROM corrections").fetchone()[0]


def test_an_ambiguous_capture_chosen_replays_the_whole_game(archive, monkeypatch):
    """Every Boy's Book, GAME V: 9...Kt. takes P. is Nxf2 or Nxf6; choosing one replays all
    19 printed plies; the record is corrected, the printed text and fingerprint untouched."""
    monkeypatch.setenv("HOYLE_USER", "transcriber")
    game = record_at(archive, "chess", 26592)
    fingerprint = archive.db.execute("SELECT fingerprint FROM records WHERE id = ?",
                                     [game.id]).fetchone()
    (fault,) = review.open_faults(game)
    assert (fault.line, fault.column, fault.code) == (26615, 41, "CHESS-AMBIGUOUS")
    assert [r.text for r in fault.readings] == ["Nxf2", "Nxf6"]
    assert "Kt. takes P." == fault.printed
    fixed = review.correct(archive, game.id, 26615, 41, choose=2)
    assert fixed.status == CORRECTED and len(fixed.plies) == 19
    assert fixed.plies[17].normal == "Nxf6" and fixed.plies[17].text == "Kt. takes P."
    (note,) = [d for d in fixed.diagnostics if d.code == "CORRECTED"]
    assert (note.severity, note.line, note.column) == ("info", 26615, 41)
    assert '"Kt. takes P." read as "Nxf6" by transcriber' in note.message
    assert re.search(r"at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", note.message)
    assert fixed.text == game.text
    assert archive.db.execute("SELECT fingerprint FROM records WHERE id = ?",
                              [game.id]).fetchone() == fingerprint
    # the position index knows the corrected game's last position
    found = archive.search(kind="chess", positions=[fixed.plies[-1].position])
    assert [r.id for r in found] == [game.id]


def test_undo_takes_the_last_correction_back(archive):
    game = record_at(archive, "chess", 26592)
    before = (game.status, [p.normal for p in game.plies], [d.to_dict() for d in game.diagnostics])
    fixed = review.correct(archive, game.id, 26615, 41, choose=1)
    last = fixed.plies[-1].position
    again = review.undo(archive, game.id)
    assert (again.status, [p.normal for p in again.plies],
            [d.to_dict() for d in again.diagnostics]) == before
    assert again.status == NEEDS_REVIEW and "corrections" not in again.data
    assert archive.search(kind="chess", positions=[last]) == []
    assert journal_rows(archive) == 0
    with pytest.raises(review.Refused, match="no correction to take back"):
        review.undo(archive, game.id)


def test_a_repair_candidate_two_moves_back_is_chosen(archive):
    """GAME II (6): 6. B. to Q. B's 4th. is impossible; among the one-edit readings is 5. P. to
    Q. B's 3d (3 for 4) two plies back, with which the whole line replays."""
    game = record_at(archive, "chess", 27282)
    (fault,) = review.open_faults(game)
    assert (fault.line, fault.column, fault.code) == (27294, 6, "CHESS-ILLEGAL")
    texts = [r.text for r in fault.readings]
    number = texts.index("c3") + 1
    assert (fault.readings[number - 1].line, fault.readings[number - 1].column) == (27293, 6)
    fixed = review.correct(archive, game.id, 27294, 6, choose=number)
    assert fixed.status == CORRECTED
    assert [p.normal for p in fixed.plies][8:] == ["c3", "Qd8", "Bc4"]
    assert fixed.data["corrections"][0]["choice"].startswith(f"candidate {number} of ")


def test_a_reading_that_does_not_replay_is_refused_and_nothing_stored(archive):
    game = record_at(archive, "chess", 27282)
    with pytest.raises(review.NotReplayed, match="still does not replay"):
        review.correct(archive, game.id, 27294, 6, read="Q-Q8")
    with pytest.raises(review.NotReplayed, match="can mean Nc3 or Nf3"):
        review.correct(archive, game.id, 27294, 6, read="Kt-B3")   # still two readings
    assert archive.get(game.id).status == NEEDS_REVIEW and journal_rows(archive) == 0
    with pytest.raises(review.Refused, match="no fault at 27294:7"):
        review.correct(archive, game.id, 27294, 7, choose=1)


def test_a_typed_move_replays_and_a_false_check_is_set_right(archive):
    """GAME I (3): 7...B. on P. interposes. is read as Bxc3 by hand; 7. Q. to Q. Kt.'s 5th.
    (ch.) gives no check: a claim, set right only to what the board says."""
    game = record_at(archive, "chess", 26917)
    places = {(f.line, f.column): f for f in review.open_faults(game)}
    assert places[(26935, 42)].code == "CHESS-UNREADABLE"
    assert places[(26935, 8)].settles and places[(26935, 8)].readings[0].text == "Qb5"
    fixed = review.correct(archive, game.id, 26935, 42, read="B x QBP")   # descriptive, typed
    assert fixed.status == NEEDS_REVIEW   # the false check is still open
    assert "Bxc3" in [p.normal for p in fixed.plies]
    with pytest.raises(review.NotReplayed, match="rules give"):
        review.correct(archive, game.id, 26935, 8, read="Qb5+")
    fixed = review.correct(archive, game.id, 26935, 8, read="Qb5")
    assert fixed.status == CORRECTED
    assert [d.code for d in fixed.diagnostics].count("CORRECTED") == 2
    assert review.open_faults(fixed) == []


def test_a_book_error_mark_changes_no_move(archive):
    game = record_at(archive, "chess", 26917)
    marked = review.correct(archive, game.id, 26935, 42, book_error=True)
    assert [p.normal for p in marked.plies] == [p.normal for p in game.plies]
    assert marked.status == NEEDS_REVIEW
    assert "BOOK-ERROR" in {d.code for d in marked.diagnostics}
    assert [(f.line, f.column) for f in review.open_faults(marked)] == [(26935, 8)]


def test_checkers_a_misprinted_move_chosen_replays_to_the_printed_end(archive):
    """Boy's Own, Old Fourteenth: "11-18" is impossible; "11-7" and "11-8" both replay (one
    square changed), so the book's line needs a person; either choice replays to the end."""
    game = record_at(archive, "checkers", 8708)
    (fault,) = review.open_faults(game)
    assert (fault.code, fault.printed) == ("CHECKERS-ILLEGAL", "11-18")
    assert [r.text for r in fault.readings] == ["11-7", "11-8"]
    fixed = review.correct(archive, game.id, fault.line, fault.column, choose=1)
    assert fixed.status == CORRECTED and len(fixed.plies) > len(game.plies)
    assert fixed.plies[len(game.plies)].normal == "11-7"
    assert fixed.plies[len(game.plies)].text == "11-18"
    assert "unplayed" not in fixed.data
    assert game.title.startswith("OLD FOURTEENTH")   # the heading the table stands under
    assert fixed.normal.startswith(f'[Event "{game.title}"]')


def test_checkers_an_illegal_typed_move_is_refused(archive):
    game = record_at(archive, "checkers", 8708)
    (fault,) = review.open_faults(game)
    with pytest.raises(review.NotReplayed, match="CHECKERS-ILLEGAL"):
        review.correct(archive, game.id, fault.line, fault.column, read="11-15")


def test_cribbage_a_count_set_right_and_a_card_read_again(archive):
    """Foster's Hoyle: KS JH 5S is counted 6; the rules give 4. Set right to 4, or read the
    king as the five of hearts (then 6 is right)."""
    hand = record_at(archive, "cribbage", 24130)
    (fault,) = review.open_faults(hand)
    assert (fault.code, fault.printed, [r.text for r in fault.readings]) == \
        ("CRIB-COUNT-MISMATCH", "6", ["4"])
    with pytest.raises(review.NotReplayed, match='"5" is not what the rules give'):
        review.correct(archive, hand.id, fault.line, fault.column, read="5")
    fixed = review.correct(archive, hand.id, fault.line, fault.column, read="4")
    assert fixed.status == CORRECTED and fixed.tags["Score"] == 4
    review.undo(archive, hand.id)
    kh = review.correct(archive, hand.id, 24130, 3, read="KH")      # still counts 4
    assert kh.status == NEEDS_REVIEW and kh.data["hand"][0] == "KH"
    five = review.correct(archive, hand.id, 24130, 3, read="5H")    # replaces the KH reading
    assert five.status == CORRECTED and five.data["count"]["total"] == 6
    assert [c["reading"] for c in five.data["corrections"]] == ["5H"]


def test_whist_the_trump_the_marks_leave_open_is_chosen(archive):
    deal = record_at(archive, "bridge", 3264)
    (fault,) = review.open_faults(deal)
    strains = [r.text for r in fault.readings]
    assert fault.code == "WHIST-TRUMP" and "no-trump" in strains and len(strains) == 2
    suit = next(s for s in strains if s != "no-trump")
    fixed = review.correct(archive, deal.id, fault.line, fault.column, read=suit)
    assert fixed.status == CORRECTED and fixed.tags["Trumps"] in "SHDC"
    with pytest.raises(review.Refused, match="no fault"):
        review.correct(archive, deal.id, fault.line, fault.column, read="spades")


def test_reimporting_the_book_after_a_correction_adds_nothing(archive, tmp_path):
    game = record_at(archive, "chess", 26592)
    review.correct(archive, game.id, 26615, 41, choose=1)
    before = archive.summary()
    (tmp_path / "again").mkdir()   # the book with a line more: read again, not skipped
    path = tmp_path / "again" / "chess_every_boys_book_pg42172.txt"
    path.write_bytes((tmp_path / "chess_every_boys_book_pg42172.txt").read_bytes() + b"\n")
    from records.chess.scan import scan_book
    records = scan_book(path.read_text(encoding="utf-8"), str(path))
    assert archive.import_records(str(path), records)["added"] == 0
    assert archive.summary() == before and before[CORRECTED] == 1


def test_errata_lists_book_errors_and_corrections_by_line(archive):
    game = record_at(archive, "chess", 26592)
    review.correct(archive, game.id, 26615, 41, choose=1)
    other = record_at(archive, "chess", 27282)
    lines = review.errata_lines(archive.get(game.id)) + review.errata_lines(other)
    assert all(ERRATA_LINE.match(line) for line in lines), lines
    assert any(line.endswith("(corrected by " + line.split("corrected by ")[1]) and
               ':26615:41  "Kt. takes P."  ->  "Nxf2"' in line for line in lines)
    assert any(':27294:6  "B. to Q. B\'s 4th."  ->  one-edit readings' in line for line in lines)


def test_exports_carry_the_correction(archive):
    game = record_at(archive, "chess", 26592)
    review.correct(archive, game.id, 26615, 41, choose=1)
    fixed = archive.get(game.id)
    text = pgn.write([fixed])
    assert '[HoyleCorrection "26615:41 \\"Kt. takes P.\\" read as \\"Nxf2\\"' in text
    assert '[HoyleStatus "corrected"]' in text
    # the printed moves are in HoylePrinted (no comment made up); the correction is named at it
    assert re.search(r"Nxf2 \{HoyleCorrection: printed \"Kt\. takes P\.\", "
                     r"read as \"Nxf2\" by \S+\}", " ".join(text.split()))
    again = pgn.read(text, "again.pgn")[0]
    again.settle_status()
    assert again.status == CORRECTED and [p.normal for p in again.plies] == \
        [p.normal for p in fixed.plies]
    import io
    out = io.StringIO()
    write_stream(archive, archive.query(kind="chess"), "jsonl", out)
    rows = {r["line"]: r for r in map(json.loads, out.getvalue().splitlines())}  # no archive ids
    assert rows[game.line]["status"] == CORRECTED
    assert rows[game.line]["data"]["corrections"][0]["reading"] == "Nxf2"
    assert "CORRECTED" in [d["code"] for d in rows[game.line]["diagnostics"]]


def test_a_pgn_game_is_read_again_with_the_move_in_its_text(tmp_path):
    path = tmp_path / "bad.pgn"
    path.write_text('[Event "t"]\n[White "a"]\n[Black "b"]\n[Result "*"]\n\n'
                    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc7 Nf6 5. O-O *\n", encoding="utf-8")
    archive = Archive(str(tmp_path / "p.db"))
    archive.import_records(str(path), pgn.read(path.read_text(), str(path)))
    (game,) = archive.search(full=True)
    (fault,) = review.open_faults(game)
    assert fault.printed == "Bxc7" and "Bxc6" in [r.text for r in fault.readings]
    fixed = review.correct(archive, game.id, 6, 34, read="Bxc6")
    assert fixed.status == CORRECTED and len(fixed.plies) == 9 and fixed.text == game.text
    assert "Bxc7" in archive.get(game.id).text       # the printed text is kept
    assert archive.import_records(str(path), pgn.read(path.read_text(), str(path)))["added"] == 0
    archive.close()


def test_a_corrected_pgn_game_survives_schema_6_and_exports_its_correction(tmp_path):
    path = tmp_path / "bad.pgn"
    path.write_text('[Event "t"]\n[White "a"]\n[Black "b"]\n[Result "*"]\n\n'
                    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc7 Nf6 5. O-O *\n", encoding="utf-8")
    db = str(tmp_path / "p.db")
    archive = Archive(db)
    archive.import_records(str(path), pgn.read(path.read_text(), str(path)))
    (game,) = archive.search(full=True)
    review.correct(archive, game.id, 6, 34, read="Bxc6")
    archive.db.execute("ALTER TABLE sources DROP COLUMN kinds")   # as schema 5 had it
    archive.db.execute("PRAGMA user_version = 5")
    archive.close()
    archive = Archive(db)    # schema 6: PGN games read again, but not a person's correction
    assert archive.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    again = archive.get(game.id)
    assert again.status == CORRECTED and len(again.plies) == 9
    exported = pgn_write.record_pgn(again)
    assert '[HoyleCorrection "6:34 \\"Bxc7\\" read as \\"Bxc6\\"' in exported
    assert re.search(r'4\. Bxc6 \{HoyleCorrection: printed "Bxc7", read as "Bxc6" by \S+\} Nf6',
                     exported)
    back = pgn.read(exported, "export.pgn")[0]
    back.settle_status()
    assert back.status == CORRECTED and [p.normal for p in back.plies] == \
        [p.normal for p in again.plies]
    archive.close()


def test_an_archive_of_schema_4_gains_the_journal(built, tmp_path):
    db = sqlite3.connect(copy_into(built, tmp_path))
    db.execute("DROP TABLE corrections")
    db.execute("PRAGMA user_version = 4")
    db.commit()
    db.close()
    archive = Archive(str(tmp_path / "review.db"))
    assert archive.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    game = record_at(archive, "chess", 26592)
    assert review.correct(archive, game.id, 26615, 41, choose=1).status == CORRECTED
    archive.close()


def test_to_review_walks_only_what_needs_a_decision(archive):
    found = {rec.line: faults for rec, faults in review.to_review(archive, ["chess"])}
    assert set(found) == {26592, 26917, 27282}
    game = record_at(archive, "chess", 26592)
    review.correct(archive, game.id, 26615, 41, choose=1)
    assert 26592 not in {rec.line for rec, _ in review.to_review(archive, ["chess"])}
    valid = [r for r in archive.iterate(archive.query(status=VALID), full=True)]
    assert valid and all(review.open_faults(r) == [] for r in valid)


def test_a_repair_can_be_reviewed_and_confirmed(archive):
    """Records hoyle repaired are walked with --status repaired: each repair is a place a
    person may read otherwise; taking the repair's own reading confirms it (corrected)."""
    walked = {rec.line: faults for rec, faults in review.to_review(archive, ["checkers"],
                                                                   status="repaired")}
    assert set(walked) == {8718, 8720, 8728}
    (fault, *_) = walked[8718]
    assert fault.code in ("CHECKERS-REPAIRED", "CHECKERS-MISSING-MOVE", "CHECKERS-OCR")
    assert fault.readings, fault
    rec = record_at(archive, "checkers", 8718)
    fixed = review.correct(archive, rec.id, fault.line, fault.column, choose=1)
    assert fixed.status == CORRECTED
    assert [p.normal for p in fixed.plies] == [p.normal for p in rec.plies]


OPENINGS_READ_ON = """THE OPENINGS.

10 to 15, 22 to 18, 15 to 22, 25 to 18.

12 to 16, 24 to 19, 9 to 14, 19 to 12, 14 to 17.
"""


def _book_with_a_doubt(tmp_path, kind: str, text: str):
    """An archive of a book's records (kind), and the one that needs review."""
    from records.core.family import family
    path = tmp_path / "book.txt"
    path.write_text(text, encoding="utf-8")
    records = family(kind).scan_book(text, str(path))
    for rec in records:
        rec.settle_status()
    archive = Archive(str(tmp_path / "a.db"))
    archive.import_records(str(path), records)
    (doubt,) = list(archive.iterate(archive.query(status=NEEDS_REVIEW)))
    return archive, doubt


def test_a_doubt_about_the_reading_order_is_settled_by_keeping_it(tmp_path):
    """Two openings a paragraph each, the second replaying both on from the first and from the
    start: hoyle reads it on and says so (LAYOUT, needs review), and offered nothing to choose:
    a person could not settle it. The reading "as read" keeps the order and drops the doubt;
    undo brings it back."""
    archive, doubt = _book_with_a_doubt(tmp_path, "checkers", OPENINGS_READ_ON)
    (fault,) = review.open_faults(doubt)
    assert (fault.code, [r.text for r in fault.readings], fault.settles) == \
        ("LAYOUT", [review.AS_READ], True)
    kept = review.correct(archive, doubt.id, fault.line, fault.column, choose=1)
    assert kept.status == CORRECTED and review.open_faults(kept) == []
    assert [p.normal for p in kept.plies] == [p.normal for p in doubt.plies]
    assert not [d for d in kept.diagnostics if d.code == "LAYOUT" and d.severity == "warning"]
    assert review.undo(archive, doubt.id).status == NEEDS_REVIEW
    with pytest.raises(review.Refused):
        review.correct(archive, doubt.id, fault.line, fault.column, read="read it apart")
    archive.close()


ROWS_OR_COLUMNS = "GAME 1.\n\nP-K3      P-KB3\nP-QKt4    Kt-QB3\n"


def test_a_doubt_about_the_reading_order_is_settled_by_reading_it_another_way(tmp_path):
    """A block that replays whole row by row and down its columns, to different games: the
    fault offers each way the diagnostic names; the one chosen reads the record again from
    its source that way (down the columns: 1. P-K3 P-QKt4 2. P-KB3 Kt-QB3), and undo brings
    the first reading back. A way the fault does not offer is refused."""
    archive, doubt = _book_with_a_doubt(tmp_path, "chess", ROWS_OR_COLUMNS)
    assert [p.normal for p in doubt.plies] == ["e3", "f6", "b4", "Nc6"]
    (fault,) = review.open_faults(doubt)
    offered = [r.text for r in fault.readings]
    assert offered == [review.AS_READ, "row by row", "down each column, then across"]
    other = review.correct(archive, doubt.id, fault.line, fault.column, choose=3)
    assert other.status == CORRECTED and [p.normal for p in other.plies] == ["e3", "b5", "f3", "Nc6"]
    assert review.open_faults(other) == [] and other.text == doubt.text
    back = review.undo(archive, doubt.id)
    assert back.status == NEEDS_REVIEW and [p.normal for p in back.plies] == ["e3", "f6", "b4", "Nc6"]
    with pytest.raises(review.Refused):
        review.correct(archive, doubt.id, fault.line, fault.column, read="three parts side by side")
    archive.close()


TOLD_WITH_A_MISPRINT = (
    "GAME I.\n\nThe moves of the game were as follows: 1. P-K4, P-K4; 2. Kt-KB3,\n"
    "Kt-QB3; 3. B-Zq4, B-B4; 4. P-B3, Kt-B3; 5. P-Q4, PxP; 6. PxP, B-Kt5 ch;\n"
    "7. K-B1, and White won after a long struggle.\n")


def test_a_misprinted_move_in_a_told_game_is_chosen_and_the_game_goes_on(tmp_path):
    """`3. B-Zq4,` in a game told in a sentence: the game stopped there (CHESS-TRUNCATED, no
    candidate; `hoyle fix --read` was refused, for no move stood at the place). The move is
    kept in its game, its readings offered; the one a person types replays the whole game."""
    archive, doubt = _book_with_a_doubt(tmp_path, "chess", TOLD_WITH_A_MISPRINT)
    (fault,) = review.open_faults(doubt)
    assert (fault.line, fault.column, fault.printed) == (4, 12, "B-Zq4")
    assert {"Bb5", "Bc4"} <= {r.text for r in fault.readings}
    fixed = review.correct(archive, doubt.id, 4, 12, read="B-B4")
    assert fixed.status == CORRECTED and review.open_faults(fixed) == []
    assert [p.normal for p in fixed.plies][4:7] == ["Bc4", "Bc5", "c3"]
    assert len(fixed.plies) == 13 and "B-Zq4" in fixed.text
    archive.close()
