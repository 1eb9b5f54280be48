"""Fast paths of the chess book reader that must read as the slow ones: on every line of the
seeds and the corpus books, the prose facts found with each pattern's cheap look first are the
ones every pattern finds tried on every line, and plain text made with the translations applied
only where they change something is the text made with them applied always."""
from pathlib import Path

import pytest

from records.chess import book_tags, text
from records.chess.diagrams import men_listed


def _lines() -> list[str]:
    books = [*Path("../shared/seeds").glob("*.txt"), *Path("../shared/corpus").glob("*/*.txt")]
    lines = [line for book in books for line in book.read_text(errors="replace").splitlines()]
    if not lines:
        pytest.skip("no seeds or corpus")
    return lines


def _every_pattern(line: str) -> dict:
    """The prose facts of a line, every pattern tried (as before the cheap looks)."""
    tags = {}
    m = book_tags.PLAYERS.search(line)
    if m:
        tags["White"] = (m.group("white") or m.group("white2")).strip()
        tags["Black"] = (m.group("black") or m.group("black2")).strip()
    m = book_tags.EVENT_LINE.match(line) or book_tags.PLAYED_AT.search(line)
    if m:
        tags["Event"], tags["Date"] = m.group("event").strip(), f"{m.group('year')}.??.??"
    m = book_tags.FEN_LINE.search(line)
    if m:
        tags["_fen"] = m.group(1)
    m = book_tags.AS_IN_GAME.search(line)
    if m:
        tags["_as_in"] = (int(m.group("game")), int(m.group("last")))
    m = book_tags.MEN_OF_A_SIDE.search(line)
    if m:
        tags[f"_men_{m.group('side').lower()}"] = men_listed(m.group("men"))
    m = book_tags.COMPARE.match(line)
    if m:
        tags["BookOpening"] = m.group("name").strip()
    if book_tags.DIAGRAM.search(line):
        tags["_diagram"] = True
    return tags


def test_prose_facts_read_as_every_pattern_tried():
    lines = _lines()
    found = 0
    for line in lines:
        expected = _every_pattern(line)
        assert book_tags._prose_tags(line) == expected, line
        found += bool(expected)
    assert found > 100   # the books state facts: the comparison met them


def test_plain_text_reads_as_the_translations_applied_always():
    made_plain = 0
    for line in _lines():
        always = line.translate(text.QUOTES)
        if "—" in always or "–" in always or "--" in always:
            always = text.DASH_FOR_MOVE.sub(lambda m: m.group(1) + "…" * len(m.group(2)), always)
        always = always if "$" in always or "\\" in always else always.translate(text.ITALICS)
        assert text.plain(line) == always, line
        made_plain += always != line
    assert made_plain > 100   # quotes and italics were met and changed



def test_a_worded_position_mended_is_read_as_when_every_failure_was_searched_first():
    """A line from a position given in words that fails at once: the search past its failure
    is left out when the line is read again from a mended position (the first reading is
    thrown away). On the 1914 Hoyle (a line that fails late, one that fails at once and is
    mended by one man moved) and on it with the mended line's first move made one no man
    moved can mend (`Q-Q8 ch`, there being no queen), every record is that of the reading
    that searched everything first."""
    import json

    from conftest import HOYLE_1914, need
    from records.chess import scan, validation
    from records.core.family import family
    text = need(HOYLE_1914).read_text(encoding="utf-8")
    start, end = text.index("If it is knight and bishop"), text.index("The black king may vary")
    passage = text[start:end]
    unmendable = passage.replace(r"\frac{Kt-B7 \text{ ch}}", r"\frac{Q-Q8 \text{ ch}}", 1)
    assert unmendable != passage
    quick = validation.validate_line

    def everything_first(rec, setup, items, later=None):
        return quick(rec, setup, items)

    def records(book: str) -> list[str]:
        return [json.dumps(r.to_dict(), sort_keys=True, default=str)
                for r in family("chess").scan_book(book, "hoyle.txt")]

    mended = []
    for book in (text, text[:start] + unmendable + text[end:]):
        fast = records(book)
        scan.validate_line = everything_first
        try:
            slow = records(book)
        finally:
            scan.validate_line = quick
        assert fast == slow
        mended.append(sum("CHESS-SETUP-REPAIRED" in r for r in fast))
    assert mended == [1, 0]


