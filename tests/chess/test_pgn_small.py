"""pgn_small: a few games read with python-chess's board alone make the very records the bulk
reader makes, and anything else goes to the bulk reader; commands that touch a few games load
neither numpy nor the compiled reader."""
import os
import re
import subprocess
import sys

import pytest

from records.chess import pgn, pgn_small
from records.core.model import VALID

from conftest import CORPUS, ROOT, need
from test_pgn import random_games_pgn
from test_pgn_roundtrip import ANNOTATED, CLOCKS, TRICKY, bulk_only, comparable

TWIC = CORPUS / "chess" / "twic0920.pgn"


def read_both(text: str, monkeypatch) -> tuple[list, list, int]:
    """(records read a few games at a time, the same by the bulk reader, games pgn_small took)."""
    taken = []
    original = pgn_small._game

    def counting(*args):
        rec = original(*args)
        taken.append(rec)
        return rec
    monkeypatch.setattr(pgn_small, "_game", counting)
    few = pgn.read(text, "few.pgn")
    bulk_only(monkeypatch)
    taken_few = len(taken)
    return few, pgn.read(text, "few.pgn"), taken_few


def assert_same(few: list, bulk: list) -> None:
    assert comparable(few) == comparable(bulk)
    assert [r.fingerprint for r in few] == [r.fingerprint for r in bulk]
    assert [list(r.key_hashes) for r in few] == [list(r.key_hashes) for r in bulk]


def games_of(text: str) -> list[str]:
    return re.split(r"\n\n(?=\[Event )", text.strip())


def test_real_games_a_few_at_a_time_are_the_bulk_reader_s(monkeypatch):
    games = games_of(need(TWIC).read_text(encoding="utf-8"))
    for start in range(0, 160, 16):   # long tag sections, UTF-8 names, games without moves
        text = "\n\n".join(games[start:start + 16]) + "\n"
        with monkeypatch.context() as patch:
            few, bulk, taken = read_both(text, patch)
        assert_same(few, bulk)
        assert taken in (0, 16)   # a batch is taken whole or not at all


def test_annotated_and_clocked_games_are_taken_and_read_alike(monkeypatch):
    text = ANNOTATED + "\n" + CLOCKS
    few, bulk, taken = read_both(text, monkeypatch)
    assert taken == 2
    assert_same(few, bulk)
    assert few[0].data["variations"] == 1 and few[1].plies[-1].normal == "Qxf7#"


@pytest.mark.parametrize("odd", [
    "1. Ng1f3 Nf6 *",             # long algebraic: not the SAN itself
    "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0",   # the mate printed without its sign
    "1. e4+ e5 *",                # a false check sign
    "1. e4 e5 2. Ke3 *",          # an illegal move
    "1. e4 -- 2. d4 *",           # a null move
    "1. e4 e5 zz 2. Nf3 *",       # junk
    "*",                          # no move
])
def test_anything_but_the_plainest_game_goes_to_the_bulk_reader(odd, monkeypatch):
    text = '[Event "Plain"]\n\n1. d4 d5 *\n\n[Event "Odd"]\n\n' + odd + "\n"
    few, bulk, taken = read_both(text, monkeypatch)
    assert taken == 1   # the plain game was read, then the batch was handed on
    assert comparable(few) == comparable(bulk)
    assert [r.fingerprint for r in few] == [r.fingerprint for r in bulk]


def test_set_up_positions_and_variants_go_to_the_bulk_reader(monkeypatch):
    few, bulk, taken = read_both(TRICKY, monkeypatch)
    assert taken < len(few) == 14
    assert comparable(few) == comparable(bulk)


def test_random_games_with_every_kind_of_move(monkeypatch):
    text = random_games_pgn(count=200, seed=23)
    games = games_of(text)   # (every third prints 0-0, every fifth no check sign: handed on)
    plain = [g for n, g in enumerate(games) if n % 3 and n % 5]
    plain[0] = '[Event "Long castles"]\n\n1. d4 d5 2. Nc3 Nc6 3. Bf4 Bf5 4. Qd2 Qd7 5. O-O-O O-O-O *'
    sans = set()
    for start in range(0, 64, 16):
        few, bulk, taken = read_both("\n\n".join(plain[start:start + 16]) + "\n", monkeypatch)
        assert taken == 16
        assert_same(few, bulk)
        sans |= {p.normal for r in few for p in r.plies}
        monkeypatch.undo()
    assert {"O-O", "O-O-O"} <= sans and any("=" in s for s in sans)
    assert any(re.fullmatch(r"[NBRQ][a-h1-8]x?[a-h][1-8][+#]?", s) for s in sans)


LOADED = ("import atexit, sys\n"
          "from records.cli import main\n"
          "atexit.register(lambda: print(sorted(m for m in ('numpy', 'chess',"
          " 'rust_pgn_reader_python_binding', 'chess.pgn', 'rich') if m in sys.modules),"
          " file=sys.stderr))\n"
          "main(sys.argv[1:])\n")


def loaded(*args: str, cwd) -> list[str]:
    done = subprocess.run([sys.executable, "-c", LOADED, *args], cwd=cwd, capture_output=True,
                          text=True, timeout=120, env={"PYTHONPATH": str(ROOT), "PATH": "", **{
                              k: v for k, v in os.environ.items()
                              if k == "PYTHONDONTWRITEBYTECODE"}})
    assert done.returncode == 0, done.stderr
    return eval(done.stderr.strip().splitlines()[-1])


def test_commands_on_a_few_games_load_no_numpy(tmp_path):
    games = games_of(need(TWIC).read_text(encoding="utf-8"))
    (tmp_path / "one.pgn").write_text(games[0] + "\n", encoding="utf-8")
    db = str(tmp_path / "a.db")
    modules = loaded("import", "one.pgn", "--db", db, "--json", cwd=tmp_path)
    assert not {"numpy", "chess"} & set(modules)   # (python-chess: san_board replays it)
    for args in (["list"], ["show", "1"], ["search", "--name", "Navara"],
                 ["search", "--moves", "Nf3 g6 e4"], ["show", "1", "--format", "pgn"]):
        modules = loaded(*args, "--db", db, cwd=tmp_path)
        assert not {"numpy", "rust_pgn_reader_python_binding", "chess.pgn"} & set(modules), args
        if args[-1] != "pgn":   # (moves typed as SANs: san_board finds their position)
            assert not {"chess", "lark"} & set(modules), args


def test_a_one_game_import_is_valid_and_named(tmp_path):
    games = games_of(need(TWIC).read_text(encoding="utf-8"))
    [rec] = pgn.read(games[0] + "\n", "one.pgn")
    assert rec.settle_status() == VALID and rec.tags["Opening"] and len(rec.plies) == 70
