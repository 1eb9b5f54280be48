import pytest


def pytest_collection_modifyitems(config, items):
    """Benchmarks run only when asked for with -m benchmark."""
    if "benchmark" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="benchmark: run with -m benchmark")
    for item in items:
        if "benchmark" in item.keywords:
            item.add_marker(skip)