def test_reading_a_book_leaves_no_cycles_for_the_collector():
    """resolve()'s search calls itself through its own closure; the cycle is broken when it
    returns, so the boards, moves and lists of each of the thousands of searches a book makes
    are freed at once instead of waiting for the cyclic collector (98,000 objects on the 1914
    Hoyle, and a collection pass over them every few hundred searches)."""
    import gc

    from conftest import HOYLE_1914, need
    from records.core.family import family
    text = need(HOYLE_1914).read_text(encoding="utf-8")
    family("chess").scan_book(text[:2000], "warm.txt")   # caches filled, modules loaded
    gc.collect()
    gc.disable()
    try:
        records = family("chess").scan_book(text, "hoyle.txt")
        left = gc.collect()
    finally:
        gc.enable()
    assert len(records) > 50 and any(r.diagnostics for r in records)
    assert left < 100


def test_the_first_spelling_is_the_first_of_every_spelling():
    """spelling() stops at the first exact form; on every legal move of the positions of 8
    random games (captures, castling, promotions, pieces of a kind on both wings), it is the
    first of the spellings() that tries them all."""
    from records.chess.spelling import spelling, spellings
    seen, promotions, castles = 0, 0, 0
    for board, labels, moves in random_positions(seed=5, games=8, longest=160):
        for move in moves:
            assert spelling(board, labels, move) == spellings(board, labels, move)[0]
            seen += 1
            promotions += bool(move.promotion)
            castles += board.is_castling(move)
    assert seen > 4_000 and promotions and castles


def random_positions(seed: int, games: int, longest: int):
    """(board, the men's labels, the legal moves) at each position of random games; the board
    moves on when the next is asked for."""
    import random

    import chess

    from records.chess.moves import initial_labels, moved_labels
    rng = random.Random(seed)
    for _ in range(games):
        board = chess.Board()
        labels = initial_labels(board)
        for _ in range(rng.randint(20, longest)):
            moves = list(board.legal_moves)
            if not moves:
                break
            yield board, labels, moves
            move = rng.choice(moves)
            labels = moved_labels(labels, board, move)
            board.push(move)


def test_nearest_readings_ranked_once_read_as_ranked_afresh():
    """A failure's nearest readings are ranked once and kept (the error names three, the
    search past it orders all of them), and each legal move's spelling too: on the positions
    of 4 random games, what a kept ranking gives, at either length, is what ranking afresh
    gives, and the kept spellings are spelling()'s, in the order of the legal moves."""
    import random

    from records.chess import repairs
    from records.chess.spelling import spelling
    rng = random.Random(9)
    compared = 0
    for board, labels, moves in random_positions(seed=9, games=4, longest=80):
        printed = spelling(board, labels, rng.choice(moves)).replace("K", "Q", 1)
        fresh = []
        for n in (3, 200):
            repairs._RANKED.clear()
            repairs._SPELLED.clear()
            fresh.append(repairs.nearest_readings(board, labels, printed, n))
        repairs._RANKED.clear()
        kept = [repairs.nearest_readings(board, labels, printed, n) for n in (200, 3)]
        assert kept[::-1] == fresh and fresh[0] == fresh[1][:3]
        spelled = repairs.spelled_moves(board, labels)
        assert list(spelled.items()) == [(m, spelling(board, labels, m)) for m in moves]
        compared += 1
    assert compared > 100


def test_a_failure_made_when_asked_is_the_failure_copied_when_met():
    """resolve() keeps a failure's moves and makes its board and labels only when asked for
    (most searches are trials read for their depth). On every search the chess reader makes of
    the 1914 Hoyle and of a book whose lines often fail (Capablanca's), the board and labels
    made at last are those copied at the moment of the failure, as resolve() once did: the
    same position, move stack and labels."""
    from conftest import CORPUS, HOYLE_1914, need
    from records.chess import resolver
    from records.chess.moves import TracedLabels
    from records.core.family import family
    met = []
    failed = resolver.Resolution.failed

    def copied_too(res, at, path, castled, board, labels, double_first):
        failed(res, at, path, castled, board, labels, double_first)
        met.append((res, list(path), board.copy(), TracedLabels(labels, list(path),
                                                                list(castled)).snapshot(board)))

    books = [need(HOYLE_1914), need(CORPUS / "chess" / "chess_fundamentals_pg33870.txt")]
    resolver.Resolution.failed = copied_too
    try:
        for book in books:
            family("chess").scan_book(book.read_text(encoding="utf-8"), book.name)
    finally:
        resolver.Resolution.failed = failed
    latest = {id(res): (res, path, board, labels) for res, path, board, labels in met}
    stacks = 0
    for res, path, board, labels in latest.values():
        assert res.fail_path[len(res.fail_path) - len(path):] == path  # (a trial's counts on)
        assert res.fail_board.fen() == board.fen()
        assert res.fail_board.move_stack == board.move_stack
        assert res.fail_labels == labels
        stacks += len(board.move_stack) > 0
    assert len(latest) > 1000 and stacks > 500


