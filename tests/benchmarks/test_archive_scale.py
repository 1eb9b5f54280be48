"""The archive at scale: seeded random legal games, imported, re-imported, searched, exported.

Run with: python -m pytest tests/benchmarks/test_archive_scale.py -m benchmark -s
(N=10,000 games; HOYLE_BENCH_BIG=1 adds 100,000; HOYLE_BENCH_N=20000 picks another N;
HOYLE_BENCH_DB=big.db times the searches on an archive made elsewhere, say of a million).
The anchor is chess.pgn.read_game over the same file in the same run; every hoyle figure is
`hoyle ...` run as a shell runs it, process start included.
"""
import io
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import chess
import chess.pgn
import pytest

from records.archive import Archive

SEED = 1914
CACHE = Path(os.environ.get("HOYLE_BENCH_CACHE", "/tmp/hoyle-bench"))


def sizes() -> list[int]:
    if os.environ.get("HOYLE_BENCH_N"):
        return [int(os.environ["HOYLE_BENCH_N"])]
    return [10_000] + ([100_000] if os.environ.get("HOYLE_BENCH_BIG") == "1" else [])


def random_game(rng: random.Random, number: int) -> str:
    """One legal game of 10 to 120 plies, each move drawn at random among the legal ones."""
    board, sans = chess.Board(), []
    for _ in range(rng.randint(10, 120)):
        moves = list(board.legal_moves)
        if not moves:
            break
        move = rng.choice(moves)
        sans.append(board.san(move))
        board.push(move)
    result = board.result(claim_draw=False)
    tokens = []
    for i, san in enumerate(sans):
        tokens.append(f"{i // 2 + 1}. {san}" if i % 2 == 0 else san)
    tags = {"Event": f"Random {number}", "Site": "?", "Date": "2026.11.25", "Round": str(number),
            "White": f"Player {rng.randint(1, 500)}", "Black": f"Player {rng.randint(1, 500)}",
            "Result": result}
    head = "".join(f'[{k} "{v}"]\n' for k, v in tags.items())
    lines, line = [], ""
    for tok in tokens + [result]:
        if line and len(line) + 1 + len(tok) > 79:
            lines.append(line)
            line = tok
        else:
            line = f"{line} {tok}" if line else tok
    return head + "\n" + "\n".join(lines + [line]) + "\n"


def games_file(n: int) -> Path:
    """N seeded random games, made once and kept in the cache folder."""
    path = CACHE / f"random_{n}_{SEED}.pgn"
    if not path.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        rng = random.Random(SEED)
        tmp = path.with_suffix(".tmp")
        with open(tmp, "w", encoding="utf-8") as out:
            for number in range(1, n + 1):
                out.write(random_game(rng, number) + "\n")
        tmp.rename(path)
    return path


def read_game_seconds(text: str) -> float:
    start = time.perf_counter()
    handle = io.StringIO(text)
    while chess.pgn.read_game(handle) is not None:
        pass
    return time.perf_counter() - start


# VmHWM: this process's own peak (ru_maxrss would carry over the forked pytest's across exec);
# RUSAGE_CHILDREN: the reader it forks
PEAK = ("\nimport resource; hwm = [int(l.split()[1]) for l in open('/proc/self/status')"
        " if l.startswith('VmHWM')][0];"
        " print(max(hwm, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))")


def peak_rss_mb(code: str) -> tuple[float, str]:
    """Run `code` in a fresh interpreter: its peak resident memory (or that of the reader it
    forks, whichever is more) and its output. Linux only (/proc)."""
    done = subprocess.run([sys.executable, "-c", code + PEAK], capture_output=True, text=True,
                          check=True, cwd=Path(__file__).resolve().parents[2])
    *out, peak_kb = done.stdout.split()
    return int(peak_kb) / 1024, " ".join(out)


def timed(fn):
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


def hoyle(*args: str) -> tuple[float, float, str]:
    """`hoyle ARGS` in a fresh interpreter, as a shell runs it: wall seconds (process start
    included), peak resident MB, and its output."""
    argv = ", ".join(repr(str(a)) for a in args)
    start = time.perf_counter()
    peak, out = peak_rss_mb("import io, sys; from contextlib import redirect_stdout\n"
                            "from records.cli import main\nbuffer = io.StringIO()\n"
                            f"try:\n  with redirect_stdout(buffer): main([{argv}])\n"
                            "except SystemExit:\n  pass\nprint(len(buffer.getvalue()))")
    return time.perf_counter() - start, peak, out


def fen_after(game_text: str, plies: int) -> str:
    game = chess.pgn.read_game(io.StringIO(game_text))
    board = game.board()
    for move in list(game.mainline_moves())[:plies]:
        board.push(move)
    return board.fen()


