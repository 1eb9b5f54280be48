"""The archive at scale: seeded random legal games, imported, re-imported, searched, exported.

Run with: python -m pytest tests/benchmarks/test_archive_scale.py -m benchmark -s
(N=10,000 games; HOYLE_BENCH_BIG=1 adds 100,000; HOYLE_BENCH_N=20000 picks another N).
The anchor is chess.pgn.read_game over the same file in the same run.
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
from records.chess import pgn

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


@pytest.mark.benchmark
@pytest.mark.parametrize("n", sizes())
def test_archive_scale(n, tmp_path):
    path = games_file(n)
    text = path.read_text(encoding="utf-8")
    pgn_bytes = path.stat().st_size
    anchor = read_game_seconds(text)

    read_s, records = timed(lambda: pgn.read(text, str(path)))
    assert len(records) == n
    db = str(tmp_path / "scale.db")
    archive = Archive(db)
    store_s, result = timed(lambda: archive.import_records(str(path), records))
    assert result == {"added": n, "skipped": 0}
    records = None  # let the memory go before the next steps
    import_s = read_s + store_s
    archive.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    archive_bytes = os.path.getsize(db)

    reimport_s, skipped = timed(lambda: archive.unchanged(str(path)))
    assert skipped
    copy = tmp_path / "copy.pgn"
    copy.write_text("\n" + text, encoding="utf-8")   # a blank line more: nothing new either
    again_s, again = timed(lambda: archive.import_records(
        str(copy), pgn.read(copy.read_text(encoding="utf-8"), str(copy))))
    assert again == {"added": 0, "skipped": n}

    name_s, by_name = timed(lambda: archive.search(name="Player 17", limit=50))
    moves_s, by_moves = timed(lambda: archive.search(move_prefix=["e4", "e5"], limit=50))
    first = archive.get(1)
    key = first.plies[5].position
    position_s, by_position = timed(lambda: archive.search(positions=[key], limit=50))
    assert by_name and by_position and first.id in [r.id for r in by_position]
    archive.close()

    import_mb, _ = peak_rss_mb(
        "import sys; from records.chess import pgn; from records.archive import Archive;"
        f"p={str(path)!r}; a=Archive({str(tmp_path / 'mem.db')!r});"
        "a.import_records(p, pgn.read(open(p).read(), p))")
    streamed_mb, _ = peak_rss_mb(   # the store alone: records handed over one game at a time
        "import re; from records.chess import pgn; from records.archive import Archive;"
        f"p={str(path)!r}; a=Archive({str(tmp_path / 'streamed.db')!r});"
        "games = re.split(r'\\n\\n(?=\\[Event )', open(p).read());"
        "a.import_records(p, (r for g in games for r in pgn.read(g, p)))")
    export_mb, out = peak_rss_mb(
        "from records.archive import Archive; from records.archive.export import write_stream;"
        f"a=Archive({db!r}); print(write_stream(a, a.query(kind='chess'), 'pgn',"
        " open('/dev/null', 'w')))")
    assert int(out.split()[0]) == n

    rows = [
        ("games", f"{n}"),
        ("PGN MB", f"{pgn_bytes / 1e6:.1f}"),
        ("read_game s (anchor)", f"{anchor:.2f}"),
        ("hoyle read s", f"{read_s:.2f}"),
        ("archive store s", f"{store_s:.2f}"),
        ("import games/s", f"{n / import_s:.0f}"),
        ("import speed / read_game", f"{anchor / import_s:.2f}x"),
        ("store alone / read_game", f"{anchor / store_s:.2f}x"),
        ("peak RSS import MB (read+store)", f"{import_mb:.0f}"),
        ("peak RSS store, streamed games MB", f"{streamed_mb:.0f}"),
        ("archive bytes/game", f"{archive_bytes / n:.0f}"),
        ("archive / PGN size", f"{archive_bytes / pgn_bytes:.2f}x"),
        ("unchanged-file check s", f"{reimport_s:.3f}"),
        ("re-import (a blank line more) s", f"{again_s:.2f}"),
        ("search name s", f"{name_s:.3f}"),
        ("search moves s", f"{moves_s:.3f}"),
        ("search position s", f"{position_s:.3f}"),
        ("peak RSS export MB", f"{export_mb:.0f}"),
    ]
    print()
    for label, value in rows:
        print(f"  {label:<34}{value:>12}")
    print_breakdown(db)
    assert streamed_mb < 500   # the store's own; a reader that returns a list adds its size


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
