"""The PBN splitter's two halves of its quick steps: the C one (records/cards/_pbn_split.c,
built where a compiler is) and the pure-Python one (pbn._plain_lines). split_games must give
the same games, field by field, and the same notes whichever runs, on the corpus and on
generated texts that mix every kind of line the splitter meets; C must refuse, never crash on,
what does not fit, and keep no reference it does not own."""
import gc
import random
import sys
import time
import tracemalloc

import pytest

from conftest import CORPUS, need
from records.cards import pbn

BRIDGE = CORPUS / "bridge"


@pytest.fixture
def half(pbn_compiled_half):
    """The C half (conftest builds it from the checkout where the import has none)."""
    if pbn_compiled_half is None:
        pytest.skip("records.cards._pbn_split could not be built here (no C compiler)")
    return pbn_compiled_half


def fields(result) -> tuple:
    """Everything split_games gives, in plain values (dicts as their items: their order too)."""
    games, notes = result
    assert all(type(game) is pbn.Game for game in games)
    return ([(g.line, g.end_line, list(g.tags.items()), list(g.lines.items()),
              list(g.columns.items()), [(k, list(v)) for k, v in g.data.items()],
              list(g.comments), list(g.notes)) for g in games], list(notes))


def assert_halves_agree(text: str, lines: list[str] | None = None) -> tuple:
    compiled = fields(pbn.split_games(text, lines, compiled=True))
    python = fields(pbn.split_games(text, lines, compiled=False))
    assert compiled == python, text[:2000]
    return python


def pbn_files() -> list:
    need(BRIDGE)
    found = sorted(set(BRIDGE.glob("*.pbn")) | set(CORPUS.rglob("*.pbn")))
    assert found
    return found


def test_the_corpus_splits_alike(half):
    games = 0
    for path in pbn_files():
        text = path.read_text(encoding="utf-8")
        split, _ = assert_halves_agree(text)
        assert_halves_agree(text, text.splitlines())
        games += len(split)
    assert games >= 300


def test_the_corpus_reads_alike(half, monkeypatch):
    """The whole read, records and diagnostics, with the C half and without it."""
    def read(path):
        return [(r.title, r.line, r.end_line, r.tags, r.data, r.normal,
                 [(d.line, d.column, d.severity, d.code, d.message) for d in r.diagnostics])
                for r in pbn.read(path.read_text(encoding="utf-8"), str(path))]
    for path in pbn_files():
        compiled = read(path)
        monkeypatch.setattr(pbn, "compiled_lines", None)
        assert read(path) == compiled, path
        monkeypatch.setattr(pbn, "compiled_lines", half)


# -- generated texts ---------------------------------------------------------------------------
NAMES = ["Event", "Site", "Deal", "Board", "Auction", "Play", "Note", "Note", "Contract",
         "OptimumResultTable", "Score", "1", "A_b", "a-b", "", " Site", "Site ", "\tDeal",
         "\u00a0Site", "Deal\u2003", "é", "Ñame", "名前", "x²", "Ⅻ", "\u0660", "Dé al", "ǅ",
         "Bo ard", "_"]
VALUES = ["", "x", "e", "N:AKQ.JT9.876.5432 - - -", "N:KT8.A96.A95.7542 - - -", "#", "a;b",
          "Declarer;Result\\2R", "Declarer;Denomination\\2R;Result\\2R", "{c}", "a{b", "a}b",
          'a\\"b', "\\", "\\\\", "a\\\\b", "é", "3NT", "1:alert", "x y", "W", "\\x"]
PLAIN = ["Pass Pass 1NT Pass", "SA HK D2 C3", "N NT  7", " S  H  5", "- - - -", "AP",
         "=1= Pass", "$12 X", "*", "é ü", "x\u00a0y", "  leading", "trailing  ", "D2 +",
         "1C! 2H?", "7 6 5", "\u00a0\u00a0x", "ｘ", "W  C  5", "E NT  6"]
ODD = ["1C Pass ; alert", ";whole comment", "S2 ;", "SA {good lead} HK", "{comment}", "{open",
       "close} SA", "}", "{{nested}}", "{a {b} c}", "junk text", "[Event", "]", '"', "x[y",
       'Pass [Note "1:x"]', "[", "[]", "[Name]", '[Name "v', '["v"]', '[ "v"]', "{", "}{",
       'SA [Play "W"] HK', '{x} [Deal "N:- - - -"]', '[Note "a"] [Note "b"]', "\x85", "a\u2028b",
       "x\x1cy", '[Site "s"] ; c', '[Site "s"] {c}', '[Site "s"] {c', '[Site "s"][Board "1"]',
       '[Board "1"]]', '[Board "1"]"]', '[Deal "x"] junk', "%x ; {", "Pass {", "} Pass {",
       "[Event \"e\"", "%", "% PBN 2.1", "%{", "% ;", "%[Event \"x\"]"]
