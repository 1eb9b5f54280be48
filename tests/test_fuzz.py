"""Mutated real files (corpus, seed books, bundled data) through `hoyle import` in a process with
a 1 GB address-space limit and a CPU limit: no traceback, exit 0, 1 or 2, peak memory under
500 MB, the JSON whole, and the archive intact. Seeded: a failure names its case and reruns the same.

The normal run tries FUZZ_CASES cases; `-m benchmark` tries 2,000.
"""
import json
import os
import random
import resource
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


def _limits():
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_LIMIT, ADDRESS_LIMIT))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))


def run_limited(command: list, cwd=None) -> tuple[int, bytes, bytes, int]:
    """A child under the address-space limit; (exit, stdout, stderr, its peak RSS in KB)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(command, stdout=out, stderr=err, env=env, cwd=cwd,
                                preexec_fn=_limits)
        _, status, usage = os.wait4(proc.pid, 0)  # this child's own peak, not the maximum so far
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return proc.returncode, out.read(), err.read(), usage.ru_maxrss


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


def test_mutated_real_files_never_break_hoyle(tmp_path):
    assert fuzz(tmp_path, FUZZ_CASES) == []


# cases that broke hoyle once: (seed, case number, what it did)
FOUND = [(1, 95, "whist TypeError on a deal whose hand is not printed"),
         (1914, 739, "whist repair search replaying for minutes on a repeated passage"),
         (7, 490, "PDN ValueError on a move mixing numeric and alpha squares"),
         (1914, 401, "cribbage ValueError: numbered hands whose drawings are cut off"),
         (1914, 457, "whist IndexError on a trick printed with fewer cards than were played")]


@pytest.mark.parametrize("seed, number, what", FOUND)
def test_cases_the_fuzz_found_stay_fixed(tmp_path, seed, number, what):
    name, data = list(generate(number + 1, seed))[number]
    path = tmp_path / name
    path.write_bytes(data)
    assert check_batch([path], tmp_path / "found.db") == [], what


@pytest.mark.benchmark
def test_two_thousand_mutated_files(tmp_path):
    assert fuzz(tmp_path, 2000) == []
