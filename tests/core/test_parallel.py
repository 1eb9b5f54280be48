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


def test_plies_as_columns_are_packed_and_unpacked_as_they_were():
    """Columns cross the pipe as a joined string and bytes, and come back the same plies
    (the normal forms split only when read); what a newline cannot join goes as plies."""
    from array import array
    from records.core.model import PlyColumns, normals, texts
    cases = [(["e4", "e5"], ["e4", "e5"]), (["P-K4", "P-K4"], ["e4", "e5"]), ([""], [""]),
             (["a\nb"], ["a\nb"]), ([], [])]
    records = []
    for printed, sans in cases:
        rec = Record(kind="chess", title="t", line=3)
        rec.plies = PlyColumns(printed, sans, array("i", [4] * len(sans)),
                               array("i", range(1, len(sans) + 1)), shift=10)
        records.append(rec)
    expected = [[(p.index, p.text, p.normal, p.line, p.column) for p in rec.plies]
                for rec in made_again(records)]
    back = parallel.unpacked(parallel.packed(made_again(records)))
    assert [len(rec.plies) for rec in back] == [len(sans) for _, sans in cases]
    assert [(texts(r.plies), normals(r.plies)) for r in back] == cases
    assert [[(p.index, p.text, p.normal, p.line, p.column) for p in r.plies] for r in back] \
        == expected == [[(i, t, n, 14, i) for i, (t, n) in enumerate(zip(*case), start=1)]
                        for case in cases]
    same = parallel.unpacked(parallel.packed(made_again(records[:1])))[0].plies
    assert texts(same) is normals(same)   # printed as normalised: one list, not two


def made_again(records: list[Record]) -> list[Record]:
    from copy import deepcopy
    return deepcopy(records)


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


# -- in_order: a stream of jobs shared with a forked child ------------------------------------
def jobs_of(n: int):
    return lambda: iter(range(n))


@pytest.fixture
def two_workers(monkeypatch):
    if not hasattr(os, "fork"):
        pytest.skip("no fork here")
    monkeypatch.setenv("HOYLE_WORKERS", "2")
    monkeypatch.setattr(parallel, "_cores", lambda: 2)


def test_in_order_gives_every_result_in_order_from_both_processes(two_workers):
    import time

    def work(n: int) -> tuple[int, int]:
        time.sleep(0.02)   # long enough that the child takes some of the jobs
        return n * n, os.getpid()

    results = list(parallel.in_order(jobs_of(40), work))
    assert [r[0] for r in results] == [n * n for n in range(40)]
    workers = {pid for _, pid in results}
    assert os.getpid() in workers and len(workers) == 2


def test_in_order_does_each_job_once(two_workers, tmp_path):
    import time
    log = tmp_path / "done.log"

    def work(n: int) -> int:
        time.sleep(0.005 * (n % 3))   # uneven jobs: each process sometimes waits on the other
        with open(log, "a") as out:
            out.write(f"{n} {os.getpid()}\n")
        return n

    assert list(parallel.in_order(jobs_of(60), work)) == list(range(60))
    done = [line.split() for line in log.read_text().splitlines()]
    assert sorted(int(n) for n, _ in done) == list(range(60))   # none done twice, none lost
    assert len({pid for _, pid in done}) == 2


def test_in_order_sends_the_childs_results_through_send_and_receive(two_workers):
    records = list(parallel.in_order(jobs_of(30), lambda n: made(n % 4 + 1),
                                     send=parallel.packed, receive=parallel.unpacked))
    assert [[r.to_dict() for r in got] for got in records] == \
        [[r.to_dict() for r in made(n % 4 + 1)] for n in range(30)]


def test_in_order_does_a_failed_childs_jobs_here(two_workers, tmp_path):
    import time
    parent, died = os.getpid(), tmp_path / "died"

    def work(n: int) -> int:
        if os.getpid() != parent and n >= 3:
            died.write_text(str(n))
            os._exit(3)   # the child dies half way
        time.sleep(0.01)   # long enough that the child takes a job past the third
        return n + 100

    assert list(parallel.in_order(jobs_of(25), work)) == [n + 100 for n in range(25)]
    assert died.exists()   # the child did die, and its job was done here


def test_in_order_left_half_way_stops_the_child(two_workers):
    import time
    results = parallel.in_order(jobs_of(1000), lambda n: time.sleep(0.01) or n)
    assert [next(results) for _ in range(3)] == [0, 1, 2]
    start = time.perf_counter()
    results.close()
    assert time.perf_counter() - start < 5
    with pytest.raises(ChildProcessError):   # reaped: no child is left
        os.waitpid(-1, os.WNOHANG)


def test_in_order_in_one_process_when_asked(monkeypatch):
    monkeypatch.setenv("HOYLE_WORKERS", "1")
    forks = []
    monkeypatch.setattr(os, "fork", lambda: forks.append(1))
    assert list(parallel.in_order(jobs_of(5), lambda n: -n)) == [0, -1, -2, -3, -4]
    assert forks == []
