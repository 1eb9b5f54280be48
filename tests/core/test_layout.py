"""The layout engine on a game with no rules but order: the tokens are numbers and a stream
replays while each is one more than the last. Random runs printed in each layout the engine
knows must be read back in order, the layout named; a misplaced number is found where it is."""
import random

import pytest

from records.core.layout import grid_of, page, roman_value, row_of
from records.core.orders import Replay, choose, orders
from records.core.pages import CONTINUING, read_page


class Counting:
    """A Reader for the counting game: a token is a number printed as `n.` (the move numbers
    a layout prints are tokens of their own kind, `Number`)."""

    def tokens(self, cell):
        out, at = [], 0
        for word in cell.text.split(" "):
            if word.rstrip(".").isdigit() and word.endswith("."):
                out.append(Tok(word, cell.line, cell.column + at, int(word[:-1])))
            at += len(word) + 1
        return out

    def notation(self, grid):
        return True

    def setups(self, block):
        text = block.text()
        if text.startswith("FROM "):
            return [(f"from {n}", int(n)) for n in text[5:].split(" or ")]
        return []

    def heading(self, block):
        return block.text() if block.text().isupper() else ""

    def start(self):
        return "", 1

    def replay(self, tokens, start):
        expected = start
        for k, tok in enumerate(tokens):
            value = getattr(tok, "value", None)
            if value != expected:
                return Replay(k, len(tokens), f"{tok.text} where {expected} was due", tok, expected)
            expected += 1
        return Replay(len(tokens), len(tokens), "", None, expected)

    def continuation(self, replay):
        return replay.value


class Tok:
    def __init__(self, text, line, column, value):
        self.text, self.line, self.column, self.value = text, line, column, value


def rows_layout(numbers, per_row):
    return ["  ".join(f"{n}." for n in numbers[i:i + per_row]) for i in range(0, len(numbers), per_row)]


