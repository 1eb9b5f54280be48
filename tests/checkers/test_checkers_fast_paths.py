"""Fast paths that must read as the slow ones: the endgame search's packed positions and
successor generator against the engine, the token scanner against the grammar's terminals."""
import random

from records.checkers import endgame, engine


def _positions(games: int, seed: int):
    """Positions met in random games from the start and from random small endings."""
    rng = random.Random(seed)
    for g in range(games):
        if g % 2:
            pos = engine.initial()
        else:
            squares = rng.sample(range(32), rng.randint(2, 7))
            boards = [0, 0, 0, 0]
            for k, s in enumerate(squares):
                boards[k % 2 * 2 + rng.randint(0, 1)] |= 1 << s
            pos = engine.Position(*boards, rng.choice("BW"))
        for _ in range(120):
            yield pos
            moves = engine.legal_moves(pos)
            if not moves:
                break
            pos = engine.play(pos, rng.choice(moves))


def test_children_are_the_engine_moves_in_order():
    met = 0
    for pos in _positions(400, 7):
        assert endgame.unpack(endgame.pack(pos)) == pos
        after = (endgame.pack(engine.play(pos, m)) for m in engine.legal_moves(pos))
        expected = tuple(dict.fromkeys(after))   # in order, each position once
        assert endgame.children(endgame.pack(pos)) == expected
        met += 1
    assert met > 10_000




def test_a_move_is_seen_at_once_as_the_engine_finds_one():
    """_can_move, the search's test at its leaves, agrees with the engine's moves."""
    stuck = 0
    for pos in _positions(300, 11):
        p = endgame.pack(pos)
        endgame._KIDS.pop(p, None)
        assert endgame._can_move(p) == bool(engine.legal_moves(pos))
        stuck += not engine.legal_moves(pos)
    assert stuck > 100


def _small_position(rng: random.Random) -> int:
    boards = [0, 0, 0, 0]
    for s in rng.sample(range(32), rng.randint(1, 3)):
        boards[rng.randrange(4)] |= 1 << s
    return endgame.pack(engine.Position(*boards, rng.choice("BW")))


def test_small_endings_solved_a_level_at_a_time_as_position_by_position():
    """The numpy analysis of small endings (alone, and after the position-by-position one
    gives up on more than a few positions) finds what the position-by-position one finds,
    from the same solved positions: the values, the count of positions looked at, None past
    the limit, and every value recorded."""
    saved = dict(endgame._SOLVED)
    rng = random.Random(5)
    try:
        stopped = told = 0
        for _ in range(12):
            claims = [(_small_position(rng), rng.choice((1, 30, 400, 3000, 12000)))
                      for _ in range(rng.randint(2, 6))]
            runs = []
            for solve in (endgame._solve_by_search, endgame._solve_small, endgame._solve):
                endgame._SOLVED.clear()
                found = []
                for p, limit in claims:
                    found.append((solve(p, limit), endgame._last_closure[0]))
                runs.append((found, dict(endgame._SOLVED)))
            assert runs[0] == runs[1] == runs[2]
            stopped += sum(value is None for value, _ in runs[0][0])
            told += sum(value is not None for value, _ in runs[0][0])
        assert stopped and told   # both the limit and the values were met
    finally:
        endgame._SOLVED.clear()
        endgame._SOLVED.update(saved)


def test_token_scanner_reads_as_the_grammars_terminals():
    """The scanner leaves out the grammar's ignored whitespace and, without words, first checks
    where a token can start: on every line of the seeds and the corpus books it finds the same
    tokens as the plain alternation of the terminals."""
    import re
    from pathlib import Path

    import pytest

    from records.checkers import notation
    books = [*Path("../shared/seeds").glob("*.txt"), *Path("../shared/corpus").glob("*/*.txt")]
    lines = [line for book in books for line in book.read_text(errors="replace").splitlines()]
    if not lines:
        pytest.skip("no seeds or corpus")
    for words in (True, False):
        plain = re.compile("|".join(
            f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in notation._terminals()
            if words or t.name not in ("WORD", "BARE", "OTHER"))
            + ("" if words else f"|(?P<SMALL>{notation._READER_WORDS})"))
        fast = notation._scanner(words)
        for line in lines:
            expected = [(m.lastgroup, m.span()) for m in plain.finditer(line)
                        if not m.lastgroup.startswith("__")]
            assert [(m.lastgroup, m.span()) for m in fast.finditer(line)] == expected, line