def search_times(db: str, fen: str) -> dict:
    """First page of each search, from the shell (process start included)."""
    return {label: hoyle("search", *args, "--db", db)[0] for label, args in (
        ("search --name", ("--name", "Player 17")),
        ("search --moves e4 e5 Nf3", ("--moves", "e4 e5 Nf3")),
        ("search --position", ("--position", fen)),
        ("search --moves e4 --limit 3", ("--moves", "e4", "--limit", "3")))} | \
        {"list": hoyle("list", "--db", db)[0]}


@pytest.mark.benchmark
@pytest.mark.parametrize("n", sizes())
def test_archive_scale(n, tmp_path):
    path = games_file(n)
    text = path.read_text(encoding="utf-8")
    pgn_bytes = path.stat().st_size
    anchor = read_game_seconds(text)
    db = str(tmp_path / "scale.db")

    import_s, import_mb, _ = hoyle("import", path, "--db", db, "--json")
    archive = Archive(db)
    assert archive.counts()["records"] == n
    archive.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    archive.close()
    archive_bytes = os.path.getsize(db)
    again_s, _, _ = hoyle("import", path, "--db", db, "--json")
    copy = tmp_path / "copy.pgn"
    copy.write_text("\n" + text, encoding="utf-8")   # a blank line more: nothing new either
    copy_s, _, _ = hoyle("import", copy, "--db", db, "--json")
    archive = Archive(db)
    assert archive.counts()["records"] == n
    archive.close()
    fen = fen_after(text[:text.index("\n\n[Event ", 10)], 6)
    searches = search_times(db, fen)
    export_s, export_mb, _ = hoyle("export", "--format", "pgn", "--output", tmp_path / "out.pgn",
                                   "--db", db)
    parquet_s, _, _ = hoyle("export", "--format", "parquet", "--output", tmp_path / "pq",
                            "--db", db)

    rows = [
        ("games", f"{n}"),
        ("PGN MB", f"{pgn_bytes / 1e6:.1f}"),
        ("read_game s (anchor)", f"{anchor:.2f}"),
        ("hoyle import s (end to end)", f"{import_s:.2f}"),
        ("import games/s", f"{n / import_s:.0f}"),
        ("import speed / read_game", f"{anchor / import_s:.2f}x"),
        ("peak RSS import MB", f"{import_mb:.0f}"),
        ("archive bytes/game", f"{archive_bytes / n:.0f}"),
        ("archive / PGN size", f"{archive_bytes / pgn_bytes:.2f}x"),
        ("re-import unchanged s", f"{again_s:.2f} ({again_s / import_s:.0%})"),
        ("import with a blank line more s", f"{copy_s:.2f}"),
        *[(f"{label} s", f"{seconds:.2f}") for label, seconds in searches.items()],
        ("export pgn s", f"{export_s:.2f}"),
        ("peak RSS export MB", f"{export_mb:.0f}"),
        ("export parquet s", f"{parquet_s:.2f}"),
    ]
    print()
    for label, value in rows:
        print(f"  {label:<34}{value:>14}")
    print_breakdown(db)
    assert import_mb < 500 and export_mb < 500
    if n >= 20_000:   # issue #11's mark, set at 20,000 games (process start weighs more below)
        assert anchor / import_s >= 10


@pytest.mark.benchmark
def test_searches_on_a_big_archive():
    """First pages on an archive made elsewhere (a million records: see the README)."""
    db = os.environ.get("HOYLE_BENCH_DB")
    if not db:
        pytest.skip("benchmark: run with -m benchmark and HOYLE_BENCH_DB=big.db")
    fen = fen_after(games_file(int(os.environ.get("HOYLE_BENCH_N", "20000"))).read_text(
        encoding="utf-8").split("\n\n[Event ")[0], 6)
    archive = Archive(db, read_only=True)
    records = archive.counts()["records"]
    archive.close()
    print(f"\n  {records} records, {os.path.getsize(db) / 1e6:.0f} MB")
    for label, seconds in search_times(db, fen).items():
        print(f"  {label + ' s':<34}{seconds:>14.2f}")
        assert seconds < 1.5


def print_breakdown(db: str) -> None:
    import sqlite3
    conn = sqlite3.connect(db)
    try:
        rows = conn.execute("SELECT name, sum(pgsize) FROM dbstat GROUP BY name"
                            " ORDER BY 2 DESC LIMIT 8").fetchall()
    except sqlite3.OperationalError:
        return
    print("  bytes by table/index: " + ", ".join(f"{name} {size / 1e6:.1f} MB"
                                                for name, size in rows))
