"""Makes tests/archive/data/schema6_checkers.db.gz, the schema 6 archive the schema 7
migration is tested on (test_schema7.py). Run once with the hoyle of schema 6 (git 62ca4d2),
from its project root:

    python tests/archive/make_schema6_checkers.py OUT.db.gz

Nothing in it is copied from a book: a page of games from random legal play printed as
books print them (tests/layouts/checkers_printer.py), each ended by a verdict (Black wins,
White wins, Drawn), one with a misprint a person corrected (hoyle fix); and a PDN file of
random games whose results are written every way PDN allows (1-0, 2-0, 1-1, 1/2-1/2 ...).
"""
from __future__ import annotations

import gzip
import os
import random
import shutil
import sqlite3
import sys
import tempfile

sys.path[:0] = [os.getcwd(), os.path.join(os.path.dirname(__file__), "..", "layouts")]

import checkers_printer as cp  # noqa: E402

from records.archive import Archive, review  # noqa: E402
from records.checkers import engine  # noqa: E402
from records.core.reading import read_path  # noqa: E402

PDN_RESULTS = ("1-0", "2-0", "0-1", "0-2", "1/2-1/2", "1-1", "*")


def finished(rnd: random.Random, side: str) -> cp.Line:
    """A random game played until the side named wins (no move left to the other)."""
    while True:
        line = cp.game(rnd, 150, 400)
        if line.verdict == f"{side} wins.":
            return line


def book_page(rnd: random.Random) -> tuple[str, int]:
    lines = [finished(rnd, "Black"), finished(rnd, "White"), cp.game(rnd, 20, 30),
             finished(rnd, "Black")]
    lines[2].verdict = "Drawn."
    texts = cp.Texts(lines, "typography", rnd)
    texts.misprint = (3, 5)   # the fourth game's sixth move, for a person to correct
    page = cp.pairs_per_row(lines, texts, rnd)
    return page.text, page.where[texts.misprint]


def pdn_file(rnd: random.Random) -> str:
    games = []
    for n, result in enumerate(PDN_RESULTS, start=1):
        moves = cp.play(rnd, engine.initial(), rnd.randint(10, 30))
        words = []
        for i, move in enumerate(moves):
            if i % 2 == 0:
                words.append(f"{i // 2 + 1}.")
            words.append(str(move))
        games.append(f'[Event "Random game {n}"]\n[Result "{result}"]\n[GameType "21"]\n\n'
                     f"{' '.join(words + [result])}\n")
    return "\n".join(games)


def main(out: str) -> None:
    rnd = random.Random(1914)
    folder = tempfile.mkdtemp()
    try:
        book = os.path.join(folder, "checkers_book.txt")
        text, misprinted_line = book_page(rnd)
        with open(book, "w", encoding="utf-8") as handle:
            handle.write(text)
        games = os.path.join(folder, "checkers_games.pdn")
        with open(games, "w", encoding="utf-8") as handle:
            handle.write(pdn_file(rnd))
        db = os.path.join(folder, "v6.db")
        archive = Archive(db)
        assert archive.db.execute("PRAGMA user_version").fetchone()[0] == 6
        for path in (book, games):
            records = read_path(path)
            for rec in records:
                rec.settle_status()
            archive.import_records(path, records)
        [wrong] = [r for r in archive.search(kind="checkers", full=True)
                   if r.line <= misprinted_line <= r.end_line]
        fault = next(f for f in review.open_faults(wrong, repairs=True) if f.line == misprinted_line)
        review.correct(archive, wrong.id, fault.line, fault.column, choose=1, by="fixture",
                       at="2026-11-27T00:00:00Z")
        archive.close()
        conn = sqlite3.connect(db)
        conn.execute("PRAGMA journal_mode = DELETE")
        conn.execute("VACUUM")
        conn.close()
        with open(db, "rb") as src, gzip.open(out, "wb", compresslevel=9) as dst:
            shutil.copyfileobj(src, dst)
    finally:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main(sys.argv[1])
