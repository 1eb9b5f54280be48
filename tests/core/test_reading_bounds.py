"""Reading in pieces of bounded size whatever the line structure: a line too long to read as
notation is read through, named in a diagnostic and left out; the lines around it are read as
ever; the bytes are decoded as they come (UTF-8 characters and CRLFs cut between blocks,
cp1252 met mid-file, UTF-16 with its byte order mark)."""
import random
import re
import sqlite3
import string
import sys
import tracemalloc
from pathlib import Path

import pytest

from records.archive import Archive
from records.archive import sources as chunks
from records.core import decoding, reading

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "data" / "demo" / "chess_demo.pgn"
MB = 1 << 20


def blocks_of(data: bytes, size: int):
    return [data[i:i + size] for i in range(0, len(data), size)]


def decoded(data: bytes, size: int, max_line: int = 1000):
    notes = []
    text = "".join(decoding.text_blocks(blocks_of(data, size), max_line,
                                        lambda *note: notes.append(note)))
    return text, notes


@pytest.mark.parametrize("size", [1, 2, 3, 7, 64, 4096])
def test_text_is_the_same_however_the_bytes_are_cut(size):
    text = "Réti\r\nÉcole ♔ x\r\rlast\rline\n\nend"
    got, notes = decoded(text.encode(), size)
    assert got == "Réti\nÉcole ♔ x\n\nlast\nline\n\nend" and notes == []


def test_a_line_past_the_bound_is_left_out_and_named_by_its_line():
    data = b"one\n" + b"x" * 5000 + b"\nthree\n" + b"y" * 1001 + b"\r\nfive"
    for size in (10, 999, 4096, 10_000):
        text, notes = decoded(data, size)
        assert text.split("\n") == ["one", "", "three", "", "five"]
        assert [(line, code) for line, code, _ in notes] == [(2, "READ-LONG-LINE"),
                                                             (4, "READ-LONG-LINE")]
        assert "5,000 characters" in notes[0][2] and "1,001 characters" in notes[1][2]


def test_invisible_format_characters_are_dropped_and_noted_once():
    data = ("1. e4 e5\n" * 300 + "2. N\u00adf3 N\u200bc6 3. B\u2060b5\u200e a6\n").encode()
    for size in (7, 100, 4096):
        text, notes = decoded(data, size)
        assert text.endswith("2. Nf3 Nc6 3. Bb5 a6\n")
        assert [(line, code) for line, code, _ in notes] == [(301, "READ-INVISIBLE")]
        assert "U+00AD" in notes[0][2]


def test_moves_with_invisible_characters_inside_them_replay(tmp_path):
    path = tmp_path / "pasted.pgn"
    path.write_text('[Event "x"]\n\n1. e\u200b4 e5 2. N\u00adf3 Nc6 *\n', encoding="utf-8")
    (rec,) = reading.read_path(str(path))
    assert [p.normal for p in rec.plies] == ["e4", "e5", "Nf3", "Nc6"]
    assert rec.settle_status() == "valid" and [d.code for d in rec.diagnostics] == ["READ-INVISIBLE"]


