"""The checkers layout zoo: random legal games and positions from hoyle's engine, printed in
each layout books use and in each way of writing a move, read back by the book scanner move for
move from the right start, with no false alarm; one misprint planted in a record is flagged at
its line. Fixed seeds here; `-m benchmark` runs a fresh seed (printed when a case fails)."""
from __future__ import annotations

import os
import random
import time

import pytest

import checkers_printer as cp
from records.checkers import diagrams, engine
from records.checkers.scan import scan_book
from records.core.model import ERROR, REPAIRED, VALID, WARNING


def games(count: tuple[int, int], low: int = 10, high: int = 40, plain: bool = False,
          even: bool = False):
    def make(rnd):
        out = []
        while len(out) < rnd.randint(*count) or not out:
            line = cp.game(rnd, low, high)
            if even and len(line.moves) % 2:
                line = cp.Line(line.start, line.moves[:-1])
            if len(line.moves) >= low and not (plain and _ambiguous(line)):
                out.append(line)
        return out
    return make


def _ambiguous(line: cp.Line) -> bool:
    pos = engine.from_fen(line.start)
    for move in line.moves:
        if len(engine.moves_matching(pos, move.path[0], move.path[-1])) > 1:
            return True
        pos = engine.play(pos, move)
    return False


def noted(rnd):
    while True:
        trunk = cp.game(rnd, 12, 30)
        note = cp.with_variation(rnd, trunk, 0, "a")
        if note is not None:
            return [trunk, note]


def sharing_openings(rnd):
    """Two or three games, the later ones often playing the first one's first moves (a row
    of two games read across then replays a move or two before it fails)."""
    first = cp.game(rnd, 16, 40)
    out = [first]
    while len(out) < rnd.choice([2, 2, 3]):
        shared = rnd.choice([0, 1, 2, 3, 4])
        pos = cp.after(first.start, first.moves[:shared])
        others = [m for m in engine.legal_moves(pos) if m != first.moves[shared]]
        if not others:
            continue
        turn = rnd.choice(others)
        moves = first.moves[:shared] + [turn] + cp.play(rnd, engine.play(pos, turn),
                                                        rnd.randint(14, 40))
        out.append(cp.Line(first.start, moves, verdict=cp.verdict(first.start, moves)))
    return out


def solved(setups: tuple[str, ...], variations: int):
    """A position from random play, a line from it, and variations leaving the line."""
    def make(rnd):
        while True:
            start = cp.position(rnd)
            trunk = cp.game(rnd, 6, 16, start)
            trunk.label = rnd.choice(setups)
            lines = [trunk]
            for k in range(rnd.randint(0, variations)):
                var = cp.with_variation(rnd, trunk, 0, "ABCDEFGH"[k])
                if var is not None and var.at not in {v.at for v in lines[1:]}:
                    lines.append(var)
            if len(trunk.moves) >= 6 and _unique_branches(lines):
                return lines
    return make


def _unique_branches(lines: list[cp.Line]) -> bool:
    """Each variation replays from one ply of the trunk only (else an unlabelled one would be
    ambiguous by right)."""
    trunk = lines[0]
    for var in lines[1:]:
        own = var.moves[var.at:]
        fits = sum(_replays(cp.after(trunk.start, trunk.moves[:ply]), own)
                   for ply in range(1, len(trunk.moves)))
        if fits > 1:
            return False
    return True


def _replays(pos: engine.Position, moves: list) -> bool:
    for move in moves:
        if move not in engine.legal_moves(pos):
            return False
        pos = engine.play(pos, move)
    return True


