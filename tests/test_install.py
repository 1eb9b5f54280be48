"""Issue #10: the wheel, installed in a fresh virtual environment, runs from any folder:
its grammars and data travel inside it, and `hoyle --help` starts quickly."""
import os
import site
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

import pytest

from conftest import HOYLE_1914, ROOT, need


def run(*args, cwd, timeout=300):
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "HOYLE_DB")}
    return subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=timeout)


def _isolation() -> list[str]:
    """Build with this environment's setuptools when it is new enough for pyproject.toml."""
    try:
        import setuptools
        new_enough = int(setuptools.__version__.split(".")[0]) >= 77
    except ImportError:
        new_enough = False
    return ["--no-build-isolation"] if new_enough else []


@pytest.fixture(scope="module")
def venv(tmp_path_factory):
    """A new venv holding only the wheel; the dependencies come from this environment."""
    base = tmp_path_factory.mktemp("install")
    built = run(sys.executable, "-m", "pip", "wheel", "--no-deps", *_isolation(),
                "-w", base / "dist", ROOT, cwd=base)
    assert built.returncode == 0, built.stderr
    (wheel,) = (base / "dist").glob("hoyle-*.whl")
    env = base / "env"
    assert run(sys.executable, "-m", "venv", "--without-pip", env, cwd=base).returncode == 0
    python = env / "bin" / "python"
    installed = run(sys.executable, "-m", "pip", "--python", python, "install", "--no-deps",
                    "--no-index", wheel, cwd=base)
    assert installed.returncode == 0, installed.stderr
    purelib = Path(run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))",
                       cwd=base).stdout.strip())
    # after the venv's own site-packages, so the wheel's `records` wins over any other copy
    ours = [sysconfig.get_path("purelib"), *site.getsitepackages()]
    (purelib / "zz_hoyle_test_deps.pth").write_text("\n".join(dict.fromkeys(ours)) + "\n")
    return env


def test_the_wheel_is_what_runs(venv, tmp_path):
    where = run(venv / "bin" / "python", "-c", "import records; print(records.__file__)",
                cwd=tmp_path)
    assert where.returncode == 0 and str(venv) in where.stdout, where


@pytest.mark.parametrize("probe", [
    "from records.chess import pgn_boards; print(pgn_boards.compiled_half().__file__)",
    "from records.cards import pbn; print(pbn.compiled_lines.__self__.__file__)"],
    ids=["pgn", "pbn"])
def test_the_wheel_carries_the_bulk_reader_s_c_half(venv, tmp_path, probe):
    """Built by setuptools from records/chess/_chunk.c, and from records/cards/_pbn_split.c
    (the PBN splitter's); optional: where no compiler is, the wheel has none and numpy or
    pure Python does their work; CI requires them."""
    found = run(venv / "bin" / "python", "-c", probe, cwd=tmp_path)
    if found.returncode != 0 and os.environ.get("HOYLE_REQUIRE_COMPILED") != "1":
        pytest.skip("the wheel was built without its C half (no C compiler)")
    assert found.returncode == 0 and str(venv) in found.stdout, found


def test_help_is_quick(venv, tmp_path):
    hoyle = venv / "bin" / "hoyle"
    first = run(hoyle, "--help", cwd=tmp_path)  # compiles the bytecode once
    assert first.returncode == 0 and "import" in first.stdout
    start = time.perf_counter()
    again = run(hoyle, "--help", cwd=tmp_path)
    elapsed = time.perf_counter() - start
    assert again.returncode == 0 and elapsed < 1.0, elapsed
    assert run(hoyle, "--version", cwd=tmp_path).stdout.startswith("hoyle 0.")


def test_demo_and_a_book_import_from_anywhere(venv, tmp_path):
    hoyle = venv / "bin" / "hoyle"
    demo = run(hoyle, "demo", "--db", tmp_path / "demo.db", cwd=tmp_path)
    assert demo.returncode == 0, demo.stderr
    assert "Traceback" not in demo.stdout + demo.stderr
    book = run(hoyle, "import", need(HOYLE_1914), "--kind", "chess", "--db", tmp_path / "b.db",
               cwd=tmp_path)
    assert book.returncode in (0, 1), book.stderr
    assert "Traceback" not in book.stdout + book.stderr
    assert "chess" in book.stdout
