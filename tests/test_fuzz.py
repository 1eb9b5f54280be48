"""Mutated real files (corpus, seed books, bundled data) through `hoyle import` in a process with
a 1 GB address-space limit and a CPU limit: no traceback, exit 0, 1 or 2, peak memory under
500 MB, the JSON whole, and the archive intact. Seeded: a failure names its case and reruns the same.

The normal run tries FUZZ_CASES cases; `-m benchmark` tries 2,000.
"""
import json
import os
import random
import sqlite3
import subprocess
import sys
import tempfile

import pytest

from conftest import CORPUS, ROOT, SEEDS

FUZZ_CASES = int(os.environ.get("HOYLE_FUZZ_CASES", "100"))
PER_PROCESS = 10
ADDRESS_LIMIT = 1 << 30
CPU_SECONDS = 120  # a batch takes a second or two: a runaway read is stopped and reported
PEAK_LIMIT_KB = 500 * 1024
EXTENSIONS = (".pgn", ".pdn", ".pbn", ".csv", ".txt")
ODD = ["\ufeff", "\u202e", "\u2028", "\u0301\u0301\u0301", "１２３", "ｅ４", "♔♕♖", "😀",
       "\x0c", "\x1b[31m", "[/x]", "[bold]", "½", "×", "–", "\t\t", "\u00a0", "\ud800"]


def seed_files() -> list:
    roots = [ROOT / "data" / "demo", CORPUS, SEEDS]
    found = sorted(p for root in roots if root.is_dir() for p in root.rglob("*")
                   if p.is_file() and p.suffix in EXTENSIONS and p.stat().st_size < 5 << 20)
    return found


def window(raw: bytes, rng: random.Random) -> bytes:
    """A piece of a big file from a line start, so a case stays quick to read."""
    if len(raw) <= 60_000:
        return raw
    start = rng.randrange(len(raw) - 20_000)
    start = raw.find(b"\n", start) + 1
    return raw[start:start + rng.randrange(20_000, 60_000)]


def mutate(raw: bytes, rng: random.Random) -> bytes:
    kind = rng.choice(MUTATIONS)
    return kind(raw, rng)


def truncate(raw, rng):
    return raw[:rng.randrange(len(raw) + 1)]


def random_bytes(raw, rng):
    data = bytearray(raw)
    for _ in range(rng.choice([1, 5, 50, 500])):
        if data:
            data[rng.randrange(len(data))] = rng.randrange(256)
    return bytes(data)


def bracket_run(raw, rng):
    at = rng.randrange(len(raw) + 1)
    run = rng.choice(b"[({<\"'*%;").to_bytes(1, "big") * rng.choice([10, 1000, 40_000])
    return raw[:at] + run + raw[at:]