# layout: (printer, the records, the ways its moves are written)
LAYOUTS = {
    "pairs per row": (cp.pairs_per_row, games((1, 3)), ("joined", "capture", "typography",
                                                        "capture+path", "joined+path", "stray")),
    "games played out": (cp.pairs_per_row, games((1, 1), 150, 300), ("joined", "capture")),
    "a ply per row": (cp.ply_per_row, games((1, 2)), ("joined", "spaced", "dotted")),
    "numbered rows": (cp.numbered_rows, games((1, 2)), ("joined", "capture", "typography")),
    "columns down then across": (cp.columns, games((1, 3), 14), ("typography", "joined", "dotted",
                                                                 "stray")),
    "columns of a game played out": (cp.columns, games((1, 1), 150, 300), ("typography",)),
    "fractions a group at a time": (cp.fraction_groups, games((1, 2), 16, 60), ("joined",
                                                                              "capture")),
    "halves side by side": (cp.halves, games((1, 2), 16, even=True), ("joined", "capture")),
    "games side by side under their headings": (cp.games_side_by_side, sharing_openings,
                                                ("joined", "capture")),
    "colour named a row": (cp.colour_rows, games((1, 2), plain=True), ("joined",)),
    "numbered pairs": (cp.numbered_pairs, games((1, 2)), ("prose",)),
    "box table": (cp.box_table, games((3, 7), 2, 14), ("typography", "joined")),
    "a row per opening": (cp.row_per_opening, games((4, 8), 1, 5), ("joined", "typography")),
    "openings in sentences": (cp.opening_sentences, games((2, 5), 3, 7), ("prose", "takes")),
    "prose": (cp.prose, games((1, 2), 8, 24), ("prose", "takes")),
    "game with a note": (cp.game_with_notes, noted, ("joined", "capture")),
    "game with a note marked after its move": (cp.game_with_notes_after, noted,
                                                ("joined", "capture")),
    "diagram over its solution": (cp.solution, solved(("diagram",), 2), ("dotted", "typography")),
    "stipulation over solution columns": (cp.captioned_solution, solved(("diagram",), 2),
                                          ("dotted",)),
    "position in words over its solution": (cp.solution, solved(("words",), 2), ("dotted",)),
    "FEN over numbered moves": (cp.setup_over_pairs, solved(("fen",), 0), ("joined", "capture")),
    "diagram over numbered moves": (cp.setup_over_pairs, solved(("diagram",), 0), ("joined",)),
}


def _print(name: str, seed: int, misprint: bool = False, ocr: float = 0.0) -> cp.Page:
    printer, make, styles = LAYOUTS[name]
    rnd = random.Random(f"{name}/{seed}")
    lines = make(rnd)
    texts = cp.Texts(lines, rnd.choice(styles), rnd, ocr=ocr)
    if misprint:
        record = rnd.randrange(len(lines))
        line = lines[record]
        texts.misprint = (record, rnd.randrange(line.at, len(line.moves)))
    page = printer(lines, texts, rnd)
    if not _one_reading(page):
        return _print(name, seed + 1000, misprint, ocr)
    page.ocr = texts.confused
    page.misprint = texts.misprint
    return page


def _one_reading(page: cp.Page) -> bool:
    """Whether the drawn position's solution replays from one reading of the board only (a
    position whose solution replays turned about as well is ambiguous by right)."""
    boards = diagrams.find_boards(page.text.split("\n"))
    if not boards:
        return True
    trunk = page.lines[0]
    fits = {placement.fen[1:] for placement in diagrams.placements(boards[0]) for side in "BW"
            if _replays(engine.from_fen(side + placement.fen[1:]), trunk.moves)}
    return len(fits) == 1


def _match(page: cp.Page, records) -> list:
    """Each printed line's record (same start, same moves), in the page's order."""
    found = []
    for line in page.lines:
        want = (line.start, [str(m) for m in line.moves])
        hits = [r for r in records if (r.start_position, [p.normal for p in r.plies]) == want]
        found.append(hits[0] if hits else None)
    return found


# a printed verdict as hoyle stores it: PDN's English results, the first score Black's
VERDICTS = {"Black wins.": "1-0", "White wins.": "0-1"}


