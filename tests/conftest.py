import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _shared() -> Path:
    """$HOYLE_SHARED, else shared/ beside the checkout (or beside its worktree folder)."""
    if os.environ.get("HOYLE_SHARED"):
        return Path(os.environ["HOYLE_SHARED"])
    beside = [ROOT.parent / "shared", ROOT.parent.parent / "shared"]
    return next((p for p in beside if (p / "corpus").is_dir()), beside[0])


SHARED = _shared()
SEEDS = SHARED / "seeds"
CORPUS = SHARED / "corpus"
HOYLE_1914 = next(SEEDS.glob("002_*.txt"), SEEDS / "002_missing.txt")


def need(path: Path) -> Path:
    """A file from ../shared: the test skips without it, or fails when HOYLE_REQUIRE_CORPUS=1."""
    if not path.exists():
        if os.environ.get("HOYLE_REQUIRE_CORPUS") == "1":
            pytest.fail(f"{path} is not here (HOYLE_REQUIRE_CORPUS=1)")
        pytest.skip(f"{path} is not here (set HOYLE_SHARED, or put shared/ beside the checkout)")
    return path


def counterpart_sans() -> list[list[str]]:
    """The 20 real games of book_games_pgn_counterparts.pgn as lists of SAN moves."""
    import io
    import chess.pgn
    handle = io.StringIO(need(CORPUS / "chess" / "book_games_pgn_counterparts.pgn")
                         .read_text(encoding="utf-8"))
    games = []
    while (game := chess.pgn.read_game(handle)) is not None:
        board, sans = game.board(), []
        for move in game.mainline_moves():
            sans.append(board.san(move))
            board.push(move)
        games.append(sans)
    return games


def last_position(rec) -> str:
    """The key of a chess record's last position, checked against the hash the bulk reader
    made of it where it made one (it keys no plies itself)."""
    from records.chess.family import replay_positions
    from records.chess.moves import key_hash
    key = rec.plies[-1].position or replay_positions(rec)[-1]
    if rec.key_hashes is not None:
        assert rec.key_hashes[-1] == key_hash(key)
    return key


@pytest.fixture(scope="session", autouse=True)
def compiled_half(tmp_path_factory):
    """The bulk PGN reader's C half (records/chess/_chunk.c), built from the checkout for
    this run when the records imported here have none (the tests import the checkout, and
    an installed wheel's copy is not in it), so the tests read PGN as a user's install does.
    Without a C compiler numpy does its work; HOYLE_REQUIRE_COMPILED=1 fails then."""
    try:
        from records.chess import pgn_boards
    except ImportError:   # no numpy: no bulk reader at all
        return None
    if pgn_boards.compiled_half() is None:
        pgn_boards._compiled_half = _built_half("records.chess._chunk", tmp_path_factory) or False
    if pgn_boards.compiled_half() is None:
        _without("records.chess._chunk")
    return pgn_boards.compiled_half()


@pytest.fixture(scope="session", autouse=True)
def pbn_compiled_half(tmp_path_factory):
    """The PBN splitter's C half (records/cards/_pbn_split.c), built from the checkout for
    this run in the same way; without it the pure-Python quick steps do its work."""
    from records.cards import pbn
    if pbn.compiled_lines is None:
        built = _built_half("records.cards._pbn_split", tmp_path_factory)
        pbn.compiled_lines = built.plain_lines if built is not None else None
    if pbn.compiled_lines is None:
        _without("records.cards._pbn_split")
    return pbn.compiled_lines


def _without(name: str) -> None:
    if os.environ.get("HOYLE_REQUIRE_COMPILED") == "1":
        pytest.fail(f"{name} could not be built (HOYLE_REQUIRE_COMPILED=1)")


def _built_half(name: str, tmp_path_factory):
    """The extension `name` (its source: the checkout's records/.../name.c), built into a
    fresh folder and imported (also into sys.modules); None where it cannot be built."""
    import importlib.util
    import sys
    folder = tmp_path_factory.mktemp("c")
    try:
        from setuptools import Distribution, Extension
        source = ROOT.joinpath(*name.split(".")).with_suffix(".c")
        dist = Distribution({"ext_modules": [Extension(name, [str(source)])]})
        build = dist.get_command_obj("build_ext")
        build.build_lib, build.build_temp = str(folder), str(folder / "temp")
        build.ensure_finalized()
        build.run()
        spec = importlib.util.spec_from_file_location(name, build.get_ext_fullpath(name))
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    except Exception:   # (setuptools' compiler errors are not all of one class)
        return None
    sys.modules[name] = module
    return module


@pytest.fixture
def archive(tmp_path):
    from records.archive import Archive
    return Archive(str(tmp_path / "test.db"))


REQUIRED = os.environ.get("HOYLE_REQUIRE_CORPUS") == "1"
EXPECTED_SKIPS = ("benchmark: run with -m benchmark", "no fork here")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """With HOYLE_REQUIRE_CORPUS=1 a skip for a missing file or oracle is a failure."""
    outcome = yield
    report = outcome.get_result()
    if REQUIRED and report.skipped and isinstance(report.longrepr, tuple):
        reason = str(report.longrepr[2])
        if not any(expected in reason for expected in EXPECTED_SKIPS):
            report.outcome = "failed"
            report.longrepr = f"skipped with HOYLE_REQUIRE_CORPUS=1: {reason}"


def pytest_terminal_summary(terminalreporter):
    """Say out loud why tests were skipped, apart from the benchmarks."""
    reasons: dict[str, int] = {}
    for report in terminalreporter.stats.get("skipped", []):
        reason = str(report.longrepr[2]) if isinstance(report.longrepr, tuple) else "?"
        if "benchmark" not in reason:
            reasons[reason] = reasons.get(reason, 0) + 1
    for reason, n in sorted(reasons.items(), key=lambda kv: -kv[1]):
        terminalreporter.write_line(f"hoyle: {n} tests skipped: {reason}", yellow=True)


def pytest_collection_modifyitems(config, items):
    """Benchmarks run only when asked for with -m benchmark."""
    if "benchmark" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="benchmark: run with -m benchmark")
    for item in items:
        if "benchmark" in item.keywords:
            item.add_marker(skip)