def repeated_passage(raw, rng):
    if not raw:
        return raw
    a = rng.randrange(len(raw))
    piece = raw[a:a + rng.randrange(1, 5000)]
    times = min(rng.choice([2, 10, 200]), 2_000_000 // max(len(piece), 1))
    return raw[:a] + piece * times + raw[a:]


def odd_unicode(raw, rng):
    text = raw.decode("utf-8", "replace")
    for _ in range(rng.choice([1, 10, 100])):
        at = rng.randrange(len(text) + 1)
        text = text[:at] + rng.choice(ODD) + text[at:]
    return text.encode("utf-8", "surrogatepass")


def line_ends(raw, rng):
    lines = raw.split(b"\n")
    return b"".join(line + rng.choice([b"\n", b"\r\n", b"\r", b"\n\n"]) for line in lines)


def shuffle_lines(raw, rng):
    lines = raw.split(b"\n")
    for _ in range(rng.choice([1, 10, 100])):
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    if rng.random() < 0.5 and len(lines) > 1:
        del lines[rng.randrange(len(lines))]
    return b"\n".join(lines)


MUTATIONS = [truncate, random_bytes, bracket_run, repeated_passage, odd_unicode, line_ends,
             shuffle_lines]


def generate(count: int, seed: int = 1914):
    """(name, bytes) of each case, the same for the same seed."""
    rng = random.Random(seed)
    seeds = seed_files()
    assert len(seeds) > 20, "the corpus and seed books are needed (HOYLE_SHARED)"
    for n in range(count):
        source = rng.choice(seeds)
        data = window(source.read_bytes(), rng)
        for _ in range(rng.choice([1, 1, 2, 3])):
            data = mutate(data, rng)
        yield f"case{n:04d}_{source.stem[:24]}{source.suffix}", data


def make_cases(folder, count: int, seed: int = 1914) -> list:
    cases = []
    for name, data in generate(count, seed):
        path = folder / name
        path.write_bytes(data)
        cases.append(path)
    return cases


# The command is started by a small Python that forks and waits for it: a child forked from
# pytest itself would count pytest's own resident pages in its peak (Linux keeps the larger of
# the old and new high-water marks at exec), and pytest grows to hundreds of MB in a full run.
LAUNCHER = """
import os, resource, sys
report, limit, cpu = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
pid = os.fork()
if pid == 0:
    os.close(report)
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu))
    os.execv(sys.argv[4], sys.argv[4:])
_, status, usage = os.wait4(pid, 0)
os.write(report, f"{os.waitstatus_to_exitcode(status)} {usage.ru_maxrss}".encode())
"""


def run_limited(command: list, cwd=None) -> tuple[int, bytes, bytes, int]:
    """A child under the address-space and CPU limits; (exit, stdout, stderr, its own peak RSS
    in KB, its forked workers' included)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    read_end, write_end = os.pipe()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        try:
            subprocess.run([sys.executable, "-c", LAUNCHER, str(write_end), str(ADDRESS_LIMIT),
                            str(CPU_SECONDS), *map(str, command)], stdout=out, stderr=err,
                           env=env, cwd=cwd, pass_fds=(write_end,))
        finally:
            os.close(write_end)
        with os.fdopen(read_end, "rb") as report:
            code, peak = map(int, report.read().split())
        out.seek(0)
        err.seek(0)
        return code, out.read(), err.read(), peak


def hoyle_limited(args: list, cwd) -> tuple[int, bytes, bytes, int]:
    return run_limited([sys.executable, "-m", "records.cli", *map(str, args)], cwd)


def check_batch(batch: list, db) -> list[str]:
    """Problems found importing one batch of cases (empty when all is well)."""
    code, out, err, peak = hoyle_limited(["import", *batch, "--json", "--db", db], db.parent)
    names = " ".join(p.name for p in batch)
    problems = []
    if code not in (0, 1, 2) or b"Traceback" in err or b"internal error" in err:
        problems.append(f"exit {code} on {names}: {err.decode(errors='replace')[-600:]}")
    if peak > PEAK_LIMIT_KB:
        problems.append(f"peak {peak // 1024} MB on {names}")
    try:
        counts = json.loads(out)["counts"]
        assert counts["records"] >= 0
    except (ValueError, KeyError, AssertionError) as exc:
        problems.append(f"JSON broken ({exc}) on {names}")
    if db.exists():
        with sqlite3.connect(db) as conn:
            state = conn.execute("PRAGMA integrity_check").fetchone()[0]
        if state != "ok":
            problems.append(f"integrity_check {state} after {names}")
    return problems


def fuzz(tmp_path, count: int) -> list[str]:
    cases = make_cases(tmp_path, count)
    problems = []
    for i in range(0, len(cases), PER_PROCESS):
        db = tmp_path / f"fuzz{i // PER_PROCESS}.db"
        problems += check_batch(cases[i:i + PER_PROCESS], db)
    return problems


def test_the_limits_are_real():
    """The peak measured is the child's own, and the address-space limit stops a runaway."""
    touch = "x = bytearray({} << 20); x[::4096] = b'1' * len(x[::4096])"
    code, _, _, peak = run_limited([sys.executable, "-c", touch.format(200)])
    assert code == 0 and 200 * 1024 <= peak < 400 * 1024
    code, _, err, _ = run_limited([sys.executable, "-c", touch.format(1500)])
    assert code != 0 and b"MemoryError" in err
    ballast = bytearray(400 << 20)   # this process grown big, as pytest is late in a full run
    ballast[::4096] = b"1" * len(ballast[::4096])
    code, _, _, peak = run_limited([sys.executable, "-c", touch.format(10)])
    assert code == 0 and peak < 100 * 1024, f"the child's peak counts its parent's: {peak} KB"


def test_mutated_real_files_never_break_hoyle(tmp_path):
    assert fuzz(tmp_path, FUZZ_CASES) == []


# cases that broke hoyle once: (seed, case number, what it did)
FOUND = [(1, 95, "whist TypeError on a deal whose hand is not printed"),
         (1914, 739, "whist repair search replaying for minutes on a repeated passage"),
         (7, 490, "PDN ValueError on a move mixing numeric and alpha squares"),
         (1914, 401, "cribbage ValueError: numbered hands whose drawings are cut off"),
         (1914, 457, "whist IndexError on a trick printed with fewer cards than were played"),
         (31337, 927, "cribbage TypeError: a play's stated count garbled into words")]


@pytest.mark.parametrize("seed, number, what", FOUND)
def test_cases_the_fuzz_found_stay_fixed(tmp_path, seed, number, what):
    name, data = list(generate(number + 1, seed))[number]
    path = tmp_path / name
    path.write_bytes(data)
    assert check_batch([path], tmp_path / "found.db") == [], what


@pytest.mark.benchmark
def test_two_thousand_mutated_files(tmp_path):
    assert fuzz(tmp_path, 2000) == []


# -- single lines of 1 to 50 MB; archives locked or read-only; signals sent to browse ----------
LINE_UNITS = {"pgn": "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 ",
              "book": "1. P-K4 P-K4 2. Kt-KB3 11-15 23-19 fifteen two and a pair is four. ",
              "pdn": '[Event "x"] 1. 11-15 23-19 2. 8-11 22-17 ',
              "pbn": '[Event "x"] [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98'
                     ' 432.AKQJ.T98.765"] '}
LINE_SUFFIX = {"pgn": ".pgn", "book": ".txt", "random": ".txt", "pdn": ".pdn", "pbn": ".pbn"}
TO_PRINTABLE = bytes(32 + i % 95 for i in range(256))
MB = 1 << 20


def single_line(kind: str, size: int, seed: int = 0) -> bytes:
    """One line of `size` bytes and no line break: PGN-, book-, PDN- or PBN-like, or random
    printable text."""
    if kind == "random":
        return random.Random(seed).randbytes(size).translate(TO_PRINTABLE)
    unit = LINE_UNITS[kind].encode()
    return (unit * (size // len(unit) + 1))[:size]


def single_line_cases(count: int, seed: int = 1914) -> list[tuple[str, int]]:
    """(kind, megabytes): every kind at 50 MB, then seeded picks of 1 to 50 MB."""
    rng = random.Random(seed)
    fixed = [(kind, 50) for kind in LINE_SUFFIX]
    return (fixed + [(rng.choice(list(LINE_SUFFIX)), rng.choice([1, 2, 5, 10, 20]))
                     for _ in range(count)])[:max(count, 1)]


def check_single_line(tmp_path, kind: str, megabytes: int) -> list[str]:
    path = tmp_path / f"line_{kind}_{megabytes}mb{LINE_SUFFIX[kind]}"
    path.write_bytes(single_line(kind, megabytes * MB, seed=megabytes))
    try:
        code, out, err, peak = hoyle_limited(["import", path, "--json", "--db",
                                              tmp_path / "lines.db"], tmp_path)
    finally:
        path.unlink()
    what = f"{megabytes} MB single line of {kind}"
    problems = []
    if code not in (0, 1, 2) or b"Traceback" in err or b"internal error" in err:
        problems.append(f"exit {code} on a {what}: {err.decode(errors='replace')[-600:]}")
    if peak > PEAK_LIMIT_KB:
        problems.append(f"peak {peak // 1024} MB on a {what}")
    if b"READ-LONG-LINE" not in err:
        problems.append(f"no READ-LONG-LINE on a {what}")
    try:
        json.loads(out)["counts"]
    except (ValueError, KeyError) as exc:
        problems.append(f"JSON broken ({exc}) on a {what}")
    return problems


def test_a_single_line_input_stays_small(tmp_path):
    assert check_single_line(tmp_path, "random", 1) == []


@pytest.mark.benchmark
def test_single_lines_of_1_to_50_mb(tmp_path):
    problems = []
    for kind, megabytes in single_line_cases(12):
        problems += check_single_line(tmp_path, kind, megabytes)
    assert problems == []


def hold_lock(db, seconds: float) -> subprocess.Popen:
    """Another process holding the archive's write lock."""
    code = ("import sqlite3, sys, time\nc = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
            "c.execute('BEGIN IMMEDIATE'); print('locked', flush=True); time.sleep(float(sys.argv[2]))\n")
    holder = subprocess.Popen([sys.executable, "-c", code, str(db), str(seconds)],
                              stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "locked"
    return holder


READING = [["list", "--limit", "0", "--json"], ["search", "--name", "game", "--json"],
           ["export", "--format", "json"], ["show", "1"]]


def check_locked_and_read_only(count: int, seed: int, reading: list = READING) -> list[str]:
    """Mutated cases imported, then: with another process holding the write lock, a second
    import gives up after --wait with exit 2 and the reading commands answer; with the
    archive and its folder read-only (as nobody, when run as root), the reading commands
    answer and a write is exit 2. Never a traceback, never exit 3."""
    import shutil
    from pathlib import Path
    folder = Path(tempfile.mkdtemp(prefix="hoyle-fuzz-", dir="/tmp"))   # nobody reaches it
    folder.chmod(0o755)
    try:
        return _locked_and_read_only(folder, count, seed, reading)
    finally:
        folder.chmod(0o755)
        shutil.rmtree(folder, ignore_errors=True)


def _locked_and_read_only(folder, count: int, seed: int, reading: list) -> list[str]:
    cases = make_cases(folder, count, seed)
    db = folder / "fuzz.db"
    code, *_ = hoyle_limited(["import", *cases[:count // 2], "--db", db], folder)
    if not db.exists():
        return []   # nothing the cases held was a record: nothing to lock
    problems = []
    holder = hold_lock(db, 60)
    try:
        for args in [["import", *cases[count // 2:], "--wait", "1"], *reading]:
            code, _, err, _ = hoyle_limited([*args, "--db", db], folder)
            wanted = (2,) if args[0] == "import" else (0, 2)   # show 1: maybe no record 1
            if code not in wanted or b"Traceback" in err or b"internal error" in err:
                problems.append(f"locked: exit {code} on {args[0]}: {err.decode()[-300:]}")
    finally:
        holder.kill()
        holder.wait()
    problems += _read_only(folder, db, cases)
    return problems


def _read_only(folder, db, cases) -> list[str]:
    from pathlib import Path
    import shutil
    warm = Path(tempfile.mkdtemp(prefix="hoyle-warm-")) / "warm.db"
    shutil.copy(db, warm)
    db.chmod(0o444)
    folder.chmod(0o555)
    try:
        if os.geteuid() == 0:
            runs = [["list", "--limit", "0", "--json", "--db", "ARCHIVE"],
                    ["search", "--moves", "e4", "--db", "ARCHIVE"],
                    ["import", str(cases[0]), "--db", "ARCHIVE"]]
            joined = [a for run in runs for a in ["++", *run]][1:]
            done = subprocess.run([sys.executable, str(ROOT / "tests" / "archive" / "as_user.py"),
                                   "nobody", str(warm), str(db), "--", *joined],
                                  capture_output=True, text=True, timeout=300,
                                  env={**os.environ, "PYTHONPATH": str(ROOT)})
            results = [tuple(r) for r in json.loads(done.stdout)] if done.returncode == 0 else []
        else:
            results = [(c, o.decode(), e.decode()) for c, o, e, _ in
                       (hoyle_limited(args, folder) for args in
                        (["list", "--limit", "0", "--json", "--db", db],
                         ["search", "--moves", "e4", "--db", db], ["import", cases[0], "--db", db]))]
    finally:
        folder.chmod(0o755)
        db.chmod(0o644)
        shutil.rmtree(warm.parent, ignore_errors=True)
    if [code for code, *_ in results] != [0, 0, 2] or any("Traceback" in e for *_, e in results):
        return [f"read-only: {[(c, e[-200:]) for c, _, e in results]}"]
    return []


def test_a_locked_and_a_read_only_archive_of_fuzz_cases(tmp_path):
    assert check_locked_and_read_only(2, 21, READING[:1]) == []


@pytest.mark.benchmark
def test_locked_and_read_only_archives_of_many_fuzz_cases(tmp_path):
    problems = []
    for seed in range(5):
        problems += check_locked_and_read_only(40, seed)
    assert problems == []


def signal_browse(db, tmp_path, name: str, delay: float) -> list[str]:
    """hoyle browse sent a signal at any moment (before Datasette answers, or after): no server
    is left, and no temporary file but after SIGKILL."""
    import signal
    import time
    temp = tmp_path / f"tmp-{name}-{delay}"
    temp.mkdir()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(temp)}
    hoyle = subprocess.Popen([sys.executable, "-m", "records.cli", "browse", "--db", str(db),
                              "--port", "0"], env=env, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True)
    time.sleep(delay)
    hoyle.send_signal(getattr(signal, name))
    try:
        hoyle.wait(timeout=30)
    except subprocess.TimeoutExpired:
        hoyle.kill()
        return [f"browse still running 30 s after {name} at {delay} s"]
    time.sleep(0.5)
    problems = []
    for proc in os.listdir("/proc"):
        try:
            command = open(f"/proc/{proc}/cmdline", "rb").read()
        except OSError:
            continue
        if str(temp).encode() in command:
            problems.append(f"a server left running after {name} at {delay} s")
            os.kill(int(proc), signal.SIGKILL)
    if name != "SIGKILL" and list(temp.iterdir()):
        problems.append(f"{[p.name for p in temp.iterdir()]} left after {name} at {delay} s")
    if "Traceback" in hoyle.stderr.read():
        problems.append(f"a traceback after {name} at {delay} s")
    return problems


@pytest.mark.benchmark
def test_signals_sent_to_browse_at_any_moment(tmp_path):
    pytest.importorskip("datasette", reason="the web extra (datasette) is needed")
    db = tmp_path / "browse.db"
    code, *_ = hoyle_limited(["import", ROOT / "data" / "demo" / "chess_demo.pgn", "--db", db],
                             tmp_path)
    assert code == 0
    rng = random.Random(1914)
    problems = []
    for _ in range(10):
        name = rng.choice(["SIGTERM", "SIGHUP", "SIGINT", "SIGKILL"])
        problems += signal_browse(db, tmp_path, name, round(rng.uniform(0, 8), 1))
    assert problems == []
