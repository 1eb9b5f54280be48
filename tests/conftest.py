import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("HOYLE_SHARED", ROOT.parent / "shared"))
SEEDS = SHARED / "seeds"
CORPUS = SHARED / "corpus"
HOYLE_1914 = next(SEEDS.glob("002_*.txt"), SEEDS / "002_missing.txt")


def need(path: Path) -> Path:
    if not path.exists():
        pytest.skip(f"{path} is not here")
    return path


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
