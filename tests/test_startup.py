"""Start-up: a command line builds only the command it names, and prints exactly what the
whole command line prints (help, usage errors, results); the common commands load neither
numpy nor rich when the input does not need them."""
import os
import subprocess
import sys

import pytest

from conftest import ROOT

WHOLE = ("import importlib\napp = importlib.import_module('records.cli.app')\n"
         "built = app.click_command\n"
         "app.click_command = lambda argv=None, whole=False: built(argv, True)\n")
RUN = "import sys\nfrom records.cli import main\nmain(sys.argv[1:])\n"


def run(args, db, whole: bool):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HOYLE_DB": str(db), "COLUMNS": "100"}
    done = subprocess.run([sys.executable, "-c", (WHOLE if whole else "") + RUN, *args],
                          capture_output=True, text=True, env=env, timeout=120, cwd=db.parent)
    return done.returncode, done.stdout, done.stderr


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    folder = tmp_path_factory.mktemp("start")
    game = folder / "one.pgn"
    game.write_text('[Event "One"]\n[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Nf3 Nc6 *\n')
    path = folder / "a.db"
    assert run(["import", str(game), "--db", str(path)], path, whole=False)[0] == 0
    return path


@pytest.mark.parametrize("args", [
    ["list"], ["--db", "{db}", "list", "--limit", "1"], ["list", "--db", "{db}", "--json"],
    ["list", "--help"], ["show", "1"], ["show", "1", "--format", "pgn"], ["show", "-h"],
    ["search", "--name", "One"], ["search", "--moves", "e4 e5"], ["search", "--bogus"],
    ["import", "--help"], ["import"], ["validate", "{db}/nothing.pgn"], ["show"],
    ["list", "--limit", "-3"], ["count", "5H 5D 5S JC", "--starter", "5C"], ["--version"],
    ["--debug", "list"], ["list", "--debug"], ["lst"], [], ["--help"],
])
def test_the_one_command_built_prints_what_the_whole_line_prints(args, db):
    args = [a.replace("{db}", str(db)) for a in args]
    assert run(args, db, whole=False) == run(args, db, whole=True)


BLAS = ("import os, sys\nfrom records.cli import main\n"
        "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
        "print(os.environ.get('OPENBLAS_NUM_THREADS'), 'numpy' in sys.modules, file=sys.stderr)\n")


@pytest.mark.parametrize("given, expected", [(None, "1"), ("3", "3")])
def test_the_command_asks_openblas_for_one_thread_unless_the_user_chose(given, expected, db):
    """hoyle does no linear algebra: OpenBLAS's threads, started when numpy is imported,
    would only cost CPU; a user's own setting is kept."""
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    env.update({"PYTHONPATH": str(ROOT), "HOYLE_DB": str(db)}, **(
        {"OPENBLAS_NUM_THREADS": given} if given else {}))
    done = subprocess.run([sys.executable, "-c", BLAS, "list", "--limit", "1"],
                          capture_output=True, text=True, env=env, timeout=120, cwd=db.parent)
    assert done.stderr.split()[-2:] == [expected, "False"]