def test_initial_labels_are_those_of_every_man_on_the_board():
    """initial_labels() looks only at the rooks, knights and bishops: on the positions of 6
    random games it gives what labelling every man of board.piece_map() gave, in its order."""
    import chess

    from records.chess.moves import LETTER, initial_labels
    seen = 0
    for board, _, _ in random_positions(seed=3, games=6, longest=200):
        every = {sq: ("K" if chess.square_file(sq) >= 4 else "Q") + LETTER[p.piece_type]
                 for sq, p in board.piece_map().items()
                 if p.piece_type in (chess.ROOK, chess.KNIGHT, chess.BISHOP)}
        assert list(initial_labels(board).items()) == list(every.items())
        seen += 1
    assert seen > 300


def _read_by_the_grammar(text: str):
    """parse_move() as the grammar alone reads it."""
    from records.chess import descriptive as dn
    items = dn.parse(text)
    moves = [i for i in items if isinstance(i, dn.Move)]
    if len(moves) != 1 or any(isinstance(i, dn.Unreadable) for i in items):
        return None
    return moves[0]


def test_the_plainest_moves_read_without_the_grammar_as_with_it():
    """parse_move() reads the plainest forms (a man to a square or taking a man, close or
    spaced, with "ch" or not) without the grammar: every one of those forms (12,765) reads as
    the grammar reads it, and so does every cell of the seeds and corpus books that has one."""
    from itertools import product

    from records.chess import descriptive as dn
    from records.chess.book import CELL
    forms = []
    for joiner in ("", " "):
        men = [joiner.join(p) for p in dn.PLAIN_MEN]
        files = [joiner.join(p) for p in dn.PLAIN_FILES]
        checks = ["", " ch"] + (["ch"] if not joiner else [])
        to, takes = ("-", "x") if not joiner else (" - ", " x ")
        forms += [f"{man}{to}{file}{joiner}{rank}{check}"
                  for man, file, rank, check in product(men, files, "12345678", checks)]
        forms += [f"{man}{takes}{victim}{check}" for man, victim, check in product(men, men, checks)]
    assert len(set(forms)) == 12_765
    for form in forms:
        plain = dn._plain_move(form)
        assert plain is not None and plain == _read_by_the_grammar(form), form
    cells = {m.group() for line in _lines() for m in CELL.finditer(line)}
    printed = [c for c in cells if dn._plain_move(c) is not None]
    for cell in printed:
        assert dn._plain_move(cell) == _read_by_the_grammar(cell), cell
    near = ["P-K4 ", " P-K4", "P -K4", "Kt-KB3 mate", "P-K4!", "PxP e.p.", "K-R sq", "P-K9",
            "KtxB3", "Q. to K. R. 5"]
    assert all(dn._plain_move(t) is None for t in near)   # left to the grammar
    assert len(printed) > 500


def test_a_drawn_start_chosen_from_one_replay_a_reading_as_from_two():
    """Of the readings of a board drawn above a line, the start is chosen from one replay of the
    line each (its depth tells whether it fails at once): on every game under a board in a
    chess book that draws its positions, the start is the one found by replaying the line
    again to ask whether it fails at once."""
    from conftest import CORPUS, need
    from records.chess import scan
    from records.chess.book import find_games
    from records.chess.diagrams import start_fen
    from records.chess.resolver import Setup

    def replayed_twice(raw, placements):
        best, reach = None, -1
        for placement, note in placements:
            fen = start_fen(placement, not raw.black_first, raw.first_number)
            if fen is None:
                continue
            depth = scan._depth(Setup(fen=fen), raw.items)
            if depth > reach and not scan._fails_at_once(Setup(fen=fen), raw.items):
                best, reach = Setup(fen=fen, note=note), depth
        return best

    text = need(CORPUS / "chess" / "chess_strategy_pg5614.txt").read_text(encoding="utf-8")
    drawn, started = 0, 0
    for raw in find_games(text):
        placements = raw.tags.get("_boards", []) + raw.tags.get("_board_words", [])
        if not placements:
            continue
        once, twice = scan._drawn_setup(raw, placements), replayed_twice(raw, placements)
        assert (once and (once.fen, once.note)) == (twice and (twice.fen, twice.note))
        drawn += 1
        started += once is not None
    assert drawn > 50 and 0 < started < drawn