def read_back(name: str, seed: int, ocr: float = 0.0) -> None:
    page = _print(name, seed, ocr=ocr)
    records = scan_book(page.text, "zoo.txt")
    where = f"{name}, seed {seed}:\n{page.text}"
    matched = _match(page, records)
    assert all(matched) and len(records) == len(page.lines), \
        (where, [(r.title, r.status, [p.normal for p in r.plies]) for r in records])
    for rec in records:
        alarms = [d for d in rec.diagnostics if d.severity in (ERROR, WARNING)
                  and not (page.ocr and d.code == "CHECKERS-OCR")
                  and not (d.code == "CHECKERS-CLAIM-UNDECIDED")]
        assert not alarms, (where, rec.title, [d.format() for d in alarms])
        assert rec.status == (REPAIRED if page.ocr and any(d.code == "CHECKERS-OCR"
                                                          for d in rec.diagnostics) else VALID)
    layouts = {d.message for r in records for d in r.diagnostics if d.code == "LAYOUT"}
    assert any(m.startswith(f"read {page.layout}") for m in layouts), (where, layouts)
    for line, rec in zip(page.lines, matched):   # the verdict as PDN's English result
        said = VERDICTS.get(line.verdict, "*")
        assert rec.tags.get("Result", "*") == said, (where, rec.title, rec.tags, line.verdict)
    if page.orientation:
        assert {r.data["setup"]["orientation"] for r in records if "setup" in r.data} == \
            {page.orientation}, where


def misprint_flagged(name: str, seed: int) -> None:
    page = _print(name, seed, misprint=True)
    records = scan_book(page.text, "zoo.txt")
    bad = [n for key, n in page.where.items() if key == page.misprint]
    flagged = {d.line for r in records for d in r.diagnostics if d.severity in (ERROR, WARNING)}
    assert bad and bad[0] in flagged, (f"{name}, seed {seed}: misprint on line {bad}", page.text,
                                       [(r.title, [d.format() for d in r.diagnostics]) for r in records])


SEEDS = range(3)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_a_layout_reads_back_move_for_move(name, seed):
    read_back(name, seed)


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_a_misprint_is_flagged_at_its_line(name):
    misprint_flagged(name, 7)


@pytest.mark.parametrize("name, seed, misprint", [
    ("numbered pairs", 215413, False),   # the game ends with White unable to move: Black wins
    ("pairs per row", 215418, False),    # the last row a jump alone (`16x23x30`): was dropped
    ("numbered pairs", 90215, False),    # a jump told in words over three squares (`19 to 12 to 3`)
    ("colour named a row", 777007, True),  # the second move misprinted: the game was dropped
    ("halves side by side", 145, True),  # a misprint that is an opening move, in a row numbered
    #  7: read as an opening named again, rows 1-6 a short valid game
    ("colour named a row", 143, True),   # the third ply misprinted, two one-square readings
    #  fitting: the game was dropped (no record at all); it stops there now, both named
    ("position in words over its solution", 186, True),   # an internal error: a line mended
    #  past a misprint, then stopped again, was cut back by moves it had not kept the places of
    ("prose", 164, False),   # a paragraph of running text read "as well" in two halves (its
    #  squares counted as columns): needs review; bands and columns need cells printed apart
    ("a ply per row", 20, True),   # `Game 2.` over a game whose first move is misprinted: read
    #  as a variation of Game 1 where the misprint replays, its error a line low
    ("columns down then across", 84, True),   # a misprint that is an opening move, in a table
    #  with no move numbers: read as the game begun again, four plies a `valid` game
    ("a row per opening", 159, True),   # the last opening misprinted: the row above read on
    ("diagram over numbered moves", 123, True),
    ("openings in sentences", 128, True),   # an opening misprinted: read on from the one above
    #  (as many plies mended, more repairs), then judged no checkers: dropped without a word
    ("openings in sentences", 3008, True),   # a three-move opening, its second misprinted:
    #  too short to count as play with a misprint in it, dropped without a word
    ("halves side by side", 9204, False),   # a multi-jump longer than its column reached under
    #  the next one: no columns found, the halves read row by row (a game in nine pieces)
])
def test_seeds_the_zoo_at_large_found(name, seed, misprint):
    """Pages a fresh seed of the zoo (test_zoo_with_a_fresh_seed) printed that were misread."""
    (misprint_flagged if misprint else read_back)(name, seed)