def columns_layout(numbers, columns):
    height = -(-len(numbers) // columns)
    return ["".join(f"{numbers[c * height + r]}.".ljust(8) for c in range(columns)
                    if c * height + r < len(numbers)).rstrip() for r in range(height)]


def halves_layout(numbers, per_row):
    half = -(-len(numbers) // 2)
    left, right = rows_layout(numbers[:half], per_row), rows_layout(numbers[half:], per_row)
    width = max(map(len, left)) + 4
    return [(a.ljust(width) + "|  " + b).rstrip() for a, b in zip(left, right + [""] * len(left))]


def fraction_layout(numbers):
    """Numbers in threes: the first on a numbered rule, the second above it, the third below
    (as a move number, White's move and Black's)."""
    above, rule, below = "", "", ""
    for k in range(0, len(numbers) - 2, 3):
        n, a, b = numbers[k:k + 3]
        at = len(rule)
        rule += f"{n} {'-' * 6}  "
        above = above.ljust(at + 2) + f"{a}."
        below = below.ljust(at + 2) + f"{b}."
    return [above, rule, below]


LAYOUTS = {
    "row by row": lambda ns, rnd: rows_layout(ns, rnd.randint(1, 4)),
    "down each column, then across": lambda ns, rnd: columns_layout(ns, rnd.randint(2, 5)),
    "two halves side by side, each row by row": lambda ns, rnd: halves_layout(ns, 2),
}


@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_a_run_in_any_layout_reads_back_in_order(layout, seed):
    rnd = random.Random(seed)
    first = rnd.randint(1, 50)
    numbers = list(range(first, first + rnd.randint(6, 30) * 2))
    text = "\n".join(LAYOUTS[layout](numbers, rnd))
    reader = Counting()
    block = next(page(text))
    choice = choose(grid_of(block, reader.tokens), reader.replay, [("", first)])
    assert choice.best.replay.whole, (seed, text, choice.best.replay.failure)
    assert [t.value for t in choice.best.order.tokens] == numbers
    assert len(choice.winners) == 1
    if layout != "row by row" and not (layout.startswith("down") and len(block.rows) == 1):
        assert choice.named() == layout, text


def test_fractions_read_above_the_rule_then_below():
    numbers = list(range(1, 13))
    reader = Counting()
    text = fraction_layout(numbers)
    rows = [row_of(line, n) for n, line in enumerate(text, start=1)]
    assert rows[1].rule == "numbered" and [c.text for c in rows[1].numbers] == ["1", "4", "7", "10"]
    grid = grid_of(next(page(text)), reader.tokens)
    choice = choose(grid, reader.replay, [("", 1)])
    assert choice.named() == "fractions: above the rule, then below it"
    assert [t.value for t in choice.best.order.tokens] == numbers


def test_a_misprint_is_the_error_of_the_best_order_at_its_line():
    numbers = list(range(1, 41))
    numbers[25] = 99
    text = columns_layout(numbers, 4)
    reader = Counting()
    choice = choose(grid_of(next(page(text)), reader.tokens), reader.replay, [("", 1)])
    best = choice.best
    assert not choice.winners and best.order.name == "down each column, then across"
    assert best.replay.consumed == 25 and best.replay.at.text == "99."
    assert text[best.replay.at.line - 1][best.replay.at.column - 1:].startswith("99.")


def test_blocks_are_stitched_across_notes_and_page_numbers_and_split_at_headings():
    text = "\n".join(["GAME ONE", "", *rows_layout(list(range(1, 9)), 2), "",
                      "A note on the play so far, set aside.", "{160}", "",
                      *columns_layout(list(range(9, 21)), 3), "", "GAME TWO", "",
                      "FROM 7 or 30", "", *rows_layout(list(range(30, 36)), 3)])
    spans = list(read_page(text, Counting()))
    assert [s.heading for s in spans] == ["GAME ONE", "GAME TWO"]
    one, two = spans
    assert [t.value for t in one.tokens()] == list(range(1, 21))
    assert one.choices[1].best.start_name == CONTINUING
    assert one.layouts()[1].startswith("down each column, then across")
    assert [b.text() for b in one.notes] == ["A note on the play so far, set aside."]
    assert two.choices[0].best.start_name == "from 30"   # the setup replay agreed with


def test_cells_split_at_wide_gaps_tabs_and_rules_and_frames_are_rules():
    row = row_of("1. P-K4\tP-K4   | 13. R-K1  B-Q2", 3)
    assert [(c.text, c.column) for c in row.cells] == [("1. P-K4", 1), ("P-K4", 9),
                                                        ("13. R-K1", 18), ("B-Q2", 28)]
    assert row_of("+---+---+---+", 1).rule == "frame"
    assert row_of("  ----------", 1).rule == "rule"
    assert row_of("x---x---x", 1).rule == "frame"


def test_a_sentence_over_a_table_is_its_caption_read_before_the_columns():
    """A caption centred over the second column (`Black to move and win.` over a solution in
    two columns) is read before the table, not as that column's head."""
    table = columns_layout(list(range(2, 10)), 2)
    lines = [" " * 8 + "count on from 1. to the end", *table]
    grid = grid_of(next(page(lines)), Counting().tokens)
    choice = choose(grid, Counting().replay, [("", 1)])
    assert choice.best.replay.whole and choice.named() == "down each column, then across"
    assert [t.value for t in choice.best.order.tokens] == list(range(1, 10))
    # a word and a number head a column, no caption: it stays over its column
    lines[0] = " " * 8 + "heading 1."
    grid = grid_of(next(page(lines)), Counting().tokens)
    assert grid.sections == [0]


def test_headings_centred_over_pairs_of_columns_head_their_halves():
    """`Game no. 1.` centred over the left pair of columns reaches across the gap between
    them (as `Game no. 8.` over the right pair): the columns are still found, from the rows
    under the headings, each heading in the first column of its pair; read in halves."""
    left, right = [(2, 3), (4, 5), (6, 7)], [(9, 10), (11, 12), (13, 14)]
    lines = [" Game no. 1." + " " * 13 + "Game no. 8."]
    lines += [f"{f'{a}.':<10}{f'{b}.':<14}{f'{c}.':<10}{d}." for (a, b), (c, d) in zip(left, right)]
    grid = grid_of(next(page(lines)), Counting().tokens)
    assert grid.width == 4
    assert grid.column_of()[0] == [0, 2]
    choice = choose(grid, Counting().replay, [("", 1)])
    assert choice.best.replay.whole
    assert choice.named() == "two halves side by side, each row by row"
    assert choice.best.order.band == 2
    assert [t.value for t in choice.best.order.tokens] == list(range(1, 15))


def test_readings_that_replay_equally_far_are_told_apart_by_how_far_they_keep_the_print_order():
    """A family may say how far a reading keeps the print's own order (`Replay.agree`: its
    numbers in sequence, say) where replay alone cannot tell (a start it does not know): of
    readings that consume as much, the one that agrees further is chosen."""
    text = columns_layout(list(range(1, 13)), 3)
    grid = grid_of(next(page(text)), Counting().tokens)

    def unknown_start(tokens, start):   # nothing replays, but the numbers may run in order
        run = next((k for k in range(1, len(tokens)) if tokens[k].value != tokens[k - 1].value + 1),
                   len(tokens))
        return Replay(0, len(tokens), "the start is not given", tokens[0], agree=run)
    choice = choose(grid, unknown_start, [("", None)])
    assert choice.best.order.name == "down each column, then across"
    assert not choice.winners


def test_a_long_line_of_prose_is_cut_into_cells_between_words():
    words = [f"w{n}" for n in range(300)]
    row = row_of(" ".join(words), 7)
    assert len(row.cells) > 1 and all(len(c.text) <= 400 for c in row.cells)
    assert " ".join(c.text for c in row.cells).split(" ") == words
    text = " ".join(words)
    assert all(text[c.column - 1:c.column - 1 + len(c.text)] == c.text for c in row.cells)


def test_frames_side_by_side_are_frames_and_long_rules_are_read_at_once():
    import time
    assert row_of("  +------+-----+    +------+-----+", 1).rule == "frame"
    assert row_of("  -----------+  +-----------", 1).rule == "frame"
    assert row_of("\u250c\u2500\u2500\u2500\u252c\u2500\u2500\u2510", 1).rule == "frame"
    started = time.perf_counter()
    for _ in range(20):   # once backtracked exponentially: seconds a line
        assert row_of("  " + "-" * 40 + "+ C+" + "-" * 40, 1).rule == ""
        assert row_of("  +" + "-" * 40 + "+ +" + "-" * 40 + "+", 1).rule == "frame"
    assert time.perf_counter() - started < 0.05


def test_orders_that_read_columns_each_on_its_own_are_kept_beside_the_others():
    """The Breaks an order puts between columns are no printed tokens: reading each column on
    its own places no more of the print than reading down then across."""
    grid = grid_of(next(page(columns_layout(list(range(1, 9)), 2))), Counting().tokens)
    names = {order.name for order in orders(grid, apart=True)}
    assert {"row by row", "down each column, then across",
            "each column on its own, top to bottom"} <= names
    assert "each column on its own, top to bottom" not in {o.name for o in orders(grid)}


def test_a_fraction_rule_may_be_en_dashes():
    assert row_of("1. \u2013\u2013\u2013\u2013  2. \u2013\u2013\u2013\u2013\u2013\u2013", 1).rule == "numbered"
    assert [c.text for c in row_of("1  ----  2  ------", 1).numbers] == ["1", "2"]


def test_roman_numbers_as_books_print_them():
    assert [roman_value(t) for t in ("I", "iv", "IX", "XIV", "XL", "xlii", "MCMXIV")] == \
        [1, 4, 9, 14, 40, 42, 1914]
    assert roman_value("Trick") == 0 and roman_value("") == 0