BLANK = ["", " ", "   ", "\t", "\u3000", "\xa0", " \t "]


def tag_line(rng: random.Random, name: str | None = None) -> str:
    name = rng.choice(NAMES) if name is None else name
    value = rng.choice(VALUES)
    open_, between, close = rng.choice([("[", " ", "]")] * 8 + [
        ("[", "  ", "]"), ("[ ", " ", " ]"), ("[", "", "]"), ("[", "\t", "]"), ("[", " ", "] "),
        ("[", " ", "]\t"), ("[", " ", "]]"), ("[", " ", '"]'), ("[", " ", "] ;x"),
        ("[", " ", "]{y}"), ("[", " ", ""), ("[", " ", "]\u3000")])
    return f'{open_}{name}{between}"{value}"{close}'


def game_lines(rng: random.Random) -> list[str]:
    """A game-like run: tags, each sometimes with its section's rows after it."""
    lines = []
    if rng.random() < 0.7:
        lines.append(tag_line(rng, "Event"))
    for _ in range(rng.randrange(1, 7)):
        lines.append(tag_line(rng, rng.choice(NAMES[:12]) if rng.random() < 0.6 else None))
        for _ in range(rng.choice([0, 0, 1, 2, 4])):
            lines.append(rng.choice(PLAIN) if rng.random() < 0.85 else rng.choice(ODD))
    return lines


def random_text(rng: random.Random) -> str:
    lines = []
    for _ in range(rng.randrange(1, 6)):
        kind = rng.random()
        if kind < 0.45:
            lines.extend(game_lines(rng))
        elif kind < 0.55:
            lines.append(tag_line(rng))
        elif kind < 0.7:
            lines.append(rng.choice(PLAIN))
        elif kind < 0.85:
            lines.append(rng.choice(ODD))
        else:
            lines.append("%" + rng.choice(["", " PBN 2.1", " EXPORT", "x"]))
        if rng.random() < 0.4:   # games apart, or not
            lines.append(rng.choice(BLANK))
    newline = rng.choice(["\n"] * 6 + ["\r\n", "\r"])
    return newline.join(lines) + rng.choice(["", newline, newline * 2])


@pytest.mark.parametrize("seed", range(5))
def test_generated_texts_split_alike(half, seed):
    rng = random.Random(seed)
    seen = dict.fromkeys(["games", "tags", "rows", "tokens", "notes", "comments", "syntax",
                          "columns", "escapes", "several games"], 0)
    for _ in range(4000):
        text = random_text(rng)
        games, notes = assert_halves_agree(text)
        seen["games"] += bool(games)
        seen["several games"] += len(games) > 1
        seen["syntax"] += bool(notes)
        for _, _, tags, _, columns, data, comments, game_notes in games:
            seen["tags"] += len(tags)
            seen["columns"] += bool(columns)
            seen["comments"] += bool(comments)
            seen["notes"] += bool(game_notes)
            seen["escapes"] += any("\\" in v for _, v in tags)
            for _, items in data:
                seen["rows"] += sum(1 for item in items if item[2] == 0)
                seen["tokens"] += sum(1 for item in items if item[2] != 0)
    # every way through the splitter was taken, often
    assert min(seen.values()) >= 200, seen


# the rules the quick steps follow: a tag the game has starts the next game, a Note is kept
# apart, a blank line ends a game only with tags, `%` lines are skipped, an unclosed comment
# ends where a game begins, escapes are read only by _tag
HAND_MADE = [
    '[Event "a"]\n[Site "s"]\n[Event "b"]\n[Site "t"]\n',
    '[Note "1:x"]\n\n[Event "a"]\n[Note "2:y"]\n[Note "3:\\"z\\""]\n',
    '[Event "a"]\n%x\n[Auction "N"]\n1C Pass\n% mid\n2C Pass\n\n\n[Event "b"]',
    '[Event "a"]\n{open\n[Event "b"]\n[Deal "x\\\\y"]\n',
    '[Event "a"]\n{open\n\n[Site "b"]\nrows\n',
    '[Event "a\\\\b"]\n[Site "a\\\\b"] \n[OptimumResultTable "D;R"]\nN 1\nS 2\n',
    '[Event "a"]\n[Auction "N"]\n1C {x} Pass\nPass ; y\n2C\n',
    '[Event "a"]\n[ Site  "b" ]\n[é "x"]\n[A_b "y"]\n[A_b "z"]\n',
    'junk\n[Deal "x"]\n  \n[Deal "y"]\n\u3000\n[Deal "z"]',
    '', '\n\n', '%only\n', '[Note "n"]\n', '[Event "a"]\n[Note "plain"]\n[Note "b"]\n',
]