def test_cp1252_met_mid_file_and_utf16_with_either_byte_order():
    data = ("plain ascii\n" * 500).encode() + "Réti\n".encode("cp1252")
    text, notes = decoded(data, 100)
    assert text.endswith("Réti\n") and notes[0][1] == "READ-ENCODING"
    for bom, codec in ((b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be")):
        text, notes = decoded(bom + "1. e4 ♔\r\n2. Réti".encode(codec), 3)
        assert text == "1. e4 ♔\n2. Réti" and "UTF-16" in notes[0][2]
    with pytest.raises(decoding.NotText):
        decoded("e4".encode("utf-16-le"), 100)   # no byte order mark: binary


def test_a_utf16_pgn_is_read(tmp_path):
    text = GAMES.read_text(encoding="utf-8")
    want = [(r.line, [p.normal for p in r.plies]) for r in reading.read_path(str(GAMES))]
    for bom, codec in ((b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be")):
        path = tmp_path / f"{codec}.pgn"
        path.write_bytes(bom + text.replace("\n", "\r\n").encode(codec))
        records = reading.read_path(str(path))
        assert [(r.line, [p.normal for p in r.plies]) for r in records] == want
        assert records[0].diagnostics[0].code == "READ-ENCODING"


def single_line(kind: str, size: int) -> bytes:
    """One line of `size` bytes and no line break, of a kind of text."""
    if kind == "random":
        rng = random.Random(size)
        return "".join(rng.choices(string.printable[:-5], k=size)).encode()
    unit = {"pgn": "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 ",
            "book": "1. P-K4 P-K4 2. Kt-KB3 11-15 23-19 fifteen two and a pair is four. ",
            "pdn": '[Event "x"] 1. 11-15 23-19 2. 8-11 22-17 ',
            "pbn": '[Event "x"] [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98'
                   ' 432.AKQJ.T98.765"] '}[kind]
    return (unit * (size // len(unit) + 1)).encode()[:size]


@pytest.mark.parametrize("kind, suffix", [("pgn", ".pgn"), ("book", ".txt"), ("random", ".txt"),
                                          ("pdn", ".pdn"), ("pbn", ".pbn")])
def test_one_long_line_costs_a_block_not_its_length(tmp_path, kind, suffix):
    path = tmp_path / f"one{suffix}"
    path.write_bytes(single_line(kind, 2 * MB))
    source = reading.sources([str(path)])[0]
    reading.scan_book("", "warm.txt")   # the families imported before memory is traced
    tracemalloc.start()
    try:
        records = [r for piece in reading.read_source(source) for r in piece]
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert records == [] and peak < 8 * MB, peak
    assert [(d.line, d.code) for d in source.notes] == [(1, "READ-LONG-LINE")]


def test_records_around_a_long_line_are_read_and_stored(tmp_path):
    games = GAMES.read_text(encoding="utf-8")
    path = tmp_path / "mixed.pgn"
    path.write_text(games + "\n{" + "x" * 3_000_000 + "}\n\n" + games.replace('[Event "', '[Event "B '))
    records = reading.read_path(str(path))
    long_line = games.count("\n") + 2   # after the games and a blank line
    # the game before the line may go on there (its moves could follow on any line before
    # the next game's tags): it needs review; every other game is valid
    assert [r.settle_status() for r in records] == ["valid"] * 2 + ["needs_review"] + ["valid"] * 3
    assert [r.line for r in records[3:]] == [r.line + long_line + 1 for r in records[:3]]
    notes = [d for r in records for d in r.diagnostics]
    assert [(d.line, d.code, d.severity) for d in notes] == [(long_line, "READ-LONG-LINE", "warning")]
    assert records[2].diagnostics == notes
    archive = Archive(str(tmp_path / "a.db"))
    assert archive.import_records(str(path), records)["added"] == 6
    assert [archive.get(i).text for i in range(1, 7)] == [r.text for r in records]
    rows = archive.db.execute("SELECT first_line FROM source_chunks ORDER BY id").fetchall()
    assert None in [row[0] for row in rows]   # the long line goes on in chunks of its own


def test_chunks_join_to_the_bytes_and_each_numbered_one_starts_its_line(monkeypatch):
    """Stored source chunks: a line longer than four chunks goes on in chunks with no line
    number of their own (once, two chunks had the same number: the import failed)."""
    monkeypatch.setattr(chunks, "CHUNK_BYTES", 1000)
    rng = random.Random(21)
    for _ in range(200):
        data = b"".join(b"x" * rng.choice([0, 5, 300, 1100, 4500, 9000])
                        + rng.choice([b"\n", b"\r\n", b"\r", b""]) for _ in range(rng.randrange(1, 9)))
        got = list(chunks.line_chunks(iter(blocks_of(data, rng.choice([13, 64, 1000, 3000])))))
        assert b"".join(piece for *_, piece in got) == data
        starts, line = {1: 0}, 1
        for end in re.finditer(rb"\r\n|\r|\n", data):
            line += 1
            starts[line] = end.end()
        offset, numbered = 0, []
        for first, _, piece in got:
            if first is not None:
                assert starts[first] == offset
                numbered.append(first)
            offset += len(piece)
        assert len(numbered) == len(set(numbered))


def test_a_book_line_too_long_for_the_scanners_is_left_out(tmp_path):
    book = ("GAME No. 1\n\n   1. P-K4   P-K4\n   2. Kt-KB3   Kt-QB3\n\n"
            + "the moves P-K4 and 11-15 and fifteen two " * 300 + "\n\n"
            + "GAME No. 2\n\n   1. P-Q4   P-Q4\n   2. P-QB4   P-K3\n")
    path = tmp_path / "book.txt"
    path.write_text(book)
    source = reading.sources([str(path)])[0]
    records = [r for piece in reading.read_source(source) for r in piece]
    assert [(r.kind, r.line) for r in records] == [("chess", 3), ("chess", 10)]
    assert [(d.line, d.code) for d in records[0].diagnostics] == [(6, "READ-LONG-LINE")]


def test_a_game_whose_moves_are_on_a_line_too_long_is_never_valid(tmp_path, monkeypatch):
    """The game keeps its tags, but its moves were not read: it needs review, the warning at
    the long line; so in a file read whole, and in one read in pieces by two processes
    (the note is placed when the next piece is read: the long line is in the middle piece)."""
    monkeypatch.setattr(reading, "PIECE_BYTES", 4096)
    monkeypatch.setattr(reading, "READ_BYTES", 4096)
    monkeypatch.setattr(reading, "MAX_LINE_CHARS", 2000)
    game = '[Event "G{n}"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n'
    cut = '[Event "cut"]\n[Result "*"]\n\n1. e4 ' + "(1. d4 " * 400 + ")" * 400 + " e5 *\n\n"
    for before, after in ((1, 1), (60, 60)):
        path = tmp_path / f"cut{before}.pgn"
        text = "".join(game.format(n=n) for n in range(before)) + cut + "".join(
            game.format(n=n) for n in range(before, before + after))
        path.write_text(text)
        source = reading.sources([str(path)])[0]
        records = [r for piece in reading.read_source(source) for r in piece]
        for r in records:
            r.settle_status()
        assert len(records) == before + after + 1
        bad = records[before]
        assert bad.title.startswith("cut") and bad.status == "needs_review" and not bad.plies
        long_line = 5 * before + 4
        assert [(d.line, d.code, d.severity) for d in bad.diagnostics] == [
            (long_line, "READ-LONG-LINE", "warning")]
        assert all(r.status == "valid" and not r.diagnostics for r in records if r is not bad)


def test_a_book_line_too_long_inside_a_record_makes_it_need_review(tmp_path):
    book = ("GAME No. 1\n\n   1. P-K4   P-K4\n" + "(a note on the move) " * 500
            + "\n   2. Kt-KB3   Kt-QB3\n\n")
    path = tmp_path / "book.txt"
    path.write_text(book)
    source = reading.sources([str(path)])[0]
    records = [r for piece in reading.read_source(source) for r in piece]
    inside = [r for r in records if r.line <= 4 <= r.end_line]
    assert inside and all((4, "READ-LONG-LINE", "warning") in
                          [(d.line, d.code, d.severity) for d in r.diagnostics] for r in inside)
    assert all(r.settle_status() == "needs_review" for r in inside)


def test_a_long_line_is_said_on_stderr(tmp_path):
    from typer.testing import CliRunner
    from records.cli import app
    path = tmp_path / "one.pgn"
    path.write_bytes(single_line("pgn", MB))
    result = CliRunner().invoke(app, ["import", str(path), "--db", str(tmp_path / "a.db")])
    assert result.exit_code == 2
    assert "one.pgn:1:1 info READ-LONG-LINE line 1 is 1,048,576 characters long" in result.stderr
    assert "no records found" in result.stderr


def test_importing_a_5_mb_single_line_file_stays_small(tmp_path):
    """In a process of its own, as a user runs it: the peak is the process's."""
    sys.path.insert(0, str(ROOT / "tests"))
    from test_fuzz import hoyle_limited
    for kind, suffix in (("book", ".txt"), ("pbn", ".pbn")):
        path = tmp_path / f"five{suffix}"
        path.write_bytes(single_line(kind, 5 * MB))
        code, _, err, peak_kb = hoyle_limited(["import", path, "--db", tmp_path / "a.db"], tmp_path)
        assert code == 2 and b"READ-LONG-LINE" in err and b"Traceback" not in err
        assert peak_kb < 150 * 1024, f"{peak_kb // 1024} MB for a 5 MB line of {kind}"
    assert not (tmp_path / "a.db").exists() or sqlite3.connect(tmp_path / "a.db").execute(
        "SELECT count(*) FROM records").fetchone()[0] == 0