def test_openings_a_paragraph_each_that_also_read_on_are_flagged():
    """Seed 25 prints an opening whose moves replay both from the start and on from the
    opening above it: the board cannot tell which the book means. It was read on, silently;
    the record now says so (needs review)."""
    page = _print("openings in sentences", 25, misprint=False)
    records = scan_book(page.text, "zoo.txt")
    flagged = [(r.line, d.line) for r in records for d in r.diagnostics
               if d.code == "LAYOUT" and "as well as a line of their own" in d.message]
    assert flagged == [(5, 7)], (page.text, [(r.title, r.line) for r in records])
    assert records[-1].settle_status() == "needs_review"


@pytest.mark.parametrize("name", ["pairs per row", "columns down then across", "box table"])
def test_ocr_confusions_are_named_not_alarms(name):
    read_back(name, 11, ocr=0.3)


@pytest.mark.parametrize("turn", range(len(cp.ORIENTATIONS)))
def test_a_diagram_in_each_orientation_frame_and_marks(turn):
    """Each orientation, each frame and each way of printing men and kings, once: the reading
    that replays is the one printed, and it is named."""
    orientation = cp.ORIENTATIONS[turn][0]
    drawing = (orientation, sorted(cp.MARKS)[turn % len(cp.MARKS)], cp.FRAMES[turn % len(cp.FRAMES)])
    rnd = random.Random(f"orientation/{turn}")
    while True:
        lines = solved(("diagram",), 1)(rnd)
        page = cp.solution(lines, cp.Texts(lines, "dotted", rnd), rnd, drawing)
        if _one_reading(page):
            break
    records = scan_book(page.text, "zoo.txt")
    matched = _match(page, records)
    assert all(matched) and len(records) == len(lines), page.text
    assert {r.data["setup"]["orientation"] for r in records if "setup" in r.data} == {orientation}
    assert any(orientation in d.message for d in matched[0].diagnostics if d.code == "LAYOUT")


def test_the_zoo_plays_what_pydraughts_calls_legal():
    """The oracle: a sample of the zoo's records (games, positions from random play, their
    variations) replayed move by move in pydraughts."""
    draughts = pytest.importorskip("draughts")
    checked = 0
    for name in ("pairs per row", "diagram over its solution", "game with a note", "box table"):
        page = _print(name, 0)
        for line in page.lines:
            board = draughts.Board(variant="english", fen=line.start)
            for move in line.moves:
                legal = {tuple(m.steps_move): m for m in board.legal_moves()}
                assert move.path in legal, (name, line.start, str(move))
                board.push(legal[move.path])
                checked += 1
            assert engine.from_fen(board.fen) == cp.after(line.start, line.moves)
    assert checked > 50


def test_ten_games_in_tabbed_columns_all_read():
    """Ten games printed as one book prints its solutions, plies down each column then across,
    the columns split by tabs: every one reads whole."""
    rnd = random.Random(1914)
    lines = [cp.game(rnd, 20, 60) for _ in range(10)]
    texts = cp.Texts(lines, "typography", rnd)
    sheet_text = []
    for r, line in enumerate(lines):
        cells = [texts(r, j) for j in range(len(line.moves))]
        count = rnd.randint(2, 8)
        height = -(-len(cells) // count)
        sheet_text += [f"Game No. {r + 1}.", ""]
        sheet_text += ["\t".join(cells[c * height + row] for c in range(count)
                                 if c * height + row < len(cells)) for row in range(height)]
        sheet_text.append("")
    records = scan_book("\n".join(sheet_text), "zoo.txt")
    assert [(r.status, [p.normal for p in r.plies]) for r in records] == \
        [(VALID, [str(m) for m in line.moves]) for line in lines]


@pytest.mark.benchmark
def test_zoo_with_a_fresh_seed():
    """Every layout, ten records each, from a fresh seed (HOYLE_ZOO_SEED repeats one)."""
    seed = int(os.environ.get("HOYLE_ZOO_SEED", time.time_ns() % 1_000_000))
    print(f"zoo seed {seed}")
    started = time.perf_counter()
    for name in sorted(LAYOUTS):
        for k in range(10):
            read_back(name, seed + k)
            misprint_flagged(name, seed + k)
    print(f"{len(LAYOUTS) * 10} pages read twice in {time.perf_counter() - started:.1f} s")