def test_the_quick_steps_meet_every_line_kind(half):
    for text in HAND_MADE:
        assert_halves_agree(text)
    # lines not the text's (no caller gives such): a line break in a tag's value
    for lines in (['[Event "a"]', '[Site "a\\\nb"] ', "x"], ['[Event "a"]', '[Site "a\\\n"]']):
        assert_halves_agree("", lines)


# -- what the C half refuses, and the references it keeps ----------------------------------------
def test_the_c_half_refuses_what_does_not_fit(half):
    with pytest.raises(TypeError):
        half(("a",), 0, None, None, [], False, pbn._tag)
    with pytest.raises(TypeError):
        half(['[Event "a"]', 5], 0, None, None, [], False, pbn._tag)
    with pytest.raises(ValueError):
        half(["a"], -1, None, None, [], False, pbn._tag)
    with pytest.raises(TypeError):
        half(["a"], 0, None, None, [], False)
    assert half(["a"], 5, None, None, [], False, pbn._tag) == (5, None, None)

    def failing(*args):
        raise KeyError("from _tag")
    with pytest.raises(KeyError):
        half(['[Event "a"]'], 0, None, None, [], False, failing)
    with pytest.raises(AttributeError):   # what _tag gives must be a game
        half(['[Event "a"]', '[Site "b"]'], 0, None, None, [], False, lambda *a: object())


def test_the_c_half_keeps_no_reference(half):
    rng = random.Random(7)
    text = "\n\n".join([need(BRIDGE / "eytc1998_vienna_80_boards.pbn").read_text(encoding="utf-8"),
                        *(random_text(rng) for _ in range(300)), *HAND_MADE])
    lines = text.splitlines()
    calls = [0]

    def failing(*args):   # every error path that _tag's failure takes
        calls[0] += 1
        if calls[0] % 7 == 0:
            raise KeyError("from _tag")
        return pbn._tag(*args)
    watched = [pbn._tag, pbn.Game, None, *lines]
    start = 0
    before = [sys.getrefcount(o) for o in watched]
    for _ in range(3):
        result = pbn.split_games(text, lines)
        del result
    for start in range(0, len(lines), 97):
        games = []
        try:
            half(lines, start, None, None, games, True, failing)
        except KeyError:
            pass
        del games
    gc.collect()
    assert [sys.getrefcount(o) for o in watched] == before

    tracemalloc.start()
    try:
        pbn.split_games(text, lines)
        gc.collect()
        first = tracemalloc.get_traced_memory()[0]
        for _ in range(30):
            pbn.split_games(text, lines)
        gc.collect()
        assert tracemalloc.get_traced_memory()[0] - first < 4096
    finally:
        tracemalloc.stop()


# -- speed ---------------------------------------------------------------------------------------
def best_of(text: str, lines: list[str], compiled: bool, rounds: int) -> float:
    """The least CPU time of split_games over `rounds` runs, the cyclic collector paused as
    pbn.read pauses it (each result is let go after the clock stops)."""
    best = float("inf")
    enabled = gc.isenabled()
    gc.disable()
    try:
        for _ in range(rounds):
            start = time.process_time()
            result = pbn.split_games(text, lines, compiled=compiled)
            best = min(best, time.process_time() - start)
            del result
    finally:
        if enabled:
            gc.enable()
    return best


@pytest.mark.benchmark
def test_the_c_half_is_faster(half):
    compiled = python = 0.0
    print()
    for path in sorted(need(BRIDGE).glob("*.pbn")):
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        c, p = best_of(text, lines, True, 60), best_of(text, lines, False, 60)
        print(f"  {path.name}: {len(lines)} lines, split_games C {c * 1000:.2f} ms, "
              f"pure Python {p * 1000:.2f} ms ({p / c:.1f}x)")
        compiled, python = compiled + c, python + p
    print(f"PBN split_games over the corpus: C {compiled * 1000:.2f} ms, pure Python "
          f"{python * 1000:.2f} ms: {python / compiled:.1f}x")
    assert python / compiled >= 2
