"""The second half in a forked child: same records back, and a failed child costs nothing."""
import os

import pytest

from records.core import parallel
from records.core.model import ERROR, Ply, Record


def made(n: int) -> list[Record]:
    out = []
    for i in range(n):
        rec = Record(kind="chess", title=f"Game {i}", source="a.txt", line=i + 1, end_line=i + 1,
                     text=f"{i}. P-K4")
        rec.plies = [Ply(1, "P-K4", "e4", i + 1, 4, f"key{i}")]
        rec.add(ERROR, "TEST", "a diagnostic travels too", i + 1, 1)
        rec.tags["White"] = "Morphy"
        out.append(rec)
    return out


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork here")
def test_the_childs_records_come_back_whole():
    mine, theirs = parallel.records_in_two(lambda: made(2), lambda: made(300))
    assert [r.to_dict() for r in mine] == [r.to_dict() for r in made(2)]
    assert [r.to_dict() for r in theirs] == [r.to_dict() for r in made(300)]
    assert all(isinstance(p, Ply) for r in theirs for p in r.plies)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork here")
def test_a_child_that_fails_is_done_again_here():
    parent = os.getpid()

    def second():
        if os.getpid() != parent:
            raise RuntimeError("the child breaks")
        return made(3)

    mine, theirs = parallel.records_in_two(lambda: made(1), second)
    assert [r.title for r in theirs] == ["Game 0", "Game 1", "Game 2"]


def test_one_worker_when_asked(monkeypatch):
    monkeypatch.setenv("HOYLE_WORKERS", "1")
    assert not parallel.worthwhile()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork here")
def test_a_failure_here_stops_the_child_and_is_raised():
    import time

    def slow():
        time.sleep(30)
        return made(1)

    def broken():
        raise ValueError("this half breaks")

    start = time.perf_counter()
    with pytest.raises(ValueError):
        parallel.records_in_two(broken, slow)
    assert time.perf_counter() - start < 10
