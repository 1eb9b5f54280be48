"""Tables drawn without rich (stdout not a terminal) are rich's own drawing, character for
character: widths of wide and combining characters, right-justified columns, titles, no rows."""
import io
import random

from rich.console import Console
from rich.table import Table

from records.core import report
from records.core.model import STATUSES

ALPHABET = "abc XYZ 019 -,.:()'/" + "éüñçÃø" + "中文한" + "\u0301" + "♔♞" + "🂡"
ODD_SPACES = "\xa0\u3000"


def rich_drawing(columns, rows, right=(), title=None) -> str:
    out = io.StringIO()
    console = Console(file=out, highlight=False, markup=False, emoji=False, soft_wrap=True,
                      width=report.WIDEST)
    table = Table(title=title)
    for col in columns:
        table.add_column(col, justify="right" if col in right else "left")
    for row in rows:
        table.add_row(*row)
    console.print(table)
    return out.getvalue()


def random_text(rng: random.Random, most: int) -> str:
    alphabet = ALPHABET + ODD_SPACES if rng.random() < 0.02 else ALPHABET
    text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, most)))
    return text.lstrip("\u0301")


def test_random_tables_are_drawn_as_rich_draws_them():
    rng = random.Random(1914)
    drawn = 0
    for _ in range(2000):
        columns = [f"col{i}" + random_text(rng, 4) for i in range(rng.randint(1, 6))]
        rows = [[random_text(rng, 30) for _ in columns] for _ in range(rng.randint(0, 6))]
        right = {c for c in columns if rng.random() < 0.4}
        title = random_text(rng, 40) or None if rng.random() < 0.5 else None
        mine = report.plain_table(columns, rows, right, title)
        if mine is None:   # an odd space: rich draws it
            assert any(report.UNDRAWN.search(c) for row in [columns, *rows, [title or ""]]
                       for c in row)
            continue
        drawn += 1
        assert mine == rich_drawing(columns, rows, right, title), (columns, rows, right, title)
    assert 1000 < drawn < 2000


def test_the_tables_hoyle_prints_are_rich_s():
    listing = [["1", "chess", "Navara,D - Svidler,P, Cez Trophy 2012 2012.06.20", "valid", "70",
                "twic0920.pgn:1"], ["12", "bridge", "Board 7 — ♠ void", "needs_review", "52",
                                    "eytc.pbn:7"]]
    columns = ["id", "kind", "title", "status", "plies", "source"]
    assert report.plain_table(columns, listing) == rich_drawing(columns, listing)
    head = ["kind", "records", *STATUSES]
    counts = [["chess", "1", "1", *["0"] * (len(STATUSES) - 1)],
              ["all", "2245", "2244", "1", *["0"] * (len(STATUSES) - 2)]]
    assert report.plain_table(head, counts, head[1:], "records by kind and status") == \
        rich_drawing(head, counts, head[1:], "records by kind and status")


def test_control_characters_and_huge_tables_are_left_to_rich():
    assert report.plain_table(["a"], [["tab\there"]]) is None
    assert report.plain_table(["a"], [["new\nline"]]) is None
    assert report.plain_table(["a"], [["no\xa0break"]]) is None
    assert report.plain_table(["a"], [["x" * (report.WIDEST + 1)]]) is None