def _shape(reading) -> list:
    """A reading's lines as plain data: what each line read, from where, and how it ended."""
    index = {id(line): k for k, line in enumerate(reading.lines)}
    return [(line.kind, line.how, line.label, [(t.line, t.column, t.text) for t in line.moves],
             line.played, [(t.line, t.column) for t in line.decorations],
             (line.claim.line, line.claim.column) if line.claim else None, line.start,
             index.get(id(line.parent)), line.at, index.get(id(line.continues)), line.failed,
             line.marked, line.indexes, line.ends, line.numbered, line.stopped,
             index.get(id(line.resumes)), line.ambiguous) for line in reading.lines]


def test_a_first_block_read_whole_is_the_tolerant_replay_of_it():
    """SpanRecords takes the engine's reading of a span's first block where no line stopped
    in it, instead of the tolerant replay: on every book of the corpus and the seeds, the
    tolerant replay of each such reading reads the same lines."""
    from conftest import CORPUS, SEEDS, need
    from records.checkers.reading import CheckersReader
    from records.checkers.scan import pick
    from records.checkers.stream import replay
    from records.core.pages import read_page
    books = sorted(need(SEEDS).glob("*.txt")) + sorted((need(CORPUS) / "checkers").glob("*.txt")) \
        + [CORPUS / "chess" / "every_boys_book_pg42172.txt"]
    compared = 0
    for book in books:
        lines = need(book).read_text(encoding="utf-8", errors="replace").split("\n")
        for span in read_page(lines, CheckersReader(lines)):
            tried, _ = pick(span.choices[0])
            if tried.replay.failure or getattr(tried, "mended", None) is not None:
                continue
            again = replay(tried.order.tokens, tried.start, tolerant=True)
            assert _shape(again.value) == _shape(tried.replay.value), (book.name, span.line)
            compared += 1
    assert compared >= 20   # (21 spans on the corpus and seeds of November 2026)


def test_boards_near_a_block_found_by_bisection_as_by_looking_at_every_board():
    """The page reader finds the boards drawn in a block, and those just above it, by bisecting
    the boards' first and last lines; on the books that draw boards (the Britannica's draughts
    article, Foster's Hoyle, and a chess book whose diagrams the checkers reader finds as
    boards), every checkers record is the one found by looking at every board for every
    block."""
    import json

    from conftest import CORPUS, need
    from records.checkers import reading, scan
    books = [need(CORPUS / "checkers" / "eb1911_draughts_pg32783.txt"),
             need(CORPUS / "whist" / "fosters_complete_hoyle_pg53881.txt"),
             need(CORPUS / "chess" / "chess_strategy_pg5614.txt")]
    made = reading.CheckersReader.__init__
    bisected, boards = [], 0

    def every_board(self, lines):
        made(self, lines)
        bisected.append(self._firsts is not None)
        self._firsts = self._lasts = None

    for book in books:
        text = book.read_text(encoding="utf-8", errors="replace")
        fast = [json.dumps(r.to_dict(), sort_keys=True, default=str)
                for r in scan.scan_book(text, book.name)]
        boards += len(reading.CheckersReader(text.split("\n")).boards)
        reading.CheckersReader.__init__ = every_board
        try:
            slow = [json.dumps(r.to_dict(), sort_keys=True, default=str)
                    for r in scan.scan_book(text, book.name)]
        finally:
            reading.CheckersReader.__init__ = made
        assert fast == slow
    assert bisected == [True] * len(books) and boards > 150
