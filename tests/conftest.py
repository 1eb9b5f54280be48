import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("HOYLE_SHARED", ROOT.parent / "shared"))
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


@pytest.fixture
def archive(tmp_path):
    from records.archive import Archive
    return Archive(str(tmp_path / "test.db"))


def pytest_collection_modifyitems(config, items):
    """Benchmarks run only when asked for with -m benchmark."""
    if "benchmark" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="benchmark: run with -m benchmark")
    for item in items:
        if "benchmark" in item.keywords:
            item.add_marker(skip)
